"""Pure open-loop rules: is a promise grounded, is it the same promise, does the user withdraw it,
has it expired, and what did the judge write. No I/O and no embedding calls: a cosine arrives as a
number computed by the store at its boundary, so every store judges alike (seed 000).
"""

from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import replace
from datetime import datetime, tzinfo

from jarvisd.openloop.model import ClosedRef, Judgement, OpenLoop, ProposedLoop

log = logging.getLogger(__name__)

GROUNDED_EVIDENCE = 0.5    # share of the evidence's bigrams found in the user input
GROUNDED_DESC = 0.2        # share of the description's bigrams, when the evidence is missing or off
CONTAINMENT_MIN_CHARS = 6  # the shorter description, spaces removed
JACCARD_SAME = 0.4         # space-free character bigrams
DISMISS_OVERLAP = 0.5      # bigram overlap on the shorter side
DEFAULT_THRESHOLD = 0.85   # bge-m3 (seed 000); a threshold belongs to its embedder

# ---------------------------------------------------------------- text pieces

_WORD = re.compile(r"[\w'’]+")


def normalize(text: str) -> str:
    """NFKC, lower case, punctuation dropped, whitespace collapsed."""
    text = unicodedata.normalize("NFKC", text).lower()
    return " ".join(_WORD.findall(text))


def squash(text: str) -> str:
    """`normalize` without any whitespace: the form bigrams and containment are taken on."""
    return normalize(text).replace(" ", "")


def bigrams(text: str) -> set[str]:
    """Character bigrams of the space-free text; a one-character text is its own unit."""
    s = squash(text)
    if len(s) < 2:
        return {s} if s else set()
    return {s[i:i + 2] for i in range(len(s) - 1)}


def word_bigrams(words: list[str]) -> set[str]:
    """Bigrams inside each word, never across a word boundary."""
    out: set[str] = set()
    for word in words:
        out |= bigrams(word)
    return out


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

_EN_FUNCTION = frozenset(
    "a an the to my for of on in at from with and or it its before after by me your our this that "
    "please up i we you is be will need needs should must have has about some".split())
_KO_FUNCTION = frozenset(
    "하기 해주기 해줘 하다 해 좀 것 거 꼭 내가 나 우리 제가 저 그 그거 그건 이거 드리기 주기 해야 해야지 "
    "해야해 한다 할게 할".split())
_KO_PARTICLES = frozenset(
    "을 를 이 가 은 는 의 에 께 도 만 로 와 과 랑 에게 한테 에서 으로 까지 부터 이랑 하고".split())
# First letters of particles and verb endings after a shared stem.
_KO_INFLECTION_START = frozenset("하해한할함합했에을를이가은는의께도로와과랑들으까부만게기고지드줘주")
# A word on one side only that turns a promise around: never merged by the text rules.
_POLARITY = frozenset("취소 안 못 말기 말자 그만 cancel not don't dont no stop skip".split())
_POLARITY_STEMS = ("취소", "않", "cancel", "안해", "못해", "그만")


def _is_latin(word: str) -> bool:
    return word.isascii()


def _stem_en(word: str) -> str:
    word = re.sub(r"['’]s$", "", word)
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def words(text: str) -> list[str]:
    return normalize(text).split()


def content_words(text: str) -> list[str]:
    """Words that carry the promise: function words, articles and light verbs left out."""
    return [w for w in words(text)
            if w not in _EN_FUNCTION and w not in _KO_FUNCTION and _stem_en(w) not in _EN_FUNCTION]


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def words_match(w: str, v: str) -> bool:
    """The same content word up to inflection: `report`/`reports`, `공유`/`공유하기`, `엄마한테`/`엄마에게`."""
    if w == v:
        return True
    if _is_latin(w) or _is_latin(v):
        a, b = sorted((_stem_en(w), _stem_en(v)), key=len)
        return a == b or (len(a) >= 4 and b.startswith(a))
    short, long = sorted((w, v), key=len)
    if long.startswith(short):  # 공유/공유하기, 차/차를
        return len(short) >= 2 or long[len(short):] in _KO_PARTICLES
    n = _common_prefix(w, v)  # 엄마한테/엄마에게, 확인해줘/확인하기; not 서울역/서울대
    return n >= 2 and w[n] in _KO_INFLECTION_START and v[n] in _KO_INFLECTION_START


def unmatched_words(a: str, b: str) -> list[str]:
    """Content words of `a` that have no counterpart in `b`."""
    theirs = content_words(b)
    return [w for w in content_words(a) if not any(words_match(w, v) for v in theirs)]


def is_substitution(a: str, b: str) -> bool:
    """Each side has a content word the other lacks: a different promise, not an elaboration.

    "치과 예약하기"/"안과 예약하기" and "Review Sarah's PR"/"merge Sarah's PR" are substitutions;
    "로그 확인해줘"/"내일 배포 전에 로그 확인해줘" is an elaboration (only one side adds words).
    """
    return bool(unmatched_words(a, b)) and bool(unmatched_words(b, a))


def flips_polarity(a: str, b: str) -> bool:
    """One side only says cancel/not/stop: "Book X" and "cancel X" are two promises."""
    def marks(text: str) -> set[str]:
        return {w for w in words(text) if w in _POLARITY or w.startswith(_POLARITY_STEMS)}

    return bool(marks(a) ^ marks(b))


def text_merge_blocked(a: str, b: str) -> bool:
    """The guard in front of the containment and Jaccard rules (not the embedding rule)."""
    return is_substitution(a, b) or flips_polarity(a, b)


def same_loop(a: str, b: str, cosine: float | None = None, threshold: float = DEFAULT_THRESHOLD) -> bool:
    """Is `b` the promise `a` again?

    Equal after normalizing; or a cosine at or above the embedder's threshold; or, unless the pair is a
    substitution or flips polarity, the shorter (>= 6 chars, no spaces) inside the longer, or space-free
    character-bigram Jaccard >= 0.4. A wrong merge silently loses a promise, so the guard errs apart.
    """
    na, nb = normalize(a), normalize(b)
    if not na or not nb:
        return False
    if na == nb:
        return True
    if cosine is not None and cosine >= threshold:
        return True
    if text_merge_blocked(a, b):
        return False
    short, long = sorted((squash(a), squash(b)), key=len)
    if len(short) >= CONTAINMENT_MIN_CHARS and short in long:
        return True
    return jaccard(a, b) >= JACCARD_SAME


def merge_loop(existing: OpenLoop, new: ProposedLoop | OpenLoop) -> OpenLoop:
    """The same promise again: a new due replaces the old one; nothing else changes."""
    if new.due_ms is None or new.due_ms == existing.due_ms:
        return existing
    return replace(existing, due_ms=new.due_ms)


# ---------------------------------------------------------------- dismissal

DISMISS_PHRASES = ("취소", "안 해도", "하지 마", "그만해", "필요 없", "안 챙겨",
                   "cancel", "never mind", "nevermind", "don't need", "dont need", "no need", "forget about")
_FILLER = _EN_FUNCTION | _KO_FUNCTION | frozenset(
    "그것 이건 저거 이제 됐어 돼 다 그냥 괜찮아 됐다 됐고 that's it's".split())


def _dismissal_words(text: str) -> tuple[list[str], bool]:
    """Split the input into words; drop each word that carries a dismissal phrase. -> (rest, found)."""
    ws = words(text.replace("’", "'"))
    joined, owner = "", []
    for i, w in enumerate(ws):
        joined += w
        owner += [i] * len(w)
    hit: set[int] = set()
    for phrase in DISMISS_PHRASES:
        key = phrase.replace(" ", "")
        start = joined.find(key)
        while start >= 0:
            hit |= set(owner[start:start + len(key)])
            start = joined.find(key, start + 1)
    rest = [w for i, w in enumerate(ws) if i not in hit and w not in _FILLER]
    return rest, bool(hit)


def dismisses(user_input: str, desc: str) -> bool:
    """The user withdraws this promise even if the judge missed it.

    The input must hold a dismissal phrase (취소, 안 해도, 하지 마, 그만해, 필요 없, 안 챙겨, cancel,
    never mind, don't need, no need, forget about) and point at the promise: the bigrams of the input's
    other words (fillers such as "그건" left out) overlap the description's by >= 0.5 on the shorter
    side. "그건 취소됐어" alone closes nothing; "보고서는 취소됐어" closes the report.
    Completion ("보냈어") is never closed by code: it reads the same as the question "보냈어?".
    """
    rest, found = _dismissal_words(user_input)
    if not found or not rest:
        return False
    mine, theirs = word_bigrams(rest), word_bigrams(words(desc))
    shorter = min(len(mine), len(theirs))
    return shorter > 0 and len(mine & theirs) / shorter >= DISMISS_OVERLAP


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
_INDEX = re.compile(r"\[\s*([^\]]*?)\s*\]")
_HEADER = re.compile(r"^\s*(?P<name>open_loops|closed_loops|열린\s*약속|새\s*약속|닫을\s*약속|닫힌\s*약속)"
                     r"\s*[:：]\s*(?P<rest>.*)$", re.IGNORECASE)
_NONE = frozenset({"", "none", "없음", "-", "n/a", "[]", "nothing"})


class MalformedItem(ValueError):
    pass


def parse_due(date: str, time: str | None, tz: tzinfo) -> int:
    """`YYYY-MM-DD [HH:MM]` on the user's wall clock -> UTC epoch ms. A date alone means 23:59."""
    try:
        y, m, d = (int(p) for p in date.split("-"))
        hh, mm = (int(p) for p in (time or "23:59").split(":"))
        local = datetime(y, m, d, hh, mm, tzinfo=tz)
    except ValueError as exc:
        raise MalformedItem(f"bad due {date} {time or ''}: {exc}") from None
    return int(local.timestamp() * 1000)


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
    for inner in brackets:
        if not inner.isdigit() or int(inner) < 1:
            raise MalformedItem(f"closed item needs [n] with n >= 1, got [{inner}]")
        refs.append(ClosedRef(index=int(inner)))
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
            if item.lower() in _NONE or section is None:
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
