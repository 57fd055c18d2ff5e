"""Indian English and plain Korean to the agenda (blind set 37, a Bengaluru engineer in Seoul and his flatmate,
missed these kinds; the sentences here are new): "only" / "itself" as emphasis in a correction, "not next
Monday, this Friday", "this weekend only, not next", "3시 말고 4시로", a thing said first and an irregular past
after it ("the invoice I sent already to the client"), and someone else's plan heard from others. On a real
agenda service (JSONL on disk) and the real Korean analyzer."""

from __future__ import annotations

import pytest

from jarvisd.openloop.intents import match_intent
from jarvisd.openloop.model import LoopStatus

from .test_desk import dues


@pytest.mark.parametrize(("promise", "correction", "due"), [
    ("I will renew my visa next Monday", "sorry, not next Monday, this Friday only", "2026-12-04"),
    ("I'll call the bank tomorrow at 11 am", "no no, not tomorrow, today itself", "2026-12-01 11:00"),
    ("I'll clean the balcony next weekend", "sorry, this weekend only, not next", "2026-12-06"),
    ("목요일 오전 10시에 세탁소 가야 돼", "아 아니다 10시 말고 11시로 해 줘", "2026-12-03 11:00"),
    ("내일 오후 5시에 은행 가야 해", "아니 내일 말고 모레", "2026-12-03 17:00"),
    # set 38 (a 국밥집 owner): a day said with 이다, and "I misspoke" as the cue
    ("수요일 오후 4시에 보일러 수리 기사 불러야 돼", "아 아니다 목요일이다", "2026-12-03 16:00"),
    ("다음 주 화요일 오전 9시에 정육점 주문 넣어야 해", "아 시간 잘못 말했다 10시야", "2026-12-08 10:00"),
    ("모레 오후 2시에 세차 맡겨야 돼", "날짜 잘못 말했어요, 금요일이에요", "2026-12-04 14:00"),
])
def test_a_correction_with_emphasis_or_a_time_said_not_to_be_it(tuesday_desk, promise, correction, due):
    desk = tuesday_desk
    service = desk.service
    desk.handle(promise)
    desk.handle(correction)
    (loop,) = service.agenda()
    assert dues(service, len(due))[loop.desc] == due


@pytest.mark.parametrize(("promise", "closing"), [
    ("I will send the invoice to the client by Friday", "the invoice I sent already to the client"),
    ("I'll share the sprint slides with the team by EOD", "the sprint slides I shared already with the team"),
    ("I have to pay the electricity bill by Thursday", "the electricity bill I paid yesterday itself"),
])
def test_a_thing_said_first_then_done_closes_it(tuesday_desk, promise, closing):
    desk = tuesday_desk
    service = desk.service
    desk.handle(promise)
    desk.handle(closing)
    (loop,) = service.all_loops()
    assert loop.status == LoopStatus.DONE


def test_someone_elses_deed_said_the_same_way_closes_nothing(tuesday_desk):
    desk = tuesday_desk
    service = desk.service
    desk.handle("I will send the invoice to the client by Friday")
    desk.handle("the report my manager sent already to HR")
    assert len(service.agenda()) == 1


@pytest.mark.parametrize("question", ["현우는 뭐 하기로 했대요?", "팀장님은 뭐 한다고 하셨대", "엄마는 뭐 하기로 했대"])
def test_someone_elses_plan_heard_from_others_is_not_the_agenda(question):
    assert match_intent(question) is None


@pytest.mark.parametrize(("question", "kind"), [("오늘은 뭐 하기로 했지", "due_today"), ("내가 뭐 하기로 했지", "list"),
                                                ("이번 주는 뭐 하기로 했지", "due_week")])
def test_the_users_own_plans_are_still_the_agenda(question, kind):
    assert match_intent(question).kind == kind
