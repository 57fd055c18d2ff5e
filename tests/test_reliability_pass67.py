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
                                           ("o'brien (home)".encode(), "o'brien (home)"), ("김민지\n".encode(), "김민지")])
def test_guard_an_owner_file_of_one_name_reads_as_before(tmp_path, written, name):
    (tmp_path / OWNER_NAME).write_bytes(written)
    assert read_owner(tmp_path) == name
    assert agenda_place(tmp_path, name).owner and not agenda_place(tmp_path, "bob").owner
