"""recall_quality: the seed's recall-quality scenarios (old big event, core fact, particles, deixis,
"그거 기억해", no intrusion, no rehearsal of an unused fact)."""

from __future__ import annotations

from jarvisd.memory.eval.harness import Case, Harness
from jarvisd.memory.scope import MemoryScope

ME = MemoryScope("alice", "main", "s1")
LATER = ME.in_session("s2")
EVENTS = [
    ("이사", "이사 날짜: 2월 3일 판교로 이사, 포장이사 업체 한진", "이사 어디로 했었지?", "판교"),
    ("수술", "수술 기록: 무릎 연골 수술, 서울대병원 김 교수", "수술 어디서 받았지?", "서울대병원"),
    ("여행", "여행 기록: 아이슬란드 오로라 투어, 레이캬비크 숙소", "여행 어디 갔었지?", "아이슬란드"),
    ("승진", "승진 소식: 팀장 승진, 연봉 8,000만원", "승진 때 연봉?", "8,000만원"),
    ("계약", "계약 기록: 전세 계약 보증금 3억, 잠실 리센츠", "계약 보증금 얼마였지?", "3억"),
    ("사고", "사고 기록: 접촉 사고, 보험사 DB손해보험 접수번호 778", "사고 접수번호?", "778"),
    ("입학", "입학 소식: 딸 초등학교 입학, 잠실초 1학년 3반", "입학 반이 몇 반?", "3반"),
]


def _big_event(index: int, newer: int):
    topic, content, query, expect = EVENTS[index % len(EVENTS)]

    def run(h: Harness) -> bool:
        h.svc.record_episode(ME, "delegation", content, importance=0.9)
        h.clock.advance(days=200)
        for n in range(newer):
            h.turn(ME, f"{topic} 관련 잡담 {n}", f"{topic} 이야기 {n}", minutes=30)
        return expect in h.recall_text(LATER, query)
    return run


def _core_fact(newer: int):
    def run(h: Harness) -> bool:
        h.svc.remember(ME, "혈액형: O형")
        for n in range(newer):
            h.clock.advance(hours=6)
            h.svc.record_episode(ME, "extracted", f"관심사 {n}: 주제 {n}", importance=0.6)
        return "O형" in h.observe(LATER, "혈액형 뭐였지?").text()
    return run


def _particles(query: str, fact: str, expect: str):
    def run(h: Harness) -> bool:
        h.turn(ME, fact, "알겠습니다")
        for n in range(5):
            h.turn(ME, f"일정 확인 {n}", "확인했어요")
        return expect in h.recall_text(LATER, query)
    return run


def _again(first: str, answer: str, expect: str):
    def run(h: Harness) -> bool:
        h.turn(ME.in_session("s0"), first, answer)
        h.clock.advance(days=3)
        h.turn(LATER, first.split()[0] + " 이야기 좀 하자", "네, 말씀하세요")
        return expect in "\n".join(s.item.content for s in h.observe(LATER, "그거 다시 해줘").recalled)
    return run


def _remember_deixis(said: str, command: str, query: str, expect: str):
    def run(h: Harness) -> bool:
        h.turn(ME, said, "알겠습니다")
        h.svc.remember(ME, command)
        h.svc.forget_session(ME)
        return expect in h.recall_text(LATER, query)
    return run


def _no_intrusion(query: str):
    def run(h: Harness) -> bool:
        h.svc.record_episode(ME, "delegation", "결혼식 장소: 서울 신라호텔 영빈관", importance=0.9)
        h.svc.remember(ME, "그 계획 기억해")
        return h.recall(LATER, query) == []
    return run


def _no_rehearsal_of_unused_fact(h: Harness) -> bool:
    fact = h.svc.remember(ME, "혈액형: O형")
    for n in range(10):
        ctx = h.observe(ME, f"주식 시장 이야기 {n}")
        h.turn(ME, f"주식 시장 이야기 {n}", "오늘은 상승장입니다")
        h.svc.reinforce(ME, ctx, "오늘은 상승장입니다")
    (stored,) = h.svc.store.get([fact.id], h.svc.policies.access(ME))
    return stored.rehearsals == 0


def _rehearsal(answer: str, expected: int):
    def run(h: Harness) -> bool:
        fact = h.svc.remember(ME, "취미: 땅콩 과자 만들기")
        ctx = h.observe(LATER, "땅콩 과자 가게 어디?")
        h.svc.reinforce(LATER, ctx, answer)
        (stored,) = h.svc.store.get([fact.id], h.svc.policies.access(ME))
        return fact.id in ctx.recalled_ids and stored.rehearsals == expected
    return run


def _quality(name: str, run) -> Case:
    """The seed measured these scenarios with no embedder: keyword recall only."""
    return Case("recall_quality", name, run, vectors=False)


CASES = [
    *(_quality(f"(a) big event under {n} newer", _big_event(i, n))
      for i, n in enumerate((0, 3, 6, 9, 12, 20, 40))),
    *(_quality(f"(b) core fact under {n} newer facts", _core_fact(n)) for n in (0, 4, 8, 12, 20, 40)),
    _quality("(c) particle 에서", _particles("판교에서?", "판교 사옥 회의실은 B동 3층", "B동")),
    _quality("(c) particle 이랑", _particles("민수랑은?", "민수 약속: 금요일 저녁 7시", "금요일")),
    _quality("(c) particle 의", _particles("엄마의 선물은?", "엄마 선물: 스카프", "스카프")),
    _quality("(c) '그거 다시 해줘' calculation", _again("환율 계산 달러 100 원화로", "약 13만 5천원입니다", "13만")),
    _quality("(c) '그거 다시 해줘' summary", _again("회의록 요약 프로젝트 알파", "알파 일정은 3월 출시", "3월 출시")),
    _quality("(c) '그거 기억해'", _remember_deixis("와이파이 비밀번호는 sunflower77", "그거 기억해", "와이파이 비밀번호", "sunflower77")),
    _quality("(c) '그 방식 기억해'", _remember_deixis("보고서는 표 세 칸으로 요약해 줘", "그 방식 기억해", "보고서 요약 방식", "표 세 칸")),
    _quality("(c) no intrusion: weather", _no_intrusion("내일 날씨 어때?")),
    _quality("(c) no intrusion: recipe", _no_intrusion("김치찌개 레시피 알려줘")),
    _quality("(d) unused fact not rehearsed", _no_rehearsal_of_unused_fact),
    _quality("(d) recalled, unused: no rehearsal", _rehearsal("가게는 역 앞에 있어요", 0)),
    _quality("(d) recalled and used: one rehearsal", _rehearsal("땅콩 과자 만들기가 취미시죠, 가게는 역 앞", 1)),
]
