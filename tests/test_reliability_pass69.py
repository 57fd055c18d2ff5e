"""Ninth adversarial pass (pass69, issue 18): the issue's kinds of fault, new cases (docs/reliability.md,
"Ninth adversarial pass (pass69)")."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import QUARANTINE_NAME, JsonlLoopStore
from tests.openloop.conftest import SEOUL

MONDAY = datetime(2026, 12, 7, 7, 30, tzinfo=SEOUL)


def _ms(text: str) -> int:
    return int(datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=SEOUL).timestamp() * 1000)


def _record(letter: str, desc: str, due: str) -> dict:
    created = int(MONDAY.timestamp() * 1000) - 3_600_000
    return {"id": letter * 32, "desc": desc, "status": "open", "created_ms": created, "updated_ms": created,
            "due_ms": _ms(due), "session": "chat", "evidence": None, "closed_ms": None, "remind_ms": None,
            "muted_ms": None, "repeat": None, "skips": None, "until": None}


RECORDS = [_record("a", "보고서 보내기", "2026-12-08 15:00"), _record("b", "call mom 📞", "2026-12-08 17:00"),
           _record("c", "send the invoice to 김민", "2026-12-11 23:59")]


def _text(newline: str = "\n") -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + newline for r in RECORDS)


def _service(path: Path, **kw) -> OpenLoopService:
    return OpenLoopService(JsonlLoopStore(path, **kw), tz=SEOUL, clock=lambda: MONDAY.timestamp())


# Notepad's "Unicode" (UTF-16 with a BOM), its "Unicode big endian", UTF-16 without a BOM, UTF-32
WIDE = [("utf-16", "\n"), ("utf-16", "\r\n"), ("utf-16-be", "\n"), ("utf-16-le", "\r\n")]


@pytest.mark.parametrize(("codec", "newline"), WIDE, ids=["utf16-bom", "utf16-bom-crlf", "utf16be-nobom",
                                                          "utf16le-nobom-crlf"])
def test_an_agenda_saved_as_utf16_keeps_its_promises(tmp_path, codec, newline):
    """An agenda log saved by an editor as UTF-16 (a hand edit): split at 0x0A, each line began with the NUL of the
    line before, so every record was quarantined as "'utf-16-le' codec can't decode ... truncated data" and the
    agenda listed "No open loops" (a single-record file was read: `json.loads` guesses UTF-16 itself). Now the log is
    rewritten as UTF-8 (the original kept beside it) and every promise is on the agenda, then kept by the next write."""
    path = tmp_path / "openloops.jsonl"
    original = _text(newline).encode(codec)
    path.write_bytes(original)
    service = _service(path)
    assert sorted(loop.desc for loop in service.agenda()) == sorted(r["desc"] for r in RECORDS)
    assert not (tmp_path / QUARANTINE_NAME).exists()
    assert [p.read_bytes() for p in tmp_path.glob("openloops.jsonl.utf*")] == [original]
    service.store.save(service.agenda()[0])   # the next append is UTF-8 in a UTF-8 log: all read at the next start
    again = _service(path)
    assert len(again.agenda()) == 3 and not (tmp_path / QUARANTINE_NAME).exists()


def test_held_out_utf32_and_the_read_only_doctor(tmp_path):
    """UTF-32 with a BOM; the doctor's read-only store reads a UTF-16 log as it is and leaves the file alone."""
    path = tmp_path / "openloops.jsonl"
    path.write_bytes(_text().encode("utf-32"))
    assert len(_service(path).agenda()) == 3
    wide = tmp_path / "ro" / "openloops.jsonl"
    wide.parent.mkdir()
    wide.write_bytes(_text("\r\n").encode("utf-16"))
    store = JsonlLoopStore(wide, read_only=True)
    assert sorted(loop.desc for loop in store.load()) == sorted(r["desc"] for r in RECORDS)
    assert wide.read_bytes() == _text("\r\n").encode("utf-16") and not (wide.parent / QUARANTINE_NAME).exists()


def test_guard_a_utf8_log_with_a_bom_crlf_and_a_damaged_line_is_read_as_before(tmp_path):
    """UTF-8 (with a BOM and CRLF, as pass 60 read it) is not touched; a damaged line is still quarantined alone."""
    path = tmp_path / "openloops.jsonl"
    data = b"\xef\xbb\xbf" + _text("\r\n").encode() + b'{"id": "dd", "desc": \x00\x00garbage\n'
    path.write_bytes(data)
    assert len(_service(path).agenda()) == 3
    assert path.read_bytes() == data and not list(tmp_path.glob("openloops.jsonl.utf*"))
    assert (tmp_path / QUARANTINE_NAME).exists()


@pytest.mark.parametrize("filler", [b"\x00", b"\x00\x00\x00"], ids=["one-nul", "three-nuls"])
def test_guard_a_crash_filler_before_a_utf8_record_is_not_taken_for_utf16(tmp_path, filler):
    """A crash's NULs before the first UTF-8 record (pass 38) start like UTF-16BE/UTF-32BE without a BOM: the file is
    not rewritten, the record read beside its NULs as before."""
    path = tmp_path / "openloops.jsonl"
    data = filler + _text().encode()
    path.write_bytes(data)
    assert len(_service(path).agenda()) == 3
    assert path.read_bytes() == data and not list(tmp_path.glob("openloops.jsonl.utf*"))
