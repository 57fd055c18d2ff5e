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
from typing import Any

log = logging.getLogger("jarvisd.voice.pulse_anchor")

LATENCY_MS = 60  # what the anchor asks the sink for: about the ALSA plug-in's own buffer (46-70 ms)
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
    """Open with `open(rate)`, end with `close()`; `open` returns False (and logs why) when it cannot be made."""

    def __init__(self, latency_ms: int = LATENCY_MS) -> None:
        self.latency_ms = latency_ms
        self._handle: int | None = None

    @property
    def active(self) -> bool:
        return self._handle is not None

    def open(self, rate: int) -> bool:
        self.close()
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
        self._handle = handle
        return True

    def close(self) -> None:
        handle, self._handle = self._handle, None
        if handle:
            _library().pa_simple_free(handle)
