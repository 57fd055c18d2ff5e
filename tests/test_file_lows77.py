"""Every WRITE path of a data file, its target of each wrong kind, and the file lows passes 72-76 left (doors77).

`tests/test_data_paths_sweep.py` replaces each data file by every wrong kind and runs the commands that READ it. Here
each WRITER (`jarvisd.datafiles`' callers) runs against its target made a FIFO, a folder, a dangling link or a file
of mode 000, in a subprocess without the read-anything capabilities (`setpriv`, as that file does): each must end
(no hang), with no traceback, either writing a regular file that holds what it wrote, or failing with one line that
names the file (the caller then says it could not keep it).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import socket
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("fifo", "folder", "dangling", "mode000")

# writer -> (its target below the data dir `d`, the statement that writes it); `d` and `target` are Paths
WRITERS: dict[str, tuple[str, str]] = {
    "agenda log": ("openloops.jsonl", "from jarvisd.openloop.stores import JsonlLoopStore\n"
                                      "JsonlLoopStore(target).close()"),
    "agenda quarantine": ("openloops.quarantine.jsonl",
                          "from jarvisd.openloop.stores import Quarantine\n"
                          "why = Quarantine(target)._write('line 1', 'a test', '{}')\n"
                          "if why: raise OSError(why)"),
    "reminders log": ("reminders.jsonl", "from jarvisd.reflect.delivered import DeliveredLog\n"
                                         "from jarvisd.reflect.reminders import ReminderKey\n"
                                         "DeliveredLog(target).record(ReminderKey('x', 10, 1), 1)"),
    "owner file": ("agenda.owner", "from jarvisd.openloop.owner import agenda_place, read_owner\n"
                                   "agenda_place(d, 'me')\n"
                                   "if read_owner(d) != 'me': raise OSError(f'{target} does not say me')"),
    "hud token": ("hud.token", "from jarvisd.hud.security import load_or_create_token\nload_or_create_token(d)"),
    "hud token replaced": ("hud.token", "from jarvisd.hud.security import replace_token\nreplace_token(d)"),
    "instance lock": ("jarvisd.pid", "from jarvisd.instance import InstanceLock\nInstanceLock(d).acquire()"),
    "memory journal": ("memory.lance/j", "from jarvisd.memory.stores.lance_journal import WriteJournal\n"
                                         "WriteJournal(target).deleted(['x'])"),
    "procedure draft": ("procedures/pattern-budget.md",
                        "from jarvisd.memory.patterns import TaskPattern\n"
                        "from jarvisd.memory.procedure_drafts import PatternDraft, write_draft\n"
                        "write_draft(target.parent, PatternDraft(TaskPattern('budget', 'w', 's', ()), agent='main'))"),
    "wav file": ("out.wav", "import numpy as np\nfrom jarvisd.voice.audio import write_wav\n"
                            "write_wav(target, np.zeros(160, dtype=np.float32), 16000)"),
}

DRIVER = r'''
import json, os, sys, threading, traceback
from pathlib import Path
d, rel, kind, body = Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
target = d / rel
out = {}
def run():
    try:
        exec(body, {"d": d, "target": target})
        out["outcome"] = "ok"
    except Exception as exc:   # what the caller is handed: its message is what the user is told
        out["outcome"], out["text"], out["type"] = "error", str(exc), type(exc).__name__
worker = threading.Thread(target=run, daemon=True)
worker.start()
worker.join(30)
if worker.is_alive():
    out["outcome"] = "hang"
print(json.dumps(out))
sys.stdout.flush()
os._exit(0)
'''


def _without_dac() -> list[str] | None:
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        return None
    return ["setpriv", "--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search,-fowner"]


def _make(kind: str, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
        (target / "x").write_text("kept\n")
    elif kind == "dangling":
        target.symlink_to(target.parent / "gone" / "nothing")
    elif kind == "mode000":
        target.write_text("")
        target.chmod(0)


def _write_through(tmp: Path, writer: str, kind: str, prefix: list[str]) -> tuple[dict, str, Path]:
    rel, body = WRITERS[writer]
    d = tmp / f"{writer.replace(' ', '-')}-{kind}" / "data"
    d.mkdir(parents=True)
    target = d / rel
    _make(kind, target)
    env = dict(os.environ, PYTHONPATH=str(ROOT), JARVIS_HOME=str(d.parent))
    done = subprocess.run([*prefix, sys.executable, "-c", DRIVER, str(d), rel, kind, body], env=env,
                          capture_output=True, text=True, timeout=120)
    lines = done.stdout.strip().splitlines()
    return (json.loads(lines[-1]) if lines else {"outcome": "no answer"}), done.stderr, target


def _sweep(tmp: Path, writers: list[str]) -> list[str]:
    prefix = _without_dac()
    if prefix is None:
        pytest.skip("root without setpriv: mode 000 cannot be refused")
    wrong = []
    for writer in writers:
        for kind in KINDS:
            result, stderr, target = _write_through(tmp, writer, kind, prefix)
            where = f"{writer} as {kind}"
            if "Traceback" in stderr:
                wrong.append(f"{where}: a traceback: {stderr.strip().splitlines()[-1]}")
            if result["outcome"] == "ok":
                if target.is_symlink() and kind != "dangling":
                    continue
                if not target.is_file() and kind != "dangling" and writer != "memory journal":
                    wrong.append(f"{where}: said written, but {target} is not a file")
            elif result["outcome"] == "error":
                text = result["text"]
                if "\n" in text.strip() or target.name not in text:
                    wrong.append(f"{where}: not one line naming {target.name}: {text!r}")
            else:
                wrong.append(f"{where}: {result['outcome']}")
    return wrong


def test_every_writer_against_each_wrong_kind_ends_in_one_line_or_a_file(tmp_path):
    """Before doors77: `write_wav` to a FIFO waited for a reader for good (`open(path, "wb")`): the one hang of the 40
    cases; the others already ended in a file or a line naming it (each writer's own checks, now the door's)."""
    assert _sweep(tmp_path, list(WRITERS)) == []


def test_a_fifo_in_a_writers_place_never_holds_the_open(tmp_path):
    """The door refuses a FIFO with a reader waiting too (the open succeeds then, the kind is refused)."""
    from jarvisd.datafiles import NotARegularFile, open_append, write_whole

    fifo = tmp_path / "log"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        with pytest.raises(NotARegularFile, match="not a regular file"):
            open_append(fifo)
        with pytest.raises(NotARegularFile):
            write_whole(fifo, [b"x"])
    finally:
        os.close(reader)
    with pytest.raises(NotARegularFile):   # no reader: ENXIO, said as the kind it is
        write_whole(fifo, [b"x"])
    with pytest.raises(IsADirectoryError):
        open_append(tmp_path)


def test_replace_atomically_leaves_the_old_file_or_the_new_and_no_spare(tmp_path):
    from jarvisd.datafiles import replace_atomically

    target = tmp_path / "f"
    target.write_bytes(b"old\n")

    def broken():
        yield b"half"
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError):
        replace_atomically(target, broken())
    assert target.read_bytes() == b"old\n" and sorted(p.name for p in tmp_path.iterdir()) == ["f"]
    replace_atomically(target, [b"new", b"\n"])
    assert target.read_bytes() == b"new\n" and oct(target.stat().st_mode & 0o777) == oct(0o600)


# --- the file lows of passes 72-76 -----------------------------------------------------------------------------


def _doctor(home: Path, prefix: list[str]) -> str:
    env = dict(os.environ, JARVIS_HOME=str(home), PYTHONPATH=str(ROOT), OLLAMA_HOST="http://127.0.0.1:9",
               JARVIS_LLM__CONNECT_TIMEOUT_SEC="0.5")
    done = subprocess.run([*prefix, sys.executable, "-m", "jarvisd", "doctor"], env=env, capture_output=True,
                          text=True, timeout=180)
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


@pytest.mark.parametrize("mode", [0o000, 0o200])   # held out: write-only, no way in either
def test_the_agenda_line_defers_to_the_data_dir_line_when_the_folder_cannot_be_used(tmp_path, mode):
    """Before: with `data/` mode 000 the agenda and reminders lines advised `chmod u+rw …/agenda.owner`, a file the
    user cannot reach through its folder; the data dir line gives the fix (chmod u+rwx data)."""
    prefix = _without_dac()
    if prefix is None:
        pytest.skip("root without setpriv")
    data = tmp_path / "home" / "data"
    data.mkdir(parents=True)
    (data / "agenda.owner").write_text("me\n")
    (data / "openloops.jsonl").write_text("")
    data.chmod(mode)
    try:
        out = _doctor(tmp_path / "home", prefix)
    finally:
        data.chmod(0o700)
    lines = {line.split(":", 1)[0].strip(): line for line in out.splitlines() if ":" in line}
    assert f"chmod u+rwx {data}" in lines["data dir"]
    for part in ("agenda", "reminders"):
        assert "agenda.owner" not in lines[part].split("(")[0] and "chmod" not in lines[part], lines[part]
        assert "see the data dir line" in lines[part], lines[part]


def test_guard_a_usable_data_folder_still_counts_the_agenda_and_a_file_in_its_place_defers(tmp_path):
    """Guard: a folder this user can use is read as before (no error); held out: a file where the data folder goes
    (not a permission at all) also defers to the data dir line."""
    from jarvisd.config import load_config
    from jarvisd.doctor import agenda_report, reminders_report

    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    cfg = load_config(env={"JARVIS_HOME": str(home)})
    assert agenda_report(cfg)["error"] is None and reminders_report(cfg)["error"] is None
    (home / "data").rmdir()
    (home / "data").write_text("not a folder\n")
    assert "see the data dir line" in agenda_report(cfg)["error"]
    assert "see the data dir line" in reminders_report(cfg)["error"]


@pytest.mark.parametrize("kind", ["socket", "loop", "fifo"])
def test_the_token_line_names_the_file_once_and_says_remove_it(tmp_path, kind, caplog):
    """Before: `hud.token` a socket or a link loop: "cannot use the token file X (cannot use the token file X (No such
    device or address): give your user read and write access …)" (twice, and a fix that is none); held out: a FIFO."""
    import asyncio

    from jarvisd.daemon import _start_hud
    from jarvisd.hud.security import TOKEN_FILE, token_state

    path = tmp_path / TOKEN_FILE
    if kind == "socket":
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(path))
    elif kind == "loop":
        path.symlink_to(path)
    else:
        os.mkfifo(path)
    doctor = token_state(tmp_path)
    assert doctor is not None and doctor.count(str(path)) == 1 and "remove it" in doctor, doctor
    assert "read and write access" not in doctor

    class Cfg:
        class paths:
            data_dir = tmp_path

    class D:
        cfg = Cfg

        @property
        def hud_token(self):
            from jarvisd.hud.security import load_or_create_token
            return load_or_create_token(tmp_path)

    with caplog.at_level(logging.ERROR, logger="jarvisd.daemon"):
        asyncio.run(_start_hud(D()))
    said = [r.getMessage() for r in caplog.records if r.getMessage().startswith("hud:")]
    assert len(said) == 1 and said[0].count(str(path)) == 1 and "remove it" in said[0], said


def test_a_damaged_model_file_rebuilt_at_start_is_said(tmp_path, caplog):
    """Before (pass76's low): Whisper's `model.bin` of zeros was rebuilt at `run`'s start (a 145 MB rewrite) without a
    line. Here a small assembled model of the manifest is damaged in place and prepared again."""
    from jarvisd.manifest import ModelStore

    store = ModelStore(tmp_path / "models")
    model = next((m for m in store.package_models() if m.assembled and store.size(m) < 80 << 20), None)
    if model is None:
        pytest.skip("no small assembled model in the manifest")
    try:
        store.prepare(model.name)
    except Exception as exc:  # noqa: BLE001 - its package is not installed here
        pytest.skip(f"{model.name} cannot be prepared here: {exc}")
    damaged = store.models_dir / model.name / model.files[0].name
    size = damaged.stat().st_size
    damaged.write_bytes(b"\0" * size)
    with caplog.at_level(logging.WARNING, logger="jarvisd.manifest"):
        store.prepare(model.name)
    said = [r.getMessage() for r in caplog.records]
    assert any(str(damaged) in line and "damaged" in line and "rebuilding" in line for line in said), said
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="jarvisd.manifest"):   # guard: a sound model is not said again
        store.prepare(model.name)
    assert not caplog.records


def _store_with(tmp_path: Path, vectors: dict[str, list[float]]):
    from jarvisd.memory.items import new_item
    from jarvisd.memory.stores.lance import LanceMemoryStore
    from tests.memory.memory_fixtures import T0

    store = LanceMemoryStore(str(tmp_path / "memory.lance"), dimensions=16)
    store.upsert([new_item(user="u1", agent="main", session="s", source="explicit", content=content, created_at=T0,
                           item_id=f"i{n}", vector=tuple(vector)) for n, (content, vector) in enumerate(vectors.items())])
    store.close()


@pytest.mark.parametrize("bad", [float("inf"), 3e38, -float("inf")])   # held out: -inf
def test_memory_rows_with_infinite_or_huge_vectors_start_without_numpy_warnings(tmp_path, bad, caplog):
    """Before (pass75's low): rows of `inf` or 3e38 printed numpy's overflow and invalid-divide RuntimeWarnings on
    stderr at start. Now the row's vector is not used (as a row without one: found by its words), one log line."""
    from jarvisd.memory.access import AccessFilter
    from jarvisd.memory.stores.base import StoreQuery
    from jarvisd.memory.stores.lance import LanceMemoryStore

    good = [0.25] * 16
    _store_with(tmp_path, {"the safe code is 5599": [bad] * 16, "the plain fact here": good})
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        with caplog.at_level(logging.WARNING):
            store = LanceMemoryStore(str(tmp_path / "memory.lance"), dimensions=16)
            try:
                me = AccessFilter("u1", ("main",), ("main",))
                found = store.search(StoreQuery(access=me, terms=("safe",), vector=tuple(good), limit=5))
                assert "i0" in [hit.item.id for hit in found]   # its fact is still recalled, by its words
            finally:
                store.close()
    assert any("not usable" in r.getMessage() for r in caplog.records)


def test_guard_sound_vectors_are_used_as_they_are(tmp_path, caplog):
    """Guard: large but sound vectors (norm 1e6) keep their cosine; nothing is said."""
    from jarvisd.memory.stores.lance_resident import _usable

    sound = np.full((3, 16), 1e6, dtype=np.float32)
    assert _usable(sound) is sound
    mixed = np.vstack([sound, np.full((1, 16), np.nan, dtype=np.float32)])
    assert not _usable(mixed)[3].any() and (_usable(mixed)[:3] == 1e6).all()
