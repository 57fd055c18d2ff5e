"""Corrections of a promise's time: whether an utterance is only a time ("no, Thursday", "make it 4 pm",
"아니 목요일"), and the due it gives a promise, keeping what it does not change. Pure."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta

from jarvisd.openloop import naming, phrases
from jarvisd.openloop.when import ImpossibleTime, When, cut_spans, resolve_time, time_spans
from jarvisd.openloop.when_words import EN_HOUR_WORD, EN_MONTH_NAMES, EN_ORDINAL, EN_PARTS, PART_HOURS

_DAY_WORDS = re.compile(
    r"today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|week|"
    r"january|february|march|april|may|june|july|august|september|october|november|december|"
    r"\d+(?:st|nd|rd|th)|오늘|내일|모레|글피|요일|주말|\d+\s*일|\d+\s*월|다음\s*주|이번\s*주", re.IGNORECASE)


EVENING_HOUR = 18     # a due from this hour on, moved to a time before SMALL_HOURS_END, moves past midnight
SMALL_HOURS_END = 6
_SAYS_NOON = re.compile(r"noon|midday|p\.?\s?m\b|정오|낮|오후|점심", re.IGNORECASE)


# "an hour later", "a day later", "30분 늦게", "두 시간 뒤로": a step from the due, not from now
_STEP = re.compile(r"(?:hours?|minutes?|mins?|days?|weeks?|시간|분|하루|이틀|일|주일?)\s*(?:later|earlier|늦게|일찍|뒤로|앞으로)",
                   re.IGNORECASE)
_EARLIER = re.compile(r"earlier|일찍|앞으로", re.IGNORECASE)
# a clock time said with its half of the day (or a 24-hour one): not a bare hour
_HALF_SAID = re.compile(
    r"\d\s*(?:a\.?m\b|p\.?m\b)|\b(?:a\.?m|p\.?m)\b|morning|afternoon|evening|night|tonight|noon|midnight|midday|"
    r"(?<!\d)(?:1[3-9]|2[0-4]|0\d)(?=\s*(?::|시|h\b))|오전|오후|아침|저녁|밤|새벽|낮|정오|자정|점심", re.IGNORECASE)


def corrected_due(old_due_ms: int | None, when: When, words: str, tz: object, now: datetime | None = None) -> int:
    """A correction keeps what it does not change: "no, Thursday" keeps the time of day, "make it 4 pm"
    keeps the day (a relative "in two hours" replaces both; "an hour later" moves the due by an hour)."""
    new = when.at
    if old_due_ms is None:
        return int(new.timestamp() * 1000)
    old = datetime.fromtimestamp(old_due_ms / 1000, new.tzinfo)
    if now is not None and _STEP.search(words):
        # "make it an hour later" after "email Sue tonight at 8pm": 9 PM (pass 27: 10 AM, an hour from now)
        # (to the minute: "an hour later" resolves to a whole minute, now has its seconds)
        step = timedelta(minutes=round((new - now).total_seconds() / 60)) if when.has_time \
            else timedelta(days=(new.date() - now.date()).days)
        step = -step if _EARLIER.search(words) else step
        return old_due_ms + int(step.total_seconds() * 1000)
    names_day = _DAY_WORDS.search(words) is not None
    if when.has_time and not names_day and not is_relative(words):
        new = new.replace(year=old.year, month=old.month, day=old.day)
        if phrases.is_day_only(old) and not _HALF_SAID.search(_KO_BACK.split(words)[-1]):
            # "make it 5" after "email Ann on Friday" (a day, no time): Friday at 5 PM, a waking hour of that day
            # (the forty-second session: the hour nearest 23:59, Saturday at 5 AM)
            new = new.replace(hour=new.hour % 12 + (12 if new.hour % 12 < 7 else 0))
        elif not _HALF_SAID.search(_KO_BACK.split(words)[-1]):
            # "not 8 but 9" after a due at 8 PM: 9 PM, the hour nearest the due (pass 27: 9 AM, 11 hours early);
            # the night before too: "not 12:30, 11:30" after a due at 12:30 AM is 11:30 PM (pass 28: 11:30 AM),
            # and only the new time's words say its half ("자정 말고 11시": pass 28, 11 AM)
            new = min((new.replace(hour=new.hour % 12) + timedelta(hours=h) for h in (-12, 0, 12, 24)),
                      key=lambda at: (abs(at - old), -at.timestamp()))
            # ("밤 11시 말고 12시" is its midnight, pass 26, the nearest too)
        elif old.hour >= EVENING_HOUR and new.hour == 12 and not _SAYS_NOON.search(words):
            new = new.replace(hour=0)  # "밤 11시 말고 12시": a bare 12 after a night due is its midnight, not noon
        if old.hour >= EVENING_HOUR and new.hour < SMALL_HOURS_END and new.date() == old.date() and \
                not phrases.is_day_only(old):   # 23:59 is a day's end, not a night's time ("make it 5am": that day)
            # "no, not 11pm, midnight" / "1am": the same night, past midnight (pass 26: the day was kept, and
            # the call moved 23 hours earlier, "today at midnight")
            new = (new.replace(tzinfo=None) + timedelta(days=1)).replace(tzinfo=new.tzinfo)
    elif not names_day and not when.has_time and not phrases.is_day_only(old) and not is_relative(words) \
            and (part := part_named(words)) is not None and not _KO_PART.search(words):
        # "push the acme call to after lunch" after "a client call with acme at 4pm tomorrow" (the sixty-fourth session's
        # freelancer: "now by the end of today"): that day, at the part's hour (after lunch: 1 PM)
        hour = 13 if _AFTER_LUNCH.search(words) else PART_HOURS.get(part, old.hour)
        new = old.replace(hour=hour, minute=0)
    elif names_day and not when.has_time:
        if bare_weekday(words):
            # "not Friday but Saturday" for rent due next Friday: the Saturday after it, not the one 6 days
            # before (pass 27); the Saturday nearest the due, never before the one said
            weeks = max(0, round((old.date() - new.date()).days / 7))
            new = min((new + timedelta(days=7 * k) for k in (weeks - 1, weeks, weeks + 1) if k >= 0),
                      key=lambda at: (abs((at.date() - old.date()).days), -at.timestamp()))
        if not phrases.is_day_only(old):
            # "no, tomorrow morning" after a due at 8 PM: 8 AM (before: "Updated: …, now tomorrow at 8 PM")
            new = into_part(new.replace(hour=old.hour, minute=old.minute), part_named(words))
    return int(new.timestamp() * 1000)


# A part of the day said alone or with a day ("no, in the morning", "make it tomorrow evening", "아침으로 옮겨 줘"):
# the due's clock time moves into it, by the other half of the day ("call Bob at 8pm", "no, in the morning": 8 AM)
_PART_HOURS = {"morning": range(5, 12), "afternoon": range(12, 18), "evening": range(17, 23),
               "night": (*range(19, 24), *range(0, 5))}
_PART_OF = {"morning": "morning", "아침": "morning", "오전": "morning", "afternoon": "afternoon", "오후": "afternoon",
            "낮": "afternoon", "evening": "evening", "저녁": "evening", "night": "night", "밤": "night", "tonight": "night"}
# "after lunch", "first thing tomorrow" (the fifty-ninth session: "by the end of today", "by tomorrow"): the part they
# are in, as `when_words.EN_PARTS` reads them
_PART = re.compile(r"\b(?P<p>morning|afternoon|evening|night|tonight)\b|\b(?P<e>after\s+(?:work|school|lunch|dinner)"
                   r"|before\s+(?:work|lunch|dinner|supper)|first\s+thing|with\s+(?:breakfast|dinner)|before\s+bed(?:time)?)\b"
                   r"|(?<=\bat\s)(?P<m>breakfast|bedtime)\b|(?P<k>아침|오전|오후|저녁|밤|낮)(?![가-힣])|"
                   r"(?P<kp>아침|오전|오후|저녁|밤|낮)(?=에|으로|로|쯤|까지|먹기)")
_PART_ONLY = re.compile(r"(?:(?:in|during|to)\s+)?(?:the\s+)?(?:morning|afternoon|evening|night)|tonight"
                        r"|(?:아침|오전|오후|저녁|밤|낮)(?:에|으로|로|쯤)?", re.IGNORECASE)


_AFTER_LUNCH = re.compile(r"\bafter\s+lunch\b", re.IGNORECASE)
_KO_PART = re.compile(r"[가-힣]")   # (the Korean parts keep their own reading)


def part_named(words: str) -> str | None:
    """The part of the day the words name ("morning", "night"), or None."""
    m = _PART.search(words.lower())
    if m is not None and (m["e"] or m["m"]):
        return EN_PARTS[" ".join((m["e"] or m["m"]).split())]
    return None if m is None else _PART_OF[m["p"] or m["k"] or m["kp"]]


def part_only(words: str) -> bool:
    """Whether the words are a part of the day and nothing else ("in the morning", "아침에")."""
    return _PART_ONLY.fullmatch(words.strip(" ,.!?")) is not None


def in_part(due: datetime, part: str | None) -> bool:
    """Whether the due's clock time is in `part` (a day-only due is in none)."""
    hours = _PART_HOURS.get(part or "")
    return hours is not None and due.hour in hours and not phrases.is_day_only(due)


def into_part(due: datetime, part: str | None) -> datetime:
    """`due` with its clock time in `part`: as it is when it falls in it, else the same clock time in the other
    half of the day when that does ("8 PM" -> morning: 8 AM), else as it is (an hour must be said)."""
    hours = _PART_HOURS.get(part or "")
    if hours is None or due.hour in hours or phrases.is_day_only(due):
        return due
    flipped = (due.hour + 12) % 24
    return due.replace(hour=flipped) if flipped in hours else due


_WEEKDAY = re.compile(r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|[월화수목금토일]요일", re.IGNORECASE)
_WEEK_SAID = re.compile(r"this|next|coming|last|week|이번|다음|담주|저번|지난|\d", re.IGNORECASE)


def bare_weekday(words: str) -> bool:
    """A day of the week said with no week ("no, Saturday", "금요일 말고 토요일"), not "next Saturday"."""
    return _WEEKDAY.search(words) is not None and _WEEK_SAID.search(words) is None


_FILLER = re.compile(
    # "Thursday only", "today itself" (Indian English's emphasis), "this weekend, not next": the time and no more
    r"[\s,.!?~]+|\b(?:at|on|by|for|it's|it is|um|uh|please|then|ok|okay|instead|only|itself|actually)\b"
    # "9 works better", "Thursday is better for me"
    r"|\b(?:works|is|would\s+be|'s)\s+better(?:\s+for\s+me)?\b|\bworks\b(?:\s+for\s+me)?"
    r"|\bnot\s+(?:the\s+)?(?:next|this|that|coming)(?:\s+(?:one|week|weekend|month))?\b"
    r"|(?:으로|로|에|까지)?\s*(?:해\s*줘|해\s*주세요|바꿔\s*줘|해|이야|야|요|입니다|예요|이에요|이다|다|할게요|할게)?(?=[\s,.!?~]|$)",
    re.IGNORECASE)


def only_a_time(text: str) -> bool:
    """The utterance is a time and nothing else ("at 5 pm", "tomorrow morning", "목요일 오후 3시")."""
    spans = time_spans(text)
    if not spans:
        return False
    rest = "".join(ch for i, ch in enumerate(text) if not any(a <= i < b for a, b in spans))
    return not _FILLER.sub("", rest).strip()


# The time a correction takes back: after "not" ("no, not 4pm, 5pm", "5pm not 4pm"), or before a cue that
# takes it back ("4pm, I mean 5pm", "4시 말고 5시", "3시 아이고 4시")
EN_TAKE_BACK = r"not|instead\s+of|rather\s+than"   # the words before a time said wrong (`intents` cuts them off)
_EN_NOT = re.compile(rf"\b(?:{EN_TAKE_BACK})\s+(?P<old>.+?)(?=\s*(?:[,;]|\bbut\b|$))", re.IGNORECASE)
BARE_HOUR = re.compile(r"\d{1,2}(?::\d{2})?")   # "make it 5", "not 4 but 5": in a correction, an hour


# ... and as Whisper writes a short hour said alone, in words ("Actually, make it seven.", voice66's spoken day: the
# correction went to SmolLM2), with the minutes a clock says after it ("eight thirty", "six o'clock")
# ("one" alone is the pronoun as often: "no, one", "make it one" of a count; with its minutes it is the hour)
_CLOCK_MINUTES = r"(?:o'clock|oh\s+five|fifteen|thirty|forty[-\s]five)"
_HOUR_WORDS = rf"(?!one\b(?!\s+{_CLOCK_MINUTES})){EN_HOUR_WORD}(?:\s+{_CLOCK_MINUTES})?"
_HOUR_FIRST = re.compile(rf"\s*(?P<h>{BARE_HOUR.pattern}|(?i:{_HOUR_WORDS}))(?P<rest>\s.*)?")


def as_hour(words: str) -> str:
    """"at 5" for a bare "5" (a correction's hour, which the time grammar alone does not read), and for one said
    with nothing but fillers after it ("9 works better", "9 instead"), else `words`."""
    m = _HOUR_FIRST.fullmatch(words)
    if m is None or m["rest"] and _FILLER.sub("", m["rest"]).strip():
        return words
    return f"at {words.strip()}"
_EN_BACK = re.compile(r"(?:^|(?<=[\s,.]))(?:i\s+mean|i\s+meant|no|nope|wait|hang\s+on|hold\s+on|sorry|actually)(?=$|[\s,.])", re.IGNORECASE)
_KO_BACK = re.compile(r"(?:말고|아니고|아니라|아이고|아니다|아니지|아니)(?=$|[\s,.])")


# "change 8pm to 9pm", "move it from Friday to Monday"
_EN_FROM = re.compile(r"\b(?:change|move|switch|shift|make)\s+(?:it\s+|that\s+)?(?:from\s+)?(?P<old>.+?)\s+to\b", re.IGNORECASE)


def taken_back(text: str, now: datetime) -> When | None:
    """The time a correction says is wrong ("잠깐, 4시 말고 5시" -> 4시, "change 8pm to 9pm" -> 8pm), or None
    when it names none. The desk moves the promise due then, not the one just said, when they differ (pass 25)."""
    segments = [m["old"] for m in _EN_NOT.finditer(text)] + [m["old"] for m in _EN_FROM.finditer(text)]
    start = 0
    for m in (_KO_BACK if re.search(r"[가-힣]", text) else _EN_BACK).finditer(text):
        segments.append(text[start:m.start()])
        start = m.end()
    for segment in segments:
        segment = as_hour(segment)   # "not 4 but 5"
        if not time_spans(segment):
            continue
        try:
            when = resolve_time(segment, now, due=True)
        except ImpossibleTime:
            continue
        if when is not None:
            return when
    return None


# a day of the month said alone to correct a due: "the 3rd", "due on the 3rd", "to the 15th", "the fifteenth"
_BARE_DAY = re.compile(rf"(?:(?:it's|it\s+is)\s+)?(?:due\s+)?(?:on\s+|to\s+|by\s+|for\s+|till\s+|until\s+)?"
                       rf"the\s+(?P<d>\d{{1,2}}(?:st|nd|rd|th)|{EN_ORDINAL})")


def day_of_month_said(words: str, due_ms: int | None, now: datetime) -> str | None:
    """"the 3rd" said to correct a due, as a date: the day in the due's own month ("the 3rd" for a due on
    January 5 is January 3), or the next 3rd when that one has passed; None for other words. (Alone, "the 3rd"
    is no time in a new promise: "the 3rd floor"; pass 35's low: "wait, the 3rd" and "move it to the 15th" went
    to the model.)"""
    m = _BARE_DAY.fullmatch(words.strip().lower())
    if m is None:
        return None
    if due_ms is not None:
        due = datetime.fromtimestamp(due_ms / 1000, now.tzinfo)
        said = f"on the {m['d']} of {EN_MONTH_NAMES[due.month - 1]} {due.year}"
        try:
            when = resolve_time(said, now, due=True)
        except ImpossibleTime:
            return said          # "the 30th" for a due in February: the correction says why
        if when is not None and when.at >= now:
            return said
    return f"on the {m['d']}"


def due_is(due_ms: int | None, said: When) -> bool:
    """Whether a due is the time said: its clock time (4시 is 4 AM or 4 PM) and, when a day was said or no
    clock time was, its day."""
    if due_ms is None:
        return False
    due = datetime.fromtimestamp(due_ms / 1000, said.at.tzinfo)
    if said.has_time and (due.hour % 12, due.minute) != (said.at.hour % 12, said.at.minute):
        return False
    return due.date() == said.at.date() if said.day_said or not said.has_time else True


def is_relative(words: str) -> bool:
    return re.search(r"\bin\s+(?:an?|\d+|\w+)\s+(?:minutes?|hours?)|뒤에|후에|있다가", words) is not None


# A correction said after something else in the same utterance: at a sentence's or clause's start (after
# ". ", ", " or " and "/" but ", with fillers between), a correction cue. "…, oh and actually make the
# passport renewal November 3 instead"; "I'll book the vet on Friday at 2pm. No wait, I mean Saturday.";
# "…보고서 보내야 해. 아니 보고서는 모레야."
_EN_TRAILING_CUE = re.compile(
    r"(?:[,.;!?]\s*|\s+(?=(?:and|but)\s))(?:(?:oh|and|but|so|um|uh|ah|also)[\s,]+)*"
    r"(?=(?:actually|no\s+wait|wait|sorry|i\s+mean|i\s+meant|no|nope|scratch\s+that"
    r"|make|move|change|push|reschedule)\b)"
    # an order that moves a promise, anywhere after the first words ("I finished the slides so move the dentist
    # to Friday", "…, surely make the passport renewal December 23 instead"); not the verb of a plan ("need to
    # move the couch", "I'll change the oil")
    r"|(?<!\bto)(?<!\bwill)(?<!'ll)(?<!\bgonna)(?<!\bi)(?<!\bwe)(?<!\bshould)(?<!\bmust)(?<!\bcan)(?<!\bcould)"
    # ... nor a noun ("the car needs an oil change this week": the fifty-first session moved the promise in focus to
    # "this week"); the order names what it moves
    r"(?<!\boil)(?<!\ba)(?<!\ban)(?<!\bthe)(?<!\bno)(?<!\bsmall)(?<!\bloose)(?<!\bspare)(?<!\bbig)(?<!\bsome)"
    r"\s+(?=(?:make|move|change|push|reschedule)\s+(?!(?:this|next|last)\s+(?:week|weekend|month|year|morning|afternoon|"
    r"evening|time)\b))", re.IGNORECASE)
_KO_TRAILING_CUE = re.compile(r"(?:[,.;!?]\s*|\s+(?:그리고|근데)\s+)(?:(?:아|음|어)[\s,]+)*(?=(?:아니|아냐|아뇨)[\s,])")


def split_trailing_correction(text: str) -> tuple[str, str] | None:
    """(what comes before, the correction) when a correction cue starts a later clause of the utterance
    and what follows it holds a time; None otherwise. Whether the correction names a promise is the
    desk's to decide (it knows the agenda)."""
    pattern = _KO_TRAILING_CUE if re.search(r"[가-힣]", text) else _EN_TRAILING_CUE
    for m in pattern.finditer(text):
        head, fix = text[:m.start()].strip(" ,"), text[m.end():].strip()
        if head and fix and time_spans(fix):
            return head, fix
    return None


# A move order at the very start, before other words ("push rent to Monday and I need to call Jin tomorrow")
_LEADING_ORDER = re.compile(r"(?:(?:oh|actually|also|and|so|um|uh|ok|okay|please)[\s,]+)*"
                            r"(?=(?:make|move|change|push|reschedule)\s)", re.IGNORECASE)
# What may stand between a correction's time and the next clause: "instead", "please"; then the clause's
# start: a stop or comma and / or "and", "then", "also"
_AFTER_ORDER = re.compile(r"(?:[\s,]+(?:instead|please|thanks|thank\s+you|ok|okay)\b)*", re.IGNORECASE)
_NEXT_CLAUSE = re.compile(r"\s*[,.;!]\s*(?:(?:and|then|also)\b[\s,]*)*|\s+(?:and|then|also)\b[\s,]*(?:(?:and|then)\b[\s,]*)*",
                          re.IGNORECASE)
_JOINED_TIMES = re.compile(r"[\s,]*(?:at|on|around|by)?\s*", re.IGNORECASE)


# A Korean move order: the thing, its new time with 로, and the verb ("집세 월요일로 미뤄줘"); said first, last
# or between other clauses ("가스비 목요일까지 내야 하고 집세는 월요일로 미뤄줘 그리고 내일 진한테 전화해야 해")
_KO_MOVE = re.compile(r"(?:으로|로)\s*(?:미뤄|미루|미룰|옮겨|옮기|바꿔|바꾸|변경해|변경하|당겨|연기해|연기하)[가-힣]*")
_KO_CLAUSE_END = re.compile(r"[,.;!?]\s*|\s+(?:그리고|근데|또)\s+|(?<=야\s하고)\s+|(?<=야하고)\s+")
_KO_NEXT_CLAUSE = re.compile(r"\s*[,.;!?]?\s*(?:(?:그리고|또)\s+)?")


def leading_order(text: str) -> tuple[str, str] | None:
    """(what comes before, the order and what follows it) when a move order starts the utterance ("", "push
    rent to Monday and …") or, in Korean, one of its clauses ("가스비 … 내야 하고", "집세는 월요일로 미뤄줘
    그리고 …"); the desk cuts what follows the order with `split_order_tail`."""
    if re.search(r"[가-힣]", text):
        move = _KO_MOVE.search(text)
        if move is None:
            return None
        ends = [m.end() for m in _KO_CLAUSE_END.finditer(text, 0, move.start())]
        start = ends[-1] if ends else 0
        return (text[:start].strip(" ,"), text[start:]) if time_spans(text[start:move.end()]) else None
    m = _LEADING_ORDER.match(text)
    return ("", text) if m and time_spans(text[m.end():]) else None


def split_order_tail(fix: str) -> tuple[str, str] | None:
    """(the correction, what follows it) when another clause follows the correction's time: "push rent to
    Monday and I need to call Jin tomorrow" -> ("push rent to Monday", "I need to call Jin tomorrow");
    "push rent to Monday, and call Jin tomorrow" -> (…, "call Jin tomorrow"). None when nothing follows it.
    Whether that clause is a promise of its own is the desk's to decide. A Korean order ends at its verb
    ("집세 월요일로 미뤄줘 그리고 내일 …"). ("the correction", "") when only thanks or "please" follow it."""
    if re.search(r"[가-힣]", fix):
        move = _KO_MOVE.search(fix)
        if move is None:
            return None
        tail = fix[_KO_NEXT_CLAUSE.match(fix, move.end()).end():].strip()  # type: ignore[union-attr]
        return (fix[:move.end()].strip(), tail) if tail else None
    spans = time_spans(fix)
    if not spans:
        return None
    end = spans[0][1]
    for start, stop in spans[1:]:   # "Monday at 4 pm" said as two spans is one time
        if not _JOINED_TIMES.fullmatch(fix[end:start]):
            break
        end = stop
    end = _AFTER_ORDER.match(fix, end).end()  # type: ignore[union-attr]
    if not fix[end:].strip(" ,.!"):
        return fix[:end].strip(" ,.!"), ""
    clause = _NEXT_CLAUSE.match(fix, end)
    if clause is None or not fix[clause.end():].strip(" ,.;!"):
        return None
    return fix[:end].strip(" ,.!"), fix[clause.end():].strip()


# "move the move to sunday" (after68: "I couldn't find the"): "the move", "my move" is a name, not the order
_NOT_A_NAME = re.compile(r"\b(?:is|are|was|instead|now|to|on|for|at|by|it|make)\b"
                         r"|(?<!\bthe\s)(?<!\bmy\s)(?<!\bour\s)\b(?:moved|change|move)\b|[은는이가을를]$")


_A_NEW_THING = re.compile(r"\s*(?:a|an|another|some|one\s+more)\s", re.IGNORECASE)


def correction_target(words: str, descs: Sequence[str], fully: bool = False) -> int | None:
    """The description a correction's words other than its time name ("the vet on Saturday", "the passport
    renewal is November 3 instead"), or None (none, or two alike). `fully`: every word of them must name it
    ("no, the drain on the roof" does not name "check the water tank on the roof": it repairs the thing
    just said)."""
    if _A_NEW_THING.match(words):   # "make a dentist appointment by Friday" is a new promise, not a move of
        return None                 # "call the dentist" (pass 15: the new one was never kept)
    rest = _rest(words)
    deeds = _deed_only(rest, descs)
    if len(deeds) > 1:
        return None                 # "move the call to Saturday" with two calls open: which one is asked
    if deeds and not fully:
        return deeds[0]             # ... and with one call open, that one (pass 34: nothing moved, the model's turn)
    found = naming.best_reference(rest, descs) if rest else None
    if found is None and rest and not fully:
        return naming.owned_named(rest, descs)   # "move the drill to Friday" of "return Tom's drill" (the reply names it)
    if not isinstance(found, int) or fully and naming.reference_score(rest, descs[found]) < 1.0:
        return None
    return found


# "…까지 보내면 된다", "…까지 하면 돼": the leave given after the new time is not part of the name
_KO_WILL_DO = re.compile(r"\s*(?:하면|면)?\s*(?:된다|돼|되요|돼요|됩니다|되겠다|될\s*것\s*같아)[.!~]*$")


def named_words(words: str) -> str:
    """A correction's words other than its time: what it names ("전화 목요일" -> "전화")."""
    return _rest(words)


def _rest(words: str) -> str:
    return _KO_WILL_DO.sub("", _NOT_A_NAME.sub(" ", cut_spans(words, time_spans(words))).strip()).strip()


def deed_named(words: str, descs: Sequence[str]) -> list[int]:
    """The descriptions whose verb is the only word a correction names them by ("move the call to Saturday":
    every "call …"); English only."""
    return _deed_only(_rest(words), descs)


def _deed_only(rest: str, descs: Sequence[str]) -> list[int]:
    said = [w for w in re.findall(r"[a-z']+", rest.lower()) if w not in ("the", "my", "that", "this")]
    if len(said) != 1:
        return []
    return [i for i, desc in enumerate(descs) if desc.isascii() and desc.lower().split()[:1] == said]


# "3시 회의 4시로 바꿔 줘", "내일 3시에 있는 회의를 4시로": the clock time before the name names the promise (as
# "move my 3pm to 4pm" does), the one after it is the new time (the fifty-sixth session: "이미 오후 3시예요")
_KO_CLOCK_NAME = re.compile(r"\s*(?:에|의)?\s*(?:있는|잡힌|하는|잡아\s*둔|예정된)?\s*(?P<name>[가-힣A-Za-z0-9]+?(?:\s+[가-힣A-Za-z0-9]+?)?)"
                            r"?(?:을|를|은|는|이|가|도)?\s+")


def ko_clock_named(cued: str) -> tuple[str, str, str] | None:
    """(the time taken back, the name between, the new time) of a Korean move that names its promise by its clock
    time ("3시 회의 4시" -> "3시", "회의", "4시"), or None. Both times are said; the first one first."""
    if not re.search(r"[가-힣]", cued):
        return None
    spans = time_spans(cued)
    if len(spans) != 2 or spans[0][0] != 0:
        return None
    m = _KO_CLOCK_NAME.fullmatch(cued, spans[0][1], spans[1][0])
    if m is None:
        return None
    return cued[:spans[0][1]].strip(), (m["name"] or "").strip(), cued[spans[1][0]:].strip()
