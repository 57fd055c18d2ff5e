"""The real assistant (LanceDB memory, a JSONL agenda) with a scripted chat model, for tests of the rules around
the model: `chat.calls` tells whether the model was asked."""

from __future__ import annotations

from jarvisd.assistant import build_assistant
from jarvisd.config import load_config
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore


def scripted_assistant(tmp_path, chat_name: str = "embedded:smollm2-135m", says: str = "(2026-12-05) made up",
                       user: str | None = None):
    """(assistant, chat): the chat model answers `says` to anything, named `chat_name` ("embedded:…" is the
    offline default's small model, "scripted" a capable one)."""
    env = {"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl", "JARVIS_GENERAL__TIME_ZONE": "Asia/Seoul"}
    if user is not None:
        env["JARVIS_GENERAL__USER"] = user
    chat = ScriptedChatModel(lambda messages: {"text": says}, name=chat_name)
    backends = Backends(chat=chat, thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    return build_assistant(load_config(env=env), ModelStore(tmp_path / "models"), backends=backends), chat


async def told_then_asked(tmp_path, told: str, asked: str) -> tuple[str, str]:
    """A fact told, then asked back, on a fresh scripted assistant (the model "(made up)"): both replies."""
    assistant, _ = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        return await assistant.answer(told, session="s"), await assistant.answer(asked, session="s")
    finally:
        await assistant.close()


async def answers_to(tmp_path, *turns: str, says: str = "(2026-12-05) made up", user: str | None = None
                     ) -> tuple[list[str], list]:
    """Each turn's answer on a fresh scripted assistant (SmolLM2 named, answering `says`), and the model's calls."""
    assistant, chat = scripted_assistant(tmp_path, "embedded:smollm2-135m", says=says, user=user)
    try:
        return [await assistant.answer(turn, session="s") for turn in turns], chat.calls
    finally:
        await assistant.close()


async def chat_typed(tmp_path, monkeypatch, capsys, *lines: str | None, pause_sec: float = 6.0) -> str:
    """What `jarvisd chat` prints (its `run_chat`, the agenda on JSONL, no quiet hours, no model answers) for the lines
    typed in turn; a None is the user waiting `pause_sec`, then asking the time (so reminders due meanwhile print)."""
    import time

    from jarvisd.chat import run_chat

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl",
                           "JARVIS_PROACTIVE__QUIET_HOURS": ""})
    backends = Backends(chat=ScriptedChatModel([]), thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    typed_lines = iter([*lines, "/quit"])

    def typed(prompt=""):
        line = next(typed_lines)
        if line is None:         # the user waits
            time.sleep(pause_sec)
            return "what time is it"
        return line

    monkeypatch.setattr("builtins.input", typed)
    assert await run_chat(cfg, ModelStore(tmp_path / "models"), backends=backends) == 0
    return capsys.readouterr().out
