"""Soak: N text turns through the running daemon (scripted models, real memory, agenda, scheduler, HUD).

Prints resident memory after warm-up and at the end, threads and asyncio tasks, and whether any grew.
    .venv/bin/python scripts/soak_daemon.py --turns 1000

Finding where memory goes (diagnostics, off by default):
    --trace 8    tracemalloc from warm-up to the end: the Python-heap growth by source line (8 frames kept)
    --trim       also print RSS after glibc's malloc_trim(0) at each sample: what fragmentation holds
    --every 10   a progress line every 10 turns instead of 100
    --compact-every N   compact the memory table every N writes instead of lance.COMPACT_EVERY
    --watch-compaction  RSS right before and after each compaction of the memory table, and after
                 the resident copy's reload that follows it
    MALLOC_ARENA_MAX=2 .venv/bin/python scripts/soak_daemon.py ...   fewer glibc arenas
Each line also shows anonymous vs file-backed resident memory from /proc/self/smaps_rollup.
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import gc
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path

from jarvisd.config import load_config
from jarvisd.daemon import Daemon, serve
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.malloc import arrow_on_system_pool, limit_arenas
from jarvisd.manifest import ModelStore

PROMISES = ["I have to call the dentist tomorrow at 10", "remind me to water the plants on Friday",
            "what's the weather like", "tell me a joke", "I need to send the invoice by Monday noon"]


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def smaps_mib() -> dict[str, float]:
    """Resident memory split: anonymous (heaps, arenas) vs file-backed (mapped libraries, LanceDB files)."""
    out = {}
    for line in Path("/proc/self/smaps_rollup").read_text().splitlines():
        key = line.split(":")[0]
        if key in ("Rss", "Anonymous", "Pss_File", "LazyFree"):
            out[key.lower()] = int(line.split()[1]) / 1024
    return out


def heap_mib() -> float:
    """Resident part of the main thread's brk heap ([heap]); the other glibc arena and the native
    libraries' own mappings are the rest of the anonymous memory."""
    rss, in_heap = 0, False
    for line in Path("/proc/self/smaps").read_text().splitlines():
        if not line[0].isupper():  # a mapping's header line: "start-end perms offset dev inode [name]"
            in_heap = line.endswith("[heap]")
        elif in_heap and line.startswith("Rss:"):
            rss += int(line.split()[1])
    return rss / 1024


def anon_mappings() -> dict[str, tuple[int, int, str]]:
    """Resident KiB of each mapping without a file: address range -> (size KiB, rss KiB, name/perms)."""
    out, key = {}, None
    for line in Path("/proc/self/smaps").read_text().splitlines():
        if not line[0].isupper():
            fields = line.split()
            key = fields[0] if len(fields) < 6 or fields[5].startswith("[") else None
            if key:
                out[key] = [0, 0, fields[5] if len(fields) > 5 else fields[1]]
        elif key and line.startswith("Size:"):
            out[key][0] = int(line.split()[1])
        elif key and line.startswith("Rss:"):
            out[key][1] = int(line.split()[1])
    return {k: tuple(v) for k, v in out.items()}


def print_mappings(before: dict[str, tuple[int, int, str]], after: dict[str, tuple[int, int, str]]) -> None:
    grew = sorted(((after[k][1] - before.get(k, (0, 0, ""))[1], k) for k in after), reverse=True)
    gone = sum(v[1] for k, v in before.items() if k not in after)
    print(f"\nanonymous mappings from warm-up to the end: {len(before)} -> {len(after)}, "
          f"{(sum(v[1] for v in after.values()) - sum(v[1] for v in before.values())) / 1024:+.1f} MiB "
          f"({gone / 1024:.1f} MiB in mappings gone); largest growth:")
    for diff, k in grew[:12]:
        size, rss, name = after[k]
        print(f"  {diff / 1024:+6.1f} MiB  {k}  size {size / 1024:6.1f} MiB  rss {rss / 1024:6.1f} MiB  {name}"
              f"{'' if k in before else '  (new)'}")
    sizes: dict[int, list[int]] = {}
    for size, rss, _ in after.values():
        sizes.setdefault(size, []).append(rss)
    print("  by mapping size (count, rss MiB) at the end: " + ", ".join(
        f"{size / 1024:.1f} MiB x{len(r)} {sum(r) / 1024:.1f}" for size, r in
        sorted(sizes.items(), key=lambda kv: -sum(kv[1]))[:8]))


def thread_names() -> str:
    names: dict[str, int] = {}
    for task in Path("/proc/self/task").iterdir():
        name = (task / "comm").read_text().strip()
        names[name] = names.get(name, 0) + 1
    return ", ".join(f"{n} x{c}" for n, c in sorted(names.items(), key=lambda kv: -kv[1]))


def native_threads() -> int:
    return len(list(Path("/proc/self/task").iterdir()))


def arrow_mib() -> str:
    """What pyarrow's memory pool holds now, and its peak (LanceDB hands results over as Arrow)."""
    import pyarrow as pa

    pool = pa.default_memory_pool()
    return f"{pool.backend_name} {pool.bytes_allocated() / 2**20:.1f}/{pool.max_memory() / 2**20:.1f} MiB"


LANCE_SESSIONS: list = []  # the stores' LanceDB sessions (caches), recorded as they are made


def watch_lance_sessions(cache_mib: int | None) -> None:
    """Record each LanceDB session the stores open (its cache size goes on the progress line); with
    `cache_mib`, bound both of its caches to that many MiB instead of the store's own bounds."""
    import lancedb

    from jarvisd.memory.stores import lance

    make = lancedb.Session

    def session(**caches):
        if cache_mib is not None:
            caches = {key: cache_mib << 20 for key in lance.SESSION_CACHE}
        LANCE_SESSIONS.append(made := make(**caches))
        return made

    lancedb.Session = session


def lance_cache_mib() -> float:
    return sum(s.size_bytes for s in LANCE_SESSIONS) / 2**20


def watch_compaction() -> None:
    """Print RSS around each compaction of the memory table and around each reload of its resident copy."""
    from jarvisd.memory.stores import lance

    compact, sync = lance.LanceMemoryStore._compact, lance.LanceMemoryStore._sync_copy

    async def compact_watched(self):
        before, version = rss_mib(), await self._table.version()
        await compact(self)
        print(f"    compaction: table v{version} -> v{await self._table.version()}, rss {before:.1f} -> "
              f"{rss_mib():.1f} MiB, arrow allocated {arrow_total_mib():.1f} MiB", flush=True)

    async def sync_watched(self):
        before, reloads = rss_mib(), self._copy.reloads
        await sync(self)
        if self._copy.reloads != reloads:
            print(f"    resident copy reloaded at v{self._copy.version} ({self._copy.table.num_rows} rows): "
                  f"rss {before:.1f} -> {rss_mib():.1f} MiB", flush=True)

    lance.LanceMemoryStore._compact, lance.LanceMemoryStore._sync_copy = compact_watched, sync_watched


def arrow_total_mib() -> float:
    import pyarrow as pa

    return pa.total_allocated_bytes() / 2**20


class _Mallinfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def malloc_mib() -> str:
    """glibc's view over all arenas: bytes in use, free inside the arenas (fragmentation), and mmapped
    chunks; '-' when libc has no mallinfo2 (not glibc >= 2.33)."""
    try:
        mallinfo2 = ctypes.CDLL("libc.so.6").mallinfo2
    except (OSError, AttributeError):
        return "-"
    mallinfo2.restype = _Mallinfo2
    info = mallinfo2()
    return (f"in use {info.uordblks / 2**20:.1f}, free {info.fordblks / 2**20:.1f}, "
            f"mmapped {info.hblkhd / 2**20:.1f} MiB")


def malloc_trim() -> bool:
    """glibc: give freed heap pages back to the kernel. False when libc has no malloc_trim (not glibc)."""
    try:
        return bool(ctypes.CDLL("libc.so.6").malloc_trim(0))
    except (OSError, AttributeError):
        return False


def print_trace(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, top: int = 12) -> None:
    ignore = [tracemalloc.Filter(False, tracemalloc.__file__), tracemalloc.Filter(False, "<frozen *>")]
    stats = after.filter_traces(ignore).compare_to(before.filter_traces(ignore), "traceback")
    total = sum(s.size_diff for s in stats)
    print(f"\ntracemalloc: Python heap {total / 2**20:+.1f} MiB from warm-up to the end; largest growth:")
    for stat in stats[:top]:
        print(f"  {stat.size_diff / 2**20:+7.2f} MiB  {stat.count_diff:+7d} blocks")
        for frame in stat.traceback.format()[-8:]:
            print(f"      {frame}")


def memory_line(daemon: Daemon) -> str:
    """The memory table's version, the resident copy's reloads and size (when the store has one)."""
    keys = getattr(daemon.assistant.memory.store, "_copy", None)
    if keys is None or keys.table is None:
        return "-"
    return f"v{keys.version} reloads {keys.reloads} copy {keys.nbytes() / 2**20:.1f} MiB"


def judge(messages):  # the thought model: a promise for every other turn, grounded in the input
    text = messages[-1].content.rsplit("[입력]\n", 1)[-1]
    if "have to" in text or "need to" in text or "remind" in text:
        return {"text": f"open_loops:\n- {text[:40]} (근거: {text})\nclosed_loops:\n"}
    return {"text": "open_loops:\nclosed_loops:\n"}


async def soak(turns: int, warmup: int, home: Path, trace: int = 0, trim: bool = False,
               port: int = 18799, every: int = 100, maps: bool = False) -> dict[str, float]:
    cfg = load_config(env={"JARVIS_HOME": str(home), "JARVIS_VOICE__ENABLED": "false",
                           "JARVIS_HUD__PORT": str(port)})
    backends = Backends(chat=ScriptedChatModel(lambda _m: {"text": "Sure, noted. Anything else?"}, record_calls=False),
                        thought=ScriptedChatModel(judge, record_calls=False), embedder=None, notes=["scripted"])
    ready: asyncio.Future[Daemon] = asyncio.get_running_loop().create_future()
    stop = asyncio.Event()
    task = asyncio.create_task(serve(cfg, ModelStore(home / "models"), stop, backends=backends,
                                     on_ready=ready.set_result))
    daemon = await ready
    figures: dict[str, float] = {}
    started = time.perf_counter()
    for i in range(turns):
        await daemon.text_turn(PROMISES[i % len(PROMISES)] + f" #{i}")  # one long HUD session, as the daemon has
        await daemon.assistant.judge.drain()
        if i + 1 == warmup:
            gc.collect()
            figures.update(rss_warm=rss_mib(), threads_warm=threading.active_count(),
                           tasks_warm=len(asyncio.all_tasks()))
            if maps:
                mappings, threads_at_warmup = anon_mappings(), thread_names()
            if trace:
                tracemalloc.start(trace)
                snapshot = tracemalloc.take_snapshot()
        if (i + 1) % every == 0:
            split = smaps_mib()
            line = (f"  {i + 1:>5} turns {time.perf_counter() - started:6.1f} s  rss {rss_mib():7.1f} MiB "
                    f"(anon {split['anonymous']:6.1f}, heap {heap_mib():6.1f}, lazyfree {split['lazyfree']:4.1f}, "
                    f"file {split['pss_file']:5.1f})  "
                    f"threads {threading.active_count():3d} (native {native_threads():3d})  "
                    f"tasks {len(asyncio.all_tasks()):3d}  malloc {malloc_mib()}  arrow pool {arrow_mib()}  lance caches "
                    f"{lance_cache_mib():.1f} MiB  memory {memory_line(daemon)}")
            if trim:
                gc.collect()
                line += f"  after malloc_trim {rss_mib() if malloc_trim() else float('nan'):7.1f} MiB"
            print(line, flush=True)
    gc.collect()
    if maps:
        print_mappings(mappings, anon_mappings())
        print(f"  native threads at warm-up: {threads_at_warmup}\n  at the end: {thread_names()}")
    if trace:
        print_trace(snapshot, tracemalloc.take_snapshot())
        tracemalloc.stop()
    figures.update(rss_end=rss_mib(), threads_end=threading.active_count(), tasks_end=len(asyncio.all_tasks()),
                   turns_per_sec=turns / (time.perf_counter() - started),
                   open_loops=len(daemon.assistant.agenda.agenda()))
    stop.set()
    figures["exit_code"] = await task
    return figures


def main() -> None:
    limit_arenas()  # as `jarvisd run` does, before the daemon's threads allocate
    arrow_on_system_pool()  # as `serve` does, before anything imports pyarrow
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--warmup", type=int, default=100)
    parser.add_argument("--trace", type=int, default=0, metavar="FRAMES",
                        help="tracemalloc from warm-up to the end (slow), keeping this many frames")
    parser.add_argument("--port", type=int, default=18799, help="HUD port (two soaks side by side)")
    parser.add_argument("--trim", action="store_true", help="also show RSS after malloc_trim(0) at each sample")
    parser.add_argument("--every", type=int, default=100, metavar="TURNS", help="a progress line every TURNS turns")
    parser.add_argument("--compact-every", type=int, default=None, metavar="WRITES",
                        help="compact the memory table every WRITES writes (diagnosis; lance.COMPACT_EVERY otherwise)")
    parser.add_argument("--maps", action="store_true",
                        help="which anonymous mappings grew from warm-up to the end, and the native threads")
    parser.add_argument("--watch-compaction", action="store_true",
                        help="RSS around each compaction of the memory table and each reload of its resident copy")
    parser.add_argument("--lance-cache", type=int, default=None, metavar="MIB",
                        help="bound each LanceDB cache to this many MiB (diagnosis; the store's own bounds otherwise)")
    args = parser.parse_args()
    watch_lance_sessions(args.lance_cache)
    if args.compact_every is not None:
        from jarvisd.memory.stores import lance

        lance.COMPACT_EVERY = args.compact_every
    if args.watch_compaction:
        watch_compaction()
    with tempfile.TemporaryDirectory(prefix="jarvisd-soak-") as home:
        f = asyncio.run(soak(args.turns, args.warmup, Path(home), args.trace, args.trim, args.port,
                                  args.every, args.maps))
    growth = (f["rss_end"] - f["rss_warm"]) / f["rss_warm"] * 100
    print(f"\nturns {args.turns} ({f['turns_per_sec']:.1f}/s), open loops at the end {f['open_loops']:.0f}")
    print(f"resident memory after {args.warmup} turns {f['rss_warm']:.1f} MiB, at the end {f['rss_end']:.1f} MiB "
          f"({growth:+.1f}%; target < +10%)")
    print(f"threads {f['threads_warm']:.0f} -> {f['threads_end']:.0f}; asyncio tasks {f['tasks_warm']:.0f} -> "
          f"{f['tasks_end']:.0f}; exit code {f['exit_code']:.0f}")


if __name__ == "__main__":
    main()
