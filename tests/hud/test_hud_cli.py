"""`jarvisd hud`: the URL carries the token in its fragment, and only a running daemon is opened."""

from __future__ import annotations

import argparse
import os
import socket
from types import SimpleNamespace

import httpx

from jarvisd.hud import cli

from .conftest import TOKEN, ServedHud


def config(data_dir, port: int, host: str = "127.0.0.1") -> SimpleNamespace:
    return SimpleNamespace(hud=SimpleNamespace(host=host, port=port, allow_non_loopback=False),
                           paths=SimpleNamespace(data_dir=data_dir))


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="jarvisd")
    cli.add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["hud", *argv])


def write_token(data_dir) -> None:
    fd = os.open(data_dir / "hud.token", os.O_WRONLY | os.O_CREAT, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(TOKEN + "\n")


def test_the_url_puts_the_token_in_the_fragment():
    assert cli.hud_url("127.0.0.1", 8765, "abc") == "http://127.0.0.1:8765/#token=abc"
    assert cli.hud_url("::1", 8765) == "http://[::1]:8765/"
    assert cli.hud_url("0.0.0.0", 8765) == "http://127.0.0.1:8765/"


def test_hud_opens_the_browser_with_a_one_time_ticket_never_the_token(served: ServedHud, tmp_path, monkeypatch):
    """Pass 14's medium: the browser's command line (readable by every local user) carried the token.
    It now carries a ticket the page trades for the token once."""
    write_token(tmp_path)
    opened: list[str] = []
    monkeypatch.setattr(cli.webbrowser, "open", lambda url: opened.append(url) or True)
    args = parse()
    assert args.func(config(tmp_path, served.server.port), args) == 0
    [url] = opened
    assert url.startswith(f"{served.url}/#ticket=") and TOKEN not in url
    page = httpx.get(url.split("#")[0])
    assert page.status_code == 200 and "AGENDA" in page.text
    ticket = url.split("#ticket=", 1)[1]
    first = httpx.post(f"{served.url}/api/ticket/redeem", json={"ticket": ticket})
    again = httpx.post(f"{served.url}/api/ticket/redeem", json={"ticket": ticket})
    assert (first.status_code, first.json()) == (200, {"token": TOKEN})
    assert (again.status_code, again.json()["error"]) == (410, "ticket_used")


def test_print_url_prints_instead_of_opening(served: ServedHud, tmp_path, capsys):
    write_token(tmp_path)
    args = parse("--print-url")
    assert args.func(config(tmp_path, served.server.port), args) == 0
    assert capsys.readouterr().out.strip() == f"{served.url}/#token={TOKEN}"


def test_without_a_daemon_it_says_how_to_start_one(tmp_path, capsys, monkeypatch):
    opened: list[str] = []
    monkeypatch.setattr(cli.webbrowser, "open", lambda url: opened.append(url) or True)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free_port = probe.getsockname()[1]
    args = parse()
    assert args.func(config(tmp_path, free_port), args) == 1
    assert "start the daemon" in capsys.readouterr().err
    assert opened == []
    assert (tmp_path / "hud.token").stat().st_mode & 0o077 == 0  # the token was created for the next start
