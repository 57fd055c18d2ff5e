"""Korean commitment and closure rules for one sentence, read from Kiwi's morphemes (see `commitments`).

A Korean promise is in its predicate's endings: 보내+어야+하 (must), 보내+기+로+하+었 (decided to),
보내+ᆯ게 (will, promised), 보내+ᆯ 거+이+야 (going to), 보내+려고 하 (plan), 배우+고 싶 (wish), and
알리+어+주 / 잊+지 않+게 (remind me). The action is the words before the predicate's last stem, time
words cut out, with the stem turned into a noun with -기: 지원서 제출하기, 민수한테 슬라이드 보내주기.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jarvisd.openloop import commitment_words as W
from jarvisd.openloop.commitment_types import Closure, Commitment, SentenceReading, Span, cut
from jarvisd.openloop.korean_morph import KoreanAnalyzer, Morph

__all__ = ["read_sentence"]

_VERB_TAGS = ("VV", "XSV", "VX", "VA", "VCP")


@dataclass(frozen=True)
class _Hit:
    kind: str                   # must / decided / promise / intend / plan / wish / remind
    stem: int                   # index of the action's last stem (-1: a noun-only reminder)
    at: int                     # index where the predicate's promise starts (for negation and subject)
    remind: bool = False


def _v(m: Morph) -> bool:
    return m.tag.split("-")[0] in _VERB_TAGS


def _is(m: Morph, form: str, tag: str = "") -> bool:
    return m.form == form and (not tag or m.tag.startswith(tag))


def _final(ms: Sequence[Morph], i: int) -> bool:
    """A final ending, or one Kiwi reads as connective before a comma ("안 할래, 빼줘")."""
    j = i + 1 + (i + 1 < len(ms) and _is(ms[i + 1], "요", "JX"))      # "신청하려고요"
    return ms[i].tag == "EF" or (ms[i].tag == "EC" and (j >= len(ms) or ms[j].tag in ("SP", "SF")))


# ---------------------------------------------------------------- sentences

def _sentences(ms: Sequence[Morph]) -> list[tuple[int, int]]:
    """Morpheme ranges of the sentences: a final ending (EF) closes one, with its "?" or "요"; so does a
    comma after a connective ending other than -고 / -서 (a transcript has no full stops)."""
    out, start, i = [], 0, 0
    while i < len(ms):
        m = ms[i]
        end = m.tag == "EF" or m.tag == "SF" or (
            m.tag == "SP" and i > 0 and ms[i - 1].tag == "EC" and ms[i - 1].form not in ("고", "어서", "아서")) or (
            m.form == "고" and m.tag == "EC" and i > 0 and ms[i - 1].form in W.KO_PAST)   # "보냈고 이제 …": done, then
        if end:
            while i + 1 < len(ms) and (ms[i + 1].tag in ("SF", "SP") or _is(ms[i + 1], "요", "JX")):
                i += 1
            out.append((start, i + 1))
            start = i + 1
        i += 1
    if start < len(ms):
        out.append((start, len(ms)))
    return out


def _is_question(sen: str, ms: Sequence[Morph]) -> bool:
    """A "?", a question ending (했니, 했나, 할까), or a question word (뭐, 언제, 어디, 몇)."""
    if sen[ms[0].start:ms[-1].end + 1].rstrip().endswith("?"):
        return True
    enders = [m for m in ms if m.tag in ("EF", "EC")]
    words = [m for m in ms if m.tag not in ("SP", "SF")]     # "전화해야 할까, 아니면 …": the comma after it
    if enders and enders[-1].form in W.KO_QUESTION_ENDINGS and words and enders[-1] is words[-1]:
        return True
    return any(m.form in W.KO_QUESTION_WORDS and m.tag in ("NP", "MM", "MAG", "IC", "NNG") for m in ms)


def _hearsay(ms: Sequence[Morph]) -> bool:
    """"보내준대", "한대요", "내래": someone else said it, so it is their task, not the user's promise."""
    return any(m.tag == "EF" and m.form in W.KO_HEARSAY_ENDINGS for m in ms) or \
        any(_is(m, "ᆫ다고", "EC") or _is(m, "다고", "EC") for m in ms[-4:])


# ---------------------------------------------------------------- the promise in the predicate

def _remind(ms: Sequence[Morph]) -> _Hit | None:
    """"…라고 알려줘", "…는 거 잊지 않게 (알려줘)", "…잊지 말자", "리마인드 해줘": the user asks to be
    reminded; the action is the verb before the complement."""
    for k, m in enumerate(ms):
        ask = (_is(m, "알리", "VV") and k + 2 < len(ms) and _is(ms[k + 2], "주", "VX")
               and not (k + 3 < len(ms) and _is(ms[k + 3], "기", "ETN"))) or \
            (m.form in ("리마인드", "상기") and m.tag.startswith("NN"))
        note = _note_ask(ms, k)
        forget = _is(m, "잊", "VV") and k + 2 < len(ms) and _is(ms[k + 1], "지", "EC") and \
            ms[k + 2].form in ("않", "말") and not (k + 3 < len(ms) and _is(ms[k + 3], "고", "EC"))
        if not (ask or forget or note):
            continue
        j = k - 1
        if ask and j >= 3 and [x.form for x in ms[j - 3:j + 1]] == ["잊", "지", "말", "고"]:
            j -= 4                     # "주문하는 거 잊지 말고 알려줘"
        while j >= 0 and ms[j].tag in ("JKO", "JX", "SP"):
            j -= 1
        if j >= 1 and ms[j].form in ("거", "것") and ms[j].tag == "NNB" and ms[j - 1].tag == "ETM":
            return _Hit("remind", j - 2, k, remind=True)
        if j >= 1 and ms[j].tag == "EC" and ms[j].form in ("라고", "으라고", "하라고", "자고", "다고"):
            return _Hit("remind", j - 1, k, remind=True)
        if j >= 1 and _is(ms[j], "기", "ETN"):
            return _Hit("note", j - 1, k) if note else _Hit("remind", j - 1, k, remind=True)
        if note:
            return None                # "메모해줘" alone: the task may follow ("메모해줘, 양식 바꾸기")
        if j >= 0 and ms[j].form == "는지":
            return None          # "보냈는지 알려줘" asks a question
        inner = _must(ms[:k + 1]) or _promise(ms[:k])
        if inner:
            return _Hit(inner.kind, inner.stem, inner.at, remind=True)
        return _Hit("remind", -1, k, remind=True)
    return None


def _note_ask(ms: Sequence[Morph], k: int) -> bool:
    """"메모해줘", "적어 줘", "기록해 둬": the user asks for a note of a task."""
    m = ms[k]
    if m.form in ("메모", "기록") and m.tag.startswith("NN"):
        return k + 1 < len(ms) and ms[k + 1].form == "하"
    return _is(m, "적", "VV") and any(x.form in ("주", "두", "놓") and x.tag == "VX" for x in ms[k + 1:k + 4])


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
        if m.tag == "EF" or (nxt and (nxt.form in ("하", "되") or _is(nxt, "겠", "EP"))):
            return _Hit("must", i - 1, i)
    return None


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
        if _is(m, "기", "ETN") and i + 2 < n and ms[i + 1].form == "로" and _agreed(ms, i + 2):
            return _Hit("decided", i - 1, i)   # 하기로 했어, 치우기로 옆집이랑 약속했어
        if _final(ms, i) and m.form in W.KO_PROMISSIVE:
            return _Hit("promise", i - 1, i)
        if m.tag == "ETM" and m.form in ("ᆯ", "을") and i + 1 < n:
            nxt = ms[i + 1]
            if nxt.form in ("거", "것") and i + 2 < n and (ms[i + 2].tag == "VCP" or
                                                          (ms[i + 2].tag == "JKS" and i + 3 == n)):
                return _Hit("intend", i - 1, i)   # 할 거야; "갱신할게" read as 하+ᆯ 것+이 at the end
            if nxt.form in ("예정", "계획"):
                return _Hit("intend", i - 1, i)
        if m.form in ("려고", "으려고") and (_final(ms, i) or (i + 1 < n and ms[i + 1].form == "하")):
            return _Hit("plan", i - 1, i)
        if _is(m, "겠", "EP") and i + 1 < n and ms[i + 1].form in W.KO_DECLARATIVE_FORMAL and \
                ms[i - 1].form not in W.KO_NOT_ACTION_STEMS:        # not "알겠습니다" (understood)
            return _Hit("promise", i - 1, i)
        if m.tag == "EC" and m.form in ("ᆫ다고", "는다고", "다고") and i + 1 < n and _told(ms, i):
            stem = i - 2 if _is(ms[i - 1], "겠", "EP") else i - 1
            return _Hit("said", stem, i)      # "내가 민수한테 슬라이드 보내준다고 했어": I told him I'd send them
        if _is(m, "겠", "EP") and i + 1 < n and ms[i + 1].tag == "EF" and ms[i + 1].form in ("다", "어") and \
                (ms[i - 1].tag == "XSV" or (ms[i - 1].tag == "VV" and ms[i - 1].form not in W.KO_GUESS_STEMS)):
            if not any(x.tag == "EC" and x.form in ("면", "으면") for x in ms[:i]):
                return _Hit("promise", i - 1, i)  # "예약하겠다": a resolution ("늦겠다" is a guess; "돈 많으면 사겠다" a dream)
        if _is(m, "자", "EF") and _v(ms[i - 1]) and not _chat(ms[:i]):
            return _Hit("promise", i - 1, i)
        if _is(m, "고", "EC") and i + 1 < n and _is(ms[i + 1], "싶", "VX"):
            stem = ms[i - 1]
            home = stem.form == "가" and any(x.form == "집" for x in ms[max(i - 4, 0):i])
            if not (stem.tag.startswith("VV") and stem.form in W.KO_WISH_NOT_ACTION) and not home:
                return _Hit("wish", i - 1, i)
    return None


def _event(ms: Sequence[Morph]) -> _Hit | None:
    """"내일 3시에 병원 예약 있어": an appointment with a time is a promise to be there (the caller keeps
    it only when a time was said)."""
    for i, m in enumerate(ms):
        if m.form == "있" and m.tag.startswith(("VA", "VV")) and i >= 1 and ms[i - 1].form in W.KO_EVENT_NOUNS and \
                all(x.tag in ("EF", "SF", "JX") for x in ms[i + 1:]):
            return _Hit("event", -1, i)
    return None


def _agreed(ms: Sequence[Morph], j: int) -> bool:
    """After "-기로": 하다 or a word of agreeing (약속/결정/합의하다), with the person it was agreed with
    between ("옆집이랑 약속했어")."""
    last = j + 6
    while j < min(len(ms), last) and (ms[j].tag.startswith(("NN", "NP", "XSN")) and ms[j].form not in W.KO_AGREE_NOUNS
                                      or ms[j].tag == "JKB"):
        j += 1
    if j < len(ms) and ms[j].form == "하":
        return True
    return j + 1 < len(ms) and ms[j].form in W.KO_AGREE_NOUNS and ms[j + 1].form == "하"


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
    if ms[j].form == "하" and j == i + 1:
        return _said_by_me(ms[:i]) or _told_someone(ms[:i])
    speech = ms[j].form in W.KO_SPEECH_NOUNS and j + 1 < len(ms) and ms[j + 1].form == "하"
    return speech and (addressee or ms[j].form == "약속" or _said_by_me(ms[:i]))


def _told_someone(ms: Sequence[Morph]) -> bool:
    """"이 교수님께 … 보내드린다고 했어": a promise to someone the user honours (께, or the humble 드리),
    which only the user says of themself; "민수한테 보내준다고 했어" may be anyone's."""
    return any(m.tag == "JKB" and m.form == "께" for m in ms) or any(m.form == "드리" and m.tag.startswith("V") for m in ms)


def _said_by_me(ms: Sequence[Morph]) -> bool:
    """A quoted promise is the user's when the user is its subject: 내가 / 제가 / 나는."""
    return any(m.tag == "NP" and m.form in W.KO_SELF and i + 1 < len(ms) and ms[i + 1].tag in ("JKS", "JX")
               for i, m in enumerate(ms))


def _blocked(ms: Sequence[Morph], hit: _Hit) -> bool:
    """Not the user's open promise: said in the past (가야 했어, 하려고 했는데, 싶었어), negated
    (안 가야, 하지 않을 거야), someone else's (동생이 …, 지호는 …), or a counterfactual (갔을 텐데)."""
    stem = ms[hit.stem] if hit.stem >= 0 else None
    if stem is not None and not _v(stem):
        return True
    if stem is not None and stem.tag.startswith("VA") and hit.kind not in ("must", "remind"):
        return True
    tail = ms[hit.at:]
    if hit.kind not in ("decided", "said") and any(m.tag == "EP" and m.form in W.KO_PAST for m in tail):
        return True
    if any(m.form == "터" and m.tag == "NNB" for m in ms):
        return True
    if hit.stem >= 1 and (_negated(ms, hit.stem) or any(
            m.form in ("않", "말", "못하") and m.tag.startswith("VX") and not (k >= 2 and ms[k - 2].form == "잊")
            for k, m in enumerate(ms[hit.stem + 1:hit.at], hit.stem + 1))):   # "잊지 말고 알려줘" negates no task
        return True
    if hit.kind == "promise" and ms[hit.at].form in W.KO_PROMISSIVE:
        return False                   # "수진이 결혼식 축의금은 보낼게": -ㄹ게 is the speaker's own promise
    return _someone_else(ms[:hit.stem if hit.stem >= 0 else hit.at])


def _negated(ms: Sequence[Morph], stem: int) -> bool:
    """안 / 못 right before the stem, or before the noun of a 하다 verb (운동 안 해)."""
    prev = ms[stem - 1] if stem >= 1 else None
    return prev is not None and prev.form in ("안", "못") and prev.tag == "MAG"


def _a_person(m: Morph) -> bool:
    """Could this subject owe a task? A pronoun or name that is not the user, a person word (엄마, 팀장님);
    not a thing ("비가 오면", "보고서가"), nor Kiwi's one-letter name out of a word it split (요+가 in 요가)."""
    if m.form in W.KO_SELF or m.tag == "ETM":
        return False
    return (m.tag == "NP" or (m.tag == "NNP" and len(m.form) >= 2) or m.form in W.KO_PEOPLE
            or m.form == "님" or m.form.endswith("님"))


_CLAUSE_LINKS = W.KO_REASON_ENDINGS | frozenset("면 으면 어서 아서 고 지만 도 라서 이라서".split())


def _subject_of_the_predicate(ms: Sequence[Morph], i: int, noun: Morph) -> bool:
    """A thing as the subject of the sentence's own predicate ("비가 올 거야": a forecast, no promise), not
    of a clause before it ("비가 오면 우산 챙겨야 해"). Kiwi's one-letter name out of a split word (요+가
    of 요가) is no subject."""
    if noun.form in W.KO_SELF or noun.tag == "ETM" or (noun.tag == "NNP" and len(noun.form) < 2):
        return False
    return not any(m.tag == "EC" and m.form in _CLAUSE_LINKS for m in ms[i + 1:])


def _someone_else(ms: Sequence[Morph]) -> bool:
    """A subject that is not the user: 엄마가, 지호는, 팀장님이, 걔가 (나/저/우리 are the user); not the
    subject of a clause describing a thing ("아들이 보낸 위임장": the son sent it, the user signs it)."""
    for i, m in enumerate(ms):
        if i == 0:
            continue
        prev = ms[i - 1]
        if m.tag == "JKS" and any(x.tag == "ETM" and k + 1 < len(ms) and ms[k + 1].tag.startswith("NN")
                                  for k, x in enumerate(ms[i + 1:], i + 1)):
            continue
        if m.tag == "JKS" and (m.form == "께서" or _a_person(prev) or _subject_of_the_predicate(ms, i, prev)):
            return True
        if m.tag == "JX" and m.form in ("은", "는", "ᆫ") and (
                prev.tag in ("NNP",) or (prev.tag == "NP" and prev.form not in W.KO_SELF)
                or prev.form in W.KO_PEOPLE or prev.form == "님"):
            return True
    return False


# ---------------------------------------------------------------- the words of the action

def _skipped(ms: Sequence[Morph]) -> list[Span]:
    """Morphemes the action leaves out: fillers, conjunctions, vague adverbs, the user as subject."""
    out = []
    for i, m in enumerate(ms):
        if m.tag in ("IC", "MAJ") or (m.tag in ("MAG", "NNG") and m.form in W.KO_VAGUE_ADVERBS) or \
                m.form in W.KO_FILLERS and m.tag in ("IC", "MAJ", "MAG", "MM"):
            out.append((m.start, m.end))
        elif _is(m, "잊", "VV") and [x.form for x in ms[i + 1:i + 4]] == ["지", "말", "고"]:
            out.append((m.start, ms[i + 3].end))       # "잊지 말고 우산 챙기라고": not part of the task
        elif m.tag == "NP" and m.form in W.KO_SELF:
            end = ms[i + 1].end if i + 1 < len(ms) and ms[i + 1].tag in ("JKS", "JX") else m.end
            out.append((m.start, end))
    return out


def _start(ms: Sequence[Morph], stem: int) -> int:
    """The action starts after the last reason clause before its stem ("결혼기념일이라 …"), unless the
    stem is a state (있어야 돼) that needs the reason to say anything."""
    if stem >= 0 and ms[stem].form in ("있", "없"):
        return 0
    for i in range(stem - 1, 0, -1):
        if ms[i].tag == "EC" and (ms[i].form in W.KO_REASON_ENDINGS or
                                  ms[i].form in ("아서", "어서") and ms[i - 1].tag.startswith("VA")):
            return i + 1               # "패딩이 너무 작아서 반품해야 돼": an adjective's -아서 is a reason
    return 0


def _reason_thing(sen: str, ms: Sequence[Morph]) -> str:
    """The thing a reason clause is about: the nouns right before its predicate ("패딩 너무 작아서" ->
    "패딩", "엄마 치과 예약 있으니까" -> "엄마 치과 예약")."""
    end = next((k for k in range(len(ms) - 1, -1, -1) if ms[k].tag.startswith(("VA", "VV"))), -1)
    k = end - 1
    while k >= 0 and (ms[k].tag in ("MAG", "JKS", "JX") or ms[k].tag.startswith("J")):
        k -= 1
    last = k
    while k >= 0 and ms[k].tag in ("NNG", "NNP"):
        k -= 1
    return sen[ms[k + 1].start:ms[last].end] if last > k else ""


def _noun_form(sen: str, ms: Sequence[Morph], start: int, stem: int, holes: Sequence[Span]) -> str:
    """The words from morpheme `start` up to the stem, with the stem as a -기 noun: "지원서 제출하기"."""
    holes = sorted([*holes, *_skipped(ms[start:stem])])
    while start < stem and (ms[start].tag.startswith("J") or ms[start].tag in W.KO_PUNCT_TAGS or
                            any(hs <= ms[start].start and ms[start].end <= he for hs, he in holes)):
        start += 1                     # "오후 2시로 정정할게요": no "로" left by the cut time
    if stem < 0:
        return cut(sen, ms[start].start, ms[-1].start, holes)
    words = cut(sen, ms[start].start, ms[stem].start, holes) if stem > start else ""
    glue = "" if stem > 0 and ms[stem].start == ms[stem - 1].end and words else " "
    if stem > start and ms[stem].start > ms[stem - 1].start and ms[stem].start < ms[stem - 1].end:
        glue = ""                      # a contraction: 보내[어]주 -> "보내" + "주기"
    return f"{words}{glue}{ms[stem].form}기".strip()


def _conjuncts(ms: Sequence[Morph], start: int, stem: int, holes: Sequence[Span]) -> list[tuple[int, int]]:
    """"우유 사고 은행 가야 해" is two promises: split at a -고 that joins two verbs with their own
    objects, not at "퇴근하고" (a time) nor at "배워보고 싶어" (an auxiliary)."""
    parts, pos = [], start
    for g in range(start + 1, stem):
        m = ms[g]
        if not _is(m, "고", "EC") or not _v(ms[g - 1]) or ms[g + 1].tag.startswith("VX"):
            continue
        head = ms[g - 2].form if ms[g - 1].tag == "XSV" and g >= 2 else ms[g - 1].form
        if head in W.KO_SEQUENCE_STEMS or any(hs <= m.start < he for hs, he in holes):
            continue
        if any(x.tag.startswith("NN") for x in ms[pos:g - 1]):
            parts.append((pos, g - 1))
            pos = g + 1
    parts.append((pos, stem))
    return parts


def _commitments(sen: str, ms: Sequence[Morph], base: int, holes: Sequence[Span]) -> list[Commitment]:
    """The promise of one Korean sentence, or two when -고 joins two tasks."""
    hit = _remind(ms) or _must(ms) or _promise(ms) or _event(ms)
    if hit is None or (_hearsay(ms) and not hit.remind and hit.kind != "said") or _blocked(ms, hit):
        return []
    if hit.remind and hit.stem >= 1 and ms[hit.stem].form == "있" and ms[hit.stem - 1].tag.startswith("NN"):
        hit = _Hit(hit.kind, -1, hit.stem, remind=True)     # "7시에 회의 있다고 알려줘": remind of the meeting
    start = _start(ms, hit.stem)
    clause_span = (ms[0].start, ms[-1].end)
    if start > 0 and any(ms[start].start <= hs < ms[-1].end for hs, _ in holes):
        clause_span = (ms[start].start, ms[-1].end)   # "내일 손주들 오니까 오늘 장 봐야겠다": the reason's day is not the due
    clause = sen[clause_span[0]:clause_span[1]]
    if hit.stem < 0:   # "3시에 회의 알려줘": a reminder of a thing, not of a deed
        nouns = [m for m in ms[start:hit.at] if m.tag.startswith("NN") and not any(
            hs <= m.start < he for hs, he in holes)]
        if not holes or not nouns or any(m.form in W.KO_INFO_NOUNS for m in nouns):
            return []
        action = cut(sen, ms[start].start, ms[hit.at].start, sorted([*holes, *_skipped(ms)]))
        return [Commitment(action, clause, (base + clause_span[0], base + clause_span[1]), hit.remind)]
    out = []
    reason = _reason_thing(sen, ms[:start]) if start > 0 else ""
    for a, b in _conjuncts(ms, start, hit.stem, holes):
        action = _noun_form(sen, ms, a, b, holes)
        if reason and _bare(action):
            action = f"{reason} {action.split()[-1]}"   # "엄마 치과 예약 있으니까 모시고 가야 해"
        elif reason and ms[start - 1].form in ("아서", "어서") and reason not in action:
            action = f"{reason} {action}"                 # "노트북 화면이 어두워서 수리 맡겨야 돼"
        if b >= 1 and ms[b - 1].form in ("취소", "그만"):
            continue                          # "치과는 취소하고": a withdrawal (a closure), not a task
        if action and not set(action.split()) <= W.KO_VAGUE_WORDS:
            out.append(Commitment(action, clause, (base + clause_span[0], base + clause_span[1]), hit.remind))
    return out


# ---------------------------------------------------------------- closures

def _topic(ms: Sequence[Morph], until: int) -> int:
    """The index of a topic particle (은/는) before `until` ("은행 가는 건 취소됐어"), or -1."""
    for i in range(1, until):
        if ms[i].tag == "JX" and ms[i].form in ("은", "는", "ᆫ") and ms[i - 1].tag.startswith(("NN", "NP")):
            return i
    return -1


def _reference(sen: str, ms: Sequence[Morph], end: int, holes: Sequence[Span]) -> str:
    """The words naming the task, up to morpheme `end` (exclusive): the topic if there is one, particles
    off the end, "가는 거" turned into "가기"."""
    topic = _topic(ms, end)
    end = topic if topic > 0 else end
    start = _start(ms, end)
    holes = sorted([*holes, *((m.start, m.end) for m in ms[start:end] if m.form in ("안", "못", "다") and m.tag == "MAG")])
    while end > start and (ms[end - 1].tag.startswith(("J", "SP", "SF")) or ms[end - 1].form in ("안", "못", "다")
                           or (_is(ms[end - 1], "하", "VV") and end - 1 > start)):
        end -= 1
    if end - start >= 2 and ms[end - 1].form in ("거", "것") and ms[end - 2].tag == "ETM":
        return _noun_form(sen, ms, start, end - 3, holes)
    if end > start and _v(ms[end - 1]) and ms[end - 1].form != "하":
        return _noun_form(sen, ms, start, end - 1, holes)
    if end <= start or (end - start == 1 and ms[start].tag == "NP"):
        return ""                      # "그거 안 하기로 했어": a pronoun names no task
    return cut(sen, ms[start].start, ms[end - 1].end, sorted([*holes, *_skipped(ms[start:end])]))


def _closure(sen: str, ms: Sequence[Morph], holes: Sequence[Span]) -> Closure | None:
    """취소됐어 / 안 해도 돼 / 필요 없어 / 안 하기로 했어 / 잊어버려 (dismissed); 끝났어 / 완료 / 다 했어 /
    보냈어 (done). Hearsay may still dismiss ("안 내도 된대"); a negated past ("안 했어") closes nothing."""
    clause = sen[ms[0].start:ms[-1].end]
    for i, m in enumerate(ms):
        if m.form == "취소" and m.tag.startswith("NN"):
            return Closure("dismissed", _reference(sen, ms, i, holes), clause)
        if m.form in ("어도", "아도") and m.tag == "EC" and i + 1 < len(ms) and ms[i + 1].form == "되" and \
                i >= 2 and any(_negated(ms, j) for j in range(max(1, i - 4), i)):   # 안 돌려줘도 (돌리+어+주+어도)
            return Closure("dismissed", _reference(sen, ms, i, holes), clause)
        if m.form == "없" and i + 2 < len(ms) and ms[i + 1].form == "던" and ms[i + 2].form in ("걸", "거", "것", "일"):
            return Closure("dismissed", _reference(sen, ms, i, holes), clause)   # "... 없던 걸로 해줘"
        if m.form == "필요" and i + 1 < len(ms) and ms[i + 1].form == "없":
            ref_end = i - 1 if i >= 1 and ms[i - 1].tag == "ETM" else i
            return Closure("dismissed", _reference(sen, ms, ref_end, holes), clause)
        if _is(m, "기", "ETN") and i >= 2 and _negated(ms, i - 1) and i + 2 < len(ms) and ms[i + 2].form == "하":
            return Closure("dismissed", _reference(sen, ms, i - 1, holes), clause)
        if _final(ms, i) and m.form in W.KO_PROMISSIVE and i >= 2 and _negated(ms, i - 1):
            return Closure("dismissed", _reference(sen, ms, i - 1, holes), clause)    # "보험 갱신 안 할래"
        if (m.form == "없어지" or _is(m, "없", "VA") and [x.form for x in ms[i + 1:i + 3]] == ["어", "지"]) and \
                any(x.form in W.KO_PAST for x in ms[i + 1:]):
            return Closure("dismissed", _reference(sen, ms, i, holes), clause)    # "성가대 연습 없어졌대"
        if i >= 2 and _negated(ms, i - 1) and m.tag == "ETM" and m.form in ("ᆯ", "을") and i + 1 < len(ms) and \
                ms[i + 1].form in ("거", "것"):
            return Closure("dismissed", _reference(sen, ms, i - 1, holes), clause)   # "해지 안 할 거야"
        if i >= 2 and _negated(ms, i - 1) and m.tag == "EF" and m.form in ("어", "아", "어요", "아요") and \
                i == len([x for x in ms if x.tag not in ("SP", "SF")]) - 1 and _v(ms[i - 1]):
            return Closure("dismissed", _reference(sen, ms, i - 1, holes), clause)   # "반품 안 해"
        if m.form in ("잊", "잊어버리") and m.tag == "VV" and not any(x.form in ("않", "말") for x in ms[i:]):
            if ms[-1].tag == "EF" and not any(x.form in W.KO_PAST for x in ms[i:]):
                return Closure("dismissed", _reference(sen, ms, i, holes), clause)
    if _hearsay(ms) and not any(m.tag == "EP" and m.form in W.KO_PAST for m in ms):
        return None                    # "엄마가 벌써 시키셨대" did it; "보내준대" has not yet
    return _done(sen, ms, holes, clause)


def _done(sen: str, ms: Sequence[Morph], holes: Sequence[Span], clause: str) -> Closure | None:
    """The user (or someone) did it: a past action verb at the end, or a finishing word (끝, 완료)."""
    for i, m in enumerate(ms):
        rest = ms[i + 1:]
        quote = next((k for k, x in enumerate(rest) if x.tag == "EC" and x.form in W.KO_QUOTE_ENDINGS), None)
        if quote is not None:          # "끝내겠다고 말했어": the predicate of the quote, not of "말했어"
            rest = rest[:quote]
        if m.form in W.KO_DONE_STEMS and (all(x.tag in W.KO_PUNCT_TAGS for x in rest)
                                          or any(x.form in W.KO_PAST for x in rest)):
            if not (i >= 1 and _negated(ms, i)):
                return Closure("done", _reference(sen, ms, i, holes), clause)
    past = [i for i, m in enumerate(ms) if m.tag == "EP" and m.form in W.KO_PAST]
    if any(m.tag == "EC" and m.form in W.KO_QUOTE_ENDINGS for m in ms[:past[-1] if past else 0]):
        return None                    # "끝내겠다고 말했어": telling of a task is not doing it
    if not past or ms[-1].form in ("거든",) or \
            any(m.tag not in ("EF", "SF", "JX", "SP", "EP") and not _is(m, "고", "EC") for m in ms[past[-1] + 1:]):
        return None                    # "눈 왔으면 좋겠다": the past is in a condition, not the predicate
    stem = past[-1] - 1
    while stem >= 0 and ms[stem].tag == "EP":      # 가져가+시+었
        stem -= 1
    if stem >= 3 and ms[stem].form in ("오", "가", "다녀오") and _is(ms[stem - 1], "고", "EC") and _v(ms[stem - 2]):
        stem -= 2                      # "주사 맞히고 왔어": the deed is 맞히기, the coming back is not
    if stem < 0 or not _v(ms[stem]) or ms[stem].tag.startswith(("VA", "VCP")) or _negated(ms, stem):
        return None
    if any(m.form in ("어야", "아야", "싶", "려고", "으려고", "기", "지") for m in ms[max(stem - 2, 0):past[-1]]):
        return None
    if _is(ms[stem], "하", "VV"):                 # "(보고서) 다 했어", "숙제 했어"
        return Closure("done", _reference(sen, ms, stem, holes), clause)
    if ms[stem].form in W.KO_NOT_DONE_STEMS and ms[stem].tag != "XSV":
        return None
    return Closure("done", _noun_form(sen, ms, _start(ms, stem), stem, holes), clause)


# ---------------------------------------------------------------- the sentence

def _usable(sen: str, holes: Sequence[Span], ms: Sequence[Morph]) -> list[Span]:
    """Time spans end at a word's end or before its particle: one that ends inside a word is cut back
    ("내일 은" of "내일 은행" -> "내일"), or dropped ("연말" of "연말정산")."""
    out = []
    for hs, he in holes:
        ends = [m.end for m in ms if hs < m.end <= he]
        for end in sorted(ends, reverse=True):
            after = [m for m in ms if m.start == end]
            if end >= len(sen) or not sen[end].isalnum() or (after and after[0].tag.startswith(("J", "E"))):
                out.append((hs, end))
                break
    return out


def read_sentence(text: str, span: Span, holes: Sequence[Span], analyzer: KoreanAnalyzer) -> SentenceReading:
    """Commitments and closures of the Korean sentence `text[span]`; `holes` are the utterance's time
    expressions."""
    s, e = span
    sen = text[s:e]
    morphs = analyzer.morphs(sen)
    if not morphs:
        return SentenceReading()
    local = _usable(sen, [(max(hs, s) - s, min(he, e) - s) for hs, he in holes if he > s and hs < e], morphs)
    commitments: list[Commitment] = []
    closures: list[Closure] = []
    question = False
    topic = ""              # what the sentence before was about: "동생 선물은 …, 난 안 사도 돼"
    lead = ""               # the nouns it started with: "초코 사료 다 떨어졌네, 주문해야겠다"
    note_asked = False      # it only asked for a note: "메모해줘, 양식 바꾸기"
    before = (0, "")        # where it started and its words, for a due said there
    for a, b in _sentences(morphs):
        ms = morphs[a:b]
        if all(m.tag in ("SF", "SP", "SW") for m in ms):
            continue
        question = _is_question(sen, ms)
        found = _commitments(sen, ms, s, local)
        if not found and note_asked and (task := _task_phrase(sen, ms, local)):
            found = [Commitment(task, sen[ms[0].start:ms[-1].end], (s + ms[0].start, s + ms[-1].end), False)]
        found = [_with_thing(c, lead, before) if lead and _bare(c.action) else c for c in found]
        if not found and commitments and _time_only(ms, local):   # "…데려오기로 했어요, 4시 반에요."
            last = commitments[-1]
            commitments[-1] = Commitment(last.action, f"{last.clause} {sen[ms[0].start:ms[-1].end]}",
                                         (last.clause_span[0], s + ms[-1].end), last.remind)
            continue
        note_asked = _is_note_request(ms)
        if question and not any(c.remind for c in found):
            continue
        commitments.extend(found)
        closure = _closure(sen, ms, local)
        if closure is not None and (not closure.reference or _vague(closure.reference, ms)) and (topic or lead):
            closure = Closure(closure.status, topic or lead, closure.clause)   # "수진이 안 된대, 그 약속은 …"
        topic = _reference(sen, ms, len(ms), local) if _topic(ms, len(ms)) > 0 else ""
        if found:
            lead, before = "", (0, "")
        elif said := _lead_nouns(sen, ms, local):   # the last thing named, across "음 언제 하지..."
            lead, before = said, (s + ms[0].start, sen[ms[0].start:ms[-1].end])
        elif before[1]:
            before = (before[0], f"{before[1]} {sen[ms[0].start:ms[-1].end]}")
        if closure is not None and closure.status == "dismissed":
            commitments = [c for c in commitments if not _status_quo(c.clause)]   # "그냥 계속 볼래, 해지 안 할 거야"
        if closure is not None and (not found or closure.status == "dismissed"):
            closures.append(closure)          # "치과는 취소하고 대신 병원 가야 돼": both
        question = question and not found
    return SentenceReading(tuple(commitments), tuple(closures), question)


def _vague(reference: str, ms: Sequence[Morph]) -> bool:
    """"그 약속", "그 일": a word for any task, pointed at, names none of them."""
    return reference in W.KO_GENERIC_NOUNS and any(m.tag == "MM" and m.form in ("그", "이", "저") for m in ms)


def _lead_nouns(sen: str, ms: Sequence[Morph], holes: Sequence[Span]) -> str:
    """The nouns a sentence starts with, fillers and time words aside: "초코 사료" of "초코 사료 거의 다
    떨어졌네", "수진" of "수진이 금요일에 안 된대"."""
    i = 0
    while i < len(ms) and (ms[i].tag in ("IC", "MAJ", "MM") or any(hs <= ms[i].start < he for hs, he in holes)):
        i += 1
    j = i
    while j < len(ms) and ms[j].tag in ("NNG", "NNP") and not any(hs <= ms[j].start < he for hs, he in holes):
        j += 1
    if j < len(ms) and ms[j].tag.startswith(("V", "XSV")) and ms[j].start == ms[j - 1].end:
        j -= 1                         # "내과 예약돼 있어요": 예약 belongs to the verb; "전화했어": no thing
    if j == i:
        return ""
    return sen[ms[i].start:ms[j - 1].end]


def _task_phrase(sen: str, ms: Sequence[Morph], holes: Sequence[Span]) -> str:
    """A task said as a noun phrase after a note request: "세금계산서 양식 바꾸기", "치과 예약"."""
    words = [m for m in ms if m.tag not in ("SP", "SF")]
    if not words or not (_is(words[-1], "기", "ETN") or all(m.tag.startswith(("NN", "J", "XSN")) for m in words)):
        return ""
    return cut(sen, words[0].start, words[-1].end, sorted([*holes, *_skipped(words)]))


def _bare(action: str) -> bool:
    """An action with no thing of its own: "주문하기", "이번엔 꼭 참석하기" (only a verb and vague words)."""
    words = action.split()
    return all(w in W.KO_VAGUE_ADVERB_WORDS or w in ("모시고", "데리고", "가지고") for w in words[:-1])


def _with_thing(c: Commitment, lead: str, before: tuple[int, str]) -> Commitment:
    """The thing named in the sentence before ("동대표 회의 있는데, 꼭 참석할게요") and its due."""
    verb = c.action.split()[-1]
    start, said = before
    return Commitment(f"{lead} {verb}", f"{said} {c.clause}", (start, c.clause_span[1]), c.remind)


def _time_only(ms: Sequence[Morph], holes: Sequence[Span]) -> bool:
    """A sentence that only says a time: "4시 반에요", "내일 낮 12시에요"."""
    rest = [m for m in ms if not any(hs <= m.start < he for hs, he in holes)]
    return len(rest) < len(ms) and all(m.tag in ("SP", "SF", "VCP", "EF", "JX", "JKB", "SN") or m.form in ("요", "시", "분", "반")
                                       for m in rest)


def _status_quo(clause: str) -> bool:
    """"넷플릭스는 그냥 계속 볼래": keeping things as they are, said beside a withdrawal, is no task."""
    return any(w in clause.split() for w in ("그냥", "계속"))
