"""Pass 36 (docs/reliability.md, "Thirty-sixth pass"): what the thirty-sixth adversarial pass found, each case
failing before its fix (guards named as such)."""

import pytest

from tests.openloop.conftest import TUESDAY, agenda_desk, agenda_rows


@pytest.mark.slow
@pytest.mark.parametrize(("first", "second", "reply", "rows"), [
    ("I need to email Will tomorrow", "I need to email Sue on Friday", "Got it: email Sue, by Friday.",
     [("email Sue", "2026-12-04 23:59"), ("email Will", "2026-12-02 23:59")]),
    ("I need to call Will tomorrow", "I called Bob", None, [("call Will", "2026-12-02 23:59")]),
    ("I need to call Will tomorrow", "cancel the call to Bob", "I couldn't find the call to bob on your agenda.",
     [("call Will", "2026-12-02 23:59")]),
])
def test_a_person_named_will_is_a_person_not_a_modal(tmp_path, korean, first, second, reply, rows):
    """Seen on the daemon: with "email Will" open, "I need to email Sue on Monday" answered "Updated: email Will,
    now by Monday." (Sue's email kept nowhere); in process "I called Bob" marked "call Will" done and "cancel the
    call to Bob" took it off. "will" was a function word, so "call Will" had "call" as its only content word."""
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    desk.handle(first)
    got = desk.handle(second)
    assert (got.text if got else None) == reply
    assert agenda_rows(desk) == rows


@pytest.mark.slow
@pytest.mark.parametrize(("said", "done"), [
    ("I called Will", "call Will"), ("I will call Bob later, I called Will", "call Will")])
def test_a_closing_of_will_still_closes_it(tmp_path, korean, said, done):
    """Guard: the call to Will is still closed by its own closing."""
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    desk.handle("I need to call Will tomorrow")
    assert desk.handle(said).text.startswith(f"Marked done: {done}.")


@pytest.mark.slow
@pytest.mark.parametrize(("first", "second"), [
    ("I need to call Bob tomorrow at 8pm", "I need to call Bob, Ann and Tom on Friday"),
    ("I need to call Bob tomorrow at 8pm", "I need to call Bob + Ann on Friday"),
    ("I need to call Bob tomorrow at 8pm", "I need to call Bob or Ann on Friday"),
    ("I need to call Bob tomorrow at 8pm", "I need to call Bob and Will on Friday"),
    ("I need to call Will tomorrow", "I need to call Will and Grace on Friday"),
    ("I need to call Bob tomorrow at 8pm", "I need to call Bob for dad on Friday"),
    ("I need to pay the bill tomorrow", "I need to pay the bill for mom on Friday"),
])
def test_someone_listed_with_the_person_on_the_agenda_is_a_new_promise(tmp_path, korean, first, second):
    """Pass 34's `adds_a_party` read one "and" with the open promise's person just before it: "call Bob, Ann and
    Tom on Friday" (the comma dropped, "Ann" before the "and"), "Bob + Ann" ("+" dropped as punctuation), "Bob or
    Ann", "Bob and Will" / "Will and Grace" ("will" a function word), "for dad" (no "my") each answered
    "Updated: …, now by Friday.": the open promise moved, the others kept nowhere."""
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    desk.handle(first)
    reply = desk.handle(second)
    assert reply.text.startswith("Got it"), reply.text
    assert len(agenda_rows(desk)) == 2


@pytest.mark.slow
@pytest.mark.parametrize("second", [
    "I need to call Bob on Friday", "I need to call Bob and ask about the lease on Friday",
    "I need to call Bob about the car and the house on Friday", "Bob will call me, I need to call Bob on Friday"])
def test_the_same_errand_with_a_new_due_still_moves_it(tmp_path, korean, second):
    """Guard: a plain new due, a step after the "and", a list of things said about, and "will" as a modal."""
    desk = agenda_desk(tmp_path, korean, TUESDAY)
    desk.handle("I need to call Bob tomorrow at 8pm")
    assert "Updated: call Bob, now by Friday." in desk.handle(second).text
    assert ("call Bob", "2026-12-04 23:59") in agenda_rows(desk)
