"""`memory_net_value.py --answer-model`: answer each question from the shown memory, judge by token F1.

The judge is LoCoMo's own QA metric, not a second LLM: token F1 between the answer and the gold
answer after lower-casing and dropping punctuation and articles (a multi-hop gold answer "a, b" is
scored per comma-separated part against the answer, averaged). Adversarial questions (category 5)
have no gold answer: they are correct when the answer says the conversation does not tell
("not mentioned", "no information", ...), as in LoCoMo. A question counts as *correct* at F1 >= 0.5.
"""

from __future__ import annotations

import asyncio
import re
import string
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from jarvisd.llm.base import ChatModel, Message, complete

CORRECT_F1 = 0.5
ADVERSARIAL = 5
ANSWER_PROMPT = (
    "Answer the question from the memory below: a short phrase (a few words, a date, a name), no "
    "explanation. If the memory does not tell, answer exactly \"Not mentioned in the conversation\"."
)
_NOT_TOLD = ("not mentioned", "no information", "not stated", "does not say", "doesn't say", "unknown",
             "not specified", "cannot be determined", "no mention")
_ARTICLES = re.compile(r"\b(a|an|the|and)\b")


class NoAnswerModel(RuntimeError):
    """No LLM to answer with here; the message says why and what to do."""


@dataclass(frozen=True)
class Judged:
    answer: str
    f1: float
    correct: bool


def normalise(text: str) -> list[str]:
    text = text.casefold().replace(",", " ")
    text = "".join(ch for ch in text if ch not in string.punctuation)
    return _ARTICLES.sub(" ", text).split()


def token_f1(prediction: str, gold: str) -> float:
    pred, ref = normalise(prediction), normalise(gold)
    common = sum((Counter(pred) & Counter(ref)).values())
    if not pred or not ref or not common:
        return 0.0
    precision, recall = common / len(pred), common / len(ref)
    return 2 * precision * recall / (precision + recall)


def judge(answer: str, gold: str, category: int) -> Judged:
    if category == ADVERSARIAL:
        told_not = any(marker in answer.casefold() for marker in _NOT_TOLD)
        return Judged(answer, 1.0 if told_not else 0.0, told_not)
    parts = [p for p in str(gold).split(",") if p.strip()] if category == 1 else [str(gold)]
    f1 = sum(token_f1(answer, p) for p in parts) / max(1, len(parts))
    return Judged(answer, round(f1, 3), f1 >= CORRECT_F1)


def answer_messages(question: str, memory: str) -> list[Message]:
    return [Message("system", ANSWER_PROMPT),
            Message("user", f"Memory:\n{memory}\n\nQuestion: {question}\nAnswer:")]


def answer_and_judge(model: ChatModel, question: str, memory: str, gold: str, category: int) -> Judged:
    reply = asyncio.run(complete(model, answer_messages(question, memory)))
    text = reply.text.strip().splitlines()[0].strip() if reply.text.strip() else ""
    return judge(text, gold, category)


def select_answer_model(spec: str) -> ChatModel:
    """`auto`: what the daemon would chat with (Ollama if it has the chat model, else the embedded
    llama.cpp model); `embedded`: the embedded model only. Raises NoAnswerModel with the reason."""
    from jarvisd.config import load_config
    from jarvisd.llm.backend_choice import OllamaProbe, select_backends
    from jarvisd.llm.base import BackendError
    from jarvisd.manifest import ModelStore

    if spec not in ("auto", "embedded"):
        raise NoAnswerModel(f"unknown --answer-model {spec!r} (auto | embedded)")
    cfg = load_config()
    from jarvisd.manifest import ModelError

    cfg = load_config()
    probe = OllamaProbe(cfg.ollama_host, error="--answer-model embedded") if spec == "embedded" else None
    try:
        return select_backends(cfg, ModelStore(cfg.paths.models_dir), probe).chat
    except (BackendError, ModelError) as exc:
        raise NoAnswerModel(f"no answering LLM available: {exc} (start Ollama with the chat model, or "
                            "check the offline models with `jarvisd models verify`)") from exc


def summarise_answers(rows: Sequence[dict], systems: Sequence[str]) -> dict:
    """Per system: questions answered, mean F1, share correct (F1 >= 0.5)."""
    out = {}
    for system in systems:
        judged = [r["systems"][system]["answer"] for r in rows if "answer" in r["systems"][system]]
        if judged:
            out[system] = {"answered": len(judged),
                           "f1": round(sum(j["f1"] for j in judged) / len(judged), 3),
                           "correct": round(sum(j["correct"] for j in judged) / len(judged), 3)}
    return out
