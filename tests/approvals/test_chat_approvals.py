"""`jarvisd chat` asks on the terminal (a real pseudo-terminal here): y approves, no terminal or no
answer in time refuses. current_time is made approval-required by config, as an admin would."""

import io
import os

from jarvisd.chat import run_chat
from jarvisd.config import load_config
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore

REFUSED = "needs the user's approval and did not get it"


def chat_parts(tmp_path, timeout="30"):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_TOOLS__APPROVAL_REQUIRED": "current_time",
                           "JARVIS_TOOLS__APPROVAL_TIMEOUT_SEC": timeout})
    chat = ScriptedChatModel([{"text": "", "tool_calls": [{"name": "current_time", "arguments": {}}]},
                              {"text": "Done."}])
    backends = Backends(chat=chat, thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    return cfg, chat, backends


def tool_message(chat) -> str:
    return [m for m in chat.calls[1][0] if m.role == "tool"][-1].content


async def test_y_on_the_terminal_approves(tmp_path, capsys):
    cfg, chat, backends = chat_parts(tmp_path)
    master, slave = os.openpty()
    with open(slave, closefd=True) as terminal:
        os.write(master, b"y\n")
        assert await run_chat(cfg, ModelStore(tmp_path / "models"), once="Ask the clock tool for the time.", backends=backends,
                              stdin=terminal) == 0
    os.close(master)
    out = capsys.readouterr().out
    assert "Approve current_time()? [y/N] " in out and out.rstrip().endswith("Done.")
    assert REFUSED not in tool_message(chat) and "time" in tool_message(chat)


async def test_any_other_answer_refuses(tmp_path, capsys):
    cfg, chat, backends = chat_parts(tmp_path)
    master, slave = os.openpty()
    with open(slave, closefd=True) as terminal:
        os.write(master, b"\n")  # Enter: the default, N
        await run_chat(cfg, ModelStore(tmp_path / "models"), once="Ask the clock tool for the time.", backends=backends,
                       stdin=terminal)
    os.close(master)
    assert REFUSED in tool_message(chat)


async def test_without_a_terminal_it_is_refused_at_once(tmp_path, capsys):
    cfg, chat, backends = chat_parts(tmp_path)
    await run_chat(cfg, ModelStore(tmp_path / "models"), once="Ask the clock tool for the time.", backends=backends,
                   stdin=io.StringIO(""))
    assert "no terminal to ask: refused" in capsys.readouterr().out
    assert REFUSED in tool_message(chat)


async def test_no_answer_before_the_timeout_refuses(tmp_path, capsys):
    cfg, chat, backends = chat_parts(tmp_path, timeout="0.5")
    master, slave = os.openpty()
    with open(slave, closefd=True) as terminal:
        await run_chat(cfg, ModelStore(tmp_path / "models"), once="Ask the clock tool for the time.", backends=backends,
                       stdin=terminal)
    os.close(master)
    assert "[no answer in 0.5 s: current_time refused]" in capsys.readouterr().out
    assert REFUSED in tool_message(chat)
