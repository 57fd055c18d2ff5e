"""SmolLM2 copies the prompt's "(2026-12-07)" stamps into its answers ("(2026-12-07) I'm a nurse at Severance hospital",
the sixty-third session's memory probe), and piper read them out: `repeats.StampDrop` drops them, one cut across deltas
too."""

from __future__ import annotations

import pytest

from jarvisd.agent.repeats import StampDrop
from tests.assistants import answers_to


def _through(pieces: list[str]) -> str:
    drop = StampDrop()
    return "".join(drop.feed(piece) for piece in pieces) + drop.end()


@pytest.mark.parametrize(("pieces", "said"), [
    (["(2026-12-07) I'm a nurse"], "I'm a nurse"),
    (["(20", "26-1", "2-07) I'm", " a nurse"], "I'm a nurse"),
    (["You told me (2026-12-05) my", " colour is blue (2026-12-06)."], "You told me my colour is blue ."),
    (["Call (555) 123-4567 (or email)"], "Call (555) 123-4567 (or email)"),
    (["The year (2026", " was good)"], "The year (2026 was good)"),
    (["ends with ("], "ends with ("),
])
def test_a_date_stamp_is_dropped_wherever_it_is_cut(pieces, said):
    assert _through(pieces) == said


async def test_the_small_models_stamped_answer_is_said_without_its_stamp(tmp_path):
    replies, calls = await answers_to(tmp_path, "tell me something nice", says="(2026-12-07) You are doing great.")
    assert calls and replies == ["You are doing great."]
