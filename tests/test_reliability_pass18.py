"""Eighteenth adversarial pass (issue 18): one test per fix, each failing before it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from jarvisd.config import ConfigError, load_config

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("variable", ["JARVIS_OPENLOOP__SAME_LOOP_THRESHOLD", "JARVIS_PROACTIVE__REMINDER_LEAD_MIN",
                                      "JARVIS_VOICE__WAKE_PHRASES"])
def test_json_nested_too_deeply_in_an_environment_value_is_one_line_not_a_recursion_error(variable: str,
                                                                                       tmp_path: Path) -> None:
    """Before: a table or list variable of 5,000 nested brackets was a `RecursionError` traceback, exit 1, at
    every command (`jarvisd run`, `openloop list`, `doctor`). Now a config error naming the variable, exit 2."""
    deep = "[" * 5000 + "]" * 5000
    with pytest.raises(ConfigError) as caught:
        load_config(env={"JARVIS_HOME": str(tmp_path), variable: deep})
    assert variable in str(caught.value) and "nested too deeply" in str(caught.value)
    env = {**os.environ, "JARVIS_HOME": str(tmp_path), "PYTHONPATH": str(REPO), variable: deep}
    done = subprocess.run([sys.executable, "-m", "jarvisd", "openloop", "list"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
