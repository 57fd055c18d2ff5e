"""One agenda record never stops the daemon (issue 18, point 2): dues are bounded where the judge
reads them, a store skips and quarantines a record it cannot use, and reminder planning skips a loop
it cannot plan."""

from __future__ import annotations

import json
import logging
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.lance_store import LanceLoopStore
from jarvisd.openloop.model import LoopStatus, OpenLoop
from jarvisd.openloop.rules import MalformedItem, parse_due, parse_proposed
from jarvisd.openloop.stores import QUARANTINE_NAME, JsonlLoopStore
from jarvisd.reflect.quiet_hours import QuietHours
from jarvisd.reflect.reminders import plan_reminders

SEOUL = ZoneInfo("Asia/Seoul")
NOW_MS = int(datetime(2026, 12, 1, 12, 0, tzinfo=SEOUL).timestamp() * 1000)
HOUR_MS = 3_600_000


def good(loop_id: str = "a" * 32, due_ms: int | None = NOW_MS + 5 * HOUR_MS) -> dict:
    return OpenLoop(id=loop_id, desc="send the report", status=LoopStatus.OPEN, created_ms=NOW_MS,
                    updated_ms=NOW_MS, due_ms=due_ms).to_record()


@pytest.mark.parametrize("due", ["9999-12-31 23:59", "2037-01-01 09:00", "1999-12-31 10:00", "0001-01-01 00:00"])
def test_the_judge_refuses_a_due_before_2000_or_more_than_ten_years_ahead(due):
    date, time = due.split()
    with pytest.raises(MalformedItem, match="outside 2000"):
        parse_due(date, time, SEOUL, now_ms=NOW_MS)
    with pytest.raises(MalformedItem):
        parse_proposed(f"send the report @{due}", SEOUL)  # against today's clock


def test_the_judge_still_reads_a_due_within_ten_years():
    assert parse_due("2036-11-30", "09:00", SEOUL, now_ms=NOW_MS) > NOW_MS
    assert parse_due("2026-12-02", None, SEOUL, now_ms=NOW_MS) > NOW_MS


BAD_LINES = {
    2: ({**good("b" * 32), "due_ms": 253_402_300_740_000}, "due_ms"),     # 9999-12-31 23:59
    3: ({**good("c" * 32), "due_ms": 10**20}, "due_ms"),                  # OSError: Value too large
    4: ({**good("d" * 32), "status": "snoozed"}, "snoozed"),
    5: ({k: v for k, v in good("e" * 32).items() if k != "id"}, "missing field 'id'"),
    6: ([1, 2, 3], "JSON object"),
    7: ({**good("f" * 32), "created_ms": "yesterday"}, "yesterday"),
}


def write_agenda(path: Path) -> None:
    lines = [good()] + [record for record, _ in BAD_LINES.values()] + [good("g" * 32, None)]
    path.write_text("".join(json.dumps(r) + "\n" for r in lines), encoding="utf-8")


def test_the_jsonl_loader_skips_and_quarantines_each_unusable_record(tmp_path, caplog):
    path = tmp_path / "openloops.jsonl"
    write_agenda(path)
    with caplog.at_level(logging.WARNING, "jarvisd.openloop.stores"):
        loops = JsonlLoopStore(path).load()
    assert [loop.id for loop in loops] == ["a" * 32, "g" * 32]
    quarantined = [json.loads(line) for line in (tmp_path / QUARANTINE_NAME).read_text().splitlines()]
    assert [q["where"] for q in quarantined] == [f"{path} line {n}" for n in BAD_LINES]
    for q, (_, reason) in zip(quarantined, BAD_LINES.values(), strict=True):
        assert reason in q["reason"]
    for number in BAD_LINES:
        assert f"line {number} is unreadable" in caplog.text
    JsonlLoopStore(path).load()  # the next start does not copy them again
    assert len((tmp_path / QUARANTINE_NAME).read_text().splitlines()) == len(BAD_LINES)


def test_the_lancedb_loader_skips_and_quarantines_an_unusable_row(tmp_path):
    uri = tmp_path / "memory.lance"
    store = LanceLoopStore(str(uri))
    store.save(OpenLoop.from_record(good()))
    store.save(OpenLoop.from_record({**good("c" * 32), "due_ms": 10**18}))
    assert [loop.id for loop in LanceLoopStore(str(uri)).load()] == ["a" * 32]
    (quarantined,) = [json.loads(line) for line in (uri / QUARANTINE_NAME).read_text().splitlines()]
    assert quarantined["where"].endswith("row 2") or quarantined["where"].endswith("row 1")
    assert "due_ms" in quarantined["reason"]


def test_reminder_planning_skips_a_loop_it_cannot_plan_and_plans_the_rest(caplog):
    loops = [OpenLoop.from_record({**good("c" * 32), "due_ms": 10**20}),
             OpenLoop.from_record({**good("b" * 32), "due_ms": 253_402_300_740_000}),
             OpenLoop.from_record(good())]
    with caplog.at_level(logging.WARNING, "jarvisd.reflect.reminders"):
        plan = plan_reminders(loops, now_ms=NOW_MS, tz=SEOUL, quiet=QuietHours.parse("22:00-08:00"))
    assert {p.key.loop_id for p in plan} == {"a" * 32}
    assert "cccccccc" in caplog.text and "cannot be planned" in caplog.text
