"""A fact told of someone named by an emoji ("👩‍👧 is allergic to peanuts", "👶 was born on March 3"): the memory
readers take a person's name in letters, so such a turn went to the model and nothing was kept (pass 67's low). An emoji
is no one's name: whose fact it is cannot be found again by any question ("is my daughter allergic to anything?"), and
an allergy kept under a picture is one nobody is warned of. So the turn is answered plainly, asking who, and nothing is
kept; told again with a name or "my daughter", it is kept as any fact is (lows68).

Found by the readers themselves, not a list of its own: the emoji standing where a name stands is read as a name
("mia", "민지"), and a fact the readers keep then, and not before, is a fact of an emoji-named person."""

from __future__ import annotations

import re

from jarvisd.memory.remember_asked import remember_said
from jarvisd.textsafe import EMOJI

_EMOJI_RUN = re.compile(f"(?<![\\w{EMOJI}])[{EMOJI}][{EMOJI}\\u200d\\ufe0f]*")
_HANGUL = re.compile("[가-힣]")
# what may stand before the one a fact is told of: lead words ("fyi", "oh and") and whose ("my", "our", "우리")
_BEFORE_A_NAME = re.compile(r"\s*(?:(?:oh|so|and|also|actually|um|uh|btw|fyi|jarvis|ok|okay|by\s+the\s+way|just\s+so\s+you"
                            r"\s+know|my|our|내|우리)[\s,]+)*", re.IGNORECASE)


def emoji_named(text: str) -> str | None:
    """The emoji `text` tells a fact of as of a person ("👩‍👧" of "👩‍👧 is allergic to peanuts"), or None."""
    m = _EMOJI_RUN.search(text[:200])   # a name stands near the start; a 4,000-character turn is read no further
    if m is None or _BEFORE_A_NAME.fullmatch(text[:m.start()]) is None:   # "I love 🍕": the emoji is no one told of
        return None
    names = ("민지",) if _HANGUL.search(text) else ("Mia", "mia")   # as typed, and as a recognizer writes a name
    if not any(remember_said(text[:m.start()] + name + text[m.end():]) is not None for name in names) \
            or remember_said(text) is not None:
        return None
    return m.group()


def who_is_it(emoji: str, lang: str) -> str:
    """The plain answer: who is meant, and how to say it so it is kept."""
    if lang == "ko":
        return f"{emoji}가 누구인지 모르겠어요. 이름이나 관계로 말해 주시면 기억할게요. 예를 들어 \"딸은 땅콩 알레르기가 있어\"처럼요."
    return f"Who is {emoji}? Tell me with their name or who they are to you, like \"my daughter is allergic to " \
        "peanuts\", and I'll remember it."
