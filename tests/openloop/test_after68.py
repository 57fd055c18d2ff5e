"""after68: a promise due relative to another ("잔금 이사 전날까지", "return the van two days after the move") is kept tied
to it (`OpenLoop.after`) and moves with it; undo puts both back; one moved by itself drops the link. Real desk, real
stores (JSONL and LanceDB in tmp_path), the clock stopped at Monday 2026-12-07 10:00 in Seoul."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from jarvisd.openloop.model import OpenLoop
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from tests.openloop.conftest import SEOUL, FakeClock


def _clock() -> FakeClock:
    clock = FakeClock(0)
    clock.set_local("2026-12-07 10:00")
    return clock


def _store(kind: str, tmp_path: Path):
    if kind == "lance":
        from jarvisd.openloop.lance_store import LanceLoopStore
        return LanceLoopStore(str(tmp_path / "lance"))
    return JsonlLoopStore(tmp_path / "openloops.jsonl")


def _desk(kind: str, tmp_path: Path, korean: KoreanAnalyzer, clock: FakeClock | None = None) -> AgendaDesk:
    return AgendaDesk(OpenLoopService(_store(kind, tmp_path), tz=SEOUL, clock=clock or _clock()), korean)


def say(desk: AgendaDesk, text: str) -> str:
    reply = desk.handle(text, "s")
    assert reply is not None, text
    return reply.text


def days(desk: AgendaDesk) -> dict[str, str]:
    """Each open promise's due day, "MM-DD"."""
    return {loop.desc: datetime.fromtimestamp(loop.due_ms / 1000, SEOUL).strftime("%m-%d")
            for loop in desk.service.agenda() if loop.due_ms is not None}


def after_link(value: str | None) -> tuple[str, int] | None:
    """`OpenLoop.after` read here, so the file runs on a jarvisd from before the field (each test then fails)."""
    return None if not value else (value.rpartition(":")[0], int(value.rpartition(":")[2]))


def _named(desk: AgendaDesk, desc: str) -> OpenLoop:
    return next(loop for loop in desk.service.agenda() if loop.desc == desc)


KOREAN = ["이사 토요일이야", "잔금 이사 전날까지 보내야돼", "전입신고 이사하고 2주 안에 해야돼", "은행 가기 금요일"]
KEPT_KO = {"이사": "12-12", "잔금 보내기": "12-11", "전입신고하기": "12-26", "은행 가기": "12-11"}


@pytest.mark.parametrize("kind", ["jsonl", "lance"])
def test_korean_promises_tied_to_the_move_move_with_it_and_back(kind, tmp_path, korean):
    desk = _desk(kind, tmp_path, korean)
    for line in KOREAN:
        say(desk, line)
    assert days(desk) == KEPT_KO
    move = _named(desk, "이사")
    assert after_link(_named(desk, "잔금 보내기").after) == (move.id, -1)
    assert after_link(_named(desk, "전입신고하기").after) == (move.id, 14)
    assert getattr(_named(desk, "은행 가기"), "after", "no field") is None   # the same day, said of no other: not tied

    said = say(desk, "이사 일요일로 미뤄줘")
    assert "잔금 보내기도 이번 주 토요일까지로 옮겼어요" in said and "전입신고하기도 12월 27일 일요일까지로 옮겼어요" in said
    assert "은행" not in said
    moved = {"이사": "12-13", "잔금 보내기": "12-12", "전입신고하기": "12-27", "은행 가기": "12-11"}
    assert days(desk) == moved
    # kept on the store: a new desk over the same files reads the links
    again = _desk(kind, tmp_path, korean)
    assert days(again) == moved and after_link(_named(again, "잔금 보내기").after) == (move.id, -1)

    said = say(desk, "되돌려줘")
    assert "잔금 보내기, 다시" in said and "전입신고하기, 다시" in said
    assert days(desk) == KEPT_KO
    assert after_link(_named(desk, "잔금 보내기").after) == (move.id, -1)   # still tied after the undo


@pytest.mark.parametrize("kind", ["jsonl", "lance"])
def test_english_promises_tied_to_the_move_move_with_it(kind, tmp_path, korean):
    desk = _desk(kind, tmp_path, korean)
    say(desk, "i'm moving on saturday")
    assert say(desk, "pay the deposit the day before the move") == "Got it: pay the deposit, by Friday."
    assert say(desk, "i need to return the van two days after the move") == \
        "Got it: return the van, by Monday, December 14."
    say(desk, "buy stamps on friday")
    said = say(desk, "move the move to sunday")
    assert said == ("Updated: move, now Sunday. Moved with it: pay the deposit, now by Saturday; "
                    "and return the van, now by Tuesday, December 15.")
    assert days(desk) == {"move": "12-13", "pay the deposit": "12-12", "return the van": "12-15", "buy stamps": "12-11"}
    say(desk, "undo that")
    assert days(desk) == {"move": "12-12", "pay the deposit": "12-11", "return the van": "12-14", "buy stamps": "12-11"}


@pytest.mark.parametrize(("lines", "move", "kept"), [
    # held out: other things, other words of the relative day and of the move
    (["집들이 1월 9일이야", "집들이 전날 장 봐야 돼", "집들이 다음 날 청소하기"], "집들이 1월 16일로 바뀌었어",
     {"집들이": "01-16", "집들이 장 보기": "01-15", "집들이 청소하기": "01-17"}),
    (["leo's recital is on friday", "buy flowers for leo the day before the recital",
      "i have to send the photos three days after the recital"], "push the recital to saturday",
     {"leo's recital": "12-12", "buy flowers for leo": "12-11", "send the photos": "12-15"}),
])
def test_held_out_ties_move_with_their_promise(lines, move, kept, tmp_path, korean):
    desk = _desk("jsonl", tmp_path, korean)
    for line in lines:
        say(desk, line)
    say(desk, move)
    assert days(desk) == kept


def test_guard_a_dependent_moved_by_itself_drops_the_link(tmp_path, korean):
    desk = _desk("jsonl", tmp_path, korean)
    for line in KOREAN[:2]:
        say(desk, line)
    say(desk, "잔금 목요일로 옮겨줘")
    assert getattr(_named(desk, "잔금 보내기"), "after", "no field") is None
    said = say(desk, "이사 일요일로 미뤄줘")
    assert "잔금" not in said
    assert days(desk) == {"이사": "12-13", "잔금 보내기": "12-10"}


def test_guard_closing_the_anchor_leaves_the_dependent_as_it_is(tmp_path, korean):
    desk = _desk("jsonl", tmp_path, korean)
    say(desk, "i'm moving on saturday")
    say(desk, "pay the deposit the day before the move")
    assert say(desk, "cancel the move") == "OK, I took it off your agenda: move."
    assert days(desk) == {"pay the deposit": "12-11"}


def test_guard_unrelated_promises_on_the_days_do_not_move(tmp_path, korean):
    desk = _desk("jsonl", tmp_path, korean)
    for line in ["i'm moving on saturday", "buy stamps on friday", "call mom on saturday",
                 "return the van on monday"]:
        say(desk, line)
    assert say(desk, "move the move to sunday") == "Updated: move, now Sunday."
    assert days(desk) == {"move": "12-13", "buy stamps": "12-11", "call mom": "12-12", "return the van": "12-14"}


def test_old_records_without_the_link_and_broken_links_are_read_as_none(tmp_path):
    old = {"id": "a1b2c3d4e5", "desc": "pay the deposit", "status": "open", "created_ms": 1, "updated_ms": 1,
           "due_ms": 1_796_547_600_000}
    path = tmp_path / "openloops.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in (
        old, {**old, "id": "b2c3d4e5f6", "after": "not a link"}, {**old, "id": "c3d4e5f6a7", "after": 7},
        {**old, "id": "d4e5f6a7b8", "after": "a1b2c3d4e5:-1"})))
    loops = {loop.id[:2]: getattr(loop, "after", "no field") for loop in JsonlLoopStore(path).load()}
    assert loops == {"a1": None, "b2": None, "c3": None, "d4": "a1b2c3d4e5:-1"}


def test_an_older_lance_table_gets_the_column(tmp_path):
    import lancedb
    import pyarrow as pa

    from jarvisd.openloop.lance_store import SCHEMA, LanceLoopStore
    old = {"id": "a1b2c3d4e5", "desc": "pay the deposit", "status": "open", "created_ms": 1, "updated_ms": 1,
           "due_ms": 1_796_547_600_000}
    db = lancedb.connect(str(tmp_path / "lance"))
    db.create_table("open_loops", schema=pa.schema([f for f in SCHEMA if f.name != "after"]))
    store = LanceLoopStore(str(tmp_path / "lance"))
    store.save(OpenLoop.from_record(old))
    store.save(OpenLoop.from_record({**old, "id": "b2c3d4e5f6", "after": "a1b2c3d4e5:14"}))
    assert sorted((loop.id[:2], getattr(loop, "after", "no field")) for loop in LanceLoopStore(str(tmp_path / "lance")).load()) == \
        [("a1", None), ("b2", "a1b2c3d4e5:14")]


def test_move_named_move_is_a_name_guard_other_orders_still_read(tmp_path, korean):
    desk = _desk("jsonl", tmp_path, korean)
    say(desk, "call bob on friday")
    assert say(desk, "move the call to saturday") == "Updated: call bob, now by Saturday."
    assert say(desk, "change it to sunday") == "Updated: call bob, now by Sunday."
