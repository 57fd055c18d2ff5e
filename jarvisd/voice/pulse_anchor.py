"""A silent PulseAudio stream that keeps the speaker's sink at a low latency while the speaker's own stream is made anew.

Why (issue 21, docs/voice.md "Underruns that cost seconds"): the speaker plays through PortAudio -> ALSA's pulse
plug-in. When its Python callback misses its ~70 ms (the GIL or the CPU taken by something else), ALSA reports an
underrun and the plug-in disconnects its PulseAudio stream and connects a new one. For that moment no stream on the sink
asks for a low latency, the sink takes its largest (2 s on a null sink) and renders that far ahead, and the new stream
waits behind it: an answer that starts in the next ~2 s is heard 1.4-1.7 s after `playback_started` (measured with
`pactl list sink-inputs`: the sink latency 1.7 s right after the underrun, draining to ~10 ms in 1.8 s).

The anchor is a native libpulse playback stream (libpulse-simple, through ctypes: no Python callback, no GIL) that asks
for a 60 ms latency and is never written to: it stays in its pre-buffering state, plays nothing, never underruns and is
never reconnected, so its request holds the sink's latency low through the speaker's reconnection. Measured: with it
the sink latency after an underrun stays 0-15 ms and the next tone is heard on time. A PortAudio stream left unwritten
as the anchor did not do: the speaker's stream then underran in a loop (~400 times a second) after its first underrun.

Only for output through PulseAudio (PortAudio's "default" or a "pulse" device); without libpulse-simple or a server the
speaker works as before (an underrun may then cost seconds again, as it did).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import threading
from typing import Any

log = logging.getLogger("jarvisd.voice.pulse_anchor")

LATENCY_MS = 60  # what the anchor asks the sink for: about the ALSA plug-in's own buffer (46-70 ms)
# how long the speaker waits for the anchor (pass 66: a server that takes the connection and never answers held
# `pa_simple_new` 30 s, on the event loop when the first answer opened the speaker): the open goes on in its own thread
OPEN_WAIT_SEC = 1.0
_PLAYBACK = 1  # pa_stream_direction_t
_S16LE = 3  # pa_sample_format_t
_ANY = 0xFFFFFFFF  # (uint32_t) -1: the server's default for a buffer attribute


class _SampleSpec(ctypes.Structure):
    _fields_ = [("format", ctypes.c_int), ("rate", ctypes.c_uint32), ("channels", ctypes.c_uint8)]


class _BufferAttr(ctypes.Structure):
    _fields_ = [("maxlength", ctypes.c_uint32), ("tlength", ctypes.c_uint32), ("prebuf", ctypes.c_uint32),
                ("minreq", ctypes.c_uint32), ("fragsize", ctypes.c_uint32)]


_lib: Any = None


def _library() -> Any:
    global _lib
    if _lib is None:
        name = ctypes.util.find_library("pulse-simple") or "libpulse-simple.so.0"
        lib = ctypes.CDLL(name)  # CDLL: the calls release the GIL
        lib.pa_simple_new.restype = ctypes.c_void_p
        lib.pa_simple_new.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                                      ctypes.c_char_p, ctypes.POINTER(_SampleSpec), ctypes.c_void_p,
                                      ctypes.POINTER(_BufferAttr), ctypes.POINTER(ctypes.c_int)]
        lib.pa_simple_free.restype = None
        lib.pa_simple_free.argtypes = [ctypes.c_void_p]
        _lib = lib
    return _lib


def through_pulse(device_name: str) -> bool:
    """Whether PortAudio's output device is the one ALSA routes to PulseAudio (its "default" or a "pulse" device)."""
    name = device_name.strip().lower()
    return name == "default" or "pulse" in name


class LatencyAnchor:
    """Open with `open(rate)` (or `open_within`), end with `close()`; `open` returns False (and logs why) when it
    cannot be made. Safe from several threads: a close while an open is under way frees what that open makes."""

    def __init__(self, latency_ms: int = LATENCY_MS) -> None:
        self.latency_ms = latency_ms
        self._handle: int | None = None
        self._lock = threading.Lock()
        self._generation = 0   # each open and close counts one: an open finished after a later one is freed

    @property
    def active(self) -> bool:
        return self._handle is not None

    def open_within(self, rate: int, wait_sec: float = OPEN_WAIT_SEC) -> bool:
        """`open` in a daemon thread, waited for at most `wait_sec`: whether the anchor is on by then. A server that
        never answers holds that thread (libpulse gives up after ~30 s), never the caller."""
        worker = threading.Thread(target=self.open, args=(rate,), name="jarvisd-pulse-anchor", daemon=True)
        worker.start()
        worker.join(wait_sec)
        if worker.is_alive():
            log.info("speaker: the latency anchor's PulseAudio connection has not answered in %.1f s; the speaker "
                     "goes on without it meanwhile", wait_sec)
        return self.active

    def open(self, rate: int) -> bool:
        generation = self._drop()
        try:
            lib = _library()
        except OSError as exc:
            log.info("speaker: no latency anchor (libpulse-simple: %s); an output underrun may delay the next "
                     "answer by seconds", exc)
            return False
        spec = _SampleSpec(_S16LE, int(rate), 1)
        attr = _BufferAttr(_ANY, int(rate * 2 * self.latency_ms / 1000), _ANY, _ANY, _ANY)
        error = ctypes.c_int(0)
        handle = lib.pa_simple_new(None, b"jarvisd", _PLAYBACK, None, b"jarvisd latency anchor (silent)",
                                   ctypes.byref(spec), None, ctypes.byref(attr), ctypes.byref(error))
        if not handle:
            log.info("speaker: no latency anchor (PulseAudio error %d); an output underrun may delay the next "
                     "answer by seconds", error.value)
            return False
        with self._lock:
            if generation == self._generation:
                self._handle = handle
                return True
        lib.pa_simple_free(handle)   # closed (or opened again) while this one connected
        return False

    def close(self) -> None:
        self._drop()

    def _drop(self) -> int:
        """The handle freed (once, whichever thread asks), and the new generation."""
        with self._lock:
            self._generation += 1
            handle, self._handle = self._handle, None
            generation = self._generation
        if handle:
            _library().pa_simple_free(handle)
        return generation
