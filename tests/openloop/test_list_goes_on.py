"""An order said as one more of the user's own list is kept with no time (the sixty-first session): after two promises,
"and call the vet about luna's vaccines" went to SmolLM2, which gave medical advice, and "and also book a table for two"
kept nothing. An order alone ("call the vet") stays talk, as before: it may be asked of the assistant."""

from __future__ import annotations

import pytest

from tests.openloop.conftest import agenda_rows, said_to


@pytest.mark.parametrize(("said", "kept"), [
    ("and call the vet about lunas vaccines", "call the vet about lunas vaccines"),
    ("and also book a table for two", "book a table for two"),
    ("plus email the landlord", "email the landlord"),
    ("also check on the patient in room 4", "check on the patient in room 4"),
])
def test_an_order_that_goes_on_a_list_is_kept(tuesday_desk, said, kept):
    said_to(tuesday_desk, "i need to return the library books by thursday", said)
    assert (kept, "-") in agenda_rows(tuesday_desk)


@pytest.mark.parametrize("said", ["call the vet", "and take the dentist off my list", "also send me a summary",
                                  "and call me a taxi", "and tell me a joke", "and remove the gym from the agenda"])
def test_guard_an_order_alone_or_about_the_list_keeps_nothing(tuesday_desk, said):
    said_to(tuesday_desk, "i need to return the library books by thursday", said)
    assert [desc for desc, _ in agenda_rows(tuesday_desk)] == ["return the library books"]
