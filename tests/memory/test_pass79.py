"""The nineteenth adversarial pass (pass79, issue 18): facts lost in meaning, not on disk.

- A forget did not hold: "forget my wifi password" deleted the user's fact and the facts the thought model extracted
  (pass 78), while the user model (`/usermodel build`: "User's wifi password is sunflower77") and the journal (`/journal
  write`) still held the value, and the next question's prompt had it back.
Whole assistant, real LanceDB store, the thought model scripted to write what a capable one writes.
"""

from __future__ import annotations

import pytest

from jarvisd.assistant import build_assistant
from jarvisd.config import load_config
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore


def _assistant(tmp_path, thought_says: dict[str, str], user: str = "alice"):
    """(assistant, chat): SmolLM2 named, answering "(model)"; the thought model answers `thought_says["text"]`."""
    env = {"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__STORE": "jsonl", "JARVIS_GENERAL__TIME_ZONE": "Asia/Seoul",
           "JARVIS_GENERAL__USER": user}
    chat = ScriptedChatModel(lambda messages: {"text": "(model)"}, name="embedded:smollm2-135m")
    thought = ScriptedChatModel(lambda messages: {"text": thought_says.get("text", "")}, name="scripted")
    backends = Backends(chat=chat, thought=thought, embedder=None)
    return build_assistant(load_config(env=env), ModelStore(tmp_path / "models"), backends=backends), chat


def _prompt(chat) -> str:
    return "\n".join(m.content for m in chat.calls[-1][0])


async def _turns(assistant, thought_says, turns):
    """Each turn's answer; a turn "#T text" sets what the thought model writes next."""
    answers = []
    for turn in turns:
        if turn.startswith("#T "):
            thought_says["text"] = turn[3:]
            continue
        answers.append(await assistant.answer(turn, session="s"))
    return answers


def _rows(tmp_path) -> list[tuple[str, str]]:
    """(source, text) of every record in the LanceDB table (read after the assistant closed)."""
    import lancedb
    table = lancedb.connect(str(next(tmp_path.rglob("memory.lance")))).open_table("memory_items")
    return [(row["source"], row["content"]) for row in table.to_arrow().to_pylist()]


def _contents(tmp_path) -> list[str]:
    """Every record's text in the LanceDB table (read after the assistant closed: its writes are in the table)."""
    return [content for _, content in _rows(tmp_path)]


# ---------------------------------------------------------------- a forget holds against what the model wrote

_WROTE = {
    "/usermodel build": '{"summary": "User\'s wifi password is sunflower77.", "traits": ["keeps wifi password sunflower77"]}',
    "/journal write": "The user shared their wifi password sunflower77 today.",
}


@pytest.mark.parametrize("command", list(_WROTE))
async def test_a_forgotten_fact_does_not_come_back_from_what_the_model_wrote(tmp_path, command):
    """Before: after "forget my wifi password" ("OK, I forgot …") the user model / journal entry / summary still held
    "sunflower77", and "tell me something about my wifi password" sent it to the model again."""
    thought_says: dict[str, str] = {}
    assistant, chat = _assistant(tmp_path, thought_says)
    try:
        answers = await _turns(assistant, thought_says, [
            "remember that my wifi password is sunflower77", "what's the weather like on mars?",
            f"#T {_WROTE[command]}", command, "forget my wifi password", "tell me something about my wifi password"])
        assert "sunflower77" in answers[2], answers[2]   # the command wrote it
        assert answers[3].startswith("OK, I forgot"), answers[3]
        assert "sunflower77" not in _prompt(chat)
    finally:
        await assistant.close()
    sources = {row_source for row_source, content in _rows(tmp_path) if "sunflower77" in content}
    assert sources <= {"turn"}, sources   # the user's own words in the talk stay (`/forget session` takes them)


@pytest.mark.parametrize(("told", "wrote", "forget", "value"), [
    # held out: a thing, not a secret; Korean; the model's words not the user's
    ("remember that my car is a honda", '{"summary": "User drives Honda.", "traits": ["owns a honda car"]}',
     "forget my car", "honda"),
    ("내 차는 아반떼야 기억해", '{"summary": "사용자는 아반떼를 탄다.", "traits": ["아반떼 운전자"]}',
     "내 차 잊어버려", "아반떼"),
])
async def test_held_out_a_forgotten_thing_leaves_the_user_model(tmp_path, told, wrote, forget, value):
    thought_says: dict[str, str] = {}
    assistant, chat = _assistant(tmp_path, thought_says)
    try:
        answers = await _turns(assistant, thought_says, [
            told, "what's the weather like on mars?", f"#T {wrote}", "/usermodel build", forget,
            "what car should i buy next?"])
        assert value in answers[2]
        assert value not in _prompt(chat)
    finally:
        await assistant.close()


async def test_guard_what_the_model_wrote_of_other_things_stays(tmp_path):
    """A forget takes what holds the forgotten value only: the user model of other things, and a journal entry, stay."""
    thought_says: dict[str, str] = {}
    assistant, chat = _assistant(tmp_path, thought_says)
    try:
        await _turns(assistant, thought_says, [
            "remember that my wifi password is sunflower77", "remember that my favourite drink is latte",
            "what's the weather like on mars?", "#T " + '{"summary": "User likes latte.", "traits": ["drinks latte"]}', "/usermodel build",
            "#T The user talked about coffee today.", "/journal write",
            "forget my wifi password", "tell me something about coffee"])
    finally:
        await assistant.close()
    kept = _contents(tmp_path)
    assert any("User likes latte" in c for c in kept)
    assert any("talked about coffee" in c for c in kept)
    assert "my favourite drink is latte" in kept
    assert "my wifi password is sunflower77" not in kept


# ---------------------------------------------------------------- "내 차 잊어버려": one syllable, the user's

@pytest.mark.parametrize(("said", "words"), [("내 차 잊어버려", "차"), ("내 폰 지워 줘", "폰"), ("우리 집 잊어 줘", "집")])
def test_a_korean_forget_of_a_one_syllable_thing_of_mine_is_read(said, words):
    """Before: None ("내 차 잊어버려" went to SmolLM2, which said "그렇군요.", and "내 차는 아반떼야" stayed kept)."""
    from jarvisd.memory.forget_asked import forget_said
    asked = forget_said(said)
    assert asked is not None and asked.words == words


@pytest.mark.parametrize("said", ["차 잊어버려", "일 잊어버려", "다 잊어"])
def test_guard_a_bare_one_syllable_forget_is_not_read(said):
    from jarvisd.memory.forget_asked import forget_said
    assert forget_said(said) is None


async def test_a_korean_fact_of_one_syllable_is_forgotten(tmp_path):
    thought_says: dict[str, str] = {}
    assistant, _ = _assistant(tmp_path, thought_says)
    try:
        answers = await _turns(assistant, thought_says, ["내 차는 아반떼야 기억해", "내 차 잊어버려", "내 차 뭐야?"])
    finally:
        await assistant.close()
    assert "잊었어요" in answers[1], answers[1]
    assert "아반떼" not in answers[2], answers[2]


# ---------------------------------------------------------------- two facts that share a noun are two things

@pytest.mark.parametrize(("first", "second", "asked", "meant", "not_meant"), [
    ("remember that my gym code is 4471", "remember that my gym locker code is 9911", "what's my gym code?", "4471", "9911"),
    ("remember that my car is a honda", "remember that my car insurance renews in may", "what car do i have?", "honda",
     "insurance"),
    # held out
    ("remember that my locker code is 1234", "remember that my bike locker code is 5678", "what's my locker code?", "1234",
     "5678"),
    ("remember that tom's phone number is 555-0101", "remember that tom's work phone number is 555-0199",
     "what's tom's phone number?", "0101", "0199"),
])
async def test_a_question_is_answered_by_the_fact_of_the_thing_asked(tmp_path, first, second, asked, meant, not_meant):
    """Before: the newer fact holding every word asked and more ("my gym locker code is 9911" for "what's my gym code?")."""
    thought_says: dict[str, str] = {}
    assistant, _ = _assistant(tmp_path, thought_says)
    try:
        answers = await _turns(assistant, thought_says, [first, second, asked])
    finally:
        await assistant.close()
    assert meant in answers[2] and not_meant not in answers[2], answers[2]


@pytest.mark.parametrize(("first", "second", "forget", "gone", "kept"), [
    ("remember that my gym code is 4471", "remember that my gym locker code is 9911", "forget my gym code",
     "my gym code is 4471", "my gym locker code is 9911"),
    ("remember that mom's birthday is march 3", "remember that mom's birthday present idea is a scarf",
     "forget mom's birthday", "mom's birthday is march 3", "mom's birthday present idea is a scarf"),
    # held out
    ("remember that my wifi password is tulip22", "remember that my guest wifi password is daisy9",
     "forget my wifi password", "my wifi password is tulip22", "my guest wifi password is daisy9"),
])
async def test_a_forget_takes_the_fact_of_the_thing_named(tmp_path, first, second, forget, gone, kept):
    """Before: "Which one should I forget: … or …?" though one fact is of the very thing named."""
    thought_says: dict[str, str] = {}
    assistant, _ = _assistant(tmp_path, thought_says)
    try:
        answers = await _turns(assistant, thought_says, [first, second, forget])
    finally:
        await assistant.close()
    assert answers[2].startswith("OK, I forgot"), answers[2]
    rows = _contents(tmp_path)
    assert gone not in rows and kept in rows


async def test_every_fact_of_a_thing_is_named_when_a_forget_asks_which(tmp_path):
    """Before: "forget my car" with "my car is a honda", "… parked on level 3" and "my car insurance …" asked which of
    the parking and the insurance: the honda, one subject with the parking, was not named."""
    thought_says: dict[str, str] = {}
    assistant, _ = _assistant(tmp_path, thought_says)
    try:
        answers = await _turns(assistant, thought_says, [
            "remember that my car is a honda", "remember that my car insurance renews in may",
            "remember that my car is parked on level 3", "forget my car"])
    finally:
        await assistant.close()
    assert answers[3].startswith("Which one"), answers[3]
    assert "honda" in answers[3] and "level 3" in answers[3]
    assert len(_contents(tmp_path)) >= 3


@pytest.mark.parametrize(("turns", "said"), [
    # guards: the one fact holding the words still answers; the newest of one thing still wins
    (["remember that my gym locker code is 9911", "what's my gym code?"], "9911"),
    (["remember that my gym code is 11", "remember that my gym code is 22", "what's my gym code?"], "22"),
    (["remember that my car insurance renews in may", "when does my car insurance renew?"], "may"),
])
async def test_guard_the_newest_holding_the_words_still_answers(tmp_path, turns, said):
    thought_says: dict[str, str] = {}
    assistant, _ = _assistant(tmp_path, thought_says)
    try:
        answers = await _turns(assistant, thought_says, turns)
    finally:
        await assistant.close()
    assert said in answers[-1], answers[-1]
