"""Slash commands: one registry shared by voice and text turns, the HUD input, `jarvisd chat` and the CLI.

A command is a name, a handler and one line of help. The handler gets the whole command line
(`/openloop done 1a2b3c4d`) and a `CommandContext` holding the services it may use, and returns the reply
text (or an awaitable of it). Parts register their own commands:

    registry.register("openloop", handle, "show and close open loops: /openloop [done|dismiss <id>]")
    reply = await registry.run("/openloop", CommandContext(agenda=service, source="hud"))
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import unicodedata
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from jarvisd.errors import first_line
from jarvisd.store_health import MemoryStoreFailed

log = logging.getLogger(__name__)

Reply = str | Awaitable[str]
Handler = Callable[[str, "CommandContext"], Reply]


class NotACommand(ValueError):
    """The text does not start with '/'; it is a turn for the agent."""


class DuplicateCommand(ValueError):
    pass


@dataclass(frozen=True)
class CommandContext:
    """What a command may touch. `services` carries parts this module does not know by name
    (memory, patterns, procedures...): `context.service("memory")`."""

    agenda: Any = None            # OpenLoopService
    bus: Any = None               # EventBus (the agenda announces its own changes; commands need not)
    session: str = "default"
    source: str = "text"          # "hud" | "voice" | "chat" | "cli" | "tray"
    services: Mapping[str, Any] = field(default_factory=dict)

    def service(self, name: str) -> Any:
        try:
            return self.services[name]
        except KeyError:
            raise LookupError(f"the {name!r} service is not running here") from None


@dataclass(frozen=True)
class Command:
    name: str
    handler: Handler
    help: str


def _invisible(ch: str) -> bool:
    """A format character (zero-width space and joiner, BOM, direction marks) or a control (a NUL): a paste
    or an IME puts them in front of or inside a word, where nobody sees them (pass 39: "/remember\x00 y"
    answered "unknown command /remember\x00" with the NUL in the reply)."""
    return unicodedata.category(ch) in ("Cf", "Cc")


def command_line(text: str) -> str | None:
    """The text as a command line (`/name rest`), or None when it is a turn for the agent.

    Written the way people type it, not only in ASCII: a fullwidth slash and name from an East Asian
    IME (`／ｒｅｍｅｍｂｅｒ`), a zero-width space or joiner a paste left in front of or inside the name.
    Before, `／remember x` and `\u200b/remember x` went to the model as a chat turn (nothing was
    remembered, and nothing said so) and `/ＨＥＬＰ` was "unknown command". The name is compared in NFKC,
    lower case, without format characters; what follows it is kept as typed."""
    start = 0
    while start < len(text) and (text[start].isspace() or _invisible(text[start])):
        start += 1
    if start == len(text) or unicodedata.normalize("NFKC", text[start]) != "/":
        return None
    rest = text[start + 1:].strip()
    parts = rest.split(maxsplit=1)
    if not parts:
        return None
    head, tail = parts[0], parts[1] if len(parts) > 1 else ""
    name = "".join(ch for ch in unicodedata.normalize("NFKC", head) if not _invisible(ch)).lower()
    if not name:
        return None
    return f"/{name} {tail}".rstrip()


def is_command(text: str) -> bool:
    return command_line(text) is not None


def command_name(text: str) -> str:
    """`/openloop done 1a2b` -> `openloop`."""
    line = command_line(text)
    if line is None:
        raise NotACommand(text)
    return line[1:].split(maxsplit=1)[0]


class CommandRegistry:
    def __init__(self) -> None:
        self._commands: dict[str, Command] = {}
        self.register("help", lambda _text, _ctx: self.help_text(), "list the commands")

    def register(self, name: str, handler: Handler, help: str, *, replace: bool = False) -> None:
        key = name.strip().lstrip("/").lower()
        if not key or any(ch.isspace() for ch in key):
            raise ValueError(f"a command name is one word: {name!r}")
        if key in self._commands and not replace:
            raise DuplicateCommand(f"/{key} is already registered")
        self._commands[key] = Command(key, handler, help.strip())

    def names(self) -> list[str]:
        return sorted(self._commands)

    def __contains__(self, name: str) -> bool:
        return name.lstrip("/").lower() in self._commands

    def help_text(self) -> str:
        width = max(len(name) for name in self._commands) + 1
        return "\n".join(f"/{cmd.name:<{width}} {cmd.help}" for cmd in sorted(self._commands.values(),
                                                                                key=lambda c: c.name))

    async def run(self, text: str, context: CommandContext | None = None) -> str:
        """The reply to one command line. Unknown commands answer with a pointer to /help;
        a handler's error becomes the reply instead of breaking the turn."""
        name = command_name(text)
        command = self._commands.get(name)
        if command is None:
            return f"unknown command /{name}; /help lists the commands"
        line = command_line(text) or text.strip()  # `/name rest`: handlers read one spelling
        try:
            reply = command.handler(line, context or CommandContext())
            if inspect.isawaitable(reply):
                reply = await reply
        except LookupError as exc:
            return f"/{name}: {exc.args[0] if exc.args else exc}"
        except MemoryStoreFailed as exc:  # already a sentence for the user (`store_health`)
            return f"/{name}: {exc}"
        except Exception as exc:
            # any other error is the command's reply too (pass 60a: `/compact` on a full disk, its read of the session's
            # turns flushing memory's pending writes first, was a JSON 500 "internal_error" naming a Rust source file)
            log.exception("command /%s failed", name)
            return f"/{name} failed ({type(exc).__name__}: {first_line(exc)}); the daemon's log has the details"
        return str(reply)


async def _openloop(text: str, context: CommandContext) -> str:
    from jarvisd.openloop.replies import handle_openloop_command

    if context.agenda is None:
        raise LookupError("the agenda is not running here")
    # in a worker thread: reading the agenda closes the expired loops (a save each) and `done` saves
    # (an fsync, or a LanceDB commit); a change is announced by the agenda service
    return await asyncio.to_thread(handle_openloop_command, context.agenda, text)


def register_builtin(registry: CommandRegistry) -> CommandRegistry:
    """The commands this module owns; other parts register theirs at wiring time."""
    registry.register("openloop", _openloop,
                      "show open loops; /openloop done <id> | /openloop dismiss <id> (8-char prefix is enough)")
    return registry

