"""Gyeongsang speech to the agenda (blind set 35, a Busan teacher, missed these kinds; the sentences here are new):
아이다 for 아니다, 아이고 between a time said and the one meant, 잠깐 before a correction, -리야 / -기야 for
-려야 / -겨야, "지워도 된다" dropping a promise, and someone else's promise asked about. On a real agenda
service (JSONL on disk) and the real Korean analyzer."""

from __future__ import annotations

import pytest

from jarvisd.openloop.intents import match_intent
from jarvisd.openloop.ko_dialect import standard
from jarvisd.openloop.model import LoopStatus

from .test_desk import dues, local


def test_aida_then_a_time_taken_back_with_aigo_moves_the_promise_to_the_last_time(tuesday_desk):
    desk = tuesday_desk
    service = desk.service
    desk.handle("내일 오후 2시까지 견적서 보내야 된다")
    desk.handle("아 아이다 견적서 2시 아이고 5시까지 보내면 된다")
    assert dues(service) == {"견적서 보내기": "2026-12-02 17:00"}


def test_jamkkan_then_a_day_taken_back_keeps_the_time_of_day(tuesday_desk):
    desk = tuesday_desk
    service = desk.service
    desk.handle("목요일 저녁 7시에 동창회 회비 입금해야 돼")
    desk.handle("아 잠깐 회비 목요일 아이고 수요일이다")
    (loop,) = service.agenda()
    assert "회비" in loop.desc and local(loop) == "2026-12-02 19:00"


def test_aida_alone_before_a_new_day_corrects_the_promise_it_names(tuesday_desk):
    desk = tuesday_desk
    service = desk.service
    desk.handle("모레까지 택배 반품 보내야 해")
    desk.handle("아이다 반품은 금요일까지다")
    (loop,) = service.agenda()
    assert "반품" in loop.desc and local(loop)[:10] == "2026-12-04"


def test_a_new_promise_after_jamkkan_is_still_a_promise(tuesday_desk):
    desk = tuesday_desk
    service = desk.service
    desk.handle("잠깐 나 내일 은행 가야 돼")
    (loop,) = service.agenda()
    assert "은행" in loop.desc and local(loop)[:10] == "2026-12-02"


@pytest.mark.parametrize(("said", "standard_form"), [
    ("아 아이다 과학실 목요일이다", "아 아니다 과학실 목요일이다"),
    ("창고 짐 옮기야 된다", "창고 짐 옮겨야 된다"),
    ("공지 올리야 돼", "공지 올려야 돼"),
    ("보일러 고치야 한다", "보일러 고쳐야 한다"),
    ("우리 아이다", "우리 아이다"),                      # not first: a child
    ("아이가 아파서 병원 가야 돼", "아이가 아파서 병원 가야 돼"),
])
def test_gyeongsang_words_read_as_standard(said, standard_form):
    assert standard(said) == standard_form


def test_a_promise_in_gyeongsang_endings_is_kept(tuesday_desk):
    desk = tuesday_desk
    service = desk.service
    desk.handle("이번 주 토요일까지 창고 짐 옮기야 된다")
    (loop,) = service.agenda()
    assert "짐" in loop.desc and local(loop)[:10] == "2026-12-05"


@pytest.mark.parametrize("closing", ["헬스장 등록하는 거 빼도 된다 회사에서 해준대", "헬스장 등록은 지워도 돼"])
def test_jiwodo_doenda_said_of_a_promise_drops_it(tuesday_desk, closing):
    desk = tuesday_desk
    service = desk.service
    desk.handle("모레까지 헬스장 등록해야 돼")
    desk.handle(closing)
    assert service.agenda() == []
    (loop,) = service.all_loops()
    assert loop.status == LoopStatus.DISMISSED


@pytest.mark.parametrize("question", ["이 파일 지워도 돼?", "사진 몇 장 빼도 되나"])
def test_asking_whether_something_may_be_removed_closes_nothing(tuesday_desk, question):
    desk = tuesday_desk
    service = desk.service
    desk.handle("모레까지 헬스장 등록해야 돼")
    desk.handle(question)
    assert len(service.agenda()) == 1


@pytest.mark.parametrize("question", ["김 과장이 약속한 거 뭐였더라", "팀장님이 하기로 한 게 뭐였지"])
def test_someone_elses_promise_asked_about_is_not_the_agenda(question):
    assert match_intent(question) is None


@pytest.mark.parametrize(("question", "kind"), [("내가 약속한 거 뭐 있어", "list"), ("민수한테 약속한 거 뭐야", "promised_to")])
def test_the_users_own_promises_are_still_the_agenda(question, kind):
    assert match_intent(question).kind == kind


# blind set 36 (a nurse from Daegu): 도 for 줘 at the end, 머 for 뭐, a deed said in -다 before the mark
@pytest.mark.parametrize(("said", "standard_form"), [
    ("일정 좀 불러 도", "일정 좀 불러 줘"),
    ("내일 머 해야 되노", "내일 뭐 해야 되노"),
    ("머리 아파", "머리 아파"),                              # 머리 is a head
    ("나도", "나도"),
    ("이 책 읽어 도서관에 반납해야 돼", "이 책 읽어 도서관에 반납해야 돼"),   # 도 inside a word
])
def test_gyeongsang_do_and_meo_read_as_standard(said, standard_form):
    assert standard(said) == standard_form


@pytest.mark.parametrize(("said", "kind", "argument"), [
    ("내일까지 할 거 머 있노", "due_tomorrow", ""),
    ("할 일 쭉 불러 도", "list", ""),
    ("관리비 냈다 체크해 도", "done", "관리비"),
    ("세금 신고 끝났다 완료로 해줘", "done", "세금 신고"),
])
def test_gyeongsang_agenda_requests(said, kind, argument):
    intent = match_intent(standard(said))
    assert intent is not None and (intent.kind, intent.argument) == (kind, argument)
