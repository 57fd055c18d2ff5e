"""Approval by voice, on real parts: Whisper hears the request, the scripted model calls an
approval-required tool, piper says the question inside the answer, Whisper hears "yes", and the waiting
turn runs the tool and answers; the "yes" starts no turn of its own. (Korean answers are tested through
text in tests/approvals: espeak-ng's Korean is not intelligible to Whisper base.)"""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from jarvisd.agent.tools import Tool
from jarvisd.approvals import ApprovalResolved, connect_voice, say_questions
from jarvisd.assistant import build_assistant
from jarvisd.config import load_config
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore
from jarvisd.voice.build import build_pipeline
from jarvisd.voice.events import SentenceReady, Transcript, TurnStarted
from jarvisd.voice.files import WavFileSink, WavFileSource
from jarvisd.voice.settings import VoiceSettings
from tests.voice.conftest import EventLog, compose, espeak


@pytest.mark.slow  # Whisper, piper and PulseAudio
async def test_a_spoken_yes_approves_the_call_the_running_turn_waits_on(cfg, models, speech_dir, tmp_path):
    wav = compose(tmp_path / "approve.wav", espeak("Please send Sam an email about lunch.", speech_dir / "mail.wav"),
                  5.0, espeak("Yes.", speech_dir / "yes.wav"), 4.0)
    home = load_config(env={"JARVIS_HOME": str(tmp_path), "JARVIS_OPENLOOP__JUDGE": "rules"})
    chat = ScriptedChatModel([
        {"text": "", "tool_calls": [{"name": "send_mail", "arguments": {"to": "Sam", "subject": "Lunch"}}]},
        {"text": "I sent the email to Sam."}])
    backends = Backends(chat=chat, thought=ScriptedChatModel([]), embedder=None, notes=["scripted"])
    assistant = build_assistant(home, ModelStore(tmp_path / "models"), backends=backends)
    sent = []
    assistant.agent.tools.register(Tool("send_mail", "send an e-mail", lambda ctx, args: sent.append(args) or "sent",
                                        {"type": "object", "properties": {"to": {"type": "string"},
                                                                          "subject": {"type": "string"}}}))
    assistant.agent.tools.require_approval(["send_mail"])  # the admin's list (the config names built tools only)
    log = EventLog(assistant.bus)
    settings = dataclasses.replace(VoiceSettings.from_config(cfg.voice), activation="always", language="en")
    pipeline = build_pipeline(cfg, lambda text, lang, uid: assistant.turn(text, session="voice", lang=lang),
                              source=WavFileSource(wav, realtime=True), sink=WavFileSink(None, realtime=True),
                              models=models, bus=assistant.bus, settings=settings)
    connect_voice(pipeline, assistant, "voice")  # as the daemon does
    asking = asyncio.create_task(say_questions(assistant.bus, assistant.approvals, pipeline.ask))
    await pipeline.start()
    try:
        await pipeline.run_until_source_ends()
    finally:
        asking.cancel()
        await pipeline.stop()
        await assistant.close()
    heard = [t.text for t in log.of(Transcript)]
    assert len(heard) == 2 and "yes" in heard[1].lower(), heard
    assert len(log.of(TurnStarted)) == 1, "the yes answered the question; it started no turn"
    assert sent == [{"to": "Sam", "subject": "Lunch"}]
    assert [(e.approved, e.by) for e in log.of(ApprovalResolved)] == [(True, "turn")]
    said = [s.text for s in log.of(SentenceReady)]
    assert said == ["Should I run send mail (to: Sam, subject: Lunch)?", "I sent the email to Sam."]
