"""Promises kept from what the user says: the commitment rules' clauses to proposed loops with their dues and
reminders, and the reply that reads them back."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date, datetime, time, timedelta

from jarvisd.openloop import (
    cut_end,
    naming,
    phrases,
    repeats,
    rota,
    rules,
    series_end,
    shopping,
)
from jarvisd.openloop.after_deed import after_deed
from jarvisd.openloop.commitment_words import EN_BASE_VERBS
from jarvisd.openloop.commitments import Commitment, Reading, read_utterance
from jarvisd.openloop.corrections import (
    corrected_due,
    correction_target,
    due_is,
    only_a_time,
    part_named,
    taken_back,
)
from jarvisd.openloop.desk.state import PAST_GRACE_MS, DeskBase, DeskReply, Fix
from jarvisd.openloop.desk.words import _DAY_BEFORE, _PART_END, _listed, _reason
from jarvisd.openloop.hangul import topic
from jarvisd.openloop.instead import Instead, instead_said, replaced
from jarvisd.openloop.intents import (
    clean,
    correction_time,
)
from jarvisd.openloop.model import (
    AgendaChange,
    ClosedRef,
    Judgement,
    LoopStatus,
    OpenLoop,
    ProposedLoop,
    after_link,
)
from jarvisd.openloop.move_ties import MoveTie, is_move_of, move_tie, without_span
from jarvisd.openloop.net_terms import UNPAID, payment_of
from jarvisd.openloop.pronouns import person_meant, persons_meant, with_person
from jarvisd.openloop.service import skipped_days
from jarvisd.openloop.told_to import ko_without_message
from jarvisd.openloop.when import ImpossibleTime, resolve_time, time_spans
from jarvisd.openloop.when_patterns import KO_LUNAR_DATE
from jarvisd.openloop.when_words import PART_HOURS

log = logging.getLogger(__name__)

def _rolled(change: AgendaChange) -> set[str]:
    """The ids of the promises in `change.opened` that are the next time of a repeating one it closed."""
    closed = {(loop.desc, loop.session) for loop in change.closed if loop.repeat}
    return {loop.id for loop in change.opened if loop.repeat and (loop.desc, loop.session) in closed}


_DAY_SAID = re.compile(r"\b(?:today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|this|next|on|every|daily)\b",
                       re.IGNORECASE)


_AT_A_MEAL = re.compile(r"\b(?:with\s+(?:breakfast|dinner)|at\s+(?:breakfast|bedtime)|before\s+bed(?:time)?)\b", re.IGNORECASE)


_AFTER_NAMED = re.compile(r"\bafter\s+(?P<x>(?:the|my|our)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3})\s*$", re.IGNORECASE)


# "return the van two days after the move", "file the change of address a week after the move" (after68: kept "return
# the van two days after the move", an hour after the move's day ended): so many days after another promise's day
_DAYS_AFTER_NAMED = re.compile(
    r"\s+(?:(?P<n>\d{1,2}|a|one|two|three|four|five|six|seven|ten)\s+(?P<unit>days?|weeks?)|the\s+(?P<next>day)|the\s+next\s+day)"
    r"\s+after\s+(?P<x>(?:the|my|our)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3})\s*$", re.IGNORECASE)
_DAYS_SPAN_LEFT = re.compile(r"\s+(?:(?:\d{1,2}|a|one|two|three|four|five|six|seven|ten)\s+(?:days?|weeks?)|the\s+(?:next\s+)?day)"
                             r"(?:\s+after(?:\s+.*)?)?$", re.IGNORECASE)   # the span's words the name was kept with
_EN_FEW = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10}

AFTER_NAMED_MS = 60 * 60 * 1000   # "after the run": an hour after it starts (an event keeps its start, not its end)


_BEFORE_NAMED = re.compile(r"\bbefore\s+(?P<x>(?:the|my|our)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3})\s*$", re.IGNORECASE)


_DURING_NAMED = re.compile(r"\s*\b(?:during|at)\s+(?:(?:the|my|our|his|her|their)\s+)?(?P<x>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?"
                           r"\s+(?:hours|meeting|class|session|lecture|appointment|visit|call|lesson|practice|group)"
                           # "remind me to ask the surgeon about driving at the follow up" (the sixty-fourth session: "That's
                           # already on your agenda: follow up with the surgeon."): the visit named by itself
                           r"|follow[\s-]?up|check[\s-]?up|consultation|conference|fitting|tasting)\s*$",
                           re.IGNORECASE)


_BEFORE_THAT = re.compile(r"\s*(?:,\s*)?\b(?:before\s+(?:that|then|it)|by\s+then|ahead\s+of\s+(?:that|it))\s*$", re.IGNORECASE)


def _bought_as_one(loops: Sequence[OpenLoop], lang: phrases.Lang, key: Callable[[OpenLoop], object]) -> OpenLoop | None:
    """Several promises to buy, kept one per item and said together ("buy milk, eggs and bread"): one to say them by,
    when `key` is the same for each; None otherwise."""
    items = [shopping.item_of(loop.desc) for loop in loops]
    if len(loops) < 2 or not all(items) or len({key(loop) for loop in loops}) != 1:
        return None
    return replace(loops[0], desc=shopping.to_buy(phrases.items_said(items, lang), lang))


def _question_last(text: str) -> tuple[str, str]:
    """A reply split before its closing question ("Got it: stretch every hour.", "When should I remind you?"), so a note
    added goes before the question the user is to answer (the fiftieth session: the note came after it)."""
    m = re.search(r"(?<=[.!])\s+([^.!?]+\?)$", text)
    return (text[:m.start()], m.group(1)) if m else (text, "")


_THEN = re.compile(r"\s*(?:and\s+)?(?:then|after\s+that|afterwards|later\s+that\s+day)\b", re.IGNORECASE)


_QUOTED = re.compile(r'^(["“”\'‘’«「『])(?P<x>[^"“”«»「」『』]+)(["“”\'‘’»」』])$')


def _unquoted(desc: str) -> str:
    """A description said whole in quotes, without them ('"renew car insurance"' -> "renew car insurance")."""
    m = _QUOTED.fullmatch(desc.strip())
    return m["x"].strip() if m is not None and m["x"].strip() else desc


_INSTEAD = re.compile(r"\binstead\b(?!\s+of)", re.IGNORECASE)


def _in_place_of(swap: Instead, opened: list[ProposedLoop], closed: list[ClosedRef], shown: Sequence[OpenLoop]
                 ) -> tuple[list[ProposedLoop], list[ClosedRef]]:
    """"I'll text Bob instead of calling him": the new promise takes the call's place (its due when none is said,
    the person when it says "him"), and the call is taken off; as said when no one promise is named."""
    new = opened[0]
    descs = [loop.desc for loop in shown]
    found = replaced(swap, new.desc, descs, [rules.same_loop(new.desc, desc) for desc in descs])
    if found is None:
        return opened, closed
    old = shown[found]
    new = replace(new, desc=with_person(new.desc, old.desc),
                  due_ms=old.due_ms if new.due_ms is None else new.due_ms,
                  remind_ms=old.remind_ms if new.due_ms is None else new.remind_ms)
    return [new, *opened[1:]], [*closed, ClosedRef(index=found + 1, status=LoopStatus.DISMISSED)]


# "카페 알바 수요일이랑 금요일 저녁 여섯시부터야" (the sixty-fifth session: "그렇군요.", nothing kept): one thing on two
# weekdays said together, at one time: one promise each day
_KO_TWO_WEEKDAYS = re.compile(r"(?P<head>[가-힣A-Za-z0-9][^?？]{0,40}?)\s(?P<d1>[월화수목금토일]요일)(?:이랑|랑|하고|과|와|\s?,)\s?"
                              r"(?P<d2>[월화수목금토일]요일)(?P<tail>(?:\s|에\s)[^?？]{1,40})")
_KO_EARLY = re.compile(r"(?:다음|담|이번)\s?달\s?초(?!\s?(?:전|까지))")


# "and soccer at 2 on saturday", "also piano at 4 on sunday": a noun and its time, continuing a list of events
_GOES_ON = re.compile(r"(?:and|also|plus|oh\s+and|and\s+also|then)\s+(?P<np>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)\s+"
                      r"(?P<when>(?:at|on|from)\s+[\w: ]{1,40})")
# "swim lessons for the kids": whose events they are (`commitments_en` "the kids have …")
_FOR_OWNER = re.compile(r"\bfor\s+(?P<who>(?:the|my|our)\s+[a-z][\w'-]*|[A-Z][a-z]+)$")


# "do the garage", "tackle the garage", "get to the taxes": a deed for any thing, not a deed of its own
_ANY_DEED = re.compile(r"(?:do|tackle|handle|sort(?:\s+out)?|deal\s+with|get\s+(?:around\s+|round\s+)?to|get\s+on\s+with|"
                       r"take\s+care\s+of)\s+(?P<thing>.+)", re.IGNORECASE)
_PRONOUN_THING = frozenset({"it", "that", "this", "them", "those"})


def _wants_reminder(proposed: ProposedLoop) -> bool:
    """A reminder asked for: the promise kept with one, or said with "remind me" (a due moved onto another thing's time
    is reminded there)."""
    return proposed.remind_ms is not None or re.search(r"\bremind\s+me\b", proposed.evidence or "", re.IGNORECASE) is not None


_REMIND_ME_AFTER = re.compile(r"[,;]?\s+(?:and\s+|so\s+|but\s+)?(?:please\s+)?remind\s+me\b", re.IGNORECASE)


def _state_beside_a_reminder(c: Commitment, commitments: Sequence[Commitment]) -> bool:
    """Whether `c` is a state ("be in japan") said before a "remind me" of another promise in the same clause, with
    no time of its own before it."""
    if c.remind or not re.match(r"(?i:be)\s", c.action) or \
            not any(o is not c and o.remind and o.clause_span == c.clause_span for o in commitments):
        return False
    cut = _REMIND_ME_AFTER.search(c.clause)
    return cut is not None and not time_spans(c.clause[:cut.start()])


def _any_deed_of(opened: list[ProposedLoop], shown: Sequence[OpenLoop],
                 focus: OpenLoop | None = None) -> list[ProposedLoop]:
    """"i'll do the garage next weekend" with "clean the garage" open (the sixty-fifth session's family: a second promise,
    "do the garage", kept beside it): the open promise whose thing it names, so it moves there; others as they were.
    "I'll get to it tomorrow" (pass 66: a promise "get to it" kept beside "call the dentist"): the one in `focus`, and
    with none in focus no promise at all."""
    descs = [loop.desc for loop in shown]
    kept = []
    for proposed in opened:
        m = _ANY_DEED.fullmatch(proposed.desc) if proposed.desc.isascii() else None
        if m is not None and m["thing"].lower() in _PRONOUN_THING:
            if focus is not None and focus.repeat is None:
                kept.append(replace(proposed, desc=focus.desc))
            continue
        found = naming.best_reference(m["thing"], descs) if m is not None and descs else None
        if isinstance(found, int) and shown[found].repeat is None:
            proposed = replace(proposed, desc=shown[found].desc)
        kept.append(proposed)
    return kept


class Capturing(DeskBase):
    """Promises kept from what the user says, with their dues and reminders, and the reply that reads them back."""

    def _after_deed(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"after I send the report, email the boss" (pass75: to SmolLM2, nothing kept): the order kept, and tied after
        the deed when that one is open (due with it, said next when it is told done, `_next_after_done`); the reply says
        what it waits for. None unless both read as to-dos."""
        if lang != "en" or (said := after_deed(clean(text))) is None:
            return None
        order, deed = said
        kept = self._answer(f"I need to {order}", session, lang)
        if kept is None or len(kept.change.opened) != 1:
            return None
        loop = kept.change.opened[0]
        first = self._one_named(deed)
        if first is not None and first.id != loop.id and first.repeat is None:
            if first.due_ms is not None and loop.due_ms is None:
                loop = self.service.reschedule(loop.id, due_ms=first.due_ms)
            loop = self.service.tie(loop.id, f"{first.id}:0")
            deed = first.desc
        head = kept.text.rstrip(".")
        if first is not None and first.due_ms is not None and head == f"Got it: {phrases.second_person(order)}":
            head = f"{head}, {phrases.spoken_due(first.due_ms, self.service.now_local(), self.service.tz, lang)}"
        change = replace(kept.change, opened=(loop,))
        return replace(kept, text=f"{head}, after you {phrases.second_person(deed)}.", change=change)

    def _next_after_done(self, reply: DeskReply) -> DeskReply:
        """A deed told done with an order kept after it ("email the boss" after "send the report"): said next."""
        done = [loop for loop in reply.change.closed if loop.status is LoopStatus.DONE]
        waiting = [tied for loop in done for tied in self.service.tied_to(loop.id)
                   if (link := after_link(tied.after)) is not None and link[1] == 0]
        if reply.lang != "en" or not waiting:
            return reply
        names = ", ".join(phrases.second_person(loop.desc) for loop in waiting[:3])
        return replace(reply, text=f"{reply.text} Next: {names}.")

    def _ko_two_weekdays(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"카페 알바 수요일이랑 금요일 저녁 여섯시부터야": the thing kept on each weekday, when each reads as a promise
        alone; None otherwise (nothing kept)."""
        m = _KO_TWO_WEEKDAYS.fullmatch(text) if lang == "ko" else None
        if m is None or m["d1"] == m["d2"] or re.search(r"매주|마다|격주|매일", text):
            return None   # ("매주 화요일이랑 목요일 …": one series on both days, `repeats`)
        parts = [f"{m['head']} {day}{m['tail']}" for day in (m["d1"], m["d2"])]
        if not all(read_utterance(part, self.korean).commitments for part in parts):
            return None
        now = self.service.now_local()
        try:
            days = [resolve_time(day, now, due=True) for day in (m["d1"], m["d2"])]
        except ImpossibleTime:
            return None
        if days[0] is None or days[1] is None:
            return None
        first = self._answer(parts[0], session, lang)
        if first is None or len(first.change.opened) != 1 or first.change.opened[0].due_ms is None:
            return first
        kept = first.change.opened[0]
        step = int((days[1].at.date() - days[0].at.date()).days * 86_400_000)   # the same hour, the other day
        # (added, not judged: the judge merges the same words into the first day's)
        second = self.service.add(kept.desc, (kept.due_ms or 0) + step, session, evidence=text,
                                  remind_ms=None if kept.remind_ms is None else kept.remind_ms + step)
        said = phrases.confirm_opened(second, now, self.service.tz, lang, remind=second.remind_ms is not None)
        return DeskReply(f"{first.text} {said}", lang, change=first.change + AgendaChange(opened=(second,)),
                         intent=first.intent)

    def _adds_promises(self, head: str, tail: str) -> bool:
        """Whether the words after a correction say promises of their own, alone or as the next item of the
        list before it ("I need to pay the gas bill by Thursday, push rent to Monday, and call Jin")."""
        before = len(read_utterance(head, self.korean).commitments) if head else 0
        return len(read_utterance(_listed(head, tail), self.korean).commitments) > before

    def _event_list_goes_on(self, text: str, session: str, lang: phrases.Lang) -> str | None:
        """"and soccer at 2 on saturday" right after "the kids have swim lessons saturday at 9" was kept (the sixty-fifth
        session's family: to SmolLM2, nothing kept): another event of the same people, read as "the kids have soccer at 2
        on saturday"; None for any other words (an order, "and call Bob at 5", is read as it is)."""
        m = _GOES_ON.fullmatch(clean(text)) if lang == "en" else None
        focus = self._recent_focus(session, self.service.now_ms()) if m else None
        loop = self._open(focus.loop_id) if focus is not None else None
        owner = _FOR_OWNER.search(loop.desc) if loop is not None else None
        if m is None or owner is None or m["np"].split()[0] in EN_BASE_VERBS or not time_spans(m["when"]):
            return None
        return f"{owner['who']} have {m['np']} {m['when']}"

    def capture(self, text: str, session: str = "default", lang: phrases.Lang | None = None,
                fixing: Fix | None = None) -> DeskReply | None:
        """The promise rules on one utterance: new promises with dues computed from the user's words,
        closings by statement ("I sent Sam the slides"), through `OpenLoopService.apply_judgement`.
        `fixing`: a correction said after it, applied to the new promise it names before it is stored."""
        lang = lang or self._lang(text)
        if lang == "ko" and KO_LUNAR_DATE.search(text) and not text.rstrip().endswith(("?", "？")):
            return DeskReply(phrases.lunar_date_unread(lang), lang, intent="capture")   # "할머니 제사 음력 1월 15일"
        text = self._event_list_goes_on(text, session, lang) or text
        swap = instead_said(text)
        now = self.service.now_local()
        # "remind me to stretch every monday at 9 for 3 weeks", "매일 아침 8시에 약 먹어야 해, 일주일 동안" (pass 66: kept
        # "stretch every", first due next Monday; the Korean end after the comma was lost, "약 먹기 7일 동안" went to
        # SmolLM2): a repeating promise's end is read off the whole utterance before its promises are
        said_end = series_end.end_said(text, now) if swap is None and repeats.repeat_in(text) is not None else None
        read = series_end.without_end(text, said_end) if said_end is not None else text
        reading = read_utterance(read if swap is None else swap.said, self.korean)
        if swap is not None and swap.old is not None and not reading.commitments and lang == "en" and \
                swap.said.split(maxsplit=1)[0].lower() in EN_BASE_VERBS:
            # "renew the library book instead of returning it" (the sixty-third session's student: to SmolLM2): an order
            # said in place of a promise is one, with no time of its own (`_in_place_of` gives it the old one's)
            reading = read_utterance(f"I'll {swap.said[:1].lower()}{swap.said[1:]}", self.korean)
        shown = self.service.loops_for_judge(session)
        opened, notes, remind = self._proposals(reading.commitments, now, lang, self._then_day(text, session), said_end)
        if opened and cut_end.cut_last(opened[-1].desc, [p.desc for p in opened[:-1]], text):
            # a turn cut at the length bound inside a word: no promise of the cut word (lows68: "Got it: do th.")
            notes[opened[-1].desc] = phrases.cut_at_bound(opened[-1].desc, lang)
            opened = opened[:-1]
        said_before = [p.desc for p in opened]
        opened = self._before_that(opened, session)
        # ("remind me to buy flowers for Leo the day before": asked to be reminded under the name said before "the day")
        remind |= {p.desc for p, was in zip(opened, said_before, strict=True) if was in remind}
        if fixing is not None:
            opened = self._fixed(opened, fixing, now)
        if len(opened) == 1 and opened[0].due_ms is not None and swap is None \
                and len(alike := persons_meant(opened[0].desc, [loop.desc for loop in shown])) > 1:
            # "I'll call him next week" with "call Bob" and "call Ann" open: which one moves (the forty-third
            # session's low: a third promise, "call him", was kept)
            return self._which_moves([shown[i] for i in alike], text, session, lang)
        opened = self._restated(self._persons_named(self._persons_in_focus(opened, session), shown), text, shown, now)
        opened = _any_deed_of(opened, shown, self._one_in_focus(session, self.service.now_ms()))
        closed, guess = self._closings(text if swap is None else swap.said, reading, shown, lang)
        if swap is not None and opened:
            opened, closed = _in_place_of(swap, opened, closed, shown)
        if not opened and not closed and not notes and guess is None and reading.closures and not reading.question:
            # "I texted Kai" typed in the HUD for a promise said by voice: the promises of the user's other
            # sessions (pass 38b's low: only this session's were looked at, so nothing closed)
            others = [loop for loop in self.service.agenda() if loop.session != session]
            closed, guess = self._closings(text, reading, others, lang) if others else ([], None)
            if closed:
                change = self.service.apply_judgement(Judgement(closed=tuple(closed)), text, others, session)
                return self._reply(change, notes, remind, reading, lang, session)
            if guess is not None:
                return self._ask([others[i] for i in guess[0]], guess[1], session, lang)
            if (closed_late := self._closed_late(text, reading, lang)) is not None:
                return closed_late
        if not opened and not closed and not notes:
            # the dismissal rule alone ("보고서는 취소됐어"): the service applies it to any input
            change = self.service.apply_judgement(Judgement(), text, shown, session) if not reading.question \
                else AgendaChange()
            if change.changed:
                return self._reply(change, [], remind, reading, lang, session)
            if guess is not None:
                return self._ask([shown[i] for i in guess[0]], guess[1], session, lang)
            return self._not_begun(text, reading, shown, lang) if reading.closures else None
        judgement = Judgement(opened=tuple(opened), closed=tuple(closed))
        self.service.embed_ahead(judgement, session)   # never under the agenda's lock: the sweep waits on it
        change = self.service.apply_judgement(judgement, text, shown, session)
        self._days_off_before(change.opened)
        for loop in change.opened:
            if rota.schedule_only(loop, self.service.tz):
                self.service.mute(loop.id)   # "i'm working nights wednesday through friday": the week, no deadline
        reply = self._reply(change, notes, remind, reading, lang, session)
        if reply is not None and change.opened and repeats.said_but_unkept(text) \
                and not any(loop.repeat for loop in change.opened):   # "every other day": kept once, and said so
            head, asked = _question_last(reply.text)   # "… When should I remind you?" stays the last thing said
            reply = replace(reply, text=" ".join(part for part in (head, phrases.repeat_unkept(lang), asked) if part))
        return reply

    def _days_off_before(self, opened: Sequence[OpenLoop]) -> None:
        """"Remind me to pack the soccer bag the night before practice" with Thursday's practice called off: kept with
        Wednesday night off (round 65: it still came that night). The days off later than the new one's first time."""
        for loop in opened:
            m = _DAY_BEFORE.search((loop.evidence or "").rstrip(" .!"))
            if loop.repeat is None or loop.due_ms is None or m is None or not m["x"] \
                    or (anchor := self._one_named(m["x"])) is None or repeats.day_before(anchor.repeat) != loop.repeat:
                continue
            first = phrases.due_day(loop.due_ms, self.service.tz)
            for day in sorted(skipped_days(anchor.skips)):
                if day - timedelta(days=1) > first:
                    self.service.skip_on(loop.id, day - timedelta(days=1))

    def _then_day(self, text: str, session: str) -> date | None:
        """"Then a meeting with the bank at 11" right after "tomorrow I have to drop the kids at school at 8": the day of
        the promise just said, which a clock time said alone keeps (the fifty-first session: today at 11 AM)."""
        if _THEN.match(text) is None or (focus := self._recent_focus(session, self.service.now_ms())) is None:
            return None
        loop = self._open(focus.loop_id)
        if loop is None or loop.due_ms is None:
            return None
        return phrases.due_day(loop.due_ms, self.service.tz)

    def _action_of(self, clause: str, action: str) -> str:
        """The action of `clause` read alone, or `action` when it reads as none or several."""
        read = read_utterance(clause, self.korean).commitments
        return read[0].action if len(read) == 1 else action

    def _proposals(self, commitments: Sequence[Commitment], now: datetime,
                   lang: phrases.Lang, said_day: date | None = None, said_end: series_end.End | None = None
                   ) -> tuple[list[ProposedLoop], dict[str, str], set[str]]:
        """The judgement's new promises; `notes` says, by description, why a said due was not kept. `said_day`: the day
        a clock time said alone keeps (`_then_day`); `said_end`: the end of a repeat read off the whole utterance (its
        words already out of the clauses)."""
        opened: list[ProposedLoop] = []
        notes: dict[str, str] = {}
        remind: set[str] = set()
        # "매일 아침 8시 점심 1시 저녁 7시에 약 먹기", "take my pill at 8am and 8pm every day": one promise for each
        # time, every day (English: the action read again from the clause of one time, "and" no part of it)
        commitments = [replace(c, clause=one, action=repeats.without_times_a_day(c.action) if lang == "ko"
                               else self._action_of(one, c.action)) if one != c.clause else c
                       for c in commitments
                       for one in repeats.each_time_said(c.clause, time_spans(c.clause), once=c.remind) or [c.clause]]
        # "I'll be in japan, remind me to call mom every day at 9pm" (pass 66: "be in japan" kept, every day at 9 PM): a
        # state said before a reminder asked in the same clause has no time of its own, and "I'll be in japan" alone is
        # no promise
        commitments = [c for c in commitments if not _state_beside_a_reminder(c, commitments)]
        # "tomorrow at 9 I'll call Bo, and at 10 I'll email Cy": Cy's day too
        for c in commitments:
            # "water the plants every day": the repeat is the loop's rule, not its words (the service keeps it)
            rule = repeats.repeat_in(c.clause)
            # "… every day at 6pm until sunday", "for 7 days", "일요일까지 매일 …" (session 65): the series' end, its words
            # read neither as the due (the end day was the first) nor kept in the description
            end = (series_end.end_said(c.clause, now) or series_end.moved(said_end)) if rule is not None else None
            if end is None and rule is not None and rule.step_ms is not None:   # "every 2 hours until 6pm"
                end = series_end.clock_end_said(c.clause, now)
            clause = series_end.without_end(c.clause, end)
            due_ms, problem, said_day = self._due(ko_without_message(clause) if lang == "ko" else clause, now, lang, said_day)
            if end is not None and end.at is not None and end.day != now.date() and due_ms is None and problem is None:
                # "every 2 hours until 6pm" said after 6 PM (lows67): tomorrow's hours, from the morning
                due_ms = int(datetime.combine(end.day, time(PART_HOURS["morning"]), tzinfo=self.service.tz).timestamp() * 1000)
            desc = repeats.without_repeat(c.action) if rule is not None else c.action
            if end is not None:
                desc = series_end.desc_without_end(desc, now)
            desc = _unquoted(desc)   # 'put "renew car insurance" on my list': the words, not their quotes
            if due_ms is None and problem is None and rule is not None and rule.days \
                    and rule.days not in (repeats.EVERY_DAY, repeats.WEEKDAYS, repeats.WEEKEND) \
                    and not rule.stepped and rule.step_ms is None:
                due_ms = self._first_day(rule, now)   # "the delivery from Sysco comes Tuesdays": by the next Tuesday
            if problem is not None:
                notes[desc] = phrases.unusable_time(desc, problem, lang)
            elif lang == "ko" and due_ms is not None and (early := _KO_EARLY.search(c.clause)) is not None and \
                    (note := phrases.ko_on_an_early_day(desc, "이번 달 초" if early[0].startswith("이번") else "다음 달 초")):
                notes[desc] = note
            # "I need to buy milk, eggs and bread": one promise per item, as the shopping list keeps them
            # a meal or bedtime is a moment, not a span: "take the blue pill with breakfast" is reminded then
            meal = _AT_A_MEAL.search(c.clause)
            # a part of the day said with its day is a moment too: "take out the trash tomorrow night" (the sixty-first
            # session: "by tomorrow", reminded only by the day's morning reminder, hours early), "이따 저녁에 회원 명단
            # 정리", "모레 오후 체육관 사장님 미팅" (the part of the day was lost, "오늘까지"); an English morning or
            # afternoon needs none of its own, the day's morning reminder is then (`test_guard_a_part_of_the_day_without_remind_me…`)
            part_at = self._remind_at(due_ms, c.clause, now) if due_ms is not None else None
            reminds = c.remind or meal is not None or part_at is not None and part_at != due_ms \
                and (lang == "ko" or datetime.fromtimestamp(part_at / 1000, self.service.tz).hour >= PART_HOURS["evening"])
            if meal is not None and due_ms is not None and not _DAY_SAID.search(c.clause) \
                    and (part := part_named(meal.group(0))) is not None and now.hour >= _PART_END.get(part, 24):
                due_ms += 86_400_000   # "take the blue pill with breakfast" said at 3 PM: tomorrow's breakfast
            for one in [shopping.to_buy(item, lang) for item in shopping.items_to_buy(desc, lang) or ()] or [desc]:
                opened.append(ProposedLoop(desc=one, due_ms=due_ms, evidence=c.clause,
                                           remind_ms=self._remind_at(due_ms, c.clause, now) if reminds else None,
                                           until=end.kept() if end is not None else None,
                                           for_days=end.days if end is not None else 0))
                if reminds:
                    remind.add(one)
        return opened, notes, remind

    def _first_day(self, rule: repeats.Repeat, now: datetime) -> int:
        """The end (23:59, a day's due) of the first day from today a weekday rule said with no time falls on (the
        sixtieth session: "the delivery from Sysco comes Tuesdays" was kept with no day, "has no time set")."""
        day = now.date()
        while day.weekday() not in rule.days:
            day += timedelta(days=1)
        return int(datetime.combine(day, time(23, 59), tzinfo=self.service.tz).timestamp() * 1000)

    def _before_that(self, opened: list[ProposedLoop], session: str) -> list[ProposedLoop]:
        """"I also need to get my blood work done before that", right after "a doctor's appointment on the 15th": due by
        the promise in focus's due, the words "before that" off (the fiftieth session: kept as "get your blood work done
        before that", with no due)."""
        focus = self._recent_focus(session, self.service.now_ms())
        loop = self._open(focus.loop_id) if focus is not None else None
        opened = [self._tied_to_other(p) for p in opened]
        opened = [self._day_before(p, loop) for p in opened]
        opened = [self._before_named(p) for p in opened]
        opened = [self._during_named(p) for p in opened]
        opened = [self._days_after_named(p) for p in opened]
        opened = [self._after_named(p) for p in opened]
        opened = [self._unpaid_by_due(p) for p in opened]
        if loop is None or loop.due_ms is None:
            return opened
        return [replace(p, desc=_BEFORE_THAT.sub("", p.desc).strip(" ,"), due_ms=loop.due_ms)
                if p.due_ms is None and _BEFORE_THAT.search(p.desc) and _BEFORE_THAT.sub("", p.desc).strip(" ,") else p
                for p in opened]

    def _day_before(self, proposed: ProposedLoop, focus: OpenLoop | None) -> ProposedLoop:
        """"remind me to buy flowers for Leo the day before" right after "Leo's recital is the 9th at 6" (or "… the day
        before the recital"): due the day before it, reminded that morning ("the night before": 8 PM); the fifty-ninth
        session kept "buy flowers for Leo the day", asking when."""
        m = _DAY_BEFORE.search((proposed.evidence or "").rstrip(" .!"))
        if proposed.due_ms is not None or m is None:
            return proposed
        named = m["x"] and not re.fullmatch(r"that|then|it", m["x"], re.IGNORECASE)
        anchor = self._one_named(m["x"]) if named else focus
        if anchor is None or anchor.due_ms is None:
            return proposed
        day = phrases.due_day(anchor.due_ms, self.service.tz) - timedelta(days=1)
        part = m["part"].lower()
        at = datetime.combine(day, time(PART_HOURS["night" if part == "night" else "morning"]), tzinfo=self.service.tz)
        due = at if part == "night" else datetime.combine(day, time(23, 59), tzinfo=self.service.tz)
        if at.timestamp() * 1000 <= self.service.now_ms():
            return proposed
        # "the night before practice" (no "the": the words kept whole, round 64) off its words as "the night" is
        desc = re.sub(r"\s+the\s+(?:day|night|morning)(?:\s+before(?:\s+[^\n]*)?)?$", "", proposed.desc,
                      flags=re.IGNORECASE).strip(" ,") or proposed.desc
        remind = _wants_reminder(proposed)
        # the night before each practice when practice repeats (round 64: once, the next one only)
        repeat = proposed.repeat or (repeats.day_before(anchor.repeat) if named else None)
        if repeat is None:
            self._tie(anchor, -1)   # moved with it (after68: "pay the deposit the day before the move")
        return replace(proposed, desc=desc, due_ms=int(due.timestamp() * 1000),
                       remind_ms=int(at.timestamp() * 1000) if remind else None, repeat=repeat)

    def _move_named(self, tie: MoveTie, desc: str = "") -> OpenLoop | None:
        """The one open promise a span's other names: someone's move ("she moves out": the one move-out kept; "the new
        tenant moves in": "move-in for the new tenant"), else the one named ("the trip"); "before they're due": the one
        the promise's own thing names ("quarterly taxes" of "pay the quarterly taxes", english71), not the same deed."""
        if tie.its_due:
            thing = desc.split(maxsplit=1)[1] if len(desc.split()) > 1 else ""
            anchor = self._one_named(thing) if thing else None
            said = set(re.findall(r"[a-z][\w-]{2,}", thing.lower())) - {"the", "my", "our", "your", "her", "his", "their"}
            if anchor is None or not said <= set(re.findall(r"[a-z][\w-]{2,}", anchor.desc.lower())):
                # "finish the ceu modules … before they're due" with "ceu credits" kept: the one due thing sharing a word
                # (with "renew the ceu license" kept too: none, not the nearest name)
                near = [loop for loop in self.service.agenda() if loop.due_ms is not None and loop.repeat is None and
                        loop.desc.lower() != desc.lower() and said & set(re.findall(r"[a-z][\w-]{2,}", loop.desc.lower()))]
                anchor = near[0] if len(near) == 1 else None
            return None if anchor is None or anchor.desc.lower() == desc.lower() else anchor
        if tie.move is None:
            return self._one_named(tie.named or "")
        moves = [loop for loop in self.service.agenda() if is_move_of(loop.desc, tie.move, tie.who)]
        return moves[0] if len(moves) == 1 else None

    def _tied_to_other(self, proposed: ProposedLoop) -> ProposedLoop:
        """"do the move out inspection the day after she moves out" with "move-out for mrs lopez, by December 31" kept:
        due January 1; "return her security deposit within 14 days of the move out": due 14 days after it (the capture
        read "within 14 days" from today); "change the locks before the new tenant moves in": by the move-in; each tied
        to it (english70: kept "… the day" with no due, "… of the move out" two weeks from today)."""
        evidence = proposed.evidence or ""
        if (tie := move_tie(evidence)) is None or proposed.due_ms is not None and not tie.within:
            return proposed
        anchor = self._move_named(tie, without_span(proposed.desc, evidence, tie.start))
        if tie.move is None and not tie.within and not tie.its_due and anchor is not None:
            return proposed   # "before the trip" with the trip kept: `_before_named`, `_day_before`, `_days_after_named`
        if anchor is None or anchor.due_ms is None or anchor.repeat is not None:
            # the other not kept yet: the span's words off (and the days the capture read from today), read again
            # from the evidence when it is (`_waited_for`)
            return replace(proposed, desc=without_span(proposed.desc, evidence, tie.start),
                           due_ms=None if tie.within else proposed.due_ms, remind_ms=None if tie.within else proposed.remind_ms)
        due_ms = self._due_from(anchor.due_ms, tie.days)
        if due_ms <= self.service.now_ms():
            return proposed
        self._tie(anchor, tie.days)
        return replace(proposed, desc=without_span(proposed.desc, evidence, tie.start), due_ms=due_ms,
                       remind_ms=due_ms if proposed.remind_ms is not None else None)

    def _due_from(self, anchor_due_ms: int, days: int) -> int:
        """The due `days` after (before, when negative) a tied one's: its own due on the same day, else the end of that
        day."""
        if days == 0:
            return anchor_due_ms
        day = phrases.due_day(anchor_due_ms, self.service.tz) + timedelta(days=days)
        return int(datetime.combine(day, time(23, 59), tzinfo=self.service.tz).timestamp() * 1000)

    def _waited_for(self, reply: DeskReply) -> DeskReply:
        """A promise kept with no due, timed by a move not kept then ("i need to change the locks before the new tenant
        moves in"), when that move is kept now ("the new tenant moves in january 5"): due by it (or its days from it)
        and tied to it, said after the move (english70: left with no due)."""
        opened = {loop.id for loop in reply.change.opened}
        updated, before = [], []
        for loop in self.service.agenda():
            if loop.due_ms is not None or loop.repeat is not None or loop.id in opened or \
                    (tie := move_tie(loop.evidence or "")) is None or \
                    (anchor := self._move_named(tie, loop.desc)) is None or anchor.id not in opened or anchor.due_ms is None:
                continue
            due_ms = self._due_from(anchor.due_ms, tie.days)
            evidence = (loop.evidence or "").rstrip(" .!")
            night = tie.days == -1 and (m := _DAY_BEFORE.search(evidence)) is not None and m["part"].lower() == "night"
            if night:   # "remind me to pack … the night before daycare picture day" (everyday74: by the end of the day
                # before, its morning reminder already past): that night, as when the day was kept first (`_day_before`)
                day = phrases.due_day(anchor.due_ms, self.service.tz) - timedelta(days=1)
                due_ms = int(datetime.combine(day, time(PART_HOURS["night"]), tzinfo=self.service.tz).timestamp() * 1000)
            if due_ms <= self.service.now_ms():
                continue
            remind_ms = due_ms if night and re.search(r"\bremind\s+me\b", evidence, re.IGNORECASE) else None
            moved = self.service.reschedule(loop.id, due_ms=due_ms, remind_ms=remind_ms)
            updated.append(self.service.tie(moved.id, f"{anchor.id}:{tie.days}"))
            before.append(loop)
        if not updated:
            return reply
        said = phrases.moved_along(updated, self.service.now_local(), self.service.tz, reply.lang).replace(
            "Moved with it", "Due with it", 1)
        return replace(reply, text=f"{reply.text} {said}", change=replace(
            reply.change, updated=(*reply.change.updated, *updated), before=(*reply.change.before, *before)))

    def _days_after_named(self, proposed: ProposedLoop) -> ProposedLoop:
        """"return the van two days after the move" with "move, by Saturday" open: due by Monday, the words of the
        span off, tied to the move (after68: moved with it)."""
        m = _DAYS_AFTER_NAMED.search((proposed.evidence or "").rstrip(" .!"))
        if proposed.due_ms is not None or m is None or (anchor := self._one_named(m["x"])) is None or \
                anchor.due_ms is None or anchor.repeat is not None:
            return proposed
        n = 1 if m["n"] is None else int(m["n"]) if m["n"].isdigit() else _EN_FEW[m["n"].lower()]
        days = n * (7 if (m["unit"] or "").lower().startswith("week") else 1)
        day = phrases.due_day(anchor.due_ms, self.service.tz) + timedelta(days=days)
        due = datetime.combine(day, time(23, 59), tzinfo=self.service.tz)
        if due.timestamp() * 1000 <= self.service.now_ms():
            return proposed
        desc = _DAYS_SPAN_LEFT.sub("", proposed.desc).strip(" ,") or proposed.desc
        self._tie(anchor, days)
        return replace(proposed, desc=desc, due_ms=int(due.timestamp() * 1000))

    def _after_named(self, proposed: ProposedLoop) -> ProposedLoop:
        """"remind me to stretch after the run" with "go for a run, tomorrow at 7 AM" open: kept as "stretch after the
        run", due (and reminded) an hour after the run's time, said in the reply so it can be moved (the fifty-ninth
        session asked "When should I remind you?" of "stretch" alone)."""
        m = _AFTER_NAMED.search((proposed.evidence or "").rstrip(" .!"))
        if proposed.due_ms is not None or m is None or (loop := self._one_named(m["x"])) is None or loop.due_ms is None:
            return proposed
        due = loop.due_ms + AFTER_NAMED_MS
        if due <= self.service.now_ms():
            return proposed
        desc = proposed.desc if _AFTER_NAMED.search(proposed.desc) else f"{proposed.desc} after {m['x']}"
        return replace(proposed, desc=desc, due_ms=due, remind_ms=due if _wants_reminder(proposed) else None)

    def _unpaid_by_due(self, proposed: ProposedLoop) -> ProposedLoop:
        """"remind me to follow up with acme if they haven't paid by the due date" with "acme invoice payment" kept (net
        terms, `net_terms`): due the morning after the payment's day (round 65: asked "When should I remind you?")."""
        m = UNPAID.search((proposed.evidence or "").rstrip(" .!"))
        if proposed.due_ms is not None or m is None:
            return proposed
        payments = [loop for loop in self.service.agenda() if loop.desc.endswith("invoice payment") and loop.due_ms]
        found = payment_of(proposed.desc, [loop.desc for loop in payments])
        if found is None:
            return proposed
        day = phrases.due_day(payments[found].due_ms or 0, self.service.tz) + timedelta(days=1)
        at = datetime.combine(day, time(PART_HOURS["morning"]), tzinfo=self.service.tz)
        desc = UNPAID.sub("", proposed.desc).strip(" ,") or proposed.desc
        remind = _wants_reminder(proposed)
        return replace(proposed, desc=desc, due_ms=int(at.timestamp() * 1000),
                       remind_ms=int(at.timestamp() * 1000) if remind else None)

    def _during_named(self, proposed: ProposedLoop) -> ProposedLoop:
        """"I need to ask professor kim about question 4 during office hours" with "professor kim's office hours, Thursday
        at 2 PM" open: due then, kept without the event's name (the sixty-third session: merged into the office hours,
        "That's already on your agenda")."""
        m = _DURING_NAMED.search((proposed.evidence or "").rstrip(" .!"))
        if proposed.due_ms is not None or m is None or (loop := self._one_named(m["x"])) is None or loop.due_ms is None:
            return proposed
        desc = _DURING_NAMED.sub("", proposed.desc).strip(" ,") or proposed.desc
        return replace(proposed, desc=desc, due_ms=loop.due_ms)

    def _before_named(self, proposed: ProposedLoop) -> ProposedLoop:
        """"I need to get gas before the trip" with "trip, Saturday at 9 AM" open: due by the trip (the fifty-first
        session: kept with no due), tied to it the same day (english69: moved with it)."""
        m = _BEFORE_NAMED.search((proposed.evidence or "").rstrip(" .!"))
        if proposed.due_ms is not None or m is None or (loop := self._one_named(m["x"])) is None or loop.due_ms is None:
            return proposed
        self._tie(loop, 0)   # moved with it (english69: the hood vents stayed on Thursday when the inspection moved)
        return replace(proposed, due_ms=loop.due_ms)

    def _fixed(self, opened: list[ProposedLoop], fixing: Fix, now: datetime) -> list[ProposedLoop]:
        """The new promises with the correction said after them applied to the one it names ("I'll book the
        vet on Friday at 2pm. No wait, I mean the vet on Saturday": stored once, on Saturday at 2 PM)."""
        words = correction_time(fixing.words) or fixing.words
        if only_a_time(words):
            found = 0 if len(opened) == 1 else None
        else:
            found = correction_target(words, [p.desc for p in opened])
        if found is None:
            return opened
        try:
            when = resolve_time(words, now, due=True)
        except ImpossibleTime:
            return opened    # left to the correction itself, which says why
        if when is None:
            return opened
        target = opened[found]
        due_ms = corrected_due(target.due_ms, when, words, self.service.tz, now)
        if due_ms < self.service.now_ms() - PAST_GRACE_MS:
            return opened    # left to the correction itself, which says it has passed
        remind_ms = self._remind_at(due_ms) if target.remind_ms is not None else None
        fixing.applied = True
        return [replace(p, due_ms=due_ms, remind_ms=remind_ms) if i == found else p for i, p in enumerate(opened)]

    def _persons_in_focus(self, opened: list[ProposedLoop], session: str) -> list[ProposedLoop]:
        """"I'll call her tonight then" just after "I forgot to call mom" (expired): "call mom" kept anew, not "call her"
        (the sixty-third session). The promise in focus that is no longer open names the person; an open one is
        `_persons_named`'s."""
        focus = self._recent_focus(session, self.service.now_ms())
        loop = self._any(focus.loop_id) if focus is not None and opened else None
        return opened if loop is None or loop.is_open else self._persons_named(opened, [loop])

    @staticmethod
    def _persons_named(opened: list[ProposedLoop], shown: Sequence[OpenLoop]) -> list[ProposedLoop]:
        """"I'll call him next week" with "call Bob" open: "call Bob" said again (its due moves), not a second
        promise "call him"."""
        descs = [loop.desc for loop in shown]
        named = []
        for proposed in opened:
            found = person_meant(proposed.desc, descs)
            named.append(proposed if found is None else replace(proposed, desc=with_person(proposed.desc, descs[found])))
        return named

    def _restated(self, opened: list[ProposedLoop], text: str, shown: Sequence[OpenLoop], now: datetime
                  ) -> list[ProposedLoop]:
        """A promise said again with the clock time it takes back ("I need to call Bob at 9pm instead of 8pm",
        "call Bob at 9pm, not 8pm", with "call Bob" due Friday at 8 PM) is a correction of the open one: its day
        is kept, as "no, make it 9pm" keeps it (pass 35: a clock time alone took today, "now tonight at 9 PM")."""
        old = taken_back(clean(text), now)
        if old is None and not _INSTEAD.search(text) or old is not None and (not old.has_time or old.day_said):
            return opened   # ("at 9pm instead", the time taken back unsaid: the open one's, pass 36: "tonight")
        descs = [loop.desc for loop in shown]
        kept = []
        for proposed in opened:
            position = rules.first_same_loop(proposed.desc, descs) if proposed.due_ms is not None else None
            if position is not None and (due_is(shown[position].due_ms, old) if old is not None
                                         else shown[position].due_ms is not None):
                when = resolve_time(proposed.evidence, now, due=True)
                if when is not None:
                    due_ms = corrected_due(shown[position].due_ms, when, proposed.evidence, self.service.tz, now)
                    remind_ms = self._remind_at(due_ms) if proposed.remind_ms is not None else None
                    proposed = replace(proposed, due_ms=due_ms, remind_ms=remind_ms)
            kept.append(proposed)
        return kept

    def _due(self, clause: str, now: datetime, lang: phrases.Lang, said_day: date | None = None
             ) -> tuple[int | None, str | None, date | None]:
        """The due said in this clause, or (None, why not) for an impossible, absurd or past one; and the day
        a later clock time of the same utterance keeps (`said_day`: this clause's, when it named a day and a
        clock time, else the one given)."""
        try:
            when = resolve_time(clause, now, due=True, said_day=said_day)
        except ImpossibleTime as exc:
            return None, _reason(exc, lang), said_day
        if when is None:
            return None, None, said_day
        if when.day_said and when.has_time:
            said_day = when.at.date()
        due_ms = int(when.at.timestamp() * 1000)
        if due_ms < self.service.now_ms() - PAST_GRACE_MS:
            said = phrases.spoken_due(due_ms, now, self.service.tz, lang)
            return None, (f"{said}{topic(said)} 이미 지났어요." if lang == "ko" else f"{said} has already passed."), said_day
        return due_ms, None, said_day

    def _reply(self, change: AgendaChange, notes: dict[str, str], remind: set[str], reading: Reading,
               lang: phrases.Lang, session: str) -> DeskReply | None:
        """One short sentence per change: closed, opened (or why its due was not kept), moved, already there."""
        now, tz, now_ms = self.service.now_local(), self.service.tz, self.service.now_ms()
        closed = [loop for loop in change.closed if loop.status is not LoopStatus.EXPIRED]
        # "I bought bread and milk": "Marked done: buy bread and milk.", as it was said
        if (one := _bought_as_one(closed, lang, lambda loop: (loop.status, loop.repeat))) and one.repeat is None:
            closed = [one]
        said = [phrases.confirm_closed(loop, lang, tz) for loop in closed]
        notes = dict(notes)
        rolled = _rolled(change)
        opened = change.opened
        for loop in opened:
            self._remember(session, loop, now_ms, remind=loop.desc in remind)
        # "I need to buy milk, eggs and bread", kept one per item: said once, "Got it: buy milk, eggs and bread."
        if not rolled and not any(loop.desc in notes for loop in opened) and \
                (one := _bought_as_one(opened, lang, lambda loop: (loop.due_ms, loop.desc in remind))):
            said.append(phrases.confirm_opened(one, now, tz, lang, remind=opened[0].desc in remind))
            opened = ()
        if len(opened) >= 2 and not rolled and not any(loop.desc in notes for loop in opened) and \
                len({(loop.desc, loop.repeat) for loop in opened}) == 1 and opened[0].repeat is not None and \
                all(loop.due_ms is not None for loop in opened):   # "매일 아침 8시 점심 1시 저녁 7시에 약": said once
            said.append(phrases.times_a_day(opened, now, tz, lang, remind=opened[0].desc in remind))
            opened = ()
        for loop in opened:
            if loop.id in rolled:   # the next time of a repeating promise just done: "Next: tomorrow at 8 AM."
                said.append(phrases.next_time(loop, now, tz, lang))
                continue
            note = notes.pop(loop.desc, None)
            said.append(note or phrases.confirm_opened(loop, now, tz, lang, remind=loop.desc in remind))
        for loop in change.updated:
            self._remember(session, loop, now_ms)
            said.append(phrases.confirm_updated(loop, now, tz, lang))
        for loop in {loop.id: loop for loop in change.kept}.values():
            # (once: "i need to sign the permission slip and send it back by friday" with "permission slip" kept is two
            # deeds of one promise; the sixty-fourth session heard "That's already on your agenda" twice)
            self._remember(session, loop, now_ms)
            said.append(phrases.already_open(loop, lang))
        said.extend(notes.values())
        if not said:
            return None
        if lang == "ko":
            said = phrases.ko_noted_once(said)
        return DeskReply(" ".join(said), lang, final=not reading.question, change=change)
