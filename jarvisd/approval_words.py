"""Is an utterance a yes or a no? The pure rule behind approving a tool call by voice or text (A2).

While a tool call waits for the user's approval, the next utterance answers it instead of starting a
turn only when it is *nothing but* an answer: "yes", "yeah, go ahead", "okay please", "응", "네 좋아요",
or "no", "no, don't", "cancel", "아니", "하지 마". Anything else ("yes, but to Mina instead", "what time
is it") is no answer and goes to the agent as a turn of its own. An utterance with both a yes and a no
("yes no", "좋아 하지 마") is no answer either: guessing is worse than asking again.

    decision("Yeah, go ahead.")  # True
    decision("아니요")            # False
    decision("send it to Mina")  # None
"""

from __future__ import annotations

import re
import unicodedata

YES = (
    "yes", "yeah", "yep", "yup", "yes please", "ok", "okay", "o k", "sure", "approve", "approved", "go ahead",
    "do it", "go for it", "please do", "sounds good", "of course", "alright", "all right", "right", "correct",
    "that's right", "that's it", "exactly", "yes that one", "that one",
    "aye", "go on", "too right", "nah yeah",   # Scots and Australian English ("nah yeah": yes)
    "맞아", "맞아요", "맞습니다", "그거", "그거야", "그거요", "그래 맞아",
    "응", "어", "엉", "웅", "네", "넵", "예", "그래", "그래요", "좋아", "좋아요", "좋습니다", "해", "해줘", "해 줘",
    "해주세요", "해 주세요", "해요", "승인", "승인해", "승인할게", "괜찮아", "괜찮아요", "그렇게 해", "그렇게 해줘",
    "진행해", "진행해줘", "진행해 줘", "보내", "보내줘", "보내 줘", "응응", "네네", "예예",
    "ㅇㅇ", "ㅇㅋ",   # text-message Korean: 응응, 오케이
)
NO = (
    "no", "nope", "nah", "no thanks", "don't", "dont", "do not", "don't do it", "do not do it", "cancel",
    "cancel it", "stop", "deny", "denied", "never mind", "nevermind", "not now", "no way",
    "naw", "nae", "yeah nah",   # Scots and Australian English ("yeah nah": no)
    "not yet", "no not yet", "not quite", "아직", "아직이요", "아직이야", "아직 아니야", "아직 안 했어", "아직 안했어",
    "ㄴㄴ",   # text-message Korean: 노노
    "아니", "아니요", "아뇨", "아니야", "아니에요", "아냐", "하지 마", "하지마", "하지 마요", "하지 마세요",
    "하지마세요", "하지 말아줘", "하지 말아 줘", "하지 말아요", "취소", "취소해", "취소해줘", "취소해 줘",
    "안 돼", "안돼", "안 돼요", "안돼요", "싫어", "싫어요", "그만", "그만해", "됐어", "됐어요", "안 해", "안해",
    "보내지 마", "보내지마",
)
# words that may come with an answer without changing it: "yes please", "no, thank you", "자비스, 응"
FILLERS = ("please", "thanks", "thank you", "jarvis", "자비스", "just", "then", "now", "it", "요", "그냥", "제발")

_PUNCT = re.compile(r"[^\w\s']+")


def normalize(text: str) -> str:
    """Casefolded words separated by single spaces; punctuation gone, apostrophes unified and kept."""
    text = unicodedata.normalize("NFKC", text).replace("\u2019", "'").casefold()
    return " ".join(_PUNCT.sub(" ", text).split())


def _phrases() -> list[tuple[str, str]]:
    table = [(p, "yes") for p in YES] + [(p, "no") for p in NO] + [(p, "filler") for p in FILLERS]
    return sorted(((normalize(p), kind) for p, kind in table), key=lambda item: -len(item[0]))


_TABLE = _phrases()


def decision(text: str) -> bool | None:
    """True (yes), False (no) or None (not an answer, or both). The utterance must consist only of
    answer phrases and fillers, matched whole-word from its start, longest phrase first."""
    rest = normalize(text)
    kinds: set[str] = set()
    while rest:
        for phrase, kind in _TABLE:
            if rest == phrase or rest.startswith(phrase + " "):
                kinds.add(kind)
                rest = rest[len(phrase):].lstrip()
                break
        else:
            return None
    kinds.discard("filler")
    if kinds == {"yes"}:
        return True
    if kinds == {"no"}:
        return False
    return None
