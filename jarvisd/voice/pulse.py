"""A private PulseAudio server with two null sinks, for tests and the benchmark on headless machines.

What is played into the `mic` sink is what the microphone hears (default source `mic.monitor`); what
jarvisd plays goes to the `speaker` sink and can be recorded from `speaker.monitor`. The server gets its
own runtime dir, so a user's PulseAudio is never touched, and is stopped by its pid.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

PACKAGES = ("pulseaudio", "libportaudio2", "libasound2-plugins", "espeak-ng", "sox")


class PulseUnavailable(RuntimeError):
    pass


class NullSinkPulse:
    def __init__(self) -> None:
        self.runtime = Path(tempfile.mkdtemp(prefix="jarvisd-pulse-"))
        self.pid: int | None = None
        self._saved: dict[str, str | None] = {}
        self._loopback: str | None = None

    @property
    def env(self) -> dict[str, str]:
        return {**os.environ, "XDG_RUNTIME_DIR": str(self.runtime), "PULSE_SERVER": f"unix:{self.socket}"}

    @property
    def socket(self) -> Path:
        return self.runtime / "pulse" / "native"

    def start(self) -> NullSinkPulse:
        exe = shutil.which("pulseaudio")
        if exe is None:
            raise PulseUnavailable(f"pulseaudio is not installed (apt-get install -y {' '.join(PACKAGES)})")
        cmd = [exe, "-D", "--exit-idle-time=-1", "-n", "--use-pid-file=yes", "--disable-shm=yes",
               "--load=module-native-protocol-unix",
               "--load=module-null-sink sink_name=mic", "--load=module-null-sink sink_name=speaker"]
        env = {**os.environ, "XDG_RUNTIME_DIR": str(self.runtime)}
        result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=30)
        pid_file = self.runtime / "pulse" / "pid"
        deadline = time.monotonic() + 10
        while not (pid_file.is_file() and self.socket.exists()) and time.monotonic() < deadline:
            time.sleep(0.05)
        if not pid_file.is_file():
            raise PulseUnavailable(f"pulseaudio did not start: {result.stderr.strip()}")
        self.pid = int(pid_file.read_text().split()[0])
        for key, value in (("XDG_RUNTIME_DIR", str(self.runtime)), ("PULSE_SERVER", f"unix:{self.socket}")):
            self._saved[key] = os.environ.get(key)
            os.environ[key] = value
        self.pactl("set-default-source", "mic.monitor")
        self.pactl("set-default-sink", "speaker")
        return self

    def pactl(self, *args: str) -> str:
        return subprocess.run(["pactl", *args], env=self.env, capture_output=True, text=True, check=True,
                              timeout=10).stdout.strip()

    def play_into_mic(self, wav: Path) -> subprocess.Popen[bytes]:
        """Start playing a WAV into the microphone (non-blocking); wait() on the result."""
        return subprocess.Popen(["paplay", "--device=mic", str(wav)], env=self.env)

    def record_speaker(self, out: Path) -> subprocess.Popen[bytes]:
        """Record what jarvisd plays, until terminate()."""
        return subprocess.Popen(["parecord", "--device=speaker.monitor", "--channels=1", "--rate=16000",
                                 "--format=s16le", "--file-format=wav", str(out)], env=self.env)

    def loop_speaker_into_mic(self) -> None:
        """Route the speaker back into the microphone, like laptop speakers next to their mic."""
        self._loopback = self.pactl("load-module", "module-loopback", "source=speaker.monitor", "sink=mic",
                                    "latency_msec=60")

    def remove_loopback(self) -> None:
        if self._loopback:
            self.pactl("unload-module", self._loopback)
            self._loopback = None

    def stop(self) -> None:
        if self.pid is not None:
            try:
                os.kill(self.pid, signal.SIGTERM)
                for _ in range(100):
                    os.kill(self.pid, 0)
                    time.sleep(0.05)
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.pid = None
        for key, value in self._saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        shutil.rmtree(self.runtime, ignore_errors=True)


def refresh_portaudio() -> None:
    """PortAudio lists devices once at initialisation; re-initialise after the server changed."""
    import sounddevice as sd

    sd._terminate()
    sd._initialize()


def espeak_utterance(text: str, out: Path, speed: int = 150, voice: str = "en-us") -> Path:
    """A test utterance from espeak-ng (English unless `voice` says otherwise, e.g. "ko"), resampled
    to the microphone's 16 kHz, for the tests and benchmarks that play speech into the `mic` sink."""
    from jarvisd.voice.audio import MIC_RATE, read_wav, write_wav

    raw = out.with_suffix(".raw.wav")
    subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(raw), text], check=True)
    audio, _ = read_wav(raw, MIC_RATE)
    raw.unlink()
    return write_wav(out, audio, MIC_RATE)
