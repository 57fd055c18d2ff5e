"""Garbage-collection pauses against the speaker.

The speaker's PortAudio callback is Python and needs the GIL about every 23 ms. A full (generation 2) collection
walks every tracked object; once the models, the stores and the Korean analyzer are loaded that is ~160,000
objects and one collection held the GIL 83 ms on turn 2 of daemon run 57 (a GIL-lag watchdog and `gc.callbacks`
in the daemon, docs/voice.md "Collections and the speaker"). The speaker underran, the ALSA-pulse stream was made
anew with 1.6 s of latency, and that answer was heard 1.8 s late.

What the daemon loads at start lives as long as it does, so after start (and after the Korean analyzer's
background load) it is collected once and moved to the permanent generation (`gc.freeze`): later collections
walk only what turns create. Nothing that is garbage at that moment is kept (the collection comes first), and
when the daemon stops everything goes back to the collector (`thaw`).
"""

from __future__ import annotations

import gc
import logging
import time

log = logging.getLogger(__name__)


def freeze_loaded(what: str) -> int:
    """Collect, then set every object alive now aside from later collections; returns how many are set aside.
    Call when `what` (the daemon's parts, a model) has loaded and before the next turn."""
    started = time.perf_counter()
    gc.collect()
    gc.freeze()
    frozen = gc.get_freeze_count()
    log.info("gc: %d objects alive after %s set aside from collections (%.0f ms)", frozen, what,
             (time.perf_counter() - started) * 1000)
    return frozen


def thaw() -> None:
    """Give what `freeze_loaded` set aside back to the collector (the daemon stopped: a test process that starts
    many daemons collects each one's leftovers)."""
    gc.unfreeze()
