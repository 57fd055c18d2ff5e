"""Reflection (inner thought): the small thought model looks at the open loops, recent memory and the user
model and decides whether something is worth saying unasked.

Reflection only reads the agenda; it never opens or closes loops (seed 000: the AGENDA judge owns that).
The loops it sees are numbered newest first with their dues, `[1] desc (기한 2026-10-12 10:00)`, the same
list the judge sees. The answer format is three labelled lines; the parser accepts the small model's
usual drift (Korean labels, bullets, bold, code fences, a JSON object, a missing SPEAK line).
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo

from jarvisd.llm.base import ChatModel, Message, complete
from jarvisd.openloop.model import OpenLoop
from jarvisd.openloop.rules import format_open_loops
from jarvisd.reflect.reminders import Lang, promise_language
from jarvisd.textsafe import printable, valid_text

MAX_MEMORY_LINES = 12
MAX_SAY_CHARS = 300

SYSTEM_PROMPT = """너는 JARVIS 의 내적 사고다. 사용자가 아무 말도 하지 않은 지금, 먼저 말을 걸 만한 것이 있는지 정한다.
- 기한이 다가온 약속, 기억 속에서 지금 챙길 만한 것이 있을 때만 말한다. 애매하면 말하지 않는다.
- 약속을 새로 만들거나 닫지 않는다. 약속 목록은 보기만 한다.
- 말할 때는 한두 문장으로, 약속이 쓰인 언어로 말한다.
정확히 이 형식으로만 답한다:
THOUGHT: <지금 떠오른 생각 한 문장>
SPEAK: yes 또는 no
SAY: <사용자에게 할 말, 말하지 않으면 비운다>"""

_LABELS = {
    "thought": "thought", "생각": "thought", "사고": "thought",
    "speak": "speak", "말하기": "speak", "말할까": "speak", "발화": "speak",
    "say": "say", "말": "say", "할말": "say", "할 말": "say", "message": "say",
}
_LINE = re.compile(r"^\s*(?:[-*>]\s*)?\**\s*([A-Za-z가-힣 ]{1,8}?)\s*\**\s*[:：]\s*\**\s*(.*?)\s*$")
_YES = {"yes", "y", "true", "1", "예", "네", "응", "말함", "말한다", "o"}
_NONE = {"", "-", "none", "n/a", "no", "없음", "(없음)", "없다", "null", "\"\""}


@dataclass(frozen=True)
class Reflection:
    thought: str
    speak: bool
    say: str
    lang: Lang
    raw: str = ""

    def log_text(self) -> str:
        """What is stored as the `thought` episode."""
        return f"{self.thought} -> {self.say}" if self.speak else self.thought


def build_reflection_prompt(loops: Sequence[OpenLoop], *, now: datetime, tz: tzinfo,
                            memory_lines: Sequence[str] = (), user_model: str = "") -> list[Message]:
    """The messages for one reflection: the time, the open loops (newest first), recent memory, the user."""
    newest_first = sorted(loops, key=lambda loop: (loop.created_ms, loop.id), reverse=True)
    local = now.astimezone(tz)
    memory = "\n".join(f"- {line.strip()}" for line in list(memory_lines)[:MAX_MEMORY_LINES] if line.strip())
    parts = [
        f"[지금]\n{local.strftime('%Y-%m-%d %H:%M')} ({local.strftime('%a')})",
        f"[열린 약속]\n{format_open_loops(newest_first, tz)}",
        f"[최근 기억]\n{memory or '(없음)'}",
        f"[사용자 모델]\n{user_model.strip() or '(없음)'}",
    ]
    return [Message("system", SYSTEM_PROMPT), Message("user", "\n\n".join(parts))]


def _strip_fences(text: str) -> str:
    return re.sub(r"```[a-zA-Z]*", "", text).strip()


def _from_json(text: str) -> dict[str, str] | None:
    match = re.search(r"\{.*\}", text, re.S)
    if match is None:
        return None
    try:
        data = json.loads(match.group(0))
    except (ValueError, RecursionError):  # RecursionError: a model looping on '{' or '['
        return None
    if not isinstance(data, dict):
        return None
    fields = {_LABELS.get(str(k).strip().lower()): v for k, v in data.items()}
    # printable(valid_text(...)): a "\\ud800" escape became a lone surrogate the thought's store could not encode;
    # every tick failed with a traceback and its SAY was never said (pass 51)
    return {k: printable(valid_text("yes" if v is True else "no" if v is False else str(v)))
            for k, v in fields.items() if k is not None and v is not None}


def _from_lines(text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    current: str | None = None
    for line in text.splitlines():
        # one space between words: on a run of spaces `_LINE`'s neighbouring `\s*` split it every way, and a line of
        # 200 spaces from the model held the GIL (the whole daemon) 5 s, 400 spaces 84 s (the session's regex probe)
        match = _LINE.match(" ".join(line.split()))
        label = _LABELS.get(match.group(1).strip().lower()) if match else None
        if match and label:
            current = label
            fields.setdefault(label, match.group(2).strip().strip("*").strip())
        elif match:
            current = None  # another label (e.g. a CLOSE line the model invented) ends the field
        elif current in ("thought", "say") and line.strip():
            fields[current] = f"{fields[current]} {line.strip()}".strip()
    return fields


def parse_reflection(text: str) -> Reflection:
    """Robust reading of the model's answer; anything unreadable is a thought that says nothing."""
    body = _strip_fences(text)
    fields = _from_json(body) or _from_lines(body)
    thought = fields.get("thought", "").strip()
    say = fields.get("say", "").strip().strip('"').strip()
    if say.lower() in _NONE:
        say = ""
    speak_field = fields.get("speak")
    if speak_field is None:
        speak = bool(say)          # no SPEAK line: a non-empty SAY is the decision
    else:
        words = re.findall(r"[A-Za-z가-힣0-9]+", speak_field.lower())
        speak = bool(words) and words[0] in _YES
    if not fields:
        thought = body.strip()     # free prose: keep it as the thought, say nothing
    speak = speak and bool(say)
    say = say[:MAX_SAY_CHARS] if speak else ""
    return Reflection(thought=thought or say, speak=speak, say=say, lang=promise_language(say or thought),
                      raw=text)


async def reflect_once(model: ChatModel, loops: Sequence[OpenLoop], *, now: datetime, tz: tzinfo,
                       memory_lines: Sequence[str] = (), user_model: str = "",
                       store_thought: Callable[[str], Awaitable[object] | object] | None = None) -> Reflection:
    """Ask the thought model once; store the thought log through `store_thought` (a `thought` episode).
    `loops` is read only; model errors propagate to the caller (the tick logs them)."""
    messages = build_reflection_prompt(loops, now=now, tz=tz, memory_lines=memory_lines, user_model=user_model)
    answer = await complete(model, messages)
    reflection = parse_reflection(answer.text)
    if store_thought is not None and reflection.thought:
        stored = store_thought(reflection.log_text())
        if inspect.isawaitable(stored):
            await stored
    return reflection
