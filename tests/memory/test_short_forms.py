"""A fact asked by a word's short form, or the short form told and the whole word asked.

The seventieth session, offline: "내 사물함 비밀번호는 4471이야" was kept, then "사물함 비번 뭐였지" answered "그건 아직
말해 주신 적이 없어요"; "my locker password is 4471" then "what's my locker pw" answered "You haven't told me about your
locker pw". The key words now count a word's usual short form as the word (`fact_asked._KO_SAME`).
"""

from __future__ import annotations

import pytest

from tests.assistants import told_then_asked


@pytest.mark.parametrize(("told", "asked", "back"), [
    ("my locker password is 4471", "what's my locker pw", "You told me your locker password is 4471."),
    ("my gym passcode is 2468", "what's my gym pw", "You told me your gym passcode is 2468."),
    ("내 사물함 비밀번호는 4471이야", "사물함 비번 뭐였지", "4471"),
    ("내 폰 비밀번호는 1357이야", "휴대폰 비번 뭐였지", "1357"),
    ("할머니 생신은 3월 3일이야", "할머니 생일 언제야", "3월 3일"),
])
async def test_a_short_form_finds_the_fact_told_whole(tmp_path, told, asked, back):
    kept, answer = await told_then_asked(tmp_path, told, asked)
    assert "기억" in kept or "Remembered" in kept
    assert back in answer


async def test_guard_a_short_form_does_not_answer_for_another_thing(tmp_path):
    _, answer = await told_then_asked(tmp_path, "my gym password is 4471", "what's my locker pw")
    assert "4471" not in answer
    _, answer = await told_then_asked(tmp_path / "ko", "내 폰 비밀번호는 1357이야", "사물함 비번 뭐였지")
    assert "1357" not in answer
