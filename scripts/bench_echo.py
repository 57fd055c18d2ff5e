"""Echo benchmark: the pipeline answering in a simulated room on real PulseAudio null sinks.

What the pipeline plays into `speaker` is recorded from `speaker.monitor`, delayed 20-120 ms, convolved
with a synthetic room impulse response (exponential decay, RT60 0.3-0.6 s), attenuated 3-9 dB, given
noise at -60 dBFS and played into `mic` (`jarvisd.voice.room.LiveRoom`), each answer in a room of its
own (seeded). Activation `always`, Whisper base (English), the scripted answer below.

1. Clean: each user sentence (espeak-ng, 160 wpm) is said into the quiet room; its transcript's WER.
2. N answers (default 50) to "What does my week look like?"; in every other one the user talks over it
   1.5-4 s in, with one of the same sentences.
Printed: self-interruptions (an answer without the user that did not play to its end, or any cut
before the user spoke), the user's barge-in latency (his first audible sample handed to the mic sink ->
`Interrupted`; the sink's 20 ms buffer and the capture path count against it), WER of what the user
said under echo against the same sentences clean, ERLE (the canceller's output against its input on
answers without the user, while it was active), how often Silero heard speech in the echo and how
often the correlation echo check still called a frame echo.

    .venv/bin/python scripts/bench_echo.py                      # echo_cancel = auto, 50 answers
    .venv/bin/python scripts/bench_echo.py --echo-cancel off    # today's correlation check alone
    .venv/bin/python scripts/bench_echo.py --n 10               # a quick look
    .venv/bin/python scripts/bench_echo.py --one-room           # one room for all answers, as a real room is
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_voice import percentile  # noqa: E402  (its sibling in scripts/)

from jarvisd.config import load_config  # noqa: E402
from jarvisd.events import EventBus  # noqa: E402
from jarvisd.llm.scripted import ScriptedChatModel  # noqa: E402
from jarvisd.manifest import ModelStore  # noqa: E402
from jarvisd.voice.accuracy import edit_distance  # noqa: E402
from jarvisd.voice.answers import answer_from_chat_model  # noqa: E402
from jarvisd.voice.build import VoiceModels, build_pipeline, voice_path  # noqa: E402
from jarvisd.voice.devices import MicrophoneSource, SpeakerSink  # noqa: E402
from jarvisd.voice.events import Interrupted, PlaybackStarted, SpeechStarted, Transcript  # noqa: E402
from jarvisd.voice.guard import normalize_text  # noqa: E402
from jarvisd.voice.pulse import NullSinkPulse, espeak_utterance, refresh_portaudio  # noqa: E402
from jarvisd.voice.room import LiveRoom, Room  # noqa: E402
from jarvisd.voice.settings import VoiceSettings  # noqa: E402
from jarvisd.voice.stt import SpeechRecognizer  # noqa: E402
from jarvisd.voice.tts import SpeechSynthesizer  # noqa: E402

QUESTION = "What does my week look like?"
ANSWER = ("Here is your week. On Monday you have the planning meeting at ten, "
          "and on Tuesday the dentist expects you at three in the afternoon.")
USER = ["Stop, what time is the dentist on Tuesday?", "Wait, move the planning meeting to eleven.",
        "Hold on, call my sister tonight.", "Stop, remind me to buy milk tomorrow.",
        "Wait, what is the weather in Seoul?", "Cancel that and read my messages.",
        "Stop, add a meeting with Anna on Friday.", "Hold on, set a timer for ten minutes.",
        "Wait, how long is the flight to Busan?", "Stop, send the report to my manager."]


def wer(reference: str, hypothesis: str) -> float:
    ref, hyp = normalize_text(reference).split(), normalize_text(hypothesis).split()
    return edit_distance(ref, hyp) / max(1, len(ref))


class Meter:
    """What the canceller and the correlation check did, counted from the pipeline's listener."""

    def __init__(self, pipeline, guard: bool = True) -> None:  # type: ignore[no-untyped-def]
        self.raw = self.clean = 0.0
        self.counting = False
        self.user = False
        self.guard_calls = self.guard_echo = 0
        self.guard_user_calls = self.guard_user_echo = 0
        canceller, hears = pipeline.canceller, pipeline._hears_speaker
        if canceller is not None:
            clean = canceller.clean

            def counted(frame: np.ndarray, at: float | None = None) -> np.ndarray:
                out = clean(frame, at)
                if self.counting and canceller.active:
                    self.raw += float(np.sum(frame.astype(np.float64) ** 2))
                    self.clean += float(np.sum(out.astype(np.float64) ** 2))
                return out
            canceller.clean = counted

        def guarded() -> bool:
            echo = hears()
            if self.user:
                self.guard_user_calls += 1
                self.guard_user_echo += int(echo)
            else:
                self.guard_calls += 1
                self.guard_echo += int(echo)
            return echo and guard
        pipeline._hears_speaker = guarded

    @property
    def erle(self) -> float:
        return 10 * np.log10((self.raw + 1e-12) / (self.clean + 1e-12)) if self.raw else float("nan")


async def run(args: argparse.Namespace, pulse: NullSinkPulse, work: Path) -> dict:
    cfg = load_config()
    store = ModelStore(Path(tempfile.gettempdir()) / "jarvisd-voice-tests" / "data" / "models")
    store.prepare("whisper-base")
    models = VoiceModels(SpeechRecognizer(store.path("whisper-base"), language="en"),
                         SpeechSynthesizer(voice_path(cfg, store)))
    model = ScriptedChatModel(lambda m: {"text": ANSWER if "week" in m[-1].content else "Okay."}, tokens_per_sec=40)
    said = [str(espeak_utterance(t, work / f"u{i}.wav", 160)) for i, t in enumerate(USER)]
    refresh_portaudio()
    bus = EventBus()
    sub = bus.subscribe(maxsize=100000, lossy=False)
    settings = dataclasses.replace(VoiceSettings.from_config(cfg.voice), activation="always", language="en",
                                   echo_cancel=args.echo_cancel, barge_in_double_talk=args.double_talk != "off")
    pipeline = build_pipeline(cfg, answer_from_chat_model(model), source=MicrophoneSource("pulse"),
                              sink=SpeakerSink("pulse"), models=models, bus=bus, settings=settings)
    barge = pipeline.barge
    barge.converge_gate = args.double_talk == "gated"
    barge.double_talk_frames = args.double_talk_frames
    barge.kept_above_db = args.kept_db
    by_frame: list[tuple[float, int, float, float | None, float | None]] = []  # per frame: at, answer, clean, raw, kept
    answer_no = [0]
    hear = barge.hear

    def recorded(prob_clean: float, echo: bool, prob_raw: float | None = None, kept: float | None = None,
                 settling: bool = False) -> bool:   # `settling` since the settling guard (it stopped this bench)
        by_frame.append((time.time(), answer_no[0], prob_clean, prob_raw, kept))
        return hear(prob_clean, echo, prob_raw, kept, settling)
    barge.hear = recorded  # type: ignore[method-assign]
    onsets: dict[int, float] = {}
    fired: dict[str, int] = {}
    interrupt = pipeline._barge_in

    def counted_barge_in() -> None:  # which way each barge-in came in
        fired[barge.fired_by] = fired.get(barge.fired_by, 0) + 1
        interrupt()
    pipeline._barge_in = counted_barge_in  # type: ignore[method-assign]
    meter = Meter(pipeline, guard=not args.no_correlation_check)
    rng = random.Random(args.seed)
    first: list[Room] = []
    live = LiveRoom(pulse.env, Room(seed=args.seed))
    events: list = []

    def drain() -> None:
        while not sub.queue.empty():
            events.append(sub.queue.get_nowait())

    async def until(kind: type, timeout: float, since: int, **match: object):  # type: ignore[no-untyped-def]
        deadline = time.monotonic() + timeout
        while True:
            drain()
            for event in events[since:]:
                if isinstance(event, kind) and all(getattr(event, k) == v for k, v in match.items()):
                    return event
            if time.monotonic() > deadline:
                return None
            await asyncio.sleep(0.02)

    async def settle() -> None:
        await pipeline.wait_idle(0.5)
        while live.saying:
            await asyncio.sleep(0.05)
        await pipeline.wait_idle(0.5)

    out: dict = {"clean": [], "echo": [], "latency": [], "self": [], "missed": 0, "echo_vad": 0}
    await pipeline.start()
    try:
        await asyncio.wait_for(pipeline.submit_text("Warm up."), 60)  # opens the output stream
        await settle()
        for i, audio in enumerate(said):  # 1. each sentence in the quiet room
            mark = len(events)
            live.say(audio)
            heard = await until(Transcript, 30, mark)
            out["clean"].append((USER[i], heard.text if heard else ""))
            await settle()
            print(f"clean {i + 1}: {out['clean'][-1][1]!r}", file=sys.stderr)
        for i in range(args.n):  # 2. answers in rooms, every other one talked over
            room = Room(delay_ms=rng.uniform(20, 120), rt60=rng.uniform(0.3, 0.6), gain_db=-rng.uniform(3, 9),
                        seed=args.seed + i)
            if args.one_room and first:  # the first answer's room throughout (the draws still made: same timings)
                room = first[0]
            first.append(room)
            live.set_room(room)
            answer_no[0] = i + 1
            user = i % 2 == 1
            drain()
            mark = len(events)
            meter.counting, meter.user = not user, user
            task = asyncio.create_task(pipeline.submit_text(QUESTION))
            started = await until(PlaybackStarted, 60, mark)
            if started is None:
                print(f"{i + 1}: no playback", file=sys.stderr)
                continue
            sentence = ""
            if user:
                await asyncio.sleep(rng.uniform(1.5, 4.0))
                k = (i // 2) % len(said)
                sentence = USER[k]
                live.say(said[k])
            completed = await task
            meter.counting = False
            cut = await until(Interrupted, 10 if user else 0.1, mark, utterance_id=started.utterance_id)
            said_at = live.said_at
            if user and said_at is not None:
                onsets[i + 1] = said_at
            note = "completed" if completed else f"cut ({cut.reason if cut else '?'})"
            if cut is not None and (not user or said_at is None or cut.at < said_at):
                out["self"].append(i + 1)
                note += " SELF-INTERRUPTION"
            elif not user and not completed:
                out["self"].append(i + 1)
                note += " SELF-INTERRUPTION"
            elif user and cut is not None and cut.reason == "barge_in":
                out["latency"].append(cut.at - said_at)
                note += f" {1000 * (cut.at - said_at):.0f} ms after the user"
            elif user:
                out["missed"] += 1
                note += " BARGE-IN MISSED"
            if user:
                heard = await until(Transcript, 30, mark)
                out["echo"].append((sentence, heard.text if heard else ""))
                note += f" heard {out['echo'][-1][1]!r}"
            await settle()
            drain()
            if not user:
                out["echo_vad"] += sum(1 for e in events[mark:] if isinstance(e, SpeechStarted) and e.during_playback)
                note += "".join(f" turn from echo: {e.text!r}" for e in events[mark:] if isinstance(e, Transcript))
            print(f"{i + 1:2d} {room.delay_ms:3.0f} ms rt60 {room.rt60:.2f} {room.gain_db:5.1f} dB: {note}",
                  file=sys.stderr)
        live.ask_xruns()
        await asyncio.sleep(0.5)
        out["xruns"] = live.xruns
    finally:
        live.stop()
        await pipeline.stop()
    canceller = pipeline.canceller
    if args.frames:
        np.savez(args.frames, heard=np.array([(a, n, c, np.nan if r is None else r, np.nan if k is None else k)
                                              for a, n, c, r, k in by_frame]),
                 onsets=np.array(sorted(onsets.items())))
    out.update(fired=fired, restarts=getattr(canceller, "restarts", 0),
               reanchors=canceller.reanchors if canceller else 0, erle=meter.erle, guard_calls=meter.guard_calls, guard_echo=meter.guard_echo,
               guard_user_calls=meter.guard_user_calls, guard_user_echo=meter.guard_user_echo,
               delay=canceller.delay.delay_sec if canceller else None, shift=canceller._shift if canceller else 0.0)
    return out


def main() -> int:
    import logging

    logging.basicConfig(level=os.environ.get("LOGLEVEL", "WARNING"))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=50, help="answers (default 50; every other one talked over)")
    parser.add_argument("--echo-cancel", default="auto", choices=["auto", "webrtc", "off"])
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--one-room", action="store_true",
                        help="one room for every answer, as a real room is (default: a new room, so a new echo delay, "
                             "every answer: AEC3 follows a shorter one badly, see docs/voice.md 'Live against offline ERLE')")
    parser.add_argument("--double-talk", default="off", choices=["off", "on", "gated"],
                        help="voice.barge_in_double_talk (gated: only once the canceller has converged)")
    parser.add_argument("--double-talk-frames", type=int, default=4, help="frames of double talk in a row (4: 128 ms)")
    parser.add_argument("--kept-db", type=float, default=-12.0,
                        help="double talk: more than this much of the mic's level kept by the canceller")
    parser.add_argument("--frames", help="save what the barge-in rule heard per frame (.npz) here")
    parser.add_argument("--no-correlation-check", action="store_true",
                        help="count what the correlation echo check says but do not apply it")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop our PulseAudio on `kill` too
    work = Path(tempfile.mkdtemp(prefix="bench-echo-"))
    load = os.getloadavg()[0]
    pulse = NullSinkPulse().start()
    try:
        r = asyncio.run(run(args, pulse, work))
    finally:
        pulse.stop()
    quiet = args.n - args.n // 2
    lat = [x * 1000 for x in r["latency"]]
    clean = statistics.mean(wer(a, b) for a, b in r["clean"])
    echo = statistics.mean(wer(a, b) for a, b in r["echo"]) if r["echo"] else float("nan")
    rooms = "one simulated room" if args.one_room else "simulated rooms"
    print(f"echo_cancel = {args.echo_cancel}, double talk {args.double_talk} ({args.double_talk_frames} frames, kept > {args.kept_db:g} dB): {args.n} answers in {rooms} (delay 20-120 ms, RT60 0.3-0.6 s, "
          f"-3..-9 dB, noise -60 dBFS), {args.n // 2} talked over; load average {load:.1f} at start, "
          f"{os.getloadavg()[0]:.1f} at end")
    print(f"self-interruptions: {len(r['self'])} of {args.n} answers {r['self'] or ''}")
    print(f"speech onsets Silero heard in the echo (SpeechStarted during playback, answers without the user): "
          f"{r['echo_vad']} in {quiet} answers")
    print(f"barge-in detected: {len(lat)} of {args.n // 2}, missed {r['missed']}; latency p50 "
          f"{statistics.median(lat) if lat else float('nan'):.0f} ms, p95 {percentile(lat, 0.95):.0f} ms, "
          f"max {max(lat, default=float('nan')):.0f} ms; barge-in rule fired by {r['fired']}")
    print(f"WER of the user's sentences: clean {clean:.3f} ({len(r['clean'])}), under echo {echo:.3f} "
          f"({len(r['echo'])})")
    delay = "not measured" if r["delay"] is None else f"{r['delay'] * 1000:.0f} ms"
    print(f"ERLE (canceller output vs input, answers without the user): {r['erle']:.1f} dB; echo delay behind "
          f"the reference {delay}, reference shift {r['shift'] * 1000:.0f} ms")
    print(f"simulated room's blocks dropped/missing (each moves the echo 20 ms): {r['xruns'][0]}/{r['xruns'][1]}; "
          f"reference re-anchored {r['reanchors']} times, AEC3 restarted {r['restarts']} times")
    print(f"correlation echo check{' (measured, not applied)' if args.no_correlation_check else ''}: answers "
          f"without the user: {r['guard_echo']} of {r['guard_calls']} speech frames during playback called echo; "
          f"answers talked over: {r['guard_user_echo']} of {r['guard_user_calls']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
