"""Configuration: defaults < user file < environment, checked key by key.

`config/default.toml` is both the defaults and the schema: a key that is not there is refused, and a
value must have the type of its default. A few keys also have a fixed set of choices or a range
(`CHECKS`). Environment overrides are spelled `JARVIS_<SECTION>__<KEY>`; a nested table such as
`[openloop.same_loop_threshold]` takes a JSON object. Every refusal names where the value came from,
the key and the reason, so the daemon refuses to start instead of ignoring a typo.
"""

from __future__ import annotations

import codecs
import difflib
import errno
import ipaddress
import json
import logging
import math
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import tzinfo
from functools import cached_property
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from jarvisd.config_checks import CHECKS, local_store_path
from jarvisd.config_sections import (
    GeneralConfig,
    GuardConfig,
    HudConfig,
    LlmConfig,
    MemoryConfig,
    OpenloopConfig,
    ProactiveConfig,
    ToolsConfig,
    VoiceConfig,
)
from jarvisd.datafiles import FileTooLarge, read_regular_file
from jarvisd.paths import REPO_ROOT, Paths, resolve_paths

DEFAULTS_FILE = REPO_ROOT / "config" / "default.toml"
log = logging.getLogger("jarvisd.config")

# Keys that once existed: accepted with a warning that says why they do nothing, so an old config file
# still starts the daemon.
RETIRED = {
    "voice.sample_rate": "the voice pipeline always runs at 16 kHz, what Whisper and the VAD take; "
                         "a device at another rate is resampled",
}
ENV_PREFIX = "JARVIS_"


class ConfigError(ValueError):
    """A configuration value that jarvisd refuses; says where, which key and why."""

    def __init__(self, source: str, key: str, reason: str) -> None:
        self.source, self.key, self.reason = source, key, reason
        super().__init__(f"config error in {source}: {key}: {reason}")


@dataclass(frozen=True)
class Config:
    """The checked values (`values`, by section and key) and typed views of each section
    (`config_sections.py`): `cfg.voice.max_answer_sentences`."""

    values: dict[str, dict[str, Any]]
    paths: Paths
    sources: dict[str, str] = field(default_factory=dict)

    @cached_property
    def general(self) -> GeneralConfig:
        return GeneralConfig(**self.values["general"])

    @cached_property
    def llm(self) -> LlmConfig:
        return LlmConfig(**self.values["llm"])

    @cached_property
    def memory(self) -> MemoryConfig:
        return MemoryConfig(**self.values["memory"])

    @cached_property
    def openloop(self) -> OpenloopConfig:
        return OpenloopConfig(**self.values["openloop"])

    @cached_property
    def voice(self) -> VoiceConfig:
        return VoiceConfig(**self.values["voice"])

    @cached_property
    def proactive(self) -> ProactiveConfig:
        return ProactiveConfig(**self.values["proactive"])

    @cached_property
    def hud(self) -> HudConfig:
        return HudConfig(**self.values["hud"])

    @cached_property
    def guard(self) -> GuardConfig:
        return GuardConfig(**self.values["guard"])

    @cached_property
    def tools(self) -> ToolsConfig:
        return ToolsConfig(**self.values["tools"])

    def as_dict(self) -> dict[str, dict[str, Any]]:
        return {name: dict(keys) for name, keys in self.values.items()}

    @property
    def tz(self) -> tzinfo:
        """The user's time zone: the configured one, else the system's (never silently UTC)."""
        name = self.values["general"]["time_zone"]
        if name:
            return ZoneInfo(name)
        return system_zone()

    @property
    def ollama_host(self) -> str:
        return self.values["llm"]["ollama_host"] or os.environ.get("OLLAMA_HOST") or "http://127.0.0.1:11434"

    @property
    def store_uri(self) -> str:
        """`~` expanded: LanceDB expands it itself, so the store's own files (its write journal, mapped
        vectors, the health checks) are looked for where LanceDB keeps the table."""
        configured = self.values["memory"]["store_uri"]
        if not configured:
            return str(self.paths.data_dir / "memory.lance")
        return local_store_path(configured) or configured  # file://~/x too: LanceDB expands it alike


def system_zone(env: Mapping[str, str] | None = None, localtime: Path = Path("/etc/localtime")) -> tzinfo:
    """The system's time zone with its rules (`TZ`, else /etc/localtime), not today's offset.

    Before, an empty `general.time_zone` (the default) was `datetime.now().astimezone().tzinfo`: a fixed
    offset, the one in force at that moment. In New York on Friday, October 30, "I need to call the dentist
    on Monday at 3pm" was due Monday 14:00 EST (15:00 EDT, past the change of November 1), so its reminder
    came an hour early, and a daemon running across a change read every due after it an hour off. A `TZ`
    that names no zone file (a POSIX rule such as `KST-9`, or empty: UTC) keeps libc's offset for now."""
    from datetime import datetime

    env = os.environ if env is None else env
    wanted = env.get("TZ")
    try:
        if wanted is None:
            return _zone_file(localtime)
        wanted = wanted.removeprefix(":")
        if wanted.startswith("/"):
            return _zone_file(Path(wanted))
        if wanted:
            return ZoneInfo(wanted)
    except (OSError, ZoneInfoNotFoundError, ValueError):
        pass
    return datetime.now().astimezone().tzinfo  # type: ignore[return-value]


def _zone_file(path: Path) -> tzinfo:
    """A zone file by its IANA name when it is one of the system's zone files (a link into zoneinfo/)."""
    target = os.path.realpath(path)
    if "/zoneinfo/" in target:
        try:
            return ZoneInfo(target.split("/zoneinfo/", 1)[1])
        except (ZoneInfoNotFoundError, ValueError):
            pass
    import io

    return ZoneInfo.from_file(io.BytesIO(read_regular_file(path)), key=str(path))  # a FIFO never waited on


MAX_CONFIG_BYTES = 16 * 1024 * 1024  # the default config is 5 KB; a long stt_prompt or many wake phrases fit


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        data = read_regular_file(path, MAX_CONFIG_BYTES)  # a FIFO waited forever for a writer, /dev/zero never ended
        if data.startswith(codecs.BOM_UTF8):  # Notepad's UTF-8 adds one; tomllib refused line 1
            data = data[len(codecs.BOM_UTF8):]
        return tomllib.loads(data.decode("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(str(path), "(file)", f"not valid TOML: {exc}") from None
    except RecursionError:  # tomllib recurses per nested array or inline table
        raise ConfigError(str(path), "(file)", "not valid TOML: arrays or tables nested too deeply") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(str(path), "(file)", f"not UTF-8 text (byte {exc.start}); save it as UTF-8") from None
    except ValueError as exc:  # pass 52: tomllib's int() of a number past 4,300 digits was a start-up traceback
        raise ConfigError(str(path), "(file)", f"not valid TOML: a number too long to read ({str(exc)[:80]})") from None
    except IsADirectoryError:
        raise ConfigError(str(path), "(file)", "is a directory, not a TOML file; remove it, or pass "
                          "--config FILE") from None
    except FileTooLarge as exc:  # pass 20: a 2 GiB file took 4.1 GB of memory and 13 s before it was refused
        raise ConfigError(str(path), "(file)", f"is {exc.strerror}: it is not a config file; move it away, or "
                          "pass --config FILE") from None
    except PermissionError:
        raise ConfigError(str(path), "(file)", "cannot be read (permission denied); fix its mode, e.g. "
                          f"chmod u+r {path}") from None
    except OSError as exc:
        raise ConfigError(str(path), "(file)", f"cannot be read: {exc.strerror or exc}") from None


def _typename(value: Any) -> str:
    return {bool: "true/false", int: "an integer", float: "a number", str: "a string",
            list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


def _coerce(default: Any, value: Any, source: str, key: str) -> Any:
    """Check `value` against the type of `default`; ints are accepted where floats are expected."""
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
    elif isinstance(default, float):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if not math.isfinite(value):
                raise ConfigError(source, key, f"must be a finite number (got {value!r})")
            return float(value)
    elif isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif isinstance(default, str):
        if isinstance(value, str):
            return value
    elif isinstance(default, list):
        if isinstance(value, list):
            if default:
                return [_coerce(default[0], item, source, f"{key}[{i}]") for i, item in enumerate(value)]
            return [_coerce("", item, source, f"{key}[{i}]") for i, item in enumerate(value)]
    elif isinstance(default, dict):
        if isinstance(value, dict):
            sample = next(iter(default.values()), "")
            return {str(k): _coerce(sample, v, source, f"{key}.{k}") for k, v in value.items()}
    raise ConfigError(source, key, f"must be {_typename(default)} (got {value!r})")


def _parse_env(default: Any, text: str, source: str, key: str) -> Any:
    """Turn an environment string into a value of the default's type."""
    text = text.strip()
    try:
        if isinstance(default, bool):
            lowered = text.lower()
            if lowered in {"1", "true", "yes", "on"}:
                return True
            if lowered in {"0", "false", "no", "off"}:
                return False
            raise ValueError
        if isinstance(default, float):
            return float(text)
        if isinstance(default, int):
            return int(text)
        if isinstance(default, list):
            if text.startswith("["):
                return json.loads(text)
            items = [part.strip() for part in text.split(",") if part.strip()]
            sample = default[0] if default else ""
            return [_parse_env(sample, item, source, key) for item in items]
        if isinstance(default, dict):
            parsed = json.loads(text)
            if not isinstance(parsed, dict):
                raise ValueError
            return parsed
    except (ValueError, json.JSONDecodeError):
        raise ConfigError(source, key, f"must be {_typename(default)} (got {text!r})") from None
    except RecursionError:  # pass 18: JSON nested ~1,000 deep was a RecursionError traceback at every command
        raise ConfigError(source, key, f"must be {_typename(default)} (got JSON nested too deeply: "
                                       f"{text[:40]!r}…)") from None
    return text


def _retired(source: str, dotted: str) -> bool:
    """A retired key is logged as ignored (with why) and skipped, whichever layer set it."""
    if dotted not in RETIRED:
        return False
    log.warning("%s: %s is ignored: %s", source, dotted, RETIRED[dotted])
    return True


def _unknown(source: str, key: str, known: list[str]) -> ConfigError:
    close = difflib.get_close_matches(key, known, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return ConfigError(source, key, f"unknown key{hint}")


def _merge(values: dict[str, dict[str, Any]], layer: Mapping[str, Any], source: str,
           sources: dict[str, str]) -> None:
    for section, keys in layer.items():
        if section not in values:
            raise _unknown(source, section, list(values))
        if not isinstance(keys, dict):
            raise ConfigError(source, section, "must be a table, e.g. [section]")
        for key, value in keys.items():
            dotted = f"{section}.{key}"
            if _retired(source, dotted):
                continue
            if key not in values[section]:
                raise _unknown(source, dotted, [f"{section}.{k}" for k in values[section]])
            coerced = _coerce(values[section][key], value, source, dotted)
            if isinstance(coerced, dict):  # a table adds to the defaults' entries, key by key
                coerced = {**values[section][key], **coerced}
            values[section][key] = coerced
            sources[dotted] = source


def _one_underscore(values: Mapping[str, Mapping[str, Any]], name: str) -> str | None:
    """The key `JARVIS_HUD_PORT` was meant for (`hud.port`), or None: with one underscore between the
    section and the key it was ignored without a word and the HUD stayed on its default port. Other
    JARVIS_ names (JARVIS_HOME, another program's) are left alone."""
    rest = name[len(ENV_PREFIX):].lower()
    for section, keys in values.items():
        if rest.startswith(section + "_") and rest[len(section) + 1:] in keys:
            return f"{section}.{rest[len(section) + 1:]}"
    return None


def _not_utf8(text: str) -> str | None:
    """Why an environment value is unusable as text, or None. Python decodes the environment with
    `surrogateescape`: a byte that is not UTF-8 (a Latin-1 terminal's `é`) arrives as a lone surrogate,
    which was accepted, then failed every `/remember` and turn that wrote it (`general.user`)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        byte = os.fsencode(text[exc.start:exc.start + 1])[0]
        return (f"not UTF-8 (byte 0x{byte:02x} at character {exc.start + 1}): set it from a UTF-8 terminal "
                "or in config.toml")
    return None


def _env_layer(values: dict[str, dict[str, Any]], env: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    layer: dict[str, dict[str, Any]] = {}
    for name, text in sorted(env.items()):
        if not name.startswith(ENV_PREFIX):
            continue
        if "__" not in name:
            meant = _one_underscore(values, name)
            if meant:
                raise ConfigError(f"environment variable {name}", meant,
                                  f"not read: spell it {ENV_PREFIX}{meant.replace('.', '__').upper()} (two "
                                  "underscores between the section and the key)")
            continue
        section, _, key = name[len(ENV_PREFIX):].lower().partition("__")
        source = f"environment variable {name}"
        if _retired(source, f"{section}.{key}"):
            continue
        if section not in values:
            raise _unknown(source, section, list(values))
        if key not in values[section]:
            raise _unknown(source, f"{section}.{key}", [f"{section}.{k}" for k in values[section]])
        if bad := _not_utf8(text):
            raise ConfigError(source, f"{section}.{key}", bad)
        parsed = _parse_env(values[section][key], text, source, f"{section}.{key}")
        layer.setdefault(section, {})[key] = (source, parsed)
    return layer


def _check_semantics(values: dict[str, dict[str, Any]], sources: dict[str, str],
                     env: Mapping[str, str]) -> None:
    for dotted, check in CHECKS.items():
        section, key = dotted.split(".", 1)
        reason = check(values[section][key])
        if reason:
            raise ConfigError(sources.get(dotted, str(DEFAULTS_FILE)), dotted, reason)
    voice = values["voice"]
    if voice["activation"] == "wake" and not any(any(c.isalnum() for c in p) for p in voice["wake_phrases"]):
        raise ConfigError(sources.get("voice.wake_phrases", str(DEFAULTS_FILE)), "voice.wake_phrases",
                          f"no wake phrase to listen for (got {voice['wake_phrases']!r}): with voice.activation = "
                          "'wake' nothing said would start a turn; name one, e.g. [\"jarvis\"], or set "
                          "voice.activation = 'always' or 'push_to_talk'")
    if voice["turn_end_silence_ms"] >= voice["turn_end_max_silence_ms"]:
        key = _set_by_user(sources, "voice.turn_end_max_silence_ms", "voice.turn_end_silence_ms")
        raise ConfigError(sources.get(key, str(DEFAULTS_FILE)), key,
                          f"{voice['turn_end_max_silence_ms']} ms must be longer than voice.turn_end_silence_ms "
                          f"({voice['turn_end_silence_ms']} ms): the model is asked after the short pause, and an "
                          "unfinished turn ends after the long one")
    hud = values["hud"]
    if env.get("OLLAMA_HOST") and (reason := CHECKS["llm.ollama_host"](env["OLLAMA_HOST"])):
        raise ConfigError("environment variable OLLAMA_HOST", "OLLAMA_HOST", reason)
    # "LOCALHOST", "[::1]": a host name is read in any case, an IPv6 address with or without its URL brackets
    # (pass 35: refused as not loopback)
    hud["host"] = hud["host"].strip().lower().removeprefix("[").removesuffix("]")
    # "::1%lo" passed as a loopback address, then the HUD could not listen on it (pass 41)
    if "%" in hud["host"] and not hud["allow_non_loopback"]:
        raise ConfigError(sources.get("hud.host", str(DEFAULTS_FILE)), "hud.host",
                          f"{hud['host']!r} holds a zone id (after '%'), which the HUD cannot listen on: "
                          "give the address alone, e.g. '::1' or '127.0.0.1'")
    if not hud["allow_non_loopback"] and not is_loopback(hud["host"]):
        raise ConfigError(sources.get("hud.host", str(DEFAULTS_FILE)), "hud.host",
                          f"{hud['host']!r} is not a loopback address; the HUD serves this desktop only "
                          "(set hud.allow_non_loopback = true to override, at your own risk)")


def _set_by_user(sources: Mapping[str, str], *keys: str) -> str:
    """Of two keys refused together, the first one the user set: the line names the file (or variable)
    the value came from, never the defaults file the user did not touch."""
    return next((key for key in keys if key in sources), keys[0])


def is_loopback(host: str) -> bool:
    """Whether the HUD's `host` is reachable from this machine only: "localhost" or a loopback address (the
    one rule for the config check and the HUD's bind check)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _user_file_present(path: Path) -> bool:
    """Whether there is a user file to read; a dangling link or a folder that cannot be searched is refused."""
    try:
        if path.is_symlink() and not path.exists():
            try:
                path.resolve(strict=True)
                loop = False
            except RuntimeError:   # Python 3.11 and 3.12 say a ring of links so
                loop = True
            except OSError as exc:
                loop = exc.errno == errno.ELOOP
            if loop:   # a link to itself, or a ring of links (pass 38: "… which does not exist")
                raise ConfigError(str(path), "(file)", f"is a symbolic link that leads back to itself (through "
                                  f"{os.readlink(path)}); remove the link")
            raise ConfigError(str(path), "(file)", f"is a symbolic link to {os.readlink(path)}, which does not "
                              "exist; fix or remove the link")
        return path.exists()
    except PermissionError:
        raise ConfigError(str(path), "(file)", f"cannot be checked (permission denied on {path.parent}); "
                          f"give your user access to it (chmod u+rx {path.parent})") from None


def load_config(env: Mapping[str, str] | None = None, user_file: Path | None = None,
                overrides: Mapping[str, Mapping[str, Any]] | None = None) -> Config:
    """Load defaults, then the user's file (if it exists), then `JARVIS_<SECTION>__<KEY>` variables.

    `overrides` (tests, CLI flags) apply last. Raises ConfigError on the first bad key or value.
    """
    env = dict(os.environ if env is None else env)
    paths = resolve_paths(env)
    values = _read_toml(DEFAULTS_FILE)
    sources: dict[str, str] = {}
    user_file = user_file or paths.user_config
    if _user_file_present(user_file):
        _merge(values, _read_toml(user_file), str(user_file), sources)
    for section, keys in _env_layer(values, env).items():
        for key, (source, parsed) in keys.items():
            _merge(values, {section: {key: parsed}}, source, sources)
    if overrides:
        _merge(values, overrides, "overrides", sources)
    _check_semantics(values, sources, env)
    return Config(values=values, paths=paths, sources=sources)
