"""The text a turn episode is embedded with: the previous turn's tail in front, the episode shown alone."""

from __future__ import annotations

from jarvisd.memory.episodes import CONTEXT_CHARS, embedding_text, episode_text


def test_the_first_turn_of_a_session_is_embedded_as_it_is_shown() -> None:
    content = episode_text("It taught me self-acceptance", "Lovely")
    assert embedding_text(content, None) == content


def test_a_reply_is_embedded_with_the_words_of_the_turn_before_it() -> None:
    content = episode_text("It taught me self-acceptance", "Lovely")
    text = embedding_text(content, ("What did you take away from Becoming Nicole?", "I loved that book"))
    assert text == f"I loved that book\n{content}"  # the previous answer is the turn right before


def test_only_the_last_400_chars_of_the_previous_turn_are_taken() -> None:
    previous = ("x", "a" * 500 + " the charity race")
    text = embedding_text("episode", previous)
    assert text == previous[1][-CONTEXT_CHARS:] + "\nepisode" and len(text) == CONTEXT_CHARS + len("\nepisode")


def test_a_previous_turn_without_an_answer_gives_its_utterance() -> None:
    assert embedding_text("episode", ("remind me at five", "")) == "remind me at five\nepisode"
    assert embedding_text("episode", ("  ", "")) == "episode"
