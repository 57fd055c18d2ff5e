"""Korean closings of one sentence: 취소됐어 / 안 해도 돼 / 필요 없어 / 안 하기로 했어 / 없어졌대 (dismissed);
끝났어 / 완료 / 다 했어 / 보냈어 (done), and the words that name the task closed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from jarvisd.openloop import commitment_words as W
from jarvisd.openloop.commitment_types import Closure, Span, cut
from jarvisd.openloop.ko_grammar import (
    action_start,
    is_final,
    is_hearsay,
    is_morph,
    is_verb,
    negated,
    noun_form,
    skipped_spans,
)
from jarvisd.openloop.korean_morph import Morph


def topic_index(ms: Sequence[Morph], until: int) -> int:
    """The index of a topic particle (은/는) before `until` ("은행 가는 건 취소됐어"), or -1."""
    for i in range(1, until):
        if ms[i].tag == "JX" and ms[i].form in ("은", "는", "ᆫ") and ms[i - 1].tag.startswith(("NN", "NP")):
            return i
    return -1


def reference(sen: str, ms: Sequence[Morph], end: int, holes: Sequence[Span]) -> str:
    """The words naming the task, up to morpheme `end` (exclusive): the topic if there is one, particles
    off the end, "가는 거" turned into "가기"."""
    topic = topic_index(ms, end)
    end = topic if topic > 0 else end
    start = action_start(ms, end)
    holes = sorted([*holes, *((m.start, m.end) for m in ms[start:end] if m.form in ("안", "못", "다") and m.tag == "MAG")])
    while end > start and (ms[end - 1].tag.startswith(("J", "SP", "SF")) or ms[end - 1].form in ("안", "못", "다")
                           or (is_morph(ms[end - 1], "하", "VV") and end - 1 > start)):
        end -= 1
    if end - start >= 2 and ms[end - 1].form in ("거", "것") and ms[end - 2].tag == "ETM":
        return noun_form(sen, ms, start, end - 3, holes)
    if end > start and is_verb(ms[end - 1]) and ms[end - 1].form != "하":
        return noun_form(sen, ms, start, end - 1, holes)
    if end <= start or (end - start == 1 and ms[start].tag == "NP"):
        return ""                      # "그거 안 하기로 했어": a pronoun names no task
    return cut(sen, ms[start].start, ms[end - 1].end, sorted([*holes, *skipped_spans(ms[start:end])]))


def sentence_closure(sen: str, ms: Sequence[Morph], holes: Sequence[Span]) -> Closure | None:
    """취소됐어 / 안 해도 돼 / 필요 없어 / 안 하기로 했어 / 잊어버려 (dismissed); 끝났어 / 완료 / 다 했어 /
    보냈어 (done). Hearsay may still dismiss ("안 내도 된대"); a negated past ("안 했어") closes nothing."""
    clause = sen[ms[0].start:ms[-1].end]
    if W.KO_KEEP.search(clause):
        return None                    # "밥 전화는 취소하지 마", "보고서 지우지 마": kept, not withdrawn
    if any(m.form in ("요새", "요즘", "요즈음") and m.tag.startswith("NN") for m in ms):
        return None                    # "요새는 못 해", "요즘 헬스 안 가": a habit these days, not this promise
    for i, m in enumerate(ms):
        if m.form == "취소" and m.tag.startswith("NN"):
            return Closure("dismissed", reference(sen, ms, i, holes), clause)
        if m.form in ("어도", "아도") and m.tag == "EC" and i + 1 < len(ms) and ms[i + 1].form == "되" and \
                i >= 2 and any(negated(ms, j) for j in range(max(1, i - 4), i)):   # 안 돌려줘도 (돌리+어+주+어도)
            return Closure("dismissed", reference(sen, ms, i, holes), clause)
        if m.form in ("어도", "아도") and m.tag == "EC" and i + 1 < len(ms) and ms[i + 1].form == "되" and \
                i >= 2 and is_morph(ms[i - 1], ms[i - 1].form, "VV") and ms[i - 1].form in _OFF_THE_LIST:
            return Closure("dismissed", reference(sen, ms, i - 1, holes), clause)   # "숙제 봐주는 거 지워도 된다"
        if m.form == "없" and i + 2 < len(ms) and ms[i + 1].form == "던" and ms[i + 2].form in ("걸", "거", "것", "일"):
            return Closure("dismissed", reference(sen, ms, i, holes), clause)   # "... 없던 걸로 해줘"
        if m.form == "필요" and i + 1 < len(ms) and ms[i + 1].form == "없":
            ref_end = i - 1 if i >= 1 and ms[i - 1].tag == "ETM" else i
            return Closure("dismissed", reference(sen, ms, ref_end, holes), clause)
        if is_morph(m, "기", "ETN") and i >= 2 and negated(ms, i - 1) and i + 2 < len(ms) and ms[i + 2].form == "하":
            return Closure("dismissed", reference(sen, ms, i - 1, holes), clause)
        if is_final(ms, i) and m.form in W.KO_PROMISSIVE and i >= 2 and negated(ms, i - 1):
            return Closure("dismissed", reference(sen, ms, i - 1, holes), clause)    # "보험 갱신 안 할래"
        if (m.form == "없어지" or is_morph(m, "없", "VA") and [x.form for x in ms[i + 1:i + 3]] == ["어", "지"]) and \
                any(x.form in W.KO_PAST for x in ms[i + 1:]):
            return Closure("dismissed", reference(sen, ms, i, holes), clause)    # "성가대 연습 없어졌대"
        if i >= 2 and negated(ms, i - 1) and m.tag == "ETM" and m.form in ("ᆯ", "을") and i + 1 < len(ms) and \
                ms[i + 1].form in ("거", "것"):
            return Closure("dismissed", reference(sen, ms, i - 1, holes), clause)   # "해지 안 할 거야"
        if i >= 2 and negated(ms, i - 1) and m.tag == "EF" and m.form in ("어", "아", "어요", "아요") and \
                i == len([x for x in ms if x.tag not in ("SP", "SF")]) - 1 and is_verb(ms[i - 1]):
            return Closure("dismissed", reference(sen, ms, i - 1, holes), clause)   # "반품 안 해"
        if is_morph(m, "알", "VV") and i + 2 < len(ms) and ms[i + 1].form == "어서" and is_morph(ms[i + 2], "하", "VV") \
                and i >= 2 and ms[i - 1].tag == "JKS" and ms[i - 2].form not in W.KO_SELF and topic_index(ms, i) > 0:
            return Closure("dismissed", reference(sen, ms, i, holes), clause)   # "보험 서류는 준혁이가 알아서 한대":
                                                                                # someone else takes it on
        if (nevermind := _never_mind(ms, i)) is not None:
            return Closure("dismissed", reference(sen, ms, nevermind, holes), clause)   # "우유는 됐어"
        if m.form in ("잊", "잊어버리") and m.tag == "VV" and not any(x.form in ("않", "말") for x in ms[i:]):
            if ms[-1].tag == "EF" and not any(x.form in W.KO_PAST for x in ms[i:]):
                return Closure("dismissed", reference(sen, ms, i, holes), clause)
    if (works := _works_again(ms)) is not None:   # "주차장 차단기 이제 잘 올라가네": fixed, checked
        return Closure("done", reference(sen, ms, works, holes), clause)
    if is_hearsay(ms) and not any(m.tag == "EP" and m.form in W.KO_PAST for m in ms):
        return None                    # "엄마가 벌써 시키셨대" did it; "보내준대" has not yet
    if is_hearsay(ms) and any(m.form == "자기" and m.tag == "NP" for m in ms):
        return None                    # "형은 자기 차 타이어 바꿨대": his own car, no promise of the user's
    if any(m.form in _SHIFTS and m.tag.startswith("NN") for m in ms) and any(is_morph(m, "바꾸", "VV") for m in ms):
        return None                    # "토요일 근무 지수랑 바꿨어": a shift swapped, no promise done (memory's)
    if _partly(ms):
        return None                    # "서류 반쯤 챙겼어", "거의 다 썼어": not done yet
    if any(m.tag == "EP" and m.form in ("었었", "았었") or m.form in W.KO_REMOTE_PAST for m in ms):
        return None                    # "작년엔 요양원에서 파티 했었지": a memory, no promise done today
    return done_closure(sen, ms, holes, clause) or _done_before_but(sen, ms, holes, clause)


_SHIFTS = frozenset("근무 당직 나이트 이브닝 시프트 교대".split())


def _never_mind(ms: Sequence[Morph], i: int) -> int | None:
    """"우유는 됐어", "은행 전화는 됐어요", "메일은 괜찮아": a thing named as the topic, then only 됐어 / 괜찮아 (the
    fifty-ninth session: to SmolLM2, the milk kept). The index where the thing's words end (its topic particle), or
    None. Not with 다 ("빨래는 다 됐어" is done), nor without the topic ("밥 됐어": the rice is cooked), nor asked."""
    # the checks at i first: the words and the question mark are read only for a topic there (pass 62b: each
    # morpheme of a 4,000-character turn read the whole turn again, 1 s)
    if i < 2 or ms[i - 1].tag != "JX" or ms[i - 1].form not in ("은", "는", "ᆫ") or not ms[i - 2].tag.startswith("NN") \
            or any(x.form in ("?", "？") for x in ms):
        return None
    words = [k for k, x in enumerate(ms) if x.tag not in ("SP", "SF")]
    tail = [ms[k] for k in words if k > i]
    if is_morph(ms[i], "되", "VV") and [x.form for x in tail[:1]] == ["었"] and len(tail) == 2 and tail[1].tag == "EF":
        return i - 1
    if is_morph(ms[i], "괜찮", "VA") and len(tail) == 1 and tail[0].tag == "EF":
        return i - 1
    return None


# verbs that take an entry off the list: "지워도 돼" / "빼도 된다" / "없애도 돼" said of a promise drop it
_OFF_THE_LIST = frozenset(("지우", "빼", "없애"))


def _partly(ms: Sequence[Morph]) -> bool:
    """A deed said half or nearly done: 반쯤, 절반, 일부, 거의 (before 다), 조금만."""
    return any(m.form in ("절반", "일부") and m.tag.startswith("NN") or m.form == "반" and k + 1 < len(ms)
               and ms[k + 1].form in ("쯤", "정도", "만") or m.form == "거의" and m.tag == "MAG"
               for k, m in enumerate(ms))


def _works_again(ms: Sequence[Morph]) -> int | None:
    """"주차장 차단기 이제 잘 올라가네", "프린터 다시 잘 돼": a thing named before 이제 / 다시 잘 works again
    (what was to be fixed, checked or called about); the index of 이제 / 다시, or None."""
    for i in range(1, len(ms) - 2):
        if ms[i].form in ("이제", "다시") and ms[i].tag == "MAG" and is_morph(ms[i + 1], "잘", "MAG") and \
                is_verb(ms[i + 2]) and not ms[i + 2].tag.startswith("VA") and \
                any(x.tag.startswith("NN") for x in ms[:i]) and ms[-1].tag in ("EF", "SF"):
            return i
    return None


# What turns "…했는데" into a setback: "전화했는데 안 받았어", "보냈는데 아직 답이 없어"
_SETBACK = frozenset("안 못 아직 없 않 말 근데 그런데 하지만".split())


def _done_before_but(sen: str, ms: Sequence[Morph], holes: Sequence[Span], clause: str) -> Closure | None:
    """"회의실 확인했는데 예약 잘 돼 있더라", "에이전시에 문의했어, 다음 주에 넣어 준대": a deed in the past
    before 는데 or a comma, and after it how it went; nothing when what follows is a setback (negated,
    아직, 없어)."""
    for k in range(1, len(ms) - 1):
        but = ms[k].tag == "EC" and ms[k].form in ("는데", "은데", "ᆫ데")
        # "갈비 다 쪄 놨으니까 그건 됐어": a deed done, given as the reason it is settled
        but = but or ms[k].tag == "EC" and ms[k].form in ("으니까", "니까", "으니") and \
            any(is_morph(m, "되", "VV") or m.form in ("끝", "해결") for m in ms[k + 1:])
        comma = ms[k].tag == "SP" and k >= 2 and ms[k - 1].tag == "EF"
        deed_end = k - 1 if comma else k          # the past marker's index + 1
        if (but or comma) and ms[deed_end - 1].tag == "EP" and ms[deed_end - 1].form in W.KO_PAST:
            if any(m.form in _SETBACK for m in ms[k + 1:]):
                return None
            return done_closure(sen, ms[:deed_end], holes, clause)
    return None


# a deed that went wrong is not the promise kept: "보고서 잘못 보냈어", "엉뚱한 사람한테 보냈어", "실수로", "반송됐어"
_WENT_WRONG = re.compile(r"잘못\s*[가-힣]*(?:었|았|였|냈|했|갔|샀|썼|켰|렸|쳤|꿨|섰|봤)|엉뚱한|실수로|반송|안\s*(?:갔|들어갔)어|실패했")


def done_closure(sen: str, ms: Sequence[Morph], holes: Sequence[Span], clause: str) -> Closure | None:
    """The user (or someone) did it: a past action verb at the end, or a finishing word (끝, 완료)."""
    if _WENT_WRONG.search(sen):
        return None
    # from each morpheme on, where the next quoting ending, the next morpheme that is no mark and the next past are (pass
    # 63: the rest of the turn was copied and read again after each morpheme, 4.0 s for "끝 " said over 16,000 characters)
    n = len(ms)
    quote_at, word_at, past_at = [n] * (n + 1), [n] * (n + 1), [n] * (n + 1)
    for k in range(n - 1, -1, -1):
        x = ms[k]
        quote_at[k] = k if x.tag == "EC" and x.form in W.KO_QUOTE_ENDINGS else quote_at[k + 1]
        word_at[k] = k if x.tag not in W.KO_PUNCT_TAGS else word_at[k + 1]
        past_at[k] = k if x.form in W.KO_PAST else past_at[k + 1]
    for i, m in enumerate(ms):
        if m.form not in W.KO_DONE_STEMS:
            continue
        end = quote_at[i + 1]          # "끝내겠다고 말했어": the predicate of the quote, not of "말했어"
        if end >= i + 3 and is_morph(ms[i + 1], "기", "ETN") and ms[i + 2].form == "로":
            continue                   # "API 문서 끝내기로 했대": a decision to finish, not finished
        if word_at[i + 1] >= end or past_at[i + 1] < end:   # nothing but marks after it, or a past before the quote
            if not (i >= 1 and negated(ms, i)):
                return Closure("done", reference(sen, ms, i, holes), clause)
    past = [i for i, m in enumerate(ms) if m.tag == "EP" and m.form in W.KO_PAST]
    if (asked := _asked_for_told(ms, past)) is not None:   # "오빠한테 병원비 보내 달라고 말했어": the asking was
        return Closure("done", noun_form(sen, ms, action_start(ms, asked), asked, holes), clause)   # the errand
    if any(m.tag == "EC" and m.form in W.KO_QUOTE_ENDINGS for m in ms[:past[-1] if past else 0]):
        return None                    # "끝내겠다고 말했어": telling of a task is not doing it
    if not past or ms[-1].form in ("거든",) or \
            any(m.tag not in ("EF", "SF", "JX", "SP", "EP") and not is_morph(m, "고", "EC") and
                not (m.tag == "EC" and m.form in ("어", "아") and (k == len(ms) - 1 or ms[k + 1].tag == "SP"))
                for k, m in enumerate(ms[past[-1] + 1:], past[-1] + 1)):   # "문의했어," read as EC
        return None                    # "눈 왔으면 좋겠다": the past is in a condition, not the predicate
    stem = past[-1] - 1
    while stem >= 0 and ms[stem].tag == "EP":      # 가져가+시+었
        stem -= 1
    while stem >= 2 and ms[stem].tag == "VX" and ms[stem].form in ("놓", "두") and ms[stem - 1].form in ("어", "아") \
            and ms[stem - 2].form != "내":   # 내놓다 (put out) is a verb of its own
        stem -= 2                      # "널어 놨어": the deed is 널기, the leaving it so is not
    if stem >= 3 and ms[stem].form in ("오", "가", "다녀오") and is_morph(ms[stem - 1], "고", "EC") and is_verb(ms[stem - 2]):
        stem -= 2                      # "주사 맞히고 왔어": the deed is 맞히기, the coming back is not
    if stem < 0 or not is_verb(ms[stem]) or ms[stem].tag.startswith(("VA", "VCP")) or negated(ms, stem):
        return None
    named_task = stem >= 2 and ms[stem].form == "하" and (is_morph(ms[stem - 1], "기", "ETN") or
                                                        is_morph(ms[stem - 1], "다", "MAG") and is_morph(ms[stem - 2], "기", "ETN"))
    if not named_task and any(m.form in ("어야", "아야", "싶", *W.KO_PLAN_ENDINGS, "기", "지") and m.tag.startswith(("E", "VX"))
                              for m in ms[max(stem - 2, 0):past[-1]]):    # an ending, not 민+지 of "민지한테"
        return None                    # "가야 했어", "하기 싫었어"; not "빨래 널기 다 했어": the task by its name, done
    if is_morph(ms[stem], "하", "VV") or named_task:   # "(보고서) 다 했어", "숙제 했어", "등본 떼기 했다"
        return Closure("done", reference(sen, ms, stem, holes), clause)
    if ms[stem].form in W.KO_NOT_DONE_STEMS and ms[stem].tag != "XSV":
        return None
    if ms[stem].tag == "XSV" and stem >= 2 and ms[stem - 1].form in W.KO_PASSED:   # "트럭 검사 통과했다":
        start = action_start(ms, stem - 1)                                       # the inspection is done
        return Closure("done", cut(sen, ms[start].start, ms[stem - 2].end, sorted([*holes, *skipped_spans(ms[start:stem - 1])])),
                       clause)
    return Closure("done", noun_form(sen, ms, action_start(ms, stem), stem, holes), clause)




# the verbs of telling and asking someone ("말했어", "부탁했어", "얘기했어")
_TOLD = frozenset("말 부탁 얘기 이야기 요청 전화".split())


def _asked_for_told(ms: Sequence[Morph], past: Sequence[int]) -> int | None:
    """The stem of 하 when the turn, in the past, told someone to do a thing or asked it of them ("오빠한테 병원비
    보내 달라고 말했어", "언니한테 차 빌려 달라고 부탁했어"; korean70): the telling is the deed, so the kept errand
    "… 달라고 말하기" said whole closes. A promise told ("끝내겠다고 말했어") is not this (its 다고 is no request)."""
    if not past or past[-1] < 4 or ms[-1].tag not in ("EF", "SF") and ms[-1].form not in W.KO_PAST:
        return None
    stem = past[-1] - 1
    if not (ms[stem].form == "하" and ms[stem].tag in ("XSV", "VV") and ms[stem - 1].form in _TOLD):
        return None
    quote = stem - 2
    asked = ms[quote].tag == "EC" and (ms[quote].form in ("라고", "으라고") and quote >= 1 and
                                       (is_morph(ms[quote - 1], "달", "VX") or is_verb(ms[quote - 1])) or
                                       ms[quote].form == "자고")
    if not asked or negated(ms, stem) or any(m.tag == "EP" and m.form not in W.KO_PAST for m in ms[quote - 2:quote]):
        return None
    return stem


def vague_reference(reference: str, ms: Sequence[Morph]) -> bool:
    """"그 약속", "그 일": a word for any task, pointed at, names none of them."""
    return reference in W.KO_GENERIC_NOUNS and any(m.tag == "MM" and m.form in ("그", "이", "저") for m in ms)


def status_quo(clause: str) -> bool:
    """"넷플릭스는 그냥 계속 볼래": keeping things as they are, said beside a withdrawal, is no task."""
    return any(w in clause.split() for w in ("그냥", "계속"))
