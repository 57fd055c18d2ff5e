"""Run the suites on each store, print a summary table, exit non-zero on any failure or leak."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from jarvisd.memory.eval import suites_quality, suites_recall, suites_scope, suites_tasks
from jarvisd.memory.eval.harness import STORES, Case, CaseResult, run_case

SUITES = ("isolation", "semantic", "episodic", "procedural", "paraphrase", "faithfulness", "retention",
          "episode_filter", "access", "consolidation", "recall_quality")


def all_cases() -> list[Case]:
    return [*suites_scope.CASES, *suites_recall.CASES, *suites_tasks.CASES, *suites_quality.CASES]


def select(suite: str) -> list[Case]:
    cases = all_cases()
    if suite == "all":
        return cases
    wanted = set(suite.split(","))
    unknown = wanted - set(SUITES)
    if unknown:
        raise SystemExit(f"unknown suite(s): {', '.join(sorted(unknown))}; choose from all, {', '.join(SUITES)}")
    return [c for c in cases if c.suite in wanted]


def summary(results: Sequence[CaseResult], stores: Sequence[str]) -> str:
    header = f"{'suite':<16}{'cases':>6}" + "".join(f"{s + ' pass':>16}{'leaks':>7}" for s in stores)
    lines = [header, "-" * len(header)]
    suites = [s for s in SUITES if any(r.suite == s for r in results)]
    for suite in [*suites, "total"]:
        rows = [r for r in results if suite in ("total", r.suite)]
        n = len({(r.suite, r.name) for r in rows})
        cells = ""
        for store in stores:
            mine = [r for r in rows if r.store == store]
            cells += f"{sum(r.passed for r in mine):>11}/{len(mine):<4}{sum(len(r.leaks) for r in mine):>7}"
        lines.append(f"{suite:<16}{n:>6}{cells}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m jarvisd.memory.eval", description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args(argv))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--suite", default="all", help=f"all, or a comma list of: {', '.join(SUITES)}")
    parser.add_argument("--store", default="both", choices=("both", *STORES))
    parser.add_argument("-v", "--verbose", action="store_true", help="list every case")


def run(args: argparse.Namespace) -> int:
    stores = STORES if args.store == "both" else (args.store,)
    results = [run_case(case, store) for store in stores for case in select(args.suite)]
    for r in results:
        if args.verbose or not r.passed:
            mark = "ok  " if r.passed else "FAIL"
            detail = f"  {r.error}" if r.error else ""
            detail += "".join(f"\n      leak: {leak}" for leak in r.leaks)
            print(f"{mark} [{r.store}] {r.suite}: {r.name}{detail}")
    print(summary(results, stores))
    failed = [r for r in results if not r.passed]
    print(f"\n{len(results) - len(failed)}/{len(results)} passed" + (f", {len(failed)} failed" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
