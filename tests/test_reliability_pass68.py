"""Eighth adversarial pass (pass68, issue 18): the issue's kinds of fault, new cases (docs/reliability.md,
"Eighth adversarial pass (pass68)")."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import QUARANTINE_NAME, JsonlLoopStore
from tests.openloop.conftest import SEOUL

MONDAY = datetime(2026, 12, 7, 7, 30, tzinfo=SEOUL)


def _ms(text: str) -> int:
    return int(datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=SEOUL).timestamp() * 1000)


def _record(letter: str, desc: str, due: str, evidence: object, **more: object) -> dict:
    created = int(MONDAY.timestamp() * 1000) - 3_600_000
    return {"id": letter * 32, "desc": desc, "status": "open", "created_ms": created, "updated_ms": created,
            "due_ms": _ms(due), "session": "chat", "evidence": evidence, "closed_ms": None, "remind_ms": None,
            "muted_ms": None, "repeat": None, "skips": None, "until": None, **more}


def _desk(tmp_path: Path, korean, records: list[dict]) -> AgendaDesk:
    path = tmp_path / "openloops.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return AgendaDesk(OpenLoopService(JsonlLoopStore(path), tz=SEOUL, clock=lambda: MONDAY.timestamp()), korean)


BAD_EVIDENCE = [12, ["i need to send the report by friday"], {"said": "x"}, 1.5, True]
BAD_IDS = ["number", "list", "object", "float", "bool"]


@pytest.mark.parametrize("evidence", BAD_EVIDENCE, ids=BAD_IDS)
def test_a_promise_whose_words_said_are_not_text_can_be_moved(tmp_path, korean, evidence):
    """`evidence` (the words a promise was said in) was the one field of an agenda record the loader took of any type
    (a hand edit, another program): newer desk rooms read it with `.rstrip`, so "move the report to monday" raised
    AttributeError: `jarvisd chat` ended with a traceback, and the daemon's turn failed, every time, for that promise.
    Read as none now (with a log line), the promise kept."""
    desk = _desk(tmp_path, korean, [_record("b", "send the report", "2026-12-11 23:59", evidence)])
    reply = desk.handle("move the report to monday", "chat")
    assert reply is not None and "Monday" in reply.text
    (loop,) = desk.service.agenda()
    assert datetime.fromtimestamp(loop.due_ms / 1000, SEOUL).strftime("%a") == "Mon" and loop.evidence is None
    assert not (tmp_path / QUARANTINE_NAME).exists()


@pytest.mark.parametrize("evidence", BAD_EVIDENCE[:3], ids=BAD_IDS[:3])
def test_held_out_a_series_whose_words_are_not_text_is_closed_and_ended(tmp_path, korean, evidence):
    """Other rooms that read the words: a done repeating promise (its day-before anchor), "she's back today" (an end
    said of a routine), a Korean move."""
    series = _record("a", "call mom", "2026-12-07 21:00", evidence, repeat="daily", until="2026-12-20")
    desk = _desk(tmp_path, korean, [series, _record("c", "치과 예약", "2026-12-08 15:00", evidence)])
    assert desk.handle("i called mom", "chat") is not None
    desk.handle("mom is back today", "chat")   # no "while she's away" left to read: the model's turn, no raise
    reply = desk.handle("치과 예약 내일 오후 4시로 바꿔 줘", "chat")
    assert reply is not None
    dentist = next(loop for loop in desk.service.agenda() if loop.desc == "치과 예약")
    assert datetime.fromtimestamp(dentist.due_ms / 1000, SEOUL).strftime("%m-%d %H:%M") == "12-08 16:00"


def test_guard_words_said_as_text_are_kept_and_still_read(tmp_path, korean):
    """Text evidence is read as before: kept through a reload and a move, and "the day before" said in it still moves
    the reminder along with the due."""
    said = "remind me about the report the day before"
    desk = _desk(tmp_path, korean, [_record("b", "send the report", "2026-12-11 23:59", said,
                                            remind_ms=_ms("2026-12-10 09:00"))])
    assert "Monday" in desk.handle("move the report to monday", "chat").text
    reloaded = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=lambda: MONDAY.timestamp())
    (loop,) = reloaded.agenda()
    assert loop.evidence == said
    assert datetime.fromtimestamp(loop.remind_ms / 1000, SEOUL).strftime("%a") == "Sun"
