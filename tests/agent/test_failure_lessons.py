"""Failure reflection (M14): a turn the guard stops, or whose tool calls only fail, leaves a task-pattern
draft saying what went wrong and what to do instead; /procedures approve makes it a task pattern."""

from __future__ import annotations

from jarvisd.agent import Agent, Tool, ToolRegistry, chat_profile
from jarvisd.agent.failure_lessons import FailureLessons
from jarvisd.commands import CommandContext, CommandRegistry
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.memory.commands import PROCEDURES_DIR, register_memory_commands
from jarvisd.memory.procedure_drafts import list_drafts, read_draft
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.memory import InMemoryStore
from jarvisd.memory.testing import HashedNgramEmbedder
from tests.agent.scenario_kit import answer, call, tool_round


def broken(ctx, args):
    raise RuntimeError("the notes folder is not mounted")


def agent_with(tmp_path, script, tools: list[Tool]) -> Agent:
    registry = ToolRegistry()
    for tool in tools:
        registry.register(tool)
    hooks = [FailureLessons(tmp_path / PROCEDURES_DIR, agent="main")]
    return Agent(ScriptedChatModel(script), registry, chat_profile(), hooks, name="main")


async def test_a_turn_whose_calls_all_fail_leaves_a_draft_that_says_why(tmp_path):
    notes = Tool("search_notes", "search notes", broken, {"type": "object"})
    script = [tool_round(call("search_notes", q=f"budget {i}")) for i in range(5)] + [answer("I could not read them.")]
    result = await agent_with(tmp_path, script, [notes]).run_turn("find my budget notes please")
    assert result.stop_reason == "failures"
    (slug,) = list_drafts(tmp_path / PROCEDURES_DIR)
    draft = read_draft(tmp_path / PROCEDURES_DIR, slug)
    assert slug == "pattern-search-notes-failures"
    assert "not mounted" in draft.lesson and "stop retrying" in draft.pattern.steps
    assert "budget" in draft.pattern.keywords and "find my budget notes" in draft.pattern.when


async def test_a_blocked_repeat_leaves_a_draft_and_approval_makes_it_a_pattern(tmp_path):
    echo = Tool("lookup", "look up", lambda ctx, args: {"found": []}, {"type": "object"})
    script = [tool_round(call("lookup", x=1)), tool_round(call("lookup", x=1)), tool_round(call("lookup", x=1)),
              answer("Nothing found.")]
    await agent_with(tmp_path, script, [echo]).run_turn("look up the invoice number")
    assert list_drafts(tmp_path / PROCEDURES_DIR) == ["pattern-lookup-consecutive-repeat"]

    memory = MemoryService(InMemoryStore(dimensions=64), embedder=HashedNgramEmbedder(64))
    services = {"memory": memory, "scope_for": lambda session: MemoryScope("u1", "main", session),
                "data_dir": tmp_path, "thought_model": ScriptedChatModel([])}
    registry = register_memory_commands(CommandRegistry())
    reply = await registry.run("/procedures approve pattern-lookup-consecutive-repeat",
                               CommandContext(session="s1", services=services))
    assert reply.startswith("approved") and list_drafts(tmp_path / PROCEDURES_DIR) == []


async def test_a_turn_that_went_well_leaves_nothing(tmp_path):
    echo = Tool("lookup", "look up", lambda ctx, args: {"found": [1]}, {"type": "object"})
    await agent_with(tmp_path, [tool_round(call("lookup", x=1)), answer("Found it.")], [echo]).run_turn("look it up")
    assert list_drafts(tmp_path / PROCEDURES_DIR) == []
