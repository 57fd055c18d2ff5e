"""Small pieces of the agenda intents: the `Intent` itself, politeness and punctuation off the end, minutes from an amount,
the task a Korean remark names ("약 먹었어" -> "약"), a Korean name without its 이."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from jarvisd.openloop.hangul import NIEUN, RIEUL, closed_by, final
from jarvisd.openloop.when_words import ko_number

IntentKind = Literal["list", "due_today", "due_tomorrow", "due_week", "due_next_week", "due_month", "due_next_month", "done", "cancel", "snooze", "promised_to", "correct",
                     "cancel_all", "done_all"]

SNOOZE_DEFAULT_MIN = 10


@dataclass(frozen=True)
class Intent:
    kind: IntentKind
    lang: Literal["en", "ko"]
    argument: str = ""          # the words naming a promise (done, cancel), a person (promised_to), a time (correct)
    minutes: int | None = None  # snooze
    command: bool = False       # an order to the assistant ("mark X done", "X 취소해줘"), not a remark ("X is done"):
                                # when nothing on the agenda answers to it, the user is told so
    keep: str = ""              # cancel_all, done_all: what stays open ("cancel everything except Bob": "bob")



def compile_all(patterns: list[str]) -> list[re.Pattern[str]]:
    return [re.compile(p) for p in patterns]


TRAIL_CHARS = " \t\n.!?~…"
# Spoken amounts in snoozes ("in ten minutes", "half an hour", "십오 분").
EN_NUMBER = {
    "one": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30, "forty-five": 45, "forty five": 45,
    "a couple of": 2, "a few": 3, "half an": 30, "half a": 30, "another half": 30, "half": 30,
    "a quarter of an": 15, "quarter of an": 15, "three quarters of an": 45,   # minutes, said before "hour"
}
KO_NUMBER = {"한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9, "열": 10,
              "십": 10, "이십": 20, "삼십": 30, "사십": 40, "오십": 50, "오": 5}
# Hangul syllables closed by ㄹ (할, 챙길, 끝낼: a future adnominal, "to be done") and by ㄴ or ㄹ (남은, 끝난 too:
# any adnominal), as regex classes: "오늘 챙길 거" is what is due today; "할 일이 뭐야" asks about a thing, not a person.
KO_WILL = closed_by(RIEUL)
KO_N = closed_by(NIEUN)   # closed by ㄴ: 한, 준, 보낸 (…다고: a plan)
KO_ADNOMINAL = closed_by(NIEUN, RIEUL)
# "right now" before "now": "what am I on the hook for right now" keeps no stray "right"
POLITE_WORDS = ("please", "for me", "thanks", "thank you", "right now", "now", "will ya", "will you", "would ya",
                "would you", "cheers", "ta")


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
    if "quarter" in amount:
        return numbers[amount]
    if unit.startswith("d"):   # "in a day"
        return n * 24 * 60
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


# "여권 사진은 안 해도 돼 지워줘": the reason before the order is not part of the name
# "… 안 해도 된대", "… 필요 없다고 했어": the reason reported (someone said so) as well as said
KO_NOT_NEEDED = re.compile(r"(?:은|는|이|가|도)?\s*(?:안\s*해도\s*(?:돼|되|됨|된대|된다고|된다네|된다니까|된다|된데)"
                           r"|(?:할\s*)?필요\s*없(?:어|으|대|다고|다네|다니까|다)"
                           # "가스 해지는 이사 업체가 해준대 그거 지워 줘" (the sixty-third session): someone else does it
                           r"|\s+[가-힣]{1,8}(?:\s+[가-힣]{1,8})?(?:가|이|에서|께서)\s*(?:대신\s*)?(?:해\s*준대|해준대|해\s*준다고|해준다고"
                           r"|해\s*준대요|해준대요|한대|해\s*준다네|해준다네|해\s*주기로\s*했))"
                           r"(?:니까|니|서)?(?:\s*(?:했어|하더라|하네|그래))?$")


def ko_name(word: str) -> str:
    """A Korean given name without the 이 said after one that ends in a consonant: 서윤이 -> 서윤."""
    if len(word) >= 3 and word.endswith("이") and final(word[-2]) > 0:
        return word[:-1]
    return word
