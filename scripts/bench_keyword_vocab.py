"""Keyword lookups against a large vocabulary: the resident word index's first lookup of a term, and
its build, on 100k rows of 12 words from a vocabulary of about 300,000 words (Korean-like words with
particles and English-like words). The memory benchmark's own vocabulary is about 5,000 words, which
hides the cost of scanning the vocabulary for each new term (docs/memory.md, "Keyword lookups").

    .venv/bin/python scripts/bench_keyword_vocab.py [--words 300000] [--terms 40]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pyarrow as pa

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jarvisd.memory.access import AccessFilter  # noqa: E402
from jarvisd.memory.items import new_item  # noqa: E402
from jarvisd.memory.stores.base import StoreQuery  # noqa: E402
from jarvisd.memory.stores.lance import schema, to_row  # noqa: E402
from jarvisd.memory.stores.lance_resident import ResidentTable  # noqa: E402

SYLLABLES = [chr(c) for c in range(0xAC00, 0xAC00 + 2000)]
PARTICLES = ["", "은", "는", "을", "를", "에서", "의"]


def vocabulary(words: int, rng: random.Random) -> list[str]:
    korean = {"".join(rng.choices(SYLLABLES, k=rng.randint(2, 4))) + rng.choice(PARTICLES)
              for _ in range(words * 6 // 10)}
    english = {"".join(rng.choices("abcdefghijklmnopqrstuvwxyz", k=rng.randint(3, 9))) for _ in range(words // 2)}
    return sorted(korean | english)[:words]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--words", type=int, default=300_000, help="vocabulary size to draw from")
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--terms", type=int, default=40, help="new terms looked up (half 3 letters, half 2)")
    args = ap.parse_args()
    rng = random.Random(1)
    vocab = vocabulary(args.words, rng)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    items = [new_item(user="u1", agent="main", session="s", source="turn", item_id=f"i{n:06d}",
                      content=" ".join(rng.choices(vocab, k=12)), created_at=start + timedelta(minutes=n))
             for n in range(args.rows)]
    table = pa.Table.from_pylist([to_row(it, 4) for it in items], schema=schema(4))
    keys = ResidentTable()
    t = time.perf_counter()
    keys.load(table, version=1, dimensions=4)
    print(f"word index of {args.rows:,} rows, {len(keys._words.vocab):,} distinct words: "
          f"copy loaded in {time.perf_counter() - t:.2f} s")
    access = AccessFilter("u1", ("main",), ("main",))
    terms = [w[:3] for w in rng.sample(vocab, args.terms // 2)] + [w[:2] for w in rng.sample(vocab, args.terms // 2)]
    t = time.perf_counter()
    for term in terms:
        keys.term_counts(StoreQuery(access=access, terms=(term,)))
    print(f"first lookup of a term: {(time.perf_counter() - t) / len(terms) * 1000:.2f} ms "
          f"(mean of {len(terms)}; load average {' '.join(f'{x:.1f}' for x in os.getloadavg())})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
