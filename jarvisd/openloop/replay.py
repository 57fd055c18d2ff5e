"""`jarvisd openloop replay SCENARIO.json`: a scripted conversation through the real judge, service
and store, with the judge's answers written in the scenario so no model is needed. Prints one JSON
line per turn with the agenda after it.

Scenario format (docs/openloop.md):
    {"time_zone": "Asia/Seoul", "session": "default",             # both optional
     "expire_after_sec": 21600, "max_age_sec": 604800,            # optional, the config defaults
     "turns": [
       {"at": "2026-10-15 14:00", "user": "...", "judge": "open_loops:\\n- ..."},
       {"at": "2026-10-15 14:05", "command": "/openloop done <id|prefix|#n>"},
       {"at": "2026-10-16 09:00", "revive": "<id|prefix|#n>"},
       {"at": "2026-10-23 09:00"}                                 # only read the agenda
     ]}
`#n` names the n-th loop the replay created (ids are random). `judge` may be omitted (empty answer)
or null (the model fails). `at` is wall-clock time in the scenario's zone.
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
    OpenLoopService,
    ReviveRefused,
)
from jarvisd.openloop.stores import LoopStore, MemoryLoopStore


class ScenarioError(ValueError):
    pass


@dataclass
class ReplayClock:
    now: float = 0.0

    def __call__(self) -> float:
        return self.now


def load_scenario(path: Path | str) -> dict[str, Any]:
    try:
        scenario = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ScenarioError(f"cannot read scenario {path}: {exc}") from None
    if not isinstance(scenario, dict) or not isinstance(scenario.get("turns"), list):
        raise ScenarioError(f"{path}: a scenario is an object with a list of turns")
    return scenario


def _summary(change: AgendaChange) -> dict[str, Any]:
    return {"opened": [loop.desc for loop in change.opened],
            "updated": [loop.desc for loop in change.updated],
            "closed": [{"desc": loop.desc, "status": loop.status.value} for loop in change.closed],
            "rejected": list(change.rejected)}


def replay(scenario: dict[str, Any], store: LoopStore | None = None) -> Iterator[dict[str, Any]]:
    """Run the scenario; yield one record per turn (what changed, and the agenda after it)."""
    tz = ZoneInfo(scenario.get("time_zone") or "UTC")
    session = str(scenario.get("session", "default"))
    clock = ReplayClock()
    service = OpenLoopService(store or MemoryLoopStore(), tz=tz, clock=clock,
                              expire_after_sec=scenario.get("expire_after_sec", DEFAULT_EXPIRE_AFTER_SEC),
                              max_age_sec=scenario.get("max_age_sec", DEFAULT_MAX_AGE_SEC))
    created: list[OpenLoop] = []

    def resolve(ref: str) -> str:
        match = re.fullmatch(r"#(\d+)", ref.strip())
        if not match:
            return ref
        n = int(match.group(1))
        if not 1 <= n <= len(created):
            raise ScenarioError(f"{ref}: the replay has created {len(created)} loops so far")
        return created[n - 1].id

    for number, turn in enumerate(scenario["turns"], start=1):
        try:
            clock.now = datetime.strptime(turn["at"], "%Y-%m-%d %H:%M").replace(tzinfo=tz).timestamp()
        except (KeyError, ValueError) as exc:
            raise ScenarioError(f"turn {number}: needs \"at\": \"YYYY-MM-DD HH:MM\" ({exc})") from None
        record: dict[str, Any] = {"turn": number, "at": turn["at"]}
        change = AgendaChange()
        if "user" in turn:
            record["user"] = turn["user"]
            answer = turn.get("judge", "")
            model = ScriptedChatModel([] if answer is None else [{"text": answer}], name="replay")
            change = asyncio.run(AgendaJudge(model, service).judge(str(turn["user"]), session))
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
        yield record


def run_replay(path: Path | str, store: LoopStore | None = None,
               write: Callable[[str], Any] = print) -> list[dict[str, Any]]:
    """The CLI entry: print each turn's record as a JSON line; return the records."""
    records = []
    for record in replay(load_scenario(path), store):
        write(json.dumps(record, ensure_ascii=False))
        records.append(record)
    return records
