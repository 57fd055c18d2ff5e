"""Layers point one way: every module of jarvisd imports on its own, and no two modules import each
other, directly or around a circle, not even through an import inside a function.

The graph is read with `ast` from the source, so an import hidden in a function (run only on some path)
counts like one at the top. `A -> B` when A says `import B` or `from B import name` (B the module that
names, or `B.name` when that is a module), relative imports resolved; importing `x.y.z` from outside
package `x.y` also runs `x.y`'s `__init__`, so that is an edge too. Imports under `if TYPE_CHECKING:`
never run and are left out.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from functools import cache
from pathlib import Path

import pytest

import jarvisd

ROOT = Path(jarvisd.__file__).resolve().parent


def module_files() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its `__init__`), `__main__` left out."""
    modules = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__main__":
            continue
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _type_checking_only(tree: ast.AST) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    return skipped


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The jarvisd modules that importing `name` imports itself (see the module's doc)."""
    def nearest(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    skipped = _type_checking_only(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    named: set[str | None] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            named.update(nearest(alias.name) for alias in node.names if alias.name.split(".")[0] == "jarvisd")
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = f"{anchor}.{base}" if base else anchor
            if base.split(".")[0] != "jarvisd":
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                named.add(full if full in modules else nearest(base))
    own = {package.rsplit(".", i)[0] for i in range(package.count(".") + 1)}  # packages already running
    deps = set()
    for dep in named - {None, name}:
        assert dep is not None
        deps.add(dep)
        parent = dep.rpartition(".")[0]
        while parent and parent not in own:
            if parent in modules:
                deps.add(parent)
            parent = parent.rpartition(".")[0]
    return deps - {name}


@cache
def import_graph() -> dict[str, set[str]]:
    modules = module_files()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports as `[a, b, ..., a]`, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == 1:
                return path[path.index(dep):] + [dep]
            if dep not in state and (found := visit(dep)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)) is not None:
            return found
    return None


def test_no_module_imports_itself_around_a_circle():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_cycle_finder_finds_a_planted_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_imports_inside_functions_and_package_inits_are_edges():
    graph = import_graph()
    assert "jarvisd.openloop.replies" in graph["jarvisd.commands"]  # imported inside `_openloop`
    assert "jarvisd.hud" in graph["jarvisd.openloop_remote"]        # `from jarvisd.hud import ...`
    assert "jarvisd.openloop" in graph["jarvisd.commands"]          # the package runs before its module


def test_the_agenda_domain_does_not_import_the_hud_or_the_command_line():
    graph = import_graph()
    for name, deps in graph.items():
        if name.startswith("jarvisd.openloop."):
            outside = {dep for dep in deps if dep.startswith(("jarvisd.hud", "jarvisd.openloop_", "jarvisd.cli"))}
            assert not outside, f"{name} imports {sorted(outside)}"


@pytest.mark.slow  # a subprocess importing each of 140 modules afresh (15 s)
def test_every_module_imports_alone():
    """In one fresh interpreter, each module imported with no other jarvisd module loaded before it
    (third-party packages stay loaded between them: they are not what is tested)."""
    script = textwrap.dedent("""
        import importlib, sys, traceback
        failed = []
        for name in sys.argv[1:]:
            for loaded in [m for m in sys.modules if m == "jarvisd" or m.startswith("jarvisd.")]:
                del sys.modules[loaded]
            try:
                importlib.import_module(name)
            except BaseException:
                failed.append(name + ":\\n" + traceback.format_exc())
        print("\\n".join(failed))
        sys.exit(1 if failed else 0)
    """)
    names = sorted(module_files())
    done = subprocess.run([sys.executable, "-c", script, *names], capture_output=True, text=True, timeout=300,
                          cwd=ROOT.parent)
    assert done.returncode == 0, done.stdout + done.stderr
    assert len(names) > 100
