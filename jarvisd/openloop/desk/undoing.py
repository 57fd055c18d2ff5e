""""Undo that", "put it back", "actually I didn't": the session's last change taken back."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import date

from jarvisd.openloop import (
    naming,
    phrases,
)
from jarvisd.openloop.corrections import (
    deed_named,
)
from jarvisd.openloop.desk.state import DeskBase, DeskReply
from jarvisd.openloop.intents import (
    clean,
)
from jarvisd.openloop.model import AgendaChange, LoopStatus, OpenLoop
from jarvisd.openloop.service import LoopNotFound, ReviveRefused, skipped_days
from jarvisd.openloop.undo import UNDO_SEC, undo_said
from jarvisd.textsafe import plain_words

log = logging.getLogger(__name__)

class Undoing(DeskBase):
    """"Undo that", "put it back", "actually I didn't": the session's last change taken back."""

    def _undo(self, text: str, session: str) -> DeskReply | None:
        """"Undo that", "put it back", "actually I didn't", "되돌려 줘": the session's last change taken back within
        UNDO_SEC (what it closed reopened, what it added taken off); None when the words are no undo, or a question
        waits for its answer (a "not yet" answers it)."""
        if session in self._guesses or session in self._clearing:
            return None
        said = undo_said(clean(plain_words(text)))
        if said is None:
            return None
        lang = self._lang(text)
        if said.named:   # "reopen the call to Bob": among the recently closed, by its words
            closed = self.service.recently_closed()
            named = naming.best_reference(said.named, [loop.desc for loop in closed])
            if not isinstance(named, int):
                return None
            try:
                reopened = self.service.revive(closed[named].id)
            except (LoopNotFound, ReviveRefused):
                return None
            self._remember(session, reopened, self.service.now_ms())
            return DeskReply(phrases.undone([reopened], [], lang), lang, change=AgendaChange(opened=(reopened,)),
                             intent="undo")
        with self._lock:
            last = self._undoable.get(session)
        if last is None or self.service.now_ms() - last.at_ms > UNDO_SEC * 1000:
            # just started: a change may have been made before the restart, which this desk never saw (pass 48b's low:
            # "I haven't changed anything in the last ten minutes" 20 s after "I fed the cat" and a restart)
            fresh = last is None and self.service.now_ms() - self._started_ms < UNDO_SEC * 1000
            return None if said.denial else DeskReply(phrases.nothing_to_undo(lang, fresh), lang, intent="undo")
        closed = [loop for loop in last.change.closed if not said.denial or loop.status == LoopStatus.DONE]
        if said.deed:   # "I didn't call him": only the closing of that deed ("I didn't email Ann" after "I called Bob": none)
            descs = [loop.desc for loop in closed]
            named = naming.best_reference(said.deed, descs)
            hits = ({named} if isinstance(named, int) else set(named or ())) | set(deed_named(said.deed, descs))
            closed = [loop for i, loop in enumerate(closed) if i in hits]
        added = [] if said.denial else list(last.change.opened)
        if said.denial and not closed:
            return None
        moved = [] if said.denial or said.deed else list(last.change.before)
        if not closed and not added and not moved:
            return DeskReply(phrases.nothing_to_undo(lang), lang, intent="undo")
        reopened, removed = [], []
        with self.service.one_write():   # each change taken back, or none (a full disk: not half, "nothing changed")
            restored, unmuted, reminded, series = self._times_back(moved)
            for loop in closed:
                try:
                    reopened.append(self.service.revive(loop.id))
                except (LoopNotFound, ReviveRefused):
                    continue
            for loop in added:
                if (still := self._open(loop.id)) is not None:
                    removed.append(self.service.dismiss(still.id))
        with self._lock:
            self._undoable.pop(session, None)
        series_back = [loop for loop, _ in series]
        if reopened or restored or unmuted or reminded or series_back:
            self._remember(session, (reopened or restored or unmuted or reminded or series_back)[-1],
                           self.service.now_ms())
        now = self.service.now_local()
        text = phrases.undone(reopened, removed, lang) if reopened or removed else ""
        moved_back = phrases.moved_back(restored[:phrases.SPOKEN_ITEMS], now, self.service.tz, lang)
        text = " ".join(part for part in (text, moved_back,
                                          phrases.more_moved_back(len(restored) - phrases.SPOKEN_ITEMS, lang),
                                          *(phrases.unmuted(loop, lang) for loop in unmuted),
                                          *(phrases.reminder_back(loop, now, self.service.tz, lang) for loop in reminded),
                                          *(phrases.series_back(loop, days, now, self.service.tz, lang)
                                            for loop, days in series))
                        if part) \
            or phrases.undone([], [], lang)
        return DeskReply(text, lang, change=AgendaChange(opened=tuple(reopened), closed=tuple(removed),
                                                         updated=(*restored, *unmuted, *reminded, *series_back)),
                         intent="undo")

    def _times_back(self, moved: Sequence[OpenLoop]
                    ) -> tuple[list[OpenLoop], list[OpenLoop], list[OpenLoop], list[tuple[OpenLoop, list[date]]]]:
        """The loops a move or a mute changed, set back as they were (`moved`: before the change): (those whose due
        came back, those whose reminders came back on, those whose own reminder time came back). "Make it 5pm", then
        "undo that": back to 3 PM (the forty-third session: "I can't undo a new time"); "remind me the day before",
        then "undo that": that reminder off, said so (the sixtieth session: "OK, moved back: pay the water bill, by
        Monday", of a due that never moved)."""
        restored, unmuted, reminded, series = [], [], [], []
        for before in moved:
            now_as = self._open(before.id)
            back = self.service.restore_times(before)
            if back is None or back == now_as:
                continue
            same_due = now_as is not None and now_as.due_ms == back.due_ms
            if same_due and (now_as.skips, now_as.until) != (back.skips, back.until) \
                    and (now_as.remind_ms, now_as.muted_ms) == (back.remind_ms, back.muted_ms):
                # a day off or an end taken back: the due never moved
                series.append((back, sorted(skipped_days(now_as.skips) - skipped_days(back.skips))))
            elif same_due and now_as.muted_ms is not None and back.muted_ms is None:
                unmuted.append(back)
            elif same_due and now_as.remind_ms != back.remind_ms and now_as.muted_ms == back.muted_ms:
                reminded.append(back)
            else:
                restored.append(back)
        return restored, unmuted, reminded, series
