"""Korean everyday use, the sixty-fourth session: four Korean users' days on the offline default (SmolLM2-135M, no
Ollama), an office worker on late nights, a pregnancy's hospital dates, a dog, and a flat after the move, each wrong
answer of the chat made a test here. A desk on a Monday 10:00 in Seoul (2026-12-07); real agenda service on a JSONL
file and Kiwi; no model. The small talk is `small_talk.owed_answer` itself."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.small_talk import owed_answer
from tests.openloop.conftest import SEOUL, agenda_desk, agenda_rows, said_to


@pytest.fixture
def monday(tmp_path, korean) -> AgendaDesk:
    return agenda_desk(tmp_path, korean, datetime(2026, 12, 7, 10, 0, tzinfo=SEOUL))


# ---------------------------------------------------------------- a move heard from the boss


def test_a_move_heard_from_someone_else_moves_the_one_kept(monday):
    """Before: "팀장님이 회의 목요일로 옮겼대" answered "그렇군요." (SmolLM2), the meeting left on Wednesday, and "회의 몇
    시야?" then said Wednesday."""
    said_to(monday, "수요일 오후 두시에 팀 회의 있어")
    assert said_to(monday, "팀장님이 회의 목요일로 옮겼대") == ["팀 회의, 이번 주 목요일 오후 2시로 바꿨어요."]
    assert said_to(monday, "회의 금요일로 옮겼대요") == ["팀 회의, 이번 주 금요일 오후 2시로 바꿨어요."]   # held out
    assert agenda_rows(monday) == [("팀 회의", "2026-12-11 14:00")]


@pytest.mark.parametrize(("said", "row"), [
    # before: "'보고서 다시 확인하기' 말씀이세요? … 완료로 표시할게요." (연장됐어 read as a deed done)
    ("보고서 마감 다음주 월요일로 연장됐어", ("보고서 마감", "2026-12-14 23:59")),
    ("마감 다음 주 수요일로 연장했어", ("보고서 마감", "2026-12-16 23:59")),
])
def test_a_deadline_extended_moves_it_later(monday, said, row):
    said_to(monday, "보고서 이번주 금요일까지 마감이야")
    assert said_to(monday, said)[0].endswith("로 바꿨어요.")
    assert agenda_rows(monday) == [row]


@pytest.mark.parametrize("said", ["팀장님이 자리 옮겼대", "팀장님이 회의 목요일로 옮겼대"])
def test_guard_a_move_of_nothing_kept_or_no_time_keeps_nothing(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


# ---------------------------------------------------------------- a deadline said as 마감이야, fillers


@pytest.mark.parametrize(("said", "row"), [
    # before: SmolLM2's "안녕한 이번에는 이번에는 …" ("음" first; and Kiwi read a first 보고서 as 보 + 고서)
    ("음 분기 보고서 이번주 금요일까지 마감이야", ("분기 보고서 마감", "2026-12-11 23:59")),
    ("보고서 이번주 금요일까지 마감이야", ("보고서 마감", "2026-12-11 23:59")),
    ("어 기획서 목요일까지 마감이야", ("기획서 마감", "2026-12-10 23:59")),
])
def test_a_deadline_said_as_magam_is_kept(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


def test_a_search_for_the_word_is_no_question(monday):
    """Before: "그 뭐지 거래처에 견적서 보내야 되는데 내일 오전까지" answered "내일까지 할 일이 1개 있어요: …" (뭐지 read as
    the question), and "견적서 보냈어" then "할 일 목록에 없던 일이라 …"."""
    said_to(monday, "내일 아침에 보고서 다시 확인하라고 알려줘")
    assert said_to(monday, "그 뭐지 거래처에 견적서 보내야 되는데 내일 오전까지") == [
        "적어 둘게요: 거래처에 견적서 보내기, 내일 오전까지. 내일 오전 9시에 알려 드릴게요."]
    assert said_to(monday, "견적서 보냈어") == ["완료로 표시했어요: 거래처에 견적서 보내기."]


def test_a_search_for_the_word_in_the_middle_is_no_part_of_it(monday):
    """Before: "간식도 사야 되는데 그 뭐지 덴탈껌" went to SmolLM2 ("I'm not sure what to say …")."""
    said_to(monday, "간식도 사야 되는데 그 뭐지 덴탈껌")
    assert agenda_rows(monday) == [("간식 사기", "-")]


@pytest.mark.parametrize("said", ["그 뭐지?", "영화 보고서 잤어", "음 그거 뭐지?"])
def test_guard_a_question_or_a_past_evening_keeps_nothing(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


def test_what_is_left_this_week_reads_the_week(monday):
    """Before: "이번 주에 뭐 남았지" said the day's first sentence back."""
    said_to(monday, "보고서 이번주 금요일까지 마감이야", "다음 달 3일에 치과 예약 있어")
    assert said_to(monday, "이번 주에 뭐 남았지") == said_to(monday, "이번 주에 뭐 있어?") == [
        "이번 주까지 할 일이 1개 있어요: 보고서 마감, 이번 주 금요일까지. 그 밖에 열린 일이 1개 더 있어요."]
    assert said_to(monday, "이번 달 뭐가 남았어?")[0].startswith("이번 달까지 할 일이 1개 있어요")   # held out


def test_guard_money_left_is_no_agenda(monday):
    assert said_to(monday, "이번 주에 돈 남았지") == [None]


# ---------------------------------------------------------------- someone coming to the flat


def test_a_visit_heard_from_the_company_is_kept_moved_and_asked(monday):
    """Before: "인터넷 설치 기사님 화요일 오전에 오신대" and "가스 점검 목요일 오후 두 시에 온대" went to SmolLM2, so
    "인터넷 설치 목요일로 미뤄졌어", "인터넷 언제 온다고 했지?", "가스 점검 끝났어" found nothing."""
    assert said_to(monday, "인터넷 설치 기사님 화요일 오전에 오신대", "가스 점검 목요일 오후 두 시에 온대") == [
        "내일 오전 9시에 알려 드릴게요: 인터넷 설치 기사님 방문.", "적어 둘게요: 가스 점검, 이번 주 목요일 오후 2시."]
    assert said_to(monday, "인터넷 설치 목요일로 미뤄졌어", "인터넷 언제 온다고 했지?", "가스 점검 끝났어") == [
        "인터넷 설치 기사님 방문, 이번 주 목요일로 바꿨어요.", "인터넷 설치 기사님 방문은 이번 주 목요일이에요.",
        "완료로 표시했어요: 가스 점검."]


@pytest.mark.parametrize(("said", "row"), [
    ("에어컨 설치 기사님 내일 오후에 와", ("에어컨 설치 기사님 방문", "2026-12-08 23:59")),   # Kiwi: 와 a connective
    ("정수기 점검 내일 오후 세 시에 와요", ("정수기 점검", "2026-12-08 15:00")),
    ("보일러 수리 기사님 금요일 오전 10시에 오신대요", ("보일러 수리 기사님 방문", "2026-12-11 10:00")),
])
def test_held_out_visits_and_services(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


@pytest.mark.parametrize("said", ["엄마 내일 온대", "택배 내일 와", "설치 내일 와", "가스 점검 어제 왔어"])
def test_guard_family_parcels_or_a_past_visit_are_no_appointment(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


# ---------------------------------------------------------------- hospital dates


def test_the_next_of_a_repeating_checkup_said_with_a_native_hour(monday):
    """Before: "다음 검진은 다음 주 화요일 오전 열 시야" answered "그렇군요." (열 시야: no hour read; 다음 검진: no name)."""
    said_to(monday, "정기 검진 4주마다 가야 돼")
    assert said_to(monday, "다음 검진은 다음 주 화요일 오전 열 시야") == [
        "정기 검진 가기, 다음 주 화요일 오전 10시부터 4주마다로 바꿨어요."]
    assert said_to(monday, "검진 언제야?") == ["정기 검진 가기는 다음 주 화요일 오전 10시예요."]


@pytest.mark.parametrize(("said", "reply"), [
    ("치과 예약 목요일 오후 세 시야", "적어 둘게요: 치과 예약, 이번 주 목요일 오후 3시."),   # held out (before: nothing kept)
    ("회식 금요일 저녁 일곱 시예요", "적어 둘게요: 회식, 이번 주 금요일 저녁 7시."),
])
def test_a_native_hour_before_the_copula_is_read(monday, said, reply):
    assert said_to(monday, said) == [reply]


def test_a_test_on_a_date_said_in_words_is_kept_and_asked_by_month_and_day(monday):
    """Before: "임신성 당뇨 검사 일월 십오일에 있어" went to SmolLM2 (newlines and "임신성 당뇨 검사 일월"), and "당뇨 검사
    몇 월 며칠이었지?" said the sentence back."""
    assert said_to(monday, "임신성 당뇨 검사 일월 십오일에 있어") == ["적어 둘게요: 임신성 당뇨 검사, 2027년 1월 15일 금요일."]
    assert said_to(monday, "당뇨 검사 몇 월 며칠이었지?") == said_to(monday, "당뇨 검사 무슨 요일이야?") == [
        "임신성 당뇨 검사는 2027년 1월 15일 금요일이에요."]


@pytest.mark.parametrize("said", ["오늘 며칠이야?", "검사 결과 나왔어"])
def test_guard_the_date_today_or_a_result_is_no_test_kept(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


def test_a_supplement_said_with_do_keeps_no_particle_and_its_evening(monday):
    """Before: "철분제도 매일 저녁에 먹어야 된대" kept "철분제도 저녁에 먹기, 오늘부터 매일" (by the day's end)."""
    assert said_to(monday, "철분제도 매일 저녁에 먹어야 된대") == ["적어 둘게요: 철분제 저녁에 먹기, 오늘 저녁 6시부터 매일."]
    assert agenda_rows(monday) == [("철분제 저녁에 먹기", "2026-12-07 18:00")]


def test_a_daily_part_of_the_day_said_with_e_is_its_hour(monday):
    said_to(monday, "매일 아침에 비타민 먹으라고 알려줘")   # held out: 9 AM, as "매일 아침" without 에
    assert agenda_rows(monday) == [("아침에 비타민 먹기", "2026-12-08 09:00")]


def test_guard_a_daily_deed_with_no_part_keeps_the_days_end(monday):
    said_to(monday, "매일 물 2리터 마셔야 돼")
    assert [due[-5:] for _, due in agenda_rows(monday)] in (["23:59"], ["-"])


# ---------------------------------------------------------------- the housewarming, the recycling day, the walks


def test_the_nth_week_of_next_month(monday):
    """Before: "집들이 다음 달 둘째 주 토요일에 하기로 했어" answered "그렇군요." (Kiwi read 집들이 as houses, and the day
    was next month's end), and "집들이 언제였지?" said the sentence back."""
    said_to(monday, "집들이 다음 달 둘째 주 토요일에 하기로 했어")
    assert agenda_rows(monday) == [("집들이 하기", "2027-01-09 23:59")]
    assert said_to(monday, "집들이 언제였지?") == ["집들이 하기는 2027년 1월 9일 토요일까지예요."]


@pytest.mark.parametrize(("said", "row"), [
    ("다음 달 첫째 주 월요일에 건강검진 있어", ("건강검진", "2027-01-04 23:59")),
    ("둘째 주 토요일에 동창회 있어", ("동창회", "2026-12-12 23:59")),
    ("이번 달 마지막 주 금요일에 송년회 있어", ("송년회", "2026-12-25 23:59")),
])
def test_held_out_nth_weeks(monday, said, row):
    said_to(monday, said)
    assert agenda_rows(monday) == [row]


def test_guard_the_second_child_is_no_second_week(monday):
    said_to(monday, "둘째 아들 토요일에 축구 있어")
    assert agenda_rows(monday) == [("둘째 아들 축구", "2026-12-12 23:59")]


def test_a_reminder_asked_after_neunde_keeps_its_day(monday):
    """Before: "분리수거 요일 확인해야 되는데 내일 알려줘" kept no day (Kiwi's final 는데 cut the sentence)."""
    assert said_to(monday, "분리수거 요일 확인해야 되는데 내일 알려줘") == ["알림 맞춰 둘게요: 분리수거 요일 확인하기, 내일까지."]


def test_two_native_hours_joined_by_rang(monday):
    """Before: "아침 일곱 시랑 저녁 여섯 시에 산책 알려줘" kept "아침 일곱 시랑 산책" at 6 PM."""
    assert said_to(monday, "매일 아침 일곱 시랑 저녁 여섯 시에 산책 알려줘") == [
        "알림 맞춰 둘게요: 산책, 매일 오전 7시, 저녁 6시. 다음은 오늘 저녁 6시예요."]


# ---------------------------------------------------------------- small talk


@pytest.mark.parametrize(("said", "reply"), [
    # before: "잘하셨어요. 할 일 목록에 없던 일이라 완료 표시할 건 없어요."
    ("고마워 수고했어", "천만에요. 또 불러 주세요."),
    ("고마워요 수고 많으셨어요", "천만에요. 또 불러 주세요."),
    # before: SmolLM2's "야근이야 ㅠㅠ / 야근이야 2023"
    ("자비스 나 오늘도 야근이야 ㅠㅠ", "야근하시느라 고생 많으세요. 끝나고 챙길 일 있으면 말씀하세요."),
    ("오늘 또 야근이야", "야근하시느라 고생 많으세요. 끝나고 챙길 일 있으면 말씀하세요."),
    # before: SmolLM2's "The user's default default screen is …"
    ("요즘 잠이 너무 안 와", "잠이 안 오면 힘드시죠. 자기 전에는 화면을 멀리하고 편히 쉬어 보세요."),
    ("어제 잠을 못 잤어", "잠이 안 오면 힘드시죠. 자기 전에는 화면을 멀리하고 편히 쉬어 보세요."),
    # before: SmolLM2's "아배고프다 저녁 뭐 먹지. The user's Japanese language is not available."
    ("아 배고프다 저녁 뭐 먹지", "끼니 거르지 말고 따뜻한 걸로 챙겨 드세요."),
    ("진짜 배고파", "끼니 거르지 말고 따뜻한 걸로 챙겨 드세요."),
    # before: SmolLM2's "I'm JARVIS, a voice assistant running offline …"
    ("아 짐 정리 언제 다 하지 ㅠ", "하나씩 하다 보면 금방 끝날 거예요. 오늘 할 만큼만 정해 볼까요?"),
    ("이삿짐 언제 다 끝내지", "하나씩 하다 보면 금방 끝날 거예요. 오늘 할 만큼만 정해 볼까요?"),
    # before: SmolLM2's "남편이 산부인과 같이 간대로 산부인과 같이 …"
    ("남편이 산부인과 같이 간대", "함께 가신다니 든든하시겠어요."),
    ("엄마가 병원 같이 가 준대", "함께 가신다니 든든하시겠어요."),
    # before: SmolLM2's "정하는 거 김대리가 한대."
    ("회식 장소 정하는 거 김대리가 한대", "알겠어요. 그건 그분이 맡으시는 걸로 알고 있을게요."),
    ("발표 자료 만드는 건 민지가 하기로 했어", "알겠어요. 그건 그분이 맡으시는 걸로 알고 있을게요."),
])
def test_korean_small_talk_of_the_four_days(said, reply):
    assert owed_answer(said, small_model=True) == reply


@pytest.mark.parametrize("said", ["잠이 안 와?", "야근 수당 얼마야?", "야근해야 돼", "저녁 뭐 먹지", "짐 정리 언제 다 했어?",
                                  "남편이 산부인과 같이 간대?", "회의 언제야"])
def test_guard_questions_and_duties_are_no_small_talk(said):
    assert owed_answer(said, small_model=True) is None


def test_the_months_list_asked_by_an_errand(monday):
    """Before: "이번 달에 병원 가는 거 뭐 있지?" went to SmolLM2 ("I'm sorry for any inconvenience …"); the pills of the
    month are no hospital visit."""
    said_to(monday, "정기 검진 4주마다 가야 돼", "다음 검진은 이번 주 수요일 오전 열 시야", "엽산 매일 아침 여덟시에 먹으라고 알려줘",
            "이번 달 20일에 치과 예약 있어")
    assert said_to(monday, "이번 달에 병원 가는 거 뭐 있지?") == [
        "이번 달까지 할 일이 2개 있어요: 정기 검진 가기, 모레 오전 10시부터 4주마다; 치과 예약, 다음 주 일요일. "
        "그 밖에 열린 일이 1개 더 있어요."]
    assert said_to(monday, "이번 주에 은행 가는 거 뭐 있어?")[0].startswith("이번 주까지 할 일은 없어요")   # held out
    assert said_to(monday, "다음 달에 할 거 뭐 있어?")[0].startswith("다음 달에 할 일은 없어요")   # held out


def test_guard_a_months_errand_told_is_no_question(monday):
    assert said_to(monday, "이번 달에 병원 가는 거 힘들어") == [None]


# ---------------------------------------------------------------- a day said by another thing kept


def test_the_day_before_another_thing_kept(monday):
    """Before: "집들이 전날 장 봐야 돼" kept "집들이 전날 장 보기" with no day."""
    said_to(monday, "집들이 다음 달 둘째 주 토요일에 하기로 했어")
    assert said_to(monday, "집들이 전날 장 봐야 돼") == ["적어 둘게요: 집들이 장 보기, 2027년 1월 8일 금요일까지."]


def test_the_night_before_a_test_is_the_reminders_day(monday):
    """Before: "당뇨 검사 전날 밤에 금식하라고 리마인드 해줘" set "당뇨 검사 전날 밤에 금식하기, 오늘까지"."""
    said_to(monday, "임신성 당뇨 검사 일월 십오일에 있어")
    assert said_to(monday, "당뇨 검사 전날 밤에 금식하라고 리마인드 해줘") == [
        "2027년 1월 14일 목요일 저녁 8시에 알려 드릴게요: 당뇨 검사 금식하기."]


def test_the_morning_of_a_checkup_is_the_reminders_day(monday):
    """Before: "산모 수첩 챙겨야 되는데 검진 날 아침에 알려줘" set "산모 수첩 챙기기, 내일까지"."""
    said_to(monday, "정기 검진 4주마다 가야 돼", "검진 다음 주 수요일 10시로 바뀌었어")
    assert said_to(monday, "산모 수첩 챙겨야 되는데 검진 날 아침에 알려줘") == [
        "다음 주 수요일 오전 9시에 알려 드릴게요: 산모 수첩 챙기기."]
    assert said_to(monday, "검진 다음 날 쉬어야 돼") == ["적어 둘게요: 검진 쉬기, 다음 주 목요일까지."]   # held out


@pytest.mark.parametrize("said", ["민수 날 도와준대", "집들이 전날이 언제야?"])
def test_guard_a_pronoun_or_a_question_is_no_day_of_another(monday, said):
    said_to(monday, "내일 민수한테 전화해야 돼", "집들이 다음 달 둘째 주 토요일에 하기로 했어")
    said_to(monday, said)
    assert len(agenda_rows(monday)) == 2


def test_guard_a_thing_not_kept_gives_no_day(monday):
    said_to(monday, "생일 날 아침에 케이크 사야 돼")
    assert [desc for desc, _ in agenda_rows(monday)] == ["생일 날 아침에 케이크 사기"]   # the words as said, no date put in


# ---------------------------------------------------------------- a booking made again


def test_a_booking_made_again_after_it_was_cancelled_is_kept(monday):
    """Before: "미용 다시 일요일 세 시로 잡았어" after "미용 취소했어" offered to close the dog's walks ("'강아지 초코 산책 …'
    말씀이세요? … 완료로 표시할게요.")."""
    said_to(monday, "토요일 두 시에 미용 예약 있어", "미용 취소했어")
    assert said_to(monday, "미용 다시 일요일 세 시로 잡았어") == ["적어 둘게요: 미용 예약, 이번 주 일요일 오후 3시."]
    assert said_to(monday, "치과 금요일 오후 네 시로 예약했어") == ["적어 둘게요: 치과 예약, 이번 주 금요일 오후 4시."]


def test_a_booking_told_of_the_one_kept_moves_it(monday):
    """Before: "미용 일요일 세 시로 잡았어" with the grooming on Saturday answered "완료로 표시했어요: 미용 예약."."""
    said_to(monday, "토요일 두 시에 미용 예약 있어")
    assert said_to(monday, "미용 일요일 세 시로 잡았어") == ["미용 예약, 이번 주 일요일 오후 3시로 바꿨어요."]
    assert agenda_rows(monday) == [("미용 예약", "2026-12-13 15:00")]


@pytest.mark.parametrize("said", ["중심 잡았어", "호텔 2박으로 예약했어", "미용 예약했어"])
def test_guard_a_booking_with_no_time_keeps_nothing_new(monday, said):
    said_to(monday, said)
    assert agenda_rows(monday) == []


def test_two_times_joined_in_a_reminder_asked_with_no_repeat_are_two_reminders(monday):
    """Before: "아침 일곱 시랑 저녁 여섯 시에 산책 알려줘" (after "하루 두 번" the turn before) kept 7 AM only."""
    assert said_to(monday, "아침 일곱 시랑 저녁 여섯 시에 산책 알려줘") == [
        "알림 맞춰 둘게요: 산책, 내일 오전 7시. 알림 맞춰 둘게요: 산책, 오늘 저녁 6시."]
    assert agenda_rows(monday) == [("산책", "2026-12-07 18:00"), ("산책", "2026-12-08 07:00")]
    assert monday.service.agenda()[0].repeat is None


def test_held_out_two_pill_times_today(monday):
    said_to(monday, "오후 2시랑 4시에 약 먹으라고 알려줘")
    assert sorted(agenda_rows(monday)) == [("약 먹기", "2026-12-07 14:00"), ("약 먹기", "2026-12-07 16:00")]


def test_guard_two_times_told_not_asked_keep_one(monday):
    # round 65 (brief item 5): "내일 3시랑 5시에 회의 있어" is two meetings now (test_lows65); a span between two times
    # stays one
    said_to(monday, "내일 3시랑 5시 사이에 회의 있어")
    assert [due for _, due in agenda_rows(monday)] == ["2026-12-08 15:00"]
