"""One slash-command registry: registration, dispatch, /help, and /openloop on the real agenda service."""

from __future__ import annotations

import asyncio
from zoneinfo import ZoneInfo

import pytest

from jarvisd import commands
from jarvisd.commands import (
    CommandContext,
    CommandRegistry,
    DuplicateCommand,
    NotACommand,
    command_name,
    is_command,
    register_builtin,
)
from jarvisd.events import AgendaChanged, EventBus
from jarvisd.openloop.model import LoopStatus
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore


@pytest.fixture
def registry() -> CommandRegistry:
    return register_builtin(CommandRegistry())


@pytest.fixture
def agenda(tmp_path) -> OpenLoopService:
    return OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=ZoneInfo("Asia/Seoul"))


def test_only_text_starting_with_a_slash_is_a_command():
    assert is_command("/help") and is_command("  /openloop done 1a2b")
    assert not is_command("hello /help") and not is_command("/") and not is_command("")
    assert command_name("/OpenLoop done 1a2b") == "openloop"
    with pytest.raises(NotACommand):
        command_name("what is on my agenda?")


async def test_a_registered_command_gets_the_whole_line_and_the_context(registry):
    seen = []
    registry.register("remember", lambda text, ctx: seen.append((text, ctx.session)) or "noted",
                      "remember something")
    reply = await registry.run("/remember reembed", CommandContext(session="s1"))
    assert reply == "noted"
    assert seen == [("/remember reembed", "s1")]


async def test_async_handlers_are_awaited(registry):
    async def compact(text: str, ctx: CommandContext) -> str:
        await asyncio.sleep(0)
        return "compacted"

    registry.register("/compact", compact, "compact the conversation")
    assert await registry.run("/compact", CommandContext()) == "compacted"


async def test_help_lists_every_command_with_its_line(registry):
    registry.register("patterns", lambda text, ctx: "", "show learned task patterns")
    help_text = await registry.run("/help")
    assert help_text.splitlines()[0].startswith("/help")
    assert any(line.startswith("/patterns") and "task patterns" in line for line in help_text.splitlines())
    assert "/openloop" in help_text


async def test_an_unknown_command_points_to_help(registry):
    assert await registry.run("/nosuch thing") == "unknown command /nosuch; /help lists the commands"


def test_a_name_cannot_be_registered_twice_unless_replaced(registry):
    with pytest.raises(DuplicateCommand):
        registry.register("openloop", lambda text, ctx: "", "again")
    registry.register("openloop", lambda text, ctx: "mine", "replaced", replace=True)
    assert "replaced" in registry.help_text()
    with pytest.raises(ValueError):
        registry.register("two words", lambda text, ctx: "", "bad")


async def test_a_missing_service_is_a_reply_not_a_crash(registry):
    registry.register("patterns", lambda text, ctx: ctx.service("patterns").show(), "patterns")
    assert await registry.run("/patterns") == "/patterns: the 'patterns' service is not running here"
    assert "not running" in await registry.run("/openloop")  # no agenda in the context


async def test_openloop_lists_and_closes_through_the_service_which_announces_it(registry, agenda):
    loop = agenda.add("send the quarterly report")
    bus = EventBus()
    sub = bus.subscribe()
    agenda.publish = bus.publish_nowait  # as the daemon assembles it
    context = CommandContext(agenda=agenda, bus=bus, source="hud")
    assert loop.id[:8] in await registry.run("/openloop", context)
    reply = await registry.run(f"/openloop done {loop.id[:8]}", context)
    assert reply.startswith("✓") and agenda.find(loop.id).status is LoopStatus.DONE
    event = sub.queue.get_nowait()
    assert isinstance(event, AgendaChanged) and event.reason == "done"
    assert [closed.id for closed in event.change.closed] == [loop.id]
    assert (await registry.run("/openloop dismiss nosuchid", context)).startswith("no loop")
    assert sub.queue.empty()


def test_there_is_no_process_wide_registry_the_assistant_assembles_its_own():
    from jarvisd.assistant import assistant_commands

    assert not hasattr(commands, "registry"), "commands are registered at assembly, never at import time"
    first, second = assistant_commands(), assistant_commands()
    assert {"help", "openloop", "remember", "forget", "patterns"} <= set(first.names())
    first.register("extra", lambda _t, _c: "x", "an extra command")
    assert "extra" not in second.names()
