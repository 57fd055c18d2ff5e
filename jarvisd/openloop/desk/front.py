"""The desk's front: one utterance in, the room that answers it chosen in order, the change kept for "undo that"."""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, time, timedelta, tzinfo

from jarvisd.approval_words import decision
from jarvisd.openloop import (
    en_dialect,
    ko_dialect,
    meaning,
    naming,
    phrases,
    shopping,
)
from jarvisd.openloop.agenda_asked import at_place, ko_place_asked
from jarvisd.openloop.alarms import (
    alarm_kind,
    off_as_cancel,
)
from jarvisd.openloop.cancelled_asked import takes_it_off
from jarvisd.openloop.clock_asked import (
    calendar_fact,
    clock_asked,
    day_asked,
    days_until,
    elsewhere_asked,
    zoned_clock,
)
from jarvisd.openloop.coming import ko_coming
from jarvisd.openloop.commitments import is_korean, read_utterance
from jarvisd.openloop.desk.asking import Asking
from jarvisd.openloop.desk.capturing import Capturing
from jarvisd.openloop.desk.closing import Closing
from jarvisd.openloop.desk.moving import Moving
from jarvisd.openloop.desk.reminding import Reminding
from jarvisd.openloop.desk.state import (
    CONFIRM_SEC,
    DURING_FIX,
    LATE_ANSWER_SEC,
    SNOOZE_WINDOW_SEC,
    CaptureMode,
    Clearing,
    DeskReply,
    Fix,
    Focus,
    Guess,
    LastReminder,
    _joined,
)
from jarvisd.openloop.desk.undoing import Undoing
from jarvisd.openloop.desk.words import (
    _LET_GO,
    _due_order,
    _listed,
    _mentions,
    _named_in_spaced_or_not,
)
from jarvisd.openloop.en_talk import (
    asked_then_told,
    back_to_work_asked,
    household_span,
    my_clock_as_time,
    owe_as_due,
    posted_to,
    same_for,
    told_then_how_far,
)
from jarvisd.openloop.fillers import (
    lines_as_a_list,
    without_called,
    without_en_filler,
    without_ko_filler,
    without_particles,
)
from jarvisd.openloop.intents import (
    Intent,
    all_on_day,
    clean,
    match_intent,
    unnamed_closing,
)
from jarvisd.openloop.ko_order import (
    ko_cancel_put_off,
    ko_condition_day_after,
    ko_flight,
    ko_heard_then_remind,
    ko_part_from,
    ko_why_dropped,
)
from jarvisd.openloop.ko_other_day import (
    after_other,
    departs,
    is_departure,
    is_return,
    ko_check_asked,
    long_after,
    other_day_asked,
    other_days,
    says_another_day,
    trip_span,
)
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from jarvisd.openloop.model import LoopStatus, OpenLoop
from jarvisd.openloop.reasons import without_ko_reason_first
from jarvisd.openloop.remind_asks import (
    reminder_note,
    reminder_with_what,
    reminder_without_what,
)
from jarvisd.openloop.reported_moves import as_news, as_order, ko_booked, ko_was_moved, ko_was_then, told_now
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.their_news import (
    came_delivery,
    came_visit,
    en_found_for,
    ko_found_for,
    ko_need_on_day_away,
    ko_office_calls,
    moving_kept,
    someone_else_will,
)
from jarvisd.openloop.undo import Undoable
from jarvisd.openloop.when import ImpossibleTime, resolve_time, time_spans
from jarvisd.openloop.when_words import PART_HOURS, month_end
from jarvisd.textsafe import one_space, plain_words, printable

log = logging.getLogger(__name__)

_NOT_AN_ANSWER = re.compile(_LET_GO.pattern + r"|(?:what|when|where|who|how|is|are|do|does|did|can|could)\b.*|.*\?")


def _mostly_named(words: str, desc: str) -> bool:
    """Are most of the letter pairs of `words` (spaces out) in `desc`'s? "콩이산책" of "콩이 산책 가기" is; "준이낮잠재우기"
    of "준이 어린이집 하원" is not (the fifty-ninth session: the nap's reminder snoozed the pick-up instead)."""
    said, kept = re.sub(r"\s+", "", words), re.sub(r"\s+", "", desc)
    pairs = [said[i:i + 2] for i in range(len(said) - 1)]
    return not pairs or sum(pair in kept for pair in pairs) * 2 >= len(pairs)


def _runs_out_today(loop: OpenLoop, today: int, tz: tzinfo) -> bool:
    """A timer that runs out today (`today`: the date's ordinal), not read out as a thing due tomorrow."""
    return alarm_kind(loop.desc) == "timer" and loop.due_ms is not None \
        and datetime.fromtimestamp(loop.due_ms / 1000, tz).date().toordinal() <= today


# a snooze said with its own words or its length ("snooze it", "remind me later", "not now, ten minutes", "나중에 다시 알려
# 줘"), not a bare "not yet" / "later"
_ASKED_AGAIN = re.compile(r"\b(?:snooze|remind|ping|ask|tell|bug|minutes?|mins?|hours?|secs?|seconds?)\b|\d|알려|알림|스누즈|분|시간",
                          re.IGNORECASE)


# "what's on this week?" asked on a Sunday: the week ahead, not the one day left of the week ending today (the fiftieth
# session: "Nothing is due this week" with Monday's and Thursday's promises open); "next week" is that week too
_SUNDAY_AHEAD = 7


_NIGHT_ENDS = 5   # the hour a night asked about ("tonight") ends, on the next day


_BY_TOMORROW = re.compile(r"\b(?:by|until|till|before)\s+tomorrow\b")


_SCOPES: dict[str, phrases.Scope] = {"due_today": "today", "due_tomorrow": "tomorrow", "due_week": "week",
                                     "due_next_week": "next_week", "due_month": "month",
                                     "due_next_month": "next_month"}


def _next_month(now: datetime) -> tuple[int, int]:
    """The year and month after `now`'s ("what's coming up next month?")."""
    return (now.year + 1, 1) if now.month == 12 else (now.year, now.month + 1)


_KO_UNMUTE = re.compile(r"(?:(?:그|그거|그것)\s*)?(?:알림|리마인더)\s*(?:을|를|좀)?\s*(?:다시\s*)?(?:켜|살려)\s*(?:줘|주세요|줄래|줘요)?")


def _sunday_week(loops: Sequence[OpenLoop], now: datetime, tz: tzinfo, others: int) -> str:
    """"이번 주 남은 일" asked on a Sunday: the week ends today, so today's first and then the week ahead under its own
    name (the sixtieth and sixty-first sessions: "다음 주 일요일까지" read out under "이번 주까지")."""
    today = now.date()
    due_today = [loop for loop in loops if loop.due_ms is not None and phrases.due_day(loop.due_ms, tz) <= today]
    ahead = [loop for loop in loops if loop not in due_today]
    said = "이번 주는 오늘이 마지막 날이에요. " + phrases.agenda_list(due_today, now, tz, "ko", "today")
    if ahead:
        said += " " + phrases.agenda_list(ahead, now, tz, "ko", "next_week").replace("다음 주에 할 일이", "다음 주에는 할 일이", 1)
    return phrases.ko_more_open(said, others)


class AgendaDesk(Undoing, Asking, Reminding, Closing, Moving, Capturing):
    """The desk's front: one utterance in, the room that answers it chosen in order, the change kept for "undo that"."""

    def __init__(self, service: OpenLoopService, korean: KoreanAnalyzer | None = None, *,
                 capture: CaptureMode = "rules", last_reminder: LastReminder | None = None) -> None:
        self.service = service
        self.korean = korean
        self.capture_mode = capture
        self.last_reminder: LastReminder = last_reminder or (lambda: None)
        self._focus: dict[str, Focus] = {}
        self._guesses: dict[str, Guess] = {}
        self._listed: dict[str, tuple[tuple[str, ...], int]] = {}   # the agenda read out last, by session
        # "Cancel all 5 things on your agenda …?", "Cancel both calls …?" asked, by session
        self._clearing: dict[str, Clearing] = {}
        # "How much earlier for call Bob?" asked: (loop id, direction, when asked), so "30 minutes" answers it
        self._asked_amount: dict[str, tuple[str, int, int]] = {}
        self._undoable: dict[str, Undoable] = {}   # the last change each session made ("undo that" takes it back)
        self._started_ms = service.now_ms()   # what changed before it is not remembered ("undo that" after a restart)
        self._alarm_asked: dict[str, tuple[str, int]] = {}   # "set a timer": (kind, asked at ms), for the answer
        self._what_asked: dict[str, tuple[str, int]] = {}   # "remind me": (time words, asked at ms), for the answer
        self._days_off: dict[str, tuple[str, bool, int]] = {}   # a day off called: (its promise, another's, at ms)
        self._lock = threading.Lock()
        # the promises a relative due was read from in this turn ("잔금 이사 전날까지"): (their id, the days after
        # them), by thread, so the one kept is tied to it (`OpenLoop.after`, after68)
        self._tying = threading.local()

    def handle(self, text: str, session: str = "default") -> DeskReply | None:
        """The agenda's answer to one utterance, or None when it is not about the agenda; the change it made is kept
        for "undo that" (`undo.py`)."""
        text = one_space(text)   # a run of 4,000 tabs: every reader's `\s+` from each of them (pass 54c)
        if self.korean is not None:
            text = self.korean.spaced(text)   # "내일오후세시에회의": a Korean run typed without spaces, spaced
        self._tying.ties = []
        reply = self._undo(text, session)
        if reply is None:
            reply = self._told_then_how_far(text, session)
        if reply is None and (zoned := zoned_clock(text, self.service.now_local())) is not None:
            # "the standup with Berlin is at 4pm their time": kept at that time here, and said as told there
            reply = self._handle(zoned[0], session)
            if reply is not None and reply.change.opened or reply is not None and reply.change.updated:
                head, dot, tail = reply.text.partition(". ")
                reply = replace(reply, text=f"{head.rstrip('.')} ({zoned[1]}).{' ' + tail if dot else ''}")
        if reply is None:
            reply = self._handle(text, session)
        if reply is not None and len(reply.change.opened) == 1 and self._tying.ties:
            reply = self._tied(reply)
        if reply is not None and reply.change.opened:
            reply = self._waited_for(reply)   # "change the locks before the new tenant moves in", then the move-in
            reply = self._for_a_kept_trip(reply)   # "출장 금요일까지", then "출장 기간 동안 매일 …": ends with it
        if reply is not None and reply.change.closed:
            reply = self._paid_after_sent(reply, session)   # an invoice sent with net terms: its payment kept
            reply = self._next_after_done(reply)   # "send the report" done: "Next: email the boss."
        if reply is not None and (reply.change.opened or reply.change.closed or reply.change.updated):
            with self._lock:
                self._undoable[session] = Undoable(reply.change, self.service.now_ms())
        if reply is not None and len(reply.change.opened) > 1:
            # "remind me to email the landlord, call the bank and renew the permit", then "the second one can wait till
            # monday" (the sixty-second session: "I couldn't find the second one"): the promises just read back are a
            # list read out, in the order said
            self._listed[session] = (tuple(loop.id for loop in reply.change.opened[:phrases.SPOKEN_ITEMS]),
                                     self.service.now_ms())
        return reply

    def _tied(self, reply: DeskReply) -> DeskReply:
        """The one promise just kept, due by another's day (a tie read this turn, its due on that day plus the days),
        kept tied to it (`OpenLoop.after`): moved with it later (`desk/moving`)."""
        loop, tz = reply.change.opened[0], self.service.tz
        for other_id, days in self._tying.ties:
            other = next((o for o in self.service.agenda() if o.id == other_id), None)
            if other is None or other.due_ms is None or loop.due_ms is None or loop.repeat is not None or \
                    phrases.due_day(loop.due_ms, tz) != phrases.due_day(other.due_ms, tz) + timedelta(days=days):
                continue
            tied = self.service.tie(loop.id, f"{other_id}:{days}")
            return replace(reply, change=replace(reply.change, opened=(tied,)))
        return reply

    def _lang(self, text: str) -> phrases.Lang:
        """The language to answer `text` in (`commitments.is_korean`): Korean when its Hangul letters, counted twice,
        match its Latin ones ("Call 민수" is answered in Korean, "I'll call the landlord about the pipe in 엄마's
        kitchen" in English), or when it is English nouns said with a Korean predicate ("proposal 보냈어")."""
        return "ko" if is_korean(text, self.korean) else "en"

    def _told_then_how_far(self, text: str, session: str) -> DeskReply | None:
        """"my race is on April 12th, how many weeks is that?" (the fifty-ninth session's low: to SmolLM2, "How about 12
        weeks?", nothing kept): what is told, kept as it would be alone, then how far off its day is."""
        if (asked := told_then_how_far(text)) is None:
            return None
        told, unit = asked
        now = self.service.now_local()
        try:
            when = resolve_time(told, now)
        except ImpossibleTime:
            return None
        if when is None or when.at.date() < now.date():
            return None
        kept = self._handle(told.strip(" ,."), session)
        lang: phrases.Lang = "en"
        words = re.sub(r"^(?:on|by|for|at)\s+", "", " ".join(told[a:b] for a, b in when.spans), flags=re.IGNORECASE)
        far = phrases.days_until(words, when.at.date(), now.date(), lang, unit)
        if kept is None:
            return DeskReply(far, lang, intent="clock")
        return replace(kept, text=f"{kept.text} {far}")

    def _posted_is_pushed(self, text: str) -> str:
        """"Post the invoice to Monday." with "send the invoice" kept and no posting named: "push the invoice to
        Monday" (voice66); as said when the time is none, or the thing names no promise kept, or one of posting."""
        if (posted := posted_to(text)) is None:
            return text
        lead, thing, when = posted
        descs = [loop.desc for loop in self.service.agenda()]
        found = naming.best_reference(thing, descs)
        if not isinstance(found, int) or re.search(r"\bpost", descs[found], re.IGNORECASE):
            return text
        return f"{lead}push {thing} to {when}"

    def _visit_came(self, text: str) -> str:
        """"the plumber came" with "plumber visit" open: "the plumber visit is done" (english69); as said when no visit
        of that one is kept ("the plumber came" with only "call the plumber" open is no closing)."""
        if (visit := came_visit(text)) is None:
            return text
        for kept in (visit, came_delivery(text)):   # "the flour came" with "flour delivery" open (english70)
            if any(loop.desc.lower() == kept for loop in self.service.agenda()):
                return f"the {kept} is done"
        return text

    def _handle(self, text: str, session: str) -> DeskReply | None:
        """The agenda's answer to one utterance, or None when it is not about the agenda. Invisible
        characters are off first (`textsafe.plain_words`: a soft hyphen in "to\u00admorrow"), and regional
        Korean endings and English words are read as the standard ones ("가야 쓰것다" as "가야겠다":
        `ko_dialect`; "tae phone the bank the morra" as "to phone the bank tomorrow": `en_dialect`)."""
        said_as_is = lines_as_a_list(printable(plain_words(text)).strip())   # a NUL off too (pass 41)
        text = ko_dialect.standard(en_dialect.standard(without_particles(said_as_is)))
        text = shopping.bare_list(text) or text   # "milk eggs bread and bananas" said alone: to buy
        text = my_clock_as_time(text)   # "move my 3pm to 4pm" as the correction's "move 3pm to 4pm"
        text = without_en_filler(text)   # "let's see, what's on Friday?" (the fiftieth session: the model's)
        text = owe_as_due(text)   # "what do i owe on the 15th": that day's dues
        if back_to_work_asked(text) and any("work date" in loop.desc for loop in self.service.agenda()):
            text = "when is my return to work date"
        text = self._posted_is_pushed(text)
        text = self._visit_came(text)
        text = moving_kept(text)   # "mrs lopez is moving out on december 31": her move-out (english69)
        text = without_called(without_ko_filler(text))   # "음 …", "자비스 나 …"
        text = ko_cancel_put_off(ko_heard_then_remind(text))   # "… 금식이래 알려줘", "정비 취소해줘 그냥 다음에 할래"
        text = ko_flight(text)   # "담주 월욜 아침 여덟시 비행기로 싱가포르 가"
        text = without_ko_reason_first(text)   # "브레이크 패드 소리나서 센터 예약하기": the why is no part of it (lows67)
        # "면담 때문에 초록 일요일까지로 미뤄졌어": the move, not its why; "조교 업무 때문에 내일 채점해야 돼" (korean69)
        text = ko_why_dropped(text)
        # "수요일에 위생 점검 나온대", "다음주 월요일에 원두 들어온대": said as a visit or a delivery is kept (korean68)
        text = ko_coming(text, time_spans) or text
        text = ko_need_on_day_away(text)   # "지수 이번 주 금요일 못 나온대 대타 구해야 돼" (korean68)
        if (sought := ko_found_for(text)) is not None and \
                any(loop.desc == f"{sought} 구하기" for loop in self.service.agenda()):
            text = f"{sought} 구했어"   # "대타 민호가 해준대" with "대타 구하기" open: the one sought is found (korean68)
        sought = [loop.desc for loop in self.service.agenda()]
        if (which := en_found_for(text, sought)) is not None:
            text = f"i {re.sub(r'^find', 'found', sought[which])}"   # "jake said he'll cover maria's shift" (english71)
        if (offered := self._asked_is_offered(text, "ko")) is not None:
            return offered   # "오빠가 병원비 보내준대": the errand to ask them for it is done (korean69)
        if (which := self._ko_during_which(text, session)) is not None:
            return which   # "출장 기간 동안 …" with two trips kept: which one (korean69)
        text = self._ko_during(text)
        text = ko_condition_day_after(ko_office_calls(text))   # "보험사에서 … 전화 준대", "… 나오면 확인해야 되는데 목요일에 나온대"
        text = ko_part_from(text)   # "저녁부터 금식하라고 알려줘": reminded in the evening
        if (day_of := self._ko_remind_the_day_before(text, session, self._lang(text))) is not None:
            return day_of   # "면접 전날 밤에 알려줘": the interview's reminder, not a promise "면접" of its own
        text = self._ko_other_day(text)
        text = reminder_note(text)   # "reminder: call mom at 5pm" as "remind me to call mom at 5pm"
        if not text and session in self._guesses and decision(said_as_is) is not None:
            text = said_as_is       # "ㅇㅇ" to "Do you mean …?": the regional reading drops it, the answer is it
        if not text:
            return None
        lang = self._lang(text)
        guess = self._guesses.pop(session, None)
        clearing = self._clearing.pop(session, None)
        if clearing is not None and (reply := self._clear_answer(clearing, text, session, lang)) is not None:
            return reply
        if guess is not None and len(guess.options) > 1:
            reply = self._pick(guess, text, session, lang)
            if reply is not None:
                return reply
            pick, _, rest = text.partition(", ")     # "second, I need to buy bread tomorrow": the pick, then more
            if rest and meaning.picked(pick, len(guess.options)) is not None:
                return _joined(self._pick(guess, pick, session, lang), self.handle(rest, session))
        elif guess is not None:
            answer = decision(text)   # "yes" / "응" applies the guess, "no" leaves it; anything else drops it
            if guess.status == LoopStatus.DISMISSED and takes_it_off(text):
                answer = True   # "취소해 줘" to "… 목록에서 지울까요?": the order is the yes (everyday80)
            waited = self.service.now_ms() - guess.at_ms
            if answer is not None and waited <= CONFIRM_SEC * 1000:
                return self._confirmed(guess, answer, lang, session)
            # "yes, and I need to call Bo tomorrow", "aye, I need tae ...": the answer, then more (as said: the
            # regional reading drops an opening "aye")
            said, _, rest = said_as_is.partition(", ")
            if answer is None and rest and (answer := decision(said)) is not None and waited <= CONFIRM_SEC * 1000:
                return _joined(self._confirmed(guess, answer, lang, session), self.handle(rest, session))
            if answer is not None and waited <= LATE_ANSWER_SEC * 1000:   # the next words, but too late
                return self._too_late(guess, answer, lang)
        if (tried := self._tried_in_vain(text, session, lang)) is not None:   # "i called the vet, no one answered"
            return tried
        if (then := self._after_deed(text, session, lang)) is not None:   # "after I send the report, email the boss"
            return then
        if lang == "en" and (told := asked_then_told(text)) is not None \
                and read_utterance(told[1], self.korean).commitments \
                and (closed := self._answer(told[0], session, lang)) is not None and closed.change.closed:
            return _joined(closed, self._answer(told[1], session, lang))
        if (other := someone_else_will(text)) is not None and (reply := self._answer(other, session, lang)) is not None \
                and reply.change.closed:   # "I can't pick up my brother, his friend will": taken on by someone else
            return reply
        if (cant := self._cant_make(text, session, lang)) is not None:   # "I can't make the friday appointment": not a
            return cant     # move to Friday (`as_order`), asked before it is taken off
        if (tied := self._tied_later(text, lang)) is not None:   # "paying the deposit is the day before the move"
            return tied
        if (also := self._the_same_for(text, session, lang)) is not None:   # "and the invoice to bluebird too"
            return also
        if (fixed := self._day_off_moved(text, session, lang)) is not None:   # "no, I meant next thursday"
            return fixed
        if lang == "ko" and (booked := ko_booked(text)) is not None and time_spans(booked[1]) and \
                (made := self._booking_made(*booked, session, lang)) is not None:
            return made     # "엄마 검진 예약 담주 월요일 아침 여덟시로 잡았어": the errand to book done, the check-up kept
        if (order := as_order(text)) is not None:   # "I moved the call to Monday": the move it reports, when it moves one
            moved = self._shift(order, session, lang) or self._correction(order, session, lang)
            if moved is not None and moved.change.updated:
                return moved
            if moved is not None and moved.intent == "correct" and not moved.change.changed \
                    and (thing := told_now(text)) is not None and self._one_named(thing) is not None:
                return moved   # "the acme call is at 1pm now" when it is: "… is already tomorrow at 1 PM" (not a second call)
            if (news := as_news(text)) is not None and (kept := self._answer(news, session, lang)) is not None \
                    and kept.change.opened:   # "professor kim moved her office hours to thursday at 2", none kept: kept
                return kept
            if (kept := self._moved_unkept(text, session, lang)) is not None:
                return kept
        if (day_moved := self._day_moved(text, lang)) is not None:   # "move everything from Friday to Saturday"
            return day_moved
        shifted = self._shift(text, session, lang)   # "push it back a day", "이틀 뒤로 미뤄 줘" (not "이틀 뒤" from now)
        if shifted is not None:
            return shifted
        split = self._trailing_correction(text, session)
        if split is not None and (missed := self._forgot(text, session, lang)) is not None and missed.change.updated:
            return missed   # "I never got around to calling the insurance, move it to friday": one move, said once
        if split is None:
            return self._shift_beside_promise(text, session, lang) or self._ko_two_weekdays(text, session, lang) or \
                self._answer(text, session, lang)
        head, fix, tail = split     # "…, oh and actually make the passport renewal November 3 instead"
        if not head:                # "push rent to Monday and I need to call Jin tomorrow": in the order said
            return _joined(self._correction(fix, session, lang), self._answer(tail, session, lang))
        fixing = Fix(fix)          # "I need to pay the gas bill by Thursday, push rent to Monday, and call Jin"
        first = self._answer(_listed(head, tail), session, lang, fixing)
        second = None if fixing.applied else self._correction(fix, session, lang)
        return _joined(first, second)

    def _the_same_for(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"and the invoice to bluebird design too net 30 from today" right after "I need to send an invoice to acme …"
        (the sixty-fourth session's freelancer: SmolLM2 said it back, nothing kept): the same deed for another, kept as
        "send the invoice to bluebird design"; only when the thing said shares a word with the promise just kept."""
        if lang != "en" or (same := same_for(clean(text).rstrip(".!"))) is None:
            return None
        focus = self._recent_focus(session, self.service.now_ms())
        loop = self._open(focus.loop_id) if focus is not None else None
        if loop is None:
            return None
        verb = re.match(r"[a-z]+(?:\s+(?:up|off|out|back|in))?\b", loop.desc)
        thing, rest = same
        nouns = {w for w in re.findall(r"[a-z]{3,}", thing.lower()) if w not in ("the", "and", "for", "too")}
        if verb is None or not nouns & set(re.findall(r"[a-z]{3,}", loop.desc.lower()[verb.end():])):
            return None
        reply = self._answer(f"I need to {verb[0]} {thing}{rest}", session, lang)
        return reply if reply is not None and reply.change.opened else None

    def _ko_during_trips(self, text: str) -> tuple[str, list[OpenLoop]] | None:
        """The words of "출장 기간 동안 …" without the trip said, and the trips or flights kept with a due; None when
        no trip's span is said."""
        if (trip := trip_span(text)) is None:
            return None
        return f"{text[:trip.start()]}{text[trip.end():]}".strip(), [
            loop for loop in self.service.agenda() if loop.due_ms is not None and departs(loop.desc)
            and not is_return(loop.desc)]

    def _ko_during_which(self, text: str, session: str) -> DeskReply | None:
        """"출장 기간 동안 매일 아침 7시에 일정 확인하기" with "싱가포르 비행기" and "도쿄 비행기" kept (after68's and lows67's
        leftover: kept as if one, "출장 기간 동안 일정 확인하기"): "어느 출장 말씀이세요? 1번 …, 2번 …"; the pick keeps the
        routine from that one's day (`Closing._confirmed`, `DURING_FIX`). None with one trip kept or none."""
        found = self._ko_during_trips(text.strip()) if len(text) <= 200 else None
        if found is None or not 2 <= len(found[1]) <= 3 or long_after(text) is not None:
            return None
        rest, kept = found
        kept = sorted(kept, key=lambda loop: loop.due_ms or 0)
        now, tz = self.service.now_local(), self.service.tz
        self._guesses[session] = Guess(kept[0].id, LoopStatus.DONE, self.service.now_ms(),
                                       tuple(loop.id for loop in kept), fix=DURING_FIX + rest)
        listed = ", ".join(f"{i}번 {loop.desc}({phrases.spoken_due(loop.due_ms or 0, now, tz, 'ko')})"
                           for i, loop in enumerate(kept, 1))
        said = trip["trip"] if (trip := trip_span(text)) is not None else "출장"
        return DeskReply(f"어느 {said} 말씀이세요? {listed}. 몇 번인지 말해 주세요.", "ko", intent="confirm")

    def _ko_during(self, text: str) -> str:
        """"출장 기간 동안 매일 아침 일곱시에 일정 확인 알려줘 닷새 동안" as "2026년 12월 14일부터 닷새 동안 매일 아침
        일곱시에 일정 확인하라고 알려줘" with the flight kept for December 14; as said otherwise."""
        text = long_after(text) or text
        if (trips := self._ko_during_trips(text)) is not None and re.search(r"동안|간(?=\s)", trips[0]):
            rest, kept = trips
            if len(kept) == 1:   # how long is said, from the one trip kept (not "출장 기간 동안" as the name)
                day = phrases.due_day(kept[0].due_ms or 0, self.service.tz)
                text = f"{day.year}년 {day.month}월 {day.day}일부터 {rest}"
        elif trips is not None and len(trips[1]) == 1 and (back := self._way_back(trips[1][0])) is not None:
            # no length said, the way back kept (korean70: the routine had no end): from the trip's day to that one's
            day = phrases.due_day(trips[1][0].due_ms or 0, self.service.tz)
            text = f"{day.year}년 {day.month}월 {day.day}일부터 {back.year}년 {back.month}월 {back.day}일까지 {trips[0]}"
        return ko_check_asked(text)

    def _way_back(self, trip: OpenLoop):
        """The day of the first way back kept after `trip` ("금요일 오후 6시 돌아오는 비행기"), or None."""
        backs = sorted(loop.due_ms for loop in self.service.agenda() if loop.due_ms is not None
                       and loop.due_ms > (trip.due_ms or 0) and is_return(loop.desc))
        return phrases.due_day(backs[0], self.service.tz) if backs else None

    def _ko_other_day(self, text: str) -> str:
        """`text` with "X 전날", "X 날", "X 다음 날" said as the date, when X names one open promise with a due ("집들이 전날
        장 봐야 돼" with the housewarming on January 9: "집들이 2027년 1월 8일 장 봐야 돼"); as said otherwise, and for a
        question ("집들이 전날이 언제야?")."""
        if other_day_asked(text):
            return text
        dated = [loop for loop in self.service.agenda() if loop.due_ms is not None]
        if (after := after_other(text)) is not None and \
                len(hits := _named_in_spaced_or_not(after[0], [loop.desc for loop in dated])) == 1:
            days, start, end = after[1:]
            day = phrases.due_day(dated[hits[0]].due_ms or 0, self.service.tz) + timedelta(days=days)
            self._tie(dated[hits[0]], days)
            return f"{text[:start]}{day.year}년 {day.month}월 {day.day}일까지{text[end:]}"
        if not says_another_day(text):
            return text
        for other, days, start, end in other_days(text):
            for name in dict.fromkeys((other, other.split()[-1])):
                # "위생점검 전날 냉장고 청소해야돼" of "위생 점검" (the sixty-fifth session: kept with no day): spaced or not
                hits = _named_in_spaced_or_not(name, [loop.desc for loop in dated])
                if not hits and is_departure(name):   # "출발 전날": the one flight or trip kept
                    hits = [i for i, loop in enumerate(dated) if departs(loop.desc)]
                if len(hits) != 1:
                    continue
                day = phrases.due_day(dated[hits[0]].due_ms or 0, self.service.tz) + timedelta(days=days)
                if day < self.service.now_local().date():
                    return text
                self._tie(dated[hits[0]], days)
                # "잔금 이사 전날까지": the other thing, named second, is only the day's ("잔금 … 보내기", not "잔금 이사")
                said = other if name == other else other.rsplit(" ", 1)[0]
                at = datetime.fromtimestamp((dated[hits[0]].due_ms or 0) / 1000, self.service.tz)
                if days == 0 and text[:end].endswith("전") and text[end:].startswith("까지") and \
                        (at.hour, at.minute) != (23, 59):
                    # "보수교육 전까지" of one at 2 PM (everyday77's nurse): by its time, not the day's end
                    noon = "오전" if at.hour < 12 else "오후"
                    clock = f"{noon} {at.hour % 12 or 12}시" + (f" {at.minute}분" if at.minute else "")
                    return f"{text[:start]}{said} {day.year}년 {day.month}월 {day.day}일 {clock}{text[end:]}"
                return f"{text[:start]}{said} {day.year}년 {day.month}월 {day.day}일{text[end:]}"
        return text

    def _moved_unkept(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"교수님 면담 금요일 2시였는데 목요일 3시로 바뀌었어" of nothing on the agenda (the sixty-third session: "잘하셨어요.
        할 일 목록에 없던 일이라 …"): the thing is kept at its new time, as "교수님 면담 목요일 3시" would be."""
        if lang == "ko" and (booked := ko_booked(text)) is not None and time_spans(booked[1]):
            # "미용 다시 일요일 세 시로 잡았어" with no grooming open (cancelled the turn before): kept as the booking
            thing, to = booked
            named = thing if thing.endswith(("예약", "약속")) else f"{thing} 예약"
            reply = self._answer(f"{to}에 {named} 있어", session, lang)
            return reply if reply is not None and reply.change.opened else None
        if lang == "ko" and ko_was_then(text) is None and (head := ko_was_moved(text)) is not None and \
                len(found := time_spans(head)) == 1 and found[0][0] > 0:
            # "위생 점검 금요일로 미뤄졌대" of nothing kept (korean68's café: SmolLM2 said it back three times): the thing
            # is kept on its new day, as "금요일에 위생 점검 있어" would be
            thing, to = head[:found[0][0]].strip(), re.sub(r"\s*(?:까지로|으로|로)$", "", head[found[0][0]:].strip())
            for said in (f"{to}에 {thing} 있어", f"{thing} {to}에 온대"):
                reply = self._answer(said, session, lang)
                if reply is not None and reply.change.opened:
                    return reply
            return None
        if lang != "ko" or (said := ko_was_then(text)) is None:
            return None
        old, new = said
        first = min((start for start, _ in time_spans(old)), default=None)
        if not first or not time_spans(new):
            return None
        reply = self._answer(f"{old[:first].strip()} {new}", session, lang)
        return reply if reply is not None and (reply.change.opened or reply.change.updated) else None

    def _answer(self, text: str, session: str, lang: phrases.Lang, fixing: Fix | None = None) -> DeskReply | None:
        text = off_as_cancel(clean(text)) or text   # "turn off my alarm": "cancel my alarm"
        with self._lock:
            what = self._what_asked.pop(session, None)
        if what is not None and self.service.now_ms() - what[1] <= CONFIRM_SEC * 1000 \
                and not _NOT_AN_ANSWER.fullmatch(clean(text)):
            text = reminder_with_what(what[0], text)   # "What should I remind you about?" "To call Bob."
        if lang == "ko" and _KO_UNMUTE.fullmatch(clean(text)):   # "알림 다시 켜 줘" (the fifty-sixth session: the model's)
            return self._unmute(session, lang)
        if (reminder := self._remind_asked(text, session, lang)) is not None:
            return reminder
        if (reminder := self._remind_before_due(text, session, lang)) is not None:
            return reminder
        if (time_words := reminder_without_what(clean(text))) is not None:   # "remind me", "set a reminder"
            with self._lock:
                self._what_asked[session] = (time_words, self.service.now_ms())
            return DeskReply(phrases.remind_what(lang), lang, intent="remind")
        if (alarm := self._alarm(text, session, lang)) is not None:
            return alarm
        if (ended := self._end_told(text, session, lang)) is not None:   # "she's back on sunday", "stop after friday"
            return ended
        if (repeating := self._repeat_changed(text, session, lang)) is not None:   # "make it every weekday"
            return repeating
        if (terms := self._net_terms(text, session, lang)) is not None:   # "its net 30" after an invoice sent
            return terms
        if (part := self._progress(text, session, lang)) is not None:   # "graded half the essays": still open
            return part
        if (off := self._day_off(text, session, lang)) is not None:   # "cancel the soccer practice on thursday"
            return off
        if (skipped := self._skip(text, session, lang)) is not None:   # "skip the pills today"
            return skipped
        if (listed := self._shopping(text, session)) is not None:   # "add milk to my shopping list"
            return listed
        if (elsewhere := elsewhere_asked(clean(text))) is not None:   # "what time is it in London?"
            here = self.service.now_local()
            return DeskReply(phrases.time_elsewhere(elsewhere[0], here.astimezone(elsewhere[1]), here, lang), lang,
                             intent="clock")
        if (kind := clock_asked(clean(text))) is not None:   # "what time is it?": the clock's, not the model's guess
            return DeskReply(phrases.clock_now(kind, self.service.now_local(), lang), lang, intent="clock")
        if (fact := calendar_fact(clean(text), self.service.now_local().date())) is not None:   # "is 2028 a leap year?"
            return DeskReply(phrases.calendar_fact(fact, lang), lang, intent="clock")
        if (asked := self._past_day(text, lang)) is not None:   # "what did I have yesterday?"
            return asked
        if (forgot := self._forgot(text, session, lang)) is not None:   # "I forgot to call mom yesterday"
            return forgot
        if (asked := self._agenda_asked(clean(text), session, lang)) is not None:   # "what's my next reminder"
            return asked
        if (asked := self._move_asked(text, session, lang)) is not None:
            return asked
        if (day := self._day_agenda(text, session, lang)) is not None:   # before the list: "anything due on December 5?"
            return day
        if (cant := self._cant_make(text, session, lang)) is not None:   # "I can't make the dentist appointment"
            return cant
        intent = match_intent(text)
        if intent is None and lang == "ko" and (reply := self._when_done(text)) is not None:
            return reply
        # "when did I take the painkiller?": the past asked, before "when is X due" (the sixty-first session said the next due)
        if intent is None and (reply := self._last_done_asked(text, lang)) is not None:
            return reply
        if intent is None and lang == "ko" and (reply := self._due_after_another(text, session)) is not None:
            return reply
        if lang == "en" and (reply := self._next_day_off(text)) is not None:
            return reply
        if (reply := self._days_left(text, lang)) is not None:   # "how many days left on the antibiotics?"
            return reply
        if intent is None and (reply := self._when_due(text, lang, session)) is not None:
            return reply
        if intent is None and (until := days_until(clean(text), self.service.now_local())) is not None:
            # "how many days until Christmas?": the calendar's, once no promise is named by the words
            words, day, unit = until
            return DeskReply(phrases.days_until(words, day, self.service.now_local().date(), lang, unit), lang,
                             intent="clock")
        if intent is None and (which := day_asked(clean(text), self.service.now_local())) is not None:
            # "what's the date next Friday?", "what day is Christmas this year?": the calendar's
            return DeskReply(phrases.day_is(*which, self.service.now_local().date(), lang), lang, intent="clock")
        if intent is None and (reply := self._deed_asked(text, session, lang)) is not None:   # "did I take out the trash?"
            return reply
        if intent is not None:
            reply = self._intent(intent, session, text)
            if reply is not None:
                return reply
        elif (kind := unnamed_closing(text)) is not None and (reply := self._close_in_focus(kind, session, lang, text)):
            return reply
        elif (reply := self._deed_done_in_focus(text, session, lang)) is not None:
            return reply
        elif (reply := self._still_time(text, session, lang)) is not None:   # "can I still do it today?"
            return reply
        reply = self._correction(text, session, lang) or self._ko_time_of_named(text, session, lang)
        if reply is not None:
            return reply
        if self.capture_mode == "rules" and (reply := self.capture(text, session, lang, fixing)) is not None:
            return reply
        return self._correction_unheard(text, session, lang)

    def _intent(self, intent: Intent, session: str, text: str = "") -> DeskReply | None:
        now, lang = self.service.now_local(), intent.lang
        tz = self.service.tz
        if intent.kind in ("list", "due_today", "due_tomorrow", "due_week", "due_next_week", "due_month",
                           "due_next_month"):
            now_ms = self.service.now_ms()
            # a timer or alarm that already rang is not read out as a thing to do (run 59: "2-minute timer, today
            # at 6:19 AM" first on the list, minutes after "Time's up"); the HUD still shows it until it expires
            every = [loop for loop in self.service.agenda() if not alarm_kind(loop.desc)
                     or max(loop.due_ms or 0, loop.remind_ms or 0) > now_ms]
            # read the nearest dues first, then what has no due (newest first): with more than SPOKEN_ITEMS open, the
            # five made last hid what is due today (pass 22: 20,000 loops read five due in February)
            loops = sorted(every, key=_due_order)
            scope: phrases.Scope = "all"
            night_end = 0.0
            if intent.kind != "list":
                scope = _SCOPES[intent.kind]
                today = now.date().toordinal()
                first_day, last_day = {"today": (0, today), "tomorrow": (0, today + 1),
                                       "week": (0, today + 6 - now.weekday() + _SUNDAY_AHEAD * (now.weekday() == 6)),
                                       "next_week": (today + 7 - now.weekday(), today + 13 - now.weekday()),
                                       "month": (0, month_end(now.year, now.month).toordinal()),
                                       "next_month": (month_end(now.year, now.month).toordinal() + 1,
                                                      month_end(*_next_month(now)).toordinal())}[scope]
                # "what do I have tonight?": the small hours too, as "tonight at 1" is kept (1 AM of the next day; the
                # fifty-seventh session's night nurse heard "Nothing is due today" with three due before 4 AM)
                night_end = datetime.combine(now.date() + timedelta(days=1), time(_NIGHT_ENDS), tzinfo=tz).timestamp() * 1000 \
                    if scope == "today" and re.search(r"\btonight\b", clean(text)) else 0
                # "what do I have tomorrow?" said in the evening (the sixty-first session: tonight's listed first, "due by
                # tomorrow"): tomorrow alone, what is left tonight counted with the rest; earlier in the day, and in
                # Korean (내일까지), and "what's due by tomorrow", the scope still runs through tomorrow
                alone = scope == "tomorrow" and lang == "en" and now.hour >= PART_HOURS["evening"] \
                    and not _BY_TOMORROW.search(clean(text))
                first_day = today + 1 if alone else first_day
                loops = [loop for loop in loops if loop.due_ms is not None
                         and (first_day <= phrases.due_day(loop.due_ms, tz).toordinal() <= last_day
                              or loop.due_ms < night_end)
                         # a timer running out today is no thing to do tomorrow (the fifty-ninth session's "what do I
                         # have tomorrow?" listed "10-minute timer, today at 3:22 PM" first)
                         and not (scope == "tomorrow" and _runs_out_today(loop, today, tz))]
                every = [loop for loop in every if not (scope == "tomorrow" and _runs_out_today(loop, today, tz))]
                loops.sort(key=lambda loop: loop.due_ms or 0)
            if lang == "ko" and intent.kind != "list" and (place := ko_place_asked(clean(text))) is not None:
                # "이번 달에 병원 가는 거 뭐 있지?" (the sixty-fourth session: the month's pills read with the check-up):
                # the period's things of that place; 병원 names a check-up, a test, a clinic
                loops = [loop for loop in loops if at_place(loop.desc, place)]
            others = len(every) - len(loops)
            self._listed[session] = (tuple(loop.id for loop in loops[:phrases.SPOKEN_ITEMS]), self.service.now_ms())
            said = phrases.agenda_list(loops, now, tz, lang, scope, others)
            if scope == "week" and lang == "ko" and now.weekday() == 6:
                said = _sunday_week(loops, now, tz, others)
            if scope == "tomorrow" and alone:
                said = said.replace("due by tomorrow", "due tomorrow", 1)
            if intent.kind != "list" and night_end and lang == "en":
                said = said.replace("due today", "due tonight", 1)   # its small hours are tomorrow's by the clock
            return DeskReply(said, lang, intent=intent.kind)
        if intent.kind == "promised_to":
            if lang == "ko" and not text.rstrip().endswith(("?", "？")) and time_spans(clean(text)) \
                    and read_utterance(text, self.korean).commitments:
                return None   # "토요일 저녁 7시에 민지랑 저녁 약속 있어": a plan told with its time, kept (the forty-ninth
                              # session: "토요일저녁7시에민지한테 약속한 일은 없어요.")
            loops = [loop for loop in self.service.agenda() if _mentions(loop, intent.argument)]
            if not loops and lang == "en" and (span := household_span(clean(text), intent.argument)) is not None:
                # "what do the kids have this week" with nothing naming them (the sixty-fourth session's parent: "I have
                # nothing you promised your kids." over pickup, soccer and the permission slip): the family's week
                return self._answer(f"what do i have {span}", session, lang)
            return DeskReply(phrases.promised_list(intent.argument, loops, now, tz, lang), lang, intent=intent.kind)
        if intent.kind == "snooze" and intent.argument:
            # "콩이 산책 삼십 분 뒤에 알려줘": an open promise named is snoozed; none, a reminder of its own (the rules')
            named = self._one_named(intent.argument)
            if named is not None and not _mostly_named(intent.argument, named.desc):
                named = None   # "준이 낮잠 재우기 한 시간 반 뒤에 알려 줘" with "준이 어린이집 하원" open: 준이 alone is no name
            return None if named is None else self._snooze(intent, session, named)
        if intent.kind == "snooze":
            spoken = self.last_reminder()
            if not _ASKED_AGAIN.search(text) and \
                    (spoken is None or self.service.now_ms() - spoken[1] > SNOOZE_WINDOW_SEC * 1000):
                # "not yet" with no reminder said lately answers a question ("did I pick up the prescription?"), it
                # asks for no reminder (the fiftieth session: "Not yet, push it to tomorrow" also set one in 10 minutes)
                return None
            return self._snooze(intent, session)
        if intent.kind in ("cancel_all", "done_all"):
            if (day := all_on_day(clean(text))) is not None and (when := resolve_time(day[1], now)) is not None:
                on_day = [loop for loop in self._open_to_do() if loop.due_ms is not None and
                          phrases.due_day(loop.due_ms, tz) == when.at.date()]
                if not on_day:
                    return DeskReply(phrases.day_list([], when.at, now, tz, lang), lang, intent=intent.kind)
                return self._ask_every(intent, session, on_day, day=True)
            return self._ask_every(intent, session)
        return self._close_by_name(intent, session, text)
