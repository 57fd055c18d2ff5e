"""Pass 36 (docs/reliability.md, "Thirty-sixth pass"): each finding's case, failing on the code before its fix;
the guards (named so) passed before too."""

import pytest

from tests.openloop.conftest import TUESDAY, agenda_desk, agenda_rows


@pytest.mark.parametrize(("first", "second", "said"), [
    ("I need to call Will tomorrow", "I need to call Bob on Friday", "cancel the call"),
    ("I need to call Bob tomorrow", "I need to call Will on Friday", "cancel the call"),
    ("I need to call Will tomorrow", "I need to call Bob on Friday", "mark the call done"),
    ("I need to call Will tomorrow", "I need to call Bob on Friday", "the call is done"),
    ("I need to call An tomorrow", "I need to call Bob on Friday", "forget the call"),
])
def test_a_deed_named_with_two_open_asks_which_when_one_is_to_a_person_named_will(tmp_path, korean, first, second, said):
    """Pass 36: with "call Will" and "call Bob" open, "cancel the call" answered "OK, I took it off your agenda: call
    Will." (on the daemon too): the profile dropped "Will" as the modal, so "call Will" was "call" alone, named more
    fully by "the call" than "call Bob"."""
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    desk.handle(first, "s")
    desk.handle(second, "s")
    reply = desk.handle(said, "s")
    assert reply is not None and reply.text.startswith("Which one"), reply
    assert len(agenda_rows(desk)) == 2


@pytest.mark.parametrize(("first", "second", "rows"), [
    ("I need to email Will tomorrow", "I need to email Bob on Friday",
     [("email Bob", "2026-12-04 23:59"), ("email Will", "2026-12-02 23:59")]),
    ("I need to text Will tomorrow", "I need to text Ann on Friday",   # guard: kept apart before too
     [("text Ann", "2026-12-04 23:59"), ("text Will", "2026-12-02 23:59")]),
])
def test_a_promise_to_another_person_is_not_read_as_a_move_of_a_promise_to_will(tmp_path, korean, first, second, rows):
    """Pass 36: "I need to email Bob on Friday" with "email Will" open answered "Updated: email Will, now by Friday."
    (on the daemon too): Bob's email was kept nowhere and Will's moved."""
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    desk.handle(first, "s")
    desk.handle(second, "s")
    assert sorted(agenda_rows(desk)) == sorted(rows)


@pytest.mark.parametrize(("said", "content"), [
    ("I will call Bob", ["call", "bob"]), ("Will you call Bob", ["call", "bob"]), ("bob. Will you", ["bob"]),
    ("Call Bob About The Lease", ["call", "bob", "lease"]), ("CALL WILL", ["call"]), ("Plan A for me", ["plan"]),
])
def test_guard_the_modal_and_title_case_stay_function_words(said, content):
    from jarvisd.openloop.text import profile

    assert list(profile(said).content) == content


def test_guard_the_same_promise_to_will_said_again_still_moves_it(tmp_path, korean):
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    desk.handle("I need to call Will tomorrow", "s")
    desk.handle("I need to call Will on Friday", "s")
    desk.handle("I called Will", "s")
    assert agenda_rows(desk) == []
