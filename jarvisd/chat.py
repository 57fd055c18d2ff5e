"""`jarvisd chat`: a text conversation in the terminal with the daemon's model."""

from __future__ import annotations

import asyncio
import sys

from jarvisd.config import Config
from jarvisd.llm.base import BackendError, Message
from jarvisd.llm.select import select_backends
from jarvisd.manifest import ModelStore

SYSTEM_PROMPT = ("You are JARVIS, a helpful voice assistant on the user's desktop. Answer briefly, "
                 "in the language the user speaks.")
HELP = "/help  this help\n/quit  leave (or Ctrl-D)"


async def run_chat(cfg: Config, store: ModelStore, once: str | None = None) -> int:
    backends = await asyncio.to_thread(select_backends, cfg, store)
    for note in backends.notes:
        print(f"[{note}]", file=sys.stderr)
    history: list[Message] = []
    lines = [once] if once is not None else None
    while True:
        if lines is not None:
            if not lines:
                return 0
            text = lines.pop(0)
        else:
            try:
                text = await asyncio.to_thread(input, "you> ")
            except EOFError:
                return 0
        text = text.strip()
        if not text:
            continue
        if text in ("/quit", "/exit"):
            return 0
        if text == "/help":
            print(HELP)
            continue
        history.append(Message("user", text))
        window = [Message("system", SYSTEM_PROMPT), *history[-2 * cfg.memory.stm_turns:]]
        answer: list[str] = []
        try:
            async for chunk in backends.chat.stream(window):
                answer.append(chunk.text)
                print(chunk.text, end="", flush=True)
        except BackendError as exc:
            print(f"\n[error: {exc}]", file=sys.stderr)
            history.pop()
            if once is not None:
                return 1
            continue
        print()
        history.append(Message("assistant", "".join(answer)))
