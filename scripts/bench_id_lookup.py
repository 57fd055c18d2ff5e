"""Time the resident copy's id lookups (`ResidentTable._positions`): the id -> row map against an `is_in`
over the whole id column, on a LanceDB table that `scripts/bench_memory.py --reuse DIR` left behind.

    .venv/bin/python scripts/bench_id_lookup.py /tmp/bm100/bench-100000.lance
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jarvisd.memory.stores.lance import LanceMemoryStore  # noqa: E402


def median_ms(fn: Callable[[], object], runs: int = 50) -> float:
    for _ in range(3):
        fn()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("table", type=Path, help="a bench-<n>.lance folder")
    parser.add_argument("--dimensions", type=int, default=384)
    args = parser.parse_args()
    store = LanceMemoryStore(str(args.table), dimensions=args.dimensions)
    store.warm()
    keys = store._copy
    if keys.table is None or keys._row_of is None:
        print("the table is not resident here (above resident_rows): nothing to compare")
        return 1
    ids = keys.table.column("id").to_pylist()[:: max(1, keys.table.num_rows // 5)][:5]
    with_map = median_ms(lambda: keys._positions(ids))
    row_of, keys._row_of = keys._row_of, None
    scan = median_ms(lambda: keys._positions(ids))
    keys._row_of = row_of
    print(f"{keys.table.num_rows} rows, 5 ids: id -> row map {with_map:.3f} ms, is_in over the id column {scan:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
