"""A small model talks in circles ("I'm sorry, I'm unable to help you with that. I'm sorry, I'm unable
to help you with that. ..."): 45-60 s of speech in the 20-turn daemon run with SmolLM2. The answer is cut
where it starts to repeat itself: a sentence already said in this answer, or a run of words said three
times. Pure: text in, the part worth saying out."""

from __future__ import annotations

import re
from collections.abc import Iterable

from jarvisd.language import opening_language
from jarvisd.small_talk import greeting

_SENTENCE = re.compile(r"[^.!?。！？\n]+[.!?。！？]*")
_WORD = re.compile(r"\w+")
RUN_WORDS = 4   # a run of this many words ...
RUN_TIMES = 3   # ... said this many times is a loop


def _key(sentence: str) -> str:
    return " ".join(_WORD.findall(sentence.lower()))


class RepeatCut:
    """Feed an answer's deltas; `feed` returns what may be said, and `cut` turns True once the answer
    repeats itself (what follows is not said; the caller stops the model). `before`: the assistant's
    recent answers, whose sentences count as said (a small model copies an earlier answer word for word:
    "The capital of France is Paris" again, to "No, Thursday")."""

    def __init__(self, before: Iterable[str] = ()) -> None:
        self._text = ""
        self._said = 0       # characters of _text passed on
        self._start = 0      # where the sentence being written starts
        self._seen: set[str] = {key for text in before for m in _SENTENCE.finditer(text) if (key := _key(m.group(0)))}
        self._longest = max(map(len, self._seen), default=0)
        self._long = False   # inside a sentence longer than any said before: it cannot be one of them
        self._runs = _Runs()
        self.cut = False

    def feed(self, delta: str) -> str:
        """Linear in the answer's length (pass 73: every delta re-read the whole answer for runs and the open sentence
        from its start, quadratic; an answer of 32,000 characters without a sentence end cost 16 s of CPU on the
        event loop, 64,000 over a minute, with the HUD, reminders and voice held)."""
        if self.cut:
            return ""
        self._text += delta
        end = self._said
        for m in _SENTENCE.finditer(self._text, self._start):
            complete = m.group(0).rstrip()[-1:] in ".!?。！？" or m.end() < len(self._text)
            if self._long or m.end() - m.start() > self._longest + LONG_SLACK:
                # no sentence said before is this long (a key is never longer than its sentence's words and spaces
                # with the slack for marks): nothing to match or hold; read it on from here, not from its start
                self._long = not complete
                if self._runs.loops(self._text, m.end()):
                    self.cut = True
                    break
                self._start = m.end()
                end = max(end, m.end())
                continue
            key = _key(m.group(0))
            if (complete and key and key in self._seen) or self._runs.loops(self._text, m.end()):
                self.cut = True
                break
            if complete:
                self._seen.add(key)
                self._longest = max(self._longest, len(key))
                self._start = m.end()
            elif key and any(seen.startswith(key) for seen in self._seen):
                break  # it may be a sentence said before: hold it until it tells
            end = max(end, m.end())
        out, self._said = self._text[self._said:end], end
        return out


_SYMBOL_RUN = re.compile(r"(\S{1,4})(?:\s*\1){7,}\s*$")  # "🎉🎉🎉🎉🎉🎉🎉🎉", "!!!!!!!!"
LONG_SLACK = 200      # a sentence this much longer than every one said before is none of them
SYMBOL_WINDOW = 400   # eight marks of up to four characters, spaced: the end of the answer is enough to see them
WORD_TAIL = 2000      # a "word" of more letters than this is no run of words (only its end is read)


class _Runs:
    """`_loops` of the answer up to a point, kept as the answer grows: the words and their runs of RUN_WORDS counted
    once each (the answer re-read at every delta was quadratic in its length)."""

    def __init__(self) -> None:
        self.words: list[str] = []
        self.counts: dict[tuple[str, ...], int] = {}
        self.upto = 0   # the answer read up to here: every word ending before it is in `words`

    def loops(self, text: str, upto: int) -> bool:
        if _SYMBOL_RUN.search(text, max(0, upto - SYMBOL_WINDOW), upto):
            return True
        last = None
        for m in _WORD.finditer(text, max(self.upto, upto - WORD_TAIL), upto):
            if m.end() < upto:   # a whole word: another letter cannot follow it
                self._add(m.group(0).lower())
                self.upto = m.end()
            else:
                last = m.group(0).lower()   # the word at the point, whole or not yet
        words = self.words if last is None else [*self.words[-(RUN_WORDS - 1):], last]
        if len(self.words) + (last is not None) < RUN_WORDS * RUN_TIMES or len(words) < RUN_WORDS:
            return False
        tail = tuple(words[-RUN_WORDS:])
        return self.counts.get(tail, 0) + (last is not None) >= RUN_TIMES

    def _add(self, word: str) -> None:
        self.words.append(word)
        if len(self.words) >= RUN_WORDS:
            run = tuple(self.words[-RUN_WORDS:])
            self.counts[run] = self.counts.get(run, 0) + 1


def _loops(text: str) -> bool:
    if _SYMBOL_RUN.search(text):
        return True
    words = _WORD.findall(text.lower())
    if len(words) < RUN_WORDS * RUN_TIMES:
        return False
    tail = tuple(words[-RUN_WORDS:])
    count = sum(1 for i in range(len(words) - RUN_WORDS + 1) if tuple(words[i:i + RUN_WORDS]) == tail)
    return count >= RUN_TIMES


# ------------------------------------------------------------------------------------------------ parrots
# A small model sometimes answers with the user's sentence itself (SmolLM2-135M said "Good morning Jarvis." to
# "Good morning Jarvis." in daemon runs 10, 39, 40 and 41). Such a sentence is no answer: not said, not shown, not
# kept; when nothing else is left the turn says it has none (a greeting is owed a greeting). Before, the voice
# dropped it and the HUD's transcript and the log of the turn still showed it (daemon run 41).

PARROT_MIN_WORDS = 3          # "Good morning." back to "good morning" is a greeting, not a parrot


def parrots(sentence: str, heard: str) -> bool:
    """The sentence is the heard utterance said back, word for word (case and punctuation aside), with
    at least PARROT_MIN_WORDS words."""
    said = _WORD.findall(sentence.lower())
    return len(said) >= PARROT_MIN_WORDS and said == _WORD.findall(heard.lower())


class ParrotDrop:
    """Feed an answer's deltas; `feed` returns what may be said: a sentence that says `heard` back is dropped
    (`dropped` counts them), the rest passes; so is one that says back whole any of `unasked`, facts the question
    did not ask about (the forty-ninth session's daemon run: SmolLM2 answered "What's still open?" and "When is the
    drill due?", heard garbled, with "The spare key is under the blue pot", a fact kept that turn). Only a sentence
    that may still become one of them is held (its words so far begin one), so the answer streams as before."""

    def __init__(self, heard: str, unasked: Iterable[str] = ()) -> None:
        keys = {" ".join(words) for text in (heard, *unasked) if len(words := _WORD.findall(text.lower())) >= PARROT_MIN_WORDS}
        self._heards = tuple(keys)
        self._held = ""
        self.dropped = 0

    def _parrot(self, key: str) -> bool:
        return key in self._heards

    def _may_become(self, key: str) -> bool:
        return any(heard.startswith(key) for heard in self._heards)

    def feed(self, delta: str) -> str:
        if not self._heards:
            return delta
        self._held += delta
        out = []
        while self._held:
            m = _SENTENCE.search(self._held)
            if m is None:                       # spaces only, or punctuation marks only
                if not self._held.strip():
                    out.append(self._held)
                    self._held = ""
                break
            if m.start():                       # a line break or a mark before the sentence passes at once (conversation
                out.append(self._held[:m.start()])   # run 42: an answer opening with "\n" was held whole, 7.2 s of
                self._held = self._held[m.start():]  # silence before its first word)
                continue
            sentence, complete = m.group(0), m.end() < len(self._held) or m.group(0).rstrip()[-1:] in ".!?。！？"
            key = _key(sentence)
            if complete:
                if self._parrot(key):
                    self.dropped += 1
                else:
                    out.append(sentence)
                self._held = self._held[m.end():]
                continue
            if key and self._may_become(key):
                break                           # it may still be the heard sentence: held until it tells
            out.append(self._held)
            self._held = ""
        return "".join(out)

    def end(self) -> str:
        held, self._held = self._held, ""
        if held and self._parrot(_key(held)):
            self.dropped += 1
            return ""
        return held


# ------------------------------------------------------------------------------------------------ condolences
# SmolLM2-135M answers what it cannot place with sympathy: "I'm sorry for your loss, but as a voice assistant, …" to
# "Move the dentist to Thursday, same time" and to "Remind me three days before my sister's birthday …" (daemon run 77;
# the forty-seventh and fifty-sixth sessions saw it too). Said to someone who lost no one, it is the worst answer there
# is: such a sentence is dropped unless the user spoke of a loss, an illness or a hurt.
_CONDOLENCE = re.compile(r"(?:i m |i am )?(?:so |very |really |truly |deeply )?sorry (?:for|about) your loss"
                         r"|(?:my|our) (?:deepest |sincere |heartfelt )?(?:condolences|sympathies)"
                         r"|sorry to hear (?:about )?(?:your|that|the|this) (?:loss|passing|news)"
                         # "I'm so sorry to hear about your family's loss." (the sixtieth session, to "what do I need from
                         # the store?"): someone's loss named between
                         r"|sorry (?:for|about|to hear (?:about|of)) (?:your|the) (?:[a-z]+ ){1,3}(?:loss|passing)")
_GRIEF = re.compile(r"\b(?:died|dead|death|passed\s+away|passed|loss|lost|funeral|grief|grieving|mourning|sick|ill|illness|"
                    r"hospital|cancer|hurt|injured|accident|sad|divorce|broke\s+up|fired|laid\s+off|miscarriage|put\s+down)\b",
                    re.IGNORECASE)
_CONDOLENCE_OPENERS = ("i m sorry", "i am sorry", "i m so sorry", "i am so sorry", "sorry", "so sorry", "my condolences",
                       "my deepest", "my sincere", "our condolences", "i m very sorry", "i m really sorry", "i m truly sorry",
                       "i m deeply sorry")


class UnaskedSentenceDrop(ParrotDrop):
    """Feed an answer's deltas; a sentence of a kind the turn did not ask for (`_parrot`) is dropped (`dropped` counts
    them); a sentence that may still become one (`_may_become`: it begins as one of `openers`) is held until it tells.
    Off (every delta passes at once) when `asked` is true of the turn."""

    def __init__(self, openers: tuple[str, ...], asked: bool) -> None:
        super().__init__(heard="")
        self._openers = openers
        self._heards = () if asked else ("on",)   # (off: `feed` passes every delta at once)

    def _may_become(self, key: str) -> bool:
        return any(opener.startswith(key) or key.startswith(opener) for opener in self._openers)


class CondolenceDrop(UnaskedSentenceDrop):
    """A sentence of condolence ("I'm sorry for your loss") is dropped when `heard` spoke of no loss, illness or
    hurt."""

    def __init__(self, heard: str) -> None:
        super().__init__(_CONDOLENCE_OPENERS, asked=_GRIEF.search(heard) is not None)

    def _parrot(self, key: str) -> bool:
        return _CONDOLENCE.search(key) is not None

    def end(self) -> str:
        """What is held at the end was held because it may still become a condolence: an answer cut there (the
        token limit, or stopped after CONDOLENCE_STOP of them) said "I'm sorry about" alone (daemon run 79)."""
        held, self._held = self._held, ""
        key = _key(held)
        if key and self._heards and (self._parrot(key) or self._may_become(key)):
            self.dropped += 1
            return ""
        return held


# ------------------------------------------------------------------------------------------------ self-talk
# SmolLM2-135M answers what it cannot place by describing itself in its instructions' words: "I'm a voice assistant
# running offline on the user's computer." to "I took my medicine" heard as "I talk my maderson.", "I'm here to assist
# you with your digital tasks." to "how's it drawing?" (spoken day 2 through `jarvisd run`, the sixty-ninth session).
# Unasked, such a sentence is no answer; asked ("who are you?", "tell me about yourself"), it is.
_SELF_TALK = re.compile(
    r"\b(?:i m|i am) (?:just |only |simply |not )?(?:a|an|your) (?:(?:voice|digital|virtual|ai|personal|helpful|offline|"
    r"friendly|artificial|intelligence|computer|language|chat|text|based) ){0,3}(?:assistant|model|program|chatbot|bot|ai)\b"
    r"|\bas (?:a|an|your) (?:(?:voice|digital|virtual|ai|personal|offline|language|text|based) ){0,3}(?:assistant|model|ai)\b"
    r"|\brunning (?:offline )?on (?:the user s|your|this|a) (?:computer|device|machine)\b|\bthe user s computer\b"
    r"|\bi m here to (?:assist|help) you\b|\byour digital tasks\b")
_ABOUT_ITSELF = re.compile(r"\b(?:who|what)\s+(?:are|r)\s+you\b|\byourself\b|\bwhat\s+can\s+you\b|\babout\s+you\b|"
                           r"\byour\s+name\b|\bare\s+you\s+(?:a|an|the|real|human|online|offline)\b", re.IGNORECASE)
_SELF_TALK_OPENERS = ("i m", "i am", "as a", "as an", "as your")


class SelfTalkDrop(UnaskedSentenceDrop):
    """A sentence of the assistant describing itself ("I'm a voice assistant running offline on the user's computer")
    is dropped when `heard` did not ask about it; a cut-off tail is dropped only when it already is one ("I'm here to
    help you with your"), not for its opener ("I'm not sure")."""

    def __init__(self, heard: str, on: bool = True) -> None:
        """`on`: false passes every delta (a capable model's "As a voice assistant, I can't browse …" says something)."""
        super().__init__(_SELF_TALK_OPENERS, asked=not on or _ABOUT_ITSELF.search(heard) is not None)

    def _parrot(self, key: str) -> bool:
        return _SELF_TALK.search(key) is not None


# condolences dropped in one answer after which the model is stopped: SmolLM2 wrote "I'm sorry about your loss." 36
# times to "Remind me free names before my sister's birthday to buy a gift" (daemon run 79), 7.5 s before a word was said
CONDOLENCE_STOP = 2
# characters a small model may write with nothing of it said (every sentence held or dropped by the filters above) before
# it is stopped: a sentence opening "I'm sorry" is held until it tells, and SmolLM2 wrote one of 250 tokens with no full
# stop, said as "Sorry, I didn't catch that" 8.6 s after the end of speech (daemon run 81)
SILENT_ANSWER_CHARS = 240


# ------------------------------------------------------------------------------------------------ date stamps
# SmolLM2-135M copies the prompt's "(2026-12-07)" stamps of kept facts into its answers: "(2026-12-07) I'm a nurse at
# Severance hospital" said back to "I work as a nurse at Severance hospital" (the sixty-third session), and piper read
# the stamp out, digit by digit. A bracketed ISO date is the prompt's notation, never speech: dropped wherever it stands.

_STAMP = re.compile(r"\(\d{4}-\d{2}-\d{2}\)[ \t]?")
_STAMP_BEGUN = re.compile(r"\((?:\d{0,4}|\d{4}-\d{0,2}|\d{4}-\d{2}-\d{0,2})")


class StampDrop:
    """Feed an answer's deltas; every "(YYYY-MM-DD)" stamp is dropped (`dropped` counts them), one cut across deltas
    too (a "(" that may begin one is held until it tells)."""

    def __init__(self) -> None:
        self._held = ""
        self._space_owed = False   # a stamp ended the last delta: the space after it, if the next one opens with it
        self.dropped = 0

    def feed(self, delta: str) -> str:
        if not delta:
            return ""
        if self._space_owed:   # pass 64: "(2026-12-07)" then " I'm a nurse" left a space the whole would not
            delta, self._space_owed = (delta[1:] if delta[0] in " \t" else delta), False
        text = self._held + delta
        kept, last = [], 0
        for stamp in _STAMP.finditer(text):
            kept.append(text[last:stamp.start()])
            last = stamp.end()
            self.dropped += 1
        self._space_owed = last == len(text) and last > 0 and text[-1] == ")"
        text = "".join(kept) + text[last:]
        begun = text.rfind("(")
        if begun >= 0 and _STAMP_BEGUN.fullmatch(text[begun:]):
            self._held, text = text[begun:], text[:begun]
        else:
            self._held = ""
        return text

    def end(self) -> str:
        held, self._held = self._held, ""
        return held


# ------------------------------------------------------------------------------------------------ wrong script
# SmolLM2-135M answered English with lines of Hangul syllables strung together (the forty-sixth session's chat: "도마재라면,
# 이므를 자사대충도마재라면, …" to "my wife's birthday is March 3", "도컴 아마 이러면 이러면 …" to "my phone is dead"),
# which piper then read out. To a question asked without Hangul, a stretch of the answer that is mostly Hangul is no
# answer: it is held until it tells (a sentence, or WRONG_SCRIPT_HOLD characters), then dropped, and the model
# stopped. A Korean word inside an English sentence ("hello is 안녕하세요 in Korean") passes.

_HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
WRONG_SCRIPT_HOLD = 40
WRONG_SCRIPT_SHARE = 0.5

# ... and it answered English in French, Spanish or Italian made up ("L'Aquitaine, la Chine, la Rhinée, la Loire, …" to
# "What is the capital of France?", "El Príncipe, el Príncipe, …" to "what's the capital of spain", "Il capo di Italy è
# Roma." to "What is the capital of Italy?"; daemon runs 96-97, turn 4, piper reading it in an English voice). The
# answer's opening is held until it shows an English word (most answers: at the first or second word, "The", "It",
# "Paris is"), or FOREIGN_OPENING words; an opening with two or more of another language's small words and no English
# one is no answer. "La Paz is the capital of Bolivia." and "In German, hello is Hallo." pass at their English word.
# The opening is read by `language.opening_language`.


def _mostly_hangul(text: str) -> bool:
    letters = [ch for ch in text if ch.isalpha()]
    return bool(letters) and sum(1 for ch in letters if _HANGUL.match(ch)) / len(letters) > WRONG_SCRIPT_SHARE


# ... and to a Korean turn SmolLM2 answers with Korean-looking nonsense said over and over (korean68's café week, recorded:
# "만둡, 왕도에 이러면, 원두 이를 어따면, 이를 어따면, 이를 어따면, 이를 어따" to "다음주 월요일에 원두 들어온대", "위생 점검
# 금요일로 미뤄졌대: 위생 점검 금요일로 미뤄졌대: …" to "위생 점검 금요일로 미뤄졌대", "아마사용하는 아마사용하는 …" to "대타
# 민호가 해준대"). With the small model (`whole`), an answer to a turn asked in Hangul is held whole and dropped when it
# repeats itself (KO_FEW_WORDS words or more, fewer than KO_DISTINCT of them different: its words come round again) or
# is not Korean-looking (at most half its letters Hangul); the turn then says it has no answer ("그렇군요." to news).
KO_FEW_WORDS = 6
KO_DISTINCT = 0.6
_KO_WORD = re.compile(r"[^\s.,!?:;…~\"'()]+")


def _in_circles(text: str, least: int) -> bool:
    """`least` words or more, fewer than KO_DISTINCT of them different: the same few words come round again."""
    words = _KO_WORD.findall(text)
    return len(words) >= least and len(set(words)) < KO_DISTINCT * len(words)


def ko_nonsense(answer: str) -> bool:
    """An answer to a Korean turn that is no answer: it says the same few words over and over, or is not in Hangul."""
    return _in_circles(answer, KO_FEW_WORDS) or bool(answer.strip()) and not _mostly_hangul(answer)


class _Circles:
    """`_in_circles` over a text that only grows, read once (writers74: a Korean turn to the small model held its
    answer whole and re-read all of it at every streamed piece; 16,000 characters without a sentence end cost 0.9 s of
    CPU, 64,000 about 14 s, on the event loop). Complete words are counted as they end; the last one, which the next
    piece may go on, is counted as it stands, as `findall` over the whole text counts it."""

    def __init__(self) -> None:
        self._at = 0                 # where the next word may start: after the last complete one
        self._words = 0
        self._distinct: set[str] = set()

    def loops(self, text: str, least: int) -> bool:
        tail = None
        for m in _KO_WORD.finditer(text, self._at):
            if m.end() < len(text):  # something not of a word follows: the word is complete
                self._words += 1
                self._distinct.add(m.group())
                self._at = m.end()
            else:
                tail = m.group()
        words = self._words + (tail is not None)
        distinct = len(self._distinct) + (tail is not None and tail not in self._distinct)
        return words >= least and distinct < KO_DISTINCT * words


class ScriptCut:
    """Feed an answer's deltas; `feed` returns what may be said. On a turn asked without Hangul, a stretch written
    mostly in Hangul, or an opening in another language than English (when the turn was asked in English), sets `cut`
    (nothing of it is said; the caller stops the model)."""

    def __init__(self, heard: str, whole: bool = False) -> None:
        self._on = _HANGUL.search(heard) is None
        self._korean = whole and not self._on    # a Korean turn to the small model: its answer held whole
        # the opening is looked at when the user spoke English (not "¿Dónde está la estación?")
        self._opening = self._on and opening_language(heard + ".") == "en"
        self._held = ""
        self._circles = _Circles()
        self.cut = False

    def feed(self, delta: str) -> str:
        if self.cut:
            return ""
        if self._korean:
            self._held += delta
            if self._circles.loops(self._held, 3 * KO_FEW_WORDS):
                self.cut, self._held = True, ""     # talking in circles: the model is stopped
            return ""
        if not self._on:
            return delta
        if self._opening:
            self._held += delta
            seen = opening_language(self._held)
            if seen is None:
                return ""
            self._opening = False
            if seen == "other":
                self.cut, self._held = True, ""
                return ""
            delta, self._held = self._held, ""
        if not self._held and _HANGUL.search(delta) is None:
            return delta
        self._held += delta
        if len(self._held) < WRONG_SCRIPT_HOLD and not re.search(r"[.!?。！？\n]", self._held):
            return ""
        return self.end()

    def end(self) -> str:
        held, self._held = self._held, ""
        if self._korean:
            if held and ko_nonsense(held):
                self.cut = True
                return ""
            return held
        if held and self._opening:
            self._opening = False
            if opening_language(held + ".") == "other":
                self.cut = True
                return ""
        if held and _mostly_hangul(held):
            self.cut = True
            return ""
        return held


NO_ANSWER = {"en": "Sorry, I don't have an answer to that.", "ko": "죄송해요, 그건 답을 모르겠어요."}
# a statement the model only said back ("I'm so tired today.", "My sister is visiting next week." -> "Your sister is
# visiting next week.") asked nothing: "Sorry, I don't have an answer to that" answered a question never asked (the
# forty-ninth session's chat)
HEARD = {"en": "I see.", "ko": "그렇군요."}
# a statement: it opens with its subject ("I", "my sister", "the meeting", "it") and asks nothing
_EN_TELLING = re.compile(r"(?:i|i'm|i've|i'll|i'd|my|we|we're|we've|our|it|it's|he|he's|she|she's|they|they're|there's|"
                         r"the|this|that's)\b", re.IGNORECASE)
_KO_ASKING = re.compile(r"(?:뭐|무엇|어디|언제|누구|왜|어떻게|몇|얼마|까|니|냐|나요|죠|지|줘|주세요|래|할래|있어)\s*[.!~]*$")


def no_answer(heard: str, lang: str) -> str:
    """What a turn says when the model's answer only repeated the user: a greeting for a greeting, "I see." for a
    statement (nothing was asked), else that it has no answer."""
    # a greeting said back by the model is still owed a greeting (daemon runs 39 and 40: "Good morning Jarvis." to
    # "Good morning Jarvis.", spoken as "Sorry, I don't have an answer to that.")
    if hello := greeting(heard):
        return hello
    said = heard.strip()
    telling = not said.endswith(("?", "？")) and (not _KO_ASKING.search(said) if lang == "ko" else
                                                 _EN_TELLING.match(said.lstrip("\"'(,. ")) is not None)
    return HEARD.get(lang, HEARD["en"]) if telling else NO_ANSWER.get(lang, NO_ANSWER["en"])
