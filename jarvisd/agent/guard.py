"""Loop-guard rules (seed 002): pure functions, one per rule, no I/O and no state of their own.

The stateful `LoopGuard` hook (`guard_hook.py`) keeps the counters and asks these functions. Every
doubtful case leans towards "new fact" / "keep going": a run that is wrongly kept going is still cut by
the failure count and the round cap, a run that is wrongly stopped cannot be brought back.

Counting is per round everywhere (a round = one model call plus the tool calls in its answer), never
per tool: a tool that keeps repeating itself does not stop a run that another tool is moving forward.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

SAME_CALL_LIMIT = 3  # chat: the third consecutive identical call is blocked
NO_PROGRESS_LIMIT = 5  # research: rounds in a row without an unseen result fingerprint
ALL_REJECTED_LIMIT = 5  # rounds in a row in which nothing was executed
FAILURE_LIMIT = 5  # rounds in a row in which calls failed and none succeeded
CHAT_ROUND_CAP = 40
CHAT_TIME_LIMIT_SEC = 600.0  # run-time caps, checked after each round
RESEARCH_TIME_LIMIT_SEC = 900.0  # the seed's runaway research run went on for 19 minutes
OVERLOAD_REFUND_MAX = 3  # overloaded calls refunded per tool budget

Novelty = Literal["new", "seen", "empty", "unfingerprintable", "approval", "overloaded"]
Fingerprint = tuple[int, int]  # (length, hash) of a result's canonical text


# --- arguments compare by value ---------------------------------------------------------------------

def _normalise(value: Any) -> Any:
    """Integral floats become ints (2.0 == 2 by value); containers are walked."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {str(k): _normalise(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_normalise(v) for v in value]
    return value


def _parse_number(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() else value


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
# For values that came out of json.loads (no cycles possible): the C encoder made once, not per call as
# JSONEncoder.encode does; half the cost of canonicalising a call's arguments. Same output.
_c_make_encoder = getattr(json.encoder, "c_make_encoder", None)
_c_encode_str = getattr(json.encoder, "c_encode_basestring", None)
_PARSED_CANONICAL = (_c_make_encoder(None, None, _c_encode_str, None, ":", ",", True, False, False)
                     if _c_make_encoder is not None and _c_encode_str is not None else None)


def canonical_json(value: Any) -> str:
    """Sorted keys at every depth, no whitespace, UTF-8 text kept as text.

    Raises TypeError/ValueError for values that are not JSON (objects, bytes, NaN)."""
    return _CANONICAL.encode(value)


def canonical_parsed_json(value: Any) -> str:
    """`canonical_json` for a value parsed from JSON text (acyclic by construction), faster."""
    if _PARSED_CANONICAL is None:
        return _CANONICAL.encode(value)
    if isinstance(value, str):  # the C encoder only takes containers and scalars as chunks
        return _CANONICAL.encode(value)
    return "".join(_PARSED_CANONICAL(value, 0))


def parse_arguments(raw: str) -> Any:
    """json.loads with integral floats read as ints, so 2.0 and 2 are the same argument."""
    return json.loads(raw, parse_float=_parse_number)


def canonical_arguments(raw: str | Any) -> str | None:
    """The arguments of a call as canonical JSON, or None when they are not valid JSON.

    `raw` is the text the model wrote, or an already parsed value (the "arguments expanded from a saved
    file" path): both land on the same text, so key order, spacing and escapes do not matter."""
    try:
        if isinstance(raw, str):
            return canonical_parsed_json(parse_arguments(raw))
        return canonical_json(_normalise(raw))
    except (TypeError, ValueError):
        return None


def call_key(tool: str, canonical_args: str) -> str:
    """What "the same call" means: same tool name, same arguments by value."""
    return f"{tool}\x00{canonical_args}"


# --- which calls are rejected before they run ------------------------------------------------------

def consecutive_count(previous_keys: Sequence[str], key: str) -> int:
    """Which call in a row of identical calls `key` would be (1 = the first)."""
    n = 1
    for earlier in reversed(previous_keys):
        if earlier != key:
            break
        n += 1
    return n


def blocks_consecutive_repeat(previous_keys: Sequence[str], key: str, limit: int = SAME_CALL_LIMIT) -> bool:
    """Chat rule: the `limit`-th consecutive identical call is blocked before execution.

    `previous_keys` are the keys of the earlier calls of this turn, oldest first, blocked ones included
    (insisting keeps being blocked). Any other call in between, an exempt one too, restarts the count.
    Exempt calls themselves are never checked."""
    return limit >= 2 and consecutive_count(previous_keys, key) >= limit


def already_executed(executed_keys: Collection[str], key: str) -> bool:
    """Research rule: a call identical to one already executed in this run is rejected.

    Only calls that ran and returned a result are "executed"; a failed or overloaded call may be retried."""
    return key in executed_keys


def consecutive_repeat_reason(tool: str, count: int, earlier_result: str | None) -> str:
    """Tells the model the earlier value is already in the conversation (seed: the connector-id case)."""
    earlier = ""
    if earlier_result is not None:
        shown = earlier_result if len(earlier_result) <= 300 else earlier_result[:300] + "..."
        earlier = f" The earlier result was: {shown}"
    return (f"Not executed: this is call number {count} in a row of {tool} with the same arguments. "
            f"Its result is already in this conversation; use that value and continue.{earlier} "
            f"If you need something else, call a different tool.")


def already_executed_reason(tool: str) -> str:
    return (f"Not executed: {tool} was already called with these same arguments in this run and its "
            f"result is above. Change the arguments or use another method or tool.")


def budget_used_reason(budget: int) -> str:
    return (f"Not executed: the tool-call budget of {budget} is used up. "
            f"Write your answer from what you have gathered.")


# --- results: what counts as a new fact -------------------------------------------------------------

def is_empty_result(value: Any) -> bool:
    """True when the result holds no fact: only empty containers/strings, 0, false and null, at any depth.

    Judged by structure, never by a list of keys, so {"items": [], "count": 0} and
    {"rows": [], "rowCount": 0} are both empty. Keys alone are not facts. Stops at the first non-empty leaf."""
    kind = type(value)
    if kind is dict:  # exact types first: this walk runs for every result already seen
        for item in value.values():
            if not is_empty_result(item):
                return False
        return True
    if kind is list or kind is tuple:
        for item in value:
            if not is_empty_result(item):
                return False
        return True
    if kind is str:
        return _is_empty_text(value)
    if value is None or value is False:
        return True
    if kind is int or kind is float:
        return value == 0
    if isinstance(value, dict):
        return is_empty_result(dict(value))
    if isinstance(value, (list, tuple)):
        return is_empty_result(list(value))
    if isinstance(value, str):
        return _is_empty_text(str(value))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value == 0
    return False


def _is_empty_text(text: str) -> bool:
    if not text or text.isspace():
        return True
    if text[0] not in "[{ \t\r\n" or len(text) > 4096:
        return False
    if text.lstrip()[:1] not in ("[", "{"):
        return False
    try:  # JSON text from a tool that returns strings
        parsed = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: 2,000 '[' fit in 4,096 characters
        return False
    return not isinstance(parsed, str) and is_empty_result(parsed)


def fingerprint_text(canonical_text: str) -> Fingerprint:
    """Fingerprint of a result's canonical text: its length and Python's keyed 64-bit SipHash.

    Fingerprints live for one run in one process, so the per-process key does no harm, and hashing the
    string's own buffer skips the UTF-8 encoding that dominates sha1 on Korean text (~6x faster, see
    scripts/bench_guard.py). A collision (which could only lean towards stopping) is ~1e-13 likely
    among a thousand results of a run."""
    return (len(canonical_text), hash(canonical_text))


def result_fingerprint(value: Any) -> Fingerprint | None:
    """Fingerprint of a result value, or None when it cannot be fingerprinted (not JSON-like).

    Strings are hashed as written. Volatile fields (timestamps, request ids) are NOT stripped: a result
    that differs only in a timestamp is a new result. Stripping would need a key list that silently goes
    wrong as tools are added; the cost is that such repetition is cut by the failure count and the round
    cap instead (seed 002, "설계에서 고른 것")."""
    if isinstance(value, str):
        return fingerprint_text(value)
    try:
        return fingerprint_text(canonical_json(value))
    except (TypeError, ValueError):
        return None


def classify_result(value: Any, fingerprint: Fingerprint | None, seen: Collection[Fingerprint], *,
                    approval_required: bool = False, overloaded: bool = False) -> Novelty:
    """Whether one executed call's result is a new fact; only "seen" and "overloaded" are not.

    - overloaded (rate-limited) calls returned nothing: never progress, even the first time;
    - approval-required tools: the action happened again (a mail sent twice), so always new;
    - results without a fingerprint (unknown format): new, so a first-time tool never stops a run;
    - empty results: exploring and finding nothing again is normal, so a repeated empty result is
      "empty", not "seen" (a first empty result is simply "new").
    Other failures are judged like results: a new error message tells the model something new."""
    if overloaded:
        return "overloaded"
    if approval_required:
        return "approval"
    if fingerprint is None:
        return "unfingerprintable"
    if fingerprint not in seen:
        return "new"
    return "empty" if is_empty_result(value) else "seen"  # structure is only walked when it matters


def round_brought_news(novelties: Iterable[Novelty]) -> bool:
    """A round moves forward if any of its results is new. A round without results (everything
    rejected or invalid) brings nothing."""
    return any(n != "seen" and n != "overloaded" for n in novelties)


# --- counters, all per round ------------------------------------------------------------------------

def next_no_progress_count(count: int, brought_news: bool) -> int:
    """Any new fingerprint resets; otherwise one more round without progress."""
    return 0 if brought_news else count + 1


def next_all_rejected_count(count: int, attempted: int, executed: int) -> int:
    """Counts rounds in which calls were made and none was executed; anything executed resets.
    A round without calls leaves the count alone (it ends the turn anyway)."""
    if executed:
        return 0
    return count + 1 if attempted else count


def next_failure_count(count: int, failed: int, succeeded: int) -> int:
    """Rounds in a row in which some call failed and none succeeded.

    Per round, so a batch of ten lookups that all fail in one round counts once. A success resets; a
    round with neither (e.g. only research rejections, which have their own counter) leaves it alone."""
    if succeeded:
        return 0
    return count + 1 if failed else count


def overload_refund(overloaded_in_round: int, refunded_so_far: int, limit: int = OVERLOAD_REFUND_MAX) -> int:
    """How many of this round's overloaded calls go back to the tool budget (at most `limit` per budget)."""
    return max(0, min(overloaded_in_round, limit - refunded_so_far))


def round_cap_reached(rounds_done: int, base_cap: int | None, extension: int) -> bool:
    """The cap grows by one for every round that had a refunded overloaded call, so the refunded
    calls can actually be used."""
    return base_cap is not None and rounds_done >= base_cap + extension


def time_limit_reached(elapsed_sec: float, limit_sec: float | None) -> bool:
    """The run-time cap, the last safety net for a run the other rules wrongly keep going."""
    return limit_sec is not None and elapsed_sec >= limit_sec


def budget_left(budget: int | None, calls_charged: int) -> int | None:
    return None if budget is None else max(0, budget - calls_charged)


@dataclass(frozen=True)
class Counters:
    rounds: int = 0
    no_progress: int = 0
    all_rejected: int = 0
    failures: int = 0
    calls_charged: int = 0
    refunded: int = 0
    cap_extension: int = 0


StopReason = Literal["no_progress", "all_rejected", "failures", "round_cap", "budget_used", "time_limit"]


def stop_reason(c: Counters, *, track_progress: bool, round_cap: int | None, budget: int | None,
                no_progress_limit: int = NO_PROGRESS_LIMIT, all_rejected_limit: int = ALL_REJECTED_LIMIT,
                failure_limit: int = FAILURE_LIMIT, elapsed_sec: float = 0.0,
                time_limit_sec: float | None = None) -> StopReason | None:
    """The first rule that says stop after a round, or None to keep going."""
    if c.failures >= failure_limit:
        return "failures"
    if c.all_rejected >= all_rejected_limit:
        return "all_rejected"
    if track_progress and c.no_progress >= no_progress_limit:
        return "no_progress"
    if budget is not None and c.calls_charged >= budget:
        return "budget_used"
    if round_cap_reached(c.rounds, round_cap, c.cap_extension):
        return "round_cap"
    if time_limit_reached(elapsed_sec, time_limit_sec):
        return "time_limit"
    return None


STOP_EXPLANATIONS: dict[str, str] = {
    "no_progress": "the last rounds of tool calls brought nothing that was not already seen",
    "all_rejected": "the last rounds of tool calls were all rejected",
    "failures": "the last rounds of tool calls all failed",
    "round_cap": "the limit of tool rounds for this turn is reached",
    "budget_used": "the tool-call budget is used up",
    "time_limit": "the time allowed for this turn is used up",
}
