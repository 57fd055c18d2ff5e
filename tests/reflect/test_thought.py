"""Reflection: the prompt the thought model sees, the robust reading of its answer, and that it stores a
thought log and leaves the agenda alone."""

from __future__ import annotations

from datetime import datetime

import pytest

from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.reflect.thought import build_reflection_prompt, parse_reflection, reflect_once
from tests.reflect.conftest import SEOUL, local_ms


def now(clock) -> datetime:
    return datetime.fromtimestamp(clock(), SEOUL)


def test_the_prompt_numbers_open_loops_newest_first_with_their_dues(agenda, clock):
    agenda.add("보고서 보내기", due_ms=local_ms("2026-10-16 10:00"))
    clock.advance(60)
    agenda.add("call mom")
    messages = build_reflection_prompt(agenda.agenda()[::-1], now=now(clock), tz=SEOUL,
                                       memory_lines=["user lives in Seoul"], user_model="likes short answers")
    user = messages[-1].content
    assert "[1] call mom\n[2] 보고서 보내기 (기한 2026-10-16 10:00)" in user
    assert "- user lives in Seoul" in user and "likes short answers" in user
    assert "2026-10-15 09:01" in user
    assert "닫지 않는다" in messages[0].content


def test_an_empty_agenda_and_memory_read_as_none(clock):
    user = build_reflection_prompt([], now=now(clock), tz=SEOUL)[-1].content
    assert user.count("(없음)") == 3


@pytest.mark.parametrize(("answer", "speak", "say"), [
    ("THOUGHT: the report is due at three\nSPEAK: yes\nSAY: The report is due at three.", True,
     "The report is due at three."),
    ("THOUGHT: nothing pressing\nSPEAK: no\nSAY:", False, ""),
    ("생각: 보고서 기한이 다가온다\n말하기: 예\n말: 보고서 기한이 한 시간 남았어요.", True, "보고서 기한이 한 시간 남았어요."),
    ("- **Thought:** due soon\n- **Speak:** Yes.\n- **Say:** Report in an hour!", True, "Report in an hour!"),
    ("```\nTHOUGHT: due soon\nSPEAK: yes\nSAY: Report in an hour.\n```", True, "Report in an hour."),
    ('{"thought": "due soon", "speak": true, "say": "Report in an hour."}', True, "Report in an hour."),
    ("THOUGHT: quiet day\nSAY: Remember the report.", True, "Remember the report."),   # SPEAK missing
    ("THOUGHT: hmm\nSPEAK: yes\nSAY: 없음", False, ""),                                  # yes without words
    ("THOUGHT: hmm\nSPEAK: no\nSAY: Remember the report.", False, ""),                  # no wins
    ("I think everything is fine today.", False, ""),                                    # free prose
])
def test_the_answer_is_read_robustly(answer, speak, say):
    reflection = parse_reflection(answer)
    assert (reflection.speak, reflection.say) == (speak, say)
    assert reflection.thought


def test_what_is_said_is_in_the_language_it_is_written_in():
    assert parse_reflection("THOUGHT: x\nSPEAK: yes\nSAY: 보고서 챙기세요.").lang == "ko"
    assert parse_reflection("THOUGHT: x\nSPEAK: yes\nSAY: Mind the report.").lang == "en"


async def test_reflect_once_stores_the_thought_and_leaves_the_agenda_alone(agenda, clock):
    agenda.add("send the report", due_ms=local_ms("2026-10-15 15:00"))
    before = agenda.all_loops()
    model = ScriptedChatModel([{"text": "THOUGHT: the report is due at 15:00\nSPEAK: yes\n"
                                        "SAY: Your report is due at three.\nCLOSE: [1]"}])
    stored: list[str] = []
    reflection = await reflect_once(model, agenda.agenda(), now=now(clock), tz=SEOUL,
                                    store_thought=stored.append)
    assert reflection.speak and reflection.say == "Your report is due at three."
    assert stored == ["the report is due at 15:00 -> Your report is due at three."]
    assert agenda.all_loops() == before
    prompt = model.calls[0][0][-1].content
    assert "[1] send the report (기한 2026-10-15 15:00)" in prompt


async def test_reflect_once_accepts_an_async_thought_store(agenda, clock):
    model = ScriptedChatModel([{"text": "THOUGHT: nothing due\nSPEAK: no\nSAY:"}])
    stored: list[str] = []

    async def store(text: str) -> None:
        stored.append(text)

    reflection = await reflect_once(model, [], now=now(clock), tz=SEOUL, store_thought=store)
    assert not reflection.speak and stored == ["nothing due"]


@pytest.mark.parametrize("line", [" " * 400 + "x", "-" + " " * 400 + "x", "*" + " " * 400 + "**" * 50 + " " * 400])
def test_a_run_of_spaces_in_the_answer_is_read_at_once(line):
    """A line of 200 spaces from the model held `_LINE` (and with `re` the GIL, so the whole daemon) 5 s, 400 spaces
    84 s: its neighbouring `\\s*` split the run every way (found by scripts/probe_regex_shapes.py). Run in a child
    process so a regression fails on its timeout instead of hanging the suite."""
    import subprocess
    import sys

    code = ("import sys; from jarvisd.reflect.thought import parse_reflection; "
            "r = parse_reflection(sys.stdin.read()); print(r.speak, r.say)")
    answer = f"THOUGHT: the report\n{line}\nSPEAK: yes\nSAY: Mind the report."
    done = subprocess.run([sys.executable, "-c", code], input=answer, capture_output=True, text=True, timeout=20)
    assert done.stdout.split("\n")[0] == "True Mind the report.", done.stderr
