"""The one loop: hook order, streaming, bad tool input, approval, failures, wrap-up, cancellation."""

import asyncio

from jarvisd.agent import (
    Agent,
    AgentHooks,
    AnswerDelta,
    Rejection,
    Stop,
    Tool,
    ToolFailure,
    ToolRegistry,
    TurnEnded,
    chat_profile,
    research_profile,
)
from jarvisd.llm.base import Message
from jarvisd.llm.scripted import ScriptedChatModel
from tests.agent.scenario_kit import answer, call, tool_round

ANY_ARGS = {"type": "object"}


def echo_tool(name: str = "echo") -> Tool:
    return Tool(name, "echo the arguments", lambda ctx, args: {"echo": args}, ANY_ARGS)


class Recorder(AgentHooks):
    def __init__(self) -> None:
        self.events: list[str] = []

    async def on_turn_start(self, ctx):
        self.events.append("turn_start")
        ctx.messages.insert(1, Message("system", "Recalled: the user likes short answers."))

    async def before_model_call(self, ctx, request):
        self.events.append(f"before_model:{request.round}:{len(request.tools)}")

    async def after_model_call(self, ctx, answer):
        self.events.append(f"after_model:{answer.round}:{len(answer.tool_calls)}")

    async def before_tool_call(self, ctx, call):
        self.events.append(f"before_tool:{call.name}")

    async def after_tool_call(self, ctx, outcome):
        self.events.append(f"after_tool:{outcome.prepared.name}:{outcome.status}")

    async def after_round(self, ctx, record):
        self.events.append(f"after_round:{record.round}")

    async def on_turn_end(self, ctx, result):
        self.events.append(f"turn_end:{result.stop_reason}")


async def test_hooks_run_at_every_point_in_order():
    recorder = Recorder()
    model = ScriptedChatModel([tool_round(call("echo", x=1)), answer("Done.")])
    agent = Agent(model, ToolRegistry([echo_tool()]), chat_profile(), hooks=[recorder])
    result = await agent.run_turn("hi")
    assert recorder.events == [
        "turn_start", "before_model:1:1", "after_model:1:1", "before_tool:echo", "after_tool:echo:ok",
        "after_round:1", "before_model:2:1", "after_model:2:0", "after_round:2", "turn_end:answered"]
    assert result.answer == "Done."
    assert model.calls[0][0][1].content.startswith("Recalled")  # on_turn_start shaped the prompt


async def test_final_answer_streams_as_text_deltas_before_the_turn_ends():
    model = ScriptedChatModel([answer("Sure. The meeting is at three. Anything else?")])
    agent = Agent(model, ToolRegistry(), chat_profile())
    events = [e async for e in agent.stream_turn("when is the meeting?")]
    deltas = [e.text for e in events if isinstance(e, AnswerDelta)]
    assert len(deltas) > 3 and "".join(deltas) == "Sure. The meeting is at three. Anything else?"
    assert isinstance(events[-1], TurnEnded)
    assert events.index(next(e for e in events if isinstance(e, AnswerDelta))) == 0


async def test_run_turn_feeds_each_delta_to_an_async_callback():
    heard: list[str] = []

    async def speak(text: str) -> None:
        heard.append(text)

    agent = Agent(ScriptedChatModel([answer("One. Two.")]), ToolRegistry(), chat_profile())
    await agent.run_turn("count", on_text=speak)
    assert "".join(heard) == "One. Two."


async def test_bad_tool_input_returns_an_error_that_says_what_to_do():
    schema = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"],
              "additionalProperties": False}
    tools = ToolRegistry([Tool("search", "search", lambda ctx, args: ["hit"], schema)])
    model = ScriptedChatModel([
        tool_round({"name": "serch", "arguments": {"q": "x"}},
                   {"name": "search", "arguments": '{"q": "x"'},
                   {"name": "search", "arguments": {"q": 3, "page": 2}}),
        answer("Sorry.")])
    result = await Agent(model, tools, chat_profile()).run_turn("find x")
    outcomes = result.rounds[0].outcomes
    assert [o.status for o in outcomes] == ["invalid"] * 3
    unknown, bad_json, mismatch = (o.text for o in outcomes)
    assert "no tool named 'serch'" in unknown and "Available tools: search" in unknown
    assert "not valid JSON" in bad_json and "call search again" in bad_json
    assert "'q' must be string" in mismatch and "'page' is not a known parameter" in mismatch
    assert result.answer == "Sorry."


async def test_a_tool_that_raises_becomes_a_failed_result_not_a_crash():
    def broken(ctx, args):
        raise KeyError("boom")

    def refusing(ctx, args):
        raise ToolFailure("the calendar is locked; ask the user to unlock it")

    tools = ToolRegistry([Tool("broken", "", broken), Tool("calendar", "", refusing)])
    model = ScriptedChatModel([tool_round(call("broken"), call("calendar")), answer("It failed.")])
    result = await Agent(model, tools, chat_profile()).run_turn("x")
    texts = [o.text for o in result.rounds[0].outcomes]
    assert [o.status for o in result.rounds[0].outcomes] == ["failed", "failed"]
    assert "KeyError" in texts[0] and "ask the user to unlock it" in texts[1]


async def test_approval_required_tools_run_only_when_approved():
    sent: list[dict] = []
    mail = Tool("send_mail", "send a mail", lambda ctx, args: sent.append(args) or {"status": "sent"}, ANY_ARGS)
    asked: list[str] = []

    async def no(call):
        asked.append(call.name)
        return False

    async def yes(call):
        return True

    script = [tool_round(call("send_mail", to="a@example.com")), answer("ok")]
    denied = await Agent(ScriptedChatModel(script), ToolRegistry([mail], approval_required=["send_mail"]),
                         chat_profile(), approver=no).run_turn("mail a")
    assert denied.rounds[0].outcomes[0].status == "denied" and "approval" in denied.rounds[0].outcomes[0].text
    assert asked == ["send_mail"] and sent == []
    await Agent(ScriptedChatModel(script), ToolRegistry([mail], approval_required=["send_mail"]),
                chat_profile(), approver=yes).run_turn("mail a")
    assert sent == [{"to": "a@example.com"}]


async def test_without_an_approver_approval_required_tools_are_refused():
    mail = Tool("send_mail", "", lambda ctx, args: {"status": "sent"}, ANY_ARGS)
    agent = Agent(ScriptedChatModel([tool_round(call("send_mail", to="a")), answer("ok")]),
                  ToolRegistry([mail], approval_required=["send_mail"]), chat_profile())
    assert (await agent.run_turn("x")).rounds[0].outcomes[0].status == "denied"


async def test_a_hook_can_reject_a_call_and_stop_the_tool_phase():
    class NoDeletes(AgentHooks):
        async def before_tool_call(self, ctx, call):
            return Rejection("deleting is not allowed here", "policy") if call.name == "delete" else None

    class StopAfterFirstRound(AgentHooks):
        async def after_round(self, ctx, record):
            return Stop("custom", "the custom hook said so") if record.outcomes else None

    tools = ToolRegistry([echo_tool("delete"), echo_tool()])
    model = ScriptedChatModel([tool_round(call("delete", x=1), call("echo", x=2)), answer("wrapped")])
    result = await Agent(model, tools, chat_profile(), hooks=[NoDeletes(), StopAfterFirstRound()]).run_turn("x")
    assert [o.status for o in result.rounds[0].outcomes] == ["rejected", "ok"]
    assert result.stop_reason == "custom" and result.wrapped_up and result.answer == "wrapped"
    assert model.calls[1][1] == []  # the wrap-up call offered no tools
    assert "the custom hook said so" in model.calls[1][0][-1].content


async def test_tool_calls_in_the_wrap_up_answer_are_ignored():
    model = ScriptedChatModel([tool_round(call("echo", x=i)) for i in range(2)]
                              + [{"text": "final", "tool_calls": [call("echo", x=9)]}])
    profile = chat_profile(round_cap=2)
    result = await Agent(model, ToolRegistry([echo_tool()]), profile).run_turn("x")
    assert result.stop_reason == "round_cap" and result.answer == "final"
    assert result.rounds[-1].outcomes == ()


async def test_calls_of_one_round_run_concurrently_and_keep_the_model_order():
    started: list[str] = []
    release = asyncio.Event()

    async def slow(ctx, args):
        started.append(args["id"])
        if args["id"] == "a":
            await release.wait()
        else:
            release.set()
        return args["id"]

    tools = ToolRegistry([Tool("fetch", "", slow, ANY_ARGS)])
    model = ScriptedChatModel([tool_round(call("fetch", id="a"), call("fetch", id="b")), answer("ok")])
    result = await Agent(model, tools, chat_profile()).run_turn("x")
    assert [o.value for o in result.rounds[0].outcomes] == ["a", "b"]
    assert [m.content for m in result.messages if m.role == "tool"] == ["a", "b"]


async def test_a_duplicate_in_the_same_research_round_is_rejected():
    model = ScriptedChatModel([tool_round(call("echo", x=1), call("echo", x=1)), answer("ok")])
    result = await Agent(model, ToolRegistry([echo_tool()]), research_profile(5)).run_turn("x")
    assert [o.status for o in result.rounds[0].outcomes] == ["ok", "rejected"]


async def test_research_calls_beyond_the_budget_are_not_executed():
    model = ScriptedChatModel([tool_round(*(call("echo", x=i) for i in range(4))), answer("from 3 results")])
    result = await Agent(model, ToolRegistry([echo_tool()]), research_profile(3)).run_turn("x")
    assert [o.status for o in result.rounds[0].outcomes] == ["ok", "ok", "ok", "rejected"]
    assert result.rounds[0].outcomes[3].rule == "budget_used"
    assert result.stop_reason == "budget_used" and result.answer == "from 3 results"


async def test_research_system_prompt_ends_with_the_rejection_rules():
    prompt = research_profile(8).system_prompt()
    rules = prompt[prompt.rindex("Rules for tool calls"):]
    assert "same arguments" in rules and "8 tool calls" in rules
    assert prompt.rstrip().endswith(rules.rstrip())
    assert "3 times in a row" in chat_profile().system_prompt()


async def test_a_model_that_cannot_call_tools_is_not_told_the_tool_rules():
    """The embedded SmolLM2 (no tools) got the rules in its system prompt and said them back as answers: "You're not
    supposed to call the same tool with the same arguments twice." (conversation runs 35 and 43)."""
    without = ScriptedChatModel([answer("Sure.")])
    without.supports_tools = False
    await Agent(without, ToolRegistry([echo_tool()]), chat_profile()).run_turn("What suit tomorrow?")
    (messages, tools), = without.calls
    assert messages[0].role == "system" and "Rules for tool calls" not in messages[0].content and tools == []
    assert messages[0].content.startswith(chat_profile().instructions)
    with_tools = ScriptedChatModel([answer("Sure.")])
    await Agent(with_tools, ToolRegistry([echo_tool()]), chat_profile()).run_turn("x")
    assert "Rules for tool calls" in with_tools.calls[0][0][0].content


async def test_closing_the_stream_early_cancels_the_turns_background_tasks():
    started = asyncio.Event()
    forever: list[asyncio.Task] = []

    async def spawn(ctx, args):
        task = asyncio.create_task(asyncio.sleep(3600))
        ctx.background.add(task)
        forever.append(task)
        started.set()
        return "spawned"

    model = ScriptedChatModel([tool_round(call("spawn")), answer("a long answer that is interrupted")])
    agent = Agent(model, ToolRegistry([Tool("spawn", "", spawn)]), chat_profile())
    stream = agent.stream_turn("x")
    async for event in stream:
        if isinstance(event, AnswerDelta):
            break  # barge-in: the user spoke over the answer
    await stream.aclose()
    await asyncio.sleep(0)
    assert started.is_set() and forever[0].cancelled()


async def test_chat_counts_identical_calls_within_one_round_and_an_exempt_call_restarts_the_count():
    wait = Tool("wait_job", "", lambda ctx, args: "running", {"type": "object"}, exempt_from_repeat_checks=True)
    model = ScriptedChatModel([
        tool_round(call("echo", x=1), call("echo", x=1), call("echo", x=1)),
        tool_round(call("echo", x=2), call("echo", x=2), call("wait_job", id=1), call("echo", x=2),
                   call("wait_job", id=1), call("wait_job", id=1), call("wait_job", id=1)),
        answer("ok")])
    result = await Agent(model, ToolRegistry([echo_tool(), wait]), chat_profile()).run_turn("x")
    assert [o.status for o in result.rounds[0].outcomes] == ["ok", "ok", "rejected"]
    assert [o.status for o in result.rounds[1].outcomes] == ["ok"] * 7


async def test_a_call_the_user_refuses_is_not_charged_to_the_research_budget():
    mail = Tool("send_mail", "", lambda ctx, args: {"status": "sent"}, ANY_ARGS)

    async def no(call):
        return False

    model = ScriptedChatModel([tool_round(call("send_mail", to="a")), tool_round(call("echo", x=1)),
                               tool_round(call("echo", x=2)), answer("done")])
    agent = Agent(model, ToolRegistry([mail, echo_tool()], approval_required=["send_mail"]), research_profile(2, round_cap=5),
                  approver=no)
    events = [e async for e in agent.stream_turn("x")]
    result = events[-1].result
    assert [o.status for r in result.rounds for o in r.outcomes] == ["denied", "ok", "ok"]
    assert [v.counters.calls_charged for v in events[-1].verdicts] == [0, 1, 2]
    assert result.stop_reason == "budget_used"


async def test_a_turn_that_runs_past_its_time_limit_is_wrapped_up():
    now = [0.0]

    def slow_echo(ctx, args):
        now[0] += 250.0  # each call takes 250 s of (fake) time
        return {"echo": args}

    model = ScriptedChatModel([tool_round(call("echo", x=i)) for i in range(3)] + [answer("what I have")])
    agent = Agent(model, ToolRegistry([Tool("echo", "", slow_echo, ANY_ARGS)]), chat_profile(),
                  clock=lambda: now[0])
    result = await agent.run_turn("x")
    assert result.stop_reason == "time_limit" and len([r for r in result.rounds if r.outcomes]) == 3
    assert result.answer == "what I have"


async def test_a_model_without_tool_support_is_offered_no_tools():
    model = ScriptedChatModel([{"text": "plain answer", "tool_calls": [call("echo", x=1)]}])
    model.supports_tools = False
    result = await Agent(model, ToolRegistry([echo_tool()]), chat_profile()).run_turn("x")
    assert model.calls[0][1] == [] and result.answer == "plain answer" and result.rounds[0].outcomes == ()


async def test_a_tool_that_hangs_fails_after_its_timeout_and_the_turn_goes_on():
    async def hang(ctx, args):
        await asyncio.Event().wait()

    tools = ToolRegistry([Tool("hang", "", hang, timeout_sec=0.01)])
    model = ScriptedChatModel([tool_round(call("hang")), answer("It did not answer.")])
    result = await Agent(model, tools, chat_profile()).run_turn("x")
    outcome = result.rounds[0].outcomes[0]
    assert outcome.status == "failed" and "longer than 0.01 s" in outcome.text
    assert result.answer == "It did not answer."
