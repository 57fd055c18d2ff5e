"""Korean commitment rules for one sentence (closings: `closures_ko`; shared grammar: `ko_grammar`), read from Kiwi's morphemes (see `commitments`).

A Korean promise is in its predicate's endings: 보내+어야+하 (must), 보내+기+로+하+었 (decided to),
보내+ᆯ게 (will, promised), 보내+ᆯ 거+이+야 (going to), 보내+려고 하 (plan), 배우+고 싶 (wish), and
알리+어+주 / 잊+지 않+게 (remind me). The action is the words before the predicate's last stem, time
words cut out, with the stem turned into a noun with -기: 지원서 제출하기, 민수한테 슬라이드 보내주기.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from jarvisd.openloop import commitment_words as W
from jarvisd.openloop import hangul
from jarvisd.openloop.closures_ko import reference, sentence_closure, status_quo, topic_index, vague_reference
from jarvisd.openloop.commitment_types import Closure, Commitment, SentenceReading, Span, cut
from jarvisd.openloop.ko_grammar import (
    action_start,
    forget_not_and,
    is_final,
    is_hearsay,
    is_morph,
    is_question,
    is_verb,
    negated,
    noun_form,
    reason_thing,
    sentence_ranges,
    skipped_spans,
    someone_else,
    usable_holes,
    without_joining_head,
)
from jarvisd.openloop.korean_morph import KoreanAnalyzer, Morph
from jarvisd.openloop.rota import ko_shifts

__all__ = ["read_sentence"]


@dataclass(frozen=True)
class _Hit:
    kind: str                   # must / decided / promise / intend / plan / wish / remind
    stem: int                   # index of the action's last stem (-1: a noun-only reminder)
    at: int                     # index where the predicate's promise starts (for negation and subject)
    remind: bool = False
    start: int = -1             # where the action starts when the request comes first ("리마인드 해줘 … 먹이는 거")


def _remind(ms: Sequence[Morph]) -> _Hit | None:
    """"…라고 알려줘", "…는 거 잊지 않게 (알려줘)", "…잊지 말자", "리마인드 해줘": the user asks to be
    reminded; the action is the verb before the complement."""
    for k, m in enumerate(ms):
        ask = (is_morph(m, "알리", "VV") and k + 2 < len(ms) and is_morph(ms[k + 2], "주", "VX")
               and not (k + 3 < len(ms) and is_morph(ms[k + 3], "기", "ETN"))) or \
            (m.form in ("리마인드", "상기") and m.tag.startswith("NN")) or _split_remind(ms, k) or \
            _told_to_tell(ms, k) or _minded_for_me(ms, k)   # 리 + 마인드 too
        if ask:
            if (after := _task_after_request(ms, k)) is not None:
                return after
        note = _note_ask(ms, k)
        forget = m.tag == "VV" and m.form in W.KO_FORGET_STEMS and k + 2 < len(ms) and is_morph(ms[k + 1], "지", "EC") and \
            ms[k + 2].form in ("않", "말") and (not (k + 3 < len(ms) and is_morph(ms[k + 3], "고", "EC"))
                                              or _minded(ms, k + 4))
        if (task := _task_after_forget(ms, k)) is not None:
            return _Hit("must", task, task + 1)
        if not (ask or forget or note):
            continue
        j = k - 1
        if ask and j >= 3 and forget_not_and(ms, j - 3):
            j -= 4                     # "주문하는 거 잊지 말고 알려줘"
        while j >= 0 and (ms[j].tag in ("JKO", "JX", "SP") or ms[j].form in _SOFTENERS and ms[j].tag == "MAG"):
            j -= 1                     # "전화하라고 좀 알려 주겠어요?" (the sixty-third session: "전화하라고" kept)
        if j >= 1 and ms[j].form in ("거", "것") and ms[j].tag == "NNB" and ms[j - 1].tag == "ETM":
            return _Hit("remind", j - 2, k, remind=True)
        if j >= 1 and ms[j].tag == "EC" and ms[j].form in ("라고", "으라고", "하라고", "자고", "다고"):
            return _Hit("remind", j - 1, k, remind=True)
        if j >= 1 and is_morph(ms[j], "기", "ETN"):
            return _Hit("note", j - 1, k) if note else _Hit("remind", j - 1, k, remind=True)
        if note:
            return None                # "메모해줘" alone: the task may follow ("메모해줘, 양식 바꾸기")
        if j >= 0 and ms[j].form == "는지":
            return None          # "보냈는지 알려줘" asks a question
        if ask and (watch := _watched(ms, j)) is not None:
            return watch
        inner = _must(ms[:k + 1]) or _promise(ms[:k])
        if inner:
            return _Hit(inner.kind, inner.stem, inner.at, remind=True)
        return _Hit("remind", -1, k, remind=True)
    return None


_SOFTENERS = frozenset({"좀", "꼭", "제발"})


def _asked_of_me(ms: Sequence[Morph], k: int, then: int) -> bool:
    """Morpheme `then` is 주 (VX), the request to the assistant, with no -기 after it ("말해 주기" is a deed)."""
    return then < len(ms) and is_morph(ms[then], "주", "VX") and \
        not (then + 1 < len(ms) and is_morph(ms[then + 1], "기", "ETN"))


def _before_softeners(ms: Sequence[Morph], k: int) -> int:
    j = k - 1
    while j >= 0 and (ms[j].tag == "SP" or ms[j].form in _SOFTENERS and ms[j].tag == "MAG"):
        j -= 1
    return j


def _told_to_tell(ms: Sequence[Morph], k: int) -> bool:
    """"오븐 끄라고 말해줘", "빨래 꺼내라고 좀 말해 주겠어요?" (the sixty-third session: to SmolLM2): 말해 주다 after a
    -라고 complement asks to be told the deed, as 알려 주다 does; "뭐 있는지 말해 줘" (no -라고) asks the agenda."""
    if not (is_morph(ms[k], "말", "NNG") and k + 1 < len(ms) and is_morph(ms[k + 1], "하", "XSV")
            and _asked_of_me(ms, k, k + 3)):
        return False
    j = _before_softeners(ms, k)
    return j >= 1 and ms[j].tag == "EC" and ms[j].form in ("라고", "으라고", "하라고")


def _minded_for_me(ms: Sequence[Morph], k: int) -> bool:
    """"선물을 다음 주 안에 사야 되는데 좀 챙겨 주겠어요?" (the sixty-third session: to SmolLM2): 챙겨 주다 after the
    user's own -어야 되는데 asks the assistant to keep it in mind; "우산 챙겨 줘" alone asks for a thing."""
    if not (is_morph(ms[k], "챙기", "VV") and _asked_of_me(ms, k, k + 2)):
        return False
    j = _before_softeners(ms, k)
    return j >= 2 and ms[j].tag == "EC" and ms[j].form in ("는데", "ㄴ데", "니까", "으니까") and \
        ms[j - 1].form in ("하", "되") and ms[j - 2].form in ("어야", "아야")


_ARRIVALS = frozenset("되 오 들어오 도착하 나오 끝나 오시".split())


def _watched(ms: Sequence[Morph], j: int) -> _Hit | None:
    """"입금 확인되면 알려 줘", "택배 오면 알려 줘": a reminder when something happens that the assistant cannot see
    (the fifty-seventh session: to SmolLM2, "입금 확인되면 알려 줘, 알려 줘, …"); kept as the thing to check ("입금
    확인하기"), and the reply asks when to remind (`phrases.confirm_opened`). Only the nouns alone before the verb."""
    if j < 1 or ms[j].tag != "EC" or ms[j].form not in ("면", "으면"):
        return None
    verb = j - 1
    if ms[verb].tag not in ("VV", "XSV") or ms[verb].form not in _ARRIVALS:
        return None
    k = verb - 1
    if k >= 0 and ms[k].tag in ("JKS", "JX"):
        k -= 1
    end = k
    while k >= 0 and ms[k].tag in ("NNG", "NNP"):
        k -= 1
    if end < 0 or k == end or k >= 0:
        return None                   # "집에 가면", "내가 오면": not a thing arriving alone
    return _Hit("watch", -1, end + 1, remind=True, start=0)


def _split_remind(ms: Sequence[Morph], k: int) -> bool:
    """"리마인드" as Kiwi sometimes splits it: 리 + 마인드."""
    return ms[k].form == "리" and k + 1 < len(ms) and ms[k + 1].form == "마인드" and ms[k].end == ms[k + 1].start


def _task_after_request(ms: Sequence[Morph], k: int) -> _Hit | None:
    """"리마인드 해줘 내일 아침 8시에 보리 약 먹이는 거", "알려 줘, 모레 관리비 내는 거": the request first,
    then the task as a noun phrase (-는 거, -기) ending the sentence."""
    r = next((i for i in range(k + 1, min(k + 6, len(ms))) if is_morph(ms[i], "주", "VX")), None)
    if r is None or r + 1 >= len(ms) or ms[r + 1].tag not in ("EC", "EF"):
        return None
    words = [i for i in range(r + 2, len(ms)) if ms[i].tag not in ("SF", "SP")]
    if len(words) < 2:
        return None
    last = words[-1]
    if ms[last].form in ("거", "것") and ms[last].tag == "NNB" and ms[last - 1].tag == "ETM" and last - 2 > r + 1:
        stem = last - 2
    elif is_morph(ms[last], "기", "ETN") and last - 1 > r + 1:
        stem = last - 1
    else:
        return None
    return _Hit("remind", stem, stem + 1, remind=True, start=r + 2) if is_verb(ms[stem]) else None


def _task_after_forget(ms: Sequence[Morph], k: int) -> int | None:
    """"급식비 까먹지 말고 내라", "잊지 말고 분리수거 하자": the user tells themself not to forget a deed
    said after 말고, in the plain imperative (-어라, what one mutters to oneself or writes on a note) or
    -자; the index of its verb. "우산 잊지 말고 챙겨" (-어) is said to someone in the room. Not when someone is called
    (준혁아), the verb is honoured (드세요: said to an elder) or is a request to the assistant (보내 줘),
    nor 알려 (the reminder rule's own)."""
    if not forget_not_and(ms, k) or any(m.tag == "JKV" for m in ms):
        return None
    j = k - 1
    while j >= 0 and ms[j].tag in ("JKO", "JX", "SP"):
        j -= 1
    if j >= 0 and (ms[j].form in ("거", "것") and ms[j].tag == "NNB" or ms[j].tag == "ETN" or ms[j].tag == "EC"):
        return None                    # "보내는 거 잊지 말고 챙겨": the deed is the one before (_minded)
    v = k + 4
    while v < len(ms) and (ms[v].tag.startswith(("NN", "J", "MAG", "MM", "SN", "NR", "XSN")) or ms[v].tag == "SP"):
        v += 1
    if v >= len(ms) or ms[v].tag not in ("VV", "XSV") or ms[v].form == "알리" or not any(m.tag.startswith("NN") for m in ms[:v]):
        return None                    # "까먹지 말고 챙겨" alone names nothing to keep
    if ms[v + 1:v + 2] and ms[v + 1].tag == "XSV":
        v += 1
    tail = ms[v + 1:]
    words = [m for m in tail if m.tag not in ("SF", "SP")]
    if not words or not (words[-1].tag == "EF" and words[-1].form.endswith("라") or words[-1].form == "자") or \
            any(m.tag not in ("EF", "EC", "SF", "SP", "VX", "EP") for m in tail):
        return None                    # 해라체 -어라 and -자 are said to oneself; "우산 잊지 말고 챙겨" to someone
    if any(m.form in ("주", "드리") and m.tag == "VX" or m.tag == "EP" for m in tail):
        return None                    # "보내 줘": asks the assistant; -시-, -었-: an elder, the past
    return v


def _minded(ms: Sequence[Morph], k: int) -> bool:
    """"…보내는 거 잊지 말고 챙겨": after 잊지 말고 a verb that ends the sentence and is not 알려 (the "알려줘"
    rule's own) asks the same: keep it in mind for me."""
    return k < len(ms) and ms[k].tag == "VV" and ms[k].form != "알리" and \
        all(x.tag in ("EF", "EC", "SF", "SP", "VX") for x in ms[k + 1:]) and any(x.tag == "EF" for x in ms[k + 1:])


def _note_ask(ms: Sequence[Morph], k: int) -> bool:
    """"메모해줘", "적어 줘", "기록해 둬": the user asks for a note of a task."""
    m = ms[k]
    if m.form in ("메모", "기록") and m.tag.startswith("NN"):
        return k + 1 < len(ms) and ms[k + 1].form == "하"
    return is_morph(m, "적", "VV") and any(x.form in ("주", "두", "놓") and x.tag == "VX" for x in ms[k + 1:k + 4])


def _is_note_request(ms: Sequence[Morph]) -> bool:
    """The whole sentence only asks for a note: "메모해줘", "이거 적어 줘"; the task comes next."""
    words = [m for m in ms if m.tag not in ("SP", "SF", "IC", "MAJ") and m.form not in ("이거", "좀", "이것")]
    return bool(words) and _note_ask(words, 0) and all(m.tag.startswith(("X", "E", "VX")) or m.form in ("하", "주", "두")
                                                      for m in words[1:])


def _must(ms: Sequence[Morph]) -> _Hit | None:
    """-어야 해/돼/겠다/하는데/합니다, -어야지: an obligation the user puts on themself."""
    for i, m in enumerate(ms):
        if i == 0 or m.tag not in ("EC", "EF") or m.form not in ("어야", "아야", "어야지", "아야지"):
            continue
        nxt = ms[i + 1] if i + 1 < len(ms) else None
        last = all(x.tag in ("SF", "SP", "SW") for x in ms[i + 1:])   # "비교해 봐야지" read as a final EC
        after = ms[i + 2] if i + 2 < len(ms) else None
        if nxt and nxt.form in ("하", "되") and after is not None and after.tag == "EC" and \
                after.form in ("어서", "아서", "서") and not any(x.form in ("알리", "리마인드", "마인드") for x in ms[i + 3:]):
            continue                   # "돈 아껴야 돼서": the reason for what is said with it, no promise of its own
                                       # (not "들어가야 해서 알려줘": the reminder asked for is of it)
        if m.tag == "EF" or (nxt and (nxt.form in ("하", "되") or is_morph(nxt, "겠", "EP"))) or \
                (last and m.form in ("어야지", "아야지")):
            return _Hit("must", i - 1, i)
    return None


def _my_duty_heard(ms: Sequence[Morph], hit: _Hit) -> bool:
    """"전입신고는 1월 29일까지 해야 된대" (the sixty-third session: to SmolLM2): the user passes on a rule told to
    them, -어야 된대 / 한대 with no one else as its subject, a duty of their own; "민수가 내일까지 보내야 된대" is
    민수's."""
    if hit.kind != "must" or someone_else(ms):
        return False
    # a topic or subject said is the deed's own noun only before a bare 하다 ("전입신고는 … 해야 된대"); "우리 팀은
    # 금요일까지 배포해야 한대요" is the team's
    said = [m for m in ms[:hit.stem] if m.tag == "JKS" or m.tag == "JX" and m.form in ("은", "는")]
    if said and not (len(said) == 1 and said[0].tag == "JX" and is_morph(ms[hit.stem], "하", "VV")):
        return False
    words = [m for m in ms[hit.at:] if m.tag not in ("SF", "SP")]
    return len(words) == 3 and words[1].form in ("되", "하") and words[2].tag == "EF" and \
        words[2].form in ("ᆫ대", "ᆫ대요", "대", "대요")


def _chat(ms: Sequence[Morph]) -> bool:
    """"얘기 좀 하자", "놀자", "쉬자": an invitation to the assistant or a pause, no task to keep."""
    verb = ms[-1]
    noun = next((m for m in reversed(ms[:-1]) if m.tag.startswith("NN")), None)
    return verb.form in W.KO_CHAT_VERBS or (verb.form == "하" and noun is not None and noun.form in W.KO_CHAT_NOUNS)


def _promise(ms: Sequence[Morph]) -> _Hit | None:
    """-기로 했어 (decided), -ㄹ게/-ㄹ래 (will), -ㄹ 거야 (going to), -려고 해 (plan), -겠습니다, -자,
    -고 싶어 (a wish with an action is a promise without a due)."""
    n = len(ms)
    for i, m in enumerate(ms):
        if i == 0:
            continue
        if is_morph(m, "기", "ETN") and i + 2 < n and ms[i + 1].form == "로" and _agreed(ms, i + 2):
            return _Hit("decided", i - 1, i)   # 하기로 했어, 치우기로 옆집이랑 약속했어
        if m.form in ("게", "께") and ms[i - 1].tag == "VV" and ms[i - 1].form[-1:] and \
                hangul.final(ms[i - 1].form[-1]) == hangul.RIEUL and all(x.tag in ("SF", "SP") for x in ms[i + 1:]):
            return _Hit("promise", i - 1, i)   # "적금 들게" (들 + -ㄹ게 in one letter), "문 열게"
        if m.form in W.KO_PROMISSIVE and (is_final(ms, i) or m.tag == "EC"):
            return _Hit("promise", i - 1, i)   # Kiwi reads "알아볼게 시간 날 때" as a connective: no -ㄹ게 is one
        if m.tag == "ETM" and m.form in ("ᆯ", "을") and i + 1 < n:
            nxt = ms[i + 1]
            if nxt.form in ("거", "것") and i + 2 < n and (ms[i + 2].tag == "VCP" or
                                                          (ms[i + 2].tag == "JKS" and i + 3 == n)):
                return _Hit("intend", i - 1, i)   # 할 거야; "갱신할게" read as 하+ᆯ 것+이 at the end
            if nxt.form == "것" and i + 2 < n and ms[i + 2].tag == "JKS" and nxt.start == m.end and \
                    ms[i + 2].start == nxt.start:
                return _Hit("promise", i - 1, i)  # "확인할게 점심 먹고": 것+이 in one letter is 게
            if nxt.form in ("예정", "계획") or (nxt.form == "참" and i + 2 < n and ms[i + 2].tag == "VCP"):
                return _Hit("intend", i - 1, i)   # 할 예정이야, 확인해 볼 참이야
        if m.form in W.KO_PLAN_ENDINGS and (is_final(ms, i) or (i + 1 < n and ms[i + 1].form == "하")):
            return _Hit("plan", i - 1, i)
        if is_morph(m, "겠", "EP") and i + 1 < n and ms[i + 1].form in W.KO_DECLARATIVE_FORMAL and \
                ms[i - 1].form not in W.KO_NOT_ACTION_STEMS and ms[i - 1].form not in W.KO_GUESS_STEMS:
            # not "알겠습니다" (understood), "보고 싶어 죽겠어요" (a feeling), "늦겠어요" (a guess)
            return _Hit("promise", i - 1, i)
        if m.tag == "EC" and m.form in ("ᆫ다고", "는다고", "다고") and i + 1 < n and _told(ms, i):
            stem = i - 2 if is_morph(ms[i - 1], "겠", "EP") else i - 1
            return _Hit("said", stem, i)      # "내가 민수한테 슬라이드 보내준다고 했어": I told him I'd send them
        if is_morph(m, "겠", "EP") and i + 1 < n and ms[i + 1].tag == "EF" and ms[i + 1].form in ("다", "어") and \
                (ms[i - 1].tag == "XSV" or (ms[i - 1].tag == "VV" and ms[i - 1].form not in W.KO_GUESS_STEMS)):
            if not any(x.tag == "EC" and x.form in ("면", "으면") for x in ms[:i]):
                return _Hit("promise", i - 1, i)  # "예약하겠다": a resolution ("늦겠다" is a guess; "돈 많으면 사겠다" a dream)
        final = m.tag == "EF" or m.form == "자고" and all(x.tag in ("SF", "SP") for x in ms[i + 1:])   # 보자고
        if final and m.form in ("자", "자고") and is_verb(ms[i - 1]) and not _chat(ms[:i]):
            return _Hit("promise", i - 1, i)
        if is_morph(m, "고", "EC") and i + 1 < n and is_morph(ms[i + 1], "싶", "VX"):
            stem = ms[i - 1]
            home = stem.form == "가" and any(x.form == "집" for x in ms[max(i - 4, 0):i])
            musing = i + 2 < n and is_morph(ms[i + 2], "다", "EF")   # "…가보고 싶다": said to oneself, a wish
            if not (stem.tag.startswith("VV") and stem.form in W.KO_WISH_NOT_ACTION) and not home and not musing:
                return _Hit("wish", i - 1, i)
    return None


def _how_often_after(words: Sequence[Morph]) -> int:
    """How many of the last `words` say how often: "사흘마다", "3일마다" (the fifty-seventh session: to SmolLM2),
    "격일로", "사흘에 한 번", "2주에 한 번", "2주에 한 번씩" (the sixtieth: to the model); 0 for none."""
    n = len(words)
    k = n
    if k and is_morph(words[k - 1], "씩", "XSN"):
        k -= 1
    if k >= 3 and is_morph(words[k - 1], "번", "NNB") and words[k - 2].form == "한" and words[k - 3].form == "에":
        k -= 3                                              # "… 에 한 번"
    elif k and is_morph(words[k - 1], "마다", "JX"):
        k -= 1                                              # "… 마다"
    elif k and words[k - 1].tag == "NNG" and words[k - 1].form in ("격일", "격일로", "격주", "격주로"):
        return n - k + 1
    elif k >= 2 and words[k - 1].form in ("로", "으로") and words[k - 2].form in ("격일", "격주"):
        return n - k + 2
    else:
        return 0
    if not k or words[k - 1].tag not in ("NNG", "NNB", "NR"):
        return 0
    k -= 1                                                  # its unit: 이틀, 일, 주
    if k and words[k - 1].tag in ("SN", "NR"):
        k -= 1                                              # and its count
    return n - k


def _note_item(ms: Sequence[Morph], holes: Sequence[Span] = ()) -> _Hit | None:
    """"애들 숙제 봐 주기", "엄마한테 전화하기": a whole sentence that is a deed made a noun with -기, as written on a
    to-do note, is a task (the fifty-sixth session: to the model, "애"). Not asked ("숙제 봐 주기?"), and with no
    ending of its own before the -기 (no "했기", no "하기 싫어"). Its time may follow it, as a note's does ("아빠 병원
    모시고 가기 수요일 10시", the fifty-seventh session: to the model)."""
    words = [m for m in ms if m.tag not in ("SP", "SF", "SW")]
    while words and any(hs <= words[-1].start < he for hs, he in holes):
        words.pop()
    words = words[:len(words) - _how_often_after(words)]
    if any(m.form in ("?", "？") for m in ms) or len(words) < 3:
        return None
    i = len(words) - 1
    if not is_morph(words[i], "기", "ETN") or not is_verb(words[i - 1]) or words[i - 1].tag.startswith(("VA", "VCP")) or \
            any(m.tag in ("EF", "EP", "ETM") or m.tag == "EC" and m.form not in ("어", "아", "고") for m in words[:i]):
        return None
    if not any(m.tag.startswith("NN") for m in words[:i - 1]):
        return None
    k = ms.index(words[i])
    return _Hit("must", k - 1, k)


_REPEAT_WORDS = frozenset("매주 매일 매달 매월 격주 주말마다".split())
_WITH = frozenset({"랑", "이랑", "하고", "와", "과"})
_MEALS = frozenset("점심 저녁 아침 식사 브런치 커피 술 저녁밥 점심밥 한잔".split())
_OCCASIONS = W.KO_OCCASIONS | W.KO_EVENT_NOUNS | W.KO_VISITS   # "다음 달 5일 엄마 생일", "토요일이 결혼기념일이야", "내일 3시 회의"


def _occasion(m: Morph) -> bool:
    """An occasion's, appointment's or visit's noun ("생일", "회의", "치과"), or an appointment's said in English
    ("standup meeting", `W.KO_LATIN_EVENT_NOUNS`)."""
    return m.form.casefold() in W.KO_LATIN_EVENT_NOUNS if m.tag == "SL" else m.form in _OCCASIONS


def _repeat_words(ms: Sequence[Morph]) -> set[int]:
    """Where a repeat is said: "매주", "격주", and "주 2회" / "주 두 번(씩)" ("물리치료 주 2회 화요일 금요일", the
    sixty-first session: to SmolLM2)."""
    said = {k for k, m in enumerate(ms) if m.form in _REPEAT_WORDS}
    for k in range(len(ms) - 2):
        if ms[k].form == "주" and ms[k + 1].tag in ("SN", "MM", "NR") and ms[k + 2].form in ("회", "번"):
            said.update((k, k + 1, k + 2))
            if k + 3 < len(ms) and ms[k + 3].form == "씩":
                said.add(k + 3)
    return said


_HEARD_COPULA = ("래", "래요", "라", "라요")   # the copula told as heard: "두시래", "수요일이래요"


def _heard_occasion(ms: Sequence[Morph], hit: _Hit) -> bool:
    """"위생 점검 다음주 화요일 오후 두시래", "엘지 서류 발표 다음주 수요일이래" (the sixty-fifth session: to SmolLM2): an
    occasion's day passed on as heard (the copula with -래) is the user's to keep, as a visit heard is; with no one else
    as its subject ("민수가 내일 면접이래" is 민수's)."""
    words = [m for m in ms if m.tag not in ("SF", "SP")]
    return hit.kind == "event" and len(words) >= 2 and words[-2].tag == "VCP" and words[-1].tag == "EF" and \
        words[-1].form in _HEARD_COPULA and not someone_else(ms)


def _dated_occasion(ms: Sequence[Morph], holes: Sequence[Span]) -> _Hit | None:
    """"다음 달 5일 엄마 생일", "토요일이 결혼기념일이야", "내일 3시 회의": a day and the name of an occasion, nothing
    more (the noun said with the copula at most), is the occasion kept on that day (the fifty-sixth session: to the
    model, and "엄마 생일 언제야?" then named the gift). Only with a time said."""
    if not holes or any(m.form in ("?", "？") for m in ms):
        return None
    words = [k for k, m in enumerate(ms) if m.tag not in ("SF", "SP")]
    # "우리 이사 담주 토요일이야" (the sixty-sixth session: to SmolLM2): the occasion is "ours", 우리 / 저희 first
    if len(words) >= 3 and ms[words[0]].tag == "NP" and ms[words[0]].form in ("우리", "저희"):
        words = words[1:]
    end = len(words)
    # "위생 점검 다음주 화요일 오후 두시래" (the sixty-fifth session: to SmolLM2): the day told as heard, 이래 / 이래요
    if end >= 2 and ms[words[-1]].tag == "EF" and ms[words[-1]].form in ("야", "다", "에요", "예요", "어요", "요") + _HEARD_COPULA \
            and ms[words[-2]].tag == "VCP":
        end -= 2
    elif end >= 1 and ms[words[-1]].tag == "EF" and ms[words[-1]].form in ("야", "예요", "다") and \
            ms[words[-1]].start == ms[words[-2]].end if end >= 2 else False:
        end -= 1
    # "standup meeting 내일 있어" (round 63's low: to SmolLM2): the occasion, its day, and 있다 after the day
    # "당뇨 검사 일월 십오일에 있어" (the sixty-fourth session: to SmolLM2): Kiwi reads that 어 a connective (EC)
    if end >= 3 and (ms[words[end - 1]].tag == "EF" or ms[words[end - 1]].tag == "EC" and end == len(words)) and \
            ms[words[end - 1]].form in ("어", "어요", "다", "습니다") and \
            ms[words[end - 2]].form == "있" and ms[words[end - 2]].tag.startswith(("VA", "VV")) and \
            any(hs <= ms[words[end - 3]].start < he for hs, he in holes):
        end -= 2
    if end < 1:
        return None
    last = words[end - 1]
    # "매주 월요일 분리수거", "매일 아침 7시 운동": with a repeat said, any thing named is the chore of those days
    said = _repeat_words(ms)
    repeating = bool(said)
    if any(hs <= ms[last].start < he for hs, he in holes):
        return _occasion_then_day(ms, words[:end], holes, repeating)
    if not repeating and (placed := _occasion_then_day(ms, words[:end], holes, False)) is not None:
        return placed                  # "사촌 결혼식 토요일 12시 반 잠실": the place after the time
    outside = [ms[k] for k in words[:end] if not any(hs <= ms[k].start < he for hs, he in holes)
               and k not in said]
    # "내일 12시 반에 친구랑 점심" (the sixtieth session: to SmolLM2): a meal with someone, at a time said, is a plan
    # ("토요일 저녁 7시 민지랑 저녁", the sixtieth session's low: Kiwi tags that 랑 a conjunction)
    met = len(outside) >= 3 and outside[-2].tag in ("JKB", "JC") and outside[-2].form in _WITH and ms[last].form in _MEALS and \
        not any(m.form in ("어제", "그제", "그저께", "아까", "지난") for m in ms)   # "어제 친구랑 점심": told, not planned
    # "이따 저녁에 회원 명단 정리", "내일 부가세 신고" (the sixty-first session: to SmolLM2): an errand's thing and its
    # deed's noun after the time, as "부가세 신고 25일까지" after it
    errand = ms[last].form in W.KO_ERRAND_NOUNS and len(outside) >= 2 and outside[-2].tag.startswith(("NN", "SL")) and \
        not any(m.form in ("어제", "그제", "그저께", "아까", "지난") for m in ms)   # "어제 서랍 정리": told, not planned
    if not (ms[last].tag == "NNG" and (ms[last].form in _OCCASIONS or repeating or met or errand)
            or ms[last].tag == "SL" and _occasion(ms[last])):   # "내일 3시 standup meeting"
        return None
    if not outside or not all(m.tag.startswith(("NN", "XSN", "SL", "JKG", "JKS", "JX")) or
                              m.tag in ("JKB", "JC") and m.form in _WITH for m in outside):
        return None
    at = words[end] if end < len(words) else len(ms)
    first = next(k for k in words[:end] if ms[k] in outside and ms[k].tag.startswith(("NN", "SL")))
    return _Hit("event", -1, at, start=first)   # not the particle after the day: "토요일이 결혼기념일이야"


def _occasion_then_day(ms: Sequence[Morph], words: Sequence[int], holes: Sequence[Span], repeating: bool) -> _Hit | None:
    """"중간고사 다음 주 목요일이야", "제주 비행기 토요일 아침 7시 20분", "스터디 매주 화요일 7시": the occasion named
    first and its day after it, nothing else (the fifty-seventh session: to the model). The name is a run of nouns
    ending in an occasion, an appointment word or a place of one (any thing with a repeat word), before the time."""
    def timed(k: int) -> bool:
        return any(hs <= ms[k].start < he for hs, he in holes)
    first_time = next((n for n, k in enumerate(words) if timed(k)), None)
    if not first_time:
        return None
    said = _repeat_words(ms)
    name = [k for k in words[:first_time] if k not in said]
    after = [k for k in words[first_time:] if not timed(k) and k not in said]
    if after and not repeating and _place_after(ms, after) and name and _occasion(ms[name[-1]]):
        after = []                     # "사촌 결혼식 토요일 12시 반 잠실": where it is, said last (the fifty-ninth session)
    if not name or after:
        return None
    # "환전은 월말까지" (the sixty-second session: to SmolLM2): an errand whole in one noun, as the topic
    topic = len(name) == 2 and ms[name[0]].form in W.KO_WHOLE_ERRANDS and is_morph(ms[name[1]], ms[name[1]].form, "JX") \
        and ms[name[1]].form in ("은", "는")
    name = name[:1] if topic else name
    # "심장사상충 약": Kiwi reads 약 after a noun as the determiner "about"; "첫째 축구 토요일 9시" (the sixty-second
    # session: to SmolLM2): a child named by the order of birth, a numeral to Kiwi
    if not all(ms[k].tag.startswith(("NN", "XSN", "SL")) or ms[k].form == "약" and ms[k].tag == "MM" and k > 0
               and ms[k - 1].tag.startswith("NN") or n == 0 and ms[k].form in _BIRTH_ORDER for n, k in enumerate(name)) \
            or not (ms[name[0]].tag.startswith(("NN", "SL")) or ms[name[0]].form in _BIRTH_ORDER):
        return None
    last = ms[name[-1]]
    # "선물 세트 주문": the thing ordered said too
    errand = last.form in W.KO_ERRAND_NOUNS and (len(name) >= 2 or last.form in W.KO_WHOLE_ERRANDS)
    if not (_occasion(last) or errand or repeating) or last.tag == "NNB":
        return None
    return _Hit("event", -1, words[first_time], start=name[0])


def _place_after(ms: Sequence[Morph], after: Sequence[int]) -> bool:
    """The words after an occasion's time are its place: a proper noun and up to two nouns ("잠실", "롯데 호텔"), or nouns and
    에서 ("잠실 롯데호텔에서"), at most the copula after."""
    words = [ms[k] for k in after]
    if len(words) >= 2 and words[-1].tag == "EF" and words[-2].tag == "VCP":
        words = words[:-2]
    if words and is_morph(words[-1], "에서", "JKB"):
        return 1 <= len(words) - 1 <= 3 and all(m.tag in ("NNP", "NNG") for m in words[:-1])
    return 1 <= len(words) <= 3 and words[0].tag == "NNP" and all(m.tag in ("NNP", "NNG") for m in words)


_BIRTH_ORDER = frozenset("첫째 둘째 셋째 넷째".split())
_VISITORS = frozenset("기사 기사님 수리기사 설치기사 집주인 관리인 택배 손님 선생님 간호사 도우미 이모님 업체".split())
_HOME_SERVICES = frozenset("점검 설치 수리 검침 소독 방역 철거 시공".split())   # what comes to the home to be done
_COMING = frozenset("어 아 어요 아요 시 으시 ᆫ다 는다 세요 요 ᆫ대 ᆫ대요 대 대요".split())


def _visit(ms: Sequence[Morph], holes: Sequence[Span]) -> _Hit | None:
    """"보일러 점검 기사님 목요일 오후 2시에 와": someone coming for a thing at a time said is the user's appointment
    to be home (the fifty-seventh session: "그렇군요.", nothing kept); kept as "보일러 점검 기사님 방문". The thing
    and the visitor first, the time, then 오다 in the present (와, 와요, 오셔, 온다) and nothing else."""
    words = [k for k, m in enumerate(ms) if m.tag not in ("SF", "SP")]
    timed = [k for k in words if any(hs <= ms[k].start < he for hs, he in holes)]
    if not timed or any(m.form in ("?", "？") for m in ms):
        return None
    name = [k for k in words if k < timed[0]]
    tail = [ms[k] for k in words if k > timed[-1]]
    if len(name) < 2 or not all(ms[k].tag.startswith(("NN", "XSN")) for k in name) or \
            not all(k in timed for k in words if timed[0] <= k <= timed[-1]):
        return None
    visitor = ms[name[-2]].form + ms[name[-1]].form if ms[name[-1]].tag == "XSN" else ms[name[-1]].form
    # "가스 점검 목요일 오후 두 시에 온대" (the sixty-fourth session: SmolLM2's "온대: …"): the service itself said to
    # come, no visitor named, is kept by the service's name ("가스 점검")
    served = ms[name[-1]].form in _HOME_SERVICES
    if visitor not in _VISITORS and ms[name[-1]].form not in _VISITORS and not served:
        return None
    # "인터넷 설치 기사님 화요일 오전에 오신대" (the sixty-fourth session: to SmolLM2): told by the company, -대
    # "에어컨 설치 기사님 내일 오후에 와": Kiwi reads the last 와 a connective (EC), the sentence ending there
    if not tail or not is_morph(tail[0], "오", "VV") or len(tail) < 2 or \
            not all(m.tag in ("EF", "EP") and m.form in _COMING for m in tail[1:-1]) or \
            not (tail[-1].tag == "EF" and tail[-1].form in _COMING or tail[-1].tag == "EC" and tail[-1].form in ("어", "아")):
        return None
    return _Hit("service" if served else "visit", -1, timed[0], start=name[0])


# what one takes by mouth, said by its name: "혈압약", "비타민", "유산균" (not 안약, eye drops)
_DOSES = frozenset("약 알약 영양제 비타민 유산균 철분제 오메가 홍삼 루테인 칼슘 마그네슘 엽산 진통제 항생제 소염제 해열제".split())
_PARTS = frozenset("아침 점심 저녁 밤 자기 전".split())


def _dose(ms: Sequence[Morph]) -> _Hit | None:
    """"나 혈압약 아침마다", "비타민 저녁마다", "혈압약 매일 아침": a medicine named and how often, nothing else, is
    the promise to take it (the sixtieth session: to SmolLM2, and "혈압약 먹었어" then asked which of two others).
    The repeat itself is read from the words by `repeats.repeat_in`."""
    words = [k for k, m in enumerate(ms) if m.tag not in ("SF", "SP")]
    if any(m.form in ("?", "？") for m in ms) or len(words) < 2:
        return None
    if ms[words[0]].form in ("나", "내", "저", "제") and ms[words[0]].tag == "NP":
        words = words[1:]
    tail = [ms[k] for k in words]
    if len(tail) >= 2 and is_morph(tail[-1], "마다", "JX") and tail[-2].form in _PARTS:
        how = 2                                          # "아침마다"
    elif len(tail) >= 2 and tail[-2].form == "매일" and tail[-1].form in _PARTS:
        how = 2                                          # "매일 아침"
    elif tail and tail[-1].form in ("매일", "날마다"):
        how = 1
    elif len(tail) >= 3 and is_morph(tail[-1], "마다", "JX") and tail[-2].form == "시간" and tail[-3].tag in ("SN", "NR"):
        how = 3                                          # "진통제 6시간마다" (the sixty-first session: kept "진통제")
    else:
        return None
    name = words[:len(words) - how]
    if not name or not all(ms[k].tag in ("NNG", "NNP") or ms[k].form == "약" and ms[k].tag == "MM" for k in name):
        return None
    if not ms[name[0]].tag.startswith("NN") or ms[name[-1]].form not in _DOSES and not ms[name[-1]].form.endswith("약") or \
            ms[name[-1]].form == "안약":
        return None
    return _Hit("dose", -1, name[-1] + 1, start=name[0])


def _chore_how_often(ms: Sequence[Morph], holes: Sequence[Span]) -> _Hit | None:
    """"코코 귀 청소 2주에 한 번", "코코 산책 이틀마다 저녁 7시": a thing to do named by nouns, how often after it and
    its time at most, nothing else, is a chore kept repeating (the sixtieth session: to SmolLM2, "코코 근소 2주에 한
    번. This is a Japanese phrase …"); the repeat is read from the words by `repeats.repeat_in`."""
    if any(m.form in ("?", "？") for m in ms):
        return None
    words = [m for m in ms if m.tag not in ("SF", "SP", "SW")]
    while words and any(hs <= words[-1].start < he for hs, he in holes):
        words.pop()                                      # its time, said last: "저녁 7시"
    how = _how_often_after(words)
    name = words[:len(words) - how]
    if not how or not name or not all(m.tag in ("NNG", "NNP") for m in name) or \
            any(hs <= m.start < he for m in name for hs, he in holes) or not any(len(m.form) >= 2 for m in name):
        return None
    return _Hit("chore", -1, ms.index(words[len(name)]), start=ms.index(name[0]))


_DELIVERIES = frozenset("납품 배송 배달 입고".split())
_ARRIVING = frozenset({"ᆫ대", "는대", "ᆫ다", "는다", "어", "아", "어요", "아요", "ᆫ대요", "래", "ᆸ니다", "대"})


def _arrival(ms: Sequence[Morph], holes: Sequence[Span]) -> _Hit | None:
    """"종이컵 주문한 거 수요일에 온대", "원두 시킨 거 내일 도착한대": a thing ordered said to come on a day, nothing else, is
    its arrival kept on that day (the sixtieth session: "그렇군요.", and "지난번에 주문한 컵 언제 온다고 했지?" then went
    to SmolLM2). Kept as "종이컵 도착"; heard from others, as the arrival is."""
    words = [k for k, m in enumerate(ms) if m.tag not in ("SF", "SP", "SW") and not (m.tag == "JX" and m.form == "요")]
    timed = [k for k in words if any(hs <= ms[k].start < he for hs, he in holes)]
    if not timed or any(m.form in ("?", "？") for m in ms):
        return None
    name = [k for k in words if k < timed[0]]
    tail = [ms[k] for k in words if k > timed[-1] and not (ms[k].tag == "JKB" and ms[k].form in ("에", "까지"))]
    if len(tail) == 2 and is_morph(tail[0], "오", "VV") or len(tail) == 3 and tail[0].form == "도착" and tail[1].tag == "XSV":
        if tail[-1].tag != "EF" or tail[-1].form not in _ARRIVING:
            return None
    else:
        return None
    ordered = False
    if len(name) >= 4 and ms[name[-1]].tag == "NNB" and ms[name[-1]].form in ("거", "것") and ms[name[-2]].tag == "ETM":
        ordered = True
        name = name[:-3] if ms[name[-3]].tag == "XSV" or ms[name[-3]].form in ("시키", "사") else name[:-2]   # "주문한 거"
        if name and ms[name[-1]].form in ("주문", "구매", "결제"):
            name = name[:-1]
    # "원두 납품 내일 오전 열한시에 온대요" (the sixty-fifth session: to SmolLM2): a delivery of a thing named comes
    delivered = not ordered and len(name) >= 2 and ms[name[-1]].form in _DELIVERIES
    if not name or not all(ms[k].tag in ("NNG", "NNP", "SL") for k in name) or \
            ms[name[-1]].form in W.KO_EVENT_NOUNS and not delivered:
        return None
    if delivered:
        return _Hit("arrival", -1, name[-1] + 1, start=name[0])
    if not ordered:
        return None                    # "엄마 내일 온대", "택배 내일 와" (the fifty-seventh session's guard): nothing ordered
    return _Hit("arrival", -1, name[-1] + 1, start=name[0])


_RESULTS = frozenset("결과 성적 합격자".split())


def _results_out(ms: Sequence[Morph], holes: Sequence[Span]) -> _Hit | None:
    """"엄마 검사 결과 다음주 화요일에 나온대" (korean69: "그렇군요.", nothing kept): results said to come out on a day,
    nothing else, are that day kept as an event ("엄마 검사 결과 나오는 날"); heard from others, as a visit is. The
    results named by nouns, the time, then 나오다 in the present and nothing else."""
    words = [k for k, m in enumerate(ms) if m.tag not in ("SF", "SP", "SW") and not (m.tag == "JX" and m.form == "요")]
    timed = [k for k in words if any(hs <= ms[k].start < he for hs, he in holes)]
    if not timed or any(m.form in ("?", "？") for m in ms):
        return None
    name = [k for k in words if k < timed[0]]
    tail = [ms[k] for k in words if k > timed[-1] and not (ms[k].tag == "JKB" and ms[k].form == "에")]
    if len(name) < 2 or not all(ms[k].tag in ("NNG", "NNP") for k in name) or ms[name[-1]].form not in _RESULTS:
        return None                                      # "결과 나온대": whose is not said
    if not any(ms[k].form in ("오늘", "내일", "모레", "글피") or ms[k].form.endswith("요일") or ms[k].form == "일"
               for k in timed):
        return None                                      # "다음주에 …": no day yet
    if len(tail) != 2 or not is_morph(tail[0], "나오", "VV") or tail[1].tag != "EF" or tail[1].form not in _ARRIVING:
        return None
    return _Hit("results", -1, name[-1] + 1, start=name[0])


# a class or a game one has at a time: "매주 월요일 오전 7시에 요가 있어", "수요일에 테니스 있어" (round 65's day lived: to
# SmolLM2, nothing kept; "수영 강습 있어" was, by 강습)
_KO_ACTIVITIES = frozenset("요가 필라테스 테니스 골프 축구 농구 배구 야구 발레 태권도 수영 헬스 피티 과외 학원 합창 클라이밍".split())


def _event(ms: Sequence[Morph]) -> _Hit | None:
    """"내일 3시에 병원 예약 있어": an appointment with a time is a promise to be there (the caller keeps
    it only when a time was said)."""
    for i, m in enumerate(ms):
        # "목요일 오전 열 시에 정형외과 예약이 있어요" (the sixty-third session: "그렇군요."): the subject's 이/가 said
        said = i - 1 if i >= 2 and ms[i - 1].tag == "JKS" and ms[i - 1].form in ("이", "가") and \
            ms[i - 2].end == ms[i - 1].start else i
        if m.form == "있" and m.tag.startswith(("VA", "VV")) and said >= 1 and (
                ms[said - 1].form in W.KO_EVENT_NOUNS or ms[said - 1].form in _KO_ACTIVITIES
                or ms[said - 1].tag == "SL" and _occasion(ms[said - 1])) and \
                all(x.tag in ("EF", "SF", "JX") for x in ms[i + 1:]):
            return _Hit("event", -1, said)
    return None


def _agreed(ms: Sequence[Morph], j: int) -> bool:
    """After "-기로": 하다 or a word of agreeing (약속/결정/합의하다), with the person it was agreed with
    between ("옆집이랑 약속했어")."""
    last = j + 6
    while j < min(len(ms), last) and (ms[j].tag.startswith(("NN", "NP", "XSN")) and ms[j].form not in W.KO_AGREE_NOUNS
                                      or ms[j].tag == "JKB"):
        j += 1
    if j < len(ms) and ms[j].form in W.KO_AGREE_NOUNS:
        j += 1
    # "하기로 했었는데": agreed once, long ago (the past perfect), no promise standing now
    return j < len(ms) and ms[j].form == "하" and not (j + 1 < len(ms) and ms[j + 1].form in ("었었", "았었"))


def _told(ms: Sequence[Morph], i: int) -> bool:
    """"…한다고 했어" said by the user: with 내가 before it, or told to someone ("팀장님한테 말했어") or
    promised ("…하겠다고 약속했어"): not hearsay ("비 온다고 했어")."""
    j, addressee = i + 1, False
    while j < len(ms) and (ms[j].tag.startswith(("NN", "NP", "XSN", "MAG")) and ms[j].form not in W.KO_SPEECH_NOUNS
                           or ms[j].tag == "JKB"):
        addressee = addressee or (ms[j].tag == "JKB" and ms[j].form in ("한테", "에게", "께", "한테도", "에게도"))
        j += 1
    if j >= len(ms):
        return False
    if ms[j].form == "하" and j == i + 1:   # "민수한테 … 보내 준다고 했어": told someone, the subject dropped
        return _said_by_me(ms[:i]) or _told_someone(ms[:i]) or (_told_to(ms[:i]) and _agentive(ms, i))
    speech = ms[j].form in W.KO_SPEECH_NOUNS and j + 1 < len(ms) and ms[j + 1].form == "하"
    return speech and (addressee or ms[j].form == "약속" or _said_by_me(ms[:i]))


def _told_someone(ms: Sequence[Morph]) -> bool:
    """"이 교수님께 … 보내드린다고 했어": a promise to someone the user honours (께, or the humble 드리),
    which only the user says of themself; "민수한테 보내준다고 했어" may be anyone's."""
    return any(m.tag == "JKB" and m.form == "께" for m in ms) or any(m.form == "드리" and m.tag.startswith("V") for m in ms)


def _told_to(ms: Sequence[Morph]) -> bool:
    """An addressee before the quote ("민수한테", "팀장님께"): with the subject dropped, the speaker told
    them; someone else's quote names its subject ("민수가 …"), which `_blocked` refuses."""
    return any(m.tag == "JKB" and m.form in ("한테", "에게", "께", "한테도", "에게도") for m in ms)


def _agentive(ms: Sequence[Morph], i: int) -> bool:
    """The quoted verb is something a person does, not the weather or a state ("비 온다고", "된다고")."""
    stem = ms[i - 1]
    if stem.form in ("되", "있", "없"):
        return False
    return not (stem.form == "오" and i >= 2 and ms[i - 2].form in ("비", "눈", "소나기", "태풍"))


def _said_by_me(ms: Sequence[Morph]) -> bool:
    """A quoted promise is the user's when the user is its subject: 내가 / 제가 / 나는, or 나 / 저 first with its
    particle dropped, as casual speech does ("나 엄마 폰 업데이트 해 준다고 했어")."""
    return any(m.tag == "NP" and m.form in W.KO_SELF and i + 1 < len(ms) and ms[i + 1].tag in ("JKS", "JX")
               for i, m in enumerate(ms)) or bool(ms) and ms[0].tag == "NP" and ms[0].form in ("나", "저")


def _timed_plan(ms: Sequence[Morph], holes: Sequence[Span]) -> _Hit | None:
    """"12월 17일 오후 3시에 적성검사 받으러 간다": a plan said in the plain present with a time of its own
    (as English "I'm meeting the supplier tomorrow at noon"); without a time it is a habit or a remark."""
    words = [k for k, m in enumerate(ms) if m.tag not in ("SF", "SP")]
    if len(words) < 2 or not holes:
        return None
    last, verb = words[-1], words[-2]
    # the casual and polite present too: "오늘 저녁 7시에 친구 만나", "금요일에 엄마 만나요" (the forty-seventh session:
    # to the model, which said the sentence back three times)
    if ms[last].tag not in ("EF", "EC") or ms[last].form not in ("ᆫ다", "는다", "어", "아", "어요", "아요") \
            or ms[verb].tag not in ("VV", "XSV") or ms[verb].form in ("오", "되", "있", "없") or any(m.form == "?" for m in ms):
        return None
    bound = max((m.end for m in ms[:verb] if m.tag in ("SP", "EF")), default=ms[0].start)
    if not any(bound <= hs < ms[verb].start for hs, _ in holes):
        return None                    # "나 오늘 일 끝났어, 퇴근한다": the time is the clause before's
    return _Hit("intend", verb, last)


def _blocked(ms: Sequence[Morph], hit: _Hit) -> bool:
    """Not the user's open promise: said in the past (가야 했어, 하려고 했는데, 싶었어), negated
    (안 가야, 하지 않을 거야), someone else's (동생이 …, 지호는 …), or a counterfactual (갔을 텐데)."""
    stem = ms[hit.stem] if hit.stem >= 0 else None
    if stem is not None and not is_verb(stem):
        return True
    if stem is not None and stem.tag.startswith("VA") and hit.kind not in ("must", "remind"):
        return True
    tail = ms[hit.at:]
    if hit.kind not in ("decided", "said") and any(m.tag == "EP" and m.form in W.KO_PAST for m in tail):
        return True
    if any(m.form == "터" and m.tag == "NNB" for m in ms):
        return True
    if hit.stem >= 1 and (negated(ms, hit.stem) or any(
            m.form in ("않", "말", "못하") and m.tag.startswith("VX") and not (k >= 2 and ms[k - 2].form in W.KO_FORGET_STEMS)
            for k, m in enumerate(ms[hit.stem + 1:hit.at], hit.stem + 1))):   # "잊지 말고 알려줘" negates no task
        return True
    if hit.kind == "promise" and ms[hit.at].form in W.KO_PROMISSIVE:
        return False                   # "수진이 결혼식 축의금은 보낼게": -ㄹ게 is the speaker's own promise
    return someone_else(ms[:hit.stem if hit.stem >= 0 else hit.at])


def _conjuncts(ms: Sequence[Morph], start: int, stem: int, holes: Sequence[Span]) -> list[tuple[int, int]]:
    """"우유 사고 은행 가야 해" is two promises: split at a -고 that joins two verbs with their own
    objects, not at "퇴근하고" (a time) nor at "배워보고 싶어" (an auxiliary)."""
    parts, pos = [], start
    for g in range(start + 1, stem):
        m = ms[g]
        if not is_morph(m, "고", "EC") or not is_verb(ms[g - 1]) or ms[g + 1].tag.startswith("VX"):
            continue
        head = ms[g - 2].form if ms[g - 1].tag == "XSV" and g >= 2 else ms[g - 1].form
        if head in W.KO_SEQUENCE_STEMS or head in W.KO_ALONG_STEMS or any(hs <= m.start < he for hs, he in holes) or \
                g >= 3 and forget_not_and(ms, g - 3):      # "급식비 까먹지 말고 내라": one task
            continue
        if any(x.tag.startswith("NN") for x in ms[pos:g - 1]):
            parts.append((pos, g - 1))
            pos = g + 1
    parts.append((pos, stem))
    return parts


_DAY_SAID = re.compile(r"오늘|내일|낼|모레|글피|요일|주말|\d+\s*일|다음\s*주|이번\s*주|담주")


def _day_of_the_condition(sen: str, ms: Sequence[Morph], start: int, holes: Sequence[Span]) -> bool:
    """"내일 도윤이 학교 끝나면 세 시 반에 데리러 가야 해": a condition or a step before the promise (-면,
    -고) carries the day its time of day belongs to (the promise was due today at 15:30); a reason (-니까)
    does not ("내일 손님 오니까 3시에 장 봐야겠다": today)."""
    if ms[start - 1].tag != "EC" or ms[start - 1].form not in ("면", "으면", "고", "고서", "다가"):
        return False
    before = [sen[hs:he] for hs, he in holes if hs < ms[start].start]
    kept = [sen[hs:he] for hs, he in holes if ms[start].start <= hs < ms[-1].end]
    return any(_DAY_SAID.search(t) for t in before) and not any(_DAY_SAID.search(t) for t in kept)


def _second_duty(ms: Sequence[Morph]) -> int | None:
    """Where a second promise starts after "-어야 하고" ("가스비 목요일까지 내야 하고 내일 진한테 전화해야
    해": two duties, each with its own day), or None."""
    for i in range(1, len(ms) - 3):
        if ms[i].form in ("어야", "아야") and ms[i].tag == "EC" and ms[i + 1].form in ("하", "되") and \
                is_morph(ms[i + 2], "고", "EC") and (_must(ms[i + 3:]) or _promise(ms[i + 3:])):
            return i + 3
    return None


def _deed_as_thing(ms: Sequence[Morph], start: int, at: int, holes: Sequence[Span]) -> int | None:
    """The verb of "약 먹는 거" (a deed said as a thing, -는 거) before the reminder asked, its time after it, or None."""
    k = next((k for k in range(at - 1, start + 1, -1) if is_morph(ms[k], "거", "NNB") or is_morph(ms[k], "것", "NNB")), None)
    if k is None or not (ms[k - 1].tag == "ETM" and ms[k - 1].form == "는" and is_verb(ms[k - 2])):
        return None
    after = ms[k + 1:at]
    if not all(m.tag.startswith("J") or any(hs <= m.start < he for hs, he in holes) for m in after):
        return None
    return k - 2


def _commitments(sen: str, ms: Sequence[Morph], base: int, holes: Sequence[Span]) -> list[Commitment]:
    """The promise of one Korean sentence, or two when -고 joins two tasks."""
    second = _second_duty(ms)
    if second is not None:
        return _commitments(sen, ms[:second], base, holes) + _commitments(sen, ms[second:], base, holes)
    hit = _remind(ms) or _must(ms) or _promise(ms) or _results_out(ms, holes) or _event(ms) or _timed_plan(ms, holes) \
        or _note_item(ms, holes) \
        or _dated_occasion(ms, holes) or _visit(ms, holes) or _dose(ms) or _chore_how_often(ms, holes) or _arrival(ms, holes)
    if hit is None or (is_hearsay(ms) and not hit.remind and hit.kind not in ("said", "arrival", "visit", "service",
                                                                             "results")
                       and not _my_duty_heard(ms, hit) and not _heard_occasion(ms, hit)) or _blocked(ms, hit):
        return []
    if hit.remind and hit.stem >= 1 and ms[hit.stem].form == "있" and ms[hit.stem - 1].tag.startswith("NN"):
        hit = _Hit(hit.kind, -1, hit.stem, remind=True)     # "7시에 회의 있다고 알려줘": remind of the meeting
    start = hit.start if hit.start >= 0 else action_start(ms, hit.stem)
    clause_span = (ms[0].start, ms[-1].end)
    if start > 0 and any(ms[start].start <= hs < ms[-1].end for hs, _ in holes) and \
            not _day_of_the_condition(sen, ms, start, holes):
        clause_span = (ms[start].start, ms[-1].end)   # "내일 손주들 오니까 오늘 장 봐야겠다": the reason's day is not the due
    clause = sen[clause_span[0]:clause_span[1]]
    if hit.kind == "watch":   # "입금 확인되면 알려 줘": 입금 확인하기
        thing = sen[ms[start].start:ms[hit.at - 1].end]
        action = f"{thing}하기" if thing.endswith("확인") else f"{thing} 확인하기"
        return [Commitment(action, clause, (base + clause_span[0], base + clause_span[1]), True)]
    if hit.stem < 0:   # "3시에 회의 알려줘": a reminder of a thing, not of a deed
        nouns = [m for m in ms[start:hit.at] if m.tag.startswith(("NN", "SL")) and not any(
            hs <= m.start < he for hs, he in holes)]
        if not (holes or hit.kind in ("dose", "chore")) or not nouns or \
                hit.kind != "results" and any(m.form in W.KO_INFO_NOUNS for m in nouns):
            return []
        stop = ms[hit.at].start if hit.at < len(ms) else ms[-1].end
        if hit.at - 1 > start and hit.at <= len(ms) and ms[hit.at - 1].tag == "JX" and ms[hit.at - 1].form in ("은", "는"):
            stop = ms[hit.at - 1].start                      # "환전은 월말까지": 환전, not "환전은"
        # "출국은 1월 3일 아침 8시 비행기야" (the sixty-second session: "출국은 비행기"): the topic's particle is no
        # part of the name
        topics = [(m.start, m.end) for k, m in enumerate(ms[start:hit.at], start) if k > start and m.tag == "JX"
                  and m.form in ("은", "는") and ms[k - 1].tag in ("NNG", "NNP") and ms[k - 1].end == m.start]
        action = without_joining_head(cut(sen, ms[start].start, stop, sorted([*holes, *skipped_spans(ms), *topics])))
        if (deed := _deed_as_thing(ms, start, hit.at, holes)) is not None:
            action = noun_form(sen, ms, start, deed, holes)   # "약 먹는 거 저녁 9시에 알려 줘": 약 먹기 (was "약 먹는 거")
        if hit.kind == "visit":
            action = f"{action} 방문"                          # "보일러 점검 기사님 방문"
        elif hit.kind == "dose":
            action = f"{action} 먹기"                          # "나 혈압약 아침마다": 혈압약 먹기
        elif hit.kind == "arrival":
            action = f"{action} 도착"                          # "종이컵 주문한 거 수요일에 온대": 종이컵 도착
        elif hit.kind == "results":
            action = f"{action} 나오는 날"                     # "엄마 검사 결과 화요일에 나온대" (korean69)
        return [Commitment(action, clause, (base + clause_span[0], base + clause_span[1]), hit.remind)]
    out = []
    reason = reason_thing(sen, ms[:start], holes) if start > 0 else ""
    for a, b in _conjuncts(ms, start, hit.stem, holes):
        action = noun_form(sen, ms, a, b, holes)
        if reason and _bare(action) and action.split()[0] in _FETCH:
            action = f"{reason} {action}"                # "서윤이 태권도 끝나면 데리러 가야 돼": 태권도 데리러 가기
        elif reason and _bare(action):
            action = " ".join([reason, *_verb_words(action)])   # "엄마 치과 예약 있으니까 모시고 가야 해"
        elif reason and len(action.split()) == 3 and action.split()[1] in ("모시고", "데리고") and \
                action.split()[2] in ("가기", "오기"):
            action = f"{reason} {action}"               # "병원 예약 있으니까 집사람 모시고 가야지": where to
        elif reason and ms[start - 1].form in ("아서", "어서") and reason not in action:
            action = f"{reason} {action}"                 # "노트북 화면이 어두워서 수리 맡겨야 돼"
        if b >= 1 and ms[b - 1].form in ("취소", "그만"):
            continue                          # "치과는 취소하고": a withdrawal (a closure), not a task
        action = _meal_eaten(action, ms[a:b], holes)
        # "나중에 할게", "그냥 다음에 할래" (the sixty-sixth session: kept "다음에 하기"): a deed put off, none named
        if action and not set(action.split()) <= W.KO_VAGUE_WORDS | W.KO_VAGUE_ADVERB_WORDS | _LATER and \
                not _WEATHER.fullmatch(action):
            out.append(Commitment(action, clause, (base + clause_span[0], base + clause_span[1]), hit.remind))
    if len(out) > 1:   # "정비소에 맡기고 올 거다": the coming back is the errand's end, no task of its own
        out = [c for c in out if c.action not in ("오기", "가기", "다녀오기")] or out
    return out


_LATER = frozenset("다음에 나중에 담에 이따 이따가 언젠가".split())


def _meal_eaten(action: str, ms: Sequence[Morph], holes: Sequence[Span]) -> str:
    """"지민이 엄마랑 내일 점심 먹기로 했어" (the sixty-sixth session: kept "지민이 엄마랑 먹기"): the meal is read as the
    time ("내일 점심"), but with nothing else eaten it is what is eaten, and named: "지민이 엄마랑 점심 먹기"."""
    words = action.split()
    # with someone: 랑 / 하고 / 와 the particle, not the last letter of a thing eaten ("사과 먹기": an apple)
    said = [m for m in ms if not any(hs <= m.start < he for hs, he in holes)]   # "엄마랑 내일 점심 먹기로"
    with_whom = bool(said) and said[-1].tag in ("JKB", "JC") and said[-1].form in _WITH
    if not words or words[-1] != "먹기" or len(words) > 1 and not with_whom:
        return action
    meal = next((m.form for m in ms if m.tag == "NNG" and m.form in ("아침", "점심", "저녁", "브런치")
                 and any(hs <= m.start < he for hs, he in holes)), None)
    return action if meal is None else " ".join([*words[:-1], meal, "먹기"])


# "갈게", "내가 대신 갈게": going, nowhere named (the forty-third session's low kept a promise "가기"); as "I'll go"
_BARE_GOING = frozenset({"가기", "오기", "다녀오기", "갔다 오기"})


# ---------------------------------------------------------------- closures


def read_sentence(text: str, span: Span, holes: Sequence[Span], analyzer: KoreanAnalyzer) -> SentenceReading:
    """Commitments and closures of the Korean sentence `text[span]`; `holes` are the utterance's time
    expressions."""
    s, e = span
    sen = text[s:e]
    if shifts := ko_shifts(sen):   # "이번 주 화요일 수요일 나이트 근무야": a shift on each day said (everyday80)
        return SentenceReading(tuple(Commitment(name, day, (s, e)) for name, day in shifts))
    morphs = analyzer.morphs(sen)
    if not morphs:
        return SentenceReading()
    local = usable_holes(sen, [(max(hs, s) - s, min(he, e) - s) for hs, he in holes if he > s and hs < e], morphs)
    commitments: list[Commitment] = []
    closures: list[Closure] = []
    question = False
    topic = ""              # what the sentence before was about: "동생 선물은 …, 난 안 사도 돼"
    lead = ""               # the nouns it started with: "초코 사료 다 떨어졌네, 주문해야겠다"
    note_asked = False      # it only asked for a note: "메모해줘, 양식 바꾸기"
    remind_asked = False    # or to be reminded: "알려 줘, 모레 관리비 내는 거"
    before = (0, "")        # where it started and its words, for a due said there
    pointed = ""            # the thing before its predicate: "코드 리뷰 빚졌어, 그거 해줘야 돼"
    for a, b in sentence_ranges(morphs):
        ms = morphs[a:b]
        if all(m.tag in ("SF", "SP", "SW") for m in ms):
            continue
        question = is_question(sen, ms)
        found = [_span_words_off(c) for c in _commitments(sen, ms, s, local) if not _see_you(c, text, holes)]
        if not found and note_asked and (task := _task_phrase(sen, ms, local)):
            found = [Commitment(task, sen[ms[0].start:ms[-1].end], (s + ms[0].start, s + ms[-1].end), remind_asked)]
        # "그거" points at the sentence before's thing, or at the one this sentence started with ("참기름
        # 떨어졌는데 그거 내가 사다 놓을게")
        found = [_pointed_at(c, pointed or _lead_nouns(sen, ms, local)) for c in found]
        found = [_with_thing(c, lead, before) if lead and _bare(c.action) else c for c in found]
        if found and not lead and (own := _lead_nouns(sen, ms, local)):   # "바자회 음식 하기로 했는데 … 가져가야 돼"
            found = [_with_thing(c, own) if _bare(c.action) and s + sen.find(own) < c.clause_span[0] + 1
                     and own not in c.action else c for c in found]
        found = [c for c in found if c.action not in _BARE_GOING]   # nowhere to go, the sentences before said none
        if not found and commitments and _time_only(ms, local):   # "…데려오기로 했어요, 4시 반에요."
            last = commitments[-1]
            commitments[-1] = Commitment(last.action, f"{last.clause} {sen[ms[0].start:ms[-1].end]}",
                                         (last.clause_span[0], s + ms[-1].end), last.remind)
            continue
        remind_asked = _is_remind_request(ms)
        note_asked = _is_note_request(ms) or remind_asked
        if question and not any(c.remind for c in found):
            continue
        commitments.extend(found)
        closure = sentence_closure(sen, ms, local)
        if closure is not None and (not closure.reference or vague_reference(closure.reference, ms)) and (topic or lead):
            closure = Closure(closure.status, topic or lead, closure.clause)   # "수진이 안 된대, 그 약속은 …"
        topic = reference(sen, ms, len(ms), local) if topic_index(ms, len(ms)) > 0 else ""
        if found:
            lead, before = "", (0, "")
        elif said := _lead_nouns(sen, ms, local):   # the last thing named, across "음 언제 하지..."
            lead, before = said, (s + ms[0].start, sen[ms[0].start:ms[-1].end])
        elif before[1]:
            before = (before[0], f"{before[1]} {sen[ms[0].start:ms[-1].end]}")
        if closure is not None and closure.status == "dismissed":
            commitments = [c for c in commitments if not status_quo(c.clause)]   # "그냥 계속 볼래, 해지 안 할 거야"
        if closure is not None and (not found or closure.status == "dismissed"):
            closures.append(closure)          # "치과는 취소하고 대신 병원 가야 돼": both
        question = question and not found
        pointed = _last_nouns(sen, ms, local)
    return SentenceReading(tuple(commitments), tuple(closures), question)


# "see you" said as a parting, with a day but no clock time, place or thing: "피곤한데 내일 보자" (round 65: kept as
# "피곤 보기"), "그럼 다음에 봐요", "월요일에 뵐게요"
_SEE_YOU = re.compile(r"(?:(?:그럼|그래|그래요|자|좋아|알았어|네|응)[\s,]*)?(?:또\s*|다시\s*)?"
                      r"(?:보자|봐|봐요|봅시다|보아요|뵈요|봬요|뵐게요|뵙겠습니다|만나자|만나요)[.!~]*")


# the words of a span between two times left before the thing: "내일 3시랑 5시 사이에 회의 있어" (round 65: kept "사이에 회의")
_SPAN_LEFT = re.compile(r"^(?:(?:(?:에서|랑|이랑|하고|와|과)\s+)?사이에|(?:에서|랑|이랑|하고|와|과)\s+사이)\s+(?=\S)")


def _span_words_off(c: Commitment) -> Commitment:
    action = _SPAN_LEFT.sub("", c.action)
    return c if action == c.action else Commitment(action, c.clause, c.clause_span, c.remind)


def _see_you(c: Commitment, text: str, holes: Sequence[Span]) -> bool:
    """A parting "see you <day>" (`_SEE_YOU` once the day's words are cut out), no promise; a clock time said with it
    ("내일 3시에 보자") is still a plan."""
    start, end = c.clause_span
    inside = [(max(hs, start), min(he, end)) for hs, he in holes if he > start and hs < end]
    if any(re.search(r"\d\s*시|시\s*반|정오", text[hs:he]) for hs, he in inside):
        return False
    words, pos = [], start
    for hs, he in sorted(inside):
        words.append(text[pos:hs])
        pos = he
    words.append(text[pos:end])
    left = " ".join(" ".join(words).split())
    left = re.sub(r"^(?:나중|다음|이따|담)에?\s*", "", left)
    return _SEE_YOU.fullmatch(left) is not None


def _last_nouns(sen: str, ms: Sequence[Morph], holes: Sequence[Span]) -> str:
    """The last run of nouns a sentence says, times aside: "코드 리뷰" of "민준이한테 코드 리뷰 빚졌어",
    "김치" of "엄마가 김치 보냈대"."""
    nouns = [k for k, m in enumerate(ms) if m.tag in ("NNG", "NNP") and not any(hs <= m.start < he for hs, he in holes)]
    if not nouns:
        return ""
    end = start = nouns[-1]
    while start - 1 in nouns:
        start -= 1
    return sen[ms[start].start:ms[end].end]


def _pointed_at(c: Commitment, thing: str) -> Commitment:
    """"그거 해주기" after "민준이한테 코드 리뷰 빚졌어": the pronoun is the thing the sentence before
    named before its predicate ("코드 리뷰 해주기")."""
    first, _, rest = c.action.partition(" ")
    if not thing or first not in W.KO_POINTERS or not rest:
        return c
    return Commitment(f"{thing} {rest}", c.clause, c.clause_span, c.remind)


def _lead_nouns(sen: str, ms: Sequence[Morph], holes: Sequence[Span]) -> str:
    """The nouns a sentence starts with, fillers and time words aside: "초코 사료" of "초코 사료 거의 다
    떨어졌네", "수진" of "수진이 금요일에 안 된대"."""
    i = 0
    while True:   # a loop, not a call per "밥한테" ("밥한테 " said 1,000 times: a RecursionError failed the turn, pass 53b)
        while i < len(ms) and (ms[i].tag in ("IC", "MAJ", "MM") or any(hs <= ms[i].start < he for hs, he in holes)):
            i += 1
        j = i
        while j < len(ms) and ms[j].tag in ("NNG", "NNP") and not any(hs <= ms[j].start < he for hs, he in holes):
            j += 1
        k = j + (j < len(ms) and ms[j].tag == "XSN")      # "박 집사님한테": whom it is for, not the thing
        if not (j > i and k < len(ms) and ms[k].tag == "JKB" and ms[k].form in ("한테", "에게", "께")):
            break
        i = k + 1   # the nouns after whom it is for
    if i < j < len(ms) and ms[j].tag.startswith(("V", "XSV")) and ms[j].start == ms[j - 1].end:
        j -= 1                         # "내과 예약돼 있어요": 예약 belongs to the verb; "전화했어": no thing
    if j == i:
        return ""
    return sen[ms[i].start:ms[j - 1].end]


def _is_remind_request(ms: Sequence[Morph]) -> bool:
    """The whole sentence only asks to be reminded: "알려 줘", "리마인드 해 줘"; the task comes next."""
    words = [m for m in ms if m.tag not in ("SP", "SF", "IC", "MAJ") and m.form not in ("이거", "좀", "이것", "꼭")]
    if not words:
        return False
    k = 2 if _split_remind(words, 0) else 1 if words[0].form == "리마인드" else 0
    if k:
        words = words[k:]
        if words and is_morph(words[0], "하", "VV") or words and words[0].tag == "XSV":
            words = words[1:]
    elif is_morph(words[0], "알리", "VV"):
        words = words[1:]
    else:
        return False
    return bool(words) and all(m.tag in ("EC", "EF") or is_morph(m, "주", "VX") for m in words) and \
        any(is_morph(m, "주", "VX") for m in words)


def _task_phrase(sen: str, ms: Sequence[Morph], holes: Sequence[Span]) -> str:
    """A task said as a noun phrase after a note request: "세금계산서 양식 바꾸기", "치과 예약", "관리비
    내는 거"."""
    words = [m for m in ms if m.tag not in ("SP", "SF")]
    if len(words) >= 3 and words[-1].form in ("거", "것") and words[-1].tag == "NNB" and words[-2].tag == "ETM" \
            and is_verb(words[-3]):
        return noun_form(sen, words, 0, len(words) - 3, holes)
    if not words or not (is_morph(words[-1], "기", "ETN") or all(m.tag.startswith(("NN", "J", "XSN")) for m in words)):
        return ""
    return cut(sen, words[0].start, words[-1].end, sorted([*holes, *skipped_spans(words)]))


def _bare(action: str) -> bool:
    """An action with no thing of its own: "주문하기", "이번엔 꼭 참석하기" (only a verb and vague words)."""
    words = action.split()
    if not words or not words[-1].endswith("기"):
        return False              # a thing named, no verb: "분리수거" of "분리수거 격주로" (the sixtieth session)
    if len(words) > 1 and words[-1] in _AUXILIARY:   # "다시 주문해 놓기": the verb is the word before
        words = words[:-1]
    return all(w in W.KO_VAGUE_ADVERB_WORDS or w in ("모시고", "데리고", "가지고") or w in _FETCH for w in words[:-1])


_WEATHER = re.compile(r"(?:비|눈|소나기|장마|태풍|바람)(?:가|이)?\s(?:오기|내리기|불기|그치기|오겠)")   # "비 올 거야": the weather
_AUXILIARY = frozenset({"놓기", "두기", "주기", "드리기", "버리기"})   # -어 놓다 / 두다 / 주다 after the verb
_FETCH = frozenset({"데리러", "모시러", "가지러", "찾으러"})   # going to fetch someone or something


def _verb_words(action: str) -> list[str]:
    """An action's verb: its last word, with the verb before it when that is an auxiliary ("주문해 놓기")."""
    words = action.split()
    return words[-2:] if len(words) > 1 and words[-1] in _AUXILIARY else words[-1:]


def _with_thing(c: Commitment, lead: str, before: tuple[int, str] | None = None) -> Commitment:
    """The thing named in the sentence before ("동대표 회의 있는데, 꼭 참석할게요") and, with `before`
    (where that sentence started, its words), its due; without it the thing the same sentence named
    before the promise's clause ("교회 바자회 음식 내가 하기로 했는데 토요일 아침까지 가져가야 돼")."""
    action = " ".join([lead, *_verb_words(c.action)])
    if before is None:
        return Commitment(action, c.clause, c.clause_span, c.remind)
    start, said = before
    return Commitment(action, f"{said} {c.clause}", (start, c.clause_span[1]), c.remind)


def _time_only(ms: Sequence[Morph], holes: Sequence[Span]) -> bool:
    """A sentence that only says a time: "4시 반에요", "내일 낮 12시에요"."""
    rest = [m for m in ms if not any(hs <= m.start < he for hs, he in holes)]
    return len(rest) < len(ms) and all(m.tag in ("SP", "SF", "VCP", "EF", "JX", "JKB", "SN", "IC") or m.form in ("요", "시", "분", "반")
                                       for m in rest)   # "… 사야 돼 음 다음 주 수요일 전에", "… 6시로 아 6시 반"
