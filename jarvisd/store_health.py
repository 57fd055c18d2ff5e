"""Memory's store failing while the daemon runs (its table's folder removed or damaged under it, a disk
gone): one rule for every caller, so a turn is still answered and the HUD's status says memory failed.

Before (pass 24's low, and worse than it read): with the table's folder removed, `/remember` answered a
JSON 500, every later turn failed in its recall without an answer, and `/api/status` still said "memory ok".
Now a turn goes on without memory, `/remember` answers with what failed and what to do, and the status part
"memory" turns "failing" until a write reaches the table again. Records already in the store's write
journal are written to the table at the next start (`lance_buffer.WriteBuffer.replay_orphans`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext

from jarvisd.errors import first_line
from jarvisd.events import Event, StatusChanged

log = logging.getLogger("jarvisd.memory")

RECOVERY = ("restart jarvisd; records already in memory's write journal are written to its table then "
            "(`jarvisd doctor` checks the table)")


class MemoryStoreFailed(RuntimeError):
    """A memory operation failed in its store; the message is for the user."""


class StoreHealth:
    """Whether memory's store works, as its callers found it; announced as the status part "memory"."""

    def __init__(self, publish: Callable[[Event], None] | None = None) -> None:
        self.publish = publish
        self.failing: str | None = None  # the last failure's sentence while it lasts
        # what to do; a table found damaged at start has its own (pass 26: "restart jarvisd" was said, which
        # does not help then)
        self.recovery = RECOVERY
        # acknowledged writes left in a killed store's journal that this start could not write to the table
        # (`unreplayed_sentence`): no flush since proves them there, so "works again" never hides them
        self.held_back: str | None = None
        # the store's count of writes that reached the disk (`LanceMemoryStore.writes_done`), when it keeps one: a
        # block that wrote nothing proves nothing (pass 61a: `/remember reembed` with nothing to embed, on a disk
        # still full, announced "ok: works again"; the next write said "failing" again)
        self.writes_done: Callable[[], int | None] = lambda: None

    @contextmanager
    def guard(self, what: str, *, proves: bool = False) -> Iterator[None]:
        """Run a store operation: a failure becomes `MemoryStoreFailed`; `proves` (a flush that reached the
        table) ends a failing state. A read is not proof: the resident copy answers with the table gone."""
        before = self.writes_done() if proves and self.failing is not None else None
        try:
            yield
        except MemoryStoreFailed:
            raise
        except Exception as exc:
            raise self.failed(what, exc) from exc
        if proves and (before is None or self.writes_done() != before):
            self.works()

    def failed(self, what: str, exc: BaseException) -> MemoryStoreFailed:
        sentence = f"memory failed in {what} ({type(exc).__name__}: {first_line(exc)}); {self.recovery}"
        if self.failing is None:  # once per failing spell, not once per turn
            log.error("%s", sentence, exc_info=exc)
            self._announce("failing", sentence)
        else:
            log.error("%s", sentence)
        self.failing = sentence
        return MemoryStoreFailed(sentence)

    def works(self) -> None:
        if self.failing is not None:
            self.failing = None
            log.info("memory: its store works again")
            if self.held_back is None:
                self._announce("ok", "works again")
            else:
                self._announce("damaged", self.held_back)

    def _announce(self, state: str, detail: str) -> None:
        if self.publish is not None:
            self.publish(StatusChanged("memory", state, detail))


def guard(memory: object, what: str, *, proves: bool = False) -> AbstractContextManager[None]:
    """`memory.health.guard(...)`; a memory without one (a duck-typed stand-in): failures pass as they are."""
    health = getattr(memory, "health", None)
    return health.guard(what, proves=proves) if health is not None else nullcontext()


def _journals(store: object, attribute: str) -> tuple[list[tuple[object, str]], str, bool]:
    """The store's journals of that kind as (path, why) pairs, named in one line, and whether there are several."""
    found = list(getattr(store, attribute, ()) or ())
    return found, "; ".join(f"{path} ({why})" for path, why in found), len(found) > 1


def unreplayed_sentence(store: object) -> str | None:
    """What the status says when a start could not write a killed store's journal to the table (pass 38b:
    with the disk full at start, a fact "Remembered" before the kill was in no recall while `/api/status`
    said "memory ok: 0 items at start"). None when every journal was replayed (or the store has none)."""
    failed, names, many = _journals(store, "unreplayed_journals")
    if not failed:
        return None
    return (f"{len(failed)} write journal{'s' if many else ''} of a stopped jarvisd could not be written to the "
            f"table at start: {names}. The writes acknowledged in {'them' if many else 'it'} are kept there but "
            f"are not in memory's answers; fix the cause (for a full disk, free space) and restart jarvisd, "
            f"which writes {'them' if many else 'it'} to the table then")


def damaged_sentence(store: object) -> str | None:
    """What the status says when a start replayed a killed store's journal that was damaged (pass 57: a journal with
    a BOM put in front or a byte inserted lost the "Remembered" facts in it while `/api/status` said "memory ok: 1
    item at start"). None when no journal was damaged."""
    damaged, names, many = _journals(store, "damaged_journals")
    if not damaged:
        return None
    return (f"{len(damaged)} write journal{'s' if many else ''} of a stopped jarvisd {'were' if many else 'was'} "
            f"damaged on disk: {names}. Facts and turns acknowledged before the stop may be missing from memory; "
            "the copy holds them as written (say them again to keep them)")
