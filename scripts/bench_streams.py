"""CPU cost of every filter fed an answer piece by piece, at 4k, 32k and 64k characters (writers74, issue #18).

Pass 73 found `RepeatCut.feed` re-reading the whole answer on every streamed piece (16 s of CPU at 32,000 characters,
on the event loop). This feeds each piece-by-piece filter of the answer path (assistant.py's chain, the voice's
sentence splitter and spoken budget, the TTS chunker) the same text in pieces of 1-4 characters, for five shapes:
English and Korean prose, and hostile ones (no sentence end, one word repeated, emoji). Linear is a 64k/4k ratio of
about 16; anything over 40 is flagged.

    PYTHONPATH=. .venv/bin/python scripts/bench_streams.py [--sizes 4000,32000,64000] [--only RepeatCut,...]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jarvisd.agent.repeats import CondolenceDrop, ParrotDrop, RepeatCut, ScriptCut, StampDrop  # noqa: E402
from jarvisd.openloop.phrases import AgendaClaimFilter  # noqa: E402
from jarvisd.sentences import SentenceSplitter, stream_sentences  # noqa: E402
from jarvisd.textsafe import EscapeCut, answer_text  # noqa: E402
from jarvisd.voice.brevity import SpokenBudget  # noqa: E402
from jarvisd.voice.tts import phoneme_pieces, speakable_pieces  # noqa: E402

EN_WORDS = ("the plumber comes at ten and I will call the bank about the loan before lunch then water the "
            "plants buy milk send the report check the train times pick up the parcel").split()
KO_WORDS = "내일 오전 열시에 치과 예약이 있고 오후에는 은행에 가서 대출 서류를 내고 저녁에 우유를 사야 해요".split()
EMOJI = "🎉😀👍🏽🇰🇷❤️‍🔥🙂"


def shape(name: str, size: int, seed: int = 7) -> str:
    rng = random.Random(seed)
    out: list[str] = []
    length = 0
    while length < size:
        if name == "english":
            words = [rng.choice(EN_WORDS) for _ in range(rng.randint(6, 14))]
            part = " ".join(words).capitalize() + f" {length}. "   # a number: no sentence twice
        elif name == "korean":
            part = " ".join(rng.choice(KO_WORDS) for _ in range(rng.randint(5, 10))) + f" {length}번. "
        elif name == "no-end":
            part = f"{rng.choice(EN_WORDS)}{rng.randint(0, 99999)} "
        elif name == "one-word":
            part = "la "
        else:  # emoji
            part = rng.choice(EMOJI) + rng.choice(EN_WORDS) + " "
        out.append(part)
        length += len(part)
    return "".join(out)[:size]


def pieces(text: str, seed: int = 11) -> list[str]:
    rng = random.Random(seed)
    out, i = [], 0
    while i < len(text):
        n = rng.randint(1, 4)
        out.append(text[i:i + n])
        i += n
    return out


HEARD = "can you tell me what I have to do tomorrow morning"


def _feeder(make: Callable[[], object], end: str | None = "end") -> Callable[[list[str]], int]:
    def run(parts: list[str]) -> int:
        f = make()
        said = 0
        for p in parts:
            out = f.feed(p)  # type: ignore[attr-defined]
            said += len(out) if isinstance(out, str) else sum(map(len, out))
        if end and hasattr(f, end):
            out = getattr(f, end)()
            said += len(out) if isinstance(out, str) else sum(map(len, out))
        return said
    return run


def _answer_text(parts: list[str]) -> int:
    return sum(len(answer_text(p)) for p in parts)


def _stream_sentences(parts: list[str]) -> int:
    return sum(map(len, stream_sentences(iter(parts))))


def _tts_chunker(parts: list[str]) -> int:
    """The TTS chunker takes one sentence at a time: the whole text as one sentence (no end: the worst case)."""
    text = "".join(parts)
    total = 0
    for piece in speakable_pieces(text):
        total += sum(map(len, phoneme_pieces(list(piece))))
    return total


def _chain(parts: list[str]) -> int:
    """assistant.py's chain as it runs on a turn (English asked, the small model)."""
    claims, repeats, stamps, escapes = AgendaClaimFilter(), RepeatCut(), StampDrop(), EscapeCut()
    parrot, script, sympathy = ParrotDrop(heard=HEARD), ScriptCut(heard=HEARD, whole=True), CondolenceDrop(heard=HEARD)
    said = 0
    for p in parts:
        shown = stamps.feed(answer_text(escapes.feed(p)))
        said += len(claims.feed(repeats.feed(script.feed(sympathy.feed(parrot.feed(shown))))))
    said += len(claims.feed(repeats.feed(script.feed(sympathy.feed(parrot.feed(stamps.end()) + parrot.end())
                                                     + sympathy.end()) + script.end())))
    return said + len(claims.end())


FILTERS: dict[str, Callable[[list[str]], int]] = {
    "EscapeCut": _feeder(EscapeCut, end="end"),
    "answer_text": _answer_text,
    "StampDrop": _feeder(StampDrop),
    "ParrotDrop": _feeder(lambda: ParrotDrop(heard=HEARD, unasked=["the spare key is under the blue pot"])),
    "CondolenceDrop": _feeder(lambda: CondolenceDrop(heard=HEARD)),
    "ScriptCut(en)": _feeder(lambda: ScriptCut(heard=HEARD, whole=True)),
    "ScriptCut(ko,whole)": _feeder(lambda: ScriptCut(heard="내일 뭐 해야 돼?", whole=True)),
    "RepeatCut": _feeder(RepeatCut, end=None),
    "AgendaClaimFilter": _feeder(AgendaClaimFilter),
    "SentenceSplitter": _feeder(SentenceSplitter, end="flush"),
    "SentenceSplitter(quick)": _feeder(lambda: SentenceSplitter(quick_start=True), end="flush"),
    "stream_sentences": _stream_sentences,
    "SpokenBudget(3)": _feeder(lambda: SpokenBudget(3)),
    "TTS chunker": _tts_chunker,
    "assistant chain": _chain,
}
SHAPES = ("english", "korean", "no-end", "one-word", "emoji")


def cpu(run: Callable[[list[str]], int], parts: list[str]) -> float:
    started = time.process_time()
    run(parts)
    return time.process_time() - started


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="4000,32000,64000")
    ap.add_argument("--only", default="", help="a comma list of filter names")
    ap.add_argument("--shapes", default=",".join(SHAPES))
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    chosen = [n for n in FILTERS if not args.only or n in args.only.split(",")]
    shapes = args.shapes.split(",")
    flagged = 0
    print(f"{'filter':<24} {'shape':<9} " + " ".join(f"{s:>8}" for s in sizes) + "   ratio")
    for name in chosen:
        for sh in shapes:
            times = [cpu(FILTERS[name], pieces(shape(sh, size))) for size in sizes]
            ratio = times[-1] / max(times[0], 1e-4)
            flag = "  SUPERLINEAR" if ratio > 40 and times[-1] > 0.05 else ""
            flagged += bool(flag)
            print(f"{name:<24} {sh:<9} " + " ".join(f"{t:8.3f}" for t in times) + f"  {ratio:6.1f}x{flag}",
                  flush=True)
    print(f"{flagged} superlinear (64k/4k over 40x and over 0.05 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
