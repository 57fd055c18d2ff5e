"""Choosing sound devices on a real PulseAudio server (null sinks): by name, by index, the default, and
a clear NoAudioDevice naming the devices there are when the one asked for is not there."""

from __future__ import annotations

import pytest

from jarvisd.voice.devices import NoAudioDevice, find_device

pytestmark = pytest.mark.slow


def test_empty_means_the_system_default(pulse):
    assert find_device("", "input") is None
    assert find_device("", "output") is None


def test_a_name_picks_the_device_that_contains_it(pulse):
    index = find_device("PULSE", "input")    # case-insensitive substring
    assert isinstance(index, int) and index >= 0
    assert find_device(str(index), "output") == index


@pytest.mark.parametrize("spec, said", [("no-such-microphone", "no input device matches 'no-such-microphone'"),
                                        ("99", "input device #99 does not exist")])
def test_a_device_that_is_not_there_is_refused_with_the_ones_there_are(pulse, spec, said):
    with pytest.raises(NoAudioDevice) as err:
        find_device(spec, "input")
    assert said in str(err.value) and "#0 pulse" in str(err.value)
