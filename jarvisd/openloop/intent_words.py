"""Small pieces of the agenda intents: politeness and punctuation off the end, minutes from an amount,
the task a Korean remark names ("약 먹었어" -> "약")."""

from __future__ import annotations

import re

from jarvisd.openloop.when_words import ko_number

TRAIL_CHARS = " \t\n.!?~…"
POLITE_WORDS = ("please", "for me", "thanks", "thank you", "now")


def polite_off(text: str) -> str:
    """"…, please", "… for me thanks" off the end, word by word (a regex over a run of commas backtracks
    quadratically: 4,000 commas held the event loop for over a second)."""
    while True:
        low = text.lower()
        word = next((w for w in POLITE_WORDS if low.endswith(w) and low[:-len(w)][-1:] in (" ", ",")), None)
        if word is None:
            return text
        text = text[:-len(word)].rstrip(" ,")


def minutes_of(amount: str, unit: str, numbers: dict[str, int]) -> int:
    n = int(amount) if amount.isdigit() else numbers.get(amount) or (int(ko_number(amount)) if "십" in amount else 1)
    if amount.startswith(("half", "another half")):
        return 30
    return n * 60 if unit.startswith(("h", "시")) else n


_KO_ON_THE_WAY = frozenset({"갔다", "갔다가", "가서", "다녀", "다녀와서", "들러서", "들렀다", "와서"})


def ko_task_words(remark: str) -> str:
    """The task a remark names, its predicate and particles off: "약 먹었어" -> "약", "세차는 안 할래" ->
    "세차"; "" when the remark is one word (no task apart from the verb)."""
    words = remark.split()[:-1]
    while len(words) > 1 and words[-1] in _KO_ON_THE_WAY:   # "우체국 갔다 왔어": the going is not the task
        words.pop()
    while words and words[-1] in ("안", "못", "다", "이미", "벌써", "방금", "오늘", "지금"):
        words.pop()
    if not words:
        return ""
    words[-1] = re.sub(r"(?:은|는|이|가|을|를|도)$", "", words[-1]) or words[-1]
    return " ".join(words)
