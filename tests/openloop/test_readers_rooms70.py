"""The readers moved out of desk/front.py (rooms70), each module's public functions read directly: what each reads, what
it leaves as said, and a 4,000-character probe per module (linear time). The desk's own tests still hold them in use."""

from __future__ import annotations

import re

import pytest

from jarvisd.language import EN_TITLE, EN_TITLES
from jarvisd.memory import fact_asked, remember_asked
from jarvisd.openloop import agenda_asked, en_talk, fillers, ko_order, ko_other_day, remind_asks, their_news
from jarvisd.openloop.commitments import read_utterance
from tests.timing import assert_grows_linearly


# fillers: what is stripped before the rules read a turn
@pytest.mark.parametrize(("said", "read_as"), [
    ("let's see, what's on Friday?", "what's on Friday?"),
    ("hmm, okay so, remind me to call Ann", "remind me to call Ann"),
    ("well... call the bank tomorrow", "call the bank tomorrow"),
    ("well", "well"),                                       # all of it: as said
    ("well water test tomorrow", "well water test tomorrow"),  # no pause after it: a word of the thing
])
def test_english_words_that_think_aloud_are_off(said: str, read_as: str) -> None:
    assert fillers.without_en_filler(said) == read_as


@pytest.mark.parametrize(("said", "read_as"), [
    ("음 분기 보고서 금요일까지 마감이야", "분기 보고서 금요일까지 마감이야"),
    ("간식도 사야 되는데 그 뭐지 덴탈껌", "간식도 사야 되는데 덴탈껌"),
    ("저기 내일 병원 가야 돼", "내일 병원 가야 돼"),
    ("음", "음"),
    ("음악회 내일 저녁", "음악회 내일 저녁"),               # a word that starts so is no filler
])
def test_korean_words_that_think_aloud_are_off(said: str, read_as: str) -> None:
    assert fillers.without_ko_filler(said) == read_as


def test_the_assistant_called_and_particles_and_lines() -> None:
    assert fillers.without_called("자비스 나 담주 월욜에 삼성 면접 있어") == "담주 월욜에 삼성 면접 있어"
    assert fillers.without_called("자비스야, 내일 회의") == "내일 회의"
    assert fillers.without_called("자비스야 ") == "자비스야 "                    # all of it: as said
    assert fillers.without_called("내일 자비스 나 회의") == "내일 자비스 나 회의"   # only first
    assert fillers.without_particles("remind me again in thirty minutes po") == "remind me again in thirty minutes"
    assert fillers.without_particles("call the doctor yaar about her knee") == "call the doctor about her knee"
    assert fillers.without_particles("pick up the pot at nana's") == "pick up the pot at nana's"   # words that start so
    assert fillers.without_particles("민수 na 전화") == "민수 na 전화"        # not ASCII: as said
    assert fillers.lines_as_a_list("email Sam by Friday\ncall Ana tomorrow") == "email Sam by Friday, call Ana tomorrow"
    assert fillers.lines_as_a_list("Email Sam.\nCall Ana.") == "Email Sam. Call Ana."


# their_news: news told of other people
def test_news_of_others_read_as_the_users_agenda() -> None:
    assert their_news.moving_kept("mrs lopez in unit 3 is moving out on december 31") == \
        "the move-out for mrs lopez is on december 31"
    assert their_news.moving_kept("the new tenant moves in january 5") == "the new tenant has a move-in on january 5"
    assert their_news.moving_kept("prof kim is moving out next friday") == "the move-out for prof kim is next friday"
    assert their_news.moving_kept("we are moving out on saturday") == "we are moving out on saturday"   # ours: as said
    assert their_news.moving_kept("mrs lopez is moving out") == "mrs lopez is moving out"              # no day
    assert their_news.someone_else_will("I can't pick up my brother, his friend will") == \
        "his friend will pick up my brother"
    assert their_news.someone_else_will("I can't walk the dog, I will later") is None
    assert their_news.came_visit("the plumber came") == "plumber visit"
    assert their_news.came_visit("the ice machine tech was here this morning") == "ice machine tech visit"
    assert their_news.came_visit("the plumber is coming") is None
    assert their_news.ko_need_on_day_away("지수 이번 주 금요일 못 나온대 대타 구해야 돼") == "이번 주 금요일 대타 구해야 돼"
    assert their_news.ko_need_on_day_away("지수 못 나온대 대타 구해야 돼") == "지수 못 나온대 대타 구해야 돼"
    assert their_news.ko_found_for("대타 민호가 해준대") == "대타"
    assert their_news.ko_found_for("민호가 내일 온대") is None
    assert their_news.ko_office_calls("보험사에서 담주 화욜에 전화 준대") == "담주 화욜에 보험사 전화 받아야 돼"
    assert their_news.ko_office_calls("엄마가 내일 전화 준대") == "엄마가 내일 전화 준대"     # a friend's word, not an office


# ko_order: Korean said out of the plain order
def test_korean_said_out_of_order_read_in_it() -> None:
    assert ko_order.ko_flight("담주 월욜 아침 여덟시 비행기로 싱가포르 가") == "담주 월욜 아침 여덟시에 싱가포르 비행기 있어"
    assert ko_order.ko_flight("민수가 내일 비행기로 제주 가") == "민수가 내일 비행기로 제주 가"   # 민수's flight
    assert ko_order.ko_why_dropped("면담 때문에 초록 일요일까지로 미뤄졌어") == "초록 일요일까지로 미뤄졌어"
    assert ko_order.ko_why_dropped("조교 업무 때문에 내일 채점해야 돼") == "내일 채점해야 돼"
    assert ko_order.ko_why_dropped("그날 일 때문에 마트 가기") == "그날 일 때문에 마트 가기"     # korean65's guard
    assert ko_order.ko_cancel_put_off("정비 취소해줘 그냥 다음에 할래") == "정비 취소해줘"
    assert ko_order.ko_cancel_put_off("정비 다음에 할래") == "정비 다음에 할래"
    assert ko_order.ko_heard_then_remind("검진 전날 저녁부터 금식이래 알려줘") == "검진 전날 저녁부터 금식 알려줘"
    assert ko_order.ko_part_from("저녁부터 금식하라고 알려줘") == "저녁에 금식하라고 알려줘"
    assert ko_order.ko_part_from("저녁부터 금식이야") == "저녁부터 금식이야"                     # no reminder asked
    assert ko_order.ko_condition_day_after("모의고사 성적표 나오면 확인해야 되는데 목요일에 나온대") == \
        "모의고사 성적표 목요일에 나오면 확인해야 돼"


# ko_other_day: days said by another thing kept, a trip's span
def test_days_said_by_another_thing() -> None:
    assert ko_other_day.after_other("전입신고 이사하고 2주 안에 해야돼") == ("이사", 14, 5, 15)
    assert ko_other_day.after_other("전입신고 두 주 뒤에 해야돼") is None
    assert [said[:2] for said in ko_other_day.other_days("집들이 전날 장 봐야 돼")] == [("집들이", -1)]
    assert [said[:2] for said in ko_other_day.other_days("항공권 체크인 출발 하루 전에 알려줘")] == [("체크인 출발", -1)]
    assert ko_other_day.other_day_asked("집들이 전날이 언제야?")
    assert not ko_other_day.other_day_asked("집들이 전날 장 봐야 돼")
    assert ko_other_day.says_another_day("이사 당일") and not ko_other_day.says_another_day("내일 장 봐야 돼")
    assert ko_other_day.is_departure("출발") and not ko_other_day.is_departure("이사")
    assert ko_other_day.departs("싱가포르 비행기") and not ko_other_day.departs("치과 예약")
    assert (trip := ko_other_day.trip_span("출장 기간 동안 매일 일정 확인")) is not None and trip["trip"] == "출장"
    assert ko_other_day.long_after("매일 아침 일곱시에 일정 확인 알려줘 닷새 동안") == "닷새 동안 매일 아침 일곱시에 일정 확인 알려줘"
    assert ko_other_day.long_after("매일 아침 일곱시에 일정 확인 알려줘") is None
    assert ko_other_day.ko_check_asked("매일 아침 7시에 일정 확인 알려줘") == "매일 아침 7시에 일정 확인하라고 알려줘"


# en_talk: English household talk read as what it asks
def test_english_household_talk() -> None:
    assert en_talk.told_then_how_far("my race is on April 12th, how many weeks is that?") == ("my race is on April 12th", "weeks")
    assert en_talk.told_then_how_far("my race is soon, how many weeks is that?") is None      # no time told
    assert en_talk.same_for("and the invoice to bluebird design too by friday") == \
        ("the invoice to bluebird design", " by friday")
    assert en_talk.same_for("the invoice to bluebird design") is None
    assert en_talk.asked_then_told("called hr my return to work date is january 4") == \
        ("called hr", "my return to work date is january 4")
    assert en_talk.posted_to("Post the invoice to Monday.") == ("", "the invoice", "Monday")
    assert en_talk.posted_to("post the letter to grandma") is None                            # no time: posting
    assert en_talk.back_to_work_asked("when do i go back to work?") and not en_talk.back_to_work_asked("when is work?")
    assert en_talk.owe_as_due("what do i owe on the 15th") == "what do i have due on the 15th"
    assert en_talk.my_clock_as_time("move my 3pm to 4pm") == "move 3pm to 4pm"
    assert en_talk.my_clock_as_time("move my car to the garage") == "move my car to the garage"
    assert en_talk.household_span("what do the kids have this week", "kids") == "this week"
    assert en_talk.household_span("what do the kids have this week", "Sam") is None


def test_notes_and_places_beside_their_rooms() -> None:
    assert remind_asks.reminder_note("reminder: call mom at 5pm") == "remind me to call mom at 5pm"
    assert remind_asks.reminder_note("reminder was useful") == "reminder was useful"
    assert remind_asks.reminder_note("알림: 3시 회의") == "3시 회의 알려 줘"
    assert remind_asks.reminder_note("알림 꺼 줘") == "알림 꺼 줘"
    assert agenda_asked.ko_place_asked("이번 달에 병원 가는 거 뭐 있지?") == "병원"
    assert agenda_asked.at_place("엄마 건강 검진", "병원") and not agenda_asked.at_place("약 먹기", "병원")


# one spelling of the English courtesy titles
def test_courtesy_titles_are_one_spelling() -> None:
    assert set(EN_TITLES) == {"mr", "mrs", "ms", "miss", "dr", "prof"}
    titled = re.compile(EN_TITLE + r"\.?\s+\w+", re.IGNORECASE)
    assert all(titled.fullmatch(f"{title} lee") for title in EN_TITLES)
    assert titled.fullmatch("mister lee") is None
    # each reader that names someone by title takes every one of them (the union: "miss" and "prof" were missing here)
    assert their_news.moving_kept("miss park is moving out on june 3") == "the move-out for miss park is on june 3"
    said = "I told Prof. Kim I'll send the draft tomorrow"
    assert [c.clause for c in read_utterance(said).commitments] == [said]
    assert fact_asked.fact_asked("who's prof kim?") is not None and fact_asked.fact_asked("who's miss kim?") is not None
    assert remember_asked.told_fact("Prof. Lee does my taxes") == "Prof. Lee does my taxes"
    # "mister" is no title: "mister kim" is read as a name and a surname (session 70's "who is tom hanks"), said whole
    assert fact_asked.fact_asked("who's mister kim?").words == "mister kim"


@pytest.mark.parametrize("reader", [
    fillers.without_en_filler, fillers.without_ko_filler, fillers.without_called, fillers.without_particles,
    fillers.lines_as_a_list])
def test_fillers_read_in_linear_time(reader) -> None:
    assert_grows_linearly(reader, lambda n: "hmm, " * (n // 5) + "음 " * (n // 4) + "call Ann po", 4000)


@pytest.mark.parametrize("reader", [
    their_news.moving_kept, their_news.someone_else_will, their_news.came_visit, their_news.ko_need_on_day_away,
    their_news.ko_found_for, their_news.ko_office_calls])
def test_their_news_reads_in_linear_time(reader) -> None:
    assert_grows_linearly(reader, lambda n: "the " + "new " * (n // 4) + "tenant 지수 " + "가 " * (n // 4) + "못 나온대", 4000)


@pytest.mark.parametrize("reader", [
    ko_order.ko_flight, ko_order.ko_why_dropped, ko_order.ko_cancel_put_off, ko_order.ko_heard_then_remind,
    ko_order.ko_part_from, ko_order.ko_condition_day_after])
def test_ko_order_reads_in_linear_time(reader) -> None:
    assert_grows_linearly(reader, lambda n: "면담 때문에 " + "내일 " * (n // 3) + "나오면 확인해야 되는데 비행기로", 4000)


@pytest.mark.parametrize("reader", [
    ko_other_day.after_other, lambda t: list(ko_other_day.other_days(t)), ko_other_day.long_after,
    ko_other_day.ko_check_asked, ko_other_day.trip_span])
def test_ko_other_day_reads_in_linear_time(reader) -> None:
    assert_grows_linearly(reader, lambda n: "집들이 " * (n // 4) + "전날 매일 확인 알려줘", 4000)


@pytest.mark.parametrize("reader", [
    en_talk.told_then_how_far, en_talk.same_for, en_talk.asked_then_told, en_talk.posted_to,
    en_talk.back_to_work_asked, en_talk.owe_as_due, en_talk.my_clock_as_time])
def test_en_talk_reads_in_linear_time(reader) -> None:
    assert_grows_linearly(reader, lambda n: "and the " + "big " * (n // 4) + "invoice too, how far is that", 4000)
