"""Failure reflection: a turn the guard stopped, or whose tool calls only failed, leaves a task-pattern
draft that says what went wrong and what to do instead (MISSION M14; seed 003's procedural memory).

Pure rules, no model: the offline default (SmolLM2-135M) cannot write a lesson, and the guard already
knows exactly what went wrong (the stop reason, the tool, its arguments, its error). The draft waits in
`<data dir>/procedures/` until the user approves it with `/procedures approve pattern-<name>`; it is not
recalled before. `FailureLessons` is the agent hook that writes it, off the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from jarvisd.agent.hooks import AgentHooks, TurnResult
from jarvisd.memory.patterns import TaskPattern
from jarvisd.memory.procedure_drafts import PatternDraft, draft_owner, write_draft

log = logging.getLogger("jarvisd.agent.failure_lessons")

_WORD = re.compile(r"[\w가-힣]{2,}")
_STOPWORDS = frozenset(
    "the a an and or to of for in on at with my me you your is are was were be it this that what how can "
    "could would please tell find show give about from 좀 그거 이거 뭐 어떻게 해줘 알려줘".split())

# What to do instead, by what stopped the turn.
STEPS = {
    "consecutive_repeat": "Use the result {tool} already gave; if it did not answer, change the arguments "
                          "or say what is missing instead of calling it again the same way.",
    "failures": "If {tool} fails again ({error}), stop retrying it: say what failed and try another way "
                "or ask the user.",
    "no_progress": "Stop calling {tool} when a round brings nothing new; answer with what was found and "
                   "say what is still unknown.",
    "all_rejected": "Read the rejection reasons; change the call or answer without tools.",
    "round_cap": "Break the task into smaller steps or ask the user to narrow it before calling {tool} "
                 "many times.",
    "budget_used": "Plan the calls first: the budget ran out before an answer.",
    "time_limit": "Answer with what is known before the time runs out; ask whether to go on.",
}


def lesson_for(user_text: str, result: TurnResult, agent: str) -> PatternDraft | None:
    """The draft a failed or guard-stopped turn leaves, or None for a turn that went well."""
    outcomes = [o for record in result.rounds for o in record.outcomes]
    failed = [o for o in outcomes if o.status in ("failed", "overloaded")]
    repeated = [o for o in outcomes if o.status == "rejected" and o.rule == "consecutive_repeat"]
    reason = result.stop_reason
    if reason == "answered":
        if repeated:
            reason = "consecutive_repeat"
        elif failed and not any(o.status == "ok" for o in outcomes):
            reason = "failures"
        else:
            return None
    culprits = repeated or failed or outcomes
    tool = Counter(o.prepared.name for o in culprits).most_common(1)[0][0] if culprits else "the tools"
    error = next((str(o.value)[:120] for o in failed if o.prepared.name == tool), "")
    keywords = tuple(dict.fromkeys(w for w in _WORD.findall(user_text.casefold()) if w not in _STOPWORDS))[:4]
    request = " ".join(user_text.split())[:100]
    what = {
        "consecutive_repeat": f"{tool} was called again with the same arguments and the guard blocked it",
        "failures": f"every {tool} call failed" + (f" ({error})" if error else ""),
    }.get(reason, f"the guard stopped the turn: {reason.replace('_', ' ')}, mostly {tool} calls")
    steps = STEPS.get(reason, "Answer with what is known and say what went wrong.").format(
        tool=tool, error=error or "the same error")
    name = f"{tool}-{reason}".replace("_", "-")
    pattern = TaskPattern(name=name, when=f"the user asks something like: {request}", steps=steps,
                          keywords=keywords or (tool,))
    return PatternDraft(pattern=pattern, agent=agent, lesson=f"{what} ({len(result.rounds)} rounds)")


class FailureLessons(AgentHooks):
    """Writes the lesson of a failed turn as a draft under `folder` (one file per tool and reason: a
    later failure of the same kind rewrites it with the newer request)."""

    def __init__(self, folder: Path, agent: str) -> None:
        self.folder = Path(folder)
        self.agent = agent

    async def on_turn_end(self, ctx: Any, result: TurnResult) -> None:
        user = next((m.content for m in result.turn_messages if m.role == "user"), "")
        draft = lesson_for(user, result, self.agent)
        if draft is None:
            return
        owner = str(getattr(ctx.scope, "user", "") or "")
        draft = replace(draft, user=owner)   # it quotes the request: the user's own draft (pass 54e)
        if await asyncio.to_thread(draft_owner, self.folder / f"{draft.slug}.md") not in ("", owner):
            log.info("failure reflection: %s kept for another user's draft %s waiting", draft.lesson, draft.slug)
            return   # another user's lesson of the same kind waits: not overwritten, nor shown to this user
        try:
            path = await asyncio.to_thread(write_draft, self.folder, draft)
        except OSError as exc:   # a full disk costs the lesson, never the answer
            log.warning("failure reflection: draft not written (%s)", exc)
            return
        log.info("failure reflection: %s (%s); approve with /procedures approve %s", draft.lesson, path.name,
                 draft.slug)
