"""Every regular expression jarvisd reads words with, against the worst shapes of its own words.

Passes 49 and 53b found Korean readers that took 5-19 s (and, one word more, for ever) on a turn of 91 characters
("금요일 " said 22 times) or on a run of spaces: a pattern that can split the same text many ways backtracks
exponentially, and the desk runs on the event loop, so the whole daemon stalls. Those were found one reader at a
time. This probe tries them all:

- the patterns: every compiled pattern held by a module of `jarvisd` (module globals, and inside their dicts,
  lists and tuples), every string literal handed to `re.compile`/`search`/`match`/... in the source (read with
  `ast`), and every pattern compiled while the agenda desk reads the labelled phrases of
  `tests/openloop/data/*.tsv` (the readers that build their pattern at run time);
- the shapes, per pattern: each word written in the pattern (an English or Hangul run of 2+ letters) said over and
  over (`"금요일 " * n`, glued, with commas), then runs of digits, clock times, "and", a Hangul jamo, each about
  `--chars` long (1,200 by default: a long spoken turn). The user's words reach the readers with one space
  between words (`intents.clean`); the patterns that read a model's answer (`_RAW`) also get runs of spaces
  and words with two spaces between them, as a model may write;
- a search that takes more than `--slow` seconds is reported; one that does not end within `--hang` seconds is
  reported as a hang (the child is killed and the sweep goes on with the next pattern).

    .venv/bin/python scripts/probe_regex_shapes.py                   # ~2,000 patterns, a few minutes
    .venv/bin/python scripts/probe_regex_shapes.py --chars 4000 --slow 0.5

Exit 1 when any search was slow or hung; the report lists the pattern's origin, its source and the shape.

A hit is a candidate, not yet a finding: most readers check their keywords before their pattern and the desk hands
them the words cleaned, so confirm each through the reader's own entry (`AgendaDesk.handle`, `remember_said`, ...)
with the shape and the keywords it needs. The forty-eighth session's run (docs/reliability.md, "Found by the
forty-eighth session itself") confirmed one, the reflection's line reader, and none of the desk's.
"""

from __future__ import annotations

import argparse
import ast
import csv
import importlib
import multiprocessing as mp
import pkgutil
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_RE_CALLS = {"compile", "search", "match", "fullmatch", "sub", "subn", "findall", "finditer", "split"}
_RAW = ("reflect", "memory/extract", "memory.extract", "memory/learning", "memory.learning", "judge", "llm")
_SKIP = ("jarvisd.voice", "jarvisd.tray", "jarvisd.hud", "jarvisd.__main__")   # no word readers; heavy imports


@dataclass(frozen=True)
class Found:
    origin: str
    source: str
    flags: int


def _module_patterns() -> list[Found]:
    import jarvisd

    found = []
    for info in pkgutil.walk_packages(jarvisd.__path__, "jarvisd."):
        if info.name.startswith(_SKIP) or info.name.endswith("__main__"):
            continue
        try:
            module = importlib.import_module(info.name)
        except Exception as exc:   # noqa: BLE001 - a module that cannot load here is named, not probed
            print(f"skipped {info.name}: {exc}", file=sys.stderr)
            continue
        for name, value in vars(module).items():
            values = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else [value]
            for item in values:
                if isinstance(item, re.Pattern) and isinstance(item.pattern, str):
                    found.append(Found(f"{info.name}.{name}", item.pattern, item.flags))
    return found


def _literal_patterns() -> list[Found]:
    found = []
    for path in sorted((ROOT / "jarvisd").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _RE_CALLS
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                continue
            flags = re.IGNORECASE if any("IGNORECASE" in ast.unparse(a) or ast.unparse(a).endswith(".I")
                                         for a in [*node.args[1:], *(k.value for k in node.keywords)]) else 0
            found.append(Found(f"{path.relative_to(ROOT)}:{node.lineno}", node.args[0].value, flags))
    return found


def _driven_patterns() -> list[Found]:
    """The patterns compiled while the desk reads the labelled phrases (built at run time from word lists)."""
    import tempfile
    from zoneinfo import ZoneInfo

    from jarvisd.openloop.desk import AgendaDesk
    from jarvisd.openloop.korean_morph import KoreanAnalyzer
    from jarvisd.openloop.service import OpenLoopService
    from jarvisd.openloop.stores import JsonlLoopStore

    seen: dict[tuple[str, int], str] = {}
    original = re._compile   # type: ignore[attr-defined]

    def recording(pattern, flags):
        if isinstance(pattern, str):
            seen.setdefault((pattern, int(flags)), "driven")
        return original(pattern, flags)

    phrases = []
    for tsv in sorted((ROOT / "tests" / "openloop" / "data").glob("*.tsv")):
        with tsv.open(encoding="utf-8") as f:
            rows = [row for row in csv.reader(f, delimiter="\t") if row and not row[0].startswith("#")]
        phrases += [field for row in rows[1:] for field in row if " " in field.strip()]   # the said texts
    re.purge()
    re._compile = recording   # type: ignore[attr-defined]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            service = OpenLoopService(JsonlLoopStore(Path(tmp) / "loops.jsonl"), tz=ZoneInfo("Asia/Seoul"))
            korean = KoreanAnalyzer()
            korean.load()
            desk = AgendaDesk(service, korean)
            for phrase in phrases:
                try:
                    desk.handle(phrase, "probe")
                except Exception:   # noqa: BLE001 - a phrase the desk refuses still compiled its patterns
                    pass
            service.store.close()
    finally:
        re._compile = original   # type: ignore[attr-defined]
    return [Found("driven by the desk", source, flags) for (source, flags) in seen]


_WORD = re.compile(r"[A-Za-z]{2,}|[가-힣]{1,}")


def shapes(source: str, chars: int, raw: bool) -> list[str]:
    """The texts a pattern is tried on: its own words said over and over, and a few generic runs; with `raw`
    (a model's answer) runs of spaces too."""
    plain = re.sub(r"\\[A-Za-z]|\(\?P?<[^>]*>|\[\^?[^\]]*\]|\{\d*,?\d*\}", " ", source)
    words = sorted(set(_WORD.findall(plain)), key=lambda w: (-len(w), w))[:10]
    spaced = (" ", "  ", "\t") if raw else ()
    out = []
    for word in words:
        for unit in (f"{word} ", word, f"{word}, ", *(f"{word}{gap}" for gap in spaced[1:])):
            out.append(unit * max(chars // len(unit), 1))
    for unit in ("1 ", "12 ", "3:30 ", "and ", "ㄱ ", "a ", ", ", "\u200b", *spaced, *(f"-{gap}" for gap in spaced)):
        out.append(unit * max(chars // len(unit), 1))
    if raw:
        out += [f"{mark}{' ' * chars}x" for mark in ("", "-", "*", "**", "{")]
    return out


def _sweep(items: list[tuple[str, int, bool]], start: int, chars: int, at, report) -> None:
    for i in range(start, len(items)):
        source, flags, raw = items[i]
        try:
            pattern = re.compile(source, flags)
        except re.error:
            continue
        for k, text in enumerate(shapes(source, chars, raw)):
            at.value = i * 1000 + k
            began = time.perf_counter()
            pattern.search(text)
            took = time.perf_counter() - began
            if took > 0.05:
                report.put((i, k, took))
    at.value = -1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chars", type=int, default=1200, help="length of each shape (default 1200)")
    parser.add_argument("--slow", type=float, default=0.25, help="a search over this many seconds is reported")
    parser.add_argument("--hang", type=float, default=10.0, help="a search still running after this is a hang")
    parser.add_argument("--no-drive", action="store_true", help="skip the patterns the desk compiles at run time")
    args = parser.parse_args()

    found = _module_patterns() + _literal_patterns() + ([] if args.no_drive else _driven_patterns())
    origins: dict[tuple[str, int, bool], str] = {}
    for f in found:   # re.compile's flags carry re.UNICODE: the same pattern found twice is one
        origins.setdefault((f.source, f.flags & ~re.UNICODE, any(part in f.origin for part in _RAW)), f.origin)
    items = sorted(origins)
    print(f"{len(items)} distinct patterns ({len(found)} found), shapes of ~{args.chars} characters")

    ctx = mp.get_context("spawn")   # the parent has LanceDB loaded (fork is unsafe with it); the child needs re only
    at, report = ctx.Value("q", 0), ctx.Queue()
    bad: list[tuple[str, str, str, float | None]] = []
    start, began = 0, time.monotonic()
    while start < len(items):
        child = ctx.Process(target=_sweep, args=(items, start, args.chars, at, report), daemon=True)
        at.value = start * 1000
        child.start()
        last, since = at.value, time.monotonic()
        while child.is_alive():
            child.join(0.2)
            if at.value != last:
                last, since = at.value, time.monotonic()
            elif time.monotonic() - since > args.hang:
                child.kill()
                child.join()
                i, k = divmod(last, 1000)
                bad.append((origins[items[i]], items[i][0], shapes(items[i][0], args.chars, items[i][2])[k][:24], None))
                start = i + 1
                break
        else:
            start = len(items)
    while not report.empty():
        i, k, took = report.get()
        if took > args.slow:
            bad.append((origins[items[i]], items[i][0], shapes(items[i][0], args.chars, items[i][2])[k][:24], took))
    print(f"swept in {time.monotonic() - began:.0f} s")
    for origin, source, shape, took in sorted(bad, key=lambda b: -(b[3] or 1e9)):
        print(f"{'HANG' if took is None else f'{took:6.2f} s'}  {origin}  shape {shape!r}...\n    {source[:300]}")
    print(f"{len(bad)} slow or hung (slow = over {args.slow} s, hang = over {args.hang} s)")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
