"""semantic (15), episodic (7), paraphrase (6) and retention (5)."""

from __future__ import annotations

from jarvisd.llm.base import Message
from jarvisd.memory.eval.harness import Case, Harness
from jarvisd.memory.scope import MemoryScope

ME = MemoryScope("alice", "main", "s1")
LATER = ME.in_session("s2")


# ---- semantic ----------------------------------------------------------------------------------

def _supersede_shows_new(h: Harness) -> bool:
    h.svc.remember(ME, "거주지: 부산")
    h.clock.advance(days=3)
    h.svc.remember(ME, "거주지: 서울")
    text = h.recall_text(LATER, "거주지 어디였지?")
    return "서울" in text and "부산" not in text


def _supersede_keeps_old(h: Harness) -> bool:
    old = h.svc.remember(ME, "거주지: 부산")
    new = h.svc.remember(ME, "거주지: 서울")
    (kept,) = h.svc.store.get([old.id], h.svc.policies.access(ME))
    return kept.superseded_by == new.id


def _different_topic_not_superseded(h: Harness) -> bool:
    h.svc.remember(ME, "거주지: 서울")
    h.svc.remember(ME, "직장: 판교")
    return "서울" in h.recall_text(LATER, "거주지") and "판교" in h.recall_text(LATER, "직장")


def _interference_flag(h: Harness) -> bool:
    first = h.svc.remember(ME, "회사 주소: 서울 강남구 테헤란로 152")
    second = h.svc.remember(ME, "집 주소: 서울 강남구 테헤란로 152")
    return second.metadata.get("interference") == [first.id]


def _particle(query: str, fact: str, expect: str):
    def run(h: Harness) -> bool:
        h.svc.remember(ME, fact)
        for n in range(3):
            h.svc.remember(ME, f"기타 사실 {n}: 무관한 값 {n}")
        return expect in h.recall_text(LATER, query)
    return run


def _core_facts_block(h: Harness) -> bool:
    h.svc.remember(ME, "알레르기: 땅콩")
    ctx = h.observe(LATER, "주말에 뭐 할까")
    return any("땅콩" in i.content for i in ctx.core_facts)


def _same_text_once(h: Harness) -> bool:
    h.svc.remember(ME, "생일: 3월 14일")
    h.svc.remember(ME.in_session("s3"), "생일: 3월 14일")
    return h.svc.store.count() == 1


def _english_fact(h: Harness) -> bool:
    h.svc.remember(ME, "Favorite editor: Neovim")
    return "Neovim" in h.recall_text(LATER, "which editor do I like?")


def _case_insensitive(h: Harness) -> bool:
    h.svc.remember(ME, "Laptop: ThinkPad X1")
    return "ThinkPad" in h.recall_text(LATER, "thinkpad 배터리")


def _extracted_with_source(h: Harness) -> bool:
    from jarvisd.memory.consolidation import ExtractedFact, consolidate

    h.turn(ME, "나 새우 먹으면 두드러기가 올라와", "조심하셔야겠어요")
    consolidate(h.svc, ME, lambda u: [ExtractedFact("알레르기", "새우", 0.9)])
    text = h.recall_text(LATER, "알레르기 뭐 있었지?")  # the turn never says 알레르기: source recall
    return "알레르기: 새우" in text and "두드러기" in text


# ---- episodic ----------------------------------------------------------------------------------

def _recent_first(h: Harness) -> bool:
    h.turn(ME, "헬스장 등록 상담", "3개월권 추천")
    h.clock.advance(days=5)
    h.turn(ME, "헬스장 등록 상담 다시", "6개월권 추천")
    found = h.recall(LATER, "헬스장 등록 상담")
    return bool(found) and "6개월권" in found[0].item.content


def _big_event_not_buried(h: Harness) -> bool:
    h.svc.record_episode(ME, "delegation", "결혼식 장소: 서울 신라호텔 영빈관, 하객 200명", importance=0.9)
    for n in range(12):
        h.clock.advance(days=1)
        h.turn(ME, f"결혼식 답례품 고민 {n}", "좋은 생각이에요")
    return "신라호텔" in h.recall_text(LATER, "결혼식 장소 어디였지?")


def _turn_part_evidence(h: Harness) -> bool:
    paras = [f"{n}단계 설명: " + "준비 과정 " * 60 for n in range(1, 4)] + ["마지막 단계: 비밀번호는 오렌지42"]
    h.svc.record_turn(ME, [Message("user", "설치 방법 길게 알려줘"), Message("assistant", "\n\n".join(paras))])
    return "오렌지42" in h.recall_text(LATER, "오렌지42 비밀번호")


def _rewrite_one_item(h: Harness) -> bool:
    h.svc.record_turn(ME, [Message("user", "점심 추천"), Message("assistant", "김밥")], turn=1)
    h.svc.record_turn(ME, [Message("user", "점심 추천"), Message("assistant", "비빔밥")], turn=1)
    text = h.recall_text(LATER, "점심 추천")
    return h.svc.store.count() == 1 and "비빔밥" in text


def _thought_excluded(h: Harness) -> bool:
    h.svc.record_episode(ME, "thought", "사용자가 캠핑 장비를 찾는 듯하다", importance=0.9)
    h.turn(ME, "캠핑 장비 목록", "텐트, 버너")
    found = h.recall(LATER, "캠핑 장비")
    return bool(found) and all(s.item.source != "thought" for s in found)


def _window_excluded_block_full(h: Harness) -> bool:
    for n in range(7):
        h.turn(ME, f"독서 기록 {n}권째", f"{n}권 기록")
    ctx = h.observe(ME, "독서 기록 보여줘")
    turns = {s.item.metadata.get("turn") for s in ctx.recalled}
    return len(ctx.recalled) == 3 and turns.isdisjoint({5, 6, 7})


def _journal_recalled(h: Harness) -> bool:
    h.svc.record_episode(ME, "journal", "이번 주 성찰: 사용자가 마라톤 준비로 무릎 통증을 겪는다")
    return "마라톤" in h.recall_text(LATER, "마라톤 준비")


# ---- paraphrase (vector path: morphology and word pieces, not the same words) -----------------

def _para(fact: str, query: str, expect: str, *, turn: bool = False):
    def run(h: Harness) -> bool:
        if turn:
            h.turn(ME, fact, "알겠습니다")
        else:
            h.svc.remember(ME, fact)
        h.svc.remember(ME, "취미: 우표 수집")
        return expect in h.recall_text(LATER, query)
    return run


# ---- retention: is a fact told N turns ago still in what the model sees? ------------------------

def _retention(gap: int):
    def run(h: Harness) -> bool:
        h.turn(ME, "내 차 번호는 12가 3456이야", "기억할게요")
        for n in range(gap):
            h.turn(ME, f"오늘 할 일 {n}번 정리", f"{n}번 정리했어요")
        return "3456" in h.observe(ME, "내 차 번호 뭐였지?").text()
    return run


def _retention_remembered(h: Harness) -> bool:
    h.svc.remember(ME, "차 번호: 12가 3456")
    for n in range(60):
        h.turn(ME, f"오늘 할 일 {n}번 정리", f"{n}번 정리했어요")
    return "3456" in h.observe(ME, "주차 등록 해야 해").text()


CASES = [
    Case("semantic", "supersede shows the new fact", _supersede_shows_new),
    Case("semantic", "supersede hides, never deletes", _supersede_keeps_old),
    Case("semantic", "other topics untouched", _different_topic_not_superseded),
    Case("semantic", "interference flagged", _interference_flag),
    Case("semantic", "particle 에서?", _particle("서울에서?", "거주지: 서울", "서울")),
    Case("semantic", "particle 은/는", _particle("강아지는 이름이 뭐지", "강아지 이름: 보리", "보리")),
    Case("semantic", "particle 을/를", _particle("커피를 어떻게 마시지?", "커피 취향: 아이스 아메리카노", "아메리카노")),
    Case("semantic", "particle 으로", _particle("부산으로 가는 기차", "고향: 부산 해운대", "해운대")),
    Case("semantic", "particle 한테", _particle("누나한테 연락해야 해", "누나 연락처: 010-2222-3333", "010-2222")),
    Case("semantic", "particle 까지", _particle("마감까지 얼마나 남았어", "마감: 12월 20일", "12월 20일")),
    Case("semantic", "core facts block", _core_facts_block),
    Case("semantic", "same /remember once", _same_text_once),
    Case("semantic", "English fact", _english_fact),
    Case("semantic", "case-insensitive", _case_insensitive),
    Case("semantic", "extracted fact brings source turn", _extracted_with_source),
    Case("episodic", "recent episode first", _recent_first),
    Case("episodic", "old big event not buried", _big_event_not_buried),
    Case("episodic", "long answer tail in turn_part", _turn_part_evidence),
    Case("episodic", "rewritten turn is one item", _rewrite_one_item),
    Case("episodic", "thought logs excluded", _thought_excluded),
    Case("episodic", "window excluded, block kept full", _window_excluded_block_full),
    Case("episodic", "journal recalled", _journal_recalled),
    Case("paraphrase", "verb form", _para("매일 아침 조깅을 한다", "조깅하는 시간이 언제였지", "조깅")),
    Case("paraphrase", "compound noun", _para("반려견 이름: 보리", "우리 반려견이름 기억나?", "보리")),
    Case("paraphrase", "spacing", _para("좋아하는 음식: 떡볶이", "좋아하는음식 뭐였지", "떡볶이")),
    Case("paraphrase", "inflected episode", _para("치과 예약을 다음 주 화요일로 옮겼어", "치과예약 언제로 했지", "화요일", turn=True)),
    Case("paraphrase", "English plural", _para("Preferred airline: Korean Air", "which airlines do I prefer", "Korean Air")),
    Case("paraphrase", "honorific form", _para("어머니 생신: 5월 8일", "어머님 생신이 언제지", "5월 8일")),
    Case("retention", "2 turns later", _retention(2)),
    Case("retention", "5 turns later", _retention(5)),
    Case("retention", "20 turns later", _retention(20)),
    Case("retention", "60 turns later", _retention(60)),
    Case("retention", "remembered fact 60 turns later", _retention_remembered),
]
