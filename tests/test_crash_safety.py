"""A daemon killed with SIGKILL loses no turn it had finished: memory is durable at turn end."""

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from jarvisd.config import load_config
from jarvisd.memory.cli import open_service
from jarvisd.memory.scope import MemoryScope

pytestmark = pytest.mark.slow  # a subprocess killed with SIGKILL

CHILD = textwrap.dedent("""
    import asyncio, sys
    from jarvisd.assistant import build_assistant
    from jarvisd.config import load_config
    from jarvisd.llm.scripted import ScriptedChatModel
    from jarvisd.llm.backend_choice import Backends
    from jarvisd.manifest import ModelStore

    cfg = load_config()
    backends = Backends(chat=ScriptedChatModel(lambda m: {"text": "Noted."}),
                        thought=ScriptedChatModel(lambda m: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(cfg.paths.models_dir), backends=backends)

    async def main():
        for i in range(int(sys.argv[1])):
            await assistant.answer(f"the locker I use is number {i}", session="s")
            print(i, flush=True)  # the turn has ended: acknowledged
        await asyncio.sleep(120)

    asyncio.run(main())
""")


def test_turns_finished_before_a_sigkill_are_all_in_memory(tmp_path):
    env = {**os.environ, "JARVIS_HOME": str(tmp_path)}
    child = subprocess.Popen([sys.executable, "-c", CHILD, "6"], env=env, stdout=subprocess.PIPE, text=True)
    acknowledged = []
    try:
        while len(acknowledged) < 6:
            line = child.stdout.readline()
            assert line, "the child died before acknowledging its turns"
            acknowledged.append(int(line))
        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)
    finally:
        child.kill()
    service = open_service(load_config(env=env))
    episodes = service.recall_episodes(MemoryScope("me", "main", "s"), limit=10)
    contents = " ".join(e.content for e in episodes)
    for i in acknowledged:
        assert f"the locker I use is number {i}" in contents
