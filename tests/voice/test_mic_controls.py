"""The HUD's and tray's microphone controls act on the real pipeline: mute hears nothing, the talk
button opens push-to-talk."""


import pytest

from jarvisd.events import StatusChanged
from jarvisd.voice.events import SpeechStarted, TurnStarted
from tests.voice.conftest import run_file_pipeline
from tests.voice.test_voice_files import question, scripted  # noqa: F401 (fixture)

pytestmark = pytest.mark.slow  # Whisper and piper


async def run(cfg, models, wav, *, activation, before):
    return await run_file_pipeline(cfg, models, wav, scripted("Nothing today."), before, activation=activation,
                                   language="en")


async def test_a_muted_microphone_hears_nothing(cfg, models, question):  # noqa: F811
    log = await run(cfg, models, question, activation="always", before=lambda p: p.set_muted(True))
    assert not log.of(SpeechStarted) and not log.of(TurnStarted)
    assert any(e.part == "mic" and e.state == "muted" for e in log.of(StatusChanged))


async def test_unmuting_hears_again(cfg, models, question):  # noqa: F811
    def mute_then_unmute(p):
        p.set_muted(True)
        p.set_muted(False)

    log = await run(cfg, models, question, activation="always", before=mute_then_unmute)
    assert len(log.of(TurnStarted)) == 1


async def test_the_talk_button_opens_push_to_talk(cfg, models, question):  # noqa: F811
    log = await run(cfg, models, question, activation="push_to_talk", before=lambda p: p.talk(True))
    assert len(log.of(TurnStarted)) == 1
