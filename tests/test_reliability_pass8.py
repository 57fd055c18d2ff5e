"""Issue 18's eighth adversarial pass: the cases it found, pinned on the part that failed. Each was
replayed against `python -m jarvisd run` first (see docs/reliability.md, "Eighth pass")."""

from __future__ import annotations

import pytest

from tests.test_cli import env, jarvisd  # noqa: F401  (env is a fixture)

# ---- config: an environment value that is not UTF-8 ------------------------------------------------------

def test_a_config_variable_that_is_not_utf8_is_refused_naming_it(env):  # noqa: F811
    """Before: `JARVIS_GENERAL__USER` set from a Latin-1 terminal (`Jos\\xe9`) was accepted as a lone
    surrogate; the daemon started, then every `/remember` was a JSON 500 `UnicodeEncodeError ... surrogates
    not allowed` (the user is hashed into every item id)."""
    import os

    env["JARVIS_GENERAL__USER"] = os.fsdecode(b"Jos\xe9")
    result = jarvisd("doctor", env=env, timeout=120)
    assert result.returncode == 2, result.stderr[-2000:]
    assert ("config error in environment variable JARVIS_GENERAL__USER: general.user: not UTF-8 (byte 0xe9 "
            "at character 4)") in result.stderr
    assert "Traceback" not in result.stderr
