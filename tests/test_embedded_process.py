"""The embedded chat model runs in a process of its own (real SmolLM2 through llama.cpp): a crash there fails the
turn with a clear error and the next turn is answered by a new process; the daemon's process lives on."""

import os
import signal

import pytest

from jarvisd.llm.base import BackendError, Message, complete
from jarvisd.llm.embedded import LlamaCppChat
from jarvisd.manifest import ModelStore

pytestmark = pytest.mark.slow  # the real SmolLM2 through llama.cpp

HELLO = [Message("user", "Say hello.")]


@pytest.fixture(scope="module")
def smollm(tmp_path_factory):
    model = LlamaCppChat(ModelStore(tmp_path_factory.mktemp("models")).path("smollm2-135m"),
                         name="smollm2-135m", max_tokens=48)
    yield model
    model.close()


async def test_a_crash_in_llama_cpp_fails_the_turn_and_the_next_turn_is_answered(smollm):
    answer = aiter(smollm.stream([Message("user", "Tell me a long story about a cat and a dog.")]))
    first = await anext(answer)
    assert first.text  # the model is generating
    os.kill(smollm.process.pid, signal.SIGSEGV)  # what a bad native build does in the middle of a decode
    with pytest.raises(BackendError, match=r"process ended with SIGSEGV .*the next turn starts a new one"):
        async for _chunk in answer:
            pass
    starts = smollm.process.starts
    again = await complete(smollm, HELLO)
    assert again.text.strip()
    assert smollm.process.starts == starts + 1


async def test_a_killed_process_between_turns_is_replaced(smollm):
    await complete(smollm, HELLO)
    starts = smollm.process.starts
    os.kill(smollm.process.pid, signal.SIGKILL)  # the out-of-memory killer, or a user's kill -9
    assert (await complete(smollm, HELLO)).text.strip()  # seen dead before the chat is sent: a new one answers
    assert smollm.process.starts == starts + 1


async def test_closing_ends_the_process(smollm):
    await complete(smollm, HELLO)
    pid = smollm.process.pid
    smollm.close()
    assert smollm.process.pid is None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert (await complete(smollm, HELLO)).text.strip()  # a later turn starts it again


async def test_a_file_that_is_not_a_model_is_one_clear_error(tmp_path):
    bad = tmp_path / "not-a-model.gguf"
    bad.write_bytes(b"this is not a GGUF file" * 100)
    model = LlamaCppChat(bad, name="broken", max_tokens=8)
    with pytest.raises(BackendError, match="could not load: ValueError"):
        await complete(model, HELLO)
    assert model.process.pid is None


def test_the_process_stderr_is_logged_as_records_and_its_last_lines_come_with_its_death(tmp_path, caplog):
    """Pass 24's low: llama.cpp's prints ("decode: removing memory module entries ...") went raw into the daemon's
    log between its lines; a process that died left its last words (a traceback) unattributed there too."""
    import logging
    import sys
    import threading

    from jarvisd.llm.model_process import ModelProcess, ModelProcessError

    process = ModelProcess(tmp_path / "any.gguf", 512, 1, 7)
    process._argv = [sys.executable, "-c", (  # a stand-in worker: loads, chatters, then fails hard mid-chat
        "import json, os, sys\n"
        "print(json.dumps({'ready': True}), flush=True)\n"
        "sys.stdin.readline()\n"
        "print('decode: removing memory module entries for seq_id = 0, pos = [267, +inf)', file=sys.stderr)\n"
        "print(json.dumps({'text': 'Once'}), flush=True)\n"
        "print('GGML_ASSERT(n_tokens > 0) failed', file=sys.stderr, flush=True)\n"
        "os._exit(3)\n")]
    with caplog.at_level(logging.DEBUG, logger="jarvisd"):
        with pytest.raises(ModelProcessError, match="exit status 3"):
            process.chat({"messages": [{"role": "user", "content": "hi"}]}, lambda _t: None, threading.Event())
    said = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "jarvisd.llm.llama_cpp"]
    assert said == [("DEBUG", "decode: removing memory module entries for seq_id = 0, pos = [267, +inf)"),
                    ("WARNING", "GGML_ASSERT(n_tokens > 0) failed")]
    death = [r.getMessage() for r in caplog.records if "its process ended" in r.getMessage()]
    assert death and death[0].endswith("its last lines on stderr:\n  decode: removing memory module entries for "
                                       "seq_id = 0, pos = [267, +inf)\n  GGML_ASSERT(n_tokens > 0) failed"), death


def test_a_protocol_line_too_long_or_a_text_that_is_not_text_is_skipped(tmp_path):
    """Pass 24's lows from a broken worker: a 50 MB line was read whole (about 100 MB, 14 s); {"text": null}
    would have been shown as "None"."""
    import sys
    import threading

    from jarvisd.llm import model_process
    from jarvisd.llm.model_process import ModelProcess

    process = ModelProcess(tmp_path / "any.gguf", 512, 1, 7)
    process._argv = [sys.executable, "-c", (
        "import json, sys\n"
        "print(json.dumps({'ready': True}), flush=True)\n"
        "sys.stdin.readline()\n"
        f"sys.stdout.write('{{\"text\": \"' + 'x' * {3 * model_process.PROTOCOL_LINE} + '\"}}\\n')\n"
        "print(json.dumps({'text': None}))\n"
        "print(json.dumps({'text': 'ok'}))\n"
        "print(json.dumps({'end': True}), flush=True)\n"
        "sys.stdin.readline()\n")]
    said: list[str] = []
    process.chat({"messages": [{"role": "user", "content": "hi"}]}, said.append, threading.Event())
    process.close()
    assert said == ["ok"]
