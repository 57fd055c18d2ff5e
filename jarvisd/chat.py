"""`jarvisd chat`: a text conversation in the terminal with the same assistant the daemon runs
(memory, AGENDA judge, tools). Slash commands work as in the HUD; /quit or Ctrl-D leaves. A tool call
that needs the user's approval asks on the terminal: `Approve send_mail(to: Sam)? [y/N]`; without a
terminal, or without an answer in `tools.approval_timeout_sec`, it is refused."""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any, TextIO

from jarvisd.approval_words import decision
from jarvisd.approvals import ApprovalDesk, ApprovalRequested
from jarvisd.assistant import build_assistant
from jarvisd.config import Config
from jarvisd.manifest import ModelStore
from jarvisd.textsafe import MAX_TURN_CHARS
from jarvisd.turn_gate import TurnGate


async def run_chat(cfg: Config, store: ModelStore, once: str | None = None, session: str = "chat", *,
                   backends: Any = None, stdin: TextIO | None = None) -> int:
    """`backends` and `stdin` (where approvals are asked; sys.stdin) are for tests."""
    assistant = await asyncio.to_thread(build_assistant, cfg, store, backends=backends)
    for note in assistant.backends.notes:
        print(f"[{note}]", file=sys.stderr)
    pending = [once] if once is not None else None
    gate = TurnGate()
    reminders = None if once is not None else _start_reminders(cfg, assistant, gate)
    asking = None
    if assistant.approvals is not None:
        asking = asyncio.create_task(ask_on_terminal(assistant.bus, assistant.approvals, stdin or sys.stdin))
        await asyncio.sleep(0)  # subscribed before the first turn can ask
    try:
        while True:
            if pending is not None:
                if not pending:  # a script can tell a turn the model failed (pass 24: exit 0 either way)
                    return 1 if assistant.failed_turns else 0
                text = pending.pop(0)
            else:
                try:
                    text = await asyncio.to_thread(input, "you> ")
                except EOFError:
                    print()
                    return 0
            if text.strip() in ("/quit", "/exit"):
                return 0
            if len(text) > MAX_TURN_CHARS:  # as the HUD: a 200,000-character paste embedded for minutes
                print(f"[that is {len(text)} characters; a turn takes at most {MAX_TURN_CHARS}: send it in parts]")
                continue
            gate.turn_started(session)   # a reminder due meanwhile waits for the answer's end
            try:
                async for piece in assistant.turn(text, session=session):
                    print(piece, end="", flush=True)
                print()
            finally:
                gate.turn_ended(session)
    finally:
        if asking is not None:
            asking.cancel()
        if reminders is not None:
            await reminders.stop(consolidate=False)
        await assistant.close()


def _start_reminders(cfg: Config, assistant: Any, gate: TurnGate) -> Any:
    """The agenda's reminders, timers and alarms, printed while the chat is open, as `jarvisd run` speaks them (the
    sixty-first session: "remind me in 1 minute to stretch" answered "I'll remind you" and nothing came while the
    chat owned the agenda, only the daemon reminded). The expiry sweep runs too; no reflection or consolidation."""
    from jarvisd.reflect.scheduler import DaemonScheduler

    async def say(text: str, lang: str) -> None:
        print("".join(f"\n[reminder] {line}" for line in text.splitlines()), flush=True)

    # every reminder due together printed, a line each: "… And 49 more reminders: see the HUD." had no HUD beside the
    # chat to see them on, and they were recorded as said (pass 62b)
    scheduler = DaemonScheduler.for_assistant(cfg, assistant, speak=say, gate=gate, said_together=None)
    scheduler.start()
    return scheduler


async def ask_on_terminal(bus: Any, desk: ApprovalDesk, stdin: TextIO) -> None:
    """Each approval request as `Approve <tool>(<summary>)? [y/N]`: y (or yes, 응, 네...) approves, any
    other line refuses. Without a terminal it is refused at once; no answer before the desk's timeout
    is the desk's refusal. Runs until cancelled."""
    sub = bus.subscribe(maxsize=64, lossy=True)
    try:
        async for event in sub:
            if not isinstance(event, ApprovalRequested) or desk.get(event.id) is None:
                continue
            if not stdin.isatty():
                print(f"\n[{event.tool}({event.summary}) needs your approval and there is no terminal to ask: "
                      "refused]", flush=True)
                desk.decide(event.id, False, "chat")
                continue
            print(f"\nApprove {event.tool}({event.summary})? [y/N] ", end="", flush=True)
            line = await _line_or_decided(stdin, desk, event.id)
            if line is None:
                print(f"\n[no answer in {event.timeout_sec:g} s: {event.tool} refused]", flush=True)
                continue
            answer = line.strip()
            desk.decide(event.id, answer.casefold() == "y" or decision(answer) is True, "chat")
    finally:
        sub.close()


async def _line_or_decided(stdin: TextIO, desk: ApprovalDesk, request_id: str) -> str | None:
    """A line typed on the terminal, or None when the request ends first (timeout, or decided elsewhere).
    Reads the descriptor only when it has a line, so a timed-out prompt leaves nothing reading stdin."""
    pending = desk.get(request_id)
    if pending is None:
        return None
    loop = asyncio.get_running_loop()
    line: asyncio.Future[str] = loop.create_future()
    fd = stdin.fileno()

    def readable() -> None:
        if not line.done():
            line.set_result(os.read(fd, 4096).decode(errors="replace"))

    loop.add_reader(fd, readable)
    try:
        await asyncio.wait({line, pending.decided}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        loop.remove_reader(fd)
    return line.result() if line.done() and not pending.decided.done() else None
