"""procedural (5), faithfulness (3), episode_filter (5) and consolidation (6)."""

from __future__ import annotations

from datetime import timedelta

from jarvisd.memory.consolidation import ExtractedFact, consolidate
from jarvisd.memory.eval.harness import Case, Harness
from jarvisd.memory.patterns import TaskPattern
from jarvisd.memory.scope import MemoryScope

ME = MemoryScope("alice", "main", "s1")
LATER = ME.in_session("s2")
BUDGET = TaskPattern("예산 추천", "예산 추천을 부탁할 때", "지난달 카드 내역부터 본다", ("예산", "가계부"))


# ---- procedural --------------------------------------------------------------------------------

def _pattern_by_name(h: Harness) -> bool:
    h.svc.remember_pattern(ME, BUDGET)
    return [i.metadata["name"] for i in h.observe(LATER, "예산 추천 해줘").patterns] == ["예산 추천"]


def _pattern_by_alias_with_particle(h: Harness) -> bool:
    h.svc.remember_pattern(ME, BUDGET)
    return len(h.observe(LATER, "가계부를 봐줘").patterns) == 1


def _pattern_not_on_unrelated(h: Harness) -> bool:
    h.svc.remember_pattern(ME, BUDGET)
    return h.observe(LATER, "내일 날씨 알려줘").patterns == []


def _pattern_same_name_once(h: Harness) -> bool:
    h.svc.remember_pattern(ME, BUDGET)
    h.svc.remember_pattern(ME, TaskPattern("예산 추천", "예산", "고정비부터 본다", ("예산",)))
    pats = h.svc.patterns(ME)
    return len(pats) == 1 and "고정비" in pats[0].content


def _pattern_not_in_recall_block(h: Harness) -> bool:
    h.svc.remember_pattern(ME, BUDGET)
    ctx = h.observe(LATER, "예산 추천 해줘")
    return all(s.item.kind != "procedural" for s in ctx.recalled) and "[작업 패턴]" in ctx.prompt_block()


# ---- faithfulness: facts planted in a /compact summary survive ----------------------------------

SUMMARY = "대화 요약: 사용자는 강아지 보리를 키우고, 이사 예산은 1,200만원이며, 매주 화요일에 필라테스를 한다."


def _compact(query: str, expect: str):
    def run(h: Harness) -> bool:
        h.svc.record_episode(ME, "manual_compact", SUMMARY, key="compact-1")
        for n in range(5):
            h.turn(ME, f"잡담 {n}", "네")
        return expect in h.observe(LATER, query).text()
    return run


def _compact_survives_forget(h: Harness) -> bool:
    h.svc.record_episode(ME, "manual_compact", SUMMARY, key="compact-1")
    h.turn(ME, "잡담", "네")
    h.svc.forget_session(ME)
    return "필라테스" in h.observe(LATER, "필라테스 무슨 요일이지?").text()


# ---- episode_filter: recall_episodes(query, task_type, outcome, since, until) ------------------

def _history(h: Harness) -> None:
    h.turn(ME, "대출 이자 계산 (1)", "금리 누락", tool="loan_calc", error=True)
    h.clock.advance(days=2)
    h.turn(ME, "대출 이자 계산 (2)", "월 52만원", tool="loan_calc")
    h.turn(ME, "환율 계산", "13만원", tool="fx")
    h.clock.advance(days=3)
    h.turn(ME, "대출 한도 조회", "한도 초과", tool="loan_calc", error=True)


def _turns(items) -> list[int]:
    return [int(i.metadata["turn"]) for i in items]


def _by_task(h: Harness) -> bool:
    _history(h)
    return _turns(h.episodes(LATER, task_type="loan_calc")) == [4, 2, 1]


def _by_outcome(h: Harness) -> bool:
    _history(h)
    return _turns(h.episodes(LATER, task_type="loan_calc", outcome="failure")) == [4, 1]


def _by_dates_inclusive(h: Harness) -> bool:
    _history(h)
    day = (h.clock.now - timedelta(days=3)).date()
    return _turns(h.episodes(LATER, since=day, until=day)) == [3, 2]


def _by_query(h: Harness) -> bool:
    _history(h)
    return _turns(h.episodes(LATER, query="한도", outcome="failure")) == [4]


def _filter_keeps_policy(h: Harness) -> bool:
    _history(h)
    return h.episodes(MemoryScope("alice", "karen", "k"), task_type="loan_calc") == []


# ---- consolidation -----------------------------------------------------------------------------

def _facts(*facts: ExtractedFact):
    return lambda utterances: list(facts)


def _consolidation_fact(h: Harness) -> bool:
    h.turn(ME, "나 땅콩 먹으면 두드러기 나", "조심하세요")
    report = consolidate(h.svc, ME, _facts(ExtractedFact("알레르기", "땅콩", 0.9)))
    (fact,) = report.facts
    return fact.source == "extracted" and bool(fact.metadata.get("from_episode"))


def _consolidation_idempotent(h: Harness) -> bool:
    h.turn(ME, "나 땅콩 먹으면 두드러기 나", "조심하세요")
    extract = _facts(ExtractedFact("알레르기", "땅콩", 0.9))
    consolidate(h.svc, ME, extract)
    count = h.svc.store.count()
    again = consolidate(h.svc, ME, extract)
    return again.facts == [] and h.svc.store.count() == count


def _consolidation_drops_unimportant(h: Harness) -> bool:
    h.turn(ME, "오늘 좀 피곤하네", "푹 쉬세요")
    return consolidate(h.svc, ME, _facts(ExtractedFact("기분", "피곤", 0.3))).facts == []


def _three_successes(h: Harness) -> bool:
    for n in range(3):
        h.turn(ME, f"환율 계산 {n}", "완료", tool="fx")
    return consolidate(h.svc, ME, _facts()).procedure_candidates == ["fx"]


def _two_successes(h: Harness) -> bool:
    for n in range(2):
        h.turn(ME, f"환율 계산 {n}", "완료", tool="fx")
    return consolidate(h.svc, ME, _facts()).procedure_candidates == []


def _failures_do_not_count(h: Harness) -> bool:
    for n in range(2):
        h.turn(ME, f"환율 계산 {n}", "완료", tool="fx")
    h.turn(ME, "환율 계산 실패", "오류", tool="fx", error=True)
    h.turn(ME, "그냥 대화", "네")
    return consolidate(h.svc, ME, _facts()).procedure_candidates == []


CASES = [
    Case("procedural", "pattern by name", _pattern_by_name),
    Case("procedural", "pattern by keyword with particle", _pattern_by_alias_with_particle),
    Case("procedural", "no pattern on unrelated request", _pattern_not_on_unrelated),
    Case("procedural", "same name saved once", _pattern_same_name_once),
    Case("procedural", "patterns outside the recall block", _pattern_not_in_recall_block),
    Case("faithfulness", "name in /compact summary", _compact("우리 강아지 이름 뭐였지?", "보리")),
    Case("faithfulness", "amount in /compact summary", _compact("이사 예산은?", "1,200만원")),
    Case("faithfulness", "summary survives forget_session", _compact_survives_forget),
    Case("episode_filter", "by task type", _by_task),
    Case("episode_filter", "by outcome", _by_outcome),
    Case("episode_filter", "by inclusive dates", _by_dates_inclusive),
    Case("episode_filter", "by query and outcome", _by_query),
    Case("episode_filter", "inside the read policy", _filter_keeps_policy),
    Case("consolidation", "fact with source turn", _consolidation_fact),
    Case("consolidation", "idempotent", _consolidation_idempotent),
    Case("consolidation", "importance < 0.5 dropped", _consolidation_drops_unimportant),
    Case("consolidation", "3 successes -> procedure candidate", _three_successes),
    Case("consolidation", "2 successes are not enough", _two_successes),
    Case("consolidation", "failures do not count", _failures_do_not_count),
]
