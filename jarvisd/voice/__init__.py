"""Hands-free voice: audio in/out (devices and WAV files), endpointing, Whisper, streamed piper speech,
barge-in, echo protection and activation modes. Start at `build.py` (from config) and `pipeline.py`.
"""

from jarvisd.voice.answering import AnswerFn
from jarvisd.voice.pipeline import VoicePipeline
from jarvisd.voice.settings import VoiceSettings

__all__ = ["AnswerFn", "VoicePipeline", "VoiceSettings"]
