"""The eighteenth adversarial pass (pass78, issue 18): memory's newest readers fed values they did not expect.

A secret told in Korean with a word for its value ("내 비밀번호는 해바라기야"), with a contraction ("my password's
sunflower") or spelled out in number words ("my PIN is one two three four") reached the model's prompt whole (or three
of its four digits) under a question about something else: `secrets.masked` knew only "is" / ":" / "=" and words with a
digit. Whole assistant, real LanceDB store, offline default's embedded model scripted.
"""

from __future__ import annotations

import pytest

from jarvisd.memory.secrets import MASK, masked
from tests.assistants import answers_to


@pytest.mark.parametrize(("told", "value"), [
    ("내 비밀번호는 해바라기야", "해바라기"),
    ("my password's sunflower", "sunflower"),
    ("my PIN is one two three four", "two three four"),
    # held out
    ("우리 집 와이파이 비번은 haneul이야", "haneul"),
    ("현관 비밀번호가 별빛이에요", "별빛"),
    ("the wifi password’s bluebird", "bluebird"),
    ("the alarm code is four four one seven", "one seven"),
    ("my pin number is nine-eight-seven-six", "seven"),
    # an English kind in a Korean sentence: "PIN은" has no word boundary before 은
    ("내 PIN은 １２３４야", "１２３４"),
    ("와이파이 password는 sunflower야", "sunflower"),
])
def test_a_secret_told_in_words_is_masked(told, value):
    """Before: the line as it was ("내 비밀번호는 해바라기야"), or "my PIN is (private) two three four"."""
    shown = masked(told)
    assert value not in shown
    assert MASK in shown


@pytest.mark.parametrize("said", [
    "my phone's one of the old ones", "내 생일은 3월 3일이야", "비밀번호가 뭐였지", "비번은 왜 물어봐",
    "my shoe size is ten", "I have one two many problems", "spinach는 맛있어", "pinterest는 재밌어",
])
def test_guard_talk_that_tells_no_secret_value_is_kept(said):
    """No secret, or a secret asked for (no value told): the words stay as they were."""
    assert masked(said) == said


@pytest.mark.parametrize(("told", "value", "other"), [
    ("내 비밀번호는 해바라기야", "해바라기", "오늘 저녁 뭐 먹을까"),
    ("my password's sunflower", "sunflower", "tell me something about coffee"),
    ("my PIN is one two three four", "three four", "what should i cook for dinner"),
])
async def test_a_secret_in_words_is_not_in_the_prompt_of_another_question(tmp_path, told, value, other):
    """The whole assistant: the told line and its "Remembered: …" are in the window; the other question's prompt must
    not hold the value."""
    _, calls = await answers_to(tmp_path, told, other)
    assert calls, "the other question goes to the model"
    prompt = "\n".join(m.content for m in calls[-1][0])
    assert other in prompt
    assert value not in prompt


def test_masking_in_words_is_linear():
    from tests.timing import assert_grows_linearly
    assert_grows_linearly(masked, lambda n: "my pin is " + "one two " * n, 1000)
    assert_grows_linearly(masked, lambda n: "비밀번호는 " + "해바라기 " * n, 1000)
    assert_grows_linearly(masked, lambda n: "password's " * n, 1000)


# ---------------------------------------------------------------- a label is not a topic

@pytest.mark.parametrize(("first", "second"), [
    ("/remember note: the spare key is under the mat", "/remember note: the dog's vet is Dr Kim"),
    # held out
    ("/remember memo: the gate code is 4417", "/remember memo: the plumber is Bob 555-0100"),
    ("/remember FYI: my passport is in the desk drawer", "/remember fyi: our landlord is Mr. Choi"),
    ("/remember 메모: 우산은 차에 있어", "/remember 메모: 택배는 경비실에 맡겼어"),
])
async def test_two_notes_are_two_facts(tmp_path, first, second):
    """Before: "topic: value" read "note" as the topic, so the second note superseded the first: "what do you remember
    about me?" said only the second, and "forget the note" deleted both ("I also forgot 1 older note about it")."""
    replies, _ = await answers_to(tmp_path, first, second, "what do you remember about me?", "forget the note")
    kept = [first.split()[-1], second.split()[-1]]   # (said back as "your …")
    assert all(fact in replies[2] for fact in kept)
    if "note" in first:
        assert replies[3].startswith("Which one should I forget"), replies[3]
    replies, _ = await answers_to(tmp_path, "what do you remember about me?")
    assert all(fact in replies[0] for fact in kept)


@pytest.mark.parametrize(("first", "second", "gone"), [
    ("/remember note: the spare key is under the mat", "/remember note: the spare key is in the drawer now", "under the mat"),
    ("/remember locker: 4512", "/remember locker: 7788", "4512"),
    ("/remember 거주지: 서울", "/remember 거주지: 부산", "서울"),
])
async def test_guard_a_newer_fact_of_one_topic_still_replaces_the_older(tmp_path, first, second, gone):
    replies, _ = await answers_to(tmp_path, first, second, "what do you remember about me?")
    assert second.split(": ", 1)[1] in replies[2]
    assert gone not in replies[2]


# ---------------------------------------------------------------- the background's reading never hides the user's word

@pytest.mark.parametrize(("told", "key", "value", "asked", "said"), [
    ("remember that my wifi password is sunflower77", "wifi password", "unknown", "what's my wifi password?",
     "sunflower77"),
    # held out: the same value read back, and a "topic: value" fact
    ("remember that my locker code is 4512", "locker code", "4512", "what do you remember about me?", "4512"),
    ("/remember 거주지: 서울", "거주지", "부산 근처", "what do you remember about me?", "서울"),
])
async def test_a_fact_the_model_extracted_does_not_hide_the_one_the_user_kept(tmp_path, told, key, value, asked, said):
    """Before: consolidation's extracted "wifi password: unknown" (a thought model's reading of the turns) had the kept
    fact's topic and superseded it: "what do you remember about me?" no longer said it, and "forget my wifi password"
    deleted the kept one while the extracted copy stayed."""
    from jarvisd.memory.consolidation import consolidate
    from jarvisd.memory.extract import ExtractedFact
    from tests.assistants import scripted_assistant

    assistant, _ = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        assert (await assistant.answer(told, session="s")).startswith(("Remembered", "기억할게요"))
        await assistant.answer("tell me something about coffee", session="s")   # a turn for consolidation to read
        report = consolidate(assistant.memory, assistant.scope("s"), lambda _: [ExtractedFact(key, value, 0.9)])
        assert report.facts, "the extracted fact is kept (as the model's reading)"
        assert said in await assistant.answer(asked, session="s")
        kept = assistant.memory.told_facts(assistant.scope("s"))
        assert [item.content for item in kept] == [told.removeprefix("/remember ").removeprefix("remember that ")]
    finally:
        await assistant.close()


async def test_guard_the_users_newer_word_still_replaces_an_extracted_fact(tmp_path):
    from jarvisd.memory.consolidation import consolidate
    from jarvisd.memory.extract import ExtractedFact
    from tests.assistants import scripted_assistant

    assistant, _ = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        await assistant.answer("i moved last month", session="s")
        consolidate(assistant.memory, assistant.scope("s"), lambda _: [ExtractedFact("거주지", "서울", 0.9)])
        await assistant.answer("/remember 거주지: 부산", session="s")
        recalled = assistant.memory.store.search(
            __import__("jarvisd.memory.stores.base", fromlist=["StoreQuery"]).StoreQuery(
                access=assistant.memory.policies.access(assistant.scope("s")), kinds=("semantic",),
                match_required=False, include_superseded=False, limit=50))
        assert [c.item.content for c in recalled] == ["거주지: 부산"]
    finally:
        await assistant.close()


# ---------------------------------------------------------------- a forget takes the model's reading of the fact too

@pytest.mark.parametrize(("told", "key", "value", "forget", "secret"), [
    ("remember that my wifi password is sunflower77", "home wifi", "sunflower77", "forget my wifi password",
     "sunflower77"),
    # held out
    ("/remember 현관 비밀번호: 4417", "집 비번", "4417번", "현관 비밀번호 잊어버려", "4417"),
    ("remember that my bike lock code is 9031", "lock combination", "9031 (bike)", "forget that my bike lock code is 9031",
     "9031"),
])
async def test_a_forgotten_fact_is_not_left_in_what_the_model_extracted(tmp_path, told, key, value, forget, secret):
    """Before: "OK, I forgot that your wifi password is sunflower77.", and consolidation's "home wifi: sunflower77"
    stayed, recalled for "what's the wifi password?" (`forget_told` deleted the user's facts only)."""
    from jarvisd.memory.consolidation import consolidate
    from jarvisd.memory.extract import ExtractedFact
    from jarvisd.memory.stores.base import StoreQuery
    from tests.assistants import scripted_assistant

    assistant, _ = scripted_assistant(tmp_path, "scripted", says="ok", user="alice")
    scope = assistant.scope("s")
    try:
        await assistant.answer(told, session="s")
        await assistant.answer("tell me something about coffee", session="s")
        kept = ExtractedFact(key, value, 0.9), ExtractedFact("favourite drink", "latte", 0.9)
        assert len(consolidate(assistant.memory, scope, lambda _: list(kept)).facts) == 2
        assert (await assistant.answer(forget, session="s")).startswith(("OK, I forgot", "잊었어요"))
        q = StoreQuery(access=assistant.memory.policies.access(scope), kinds=("semantic",), match_required=False,
                       limit=50, include_superseded=True)
        left = [c.item.content for c in assistant.memory.store.search(q)]
        assert not [content for content in left if secret in content]
        assert left == ["favourite drink: latte"], "the model's other readings stay"
    finally:
        await assistant.close()
