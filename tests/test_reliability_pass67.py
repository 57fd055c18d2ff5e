"""Seventh adversarial pass (pass67, issue 18): the issue's kinds of fault, new cases (docs/reliability.md,
"Seventh adversarial pass (pass67)")."""

from __future__ import annotations

import pytest

from jarvisd.config import load_config
from jarvisd.doctor import agenda_report
from jarvisd.errors import StartupError
from jarvisd.openloop.owner import OWNER_NAME, agenda_place, read_owner


@pytest.mark.parametrize("damaged", [b"alice\x00\x00\x00\x00", b"alice\nbob\n", b"alice\r\x1b[2J\n", b"ali\x00ce\n"],
                         ids=["nul-padded", "two-lines", "escape", "nul-inside"])
def test_an_owner_file_whose_name_holds_a_control_character_stops_with_its_path(tmp_path, damaged):
    """A crash can leave a file padded with NULs ("alice\\0\\0\\0\\0"); it read as another user, so alice's agenda was
    no one's: `jarvisd openloop list` said "No open loops." and the daemon would plan none of her reminders, without
    a word. `general.user` can never hold a control character (config refuses it), so such a name is damage."""
    agenda_place(tmp_path, "alice")
    (tmp_path / OWNER_NAME).write_bytes(damaged)
    with pytest.raises(StartupError, match=r"agenda\.owner.*control character.*write the user"):
        agenda_place(tmp_path, "alice")
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl"})
    cfg.paths.data_dir.mkdir(parents=True)
    (cfg.paths.data_dir / OWNER_NAME).write_bytes(damaged)
    assert "control character" in agenda_report(cfg)["error"]


@pytest.mark.parametrize("written, name", [(b"alice\n", "alice"), (b"alice\r\n", "alice"),
                                           (b"\xef\xbb\xbfalice\n", "alice"), ("Ana María\n".encode(), "Ana María"),
                                           (b"o'brien (home)", "o'brien (home)"), ("김민지\n".encode(), "김민지")])
def test_guard_an_owner_file_of_one_name_reads_as_before(tmp_path, written, name):
    (tmp_path / OWNER_NAME).write_bytes(written)
    assert read_owner(tmp_path) == name
    assert agenda_place(tmp_path, name).owner and not agenda_place(tmp_path, "bob").owner


async def test_the_remember_reader_runs_off_the_event_loop(tmp_path, monkeypatch):
    """Every turn asked `remember_said` on the event loop whether it keeps a fact; on 4,000 characters of commas
    after a Korean word ("가, , , …", "내 비밀번호는 , , , …": 0.8 s CPU, quadratic in the commas; `[\\s,;.]+` before a
    look-ahead in `_RUN_ON`, 0.46 s of it) the HUD, SSE and the reminder scheduler waited. The reader runs in a worker
    thread now, as the other memory readers of a turn do: counted by the loop's turns, not timed."""
    import asyncio
    import threading
    import time

    import jarvisd.assistant as assistant_module
    from tests.assistants import scripted_assistant
    from tests.timing import LoopTicks

    real = assistant_module.remember_said
    called_on: list[threading.Thread] = []

    def remember_said(text: str):   # the real reader, and a marker while it runs (a slow machine's share of it)
        called_on.append(threading.current_thread())
        ticks.busy.set()
        try:
            time.sleep(0.3)
            return real(text)
        finally:
            ticks.busy.clear()

    monkeypatch.setattr(assistant_module, "remember_said", remember_said)
    assistant, _ = scripted_assistant(tmp_path, says="(made up)")
    try:
        ticks = LoopTicks()
        await asyncio.sleep(0.02)
        reply = await assistant.answer("가" + ", " * 1999, session="s")
        await ticks.stop()
    finally:
        await assistant.close()
    assert reply
    assert called_on and threading.main_thread() not in called_on
    assert ticks.during >= 5, ticks.during   # 0 when it ran on the loop; ~60 unloaded


def test_a_run_of_commas_is_linear_for_the_run_on_reader():
    from jarvisd.memory.remember_asked import _RUN_ON
    from tests.timing import assert_grows_linearly

    assert_grows_linearly(lambda text: _RUN_ON.search(text), lambda n: ", " * (n // 2), 4000)
    assert _RUN_ON.search("sam is my sister in law, she's coming saturday").start() == len("sam is my sister in law")
    assert _RUN_ON.search("sam is my sister in law she's coming").start() == len("sam is my sister in law")
