"""Remembered secrets kept out of the model's prompt unless asked for (the sixty-fifth session's café owner: with "our
wifi password for customers is latte2024" remembered, SmolLM2 said it in an answer about something else, "He said it was
latte2024.").

A secret is a password, passcode, PIN, combination, login or a code of a door, a lock or a card; its value is masked in
every line the model would see (recalled memories, core facts, the conversation window, the desk's requests) unless the
utterance itself speaks of a secret ("what's the wifi password?", "what was the gate code again"). Pure: `MemoryService.
observe` applies it. Linear: one pass of bounded patterns per line.
"""

from __future__ import annotations

import re

MASK = "(private)"

# the kinds of secret; "code" only with what it opens ("the door code", "my locker code", "the card's security code"):
# not "zip code", "dress code" or "the code review"
_EN_SECRET = (r"password|passwords|passcode|passcodes|passphrase|pin|pins|pin\s+number|combination|login|"
              r"(?:door|gate|garage|alarm|locker|lock|safe|entry|access|security|building|lockbox|key\s*box|wifi|wi-fi|"
              r"bike\s+lock|card|fuel\s+card|debit\s+card|atm)\s+codes?")
_KO_SECRET = r"비밀번호|비번|패스워드|핀\s*번호|핀번호|암호|현관\s*번호|도어락\s*번호|(?:현관|도어락|사물함|금고|출입)\s*코드"
# an English kind bounded by Latin letters and digits only: "내 PIN은 1234야" (pass 78: no \b between "N" and "은")
_EN_KIND = rf"(?<![A-Za-z0-9_])(?:{_EN_SECRET})(?![A-Za-z0-9_])"
_SECRET = re.compile(rf"{_EN_KIND}|(?:{_KO_SECRET})", re.IGNORECASE)
# the value: any word with a digit in it, or the word after "is" / "'s" / ":" / "=" said after the kind (within a few
# words), or after a Korean kind's topic or subject particle ("비밀번호는 해바라기야"); a value spelled in number words is
# all of them ("my PIN is one two three four"). Pass 78: "내 비밀번호는 해바라기야", "my password's sunflower" and three
# of "one two three four"'s words reached the prompt of a question about dinner.
_DIGIT_WORD = re.compile(r"[^\s,.;!?()\"']*\d[^\s,.;!?()\"']*")
_NUMBER_WORD = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
_ASKED_KO = r"(?:뭐|뭔|무엇|몇|어떻게|어디|언제|왜)"
_AFTER_IS = re.compile(rf"(?:{_EN_KIND}|{_KO_SECRET})(?:(?P<gap>[^.\n]{{0,60}}?)(?:\s+(?:is|was|are|were)\s+|['\u2019]s\s+|\s*[:=]\s*)"
                       rf"|(?:은|는|이|가)\s+(?!{_ASKED_KO}))"
                       r"(?:(?:still|now|just|actually)\s+)?"
                       rf"(?P<value>\b{_NUMBER_WORD}(?:[\s-]+{_NUMBER_WORD}\b)+|[^\s,.;!?()\"']+)", re.IGNORECASE)


def speaks_of_secret(text: str) -> bool:
    """The words name a kind of secret: "what's the wifi password?", "비번 뭐였지?"."""
    return _SECRET.search(text) is not None


def masked(text: str) -> str:
    """`text` with the value of every secret told in it masked; the text as it was when it names none."""
    if not speaks_of_secret(text):
        return text
    out = _AFTER_IS.sub(lambda m: m.group(0)[: m.start("value") - m.start(0)] + MASK, text)
    return _DIGIT_WORD.sub(MASK, out)
