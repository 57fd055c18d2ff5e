"""`jarvisd chat` runs turns through the assembled assistant: memory, the AGENDA judge and the agent loop."""

import asyncio
from datetime import datetime

from jarvisd.assistant import build_assistant
from jarvisd.config import load_config
from jarvisd.events import TranscriptLine
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore
from tests.assistants import chat_typed


def assistant_with(tmp_path, chat_answers, judge_answers, **env):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_GENERAL__TIME_ZONE": "Asia/Seoul",
                           "JARVIS_OPENLOOP__STORE": "jsonl", **env})
    backends = Backends(chat=ScriptedChatModel(chat_answers), thought=ScriptedChatModel(judge_answers),
                        embedder=None, notes=["scripted"])
    return build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)


async def test_with_the_model_judge_a_promise_in_a_text_turn_lands_on_the_agenda_and_in_memory(tmp_path):
    promise = "내일 오후 3시까지 분기 보고서 보내야 해"
    assistant = assistant_with(
        tmp_path,
        [{"text": "알겠어요, 챙길게요."}],
        [{"text": f"open_loops:\n- 분기 보고서 보내기 @2030-01-02 15:00 (근거: {promise})\nclosed_loops:\n"}],
        JARVIS_OPENLOOP__JUDGE="model")
    events = assistant.bus.subscribe()
    answer = await assistant.answer(promise, session="s1")
    await assistant.judge.drain()
    await asyncio.sleep(0)
    assert answer == "알겠어요, 챙길게요."
    assert [loop.desc for loop in assistant.agenda.agenda()] == ["분기 보고서 보내기"]
    seen = []
    while not events.queue.empty():
        seen.append(events.queue.get_nowait())
    # the judge runs beside the reply, so its AgendaChanged may come before or after the answer's line
    assert sorted(type(e).__name__ for e in seen) == ["AgendaChanged", "TranscriptLine", "TranscriptLine"]
    assert [e.role for e in seen if isinstance(e, TranscriptLine)] == ["user", "assistant"]
    episodes = assistant.memory.recall_episodes(assistant.scope("s1"), query="보고서")
    assert episodes, "the turn was recorded as an episode"
    await assistant.close()


async def test_the_next_turn_sees_the_previous_one_in_its_window(tmp_path):
    # (not "My name is Mina.": a name said is kept as a fact since the forty-fifth session, without the model)
    chat = ScriptedChatModel([{"text": "Busan is lovely."}, {"text": "You live in Busan."}])
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    backends = Backends(chat=chat, thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    await assistant.answer("I live in Busan with my cat.")
    await assistant.answer("Where do I live?")
    second_call_messages = chat.calls[1][0]
    assert any("I live in Busan with my cat." in m.content for m in second_call_messages if m.role == "user")
    await assistant.close()


async def test_a_failing_model_answers_with_the_reason_instead_of_crashing(tmp_path):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    backends = Backends(chat=ScriptedChatModel([]), thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    answer = await assistant.answer("hello")
    assert answer.startswith("Sorry, my model failed:")
    await assistant.close()


async def test_slash_commands_answer_without_the_model(tmp_path):
    chat = ScriptedChatModel([])
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    backends = Backends(chat=chat, thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    assert "/openloop" in await assistant.answer("/help")
    assert (await assistant.answer("/remember 거주지: 서울")).startswith("기억할게요")
    assert assistant.memory.core_facts(assistant.scope("default"))
    assert (await assistant.answer("/openloop")).startswith("No open loops")
    assert chat.calls == []
    await assistant.close()


async def test_the_model_can_save_and_recall_through_memory_tools(tmp_path):
    chat = ScriptedChatModel([
        {"tool_calls": [{"name": "remember_task_pattern",
                         "arguments": {"name": "weekly report", "when": "every Friday",
                                       "steps": "collect numbers, draft, send to Kim", "keywords": ["report"]}}]},
        {"text": "Saved."},
        {"tool_calls": [{"name": "recall_episodes", "arguments": {"query": "report"}}]},
        {"text": "Found it."},
    ])
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    backends = Backends(chat=chat, thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    assert await assistant.answer("remember how I do the weekly report") == "Saved."
    assert [p.metadata["name"] for p in assistant.memory.patterns(assistant.scope())] == ["weekly report"]
    assert await assistant.answer("what did we say about the report?") == "Found it."
    tool_result = [m for m in chat.calls[3][0] if m.role == "tool"][-1]
    assert "weekly report" in tool_result.content
    await assistant.close()


async def test_memory_commands_are_registered_for_every_surface(tmp_path):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    backends = Backends(chat=ScriptedChatModel([]),
                        thought=ScriptedChatModel([{"text": "Mina prefers short answers."}]), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    help_text = await assistant.answer("/help")
    for command in ("/patterns", "/procedures", "/compact", "/usermodel", "/journal", "/remember", "/openloop"):
        assert command in help_text
    assert "no task patterns" in (await assistant.answer("/patterns")).lower()
    await assistant.close()


async def test_without_a_model_a_promise_is_caught_confirmed_and_kept_in_memory(tmp_path):
    """The offline default: the rules catch the promise; the chat model is never asked (it has no answers)."""
    assistant = assistant_with(tmp_path, [], [], JARVIS_OPENLOOP__JUDGE="rules")
    answer = await assistant.answer("I need to send the quarterly report to Mina by Friday at 3 pm.", session="s1")
    (loop,) = assistant.agenda.agenda()
    assert "quarterly report" in loop.desc and answer.startswith("Got it: send the quarterly report to Mina, ")
    assert answer.endswith(" at 3 PM.")
    listed = await assistant.answer("What's on my agenda?", session="s1")
    assert listed.startswith("You have one thing on your agenda: send the quarterly report")
    done = await assistant.answer("I sent the quarterly report to Mina.", session="s1")
    assert done.startswith("Marked done:") and assistant.agenda.agenda() == []
    episodes = assistant.memory.recall_episodes(assistant.scope("s1"), query="quarterly report")
    assert episodes, "agenda turns are part of the conversation memory keeps"
    await assistant.close()


async def test_with_a_capable_model_the_rules_and_the_judge_keep_one_loop(tmp_path):
    promise = "I need to send the quarterly report by Friday at 3 pm."
    judge = [{"text": f"open_loops:\n- send the quarterly report @2030-01-01 09:00 (근거: {promise})"}]
    assistant = assistant_with(tmp_path, [], judge)  # auto, and the scripted thought model is not the embedded one
    assert assistant.plan.rules and assistant.plan.model
    await assistant.answer(promise, session="s1")
    await assistant.judge.drain()
    (loop,) = assistant.agenda.agenda()  # the judge's item merged into the rules' loop
    due = datetime.fromtimestamp(loop.due_ms / 1000, assistant.agenda.tz)
    assert (due.weekday(), due.hour, due.year < 2030) == (4, 15, True)  # the words' Friday 15:00, not 2030
    await assistant.close()


async def test_the_models_rewording_of_a_promise_the_rules_took_is_not_a_second_loop(tmp_path):
    promise = "I need to send the quarterly report to Mina by Friday at 3 pm."
    judge = [{"text": f"open_loops:\n- deliver Q3 report to Mina (근거: {promise})\n- buy milk (근거: {promise})"}]
    assistant = assistant_with(tmp_path, [], judge)
    await assistant.answer(promise, session="s1")
    await assistant.judge.drain()
    descs = sorted(loop.desc for loop in assistant.agenda.agenda())
    assert len(descs) == 2 and "buy milk" in descs, descs  # the new item stays (grounded by its quote)
    await assistant.close()


async def test_the_model_never_confirms_a_promise_in_the_agendas_voice(tmp_path):
    """SmolLM2 imitated the desk ("Got it: what's on your gender.") and the user heard a promise
    confirmed that was never kept; only the desk says what happened to the agenda."""
    assistant = assistant_with(tmp_path, [{"text": "Got it: call the plumber, tomorrow at 3 PM. Anything else?"},
                                          {"text": "I'll remind you: what's on your gender."}], [],
                               JARVIS_OPENLOOP__JUDGE="rules")
    assert await assistant.answer("Worsan my gender", session="s1") == "Anything else?"
    assert await assistant.answer("Worsan my gender", session="s1") == \
        "Sorry, I didn't catch that. Could you say it again?"
    assert assistant.agenda.agenda() == []
    await assistant.close()


def test_the_claim_filter_passes_other_sentences_as_they_complete():
    from jarvisd.openloop.phrases import AgendaClaimFilter

    claims = AgendaClaimFilter()
    pieces = ["Paris is the capital of France and", " a lovely city", ". Got it: buy", " milk. Bye", "!"]
    out = [claims.feed(piece) for piece in pieces]
    # a sentence streams once its beginning is known not to be the desk's; the desk's wording is dropped
    assert out[0] == "Paris is the capital of France and"
    assert "".join(out) + claims.end() == "Paris is the capital of France and a lovely city. Bye!"
    assert claims.dropped == ["Got it: buy milk."]


async def test_an_answer_that_talks_in_circles_is_cut_where_it_repeats(tmp_path):
    looping = "I'm sorry, I can't help with that. " * 6
    assistant = assistant_with(tmp_path, [{"text": looping}], [], JARVIS_OPENLOOP__JUDGE="rules")
    said = await assistant.answer("How are you today?", session="s1")
    assert said.strip() == "I'm sorry, I can't help with that."
    await assistant.close()


async def test_a_looping_answer_stops_the_model_there_and_the_turn_is_still_remembered(tmp_path):
    class CountingModel(ScriptedChatModel):
        pieces = 0

        async def stream(self, messages, tools=()):
            async for chunk in super().stream(messages, tools):
                CountingModel.pieces += 1
                yield chunk

    looping = "I'm sorry, I can't help with that. " * 40
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__JUDGE": "rules"})
    backends = Backends(chat=CountingModel([{"text": looping}]), thought=ScriptedChatModel([]), embedder=None,
                        notes=["scripted"])
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    said = await assistant.answer("How are you today?", session="s1")
    assert said.strip() == "I'm sorry, I can't help with that."
    assert CountingModel.pieces < 20, "the model was stopped where its answer repeated, not left to write 280 words"
    assert assistant.memory.recall_episodes(assistant.scope("s1"), query="How are you today"), "the turn was kept"
    await assistant.close()


async def test_a_model_copying_its_previous_answer_is_not_said_again(tmp_path):
    same = "The capital of France is Paris."
    assistant = assistant_with(tmp_path, [{"text": same}, {"text": same}], [], JARVIS_OPENLOOP__JUDGE="rules")
    assert (await assistant.answer("What is the capital of France?", session="s1")).strip() == same
    assert await assistant.answer("No, sirs, hey.", session="s1") == \
        "Sorry, I didn't catch that. Could you say it again?"
    await assistant.close()


async def test_the_same_question_may_get_the_same_answer(tmp_path):
    same = "It is cold and dry."   # (not "what day is it?": the desk answers that from the clock)
    assistant = assistant_with(tmp_path, [{"text": same}, {"text": same}], [], JARVIS_OPENLOOP__JUDGE="rules")
    for _ in range(2):
        assert (await assistant.answer("What is the weather like in winter here?", session="s1")).strip() == same
    await assistant.close()


async def test_the_model_never_sees_the_desks_confirmation_only_what_the_user_said(tmp_path):
    # SmolLM2 copied "Got it: ..." from its window as its answer to the next questions (daemon run,
    # docs/openloop.md); the desk's reply stays out of what the model reads
    chat = ScriptedChatModel([{"text": "I'm well, thanks."}])
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl",
                           "JARVIS_OPENLOOP__JUDGE": "rules"})
    backends = Backends(chat=chat, thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    confirmation = await assistant.answer("I need to send the budget report by tomorrow at 3 pm.")
    assert confirmation.startswith("Got it") and chat.calls == []
    assert await assistant.answer("How are you today?") == "I'm well, thanks."
    seen = "\n".join(m.content for m in chat.calls[0][0])
    assert "I need to send the budget report by tomorrow at 3 pm." in seen
    assert confirmation not in seen and "Got it" not in seen
    await assistant.close()


async def test_a_model_that_copies_its_context_answers_each_turn_alone_with_its_memory_block(tmp_path):
    # llm.embedded_past_turns = 0 for SmolLM2-135M: shown its earlier answers, it answered "I'm not able to
    # make the call" to every later question (docs/openloop.md, the daemon conversation runs)
    chat = ScriptedChatModel([{"text": "Nice to meet you."}, {"text": "Hello again."}])
    chat.past_turns = 0
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    backends = Backends(chat=chat, thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    await assistant.answer("/remember My name is Mina.")
    await assistant.answer("I like green tea.")
    await assistant.answer("Hello there.")
    second = chat.calls[1][0]
    assert [m.role for m in second] == ["system", "user"] and second[-1].content == "Hello there."
    assert "Mina" in second[0].content   # the memory block (core facts) is still in the system prompt
    await assistant.close()


async def test_chat_once_exits_1_when_the_model_failed_its_turn_so_a_script_can_tell(tmp_path, capsys):
    from jarvisd.chat import run_chat

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    failing = Backends(chat=ScriptedChatModel([]), thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assert await run_chat(cfg, ModelStore(tmp_path / "models"), once="hello", backends=failing) == 1
    assert "Sorry, my model failed:" in capsys.readouterr().out
    answering = Backends(chat=ScriptedChatModel([{"text": "Hello!"}]), thought=ScriptedChatModel(lambda _: {"text": ""}),
                         embedder=None)
    assert await run_chat(cfg, ModelStore(tmp_path / "models"), once="hello", backends=answering) == 0
    assert "Hello!" in capsys.readouterr().out


async def test_memory_failing_under_a_running_assistant_still_answers_and_says_so(tmp_path):
    """Pass 24's low, worse than it read: with memory's table folder removed under the daemon, `/remember` was a
    500, every later turn failed in its recall without an answer, and the HUD's status still said memory ok."""
    import shutil

    from jarvisd.events import StatusChanged

    said = iter(["Hi there.", "It is 4417.", "The code is 4417.", "Your locker code is 4417."])
    chat = ScriptedChatModel(lambda _messages: {"text": next(said)})
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    backends = Backends(chat=chat, thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    events = assistant.bus.subscribe()
    assert (await assistant.answer("/remember my locker code is 4417")).startswith("Remembered")
    assert await assistant.answer("hello") == "Hi there."  # a turn recorded while the table is whole
    shutil.rmtree(cfg.paths.data_dir / "memory.lance" / "memory_items.lance")

    # a /remember is journaled first (durable: the next start writes it to the table), so it may still be
    # "Remembered"; the table is written at the next flush, which any read does first
    replies = []
    for _ in range(2):
        replies.append(await assistant.answer("/remember my bike is blue"))
        assert "4417" in await assistant.answer("what is my locker code")  # answered, without memory
    failed = [r for r in replies if not r.startswith("Remembered")]
    assert failed and all(r.startswith("/remember: memory failed in /remember (") and "restart jarvisd" in r
                          for r in failed), replies
    await asyncio.sleep(0)
    seen = []
    while not events.queue.empty():
        seen.append(events.queue.get_nowait())
    status = [e for e in seen if isinstance(e, StatusChanged) and e.part == "memory"]
    assert [e.state for e in status] == ["failing"], status  # once per failing spell
    assert "restart jarvisd" in status[0].detail
    await assistant.close()


async def test_a_models_control_characters_do_not_reach_the_answer(tmp_path):
    """Pass 23's low: an answer of NULs or ANSI escapes went to the transcript and the terminal as it was."""
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    backends = Backends(chat=ScriptedChatModel([{"text": "\x1b[2J\x1b[H hacked\x00\x07 Paris."}]),
                        thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    # pass 62a: the whole escape sequences go, not only their ESC (the printable tail "[2J[H" was shown before)
    assert await assistant.answer("what is the capital of France") == " hacked Paris."
    await assistant.close()


async def test_a_held_partial_sentence_is_kept_when_the_model_then_fails(tmp_path):
    """Pass 24's low: "He was a king of a land" then an error gave only "Sorry, my model failed: ..."."""
    from jarvisd.llm.base import BackendError, ChatChunk

    class FailsMidSentence(ScriptedChatModel):
        async def stream(self, messages, tools=()):
            for piece in ("He was ", "a king ", "of a land"):
                yield ChatChunk(text=piece)
            raise BackendError("the process ended with SIGKILL")

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    backends = Backends(chat=FailsMidSentence([]), thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    answer = await assistant.answer("tell me a story")
    assert answer.startswith("He was a king of a land … Sorry, my model failed: "), answer
    await assistant.close()


async def test_a_reminder_due_while_the_chat_is_open_is_printed(tmp_path, monkeypatch, capsys):
    """The sixty-first session: in `jarvisd chat`, "remind me in 1 minute to stretch" answered "I'll remind you" and
    nothing came (only `jarvisd run` reminded), though the chat owned the agenda. A 3-second timer, then a pause:
    its "Time's up" is printed; the one-turn `--once` starts no reminders."""
    out = await chat_typed(tmp_path, monkeypatch, capsys, "set a timer for 3 seconds", None)
    assert "3-second timer" in out and "[reminder]" in out
    assert out.index("[reminder]") > out.index("3-second timer")
