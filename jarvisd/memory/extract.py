"""The LLM fact extractor for consolidation: one prompt per session batch, user utterances only.

The model is asked for `{key, value, importance}` items as a JSON list (JSON lines are accepted too).
Local models wrap JSON in code fences, add a sentence before it, or stop half-way; the parser takes the
JSON out of such answers, and anything it cannot read as a whole raises `ExtractionFailed(reason)`, so
`consolidate` keeps the batch for the next pass instead of storing part of it or losing it.

Only the user's utterances are shown: with the answers in the prompt, the assistant's own suggestions
("dinner: fried rice") came back as facts about the user (seed 003). The prompt asks for keys and
values in the language the user spoke; a Korean instruction made models turn English talk into Korean
facts, which then share no word with their source turn.

The extractor is synchronous (consolidation runs in a worker thread, next to the blocking store).
The model is async: `llm_extractor(model, loop=daemon_loop)` runs each call on the daemon's event
loop (the model's client and locks live there) and waits for it from the worker thread;
without a loop it runs the call in a fresh event loop of its own (scripts, tests).
"""

from __future__ import annotations

import asyncio
import json
import math
import re
from collections.abc import Sequence
from typing import Any

from jarvisd.llm.base import BackendError, ChatModel, Message, complete
from jarvisd.memory.consolidation import ExtractedFact, ExtractionFailed, Extractor
from jarvisd.textsafe import fact_text, valid_text

__all__ = ["ExtractionFailed", "extraction_messages", "llm_extractor", "parse_facts"]

EXTRACT_TIMEOUT_SEC = 180.0
MAX_UTTERANCE_CHARS = 1000

SYSTEM_PROMPT = """You extract durable facts about the user from what the user said in one conversation.
Keep facts that stay true beyond this conversation: who the user is, people and pets in their life,
places, preferences, plans with dates, habits, decisions. Skip greetings, questions to the assistant
and passing remarks.

Answer with a JSON list only, no other text:
[{"key": "<short topic>", "value": "<the fact>", "importance": <0.0-1.0>}]
- key: a short topic such as "allergy", "dog's name", "move date"
- value: the fact itself, self-contained
- importance: 0.9 identity, health, people; 0.7 lasting preferences and plans; 0.3 trivia
- write key and value in the language the user spoke
- answer [] when there is nothing durable"""


def extraction_messages(utterances: Sequence[str]) -> list[Message]:
    """The prompt for one session batch: the user's utterances in turn order, numbered."""
    lines = [f"{i}. {u.strip()[:MAX_UTTERANCE_CHARS]}" for i, u in enumerate(utterances, start=1) if u.strip()]
    user = "What the user said, in order:\n" + "\n".join(lines)
    return [Message("system", SYSTEM_PROMPT), Message("user", user)]


# ---- parsing ------------------------------------------------------------------------------------

_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.DOTALL)
_THINK = re.compile(r"<think>.*?</think>", re.DOTALL)


def _json_values(text: str) -> list[Any]:
    """The JSON the answer holds: a list or object as a whole, else one object per line."""
    text = _THINK.sub("", text).strip()
    fenced = _FENCE.findall(text)
    if fenced:
        text = "\n".join(f.strip() for f in fenced)
    if not text:
        raise ExtractionFailed("the model gave an empty answer")
    try:
        return [json.loads(text)]
    except json.JSONDecodeError:
        pass
    except ValueError as exc:  # pass 51: a number of 4,300+ digits stopped the whole run (every session after it)
        raise ExtractionFailed(f"a number in the answer is too long to read ({str(exc)[:60]})") from None
    except RecursionError:  # a model looping on '[' (SmolLM2 writes runs of one symbol)
        raise ExtractionFailed("JSON nested too deeply in the answer") from None
    start = min((i for i in (text.find("["), text.find("{")) if i >= 0), default=-1)
    end = max(text.rfind("]"), text.rfind("}"))
    if start >= 0 and end > start:
        try:
            return [json.loads(text[start : end + 1])]
        except json.JSONDecodeError:
            pass
        except ValueError as exc:
            raise ExtractionFailed(f"a number in the answer is too long to read ({str(exc)[:60]})") from None
        except RecursionError:
            raise ExtractionFailed("JSON nested too deeply in the answer") from None
    lines = [ln.strip().rstrip(",") for ln in text.splitlines() if ln.strip().startswith("{")]
    if not lines:
        raise ExtractionFailed(f"no JSON in the answer: {text[:80]!r}")
    values = []
    for line in lines:
        try:
            values.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise ExtractionFailed(f"broken JSON line ({exc.msg}): {line[:80]!r}") from None
        except ValueError as exc:
            raise ExtractionFailed(f"a number too long to read: {line[:80]!r} ({str(exc)[:60]})") from None
        except RecursionError:
            raise ExtractionFailed(f"JSON nested too deeply: {line[:80]!r}") from None
    return values


def _items(values: list[Any]) -> list[Any]:
    items: list[Any] = []
    for value in values:
        if isinstance(value, dict) and "key" not in value:
            inner = next((v for v in value.values() if isinstance(v, list)), None)  # {"facts": [...]}
            if inner is None:
                raise ExtractionFailed(f"an object without facts: {json.dumps(value)[:80]}")
            value = inner
        items.extend(value if isinstance(value, list) else [value])
    return items


def _importance(raw: Any) -> float:
    if isinstance(raw, bool):
        raise ValueError("a boolean")
    number = float(str(raw).strip().rstrip("%")) if isinstance(raw, str) else float(raw)
    if isinstance(raw, str) and raw.strip().endswith("%"):
        number /= 100
    if not math.isfinite(number):
        raise ValueError("not finite")
    return min(1.0, max(0.0, number))


def _fact(item: Any) -> ExtractedFact:
    if not isinstance(item, dict):
        raise ExtractionFailed(f"a fact that is not an object: {str(item)[:80]!r}")
    # fact_text(valid_text(...)): a "\\ud800" in the model's JSON became a lone surrogate, which no store can
    # write: the run stopped on it at every idle tick, and the sessions after it were never consolidated (pass 51)
    key, value = (fact_text(valid_text(str(item.get(name) or ""))) for name in ("key", "value"))
    if not key or not value:
        raise ExtractionFailed(f"a fact without key or value: {json.dumps(item, ensure_ascii=False)[:80]}")
    try:
        importance = _importance(item.get("importance"))
    except (TypeError, ValueError, OverflowError):  # OverflowError: an integer of 309-4,300 digits (pass 53d)
        said = repr(item.get("importance"))   # a 400-digit number was written whole into the log (pass 53d's low)
        raise ExtractionFailed(f"importance is not a number in {key!r}: "
                               f"{said if len(said) <= 40 else said[:40] + f'… ({len(said)} characters)'}") from None
    return ExtractedFact(key=key, value=value, importance=importance)


def parse_facts(text: str) -> list[ExtractedFact]:
    """The facts of a model answer; `[]` is a valid answer. Any unreadable part fails the whole batch:
    storing the readable half and marking the batch consolidated would lose the rest for good."""
    return [_fact(item) for item in _items(_json_values(text))]


# ---- the extractor ------------------------------------------------------------------------------


def llm_extractor(
    model: ChatModel, *, loop: asyncio.AbstractEventLoop | None = None, timeout: float = EXTRACT_TIMEOUT_SEC
) -> Extractor:
    """A synchronous extractor over an async chat model. With `loop` (the daemon's running loop) the
    call is scheduled there and awaited from the calling worker thread, which must not be that loop's
    own thread; without it each call runs in a fresh event loop."""

    def extract(utterances: Sequence[str]) -> list[ExtractedFact]:
        if not any(u.strip() for u in utterances):
            return []
        call = complete(model, extraction_messages(utterances))
        try:
            if loop is None:
                answer = asyncio.run(asyncio.wait_for(call, timeout))
            else:
                future = asyncio.run_coroutine_threadsafe(call, loop)
                try:
                    answer = future.result(timeout)
                except TimeoutError:
                    future.cancel()
                    raise
        except (BackendError, TimeoutError) as exc:
            raise ExtractionFailed(f"{model.name}: {exc or type(exc).__name__}") from exc
        return parse_facts(answer.text)

    return extract
