"""Pass 65 (issue #18, docs/reliability.md "Fifth adversarial pass (pass65)"): "can I lift stuff yet?" answered from
the newest "no lifting for two weeks" kept, though a newer fact let the user do it again ("the doctor said I can lift
again"): "… that's until Monday, December 21, 8 more days.". The real assistant (LanceDB memory, a JSONL agenda)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.memory.test_lows64 import MONDAY, _said


@pytest.mark.parametrize(("cleared_by", "asked", "answer"), [
    ("the doctor said i can lift again", "can i lift stuff yet",
     "You told me the doctor said you can lift again, on Saturday, December 12."),
    ("the doctor said i'm cleared to lift now", "am i allowed to lift again?",                     # held out
     "You told me the doctor said you're cleared to lift now, on Saturday, December 12."),
    ("remember that the surgeon cleared me for lifting", "when can i lift again",                  # held out
     "You told me the surgeon cleared you for lifting, on Saturday, December 12."),
])
async def test_a_newer_fact_that_lets_the_user_do_it_again_is_the_answer(tmp_path, cleared_by, asked, answer):
    replies, calls = await _said(tmp_path, [(MONDAY, "the doctor said no lifting for two weeks"),
                                            (MONDAY + timedelta(days=5), cleared_by),
                                            (MONDAY + timedelta(days=6), asked)])
    assert replies[2] == answer, replies
    assert not calls


async def test_guard_a_clearance_told_before_the_restriction_does_not_hide_it(tmp_path):
    replies, _ = await _said(tmp_path, [(MONDAY, "i can lift again"),
                                        (MONDAY + timedelta(days=1), "the doctor said no lifting for two weeks"),
                                        (MONDAY + timedelta(days=3), "can i lift stuff yet")])
    assert replies[2].startswith("You told me the doctor said no lifting for two weeks, on Tuesday, December 8")


@pytest.mark.parametrize(("fact", "verb"), [("i can't lift again until the 20th", "lift"), ("i can drive again", "lift"),
                                            ("can i lift again", "swim"), ("my wife can drive now", "drive"),
                                            ("i can not lift now", "lift")])
def test_guard_no_clearance_of_that_deed(fact, verb):
    from jarvisd.memory.allowed_yet import cleared

    assert not cleared(fact, verb)
