"""Promises whose time has passed: told done late, told forgotten, asked about by the day they were on.

A promise expires six hours after its due (the seed's rule), and people close things late. Living the days with
the offline default (the sixty-third session), each of these went to SmolLM2 or to the open agenda alone:
"I picked up the dry cleaning yesterday" ("I see.", the expired promise never marked done), "I forgot to call mom
yesterday" (a paragraph about phone calls), "what did I have yesterday?" and "어제 뭐 있었지?" (made up, or "Your
agenda is clear."), "what's overdue?" the morning after a due passed unfinished ("Nothing is overdue.").
The words are read here (pure); `desk.AgendaDesk` applies them to the agenda.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta, tzinfo

from jarvisd.openloop import phrases
from jarvisd.openloop.alarms import alarm_kind
from jarvisd.openloop.hangul import closed, topic
from jarvisd.openloop.model import LoopStatus, OpenLoop
from jarvisd.openloop.reasons import without_reason

MISSED_DAYS = 7   # "what did I miss?", a late "I did it" and "I forgot" look back a week

_WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAYS_KO = ("월", "화", "수", "목", "금", "토", "일")


def recently_expired(loops: Sequence[OpenLoop], now_ms: int) -> list[OpenLoop]:
    """The promises that expired unfinished in the last MISSED_DAYS (no timers or alarms), newest due first, each as it
    was that time (a repeating one's rule off: its next time is another promise)."""
    since = now_ms - MISSED_DAYS * 86_400_000
    # "call mom" expired, kept again ("I'll call her tonight then") and done: the errand is done, not missed
    done_after: dict[str, int] = {}
    for loop in loops:
        if loop.status is LoopStatus.DONE:
            key = loop.desc.casefold()
            done_after[key] = max(done_after.get(key, 0), loop.closed_ms or 0)
    return sorted((replace(loop, repeat=None) for loop in loops
                   if loop.status is LoopStatus.EXPIRED and (loop.closed_ms or 0) >= since and not alarm_kind(loop.desc)
                   # its own time in the week too (a day's grace for the expiry): a due a year old that the sweep
                   # closed this week (the daemon off since, an old agenda restored) did not pass this week
                   and (loop.due_ms is None or max(loop.due_ms, loop.remind_ms or 0) >= since - 86_400_000)
                   and (loop.repeat is not None   # a routine's missed day stays missed when the next one is done
                        or done_after.get(loop.desc.casefold(), 0) <= (loop.due_ms or loop.created_ms))),
                  key=lambda loop: loop.due_ms or loop.created_ms, reverse=True)


# ------------------------------------------------------------ "I forgot to call mom"

_EN_FORGOT = re.compile(
    r"(?:(?:no|shoot|damn|dang|oops|crap|ugh|man|oh|well)\b[,!.]?\s+)*(?:i\s+)?(?:totally\s+|completely\s+|just\s+)?"
    r"forgot\s+(?:all\s+)?(?:about\s+|to\s+)?(?P<deed>.*?[^\s.!])"
    r"(?:\s+(?:yesterday|last\s+night|this\s+morning|earlier|today|again|on\s+\w+day))?[.!]*", re.IGNORECASE)
# "아이고 어제 …", "아까 …": a sigh and the day before the deed, Korean (the forgetting and the not done)
_KO_LEAD = r"(?:아\s+|아이고\s+|헐\s+)?(?:어제\s+|그제\s+|아까\s+|오늘\s+)?"
_KO_FORGOT = re.compile(
    _KO_LEAD + r"(?P<deed>.+?)\s*(?:하는|한)?\s*(?:거|것|걸)?(?:을|를)?\s*"
    r"(?:깜빡\s*(?:했|하고)|까먹었|잊어\s*버렸|잊었)\S*")
_NOT_A_DEED = re.compile(r"^(?:it|that|this|something|what|my\s+password|the\s+password|where|how|why|who|when)\b",
                         re.IGNORECASE)


# "I didn't get to the plumber call", "couldn't call the insurance today", "never got around to the gutters", "ran out of
# time for the report" (the sixty-fourth session's days lived: SmolLM2's "I'm unable to assist you with your plumbing
# issues", the promise left where it was)
_EN_NOT_DONE = re.compile(
    r"(?:(?:oh\s+)?(?:no|shoot|damn|dang|oops|ugh|man|so|well|sorry|yeah|hey|jarvis)\b[,!.]?\s+)*(?:i\s+)?(?:still\s+)?"
    r"(?:(?:didn'?t|did\s+not|couldn'?t|could\s+not|haven'?t|have\s+not|wasn'?t\s+able\s+to|was\s+not\s+able\s+to)\s+"
    r"(?:(?:get|got)\s+(?:around\s+)?to\s+|(?:had|have|find|found)\s+(?:the\s+)?time\s+(?:to|for)\s+|manage\s+to\s+"
    r"|make\s+it\s+to\s+)?|never\s+(?:(?:get|got)\s+(?:around\s+)?to|had\s+(?:the\s+)?time\s+(?:to|for)|managed\s+to)\s+"
    r"|ran\s+out\s+of\s+time\s+(?:to|for)\s+)"
    r"(?P<deed>.+?)(?:\s+(?:yesterday|last\s+night|this\s+morning|earlier|today|again|on\s+\w+day|in\s+time))?[.!]*",
    re.IGNORECASE)
# ", do it tomorrow morning", "; I'll do it tomorrow at 9", " so move it to friday", " - tomorrow then"
_LATER = re.compile(
    r"(?P<head>.+?)(?:\s*[,;]\s*|\s+-\s+|\s+so\s+|\s+but\s+)(?:(?:so|but|ok(?:ay)?|then|and)\s+)?"
    r"(?:(?:i'?ll|i\s+will|i\s+can|let'?s|let\s+me|can\s+you|could\s+you|please|we'?ll)\s+)?(?:remind\s+me\s+(?:again\s+)?)?"
    r"(?:(?:do|move|push|put|make|reschedule|shift|bump|try)\s+(?:it|that|this)\s+(?:again\s+)?(?:to\s+|for\s+|till\s+|until\s+)?)?"
    r"(?P<later>[^,;]+?)(?:\s+(?:then|instead|please))?[.!]*", re.IGNORECASE)
# "보고서 아직 못 끝냈어", "은행 못 갔어" (the sixty-fourth session: "죄송해요, 그건 답을 모르겠어요.")
_KO_NOT_DONE = re.compile(
    _KO_LEAD + r"(?P<deed>[^,]+?)\s*(?:을|를|은|는)?\s*(?:아직\s*)?(?:다\s*)?"
    r"못\s*(?:끝냈|끝냄|했|갔|챙겼|보냈|냈|샀|받았|찾았|찾아왔|갔다\s*왔|다녀왔|먹었)\S*[.!]*")
_NOT_A_MISSED_DEED = re.compile(r"^(?:know|think|mean|say|hear|see|understand|sleep|like|want|need|expect|realize|mind)\b",
                                re.IGNORECASE)


@dataclass(frozen=True)
class Missed:
    """A promise told forgotten or not done ("I forgot to call mom", "I didn't get to the plumber call"), and the time
    said for it after ("…, do it tomorrow morning": "tomorrow morning"; "" when none)."""

    deed: str
    later: str = ""


def missed_said(text: str, has_time: Callable[[str], bool]) -> Missed | None:
    """"I forgot to call mom", "I didn't get to the plumber call, do it tomorrow morning", "couldn't call the insurance
    today, I'll do it friday": the deed and the new time (`has_time` tells time words). None for other words, a
    question, or a deed that is no promise's ("I didn't know that")."""
    said = text.strip()
    if said.endswith(("?", "？")):
        return None
    if (m := _LATER.fullmatch(said)) is not None and has_time(m["later"]):
        head = m["head"].strip()
        deed = forgot_said(head) or _not_done(head)
        return None if deed is None else Missed(without_reason(deed, "deed"), m["later"].strip())
    deed = forgot_said(said) or _not_done(said)
    return None if deed is None else Missed(without_reason(deed, "deed"))


def _not_done(said: str) -> str | None:
    m = _EN_NOT_DONE.fullmatch(said) or _KO_NOT_DONE.fullmatch(said)
    if m is None:
        return None
    deed = m["deed"].strip(" ,.")
    return None if not deed or _NOT_A_DEED.match(deed) or _NOT_A_MISSED_DEED.match(deed) else deed


# an errand told missed that no promise names ("i couldn't pay the bill because the site was down" with no bill kept;
# lows67: to SmolLM2, "as a voice assistant, you can't pay the bill"): not on the agenda, and how to keep it. Errands
# only: "i didn't eat breakfast", "i couldn't find my keys" are talk, not a duty let slip.
_EN_ERRAND = re.compile(r"(?:pay|renew|return|call|phone|email|e-mail|text|send|mail|post|book|submit|file|register|"
                        r"apply\s+for|sign\s+up\s+for|order|buy|pick\s+up|drop\s+off|reply\s+to|cancel|refill|deposit|"
                        r"schedule)\s+\w", re.IGNORECASE)


def not_on_agenda(deed: str, lang: phrases.Lang) -> str | None:
    """"That isn't on your agenda: pay the bill. Want me to remind you? …" for an errand told missed that no promise
    names (English; None for a deed that is no errand)."""
    if lang != "en" or not _EN_ERRAND.match(deed) or len(deed) > 80:
        return None
    return (f"That isn't on your agenda: {phrases.second_person(deed)}. Want me to remind you? Say when, like "
            f"\"remind me to {deed} tomorrow\".")   # the user's words: "my passport"


def forgot_said(text: str) -> str | None:
    """The deed in "I forgot to call mom yesterday", "oh no I forgot to pick up the dry cleaning", "엄마한테 전화하는 거
    깜빡했어"; None for other words, a question, or a forgetting that names no deed ("I forgot what I wanted to say")."""
    said = text.strip()
    if said.endswith(("?", "？")):
        return None
    m = _EN_FORGOT.fullmatch(said) or _KO_FORGOT.fullmatch(said)
    if m is None:
        return None
    deed = m["deed"].strip(" ,.")
    return None if not deed or _NOT_A_DEED.match(deed) else deed


def forgot_open(loop: OpenLoop, now: datetime, tz: tzinfo, lang: phrases.Lang) -> str:
    """"I forgot to call mom" with "call mom" still open: it is still there, and when."""
    due = phrases.spoken_due(loop.due_ms, now, tz, lang) if loop.due_ms is not None else None
    if lang == "ko":
        return f"{loop.desc}{topic(loop.desc)} 아직 할 일 목록에 있어요" + (f", {due}." if due else ".")
    return f"It's still on your agenda: {phrases.second_person(loop.desc)}" + (f", {due}." if due else ".")


# "can I still do it today?", "is it too late?" of the promise just talked about (the sixty-fifth session's fortnight,
# after "oh no i forgot the expense report": SmolLM2 "I'm not able to access your internet right now")
STILL_TIME = re.compile(r"(?:(?:so|and|but|ok(?:ay)?|hmm+|um+|well),?\s+)*(?:(?:can|could)\s+i\s+still\s+(?:do|send|finish|"
                        r"submit|get|make|file|pay|call|hand|turn)(?:\s+(?:it|that|them))?(?:\s+(?:in|off|done))?"
                        r"(?:\s+(?:today|tonight|now))?|is\s+it\s+too\s+late(?:\s+(?:to\s+do\s+it|for\s+(?:it|that)))?(?:\s+now)?"
                        r"|do\s+i\s+still\s+have\s+time(?:\s+(?:for\s+(?:it|that)|to\s+do\s+it))?)\s*\??")


def still_time(loop: OpenLoop, now: datetime, tz: tzinfo, lang: phrases.Lang) -> str:
    """The answer to "can I still do it today?": still open, with its due, and how to move it; or when it expired."""
    if loop.status is not LoopStatus.OPEN:
        return forgot_expired(loop, now, tz, lang)
    due = phrases.spoken_due(loop.due_ms, now, tz, lang) if loop.due_ms is not None else None
    if lang == "ko":
        return f"{loop.desc}{topic(loop.desc)} 아직 할 일 목록에 있어요" + (f", {due}." if due else ".") + \
            " 새 시간을 말하면 옮길게요."
    return f"It's still on your agenda: {phrases.second_person(loop.desc)}" + (f", {due}." if due else ".") + \
        " Say a new time and I'll move it."   # no "yes": "is it too late?" is asked too


def _was_due(loop: OpenLoop, now: datetime, tz: tzinfo, lang: phrases.Lang) -> str:
    """The due a promise passed, as said after "was due": "yesterday", "Monday, December 7" ("by " and "the end of" off)."""
    was = phrases.spoken_due(loop.due_ms or loop.created_ms, now, tz, lang).removeprefix("by ")
    return was.replace("the end of today", "today").replace("the end of yesterday", "yesterday")


def forgot_expired(loop: OpenLoop, now: datetime, tz: tzinfo, lang: phrases.Lang) -> str:
    """"I forgot to call mom" after "call mom" expired: when it was due, and the way back ("… tonight" keeps it anew)."""
    was = _was_due(loop, now, tz, lang)
    if lang == "ko":
        return (f"{loop.desc}{topic(loop.desc)} 기한({was.removesuffix('까지')})이 지나 닫혔어요. "
                "언제 하실지 말씀해 주시면 다시 적어 둘게요.")
    return (f"{phrases.second_person(loop.desc)[:1].upper()}{phrases.second_person(loop.desc)[1:]} was due {was} and "
            "closed unfinished. When will you do it? Tell me and I'll put it back on your agenda.")


# ------------------------------------------------------------ "I picked up the dry cleaning yesterday"

def closed_late(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, lang: phrases.Lang) -> str:
    """The expired promises a late "I did it" marked done (or cancelled): said with the due they had passed."""
    items = []
    for loop in loops:
        was = _was_due(loop, now, tz, lang)
        items.append(f"{loop.desc} ({was.removesuffix('까지')} 기한이 지났던 일)" if lang == "ko"
                     else f"{phrases.second_person(loop.desc)} (it was due {was})")
    done = all(loop.status is LoopStatus.DONE for loop in loops)
    if lang == "ko":
        return ("완료로 표시했어요: " if done else "취소로 표시했어요: ") + ", ".join(items) + "."
    return ("Good, marked done: " if done else "OK, marked cancelled: ") + "; ".join(items) + "."


# ------------------------------------------------------------ "what did I have yesterday?"

_EN_PAST_DAY = re.compile(
    r"(?:so\s+|and\s+|hey\s+)?what\s+(?:did\s+i\s+have(?:\s+(?:to\s+do|on|planned|scheduled|going\s+on))?"
    r"|was\s+i\s+supposed\s+to\s+do|was\s+(?:on\s+)?my\s+(?:agenda|calendar|schedule|list|plate|to-?do\s+list)"
    r"|was\s+(?:due|planned|scheduled|on\s+the\s+agenda))"
    r"\s+(?:for\s+|on\s+)?(?P<day>yesterday|the\s+day\s+before\s+yesterday|last\s+\w+day|\w+day)(?:\s+again)?\s*[?.!]*",
    re.IGNORECASE)
_KO_PAST_DAY = re.compile(
    r"(?P<day>어제|그제|그저께|엊그제|지난\s*[월화수목금토일]요일|[월화수목금토일]요일)\s*(?:에|에는|엔)?\s*"
    r"(?:내\s*)?(?:뭐|무슨\s*일(?:정)?|일정(?:은|이)?\s*뭐|할\s*일(?:은|이)?\s*뭐|뭐\s*할\s*일)\s*"
    r"(?:있었|였|이었)\S*\s*[?？.]*")


def past_day_asked(text: str, today: date) -> date | None:
    """The past day "what did I have yesterday?", "what was on my calendar on Monday?", "어제 뭐 있었지?", "지난 금요일에
    일정 뭐였어?" asks about (a weekday said alone is the last one before today); None for other words."""
    said = text.strip()
    m = _EN_PAST_DAY.fullmatch(said)
    if m is not None:
        words = re.sub(r"\s+", " ", m["day"].lower())
        if words == "yesterday":
            return today - timedelta(days=1)
        if words == "the day before yesterday":
            return today - timedelta(days=2)
        name = words.removeprefix("last ")
        return _last_weekday(today, _WEEKDAYS_EN.index(name)) if name in _WEEKDAYS_EN else None
    m = _KO_PAST_DAY.fullmatch(said)
    if m is None:
        return None
    words = re.sub(r"\s+", "", m["day"])
    if words == "어제":
        return today - timedelta(days=1)
    if words in ("그제", "그저께", "엊그제"):
        return today - timedelta(days=2)
    return _last_weekday(today, _WEEKDAYS_KO.index(words.removeprefix("지난")[0]))


def _last_weekday(today: date, weekday: int) -> date:
    return today - timedelta(days=(today.weekday() - weekday - 1) % 7 + 1)


def on_day(loops: Sequence[OpenLoop], day: date, tz: tzinfo) -> list[OpenLoop]:
    """The promises that were due on `day`, whatever became of them (no timers or alarms), by their due."""
    return sorted((loop for loop in loops if loop.due_ms is not None and phrases.due_day(loop.due_ms, tz) == day
                   and not alarm_kind(loop.desc)), key=lambda loop: loop.due_ms or 0)


_STATE_EN = {LoopStatus.DONE: "done", LoopStatus.DISMISSED: "cancelled", LoopStatus.EXPIRED: "not marked done",
             LoopStatus.OPEN: "still open"}
_STATE_KO = {LoopStatus.DONE: "완료", LoopStatus.DISMISSED: "취소", LoopStatus.EXPIRED: "완료 표시 없음",
             LoopStatus.OPEN: "아직 남음"}


def past_day_list(loops: Sequence[OpenLoop], day: date, today: date, tz: tzinfo, lang: phrases.Lang) -> str:
    """"Yesterday you had 2 things: the dentist appointment at 2 PM (not marked done); and pick up the dry cleaning
    (done)." Read from the agenda's records, closed ones too."""
    back = (today - day).days
    if lang == "ko":
        when = {1: "어제", 2: "그제"}.get(back) or f"지난 {_WEEKDAYS_KO[day.weekday()]}요일({day.month}월 {day.day}일)"
        if not loops:
            return f"{when}{'는' if back <= 2 else '에는'} 할 일 목록에 적힌 게 없었어요."
        items = [f"{loop.desc}{_clock(loop, tz, lang)} ({_STATE_KO[loop.status]})" for loop in loops[:phrases.SPOKEN_ITEMS]]
        more = len(loops) - len(items)
        return f"{when}{'는' if back <= 2 else '에는'} {len(loops)}개 있었어요: " + "; ".join(items) + "." + \
            (f" 그 밖에 {more}개는 HUD에서 볼 수 있어요." if more else "")
    when = {1: "Yesterday", 2: "The day before yesterday"}.get(back) or f"On {day:%A}, {day:%B} {day.day}"
    if not loops:
        return f"{when} nothing was on your agenda."
    items = [f"{phrases.second_person(loop.desc)}{_clock(loop, tz, lang)} ({_STATE_EN[loop.status]})"
             for loop in loops[:phrases.SPOKEN_ITEMS]]
    more = len(loops) - len(items)
    count = "one thing" if len(loops) == 1 else f"{len(loops)} things"
    listed = phrases.entries_said(items, more)
    return f"{when} you had {count}: {listed}" + (f"; and {more} more in the HUD" if more else "") + "."


def _clock(loop: OpenLoop, tz: tzinfo, lang: phrases.Lang) -> str:
    """" at 2 PM" / ", 오후 2시" after a past day's promise, as every answer says a clock time; "" for a day alone."""
    at = datetime.fromtimestamp((loop.due_ms or 0) / 1000, tz)
    if phrases.is_day_only(at):   # "by the end of the day": no clock time was said
        return ""
    return f", {phrases.clock_said(at, lang)}" if lang == "ko" else f" at {phrases.clock_said(at, lang)}"


# ------------------------------------------------------------ "did I take my pills today?"

_EN_DAY_OF_DEED = re.compile(r"\b(?P<day>today|tonight|this\s+morning|this\s+afternoon|this\s+evening|yesterday|last\s+night)"
                             r"(?:\s+(?:yet|already))?\s*[?.!]*$", re.IGNORECASE)
_KO_DAY_OF_DEED = re.compile(r"(?:^|\s)(?P<day>오늘|어제|아까|오늘\s*아침|어젯밤|어제\s*밤)(?:\s|은|는|에)")


_PAST_DAY_SAID = re.compile(r"\b(?:yesterday|last\s+night)\b|어제|어젯밤|그제|그저께", re.IGNORECASE)


def past_day_said(text: str, today: date) -> date | None:
    """The past day a deed told done names ("I took my pills yesterday", "어제 약 먹었어"), else None."""
    m = _PAST_DAY_SAID.search(text)
    if m is None:
        return None
    return today - timedelta(days=2 if m.group().startswith("그") else 1)


_TODAY_SAID = re.compile(r"\b(?:today|this\s+morning|tonight)\b|오늘", re.IGNORECASE)


def done_day_said(text: str, today: date) -> date | None:
    """The day a deed told done names, today too ("오늘 혈압약 드렸어", "I took my pills today": today's dose, not the
    next day's; korean69), else None."""
    past = past_day_said(text, today)
    return past if past is not None else today if _TODAY_SAID.search(text) else None


def deed_day(text: str, today: date) -> date | None:
    """The day a "did I …" asks about when one is said ("did I take my pills today?", "did I call mom yesterday",
    "어제 약 먹었나?"), else None (any time: the newest)."""
    m = _EN_DAY_OF_DEED.search(text.strip())
    if m is not None:
        return today - timedelta(days=1) if m["day"].lower() in ("yesterday", "last night") else today
    m = _KO_DAY_OF_DEED.search(text.strip())
    if m is not None:
        return today - timedelta(days=1) if m["day"].startswith("어") else today
    return None


def _done_day(loop: OpenLoop, tz: tzinfo) -> date:
    """The day a deed marked done was done on: the day it was marked, or its due day when it was marked later (a late
    "I called mom yesterday", pass 64: "did I call mom yesterday?" then said "No: call mom wasn't marked done yesterday.")."""
    marked = phrases.due_day(loop.closed_ms or 0, tz)
    return min(marked, phrases.due_day(loop.due_ms, tz)) if loop.due_ms is not None else marked


def _day_said(day: date, today: date, lang: phrases.Lang) -> str:
    back = (today - day).days
    if lang == "ko":
        return {0: "오늘", 1: "어제", 2: "그제"}.get(back) or f"{day.month}월 {day.day}일"
    return {0: "today", 1: "yesterday"}.get(back) or f"on {day:%A}, {day:%B} {day.day}"


def _done_on(loop: OpenLoop, day: date, tz: tzinfo) -> bool:
    """A routine's dose counts for the day it was done on (yesterday's, marked today, is not today's); a one-off for
    that day and for the day it was marked ("did I call mom today?" of one marked today: yes, marked today)."""
    return _done_day(loop, tz) == day or (loop.repeat is None and phrases.due_day(loop.closed_ms or 0, tz) == day)


def deed_on_day(hits: Sequence[OpenLoop], day: date, now: datetime, tz: tzinfo, lang: phrases.Lang) -> str | None:
    """Whether the deed was marked done on `day` (the sixty-third session: "did I take my pills today?" was answered "Yes:
    take your pills, marked done yesterday at 8:05 AM."): "Yes: …, marked done today at 8:05 AM.", or "Not today: …
    was last marked done yesterday at 8:05 AM."; None when no promise of it was due or done by that day."""
    done = [loop for loop in hits if loop.status is LoopStatus.DONE and loop.closed_ms is not None]
    on_it = [loop for loop in done if _done_on(loop, day, tz)]
    if on_it:
        return phrases.deed_status(max(on_it, key=lambda loop: loop.closed_ms or 0), now, tz, lang)
    before = [loop for loop in done if _done_day(loop, tz) < day]
    if not before and not any(loop.due_ms is not None and phrases.due_day(loop.due_ms, tz) <= day for loop in hits):
        return None
    newest = max(hits, key=lambda loop: (loop.created_ms, loop.id))
    if newest.status is not LoopStatus.DONE and not newest.repeat and not before:
        return None   # a one-off still open or closed unfinished: `deed_status` says so, with its due
    back = (now.date() - day).days
    last = max(before, key=lambda loop: loop.closed_ms or 0) if before else None
    # a dose done late ("I took my pills yesterday", marked today): said for the day it was done, and when marked
    late = last is not None and (done_on := _done_day(last, tz)) != phrases.due_day(last.closed_ms or 0, tz)
    if lang == "ko":
        when = "오늘" if back == 0 else "어제"
        said = f"{when}은 {newest.desc} 완료 표시가 없어요."
        if last is not None and late:
            return said + f" 마지막 완료는 {_day_said(done_on, now.date(), lang)} 것이에요."
        when = phrases.spoken_due(last.closed_ms or 0, now, tz, lang) if last else ""
        # "오전 9시예요" (the sixty-fourth session heard "오전 9시이에요"), "9시 5분이에요"
        return said + (f" 마지막 완료는 {when}{'이에요' if closed(when) else '예요'}." if last else "")
    when = "today" if back == 0 else "yesterday"
    desc = phrases.second_person(newest.desc)
    if last is not None and late:
        return (f"Not {when}: {desc} was last done {_day_said(done_on, now.date(), lang)} (marked done "
                f"{phrases.spoken_due(last.closed_ms or 0, now, tz, lang)}).")
    if last is not None:
        return f"Not {when}: {desc} was last marked done {phrases.spoken_due(last.closed_ms or 0, now, tz, lang)}."
    return f"No: {desc} wasn't marked done {when}."


# ------------------------------------------------------------ "what do I have in February?"

_MONTHS_EN = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
              "november", "december")
_MONTH_WORDS = re.compile(r"(?:in|for|during)\s+(?:the\s+month\s+of\s+)?(?P<month>" + "|".join(_MONTHS_EN) + r")")


def month_words(words: str) -> int | None:
    """The month "in February" names (the day reader's words of "what's on my agenda in February?"), or None."""
    m = _MONTH_WORDS.fullmatch(words.strip().lower())
    return _MONTHS_EN.index(m["month"]) + 1 if m else None


def month_list(loops: Sequence[OpenLoop], month: int, year: int, now: datetime, tz: tzinfo, lang: phrases.Lang) -> str:
    """"What's on my agenda in February?" (the sixty-third session: "Nothing is due on Sunday, February 28, 2027.", the
    month's last day alone): the promises due that month, by their due."""
    name = f"{month}월" if lang == "ko" else datetime(year, month, 1).strftime("%B") + ("" if year == now.year else f" {year}")
    if lang == "ko":
        return f"{name}에는 할 일이 없어요." if not loops else \
            f"{name}에는 할 일이 {len(loops)}개 있어요: " + phrases.listed_items(loops, now, tz, lang)
    if not loops:
        return f"Nothing is due in {name}."
    count = "one thing" if len(loops) == 1 else f"{len(loops)} things"
    return f"In {name} you have {count}: " + phrases.listed_items(loops, now, tz, lang)


# ------------------------------------------------------------ "no need to water the plants anymore", the series over

def ended_series(loops: Sequence[OpenLoop], today: date) -> list[OpenLoop]:
    """The last time of each repeating promise that ended by itself: its last day (`until`) is before `today`, its last
    time expired or was done, and no time of it is open. Newest first. (Round 65's leftover: "no need to water the plants
    anymore" the day after "… every day until sunday" ended cancelled Monday's long-expired time, or went to SmolLM2.)"""
    open_descs = {loop.desc.casefold() for loop in loops if loop.status is LoopStatus.OPEN}
    last: dict[str, OpenLoop] = {}
    for loop in loops:
        key = loop.desc.casefold()
        if loop.repeat is None or not loop.until or key in open_descs \
                or loop.status not in (LoopStatus.EXPIRED, LoopStatus.DONE):
            continue
        try:
            end = date.fromisoformat(loop.until)
        except ValueError:
            continue
        if end < today and (key not in last or (loop.due_ms or 0) > (last[key].due_ms or 0)):
            last[key] = loop
    return sorted(last.values(), key=lambda loop: loop.due_ms or loop.created_ms, reverse=True)


def series_ended(loop: OpenLoop, now: datetime, tz: tzinfo, lang: phrases.Lang) -> str:
    """A repeating promise told off after its last day: it ended by itself, and when its last time was."""
    was = _was_due(loop, now, tz, lang)
    if lang == "ko":
        return f"{loop.desc}{topic(loop.desc)} 이미 끝났어요. 마지막이 {was.removesuffix('까지')}였어요."
    desc = phrases.second_person(loop.desc)
    return f"{desc[:1].upper()}{desc[1:]} already ended: the last time was {was}. There's nothing left to stop."
