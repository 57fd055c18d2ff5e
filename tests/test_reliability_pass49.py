"""Pass 49: issue 18's kinds against the forty-seventh session's new readers (see docs/reliability.md, "Forty-ninth
pass")."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore
from tests.timing import assert_grows_linearly

UTC = ZoneInfo("UTC")
NOW = datetime(2026, 12, 5, 14, 0, tzinfo=UTC)


def _desk(tmp_path: Path) -> AgendaDesk:
    korean = KoreanAnalyzer()
    korean.load()   # loaded first, as the daemon does at its start
    return AgendaDesk(OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=UTC, clock=lambda: NOW.timestamp()),
                      korean)


def test_a_turn_of_spaces_does_not_hold_the_desk(tmp_path: Path) -> None:
    """"오늘", 1,500 spaces, "몇" (under the HUD's 4,000-character limit) held the daemon 14 s: the Korean "did I …?"
    reader matched the raw text, cubic in a run of spaces, and the re engine keeps the GIL (pass 49)."""
    from jarvisd.openloop.agenda_asked import deed_asked

    desk = _desk(tmp_path)
    # 8x the run of spaces against the run, not seconds: cubic was ~512x (29 s on 1,500 spaces), linear is ~8x. The
    # reader itself too: the desk makes a run one space before it since pass 54c, so the desk alone no longer reaches it
    assert_grows_linearly(desk.handle, lambda k: "오늘 " + " " * k + "몇", 1500)
    assert_grows_linearly(lambda text: deed_asked(text, text), lambda k: "오늘 " + " " * k + "몇", 1500)


def test_korean_did_i_still_read_with_odd_spaces(tmp_path: Path) -> None:
    """Guard: the fix collapses white space only; the question is still read (and its question mark kept)."""
    from jarvisd.openloop.agenda_asked import deed_asked

    asked = deed_asked("쓰레기   버렸나?", "쓰레기   버렸나?")
    assert asked is not None and asked.words == "쓰레기"
    assert deed_asked("쓰레기 버렸어", "쓰레기 버렸어") is None   # told, not asked
    told = deed_asked("밥한테\u3000전화했어  ?", "밥한테\u3000전화했어  ?")
    assert told is not None and told.words == "밥한테 전화"


def test_korean_time_words_repeated_do_not_hang_the_reminder_reader() -> None:
    """"내일 " said 30 times (92 characters) held the daemon for minutes: the "알림 설정해 줘" reader's time words split
    each space two ways, exponential in the words (pass 49: 26 of them stalled /api/status)."""
    from jarvisd.openloop.remind_asks import reminder_without_what

    # twice the words against the words, not seconds: ~2x now, ~1,000x when each space split two ways (20 words:
    # seconds; 30 held the daemon for minutes). Before the long ones below, which never end on that bug
    assert_grows_linearly(reminder_without_what, lambda k: "내일 " * k + "zz", 20, scale=2, vary=False)
    assert_grows_linearly(reminder_without_what, lambda k: "내일 3시" * k + " 시간 돼?", 20, scale=2, vary=False)
    assert reminder_without_what("내일 " * 40 + "zz") is None
    assert reminder_without_what("내일 3시" * 798 + " 시간 돼?") is None


def test_korean_reminder_without_what_still_reads_its_time() -> None:
    """Guard: the time words are read as before."""
    from jarvisd.openloop.remind_asks import reminder_without_what

    assert reminder_without_what("내일 3시에 알림 설정해 줘") == "내일 3시에"
    assert reminder_without_what("내일 저녁 알림 좀 맞춰 줘") == "내일 저녁"
    assert reminder_without_what("알림 설정해 줘") == ""
    assert reminder_without_what("오후 3시 30분 에 알림 추가해 주세요") == "오후 3시 30분 에"
