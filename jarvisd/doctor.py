"""`jarvisd doctor`: what this machine gives jarvisd, and what is missing, with the fix for each."""

from __future__ import annotations

import os
import platform
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jarvisd import __version__
from jarvisd.config import Config
from jarvisd.datafiles import check_folder
from jarvisd.errors import StartupError
from jarvisd.llm.backend_choice import OllamaProbe, probe_ollama, select_backends
from jarvisd.llm.llama_check import check_decode
from jarvisd.llm.ollama_backend import has_model, model_failure
from jarvisd.manifest import ModelError, ModelStore
from jarvisd.memory.health import check_memory
from jarvisd.openloop.judge import judge_plan
from jarvisd.reflect.background_plan import background_plan


def audio_devices() -> dict[str, Any]:
    """Input and output devices as sounddevice sees them; `error` says why there are none."""
    try:
        import sounddevice as sd
    except (OSError, ImportError) as exc:  # PortAudio or sounddevice missing
        return {"inputs": [], "outputs": [], "error": f"{exc} (install libportaudio2)"}
    try:
        devices = sd.query_devices()
    except Exception as exc:
        return {"inputs": [], "outputs": [], "error": str(exc)}
    inputs = [{"index": i, "name": d["name"]} for i, d in enumerate(devices) if d["max_input_channels"] > 0]
    outputs = [{"index": i, "name": d["name"]} for i, d in enumerate(devices) if d["max_output_channels"] > 0]
    error = "" if inputs or outputs else "no audio devices (jarvisd runs text-only)"
    return {"inputs": inputs, "outputs": outputs, "error": error}


def tray_report() -> dict[str, Any]:
    """Which pystray backend the tray would use here and whether it shows the menu."""
    from jarvisd.tray import NO_MENU_HINT, choose_backend, has_display, probe_desktop

    display = os.environ.get("DISPLAY", "")
    row: dict[str, Any] = {"DISPLAY": display, "backend": None, "menu": False}
    if not has_display():
        return {**row, "tray": "no display: no tray"}
    try:
        backend = choose_backend(probe_desktop())
    except Exception as exc:  # TrayUnavailable, or a broken X/D-Bus: reported, never raised
        return {**row, "tray": f"no tray: {exc}"}
    summary = (f"tray {backend.name} backend with its menu ({backend.reason})" if backend.has_menu else
               f"tray {backend.name} backend, icon only, no menu ({backend.reason}); {NO_MENU_HINT}")
    return {**row, "backend": backend.name, "menu": backend.has_menu, "reason": backend.reason, "tray": summary}


def embedded_models(store: ModelStore) -> list[dict[str, Any]]:
    report = []
    for model in store.package_models():
        row: dict[str, Any] = {"name": model.name, "role": model.role, "packages": list(model.packages)}
        try:
            row["path"] = str(store.path(model.name))
            row["status"] = "ok (sha256 verified)"
        except ModelError as exc:
            row["status"] = f"unusable: {exc}"
        report.append(row)
    return report


def llama_cpp_report(store: ModelStore) -> dict[str, Any]:
    """Whether this machine's llama.cpp build decodes with the embedded chat model (a build that does not suit
    the CPU kills the process: checked in a child, see jarvisd/llm/llama_check.py)."""
    try:
        path = store.path("smollm2-135m")
    except ModelError as exc:
        return {"ok": None, "detail": f"not checked: {exc}"}
    result = check_decode(path)
    return {"ok": result.ok, "detail": result.detail}


def ollama_report(cfg: Config, probe: OllamaProbe) -> dict[str, Any]:
    """The Ollama server and each configured model: pulled and answering, or what to do. A model listed is asked
    for its details (`model_failure`), so a server that lists it and fails on it is said so, not "pulled"."""
    wanted = {"chat": cfg.llm.chat_model, "thought": cfg.llm.thought_model, "embeddings": cfg.memory.embedding_model}
    configured: dict[str, dict[str, Any]] = {}
    failures: dict[str, str | None] = {}
    for role, name in wanted.items():
        listed = probe.up and has_model(probe.models, name)
        if listed and name not in failures:
            failures[name] = model_failure(probe.host, name, cfg.llm.connect_timeout_sec)
        failure = failures.get(name) if listed else None
        configured[role] = {"model": name, "pulled": listed and failure is None,
                            "fix": f"ollama pull {name}" if not listed else failure or ""}
    return {"host": probe.host, "up": probe.up, "error": probe.error, "models": list(probe.models),
            "configured": configured}


def ollama_lines(ollama: dict[str, Any]) -> list[str]:
    """The report's Ollama lines: the server, and each configured model pulled, missing or failing."""
    if not ollama["up"]:
        return [f"ollama      : down ({ollama['error']})"]
    lines = [f"ollama      : up at {ollama['host']}, {len(ollama['models'])} models"]
    for role, want in ollama["configured"].items():
        state = ("pulled" if want["pulled"] else f"missing -> {want['fix']}" if want["fix"].startswith("ollama pull")
                 else f"FAILING: {want['fix']}")
        lines.append(f"  {role:<10}: {want['model']} {state}")
    return lines


def build_report(cfg: Config, store: ModelStore,
                 probe_fn: Callable[[str, float], OllamaProbe] | None = None) -> dict[str, Any]:
    probe = (probe_fn or probe_ollama)(cfg.ollama_host, cfg.llm.connect_timeout_sec)
    try:
        backends = select_backends(cfg, store, probe)
        plan = judge_plan(cfg.openloop.judge, backends.thought.name)
        background = background_plan(backends.thought.name)
        selection = {"chat": backends.chat.name, "thought": backends.thought.name,
                     "embedder": backends.embedder.name if backends.embedder else None, "notes": backends.notes,
                     "judge": {"name": plan.name, "why": plan.why},
                     "background": {"name": background.name, "why": background.why}}
    except Exception as exc:  # doctor reports every failure, never crashes
        selection = {"error": str(exc)}
    return {
        "version": __version__,
        "python": platform.python_version(),
        "paths": {"config_file": str(cfg.paths.user_config), "config_file_exists": cfg.paths.user_config.exists(),
                  "data_dir": str(cfg.paths.data_dir), "data_dir_problem": _data_dir_problem(Path(cfg.paths.data_dir))},
        "time_zone": str(cfg.tz),
        "backend": selection,
        "ollama": ollama_report(cfg, probe),
        "embedded_models": embedded_models(store),
        "llama_cpp": llama_cpp_report(store),
        "audio": audio_devices(),
        "speech": {"english_voice": "joe-medium (bundled piper voice)",
                   "korean_voice": _configured_voice(cfg.voice.tts_voice)},
        "display": tray_report(),
        "hud": _hud_report(cfg),
        "memory": check_memory(cfg.store_uri).as_dict(),
        "agenda": agenda_report(cfg),
        "reminders": reminders_report(cfg),
    }


def _configured_voice(tts_voice: str) -> str:
    """`voice.tts_voice` as the daemon would load it (pass76: a damaged voice said only its path here while `run`
    went text-only with "voice: failed to start (cannot use the piper voice …)")."""
    if not tts_voice:
        return "none: set voice.tts_voice to a Korean piper voice (the bundled English voice cannot read Hangul)"
    try:
        from jarvisd.voice.tts import SpeechSynthesizer

        SpeechSynthesizer(Path(tts_voice).expanduser())
    except MemoryError:
        raise
    except Exception as exc:  # noqa: BLE001 - doctor reports every failure, never crashes
        return f"{tts_voice}: unusable: {exc}"
    return tts_voice


def reminders_report(cfg: Config) -> dict[str, Any]:
    """The delivered-reminder log as `jarvisd run` would read it: how many reminders were spoken, or why it cannot
    be read (pass 41's low: a log linked to itself, `doctor` said nothing and `run` exited 1). Read only."""
    from jarvisd.openloop.owner import place_of
    from jarvisd.reflect.delivered import LOG_NAME, DeliveredLog

    report: dict[str, Any] = {"where": str(cfg.paths.data_dir / LOG_NAME), "error": None, "delivered": 0}
    if (behind := _behind_data_folder(cfg)) is not None:
        report["error"] = behind
        return report
    try:
        path = place_of(cfg, claim=False).folder / LOG_NAME
        report["where"] = str(path)
        if not (path.exists() or path.is_symlink()):
            return report
        report["delivered"] = len(DeliveredLog(path).keys())
    except Exception as exc:  # doctor reports every failure, never crashes
        report["error"] = str(exc) if isinstance(exc, StartupError) else f"{type(exc).__name__}: {exc}"
    return report


def _behind_data_folder(cfg: Config) -> str | None:
    """When the data folder itself cannot be used (mode 000, a file, a link to nothing), what the agenda and reminder
    lines say: the data dir line gives the fix (doors77: they advised "chmod u+rw …/agenda.owner", a file the user
    could not reach through its folder, so the fix did nothing)."""
    data_dir = Path(cfg.paths.data_dir)
    if check_folder("the data folder", data_dir, write=False) is None:   # a read-only one is read (pass 55a)
        return None
    return f"it is kept in {data_dir}, which this user cannot use: see the data dir line for the fix"


def agenda_report(cfg: Config) -> dict[str, Any]:
    """The agenda as `jarvisd run` would load it: its store, how many promises are open and the next due, the
    records kept aside as unusable, or why it cannot be read (pass 35: the doctor said nothing of the agenda).
    Read only: no expiry swept, nothing created; only a record found unusable now is kept aside, as at a start."""
    from jarvisd.lance_files import local_table_dir
    from jarvisd.openloop.lance_store import quarantine_name
    from jarvisd.openloop.owner import OWNER_NAME, place_of
    from jarvisd.openloop.rules import format_due
    from jarvisd.openloop.store_factory import open_store
    from jarvisd.openloop.stores import JSONL_NAME, QUARANTINE_NAME

    kind = cfg.openloop.store
    report: dict[str, Any] = {"store": kind, "where": None, "error": None, "open": 0, "next": None, "set_aside": 0}
    if (behind := _behind_data_folder(cfg)) is not None:
        report["error"], report["where"] = behind, str(cfg.paths.data_dir / OWNER_NAME)
        return report
    try:
        place = place_of(cfg, claim=False)
    except StartupError as exc:   # the owner file unreadable: whose agenda this is cannot be said
        report["error"], report["where"] = str(exc), str(cfg.paths.data_dir / OWNER_NAME)
        return report
    report["where"] = {"jsonl": str(place.folder / JSONL_NAME), "lancedb": f"{cfg.store_uri} (table {place.table})"}.get(
        kind, "memory only (nothing kept across restarts)")
    table = local_table_dir(cfg.store_uri, place.table)
    kept = {"jsonl": place.folder / JSONL_NAME, "lancedb": table}.get(kind)
    if kept is None or kept.exists() or kept.is_symlink():   # else opening the store would create it
        try:
            store = open_store(kind, cfg, read_only=True)   # pass 42: it added `muted_ms` to an older table
            try:
                agenda = [loop for loop in store.load() if loop.is_open]
                report["cut_writes"] = list(getattr(getattr(store, "report", None), "cut_writes", []))
            finally:
                if hasattr(store, "close"):
                    store.close()
        except Exception as exc:  # doctor reports every failure, never crashes
            report["error"] = str(exc) if isinstance(exc, StartupError) else f"{type(exc).__name__}: {exc}"
            agenda = []
        if report["error"] is None and kind == "jsonl" and (problem := _unwritable_log(kept)) is not None:
            report["error"] = problem   # `jarvisd run` stops on it (pass 59d: the doctor said "4 open")
        report["open"] = len(agenda)
        dated = sorted((loop for loop in agenda if loop.due_ms is not None), key=lambda loop: loop.due_ms or 0)
        if dated:
            report["next"] = f"{dated[0].desc}, {format_due(dated[0].due_ms, cfg.tz)}"
    elif kind == "jsonl" and (blocked := next((p for p in kept.parents if p.exists()), None)) is not None \
            and not blocked.is_dir():   # pass 64: `users` a file, `run` stopped ("Not a directory"), the doctor said "0 open"
        report["error"] = f"cannot open the agenda log {kept}: {blocked} is not a folder; move it aside"
    _set_aside(report, table.parent / quarantine_name(place.table) if kind == "lancedb" and table is not None
               else place.folder / QUARANTINE_NAME)
    return report


def _unwritable_log(path: Path) -> str | None:
    """The sentence `jarvisd run` stops with when this user may read the agenda log but not append to it (a home
    copied as root, run as another user); a read-only mount is the data dir's line (pass 55a)."""
    import errno

    from jarvisd.datafiles import unusable_file
    from jarvisd.lance_files import read_only_mount

    if not path.is_file() or os.access(path, os.W_OK) or read_only_mount(path):
        return None
    return str(unusable_file("the agenda log", path, PermissionError(errno.EACCES, os.strerror(errno.EACCES))))


def _set_aside(report: dict[str, Any], quarantine: Path) -> None:
    """How many unusable agenda records the quarantine file keeps, or why it cannot keep any."""
    if quarantine.is_file():
        from jarvisd.datafiles import open_nonblocking, unusable_file

        try:   # files74: a quarantine file of mode 000 was a PermissionError traceback out of the doctor
            with open(open_nonblocking(quarantine), "rb") as lines:
                report["set_aside"] = sum(1 for _ in lines)
        except OSError as exc:
            report["quarantine_problem"] = (f"{unusable_file('the agenda quarantine file', quarantine, exc)}: an unusable "
                                            "record is only logged, not kept")
            return
        report["quarantine"] = str(quarantine)
    elif quarantine.exists() or quarantine.is_symlink():
        report["quarantine_problem"] = (f"{quarantine} is not a file: an unusable record is only logged, not kept; "
                                        "move it away")


def format_report(report: dict[str, Any]) -> str:
    lines = [f"jarvisd {report['version']} on Python {report['python']}"]
    paths = report["paths"]
    lines.append(f"config file : {paths['config_file']}" + ("" if paths["config_file_exists"] else " (absent: defaults)"))
    lines.append(f"data dir    : {paths['data_dir']}" + (f" ({paths['data_dir_problem']})" if paths.get("data_dir_problem") else ""))
    lines.append(f"time zone   : {report['time_zone']}")
    backend = report["backend"]
    if "error" in backend:
        lines.append(f"backend     : ERROR {backend['error']}")
    else:
        lines += [f"backend     : {note}" for note in backend["notes"]]
        lines.append(f"promises    : found by {backend['judge']['name']}, because {backend['judge']['why']}")
        lines.append(f"background  : {backend['background']['name']}, because {backend['background']['why']}")
    lines += ollama_lines(report["ollama"])
    for model in report["embedded_models"]:
        lines.append(f"model       : {model['name']:<14} {model['role']}: {model['status']}")
    llama = report["llama_cpp"]
    lines.append(f"llama.cpp   : {'ok, ' if llama['ok'] else 'FAILED: ' if llama['ok'] is False else ''}{llama['detail']}")
    audio = report["audio"]
    if audio["error"]:
        lines.append(f"audio       : {audio['error']}")
    for kind in ("inputs", "outputs"):
        for dev in audio[kind]:
            lines.append(f"  {kind[:-1]:<6} [{dev['index']}] {dev['name']}")
    lines.append(f"voices      : English {report['speech']['english_voice']}; Korean {report['speech']['korean_voice']}")
    lines.append(f"display     : {report['display']['tray']}")
    lines.append(f"hud         : {report['hud']['address']}"
                 + (f" (taken: {report['hud']['problem']})" if report["hud"].get("problem") else "")
                 + (f"; token {report['hud']['token']}" if report["hud"].get("token") else ""))
    memory = report["memory"]
    lines.append(f"memory      : {memory['state'].upper() if memory['state'] == 'damaged' else memory['state']}: "
                 f"{memory['detail']}")
    if memory["recovery"]:
        lines.append(f"  recovery  : {memory['recovery']}")
    agenda = report["agenda"]
    if agenda["error"]:
        lines.append(f"agenda      : UNREADABLE: {agenda['error']} ({agenda['store']} at {agenda['where']})")
    else:
        lines.append(f"agenda      : {agenda['open']} open" + (f", next: {agenda['next']}" if agenda["next"] else "")
                     + f" ({agenda['store']} at {agenda['where']})")
    for where in agenda.get("cut_writes", []):   # pass 54a: a write jarvisd was killed in the middle of
        lines.append(f"  not applied: a write cut short at {where}: the promises are as they were before it")
    if agenda.get("quarantine_problem"):
        lines.append(f"  set aside : {agenda['quarantine_problem']}")
    if agenda.get("quarantine"):
        count = agenda["set_aside"]
        lines.append(f"  set aside : {count} unusable record{'' if count == 1 else 's'} kept in {agenda['quarantine']}")
    if (spoken := report.get("reminders")) is not None:
        lines.append(f"reminders   : UNREADABLE: {spoken['error']}" if spoken["error"] else
                     f"reminders   : {spoken['delivered']} spoken ({spoken['where']})")
    return "\n".join(lines)


MIN_FREE_BYTES = 1 << 20   # below this free on the data dir's file system the doctor says it is full


def _data_dir_problem(data_dir: Path) -> str | None:
    """Why jarvisd cannot write its data dir (pass 55a: on a file system remounted read-only after disk errors the
    doctor said nothing of it, and `jarvisd run` refused to start), or None. Read only: nothing is created."""
    if (problem := check_folder("the data folder", data_dir)) is not None:   # files74: mode 000, a file, a link
        return f"UNUSABLE: {problem}"
    folder = data_dir
    while not folder.exists() and folder != folder.parent:   # created at the first start: its first existing parent
        folder = folder.parent
    try:
        fs = os.statvfs(folder)
    except OSError:
        return None
    if fs.f_flag & os.ST_RDONLY:
        return "READ-ONLY: its file system is mounted read-only, so jarvisd cannot start or save anything; " \
               "remount it read-write (after a disk error: check the disk first)"
    # pass 60a: on a full disk every line said "ok" (memory "ok: N items", the agenda "N open") while each `/remember`
    # answered "No space left on device" and memory's journal waited unreplayed
    free = (fs.f_bfree if os.getuid() == 0 else fs.f_bavail) * fs.f_frsize
    if free < MIN_FREE_BYTES:
        return (f"FULL: {free:,} bytes free on its file system: new memories, promises and spoken reminders may fail "
                "to save; free some space (and restart jarvisd if memory's status asks for it)")
    if not os.access(folder, os.W_OK):
        return f"NOT WRITABLE by this user (uid {os.getuid()}): give your user write access to it"
    from jarvisd.datafiles import require_regular_file
    from jarvisd.errors import StartupError

    try:   # pass 62a: `jarvisd.pid` a link into a missing folder (or a FIFO): the run stopped, the doctor said nothing
        require_regular_file("the instance lock", data_dir / "jarvisd.pid")
    except StartupError as exc:
        return f"UNUSABLE: {exc}"
    return None


def main_exit_code(report: dict[str, Any]) -> int:
    """0 when jarvisd can run (on some backend); 1 when no chat backend could be built or the embedded model's
    llama.cpp build crashes (the offline fallback of every model role)."""
    return 1 if "error" in report["backend"] or report["llama_cpp"]["ok"] is False else 0


def _hud_report(cfg: Config) -> dict[str, str]:
    """The HUD's address, and whether a program of another user listens on its port (pass 15)."""
    from jarvisd.hud.cli import hud_url
    from jarvisd.hud.listener import listener_uids
    from jarvisd.hud.security import token_state

    report = {"address": hud_url(cfg.hud.host, int(cfg.hud.port))}
    if (token := token_state(Path(cfg.paths.data_dir))) is not None:
        report["token"] = token
    others = sorted(uid for uid in listener_uids(int(cfg.hud.port)) if uid != os.geteuid())
    if others:
        report["problem"] = (f"a program of another user (uid {others[0]}) listens on port {cfg.hud.port}: the "
                             "daemon's HUD cannot listen there and jarvisd sends it no token; stop it or set "
                             "another hud.port")
    return report
