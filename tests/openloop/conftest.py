"""Shared fixtures: a hand-driven clock, Seoul wall-clock times, and the bench pairs read in place
from ../shared/bench (never copied into the repository)."""

from __future__ import annotations

import csv
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore

REPO = Path(__file__).resolve().parents[2]
DEV_PAIRS = REPO.parent / "shared" / "bench" / "openloop-pairs-dev.tsv"
SEOUL = ZoneInfo("Asia/Seoul")


def _local_ms(text: str, tz: ZoneInfo = SEOUL) -> int:
    return int(datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=tz).timestamp() * 1000)


def agenda_desk(tmp_path: Path, korean: KoreanAnalyzer, now: datetime) -> AgendaDesk:
    """A desk on a real JSONL agenda in `tmp_path`, its clock stopped at `now` (zone: `now`'s)."""
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=now.tzinfo, clock=lambda: now.timestamp())
    return AgendaDesk(service, korean)


TUESDAY = datetime(2026, 12, 1, 9, 0, tzinfo=SEOUL)   # the bench's reference time



def agenda_rows(desk: AgendaDesk, fmt: str = "%Y-%m-%d %H:%M") -> list[tuple[str, str]]:
    """(description, due in `fmt` or "-") of each open promise, in the agenda's order."""
    tz = desk.service.tz
    return [(loop.desc, "-" if loop.due_ms is None else datetime.fromtimestamp(loop.due_ms / 1000, tz).strftime(fmt))
            for loop in desk.service.agenda()]


class FakeClock:
    """UTC epoch seconds, moved by hand."""

    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def set_local(self, text: str, tz: ZoneInfo = SEOUL) -> None:
        self.now = _local_ms(text, tz) / 1000


@pytest.fixture
def saturday_desk(tmp_path: Path, korean: KoreanAnalyzer) -> AgendaDesk:
    """A desk on a real JSONL agenda, its clock stopped at Saturday 2026-12-05 14:00 in Seoul."""
    clock = FakeClock(0)
    clock.set_local("2026-12-05 14:00")
    return AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=SEOUL, clock=clock), korean)


@pytest.fixture
def seoul() -> ZoneInfo:
    return SEOUL


@pytest.fixture
def clock() -> FakeClock:
    c = FakeClock(0)
    c.set_local("2026-10-15 14:00")
    return c


@pytest.fixture
def local_ms() -> Callable[..., int]:
    """`local_ms("2026-10-16 15:00")` -> UTC epoch ms of that Seoul wall-clock time."""
    return _local_ms


@pytest.fixture(scope="session")
def dev_pairs() -> list[tuple[str, str, str]]:
    """(label, a, b) rows of ../shared/bench/openloop-pairs-dev.tsv; label is `same` or `diff`."""
    with DEV_PAIRS.open(encoding="utf-8") as fh:
        return [(row["label"], row["a"], row["b"]) for row in csv.DictReader(fh, delimiter="\t")]


def said_after(desk: AgendaDesk, promises: list[str], correction: str) -> str:
    """The desk's reply to `correction` said after `promises` (one session), which must be an agenda reply."""
    for promise in promises:
        desk.handle(promise, "s")
    said = desk.handle(correction, "s")
    assert said is not None
    return said.text


def said_to(desk: AgendaDesk, *utterances: str, session: str = "s") -> list[str | None]:
    """What the desk answers to each utterance in turn (None: not the agenda's)."""
    replies = [desk.handle(text, session) for text in utterances]
    return [None if reply is None else reply.text for reply in replies]
