"""Regional Korean endings read as the standard ones (`ko_dialect.standard`), and the promise rules on
them through the desk: a user from Gwangju or Busan says "가야 쓰것다", "갈끼다"."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.ko_dialect import standard


@pytest.mark.parametrize("said, read", [
    ("내일 은행 가야 쓰것다", "내일 은행 가야겠다"),            # Jeolla: -어야 쓰것다
    ("보고서 써야 쓰겄네", "보고서 써야겠네"),
    ("아빠한테 전화헐라고", "아빠한테 전화할려고"),            # 허다 for 하다, -ㄹ라고
    ("케이크 만들라고", "케이크 만들려고"),
    ("내가 애들 데려올랑께", "내가 애들 데려올게"),
    ("분리수거 해부러야겠다", "분리수거 해버려야겠다"),          # -부러: -버려
    ("택배 보내부렀어", "택배 보내버렸어"),
    ("서류 다 냈당께", "서류 다 냈다"),
    ("그건 안 해도 된당께잉", "그건 안 해도 된다"),
    ("금요일까지 면허 갱신해야 혀", "금요일까지 면허 갱신해야 해"),
    ("모레 치과 가야 허요", "모레 치과 가야 해요"),
    ("내일 꼭 해야 돼야", "내일 꼭 해야 돼"),
    ("약 먹을게잉", "약 먹을게"),
    ("내일 병원 갈끼다", "내일 병원 갈 거다"),                # Gyeongsang: -ㄹ끼다, 데이
    ("서류 내야 된데이", "서류 내야 된다"),
    ("세차 건 끝났어라", "세차 건 끝났어요"),               # Jeolla's polite -어라 after the past
    ("이따 다시 알려주쇼", "이따 다시 알려주세요"),
    ("그 건 빼부러", "그 건 빼"),                           # an order without -어 버리-
    ("적금 해지 건 지워 버려요", "적금 해지 건 지워"),
])
def test_regional_endings_are_read_as_the_standard_ones(said, read):
    assert standard(said) == read


@pytest.mark.parametrize("text", ["동생이 부러워", "허리가 아파", "뭐라고 했어", "그라고 나서", "끼니 챙겨",
                                  "허락 받아야 돼", "call mom tomorrow",
                                  "쓰레기 버려", "다 버려", "거기 있어라", "빨리 먹어라", "토크쇼"])
def test_words_that_only_look_regional_are_kept(text):
    assert standard(text) == text


@pytest.mark.slow
def test_a_promise_and_its_closing_in_jeolla_speech_reach_the_agenda(tmp_path, korean):
    from jarvisd.openloop.desk import AgendaDesk
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import JsonlLoopStore

    zone = ZoneInfo("Asia/Seoul")
    now = datetime(2026, 12, 1, 9, 0, tzinfo=zone)
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=zone, clock=lambda: now.timestamp())
    desk = AgendaDesk(service, korean, capture="rules")
    desk.handle("목요일까지 자동차 보험 갱신해야 쓰것다")
    desk.handle("삼촌한테 전화헐라고 이따 저녁 8시에")
    [uncle, insurance] = sorted(service.agenda(), key=lambda loop: loop.desc)
    assert (uncle.desc, datetime.fromtimestamp(uncle.due_ms / 1000, zone).strftime("%m-%d %H:%M")) == \
        ("삼촌한테 전화하기", "12-01 20:00")
    assert insurance.desc == "자동차 보험 갱신하기"
    desk.handle("보험 갱신 다 해부렀당께")
    assert [loop.desc for loop in service.agenda()] == ["삼촌한테 전화하기"]


@pytest.mark.parametrize("said, read", [
    ("빨래 널어야겄다", "빨래 널어야겠다"),                       # 겄 for 겠
    ("선물 사놔야것다", "선물 사놔야겠다"),
    ("간다고 했응께 가야제", "간다고 했으니까 가야지"),            # -응께, -제
    ("강아지 데꼬 갈라고잉", "강아지 데리고 갈려고"),
    ("오늘 뭐 하기로 했당가", "오늘 뭐 하기로 했나"),
    ("이따 청소 해야징", "이따 청소 해야지"),                      # cute speech
    ("내일 할게용", "내일 할게요"),
])
def test_more_jeolla_endings(said, read):
    assert standard(said) == read


# ---- Chungcheong speech (held-out set 20's kinds of miss, in sentences of our own) ----------------------

@pytest.mark.parametrize("said, read", [
    ("금요일까지 전기세 낼겨", "금요일까지 전기세 낼 거야"),            # -ㄹ겨: -ㄹ 거야
    ("그거 언제 하는 겨", "그거 언제 하는 거야"),
    ("내가 할 거여", "내가 할 거야"),
    ("택배 벌써 보냈슈", "택배 벌써 보냈어요"),                        # -슈 after the past: -어요
    ("여기 앉으슈 하슈", "여기 앉으슈 하세요"),
    ("저녁에 들를게유", "저녁에 들를게요"),                            # -유: -요
    ("반찬 다 했어유", "반찬 다 했어요"),
    ("사진 좀 찍어 줘유", "사진 좀 찍어 줘요"),
    ("사장님이 내일 온댜", "사장님이 내일 온대"),                      # -댜: -대
    ("비 오믄 우산 챙겨야 혀", "비 오면 우산 챙겨야 해"),
    ("그거 내가 하기로 했잖여", "그거 내가 하기로 했잖아"),
    ("내일은 가야쥬", "내일은 가야죠"),
    ("그 건은 취소혀", "그 건은 취소해"),                              # a verbal noun's 혀
    ("오늘 뭐 해야 허는 겨", "오늘 뭐 해야 하는 거야"),
    ("어 그려유", "그래"),
])
def test_chungcheong_endings(said, read):
    assert standard(said) == read


@pytest.mark.parametrize("text", ["우유 사 와", "이유가 뭐야", "여유 있어", "아유 힘들어", "이슈 정리", "슈퍼 가기",
                                  "애 옷 입혀", "길 막혀", "원인 밝혀", "시합 이겨", "짐 옮겨", "부가세 신고해야 돼",
                                  "돈 숨겨", "그림 그려 줘"])
def test_chungcheong_lookalikes_are_kept(text):
    assert standard(text) == text


@pytest.mark.parametrize("said, read", [
    ("모레 병원 갈게예", "모레 병원 갈게요"),                   # Gyeongsang polite -예
    ("오늘 할 거 머꼬", "오늘 할 거 뭐야"),
    ("서류 다 냈다 인자", "이제 서류 다 냈다"),                 # 인자 (now), said after the verb
    ("입금 했어요 우체국에서", "우체국에서 입금 했어요"),        # an afterthought goes back in front
    ("예 알겠어요", "예 알겠어요"),
])
def test_gyeongsang_polite_endings_and_afterthoughts(said, read):
    assert standard(said) == read


@pytest.mark.parametrize("said, read", [          # set 23's kinds of Jeolla speech, in sentences of our own
    ("보일러 기사 불러야 써", "보일러 기사 불러야 해"),                 # -야 써: must
    ("은행 가야 쓰는디 시간이 없네", "은행 가야 하는데 시간이 없네"),
    ("적금 넣어야 쓴당께", "적금 넣어야 한다"),
    ("집주인헌티 전화혀야 혀", "집주인한테 전화해야 해"),               # 헌티, 혀야
    ("사장님헌테 말혀야 쓰는디", "사장님한테 말해야 하는데"),
    ("아따 뭣이 이리 많당가", "아따 뭐가 이리 많나"),
    ("고건 됐어", "그건 됐어"),
    ("낼 헐 일 있당가", "낼 할 일 있나"),
    ("택배 벌써 부쳐 부렀당께", "택배 벌써 부쳐 버렸다"),
    ("약 타 와야 되는 거 있는가 봐 줘잉", "약 타 와야 되는 거 있는지 봐 줘"),
    ("그거 적어 둬잉", "그거 적어 둬"),
])
def test_set_23s_jeolla_endings(said, read):
    assert standard(said) == read


@pytest.mark.parametrize("text", ["옷 입혀야 해", "길이 막혀서 늦어", "편지 써", "이거 써 봐", "고구마 사야 해",
                                  "고기 사야 해", "고건물 철거"])
def test_set_23s_look_alikes_are_kept(text):
    assert standard(text) == text
