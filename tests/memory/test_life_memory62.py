"""Memory of talk in passing (the sixty-second session's "life" scripts on the offline default): things said among small
talk, never told as facts to keep ("I went hiking with Sam at Bukhansan last weekend", "we adopted a cat named Miso in
March"), asked back later in other words. Each case is one the scripts got wrong; the whole assistant, the model
scripted "(made up)" and never to be said."""

from datetime import date

import pytest

from jarvisd.memory.talk_asked import said_asked, said_in_passing
from tests.assistants import answers_to, scripted_assistant

SMALL_TALK = ("hi jarvis, how are you today?", "it was pretty tiring but fun", "tell me a joke")


async def _said(tmp_path, *turns: str) -> list[str]:
    return (await answers_to(tmp_path, *turns, says="(made up)", user="alice"))[0]


@pytest.mark.parametrize(("told", "asked", "quoted"), [
    # SmolLM2: "I'm designed to assist users with their digital needs."
    ("I went hiking with Sam at Bukhansan last weekend", "who did I go hiking with?", "with Sam at Bukhansan"),
    # SmolLM2: "I'm not sure where you went hiking."
    ("I went hiking with Sam at Bukhansan last weekend", "where did I go hiking?", "Bukhansan"),
    # SmolLM2's "I'm here to assist you with your digital world"
    ("I went hiking with Sam at Bukhansan last weekend", "what did I do last weekend?", "hiking"),
    # "You haven't told me about your cat's name."
    ("we adopted a cat named Miso in March", "what's my cat's name?", "named Miso"),
    # SmolLM2: "Miso is a Japanese anime series."
    ("we adopted a cat named Miso in March", "when did we get Miso?", "in March"),
    # SmolLM2: "I'm here to help, but I'm not a substitute for a phone"
    ("my new job at the bakery starts on Monday", "where do I work now?", "the bakery"),
    # "I don't have your new job on your agenda."
    ("my new job at the bakery starts on Monday", "when does my new job start?", "starts on Monday"),
    # "It isn't on your agenda." (the desk's deed asked)
    ("I've been learning the guitar since June", "when did I start learning guitar?", "since June"),
    ("I've been learning the guitar since June", "what instrument am I learning?", "the guitar"),
    # SmolLM2: "I'm not sure where to place the comma."
    ("my brother Jake is visiting from Toronto next month", "who is visiting from Toronto?", "Jake"),
    # "You haven't told me where Jake lives."
    ("my brother Jake is visiting from Toronto next month", "where does Jake live?", "from Toronto"),
    # SmolLM2: "The Thai restaurant is called "Songkron" in Thai."
    ("we had dinner at a Thai place called Baan Suan yesterday", "what was the name of the Thai restaurant?",
     "Baan Suan"),
    ("my daughter Emma started swimming lessons this week", "what activity did Emma start?", "swimming lessons"),
    ("I ran a 10k in 52 minutes on Saturday", "how fast did I run the 10k?", "52 minutes"),
    # "You haven't told me about your coffee."
    ("I usually drink oat milk lattes", "what kind of coffee do I drink?", "oat milk lattes"),
    # Korean: SmolLM2 or "그건 아직 말해 주신 적이 없어요"
    ("지난 주말에 민수랑 북한산 갔다 왔어", "나 누구랑 등산 갔었지?", "민수랑 북한산"),
    ("3월에 고양이 입양했는데 이름이 미소야", "우리 고양이 이름 뭐야?", "미소"),
    ("다음 주 월요일부터 빵집에서 일하기 시작해", "나 요즘 어디서 일해?", "빵집"),
    ("6월부터 기타 배우고 있어", "내가 무슨 악기 배우고 있지?", "기타"),
    ("나는 보통 오트밀크 라떼 마셔", "나 무슨 커피 마셔?", "라떼"),
    ("딸 지우가 이번 주부터 수영 배우기 시작했어", "지우 뭐 배우기 시작했어?", "수영"),
])
async def test_a_thing_said_in_passing_is_said_back_when_asked_in_other_words(tmp_path, told, asked, quoted):
    replies = await _said(tmp_path, SMALL_TALK[0], told, SMALL_TALK[1], asked)
    assert quoted in replies[-1], replies
    assert replies[-1].startswith(("Earlier today you told me: “", "오늘 “")), replies
    assert "made up" not in replies[-1], replies


@pytest.mark.parametrize(("told", "asked"), [
    # a question of no thing said is still the model's (or the agenda's)
    ("I went hiking with Sam at Bukhansan last weekend", "what time is it?"),
    ("I went hiking with Sam at Bukhansan last weekend", "what's the capital of France?"),
    ("I went to France in May with Sam", "what's the capital of France?"),
    ("we adopted a cat named Miso in March", "who won the world cup?"),
])
async def test_a_question_of_nothing_said_is_not_answered_with_a_sentence_said(tmp_path, told, asked):
    replies = await _said(tmp_path, told, asked)
    assert "you told me" not in replies[-1] and "하셨어요" not in replies[-1], replies


async def test_a_promise_said_is_the_agendas_not_a_thing_said(tmp_path):
    replies = await _said(tmp_path, "remind me to call my mom on Sunday at 6pm", "when do I call my mom?")
    assert "you told me" not in replies[-1], replies


async def test_a_fact_told_is_said_before_a_sentence_said_in_passing(tmp_path):
    replies = await _said(tmp_path, "we adopted a cat named Miso in March", "my favorite band is Radiohead",
                          "what's my favorite band?")
    assert replies[-1] == "You told me your favorite band is Radiohead.", replies


async def test_what_one_user_said_in_passing_is_never_said_to_another(tmp_path):
    first, _ = scripted_assistant(tmp_path, says="(made up)", user="alice")
    try:
        await first.answer("I went hiking with Sam at Bukhansan last weekend", session="s")
        await first.answer("we adopted a cat named Miso in March", session="s")
    finally:
        await first.close()
    second, _ = scripted_assistant(tmp_path, says="(made up)", user="bob")
    try:
        replies = [await second.answer(asked, session="s") for asked in
                   ("who did I go hiking with?", "what's my cat's name?", "when did we get Miso?",
                    "what did we talk about today?")]
    finally:
        await second.close()
    assert not any(word in reply for reply in replies for word in ("Sam", "Bukhansan", "adopted", "March")), replies


def test_the_day_a_thing_was_said_is_told_with_it():
    asked = said_asked("who did I go hiking with?")
    said = [(date(2026, 11, 29), "I went hiking with Sam at Bukhansan last weekend")]
    assert said_in_passing(asked, said, date(2026, 12, 6)) == \
        "On Sunday, November 29 you told me: “I went hiking with Sam at Bukhansan last weekend.”"
    assert said_in_passing(asked, said, date(2026, 11, 30)).startswith("Yesterday you told me")
    assert said_in_passing(said_asked("누구랑 등산 갔었지?"), [(date(2026, 11, 29), "지난 주말에 민수랑 북한산 갔다 왔어")],
                           date(2026, 12, 6)) == "11월 29일에 “지난 주말에 민수랑 북한산 갔다 왔어”라고 하셨어요."


def test_a_name_asked_is_found_before_a_word_of_it():
    # "when did we get Miso?" also said back "my teacher says I'm getting better" ("get")
    said = [(date(2026, 12, 6), "my teacher says I'm getting better"),
            (date(2026, 12, 6), "we adopted a cat named Miso in March")]
    assert said_in_passing(said_asked("when did we get Miso?"), said, date(2026, 12, 6)) == \
        "Earlier today you told me: “we adopted a cat named Miso in March.”"


@pytest.mark.parametrize("make", [
    lambda n: "who did I go " + "hiking " * n + "with?",
    lambda n: "나 누구랑 " + "등산 " * n + "갔었지?",
    lambda n: "what's my " + "cat's " * n + "name?",
])
def test_the_new_question_grows_linearly_with_the_words(make):
    from tests.timing import assert_grows_linearly

    assert_grows_linearly(said_asked, make, 2000)


def test_matching_a_long_sentence_grows_linearly_with_its_words():
    from tests.timing import assert_grows_linearly

    asked = said_asked("who did I go hiking with?")
    assert_grows_linearly(lambda sentence: said_in_passing(asked, [(date(2026, 12, 6), sentence)], date(2026, 12, 6)),
                          lambda n: "I went " + "hiking and " * n + "with Sam", 2000)


@pytest.mark.parametrize("told", [
    # "Good. That wasn't on your agenda, so there was nothing to mark done." (seven times in the two scripts)
    "I went hiking with Sam at Bukhansan last weekend",
    "we adopted a cat named Miso in March",
    "I ran a 10k in 52 minutes on Saturday",
    "지난 주말에 민수랑 북한산 갔다 왔어",
    "3월에 고양이 입양했는데 이름이 미소야",
    "어제 성수동에 있는 파스타집 가서 저녁 먹었어",
    "선생님이 많이 늘었대",
])
async def test_news_of_ones_life_is_not_answered_as_a_promise_closed(tmp_path, told):
    replies = await _said(tmp_path, told)
    assert replies[-1] in ("I see.", "그렇군요."), replies


@pytest.mark.parametrize(("told", "answer"), [
    ("I already called mom", "Good. That wasn't on your agenda, so there was nothing to mark done."),
    ("이미 엄마한테 전화했어", "잘하셨어요. 할 일 목록에 없던 일이라 완료 표시할 건 없어요."),
])
async def test_a_deed_of_ones_own_with_no_promise_is_still_said_so(tmp_path, told, answer):
    replies = await _said(tmp_path, told)
    assert replies[-1] == answer, replies


@pytest.mark.parametrize("make", [
    lambda n: "I went " + "hiking " * n + "last weekend",
    lambda n: "my " + "teacher " * n + "says I'm better",
    lambda n: "지난 주말에 " + "북한산 " * n + "갔다 왔어",
])
def test_news_told_is_read_in_time_linear_in_its_words(make):
    from jarvisd.memory.talk_asked import told_in_passing
    from tests.timing import assert_grows_linearly

    assert_grows_linearly(told_in_passing, make, 2000)
