"""Pass 62b: issue 18's done-when pass on what the sixty-first session added (corrections and facts told again, facts
about someone, Korean allergies, the chat's reminders, the agenda's new readings) with bad values, unicode and
blocking paths. Each test failed on 6fcd83c (docs/reliability.md, "Sixty-second pass (b)")."""

from __future__ import annotations

import pytest

from tests.assistants import answers_to, chat_typed

_JENNY = ["Jenny is allergic to shellfish", "Jenny's birthday is May 2nd", "Jenny works at Acme Corp"]


@pytest.mark.parametrize("taken_back", ["not 🦐", "not it", "not that", "not Jenny"])
async def test_a_correction_whose_value_taken_back_names_nothing_forgets_no_other_fact(tmp_path, taken_back):
    """Before: "no, Jenny is allergic to peanuts, not 🦐" (or "not it", "not Jenny") keyed the facts to take back on
    "Jenny" alone and forgot every fact of Jenny's: her birthday and her work were gone, said as "Updated"."""
    replies, _ = await answers_to(tmp_path, *_JENNY, f"no, Jenny is allergic to peanuts, {taken_back}",
                                  "when is Jenny's birthday?", "where does Jenny work?", user="alice")
    assert replies[3] == "Updated: Jenny is allergic to peanuts", replies[3]
    assert replies[4] == "You told me Jenny's birthday is May 2nd.", replies[4]
    assert "Acme Corp" in replies[5], replies[5]


async def test_guard_a_correction_still_forgets_the_value_it_takes_back_and_no_other(tmp_path):
    replies, _ = await answers_to(tmp_path, *_JENNY, "Jenny is allergic to penicillin",
                                  "no, Jenny is allergic to peanuts, not shellfish", "what is Jenny allergic to?",
                                  "when is Jenny's birthday?", user="alice")
    assert replies[5] == "You told me Jenny is allergic to peanuts; and Jenny is allergic to penicillin.", replies[5]
    assert replies[6] == "You told me Jenny's birthday is May 2nd.", replies[6]


@pytest.mark.slow
async def test_each_allergy_told_of_someone_in_korean_is_said_back(tmp_path):
    """Before: "아내는 새우 알레르기가 있어", "아내는 페니실린 알레르기가 있어", then "아내 알레르기 뭐야?" said 페니실린 alone
    (pass 61b fixed it in English only); after "아니, 아내는 새우 말고 땅콩 알레르기야" 땅콩 alone, 페니실린 unsaid."""
    replies, calls = await answers_to(tmp_path, "아내는 새우 알레르기가 있어", "아내는 페니실린 알레르기가 있어",
                                      "아내 알레르기 뭐야?", "아니, 아내는 새우 말고 땅콩 알레르기야", "아내 알레르기 뭐야?",
                                      user="alice")
    assert "새우" in replies[2] and "페니실린" in replies[2], replies[2]
    assert "땅콩" in replies[4] and "페니실린" in replies[4] and "새우" not in replies[4], replies[4]
    assert not calls


async def test_every_reminder_due_together_is_printed_in_the_chat(tmp_path, monkeypatch, capsys):
    """Before: `jarvisd chat` printed reminders due together as the daemon speaks them, three and "And 2 more
    reminders: see the HUD." There is no HUD beside the chat, and the two were recorded as said: never shown."""
    things = ("pasta", "rice", "eggs", "bread", "tea")
    out = await chat_typed(tmp_path, monkeypatch, capsys,
                           *(f"set a timer for 3 seconds for the {thing}" for thing in things), None)
    assert "see the HUD" not in out, out
    for thing in ("pasta", "rice", "eggs", "bread", "tea"):
        assert f"[reminder] Time's up: 3-second timer for the {thing}." in out, out


def test_a_promise_beside_many_open_ones_waits_for_a_hanging_embedder_only_as_long_as_its_own_text_allows(caplog):
    """Before: the wait for the agenda's embedder was "4 times what its texts took lately" of every text compared,
    the cached ones too: beside 100 open promises (Ollama ~30 ms a call) a promise asked for 1 text and waited 12 s
    for a hanging Ollama, 60 s beside 500 (pass 61a's rule meant 5 s once per outage)."""
    import logging
    import re
    import threading

    from jarvisd.openloop.desk import AgendaDesk
    from jarvisd.openloop.embeddings import LoopEmbeddings
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import MemoryLoopStore
    from tests.test_reliability_pass61a import NOW, ZONE

    class SlowThenHanging:
        name = "bge-m3"
        dimensions = 2

        def __init__(self) -> None:
            self.hang, self.release = threading.Event(), threading.Event()

        def embed(self, texts):
            (self.release.wait(60) if self.hang.is_set() else self.release.wait(0.01))
            return [[1.0, float(len(t))] for t in texts]

    embedder = SlowThenHanging()
    embeddings = LoopEmbeddings(embedder, 0.85, wait_sec=0.05, cold_wait_sec=0.05)
    service = OpenLoopService(MemoryLoopStore(embeddings), tz=ZONE, clock=lambda: NOW)
    for i in range(100):
        service.add(f"call person {i}")
    desk = AgendaDesk(service)
    assert desk.handle("remind me to call mom tomorrow at 5pm") is not None   # the 101 texts embedded
    embeddings.cosines("pay rent", ["call mom"])                                # a call of one text: its time learned
    per_text = embeddings._per_text
    embedder.hang.set()
    try:
        with caplog.at_level(logging.WARNING, logger="jarvisd.openloop.embeddings"):
            reply = desk.handle("remind me to water the plants on friday at 9am")
        assert reply is not None and reply.text.startswith("I'll remind you: water the plants")
        waits = [float(m[1]) for r in caplog.records if (m := re.search(r"within ([\d.e-]+) s", r.getMessage()))]
        assert waits and waits[0] <= max(0.05, 4 * per_text * 2), (waits, per_text)   # one text asked, not 102
    finally:
        embedder.release.set()


@pytest.mark.parametrize(("what", "where", "asked"), [
    ("the wifi password is tiger42", "the wifi password is on the fridge", "tiger42"),
    ("my car is a blue Honda Civic", "my car is parked on level 3", "Honda Civic"),
    ("my bike is red", "my bike is in the shed", "red"),
    ("my locker is number 214", "my locker is on the second floor", "214"),
])
async def test_where_a_thing_is_does_not_replace_what_it_is(tmp_path, what, where, asked):
    """Before: a fact told again of the same thing replaced the older (the sixty-first session's told topic), and
    where a thing is counted as told again: "/remember the wifi password is on the fridge" hid "… is tiger42"."""
    replies, _ = await answers_to(tmp_path, f"/remember {what}", f"/remember {where}", "what do you know about me?",
                                  user="alice")
    assert asked in replies[2] and where.split(" is ", 1)[1] in replies[2], replies[2]


async def test_guard_a_thing_told_again_still_replaces_the_older():
    from jarvisd.memory.facts import told_topic

    assert told_topic("my address is 12 Oak Street") == told_topic("my new address is 7 Haeundae-ro") == "address"
    assert told_topic("my car is in the garage") == told_topic("my car is parked on level 3")


def test_ctrl_c_at_the_chat_s_prompt_ends_it_without_a_traceback(tmp_path):
    """Before: Ctrl-C at `jarvisd chat`'s prompt (the way a terminal program is left) printed a KeyboardInterrupt
    traceback. It ends as at Ctrl-D, with exit status 130."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    env = {k: v for k, v in os.environ.items() if not k.startswith("JARVIS_")}
    env.update(JARVIS_HOME=str(tmp_path), OLLAMA_HOST="http://127.0.0.1:9", JARVIS_OPENLOOP__STORE="jsonl",
               PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    chat = subprocess.Popen([sys.executable, "-m", "jarvisd", "chat"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env=env)
    try:
        seen = b""
        while b"you> " not in seen:
            piece = chat.stdout.read1(4096)
            assert piece, seen.decode(errors="replace")
            seen += piece
        chat.send_signal(signal.SIGINT)
        out, _ = chat.communicate(timeout=120)
    finally:
        if chat.poll() is None:
            chat.kill()
    said = (seen + out).decode(errors="replace")
    assert "Traceback" not in said and "KeyboardInterrupt" not in said, said
    assert chat.returncode == 130, (chat.returncode, said)
