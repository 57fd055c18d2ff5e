"""The period a question names (`period.named_period`): English and Korean days, months and years."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from jarvisd.memory.period import Period, is_date_word, named_period

TODAY = date(2023, 11, 20)


def week(year: int, m: int, d: int) -> Period:
    return Period(date(year, m, d), date(year, m, d) + timedelta(days=7))


def month(year: int, m: int) -> Period:
    end = date(year + 1, 1, 1) if m == 12 else date(year, m + 1, 1)
    return Period(date(year, m, 1), end)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("What setback did Melanie face in October 2023?", month(2023, 10)),
        ("What did John host for the veterans in May 2023?", month(2023, 5)),
        ("a photo from Sept. 2022", month(2022, 9)),
        ("late December of 2022", month(2022, 12)),
        ("2023년 10월에 뭐 했지?", month(2023, 10)),
    ],
)
def test_a_month_with_its_year(text: str, expected: Period) -> None:
    assert named_period(text, TODAY) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Which outdoor spot did Joanna visit in May?", month(2023, 5)),
        ("10월에 뭐 했지?", month(2023, 10)),
        ("12월에 간 식당", month(2022, 12)),  # December has not begun by 20 November: last year's
        ("mid-December", month(2022, 12)),
    ],
)
def test_a_month_alone_is_the_latest_that_has_begun(text: str, expected: Period) -> None:
    assert named_period(text, TODAY) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("What did Jon find for his clothing store on 1 February, 2023?", week(2023, 2, 1)),
        ("What did John do the week before August 3, 2023?", week(2023, 8, 3)),
        ("What did John do on 7 July?", week(2023, 7, 7)),
        ("October 5th was fun", week(2023, 10, 5)),
        ("the 3rd of March", week(2023, 3, 3)),
        ("2022년10월 5일 회의", week(2022, 10, 5)),
        ("12월 31일에", week(2022, 12, 31)),
    ],
)
def test_a_named_day_is_that_day_and_the_week_after_it(text: str, expected: Period) -> None:
    assert named_period(text, TODAY) == expected


def test_a_day_that_does_not_exist_gives_its_month() -> None:
    assert named_period("on Feb 30, 2023", TODAY) == month(2023, 2)
    assert named_period("2023년 2월 31일", TODAY) == month(2023, 2)


def test_a_date_without_a_year_takes_a_year_named_elsewhere_in_the_text() -> None:
    # "August 15 2023" names the year; "August 11" is the same year, not the latest August
    found = named_period("Where was John between August 11 and August 15 2023?", date(2025, 1, 1))
    assert found == Period(date(2023, 8, 11), date(2023, 8, 22))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("How many times has Melanie gone to the beach in 2023?", Period(date(2023, 1, 1), date(2024, 1, 1))),
        ("2024년에 한 일", Period(date(2024, 1, 1), date(2025, 1, 1))),
    ],
)
def test_a_year(text: str, expected: Period) -> None:
    assert named_period(text, TODAY) == expected


def test_two_periods_give_the_span_from_the_first_to_the_last() -> None:
    assert named_period("in May or June 2023", TODAY) == Period(date(2023, 5, 1), date(2023, 7, 1))
    assert named_period("2022년과 2023년", TODAY) == Period(date(2022, 1, 1), date(2024, 1, 1))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "What did Caroline research?",
        "this may help",  # the verb, not the month
        "May I ask what you did?",  # a month name must read as a date
        "13월에 뭐 했지?",  # no thirteenth month
        "월급 3 월세 50만원",  # 월급 / 월세 are not months
        "12개월 할부",
        "room 1203, 4500 steps, 3.2023",  # numbers that are not years
        "version 2023.1",
        "October 1799",  # a year outside 1900-2099 is not read as one
    ],
)
def test_text_that_names_no_period_gives_none(text: str) -> None:
    assert named_period(text, TODAY) is None


def test_date_words_are_month_names_years_day_numbers_and_korean_dates() -> None:
    assert [w for w in ["october", "sept", "2022", "9th", "2023년", "10월", "5일", "game", "10개월", "12345"]
            if is_date_word(w)] == ["october", "sept", "2022", "9th", "2023년", "10월", "5일"]
