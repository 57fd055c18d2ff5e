"""Pass 56b: other unicode at every edge, other blocking paths, other bad config values, other HUD request tricks
(docs/reliability.md, "Fifty-sixth pass (b)")."""

from __future__ import annotations

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
