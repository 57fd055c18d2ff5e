"""Facts about the people in the user's life, and facts that change, on the offline default (round 65, facts65).

Lived with `scripts/days_lived.py` before the fix: "mia's teacher is mrs. patel" got SmolLM2's "my daughter's name is
mia." and "mia is allergic to peanuts" "Sorry, I don't have an answer to that." (nothing kept: a name typed or heard in
lower case was no owner); "who is mia's teacher?" said "You haven't told me about your mia's teacher"; "actually i sold
the honda, i drive a toyota now" was the desk's "Good. That wasn't on your agenda …" and "what car do i drive?" still
said the honda; "forget that mia is allergic to peanuts" forgot nothing. The real assistant on LanceDB memory."""

from __future__ import annotations

import pytest

from jarvisd.memory.fact_asked import fact_asked, said_back
from jarvisd.memory.remember_asked import remember_said
from tests.assistants import answers_to, scripted_assistant

NOT_TOLD = "You haven't told me what mia is allergic to. Tell me, and I'll remember it."


async def test_facts_of_a_child_named_in_lower_case_are_kept_asked_gathered_and_forgotten(tmp_path):
    said, calls = await answers_to(
        tmp_path, "my daughter's name is mia", "mia's teacher is mrs. patel", "mia is allergic to peanuts",
        "who is mia's teacher?", "is mia allergic to anything?", "what do you know about mia?",
        "forget that mia is allergic to peanuts", "is mia allergic to anything?")
    assert said == [
        "Remembered: my daughter's name is mia", "Remembered: mia's teacher is mrs. patel",
        "Remembered: mia is allergic to peanuts",
        "You told me mia's teacher is mrs. patel.", "You told me mia is allergic to peanuts.",
        "You told me: mia is allergic to peanuts; mia's teacher is mrs. patel; and your daughter's name is mia.",
        "OK, I forgot that mia is allergic to peanuts.", NOT_TOLD]
    assert calls == []


@pytest.mark.parametrize(("told", "asked", "answer"), [
    # held out: other names, other attributes, the same rules
    ("leo's doctor is dr. kim", "who is leo's doctor?", "You told me leo's doctor is dr. kim."),
    ("noah's school is maple elementary", "what's noah's school?", "You told me noah's school is maple elementary."),
    ("sam is allergic to shellfish", "what is sam allergic to?", "You told me sam is allergic to shellfish."),
    ("mia likes dinosaurs", "what does mia like?", "You told me: mia likes dinosaurs."),
    ("my son hates broccoli", "what does my son hate?", "You told me: your son hates broccoli."),
    ("leo is afraid of the dark", "what is leo afraid of?", "You told me: leo is afraid of the dark."),
])
async def test_held_out_facts_of_someone_are_kept_and_said_back(tmp_path, told, asked, answer):
    said, calls = await answers_to(tmp_path, told, asked)
    assert said == [f"Remembered: {told}", answer]
    assert calls == []


async def test_a_fact_never_told_of_someone_named_is_not_said_as_the_users(tmp_path):
    said, _ = await answers_to(tmp_path, "who is mia's teacher?", "what's mom's birthday?")
    assert said == ["You haven't told me about mia's teacher. Tell me, and I'll remember it.",
                    "You haven't told me about your mom's birthday. Tell me, and I'll remember it."]


def test_guard_the_users_own_likes_are_not_someone_elses():
    facts = ["mia likes dinosaurs", "leo hates broccoli", "I love jazz", "mia doesn't like mushrooms"]
    assert said_back(fact_asked("what do I like?"), facts) == "You told me: you love jazz."
    assert said_back(fact_asked("what do I hate?"), facts) is None
    assert said_back(fact_asked("what does mia like?"), facts) == "You told me: mia likes dinosaurs."
    assert said_back(fact_asked("what does mia not like?"), facts) == "You told me: mia doesn't like mushrooms."


async def test_a_thing_that_changed_supersedes_the_old_fact_kept_as_history(tmp_path):
    assistant, chat = scripted_assistant(tmp_path)
    try:
        assert await assistant.answer("my car is a blue honda civic", session="s") == \
            "Remembered: my car is a blue honda civic"
        assert await assistant.answer("actually i sold the honda, i drive a toyota now", session="s") == \
            "Updated: my car is a toyota (before: a blue honda civic)"
        assert await assistant.answer("what car do i drive?", session="s") == "You told me your car is a toyota."
        assert await assistant.answer("what do you remember about me?", session="s") == \
            "You told me: your car is a toyota."
        # the old record stays in the store as history, hidden from every answer
        kept = assistant.memory.told_facts(assistant.scope("s"), superseded=True)
        old = next(item for item in kept if item.content == "my car is a blue honda civic")
        new = next(item for item in kept if item.content == "my car is a toyota")
        assert old.superseded_by == new.id and not new.superseded_by
        assert chat.calls == []
        assert assistant.desk.service.agenda() == []
    finally:
        await assistant.close()


@pytest.mark.parametrize(("before", "changed", "asked", "answer"), [
    ("my car is a red civic", "i no longer drive the civic, i drive a tesla", "what car do i drive?",
     "You told me your car is a tesla."),
    ("my job is at Google", "I don't work at Google anymore, I work at Naver now", "where do I work?",
     "You told me your job is at Naver."),
    ("my bike is a brompton", "i sold the brompton and now i ride a trek", "what's my bike?",
     "You told me your bike is a trek."),
])
async def test_held_out_changes_are_the_fact_said_back(tmp_path, before, changed, asked, answer):
    said, calls = await answers_to(tmp_path, before, changed, asked)
    assert said[0] == f"Remembered: {before}" and said[1].startswith("Updated: ") and said[2] == answer
    assert calls == []


@pytest.mark.parametrize("said", [
    "pick mia up at 3", "is mia allergic to peanuts?", "who is allergic to peanuts", "mia is sick", "mia is late again",
    "mom loves it", "nobody likes mondays", "he hates me", "i drive a lot", "i drive mia to school now",
    "i drive to the gym on mondays now", "i sold the honda", "everyone is allergic to something",
    "today's meeting is at 3", "how's mia's teacher"])
def test_guard_questions_promises_and_talk_about_someone_are_no_fact(said):
    assert remember_said(said) is None


async def test_guard_a_promise_about_mia_stays_a_promise(tmp_path):
    assistant, chat = scripted_assistant(tmp_path)
    try:
        await assistant.answer("mia is allergic to peanuts", session="s")
        for said in ("i need to pick mia up at 3", "remind me to email mia's teacher tomorrow at 9"):
            assert not (await assistant.answer(said, session="s")).startswith(("Remembered", "Updated"))
        assert sorted(loop.desc.lower() for loop in assistant.desk.service.agenda()) == \
            ["email mia's teacher", "pick mia up"]
    finally:
        await assistant.close()


async def test_facts_of_someone_are_the_users_own_not_another_users(tmp_path):
    alice, _ = scripted_assistant(tmp_path, user="alice")
    try:
        assert await alice.answer("mia is allergic to peanuts", session="s") == "Remembered: mia is allergic to peanuts"
    finally:
        await alice.close()
    bob, _ = scripted_assistant(tmp_path, user="bob")
    try:
        assert await bob.answer("is mia allergic to anything?", session="s") == NOT_TOLD
        assert await bob.answer("forget that mia is allergic to peanuts", session="s") != \
            "OK, I forgot that mia is allergic to peanuts."
    finally:
        await bob.close()
    alice, _ = scripted_assistant(tmp_path, user="alice")
    try:
        assert await alice.answer("is mia allergic to anything?", session="s") == "You told me mia is allergic to peanuts."
    finally:
        await alice.close()


@pytest.mark.parametrize(("told", "asked", "answer"), [
    ("민지 담임 선생님은 박 선생님이야", "민지 담임 선생님 누구야?", "민지 담임 선생님은 박 선생님이라고 하셨어요."),
    ("민지는 땅콩 알레르기 있어", "민지 알레르기 뭐야?", "민지는 땅콩 알레르기 있다고 하셨어요."),
    # held out
    ("준호 학교는 새솔초등학교야", "준호 학교 어디야?", "준호 학교는 새솔초등학교라고 하셨어요."),
])
async def test_korean_facts_of_a_child_are_kept_and_said_back(tmp_path, told, asked, answer):
    said, calls = await answers_to(tmp_path, told, asked)
    assert said[1] == answer and calls == []


# ---------------------------------------------------------------- found living a fortnight of facts (f1.txt)

async def test_a_best_friend_and_a_child_named_after_the_kin_word_are_kept(tmp_path):
    """Before: "leo's best friend is jonah" got SmolLM2's "leo's best friend is j", and "my daughter mia is allergic to
    peanuts" SmolLM2's "leo is allergic to tree nuts" (another child's allergy said back), nothing kept."""
    said, calls = await answers_to(tmp_path, "leo is allergic to tree nuts", "leo's best friend is jonah",
                                   "my daughter mia is allergic to peanuts", "who is leo's best friend?",
                                   "what is mia allergic to?", "what is leo allergic to?")
    assert said[1:] == ["Remembered: leo's best friend is jonah", "Remembered: my daughter mia is allergic to peanuts",
                        "You told me leo's best friend is jonah.", "You told me your daughter mia is allergic to peanuts.",
                        "You told me leo is allergic to tree nuts."]
    assert calls == []


async def test_a_fact_told_again_as_a_change_says_the_one_it_replaced(tmp_path):
    """Before: "actually leo's teacher is ms. choi now" answered "Remembered: …" (the old teacher replaced unsaid)."""
    said, _ = await answers_to(tmp_path, "leo's teacher is mr. brown", "actually leo's teacher is ms. choi now",
                               "who is leo's teacher?", "my wife's name is hana", "hana's birthday is march 14")
    assert said[1:3] == ["Updated: leo's teacher is ms. choi (before: mr. brown)", "You told me leo's teacher is ms. choi."]
    assert said[3:] == ["Remembered: my wife's name is hana", "Remembered: hana's birthday is march 14"]   # guard


async def test_everything_told_of_someone_is_gathered_not_only_the_newest_three(tmp_path):
    """Before: the newest three only; with six facts of Leo his allergy, told first, was left out."""
    told = ["my son's name is leo", "leo is allergic to tree nuts", "leo likes trains", "leo's teacher is mr. brown",
            "leo is scared of dogs", "leo's school is hanbit elementary"]
    said, _ = await answers_to(tmp_path, *told, "what do you know about leo?")
    assert "leo is allergic to tree nuts" in said[-1] and "your son's name is leo" in said[-1]
    assert said[-1].count(";") == 5


async def test_korean_likes_of_someone_are_kept_and_said_back(tmp_path):
    """Before: "민지는 공룡을 좋아해" went to SmolLM2, nothing kept (`_KO_LIKES` read 나는/저는 only)."""
    said, calls = await answers_to(tmp_path, "민지는 공룡을 좋아해", "민지는 오이를 안 좋아해", "준호는 강아지를 무서워해",
                                   "민지가 좋아하는 거 뭐야?", "준호가 무서워하는 거 뭐야?")
    assert said[3:] == ["기억하고 있는 건: 민지는 공룡을 좋아해.", "기억하고 있는 건: 준호는 강아지를 무서워해."]
    assert calls == []


@pytest.mark.parametrize("said", ["날씨는 좋아", "오늘은 피자를 좋아해", "민지가 좋아하는 거 뭐야?", "민지 3시에 데리러 가야 해"])
def test_guard_korean_talk_and_questions_are_no_like_kept(said):
    assert remember_said(said) is None
