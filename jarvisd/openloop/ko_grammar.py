"""The Korean grammar the promise and closing rules share, on Kiwi's morphemes: sentence ranges, verbs
and final endings, questions and hearsay, negation, whose subject it is, and the words of an action
(where it starts after a reason clause, and the stem turned into a -기 noun: 지원서 제출하기).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from jarvisd.openloop import commitment_words as W
from jarvisd.openloop.commitment_types import Span, cut
from jarvisd.openloop.korean_morph import Morph

VERB_TAGS = ("VV", "XSV", "VX", "VA", "VCP")


def is_verb(m: Morph) -> bool:
    return m.tag.split("-")[0] in VERB_TAGS


def is_morph(m: Morph, form: str, tag: str = "") -> bool:
    return m.form == form and (not tag or m.tag.startswith(tag))


def is_final(ms: Sequence[Morph], i: int) -> bool:
    """A final ending, or one Kiwi reads as connective before a comma ("안 할래, 빼줘")."""
    j = i + 1 + (i + 1 < len(ms) and is_morph(ms[i + 1], "요", "JX"))      # "신청하려고요"
    return ms[i].tag == "EF" or (ms[i].tag == "EC" and (j >= len(ms) or ms[j].tag in ("SP", "SF")))




def sentence_ranges(ms: Sequence[Morph]) -> list[tuple[int, int]]:
    """Morpheme ranges of the sentences: a final ending (EF) closes one, with its "?" or "요"; so does a
    comma after a connective ending other than -고 / -서 (a transcript has no full stops)."""
    out, start, i = [], 0, 0
    while i < len(ms):
        m = ms[i]
        end = m.tag == "EF" or m.tag == "SF" or (
            m.tag == "SP" and i > 0 and ms[i - 1].tag == "EC" and ms[i - 1].form not in ("고", "어서", "아서")) or (
            m.form == "고" and m.tag == "EC" and i > 0 and ms[i - 1].form in W.KO_PAST)   # "보냈고 이제 …": done, then
        if end and m.tag == "EF" and m.form in ("는데", "ᆫ데", "은데") and i + 1 < len(ms) and \
                ms[i + 1].tag not in ("SF", "SP"):
            end = False                # "분리수거 요일 확인해야 되는데 내일 알려줘" (the sixty-fourth session: Kiwi's
                                       # final 는데, the reminder's day left in a sentence of its own): a connective
        if end and m.tag == "EF" and i > 0 and ms[i - 1].form == "아니" and ms[i - 1].tag == "VCN" and \
                not any(x.tag.startswith(("VV", "VA", "VX", "XSV")) for x in ms[start:i - 1]):
            end = False                # "내일 오후 2시 아 아니다 3시에 …": a time taken back, not a sentence
        if end:
            while i + 1 < len(ms) and (ms[i + 1].tag in ("SF", "SP") or is_morph(ms[i + 1], "요", "JX")):
                i += 1
            out.append((start, i + 1))
            start = i + 1
        i += 1
    if start < len(ms):
        out.append((start, len(ms)))
    return out


def is_question(sen: str, ms: Sequence[Morph]) -> bool:
    """A "?", a question ending (했니, 했나, 할까), or a question word (뭐, 언제, 어디, 몇)."""
    if sen[ms[0].start:ms[-1].end + 1].rstrip().endswith("?"):
        return True
    enders = [m for m in ms if m.tag in ("EF", "EC")]
    words = [m for m in ms if m.tag not in ("SP", "SF")]     # "전화해야 할까, 아니면 …": the comma after it
    if enders and enders[-1].form in W.KO_QUESTION_ENDINGS and words and enders[-1] is words[-1]:
        return True
    return any(m.form in W.KO_QUESTION_WORDS and m.tag in ("NP", "MM", "MAG", "IC", "NNG") and not _not_asking(ms, j)
               for j, m in enumerate(ms))


def _not_asking(ms: Sequence[Morph], j: int) -> bool:
    """"언제 한번" (some time), "언제든", "언제 하든": no question; "언제 오는지 물어봐야겠다": the question is
    embedded (-는지), asked of someone else, and the sentence is a promise."""
    k = j + 1 + (j + 1 < len(ms) and ms[j + 1].tag == "VCP")      # "언제든" read as 언제+이+든
    if k < len(ms) and ms[k].form in ("한번", "한", "든지", "든", "든가"):
        return True
    if any(m.tag == "EC" and m.form in ("든지", "든", "든가") for m in ms[j + 1:j + 4]):
        return True                     # "언제 하든 내가 해야지": whenever, not when?
    return any(m.tag == "EC" and m.form in ("는지", "ᆫ지", "은지", "을지", "ᆯ지", "나") for m in ms[j + 1:-1])


def is_hearsay(ms: Sequence[Morph]) -> bool:
    """"보내준대", "한대요", "내래": someone else said it, so it is their task, not the user's promise."""
    return any(m.tag == "EF" and m.form in W.KO_HEARSAY_ENDINGS for m in ms) or \
        any(is_morph(m, "ᆫ다고", "EC") or is_morph(m, "다고", "EC") for m in ms[-4:])




def negated(ms: Sequence[Morph], stem: int) -> bool:
    """안 / 못 right before the stem, or before the noun of a 하다 verb (운동 안 해)."""
    prev = ms[stem - 1] if stem >= 1 else None
    return prev is not None and prev.form in ("안", "못") and prev.tag == "MAG"


def a_person(m: Morph) -> bool:
    """Could this subject owe a task? A pronoun or name that is not the user, a person word (엄마, 팀장님);
    not a thing ("비가 오면", "보고서가"), nor Kiwi's one-letter name out of a word it split (요+가 in 요가)."""
    if m.form in W.KO_SELF or m.tag == "ETM":
        return False
    return (m.tag == "NP" or (m.tag == "NNP" and len(m.form) >= 2) or m.form in W.KO_PEOPLE
            or m.form == "님" or m.form.endswith("님"))


CLAUSE_LINKS = W.KO_REASON_ENDINGS | frozenset("면 으면 어서 아서 고 지만 도 라서 이라서".split())


def subject_of_the_predicate(ms: Sequence[Morph], i: int, noun: Morph) -> bool:
    """A thing as the subject of the sentence's own predicate ("비가 올 거야": a forecast, no promise), not
    of a clause before it ("비가 오면 우산 챙겨야 해"). Kiwi's one-letter name out of a split word (요+가
    of 요가) is no subject, nor a bound noun with nothing to modify it (냥+이 of "냥이 동물병원 데려가야
    돼": a bound noun follows a modifier, "할 수가", so one alone is a split word too)."""
    if noun.form in W.KO_SELF or noun.tag == "ETM" or (noun.tag == "NNP" and len(noun.form) < 2):
        return False
    if noun.tag == "NNB" and (i < 2 or ms[i - 2].tag not in ("ETM", "MM", "SN", "NR", "NNG", "NNP")):
        return False
    return not any(m.tag == "EC" and m.form in CLAUSE_LINKS for m in ms[i + 1:])


# Nouns of time after a name's 이: "준혁이 내일 출장 가야 돼" makes 준혁 the one who must
_TIME_NOUNS = frozenset("오늘 내일 모레 글피 이번 다음 주말 아침 저녁 밤 오전 오후 이따 나중".split())
_WHEN_CLAUSE = frozenset({"면", "으면", "니까", "으니까", "자마자"})  # endings of a clause that sets a condition or a time


def someone_else(ms: Sequence[Morph]) -> bool:
    """A subject that is not the user: 엄마가, 지호는, 팀장님이, 걔가 (나/저/우리 are the user); not the
    subject of a clause describing a thing ("아들이 보낸 위임장": the son sent it, the user signs it)."""
    for i, m in enumerate(ms):
        if i == 0:
            continue
        prev = ms[i - 1]
        if m.tag == "JKS" and any(x.tag == "ETM" and k + 1 < len(ms) and ms[k + 1].tag.startswith("NN")
                                  for k, x in enumerate(ms[i + 1:], i + 1)):
            continue
        if m.tag == "JKS" and any(x.tag == "EC" and x.form in _WHEN_CLAUSE for x in ms[i + 1:]):
            continue   # "서윤이 태권도 끝나면 데리러 가야 돼": the subject of the "when" clause, not the promise's
        if m.form == "이" and m.tag == "JKS" and (prev.tag == "NNP" or prev.tag == "NNG" and not a_person(prev)) and \
                prev.end == m.start and i + 1 < len(ms) and ms[i + 1].tag in ("NNG", "NNP") and \
                ms[i + 1].form not in _TIME_NOUNS:
            continue   # "서윤이 방과후 신청서 내야 돼": 서윤이 is what a parent calls her child, and the form
                       # hers (서윤이가 / 서윤이는 would make her the one who must); a pet too, Kiwi's 콩+이
                       # ("콩이 약 먹여야 돼"), not a person word ("동생이 숙제 해야 돼")
        if m.tag == "JKS" and (m.form == "께서" or a_person(prev) or subject_of_the_predicate(ms, i, prev)):
            return True
        if m.tag == "JX" and m.form in ("은", "는", "ᆫ") and (
                prev.tag in ("NNP",) or (prev.tag == "NP" and prev.form not in W.KO_SELF)
                or prev.tag == "XSN" and prev.form == "이"          # "서윤이는": a name called so
                or prev.form in W.KO_PEOPLE or prev.form == "님"):
            return True
    return False




def forget_not_and(ms: Sequence[Morph], i: int) -> bool:
    """Morpheme i starts 잊지 말고 / 까먹지 말고 ("don't forget, and ...")."""
    return ms[i].tag == "VV" and ms[i].form in W.KO_FORGET_STEMS and \
        [x.form for x in ms[i + 1:i + 4]] == ["지", "말", "고"]


def skipped_spans(ms: Sequence[Morph]) -> list[Span]:
    """Morphemes the action leaves out: fillers, conjunctions, vague adverbs, the user as subject."""
    out = []
    for i, m in enumerate(ms):
        # "목요일 오프니까 그날 은행 가야돼" (the sixty-fifth session: kept "날 은행 가기"): the day of the reason before,
        # named again ("그날", "그때", Kiwi's 그 + 날), is its time and no part of the task
        if (i == 0 or ms[i - 1].tag == "EC") and not any(x.form == "때문" for x in ms[i + 1:i + 4]) and (m.form in ("그날", "그때") and m.tag == "NNG" or m.form == "그" and
                                               m.tag == "MM" and i + 1 < len(ms) and ms[i + 1].form in ("날", "때")
                                               and ms[i + 1].start == m.end):
            last = i if m.tag == "NNG" else i + 1
            if last + 1 < len(ms) and ms[last + 1].form in ("에", "엔") and ms[last + 1].tag.startswith("J"):
                last += 1
            out.append((m.start, ms[last].end))
            continue
        if m.tag in ("IC", "MAJ") or (m.tag in ("MAG", "NNG") and m.form in W.KO_VAGUE_ADVERBS) or \
                m.form in W.KO_FILLERS and m.tag in ("IC", "MAJ", "MAG", "MM"):
            out.append((m.start, m.end))
        elif forget_not_and(ms, i):
            out.append((m.start, ms[i + 3].end))       # "잊지 말고 우산 챙기라고": not part of the task
        elif m.tag == "NP" and m.form in W.KO_SELF:
            end = ms[i + 1].end if i + 1 < len(ms) and ms[i + 1].tag in ("JKS", "JX") else m.end
            out.append((m.start, end))
    return out


def action_start(ms: Sequence[Morph], stem: int) -> int:
    """The action starts after the last reason clause before its stem ("결혼기념일이라 …"), unless the
    stem is a state (있어야 돼) that needs the reason to say anything."""
    if stem >= 0 and ms[stem].form in ("있", "없"):
        return 0
    for i in range(stem - 1, 0, -1):
        if ms[i].tag == "EC" and (ms[i].form in W.KO_REASON_ENDINGS or
                                  ms[i].form in ("아서", "어서") and ms[i - 1].tag.startswith("VA")):
            return i + 1               # "패딩이 너무 작아서 반품해야 돼": an adjective's -아서 is a reason
        if ms[i].form == "데" and ms[i].tag == "NNB" and ms[i - 1].tag == "ETM" and ms[i - 1].end == ms[i].start \
                and ms[i - 1].form in ("는", "ᆫ", "은") and i + 1 < len(ms) and not ms[i + 1].tag.startswith("J"):
            return i + 1               # "잊기 전에 말해 두는데 보험 서류 …": -는데 written as one word is a clause
                                       # before the task (Kiwi's 는+데); "회의하는 데 필요한" is a bound noun
    return 0


def reason_thing(sen: str, ms: Sequence[Morph], holes: Sequence[Span] = ()) -> str:
    """The thing a reason clause is about: the nouns right before its predicate ("패딩 너무 작아서" ->
    "패딩", "엄마 치과 예약 있으니까" -> "엄마 치과 예약"); its time is not the thing ("성적표 목요일에 나오면" ->
    "성적표", the sixty-sixth session: kept "모의고사 성적표 목요일 확인하기")."""
    def timed(m: Morph) -> bool:
        return any(hs <= m.start < he for hs, he in holes)
    end = next((k for k in range(len(ms) - 1, -1, -1) if ms[k].tag.startswith(("VA", "VV"))), -1)
    if end >= 2 and ms[end - 1].tag == "EC" and ms[end - 1].form in W.KO_QUOTE_ENDINGS:   # "모임 간다고 했으니까":
        end = next((k for k in range(end - 2, -1, -1) if ms[k].tag.startswith(("VA", "VV"))), end)   # what was said
    k = end - 1
    while k >= 0 and (ms[k].tag in ("MAG", "JKS", "JX") or ms[k].tag.startswith("J") or timed(ms[k])):
        if ms[k].tag == "JKB" and ms[k].form in ("한테", "에게", "께"):
            return ""                  # "최 선생한테 나눠 드린다고 했는데": whom it is for, not the thing
        k -= 1
    last = k
    while k >= 0 and ms[k].tag in ("NNG", "NNP") and not timed(ms[k]):
        k -= 1
    return sen[ms[k + 1].start:ms[last].end] if last > k else ""


def noun_form(sen: str, ms: Sequence[Morph], start: int, stem: int, holes: Sequence[Span]) -> str:
    """The words from morpheme `start` up to the stem, with the stem as a -기 noun: "지원서 제출하기";
    -어 버리 (done away with) is no part of the deed: "빨래 돌려 버려야겠다" -> "빨래 돌리기"."""
    while stem - 2 > start and is_morph(ms[stem], "버리", "VX") and ms[stem - 1].form in ("어", "아") and is_verb(ms[stem - 2]):
        stem -= 2
    holes = sorted([*holes, *skipped_spans(ms[start:stem])])
    topics = _topics(ms, start, stem) if stem > start else []
    while start < stem and (ms[start].tag.startswith("J") or ms[start].tag in W.KO_PUNCT_TAGS or
                            any(hs <= ms[start].start and ms[start].end <= he for hs, he in holes) or
                            ms[start].form in _CALLED and ms[start].tag in ("NNP", "NNG", "SL")):
        start += 1                     # "오후 2시로 정정할게요": no "로" left by the cut time; "자비스야, …": the call
    topics += _object_of_the_deed(ms, start, stem, holes)
    if stem < 0:
        return cut(sen, ms[start].start, ms[-1].start, holes)
    words = cut(sen, ms[start].start, ms[stem].start, sorted([*holes, *topics])) if stem > start else ""
    glue = "" if stem > 0 and ms[stem].start == ms[stem - 1].end and words else " "
    if stem > start and ms[stem].start > ms[stem - 1].start and ms[stem].start < ms[stem - 1].end:
        glue = ""                      # a contraction: 보내[어]주 -> "보내" + "주기"
    if _topic_before_ha(ms, start, stem, holes):
        glue = ""                      # "전화는 다음 주에 할게" -> "전화하기"
    bare = [m for m in ms[start:stem] if not any(hs <= m.start and m.end <= he for hs, he in holes)]
    if glue and ms[stem].form == "하" and ms[stem].tag in ("VV", "XSV") and bare and bare[-1].tag == "NNG" and \
            bare[-1].form in _DEED_NOUNS:
        glue = ""                      # "여권 갱신 다음 주 안에 해야 돼", "노트 정리 해야해" -> "갱신하기", "정리하기"
    words = _KO_REPEAT.sub("", words).strip()   # "매주 화요일마다 쓰레기 버리기": no "매주 마다" left by the cut day
    words = without_joining_head(words)
    said = [m for m in ms[start:stem] if not any(hs <= m.start and m.end <= he for hs, he in holes)]
    if is_morph(ms[stem], "하", "VV") and words.endswith("기") and said and said[-1].tag == "ETN" and said[-1].form == "기":
        return words                   # "프린트 뽑기 내일 오전에 해야 돼": the deed is "프린트 뽑기", not "… 뽑기 하기"
    return f"{words}{glue if words else ''}{ms[stem].form}기".strip()


# the nouns of a deed said apart from 하다 ("여권 갱신 하기", "노트 정리 하기": the sixty-second session), written with it
_DEED_NOUNS = W.KO_ERRAND_NOUNS | frozenset("청소 운동 공부 준비 확인 연락 예약 세탁 정산 점검 마무리 갱신".split())
# "매일 아침 혈압약 먹기": the part of the day goes with 매일 (the sixtieth session kept "아침 혈압약 먹기")
_KO_REPEAT = re.compile(r"(?:^|\s)(?:매일(?:\s(?:아침|점심|저녁|밤))?|매주|매달|매월|매년|마다)(?=\s|$)")


# "매일 아침 8시랑 저녁 8시에 약 먹기", "월요일이랑 금요일 2시에 물리치료" (the sixty-third session kept "랑 약 먹기",
# "이랑 물리치료"): the particle that joined two cut times is left at the name's head
_JOINING_HEAD = re.compile(r"^(?:이랑|랑|하고|와|과|및|,)(?:\s+|$)")


# ... and 랑 / 이랑 standing alone anywhere: the noun it joined was a time, cut ("매일 아침 일곱 시랑 저녁 여섯 시에 산책
# 알려줘", the sixty-fourth session: kept "랑 산책", the repeat's 매일 before it)
_LONE_WITH = re.compile(r"(?:^|(?<=\s))(?:이랑|랑)(?:\s+|$)")


def without_joining_head(words: str) -> str:
    return _LONE_WITH.sub("", _JOINING_HEAD.sub("", words, count=1)).strip()


# the assistant called by name before the task ("자비스야 내가 약을 …": the sixty-third session kept "자비스야 약을 …")
_CALLED = frozenset({"자비스", "jarvis", "Jarvis"})


def _object_of_the_deed(ms: Sequence[Morph], start: int, stem: int, holes: Sequence[Span]) -> list[Span]:
    """The object particle just before the deed's verb, times aside: "손주 생일 선물을 다음 주 안에 사야" -> "손주
    생일 선물 사기" (the sixty-third session kept "선물을 사기", "우유를 사기"), as a task list writes it."""
    said = [k for k in range(start, stem) if not any(hs <= ms[k].start and ms[k].end <= he for hs, he in holes)
            and ms[k].tag != "SP" and not (ms[k].tag == "MAG" and ms[k].form in ("꼭", "좀", "빨리", "얼른", "먼저"))]
    if not said or stem <= start:
        return []
    k = said[-1]
    if ms[k].tag == "JKO" and k > start and ms[k - 1].tag.startswith(("NN", "XSN")) and ms[k - 1].end == ms[k].start:
        return [(ms[k].start, ms[k].end)]
    return []


def _topics(ms: Sequence[Morph], start: int, stem: int) -> list[Span]:
    """The topic particles on the deed's nouns ("보고서는", "전화는", "청소도"): no part of its name (the
    forty-third session: "전화는 다음 주에 할게" kept "전화는 하기" beside "밥한테 전화하기")."""
    return [(m.start, m.end) for k, m in enumerate(ms[start:stem], start)
            if m.tag == "JX" and m.form in ("은", "는", "도") and k > start
            # "철분제도 매일 저녁에 먹어야 된대" (the sixty-fourth session: kept "철분제도 …"): after a suffix too
            and ms[k - 1].tag in ("NNG", "NNP", "XSN") and ms[k - 1].end == m.start]


def _topic_before_ha(ms: Sequence[Morph], start: int, stem: int, holes: Sequence[Span]) -> bool:
    """"전화는 … 하", "운동도 … 하": the noun and 하다 are one deed, written together."""
    if not is_morph(ms[stem], "하", "VV"):
        return False
    said = [m for m in ms[start:stem] if not any(hs <= m.start and m.end <= he for hs, he in holes)]
    return len(said) >= 2 and (said[-1].start, said[-1].end) in _topics(ms, start, stem) and said[-2].tag == "NNG"


def usable_holes(sen: str, holes: Sequence[Span], ms: Sequence[Morph]) -> list[Span]:
    """Time spans end at a word's end or before its particle: one that ends inside a word is cut back
    ("내일 은" of "내일 은행" -> "내일"), or dropped ("연말" of "연말정산"); the copula ends one ("목요일이야")."""
    out = []
    for hs, he in holes:
        ends = [m.end for m in ms if hs < m.end <= he]
        for end in sorted(ends, reverse=True):
            after = [m for m in ms if m.start == end]
            if end >= len(sen) or not sen[end].isalnum() or (after and after[0].tag.startswith(("J", "E", "VCP"))):
                out.append((hs, end))
                break
    return out
