"""Memory over two weeks (the sixty-first session's "life" scripts, tests/memory/data/life61-*.txt, on the offline
default): facts told in the ways people tell them, changed, asked back in other words, forgotten. Each case is one
the scripts got wrong; the whole assistant, the model scripted "(made up)" and never to be said."""

import pytest

from tests.assistants import answers_to


async def _said(tmp_path, *turns: str) -> list[str]:
    return (await answers_to(tmp_path, *turns, says="(made up)", user="alice"))[0]


@pytest.mark.parametrize(("turns", "asked", "answer"), [
    # "Updated: my new phone number is Jenny is allergic to peanuts": the correction of a fact of its own was taken as
    # the value of the fact kept just before it
    (("Jenny is allergic to shellfish", "my new phone number is 010 5555 1234",
      "no, Jenny is allergic to peanuts, not shellfish"), "what's my new number?",
     "You told me your new phone number is 010 5555 1234."),
    (("Jenny is allergic to shellfish", "my new phone number is 010 5555 1234",
      "no, Jenny is allergic to peanuts, not shellfish"), "what is Jenny allergic to?",
     "You told me Jenny is allergic to peanuts."),
    (("Jenny is allergic to shellfish", "my new phone number is 010 5555 1234",
      "no, Jenny is allergic to peanuts, not shellfish"), "what do you know about Jenny?",
     "You told me: Jenny is allergic to peanuts."),
])
async def test_a_correction_naming_its_own_subject_replaces_that_fact_only(tmp_path, turns, asked, answer):
    replies = await _said(tmp_path, *turns, asked)
    assert replies[-1] == answer, replies
    assert "made up" not in " ".join(replies)


@pytest.mark.parametrize(("turns", "asked", "answer"), [
    # "우리 집 주소 뭐야?" after "새 주소는 …": the old address said back
    (("우리 집 주소는 서울 마포구 합정로 12야", "새 주소는 부산 해운대구 해운대로 7이야"), "우리 집 주소 뭐야?",
     "새 주소는 부산 해운대구 해운대로 7이라고 하셨어요."),
    # "what do you know about me?" said both the old and the new address
    (("my address is 12 Oak Street", "my new address is 7 Haeundae-ro"), "what do you know about me?",
     "You told me: your new address is 7 Haeundae-ro."),
    (("my PIN hint is the red notebook", "my PIN hint is the green diary now"), "what do you know about me?",
     "You told me: your PIN hint is the green diary."),
])
async def test_a_fact_told_again_replaces_the_old_one(tmp_path, turns, asked, answer):
    replies = await _said(tmp_path, *turns, asked)
    assert replies[-1] == answer, replies


@pytest.mark.parametrize(("turns", "kept"), [
    # the sixty-first session's read-through: "my wife is a teacher" hid "my wife is allergic to shellfish" (one topic,
    # "wife", superseded); someone told of is many facts, only their name replaces one
    (("/remember my wife is allergic to shellfish", "/remember my wife is a teacher"), ["shellfish", "teacher"]),
    (("/remember my sister is a nurse", "/remember my sister is in Denver"), ["nurse", "Denver"]),
])
async def test_two_facts_about_someone_are_both_kept(tmp_path, turns, kept):
    replies = await _said(tmp_path, *turns, "what do you know about me?")
    assert all(word in replies[-1] for word in kept), replies


@pytest.mark.parametrize(("turns", "forget", "asked", "gone"), [
    # "I wasn't keeping anything about your old address" / "그건 기억하고 있는 게 없어요"
    (("my address is 12 Oak Street", "my new address is 7 Haeundae-ro"), "forget my old address",
     "what do you know about me?", "12 Oak Street"),
    (("우리 집 주소는 서울 마포구 합정로 12야", "새 주소는 부산 해운대구 해운대로 7이야"), "옛날 주소 잊어버려",
     "나에 대해 뭘 기억해?", "합정로"),
])
async def test_forgetting_the_old_value_forgets_it_and_keeps_the_new(tmp_path, turns, forget, asked, gone):
    replies = await _said(tmp_path, *turns, forget, asked)
    assert replies[-2].startswith(("OK, I forgot", "잊었어요")), replies
    assert gone in replies[-2] and gone not in replies[-1], replies
    assert replies[-1] != "You haven't asked me to remember anything yet.", replies


@pytest.mark.parametrize(("told", "asked", "answer"), [
    # SmolLM2: "1. Unrealistic expectations: I'm not perfect, I'm not perfect."
    ("I don't like cilantro", "what do I not like?", "You told me: you don't like cilantro."),
    ("I hate mushrooms", "what do I hate?", "You told me: you hate mushrooms."),
    ("I hate mushrooms", "what don't I like?", "You told me: you hate mushrooms."),
    ("I love jazz", "what do I like?", "You told me: you love jazz."),
    ("나는 고수를 싫어해", "내가 싫어하는 거 뭐야?", "나는 고수를 싫어해"),
    # "You haven't told me about your Mia's birthday."
    ("Mia was born on March 3rd", "what's Mia's birthday?", "You told me Mia was born on March 3rd."),
    ("Mia was born on March 3rd", "when is Mia's birthday?", "You told me Mia was born on March 3rd."),
    # SmolLM2: "(2026-12-06)" (the fact was kept)
    ("자동차 보험 갱신일은 6월 30일이야", "자동차 보험 갱신일 언제야?", "자동차 보험 갱신일은 6월 30일이라고 하셨어요."),
    # "FYI my wife Jenny …" went to SmolLM2, nothing kept
    ("FYI my wife Jenny is allergic to shellfish", "what is Jenny allergic to?",
     "You told me your wife Jenny is allergic to shellfish."),
])
async def test_a_fact_told_in_everyday_words_is_kept_and_said_back(tmp_path, told, asked, answer):
    replies = await _said(tmp_path, told, asked)
    assert "made up" not in replies[1], replies
    assert answer in replies[1], replies


async def test_what_i_like_is_not_answered_by_what_i_do_not(tmp_path):
    replies = await _said(tmp_path, "I don't like cilantro", "I love jazz", "I hate mushrooms", "what do I like?",
                          "what do I not like?")
    assert replies[3] == "You told me: you love jazz.", replies
    assert replies[4] == "You told me: you hate mushrooms; and you don't like cilantro.", replies


@pytest.mark.parametrize("make", [
    lambda n: "no, " + "Jenny is allergic " * n + "to peanuts, not shellfish",
    lambda n: "I don't like " + "very " * n + "cilantro!",
    lambda n: "Mia was born on " + "a " * n,
    lambda n: "나는 " + "고수 " * n + "싫어해",
    lambda n: "my " + "new " * n + "address is 7 Haeundae-ro",
    lambda n: "우리 집 " + "새 " * n + "주소는 부산이야",
    lambda n: "아니, 아내는 " + "새우 " * n + "말고 땅콩 알레르기야",
    lambda n: "the car insurance renews on " + "June " * n,
    lambda n: "my friend Tom got a new job at " + "Big " * n + "!",
    lambda n: "I moved to " + "Busan " * n + "?",
    lambda n: "Dr. Park " + "Park " * n + "does my teeth",
    lambda n: "민호가 " + "삼성" * n + "에 새로 취직했대",
    lambda n: "나 " + "부산 " * n + "으로 이사했어",
    lambda n: "예비 " + "열쇠" * n + "는 현관 화분 밑에 뒀어",
])
def test_the_new_readings_grow_linearly_with_the_words(make):
    from jarvisd.memory.facts import told_topic
    from jarvisd.memory.remember_asked import remember_said
    from tests.timing import assert_grows_linearly

    assert_grows_linearly(lambda text: (remember_said(text), told_topic(text)), make, 2000)


@pytest.mark.parametrize("make", [
    lambda n: "what do I " + "not " * n + "like?",
    lambda n: "내가 " + "싫어하는 " * n + "거 뭐야?",
    lambda n: "forget my " + "old " * n + "address",
    lambda n: "여동생" * n + "에 대해 뭐 알아?",
    lambda n: "when does my car " + "insurance " * n + "renew?",
    lambda n: "예비 " + "열쇠" * n + " 어디 있어?",
    lambda n: "민호" * n + " 어디 취직했어?",
])
def test_the_new_questions_grow_linearly_with_the_words(make):
    from jarvisd.memory.fact_asked import fact_asked
    from jarvisd.memory.forget_asked import forget_said
    from tests.timing import assert_grows_linearly

    assert_grows_linearly(lambda text: (fact_asked(text), forget_said(text)), make, 2000)


@pytest.mark.parametrize(("turns", "asked", "answer"), [
    # the Korean script: "아내는 새우 알레르기가 있어" to SmolLM2 (nothing kept), its correction too, and "아내 알레르기 뭐야?"
    # was denied
    (("아내는 새우 알레르기가 있어",), "아내 알레르기 뭐야?", "아내는 새우 알레르기가 있다고 하셨어요."),
    (("아내는 새우 알레르기가 있어", "아니, 아내는 새우 말고 땅콩 알레르기야"), "아내 알레르기 뭐야?",
     "아내는 땅콩 알레르기라고 하셨어요."),
    # "치과 선생님 이름은 박지훈이래" ("…래", heard from someone): "그렇군요.", nothing kept
    (("치과 선생님 이름은 박지훈이래",), "내 치과 선생님 누구지?", "치과 선생님 이름은 박지훈이라고 하셨어요."),
    # SmolLM2: "(2026-12-06)"
    (("내 여동생 이름은 수진이야", "여동생 생일은 5월 3일이야"), "여동생에 대해 뭐 알아?",
     "기억하고 있는 건: 여동생 생일은 5월 3일이야; 내 여동생 이름은 수진이야."),
    # SmolLM2: "I'm here to assist you, but I'm not a car insurance provider."
    (("just so you know, the car insurance renews on June 30",), "when does my car insurance renew?",
     "You told me the car insurance renews on June 30."),
    # "You haven't told me where Tom works."
    (("my friend Tom got a new job at Google",), "where does Tom work?",
     "You told me your friend Tom got a new job at Google."),
    # "nothing to mark done", then SmolLM2 on "where do I live?": "I'm not here to help you find your way around."
    (("I moved to Busan",), "where do I live?", "You told me you moved to Busan."),
    # "잘하셨어요. 할 일 목록에 없던 일이라 …" (read as a promise done), nothing kept, and the question to SmolLM2
    (("예비 열쇠는 현관 화분 밑에 뒀어",), "예비 열쇠 어디 있어?", "예비 열쇠는 현관 화분 밑에 뒀다고 하셨어요."),
    (("민호가 삼성에 새로 취직했대",), "민호 어디 취직했어?", "민호가 삼성에 새로 취직했다고 하셨어요."),
    (("나 부산으로 이사했어",), "나 어디 살아?", "나 부산으로 이사했다고 하셨어요."),
    # SmolLM2 echoed it ("내 주치의는 김민수 …"), nothing kept
    (("내 주치의는 김민수 선생님이야",), "내 주치의 누구야?", "주치의는 김민수 선생님이라고 하셨어요."),
    # "My teeth.", then "You haven't told me about your dentist."
    (("Dr. Park does my teeth",), "who is my dentist?", "You told me Dr. Park does your teeth."),
])
async def test_more_of_the_life_scripts_facts_are_kept_and_said_back(tmp_path, turns, asked, answer):
    replies = await _said(tmp_path, *turns, asked)
    assert replies[-1] == answer, replies
