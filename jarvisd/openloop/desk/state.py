"""What the desk keeps between turns (the promise in focus, a guess or a clearing waiting for a yes, the list read
out last) and the look-ups every room shares; the reply a room gives."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from jarvisd.openloop import (
    phrases,
)
from jarvisd.openloop.agenda_asked import (
    clock_named,
)
from jarvisd.openloop.desk.words import _promises_named
from jarvisd.openloop.model import AgendaChange, LoopStatus, OpenLoop

log = logging.getLogger(__name__)

CaptureMode = Literal["rules", "model"]


FOCUS_SEC = 600          # a correction ("no, Thursday") applies to a promise captured this recently


SNOOZE_WINDOW_SEC = 1800  # "remind me again in 10 minutes" applies to a reminder spoken this recently


SNOOZE_MAX_MIN = 24 * 60  # a snooze longer than a day is a new due, not a snooze


PAST_GRACE_MS = 60_000   # a due this far in the past is "already passed", not a slip of the clock


LISTED_SEC = 300         # "cancel the second one" refers to the agenda read out this long ago at most


CONFIRM_SEC = 120        # a guess by meaning waits this long for the user's yes or no


LATE_ANSWER_SEC = 1800   # a yes or no after that (nothing said between) is told it came too late


LastReminder = Callable[[], "tuple[str, int] | None"]


@dataclass(frozen=True)
class DeskReply:
    text: str
    lang: phrases.Lang
    final: bool = True   # the whole answer; False: said first, then the agent answers the rest (a question)
    change: AgendaChange = field(default_factory=AgendaChange)
    intent: str = "capture"


@dataclass
class Focus:
    """The promise this session just talked about: a correction or a snooze applies to it."""

    loop_id: str
    at_ms: int
    remind: bool = False  # the user asked to be reminded of it ("remind me to ..."), maybe without a time


@dataclass(frozen=True)
class Clearing:
    """A closing of several promises at once, asked and applied only on the user's yes: the whole agenda ("clear my
    agenda") or every promise of one deed ("cancel all my calls"). `day`: every promise of one day ("cancel everything
    tomorrow"), where a repeating one is skipped that once, not ended."""

    loop_ids: tuple[str, ...]
    status: LoopStatus
    at_ms: int
    whole: bool = True
    day: bool = False


@dataclass(frozen=True)
class Guess:
    """A closing matched by meaning, not by words: asked, and applied only on the user's yes, or on the
    pick of one of a few offered (`options`, loop ids in the order said)."""

    loop_id: str
    status: LoopStatus
    at_ms: int
    options: tuple[str, ...] = ()
    fix: str = ""       # a correction's words: the pick moves that promise instead of closing it (pass 25)


# a `Guess.fix` that is a reminder asked of one of a few ("remind me about the field trip tomorrow morning" with two
# deeds for the trip): the time words follow it, and the pick is reminded then, its due left as it is
REMIND_FIX = "\x00remind "
# a `Guess.fix` that is a routine asked for "출장 기간 동안" with two trips or flights kept (korean69): the words follow
# it, and the pick keeps them from that one's day
DURING_FIX = "\x00during "


@dataclass
class Fix:
    """A correction said after the rest of the utterance, and whether the promise it names was new in it."""

    words: str
    applied: bool = False


def _joined(first: DeskReply | None, second: DeskReply | None) -> DeskReply | None:
    """The answers to the two parts of one utterance, said one after the other."""
    if first is None or second is None:
        return first or second
    return DeskReply(f"{first.text} {second.text}", first.lang, final=first.final and second.final,
                     change=first.change + second.change, intent=first.intent)


class DeskBase:
    """The state the rooms share (set in `AgendaDesk.__init__`) and the look-ups they all use."""

    def _tie(self, other: OpenLoop, days: int) -> None:
        """A relative due read from `other` in this turn (`AgendaDesk._tied` keeps the link, after68)."""
        ties = getattr(self._tying, "ties", None)
        if ties is not None and other.repeat is None:
            ties.append((other.id, days))

    def _before_anchor(self, words: str) -> OpenLoop | None:
        """The open promise with a due that "the trip" / "my flight" names: the one named, else, for a trip, the one
        flight ("what's left before the trip?" of "flight to Denver"); None when none or several."""
        loop = self._one_named(words)
        if loop is None and re.fullmatch(r"trip|journey|vacation|holiday|holidays|travel", words):
            flights = [loop for loop in self._open_to_do() if re.match(r"(?:flight|train|ferry)\b", loop.desc, re.IGNORECASE)]
            loop = flights[0] if len(flights) == 1 else None
        return loop if loop is not None and loop.due_ms is not None else None

    def _late_for(self, words: str) -> OpenLoop | None:
        """The open promise "the 10 o'clock" (the one due then) or "the design team meeting" names, or None."""
        if (clock := clock_named(words)) is not None:
            at = self._due_at(clock)
            return at[0] if len(at) == 1 else None
        return self._one_named(words)

    def _one_named(self, words: str) -> OpenLoop | None:
        """The one open promise `words` name ("the call", "밥 전화"), or None when they name none or several."""
        loops = self.service.agenda()
        hits = _promises_named(words, [loop.desc for loop in loops])
        return loops[hits[0]] if len(set(hits)) == 1 else None

    def _one_in_focus(self, session: str, now_ms: int) -> OpenLoop | None:
        """The open promise "그거" means in a question: the newest of the one reminded, captured, moved or asked
        of (`_correction_focus`) and the one agenda answer just read out alone."""
        candidates = []
        if (focus := self._correction_focus(session, now_ms)) is not None:
            candidates.append((focus.at_ms, 0, focus.loop_id))
        listed = self._listed.get(session)
        if listed is not None and len(listed[0]) == 1 and now_ms - listed[1] <= LISTED_SEC * 1000:
            candidates.append((listed[1], 1, listed[0][0]))   # read out in the same moment: the one read out
        return self._open(max(candidates)[2]) if candidates else None

    def _any(self, loop_id: str | None) -> OpenLoop | None:
        if loop_id is None:
            return None
        try:
            return self.service.find(loop_id)
        except LookupError:
            return None

    def _remember(self, session: str, loop: OpenLoop, now_ms: int, remind: bool = False) -> None:
        with self._lock:
            self._focus[session] = Focus(loop.id, now_ms, remind or loop.remind_ms is not None)

    def _recent_focus(self, session: str, now_ms: int) -> Focus | None:
        with self._lock:
            focus = self._focus.get(session)
        return focus if focus is not None and now_ms - focus.at_ms <= FOCUS_SEC * 1000 else None

    def _in_focus(self, session: str, with_captured: bool = True) -> list[tuple[int, str]]:
        """(said at ms, loop id) of the promises "it", "done" and "snooze" can mean, most likely first: the one
        reminded out loud within the snooze window, then (`with_captured`) the one captured in this session
        within the focus window. The one owner of that rule for closing, a deed done and a snooze."""
        now_ms = self.service.now_ms()
        candidates = []
        if (spoken := self.last_reminder()) is not None and now_ms - spoken[1] <= SNOOZE_WINDOW_SEC * 1000:
            candidates.append((spoken[1], spoken[0]))
        if with_captured and (focus := self._recent_focus(session, now_ms)) is not None:
            candidates.append((focus.at_ms, focus.loop_id))
        return candidates

    def _correction_focus(self, session: str, now_ms: int) -> Focus | None:
        """The promise a correction with no name moves: the one a reminder was spoken of since the promise in
        focus was said ("Reminder: call Ann." then "no, make it 10am"; pass 28: the milk said before it moved),
        else the one in focus."""
        focus = self._recent_focus(session, now_ms)
        spoken = self.last_reminder()
        if spoken is not None and now_ms - spoken[1] <= FOCUS_SEC * 1000 \
                and (focus is None or spoken[1] > focus.at_ms):
            return Focus(spoken[0], spoken[1], remind=True)
        return focus

    def _open(self, loop_id: str | None) -> OpenLoop | None:
        loop = self._any(loop_id)
        return loop if loop is not None and loop.is_open else None
