#!/usr/bin/env python3
"""The embedded chat model's speed on this machine's llama.cpp build: prefill and generation, one thread (the
daemon's default), three runs.

    .venv/bin/python scripts/bench_llama.py [--threads N] [--runs N]
    .venv/bin/python scripts/bench_llama.py --chat [--runs N]

Prints tokens per second for a 480-token prefill and a 64-token completion. `--chat` measures the daemon's path
instead (`LlamaCppChat`, the model in its own process): the first text and the whole answer of a short question
and of a 480-token one, as a turn waits for them. The check that setup and
`jarvisd doctor` run (`python -m jarvisd.llm.llama_check`) says whether the build decodes at all; this says how fast.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarvisd.manifest import ModelStore  # noqa: E402
from jarvisd.paths import resolve_paths  # noqa: E402

PROMPT = " ".join(["The user asked about the weather and the agenda for tomorrow."] * 40)


async def chat_runs(args) -> int:
    from jarvisd.llm.base import Message
    from jarvisd.llm.embedded import LlamaCppChat

    model = LlamaCppChat(ModelStore(resolve_paths().models_dir).path("smollm2-135m"), name="smollm2-135m",
                         n_threads=args.threads, max_tokens=64, temperature=0.0)
    questions = {"short": "What is the capital of France?", "480-token": PROMPT + " What did the user ask about?"}
    for run in range(args.runs + 1):  # run 0 loads the model and is not counted
        for name, text in questions.items():
            start = time.perf_counter()
            first, chunks = None, 0
            async for chunk in model.stream([Message("user", text)]):
                if chunk.text:
                    chunks += 1
                    first = first or time.perf_counter() - start
            whole = time.perf_counter() - start
            if run:
                print(f"run {run}: {name} question: first text after {first * 1000:.0f} ms, the whole answer "
                      f"({chunks} pieces) after {whole * 1000:.0f} ms")
    getattr(model, "close", lambda: None)()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--chat", action="store_true", help="through LlamaCppChat, as the daemon calls it")
    args = parser.parse_args()
    if args.chat:
        return asyncio.run(chat_runs(args))
    from llama_cpp import Llama

    path = ModelStore(resolve_paths().models_dir).path("smollm2-135m")
    llama = Llama(model_path=str(path), n_ctx=2048, n_threads=args.threads, seed=7, verbose=False)
    tokens = llama.tokenize(PROMPT.encode())
    for run in range(args.runs):
        llama.reset()
        start = time.perf_counter()
        llama.eval(tokens)
        prefill = time.perf_counter() - start
        start = time.perf_counter()
        out = llama(PROMPT[:200], max_tokens=64, temperature=0.0)
        generate = time.perf_counter() - start
        made = out["usage"]["completion_tokens"]
        print(f"run {run + 1}: prefill {len(tokens)} tokens in {prefill * 1000:.0f} ms ({len(tokens) / prefill:.0f} "
              f"tokens/s); completion of {made} tokens in {generate * 1000:.0f} ms ({made / generate:.0f} tokens/s, "
              f"its 50-token prompt included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
