"""The text a turn episode is embedded with: the previous turn's tail in front, the episode shown alone."""

from __future__ import annotations

from jarvisd.memory.episodes import CONTEXT_CHARS, embedding_text, episode_text


def test_the_first_turn_of_a_session_is_embedded_as_it_is_shown() -> None:
    content = episode_text("It taught me self-acceptance", "Lovely")
    assert embedding_text(content, None) == content


def test_a_reply_is_embedded_with_the_words_of_the_turn_before_it() -> None:
    content = episode_text("It taught me self-acceptance", "Lovely")
    text = embedding_text(content, ("I just finished Becoming Nicole", "What did you take away from it?"))
    # the book is named in the previous utterance, not in the answer right before the reply
    assert text == f"I just finished Becoming Nicole\nWhat did you take away from it?\n{content}"


def test_only_the_last_400_chars_of_the_previous_utterance_and_answer_are_taken() -> None:
    previous = ("b" * 600 + " my weekend", "a" * 500 + " the charity race")
    text = embedding_text("episode", previous)
    assert text == f"{previous[0][-CONTEXT_CHARS:]}\n{previous[1][-CONTEXT_CHARS:]}\nepisode"
    assert len(text) == 2 * CONTEXT_CHARS + len("\n\nepisode")


def test_an_empty_side_of_the_previous_turn_is_left_out() -> None:
    assert embedding_text("episode", ("remind me at five", "")) == "remind me at five\nepisode"
    assert embedding_text("episode", ("", "Sure, five it is")) == "Sure, five it is\nepisode"
    assert embedding_text("episode", ("  ", "")) == "episode"
