"""The approval desk (MISSION A2): the one owner of "may JARVIS run this tool call?".

A tool in `tools.approval_required` (or a team definition's `approval_required`) runs only when the user
says yes. The agent's approver (`desk.approve`) asks the desk; the desk publishes `ApprovalRequested`
(id, tool, a short summary of the arguments, the session, the question) and waits for a decision up
to `tools.approval_timeout_sec`; no answer in time is a refusal, and the model gets the refusal as for
any denied call. Decisions come from every surface through `decide` (HUD card, `jarvisd chat`'s
terminal prompt) or `answer` (a voice or text turn that is nothing but "yes"/"응" or "no"/"아니",
`approval_words.decision`). When the request ends, however it ends, `ApprovalResolved` says how.

    desk = ApprovalDesk(bus, timeout_sec=30)
    agent = build_jarvis(cfg, model, approver=desk.approve)
    ...
    desk.answer("yes", session="voice")      # "Okay." - the waiting call runs
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, ClassVar

from jarvisd.agent.hooks import PreparedCall
from jarvisd.agent.loop import APPROVING_TURN
from jarvisd.approval_words import decision
from jarvisd.events import Event, EventBus
from jarvisd.language import language_of

log = logging.getLogger("jarvisd.approvals")
SUMMARY_CHARS = 120
VALUE_CHARS = 40


@dataclass(frozen=True)
class ApprovalRequested(Event):
    kept: ClassVar[bool] = True
    id: str
    tool: str
    summary: str  # "to: Sam, subject: Lunch"
    session: str
    question: str  # what is said aloud: "Should I run send mail (to: Sam, subject: Lunch)?"
    timeout_sec: float
    lang: str = "en"


@dataclass(frozen=True)
class ApprovalResolved(Event):
    kept: ClassVar[bool] = True
    id: str
    tool: str
    session: str
    approved: bool
    by: str  # "turn" (a voice or typed yes/no) | "hud" | "chat" | "timeout" | "cancelled" (the turn ended first)


@dataclass
class PendingApproval:
    id: str
    tool: str
    summary: str
    session: str
    question: str
    lang: str
    asked_at: float
    timeout_sec: float
    decided: asyncio.Future[tuple[bool, str]] = field(repr=False)

    def view(self) -> dict[str, Any]:
        """What the HUD shows (GET /api/approvals)."""
        return {"id": self.id, "tool": self.tool, "summary": self.summary, "session": self.session,
                "question": self.question, "asked_at": self.asked_at, "timeout_sec": self.timeout_sec}


def summarize_arguments(arguments: Any) -> str:
    """A short human summary of a call's arguments: "to: Sam, subject: Lunch" (values cut at 40
    characters, the whole at 120)."""
    if not isinstance(arguments, dict):
        return "" if arguments in (None, "") else _short(arguments, SUMMARY_CHARS)
    parts = [f"{key}: {_short(value, VALUE_CHARS)}" for key, value in arguments.items() if value not in (None, "", [], {})]
    return _short(", ".join(parts), SUMMARY_CHARS)


def _short(value: Any, limit: int) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def _korean(text: str) -> bool:
    return language_of(text, hangul_weight=1) == "ko"   # its Hangul at least match its Latin letters


def question_for(tool: str, summary: str, lang: str) -> str:
    """The question said aloud. It holds no yes/no words on purpose: while it is spoken (and while the
    turn waits) the voice pipeline drops an utterance made of words the speaker said as an echo, so a
    question that said "say yes or no" would make the user's "yes" look like its own echo."""
    spoken = tool.replace("_", " ")
    if lang == "ko":
        return f"{spoken} ({summary}) 실행할까요?" if summary else f"{spoken} 실행할까요?"
    return f"Should I run {spoken} ({summary})?" if summary else f"Should I run {spoken}?"


class ApprovalDesk:
    """Pending approval requests of every session; one per daemon (or `jarvisd chat`)."""

    def __init__(self, bus: EventBus, timeout_sec: float = 30.0) -> None:
        self.bus = bus
        self.timeout_sec = float(timeout_sec)
        self._pending: dict[str, PendingApproval] = {}
        self._ids = itertools.count(1)

    # --- the agent's side --------------------------------------------------------------------------
    async def approve(self, call: PreparedCall) -> bool:
        """The agent's approver (`Agent(approver=desk.approve)`): the session and the language come from
        the turn that made the call."""
        turn = APPROVING_TURN.get()
        scope = getattr(turn, "scope", None)
        session = str(getattr(scope, "session", "") or "default")
        lang = "ko" if turn is not None and _korean(turn.user_text) else "en"
        return await self.request(call.name, call.arguments, session=session, lang=lang)

    async def request(self, tool: str, arguments: Any = None, *, session: str = "default", lang: str = "en") -> bool:
        """Ask, wait for a decision up to the timeout; True only for an explicit yes."""
        summary = summarize_arguments(arguments)
        request_id = f"a{next(self._ids)}-{int(time.time() * 1000) % 100000:05d}"
        pending = PendingApproval(id=request_id, tool=tool, summary=summary, session=session,
                                  question=question_for(tool, summary, lang), lang=lang, asked_at=time.time(),
                                  timeout_sec=self.timeout_sec,
                                  decided=asyncio.get_running_loop().create_future())
        self._pending[request_id] = pending
        log.info("approval %s: %s(%s) waits for the user (session %s, %g s)", request_id, tool, summary, session,
                 self.timeout_sec)
        approved, by = False, "cancelled"
        try:
            await self.bus.publish(ApprovalRequested(id=request_id, tool=tool, summary=summary, session=session,
                                                     question=pending.question, timeout_sec=self.timeout_sec,
                                                     lang=lang))
            try:
                approved, by = await asyncio.wait_for(asyncio.shield(pending.decided), self.timeout_sec)
            except TimeoutError:
                # a decision acknowledged after the timeout fired but before this woke counts (pass 29: the HUD
                # was answered "approved" and the call was refused as timed out)
                approved, by = pending.decided.result() if pending.decided.done() else (False, "timeout")
            return approved
        finally:
            self._pending.pop(request_id, None)
            if not pending.decided.done():
                pending.decided.set_result((approved, by))
            log.info("approval %s: %s %s (%s)", request_id, tool, "approved" if approved else "refused", by)
            self.bus.publish_nowait(ApprovalResolved(id=request_id, tool=tool, session=session, approved=approved,
                                                     by=by))

    # --- the user's side ---------------------------------------------------------------------------
    def pending(self, session: str | None = None) -> list[PendingApproval]:
        """Waiting requests, oldest first (of one session when given). One decided already is not waiting,
        though its request has not woken to take it off yet (pass 29: a spoken "no" in the instant after the
        HUD's Approve was told "Okay, I won't run send_mail." and the call ran; a "yes" for the one still
        waiting went to the one just refused, which then timed out)."""
        return [p for p in self._pending.values()
                if not p.decided.done() and (session is None or p.session == session)]

    def get(self, request_id: str) -> PendingApproval | None:
        return self._pending.get(request_id)

    def decide(self, request_id: str, approved: bool, by: str) -> PendingApproval | None:
        """Approve or refuse a waiting request; None when there is none with this id (decided already,
        timed out, or never asked)."""
        pending = self._pending.get(request_id)
        if pending is None or pending.decided.done():
            return None
        pending.decided.set_result((bool(approved), by))
        return pending

    def target(self, text: str, session: str) -> tuple[PendingApproval, bool] | None:
        """The request a yes/no utterance in `session` answers, and the answer; None when nothing waits
        or the text is no answer. Its own session's oldest request first, else the oldest of any session
        (one user: a "yes" spoken while the HUD's card waits approves it)."""
        waiting = self.pending(session) or self.pending()
        if not waiting:
            return None
        answer = decision(text)
        return None if answer is None else (waiting[0], answer)

    def answer(self, text: str, session: str, by: str = "turn") -> str | None:
        """Decide from a turn's words; the short reply, or None (not an answer: a turn of its own)."""
        found = self.target(text, session)
        if found is None:
            return None
        pending, approved = found
        if self.decide(pending.id, approved, by) is None:  # not reached: `target` offers only waiting ones
            return None
        if pending.lang == "ko":
            return "네, 실행할게요." if approved else "알겠어요, 실행하지 않을게요."
        return f"Okay, running {pending.tool}." if approved else f"Okay, I won't run {pending.tool}."


# --- wiring for the daemon (duck-typed: no voice or assistant import here) ------------------------------

def connect_voice(voice: Any, assistant: Any, session: str) -> None:
    """Let the voice answer a waiting approval: an utterance that is only a yes or a no goes through
    `assistant.turn` (transcript, reply) and starts no turn of its own, so the turn that asked goes on;
    and while a request waits, talking over the question does not cancel that turn."""
    desk: ApprovalDesk | None = getattr(assistant, "approvals", None)
    if desk is None:
        return

    async def answers(text: str, lang: str) -> bool:
        if desk.target(text, session) is None:
            return False
        async for _ in assistant.turn(text, session=session, lang=lang):
            pass
        return True

    voice.answers = answers
    voice.awaiting = lambda: bool(desk.pending())


async def say_questions(bus: EventBus, desk: ApprovalDesk, say: Any) -> None:
    """Say each approval question out loud when it is asked (`say(text, lang)`, the daemon's speech
    path); one still waiting only. Runs until cancelled."""
    sub = bus.subscribe(maxsize=64, lossy=True)
    speaking: set[asyncio.Task[Any]] = set()
    try:
        async for event in sub:
            if isinstance(event, ApprovalRequested) and desk.get(event.id) is not None:
                task = asyncio.create_task(say(event.question, event.lang), name=f"ask-{event.id}")
                speaking.add(task)
                task.add_done_callback(speaking.discard)
    finally:
        sub.close()
        for task in speaking:
            task.cancel()
