"""The AGENDA judge through the real chat protocol with a scripted model."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Sequence

import pytest

from jarvisd.events import AgendaChanged
from jarvisd.llm.base import ChatChunk, Message, ToolSpec
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.openloop.embeddings import LoopEmbeddings
from jarvisd.openloop.judge import AgendaJudge
from jarvisd.openloop.model import LoopStatus
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import MemoryLoopStore

REPORT_INPUT = "내일 오후 3시까지 분기 보고서 초안을 팀장님께 보내야 해"
REPORT_ANSWER = {"text": "open_loops:\n- 분기 보고서 초안 보내기 @2026-10-16 15:00 "
                         "(근거: 내일 오후 3시까지 분기 보고서 초안을 팀장님께 보내야 해)\nclosed_loops: 없음"}


@pytest.fixture
def service(clock, seoul) -> OpenLoopService:
    return OpenLoopService(MemoryLoopStore(), tz=seoul, clock=clock)


class GatedModel:
    """A scripted model that does not answer until the test opens the gate (a slow judge)."""

    supports_tools = True
    name = "gated"

    def __init__(self, answers: list[dict]) -> None:
        self.inner = ScriptedChatModel(answers)
        self.gate = asyncio.Event()

    async def stream(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> AsyncIterator[ChatChunk]:
        await self.gate.wait()
        async for chunk in self.inner.stream(messages, tools):
            yield chunk


async def test_judge_runs_beside_the_reply_and_the_change_is_announced_afterwards(service):
    events: list[str] = []
    model = GatedModel([REPORT_ANSWER])
    service.publish = lambda e: events.append(f"agenda_changed:{len(e.change.opened)}")
    judge = AgendaJudge(model, service)

    async def reply() -> None:
        for _ in range(3):
            await asyncio.sleep(0)
        events.append("reply spoken")

    task = judge.spawn(REPORT_INPUT)
    await reply()  # the reply completes while the judge is still waiting for its model
    assert events == ["reply spoken"] and not task.done()
    model.gate.set()
    change = await task
    assert events == ["reply spoken", "agenda_changed:1"]
    assert [loop.desc for loop in change.opened] == ["분기 보고서 초안 보내기"]


async def test_judge_sees_open_loops_newest_first_and_the_local_time(service, clock, local_ms):
    service.add("우유 사기")
    clock.advance(60)
    service.add("분기 보고서 초안 보내기", due_ms=local_ms("2026-10-20 10:00"))
    model = ScriptedChatModel([{"text": "open_loops: 없음"}])
    await AgendaJudge(model, service).judge("오늘 뭐 해야 하지?")
    [(messages, _tools)] = model.calls
    prompt = messages[-1].content
    assert "[1] 분기 보고서 초안 보내기 (기한 2026-10-20 10:00)\n[2] 우유 사기" in prompt
    assert "[지금] 2026-10-15 14:01 (Asia/Seoul" in prompt
    assert prompt.endswith("[입력]\n오늘 뭐 해야 하지?")
    assert "@YYYY-MM-DD HH:MM (근거:" in messages[0].content


async def test_the_service_announces_the_judgement_once_with_what_it_changed(service):
    seen: list[AgendaChanged] = []
    service.publish = seen.append
    await AgendaJudge(ScriptedChatModel([REPORT_ANSWER]), service).judge(REPORT_INPUT, session="s1")
    assert [(e.reason, [(loop.session, loop.evidence) for loop in e.change.opened]) for e in seen] == \
        [("judgement", [("s1", "내일 오후 3시까지 분기 보고서 초안을 팀장님께 보내야 해")])]


async def test_no_event_when_the_agenda_did_not_change(service):
    seen: list[AgendaChanged] = []
    service.publish = seen.append
    await AgendaJudge(ScriptedChatModel([{"text": "open_loops: 없음"}]), service).judge("안녕")
    assert seen == []


async def test_a_failing_model_still_lets_a_dismissal_close_the_loop(service, caplog):
    await AgendaJudge(ScriptedChatModel([REPORT_ANSWER]), service).judge(REPORT_INPUT)
    seen: list[AgendaChanged] = []
    service.publish = seen.append
    broken = ScriptedChatModel([])  # raises BackendError: no answer left
    change = await AgendaJudge(broken, service).judge("보고서는 취소됐어")
    assert [loop.status for loop in change.closed] == [LoopStatus.DISMISSED]
    assert len(seen) == 1 and "applying the dismissal rule only" in caplog.text


async def test_a_malformed_item_is_dropped_and_the_rest_applies(service):
    answer = {"text": "open_loops:\n- 치과 예약하기 @다음주 (근거: 치과 예약하고)\n- 우유 사기 (근거: 우유 사고)\n"}
    change = await AgendaJudge(ScriptedChatModel([answer]), service).judge("치과 예약하고 우유 사고 와야 해")
    assert [loop.desc for loop in change.opened] == ["우유 사기"]


async def test_a_model_that_never_answers_times_out_without_blocking(service, caplog):
    model = GatedModel([REPORT_ANSWER])  # the gate is never opened
    change = await AgendaJudge(model, service, timeout_sec=0.01).judge(REPORT_INPUT)
    assert not change.changed and service.agenda() == []
    assert "no answer within 0.01 s" in caplog.text  # the log says why, not an empty "()"


async def test_drain_waits_for_every_spawned_judgement(service):
    judge = AgendaJudge(ScriptedChatModel([REPORT_ANSWER, {"text": "open_loops:\n- 우유 사기"}]), service)
    judge.spawn(REPORT_INPUT, "a")
    judge.spawn("우유 사기 잊지 마", "b")
    await judge.drain()
    assert sorted(loop.session for loop in service.agenda()) == ["a", "b"]


class LockWatchingEmbedder:
    """Records, at each embed call, whether another thread could take the service's lock then."""

    name, dimensions = "watching", 2

    def __init__(self) -> None:
        self.service: OpenLoopService | None = None
        self.lock_free: list[bool] = []

    def _probe(self) -> None:
        lock = self.service._lock
        free = lock.acquire(blocking=False)
        if free:
            lock.release()
        self.lock_free.append(free)

    def embed(self, texts):
        probe = threading.Thread(target=self._probe)
        probe.start()
        probe.join()
        return [[1.0, float(len(t) % 3)] for t in texts]


async def test_the_embedder_runs_without_holding_the_agenda_lock(clock, seoul):
    embedder = LockWatchingEmbedder()
    service = OpenLoopService(MemoryLoopStore(LoopEmbeddings(embedder, 0.99)), tz=seoul, clock=clock)
    embedder.service = service
    service.add("우유 사기")
    await AgendaJudge(ScriptedChatModel([REPORT_ANSWER]), service).judge(REPORT_INPUT)
    assert embedder.lock_free == [True]  # one batch, embedded ahead, outside the lock


async def test_the_due_comes_from_the_users_words_not_the_models_arithmetic(service, local_ms):
    wrong_date = {"text": "open_loops:\n- 분기 보고서 초안 보내기 @2026-10-17 09:00 "
                          "(근거: 내일 오후 3시까지 분기 보고서 초안을 팀장님께 보내야 해)"}
    judge = AgendaJudge(ScriptedChatModel([wrong_date]), service)
    change = await judge.judge(REPORT_INPUT)
    assert change.opened[0].due_ms == local_ms("2026-10-16 15:00")


async def test_the_models_due_stays_where_the_words_name_no_time(service, local_ms):
    answer = {"text": "open_loops:\n- 보고서 보내기 @2026-10-16 15:00 (근거: 보고서 보내야 해)"}
    judge = AgendaJudge(ScriptedChatModel([answer]), service)
    change = await judge.judge("보고서 보내야 해")
    assert change.opened[0].due_ms == local_ms("2026-10-16 15:00")
