"""Every file jarvisd writes is opened through `jarvisd/datafiles.py` (doors77, issue #18).

files74 made datafiles the one door for reading; its writers (the agenda and reminder logs, the journal, the token,
the owner file, model files, drafts, WAVs) each opened by hand after their own checks, and each pass found one that
a FIFO, a folder or a dangling link got past. This test reads jarvisd/ with `ast` and fails on any call that opens a
file for writing outside datafiles.py: `os.open` with a writing flag, `open`/`Path.open`/`os.fdopen` with a writing
mode, `write_text`, `write_bytes`, `os.replace`/`os.rename`/`Path.replace`/`Path.rename`, `shutil.copy*`,
`tempfile.mkstemp`. It cannot go stale: a new hand-opened writer fails it until it goes through the door, or is
added to ALLOWED with its reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "jarvisd"
DOOR = "jarvisd/datafiles.py"

# (file, what the call is) -> why it may open by hand; each one line
ALLOWED: dict[tuple[str, str], str] = {
    ("jarvisd/__init__.py", "os.open"): "/dev/null for a missing stdin/stdout/stderr, no data file",
    ("jarvisd/__init__.py", "open"): "wraps the standard streams' own descriptors (closefd=False), no file opened",
    ("jarvisd/cli.py", "os.open"): "/dev/null over a library's noisy stderr, no data file",
    ("jarvisd/llm/model_worker.py", "os.fdopen"): "the model worker's stdout, a dup of fd 1 (its pipe to the daemon)",
}

WRITE_FLAGS = {"O_WRONLY", "O_RDWR", "O_APPEND", "O_CREAT", "O_TRUNC"}
RENAMES = {"replace", "rename"}


def _name(node: ast.expr) -> str:
    """`os.open`, `shutil.copyfile`, `path.open`: the dotted name of a call's function (attributes of anything
    else end in their attribute, `?.open`)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_name(node.value)}.{node.attr}"
    return "?"


def _mode(call: ast.Call, position: int) -> str | None:
    """The mode string of an open-like call, when it is a literal ("r" when not given)."""
    for keyword in call.keywords:
        if keyword.arg == "mode":
            return keyword.value.value if isinstance(keyword.value, ast.Constant) else "?"
    if len(call.args) > position:
        arg = call.args[position]
        return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else "?"
    return "r"


def _writes(mode: str | None) -> bool:
    return mode is None or mode == "?" or any(c in mode for c in "wax+")


def _flags(node: ast.expr) -> set[str]:
    return {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)} | \
        {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _kind(call: ast.Call) -> str | None:
    """What writing open `call` is (the key of ALLOWED), or None when it writes nothing."""
    name = _name(call.func)
    last = name.rsplit(".", 1)[-1]
    if name.endswith("os.open"):
        return "os.open" if len(call.args) > 1 and _flags(call.args[1]) & WRITE_FLAGS else None
    if name == "open":
        return "open" if _writes(_mode(call, 1)) else None
    if name.endswith("os.fdopen"):
        return "os.fdopen" if _writes(_mode(call, 1)) else None
    if last == "open" and isinstance(call.func, ast.Attribute) and not name.startswith(("wave.", "webbrowser.")):
        # `archive.open(name)` (a zip member) reads: a first argument that is no literal is a name, not a mode
        first = call.args[0] if call.args else None
        named = first is not None and not (isinstance(first, ast.Constant) and isinstance(first.value, str))
        return None if named and not call.keywords else "Path.open" if _writes(_mode(call, 0)) else None
    if last in ("write_text", "write_bytes"):
        return last
    if name in ("os.replace", "os.rename") or (last in RENAMES and isinstance(call.func, ast.Attribute)
                                                and len(call.args) == 1 and not call.keywords):
        return "rename"
    if name.startswith("shutil.") and last.startswith(("copy", "move")):
        return "shutil"
    if name in ("tempfile.mkstemp", "tempfile.NamedTemporaryFile"):
        return "tempfile"
    return None


def hand_opened_writers(root: Path = PACKAGE) -> list[tuple[str, int, str]]:
    """(file, line, kind) of each call in `root` that opens a file for writing outside the door."""
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel == DOOR:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and (kind := _kind(node)) is not None:
                found.append((rel, node.lineno, kind))
    return found


def test_every_writer_goes_through_the_door():
    stray = [f"{rel}:{line} {kind}" for rel, line, kind in hand_opened_writers() if (rel, kind) not in ALLOWED]
    assert not stray, "files opened for writing by hand; use jarvisd.datafiles (or allow with a reason):\n" + \
        "\n".join(stray)


def test_every_allowance_is_still_used():
    """An allowance whose call is gone is removed, so the list stays what it says."""
    used = {(rel, kind) for rel, _, kind in hand_opened_writers()}
    assert set(ALLOWED) <= used, sorted(set(ALLOWED) - used)


def test_the_scan_sees_each_kind_of_writer(tmp_path):
    """The scan is not blind: each way of opening for writing, written into a module, is found; reads are not."""
    package = tmp_path / "jarvisd"
    package.mkdir()
    (package / "m.py").write_text(
        "import os, shutil, tempfile\n"
        "from pathlib import Path\n"
        "os.open(p, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)\n"
        "open(p, 'a')\n"
        "Path(p).open('wb')\n"
        "Path(p).open(mode='x')\n"
        "Path(p).write_text('x')\n"
        "p.write_bytes(b'x')\n"
        "os.replace(a, b)\n"
        "tmp.replace(path)\n"
        "shutil.copyfile(a, b)\n"
        "tempfile.mkstemp(dir=d)\n"
        "os.fdopen(fd, 'r+b')\n"
        "# reads, never found:\n"
        "os.open(p, os.O_RDONLY | os.O_NONBLOCK)\n"
        "open(p, 'rb')\n"
        "Path(p).open()\n"
        "Path(p).open('rb')\n"
        "s.replace('a', 'b')\n", encoding="utf-8")
    import tests.test_one_door as door

    old = door.ROOT
    door.ROOT = tmp_path
    try:
        found = hand_opened_writers(package)
    finally:
        door.ROOT = old
    assert [line for _, line, _ in found] == list(range(3, 14))
