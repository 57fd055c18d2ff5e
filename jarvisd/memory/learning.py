"""Pure rules behind /compact, /usermodel build and /journal write: prompts, language, parsing.

The language of a summary is decided by code, not left to the model: Hangul and Latin letters of the
conversation are counted (a Hangul syllable counts as ten Latin letters, so Korean with code or English
names in it stays Korean; JSON keys in assistant messages are not counted), and the instruction ends
with "반드시 한국어로" or "in English only". Asking the model to "use the conversation's language" made
models follow the instruction's language instead (seed 003).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from jarvisd.language import Language, language_of
from jarvisd.llm.base import Message
from jarvisd.textsafe import fact_text, valid_text

HANGUL_WEIGHT = 10
MAX_TRAITS = 8
MAX_JOURNAL_SENTENCES = 3
USER_MODEL_SOURCE = "user_model"
USER_MODEL_KEY = "user_model"

_JSON_KEY = re.compile(r'"[^"\n]{1,40}"\s*:')
_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def counted_text(messages: Sequence[Message]) -> str:
    """The text whose letters decide the language: JSON keys in assistant messages left out."""
    parts = []
    for m in messages:
        if m.role == "assistant":
            parts.append(_JSON_KEY.sub(" ", m.content))
        elif m.role in ("user", "assistant"):
            parts.append(m.content)
    return "\n".join(parts)


def dominant_language(text: str) -> Language:
    """The language most of a conversation is in: a Hangul letter counts ten Latin ones."""
    return language_of(text, hangul_weight=HANGUL_WEIGHT)


def conversation_language(messages: Sequence[Message]) -> Language:
    return dominant_language(counted_text(messages))


def language_instruction(language: Language) -> str:
    return "반드시 한국어로 쓰세요." if language == "ko" else "Write in English only."


def transcript(messages: Sequence[Message]) -> str:
    names = {"user": "User", "assistant": "Assistant"}
    return "\n".join(f"{names[m.role]}: {m.content.strip()}" for m in messages
                     if m.role in names and m.content.strip())


# ---- /compact -----------------------------------------------------------------------------------

COMPACT_PROMPT = (
    "Summarise the conversation below for the assistant's long-term memory. Keep every name, date, time, "
    "amount, place and decision exactly; drop small talk. Plain sentences, at most 10 lines."
)


def compact_messages(messages: Sequence[Message]) -> list[Message]:
    language = conversation_language(messages)
    system = f"{COMPACT_PROMPT}\n{language_instruction(language)}"
    return [Message("system", system), Message("user", transcript(messages))]


# ---- /usermodel build ---------------------------------------------------------------------------

USER_MODEL_PROMPT = (
    "From the memories below, describe the user for an assistant that wants to help them well. "
    'Answer with JSON only: {"summary": "<2-4 sentences>", "traits": ["<short trait>", ...]} with at most '
    f"{MAX_TRAITS} traits (habits, preferences, values, how they like to be helped). Use only what the "
    "memories say."
)


@dataclass(frozen=True)
class UserModel:
    summary: str
    traits: tuple[str, ...]

    def content(self) -> str:
        lines = [f"사용자 모델: {self.summary}"] + [f"- {t}" for t in self.traits]
        return "\n".join(lines)


class UnreadableAnswer(ValueError):
    """The model's answer could not be read; the reply says why and nothing is stored."""


def user_model_messages(memories: Sequence[str]) -> list[Message]:
    language = dominant_language("\n".join(memories))
    system = f"{USER_MODEL_PROMPT}\n{language_instruction(language)}"
    body = "\n".join(f"- {m.strip()[:400]}" for m in memories if m.strip())
    return [Message("system", system), Message("user", f"Memories, newest first:\n{body}")]


def parse_user_model(answer: str) -> UserModel:
    fenced = _FENCE.findall(answer)
    text = fenced[0] if fenced else answer
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        raise UnreadableAnswer(f"no JSON object in the answer: {answer[:80]!r}")
    try:
        data = json.loads(text[start : end + 1])
    except json.JSONDecodeError as exc:
        raise UnreadableAnswer(f"broken JSON ({exc.msg})") from None
    except ValueError:  # pass 51: a number of 4,300+ digits; `/usermodel build` answered the HUD a 500
        raise UnreadableAnswer("a number in the answer is too long to read") from None
    except RecursionError:  # a model looping on '{' or '['
        raise UnreadableAnswer("JSON nested too deeply") from None
    # fact_text(valid_text(...)): a "\\ud800" escape became a lone surrogate the embedder and the store cannot
    # encode, a 500 on the HUD (pass 51); a NUL or a bidi override is no text of a user model either
    summary = fact_text(valid_text(str(data.get("summary") or ""))) if isinstance(data, dict) else ""
    raw_traits = data.get("traits") if isinstance(data, dict) else None
    if not summary:
        raise UnreadableAnswer("the answer has no summary")
    cleaned = (fact_text(valid_text(str(t))) for t in raw_traits) if isinstance(raw_traits, list) else ()
    traits = [t for t in cleaned if t]
    return UserModel(summary=summary, traits=tuple(dict.fromkeys(traits))[:MAX_TRAITS])


def user_model_block(model: UserModel | None) -> str:
    """The `{{user_model}}` text of a thought prompt ("" when no model was built)."""
    if model is None:
        return ""
    traits = "; ".join(model.traits)
    return f"[사용자 모델]\n{model.summary}" + (f"\n성향: {traits}" if traits else "")


# ---- /journal write -----------------------------------------------------------------------------

JOURNAL_PROMPT = (
    "You keep the assistant's journal. Read the assistant's recent thoughts and conversations below and "
    "write a meta-reflection of one to three sentences: what it is learning about the user and about its "
    "own way of working. No list, no heading."
)


def journal_messages(records: Sequence[str]) -> list[Message]:
    language = dominant_language("\n".join(records))
    system = f"{JOURNAL_PROMPT}\n{language_instruction(language)}"
    body = "\n".join(f"- {r.strip()[:400]}" for r in records if r.strip())
    return [Message("system", system), Message("user", f"Recent records, newest first:\n{body}")]


def sentences(text: str) -> list[str]:
    flat = " ".join(text.split())
    return [s.strip() for s in re.split(r"(?<=[.!?。])\s+", flat) if s.strip()]


def journal_entry(answer: str) -> str:
    """The first one to three sentences of the answer (headings and bullets removed)."""
    lines = [ln.strip().lstrip("-*> ").strip() for ln in answer.splitlines() if not ln.lstrip().startswith("#")]
    kept = sentences(" ".join(ln for ln in lines if ln))
    if not kept:
        raise UnreadableAnswer("the journal answer is empty")
    return " ".join(kept[:MAX_JOURNAL_SENTENCES])
