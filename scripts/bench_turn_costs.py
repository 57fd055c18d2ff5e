"""The three costs that make the slow turns of a spoken conversation (issue 21's p95), measured on the real
parts in process, not through a wall-clock daemon run (docs/voice.md, "The slow turns (sixty-first session)").

    .venv/bin/python scripts/bench_turn_costs.py --utterances /tmp/conv84/utterances
    .venv/bin/python scripts/bench_turn_costs.py --only endpoint     # or: model, tts

endpoint  Each utterance the daemon heard (the WAVs `scripts/conversation_daemon.py` keeps in `utterances/`; made
          anew with espeak-ng from its built-in turns when --utterances is not given) goes through the pipeline's
          own end-of-turn path frame by frame: Silero VAD, the `Endpointer`, Smart Turn (`TurnJudge`, the real
          model, its answer on the frame clock after the time it really took) and the speculative transcript
          (Whisper after `voice.early_stt_ms` of the pause, read by `turn_end.text_complete`), as
          `bench_turn_end.simulate` replays them. Per turn: why the turn ended, end of speech -> end of turn,
          the model's probability and the speculative transcript. Counted: turns that waited the longest pause
          (`max_silence`) although their transcript reads as a finished sentence.
model     The 20 turns' texts (what Whisper heard in the run, or the built-in turns) through the real assistant
          (`build_assistant`, agenda desk and rules included) with the embedded model (SmolLM2-135M, llama.cpp in
          its own process), as `Daemon.voice_answer` sends them. For every model turn: the prompt's tokens (the
          chat template applied as llama.cpp does), how many of them llama.cpp's cache could reuse (the longest
          common token prefix with the previous request's prompt and answer: llama-cpp-python evaluates only the
          rest), the first token that differs, and the time to the first delta.
tts       piper (the configured voice) on first pieces of several lengths: synthesis time by words.

Wall-clock figures move with the machine's load (printed); the token counts and end reasons do not.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent)]

from bench_turn_end import LEAD_SEC, TRAIL_SEC, Clip, simulate, vad_probabilities  # noqa: E402
from conversation_daemon import CONVERSATION, parse_turns  # noqa: E402

from jarvisd.config import load_config  # noqa: E402
from jarvisd.manifest import ModelStore  # noqa: E402
from jarvisd.voice.audio import FRAME_SEC, MIC_RATE, read_wav  # noqa: E402
from jarvisd.voice.build import load_recognizer  # noqa: E402
from jarvisd.voice.endpointing import SileroStream  # noqa: E402
from jarvisd.voice.settings import VoiceSettings  # noqa: E402
from jarvisd.voice.smart_turn import load_smart_turn  # noqa: E402
from jarvisd.voice.turn_end import text_complete  # noqa: E402


def load() -> str:
    return f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"


def utterance_wavs(folder: Path | None) -> list[Path]:
    if folder is not None:
        return sorted(folder.glob("turn*.wav"))
    from jarvisd.voice.pulse import espeak_utterance

    out = Path(tempfile.mkdtemp(prefix="bench-turn-costs-"))
    return [espeak_utterance(t.text, out / f"turn{i:02d}.wav", 150) for i, t in enumerate(parse_turns(CONVERSATION), 1)]


def turn_texts(utterances: Path | None, which: str) -> list[str]:
    said = [t.text for t in parse_turns(CONVERSATION)]
    events = utterances.parent / "events.jsonl" if utterances is not None else None
    if which == "said" or events is None or not events.is_file():
        return said
    heard = [json.loads(line)["text"] for line in events.read_text().splitlines() if '"kind": "transcript"' in line]
    return heard if len(heard) == len(said) else said


def as_clip(path: Path, rng: np.random.Generator, noise_db: float | None) -> Clip:
    """The espeak WAV as the daemon's microphone hears it: its speech, 0.5 s before and 2.5 s after, in the
    digital silence of a null sink (or under faint noise at `noise_db`, as `bench_turn_end` plays its set)."""
    audio, _ = read_wav(path, MIC_RATE)
    loud = np.nonzero(np.abs(audio) > 0.01)[0]
    speech = audio[loud[0]: loud[-1] + 1] if len(loud) else audio
    lead, trail = np.zeros(int(LEAD_SEC * MIC_RATE), np.float32), np.zeros(int(TRAIL_SEC * MIC_RATE), np.float32)
    body = np.concatenate([lead, speech.astype(np.float32), trail])
    if noise_db is not None:
        body += rng.normal(0, 10 ** (noise_db / 20), len(body)).astype(np.float32)
    return Clip(path.stem, "en", True, body, LEAD_SEC + len(speech) / MIC_RATE)


def bench_endpoint(wavs: list[Path], repeat: int, noise_db: float | None) -> None:
    cfg = load_config(env={**os.environ, "JARVIS_VOICE__LANGUAGE": "en"})
    voice = VoiceSettings.from_config(cfg.voice)
    settings = voice.endpoint
    model = load_smart_turn(ModelStore(cfg.paths.models_dir))
    recognizer = load_recognizer(cfg, language="en")
    early_frames = max(1, round(voice.early_stt_ms / 1000 / FRAME_SEC))
    vad = SileroStream()
    rng = np.random.default_rng(61)
    clips = [as_clip(p, rng, noise_db) for p in wavs]
    print(f"\n== endpoint: {len(clips)} utterances, Smart Turn asked at {settings.turn_end_silence_ms} ms, "
          f"longest pause {settings.turn_end_max_silence_ms} ms, finished words as soon as they are known "
          f"(speculative Whisper at {voice.early_stt_ms} ms; at {settings.trailing_silence_ms} ms while the model "
          f"runs); {load()}")
    reasons: dict[str, int] = {}
    delays: list[float] = []
    waited_finished = 0
    took: list[float] = []
    stt_took: list[float] = []
    for clip in clips:
        probs = vad_probabilities(vad, clip.audio)
        outcomes = [simulate(clip, probs, settings, model, took, None, recognizer, early_frames, stt_took)
                    for _ in range(repeat)]
        last = outcomes[-1]
        delay = statistics.median(o.ended_at - clip.speech_end for o in outcomes if o.ended_at is not None)
        delays.append(delay)
        reasons[last.reason] = reasons.get(last.reason, 0) + 1
        heard = last.texts[-1] if last.texts else ""
        finished = bool(heard) and text_complete(heard)
        waited_finished += last.reason == "max_silence" and finished
        print(f"  {clip.name:<7} {delay:+.2f} s {last.reason:<13} p {' '.join(f'{p:.3f}' for p in last.probabilities):<12} "
              f"words {'finished' if finished else 'open    '} {heard!r}")
    print(f"  end reasons: {', '.join(f'{k} {v}' for k, v in sorted(reasons.items()))}; max_silence on a finished "
          f"transcript: {waited_finished}; end of speech -> end of turn p50 {statistics.median(delays):.2f} s, "
          f"max {max(delays):.2f} s, mean {statistics.fmean(delays):.3f} s")
    print(f"  Smart Turn per call p50 {statistics.median(took) * 1000:.0f} ms; speculative Whisper p50 "
          f"{statistics.median(stt_took) * 1000:.0f} ms, max {max(stt_took) * 1000:.0f} ms; {load()}")


class PromptLog:
    """Every request the embedded model's process is sent, with its prompt as llama.cpp tokenizes it."""

    def __init__(self, chat, model_path: Path) -> None:
        from llama_cpp import Llama
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        self.vocab = Llama(model_path=str(model_path), vocab_only=True, verbose=False)
        meta = self.vocab.metadata
        eos = self.vocab._model.token_get_text(self.vocab.token_eos())
        bos = self.vocab._model.token_get_text(self.vocab.token_bos())
        self.format = Jinja2ChatFormatter(meta["tokenizer.chat_template"], eos_token=eos, bos_token=bos)
        self.requests: list[dict] = []
        self._cached: list[int] = []  # what llama.cpp holds after the last request: its prompt and answer
        process, send = chat.process, chat.process._chat  # warm's prime goes through it too

        def chat_logged(request: dict, emit, stop) -> None:
            tokens = self.tokens(request["messages"])
            reused = 0
            for a, b in zip(self._cached, tokens[:-1], strict=False):
                if a != b:
                    break
                reused += 1
            row = {"messages": request["messages"], "tokens": len(tokens), "reused": reused,
                   "differs_at": self.vocab.detokenize(tokens[reused:reused + 12]).decode(errors="replace"),
                   "first": None, "answer": "", "chunks": 0}
            self.requests.append(row)
            started = time.perf_counter()

            def emit_timed(text: str) -> None:
                if row["first"] is None:
                    row["first"] = time.perf_counter() - started
                row["answer"] += text
                row["chunks"] += 1
                emit(text)

            try:
                send(request, emit_timed, stop)
            finally:
                row["total"] = time.perf_counter() - started
                self._cached = tokens + self.vocab.tokenize(row["answer"].encode(), add_bos=False, special=True)

        process._chat = chat_logged

    def tokens(self, messages: list[dict]) -> list[int]:
        result = self.format(messages=messages)
        return self.vocab.tokenize(result.prompt.encode(), add_bos=not result.added_special, special=True)


async def converse(texts: list[str], home: Path) -> tuple[list[dict], PromptLog, int]:
    """Each turn through `Assistant.turn` as `Daemon.voice_answer` sends it; what the assistant lets out is recorded
    with its time and the model's tokens written by then, to be replayed through the voice's rules (`first_piece_at`)."""
    from jarvisd.assistant import build_assistant
    from jarvisd.daemon import VOICE_SESSION
    from jarvisd.llm.backend_choice import select_backends
    from jarvisd.llm.base import Message

    env = {"JARVIS_HOME": str(home), "OLLAMA_HOST": "http://127.0.0.1:9", "JARVIS_LLM__CONNECT_TIMEOUT_SEC": "0.5",
           "JARVIS_VOICE__LANGUAGE": "en", "JARVIS_VOICE__ACTIVATION": "always"}
    cfg = load_config(env=env)
    store = ModelStore(cfg.paths.models_dir)
    backends = await asyncio.to_thread(select_backends, cfg, store)
    assistant = await asyncio.to_thread(build_assistant, cfg, store, backends=backends)
    chat = backends.chat
    log = PromptLog(chat, chat.model_path)
    profile = assistant.agent.profile  # primed as the daemon does at start (`daemon._warm_model`)
    await asyncio.to_thread(chat.warm, [Message("system", profile.system_prompt(tools=False)), Message("user", "Hi")])
    turns = []
    try:
        for i, text in enumerate(texts, 1):
            before = len(log.requests)
            started = time.perf_counter()
            stream = []
            async for piece in assistant.turn(text, session=VOICE_SESSION, lang="en", turn_id=i):
                tokens = log.requests[-1]["chunks"] if len(log.requests) > before else 0
                stream.append((time.perf_counter() - started, tokens, piece))
            turns.append({"text": text, "requests": log.requests[before:], "stream": stream})
    finally:
        await assistant.close()
    return turns, log, int(cfg.voice.max_answer_sentences)


class WholeSentenceBudget:
    """`SpokenBudget` as it was before the sixty-first session: each sentence let out once its end mark came."""

    def __init__(self, limit: int) -> None:
        from jarvisd.sentences import SentenceSplitter

        self.limit, self._splitter, self._spoken = limit, SentenceSplitter(), 0

    def _take(self, sentences: list[str]) -> str:
        said = [s for s in sentences[: max(self.limit - self._spoken, 0)]]
        self._spoken += len(said)
        return " ".join(said) + " " if said else ""

    def feed(self, delta: str) -> str:
        return self._take(self._splitter.feed(delta))

    def end(self) -> str:
        return self._take(self._splitter.flush())


def first_piece_at(stream: list[tuple[float, int, str]], limit: int, new: bool) -> tuple[float, int, str] | None:
    """When the voice's first piece is ready to synthesize: the time and model tokens by then, and the piece, through
    the spoken budget and the pipeline's quick-start splitter (`SpokenTurns._write`): the rules of this session
    (`new`) or those before it (whole sentences out of the budget, no cut before a clause word)."""
    import jarvisd.sentences as sentences
    from jarvisd.voice.brevity import SpokenBudget

    saved = sentences._QUICK_WORDS
    sentences._QUICK_WORDS = saved if new else 10 ** 9
    try:
        budget = SpokenBudget(limit) if new else WholeSentenceBudget(limit)
        splitter = sentences.SentenceSplitter(quick_start=True)
        for at, tokens, piece in stream:
            for out in splitter.feed(budget.feed(piece)):
                return at, tokens, out
        if stream:
            at, tokens, _ = stream[-1]
            for out in [*splitter.feed(budget.end()), *splitter.flush()]:
                return at, tokens, out
        return None
    finally:
        sentences._QUICK_WORDS = saved


def bench_model(texts: list[str], home: Path | None, repeat: int) -> None:
    from jarvisd.voice.build import voice_path
    from jarvisd.voice.tts import SpeechSynthesizer

    home = home or Path(tempfile.mkdtemp(prefix="bench-turn-costs-home-"))
    print(f"\n== model: {len(texts)} turns through the assistant with the embedded model (JARVIS_HOME {home}); {load()}")
    turns, log, limit = asyncio.run(converse(texts, home))
    prime = log.requests[0]
    print(f"  (the prime at start: prompt {prime['tokens']} tokens, answered {prime['answer']!r})")
    synth = SpeechSynthesizer(voice_path(load_config()))
    synth.synthesize("Warm up.")
    rows, firsts = [], {False: [], True: []}
    for i, turn in enumerate(turns, 1):
        if not turn["requests"]:
            print(f"  {i:>2} {turn['text'][:34]:<34} (no model: rules or the desk)")
            continue
        for r in turn["requests"]:
            rows.append(r)
            first = "-" if r["first"] is None else f"{r['first']:.2f} s"
            print(f"  {i:>2} {turn['text'][:34]:<34} prompt {r['tokens']:>4} tok, reused {r['reused']:>4}, read "
                  f"{r['tokens'] - r['reused']:>3}; first token {first:>7}; differs at {r['differs_at'][:24]!r}")
        pieces = {new: first_piece_at(turn["stream"], limit, new) for new in (False, True)}
        took: dict[bool, list[float]] = {False: [], True: []}
        for _ in range(repeat):  # piper on both first pieces, interleaved
            for new, got in pieces.items():
                if got is not None:
                    started = time.perf_counter()
                    synth.synthesize(got[2])
                    took[new].append(time.perf_counter() - started)
        for new in (False, True):
            got = pieces[new]
            if got is None:
                continue
            tts = statistics.median(took[new])
            firsts[new].append((got[1], got[0] + tts))
            print(f"       {'after ' if new else 'before'}: first piece after {got[1]:>3} tokens, ready {got[0]:.2f} s, "
                  f"piper {tts:.2f} s -> {got[0] + tts:.2f} s  {got[2][:60]!r}")
    if rows:
        read = [r["tokens"] - r["reused"] for r in rows]
        print(f"  model requests {len(rows)}: prompt tokens median {statistics.median(r['tokens'] for r in rows):.0f} "
              f"(max {max(r['tokens'] for r in rows)}), read anew median {statistics.median(read):.0f} (max {max(read)})")
    for new in (False, True):
        if firsts[new]:
            print(f"  {'after ' if new else 'before'}: model tokens before the first piece median "
                  f"{statistics.median(t for t, _ in firsts[new]):.0f} (max {max(t for t, _ in firsts[new])}); turn start "
                  f"-> first piece synthesized median {statistics.median(s for _, s in firsts[new]):.2f} s "
                  f"(max {max(s for _, s in firsts[new]):.2f} s)")
    print(f"  {load()}")
    for m in rows[0]["messages"] if rows else []:
        print(f"  [{m['role']}] {m['content'][:300]!r}")


# First sentences SmolLM2 and the desk said in daemon runs 83 and 84 (events.jsonl), and a few of other lengths
FIRST_SENTENCES = [
    "Good morning!",
    "I'm doing well,",
    "Got it: book the train tickets,",
    "The capital of the United States is New York City.",
    "I'm here to help with any medical or health-related issues you're facing.",
    "One tip that can help you stay focused is to set a timer for 10 minutes and use it to focus on one task.",
    "I think the best way to start the day is a glass of water and a short walk outside.",
    "You have 3 things on your agenda: call the dentist, renew any slides, book the train tickets.",
]


def first_piece(sentence: str, quick: bool) -> str:
    """The first piece the voice pipeline synthesizes for an answer opening with `sentence` (`SentenceSplitter`
    with quick_start, as `SpokenTurns._write` uses it), or the whole sentence (`quick` False: the old rule is
    approximated by the comma cut alone)."""
    from jarvisd.sentences import SentenceSplitter

    splitter = SentenceSplitter(quick_start=True)
    pieces = splitter.feed(sentence + " And more. ") + splitter.flush()
    if quick:
        return pieces[0]
    comma = sentence.find(", ")
    return sentence[:comma + 1] if comma > 0 else sentence


def bench_tts(repeat: int) -> None:
    from jarvisd.voice.build import voice_path
    from jarvisd.voice.tts import SpeechSynthesizer

    synth = SpeechSynthesizer(voice_path(load_config()))
    synth.synthesize("Warm up.")
    print(f"\n== tts: piper on the first piece, {repeat} runs each, before (comma cut only) and after (a long first "
          f"sentence cut before a clause word) interleaved; {load()}")
    totals = {False: [], True: []}
    for sentence in FIRST_SENTENCES:
        times: dict[bool, list[float]] = {False: [], True: []}
        cpu: dict[bool, list[float]] = {False: [], True: []}
        audio: dict[bool, float] = {}
        for _ in range(repeat):
            for quick in (False, True):
                piece = first_piece(sentence, quick)
                wall, proc = time.perf_counter(), time.process_time()
                speech = synth.synthesize(piece)
                times[quick].append(time.perf_counter() - wall)
                cpu[quick].append(time.process_time() - proc)
                audio[quick] = len(speech.audio) / speech.rate
        for quick in (False, True):
            totals[quick].append(statistics.median(cpu[quick]))
        before, after = first_piece(sentence, False), first_piece(sentence, True)
        print(f"  {len(before.split()):>2} -> {len(after.split()):>2} words  wall {statistics.median(times[False]) * 1000:>4.0f} -> "
              f"{statistics.median(times[True]) * 1000:>4.0f} ms  cpu {statistics.median(cpu[False]) * 1000:>4.0f} -> "
              f"{statistics.median(cpu[True]) * 1000:>4.0f} ms  audio {audio[False]:.1f} -> {audio[True]:.1f} s  {after[:60]!r}")
    print(f"  cpu per first piece, median over the sentences: {statistics.median(totals[False]) * 1000:.0f} -> "
          f"{statistics.median(totals[True]) * 1000:.0f} ms; {load()}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--utterances", type=Path, help="a conversation run's utterances/ (default: espeak-ng anew)")
    parser.add_argument("--only", choices=("endpoint", "model", "tts"), action="append")
    parser.add_argument("--repeat", type=int, default=1, help="endpoint: replays per utterance (delay: the median)")
    parser.add_argument("--noise-db", type=float, help="endpoint: noise under the clips, e.g. -65 (default: none, "
                        "the digital silence of the daemon run's null sink)")
    parser.add_argument("--texts", choices=("heard", "said"), default="heard",
                        help="model: the turns as Whisper heard them in the run (events.jsonl next to --utterances) "
                             "or as the script said them")
    parser.add_argument("--home", type=Path, help="model: JARVIS_HOME for the assistant (default: a new temp dir)")
    args = parser.parse_args()
    parts = args.only or ["endpoint", "model", "tts"]
    if "endpoint" in parts:
        bench_endpoint(utterance_wavs(args.utterances), args.repeat, args.noise_db)
    if "tts" in parts:
        bench_tts(max(args.repeat, 5))
    if "model" in parts:
        bench_model(turn_texts(args.utterances, args.texts), args.home, max(args.repeat, 3))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
