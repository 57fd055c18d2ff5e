"""isolation (8) and access (8): who may read what."""

from __future__ import annotations

from jarvisd.memory.access import PolicyError, ReadPolicy, parse_policy
from jarvisd.memory.eval.harness import Case, Harness
from jarvisd.memory.patterns import TaskPattern
from jarvisd.memory.scope import MemoryScope

ALICE = MemoryScope("alice", "main", "a1")
BOB = MemoryScope("bob", "main", "b1")
KAREN = MemoryScope("alice", "karen", "k1")


def _other_users_fact(h: Harness) -> bool:
    h.svc.remember(BOB, "거주지: 부산")
    return "부산" not in h.observe(ALICE, "내 거주지 어디야?").text()


def _other_users_episode(h: Harness) -> bool:
    h.turn(BOB, "비밀 프로젝트 코드명은 블루버드", "기억할게요")
    return "블루버드" not in h.recall_text(ALICE, "비밀 프로젝트 코드명")


def _other_agents_episode(h: Harness) -> bool:
    h.turn(KAREN, "전세 대출 상담 내용 정리", "정리했습니다")
    return "전세" not in h.recall_text(ALICE, "전세 대출 상담")


def _other_sessions_window(h: Harness) -> bool:
    h.turn(ALICE.in_session("a2"), "다른 창의 대화", "네")
    ctx = h.observe(ALICE, "안녕")
    return ctx.window == []


def _forget_exact_session(h: Harness) -> bool:
    h.turn(ALICE, "세션 하나 산책", "네")
    h.turn(ALICE.in_session("a10"), "세션 열 산책", "네")
    h.svc.forget_session(ALICE)
    text = h.recall_text(ALICE.in_session("a3"), "산책")
    return "세션 열" in text and "세션 하나" not in text


def _delegated_user(h: Harness) -> bool:
    sub = MemoryScope.delegated(ALICE, "researcher", "r1")
    h.turn(sub, "논문 조사 결과 트랜스포머", "요약했습니다")
    return sub.user == "alice" and "트랜스포머" not in h.recall_text(BOB.in_session("b2"), "논문 조사 트랜스포머")


def _episodes_tool_isolated(h: Harness) -> bool:
    h.turn(BOB, "대출 계산", "완료", tool="loan_calc")
    return h.episodes(ALICE, task_type="loan_calc") == []


def _patterns_isolated(h: Harness) -> bool:
    h.svc.remember_pattern(KAREN, TaskPattern("예산 추천", "예산", "고정비부터", ("예산",)))
    return h.svc.task_patterns(ALICE, "예산 짜줘") == [] and h.svc.patterns(ALICE) == []


def _profile_shared(h: Harness) -> bool:
    h.svc.remember(KAREN, "알레르기: 땅콩")
    return "땅콩" in h.observe(ALICE, "땅콩 들어간 과자 먹어도 돼?").text()


def _edm_default_blocked(h: Harness) -> bool:
    h.turn(ALICE, "가계부 정리 방법 상의", "좋아요")
    return "가계부" not in h.recall_text(KAREN, "가계부 정리 방법")


def _edm_allowed_by_policy(h: Harness) -> bool:
    h.turn(ALICE, "가계부 정리 방법 상의", "좋아요")
    return "가계부" in h.recall_text(KAREN, "가계부 정리 방법")


def _one_directional(h: Harness) -> bool:
    h.turn(KAREN, "월세 계약 조건 검토", "검토했습니다")
    return "월세" not in h.recall_text(ALICE, "월세 계약 조건")


def _pdm_by_policy(h: Harness) -> bool:
    h.svc.remember_pattern(ALICE, TaskPattern("보고서", "보고서 요청", "표로 정리", ("보고서",)))
    return bool(h.svc.task_patterns(KAREN, "보고서 써줘")) and "보고서" not in h.recall_text(KAREN, "보고서")


def _unknown_key_rejected(h: Harness) -> bool:
    try:
        parse_policy({"memory": {"write": {"edm": ["self"]}}})
    except PolicyError:
        return True
    return False


def _policy_never_crosses_users(h: Harness) -> bool:
    h.turn(MemoryScope("bob", "main", "b1"), "가계부 정리 방법 상의", "좋아요")
    h.svc.remember(BOB, "직업: 요리사")
    return "가계부" not in h.recall_text(KAREN, "가계부 정리") and "요리사" not in h.observe(KAREN, "직업").text()


def _thoughts_follow_edm(h: Harness) -> bool:
    h.svc.record_episode(KAREN, "journal", "저널: 주택 청약 준비를 돕는 중")
    return "청약" not in h.recall_text(ALICE, "주택 청약 준비")


KAREN_READS_MAIN = {"karen": ReadPolicy(edm=("self", "main"), pdm=("self", "main"))}

CASES = [
    Case("isolation", "other user's fact", _other_users_fact),
    Case("isolation", "other user's episode", _other_users_episode),
    Case("isolation", "other agent's episode", _other_agents_episode),
    Case("isolation", "other session's window", _other_sessions_window),
    Case("isolation", "forget_session exact id", _forget_exact_session),
    Case("isolation", "delegated user from caller", _delegated_user),
    Case("isolation", "recall_episodes across users", _episodes_tool_isolated),
    Case("isolation", "task patterns across agents", _patterns_isolated),
    Case("access", "profile shared by agents", _profile_shared),
    Case("access", "EDM default self only", _edm_default_blocked),
    Case("access", "EDM opened by policy", _edm_allowed_by_policy, KAREN_READS_MAIN),
    Case("access", "policy is one-directional", _one_directional, KAREN_READS_MAIN),
    Case("access", "PDM opened by policy", _pdm_by_policy, KAREN_READS_MAIN),
    Case("access", "unknown key rejected", _unknown_key_rejected),
    Case("access", "policy never crosses users", _policy_never_crosses_users, KAREN_READS_MAIN),
    Case("access", "journal follows EDM", _thoughts_follow_edm),
]
