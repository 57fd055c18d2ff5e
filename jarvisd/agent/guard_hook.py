"""`LoopGuard`: the loop-guard rules of `guard.py` plugged into the loop as a hook, one per turn.

It rejects calls before they run (repeat rules, tool budget), watches every outcome, and after each
round updates the per-round counters and decides whether the tool phase stops. It keeps one
`GuardVerdict` per round so replays and logs can show why.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from jarvisd.agent import guard
from jarvisd.agent.guard import Counters, Fingerprint, Novelty
from jarvisd.agent.hooks import (
    AgentHooks,
    CallOutcome,
    PreparedCall,
    Rejection,
    RoundRecord,
    Stop,
    TurnContext,
)
from jarvisd.agent.profiles import GuardPolicy


@dataclass(frozen=True)
class GuardVerdict:
    round: int
    novelties: tuple[Novelty | None, ...]  # per call, None for calls that did not run
    brought_news: bool
    counters: Counters
    stop: str | None


_EXECUTED = frozenset(("ok", "failed", "overloaded"))


def _key(call: PreparedCall) -> str:
    return guard.call_key(call.name, call.canonical_args if call.canonical_args is not None else call.call.arguments)


class LoopGuard(AgentHooks):
    def __init__(self, policy: GuardPolicy, clock: Callable[[], float] = time.monotonic) -> None:
        self.policy = policy
        self.clock = clock
        self.started = clock()
        self.counters = Counters()
        self.verdicts: list[GuardVerdict] = []
        self._recent: list[str] = []  # chat: keys of this turn's calls in order, blocked ones included
        self._executed: set[str] = set()  # research: calls that ran and returned a result
        self._planned: set[str] = set()  # research: calls let through earlier in this round
        self._last_text: dict[str, str] = {}  # key -> the result text the model already has
        self._seen: set[Fingerprint] = set()  # result fingerprints of this run
        self._charged: set[int] = set()  # indexes of this round's calls charged to the budget
        self._calls_charged = 0  # tool calls charged to the budget so far, refunds taken off
        self._keys: dict[int, str] = {}  # this round's call keys by index

    # --- before a call runs --------------------------------------------------------------------------
    async def before_tool_call(self, ctx: TurnContext, call: PreparedCall) -> Rejection | None:
        policy = self.policy
        left = guard.budget_left(policy.tool_budget, self._calls_charged)
        if left == 0:
            return Rejection(guard.budget_used_reason(policy.tool_budget or 0), "budget_used")
        key = self._keys[call.index] = _key(call)
        if call.exempt:
            self._recent.append("\x01exempt")  # an exempt call in between restarts the chat count
        elif policy.repeat_rule == "consecutive":
            count = guard.consecutive_count(self._recent, key)
            blocked = guard.blocks_consecutive_repeat(self._recent, key, policy.same_call_limit)
            self._recent.append(key)
            if blocked:
                return Rejection(guard.consecutive_repeat_reason(call.name, count, self._last_text.get(key)),
                                 "consecutive_repeat")
        elif guard.already_executed(self._executed, key) or key in self._planned:
            return Rejection(guard.already_executed_reason(call.name), "already_executed")
        self._planned.add(key)
        self._charged.add(call.index)
        self._calls_charged += 1
        return None

    # --- after a round (outcomes are read here, once, rather than in after_tool_call) --------------
    def _novelty(self, outcome: CallOutcome) -> Novelty | None:
        if outcome.status not in _EXECUTED:
            return None
        text = outcome.canonical_text
        fp = None if text is None else guard.fingerprint_text(text)
        novelty = guard.classify_result(outcome.value, fp, self._seen,
                                        approval_required=outcome.prepared.approval_required,
                                        overloaded=outcome.status == "overloaded")
        if fp is not None:
            self._seen.add(fp)
        return novelty

    async def after_round(self, ctx: TurnContext, record: RoundRecord) -> Stop | None:
        outcomes = record.outcomes
        policy, c = self.policy, self.counters
        executed = failed = succeeded = overloaded = 0
        for o in outcomes:  # one pass: this runs for every round
            status = o.status
            if status == "ok":
                executed += 1
                succeeded += 1
                index = o.prepared.index
                key = self._keys[index] if index in self._keys else _key(o.prepared)
                self._executed.add(key)
                self._last_text[key] = o.text
            elif status == "failed" or status == "overloaded":
                executed += 1
                failed += 1
                overloaded += status == "overloaded"
            else:
                if o.prepared.index in self._charged:
                    # let through here but stopped later (another hook, or the user said no): not spent
                    self._calls_charged -= 1
                if status == "invalid" or (status == "rejected" and policy.rejections_are_failures):
                    failed += 1
        self._planned.clear()
        self._charged.clear()
        self._keys.clear()
        if not outcomes:
            return None  # the answer round
        if policy.track_progress:
            novelties = tuple(self._novelty(o) for o in outcomes)
            news = guard.round_brought_news(n for n in novelties if n is not None)
        else:  # chat: results are not compared
            novelties, news = (None,) * len(outcomes), True
        refund = guard.overload_refund(overloaded, c.refunded, policy.overload_refund_max)
        c = Counters(
            rounds=c.rounds + 1,
            no_progress=guard.next_no_progress_count(c.no_progress, news) if policy.track_progress else 0,
            all_rejected=guard.next_all_rejected_count(c.all_rejected, len(outcomes), executed),
            failures=guard.next_failure_count(c.failures, failed, succeeded),
            calls_charged=self._calls_charged - refund,
            refunded=c.refunded + refund,
            cap_extension=c.cap_extension + (1 if refund else 0),
        )
        self.counters = c
        self._calls_charged = c.calls_charged
        reason = guard.stop_reason(
            c, track_progress=policy.track_progress, round_cap=policy.round_cap, budget=policy.tool_budget,
            no_progress_limit=policy.no_progress_limit, all_rejected_limit=policy.all_rejected_limit,
            failure_limit=policy.failure_limit, elapsed_sec=self.clock() - self.started,
            time_limit_sec=policy.time_limit_sec)
        self.verdicts.append(GuardVerdict(record.round, novelties, news, c, reason))
        return Stop(reason, guard.STOP_EXPLANATIONS[reason]) if reason else None
