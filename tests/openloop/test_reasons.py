"""The one reader of a reason said after the words (`reasons.reason_at`, debt66), which `day_off` and `past_due` share:
English and Korean reasons, none said, and reason-like words that are none."""

from __future__ import annotations

import pytest

from jarvisd.openloop.day_off import day_off, ko_day_off
from jarvisd.openloop.past_due import missed_said
from jarvisd.openloop.reasons import reason_at, without_reason
from tests.timing import assert_grows_linearly


def _head(text: str, after: str = "words", lang: str = "en") -> str | None:
    at = reason_at(text, after, lang)   # type: ignore[arg-type]
    return None if at is None else text[:at]


@pytest.mark.parametrize(("said", "head"), [
    ("cancel the soccer practice on thursday because the coach is sick", "cancel the soccer practice on thursday"),
    ("no piano lesson tomorrow, since the teacher is away", "no piano lesson tomorrow"),
    ("call off swim on friday 'cause it's raining", "call off swim on friday"),
    ("no practice on friday as the field is wet", "no practice on friday"),
    ("scrap the lesson on monday due to the holiday", "scrap the lesson on monday"),
    ("no practice tomorrow, the coach is sick", "no practice tomorrow"),
    ("no practice tomorrow; there's snow", "no practice tomorrow"),
])
def test_english_reason_within_the_words(said, head):
    assert _head(said) == head


@pytest.mark.parametrize(("said", "head"), [
    ("cancel the soccer practice on thursday the coach is sick", "cancel the soccer practice on thursday"),
    ("my wife will do the pickup tomorrow so i dont need to go", "my wife will do the pickup tomorrow"),
    ("no piano lesson on friday he's away", "no piano lesson on friday"),
    ("no swim on saturday, my car got towed", "no swim on saturday"),
])
def test_english_reason_right_after_the_day(said, head):
    assert _head(said, "day") == head


@pytest.mark.parametrize(("deed", "kept"), [
    ("pay the bill because the site was down", "pay the bill"),
    ("call the plumber since i was sick", "call the plumber"),
    ("go to the bank, when the bank was closed", "go to the bank"),
    ("return the parcel the pharmacy was closed", "return the parcel"),
    ("Pay The Bill Because The Site Was Down", "Pay The Bill"),
])
def test_english_reason_after_a_deed(deed, kept):
    assert without_reason(deed, "deed") == kept


@pytest.mark.parametrize(("said", "head"), [
    ("목요일 축구 연습 취소해 줘, 코치가 아파서", "목요일 축구 연습 취소해 줘"),
    ("내일 피아노 수업 없어, 선생님이 아프대", "내일 피아노 수업 없어"),
    ("금요일 수영 취소야, 비 온다니까", "금요일 수영 취소야"),
])
def test_korean_reason_after_a_comma(said, head):
    assert _head(said, lang="ko") == head


@pytest.mark.parametrize(("said", "after", "lang"), [
    ("cancel the soccer practice on thursday", "words", "en"),
    ("cancel the soccer practice on thursday", "day", "en"),
    ("call the plumber", "deed", "en"),
    ("목요일 축구 연습 취소해 줘", "words", "ko"),
])
def test_no_reason_said(said, after, lang):
    assert reason_at(said, after, lang) is None


@pytest.mark.parametrize(("said", "after", "lang"), [
    ("cancel the causeway tour on thursday", "words", "en"),          # "cause" inside a word
    ("no assembly on friday", "words", "en"),                         # "as" inside a word
    ("ask sophie about the soccer practice", "words", "en"),          # "so" inside a word
    ("cancel the soccer practice on thursday when the kids are back", "words", "en"),   # when it is, not why
    ("no practice on thursday and friday", "day", "en"),              # more days, no reason
    ("check if the oven is off", "deed", "en"),                       # a clause that is the deed's own
        ("buy a cake as a treat", "deed", "en"),                          # "as a" says how, not why
    ("목요일, 축구 연습 취소해 줘", "words", "ko"),                       # a comma, no reason's ending after it
    ("내일 축구 연습은 어때서", "words", "ko"),                            # a reason's ending, no comma
])
def test_reason_like_words_that_are_none(said, after, lang):
    assert reason_at(said, after, lang) is None


def test_a_reason_said_first_leaves_the_deed():
    assert without_reason(" because of the rain", "deed") == " because of the rain"
    assert reason_at(" because of the rain", "deed") == 0


def test_its_callers_read_the_words_before_the_reason():
    said = day_off("cancel the soccer practice on thursday because the coach is sick")
    assert said is not None and (said.what, said.day_words) == ("soccer practice", "on thursday")
    said = day_off("no piano lesson tomorrow the teacher is away")   # held out: a bare clause after the day
    assert said is not None and (said.what, said.day_words) == ("piano lesson", "tomorrow")
    said = ko_day_off("목요일 축구 연습 취소해 줘, 코치가 아파서")
    assert said is not None and said.what == "축구 연습"
    missed = missed_said("i couldn't pay the bill because the site was down", lambda words: False)
    assert missed is not None and missed.deed == "pay the bill"
    missed = missed_said("i didn't get to the gutters, since it was raining", lambda words: False)
    assert missed is not None and missed.deed == "the gutters"


def test_a_day_reason_is_read_in_a_turn_of_two_hundred_characters_at_most():
    said = "no piano lesson " + "really " * 30 + "tomorrow the teacher is away"
    assert len(said) > 200 and reason_at(said, "day") is None


@pytest.mark.parametrize("shape", ["because ", "the coach is ", "thursday the coach is ", ", the ", "as the ", "아파서, ",
                                   "when the ", "the x was "])
def test_four_thousand_characters_of_one_shape(shape):
    """Read through once (the regexes are linear; their times are in docs/reliability.md, debt66); a day's reason is
    looked for in a turn of 200 characters at most."""
    text = (shape * (4000 // len(shape) + 1))[:4000]
    assert reason_at(text, "day") is None
    assert reason_at(text, "words") in (None, 0, *range(len(shape) - 2, len(shape) + 1))
    assert without_reason(text, "deed") is not None
    assert reason_at(text, lang="ko") in (None, 3998, 3999, 4000) or "," not in shape


def test_a_run_of_spaces_is_read_once():
    """Before debt66 `day_off._WHY` ("\\s*[,;]?\\s+…") tried each split of a run of spaces from each of its spaces
    (cubic: 4,000 spaces took 518 s) and `past_due._REASON` each space again (quadratic, 1.4 s)."""
    for after in ("words", "deed"):
        assert_grows_linearly(lambda text, after=after: reason_at(text, after), lambda n: "pay the bill" + " " * n + "x", 4000)


def test_emoji_between_words_are_no_run_of_spaces():
    """"cancel the soccer practice on thursday 😷 😷 …": the symbols went off and left their spaces to `_WHY` (1,000 of
    them took 2.1 s, 2,000 about 17 s, on the event loop); the words are made one space apart before the reason is read."""
    assert_grows_linearly(day_off, lambda n: "cancel the soccer practice on thursday " + "😷 " * n, 1600)
    said = day_off("cancel the soccer practice on thursday " + "😷 " * 1000)
    assert said is not None and (said.what, said.day_words) == ("soccer practice", "on thursday")
