"""The pure rules around the voice pipeline: sentences, the hallucination guard, wake phrases, echo,
and the endpointer's state machine (fed made-up speech probabilities)."""

from __future__ import annotations

import numpy as np
import pytest

from jarvisd.sentences import SentenceSplitter, split_sentences
from jarvisd.voice.activation import Activation, strip_wake_phrase
from jarvisd.voice.audio import FRAME_SAMPLES, FRAME_SEC, resample, rms_dbfs
from jarvisd.voice.echo import echo_correlation, repeats_spoken_text
from jarvisd.voice.endpointing import Endpointer, EndpointSettings, Utterance
from jarvisd.voice.guard import is_stop_command, rejection_reason

# --- sentences -------------------------------------------------------------------------------------


def test_a_sentence_is_released_as_soon_as_the_next_word_starts():
    splitter = SentenceSplitter()
    assert splitter.feed("It is ten past three") == []
    assert splitter.feed(". The") == ["It is ten past three."]
    assert splitter.feed(" meeting is at four.") == []
    assert splitter.flush() == ["The meeting is at four."]


def test_korean_and_cjk_punctuation_end_sentences():
    assert split_sentences("네, 알겠습니다. 내일 오전 9시에 알려드릴게요! 괜찮으세요?") == [
        "네, 알겠습니다.", "내일 오전 9시에 알려드릴게요!", "괜찮으세요?"]
    assert split_sentences("好的。明天见！") == ["好的。", "明天见！"]


def test_numbers_abbreviations_and_initials_do_not_end_a_sentence():
    assert split_sentences("It costs 3.5 dollars. Ask Dr. Kim or J. Smith, e.g. tomorrow.") == [
        "It costs 3.5 dollars.", "Ask Dr. Kim or J. Smith, e.g. tomorrow."]


def test_a_decimal_split_across_deltas_stays_one_number():
    splitter = SentenceSplitter()
    assert splitter.feed("Pi is 3.") == []
    assert splitter.feed("14 roughly. Next") == ["Pi is 3.14 roughly."]


def test_punctuation_only_fragments_are_not_spoken():
    assert split_sentences("... ! Hello there.") == ["Hello there."]


def test_a_very_long_clause_is_spoken_at_a_comma():
    long = "word " * 40
    parts = SentenceSplitter().feed(long + ", and then more")
    assert parts and parts[0].endswith(",")


# --- hallucination guard ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["Thank you.", "thanks for watching!", "시청해주셔서 감사합니다.", "you"])
def test_known_silence_phrases_are_dropped_when_quiet(text):
    assert rejection_reason(text, rms_dbfs=-55.0) == "silence hallucination"


def test_known_phrases_spoken_out_loud_still_count():
    assert rejection_reason("Thank you.", rms_dbfs=-20.0) is None


def test_whisper_no_speech_verdict_drops_the_transcript():
    assert rejection_reason("Hello world", rms_dbfs=-20.0, no_speech_prob=0.9, avg_logprob=-1.5) is not None
    assert rejection_reason("Hello world", rms_dbfs=-20.0, no_speech_prob=0.9, avg_logprob=-0.2) is None


def test_empty_punctuation_and_loops_are_dropped():
    assert rejection_reason(" ... ", -20.0) == "no words"
    assert rejection_reason("yes yes yes yes yes yes yes yes yes", -20.0) == "repetition loop"
    assert rejection_reason("What is on my calendar tomorrow morning after the standup?", -20.0) is None


# --- wake phrase and activation ------------------------------------------------------------------


@pytest.mark.parametrize("text", ["Stop!", "Stop.", "Jarvis, stop.", "Okay, stop.", "Be quiet.", "Shh.", "그만해.",
                                  "잠깐만", "Hey Jarvis, stop it!", "Wait.", "Shut up.", "Jarvis, enough.", "Okay, that's enough."])
def test_a_bare_stop_is_a_stop_command(text):
    assert is_stop_command(text)


@pytest.mark.parametrize("text", ["Stop. What time is it now?", "Stop the timer.", "wait, the 3rd",
                                  "never mind", "cancel that", "됐어", "그만 만나기로 했어", "I'll stop by the bank"])
def test_a_stop_with_more_words_or_an_agenda_closing_is_not(text):
    assert not is_stop_command(text)


@pytest.mark.parametrize("text,rest", [
    ("Jarvis, what time is it?", "what time is it?"),
    ("Hey Jarvis what time is it", "what time is it"),
    ("Javis. Turn on the lights.", "Turn on the lights."),
    ("자비스야 내일 일정 알려줘", "내일 일정 알려줘"),
    ("자비스, 지금 몇 시야?", "지금 몇 시야?"),
    ("Jarvis.", ""),
])
def test_wake_phrase_is_matched_fuzzily_at_the_start(text, rest):
    assert strip_wake_phrase(text, ["jarvis", "자비스"]) == rest


@pytest.mark.parametrize("text", ["What time is it?", "I told Jarvis yesterday", "내일 일정 알려줘", "Service please"])
def test_no_wake_phrase_at_the_start_means_no_match(text):
    assert strip_wake_phrase(text, ["jarvis", "자비스"]) is None


def test_wake_mode_needs_the_phrase_except_in_the_follow_up_window():
    act = Activation("wake", follow_up_sec=8.0)
    assert not act.admit("what time is it", now=100.0).accepted
    admitted = act.admit("Jarvis, what time is it", now=101.0)
    assert admitted.accepted and admitted.text == "what time is it"
    act.open_follow_up(now=105.0)
    assert act.admit("and tomorrow?", now=110.0).accepted
    assert not act.admit("and the day after?", now=113.5).accepted


def test_a_bare_wake_phrase_opens_the_window_for_the_command():
    act = Activation("wake", follow_up_sec=5.0)
    assert not act.admit("Jarvis.", now=10.0).accepted
    assert act.admit("set a timer", now=12.0).text == "set a timer"


def test_push_to_talk_listens_only_while_open():
    act = Activation("push_to_talk")
    assert not act.listening
    assert act.toggle_push_to_talk() is True and act.listening
    assert act.admit("anything at all", now=0.0).accepted
    assert act.toggle_push_to_talk() is False and not act.listening


def test_always_mode_takes_everything_and_unknown_modes_are_refused():
    assert Activation("always").admit("hello", 0.0).accepted
    with pytest.raises(ValueError):
        Activation("sometimes")


# --- echo --------------------------------------------------------------------------------------------


def _noise(seconds: float, seed: int, rate: int = 16000) -> np.ndarray:
    return np.random.default_rng(seed).normal(0, 0.1, int(seconds * rate)).astype(np.float32)


def test_a_delayed_quieter_copy_of_the_output_is_recognised_as_echo():
    played = _noise(3.0, seed=1)
    mic = 0.3 * played[20000:27680] + _noise(0.48, seed=2) * 0.02
    assert echo_correlation(mic, played) > 0.9


def test_the_users_own_voice_is_not_echo():
    assert echo_correlation(_noise(0.48, seed=3), _noise(3.0, seed=4)) < 0.2


def test_echo_survives_the_round_trip_through_another_sample_rate():
    played = resample(_noise(3.0, seed=5, rate=22050), 22050, 16000)
    mic = resample(resample(played, 16000, 44100), 44100, 16000)[16000:23680] * 0.5
    assert echo_correlation(mic, played) > 0.8


def test_a_transcript_that_repeats_the_answer_is_the_assistants_own_voice():
    spoken = "The weather tomorrow will be sunny with a high of twenty degrees."
    assert repeats_spoken_text("sunny with a high of twenty", spoken)
    assert not repeats_spoken_text("stop, what about Saturday?", spoken)


# --- endpointer --------------------------------------------------------------------------------------


def _run(endpointer: Endpointer, probs: list[float]) -> list[object]:
    out = []
    for i, p in enumerate(probs):
        frame = np.full(FRAME_SAMPLES, 0.1 if p >= 0.5 else 0.0, dtype=np.float32)
        result = endpointer.push(frame, p, at=(i + 1) * FRAME_SEC)
        if result is not None:
            out.append(result)
    return out


def _frames(seconds: float) -> int:
    return round(seconds / FRAME_SEC)


def test_an_utterance_ends_after_the_trailing_silence():
    ep = Endpointer(EndpointSettings(min_speech_ms=250, trailing_silence_ms=600))
    probs = [0.0] * 10 + [0.9] * _frames(1.0) + [0.0] * _frames(1.0)
    started, utt = _run(ep, probs)
    assert isinstance(started, float) and isinstance(utt, Utterance)
    assert utt.speech_end_at == pytest.approx((10 + _frames(1.0)) * FRAME_SEC)
    assert utt.ended_at - utt.speech_end_at == pytest.approx(_frames(0.6) * FRAME_SEC)
    assert 1.0 <= len(utt.audio) / 16000 <= 1.0 + 0.32 + 0.16 + FRAME_SEC  # pre-roll and tail kept


def test_a_short_pause_inside_speech_does_not_end_it():
    ep = Endpointer(EndpointSettings(trailing_silence_ms=600))
    probs = [0.9] * 20 + [0.0] * _frames(0.4) + [0.9] * 20 + [0.0] * _frames(0.7)
    results = _run(ep, probs)
    assert [type(r).__name__ for r in results] == ["float", "Utterance"]


def test_a_click_shorter_than_min_speech_is_forgotten():
    ep = Endpointer(EndpointSettings(min_speech_ms=250))
    assert _run(ep, [0.0] * 5 + [0.9] * 3 + [0.0] * 40) == []


def test_an_endless_utterance_is_cut_at_max_length():
    ep = Endpointer(EndpointSettings(max_utterance_sec=2.0))
    utt = next(r for r in _run(ep, [0.9] * _frames(3.0)) if isinstance(r, Utterance))
    assert utt.forced
    assert len(utt.audio) / 16000 <= 2.0 + 0.05


def test_finish_closes_open_speech_but_not_an_unconfirmed_blip():
    ep = Endpointer()
    _run(ep, [0.9] * 20)
    assert isinstance(ep.finish(at=5.0), Utterance)
    _run(ep, [0.9] * 2)
    assert ep.finish(at=6.0) is None


def test_loudness_is_measured_in_dbfs():
    assert rms_dbfs(np.zeros(100, np.float32)) == -120.0
    assert rms_dbfs(np.full(100, 0.1, np.float32)) == pytest.approx(-20.0, abs=0.01)


def test_while_a_reply_is_under_way_no_wake_phrase_is_needed():
    act = Activation("wake", follow_up_sec=2.0)
    act.hold_follow_up()
    assert act.admit("wait, make it tomorrow", now=1000.0).accepted
    act.open_follow_up(now=1000.0)
    assert not act.admit("unrelated chatter", now=1003.0).accepted


def test_the_provisional_utterance_is_exactly_what_closes_if_no_speech_follows():
    ep = Endpointer(EndpointSettings(trailing_silence_ms=600, tail_ms=160))
    rng = np.random.default_rng(3)
    probs = [0.0] * 5 + [0.9] * 30 + [0.0] * 30
    provisional, closed = None, None
    for i, p in enumerate(probs):
        result = ep.push(rng.normal(0, 0.1, FRAME_SAMPLES).astype(np.float32), p, at=(i + 1) * FRAME_SEC)
        if ep.silence_frames == 6:
            provisional = ep.provisional()
        if isinstance(result, Utterance):
            closed = result
    assert provisional is not None and closed is not None
    key, audio = provisional
    assert key == closed.speech_frames
    assert np.array_equal(audio, closed.audio)


def test_a_looping_short_context_transcript_is_sent_back_for_the_full_window():
    from jarvisd.voice.stt import _suspicious

    assert _suspicious("Stop! What time is it now? Stop! What time is it now? What time is")
    assert _suspicious("la la la la la la la la la la la la la la la")
    assert not _suspicious("Can you tell me what is on my calendar for tomorrow morning and afternoon please?")


def test_quick_start_lets_only_the_first_piece_end_at_a_comma():
    splitter = SentenceSplitter(quick_start=True)
    assert splitter.feed("Sure, here is what I found, in short. Then, more") == [
        "Sure,", "here is what I found, in short."]
    assert splitter.flush() == ["Then, more"]
    assert SentenceSplitter(quick_start=True).feed("It costs 1,500 won. Ok") == ["It costs 1,500 won."]


def test_quick_start_does_not_end_the_first_piece_at_a_colon():
    """"Got it:" synthesized alone was heard as "add it," (the daemon test of a spoken promise): the desk's
    confirmation stays one piece up to its comma."""
    splitter = SentenceSplitter(quick_start=True)
    assert splitter.feed("Got it: send the budget report to the finance team, tomorrow at 3 PM. ") == [
        "Got it: send the budget report to the finance team,", "tomorrow at 3 PM."]


def test_quick_start_cuts_a_long_first_sentence_before_a_clause_word():
    """A first sentence of 12 words or more with no comma in them was synthesized whole before anything played
    (piper 0.51 s for SmolLM2's "One tip that can help you stay focused is to set a timer ...", daemon run 84):
    it is spoken from a clause word ("is", "and", "which", ...) found after 4 words or more, with 3 more after it."""
    splitter = SentenceSplitter(quick_start=True)
    assert splitter.feed("One tip that can help you stay focused is to set a timer for 10 minutes and use it "
                         "to focus on one task. This can help. ") == [
        "One tip that can help you stay focused",
        "is to set a timer for 10 minutes and use it to focus on one task.", "This can help."]
    # streamed word by word: cut once the 12th word is in, before the clause word
    streamed = SentenceSplitter(quick_start=True)
    pieces = [p for w in "I think the best way to start the day is a glass of water.".split()
              for p in streamed.feed(w + " ")]
    assert pieces[0] == "I think the best way to start the day"
    assert " ".join(pieces + streamed.flush()) == "I think the best way to start the day is a glass of water."


def test_quick_start_keeps_short_or_comma_first_sentences_and_later_sentences_whole():
    # shorter than 12 words, a comma before the 12th, no clause word after the 4th, or too little after it
    assert SentenceSplitter(quick_start=True).feed("The capital of France is Paris, a city on the Seine. ") == [
        "The capital of France is Paris,", "a city on the Seine."]
    assert SentenceSplitter(quick_start=True).feed("I'm doing well and I hope you are too. ") == [
        "I'm doing well and I hope you are too."]
    assert SentenceSplitter(quick_start=True).feed(
        "I'm here to help with any medical or health-related issues you're facing. ") == [
        "I'm here to help with any medical or health-related issues you're facing."]
    assert SentenceSplitter(quick_start=True).feed(
        "Got it: send the budget report to the finance team, tomorrow at 3 PM. ") == [
        "Got it: send the budget report to the finance team,", "tomorrow at 3 PM."]
    later = SentenceSplitter(quick_start=True)
    assert later.feed("Sure. One tip that can help you stay focused is to set a timer for ten minutes. ") == [
        "Sure.", "One tip that can help you stay focused is to set a timer for ten minutes."]
    # without quick_start (the spoken budget's count, text turns) nothing changes
    assert SentenceSplitter().feed("One tip that can help you stay focused is to set a timer for ten minutes. ") == [
        "One tip that can help you stay focused is to set a timer for ten minutes."]


def test_an_output_gap_inside_the_window_still_scores_as_echo():
    from jarvisd.voice.echo import ECHO_SCORE, echo_score

    played = _noise(3.0, seed=8)
    # The mic heard 240 ms of output, then an underrun pushed the rest 100 ms later than the reference.
    mic = np.concatenate([played[10000:13840], np.zeros(1600, np.float32), played[13840:17680]])[:7680] * 0.4
    assert echo_correlation(mic, played) < echo_score(mic, played)
    assert echo_score(mic, played) >= ECHO_SCORE
    assert echo_score(_noise(0.48, seed=9), played) < ECHO_SCORE
