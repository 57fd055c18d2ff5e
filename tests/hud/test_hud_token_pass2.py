"""Issue 18's second adversarial pass: a `hud.token` whose content no browser can send, or short enough
to guess. Before, the HUD started with it: NULs answered 401 to every request without a word, a
one-letter token let any local process guess its way in."""

from __future__ import annotations

import pytest

from jarvisd.hud import load_or_create_token


@pytest.mark.parametrize("content", [b"\x00\x00\x00\n", b"a\n", b"two words and more than sixteen\n"])
def test_a_token_that_cannot_be_sent_or_is_guessable_is_refused(tmp_path, content):
    (tmp_path / "hud.token").write_bytes(content)
    with pytest.raises(ValueError, match="is not usable: it must be at least 16"):
        load_or_create_token(tmp_path)
    assert (tmp_path / "hud.token").read_bytes() == content  # the user's file is left as it was


def test_a_token_jarvisd_wrote_is_still_read(tmp_path):
    token = load_or_create_token(tmp_path)
    assert load_or_create_token(tmp_path) == token


@pytest.mark.slow  # runs `jarvisd` as a subprocess
def test_jarvisd_hud_says_so_in_one_line(tmp_path):
    import os
    import subprocess
    import sys

    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "hud.token").write_bytes(b"a\n")
    env = {**os.environ, "JARVIS_HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-m", "jarvisd", "hud", "--print-url"], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith(f"jarvisd: the token in {tmp_path}/data/hud.token is not usable")
