"""The hallucination guard: which transcripts never reach the agent.

Whisper, given silence or noise, writes plausible text ("Thank you.", "시청해주셔서 감사합니다").
Audio without detected speech never gets here (the endpointer only closes utterances with speech);
what does get here is dropped when it is one of the known silence phrases spoken at low energy, or
when Whisper itself says it heard no speech. Pure functions: no audio, no model.
"""

from __future__ import annotations

import re
import unicodedata

# Phrases Whisper is known to produce from silence, noise or music (from its subtitle training data).
SILENCE_HALLUCINATIONS = frozenset({
    "thank you", "thank you very much", "thanks", "thanks for watching", "thank you for watching",
    "thank you so much for watching", "please subscribe", "subscribe", "like and subscribe", "bye",
    "bye bye", "you", "so", "okay", "oh", "uh", "um", "hmm", "the end", "music",
    "subtitles by the amaraorg community", "transcribed by", "i'm sorry",
    "감사합니다", "시청해주셔서 감사합니다", "시청해 주셔서 감사합니다", "구독과 좋아요 부탁드립니다",
    "구독 좋아요 알림설정", "다음 영상에서 만나요", "네", "아", "음",
})
_SQUEEZED = frozenset(p.replace(" ", "") for p in SILENCE_HALLUCINATIONS)
LOW_ENERGY_DBFS = -40.0  # an utterance quieter than this is "low energy" (speech at a mic is ~ -30..-15)
NO_SPEECH_PROB = 0.6
LOW_LOGPROB = -1.0


def normalize_text(text: str) -> str:
    """Lowercase, no punctuation, single spaces: how transcripts are compared."""
    text = unicodedata.normalize("NFKC", text).lower().replace("\u2019", "'")
    text = re.sub(r"[^\w\s']", " ", text)
    return " ".join(text.split())


def is_silence_hallucination(text: str) -> bool:
    return normalize_text(text).replace(" ", "") in _SQUEEZED


# A stop said to the assistant ("Stop.", "Jarvis, be quiet", "그만"): the answer ends, no turn starts.
# Sent to the model as a turn it made a new answer to "Stop!" (CI, stop 41: espeak's "Stop. What time is it
# now?" pauses 290 ms after "Stop." and the Smart Turn model rightly ended the utterance there).
STOP_COMMANDS = frozenset({
    "stop", "stop it", "stop talking", "stop that", "stop please", "please stop", "ok stop", "okay stop",
    "wait", "wait wait", "hold on", "quiet", "be quiet", "shh", "shush", "hush", "that's enough", "stop stop",
    "shut up", "enough", "ok that's enough", "okay that's enough", "quiet please", "please be quiet",
    "그만", "그만해", "그만해요", "그만해 줘", "그만해줘", "멈춰", "멈춰줘", "멈춰 줘", "잠깐", "잠깐만", "조용히 해",
    "조용히", "쉿",
})  # not "never mind", "cancel that", "됐어": to the agenda those close the promise just made
_CALL_WORDS = ("jarvis", "hey jarvis", "자비스", "hey", "oh")


def is_stop_command(text: str) -> bool:
    """Is the transcript only a stop ("Stop!", "Jarvis, stop.", "그만해")? Pure; a stop with more words after
    it ("stop, what time is it") is a turn."""
    said = normalize_text(text)
    for call in _CALL_WORDS:
        if said.startswith(call + " "):
            said = said[len(call) + 1:]
            break
    return said in STOP_COMMANDS


def rejection_reason(text: str, rms_dbfs: float, no_speech_prob: float = 0.0,
                     avg_logprob: float = 0.0, low_energy_dbfs: float = LOW_ENERGY_DBFS) -> str | None:
    """Why this transcript must not start a turn, or None when it may."""
    if not any(ch.isalnum() for ch in text):
        return "no words"
    if no_speech_prob > NO_SPEECH_PROB and avg_logprob < LOW_LOGPROB:
        return "whisper heard no speech"
    if is_silence_hallucination(text) and rms_dbfs < low_energy_dbfs:
        return "silence hallucination"
    if _looping(text):
        return "repetition loop"
    return None


def _looping(text: str) -> bool:
    """Whisper's other failure on noise: one short phrase repeated many times."""
    words = normalize_text(text).split()
    if len(words) < 8:
        return False
    for n in range(1, 4):
        grams = [" ".join(words[i:i + n]) for i in range(0, len(words) - n + 1, n)]
        if grams and max(grams.count(g) for g in set(grams)) * n >= 0.8 * len(words):
            return True
    return False
