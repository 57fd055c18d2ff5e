"""Pass 53d: what a model's answer can do to the readers of it (see docs/reliability.md, "Fifty-third pass (d)")."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop import rules
from tests.timing import assert_grows_linearly

TZ = ZoneInfo("Europe/Berlin")


@pytest.mark.parametrize(("unit", "count"), [("[ ", 8000), ("[", 16000), ("[\t", 8000)])
def test_a_judge_answer_of_brackets_never_closed_is_read_in_linear_time(unit, count):
    """The judge answered `closed_loops: ` + "[ " x 8,000 (16,000 characters, inside an answer's cap) and no "]":
    `_INDEX` read from each "[" to the end, 2.5 s in `parse_judgement`, which runs on the event loop with the GIL
    held: on the daemon `/api/status` took 2.48 s and 2.58 s. Now each "[" stops at the next one."""
    judgement = rules.parse_judgement("closed_loops: " + unit * count, TZ)
    assert not any(ref.index for ref in judgement.closed)
    # 8x the brackets against the brackets, not seconds: reading from each "[" to the end was quadratic
    assert_grows_linearly(lambda text: rules.parse_judgement(text, TZ), lambda k: "closed_loops: " + unit * k, count)


@pytest.mark.parametrize(("answer", "indexes"), [
    ("closed_loops: [2]", [2]),
    ("closed_loops: [1], [3]", [1, 3]),
    ("closed_loops: [ 2 ]", [2]),
    ("closed_loops:\n- [4] (evidence: done it)", [4]),
])
def test_guard_closed_indexes_are_still_read(answer, indexes):
    assert [ref.index for ref in rules.parse_judgement(answer, TZ).closed] == indexes


def test_guard_a_bracket_without_a_number_is_still_dropped_alone():
    judgement = rules.parse_judgement("open_loops:\n- water the ficus\nclosed_loops: [x]", TZ)
    assert [p.desc for p in judgement.opened] == ["water the ficus"]
    assert judgement.closed == () and judgement.dropped == ("[x]",)


def test_an_importance_of_four_hundred_digits_defers_its_session_not_the_whole_run():
    """An extraction answer whose importance is an integer of 400 digits (json reads it: under 4,300 digits;
    `float()` of it is an OverflowError, not the ValueError `_fact` caught): the whole consolidation run stopped
    with a traceback at every idle tick, and the sessions sorted after it were never consolidated."""
    from jarvisd.memory.extract import ExtractionFailed, parse_facts
    from tests.test_reliability_pass51 import consolidate_two_sessions

    huge = '[{"key": "dog", "value": "Bori", "importance": 1' + "0" * 400 + "}]"
    with pytest.raises(ExtractionFailed) as failed:
        parse_facts(huge)
    assert str(failed.value).endswith("… (401 characters)") and len(str(failed.value)) < 120   # not 400 digits in the log
    assert "home: Busan" in consolidate_two_sessions(huge)


def test_guard_an_ordinary_importance_is_still_read():
    from jarvisd.memory.extract import parse_facts

    assert [f.importance for f in parse_facts('[{"key": "a", "value": "b", "importance": 1}]')] == [1.0]


def _stream(splitter, text, step=4):
    return [s for i in range(0, len(text), step) for s in splitter.feed(text[i:i + step])] + splitter.flush()


@pytest.mark.parametrize("unit", ["No. 1 ", "J. ", "e.g. "])
def test_a_streamed_answer_of_abbreviations_without_an_end_is_split_in_linear_time(unit):
    """A voice turn's answer goes through `SentenceSplitter.feed` on the event loop, delta by delta. Each feed read
    the whole buffer again, and each "." searched the whole text before it: an answer of "No. 1 " x 1,333 (8,000
    characters, no sentence end: every mark an abbreviation) in 4-character deltas took 134 s, "J. " x 1,000
    13.8 s, with the loop (the whole daemon) held. Now each feed reads only what is new."""
    from jarvisd.sentences import SentenceSplitter

    text = unit * (2400 // len(unit))
    said = _stream(SentenceSplitter(quick_start=True), text)
    assert " ".join(said).split() == text.split()
    # 8x the answer against the answer, not seconds: each feed reading the whole buffer again was quadratic
    assert_grows_linearly(lambda text: _stream(SentenceSplitter(quick_start=True), text), lambda k: unit * k,
                          2400 // len(unit))


@pytest.mark.parametrize(("text", "sentences"), [
    ("Mr. Smith went home. He slept.", ["Mr. Smith went home.", "He slept."]),
    ("It is 3.5 km. Then J. Smith came! OK?", ["It is 3.5 km.", "Then J. Smith came!", "OK?"]),
    ("Wait... what?\nNew line", ["Wait...", "what?", "New line"]),
    ("Sure, here it is. Done.", ["Sure,", "here it is.", "Done."]),
])
@pytest.mark.parametrize("step", [1, 3, 50])
def test_guard_streamed_sentences_are_cut_where_they_were(text, sentences, step):
    from jarvisd.sentences import SentenceSplitter

    quick = text.startswith("Sure")
    assert _stream(SentenceSplitter(quick_start=quick), text, step) == sentences
