"""/compact stores only what the conversation says (`memory/grounding.py`): reliability pass 39 saw the
embedded SmolLM2 summarise "My sister's name is Zoë and she lives in Kraków" as "Zoë is a Polish-born
British-Jewish artist who lives in Kraków", stored as memory."""

from __future__ import annotations

import pytest

from jarvisd.memory.grounding import grounded_summary, said_lines, summary_sentences, unsaid

ZOE = "User: My sister's name is Zoë and she lives in Kraków\nAssistant: Kraków is a lovely city."


@pytest.mark.parametrize("sentence", [
    "Zoë lives in Kraków.",
    "The user's sister Zoë lives in Kraków.",
    "The user mentioned that their sister is named Zoë.",
])
def test_a_sentence_the_conversation_says_is_kept(sentence):
    assert unsaid(sentence, ZOE) == ""


@pytest.mark.parametrize("sentence, why", [
    ("Zoë is a Polish-born British-Jewish artist who lives in Kraków.", "'Polish-born' is not in"),
    ("Anna lives in Kraków.", "'Anna' is not in"),  # a name the user never said, first in the sentence
    ("Zoë moved to Kraków in 2019.", "the number 2019"),
    ("Zoë works as a painter and teaches children.", "words are not in the conversation"),
])
def test_a_sentence_with_a_name_number_or_most_words_unsaid_is_not(sentence, why):
    assert why in unsaid(sentence, ZOE)


def test_korean_particles_and_endings_do_not_count_as_unsaid_words():
    said = "User: 내 동생 이름은 지영이고 부산에 살아\nAssistant: 기억할게요"
    assert unsaid("사용자의 동생 지영은 부산에 산다.", said) == ""
    assert unsaid("지영은 서울대학교를 졸업한 의사이다.", said) != ""


def test_sentences_are_cut_at_their_ends_not_at_an_abbreviation_and_bullets_lose_their_marks():
    assert summary_sentences("# Summary\n- The vet is Dr. Kim. It costs 80 dollars.\n* Bori needs shots.") == [
        "The vet is Dr. Kim.", "It costs 80 dollars.", "Bori needs shots."]


def test_when_no_sentence_is_said_the_users_own_lines_are_the_summary():
    kept = grounded_summary("Zoë is a Polish-born artist. She teaches ballet in Warsaw.", ZOE,
                            ["My sister's name is Zoë and she lives in Kraków", "my sister's name is Zoë and "
                             "she lives in Kraków"])
    assert kept.text == "My sister's name is Zoë and she lives in Kraków" and kept.own_words
    assert len(kept.left_out) == 2 and "your own words" in kept.note()
    assert said_lines(["x" * 400]) == ["x" * 299 + "…"]


@pytest.mark.slow  # the real SmolLM2 through llama.cpp
async def test_compact_on_the_embedded_model_stores_no_name_or_number_the_session_did_not_say(tmp_path):
    import re

    from jarvisd.llm.base import Message, complete
    from jarvisd.llm.embedded import LlamaCppChat
    from jarvisd.manifest import ModelStore
    from jarvisd.memory.learning import compact_messages, transcript

    model = LlamaCppChat(ModelStore(tmp_path).path("smollm2-135m"), name="smollm2-135m", max_tokens=160)
    sessions = [
        [("My sister's name is Zoë and she lives in Kraków", "Kraków is a lovely city.")],
        [("My dog Bori needs his shots next week", "I'll remember: Bori's shots next week."),
         ("The vet is Dr. Kim on Elm Street, it costs 80 dollars", "Dr. Kim, Elm Street, 80 dollars.")],
        [("I'm flying to Lisbon on March 3rd for a conference", "Have a good trip to Lisbon.")],
    ]
    for session in sessions:
        messages = [m for u, a in session for m in (Message("user", u), Message("assistant", a))]
        said = transcript(messages)
        answer = (await complete(model, compact_messages(messages))).text
        kept = grounded_summary(answer, said, [u for u, _ in session])
        assert kept.text.strip()
        for word in re.findall(r"\b(?:[A-Z][a-zë]+|\d+)\b", kept.text):  # names, places, numbers
            assert word in said or word in ("The", "User", "She", "He", "They", "It", "I", "On"), (word, answer)
