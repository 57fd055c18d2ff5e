"""When consolidation runs: the daemon's idle tick and shutdown call one entry point that never raises.

`consolidate_all` repeats `consolidate` passes for one (user, agent) until no pending episode is left
or a pass makes no progress (every remaining batch failed extraction: those wait for the next tick).
`memory_consolidator` adapts it to the reflection ticks' `consolidate(busy_sessions)` hook: the store
and the embedder are blocking, so the passes run in a worker thread while the model calls run on the
daemon's loop; the conversation's reply path is never held up. With `drafts_dir` (the daemon's
`<data dir>/procedures`, where `/procedures approve` looks), procedure candidates become drafts there.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path

from jarvisd.llm.base import ChatModel
from jarvisd.memory.consolidation import Extractor, consolidate
from jarvisd.memory.extract import llm_extractor
from jarvisd.memory.scope import MemoryScope

log = logging.getLogger(__name__)

MAX_PASSES = 20
CONSOLIDATION_SESSION = "consolidation"


@dataclass
class ConsolidationRun:
    """What one idle or shutdown run did (for the log and the tests)."""

    passes: int = 0
    episodes: int = 0  # episodes marked consolidated
    facts: int = 0
    procedure_candidates: list[str] = field(default_factory=list)
    procedure_drafts: list[Path] = field(default_factory=list)
    deferred: dict[str, str] = field(default_factory=dict)  # session -> why it waits for the next run
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error and not self.deferred


def consolidate_all(
    service: object,
    user: str,
    agent: str,
    extractor: Extractor,
    *,
    skip_sessions: Collection[str] = (),
    max_passes: int = MAX_PASSES,
    drafts_dir: Path | None = None,
) -> ConsolidationRun:
    """Consolidate every pending batch of the agent's sessions. Never raises: a failure is logged and
    reported in `ConsolidationRun.error` / `.deferred`; what was stored before it stays stored."""
    run = ConsolidationRun()
    scope = MemoryScope(user, agent, CONSOLIDATION_SESSION)
    skipped = set(skip_sessions)
    try:
        while run.passes < max_passes:
            report = consolidate(service, scope, extractor, skip_sessions=skipped, drafts_dir=drafts_dir)
            run.passes += 1
            run.episodes += report.consolidated
            run.facts += len(report.facts)
            run.procedure_candidates = report.procedure_candidates
            run.procedure_drafts += report.procedure_drafts
            run.deferred.update(report.failed)
            for session in report.failed:
                skipped.add(session)  # retried on the next run, not in a loop now
            if report.episodes == 0 or report.consolidated == 0:
                break
    except OSError as exc:   # a full disk (pass 61a: the stop's run under it logged a whole traceback)
        log.error("consolidation for %s/%s stopped: a write failed (%s: %s); what it had not consolidated stays "
                  "pending for the next run", user, agent, type(exc).__name__, exc)
        run.error = f"{type(exc).__name__}: {exc}"
    except Exception as exc:  # noqa: BLE001 - the idle tick and shutdown must go on
        log.exception("consolidation for %s/%s stopped", user, agent)
        run.error = f"{type(exc).__name__}: {exc}"
    if run.episodes or run.deferred:
        log.info("consolidation %s/%s: %d episodes, %d facts, %d procedure drafts, %d sessions deferred",
                 user, agent, run.episodes, run.facts, len(run.procedure_drafts), len(run.deferred))
    return run


def memory_consolidator(
    service: object, user: str, agent: str, model: ChatModel, *, drafts_dir: Path | None = None
) -> Callable[[frozenset[str]], Awaitable[ConsolidationRun]]:
    """The `consolidate(busy_sessions)` hook of `PeriodicJobs` (idle tick and shutdown)."""

    async def run(busy: frozenset[str]) -> ConsolidationRun:
        extractor = llm_extractor(model, loop=asyncio.get_running_loop())
        return await asyncio.to_thread(consolidate_all, service, user, agent, extractor, skip_sessions=busy,
                                       drafts_dir=drafts_dir)

    return run
