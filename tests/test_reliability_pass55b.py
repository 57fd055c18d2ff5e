"""Pass 55b: facts kept in words at scale and taken back in words; the HUD and the event loop under large data
(docs/reliability.md, "Fifty-fifth pass (b)")."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from jarvisd.memory import recall
from jarvisd.memory.facts import topic_of
from jarvisd.memory.items import natural_id, new_item
from jarvisd.memory.query_words import normalise
from tests.assistants import scripted_assistant


def _keep_many(assistant, session: str, count: int) -> None:
    """`count` facts kept after whatever was kept before (one write, as that many "remember that …" would leave)."""
    scope = assistant.scope(session)
    start = datetime.now(UTC) + timedelta(minutes=1)
    items = []
    for i in range(count):
        content = f"my locker{i} number is {i}"
        items.append(new_item(
            user=scope.user, agent=scope.agent, session=scope.session, source="explicit", content=content,
            created_at=start + timedelta(seconds=i), item_id=natural_id(scope.user, "explicit", normalise(content)),
            importance=0.8, topic=topic_of(content), metadata={}, vector=None))
    assistant.memory.store.upsert(items)


async def test_a_fact_kept_before_the_newest_ones_read_is_still_said_back_and_forgotten(tmp_path):
    """Before: "what's my bike lock code?" read the newest 10,000 kept facts only (`recall.TOLD_FACTS`), so with
    10,001 kept after it (the daemon's home, 10,002 facts) the answer was "You haven't told me about your bike lock
    code." and "forget my bike lock code" said "I wasn't keeping anything about your bike lock code, so there was
    nothing to forget." and left it kept. The newest are read first; when none holds the words, every one is."""
    assistant, _ = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        await assistant.answer("remember that my bike lock code is 3141", session="s")
        _keep_many(assistant, "s", recall.TOLD_FACTS + 1)
        assert await assistant.answer("what's my bike lock code?", session="s") == \
            "You told me your bike lock code is 3141."
        assert await assistant.answer("forget my bike lock code", session="s") == \
            "OK, I forgot that your bike lock code is 3141."
        assert (await assistant.answer("what's my bike lock code?", session="s")).startswith("You haven't told me")
        assert await assistant.answer("what's my locker10000 number?", session="s") == \
            "You told me your locker10000 number is 10000."
    finally:
        await assistant.close()


async def test_a_fact_kept_about_the_thing_is_forgotten_in_words(tmp_path):
    """Before: "add a note: the garage code is 4417" and "remember the spare key is under the blue pot" were kept and
    said back ("what's the garage code?"), but "forget the garage code" and "forget the spare key" went to the model
    (the forget readers took "my …" / "our …" only): nothing was forgotten, whatever the model said."""
    assistant, chat = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        await assistant.answer("add a note: the garage code is 4417", session="s")
        await assistant.answer("remember the spare key is under the blue pot", session="s")
        assert await assistant.answer("forget the garage code", session="s") == \
            "OK, I forgot that the garage code is 4417."
        assert await assistant.answer("please delete the spare key", session="s") == \
            "OK, I forgot that the spare key is under the blue pot."
        assert (await assistant.answer("what's the garage code?", session="s")).startswith("You haven't told me")
        assert "nothing to forget" in await assistant.answer("forget the garage code", session="s")
        assert chat.calls == []
    finally:
        await assistant.close()


async def test_guard_forgetting_the_promise_named_still_cancels_it(tmp_path):
    assistant, _ = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        await assistant.answer("remember that the garage code is 4417", session="s")
        await assistant.answer("remind me to call the plumber tomorrow", session="s")
        reply = await assistant.answer("forget the call with the plumber", session="s")
        assert "off your agenda" in reply and assistant.agenda.agenda() == []
        assert await assistant.answer("what's the garage code?", session="s") == "You told me the garage code is 4417."
    finally:
        await assistant.close()


async def test_remember_the_thing_is_kept_as_a_fact_not_a_promise(tmp_path):
    """Before: "remember the spare key is under the blue pot" (no "that") was kept as a promise, "Got it: the spare
    key is under the blue pot. When should I remind you?", and "where is the spare key?" went to the model."""
    assistant, chat = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        assert await assistant.answer("remember the spare key is under the blue pot", session="s") == \
            "Remembered: the spare key is under the blue pot"
        assert await assistant.answer("where is the spare key?", session="s") == \
            "You told me the spare key is under the blue pot."
        assert assistant.agenda.agenda() == [] and chat.calls == []
    finally:
        await assistant.close()


async def test_guard_remember_the_thing_with_a_time_is_still_a_reminder(tmp_path):
    assistant, _ = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        reply = await assistant.answer("remember the dentist appointment is on Friday at 2", session="s")
        assert reply.startswith("I'll remind you") and len(assistant.agenda.agenda()) == 1
    finally:
        await assistant.close()
