"""One contract for every open-loop store (memory, JSONL, LanceDB), plus what only JSONL promises
(a torn last line is tolerated and reported) and crash safety under SIGKILL with a real subprocess."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from jarvisd.openloop.lance_store import LanceLoopStore
from jarvisd.openloop.model import LoopStatus, OpenLoop
from jarvisd.openloop.rules import parse_judgement
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore, LoopStore, MemoryLoopStore

REPO = Path(__file__).resolve().parents[2]
KINDS = ["memory", "jsonl", "lancedb"]
StoreOpener = Callable[[], LoopStore]


def opener(kind: str, tmp_path: Path) -> StoreOpener:
    """A function that opens the store `kind` at one place; calling it again reopens it."""
    if kind == "memory":
        shared = MemoryLoopStore()
        return lambda: shared
    if kind == "jsonl":
        return lambda: JsonlLoopStore(tmp_path / "openloops.jsonl")
    return lambda: LanceLoopStore(str(tmp_path / "agenda.lance"))


@pytest.fixture(params=KINDS)
def open_store(request, tmp_path) -> StoreOpener:
    return opener(request.param, tmp_path)


def make(id_: str, desc: str, created_ms: int, **kw) -> OpenLoop:
    return OpenLoop(id=id_, desc=desc, status=kw.pop("status", LoopStatus.OPEN), created_ms=created_ms,
                    updated_ms=kw.pop("updated_ms", created_ms), **kw)


# ---------------------------------------------------------------- the contract

def test_store_gives_back_every_field_after_reopening(open_store):
    loop = make("1" * 32, "팀장님께 \"분기\" 보고서 보내기 ✓", 5, due_ms=1_792_130_400_000, session="s1",
                evidence="내일 오후 3시까지", closed_ms=None)
    bare = make("2" * 32, "Call mom", 6)
    store = open_store()
    store.save(loop)
    store.save(bare)
    store.close()
    assert open_store().load() == [loop, bare]


def test_store_keeps_the_last_version_of_each_id(open_store):
    store = open_store()
    first = make("a" * 32, "보고서 보내기", 1)
    store.save(first)
    store.save(make("b" * 32, "우유 사기", 2))
    last = make("a" * 32, "보고서 보내기", 1, status=LoopStatus.DONE, updated_ms=9, closed_ms=9, due_ms=7)
    store.save(last)
    loaded = open_store().load()
    assert [loop.id for loop in loaded] == ["a" * 32, "b" * 32]
    assert loaded[0] == last


def test_store_orders_loops_by_creation_then_id(open_store):
    store = open_store()
    for id_, created in (("c" * 32, 3), ("b" * 32, 1), ("a" * 32, 3)):
        store.save(make(id_, id_[:3], created))
    assert [loop.id[0] for loop in open_store().load()] == ["b", "a", "c"]


def test_empty_store_loads_nothing(open_store):
    assert open_store().load() == []


def test_store_without_embedder_gives_no_cosines(open_store):
    assert open_store().cosines("보고서", ["우유", "치과"]) == [None, None]


JUDGEMENTS = [
    ("2026-10-15 14:00", "내일 오후 3시까지 분기 보고서 초안을 팀장님께 보내야 해",
     "open_loops:\n- 분기 보고서 초안 보내기 @2026-10-16 15:00 (근거: 내일 오후 3시까지 분기 보고서 초안을 팀장님께 보내야 해)"),
    ("2026-10-15 14:01", "치과 예약하고 엄마한테 전화해야 해",
     "open_loops:\n- 치과 예약하기 (근거: 치과 예약하고)\n- 엄마한테 전화하기 (근거: 엄마한테 전화해야 해)"),
    ("2026-10-15 14:02", "안과 예약도 해야 해", "open_loops:\n- 안과 예약하기 (근거: 안과 예약도 해야 해)"),
    ("2026-10-15 14:03", "분기 보고서 초안은 모레 10시까지로 바뀌었어",
     "open_loops:\n- 분기 보고서 초안 보내기 @2026-10-17 10:00 (근거: 분기 보고서 초안은 모레 10시까지)"),
    ("2026-10-15 14:04", "엄마한테 전화했어", "open_loops: 없음\nclosed_loops:\n- [2]"),
    ("2026-10-15 14:05", "치과는 취소됐어", "open_loops: 없음"),
    ("2026-10-25 09:00", "오늘 뭐 있지?", "open_loops: 없음"),
]


def run_agenda(store: LoopStore, clock) -> list[dict]:
    counter = iter(range(1, 1000))
    service = OpenLoopService(store, tz=clock.tz, clock=clock, id_factory=lambda: f"{next(counter):032x}")
    views = []
    for at, text, answer in JUDGEMENTS:
        clock.set_local(at)
        shown = service.loops_for_judge("default")
        service.apply_judgement(parse_judgement(answer, clock.tz), text, shown, "default")
        views.append([service.view(loop) for loop in service.agenda()] +
                     [service.view(loop) for loop in service.recently_closed()])
    return views


def test_the_same_conversation_gives_identical_agendas_in_every_store(tmp_path, clock, seoul):
    clock.tz = seoul
    results = {kind: run_agenda(opener(kind, tmp_path / kind)(), clock) for kind in KINDS}
    assert results["memory"] == results["jsonl"] == results["lancedb"]
    final = results["memory"][-1]
    assert [(v["desc"], v["status"]) for v in final] == [
        ("안과 예약하기", "expired"), ("분기 보고서 초안 보내기", "expired"),
        ("치과 예약하기", "dismissed"), ("엄마한테 전화하기", "done")]
    after_new_due = {v["desc"]: v["due"] for v in results["memory"][3]}
    assert after_new_due["분기 보고서 초안 보내기"] == "2026-10-17 10:00"  # the due merged into the same promise
    assert len(results["memory"][3]) == 4  # 치과 and 안과 stayed two promises


def test_reopened_store_gives_the_service_the_same_agenda(open_store, clock, seoul):
    clock.tz = seoul
    before = run_agenda(open_store(), clock)[-1]
    service = OpenLoopService(open_store(), tz=seoul, clock=clock)
    assert [service.view(loop) for loop in service.agenda()] + \
        [service.view(loop) for loop in service.recently_closed()] == before


# ---------------------------------------------------------------- JSONL: the append log

def test_jsonl_tolerates_and_reports_a_torn_last_line(tmp_path):
    path = tmp_path / "openloops.jsonl"
    store = JsonlLoopStore(path)
    store.save(make("a" * 32, "보고서 보내기", 1))
    store.close()
    with path.open("ab") as fh:
        fh.write('{"id": "bbbb", "desc": "우유'.encode())  # a writer died mid-line
    reopened = JsonlLoopStore(path)
    assert [loop.desc for loop in reopened.load()] == ["보고서 보내기"]
    assert reopened.report.torn_tail and reopened.report.skipped_lines == [2]
    reopened.save(make("c" * 32, "치과 예약하기", 2))  # must not glue onto the torn bytes
    again = JsonlLoopStore(path)
    assert [loop.desc for loop in again.load()] == ["보고서 보내기", "치과 예약하기"]
    assert again.report.skipped_lines == [2] and not again.report.torn_tail


def test_jsonl_skips_and_reports_an_unreadable_line_in_the_middle(tmp_path, caplog):
    path = tmp_path / "openloops.jsonl"
    good = make("a" * 32, "보고서 보내기", 1)
    path.write_text(json.dumps(good.to_record()) + "\nnot json\n" + json.dumps({"id": "x"}) + "\n")
    store = JsonlLoopStore(path)
    assert store.load() == [good]
    assert store.report.skipped_lines == [2, 3] and store.report.records == 1
    assert "line 2 is unreadable" in caplog.text


def test_jsonl_appends_one_line_per_save(tmp_path):
    path = tmp_path / "openloops.jsonl"
    store = JsonlLoopStore(path)
    store.save(make("a" * 32, "보고서", 1))
    store.save(make("a" * 32, "보고서", 1, status=LoopStatus.DONE, closed_ms=2))
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["status"] for line in lines] == ["open", "done"]
    assert "보고서" in lines[0]  # readable UTF-8, not \\u escapes


# ---------------------------------------------------------------- crash safety

WRITER = textwrap.dedent("""
    import sys
    sys.path.insert(0, {repo!r})
    from jarvisd.openloop.model import LoopStatus, OpenLoop
    from jarvisd.openloop.stores import JsonlLoopStore
    from jarvisd.openloop.lance_store import LanceLoopStore
    store = JsonlLoopStore({path!r}) if {kind!r} == "jsonl" else LanceLoopStore({path!r})
    n = 0
    while True:
        n += 1
        loop = OpenLoop(id=f"{{n:032x}}", desc="약속 " + "x" * (n % 200), status=LoopStatus.OPEN,
                        created_ms=n, updated_ms=n)
        store.save(loop)
        print(loop.id, flush=True)  # acknowledged: save returned
""")


@pytest.mark.slow  # a writer subprocess killed mid-append
@pytest.mark.parametrize("kind", ["jsonl", "lancedb"])
def test_writer_killed_mid_append_loses_no_acknowledged_loop(tmp_path, kind):
    path = str(tmp_path / ("openloops.jsonl" if kind == "jsonl" else "agenda.lance"))
    proc = subprocess.Popen([sys.executable, "-c", WRITER.format(repo=str(REPO), path=path, kind=kind)],
                            stdout=subprocess.PIPE, text=True)
    acked = []
    try:
        assert proc.stdout is not None
        while len(acked) < 25:
            line = proc.stdout.readline()
            assert line, "the writer stopped before it was killed"
            acked.append(line.strip())
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    acked += [line.strip() for line in proc.stdout.read().splitlines() if line.strip()]
    store = JsonlLoopStore(path) if kind == "jsonl" else LanceLoopStore(path)
    loaded = {loop.id for loop in store.load()}
    assert set(acked) <= loaded
