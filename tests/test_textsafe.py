"""One sanitizing rule for text from outside (issue 18, point 3): the HUD's JSON, speech to text and
model output all pass through `valid_text`, so a lone surrogate can never reach a UTF-8 writer."""

from jarvisd.llm.base import ChatChunk
from jarvisd.textsafe import fact_text, valid_json, valid_text
from jarvisd.voice.stt import Transcription


def test_a_lone_surrogate_becomes_the_replacement_character_and_text_stays_encodable():
    assert valid_text("hello \ud800 world") == "hello \ufffd world"
    assert valid_text("\udc80\udcff") == "\ufffd\ufffd"
    valid_text("a \ud83d b").encode("utf-8")


def test_valid_text_leaves_good_text_alone():
    for text in ("plain", "안녕하세요 😀", ""):
        assert valid_text(text) is text


def test_every_string_of_a_json_body_is_made_valid():
    assert valid_json({"text": "x\ud800", "n": 1, "list": ["\udfff"], "\ud800": None}) == \
        {"text": "x\ufffd", "n": 1, "list": ["\ufffd"], "\ufffd": None}


def test_model_output_and_speech_to_text_pass_through_the_same_rule():
    assert ChatChunk(text="answer \udc80").text == "answer \ufffd"
    heard = Transcription(text="heard \udc80", lang="en", lang_probability=1.0, no_speech_prob=0.0,
                          avg_logprob=0.0, seconds=0.1)
    assert heard.text == "heard \ufffd"


def test_printable_drops_control_characters_but_keeps_lines_tabs_and_every_script():
    from jarvisd.textsafe import printable

    assert printable("\x1b[2J\x1b[H hacked\x00\x07\r\nok\t한글 ok\x85\x7f") == " hacked\nok\t한글 ok"  # pass 62a: whole
    text = "The capital of France is Paris.\n"
    assert printable(text) == text


def test_a_fact_keeps_no_stray_tag_character_but_a_flag_keeps_its_own():
    """Pass 41's low: "/remember" kept an invisible U+E0041 inside a fact."""
    england = "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F"
    assert fact_text("the door code is 10\U000E004128") == "the door code is 1028"
    assert fact_text(f"I support {england} in the cup") == f"I support {england} in the cup"
