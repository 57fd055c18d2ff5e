"""writers74 (issue #18): the answer's piece-by-piece filters read each character a bounded number of times.

`scripts/bench_streams.py` feeds every filter of the answer path 4k-64k characters in 1-4 character pieces. Two more
were superlinear after pass 73's `RepeatCut`: `ScriptCut` on a Korean turn to the small model (its held answer re-read
whole by `_in_circles` at every piece) and `SentenceSplitter` (the buffer copied by `lstrip` and searched for a comma at
every piece of a long sentence; `SpokenBudget` and the voice's writer use it). What they cut and say is the same."""

from __future__ import annotations

import random

from jarvisd.agent import repeats
from jarvisd.agent.repeats import ScriptCut
from jarvisd.sentences import SentenceSplitter, split_sentences


def _pieces(text: str, seed: int = 3) -> list[str]:
    rng, out, i = random.Random(seed), [], 0
    while i < len(text):
        n = rng.randint(1, 4)
        out.append(text[i:i + n])
        i += n
    return out


class _Counting:
    """A compiled pattern that counts the characters each search is given to read."""

    def __init__(self, pattern):
        self.pattern, self.read = pattern, 0

    def findall(self, text, pos=0):
        self.read += len(text) - pos
        return self.pattern.findall(text, pos)

    def finditer(self, text, pos=0):
        self.read += len(text) - pos
        return self.pattern.finditer(text, pos)


def _korean_no_end(size: int) -> str:
    rng, out = random.Random(5), []
    while sum(map(len, out)) < size:
        out.append(f"서류{rng.randint(0, 99999)}번 ")
    return "".join(out)[:size]


def test_a_korean_answer_held_whole_is_read_once_for_talking_in_circles(monkeypatch):
    """Before: `_in_circles(self._held)` at every piece, 16,000 characters read ~6,400 times (51 million characters)."""
    counting = _Counting(repeats._KO_WORD)
    monkeypatch.setattr(repeats, "_KO_WORD", counting)
    text = _korean_no_end(16_000)
    cut = ScriptCut(heard="내일 뭐 해야 돼?", whole=True)
    said = "".join(cut.feed(p) for p in _pieces(text)) + cut.end()
    assert counting.read < 3 * len(text) + 16_000, counting.read
    assert not cut.cut and said == text   # distinct words: said whole at the end, as before


def test_held_out_a_korean_answer_talking_in_circles_is_still_cut(monkeypatch):
    counting = _Counting(repeats._KO_WORD)
    monkeypatch.setattr(repeats, "_KO_WORD", counting)
    cut = ScriptCut(heard="오늘 날씨 어때?", whole=True)
    text = "오늘은 맑아요 " + "좋아요 좋아요 정말 " * 20
    said = "".join(cut.feed(p) for p in _pieces(text)) + cut.end()
    assert cut.cut and said == ""


def test_guard_a_korean_answer_of_few_distinct_words_in_one_piece_counts_its_last_word():
    """The last word, which the next piece may go on, counts as `findall` counted it: 18 words, the last unfinished."""
    assert ScriptCut(heard="뭐야?", whole=True).feed("가 " * 17 + "가") == ""
    cut = ScriptCut(heard="뭐야?", whole=True)
    cut.feed("가 " * 17 + "가")
    assert cut.cut
    cut = ScriptCut(heard="뭐야?", whole=True)
    cut.feed("가 " * 16 + "가")   # 17 words: fewer than 18, not yet
    assert not cut.cut


def test_a_long_sentence_without_an_end_is_cut_at_its_last_comma_as_before():
    """The splitter reads only what came since its last look for a comma; the cuts are those of a whole-buffer search."""
    words = "we will call the plumber and the bank then water the plants".split()
    rng = random.Random(9)
    text = " ".join(rng.choice(words) + ("," if rng.random() < 0.02 else "") for _ in range(3000))
    splitter = SentenceSplitter()
    streamed = [s for p in _pieces(text) for s in splitter.feed(p)] + splitter.flush()
    assert " ".join(streamed).split() == text.split()
    assert len(streamed) > 5 and all(s.endswith(",") for s in streamed[:-1])


def test_held_out_quick_start_keeps_its_first_comma_rule_after_digits_and_leading_spaces():
    splitter = SentenceSplitter(quick_start=True)
    out = [s for p in _pieces("   \n 1, 2, 3 apples, and pears. Then more.") for s in splitter.feed(p)] + splitter.flush()
    assert out == ["1, 2, 3 apples,", "and pears.", "Then more."]


def test_guard_sentences_split_as_before():
    assert split_sentences("Dr. Kim said hi. I'll miss. Kim will cover! OK?") == \
        ["Dr. Kim said hi.", "I'll miss.", "Kim will cover!", "OK?"]
