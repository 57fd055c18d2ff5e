"""Pass 53b: issue 18's kinds against the forty-ninth session's new readers (see docs/reliability.md, "Fifty-third
pass (b)")."""

from __future__ import annotations

import time

from jarvisd import arithmetic


def test_a_tower_of_powers_does_not_hold_the_event_loop() -> None:
    """"What's 1.0000001 ^ 64 ^ 64 ^ 64 ^ 2" (35 characters) held the daemon 2.6 s (`/api/status` 2.3 s behind it) and
    "… ^ 64 ^ 64 ^ 64 ^ 64" did not finish in minutes: the sum was worked out as an exact fraction of millions of
    digits, on the event loop itself (pass 53b)."""
    started = time.perf_counter()
    assert arithmetic.answer("what's 1.0000001 ^ 64 ^ 64 ^ 64 ^ 2") == \
        "1.0000001 to the power of 64 to the power of 64 to the power of 64 to the power of 2 is 1.0538."
    assert arithmetic.answer("what's 1.0000000000001 to the power of 64 to the power of 64 to the power of 64") == \
        "1.0000000000001 to the power of 64 to the power of 64 to the power of 64 is 1."
    assert arithmetic.answer("what's 1.1 ^ 64 ^ 64 ^ 64 ^ 64") == "That number is too large to say."
    assert time.perf_counter() - started < 0.5


def test_guard_exact_powers_are_still_exact() -> None:
    """Guard: a power small enough to work out exactly is still said whole, and a huge one still "too large"."""
    assert arithmetic.answer("what's 2 to the power of 64") == "2 to the power of 64 is 18,446,744,073,709,551,616."
    assert arithmetic.answer("what's 1.5 ^ 64") == "1.5 to the power of 64 is 186140372879.4734."
    assert arithmetic.answer("what's 999999 ^ 64") == "That number is too large to say."
    assert arithmetic.answer("what's 0.5 ^ 64") == "0.5 to the power of 64 is 5.421 times 10 to the power of -20."
    assert arithmetic.answer("what's 3 squared") == "3 squared is 9."
