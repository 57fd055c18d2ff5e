"""Pass 54c: text at the edges and blocking work, on paths added since pass 41 (see docs/reliability.md,
"Fifty-fourth pass (c)")."""

from __future__ import annotations

import time

import pytest

from jarvisd.openloop.agenda_asked import free_asked
from jarvisd.openloop.desk import clean


@pytest.mark.parametrize("text", ["내가 " + "1" * 3996 + "é", "나 " + "11 " * 1332 + "é", "나 " + "1 " * 1998 + "é"])
def test_a_turn_of_four_thousand_digits_is_read_by_the_free_question_in_linear_time(text):
    """A HUD turn of 4,000 characters (the turn's cap), "내가 " and 3,996 digits: `_KO_FREE`'s `.*\\d.*?` tried every
    digit as the last one and, for each, every end after it: 1-2 s a call in `free_asked`, in the desk's thread with
    the GIL held; on the daemon `/api/status` took 2.70 s and 2.66 s (gil_watch: 2.67 s in `free_asked`). Now `when`
    starts at the first digit, read once."""
    said = clean(text)
    started = time.perf_counter()
    assert free_asked(said) is None
    assert time.perf_counter() - started < 0.3


@pytest.mark.parametrize(("text", "when"), [
    ("내일 3시에 시간 돼", "내일 3시"),
    ("나 내일 오후 3시 비어 있어", "내일 오후 3시"),
    ("내가 12월 5일 3시에 일정 있어요", "12월 5일 3시"),
    ("내일 3시 1분에 바빠", "내일 3시 1분"),
    ("3시 4시에 시간 돼", "3시 4시"),
    ("내일 시간 돼", None),   # no digit: not this question
])
def test_guard_the_free_question_gives_back_the_same_words_of_the_time(text, when):
    """Guard: the words of the time are the same span as before (the ending holds no digit, so the last digit is
    always inside it)."""
    assert free_asked(text) == when


def _desk(tmp_path):
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from jarvisd.openloop.desk import AgendaDesk
    from jarvisd.openloop.korean_morph import KoreanAnalyzer
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import JsonlLoopStore

    now = datetime(2026, 12, 5, 14, 0, tzinfo=ZoneInfo("Asia/Seoul"))
    service = OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=now.tzinfo, clock=lambda: now.timestamp())
    return AgendaDesk(service, KoreanAnalyzer())   # Kiwi loads on the first Korean text: none here


@pytest.mark.parametrize("run", ["\t", "\u00a0", "\u3000", " "])
def test_a_turn_with_a_run_of_four_thousand_blanks_is_read_by_the_desk_in_linear_time(tmp_path, run):
    """"remind me to" + 3,973 tabs + "in 5 minutes" (a HUD turn at its cap): each reader's `\\s+` / `\\s*` started
    from every blank of the run (`rules._CLAUSE_BREAK.split`, `instead._EN_OF`, `en_dialect`, the desk's splits):
    `desk.handle` took 3-6.5 s, 0.3-0.7 s a pattern with the GIL held; on the daemon `/api/status` took 3.26 s
    (tabs), 2.46 s (no-break spaces), 2.90 s (ideographic spaces). Now a run is one blank for the desk."""
    desk = _desk(tmp_path)
    text = ("remind me to " + run * 4000)[:3986] + " in 5 minutes"
    started = time.perf_counter()
    desk.handle(text)
    assert time.perf_counter() - started < 0.5


def test_a_run_of_blanks_reaches_the_judge_as_one(tmp_path):
    """The AGENDA judge reads the same words with the rules (`redate` on the event loop, the dismissal rule's
    clause split): they get the run as one blank too."""
    import asyncio
    from zoneinfo import ZoneInfo

    from jarvisd.llm.scripted import ScriptedChatModel
    from jarvisd.openloop.judge import AgendaJudge
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import MemoryLoopStore

    model = ScriptedChatModel([{"text": "open_loops:\nclosed_loops:"}])
    judge = AgendaJudge(model, OpenLoopService(MemoryLoopStore(), tz=ZoneInfo("Asia/Seoul")))
    started = time.perf_counter()
    asyncio.run(judge.judge(("remind me to " + "\t" * 4000)[:3986] + " in 5 minutes"))
    assert time.perf_counter() - started < 0.2   # 0.4-0.6 s before, much of it on the event loop


@pytest.mark.parametrize(("text", "said"), [
    ("remind me to\t\tcall   mom in 5 minutes", "I'll remind you: call mom, today at 2:05 PM."),
    ("remind me to call mom in 5 minutes", "I'll remind you: call mom, today at 2:05 PM."),
])
def test_guard_a_promise_with_blanks_inside_is_taken_as_before(tmp_path, text, said):
    assert _desk(tmp_path).handle(text).text == said


def test_guard_one_space_keeps_a_line_break_and_single_blanks():
    from jarvisd.textsafe import one_space

    assert one_space("a \t b\n\n\nc\u2028 d e") == "a b\nc\nd e"
    assert one_space("a\tb") == "a\tb"
