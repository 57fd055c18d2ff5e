"""`jarvisd hud`: open the HUD in the browser with a one-time ticket in the URL fragment, which the page
trades for the per-install token (`hud/tickets.py`: a browser's command line is readable by every local
user). The fragment never leaves the browser (it is not sent to the server or kept in referrers)."""

from __future__ import annotations

import argparse
import logging
import sys
import webbrowser
from pathlib import Path
from typing import Any

from jarvisd.config import is_loopback
from jarvisd.hud.listener import foreign_listener
from jarvisd.hud.security import load_or_create_token

log = logging.getLogger(__name__)


def hud_url(host: str, port: int, token: str | None = None, *, ticket: str | None = None) -> str:
    """The address the browser opens; a wildcard bind is reached through 127.0.0.1. With `token` (only
    for `--print-url`, which the user asked for) or a one-time `ticket` in the fragment."""
    if host in ("0.0.0.0", "::", ""):
        host = "127.0.0.1"
    shown = f"[{host}]" if ":" in host else host
    fragment = f"#ticket={ticket}" if ticket else f"#token={token}" if token else ""
    return f"http://{shown}:{port}/" + fragment


class NoTicket(RuntimeError):
    """The daemon gave no ticket (it does not answer, refuses the token, or predates tickets)."""


def ticket_for(host: str, port: int, token: str, timeout: float = 2.0) -> str:
    """A one-time ticket from the daemon (`hud/tickets.py`): what the browser's command line carries
    instead of the token, which every local user could read there."""
    import httpx

    foreign = foreign_listener("hud", host, port)
    if foreign is not None:
        raise NoTicket(foreign)
    try:
        response = httpx.post(hud_url(host, port) + "api/ticket", timeout=timeout,
                              headers={"Authorization": f"Bearer {token}"})
        ticket = response.json().get("ticket") if response.status_code == 200 else None
    except (httpx.HTTPError, ValueError, AttributeError) as exc:
        raise NoTicket(f"no ticket from the daemon: {exc}") from exc
    if not isinstance(ticket, str) or not ticket:
        raise NoTicket(f"no ticket from the daemon (HTTP {response.status_code})")
    return ticket


def open_in_browser(host: str, port: int, token: str) -> bool:
    """Open the HUD with a one-time ticket (also the tray's Open HUD). False when the daemon gave no
    ticket or no browser could be started; the token never goes on the browser's command line."""
    try:
        ticket = ticket_for(host, port, token)
    except NoTicket as exc:
        log.warning("hud: cannot open the HUD: %s", exc)
        return False
    return webbrowser.open(hud_url(host, port, ticket=ticket))


def daemon_status(url: str, token: str, timeout: float = 2.0) -> int | None:
    """The HTTP status of the daemon's `/api/status` with this token; None when nothing answers."""
    import httpx

    try:
        response = httpx.get(url.split("#", 1)[0] + "api/status", timeout=timeout,
                             headers={"Authorization": f"Bearer {token}"})
    except httpx.HTTPError:
        return None
    return response.status_code


def daemon_answers(url: str, token: str, timeout: float = 2.0) -> bool:
    return daemon_status(url, token, timeout) == 200


def token_refused(command: str, url: str, data_dir: Any) -> str:
    """A daemon answers but not to this token: said so (it was "nothing answers ...; start the daemon
    first" while the daemon ran, and starting it then said "already running")."""
    return (f"jarvisd {command}: the daemon at {url} answers but refuses the token in {data_dir}/hud.token: the "
            "file was replaced or removed since that daemon started (restart it to read the file again: "
            "`systemctl --user restart jarvisd`), or another jarvisd serves this port")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add `hud` to the `jarvisd` subcommands; the handler is `args.func(cfg, args) -> int`."""
    parser = subparsers.add_parser(
        "hud", help="open the HUD (agenda, conversation, status) in the browser",
        description="Open the local HUD served by the running daemon. The browser gets a one-time ticket "
                    "in the URL fragment, which the page trades for the per-install token (<data dir>/hud.token); "
                    "the token itself never goes on the browser's command line.")
    parser.add_argument("--print-url", action="store_true",
                        help="print the URL (it contains the token) instead of opening a browser")
    parser.add_argument("--no-check", action="store_true", help="do not check that the daemon answers first")
    parser.set_defaults(func=run)
    return parser


def nothing_answers(command: str, base: str, data_dir: Path, cfg: Any = None) -> str:
    """Why `jarvisd hud`/`mic` got no answer. Before, a daemon stopped with SIGSTOP (Ctrl-Z) or busy was
    "nothing answers ...; start the daemon first", and starting one then said "already running"."""
    from jarvisd.instance import running_pid

    pid = running_pid(data_dir)
    if pid is not None:
        edited = _address_edited_since_start(cfg, Path(data_dir))
        if edited is not None:
            return (f"jarvisd {command}: jarvisd (pid {pid}) is running but its HUD does not answer at {base}: "
                    f"{edited} was changed after it started (a running jarvisd keeps the address it started with): "
                    "restart it to use the new one (`systemctl --user restart jarvisd`)")
        return (f"jarvisd {command}: jarvisd (pid {pid}) is running but its HUD does not answer at {base}: it is "
                f"stopped (Ctrl-Z or SIGSTOP: `kill -CONT {pid}`), busy, or runs without its HUD (its log says why)")
    return (f"jarvisd {command}: nothing answers at {base}; start the daemon first "
            "(`jarvisd run` or `systemctl --user start jarvisd`)")


def _address_edited_since_start(cfg: Any, data_dir: Path) -> str | None:
    """The config file that sets `hud.port` or `hud.host` when it was saved after the running daemon wrote its
    pid file (pass 22: after the port was changed under a running daemon, `jarvisd hud --print-url` said the
    daemon was stopped, busy or without its HUD)."""
    sources = getattr(cfg, "sources", None) or {}
    try:
        started = (data_dir / "jarvisd.pid").stat().st_mtime
    except OSError:
        return None
    for key in ("hud.port", "hud.host"):
        source = Path(sources.get(key, ""))
        try:
            if source.name and source.is_file() and source.stat().st_mtime > started:
                return f"{source} (which sets {key})"
        except OSError:
            continue
    return None


def run(cfg: Any, args: argparse.Namespace) -> int:
    host, port = cfg.hud.host, int(cfg.hud.port)
    if not is_loopback(host) and not cfg.hud.allow_non_loopback:
        print(f"jarvisd hud: hud.host {host!r} is not loopback", file=sys.stderr)
        return 2
    foreign = foreign_listener("hud", host, port)
    if foreign is not None:
        print(foreign, file=sys.stderr)
        return 1
    token = load_or_create_token(cfg.paths.data_dir)
    url = hud_url(host, port, token)
    status = None if args.no_check else daemon_status(url, token)
    if status in (401, 403):
        print(token_refused("hud", hud_url(host, port), cfg.paths.data_dir), file=sys.stderr)
        return 1
    if not args.no_check and status != 200:
        print(nothing_answers("hud", hud_url(host, port), cfg.paths.data_dir, cfg), file=sys.stderr)
        return 1
    if args.print_url:
        print(url)
        return 0
    try:
        ticket = ticket_for(host, port, token)
    except NoTicket as exc:
        print(f"jarvisd hud: {exc}; `jarvisd hud --print-url` prints an address with the token", file=sys.stderr)
        return 1
    if not webbrowser.open(hud_url(host, port, ticket=ticket)):
        print("jarvisd hud: could not start a browser; `jarvisd hud --print-url` prints an address with "
              "the token to open yourself", file=sys.stderr)
        return 1
    return 0


MIC_ACTIONS = {"mute": {"muted": True}, "unmute": {"muted": False}, "talk": {"talk": True}, "release": {"talk": False}}


def add_mic_parser(subparsers: Any) -> argparse.ArgumentParser:
    """`jarvisd mic mute|unmute|talk|release`: the HUD's microphone buttons from a shell or a hotkey."""
    parser = subparsers.add_parser(
        "mic", help="mute/unmute the running daemon's microphone, or hold/release push-to-talk",
        description="Send a microphone control to the running daemon through its local HUD API "
                    "(bind `jarvisd mic talk` / `jarvisd mic release` to a key for push-to-talk).")
    parser.add_argument("action", choices=list(MIC_ACTIONS))
    parser.set_defaults(func=run_mic)
    return parser


def run_mic(cfg: Any, args: argparse.Namespace) -> int:
    import httpx

    foreign = foreign_listener("mic", cfg.hud.host, int(cfg.hud.port))
    if foreign is not None:
        print(foreign, file=sys.stderr)
        return 1
    token = load_or_create_token(cfg.paths.data_dir)
    url = hud_url(cfg.hud.host, int(cfg.hud.port)) + "api/mic"
    try:
        response = httpx.post(url, json=MIC_ACTIONS[args.action], timeout=3.0,
                              headers={"Authorization": f"Bearer {token}"})
    except httpx.HTTPError:
        print(nothing_answers("mic", hud_url(cfg.hud.host, int(cfg.hud.port)), cfg.paths.data_dir, cfg),
              file=sys.stderr)
        return 1
    if response.status_code in (401, 403):
        print(token_refused("mic", hud_url(cfg.hud.host, int(cfg.hud.port)), cfg.paths.data_dir), file=sys.stderr)
        return 1
    if response.status_code >= 400:
        print(f"jarvisd mic: {response.json().get('detail', response.text)}", file=sys.stderr)
        return 1
    return 0
