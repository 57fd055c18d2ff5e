"""named72: what one of the user's things is called, or the number it is, told without "remember".

Lived offline: "my dog is called rex", "my wifi is called homenet", "my bike lock is 9912" went to SmolLM2 ("I'm a voice
assistant, and I'm here to help you with your tech needs …"), nothing kept; asked later, "You haven't told me".
"""

from __future__ import annotations

import pytest

from jarvisd.memory.remember_asked import told_fact
from tests.assistants import told_then_asked


@pytest.mark.parametrize(("told", "asked", "back"), [
    ("my dog is called rex", "what is my dog's name", "You told me your dog is called rex."),
    ("my wifi is called homenet", "what's my wifi called", "You told me your wifi is called homenet."),
    ("my bike lock is 9912", "what is my bike lock code?", "You told me your bike lock is 9912."),
    ("our cat is named Miso", "what's our cat called", "You told me your cat is named Miso."),       # held out
    ("my gym locker is 112", "what's my locker number", "You told me your gym locker is 112."),     # held out
])
async def test_a_things_name_or_number_told_is_kept_and_said_back(tmp_path, told, asked, back):
    assert await told_then_asked(tmp_path, told, asked) == (f"Remembered: {told}", back)


@pytest.mark.parametrize("said", ["my son is 5", "my meeting is 330", "my dog is called", "my appointment is 1430"])
def test_guard_an_age_a_time_or_nothing_named_is_no_fact(said):
    assert told_fact(said) is None
