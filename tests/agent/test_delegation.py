"""A10: JARVIS delegates to a research sub-agent with a budget and waits for it."""

import asyncio

from jarvisd.agent import Agent, Tool, ToolRegistry, chat_profile
from jarvisd.agent.delegation import ResearchDesk
from jarvisd.agent.profiles import research_profile, tool_rules_text
from jarvisd.llm.scripted import ScriptedChatModel
from tests.agent.scenario_kit import answer, call, tool_round


def setup(gate: asyncio.Event, seen_scopes: list):
    async def search_web(ctx, args):
        seen_scopes.append(ctx.scope)
        await gate.wait()
        return {"items": [f"result for {args['q']}"]}

    def open_gate(ctx, args):
        gate.set()
        return "opened"

    registry = ToolRegistry([Tool("search_web", "", search_web, {"type": "object"}),
                             Tool("open_gate", "", open_gate),
                             Tool("send_mail", "", lambda ctx, args: "sent", {"type": "object"})],
                            approval_required=["send_mail"])
    researcher = ScriptedChatModel([tool_round(call("search_web", q="Q3 revenue")),
                                    answer("Q3 revenue was 4.2M (search_web).")])
    desk = ResearchDesk(researcher, registry)
    desk.register(registry)
    return registry, desk, researcher


async def test_delegated_research_runs_as_a_task_and_repeated_waits_are_never_blocked():
    gate, scopes = asyncio.Event(), []
    registry, desk, researcher = setup(gate, scopes)
    wait0 = call("wait_research", task_id="research-1", timeout_sec=0)
    jarvis = ScriptedChatModel([
        tool_round(call("delegate_research", question="What was Q3 revenue?", budget=3)),
        tool_round(wait0), tool_round(wait0), tool_round(wait0),
        tool_round(call("open_gate")),
        tool_round(call("wait_research", task_id="research-1", timeout_sec=5)),
        answer("Q3 revenue was 4.2 million.")])
    scope = object()
    result = await Agent(jarvis, registry, chat_profile()).run_turn("what was Q3 revenue?", scope=scope)
    statuses = [o.status for r in result.rounds for o in r.outcomes]
    assert statuses == ["ok"] * 6
    waits = [r.outcomes[0].value for r in result.rounds[1:4]]
    assert all(w["status"] == "running" for w in waits)
    done = result.rounds[5].outcomes[0].value
    assert done["status"] == "done" and "4.2M" in done["report"] and done["stop_reason"] == "answered"
    assert scopes == [scope]  # the researcher inherited the caller's scope
    system_prompt = researcher.calls[0][0][0].content
    assert system_prompt.endswith(tool_rules_text(research_profile(3).policy))
    assert "You have 3 tool calls in total." in system_prompt


async def test_the_researcher_gets_no_approval_required_or_delegation_tools():
    registry, desk, _ = setup(asyncio.Event(), [])
    researcher = desk.researcher(4)
    assert sorted(researcher.tools.names()) == ["open_gate", "search_web"]
    assert researcher.profile.policy.tool_budget == 4 and researcher.profile.policy.repeat_rule == "whole_run"
    assert registry.get("wait_research").exempt_from_repeat_checks
    assert not registry.get("delegate_research").exempt_from_repeat_checks


async def test_research_still_running_when_the_turn_ends_is_cancelled():
    gate, scopes = asyncio.Event(), []
    registry, desk, _ = setup(gate, scopes)
    jarvis = ScriptedChatModel([tool_round(call("delegate_research", question="slow question")),
                                answer("I started looking into it.")])
    agent = Agent(jarvis, registry, chat_profile())
    tasks_seen: list[asyncio.Task] = []

    class Spy:
        async def __call__(self, ctx, args):
            tasks_seen.extend(ctx.background)
            return "spied"

    registry.register(Tool("spy", "", Spy()))
    jarvis._answers.insert(1, tool_round(call("spy")))
    await agent.run_turn("look into it")
    await asyncio.sleep(0)
    assert len(tasks_seen) == 1 and tasks_seen[0].cancelled()


async def test_waiting_for_an_unknown_task_tells_the_model_which_exist():
    registry, desk, _ = setup(asyncio.Event(), [])
    jarvis = ScriptedChatModel([tool_round(call("wait_research", task_id="research-99")), answer("no")])
    result = await Agent(jarvis, registry, chat_profile()).run_turn("x")
    outcome = result.rounds[0].outcomes[0]
    assert outcome.status == "failed" and "no research task 'research-99'" in outcome.text


async def test_the_researcher_works_in_the_delegated_scope_and_its_report_is_remembered():
    """Seed 003: a delegated session takes its user from caller_scope; the delegation record stays in
    the delegator's scope (source `delegation`), so a research report is not forgotten."""
    from jarvisd.agent.feature_hooks import MemoryHooks
    from jarvisd.memory.scope import MemoryScope
    from jarvisd.memory.service import MemoryService
    from jarvisd.memory.stores.memory import InMemoryStore
    from jarvisd.memory.testing import HashedNgramEmbedder

    gate, scopes = asyncio.Event(), []
    gate.set()
    registry, desk, _ = setup(gate, scopes)
    memory = MemoryService(InMemoryStore(dimensions=64), embedder=HashedNgramEmbedder(64))
    jarvis = ScriptedChatModel([
        tool_round(call("delegate_research", question="What was Q3 revenue?", budget=3)),
        tool_round(call("wait_research", task_id="research-1", timeout_sec=5)),
        answer("Q3 revenue was 4.2 million.")])
    caller = MemoryScope("u1", "main", "s1")
    await Agent(jarvis, registry, chat_profile(), hooks=[MemoryHooks(memory)]).run_turn("Q3 revenue?", scope=caller)

    (seen,) = scopes
    assert (seen.user, seen.agent, seen.session) == ("u1", "research", "s1:research-1")
    records = [i for i in memory.store._items.values() if i.source == "delegation"]  # type: ignore[attr-defined]
    assert len(records) == 1 and records[0].agent == "main" and records[0].session == "s1"
    assert "What was Q3 revenue?" in records[0].content and "4.2M" in records[0].content
