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
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

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


def is_command(text: str) -> bool:
    return text.lstrip().startswith("/") and len(text.strip()) > 1


def command_name(text: str) -> str:
    """`/openloop done 1a2b` -> `openloop`."""
    if not is_command(text):
        raise NotACommand(text)
    return text.strip()[1:].split(maxsplit=1)[0].lower()


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
        try:
            reply = command.handler(text.strip(), context or CommandContext())
            if inspect.isawaitable(reply):
                reply = await reply
        except LookupError as exc:
            return f"/{name}: {exc.args[0] if exc.args else exc}"
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

