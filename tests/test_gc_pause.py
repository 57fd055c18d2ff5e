"""`gc_pause.freeze_loaded` / `thaw`: what the daemon loaded is set aside from collections for its life (daemon run
57: an 83 ms full collection of ~160,000 objects underran the speaker), garbage at that moment is not kept, and
it all goes back to the collector when the daemon stops. The figures are in docs/voice.md."""

from __future__ import annotations

import gc
import weakref

from jarvisd.gc_pause import freeze_loaded, thaw


class Node:
    def __init__(self) -> None:
        self.me = self   # a cycle: only the collector frees it


def test_garbage_before_the_freeze_is_collected_and_what_lives_is_set_aside():
    dead = weakref.ref(Node())                    # garbage already: collected by the freeze's own collection
    alive = [Node() for _ in range(1000)]
    try:
        frozen = freeze_loaded("a test")
        assert dead() is None
        assert frozen >= 1000                     # the count may fall after: a frozen object whose last reference
        assert gc.get_freeze_count() >= 1000      # goes (another test's thread) is still freed (CI at 637bdbb: -39)
        later = weakref.ref(alive[0])
        alive.clear()                             # garbage now, but set aside: a full collection leaves it
        gc.collect()
        assert later() is not None
    finally:
        thaw()
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert later() is None                        # the daemon stopped: its leftovers are collected again
