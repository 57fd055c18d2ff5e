"""Who is being spoken to: activation modes and the wake phrase.

- `always`: every utterance with speech starts a turn.
- `wake`: with the wake word model (`wake_model=True`, `voice.wake_engine = openwakeword`) an utterance
  is transcribed and admitted only when the model heard "Hey Jarvis" in it (`woken`) or it falls in
  the follow-up window; the pipeline asks `wants_transcript` before Whisper runs. With the transcript
  engine every utterance is transcribed and must start with a wake phrase ("Jarvis", "자비스"), matched
  fuzzily because Whisper spells names freely ("Jarvis,", "Javis", "자비스야"). Either way, after each
  reply a follow-up window (`follow_up_sec`) accepts utterances without it; so does the time while a
  reply is being written and spoken. A bare "(Hey) Jarvis" opens the window.
  With the model and `verify` (`voice.wake_verify = transcript`), the model's fire is a first stage:
  an utterance it woke (or that follows it within `follow_up_sec`) takes a turn only when Whisper's
  transcript of it names the wake word (`heard_wake_word`); otherwise it is dropped and the window the
  fire opened is closed again. Utterances in a reply's follow-up window need no wake word, as before.
  With `voice.wake_verify = likelihood` (default) a transcript that lacks the name gets a second look:
  Whisper scores "Hey Jarvis" as the utterance's opening against other names (`confirm_by_likelihood`).
  With `voice.wake_confirm = opening` (default) the pipeline asks all this of the utterance's first
  OPENING_SEC before anything else runs on it (`confirm_opening`): a false fire costs that one check,
  not the woken utterance's speculative transcriptions, Smart Turn and transcription.
- `push_to_talk`: the microphone is only listened to while the toggle is open (HUD, tray, CLI).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from jarvisd.voice.guard import normalize_text
from jarvisd.voice.wake import slowed

MODES = ("wake", "always", "push_to_talk")
WAKE_SIMILARITY = 0.75
# The second stage after the wake word model (`heard_wake_word`): looser, since the model already heard
# it. Chosen on scripts/bench_wake.py's transcripts (Whisper base, docs/voice.md): Whisper wrote the name
# in woken wake clips as "Jarvis", "javis", "Davis", "Dorvis", "Jarmas", "garris", "Jar", "Jar Miss"
# (0.6-0.8 against "jarvis"), and in false fires on other speech "Hey John", "Jalana", "Caroline" (<= 0.4).
VERIFY_SIMILARITY = 0.6
# Real names within that spelling distance which Whisper writes as themselves, never for "Jarvis": "Hey Travis" (0.67
# against "jarvis") took a turn 9 times in 19 on the names set (wake63, docs/voice.md "Names like Jarvis"). Written so,
# the name is not Jarvis by spelling; the likelihood rule still weighs the audio ("Davis" stays: Whisper writes it for
# a true "Jarvis").
NOT_JARVIS = frozenset({"travis", "mavis", "harvey", "marvis", "carvis"})
# The likelihood rule (`voice.wake_verify = "likelihood"`, default): when the transcript of a woken
# utterance does not name Jarvis, Whisper is asked how likely each opening below is for the same audio
# (`SpeechRecognizer.opening_logprobs`, the sum of its tokens' log-probs). The fire is confirmed when the
# likeliest wake opening reaches LIKELY_FLOOR (the utterance does open with a greeting and a name) and
# comes within LIKELY_MARGIN of the likeliest other name (it is Jarvis, not John or Travis). Chosen on
# scripts/bench_wake.py's dev set (docs/voice.md, "A second stage that asks Whisper"): every woken wake
# clip's best wake opening was >= -12, and no utterance of the dev half hour of other speech (453, woken
# or not) reached -14.7.
WAKE_OPENINGS = ("Hey Jarvis", "Hey, Jarvis", "Jarvis")
OTHER_OPENINGS = ("Hey John", "Hey Travis", "Hey Davis", "Hey Jason", "Hey Charles", "Hey Mavis", "Hey Harvey",
                  "Hey there", "Hey guys")
LIKELY_FLOOR = -12.0
LIKELY_MARGIN = -2.0
# `voice.wake_confirm = opening` (default): a fire is confirmed on the first OPENING_SEC of its utterance
# (from the endpointer's pre-roll) before anything else runs on it (`confirm_opening`); chosen on
# scripts/bench_wake.py's dev set (docs/voice.md, "A false fire stops at the opening").
OPENING_SEC = 2.5
# Words people put before a name: "hey Jarvis", "ok Jarvis", "야 자비스".
_LEADING_WORDS = frozenset({"hey", "hi", "ok", "okay", "oh", "hello", "yo", "야", "헤이", "저기"})
# Korean vocative/topic particles that may be glued to the name: "자비스야", "자비스님", "자비스,".
_KO_SUFFIX = re.compile(r"(야|아|님|씨|는|가|이)$")


def _similar(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b).ratio()


def _own_greetings(phrase: str) -> int:
    """How many of a wake phrase's own first words are greetings ("hey jarvis": 1): the text's greetings passed over
    give those back, or a bare "Hey Jarvis." is one word short of the phrase (pass 64's low)."""
    words = phrase.split()
    count = 0
    while count < min(2, len(words) - 1) and words[count] in _LEADING_WORDS:
        count += 1
    return count


def strip_wake_phrase(text: str, phrases: Sequence[str], threshold: float = WAKE_SIMILARITY) -> str | None:
    """The rest of `text` when it starts with a wake phrase (fuzzy), else None.

    "Jarvis, what time is it?" -> "what time is it?"; "Javis." -> ""; "What time is it?" -> None.
    """
    words = text.split()
    norm = [normalize_text(w) for w in words]
    start = 0
    while start < len(norm) and (norm[start] in _LEADING_WORDS or not norm[start]):
        start += 1
        if start >= 2:
            break
    for phrase in phrases:
        target = normalize_text(phrase)
        size = max(1, len(target.split()))
        at = max(0, start - _own_greetings(target))   # "hey jarvis" as the phrase: its "hey" is not passed over
        if at + size > len(norm):
            continue
        candidate = "".join(norm[at:at + size])
        squeezed = target.replace(" ", "")
        if _similar(candidate, squeezed) >= threshold or _similar(_KO_SUFFIX.sub("", candidate), squeezed) >= threshold:
            return " ".join(words[at + size:]).lstrip(" ,.!?~-").strip()
    return None


def heard_wake_word(text: str, phrases: Sequence[str], threshold: float = VERIFY_SIMILARITY) -> bool:
    """Does Whisper's transcript of an utterance the wake word model woke confirm it? True when the words
    after at most two greetings ("hey", "ok", ...), the phrase's own number of words or one more run
    together ("Jar Miss"), resemble a wake phrase by `threshold`: "Hey Jarvis, ...", "Hey, Davis." and
    "Hey Jar" do; "Hey John.", "Thanks John!" and "Welcome!" do not."""
    return wake_word_end(text, phrases, threshold) is not None


def wake_word_end(text: str, phrases: Sequence[str], threshold: float = VERIFY_SIMILARITY) -> int | None:
    """How many of `text.split()` words the confirmed wake word takes, greetings included ("paid Jarvis."
    -> 2: Whisper's "paid" for "hey" runs into the name), None when `heard_wake_word` would say no."""
    raw = text.split()
    kept = [(i, w) for i, w in ((i, normalize_text(x)) for i, x in enumerate(raw)) if w]
    words = [w for _, w in kept]
    start = 0
    while start < min(2, len(words)) and words[start] in _LEADING_WORDS:
        start += 1
    for phrase in phrases:
        target = normalize_text(phrase).replace(" ", "")
        size = max(1, len(normalize_text(phrase).split()))
        at = max(0, start - _own_greetings(normalize_text(phrase)))
        for extra in (0, 1):
            if at + size + extra > len(words):
                break
            candidate = "".join(words[at:at + size + extra])
            if candidate in NOT_JARVIS:
                continue
            if max(_similar(candidate, target), _similar(_KO_SUFFIX.sub("", candidate), target)) >= threshold:
                return kept[at + size + extra - 1][0] + 1
    return None


def likely_wake_opening(logprobs: Sequence[Sequence[float]], floor: float = LIKELY_FLOOR,
                        margin: float = LIKELY_MARGIN) -> str | None:
    """The wake opening Whisper finds likely enough for the audio, else None. `logprobs`: per opening of
    WAKE_OPENINGS + OTHER_OPENINGS, in that order, its tokens' log-probs (`opening_logprobs`)."""
    scores = [sum(lp) if len(lp) else float("-inf") for lp in logprobs]
    wake, other = scores[:len(WAKE_OPENINGS)], scores[len(WAKE_OPENINGS):]
    best = max(range(len(wake)), key=wake.__getitem__)
    if wake[best] >= floor and wake[best] - max(other, default=float("-inf")) >= margin:
        return WAKE_OPENINGS[best]
    return None


def wake_opening_score(logprobs: Sequence[Sequence[float]]) -> float:
    """The likeliest wake opening's log-prob (`logprobs` as for `likely_wake_opening`)."""
    return max((sum(lp) if len(lp) else float("-inf")) for lp in logprobs[:len(WAKE_OPENINGS)])


class OpeningScorer(Protocol):
    def opening_logprobs(self, audio: np.ndarray, openings: Sequence[str], language: str = "en") -> list[list[float]]:
        ...

    def transcribe_after(self, audio: np.ndarray, opening: str, language: str = "en") -> str:
        ...


def confirm_by_likelihood(recognizer: OpeningScorer, audio: np.ndarray) -> str | None:
    """The likelihood rule on a woken utterance whose transcript lacks the name: its transcript decoded
    after the likely wake opening ("Hey Jarvis, play some music." where free decoding wrote "Hey novice,
    play some music."), or None when Whisper does not find "Hey Jarvis" likely."""
    opening = likely_wake_opening(recognizer.opening_logprobs(audio, WAKE_OPENINGS + OTHER_OPENINGS))
    return None if opening is None else recognizer.transcribe_after(audio, opening)


class OpeningChecker(OpeningScorer, Protocol):
    def transcribe(self, audio: np.ndarray):  # -> stt.Transcription (its `.text`)
        ...


def confirm_opening(recognizer: OpeningChecker, audio: np.ndarray, phrases: Sequence[str],
                    likelihood: bool = True, slow_speeds: Sequence[float] = (), heard: str | None = None) -> str | None:
    """`voice.wake_confirm = opening`: is the wake word in `audio`, the first OPENING_SEC of an utterance the
    model woke? The likely wake opening ("Hey Jarvis", `likely_wake_opening`, with `likelihood`), else the
    words of the opening's transcript that name it ("Hey, Davis", "자비스야": `wake_word_end`), else the likely
    wake opening of `audio` slowed to each of `slow_speeds` (`voice.wake_confirm_slow`: fast speech Whisper
    hears as "Hey John, this" at its own pace), asked only when at its own pace the wake opening reached
    LIKELY_FLOOR and lost on the margin alone; else None (a false fire: the pipeline stops there, before the
    woken utterance's speculative transcriptions, Smart Turn and its transcription). Likelihood first: for a
    true "Hey Jarvis" it mostly decides alone, and its encoder run is the one the transcript reuses when it
    does not. `heard`: the opening's transcript when it is known already (then it is asked first)."""
    if heard is not None and (end := wake_word_end(heard, phrases)) is not None:
        return " ".join(heard.split()[:end]).rstrip(" ,.!?~-")
    scoring, near = likelihood and hasattr(recognizer, "opening_logprobs"), False
    if scoring:
        logprobs = recognizer.opening_logprobs(audio, WAKE_OPENINGS + OTHER_OPENINGS)
        if (opening := likely_wake_opening(logprobs)) is not None:
            return opening
        near = wake_opening_score(logprobs) >= LIKELY_FLOOR  # a greeting and a name, just not clearly this one
    text = recognizer.transcribe(audio).text if heard is None else heard
    if (end := wake_word_end(text, phrases)) is not None:
        return " ".join(text.split()[:end]).rstrip(" ,.!?~-")
    for speed in slow_speeds if near else ():
        opening = likely_wake_opening(recognizer.opening_logprobs(slowed(audio, speed), WAKE_OPENINGS + OTHER_OPENINGS))
        if opening is not None:
            return opening
    return None


@dataclass(frozen=True)
class Admission:
    accepted: bool
    text: str  # what the agent gets (the wake phrase removed)
    reason: str  # "always" | "wake phrase" | "follow-up" | "push-to-talk" | why not


class Activation:
    """Decides, per transcript, whether a turn starts. Time is passed in (seconds, any clock)."""

    def __init__(self, mode: str, wake_phrases: Sequence[str] = ("jarvis", "자비스"),
                 follow_up_sec: float = 8.0, wake_model: bool = False, verify: bool = False) -> None:
        if mode not in MODES:
            raise ValueError(f"activation must be one of {', '.join(MODES)} (got {mode!r})")
        self.mode = mode
        self.wake_model = wake_model and mode == "wake"
        self.wake_phrases = tuple(wake_phrases)
        self.follow_up_sec = follow_up_sec
        self.verify = verify
        self.push_to_talk_open = False
        self._follow_up_until = float("-inf")  # a reply's window (or a confirmed bare wake phrase's)
        self._woken_until = float("-inf")  # the window the wake word model's last fire opened

    @property
    def listening(self) -> bool:
        """Is the microphone listened to at all? Only push-to-talk closes it."""
        return self.mode != "push_to_talk" or self.push_to_talk_open

    def toggle_push_to_talk(self, open_: bool | None = None) -> bool:
        self.push_to_talk_open = (not self.push_to_talk_open) if open_ is None else open_
        return self.push_to_talk_open

    def open_follow_up(self, now: float) -> None:
        """A reply finished (or a bare wake phrase was heard): the next utterance needs no wake phrase."""
        self._follow_up_until = now + self.follow_up_sec

    def hold_follow_up(self) -> None:
        """A turn is under way: until its reply ends (then `open_follow_up`), no wake phrase is needed."""
        self._follow_up_until = float("inf")

    def wake_heard(self, now: float) -> None:
        """The wake word model fired: what follows within the window is transcribed (never shortens a
        window that is already longer, such as a reply under way). Without `verify` the window is a
        follow-up window; with it, the utterances in it must name the wake word (`admit`)."""
        if self.verify:
            self._woken_until = max(self._woken_until, now + self.follow_up_sec)
        else:
            self._follow_up_until = max(self._follow_up_until, now + self.follow_up_sec)

    def wants_transcript(self, now: float, woken: bool = False) -> bool:
        """Should Whisper run on an utterance that ended now? With the wake word model, only when the
        model heard the wake word in it, just before it, or it is in the follow-up window; otherwise always."""
        return not self.wake_model or woken or self.in_follow_up(now) or now <= self._woken_until

    def needs_confirmation(self, now: float, woken: bool = False) -> bool:
        """Would `admit` ask this utterance's transcript to name the wake word (a fire to confirm)?"""
        return self.wake_model and self.verify and not self.in_follow_up(now) and (woken or now <= self._woken_until)

    def reject_fire(self) -> None:
        """The wake word was not at the woken utterance's opening (`confirm_opening`): a false fire, so what
        follows needs the wake word again."""
        self._woken_until = float("-inf")

    def close_follow_up(self) -> None:
        self._follow_up_until = float("-inf")

    def in_follow_up(self, now: float) -> bool:
        return now <= self._follow_up_until

    def admit(self, text: str, now: float, woken: bool = False) -> Admission:
        if self.mode == "always":
            return Admission(True, text, "always")
        if self.mode == "push_to_talk":
            return Admission(True, text, "push-to-talk")
        rest = strip_wake_phrase(text, self.wake_phrases)
        if self.wake_model:
            return self._admit_woken(text, rest, now, woken)
        if rest is not None:
            if not rest:
                self.open_follow_up(now)
                return Admission(False, "", "wake phrase only: listening")
            return Admission(True, rest, "wake phrase")
        if self.in_follow_up(now):
            return Admission(True, text, "follow-up")
        return Admission(False, text, "no wake phrase")

    def _admit_woken(self, text: str, rest: str | None, now: float, woken: bool) -> Admission:
        """The wake word model decided who is spoken to (with `verify`, confirmed by the transcript); the
        transcript only loses its "Hey Jarvis"."""
        following = self.in_follow_up(now)
        if not (woken or following or now <= self._woken_until):
            return Admission(False, text, "no wake word")
        end = wake_word_end(text, self.wake_phrases) if self.verify and not following else None
        if self.verify and not following and end is None:
            self._woken_until = float("-inf")  # a false fire: what follows it needs a wake word again
            return Admission(False, text, "wake word not in the transcript")
        if rest is None and end is not None:   # "paid Jarvis." (Whisper's "hey"): confirmed, so taken off
            rest = " ".join(text.split()[end:]).lstrip(" ,.!?~-").strip()
        if rest == "":
            self.open_follow_up(now)
            return Admission(False, "", "wake word only: listening")
        return Admission(True, text if rest is None else rest, "follow-up" if following and not woken else "wake word")


