"""Promises closed: by name, by the one in focus, by a guess waiting for a yes, several at once after a yes;
kept promises told done late or forgotten."""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime, time, timedelta

from jarvisd.approval_words import decision
from jarvisd.openloop import (
    meaning,
    naming,
    past_due,
    phrases,
)
from jarvisd.openloop.agenda_asked import (
    clock_named,
)
from jarvisd.openloop.alarms import (
    alarm_kind,
    alarms_meant,
)
from jarvisd.openloop.cancelled_asked import cant_make, cant_make_moved, ko_cant_make
from jarvisd.openloop.closures_en import arrival, base_verb
from jarvisd.openloop.commitments import Closure, Reading, read_utterance
from jarvisd.openloop.corrections import (
    deed_named,
    due_is,
    only_a_time,
)
from jarvisd.openloop.desk.state import (
    CONFIRM_SEC,
    DURING_FIX,
    FOCUS_SEC,
    LATE_ANSWER_SEC,
    LISTED_SEC,
    REMIND_FIX,
    Clearing,
    DeskBase,
    DeskReply,
    Focus,
    Guess,
    _joined,
)
from jarvisd.openloop.desk.words import _KO_PLACE_NAMED, _due_order, _mentions, _named_in
from jarvisd.openloop.intents import (
    Intent,
    clean,
    closing_everything,
    correction_time,
)
from jarvisd.openloop.model import AgendaChange, ClosedRef, Judgement, LoopStatus, OpenLoop, ProposedLoop
from jarvisd.openloop.net_terms import is_invoice, paid_on, payment_desc, payment_of, terms_in, terms_said
from jarvisd.openloop.progress import progress_reply, progress_said
from jarvisd.openloop.service import MEANING_LOOPS
from jarvisd.openloop.shifts import read_shift
from jarvisd.openloop.text import names_part_of
from jarvisd.openloop.their_news import other_than_sought
from jarvisd.openloop.tried import tried_in_vain
from jarvisd.openloop.when import ImpossibleTime, resolve_time, time_spans

log = logging.getLogger(__name__)

# an option named by its due: "the one on Friday", "the Friday one", "금요일 거", "금요일에 있는 거"
_BY_ITS_DUE = re.compile(r"^(?:the\s+one\s+(?:on|for|due|by|at)\s+|the\s+one\s+|the\s+|on\s+|by\s+)|\s+one$"
                         r"|\s*(?:에\s*있는|까지인|까지)?\s*(?:거|것|꺼|걸로)$")


def _due_named(text: str) -> str:
    """The time an answer names an option by ("the one on Friday" -> "friday"), or "" when it says more."""
    words = _BY_ITS_DUE.sub("", text.strip(" .!?")).strip()
    return words if words and only_a_time(words) else ""


def _same_errand(reference: str, descs: Sequence[str], refs: Sequence[ClosedRef], found: int) -> bool:
    """A later closing of the same utterance that names a promise only by a word it does not share with
    one closed by an earlier closing, when it shares another word with that one: the same errand told in
    two steps ("농협 다녀왔어, 돈 넣고 왔다" with "농협 가서 적금 넣기" closed: "돈 넣기" is not "고춧가루
    업자한테 돈 부쳐 주기"). "I paid rent and paid the gas bill" closes both: the second names the gas bill by
    more than the verb they share."""
    said = reference.split()
    candidate = descs[found].split()
    with_candidate = {w for w in said if any(naming.same_word(w, v) for v in candidate)}
    for index in dict.fromkeys(ref.index for ref in refs):   # each promise once ("보냈어 " said 1,000 times: the
        closed = descs[index - 1].split() if 0 < index <= len(descs) else []   # same one 500,000 times, pass 53b)
        with_closed = {w for w in said if any(naming.same_word(w, v) for v in closed)}
        if index - 1 != found and with_closed - with_candidate:
            return True
    return False


def _new_time(text: str) -> bool:
    """A time said as what the thing now is ("the passport renewal is November 3", "…'s on Friday now"),
    not when a deed was done ("the invoice went out this morning")."""
    low = text.lower()
    return any(re.search(r"(?:\bis|\bare|'s|\bnow|\bto)(?:\s+(?:on|at|for))?\s*$", low[:start])
               for start, _ in time_spans(text))


# "all my calls", "all of the emails", "both calls", "every call": every promise of one deed
_EVERY_OF = re.compile(r"(?:all(?:\s+of)?|both|every)(?:\s+(?:my|the|those|these))?\s+(?P<deed>[a-z]+)")


# the names "N times a day" gives each time (`commitments_en._TIMES_OF_DAY`)
_TIME_OF_DAY_NAMED = re.compile(r"\s+(?:in\s+the\s+(?:morning|afternoon|evening)|at\s+midday)$", re.IGNORECASE)


def _one_routine(loops: Sequence[OpenLoop]) -> bool:
    """Promises that are one routine's times of a day: each repeating daily with a time, named alike but for the
    part of the day ("take the pills in the morning", "… in the evening"; "혈압약 먹기" at 8, 1 and 7)."""
    return len(loops) >= 2 and all(loop.repeat == "daily" and loop.due_ms is not None for loop in loops) and \
        len({_TIME_OF_DAY_NAMED.sub("", loop.desc).casefold() for loop in loops}) == 1


def _closing_status(kind: str) -> LoopStatus:
    """"done" (a closing or the done intent) closes as done; a withdrawal or cancel dismisses."""
    return LoopStatus.DONE if kind == "done" else LoopStatus.DISMISSED


# a promise not to do something ("don't eat sugar", "단 거 먹지 말기"): a deed told done is its breach, not its keeping
_NOT_TO_DO = re.compile(r"^(?:don't|do\s+not|never)\s|지\s*말기$", re.IGNORECASE)


# "scratch that, I already sent it" (the fiftieth session: to the model, "I'm sorry for your loss"): the lead-in takes
# the promise back, the deed says why; it is marked done
_DEED_IT = re.compile(r"(?:(?:ok(?:ay)?|so|well|yes|yeah|yep|yup|right|oh|actually|wait|no|scratch\s+that|never\s*mind|forget\s+(?:it|that)"
                      r"|(?:all\s+)?done)[\s,]+)*(?:(?P<who>i|we)(?:'ve|\s+have)?\s+)?(?:just\s+|already\s+|finally\s+)?"
                      r"(?P<v>[a-z']+)(?P<it>\s+(?:it|that|them|those|him|her))?"
                      r"(?:\s+(?:already|now|today|just\s+now|off|back|in|out|earlier(?:\s+today)?|yesterday|last\s+night"
                      r"|this\s+(?:morning|afternoon|evening)|an?\s+(?:hour|minute)\s+ago))?")


def _listed_things(said: str) -> list[str]:
    """The things a command lists: "the eggs and the milk" -> "eggs", "milk"; "우유랑 계란" -> "우유", "계란"."""
    parts = re.split(r"\s*(?:,|\band\b|&)\s*|(?<=[가-힣])(?:이랑|랑|하고|와|과)\s+", said)
    return [p for p in (re.sub(r"^(?:the|my)\s+", "", part.strip(" ,.")) for part in parts) if p]


def _named_by_all(said: str, loops: Sequence[OpenLoop]) -> set[int]:
    """The promises an exception names ("except Bob", "but the email and the call to Ann", "밥 전화랑 우유"): for each
    part, the one it names, the ones of its deed, or the ones that mention it as a person; empty when a part names
    none (nothing is closed on a guess)."""
    descs = [loop.desc for loop in loops]
    named: set[int] = set()
    for part in re.split(r"\s*(?:,|\band\b|\bor\b|\bnor\b|&|랑|이랑|하고|와|과)\s+|\s*,\s*", said):
        part = re.sub(r"^(?:the\s+one\s+(?:to|for|about|with)\s+|the\s+|my\s+|that\s+)", "", part.strip(" ,."))
        if not part:
            continue
        found = naming.best_reference(part, descs)
        hits = {found} if isinstance(found, int) else set(found or ())
        hits |= set(deed_named(part, descs)) | set(_named_in(part, descs))
        hits |= {i for i, loop in enumerate(loops) if _mentions(loop, part)}
        if not hits:
            return set()
        named |= hits
    return named


def _participle_deed_is(closure: Closure, desc: str) -> bool:
    """"invoice bluebird sent" for "send the invoice to bluebird design": the thing named first ("invoice" reads as a verb
    too) and the participle after it, the promise's own deed (round 64: "Do you mean …?" was asked, as for another
    deed's)."""
    deed = _participle_deed(closure)
    return deed is not None and not naming.other_deed(f"{deed} {closure.reference.lower()}", desc)


def _participle_deed(closure: Closure) -> str | None:
    """The deed a participle after the thing says ("invoice bluebird sent" -> "send"), or None when the clause is not the
    reference and a word after it."""
    clause, ref = closure.clause.lower().rstrip(" .!"), closure.reference.lower()
    if not ref or not clause.startswith(ref) or not clause.isascii() or not (said := clause[len(ref):].split()):
        return None
    return base_verb(said[-1])


# an errand to book ("엄마 건강검진 예약하기", "치과 예약 잡기"), and the booking word said of it ("검진 예약")
_KO_DONE_ASKED = re.compile(r"[가-힣](?:했|됐|냈|갔|었|았)(?:나|니|냐|나요|는지)\s?[?？]?$|[가-힣](?:했|됐|냈|갔|었|았)(?:어|어요)\s?[?？]$")
_KO_ENDED = re.compile(r"끝났|끝났어|마쳤|종료됐")
_BOOKING_ERRAND = re.compile(r"\s?예약\s?(?:하기|잡기)$")
# "오빠한테 병원비 보내 달라고 말하기": an errand to ask someone for something; "오빠가 병원비 보내준대": that one says they
# will do it (korean69: "그렇군요.", the errand left open)
_KO_ASKING_ERRAND = re.compile(r"(?P<who>[가-힣]{1,6})(?:한테|에게|께)\s(?P<what>[가-힣0-9 ]{1,40}?)\s?(?:달라고|주라고)\s?"
                               r"(?:말하기|부탁하기|얘기하기|전하기|하기)")
_KO_WILL_DO_IT = re.compile(r"(?P<who>[가-힣]{1,6}?)\s?(?:이가|가|이|님이|님께서|씨가)\s(?P<what>[가-힣0-9 ]{1,40}?)\s?"
                            r"(?:준대요?|준다고\s?했어요?|주기로\s?했어요?|준다네|준댔어|준다더라|준다고\s?하네"
                            r"|주신대요?|주신다고\s?했어요?|주시기로\s?했어요?|주신댔어)[.!~]?")
_KO_NO_THING = frozenset("좀 다 꼭 반 그거 그것 이거 해 좀만".split())
_BOOKING_WORD = re.compile(r"\s?예약$")


def _participle_picks(closure: Closure, descs: Sequence[str]) -> int | None:
    """Of the promises a closing names alike, the one alone whose words begin with the deed its participle says
    ("invoice bluebird sent": "send the invoice to bluebird design", not "bluebird design invoice payment"; round 65)."""
    deed = _participle_deed(closure)
    hits = [i for i, desc in enumerate(descs) if deed and desc.lower().startswith(f"{deed} ")]
    return hits[0] if len(hits) == 1 else None



# a done said of the promise itself, not "that's all": "i did it already", "i've done that", "이미 했어" (focus72: right
# after "i need to call the dentist by friday", "i did it already" answered "That wasn't on your agenda")
_DONE_SAID_OF_IT = re.compile(r"\b(?:did|done|finished)\s+(?:it|that)\b|\balready\b|이미|벌써")

# a day said in "I can't make the friday appointment": the promise due that day
_DAY_WORD = re.compile(r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:'s)?|today's|tomorrow's|tonight's)\b")


class Closing(DeskBase):
    """Promises closed: by name, by the one in focus, by a guess or a clearing after a yes; told done late or forgotten."""

    def _ask_every(self, intent: Intent, session: str, loops: Sequence[OpenLoop] | None = None,
                   deed: str = "", day: bool = False) -> DeskReply:
        """"Clear my agenda", "mark everything done" (every open promise), "cancel all my calls" (`loops`, those of
        one `deed`; `day`: those of one day): named and asked about first; a yes within CONFIRM_SEC closes them
        (`_clear_answer`)."""
        whole = loops is None
        loops = sorted(self.service.agenda() if loops is None else loops, key=_due_order)
        if intent.keep:   # "cancel everything except Bob": the ones it names stay open
            kept = _named_by_all(intent.keep, loops)
            if not kept:   # nothing closed on a guess: the user may have meant a promise by another name
                return DeskReply(phrases.kept_not_found(intent.keep, intent.lang), intent.lang, intent=intent.kind)
            if len(kept) == len(loops):   # "cancel everything except Bob" with only the call open
                return DeskReply(phrases.only_kept([loops[i] for i in sorted(kept)], intent.lang), intent.lang,
                                 intent=intent.kind)
            loops, whole = [loop for i, loop in enumerate(loops) if i not in kept], False
        if not loops:
            return DeskReply(phrases.nothing_to_close(intent.lang), intent.lang, intent=intent.kind)
        status = _closing_status(intent.kind.removesuffix("_all"))
        self._clearing[session] = Clearing(tuple(loop.id for loop in loops), status, self.service.now_ms(), whole, day)
        return DeskReply(phrases.ask_close_every(loops, status == LoopStatus.DONE, intent.lang, deed), intent.lang,
                         intent=intent.kind)

    def _clear_answer(self, clearing: Clearing, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """The yes or no to "Cancel all N things on your agenda?": a yes in time closes those still open (one
        added since stays); a no, or a yes too late, leaves the agenda as it was; "yes, and …" answers, then the
        rest is read; anything else is not an answer (None: read as any other utterance, the question dropped)."""
        answer = decision(text)
        said, _, rest = text.partition(", ")
        if answer is None and rest and (answer := decision(said)) is not None:
            return _joined(self._clear_answer(clearing, said, session, lang), self.handle(rest, session))
        waited = self.service.now_ms() - clearing.at_ms
        if answer is None or waited > LATE_ANSWER_SEC * 1000:
            return None
        if not answer or waited > CONFIRM_SEC * 1000:
            return DeskReply(phrases.left_every(lang, late=bool(answer)), lang, intent="confirm")
        closed: list[OpenLoop] = []
        rolled: list[OpenLoop] = []
        with self.service.one_write():   # every one closed, or none (a full disk: not the first alone, "nothing changed")
            for loop in map(self._open, clearing.loop_ids):
                if loop is None:
                    continue
                if clearing.day and loop.repeat is not None and clearing.status is LoopStatus.DISMISSED:
                    # "cancel everything tomorrow": tomorrow's time of a routine is off, the routine goes on (pass 64:
                    # a yes ended "water the plants every Tuesday" and "운동하기 매일" for good)
                    skipped, next_one = self.service.skip(loop.id)
                    closed.append(skipped)
                    rolled.extend([next_one] if next_one is not None else [])
                else:
                    closed.append(self.service.set_status(loop.id, clearing.status))
        if not closed:
            return DeskReply(phrases.nothing_to_close(lang), lang, intent="confirm")
        left = len(self.service.agenda()) - len(rolled) if clearing.whole else None
        said = phrases.closed_every(closed, left, clearing.status == LoopStatus.DONE, lang)
        if rolled:
            said += " " + phrases.routines_go_on(rolled, self.service.now_local(), self.service.tz, lang)
        return DeskReply(said, lang, change=AgendaChange(closed=tuple(closed), opened=tuple(rolled)), intent="confirm")

    def _close_by_name(self, intent: Intent, session: str, text: str = "") -> DeskReply | None:
        if (listed := self._listed_at(intent.argument, session)) is not None:
            return self._closed(listed, _closing_status(intent.kind), intent.lang, intent.kind)
        if (clock := clock_named(intent.argument)) is not None:   # "cancel my 3pm", "3시 거 취소해 줘": the one due then
            at = self._due_at(clock)
            if len(at) == 1 and clock.day is not None and at[0].repeat is not None \
                    and _closing_status(intent.kind) == LoopStatus.DISMISSED:
                # "turn off the 7 am alarm for tomorrow" of a weekday alarm: tomorrow's skipped, the series goes on
                closed, next_one = self.service.skip(at[0].id)
                return DeskReply(phrases.skipped(closed, next_one, self.service.now_local(), self.service.tz, intent.lang),
                                 intent.lang, change=AgendaChange(closed=(closed,), opened=(next_one,) if next_one else ()),
                                 intent="cancel")
            if len(at) == 1:
                return self._closed(at[0], _closing_status(intent.kind), intent.lang, intent.kind)
            if at:
                self._guesses[session] = Guess(at[0].id, _closing_status(intent.kind), self.service.now_ms(),
                                                tuple(loop.id for loop in at[:3]))
                return DeskReply(phrases.which_one(at, intent.lang, self.service.now_local(), self.service.tz),
                                 intent.lang, intent=intent.kind)
        loops = self.service.agenda()
        descs = [loop.desc for loop in loops]
        if (every := _EVERY_OF.fullmatch(intent.argument)) is not None:   # "cancel all my calls", "mark both emails done"
            deed = every["deed"].removesuffix("es" if every["deed"].endswith(("ches", "shes", "sses")) else "s")
            # "turn off all alarms": every one of that kind, the wake-up alarm too (it asked of "alarm" alone)
            if deed in ("alarm", "timer") and (set_ := alarms_meant(deed, descs)):
                return self._ask_every(replace(intent, kind=f"{intent.kind}_all"), session, [loops[i] for i in set_], deed)
            if deeds := deed_named(deed, descs):                           # (pass 38: "I couldn't find all your calls")
                return self._ask_every(replace(intent, kind=f"{intent.kind}_all"), session, [loops[i] for i in deeds], deed)
        found = naming.best_reference(intent.argument, descs)
        meant = alarms_meant(intent.argument, descs)   # "cancel the timer" with two timers set: which one
        if meant is not None and all(alarm_kind(descs[i]) for i in ([found] if isinstance(found, int) else found or [])):
            # none meant: not another timer guessed ("cancel the 5 minute one" with only the 12-minute one set)
            found = meant[0] if len(meant) == 1 else meant or None
        if found is None:   # "cancel the call": the promises of that deed (pass 34: "I couldn't find the call")
            deeds = deed_named(intent.argument, descs) or _named_in(intent.argument, descs)
            found = (deeds[0] if len(deeds) == 1 else deeds) if deeds else None
        status = _closing_status(intent.kind)
        if found is None and text:   # "scratch the ceramics course" for "sign up for the pottery class"
            meant = self._offered(text, intent.argument, loops, intent.lang, command=True)
            if meant:
                return self._ask([loops[i] for i in meant], status, session, intent.lang)
        if found is None and status is LoopStatus.DISMISSED and (ended := self._series_named_over(intent.argument)):
            # "cancel the plants" after the plants' "every day until sunday" ended: not "I couldn't find …"
            return DeskReply(past_due.series_ended(ended, self.service.now_local(), self.service.tz, intent.lang),
                             intent.lang, intent=intent.kind)
        if found is None and status is LoopStatus.DISMISSED and intent.lang == "en" and \
                (passed := self._passed_named(intent.argument)) is not None:
            # "cancel the daycare tour …" the evening after it (the sixty-seventh session's nurse: "I couldn't find …")
            when = phrases.spoken_due(passed.due_ms or 0, self.service.now_local(), self.service.tz, "en")
            desc = phrases.second_person(passed.desc)
            return DeskReply(f"{desc[:1].upper()}{desc[1:]} was {when}; it has passed, so there's nothing left to cancel.",
                             intent.lang, intent=intent.kind)
        if found is None:
            if intent.command:
                return DeskReply(phrases.not_found(intent.argument, intent.lang), intent.lang, intent=intent.kind)
            return None  # "the meeting is finished": a remark; the promise rules and the agent take it
        each = [naming.best_reference(p, descs) for p in _listed_things(intent.argument)] if isinstance(found, list) else []
        if len(each) > 1 and all(isinstance(i, int) for i in each) and len(set(each)) == len(each):
            # "cancel the eggs and the milk": each one it lists, not "Which one?"
            return functools.reduce(_joined, (self._closed(loops[i], status, intent.lang, intent.kind) for i in each))  # type: ignore[index]
        if isinstance(found, list) and (on_day := self._due_on_day_said(intent.argument, found, loops)) is not None:
            found = on_day   # "cancel dad's physical therapy on friday" with one on Monday too (the fifty-seventh session)
        if isinstance(found, list) and intent.lang == "ko" and text and _KO_ENDED.search(text):
            # "교육 끝났어" with "인계 교육" and "교육 끝나고 보수교육 신청하기" open (the sixty-fifth session: asked which,
            # and the question after it taken as the answer): what ends is an occasion, not a deed still to do
            occasions = [i for i in found if not loops[i].desc.endswith("기")]
            found = occasions[0] if len(occasions) == 1 else found
        if isinstance(found, list):
            options = sorted((loops[i] for i in found), key=_due_order)   # said by due, as the agenda is read
            # kept, so "the second one" or its name closes that one (pass 34: the answer went to the model)
            self._guesses[session] = Guess(options[0].id, status, self.service.now_ms(),
                                            tuple(loop.id for loop in options[:3]))
            return DeskReply(phrases.which_one(options, intent.lang, self.service.now_local(), self.service.tz),
                             intent.lang, intent=intent.kind)
        return self._closed(loops[found], status, intent.lang, intent.kind)

    def _cant_make(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"I can't make the dentist appointment", "I have to skip the insurance thing, drop it" (cancel78; session 70:
        SmolLM2, "it's a shame, as you're not able to make …"): of one open promise the words name, asked once ("Should
        I take … off your agenda?", the yes takes it off); with an order (", cancel it") closed as "cancel X" would be
        (asked when the match is loose); of one already closed, "… is already off your agenda."; named nowhere, with an
        order "I couldn't find X on your agenda.", without one None (talk: "I can't make the party" kept nothing)."""
        loops = self.service.agenda()
        if lang == "en" and (moved := cant_make_moved(clean(text))) is not None:   # "… but I'll go tomorrow": a move
            named = self._cant_named(moved[0], loops)
            return self._answer(f"move {moved[0]} to {moved[1]}", session, lang) if isinstance(named, int) else None
        said = cant_make(clean(text)) if lang == "en" else ko_cant_make(clean(text))   # "금요일 치과 못 가" (everyday80)
        if said is None:
            return None
        found = self._cant_named(said.thing, loops)
        if lang == "ko" and isinstance(found, int) and loops[found].repeat:
            return None   # "오늘 요가 빠질게" of a weekly class: that time off, by the rooms that read it (as before)
        if found is None:
            closed = [loop for loop in self.service.recently_closed() if not alarm_kind(loop.desc)]
            hit = self._cant_named(said.thing, closed)
            if isinstance(hit, int):
                return DeskReply(phrases.already_off(closed[hit], lang), lang, intent="cancel")
        skip = f"skip {said.thing} {said.when}".strip()
        if isinstance(found, int) and loops[found].repeat and \
                (skipped := self._day_off(skip, session, lang) or self._skip(skip, session, lang)) is not None:
            return skipped   # "I can't make the gym on monday" of a weekly gym: that time skipped, the series kept
        if isinstance(found, int) and said.ordered:
            return self._closed(loops[found], LoopStatus.DISMISSED, lang, "cancel")
        if isinstance(found, int):
            self._guesses[session] = Guess(loops[found].id, LoopStatus.DISMISSED, self.service.now_ms())
            return DeskReply(phrases.ask_take_off(loops[found], lang), lang, intent="confirm")
        if found:   # two dentist visits kept: which one, by number or by name (as "cancel the dentist" asks)
            options = sorted((loops[i] for i in found), key=_due_order)
            self._guesses[session] = Guess(options[0].id, LoopStatus.DISMISSED, self.service.now_ms(),
                                            tuple(loop.id for loop in options[:3]))
            return DeskReply(phrases.which_one(options, lang, self.service.now_local(), self.service.tz), lang,
                             intent="cancel")
        if said.ordered:   # named loosely or not at all: as "cancel the friday appointment" (a guess asked, or not found)
            return self._close_by_name(Intent("cancel", lang, argument=said.thing, command=True), session, text)
        return None

    def _cant_named(self, thing: str, loops: Sequence[OpenLoop]) -> int | list[int] | None:
        """The promise of `loops` "I can't make <thing>" names: by its words ("the dentist appointment"), by its deed or
        noun ("the appointment"), or by its noun and the day it is due ("the friday appointment" of the one due Friday);
        a list when a few are named; None when none is."""
        descs = [loop.desc for loop in loops]
        if not descs:
            return None
        found = naming.best_reference(thing, descs)
        if found is None:
            deeds = deed_named(thing, descs) or _named_in(thing, descs)
            found = (deeds[0] if len(deeds) == 1 else deeds) if deeds else None
        if found is None and (day := _DAY_WORD.search(thing)) is not None:
            rest = (thing[:day.start()] + thing[day.end():]).strip()
            named = naming.best_reference(rest, descs) if len(rest.split()) > 1 else None
            hits = [named] if isinstance(named, int) else named or _named_in(rest, descs)
            if hits:
                found = self._due_on_day_said(thing, hits, loops)
        if isinstance(found, list) and (on_day := self._due_on_day_said(thing, found, loops)) is not None:
            found = on_day
        return found

    def _close_in_focus(self, kind: str, session: str, lang: phrases.Lang, text: str = "") -> DeskReply | None:
        """"Mark it done", "그거 지워 줘": the promise just reminded out loud (within the snooze window), or for
        a withdrawal ("actually cancel that") the one just captured in this session, whichever came last; None
        when neither is open (then the words are read as any other). "Done" right after a promise is said is
        more often "that's all" than the promise kept, so it closes only a reminded one; said of it ("I did it
        already", "I've done that", "벌써 했어") it closes the one just captured too."""
        candidates = self._in_focus(session, with_captured=kind == "cancel" or _DONE_SAID_OF_IT.search(clean(text)) is not None)
        listed = self._listed.get(session)
        if listed is not None and len(listed[0]) == 1 and self.service.now_ms() - listed[1] <= LISTED_SEC * 1000:
            candidates.append((listed[1], listed[0][0]))   # "what's my next task?" / "the second thing?", then "mark it
            # done": the one just read out (the fiftieth session: it asked which of the whole list)
        loop = self._open(max(candidates)[1]) if candidates else None
        if loop is None:
            return None
        return self._closed(loop, _closing_status(kind), lang, kind)

    def _deed_done_in_focus(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"I paid it", "I've sent it", "I booked them" after "I need to pay rent" (or its reminder): the promise in
        focus, when the verb is its deed (the forty-third session: to the model, nothing closed); None otherwise."""
        m = _DEED_IT.fullmatch(clean(text))
        base = base_verb(m["v"]) if m is not None else None
        if base is None or m is not None and not (m["who"] and m["it"]) and base == m["v"]:
            return None   # "sent it", "called him", "paid" (the forty-ninth session: to the model) only in a past form
        for loop in filter(None, (self._open(loop_id) for _, loop_id in self._in_focus(session))):
            if loop.desc.split(" ", 1)[0].lower() == base:
                return self._closed(loop, LoopStatus.DONE, lang, "done")
        return None

    def _booking_made(self, thing: str, to: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"엄마 검진 예약 담주 월요일 아침 여덟시로 잡았어" with "엄마 건강검진 예약하기" open (the sixty-fifth session: the
        errand moved to Monday 8 AM, still to do, and "엄마 검진 언제야" then named the errand): the errand to book is
        done, and what was booked is kept at its time. None unless `thing` names one open errand to book."""
        errands = [loop for loop in self._open_to_do() if _BOOKING_ERRAND.search(loop.desc)]
        name = _BOOKING_WORD.sub("", thing).strip()
        hits = _named_in(name, [_BOOKING_ERRAND.sub("", loop.desc) for loop in errands]) if name else []
        if len(hits) != 1:
            return None
        errand = errands[hits[0]]
        booked = _BOOKING_ERRAND.sub("", errand.desc).strip()
        if to.startswith("예약 "):     # "검진 예약 담주 월요일 …로 잡았어": the booking's word read with its time
            to = to.removeprefix("예약 ")
        done = self._closed(errand, LoopStatus.DONE, lang, "done")   # first: the errand is no place to merge into
        kept = self._answer(f"{to}에 {booked} 있어", session, lang)
        if kept is None or not kept.change.opened:   # "치과": kept as its booking ("치과 예약")
            kept = self._answer(f"{to}에 {booked} 예약 있어", session, lang)
        if kept is None or not kept.change.opened:
            self.service.set_status(errand.id, LoopStatus.OPEN)   # nothing kept: the errand stays as it was
            return None
        return DeskReply(f"{done.text} {kept.text}", lang, change=done.change + kept.change, intent="done")

    def _asked_is_offered(self, text: str, lang: phrases.Lang) -> DeskReply | None:
        """"오빠가 병원비 보내준대" with "오빠한테 병원비 보내 달라고 말하기" open: the one to be asked says they will do it, so
        the asking is done (korean69); None unless the same one and a word of the same thing are said, one errand."""
        told = _KO_WILL_DO_IT.fullmatch(text.strip()) if len(text) <= 120 else None
        if told is None:
            return None
        said = {word for word in told["what"].split() if word not in _KO_NO_THING}
        hits = [loop for loop in self._open_to_do()
                if (ask := _KO_ASKING_ERRAND.fullmatch(loop.desc)) is not None
                and ask["who"].removesuffix("님").endswith(told["who"].removesuffix("님"))   # 지도교수님 / 교수님이
                and said & {word for word in ask["what"].split() if word not in _KO_NO_THING}]
        return self._closed(hits[0], LoopStatus.DONE, lang, "done") if len(hits) == 1 else None

    def _closed(self, loop: OpenLoop, status: LoopStatus, lang: phrases.Lang, intent: str) -> DeskReply:
        """Close `loop` with `status` and say so ("Marked done: call Bob."), and when a repeating one comes back."""
        closed = self.service.set_status(loop.id, status)
        said = phrases.confirm_closed(closed, lang, self.service.tz)
        if (next_one := self.service.successor(closed)) is not None:
            said += " " + phrases.next_time(next_one, self.service.now_local(), self.service.tz, lang)
        return DeskReply(said, lang, change=AgendaChange(closed=(closed,), opened=(next_one,) if next_one else ()),
                         intent=intent)

    def _forgot(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"I forgot to call mom yesterday", "I didn't get to the plumber call": the promise it names, still open (when it
        is due) or expired (when it was, and how to keep it again); it is then in focus, so "I'll call her tonight then"
        is "call mom" again. A time said after it ("…, do it tomorrow morning") moves the open one or keeps the expired
        one anew. None when the words name no promise of the past week."""
        missed = past_due.missed_said(clean(text), lambda words: bool(time_spans(words)))
        if missed is None:
            return None
        now = self.service.now_local()
        self.service.expire_before_read()
        for loops, said in ((self._open_to_do(), past_due.forgot_open),
                            (past_due.recently_expired(self.service.all_loops(), self.service.now_ms()), past_due.forgot_expired)):
            found = naming.best_reference(missed.deed, [loop.desc for loop in loops]) if loops else None
            if not isinstance(found, int):
                continue
            loop = loops[found]
            self._remember(session, loop, self.service.now_ms())
            # a routine's missed time moved is this time only: "do it at noon" does not make it noon every day
            if missed.later and loop.status is LoopStatus.OPEN and (moved := self._move(loop, missed.later, None, session,
                                                                                       lang, once=True)) is not None:
                return moved
            if missed.later and (kept := self._keep_anew(loop, missed.later, session, lang)) is not None:
                return kept
            return DeskReply(said(loop, now, self.service.tz, lang), lang, intent="when")
        if not missed.later and (offer := past_due.not_on_agenda(missed.deed, lang)) is not None:
            return DeskReply(offer, lang, intent="when")   # an errand no promise names: not kept, said so (lows67)
        return None

    def _progress(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"graded half the essays" with "grade the 7th grade essays" open: a part done, the promise kept open and
        what is left said (`progress`); None when no one open promise is named."""
        if lang != "en" or (said := progress_said(clean(text))) is None:
            return None
        loop = self._one_named(said[2])
        if loop is None:
            return None
        self._remember(session, loop, self.service.now_ms())
        when = None if loop.due_ms is None else phrases.spoken_due(loop.due_ms, self.service.now_local(), self.service.tz, lang)
        desc = phrases.second_person(loop.desc)
        return DeskReply(progress_reply(desc[:1].upper() + desc[1:], said[1], when), lang, intent="progress")

    def _tried_in_vain(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"i called the pediatrician, the office was closed" with "call the pediatrician" open (everyday74: marked
        done): a try that came to nothing leaves the promise open, and the answer says so (`tried`). None unless one
        open promise is named."""
        if (tried := tried_in_vain(clean(text))) is None:
            return None
        loop = self._one_named(tried[0]) or self._one_named(tried[1])
        if loop is None:
            return None
        self._remember(session, loop, self.service.now_ms())
        when = None if loop.due_ms is None else phrases.spoken_due(loop.due_ms, self.service.now_local(), self.service.tz, lang)
        if lang == "ko":
            return DeskReply(f"{loop.desc}{phrases.topic(loop.desc)} 아직 안 끝난 걸로 둘게요.", lang, intent="progress")
        desc = phrases.second_person(loop.desc)
        return DeskReply(f"Too bad. {desc[:1].upper() + desc[1:]} stays on your agenda{f', {when}' if when else ''}.",
                         lang, intent="progress")

    def _still_time(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"Can I still do it today?", "is it too late?" of the promise in focus (told forgotten, asked about, reminded):
        still open with its due and how to move it, or when it expired; None with no promise in focus."""
        if not past_due.STILL_TIME.fullmatch(clean(text)):
            return None
        candidates = self._in_focus(session)
        loop = self._any(max(candidates)[1]) if candidates else None
        if loop is None or loop.status not in (LoopStatus.OPEN, LoopStatus.EXPIRED):
            return None
        return DeskReply(past_due.still_time(loop, self.service.now_local(), self.service.tz, lang), lang, intent="when")

    def _closed_late(self, text: str, reading: Reading, lang: phrases.Lang) -> DeskReply | None:
        """"I picked up the dry cleaning yesterday" after it expired unfinished (the sixty-third session: "I see.", the
        promise left expired): marked done now (or cancelled, "… is off"), said with the due it had passed."""
        expired = past_due.recently_expired(self.service.all_loops(), self.service.now_ms())
        closed, _ = self._closings(text, reading, expired, lang) if expired else ([], None)
        targets = {expired[ref.index - 1].id: ref.status for ref in closed if ref.index is not None}
        if not targets:
            return None
        if all(status is LoopStatus.DISMISSED for status in targets.values()) and \
                (ended := self._series_over(expired[ref.index - 1].desc for ref in closed if ref.index is not None)):
            # "no need to water the plants anymore" after "… every day until sunday" ended (round 65's leftover: "OK,
            # marked cancelled: water the plants (it was due Monday, December 7 at 6 PM)"): it ended by itself
            return DeskReply(past_due.series_ended(ended, self.service.now_local(), self.service.tz, lang), lang,
                             intent="cancel")
        if not past_due.past_day_said(text, self.service.now_local().date()):
            # "i watered the plants" the day after the series' last time: that last time (newest first), not the
            # oldest time missed this week (found on the way: "… (it was due Monday, December 7 at 6 PM)")
            newest = {loop.desc.casefold(): loop.id for loop in reversed(expired) if loop.until}
            targets = {newest.get(loop.desc.casefold(), loop.id) if loop.until else loop.id: targets[loop.id]
                       for loop in expired if loop.id in targets}
        with self.service.one_write():
            marked = [self.service.set_status(loop_id, status) for loop_id, status in targets.items()]
        return DeskReply(past_due.closed_late(marked, self.service.now_local(), self.service.tz, lang), lang,
                         change=AgendaChange(closed=tuple(marked)), intent="capture")

    def _series_over(self, descs: Iterable[str]) -> OpenLoop | None:
        """The last time of the one ended repeating promise (`past_due.ended_series`) every one of `descs` is a time of;
        None when any is not."""
        ended = past_due.ended_series(self.service.all_loops(), self.service.now_local().date())
        wanted = {desc.casefold() for desc in descs}
        over = [loop for loop in ended if loop.desc.casefold() in wanted]
        return over[0] if len(over) == 1 and len(wanted) == 1 else None

    def _series_named_over(self, reference: str) -> OpenLoop | None:
        """The ended repeating promise `reference` names alone ("the plants", "watering the plants"); None otherwise."""
        ended = past_due.ended_series(self.service.all_loops(), self.service.now_local().date())
        found = naming.best_reference(reference, [loop.desc for loop in ended]) if ended else None
        return ended[found] if isinstance(found, int) else None

    def _closings(self, text: str, reading: Reading, shown: Sequence[OpenLoop], lang: phrases.Lang
                  ) -> tuple[list[ClosedRef], tuple[list[int], LoopStatus] | None]:
        """`_closings_said`, without a deed told done closing (or asking about) a promise not to do it: "I ate sugar"
        is no "don't eat sugar" kept (the forty-sixth session: "Do you mean don't eat sugar? Say yes and I'll mark it
        done.")."""
        refs, guess = self._closings_said(text, reading, shown, lang)
        if (past := past_due.done_day_said(text, self.service.now_local().date())) is not None:
            # "I took my pills yesterday" is yesterday's dose, not today's (pass 64: today's was marked done, so no
            # reminder came for it); a one-off done early stays done; "오늘 혈압약 드렸어" at 8 PM is today's 8 AM
            # dose, not tomorrow's (korean69: "다음은 모레 오전 8시예요")
            later = {i for i, loop in enumerate(shown) if loop.repeat is not None and loop.due_ms is not None
                     and phrases.due_day(loop.due_ms, self.service.tz) > past}
            refs = [ref for ref in refs if ref.index is None or ref.index - 1 not in later]
            if guess is not None and set(guess[0]) & later:
                guess = ([i for i in guess[0] if i not in later], guess[1]) if set(guess[0]) - later else None
        kept_from = {i for i, loop in enumerate(shown) if _NOT_TO_DO.search(loop.desc)}
        if not kept_from:
            return refs, guess
        refs = [ref for ref in refs if not (ref.status is LoopStatus.DONE and ref.index is not None
                                            and ref.index - 1 in kept_from)]
        if guess is not None and guess[1] is LoopStatus.DONE:
            guess = ([i for i in guess[0] if i not in kept_from], guess[1]) if set(guess[0]) - kept_from else None
        return refs, guess

    def _not_begun(self, text: str, reading: Reading, shown: Sequence[OpenLoop], lang: phrases.Lang) -> DeskReply | None:
        """A repeating promise told done on a day said ("오늘 혈압약 드렸어" at 8 PM) when its next time is a later day
        and nothing else is closed (korean70: the daily dose beginning tomorrow went to the model): answered from
        the agenda, when it begins (or is next) and that there is nothing to mark that day; None otherwise."""
        now = self.service.now_local()
        if reading.question or (past := past_due.done_day_said(text, now.date())) is None:
            return None
        refs, _ = self._closings_said(text, reading, shown, lang)
        meant = {ref.index - 1 for ref in refs if ref.index is not None}
        if len(meant) != 1 or len(refs) != len(meant):
            return None
        loop = shown[next(iter(meant))]
        if loop.repeat is None or loop.due_ms is None or phrases.due_day(loop.due_ms, self.service.tz) <= past:
            return None
        begun = any(old.id != loop.id and old.desc == loop.desc and old.repeat == loop.repeat and old.due_ms is not None
                    and phrases.due_day(old.due_ms, self.service.tz) <= past for old in self.service.all_loops())
        return DeskReply(phrases.not_begun(loop, past, begun, now, self.service.tz, lang), lang, intent="close")

    def _closings_said(self, text: str, reading: Reading, shown: Sequence[OpenLoop], lang: phrases.Lang
                       ) -> tuple[list[ClosedRef], tuple[list[int], LoopStatus] | None]:
        """The loops the utterance closes by their words, and (indices, status) of the ones it may mean when
        no words name one (asked before anything is closed)."""
        if reading.question:
            return [], None
        refs = []
        heard: list[int] = []         # "I send the report", "I sent the text": loops a closing may mean, asked about
        heard_status = LoopStatus.DONE
        unnamed: list[Closure] = []   # closings whose words name no open loop
        tied = False                  # words that name two loops alike: no guess by meaning either
        descs = [loop.desc for loop in shown]
        hearsay = meaning.someone_else(text)
        covered: dict[tuple[str, ...], int | None] = {}   # the whole utterance against the same loops: read once
        for closure in reading.closures:
            particle = naming.particle_state(closure.clause)     # "the tires are on": a promise with "on"
            named = naming.with_particle(particle, descs)
            # "준이가 숙제 다 했대": who did it (a reported deed) names no promise of the user's
            found = naming.best_reference(naming.without_doer(closure.reference) if hearsay else closure.reference, named)
            if isinstance(found, int) and lang == "en" and closure.status == "done" and not hearsay \
                    and closure.clause.lower() != closure.reference.lower() \
                    and isinstance(whole := naming.best_reference(closure.clause, named), int) and whole != found:
                # "i sent the invoice to acme this morning" with an invoice to acme and one to bluebird open (the
                # sixty-fourth session's freelancer: "the invoice" alone named bluebird's, "Marked done: send the invoice to
                # bluebird design"): the clause's own words name which
                found = whole
            if found is None and lang == "ko" and closure.status == "done":
                found = naming.ko_bare_deed(closure.reference, named)   # "다 쌌어": "출국 전날 짐 싸기", the one packing
            if found is None and closure.status not in ("handed", "received"):
                # "never mind sending it back": the utterance names it, not the clause (someone else's deed
                # or receipt must name the promise by its own words: "Gavin said he'd ring me back" is not
                # "ring Gavin")
                # (once per set of loops, not per closing: "했지 " said 1,000 times read the whole turn 1,000 times
                # against each loop, 11 s of the desk with ten promises open; pass 53b)
                key = tuple(named)
                if key not in covered:
                    covered[key] = naming.best_covered(naming.without_doer(text) if hearsay else text, named)
                found = covered[key]
            if isinstance(found, list) and closure.status == "done" and \
                    (one := _participle_picks(closure, [descs[i] for i in found])) is not None:
                found = found[one]   # "invoice bluebird sent" with its sending and its payment kept: the sending
            deeds = naming.listed_deeds(closure.reference) if closure.status in ("done", "dismissed") else []
            if (not isinstance(found, int) or len(deeds) > 1) and closure.status in ("done", "dismissed") and \
                    (each := [naming.best_reference(deed, named) for deed in deeds]) and \
                    all(isinstance(i, int) for i in each) and len(set(each)) == len(each):
                # "I bought eggs and milk", "계란이랑 우유 샀어": each promise it lists (the forty-second session: neither;
                # the fiftieth: with "buy bread" and "buy milk" kept apart, only the first was closed)
                refs.extend(ClosedRef(index=i + 1, status=_closing_status(closure.status)) for i in each)  # type: ignore[operator]
                continue
            if closure.reference.startswith("check on ") and closure.clause.isascii() and arrival(closure.clause) and \
                    not (isinstance(found, int) and descs[found].lower().startswith("check on ")):
                continue                 # "the package arrived" ends a check on it, not "return the package"
            if closure.status == "heard":
                if isinstance(found, int) and not reading.commitments:
                    heard.append(found)
                continue
            if closure.status == "received":   # "Daniel got the photos": a promise to give them is done
                if isinstance(found, int) and naming.gives(descs[found]):
                    refs.append(ClosedRef(index=found + 1, status=LoopStatus.DONE))
                continue
            if closure.status == "handed":   # someone else takes it on: only the same deed is withdrawn
                if isinstance(found, int) and naming.same_deed(closure.reference, descs[found]) and \
                        not other_than_sought(closure.reference, descs[found]):   # "cover the phones" (english71)
                    refs.append(ClosedRef(index=found + 1, status=LoopStatus.DISMISSED))
                continue
            if isinstance(found, int) and closure.status == "done" and (naming.only_begun(closure.reference, descs[found])
                                                                       or naming.ko_due_moved(closure.reference, descs[found])):
                continue                 # "보고서 시작했어" for "보고서 끝내기": begun, not done; "연장됐어": moved
            if isinstance(found, int) and closure.status == "done" and \
                    naming.done_by_the_other_side(closure.reference, descs[found]):
                heard.append(found)      # "민수가 전화했어": Minsu called; did the user call Minsu? asked
                continue
            if isinstance(found, int) and _same_errand(closure.reference, descs, refs, found):
                continue                 # "농협 다녀왔어, 돈 넣고 왔다": the deposit at the bank just closed
            if isinstance(found, int) and closure.status == "done" and \
                    not set(closure.reference.split()) & set(descs[found].split()) and \
                    self._not_held_yet(closure.clause, shown[found]):
                heard.append(found)      # "병원 다녀왔어" with the vet on Thursday at 3 (the sixtieth session: closed): asked
                continue
            # (not when the promise found is the closing's very words: "called the daycare" with "call the daycare" and
            # "daycare tour" open, the sixty-seventh session's nurse was asked which)
            if isinstance(found, int) and closure.status == "done" and descs[found].lower() != closure.reference.lower() and \
                    (alike := [i for i, d in enumerate(descs) if i != found and naming.deed_as_thing(closure.reference, d)]):
                heard.extend([found, *alike])   # "I sent the text": Jo's text, or texting Bo? asked
                continue
            if isinstance(found, int) and closure.status in ("done", "dismissed") and \
                    (naming.other_deed(closure.reference, descs[found]) and not _participle_deed_is(closure, descs[found])
                     or naming.another_one(closure.reference, descs[found])
                     or naming.ko_other_deed(closure.reference, descs[found])):
                heard.append(found)   # "I renewed the gym membership" for "cancel the gym membership", "I'm not
                heard_status = _closing_status(closure.status)   # going to the team social" for "post my notes
                continue              # in the team channel": asked
            if isinstance(found, int) and closure.status in ("done", "dismissed") and \
                    names_part_of(closure.reference, descs[found]):
                heard.append(found)   # "I called Ann" for "call Bob, Ann and Tom": all of it done? asked
                heard_status = _closing_status(closure.status)
                continue
            if isinstance(found, int):
                refs.append(ClosedRef(index=found + 1, status=_closing_status(closure.status)))
            elif found is None and particle is not None:
                continue                 # "the porch lights are on" is no guess at "turn the lights off"
            elif found is None:
                unnamed.append(closure)
            elif closure.status in ("done", "dismissed") and (on_day := self._due_on_day_said(closure.clause, found, shown)) \
                    is not None:
                # "my shift on thursday got cancelled" with a shift on three days: the one due that day (the fifty-seventh
                # session: all three were cancelled)
                refs.append(ClosedRef(index=on_day + 1, status=_closing_status(closure.status)))
            elif len({descs[i] for i in found}) == 1 and closure.status in ("done", "dismissed"):
                # "I called Pia" with "call Pia" twice (the second said "again"): the one due first (pass 34: the
                # model's turn, nothing closed)
                first = min(found, key=lambda i: (shown[i].due_ms is None, shown[i].due_ms or 0, shown[i].created_ms))
                refs.append(ClosedRef(index=first + 1, status=_closing_status(closure.status)))
            elif closure.status == "done" and _one_routine([shown[i] for i in found]):
                # "I took the pills" with the pills kept three times a day (round 63's low: to SmolLM2): the dose due
                # nearest now
                now_ms = self.service.now_ms()
                near = min(found, key=lambda i: abs((shown[i].due_ms or 0) - now_ms))
                refs.append(ClosedRef(index=near + 1, status=LoopStatus.DONE))
            elif closure.status == "done" and all(shown[i].repeat is not None for i in found):
                heard.extend(found)   # two repeating promises named alike, not one routine's times: which? asked
            else:
                tied = True
        if not reading.closures and not reading.commitments and not _new_time(text):
            # "okay, the laundry's in the dryer"; not "the passport renewal is November 3 instead" (a new time)
            stated = [i for i, desc in enumerate(descs) if naming.restates_done(text, desc)]
            if len(stated) == 1:
                refs.append(ClosedRef(index=stated[0] + 1, status=LoopStatus.DONE))
        if not refs and heard:   # "Do you mean …?", "Did that finish one of these"
            return refs, (list(dict.fromkeys(heard)), heard_status)
        if not refs and not tied and len(unnamed) == 1 and not reading.commitments:
            # "Got mom's meds, so that's sorted" for "pick up mom's prescription": what the closing means
            offered = self._offered(text, unnamed[0].reference, shown, lang)
            if offered:
                return refs, (offered, _closing_status(unnamed[0].status))
        return refs, None

    def _not_held_yet(self, clause: str, loop: OpenLoop) -> bool:
        """A Korean visit said as been to ("병원 다녀왔어") and an appointment by its clock time on a later day: it
        cannot have been held yet, so when it was named loosely ("병원" of "동물병원 예약") it is asked of, not closed
        (the caller's; "치과 갔다 왔어" of "치과" tomorrow at 9 is still closed, the fifty-sixth session's reading)."""
        if loop.due_ms is None or not re.search(r"다녀왔|갔다\s*왔|다녀 왔|갔다왔", clause):
            return False
        due = datetime.fromtimestamp(loop.due_ms / 1000, self.service.tz)
        return (due.hour, due.minute) != (23, 59) and due.date() > self.service.now_local().date()

    def _due_on_day_said(self, clause: str, found: Sequence[int], shown: Sequence[OpenLoop]) -> int | None:
        """Of the promises a closing's words name alike, the one due on the day its clause says; None when no day is
        said or not one alone is due then."""
        spans = time_spans(clause)
        if not spans or not clause.isascii():
            return None
        try:
            when = resolve_time(" ".join(clause[a:b] for a, b in spans), self.service.now_local())
        except ImpossibleTime:
            return None
        if when is None or not when.day_said:
            return None
        day = when.at.date()
        on = [i for i in found if shown[i].due_ms is not None
              and phrases.due_day(shown[i].due_ms, self.service.tz) == day]
        return on[0] if len(on) == 1 else None

    def _ask(self, loops: Sequence[OpenLoop], status: LoopStatus, session: str, lang: phrases.Lang) -> DeskReply:
        """A closing matched by meaning is a guess: it is asked ("Do you mean …?") and kept for the yes; one
        that may mean one of a few promises offers them by number ("Did that finish one of these: first, …")."""
        options = tuple(loop.id for loop in loops) if len(loops) > 1 else ()
        self._guesses[session] = Guess(loops[0].id, status, self.service.now_ms(), options)
        done = status is LoopStatus.DONE
        text = phrases.ask_which_meant(loops, done, lang) if options else phrases.ask_meant(loops[0], done, lang)
        return DeskReply(text, lang, intent="confirm")

    def pending_options(self, session: str = "default") -> list[OpenLoop]:
        """The open loops a closing offered by number and that wait for the user's pick (empty when none)."""
        guess = self._guesses.get(session)
        if guess is None:
            return []
        return [loop for loop in (self._open(loop_id) for loop_id in guess.options) if loop is not None]

    def _pick(self, guess: Guess, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """The answer to "Did that finish one of these: …?": a place ("the second one", "2번"), the words of
        one ("the VAT one"), or no. A bare yes asks for the number again. None: not an answer (the
        utterance is read as any other)."""
        waited = self.service.now_ms() - guess.at_ms
        if waited > LATE_ANSWER_SEC * 1000:
            return None
        every = closing_everything(clean(text))   # "cancel all of them", "mark them all done": these, not the agenda
        if (meaning.picks_all(text) or every is not None) and waited <= CONFIRM_SEC * 1000:   # "both", "둘 다"
            meant = guess if every is None else replace(guess, status=_closing_status(every.kind.removesuffix("_all")), fix="")
            options = guess.options
            if every is not None and every.keep:   # "cancel all of them except the email": the others
                offered = [loop for loop in map(self._any, options) if loop is not None]
                kept = _named_by_all(every.keep, offered)
                options = tuple(loop.id for i, loop in enumerate(offered) if i not in kept) if kept else ()
                if not options:
                    return DeskReply(phrases.left_as_it_was(lang), lang, intent="confirm")
            replies = [self._confirmed(replace(meant, loop_id=option), True, lang, session) for option in options]
            return functools.reduce(_joined, replies)
        if meaning.picks_none(text):   # "neither" (pass 32's low: to the model)
            return DeskReply(phrases.left_as_it_was(lang), lang, intent="confirm")
        if _KO_DONE_ASKED.search(clean(text)):
            return None     # "보수교육 신청했나?" to "어느 거요?" (the sixty-fifth session: closed it): asked, not picked
        answer = decision(text)
        place = meaning.picked(text, len(guess.options))
        if place is None and guess.fix and read_utterance(text, self.korean).closures:
            return None     # "I called Bob" to "Which one (to move)?" closes the call; it does not move it (pass 31)
        if place is None and answer is None and len(text.split()) <= 6 and not time_spans(text):
            descs = [self._any(loop_id) for loop_id in guess.options]
            named = naming.best_reference(text, [loop.desc if loop else "" for loop in descs])
            place = named if isinstance(named, int) else None
        if place is None and answer is None and (due := _due_named(text)):
            place = self._picked_by_due(guess, due)
            if place is None and waited <= CONFIRM_SEC * 1000:
                self._guesses[session] = guess   # "Monday", when none is due then: asked again, nothing moved
                return DeskReply(phrases.say_which(len(guess.options), lang), lang, intent="confirm")
        if place is not None:
            chosen = replace(guess, loop_id=guess.options[place])
            return self._confirmed(chosen, True, lang, session) if waited <= CONFIRM_SEC * 1000 else \
                self._too_late(chosen, True, lang)
        if answer is False:
            return DeskReply(phrases.left_as_it_was(lang), lang, intent="confirm")
        if answer is True and waited <= CONFIRM_SEC * 1000:   # "yes": which one is still unsaid
            self._guesses[session] = guess
            return DeskReply(phrases.say_which(len(guess.options), lang), lang, intent="confirm")
        return None

    def _ko_listed(self, name: str, session: str) -> OpenLoop | None:
        """"두 번째 거" of a move (the fifty-ninth session: "두 번째 거 미뤄 줘" went to SmolLM2) a moment after the
        agenda was read out: the one read at that place; None for any other words."""
        return self._listed_at(name, session) if _KO_PLACE_NAMED.fullmatch(name.strip()) else None

    def _listed_at(self, argument: str, session: str) -> OpenLoop | None:
        """"cancel the second one", "첫 번째 거 완료" a moment after the agenda was read out in this session: the
        open promise read at that place (pass 35's low: "I couldn't find the first on your agenda")."""
        listed = self._listed.get(session)
        if listed is None or self.service.now_ms() - listed[1] > LISTED_SEC * 1000:
            return None
        # "that one", "the one" name no place ("one" alone is the first of a choice, not of a list read out)
        ordinal = re.sub(r"\bone\b", "", re.sub(r"\bnumber\s+one\b", "number 1", argument.lower()))
        place = meaning.picked(ordinal, len(listed[0]))
        return self._open(listed[0][place]) if place is not None else None

    def _picked_by_due(self, guess: Guess, words: str) -> int | None:
        """"Friday", "the one on Friday", "금요일 거" (`_due_named`) to "Which one: call Bob, by tomorrow, or call
        Ann, by Friday?": the one option due then (pass 35's low: "Friday" was read as a move of the call in focus,
        "Call Ann is already by Friday; nothing changed.", and the cancel asked about was dropped)."""
        try:
            when = resolve_time(words, self.service.now_local(), due=True)
        except ImpossibleTime:
            return None
        if when is None:
            return None
        options = [self._any(loop_id) for loop_id in guess.options]
        due = [i for i, loop in enumerate(options) if loop is not None and due_is(loop.due_ms, when)]
        return due[0] if len(due) == 1 else None

    def pending_guess(self, session: str = "default") -> OpenLoop | None:
        """The open loop a closing by meaning asked about and that waits for the user's yes."""
        guess = self._guesses.get(session)
        return self._open(guess.loop_id) if guess is not None else None

    def _confirmed(self, guess: Guess, yes: bool, lang: phrases.Lang, session: str = "default") -> DeskReply:
        loop = self._open(guess.loop_id)
        if loop is None:              # closed or removed meanwhile (the HUD, expiry): never "left it"
            return DeskReply(phrases.closed_meanwhile(self._any(guess.loop_id), lang), lang, intent="confirm")
        if not yes:
            return DeskReply(phrases.left_as_it_was(lang), lang, intent="confirm")
        if guess.fix.startswith(DURING_FIX) and loop.due_ms is not None:   # "어느 출장 말씀이세요?": from that one's day
            day = phrases.due_day(loop.due_ms, self.service.tz)
            kept = self._answer(f"{day.year}년 {day.month}월 {day.day}일부터 {guess.fix.removeprefix(DURING_FIX)}",
                                session, lang)
            return kept or DeskReply(phrases.left_as_it_was(lang), lang, intent="confirm")
        if guess.fix.startswith(REMIND_FIX):   # "Which one: …?" to a reminder asked: that one reminded then
            reminded = self._remind_asked(f"remind me about {loop.desc} {guess.fix.removeprefix(REMIND_FIX)}", session, lang)
            return reminded or DeskReply(phrases.left_as_it_was(lang), lang, intent="confirm")
        if guess.fix and (shift := read_shift(clean(guess.fix))) is not None and loop.due_ms is not None:
            return self._shifted(loop, shift, None, session, lang, self.service.now_ms())
        if guess.fix:
            moved = self._move(loop, correction_time(guess.fix) or guess.fix, None, session, lang)
            return moved or DeskReply(phrases.left_as_it_was(lang), lang, intent="confirm")
        return self._closed(loop, guess.status, lang, "confirm")

    def _too_late(self, guess: Guess, yes: bool, lang: phrases.Lang) -> DeskReply:
        """A yes or no to the question, after its two minutes: nothing is closed, and the reply says so."""
        loop = self._open(guess.loop_id)
        if loop is None:
            return DeskReply(phrases.closed_meanwhile(self._any(guess.loop_id), lang), lang, intent="confirm")
        text = phrases.left_as_it_was(lang) if not yes else \
            phrases.moved_too_late(loop, lang) if guess.fix else phrases.answered_too_late(loop, lang)
        return DeskReply(text, lang, intent="confirm")

    def _offered(self, text: str, reference: str, loops: Sequence[OpenLoop], lang: phrases.Lang,
                 command: bool = False) -> list[int]:
        """The loop a closing means by the store's embedder when it is clearly ahead ([index],
        `meaning.clearly_meant`), else the few it may mean, to offer by number (`meaning.worth_asking`); one
        embedding of the closing serves both. Nothing when the closing's words name a loop already closed
        ("I paid the rent" said again) or report someone else's deed, nor offers for a report of the past ("I
        fixed the sink last week": a remark, `meaning.said_of_the_past`) unless the user asked to close
        something by name (`command`); no embedder: nothing (the text rules alone)."""
        if not loops or meaning.someone_else(text) or self._names_closed(reference):
            return []
        loops = loops[:MEANING_LOOPS]  # the newest (a prefix: the indices stay those of the caller's list)
        cosines = self.service.closing_cosines(meaning.closing_text(text, Closure("done", reference, text)), loops)
        found = meaning.clearly_meant(cosines)
        if found is not None:
            log.debug("openloop: %r closes %r by meaning (cosines %s)", text, loops[found].desc,
                      [round(c or 0.0, 3) for c in cosines])
            return [found]
        if not command and meaning.said_of_the_past(text):
            return []
        return meaning.worth_asking(cosines, lang)

    def _names_closed(self, reference: str) -> bool:
        """The closing's words name a loop closed already: it is said again, not said of another loop."""
        closed = [loop.desc for loop in self.service.recently_closed()]
        return bool(reference) and naming.best_reference(reference, closed) is not None

    def _net_terms(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"its net 30", "the invoice is due net 30" right after an invoice was sent (or kept to send): the payment kept,
        due that many days after the sending day (round 65: SmolLM2's "The invoice is due on the 30th of the month.").
        None when the words say no terms or no invoice was just talked of."""
        if lang != "en":
            return None
        if (days := terms_said(clean(text))) is None:
            return self._paid_on(text, session, lang)
        now_ms = self.service.now_ms()
        focus = self._recent_focus(session, now_ms)
        invoice = self._any(focus.loop_id) if focus is not None else None
        if invoice is None or not is_invoice(invoice.desc) or invoice.status not in (LoopStatus.OPEN, LoopStatus.DONE):
            kin = [loop for loop in [*self.service.recently_closed(), *self.service.agenda()]
                   if is_invoice(loop.desc) and loop.status in (LoopStatus.OPEN, LoopStatus.DONE)
                   and now_ms - (loop.closed_ms or loop.updated_ms) <= FOCUS_SEC * 1000]
            invoice = max(kin, key=lambda loop: (loop.closed_ms or loop.updated_ms)) if kin else None
        if invoice is None:
            return None
        return self._payment_kept(invoice, days, text, session, lang)

    def _paid_on(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"the bluebird invoice gets paid on january 6th right" with an invoice to Bluebird kept or sent: its payment kept
        due then (english64's left: the sending was moved to that day); None with no invoice to them."""
        if (said := paid_on(clean(text))) is None:
            return None
        who, when = said
        invoices = [loop for loop in [*self.service.agenda(), *self.service.recently_closed()]
                    if is_invoice(loop.desc) and loop.status in (LoopStatus.OPEN, LoopStatus.DONE)
                    and payment_desc(loop.desc) != "invoice payment"]
        found = payment_of(who, [payment_desc(loop.desc) for loop in invoices])
        if found is None:
            return None
        due_ms, _, _ = self._due(when, self.service.now_local(), lang)
        if due_ms is None:
            return None
        return self._payment_opened(payment_desc(invoices[found].desc), due_ms, text, session, lang)

    def _payment_opened(self, desc: str, due_ms: int, words: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """An invoice's payment kept due `due_ms` through the judgement (merged with one kept already), and said."""
        change = self.service.apply_judgement(Judgement(opened=(ProposedLoop(desc, due_ms, words),)), words,
                                              self.service.loops_for_judge(session), session)
        return self._reply(change, {}, set(), read_utterance(words, self.korean), lang, session)

    def _payment_kept(self, invoice: OpenLoop, days: int, words: str, session: str, lang: phrases.Lang) -> DeskReply:
        """The payment of an invoice, due `days` after it was sent (its closing day), or, not sent yet, after the day it
        is to be sent (its due, else today)."""
        tz = self.service.tz
        if invoice.status is LoopStatus.DONE and invoice.closed_ms is not None:
            sent = datetime.fromtimestamp(invoice.closed_ms / 1000, tz).date()
        else:
            sent = phrases.due_day(invoice.due_ms, tz) if invoice.due_ms is not None else self.service.now_local().date()
        due = datetime.combine(sent + timedelta(days=days), time(23, 59), tzinfo=tz)
        reply = self._payment_opened(payment_desc(invoice.desc), int(due.timestamp() * 1000), words, session, lang)
        return reply if reply is not None else DeskReply(f"That's already on your agenda: {payment_desc(invoice.desc)}.", lang)

    def _paid_after_sent(self, reply: DeskReply, session: str) -> DeskReply:
        """"i sent the invoice to acme this morning" with "… its net 30" said when it was kept: marked done, and its
        payment kept due 30 days from today (round 65: the terms were dropped)."""
        sent = [loop for loop in reply.change.closed if loop.status is LoopStatus.DONE and is_invoice(loop.desc)
                and terms_in(loop.evidence) is not None and not reply.change.opened]
        if reply.lang != "en" or len(sent) != 1:
            return reply
        paid = self._payment_kept(sent[0], terms_in(sent[0].evidence) or 0, sent[0].evidence or "", session, "en")
        if not paid.change.opened:
            return reply
        change = replace(reply.change, opened=paid.change.opened)
        return replace(reply, text=f"{reply.text} {paid.text}", change=change)

    def _kept_again(self, focus: Focus | None, words: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """A time said for the promise in focus that expired unfinished ("어제 엄마한테 전화하는 거 깜빡했어", told it
        closed, then "오늘 저녁에 할게"; the sixty-third session: "이미 목록에서 지워져 있어요"): kept anew at that time,
        as the seed keeps an expired promise said again with a due."""
        loop = self._any(focus.loop_id) if focus is not None else None
        if loop is None or loop.status is not LoopStatus.EXPIRED:
            return None
        return self._keep_anew(loop, words, session, lang)

    def _keep_anew(self, loop: OpenLoop, words: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """An expired promise kept again at the time `words` say; None when they say none."""
        due_ms, _, _ = self._due(words, self.service.now_local(), lang)
        if due_ms is None:
            return None
        shown = self.service.loops_for_judge(session)
        change = self.service.apply_judgement(Judgement(opened=(ProposedLoop(loop.desc, due_ms, words),)), words, shown,
                                              session)
        return self._reply(change, {}, set(), read_utterance(words, self.korean), lang, session)

    def _told_closed(self, focus: Focus | None, lang: phrases.Lang) -> DeskReply | None:
        """The promise in focus when it was closed since it was said ("I called Bob", or its ✓ in the HUD), so a
        move of it is answered "It's already marked done" (pass 32: it went to the model, which moved nothing)."""
        loop = self._any(focus.loop_id) if focus is not None else None
        if loop is None or loop.is_open:
            return None
        return DeskReply(phrases.closed_meanwhile(loop, lang), lang, intent="correct")
