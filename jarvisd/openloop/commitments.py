"""Does a user utterance make a promise, or close one? Pure rules, English and Korean, no language model.

`read_utterance` splits the utterance into sentences, picks each sentence's language by its script, and
hands it to `commitments_en` or `commitments_ko`. Time words are found by `when.time_spans` and cut out
of the action (the lead reads the due from the `clause`, time words kept, with `when.resolve_time`).
The only I/O is the Korean analyzer's one-off load (`KoreanAnalyzer.load`).

A `Closure` is a candidate: its `reference` names the task in the user's words and the lead matches it
against the open promises; nothing matching means nothing closes. An empty reference ("다 했어",
"never mind") points at no task by name.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace

from jarvisd.language import language_of
from jarvisd.openloop import commitments_en, commitments_ko
from jarvisd.openloop.booked import booked_it
from jarvisd.openloop.commitment_types import Closure, Commitment, Reading, SentenceReading, Span, cut
from jarvisd.openloop.commitment_words import EN_BASE_VERBS
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from jarvisd.openloop.rota import ko_shifts
from jarvisd.openloop.told_to import ko_in_message
from jarvisd.sentences import is_title_miss

__all__ = ["Closure", "Commitment", "Reading", "Span", "cut", "read_utterance", "sentences", "time_holes"]

log = logging.getLogger(__name__)


# ---------------------------------------------------------------- sentences and script

# A sentence ends at ! or ?, at a full stop before a capital, a digit, Hangul or the end (so "10 p.m. on"
# stays one sentence; not after a title, nor after "a.m." / "p.m." ending words with no subject of their own:
# "tomorrow at 8 a.m. I'll drop the car off" is one sentence, the time said first), or at a line break.
# (a run of marks is matched from its first mark only, and whole: "a....b" costs one try, not one per dot)
_BOUNDARY = re.compile(r"(?<![!?？！])[!?？！]++\s+|(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<!\bSt)(?<!\bProf)"   # "Dr. Patel"
                       r"(?<![.。])[.。]++\s+(?=[A-Z0-9\uac00-\ud7a3\"'(])|(?<![.。])[.。]++$|\n+"
                       # a clause in the other language: "I'll call mom at 3pm and 내일 오후 4시까지 보고서 보내야 해"
                       r"|(?<=[A-Za-z0-9.])\s*,?\s+(?:and|then|also)\s+(?=[\uac00-\ud7a3])"
                       r"|(?P<ko_then_en>(?<=[\uac00-\ud7a3])\s*,?\s+(?:그리고\s+|and\s+)?(?=(?:I|I'll|I'm|we)\b))")


_CLOCK_END = re.compile(r"\b[ap]\.m\.\s+$", re.IGNORECASE)
# words that make what precedes "a.m." a sentence of its own: a subject ("I", "we", "remind me to ..."), a verb
# of being or having ("my appointment is at 9 a.m."), Hangul, or an order ("Call Bo at 9 a.m."; below); not
# "remind me at 7 a.m. I have to call Bo" (the time of the next sentence)
_OWN_SUBJECT = re.compile(r"\b(?:I|we|We|me\s+to|is|are|was|were|has|have|had|needs?|wants?)\b|[\uac00-\ud7a3]")
_FIRST_WORD = re.compile(r"\s*(?:please\s+)?([A-Za-z]+)")


def _own_sentence(text: str, start: int, end: int) -> bool:
    """Does text[start:end], which ends in "a.m." / "p.m.", say something of its own (see `_OWN_SUBJECT`; an
    order starts with a verb), or is it only a time said before the sentence ("around 8 a.m. I'll ...")?"""
    if _OWN_SUBJECT.search(text, start, end):
        return True
    first = _FIRST_WORD.match(text, start, end)
    return bool(first and first[1].lower() in EN_BASE_VERBS and first[1].lower() not in ("remind", "tell", "ping"))


_CLAUSE_CUT = re.compile(r",\s*|\s+(?:and|then)\s+")


def _last_clause(text: str, start: int, end: int) -> int:
    """Where the last comma- or "and"-joined part of text[start:end] begins."""
    cuts = [m.end() for m in _CLAUSE_CUT.finditer(text, start, end)]
    return cuts[-1] if cuts else start


def sentences(text: str) -> list[Span]:
    """Character ranges of the sentences of `text`, whitespace trimmed, punctuation kept."""
    spans: list[Span] = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        if m["ko_then_en"] is not None and not is_korean(text[start:m.start()]):
            continue                   # "I promised 준호 I'd look over his letter": a name, not a Korean clause
        if text[m.start()] == "." and text[max(0, m.start() - 4):m.start()].lower() == "miss" and \
                is_title_miss(text, m.start() - 4, m.start()):
            continue                   # "I told Miss. Kim I'll send the draft" (rooms70): a title, no end
        if _CLOCK_END.search(text, start, m.end()) and not _own_sentence(text, _last_clause(text, start, m.start()),
                                                                         m.start()):
            continue                   # "after my night shift tomorrow around 8 a.m. I'll drop the car";
                                       # "at 9 a.m. I'll call Bo, at 10 a.m. I'll call Cy": Cy's time
        spans.append((start, m.end()))
        start = m.end()
    spans.append((start, len(text)))
    out = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if s < e:
            out.append((s, e))
    return out


def is_korean(sentence: str, korean: KoreanAnalyzer | None = None) -> bool:
    """Korean when its Hangul outweighs its Latin letters, a syllable counted as two letters: "내일
    meeting 준비해야 해" is Korean, "I need to call 엄마" is English. With the analyzer, also a sentence of English
    nouns said with a Korean predicate ("proposal 보냈어", "standup meeting 있어": `korean_predicate`)."""
    if language_of(sentence, hangul_weight=2) == "ko":
        return True
    return korean is not None and korean_predicate(sentence, korean)


# English words that make a sentence English whatever its last word: "I need to call 민지", "text my sister 잘 자"
_EN_GRAMMAR = frozenset("i i'm i'll i've you we me my our your to the a an is are am was please need have has will "
                        "can could should must don't didn't it that this what when where how remind tell call text "
                        "ask say and but".split())
# a terse Korean order said with a noun for its verb, last ("목요일 soccer practice 취소", "dentist 예약 취소요")
_KO_ORDER_NOUNS = frozenset("취소 취소요 취소됨 완료 완료요 연기 연기요".split())
_PREDICATE_TAGS = ("VV", "VA", "VX", "VCP", "VCN", "XSV", "XSA")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def korean_predicate(sentence: str, korean: KoreanAnalyzer) -> bool:
    """English nouns before a Korean predicate, no English grammar: "proposal 보냈어", "standup meeting 있어",
    "dentist 예약 취소해 줘" (code-switching; the sixty-second session: read by the English rules, which found
    nothing, so SmolLM2 answered). The last word must be a Korean verb or adjective with its ending (analyzer),
    not a name or noun: "email 민지" stays English."""
    words = sentence.split()
    if len(words) < 2 or not any("\uac00" <= ch <= "\ud7a3" for ch in words[-1]):
        return False
    if any(w.casefold() in _EN_GRAMMAR for w in _LATIN_WORD.findall(sentence)):
        return False
    if words[-1].rstrip(".!~") in _KO_ORDER_NOUNS:
        return True   # "목요일 soccer practice 취소" (lows67: read as English, the whole series ended)
    tail = [m for m in korean.morphs(words[-1]) if m.tag not in ("SF", "SP", "SE")]
    return bool(tail) and tail[-1].tag in ("EF", "EC") and any(m.tag in _PREDICATE_TAGS for m in tail)


# ---------------------------------------------------------------- time words

_time_spans: Callable[[str], list[Span]] | None = None


def time_holes(text: str) -> list[Span]:
    """The time expressions of `text` (`when.time_spans`), sorted; none while `when` is not installed."""
    global _time_spans
    if _time_spans is None:
        try:
            from jarvisd.openloop.when import time_spans
        except ImportError:
            return []
        _time_spans = time_spans
    return sorted(_time_spans(text))


# ---------------------------------------------------------------- the reading

_default_korean: KoreanAnalyzer | None = None
_default_lock = threading.Lock()
_warned: set[str] = set()


def _korean(given: KoreanAnalyzer | None) -> KoreanAnalyzer:
    """The analyzer the caller gave, or one shared by every caller that gave none (one load, 300 MB)."""
    global _default_korean
    if given is not None:
        return given
    with _default_lock:
        if _default_korean is None:
            _default_korean = KoreanAnalyzer()
        return _default_korean


def _korean_runs(text: str, spans: list[Span]) -> list[Span]:
    """Consecutive Korean sentences read as one: the Korean rules follow a thing named in one sentence
    into the next ("견적서, 음... 목요일까지 보내기로 했어")."""
    out: list[Span] = []
    for span in spans:
        if out and is_korean(text[span[0]:span[1]]) and is_korean(text[out[-1][0]:out[-1][1]]):
            out[-1] = (out[-1][0], span[1])
        else:
            out.append(span)
    return out


# "11시에 회의 있고 1시에 점심 약속 있어": two things one has, each with its time (pass 65: one promise "회의 있고 점심
# 약속" at 11, as the sixty-fourth session's English "a team meeting at 11 and lunch with dave at 1" was)
_KO_HAVE_AND = re.compile(r"(?<=[가-힣])\s*(?:이|가|은|는)?\s*(있고)(?=\s*,?\s)")


def _ko_two_events(text: str, span: Span, holes: Sequence[Span], korean: KoreanAnalyzer) -> SentenceReading | None:
    """Each half of "<time> <thing> 있고 <time> <thing> 있어" read as its own sentence (the first as "… 있어", the same
    length), when each half holds a time and each is one thing kept; None otherwise (read whole, as before)."""
    start, end = span
    for m in _KO_HAVE_AND.finditer(text, start, end):
        cut = m.end(1)
        if not any(start <= hs < m.start(1) for hs, _ in holes) or not any(cut <= hs < end for hs, _ in holes):
            continue
        first_text = text[:m.start(1)] + "있어" + text[cut:]
        first = commitments_ko.read_sentence(first_text, (start, cut), holes, korean)
        second = commitments_ko.read_sentence(text, (cut, end), holes, korean)
        if len(first.commitments) == 1 and len(second.commitments) == 1 and not first.closures and not second.closures:
            return replace(second, commitments=first.commitments + second.commitments)
    return None


# where a second clause about a thing of its own starts: ", the checkup", "; my appointment", ". and the party"
_THEN_THE = re.compile(r"\s?[,;.]\s+(?:and\s+|so\s+)?(?=(?:the|my|our|his|her|their)\s+[a-z])", re.IGNORECASE)


def read_utterance(text: str, korean: KoreanAnalyzer | None = None) -> Reading:
    """What one user utterance commits to and what it closes (see the module's doc)."""
    holes = time_holes(text)
    if told := ko_in_message(text):   # "직원한테 토요일 출근해 달라고 말해야 돼": the message's day, kept in its name
        holes = [h for h in holes if h not in told]   # (everyday74)
    commitments: list[Commitment] = []
    closures: list[Closure] = []
    question = False
    for start, end in _korean_runs(text, sentences(text)):
        if is_korean(text[start:end], _korean(korean)):
            try:
                # ("다음 주 화요일하고 목요일 야간 근무야": shifts on two days, not two events; everyday80)
                part = (None if ko_shifts(text[start:end]) else _ko_two_events(text, (start, end), holes, _korean(korean))) \
                    or commitments_ko.read_sentence(text, (start, end), holes, _korean(korean))
            except ImportError as exc:   # kiwipiepy missing: Korean is not read, English still is
                if "kiwi" not in _warned:
                    _warned.add("kiwi")
                    log.warning("Korean promise rules are off: %s", exc)
                continue
        else:
            part = commitments_en.read_sentence(text, (start, end), holes)
            if part.closures and not part.commitments and not part.question and \
                    (then := _THEN_THE.search(text, start, end)) is not None:
                # "i called the pediatrician, the checkup is thursday at 9:30" (everyday74: the checkup was lost): an
                # occasion said after a deed done is read as its own sentence
                after = commitments_en.read_sentence(text, (then.end(), end), holes)
                part = replace(part, commitments=after.commitments) if not after.closures else part
            elif part.closures and not part.commitments and not part.question and \
                    (it := booked_it(text[start:end])) is not None:
                # "i booked the haircut, it's friday at 3" (everyday77: "it's" named nothing, the haircut lost)
                after = commitments_en.read_sentence(it, (0, len(it)), time_holes(it))
                part = replace(part, commitments=after.commitments) if not after.closures else part
        commitments.extend(part.commitments)
        closures.extend(part.closures)
        question = part.question
    if told and commitments:
        commitments = [replace(c, action=_bare_day_kept(text, told, c.action)) for c in commitments]
    return Reading(tuple(commitments), tuple(closures), question)


def _bare_day_kept(text: str, told: list[tuple[int, int]], action: str) -> str:
    """"엄마한테 데리러 와 달라고 부탁하기" with the request's bare "내일" back before the word it came before (everyday77:
    a vague 오늘/내일 is cut from names, `KO_VAGUE_ADVERBS`, but inside a request it is what is asked)."""
    for s, e in told:
        said = text[s:e].split()
        day, rest = said[0] if said else "", said[1:] or text[e:].split(maxsplit=1)   # "오늘 저녁에": 오늘 before 저녁에
        if day in ("오늘", "내일", "낼", "모레", "글피") and rest and day not in action.split() \
                and re.search(r"(?:^|\s)" + re.escape(rest[0]) + r"(?:\s|$)", action):
            action = re.sub(r"(?:^|(?<=\s))" + re.escape(rest[0]) + r"(?=\s|$)", f"{day} {rest[0]}", action, count=1)
    return action
