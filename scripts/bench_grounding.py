"""How often the /compact grounding rule (jarvisd/memory/grounding.py) keeps a faithful sentence and drops an
invented one, on LoCoMo dev conversations (read from ../shared/bench at run time, never copied).

Faithful: each session's observations and summary sentences (written from that session) against that session's
text. Invented: the same sentences against another conversation's session of the same index (about other
people, other events): a summary that says things the session never said.

    .venv/bin/python scripts/bench_grounding.py [../shared/bench/locomo-dev.json]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from jarvisd.memory.grounding import summary_sentences, unsaid


def sessions(conv: dict) -> dict[int, str]:
    c = conv["conversation"]
    out = {}
    for key, turns in c.items():
        if key.startswith("session_") and isinstance(turns, list):
            n = int(key.split("_")[1])
            head = c.get(f"session_{n}_date_time", "")
            out[n] = head + "\n" + "\n".join(f"{t['speaker']}: {t['text']}" for t in turns)
    return out


def sentences(conv: dict, n: int) -> tuple[list[str], list[str]]:
    obs = conv["observation"].get(f"session_{n}_observation", {})
    observed = [o[0] for per in obs.values() for o in per if isinstance(o, list) and o]
    summary = summary_sentences(conv["session_summary"].get(f"session_{n}_summary", ""))
    return observed, summary


def main() -> None:
    path = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parents[2] / "shared/bench/locomo-dev.json")
    convs = json.loads(path.read_text())
    texts = [sessions(c) for c in convs]
    tally = {("observation", "own"): [0, 0], ("observation", "other"): [0, 0],
             ("summary", "own"): [0, 0], ("summary", "other"): [0, 0]}
    for i, conv in enumerate(convs):
        other = texts[(i + 1) % len(convs)]
        for n, text in texts[i].items():
            if n not in other:
                continue
            for kind, group in zip(("observation", "summary"), sentences(conv, n), strict=True):
                for sentence in group:
                    for where, source in (("own", text), ("other", other[n])):
                        kept = not unsaid(sentence, source)
                        tally[kind, where][0] += kept
                        tally[kind, where][1] += 1
    for (kind, where), (kept, total) in tally.items():
        label = "faithful, kept" if where == "own" else "invented, kept (should be low)"
        print(f"{kind:12} {label:32} {kept:5}/{total:<5} {kept / max(total, 1):.3f}")


if __name__ == "__main__":
    main()
