"""Can the embedded thought model do the daemon's unasked work? Reflection and fact extraction, on the real model.

`jarvisd/reflect/background_plan.py` turns reflection and consolidation off on the embedded model because of what
this prints: each reflection's parse (does it say anything, is its thought the echoed prompt) and each extraction
(facts, or why the batch failed), with the seconds each call took.

    .venv/bin/python scripts/probe_background.py                 # 8 reflections, extractions of 5/10/20 turns
    .venv/bin/python scripts/probe_background.py --reflections 3 --model smollm2-135m
"""

from __future__ import annotations

import argparse
import asyncio
import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from jarvisd.config import load_config
from jarvisd.llm.embedded import LlamaCppChat
from jarvisd.manifest import ModelStore
from jarvisd.memory.consolidation import ExtractionFailed
from jarvisd.memory.extract import llm_extractor
from jarvisd.openloop.model import LoopStatus, OpenLoop
from jarvisd.reflect.thought import build_reflection_prompt, reflect_once

# a morning's turns (the daemon conversation's, scripts/conversation_daemon.py), with three facts in them
TURNS = [
    "Good morning, Jarvis.", "I need to send the budget report to the finance team by tomorrow at 3 pm.",
    "Remind me to call the dentist in two hours.", "My sister lives in Denver.", "What is the capital of France?",
    "I have to review Anna's slides before Friday.", "No, Thursday.", "What's on my agenda?",
    "I'm allergic to peanuts.", "I'll book the train tickets tonight.", "What's due tomorrow?",
    "Can you give me one tip to stay focused?", "I sent the budget report.", "Forget about the dentist.",
    "Our dog is called Bori.", "I should water the plants this evening.", "Tell me a short joke.",
    "I booked the train tickets.", "What do I have to do today?", "Thanks, that's all for now.",
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default="smollm2-135m", help="an embedded model of models/manifest.toml")
    ap.add_argument("--reflections", type=int, default=8)
    args = ap.parse_args()
    cfg = load_config()
    model = LlamaCppChat(ModelStore(cfg.paths.models_dir).path(args.model), name=args.model)
    tz = ZoneInfo("UTC")
    now = datetime(2026, 12, 6, 15, 0, tzinfo=tz)
    ms = lambda d: int(d.timestamp() * 1000)  # noqa: E731
    made = ms(now - timedelta(hours=1))
    loops = [OpenLoop("a", "call the dentist", LoopStatus.OPEN, made, made, due_ms=ms(now + timedelta(hours=2))),
             OpenLoop("b", "send the budget report", LoopStatus.OPEN, made, made, due_ms=ms(now + timedelta(days=1))),
             OpenLoop("c", "book the train tickets", LoopStatus.OPEN, made, made, due_ms=ms(now + timedelta(hours=8)))]
    memory = ["user: my sister lives in Denver", "user: I'm allergic to peanuts"]

    async def reflections() -> None:
        for i in range(args.reflections):
            t = time.perf_counter()
            r = await reflect_once(model, loops, now=now, tz=tz, memory_lines=memory)
            prompt = "\n".join(m.content for m in build_reflection_prompt(loops, now=now, tz=tz, memory_lines=memory))
            first = r.thought.strip().splitlines()[0] if r.thought.strip() else ""
            echoed = len(first) >= 8 and first in prompt  # its thought a line of what it was shown
            print(f"reflection {i + 1}: {time.perf_counter() - t:.1f} s  speak={r.speak}  say={r.say[:60]!r}  "
                  f"thought echoes the prompt={echoed}  thought={r.thought[:70]!r}")

    asyncio.run(reflections())
    extract = llm_extractor(model)
    for n in (5, 10, 20):
        t = time.perf_counter()
        try:
            facts = extract(TURNS[:n])
            print(f"extraction of {n} turns: {time.perf_counter() - t:.1f} s  facts={[f.content() for f in facts]}")
        except ExtractionFailed as exc:
            print(f"extraction of {n} turns: {time.perf_counter() - t:.1f} s  FAILED {exc.reason[:100]!r}")
    model.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
