"""An answer that starts to repeat itself is cut there."""

from jarvisd.agent.repeats import RepeatCut


def feed_all(pieces):
    cut = RepeatCut()
    return "".join(cut.feed(p) for p in pieces), cut.cut


def test_a_sentence_said_again_ends_the_answer():
    said, cut = feed_all(["I'm sorry, but I'm not able to help", " you with that. I'm sorry, but I'm not",
                          " able to help you with that. I'm"])
    assert said == "I'm sorry, but I'm not able to help you with that." and cut


def test_a_phrase_looping_inside_one_sentence_ends_the_answer():
    said, cut = feed_all(["I'm sorry, I'm sorry, I'm sorry, I'm sorry, I'm sorry, I'm sorry"])
    assert cut and said.count("sorry") <= 3


def test_an_answer_that_does_not_repeat_is_passed_whole():
    pieces = ["Paris is the capital of France. ", "It is on the Seine", ". Enjoy your trip!"]
    said, cut = feed_all(pieces)
    assert said == "".join(pieces) and not cut


def test_an_answer_copied_from_an_earlier_one_is_cut_at_its_first_sentence():
    cut = RepeatCut(["The capital of France is Paris, and the friends are Paris."])
    said = cut.feed("The capital of France is Paris, and the friends are Paris. Anyway.")
    assert said == "" and cut.cut


def test_a_run_of_the_same_emoji_ends_the_answer():
    cut = RepeatCut()
    said = "".join(cut.feed(piece) for piece in ["Congratulations! ", *["🎉"] * 80])
    assert cut.cut and said.count("🎉") <= 8
