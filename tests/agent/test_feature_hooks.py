"""Memory and AGENDA judge plugged into the loop as hooks."""

from jarvisd.agent import Agent, Tool, ToolRegistry, chat_profile
from jarvisd.agent.feature_hooks import MemoryHooks
from jarvisd.llm.base import Message
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.memory import InMemoryStore
from tests.agent.scenario_kit import answer, call, tool_round


class FakeContext:
    window = [Message("user", "earlier question"), Message("assistant", "earlier answer")]

    def prompt_block(self):
        return "[장기 기억]\n- the user lives in Busan"


class FakeMemory:
    def __init__(self):
        self.recorded = []
        self.reinforced = []

    def observe(self, scope, utterance):
        return FakeContext()

    def record_turn(self, scope, messages):
        self.recorded.append((scope, [m.role for m in messages]))

    def reinforce(self, scope, context, answer):
        self.reinforced.append((scope, answer))


async def test_memory_hooks_shape_the_prompt_and_record_the_turn_without_system_notes():
    memory = FakeMemory()
    model = ScriptedChatModel([tool_round(call("echo", x=1)), answer("Busan it is.")])
    tools = ToolRegistry([Tool("echo", "", lambda ctx, args: args, {"type": "object"})])
    scope = MemoryScope("u1", "main", "s1")
    result = await Agent(model, tools, chat_profile(), hooks=[MemoryHooks(memory)]).run_turn("where do I live?",
                                                                                          scope=scope)
    sent = model.calls[0][0]
    assert sent[0].role == "system" and sent[0].content.endswith("- the user lives in Busan")
    assert [m.content for m in sent[1:]] == ["earlier question", "earlier answer", "where do I live?"]
    assert memory.recorded == [(scope, ["user", "assistant", "tool", "assistant"])]
    assert memory.reinforced == [(scope, "Busan it is.")]
    assert result.turn_messages[0].content == "where do I live?"


async def test_memory_hooks_with_the_real_memory_service_carry_the_window_into_the_next_turn():
    service = MemoryService(InMemoryStore())
    scope = MemoryScope("u1", "main", "s1")
    model = ScriptedChatModel([answer("Noted: the trip is on Friday."), answer("On Friday.")])
    agent = Agent(model, ToolRegistry(), chat_profile(), hooks=[MemoryHooks(service)])
    await agent.run_turn("my Busan trip is on Friday", scope=scope)
    await agent.run_turn("when is the trip?", scope=scope)
    second_prompt = [m.content for m in model.calls[1][0][1:]]
    assert second_prompt == ["my Busan trip is on Friday", "Noted: the trip is on Friday.", "when is the trip?"]


async def test_a_turn_whose_session_is_forgotten_while_it_runs_is_not_kept(tmp_path):
    """Pass 29's low: `POST /api/sessions/x/forget` 1.5 s into a story in x answered "deleted", and when the story
    ended x was listed again with the story's question. Here the forget comes from a tool, mid-turn."""
    from jarvisd.memory.stores.lance import LanceMemoryStore

    service = MemoryService(LanceMemoryStore(str(tmp_path / "memory.lance"), dimensions=None))
    scope, other = MemoryScope("u1", "main", "x"), MemoryScope("u1", "main", "y")
    model = ScriptedChatModel([answer("First."), tool_round(call("forget", x=1)), answer("A long story."),
                               answer("Kept.")])
    tools = ToolRegistry([Tool("forget", "", lambda ctx, args: service.forget_session(scope), {"type": "object"})])
    agent = Agent(model, tools, chat_profile(), hooks=[MemoryHooks(service)])
    await agent.run_turn("hello", scope=scope)
    assert [s.session for s in service.recent_sessions(scope)] == ["x"]
    await agent.run_turn("tell me a long story", scope=scope)
    assert service.recent_sessions(scope) == []
    await agent.run_turn("and this one?", scope=other)     # other sessions are kept as before
    assert [s.session for s in service.recent_sessions(scope)] == ["y"]
