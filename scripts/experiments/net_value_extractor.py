"""`memory_net_value.py --extractor rules`: a scripted stand-in for the fact-extraction LLM.

The embedded model (SmolLM2-135M) answers the extraction prompt with a numbered copy of the
utterances, not JSON (every batch deferred), and Ollama is not on this machine; so the `turns+src`
row is measured with this rule-based extractor, played through `ScriptedChatModel` and the real
`llm_extractor` / `parse_facts` / consolidation path. The rule: in each utterance of the prompt, the
first sentence in the first person ("I", "my", "we") becomes a fact keyed by the speaker, importance
0.7; other utterances give nothing. It is what a literal extractor would keep, not a model's judgement.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from jarvisd.llm.base import Message
from jarvisd.llm.scripted import ScriptedChatModel

_NUMBERED = re.compile(r"^\d+\.\s+(.*)$")
_SENTENCE = re.compile(r"[^.!?]+[.!?]?")
_FIRST_PERSON = re.compile(r"\b(I|I'm|I've|I'd|my|we|our|me)\b")
FACT_CHARS = 160


def rule_facts(utterance: str) -> list[dict]:
    speaker, sep, text = utterance.partition(": ")
    if not sep:
        speaker, text = "user", utterance
    text = text.split(" [shares a photo")[0]
    for sentence in (s.strip() for s in _SENTENCE.findall(text)):
        if _FIRST_PERSON.search(sentence) and len(sentence.split()) >= 4:
            return [{"key": speaker.strip(), "value": sentence[:FACT_CHARS], "importance": 0.7}]
    return []


def answer(messages: Sequence[Message]) -> dict:
    facts = []
    for line in messages[-1].content.splitlines():
        m = _NUMBERED.match(line.strip())
        if m:
            facts += rule_facts(m.group(1))
    return {"text": json.dumps(facts, ensure_ascii=False)}


def rule_extractor_model() -> ScriptedChatModel:
    return ScriptedChatModel(answer, name="rules", record_calls=False)
