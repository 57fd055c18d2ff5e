"""Pass 56b: other unicode at every edge, other blocking paths, other bad config values, other HUD request tricks
(docs/reliability.md, "Fifty-sixth pass (b)")."""

from __future__ import annotations

import pytest

from tests.assistants import scripted_assistant


async def test_a_fact_with_a_zero_width_space_inside_a_word_is_said_back_and_forgotten(tmp_path):
    """Before: a zero-width space pasted inside a word ("/remember my loc\\u200bker code is 9911", shown "locker") was
    read as a space between words ("loc ker"), so "what's my locker code?" was answered "You haven't told me about
    your locker code. Tell me, and I'll remember it." and "forget my locker code" forgot nothing; a question with one
    inside a word ("what's my bike lo\\u200bck code?") denied a fact kept plainly. A word joiner or a soft hyphen there
    was already nothing. Now the memory readers take a zero-width space inside a word as nothing, as a reader sees it,
    and a kept fact is read both ways."""
    assistant, _ = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        await assistant.answer("/remember my loc\u200bker code is 9911", session="s")
        await assistant.answer("/remember my bike lock code is 5566", session="s")
        await assistant.answer("/remember 내 사물\u200b함 번호는 42번", session="s")
        said = await assistant.answer("what's my locker code?", session="s")
        assert said.startswith("You told me your loc") and said.endswith("code is 9911."), said
        assert await assistant.answer("what's my bike lo\u200bck code?", session="s") == \
            "You told me your bike lock code is 5566."
        assert "42번" in await assistant.answer("내 사물함 번호 뭐였지?", session="s")
        assert (await assistant.answer("forget my locker code", session="s")).startswith("OK, I forgot that your loc")
        assert (await assistant.answer("what's my locker code?", session="s")).startswith("You haven't told me")
    finally:
        await assistant.close()


async def test_guard_a_zero_width_space_between_words_still_reads_as_a_space(tmp_path):
    """A zero-width space standing for the space between two words (pass 30's "call\\u200bmom") still separates them
    in the memory readers: the fact is found by its words, and a question with one between its words is still read."""
    assistant, _ = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        await assistant.answer("/remember my wifi\u200bpassword is sunflower", session="s")
        assert (await assistant.answer("what's my wifi password?", session="s")).endswith("is sunflower.")
        await assistant.answer("/remember my gate code is 1234", session="s")
        assert await assistant.answer("what's my gate\u200bcode?", session="s") == "You told me your gate code is 1234."
    finally:
        await assistant.close()


def _desk(tmp_path, korean):
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from tests.openloop.conftest import agenda_desk

    return agenda_desk(tmp_path, korean, datetime(2026, 12, 1, 9, 0, tzinfo=ZoneInfo("Asia/Seoul")))


@pytest.mark.parametrize(("promise", "closing", "kept"), [
    ("I need to call m\u034fom by Friday", "I called mom", "call mom"),             # a combining grapheme joiner
    ("I need to call mom by Friday", "I called m\u034fom", "call mom"),
    ("I need to pay the ca\u034ffe by Friday", "I paid the cafe", "pay the cafe"),
    ("I need to call Ann\ufe00 by Friday", "I called Ann", "call Ann"),                # a variation selector (VS1)
    ("I need to call Bo\U000e0100b by Friday", "I called Bob", "call Bob"),          # VS17
])
def test_a_promise_with_an_invisible_mark_inside_a_word_is_kept_and_closed_by_its_words(tmp_path, korean, promise,
                                                                                       closing, kept):
    """Before: a combining grapheme joiner (U+034F) or a variation selector other than the emoji ones inside a word,
    drawn as nothing, stayed in the promise ("Got it: call m\\u034fom") and "I called mom" was no closing of it (to
    the model; the promise stayed open), nor was "I called m\\u034fom" of "call mom". `plain_words` takes every
    default-ignorable mark off, as it did the format characters."""
    desk = _desk(tmp_path, korean)
    desk.handle(promise, "s")
    assert [loop.desc for loop in desk.service.agenda()] == [kept]
    said = desk.handle(closing, "s")
    assert said is not None and said.text == f"Marked done: {kept}.", said
    assert desk.service.agenda() == []


@pytest.mark.slow
@pytest.mark.parametrize(("promise", "closing", "kept"), [
    ("금요일까지 우\u200b유 사야 해", "우유 샀어", "우유 사기"),
    ("내일까지 치\u200b과 예약해야 해", "치과 예약했어", "치과 예약하기"),
    ("내일까지 치과 예약해야 해", "치\u200b과 예약했어", "치과 예약하기"),
])
def test_a_zero_width_space_inside_a_korean_word_is_nothing_to_the_agenda(tmp_path, korean, promise, closing, kept):
    """Before: a zero-width space between two Hangul syllables (a paste's line-break hint) was a space: "우\\u200b유"
    was kept as "buy 우 유" / "우 유 사기" and "우유 샀어" closed nothing (to the model); "치\\u200b과" was kept as "치 과
    예약하기". Korean is written with spaces between words: one drawn as nothing inside a Hangul run is no word break."""
    desk = _desk(tmp_path, korean)
    desk.handle(promise, "s")
    assert [loop.desc for loop in desk.service.agenda()] == [kept]
    said = desk.handle(closing, "s")
    assert said is not None and said.text == f"완료로 표시했어요: {kept}.", said


@pytest.mark.parametrize(("said", "kept"), [
    ("I need to call\u200bmom by Friday", "call mom"),                       # pass 30: a space drawn as nothing
    ("I need to email Ana tomorrow at 5\u200bpm", "email Ana"),
    ("I need to buy milk\U0001F95B\ufe0f by Friday", "buy milk\U0001F95B"),
    # (lows68: a joiner inside an emoji sequence is kept, so the family is one emoji, not two)
    ("I need to call \U0001F469\u200d\U0001F467 family by Friday", "call \U0001F469\u200d\U0001F467 family"),
])
def test_guard_a_zero_width_space_between_latin_words_and_emoji_marks_read_as_before(tmp_path, korean, said, kept):
    desk = _desk(tmp_path, korean)
    desk.handle(said, "s")
    assert [loop.desc for loop in desk.service.agenda()] == [kept]


async def test_a_tokenless_request_whose_chunked_body_the_server_refused_leaves_no_traceback(tmp_path, caplog):
    """Before (a low): `POST /api/turns` without the token, `Transfer-Encoding: chunked` and a chunk size that is no
    number ("zz"): the server answered 400 ("Invalid HTTP request received."), then the guard's 401 for the same
    request failed (h11's `LocalProtocolError`, state MUST_CLOSE): two tracebacks in the log ("hud: POST /api/turns
    failed", "Exception in ASGI application") per request, which any local user could repeat."""
    import asyncio
    import logging

    from tests.test_reliability_pass6 import _hud_server

    server, _ = await _hud_server(tmp_path)
    caplog.set_level(logging.INFO)
    try:
        for size in (b"zz", b"-5", b"ffffffffffffffffffffffff"):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"POST /api/turns HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                         b"Transfer-Encoding: chunked\r\n\r\n" + size + b"\r\n{}\r\n0\r\n\r\n")
            await writer.drain()
            answer = await asyncio.wait_for(reader.read(4096), 5)
            assert answer.startswith(b"HTTP/1.1 4"), answer
            writer.close()
        await asyncio.sleep(0.3)
        assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records if r.exc_info]
    finally:
        await server.stop()


def test_the_embedded_model_is_given_llm_timeout_sec(tmp_path):
    """`llm.timeout_sec` ("a whole model call") reaches the embedded model as it does Ollama's client."""
    from jarvisd.config import load_config
    from jarvisd.llm.backend_choice import select_backends
    from jarvisd.manifest import ModelStore

    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_LLM__BACKEND": "embedded",
                           "JARVIS_MEMORY__EMBEDDING_PROVIDER": "none", "JARVIS_LLM__TIMEOUT_SEC": "7.5"})
    backends = select_backends(cfg, ModelStore(tmp_path / "models"))
    try:
        assert backends.chat.timeout_sec == 7.5
    finally:
        backends.chat.close()


@pytest.mark.slow
async def test_an_embedded_answer_past_llm_timeout_sec_is_cut_there(tmp_path):
    """Before: `llm.timeout_sec` bounded Ollama only (pass 53a). On the embedded SmolLM2 (the offline default) a HUD
    turn of one letter and 3,999 combining marks (or 4,000 Hangul jamo: ~3,700 tokens read) took 133 s with
    `llm.timeout_sec = 10`, and 8-14 minutes each on the loaded machine, holding the turn gate all that time (every
    turn after it waited, a promise said after it 129 s; reminders wait on that gate). Now the call ends at the bound
    (the worker stops inside the prompt): a BackendError that names the key when nothing came. Yardstick: the same
    prompt answered whole by a model process of its own, unbounded, in the same run."""
    import time

    from jarvisd.llm.base import BackendError, Message, complete
    from jarvisd.llm.embedded import LlamaCppChat
    from jarvisd.manifest import ModelStore

    path = ModelStore(tmp_path / "models").path("smollm2-135m")
    prompt = [Message("user", "a" + "\u0301" * 1200)]
    whole_model = LlamaCppChat(path, name="smollm2-135m", max_tokens=16)
    try:
        start = time.monotonic()
        await complete(whole_model, prompt)
        whole = time.monotonic() - start
    finally:
        whole_model.close()
    bounded = LlamaCppChat(path, name="smollm2-135m", max_tokens=16, timeout_sec=whole / 10)
    try:
        start = time.monotonic()
        with pytest.raises(BackendError, match="llm.timeout_sec"):
            await complete(bounded, prompt)
        assert time.monotonic() - start < whole / 2, (time.monotonic() - start, whole)
    finally:
        bounded.close()
