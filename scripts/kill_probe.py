"""Say turns to a real `jarvisd run` over the HUD, SIGKILL it right after the last one, start it again and print
the open agenda: what a user acknowledged must be there (issue 18's durability, for any agenda wording).

    .venv/bin/python scripts/kill_probe.py --home /tmp/kp --port 8993 \
        "I need to call Bob at 3pm tomorrow | don't remind me about the call | I'll text him instead of calling him"

Voice off, no Ollama (the embedded defaults), the zone Asia/Seoul; each turn waits until the agenda changes (at
most 5 s). The daemon's log is `<home>/run.log`.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("turns", help="the turns, separated by ' | '")
    parser.add_argument("--home", type=Path, required=True, help="JARVIS_HOME to use (made if absent)")
    parser.add_argument("--port", type=int, default=8993, help="the HUD's port")
    parser.add_argument("--wait", type=float, default=0, help="seconds to keep the restarted daemon running, then "
                        "print the reminders it said (\"set a timer for 1 minute\": does it still ring?)")
    args = parser.parse_args()
    args.home.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "JARVIS_HOME": str(args.home), "OLLAMA_HOST": "http://127.0.0.1:9",
           "JARVIS_LLM__CONNECT_TIMEOUT_SEC": "0.5", "JARVIS_VOICE__ENABLED": "false",
           "JARVIS_HUD__PORT": str(args.port), "JARVIS_GENERAL__TIME_ZONE": "Asia/Seoul"}
    base = f"http://127.0.0.1:{args.port}"

    def start() -> subprocess.Popen[bytes]:
        with (args.home / "run.log").open("ab") as log:
            proc = subprocess.Popen([sys.executable, "-m", "jarvisd", "run"], env=env, stdout=subprocess.DEVNULL,
                                    stderr=log)
        for _ in range(240):
            try:
                urllib.request.urlopen(f"{base}/api/status", timeout=1)
            except urllib.error.HTTPError:   # 401 without the token: the HUD answers
                return proc
            except OSError:
                time.sleep(0.5)
            else:
                return proc
        proc.kill()
        raise SystemExit(f"jarvisd did not answer on {base} in 120 s; see {args.home / 'run.log'}")

    def call(path: str, body: dict[str, str] | None = None) -> Any:
        token = (args.home / "data" / "hud.token").read_text().strip()
        request = urllib.request.Request(f"{base}{path}", data=None if body is None else json.dumps(body).encode(),
                                         headers={"Authorization": f"Bearer {token}",
                                                  "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.loads(answer.read() or b"null")

    proc = start()
    for turn in args.turns.split(" | "):
        before = json.dumps(call("/api/agenda"))
        call("/api/turns", {"text": turn, "session": "kill-probe"})
        for _ in range(100):
            if json.dumps(call("/api/agenda")) != before:
                break
            time.sleep(0.05)
        print(f"said: {turn}")
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    print("SIGKILL; started again")
    proc = start()
    for loop in call("/api/agenda")["open"]:
        print(f"  open: {loop['desc']}, due {loop['due']}" + (", no reminders" if loop.get("muted") else ""))
    if args.wait:
        said_before = (args.home / "run.log").read_text(errors="replace").count("jarvisd.reflect.scheduler: reminder")
        time.sleep(args.wait)
        lines = [line for line in (args.home / "run.log").read_text(errors="replace").splitlines()
                 if "jarvisd.reflect.scheduler: reminder" in line][said_before:]
        print(f"reminders said in {args.wait:.0f} s after the restart: {len(lines)}")
        for line in lines:
            print(f"  {line}")
    proc.terminate()
    proc.wait(30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
