"""JARVIS assembled: model backends, memory, the AGENDA and its judge, the agent loop, on one event bus.

Every surface (voice, `jarvisd chat`, the HUD text box, `jarvisd listen`) sends its turns through
`Assistant.turn`, so they share one memory, one agenda and one transcript.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from jarvisd.agent.feature_hooks import AgendaJudgeHook, MemoryHooks
from jarvisd.agent.jarvis import build_jarvis
from jarvisd.agent.loop import Agent, AnswerDelta, TurnEnded
from jarvisd.config import Config
from jarvisd.events import AgendaChanged, EventBus, TranscriptLine
from jarvisd.llm.base import BackendError
from jarvisd.llm.select import Backends, select_backends
from jarvisd.manifest import ModelStore
from jarvisd.memory.cli import open_service
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.openloop.judge import AgendaJudge
from jarvisd.openloop.service import OpenLoopService

log = logging.getLogger("jarvisd.assistant")

SlashHandler = Callable[[str, MemoryScope], Any]


@dataclass
class Assistant:
    cfg: Config
    backends: Backends
    memory: MemoryService
    agenda: OpenLoopService
    judge: AgendaJudge
    agent: Agent
    bus: EventBus
    slash: SlashHandler | None = None  # the slash-command registry's dispatcher
    busy_sessions: set[str] = field(default_factory=set)

    def scope(self, session: str = "default") -> MemoryScope:
        return MemoryScope(user=self.cfg.general.user, agent=self.agent.name, session=session)

    async def turn(self, text: str, session: str = "default", lang: str = "") -> AsyncIterator[str]:
        """One user turn: yields the answer's text as it is written. Slash commands answer directly."""
        text = text.strip()
        if not text:
            return
        scope = self.scope(session)
        await self.bus.publish(TranscriptLine(role="user", text=text, session=session, lang=lang))
        self.busy_sessions.add(session)
        answer: list[str] = []
        try:
            if text.startswith("/") and self.slash is not None:
                reply = self.slash(text, scope)
                reply = await reply if asyncio.iscoroutine(reply) else reply
                answer.append(str(reply))
                yield str(reply)
                return
            try:
                async for event in self.agent.stream_turn(text, scope=scope):
                    if isinstance(event, AnswerDelta):
                        answer.append(event.text)
                        yield event.text
                    elif isinstance(event, TurnEnded):
                        log.debug("turn ended: %s", event.result.stop_reason)
            except BackendError as exc:
                log.error("turn failed: %s", exc)
                message = f"Sorry, my model failed: {exc}"
                answer.append(message)
                yield message
        finally:
            self.busy_sessions.discard(session)
            if answer:
                await self.bus.publish(TranscriptLine(role="assistant", text="".join(answer).strip(),
                                                      session=session, lang=lang))

    async def answer(self, text: str, session: str = "default") -> str:
        return "".join([piece async for piece in self.turn(text, session)])

    async def close(self) -> None:
        """Let running judgements finish, then close the stores (their writes are durable per record)."""
        await self.judge.drain()
        for store in (self.memory.store, self.agenda.store):
            close = getattr(store, "close", None)
            if close is not None:
                await asyncio.to_thread(close)


def build_assistant(cfg: Config, store: ModelStore, *, backends: Backends | None = None,
                    bus: EventBus | None = None, memory: MemoryService | None = None,
                    agenda: OpenLoopService | None = None) -> Assistant:
    """Blocking (loads models, opens stores): call from a worker thread in async code."""
    backends = backends or select_backends(cfg, store)
    bus = bus or EventBus()
    memory = memory or open_service(cfg, backends.embedder)
    for warning in memory.warnings:
        log.warning("memory: %s", warning)
    agenda = agenda or OpenLoopService.from_config(cfg, backends.embedder)

    def agenda_changed(change: Any) -> Any:
        return bus.publish(AgendaChanged(reason=f"judge:{getattr(change, 'session', '')}"))

    judge = AgendaJudge(backends.thought, agenda, on_agenda_changed=agenda_changed,
                        timeout_sec=cfg.llm.timeout_sec)
    agent = build_jarvis(cfg, backends.chat, hooks=[MemoryHooks(memory), AgendaJudgeHook(judge)])
    return Assistant(cfg=cfg, backends=backends, memory=memory, agenda=agenda, judge=judge, agent=agent, bus=bus)
