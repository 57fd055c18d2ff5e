"""The AGENDA judge: after every user request, beside the reply, the thought model writes down the
promises in the input and the open loops it closes; the service applies the rules to what it wrote.

It runs per request as its own task (`spawn`), never in the reply's path, and also when reflection
is skipped. A model failure or a malformed answer still lets the user's dismissal phrases close loops.
When the agenda changed, the service announces it (`AgendaChanged`, reason "judgement"; the reply has
usually been spoken by then; the HUD re-reads the agenda): the judge publishes nothing itself.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from jarvisd.llm.base import ChatModel, Message, complete
from jarvisd.openloop import naming, rules
from jarvisd.openloop.model import AgendaChange, Judgement, OpenLoop
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.when import ImpossibleTime, resolve_time
from jarvisd.textsafe import one_space

log = logging.getLogger(__name__)

SYSTEM_PROMPT = """\
너는 AGENDA 판단이다. 사용자의 이번 [입력]만 보고 두 가지를 적는다.
You are the AGENDA judge. Look only at this [입력] (input) and write two things.

1. open_loops: 이번 입력에서 사용자가 하겠다고 하거나 챙겨 달라고 한 약속, 할 일.
   한 줄에 하나: `- 설명 @YYYY-MM-DD HH:MM (근거: 입력에서 그대로 옮긴 구절)`
   기한을 말했으면 [지금] 을 기준으로 날짜와 시각을 적고, 말하지 않았으면 @ 부분을 뺀다.
   기억이나 [열린 약속] 에 있던 약속을 다시 적지 않는다.
2. closed_loops: 이번 입력으로 끝났거나, 하지 말라고 했거나, 취소된 [열린 약속] 의 번호. `- [번호]`

없으면 `없음`. 다른 말은 쓰지 않는다. Write nothing else.

예 / Example:
open_loops:
- 분기 보고서 초안 보내기 @2026-10-16 15:00 (근거: 내일 오후 3시까지 분기 보고서 초안을 팀장님께 보내야 해)
closed_loops:
- [2]
"""


def build_messages(user_input: str, shown: Sequence[OpenLoop], service: OpenLoopService) -> list[Message]:
    now = service.now_local()
    zone = getattr(service.tz, "key", None) or now.strftime("%Z")
    body = (f"[지금] {now:%Y-%m-%d %H:%M} ({zone}, {now:%A})\n"
            f"[열린 약속]\n{rules.format_open_loops(list(shown), service.tz)}\n"
            f"[입력]\n{user_input}")
    return [Message(role="system", content=SYSTEM_PROMPT), Message(role="user", content=body)]


def redate(judgement: Judgement, user_input: str, now: datetime) -> Judgement:
    """Dues come from the user's words, not from the model's date arithmetic: each new promise takes the
    time `when.resolve_time` reads in its quoted evidence (else in the whole input); the model's `@date`
    stays only where the words name no time. A time the words make impossible drops the model's due."""
    opened = []
    for item in judgement.opened:
        due_ms = item.due_ms
        for words in (item.evidence, user_input):
            if not words:
                continue
            try:
                when = resolve_time(words, now, due=True)
            except ImpossibleTime:
                due_ms = None
                break
            if when is not None:
                due_ms = int(when.at.timestamp() * 1000)
                break
        opened.append(replace(item, due_ms=due_ms))
    return replace(judgement, opened=tuple(opened))


class AgendaJudge:
    """One judge per daemon; `spawn` per user request."""

    def __init__(self, model: ChatModel, service: OpenLoopService, timeout_sec: float = 120.0) -> None:
        self.model = model
        self.service = service
        self.timeout_sec = timeout_sec
        self._tasks: set[asyncio.Task[AgendaChange]] = set()

    async def _ask(self, user_input: str, shown: Sequence[OpenLoop]) -> Judgement:
        try:
            answer = await asyncio.wait_for(complete(self.model, build_messages(user_input, shown, self.service)),
                                            self.timeout_sec)
        except Exception as exc:  # the model is best effort; the dismissal rule still runs
            why = f"no answer within {self.timeout_sec:g} s" if isinstance(exc, TimeoutError) else repr(exc)
            log.warning("openloop judge: %s failed (%s); applying the dismissal rule only",
                        getattr(self.model, "name", "model"), why)
            return Judgement()
        judgement = rules.parse_judgement(answer.text, self.service.tz)
        if judgement.dropped:
            log.debug("openloop judge: dropped malformed items %s", judgement.dropped)
        return redate(judgement, user_input, self.service.now_local())

    async def judge(self, user_input: str, session: str = "default", known: Sequence[str] = ()) -> AgendaChange:
        """Judge one request to the end and apply it (the service announces a change).
        `known`: the promises the rules already took from this input; the model's items naming one of
        them are left out, so a differently worded duplicate of the same promise is not opened."""
        user_input = one_space(user_input)   # the rules' readers below, some on the event loop (pass 54c)
        shown = await asyncio.to_thread(self.service.loops_for_judge, session)
        judgement = await self._ask(user_input, shown)
        if known:
            judgement = replace(judgement, opened=tuple(item for item in judgement.opened
                                                        if naming.best_reference(item.desc, known) is None))
        if judgement.opened:
            await asyncio.to_thread(self.service.embed_ahead, judgement, session)
        return await asyncio.to_thread(self.service.apply_judgement, judgement, user_input, shown, session)

    def spawn(self, user_input: str, session: str = "default", known: Sequence[str] = (),
              turn_id: int | str | None = None) -> asyncio.Task[AgendaChange]:
        """Start judging beside the reply; the caller need not await the task. It is named by the turn
        (`openloop-judge:voice#12`). A barge-in that cuts the turn's answer does not cancel it: the user's
        words were said in full, and what they promised stays promised."""
        name = f"openloop-judge:{session}" + ("" if turn_id is None else f"#{turn_id}")
        task = asyncio.create_task(self.judge(user_input, session, known), name=name)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[AgendaChange]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("openloop judge task %s failed", task.get_name(), exc_info=task.exception())

    async def drain(self) -> None:
        """Wait for judgements still running (daemon shutdown, tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)


@dataclass(frozen=True)
class JudgePlan:
    """Who finds the promises (`openloop.judge`), and why, in one sentence for the log and `doctor`."""

    rules: bool
    model: bool
    why: str

    @property
    def name(self) -> str:
        return "rules + model" if self.rules and self.model else "rules" if self.rules else "model"


def judge_plan(setting: str, thought_model: str) -> JudgePlan:
    """`auto`: the rules alone with the embedded thought model (SmolLM2-135M cannot write the judgement's
    format: 0 of 13 promises), the rules and the model's judgement merged with a capable one."""
    embedded = thought_model.startswith("embedded:")
    if setting == "rules":
        return JudgePlan(True, False, "openloop.judge = rules")
    if setting == "model":
        return JudgePlan(False, True, f"openloop.judge = model ({thought_model}; dues from the user's words)")
    if embedded:
        return JudgePlan(True, False, f"openloop.judge = auto and the thought model is the embedded "
                                      f"{thought_model.removeprefix('embedded:')}, too small to write the judgement")
    return JudgePlan(True, True, f"openloop.judge = auto with {thought_model}: the rules, and the model's "
                                 "judgement merged in (dues from the user's words)")
