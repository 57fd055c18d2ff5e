"""Where jarvisd keeps its files: XDG base directories, or everything under $JARVIS_HOME."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from jarvisd.datafiles import unusable_file
from jarvisd.errors import StartupError

REPO_ROOT = Path(__file__).resolve().parents[1]
TEAM_DIR = REPO_ROOT / "team"  # agent definitions: team/<id>.yaml
"""The checkout jarvisd runs from: config/, models/ and team/ ship beside the package."""


@dataclass(frozen=True)
class Paths:
    config_dir: Path
    data_dir: Path

    @property
    def user_config(self) -> Path:
        return self.config_dir / "config.toml"

    @property
    def models_dir(self) -> Path:
        return self.data_dir / "models"

    def ensure(self) -> Paths:
        """Create the data folder; one line naming it when it cannot be (a file or a link loop there)."""
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        except FileExistsError:  # something that is not a folder: a file, a dangling link, a link loop
            try:
                os.stat(self.data_dir)
                why = "it is a file" if self.data_dir.is_file() else "it is a FIFO, socket or device"
            except OSError as exc:
                why = f"it is a link that leads nowhere ({exc.strerror})"
            raise StartupError(f"cannot use the data folder {self.data_dir}: {why}, not a folder: "
                               "move it away and start again") from None
        except OSError as exc:
            raise unusable_file("the data folder", self.data_dir, exc) from None
        return self


def resolve_paths(env: dict[str, str] | None = None) -> Paths:
    """JARVIS_HOME moves everything (config.toml and data/ under it); otherwise XDG conventions."""
    env = os.environ if env is None else env
    home = env.get("JARVIS_HOME")
    if home:
        root = expand_home(home, "JARVIS_HOME")
        return Paths(config_dir=root, data_dir=root / "data")
    user_home = _absolute(env.get("HOME")) or _account_home()
    config_base = _absolute(env.get("XDG_CONFIG_HOME")) or user_home / ".config"
    data_base = _absolute(env.get("XDG_DATA_HOME")) or user_home / ".local" / "share"
    return Paths(config_dir=config_base / "jarvisd", data_dir=data_base / "jarvisd")


def _absolute(value: str | None) -> Path | None:
    """An XDG base directory or HOME only when absolute. The XDG spec says a relative value is invalid and
    ignored; read against the working folder instead, `jarvisd run` started in one folder and
    `jarvisd chat` or `jarvisd openloop` in another used two data folders: a promise the chat confirmed went
    to an agenda the daemon never read and was never reminded."""
    if not value:
        return None
    path = Path(value)
    return path if path.is_absolute() else None


def home_path_problem(value: str) -> str | None:
    """Why `~` or `~user` at the start of `value` cannot be expanded, or None. pathlib raised a bare
    `RuntimeError: Could not determine home directory.` for `~nosuchuser/...` (a misspelt user, a
    systemd unit's `Environment=` that no shell expanded): a traceback from every command (pass 20)."""
    try:
        Path(value).expanduser()
    except RuntimeError:
        head = value.split("/", 1)[0]
        who = f"no user {head[1:]!r} on this computer" if head != "~" else "no home folder for this user"
        return f"{head!r} cannot be expanded ({who}): give an absolute path, or one from ~/"
    return None


def expand_home(value: str, what: str) -> Path:
    problem = home_path_problem(value)
    if problem:
        raise StartupError(f"cannot use {what}={value!r}: {problem}")
    return Path(value).expanduser()


def _account_home() -> Path:
    """The account's home from the password database (`Path.home()` would read a relative HOME again)."""
    try:
        import pwd

        return Path(pwd.getpwuid(os.getuid()).pw_dir)
    except (ImportError, KeyError):
        pass
    try:
        return Path.home()
    except RuntimeError:  # a container's user with no passwd entry and no HOME: a traceback before
        raise StartupError(f"cannot find the home folder: HOME is not set (or not an absolute path) and user id "
                           f"{os.getuid()} has no entry in the password database; set HOME, or JARVIS_HOME to the "
                           "folder jarvisd keeps its config and data in") from None


@dataclass(frozen=True)
class DataFile:
    """One file or folder jarvisd keeps under its home (`JARVIS_HOME`'s layout: `config.toml`, `data/...`; under XDG
    the config file is in the config dir and `data/` is the data dir). `inside` is how what is in a folder is named
    by the code that keeps it (`*`: anything, the store's own files), so a file a store starts writing without an
    entry here is caught by `tests/test_data_paths_sweep.py`, which replaces each entry by every kind of wrong file."""

    name: str
    folder: bool
    who: str
    how: str
    inside: bool = False


DATA_FILES: tuple[DataFile, ...] = (
    DataFile("config.toml", False, "config.load_config", "errors.read_regular_file (bounded), exit 2 on any fault"),
    DataFile("data", True, "Paths.ensure, instance.InstanceLock", "mkdir 0700; O_DIRECTORY open for the lock"),
    DataFile("data/jarvisd.pid", False, "instance.InstanceLock, doctor", "O_RDWR|O_CREAT + flock; O_NONBLOCK read"),
    DataFile("data/agenda.owner", False, "openloop.owner.read_owner/write_owner", "read_regular_file; temp + replace"),
    DataFile("data/openloops.jsonl", False, "openloop.stores.JsonlLoopStore", "require_regular_file, O_APPEND"),
    DataFile("data/openloops.quarantine.jsonl", False, "openloop.stores.Quarantine", "require_regular_file, append"),
    DataFile("data/reminders.jsonl", False, "reflect.delivered.DeliveredLog", "require_regular_file, append"),
    DataFile("data/reminders.quarantine.jsonl", False, "reflect.delivered (Quarantine)", "as the agenda's"),
    DataFile("data/hud.token", False, "hud.security.load_or_create_token", "O_EXCL create; read_regular_file"),
    DataFile("data/memory.lance", True, "memory.stores.lance (LanceDB)", "lance_files checks, LanceDB opens"),
    DataFile("data/memory.lance/memory_items.lance", True, "LanceDB", "lance_files checks first", inside=True),
    DataFile("data/memory.lance/memory_items.journal", True, "memory.stores.lance_journal",
             "O_APPEND|O_CREAT .wal files; O_NONBLOCK reads", inside=True),
    DataFile("data/memory.lance/memory_items.vectors", True, "memory.stores.lance_vectors", "mmap, heap when unusable",
             inside=True),
    DataFile("data/procedures", True, "memory.commands, memory.procedure_drafts", "bounded read; temp + replace",
             inside=True),
    DataFile("data/users", True, "openloop.owner.agenda_place (a second user's agenda, log and reminders)",
             "as the files of the data folder", inside=True),
    DataFile("data/models", True, "manifest (models prepare/verify)", "folder checks; temp + replace", inside=True),
)


def inventoried(relative: str) -> bool:
    """Whether a path under the home (`data/openloops.jsonl`) is an entry of DATA_FILES or inside a folder entry
    whose contents its keeper names."""
    for entry in DATA_FILES:
        if relative == entry.name or (entry.inside and relative.startswith(entry.name + "/")):
            return True
    return False
