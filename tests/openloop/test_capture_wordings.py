"""Promises and dues in the wordings held-out set 11 showed the rules missing, in sentences of our own:
a pronoun standing for what the sentence named before the promise ("the permission form ... so I'll sign
it"), a plan in the present progressive with a deadline, a Hangul name inside an English sentence,
"after dinner" alone, a Korean hour corrected in the same breath keeping its 저녁, "점심때쯤" as a day,
and "-고 싶다" said to oneself as a wish."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.commitments import read_utterance
from jarvisd.openloop.when import resolve_time

ZONE = ZoneInfo("Asia/Seoul")
NOW = datetime(2026, 12, 1, 9, 0, tzinfo=ZONE)  # a Tuesday



@pytest.mark.parametrize("text, actions", [
    ("Leo's coach wants the permission form back so I'll sign it tonight", ["sign the permission form"]),
    ("my father-in-law likes tangerines so I'm gonna bring him a crate on Sunday",
     ["bring my father-in-law a crate"]),
    ("the gutters are full of leaves so I have to clean them out on Saturday", ["clean the gutters out"]),
    ("The bike is rusty, I need to oil it tomorrow", ["oil the bike"]),
    ("I'm returning the blender to the store by Friday", ["return the blender to the store"]),
    ("I promised 지민 I'd look over her essay", ["look over 지민's essay"]),
    ("gonna wash the car Saturday, it's covered in pollen", ["wash the car"]),
    ("remind me, no wait I'll just do it myself, I'm paying the phone bill tonight", ["pay the phone bill"]),
])
def test_english_promises(text, actions):
    assert [c.action for c in read_utterance(text).commitments] == actions


@pytest.mark.parametrize("text", [
    "I'm cooking dinner tonight",             # a plan of the evening, no deadline
    "I'm working from home today",            # today alone, no clock time
])
def test_the_present_progressive_without_a_deadline_is_no_promise(text):
    assert read_utterance(text).commitments == ()


@pytest.mark.parametrize("text, due, has_time", [
    ("I'll ring my uncle back after dinner", "2026-12-01 23:59", False),
    ("tomorrow after work at 6", "2026-12-02 18:00", True),
    ("목요일 저녁 6시에, 아니 7시에 가야 돼", "2026-12-03 19:00", True),
    ("내일 점심 때쯤 은행 가야 돼", "2026-12-02 23:59", False),     # around lunch: the day
    ("내일 점심때 은행 가야 돼", "2026-12-02 12:00", True),           # at lunch: noon (held-out 8)
])
def test_times(text, due, has_time):
    when = resolve_time(text, NOW, due=True)
    assert when is not None and (when.at.strftime("%Y-%m-%d %H:%M"), when.has_time) == (due, has_time)


@pytest.mark.slow
@pytest.mark.parametrize("text, actions", [
    ("언젠가 부모님 모시고 유럽 가보고 싶다", []),            # said to oneself: a wish
    ("언젠가 유럽 가보고 싶어", ["유럽 가보기"]),               # said to me: kept (the shared dev set's k10)
])
def test_korean_wishes(korean, text, actions):
    assert [c.action for c in read_utterance(text, korean).commitments] == actions


# ---- held-out set 12's kinds of miss, in sentences of our own ------------------------------------

@pytest.mark.parametrize("text, actions", [
    ("Maria, I'll email you the new menu prices tomorrow", ["email Maria the new menu prices"]),   # called by name
    ("okay I'll send the corrected invoice back to you by noon", ["send the corrected invoice back to you"]),
    ("okay okay Sam, I'll book the eye exam next Monday, happy?", ["book the eye exam"]),          # a tag question
    ("Friday at 7 I'm picking up the rice order at the mill", ["pick up the rice order at the mill"]),
    ("seven thirty tomorrow I'll be at the bank for the loan papers", ["be at the bank for the loan papers"]),
])
def test_english_promises_said_to_someone_or_as_plans(text, actions):
    assert [c.action for c in read_utterance(text).commitments] == actions


@pytest.mark.parametrize("text", ["I'll call you later", "I'll get back to you on that", "I'm cooking dinner tonight"])
def test_still_no_promise(text):
    assert read_utterance(text).commitments == ()


def test_a_possessive_week_is_no_due():
    when = resolve_time("I'll deposit this week's takings at the bank Friday at 9", NOW, due=True)
    assert when is not None and when.at.strftime("%Y-%m-%d %H:%M") == "2026-12-04 09:00"


def test_a_korean_day_restated_after_a():
    when = resolve_time("목요일, 아 다음 주 목요일 오후 3시에 가야 돼", NOW, due=True)
    assert when is not None and when.at.strftime("%Y-%m-%d %H:%M") == "2026-12-10 15:00"


@pytest.mark.slow
@pytest.mark.parametrize("text, action", [
    ("주말에 거래처 견적서 다시 한번 꼼꼼히 따져 봐야지", "거래처 견적서 다시 한번 꼼꼼히 따져 보기"),   # -어야지 read as a final EC
    ("금요일까지 보건증 갱신 신청 해놔야지", "보건증 갱신 신청 해놓기"),
    ("내일 오전에 업체에 전화해서 수리 날짜 잡아 보자고", "업체에 전화해서 수리 날짜 잡아 보기"),   # -자고
    ("오늘 밤에 아들한테 전화해서 설에 언제 내려오는지 물어봐야겠다", "아들한테 전화해서 설에 내려오는지 물어보기"),  # an embedded question
])
def test_korean_promises(korean, text, action):
    assert [c.action for c in read_utterance(text, korean).commitments] == [action]


# ---- held-out set 13's kinds of miss, in sentences of our own ------------------------------------

@pytest.mark.parametrize("text, actions", [
    ("I told Dr. Okafor I'd send over the lab numbers on Monday", ["send over the lab numbers to Dr. Okafor"]),   # a title's period (english71: its receiver)
    ("let me not forget to thank the neighbors for the tomatoes", ["thank the neighbors for the tomatoes"]),
    ("let me make sure we pay the plumber before Friday", ["pay the plumber"]),
    ("I'm supposed to have the budget sheet finished by the twenty-first", ["have the budget sheet finished"]),
])
def test_english_promises_of_set_13s_shapes(text, actions):
    assert [c.action for c in read_utterance(text).commitments] == actions


@pytest.mark.parametrize("text", [
    "I'd love to thank my old piano teacher someday",     # a wish
    "I should thank you",                                  # said to the assistant
    "the office is on the second floor",                   # an ordinal that is no day
])
def test_no_promise_of_set_13s_shapes(text):
    assert read_utterance(text).commitments == ()


@pytest.mark.parametrize("text, due, has_time", [
    ("renew the parking permit before January third", "2027-01-02 23:59", False),
    ("the invoice is due by the twelfth", "2026-12-12 23:59", False),
    ("pay the rent on the first of January", "2027-01-01 23:59", False),
    ("drop the cake off tomorrow morning, say nine thirty", "2026-12-02 09:30", True),   # a hedge before an hour
    ("pick up the kids at five, no, six", "2026-12-01 18:00", True),                    # an hour taken back
    ("pick up the kids at five, i mean six tonight", "2026-12-01 18:00", True),
    ("관리비 십오일까지 내야 돼", "2026-12-15 23:59", False),                          # Sino-Korean days
    ("십일월 이십일일에 제사 준비해야 돼", "2027-11-21 23:59", False),
    ("시월 삼일에 여행 가야지", "2027-10-03 23:59", False),
])
def test_times_of_set_13s_shapes(text, due, has_time):
    when = resolve_time(text, NOW, due=True)
    assert when is not None and (when.at.strftime("%Y-%m-%d %H:%M"), when.has_time) == (due, has_time)


@pytest.mark.parametrize("text", ["I said no 5 times", "we live on the third floor now", "이 일 끝내야 돼"])
def test_no_time_of_set_13s_shapes(text):
    assert resolve_time(text, NOW, due=True) is None


@pytest.mark.slow
@pytest.mark.parametrize("text, action", [
    ("댕이 사료 내일까지 주문해 놔야지", "댕이 사료 주문해 놓기"),    # Kiwi's 댕+이: a split word, not a subject
    ("모레 냥이 발톱 깎아 줘야 돼", "냥이 발톱 깎아 주기"),
    ("동창회 회비 내가 걷기로 했는데 금요일까지 보내야 돼", "동창회 회비 보내기"),   # the thing named before the 는데
])
def test_korean_promises_of_set_13s_shapes(korean, text, action):
    assert [c.action for c in read_utterance(text, korean).commitments] == [action]


def test_someone_elses_promise_said_as_a_state_closes_nothing():
    from jarvisd.openloop import naming
    assert not naming.restates_done("Mina's supposed to clean the car this weekend, she swore she would",
                                    "ask Mina about the car insurance")


def test_a_reported_deed_names_no_promise_by_its_doer():
    from jarvisd.openloop import naming
    assert naming.without_doer("수진이가 피아노 연습") == "피아노 연습"
    assert naming.without_doer("아빠가 분리수거") == "분리수거"
    assert naming.without_doer("할머니께서 김장") == "김장"
    assert naming.without_doer("휴가 신청") == "휴가 신청"    # a thing with 가 is no doer
    assert naming.without_doer("월세가 빠져나간 거") == "월세가 빠져나간 거"
    assert naming.without_doer("민지가") == "민지가"    # nothing else left: kept as it was
    assert naming.best_reference(naming.without_doer("수진이가 숙제"), ["수진이 운동화 사 주기"]) is None


@pytest.mark.slow
def test_a_reported_deed_of_someone_named_closes_nothing_of_theirs(tmp_path, korean):
    """"수진이가 숙제 다 했대" is Sujin's news, not the user's "수진이 운동화 사 주기" done: the name alone,
    said as the doer, names no promise (by the reference nor by the whole utterance's words)."""
    from jarvisd.openloop.desk import AgendaDesk
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import JsonlLoopStore
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=ZONE)
    loop = service.add("수진이 운동화 사 주기", session="s")
    desk = AgendaDesk(service, korean, capture="rules")
    desk.handle("수진이가 숙제 다 했대", "s")
    desk.handle("수진이가 아빠한테 장난감 사 준다는 약속 받았대", "s")
    assert service.find(loop.id).status.value == "open"


# ---- held-out set 14's kinds of miss, in sentences of our own ------------------------------------

@pytest.mark.parametrize("text, actions", [
    ("Let me return the ladder to the neighbor on Sunday", ["return the ladder to the neighbor"]),
    ("let me renew the library books by the fifth", ["renew the library books"]),
    ("Auntie May, I will send you the recipe tonight", ["send Auntie May the recipe"]),       # a kin title called
    ("the recycling bins, I should order new ones for the building", ["order new recycling bins for the building"]),
    ("For the book club I promised to bake a pie, the meeting starts at six", ["bake a pie"]),
    ("I have to repaint the fence, no, the gate, on Saturday", ["repaint the gate"]),          # a thing taken back
    ("I need to call the bank, no wait, the insurance company tomorrow", ["call the insurance company"]),
])
def test_english_promises_of_set_14s_shapes(text, actions):
    assert [c.action for c in read_utterance(text).commitments] == actions


@pytest.mark.parametrize("text", ["let me check the weather", "let me think about it", "let me see what I can do",
                                  "let me tell you something", "I need to buy milk, no, I already did"])
def test_no_new_promise_of_set_14s_shapes(text):
    assert [c.action for c in read_utterance(text).commitments] in ([], ["buy milk"])


@pytest.mark.parametrize("text, due, has_time", [
    ("meet the plumber at seven p.m. on Friday", "2026-12-04 19:00", True),           # a word hour with p.m.
    ("tomorrow at nine thirty I will meet the auditor", "2026-12-02 09:30", True),
    ("tomorrow, uh, at eight when the shop opens", "2026-12-02 08:00", True),
    ("renew the permit before January twenty", "2027-01-19 23:59", False),             # a cardinal day word
    ("다음 주 월요일 오후 세 시로 하기로 했어", "2026-12-07 15:00", True),              # 시로
])
def test_times_of_set_14s_shapes(text, due, has_time):
    when = resolve_time(text, NOW, due=True)
    assert when is not None and (when.at.strftime("%Y-%m-%d %H:%M"), when.has_time) == (due, has_time)


@pytest.mark.slow
@pytest.mark.parametrize("text, action", [
    ("엄마한테 반찬통 돌려드리는 거 잊지 말고 챙겨", "엄마한테 반찬통 돌려드리기"),       # 잊지 말고 + a verb
    ("이따 세 시에 택배 보낼 참이야", "택배 보내기"),                                    # -ㄹ 참이야
    ("생각난 김에 말하는데 건강검진 예약 이번 주까지 해야 돼", "건강검진 예약하기"),      # a preamble before -는데
])
def test_korean_promises_of_set_14s_shapes(korean, text, action):
    assert [c.action for c in read_utterance(text, korean).commitments] == [action]


@pytest.mark.slow
@pytest.mark.parametrize("text", ["우산 잊지 말고 챙겨", "참 좋은 날이야"])
def test_korean_no_promise_of_set_14s_shapes(korean, text):
    assert read_utterance(text, korean).commitments == ()


def test_a_thing_taken_back_without_its_article_replaces_the_same_kind_of_thing():
    text = "tomorrow at 9 I need to take Mia to piano lessons, no wait, violin lessons"
    assert [c.action for c in read_utterance(text).commitments] == ["take Mia to violin lessons"]


# ---- held-out set 15's kinds of miss, in sentences of our own ------------------------------------

@pytest.mark.parametrize("text, actions", [
    ("I owe Dana a write-up on the migration", ["owe Dana a write-up on the migration"]),   # a debt is a task
    ("put it on my plate to clean up the staging cluster", ["clean up the staging cluster"]),
    ("I'm on the hook for the offsite so need to book the bus by Friday", ["book the bus"]),
    ("I'll do the 1:1 notes for Monday at 3 actually 3:30", ["do the 1:1 notes"]),           # a colon in a name
])
def test_english_promises_of_set_15s_shapes(text, actions):
    assert [c.action for c in read_utterance(text).commitments] == actions


@pytest.mark.parametrize("text", ["I owe you one", "I'd like six eggs"])
def test_no_promise_of_set_15s_shapes(text):
    assert read_utterance(text).commitments == ()


@pytest.mark.parametrize("text, due, has_time", [
    ("write up last night's incident by Friday noon", "2026-12-04 12:00", True),   # a possessive day names a thing
    ("grab the dog food tomorrow after work like seven", "2026-12-02 19:00", True),  # a hedged hour, no comma
    ("send the deck tomorrow morning say ten", "2026-12-02 10:00", True),
    ("EOD까지 배포 노트 정리할게", "2026-12-01 23:59", False),                           # EOD inside Korean
])
def test_times_of_set_15s_shapes(text, due, has_time):
    when = resolve_time(text, NOW, due=True)
    assert when is not None and (when.at.strftime("%Y-%m-%d %H:%M"), when.has_time) == (due, has_time)


@pytest.mark.slow
def test_a_time_said_after_the_korean_promise_with_a_filler_or_a_correction_is_its_due(tmp_path, korean):
    from jarvisd.openloop.desk import AgendaDesk
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import JsonlLoopStore
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=ZONE, clock=lambda: NOW.timestamp())
    desk = AgendaDesk(service, korean, capture="rules")
    desk.handle("조카 돌 선물 사야 돼 음 다음 주 금요일 전에", "s")
    desk.handle("동창 모임 식당 예약할게 토요일 저녁 7시로 아 7시 반", "s")
    dues = sorted(datetime.fromtimestamp(loop.due_ms / 1000, ZONE).strftime("%Y-%m-%d %H:%M")
                  for loop in service.agenda())
    assert dues == ["2026-12-05 19:30", "2026-12-10 23:59"]


def test_back_from_doing_it_is_done_and_back_from_a_place_is_not():
    from jarvisd.openloop import naming
    closures = read_utterance("just got back from walking the dog").closures
    assert [c.status for c in closures] == ["done"]
    assert naming.best_reference(closures[0].reference, ["get back to the landlord", "walk the dog"]) == 1
    assert read_utterance("just got back from Daegu").closures == ()             # an arrival


@pytest.mark.parametrize("text, reference", [("timesheet submitted finally", "timesheet"),
                                             ("the car insurance renewed", "the car insurance")])
def test_a_participle_without_its_auxiliary_closes(text, reference):
    assert [(c.status, c.reference) for c in read_utterance(text).closures] == [("done", reference)]


@pytest.mark.parametrize("text", ["the meeting started", "my sister booked", "he paid"])
def test_a_bare_participle_of_no_finished_task_closes_nothing(text):
    assert read_utterance(text).closures == ()


def test_an_honorific_person_is_a_doer():
    from jarvisd.openloop import naming
    assert naming.without_doer("시어머니 될 분이 한복") == "시어머니 될 한복"
    assert naming.without_doer("팀장님이 보고서") == "보고서"
    assert naming.without_doer("손님이 예약") == ""       # only a word for any task is left: it names none


# ---- held-out set 16's kinds of miss (Australian English), in sentences of our own ---------------

@pytest.mark.parametrize("text, due, has_time", [
    ("grab the parcel this arvo", "2026-12-01 23:59", False),                  # arvo: the afternoon
    ("ring the bank Friday arvo, say 2", "2026-12-04 14:00", True),
    ("tomorrow at eight nah half eight I'll take the car in", "2026-12-02 08:30", True),   # half eight: 8:30
    ("call the vet tomorrow at 4, no, half 4", "2026-12-02 16:30", True),
])
def test_times_of_set_16s_shapes(text, due, has_time):
    when = resolve_time(text, NOW, due=True)
    assert when is not None and (when.at.strftime("%Y-%m-%d %H:%M"), when.has_time) == (due, has_time)


@pytest.mark.parametrize("text", ["half of them came", "I say 3 things"])
def test_no_time_of_set_16s_shapes(text):
    assert resolve_time(text, NOW, due=True) is None


def test_half_an_hour_is_still_thirty_minutes():
    when = resolve_time("in half an hour", NOW, due=True)
    assert when is not None and when.at.strftime("%H:%M") == "09:30"


@pytest.mark.parametrize("text, due", [
    ("on Tuesday I'll return the drill", "2026-12-08 23:59"),     # said on a Tuesday: next week's
    ("this Tuesday I'll return the drill", "2026-12-01 23:59"),
    ("화요일에 보일러 점검 받아야 돼", "2026-12-08 23:59"),
    ("보일러 점검 목요일, 아니 금요일 오전 10시로 잡아야 돼", "2026-12-04 10:00"),
])
def test_a_bare_weekday_of_today_is_next_weeks_and_a_korean_day_can_be_taken_back(text, due):
    when = resolve_time(text, NOW, due=True)
    assert when is not None and when.at.strftime("%Y-%m-%d %H:%M") == due


@pytest.mark.slow
@pytest.mark.parametrize("text, action", [
    ("보일러 점검 목요일, 아니 금요일 오전 10시로 잡아야 돼", "보일러 점검 잡기"),    # no "," or "아니" left
    ("삼촌한테 수요일, 아니다 목요일에 전화해야 돼", "삼촌한테 전화하기"),
    ("미용실 예약 저녁 7시로 바꿔야겠다", "미용실 예약 바꾸기"),                       # 7시로: the time's 로
])
def test_a_time_taken_back_or_said_with_ro_leaves_no_trace_in_the_korean_promise(korean, text, action):
    assert [c.action for c in read_utterance(text, korean).commitments] == [action]


def test_a_time_taken_back_leaves_no_cue_in_the_english_promise():
    assert [c.action for c in read_utterance(
        "I need to book the boiler service for Monday, no wait, Wednesday").commitments] == ["book the boiler service"]


@pytest.mark.parametrize("text, actions", [
    ("I need to keep all the gas receipts for my accountant", ["keep all the gas receipts for my accountant"]),
    ("gotta remember to keep those warranty cards", ["keep those warranty cards"]),
    ("I'll keep an eye on the soup", []),          # a state, not a thing to hold on to
    ("I need to keep my word", []),
    ("I'll keep you posted", []),
])
def test_keep_is_a_task_when_there_is_a_thing_to_keep(text, actions):
    assert [c.action for c in read_utterance(text).commitments] == actions


@pytest.mark.slow
@pytest.mark.parametrize("text, actions", [
    ("관리비 까먹지 말고 내라", ["관리비 내기"]),          # 해라체 to oneself: a note of one's own
    ("잊지 말고 내일 택배 부쳐라", ["택배 부치기"]),
    ("까먹지 말고 재활용 쓰레기 버리자", ["재활용 쓰레기 버리기"]),
    ("까먹지 말고 우유 급식비 내야지", ["우유 급식비 내기"]),   # 까먹지 말고 is no part of the task
    ("도시락 까먹지 말고 챙겨", []),                     # -어: said to someone in the room
    ("민수야 잊지 말고 숙제 해라", []),                   # someone called by name
    ("잊지 말고 할머니 약 드세요", []),                   # honoured: said to an elder
    ("잊지 말고 문자 보내 줘", []),                       # a request to the assistant
])
def test_not_forgetting_a_deed_said_after_it_is_a_note_to_oneself(korean, text, actions):
    assert [c.action for c in read_utterance(text, korean).commitments] == actions


@pytest.mark.slow
@pytest.mark.parametrize("text, actions", [
    ("토요일에 아빠 모시고 안과 가야 돼", ["아빠 모시고 안과 가기"]),    # taken along: one task
    ("내일 애들 데리고 수영장 갈 거야", ["애들 데리고 수영장 가기"]),
    ("빵 사고 세탁소 들러야 해", ["빵 사기", "세탁소 들르기"]),           # two deeds: two tasks
    ("안과 예약 있으니까 아빠 모시고 가야 돼", ["안과 예약 아빠 모시고 가기"]),   # where to: the reason's thing
])
def test_someone_taken_along_is_part_of_one_korean_task(korean, text, actions):
    assert [c.action for c in read_utterance(text, korean).commitments] == actions


# ---- held-out set 15's Korean kinds of miss, in sentences of our own -----------------------------

@pytest.mark.slow
@pytest.mark.parametrize("text, actions", [
    ("세금 서류 뭐 필요한지 확인할게 점심 먹고", ["세금 서류 필요한지 확인하기"]),   # -ㄹ게 with a clause after it
    ("수진이한테 밥 한 번 빚졌어 그거 사야 돼", ["밥 사기"]),                    # 그거: the thing said before
    ("베란다 배수구 막혔어 그거 뚫어야겠다", ["베란다 배수구 뚫기"]),
    ("리마인드 해줘 모레 저녁에 화분 물 주는 거", ["화분 물 주기"]),              # the request first
    ("알려 줘, 금요일에 관리비 내는 거", ["관리비 내기"]),
    ("알려줘, 날씨 어때", []),
])
def test_korean_promises_of_set_15s_shapes(korean, text, actions):
    assert [c.action for c in read_utterance(text, korean).commitments] == actions


@pytest.mark.parametrize("text, actions", [
    ("tax receipts I need to scan those tonight", ["scan tax receipts"]),     # a bare thing said first
    ("car insurance I gotta renew it this week", ["renew car insurance"]),
    ("so yeah I need to call the plumber", ["call the plumber"]),             # fillers first name nothing
    ("tomorrow I need to call the bank", ["call the bank"]),
])
def test_a_thing_said_first_without_an_article_is_what_the_pointer_stands_for(text, actions):
    assert [c.action for c in read_utterance(text).commitments] == actions


@pytest.mark.parametrize("text, due", [
    ("I'll read the design doc before Thursday's review at 3", "2026-12-03 15:00"),   # due at the event
    ("I need to tidy the slides before Monday's all-hands", "2026-12-07 23:59"),
    ("before December 15 I need to renew my passport", "2026-12-14 23:59"),        # a date: the day before
])
def test_a_weekdays_event_after_before_is_the_deadline(text, due):
    when = resolve_time(text, NOW, due=True)
    assert when is not None and when.at.strftime("%Y-%m-%d %H:%M") == due


def test_a_weekdays_thing_without_before_is_no_due():
    assert resolve_time("I need to print Thursday's handouts", NOW, due=True) is None


@pytest.mark.parametrize("text, action, due", [
    ("I gotta renew my passport before December 15 eh", "renew my passport", "2026-12-14 23:59"),  # a tag at the end
    ("I'm on days till Thursday so I'll clean the garage Saturday", "clean the garage", "2026-12-05 23:59"),
    ("I need to trade shifts with Sam for the 9th", "trade shifts with Sam", "2026-12-09 23:59"),
])
def test_an_end_tag_a_reasons_own_time_and_a_date_said_with_for(text, action, due):
    [c] = read_utterance(text).commitments
    when = resolve_time(c.clause, NOW, due=True)
    assert (c.action, when.at.strftime("%Y-%m-%d %H:%M") if when else None) == (action, due)


@pytest.mark.slow
@pytest.mark.parametrize("text, actions", [
    ("하윤이 체험학습 신청서 내야 돼", ["하윤이 체험학습 신청서 내기"]),   # a child called 하윤이: her form, my task
    ("하윤이가 체험학습 신청서 내야 된대", []),                          # she must: hearsay of someone else's
    ("하윤이는 숙제 해야 돼", []),                                      # she, the topic, must
    ("성민이 내일 출장 가야 돼", []),                                   # a time after the name: he must
])
def test_a_name_called_with_its_i_is_whose_thing_not_who_must(korean, text, actions):
    assert [c.action for c in read_utterance(text, korean).commitments] == actions


# ---- held-out set 17's kinds of miss, in sentences of our own -------------------------------------

@pytest.mark.parametrize("text, action, due", [
    ("gym bag um I'll pack it tonight", "pack gym bag", "2026-12-01 23:59"),          # a thing first, a filler
    # (the weekday names the viewing and stays in its words since the sixty-fifth session: "my friday viewing")
    ("I'll text the landlord about moving my friday viewing by end of day", "text the landlord about moving my friday viewing",
     "2026-12-01 23:59"),
    ("I'll send Ana the videos from the weekend no rush", "send Ana the videos from the weekend", None),   # from: a thing's origin
])
def test_english_promises_of_set_17s_shapes(text, action, due):
    [c] = read_utterance(text).commitments
    when = resolve_time(c.clause, NOW, due=True)
    assert (c.action, when.at.strftime("%Y-%m-%d %H:%M") if when else None) == (action, due)


@pytest.mark.parametrize("text", ["put on some jazz I need to unwind", "play something chill I need to crash"])
def test_resting_is_no_task(text):
    assert read_utterance(text).commitments == ()


@pytest.mark.slow
@pytest.mark.parametrize("text, action", [
    ("다음 주 월요일 오전 열 시에 건강검진 받으러 간다", "건강검진 받으러 가기"),   # a plan in the present with a time
    ("낼 아침에 분리수거 할게", "분리수거 하기"),                                    # 낼: tomorrow
])
def test_korean_promises_of_set_17s_shapes(korean, text, action):
    assert [c.action for c in read_utterance(text, korean).commitments] == [action]


@pytest.mark.slow
def test_a_plain_present_without_a_time_is_no_plan(korean):
    assert read_utterance("나는 매일 운동한다", korean).commitments == ()


@pytest.mark.parametrize("text, action", [
    ("ok gonna order new running shoes tonight mine are worn", "order new running shoes"),   # fillers first; a run-on reason
    ("I'm finna clean the fridge tonight", "clean the fridge"),
    ("I'm gonna text Jun like for real this time", "text Jun"),
])
def test_english_promises_of_set_18s_shapes(text, action):
    assert [c.action for c in read_utterance(text).commitments] == [action]


@pytest.mark.slow
@pytest.mark.parametrize("text, action", [
    ("다음 주 화요일에 통장 만들러 은행 가서 적금 들게", "통장 만들러 은행 가서 적금 들기"),   # 들 + -ㄹ게 in one letter
])
def test_korean_promises_of_set_18s_shapes(korean, text, action):
    assert [c.action for c in read_utterance(text, korean).commitments] == [action]


def test_a_thing_said_first_is_the_bare_verbs_object():
    assert [c.action for c in read_utterance("tomorrow morning the garden gate I must paint").commitments] == \
        ["paint the garden gate"]


@pytest.mark.slow
@pytest.mark.parametrize("text, action", [
    ("다음 주 화요일에 건강검진 받으러 가세", "건강검진 받으러 가기"),     # 하게체 -세: let's / I'll
    ("이번 주말에 창고 정리 하세", "창고 정리하기"),
    ("다음 주 수요일에 이불 빨래 내가 해 놓을라네", "이불 빨래 해 놓기"),   # -ㄹ라네: I'll
    ("오늘 안으로 약 타 와야 허네", "약 타 오기"),
])
def test_korean_promises_of_set_19s_shapes(korean, text, action):
    from jarvisd.openloop.ko_dialect import standard
    assert [c.action for c in read_utterance(standard(text), korean).commitments] == [action]


@pytest.mark.slow
@pytest.mark.parametrize("text, action", [
    ("토요일까지 세탁소에 맡긴 이불 찾아 올겨", "세탁소에 맡긴 이불 찾아 오기"),        # Chungcheong -ㄹ겨
    ("간장이 거의 다 떨어졌으니께 내일까지 다시 사다 놓을겨", "간장 사다 놓기"),   # the thing said first, an auxiliary after the verb
    ("식용유 다 썼는디 그거 내가 주문해 둘게", "식용유 주문해 두기"),                # 그거: this sentence's own thing
])
def test_korean_promises_of_set_20s_shapes(korean, text, action):
    from jarvisd.openloop.ko_dialect import standard
    assert [c.action for c in read_utterance(standard(text), korean).commitments] == [action]


def test_naelle_after_a_place_or_an_object_is_the_verb_not_tomorrow():
    """"바자회에 낼 김밥" is 내다 (to hand in), not 낼 (내일 said short): the day said after it counts."""
    from jarvisd.openloop.when import resolve_time
    now = datetime(2026, 12, 1, 9, 0, tzinfo=ZoneInfo("Asia/Seoul"))
    assert resolve_time("학교에 낼 서류 금요일까지 챙길게", now, due=True).at.day == 4
    assert resolve_time("회비를 낼 거야 토요일에", now, due=True).at.day == 5
    assert resolve_time("낼 아침에 은행 갈게", now, due=True).at.day == 2


def test_i_am_to_is_an_obligation():
    assert [c.action for c in read_utterance("I am to send the report by Friday").commitments] == ["send the report"]
    assert read_utterance("I am to blame for that mess").commitments == ()


def test_the_end_of_the_work_week_is_its_friday():
    now = datetime(2026, 12, 1, 9, 0, tzinfo=ZoneInfo("Asia/Seoul"))
    assert resolve_time("by the end of the work week", now, due=True).at.strftime("%m-%d") == "12-04"
    assert resolve_time("end of next working week", now, due=True).at.strftime("%m-%d") == "12-11"
    assert resolve_time("by the end of the week", now, due=True).at.strftime("%m-%d") == "12-06"


def test_a_subjectless_rsvp_is_a_deed():
    assert [c.reference for c in read_utterance("RSVP'd to Dana's party this morning").closures] == ["rsvp to Dana's party"]


@pytest.mark.slow
def test_whenever_is_no_question(korean):
    assert [c.action for c in read_utterance("세탁기 수리 신청은 내가 해 둘게 언제든", korean).commitments] == \
        ["세탁기 수리 신청 해 두기"]


def test_a_span_said_with_for_is_what_the_thing_is_for_when_a_due_is_said_too():
    now = datetime(2026, 12, 1, 9, 0, tzinfo=ZoneInfo("Asia/Seoul"))
    assert resolve_time("I'll fill in the school form for next year by next friday", now, due=True).at.strftime("%Y-%m-%d") == "2026-12-11"
    assert resolve_time("I need to book flights for next month", now, due=True).at.strftime("%Y-%m-%d") == "2027-01-31"


@pytest.mark.slow
def test_a_tentative_plan_at_the_end_is_a_plan_and_the_weather_is_none(korean):
    from jarvisd.openloop.ko_dialect import standard
    [plan] = read_utterance(standard("퇴근하고 약국 들러서 파스 사 갈까 봐"), korean).commitments
    assert plan.action.endswith("약국 들러서 파스 사 가기")
    assert read_utterance(standard("내일 눈 올까 봐"), korean).commitments == ()
    assert read_utterance(standard("비 올까 봐 우산 챙겼어"), korean).commitments == ()


@pytest.mark.parametrize("text, actions", [
    ("I'll jump on and book a table for Friday", ["book a table"]),   # a lead-in, then the task
    ("I'll hop on it and pay the bill tonight", ["pay the bill"]),
    ("I'll sit down and write the report tomorrow", ["write the report"]),
    ("I'll get on the bus at 5", ["get on the bus"]),
])
def test_a_lead_in_before_and_is_no_task_of_its_own(text, actions):
    assert [c.action for c in read_utterance(text).commitments] == actions


@pytest.mark.parametrize("text, actions", [
    ("i'll be the one to pick up the cake tonight", ["pick up the cake"]),
    ("I'll bring the salad for the christmas party on the 12th", ["bring the salad for the christmas party"]),
])
def test_set_22s_english_shapes(text, actions):
    assert [c.action for c in read_utterance(text).commitments] == actions


def test_a_holiday_naming_a_thing_is_no_due():
    now = datetime(2026, 12, 1, 9, 0, tzinfo=ZoneInfo("Asia/Seoul"))
    assert resolve_time("bring the salad for the christmas party on the 12th", now, due=True).at.day == 12
    assert resolve_time("send the cards before christmas", now, due=True).at.day == 24


def test_a_telegraphic_deed_with_its_receiver_is_done():
    assert [c.reference for c in read_utterance("rent money sent to the landlord, he got it").closures][:1] == ["rent money"]


@pytest.mark.slow
def test_coming_back_from_an_errand_is_no_task_of_its_own(korean):
    assert [c.action for c in read_utterance("내일 오전까지 노트북 서비스센터에 맡기고 올 거야", korean).commitments] == \
        ["노트북 서비스센터에 맡기기"]
