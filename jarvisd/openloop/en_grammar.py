"""The English grammar the promise and closing rules share: words, where a sentence's body starts once
fillers are skipped, and a phrase tidied (fillers, stutters and dangling words off).
"""

from __future__ import annotations

import re

from jarvisd.openloop import commitment_words as W

VAGUE = re.compile(r"\b(?:" + "|".join(re.escape(v) for v in W.EN_VAGUE_TIMES) + r")\b")

WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


FILLER_WORDS = re.compile(r"\b(?:um+|uh+|er|erm|hmm+)\b,?|,\s*you\s+know\s*,|,?\s*\bno\s+(?:rush|hurry|pressure)\b"
                          r"|\s*\b(?:like\s+)?for\s+real(?:\s+this\s+time)?\b|\s+like\s+ever\b"
                          r"|\b(?:ngl|lowkey|highkey|tbh|no\s+cap|lol|lmao|fr)\b,?")   # texting words said aloud


STUTTER = re.compile(r"\b([\w']+)(?:\s+\1\b)+", re.IGNORECASE)     # "call the the bank"


TOKEN_RE = re.compile(r"[\w']+|[^\w\s]")


# "how are you, remind me to call mom at 5" (pass 60b: the sentence was read as the question "how are you …", the
# promise went to the model and was not kept; "hi, remind me …" was): a greeting asked before a comma opens nothing
_HOW_ARE_YOU = re.compile(r"\s*(?:how\s+are\s+you(?:\s+doing)?(?:\s+today)?|how(?:'s|\s+is)\s+it\s+going|how\s+are\s+things"
                          r"|how\s+have\s+you\s+been|how(?:'s|\s+is)\s+your\s+day(?:\s+going)?|how\s+you\s+doing|what's\s+up)"
                          r"(?:\s+jarvis)?\s*,\s*(?=\S)")


def body_start(low: str, start: int = 0) -> int:
    """Where the sentence (from `start`) begins once fillers ("um", "okay", "so", "Jarvis,", "how are you,") are
    skipped; at most a dozen tokens and a few spaces or commas are looked at, so a run of 4,000 commas costs little."""
    pos = _filler_end(low, start)
    if m := _HOW_ARE_YOU.match(low, pos):
        pos = _filler_end(low, m.end())
    return pos


def _filler_end(low: str, start: int) -> int:
    pos = start
    for k, m in enumerate(TOKEN_RE.finditer(low, start)):
        if k >= 12:
            break
        if m.group(0) in W.EN_FILLERS or not m.group(0)[0].isalnum() or \
                m.group(0) == "no" and re.match(r"\s*(?:,|wait|actually)", low[m.end():m.end() + 12]):
            pos = m.end()
            continue
        break
    limit = min(len(low), pos + 16)
    while pos < limit and low[pos] in " ,":
        pos += 1
    return pos


# Verbs whose particle may end the action: "bring the chairs in", "put the tires on", "hand the form in".
_PARTICLE_VERBS = frozenset("bring put hand turn send plug log check fill let take get switch try".split())


def tidy(phrase: str, *, lead: frozenset[str] | tuple[str, ...] = W.EN_ADVERBS) -> str:
    """Fillers out; adverbs off the front and dangling words ("by", "please", "anymore") off the end."""
    phrase = FILLER_WORDS.sub(" ", phrase)
    phrase = STUTTER.sub(r"\1", VAGUE.sub(" ", phrase))
    phrase = re.sub(r"\s+", " ", phrase).strip(" ,.!?;:-")
    while True:
        words = phrase.split(" ")
        if words[0] and (words[0].lower().strip(",") in lead or words[0].lower().strip(",") in W.EN_FILLERS):
            phrase = " ".join(words[1:])
        elif words and words[-1].lower().strip(",.!?") in W.EN_DANGLING and not (
                len(words) > 2 and words[-1].lower() in ("in", "on") and words[0].lower() in _PARTICLE_VERBS):
            phrase = " ".join(words[:-1])   # "bring the patio chairs in", "put the snow tires on": kept
        else:
            return phrase.strip(" ,.!?;:-")
