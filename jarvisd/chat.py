"""`jarvisd chat`: a text conversation in the terminal with the same assistant the daemon runs
(memory, AGENDA judge, tools). Slash commands work as in the HUD; /quit or Ctrl-D leaves."""

from __future__ import annotations

import asyncio
import sys

from jarvisd.assistant import build_assistant
from jarvisd.config import Config
from jarvisd.hud.openapi import MAX_TURN_CHARS
from jarvisd.manifest import ModelStore


async def run_chat(cfg: Config, store: ModelStore, once: str | None = None, session: str = "chat") -> int:
    assistant = await asyncio.to_thread(build_assistant, cfg, store)
    for note in assistant.backends.notes:
        print(f"[{note}]", file=sys.stderr)
    pending = [once] if once is not None else None
    try:
        while True:
            if pending is not None:
                if not pending:
                    return 0
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
            async for piece in assistant.turn(text, session=session):
                print(piece, end="", flush=True)
            print()
    finally:
        await assistant.close()
