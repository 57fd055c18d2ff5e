"""Barge-in under echo, offline: the pipeline's barge-in rule replayed frame by frame on a simulated room, with
no sound device and no real time, so the machine's load cannot move the room (what the live bench,
`scripts/bench_echo.py`, suffers from at load 5-8).

Each trial: piper reads the answer from t = 0; a random room (delay 20-120 ms, RT60 0.3-0.6 s, -3 to -9 dB, as
bench_echo) carries it to the mic `--lead` seconds after the reference is written (the output and input
buffers); half the trials have the user say an espeak-ng sentence 1.5-4.0 s in, as loud as bench_echo plays
it. The mic frames go through the daemon's `EchoCanceller` (WebRTC AEC3) with the reference written as the
output callback would, Silero VAD on the cleaned frames, the correlation check (`hears_played`) on the raw
ones, exactly as `VoicePipeline._hear` does. Printed per rule: self-interruptions in the echo-only trials,
barge-ins caught and their latency after the user's first audible sample (p50 / p95).

    .venv/bin/python scripts/experiments/bargein_offline.py --n 20
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_echo import ANSWER, USER  # noqa: E402  (the live bench's answer and user sentences)

from jarvisd.config import load_config  # noqa: E402
from jarvisd.manifest import ModelStore  # noqa: E402
from jarvisd.voice.audio import FRAME_SEC, MIC_RATE, read_wav, resample  # noqa: E402
from jarvisd.voice.barge_in import BargeInRule, kept_db  # noqa: E402
from jarvisd.voice.build import voice_path  # noqa: E402
from jarvisd.voice.pulse import espeak_utterance  # noqa: E402
from jarvisd.voice.room import HeardFrame, Room, replay_answer  # noqa: E402
from jarvisd.voice.settings import VoiceSettings  # noqa: E402
from jarvisd.voice.tts import SpeechSynthesizer  # noqa: E402

# The rules compared: the pipeline's clean-speech way alone, and with the double-talk way (voice/barge_in.py,
# `voice.barge_in_double_talk`), gated on the canceller's convergence as it was tried here first.


Rule = Callable[[], Callable[[HeardFrame], bool]]  # a fresh rule per answer: frame -> barge in now


def first_fire(frames: list[HeardFrame], rule: Rule, answer_end: float) -> float | None:
    hear = rule()
    for f in frames:
        if f.at > answer_end:
            return None
        if hear(f):
            return f.at
    return None


def shipped(need: int, threshold: float, double_talk: bool, *, gate: bool = True, settle: bool = True,
            **variant: float) -> Rule:
    """`BargeInRule` as the pipeline runs it; without `double_talk` the clean-speech way alone (the rule before).
    `gate`: the convergence gate; `settle`: the double-talk way waits while the canceller settles after a (re)start
    (as the pipeline does since the thirty-ninth session); `variant`: `BargeInRule`'s thresholds."""
    def make() -> Callable[[HeardFrame], bool]:
        rule = BargeInRule(need, threshold, double_talk=double_talk, converge_gate=gate, **variant)  # type: ignore[arg-type]
        if double_talk:
            return lambda f: rule.hear(f.prob_clean, f.echo, f.prob_raw, kept_db(f.raw, f.clean),
                                       f.settling and settle)
        return lambda f: rule.hear(f.prob_clean, f.echo)
    return make


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=20, help="trials (every other one with the user)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--user-gain", type=float, default=0.5, help="the user's level (0.5: as LiveRoom plays it)")
    parser.add_argument("--lead", type=float, default=0.25, help="reference written this long before its echo")
    parser.add_argument("--restarts", type=float, default=0.0,
                        help="share of the answers in which AEC3 starts afresh at a random moment (an underflow)")
    parser.add_argument("--variants", action="store_true",
                        help="also the double-talk way's thresholds around the shipped ones, without the gate")
    args = parser.parse_args()
    cfg = load_config()
    settings = VoiceSettings.from_config(cfg.voice)
    threshold = settings.endpoint.threshold
    store = ModelStore(Path(tempfile.gettempdir()) / "jarvisd-voice-tests" / "data" / "models")
    tts = SpeechSynthesizer(voice_path(cfg, store))
    from piper.config import SynthesisConfig

    speech = tts.synthesize(ANSWER, SynthesisConfig(noise_scale=0.0, noise_w_scale=0.0))  # the same every run
    far = resample(speech.audio, speech.rate, MIC_RATE)
    work = Path(tempfile.mkdtemp(prefix="bargein-"))
    said = [read_wav(espeak_utterance(t, work / f"u{i}.wav", 160), MIC_RATE)[0] * args.user_gain
            for i, t in enumerate(USER)]
    need = max(1, round(settings.barge_in_ms / 1000 / FRAME_SEC))
    rules: dict[str, Rule] = {"clean speech alone (before)": shipped(need, threshold, False),
                              "with double talk (tried)": shipped(need, threshold, True)}
    if args.variants:
        rules["double talk, no gate, no settling"] = shipped(need, threshold, True, gate=False, settle=False)
        rules["double talk, no gate"] = shipped(need, threshold, True, gate=False)
        for clean_prob in (0.1, 0.05, 0.0):
            rules[f"no gate, clean >= {clean_prob}"] = shipped(need, threshold, True, gate=False, clean_prob=clean_prob)
        for kept in (-10.0, -14.0):
            rules[f"no gate, kept > {kept:.0f} dB"] = shipped(need, threshold, True, gate=False, kept_above_db=kept)
        for count in (3, 5):
            rules[f"no gate, {count} frames"] = shipped(need, threshold, True, gate=False, double_talk_frames=count)
    rng = random.Random(args.seed)
    results = {name: {"self": 0, "lat": [], "missed": 0} for name in rules}
    answer_end = len(far) / MIC_RATE + args.lead
    for i in range(args.n):
        room = Room(delay_ms=rng.uniform(20, 120), rt60=rng.uniform(0.3, 0.6), gain_db=-rng.uniform(3, 9),
                    seed=args.seed + i)
        user = i % 2 == 1
        near = said[(i // 2) % len(said)] if user else None
        onset_sec = rng.uniform(1.5, 4.0) + args.lead
        if near is not None:
            first = int(np.argmax(np.abs(near) > 1e-3))
            near = near[first:]  # the onset is the user's first audible sample
        restarts = [rng.uniform(0.5, answer_end - 1.0)] if rng.random() < args.restarts else []
        frames = replay_answer(far, near, int(onset_sec * MIC_RATE), room, args.lead, threshold,
                               settings.echo_threshold, restarts=restarts)
        for name, rule in rules.items():
            at = first_fire(frames, rule, answer_end)
            r = results[name]
            if at is not None and (not user or at < onset_sec):
                r["self"] += 1
            elif user and at is not None:
                r["lat"].append(at - onset_sec)
            elif user:
                r["missed"] += 1
        note = ""
        if user:
            seg = slice(int(onset_sec / FRAME_SEC), int((onset_sec + len(near) / MIC_RATE) / FRAME_SEC))
            fs = frames[seg]
            note = (f"user frames {len(fs)}: clean prob>=thr {sum(f.prob_clean >= threshold for f in fs)}, raw "
                    f"{sum(f.prob_raw >= threshold for f in fs)}, called echo {sum(f.echo for f in fs)}")
        echo_only = [f for f in frames if f.at < (onset_sec if user else answer_end)]
        restarted = f" restart at {restarts[0]:.2f} s" if restarts else ""
        print(f"{i + 1:2d} {room.delay_ms:3.0f} ms rt60 {room.rt60:.2f} {room.gain_db:5.1f} dB{restarted} "
              f"{'user' if user else 'echo'}: echo-only frames clean prob>=thr "
              f"{sum(f.prob_clean >= threshold for f in echo_only)}/{len(echo_only)} {note}", flush=True)
    for name, r in results.items():
        lat = sorted(r["lat"])

        def p(q: float, lat: list[float] = lat) -> str:
            return f"{1000 * lat[min(len(lat) - 1, int(q * len(lat)))]:.0f}" if lat else "-"
        print(f"{name:34s} self-interruptions {r['self']} in {args.n} answers,"
              f" caught {len(lat)}/{args.n // 2} p50 {p(0.5)} ms p95 {p(0.95)} ms missed {r['missed']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
