"""A GIL-lag watchdog and a collection timer for `jarvisd run`, loaded by Python at start when this folder is on
PYTHONPATH and GIL_WATCH is set (docs/voice.md, "Collections and the speaker"):

    GIL_WATCH=/tmp/gil PYTHONPATH=scripts/gil_watch .venv/bin/python scripts/conversation_daemon.py --out /tmp/convN

- `gil-<pid>.log`: a thread sleeps 5 ms; when it wakes more than 30 ms late (something held the GIL), it writes
  the lag and every other thread's stack;
- `gc-<pid>.log`: every garbage collection over 10 ms, with its generation (and, over 50 ms, how many objects the
  collector tracks).

Only the daemon is watched (not the conversation script that starts it). Diagnostics, not part of jarvisd.
"""

import gc
import os
import sys
import threading
import time
import traceback

_DIR = os.environ.get("GIL_WATCH", "")
if _DIR and "conversation_daemon" not in " ".join(sys.argv):
    os.makedirs(_DIR, exist_ok=True)

    def _watch() -> None:
        log = open(os.path.join(_DIR, f"gil-{os.getpid()}.log"), "a")
        me = threading.get_ident()
        while True:
            started = time.perf_counter()
            time.sleep(0.005)
            lag = time.perf_counter() - started - 0.005
            if lag > 0.03:
                log.write(f"\n=== {time.time():.3f} lag {lag * 1000:.0f} ms argv={sys.argv[:3]}\n")
                for tid, frame in sys._current_frames().items():
                    if tid != me:
                        log.write(f"-- thread {tid}\n" + "".join(traceback.format_list(traceback.extract_stack(frame)[-40:])))
                log.flush()

    threading.Thread(target=_watch, daemon=True, name="gil-watch").start()
    _started: dict[str, float] = {}

    def _timed(phase: str, info: dict) -> None:
        if phase == "start":
            _started["t"] = time.perf_counter()
            return
        took = time.perf_counter() - _started.get("t", time.perf_counter())
        if took > 0.01:
            tracked = len(gc.get_objects()) if took > 0.05 else "-"
            with open(os.path.join(_DIR, f"gc-{os.getpid()}.log"), "a") as f:
                f.write(f"{time.time():.3f} gen{info['generation']} {took * 1000:.0f} ms "
                        f"collected={info['collected']} tracked={tracked}\n")

    gc.callbacks.append(_timed)
