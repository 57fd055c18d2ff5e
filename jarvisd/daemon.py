"""The resident daemon: builds the parts from configuration, says once what is missing, keeps serving
when one part fails, and stops cleanly on SIGTERM/SIGINT/SIGHUP. One daemon per data dir.

Parts, in start order: assistant (models, memory, agenda, judge, agent) -> voice (or text-only) ->
scheduler (reminders, reflection, expiry sweep) -> HUD -> tray. They talk through one event bus.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import itertools
import logging
import os
import signal
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jarvisd.assistant import Assistant, build_assistant
from jarvisd.config import Config
from jarvisd.events import EventBus, StatusChanged
from jarvisd.gc_pause import freeze_loaded, thaw
from jarvisd.instance import InstanceLock
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.base import Message
from jarvisd.llm.stoppable import StoppableModel
from jarvisd.manifest import ModelStore
from jarvisd.tray import has_display
from jarvisd.turn_gate import TurnGate

if TYPE_CHECKING:  # imported where they start: a text-only daemon never loads the voice or the tray
    from jarvisd.hud import HudServer, StatusBoard
    from jarvisd.reflect.scheduler import DaemonScheduler
    from jarvisd.tray import AgendaTray
    from jarvisd.voice.pipeline import VoicePipeline

log = logging.getLogger("jarvisd.daemon")
VOICE_SESSION = "voice"
HUD_SESSION = "hud"
# A stop takes at most ~10 s: the last turns' judgements and then consolidation share this much of it, then
# the thought model is stopped; sessions not consolidated stay pending for the next idle tick or stop.
SHUTDOWN_WORK_SEC = 7.0
JUDGE_FLOOR_SEC = 2.0  # the last turns' judgements get at least this long at a stop, whatever the parts took


def report_environment(cfg: Config, backends: Backends) -> None:
    """Say once, at start, what jarvisd runs on; the voice says for itself whether it has devices."""
    for note in backends.notes:
        log.info(note)
    if not has_display():
        log.info("tray: no display (DISPLAY and WAYLAND_DISPLAY are unset): no tray icon")


@dataclass
class Daemon:
    """The running parts; each optional part is None when it could not start (and that was logged)."""

    cfg: Config
    assistant: Assistant
    bus: EventBus
    gate: TurnGate
    voice: VoicePipeline | None = None
    scheduler: DaemonScheduler | None = None
    hud: HudServer | None = None
    tray: AgendaTray | None = None
    memory_health: dict[str, str] | None = None  # the HUD's "memory" part: ok, or damaged with the recovery
    status: StatusBoard | None = None  # each part's latest state, following the bus from the start (HUD, tray)
    tasks: list[asyncio.Task[Any]] = field(default_factory=list)
    stopping: asyncio.Event = field(default_factory=asyncio.Event)  # set at shutdown: the thought model stops
    unsaid: list[str] = field(default_factory=list)  # the last spoken answer's sentences kept for "tell me more"
    text_turn_ids: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    @functools.cached_property
    def hud_token(self) -> str:
        """The per-install HUD token (<data dir>/hud.token, 0600), read or created once."""
        from jarvisd.hud import load_or_create_token

        return load_or_create_token(self.cfg.paths.data_dir)

    async def voice_answer(self, text: str, lang: str, utterance_id: int) -> AsyncIterator[str]:
        """The voice pipeline's answer function: one turn, carrying its utterance id (the pipeline holds
        the turn gate for it until its last sentence has played). It speaks `voice.max_answer_sentences`
        sentences and keeps the rest for "tell me more" (the HUD's transcript has the whole answer)."""
        from jarvisd.voice.brevity import SpokenBudget, asks_for_more

        limit = int(self.cfg.voice.max_answer_sentences)
        if self.unsaid and asks_for_more(text):
            said, self.unsaid = self.unsaid[:max(limit, 1)], self.unsaid[max(limit, 1):]
            yield " ".join(said)
            return
        budget = SpokenBudget(limit)
        async for piece in self.assistant.turn(text, session=VOICE_SESSION, lang=lang, turn_id=utterance_id):
            said = budget.feed(piece)
            if said:
                yield said
        said = budget.end()
        if said:
            yield said
        self.unsaid = budget.rest

    async def text_turn(self, text: str, session: str = HUD_SESSION) -> str:
        """A typed turn from the HUD (a question or a slash command), answered in text; it holds the turn
        gate under its own id, so two turns of one session cannot release each other's hold."""
        turn_id = next(self.text_turn_ids)
        self.gate.touch()
        async with self.gate.turn(session, turn_id):
            return await self.assistant.answer(text, session=session)

    async def speak(self, text: str, lang: str) -> None:
        """Reminders and proactive remarks: through the voice's TTS queue, never over the user; "say that again"
        right after one repeats it (`Assistant.said_aside`)."""
        self.assistant.said_aside(VOICE_SESSION, text)
        if self.voice is not None:
            await self.voice.announce(text, lang)
        else:
            log.info("(would say) %s", text)

    async def ask_aloud(self, text: str, lang: str) -> None:
        """An approval question: the reminders' speech path; inside the answer being spoken when the
        asking turn is a voice turn (VoicePipeline.ask)."""
        if self.voice is not None:
            await self.voice.ask(text, lang)
        else:
            log.info("(would ask) %s", text)

    async def reflect(self, busy_sessions: Any) -> Any:
        from jarvisd.memory.commands import thought_inputs
        from jarvisd.reflect.thought import reflect_once

        agenda, memory = self.assistant.agenda, self.assistant.memory
        scope = self.assistant.scope("reflection")
        loops = await asyncio.to_thread(agenda.agenda)
        memory_lines, user_model = await asyncio.to_thread(thought_inputs, memory, scope)
        return await reflect_once(
            self.assistant.backends.thought, loops, now=agenda.now_local(), tz=self.cfg.tz,
            memory_lines=memory_lines, user_model=user_model,
            store_thought=lambda text: asyncio.to_thread(memory.record_episode, scope, "thought", text))


async def _start_voice(d: Daemon) -> None:
    from jarvisd.approvals import connect_voice
    from jarvisd.voice import brevity  # noqa: F401 - imported ahead: at the first answer its regexes held the GIL
    from jarvisd.voice.build import open_voice  # ~70 ms, the speaker underran and came back 1.3 s late

    if not d.cfg.voice.enabled:
        log.info("voice: disabled in config (voice.enabled = false): text only")
    try:
        if d.cfg.voice.enabled:  # a new data dir gets its Whisper assembled from the installed packages
            await asyncio.to_thread(ModelStore(d.cfg.paths.models_dir).prepare, d.cfg.voice.stt_model)
        d.voice = await asyncio.to_thread(open_voice, d.cfg, d.voice_answer, d.bus, gate=d.gate)
        if d.voice is not None:
            connect_voice(d.voice, d.assistant, VOICE_SESSION)  # "yes"/"아니" answers a waiting tool call
            await d.voice.start()
            log.info("voice: listening (activation %s)", d.cfg.voice.activation)
    except Exception as exc:  # a broken model or device degrades to text-only, never stops the daemon
        log.error("voice: failed to start (%s): running text-only", exc)
        d.voice = None
        await d.bus.publish(StatusChanged("voice", "failed", str(exc)))


async def _start_scheduler(d: Daemon) -> None:
    from jarvisd.memory.commands import PROCEDURES_DIR
    from jarvisd.memory.consolidation_runs import memory_consolidator
    from jarvisd.reflect.background_plan import background_plan
    from jarvisd.reflect.scheduler import DaemonScheduler

    # idle ticks and shutdown: facts out of finished turns, by the thought model, off the reply path; task
    # patterns seen succeed three times become drafts beside the failure reflections (`/procedures`). Neither
    # runs on a thought model too small to write them (`background_plan`): the reminders and the sweep still do.
    thought = d.assistant.backends.thought
    plan = background_plan(thought.name)
    log.info("background: %s, because %s", plan.name, plan.why)
    consolidate = memory_consolidator(d.assistant.memory, d.cfg.general.user, d.assistant.agent.name, thought,
                                      drafts_dir=Path(d.cfg.paths.data_dir) / PROCEDURES_DIR) if plan.consolidate else None
    d.scheduler = DaemonScheduler.for_assistant(d.cfg, d.assistant, speak=d.speak, gate=d.gate,
                                                  reflect=d.reflect if plan.reflect else None, consolidate=consolidate)
    d.scheduler.start()


async def _start_hud(d: Daemon) -> None:
    from jarvisd.hud import HudServer, create_app
    from jarvisd.hud.security import LOOPBACK_NAMES, TOKEN_FILE, UnusableToken

    try:
        token = d.hud_token
    except UnusableToken as exc:   # its line names the file and the fix (doors77: this line named the file twice)
        log.error("hud: %s: no HUD; jarvisd runs without it", exc)
        return
    except (OSError, ValueError) as exc:  # the HUD degrades alone (UnicodeError, an unusable token); the daemon keeps running
        log.error("hud: cannot use the token file %s (%s): no HUD; remove it and restart jarvisd, a new one is "
                  "created", d.cfg.paths.data_dir / TOKEN_FILE, getattr(exc, "strerror", None) or exc)
        return
    backend = d.assistant.backends.chat.name
    status = d.status
    assert status is not None   # made by `serve` before voice opens, following the bus since
    if (problem := getattr(d.assistant.backends.chat, "problem", None)) is not None:  # its file missing or corrupt
        status.apply(StatusChanged("backend", "failing", f"{backend} cannot be used: {problem}"))
    else:
        status.apply(StatusChanged("backend", backend.split(":", 1)[0], backend))
    if d.memory_health:
        status.apply(StatusChanged("memory", d.memory_health["state"], d.memory_health["detail"]))
    quarantine = getattr(d.assistant.agenda.store, "quarantine", None)
    if quarantine is not None and (set_aside := quarantine.status_detail()) is not None:
        status.apply(StatusChanged("agenda", "damaged", set_aside))

    async def send_turn(text: str, session: str) -> str:
        return await d.text_turn(text, session or HUD_SESSION)

    # the configured address answers too (127.0.0.2 is loopback as well; without it every request was 403)
    app = create_app(d.assistant.agenda, send_turn, d.bus, status, token, mic=d.voice,
                     services=d.assistant.services(),
                     allowed_hosts=LOOPBACK_NAMES | {d.cfg.hud.host.lower()},
                     approvals=d.assistant.approvals, replace_token=lambda: _replace_hud_token(d))
    hud = HudServer(app, d.cfg.hud.host, d.cfg.hud.port, allow_non_loopback=d.cfg.hud.allow_non_loopback)
    try:
        await hud.start()
    except OSError as exc:
        log.error("hud: cannot listen on %s:%s (%s): no HUD", d.cfg.hud.host, d.cfg.hud.port, exc)
        return
    d.hud = hud
    log.info("hud: %s/ (open it with `jarvisd hud`)", hud.url)


def _replace_hud_token(d: Daemon) -> str:
    """A new `hud.token` (a ticket was used twice: the old one was stolen); the tray's Open HUD uses it."""
    from jarvisd.hud.security import replace_token

    d.__dict__["hud_token"] = token = replace_token(d.cfg.paths.data_dir)  # the cached_property's value
    return token


def _warm_agenda_embedder(d: Daemon) -> None:
    """The agenda's embedder gets its first call at start, in the background: a promise then never waits for a cold
    or hanging one (pass 61a)."""
    embeddings = getattr(getattr(d.assistant.agenda, "store", None), "embeddings", None)
    if embeddings is not None and hasattr(embeddings, "warm"):
        embeddings.warm()


async def _warm_memory(d: Daemon) -> None:
    """Load memory's resident copy before the first turn needs it (a store without one has no `warm`)."""
    warm = getattr(d.assistant.memory.store, "warm", None)
    if warm is None:
        return
    started = time.monotonic()
    try:
        await asyncio.to_thread(warm)
    except Exception as exc:  # the first recall loads it again, or says what is wrong
        log.warning("memory: could not load the resident copy at start (%s)", exc)
        from jarvisd.memory.health import check_memory

        health = await asyncio.to_thread(check_memory, d.cfg.store_uri)
        if health.state == "damaged":  # shown in `jarvisd doctor` and the HUD's status too
            d.memory_health = {"state": "damaged", "detail": f"{health.detail}; recovery: {health.recovery}"}
            d.assistant.memory.health.recovery = f"the table is damaged ({health.detail}): {health.recovery}"
            log.error("memory: %s; recovery: %s", health.detail, health.recovery)
        return
    count = d.assistant.memory.store.count()  # at start only: writes since and a failing store come as events
    d.memory_health = {"state": "ok", "detail": f"{count} item{'' if count == 1 else 's'} at start"}
    if d.assistant.memory.configured_embedder is not None and (bare := d.assistant.memory.store.count_without_vector()):
        # a reembed stopped half way (pass 53a's low: SIGKILL 4 s into `--rebuild` left 1,425 without one, and the
        # status said "ok"): recall finds those by their words only until they are embedded
        unembedded = f"{bare} without a vector (recall finds them by their words only): run /remember reembed"
        d.memory_health["detail"] += f"; {unembedded}"
        log.warning("memory: %d item%s %s", bare, "" if bare == 1 else "s", unembedded)
    from jarvisd.store_health import damaged_sentence, unreplayed_sentence

    if (damaged := damaged_sentence(d.assistant.memory.store)) is not None:
        d.memory_health = {"state": "damaged", "detail": damaged}
        d.assistant.memory.health.held_back = damaged
        log.error("memory: %s", damaged)
    if (held_back := unreplayed_sentence(d.assistant.memory.store)) is not None:
        d.memory_health = {"state": "damaged", "detail": held_back}
        d.assistant.memory.health.held_back = held_back
        log.error("memory: %s", held_back)
    log.info("memory: %d items ready in %.1f s", count, time.monotonic() - started)


def _chat_model(d: Daemon) -> Any:
    """The assistant's chat model, or None for an assistant without backends (the tests' stand-ins)."""
    return getattr(getattr(d.assistant, "backends", None), "chat", None)


def _warm_model(d: Daemon) -> asyncio.Task[Any] | None:
    """The embedded chat model loads in its process at start, off the reply's path: the first turn it answered
    waited for the load (3-7 s to the first word under load, daemon run 78). A model without `warm` (Ollama
    loads its own) is left alone, and so is an unusable one (`UnusableChat`: the backend choice logged why and what to
    do); a load that fails here is logged and the first turn that needs it tries again."""
    model = _chat_model(d)
    warm = getattr(model, "warm", None)
    if warm is None or getattr(model, "problem", None) is not None:  # its file missing or corrupt: said at choice,
        return None                                                    # and no later turn can load it either

    profile = getattr(getattr(d.assistant, "agent", None), "profile", None)
    prime = [Message("system", profile.system_prompt(tools=False)), Message("user", "Hi")] if profile is not None else []

    async def load() -> None:
        started = time.monotonic()
        try:
            await asyncio.to_thread(warm, prime)
        except Exception as exc:  # BackendError with its reason; the turn that needs the model says it again
            log.warning("chat: the embedded model did not load at start (%s); the first turn that needs it "
                        "tries again", exc)
            return
        log.info("chat: %s ready in %.1f s", _chat_model(d).name, time.monotonic() - started)

    return asyncio.create_task(load(), name="chat-model")


def _load_korean(d: Daemon) -> asyncio.Task[Any] | None:
    """The Korean analyzer (kiwipiepy: about 3 s and 300 MiB) loads at start in a worker thread, off the
    reply's path, so the first Korean promise does not wait for it. A user who set `voice.language = en`
    does not pay the 300 MiB (it would then load on the first Korean words)."""
    korean = d.assistant.desk.korean
    if d.cfg.voice.language == "en":
        log.info("openloop: voice.language = en: the Korean analyzer loads only if Korean words come")
        return None

    async def load() -> None:
        started = time.monotonic()
        try:
            await asyncio.to_thread(korean.load)
        except Exception as exc:  # Korean promises then go to the model's judgement, if any
            log.error("openloop: the Korean analyzer did not load (%s): Korean promises are not caught", exc)
            return
        log.info("openloop: Korean analyzer ready in %.1f s", time.monotonic() - started)
        freeze_loaded("the Korean analyzer's load")

    return asyncio.create_task(load(), name="korean-analyzer")


async def _start_tray(d: Daemon, stop: asyncio.Event) -> None:
    if not has_display():
        return  # said once by report_environment
    from jarvisd.hud.cli import open_in_browser
    from jarvisd.tray import AgendaTray

    tray = AgendaTray(d.assistant.agenda, d.bus, quit=stop.set, mic=d.voice,
                      open_hud=lambda: open_in_browser(d.cfg.hud.host, d.cfg.hud.port, d.hud_token))
    try:
        await tray.start()
    except Exception as exc:  # TrayUnavailable, or a broken X/tray host: no tray, the rest goes on
        log.warning("tray: unavailable (%s): no tray icon", exc)
        return
    d.tray = tray


async def _finish_background_work(d: Daemon, started: float | None = None) -> None:
    """Shutdown, after the parts that start new work have stopped: first the judgements of the last turns
    (they may hold a promise), then consolidation, each within its budget. Past the budgets the thought
    model is stopped: an unfinished judgement is logged, unconsolidated sessions stay pending for the next
    start, and the worker threads end so no store is closed under them and the process can exit."""
    run = None
    ticks = getattr(d.scheduler, "ticks", None)
    now = asyncio.get_running_loop().time()
    deadline = (now if started is None else started) + SHUTDOWN_WORK_SEC  # from the stop's start
    try:
        # the last turns' judgements may hold a promise: never less than JUDGE_FLOOR_SEC for them
        await asyncio.wait_for(asyncio.shield(d.assistant.judge.drain()), max(JUDGE_FLOOR_SEC, deadline - now))
        if ticks is not None:
            run = asyncio.create_task(ticks.final_consolidation(), name="shutdown-consolidation")
            await asyncio.wait_for(asyncio.shield(run), max(0.0, deadline - asyncio.get_running_loop().time()))
    except TimeoutError:
        what = "consolidation" if run is not None else "judging the last turns (no time left to consolidate)"
        log.warning("shutdown: %s did not finish in time: stopping the model; unconsolidated sessions are "
                    "consolidated at the next start", what)
    d.stopping.set()
    pending = [t for t in (run,) if t is not None and not t.done()]
    waiting = [asyncio.ensure_future(d.assistant.judge.drain()), *pending]
    _, late = await asyncio.wait(waiting, timeout=3)
    for task in late:
        log.error("shutdown: background work still running after the model was stopped; cancelling it")
        task.cancel()


async def _stop(d: Daemon) -> None:
    """Reverse order; each part's failure is logged and the rest still stop. The background work's budget
    counts from here: a part slow to stop (voice in the middle of an answer held its 3 s bound) took it
    from the shutdown consolidation, rather than pushing the stop past 10 s (11.6-12.0 s, pass 54d)."""
    started = asyncio.get_running_loop().time()
    for name, part, stop in (("tray", d.tray, "stop"), ("hud", d.hud, "stop"), ("voice", d.voice, "stop"),
                             ("scheduler", d.scheduler, "stop")):
        if part is None:
            continue
        try:
            if name == "scheduler":
                await asyncio.wait_for(part.stop(consolidate=False), timeout=3)
            else:
                await asyncio.wait_for(getattr(part, stop)(), timeout=3)
        except TimeoutError:  # logged "did not stop cleanly: " with nothing after it
            log.error("%s: did not stop within 3 s; stopping the rest", name)
        except Exception as exc:
            log.error("%s: did not stop cleanly: %s", name, str(exc) or type(exc).__name__)
    await _finish_background_work(d, started)
    for task in d.tasks:
        task.cancel()
        with suppress(asyncio.CancelledError, Exception):
            await task
    await d.assistant.close()
    await _close_model(d)


async def _close_model(d: Daemon) -> None:
    """End the embedded model's process (loaded at start): a daemon served in a longer-lived process (tests, the
    soak) left one per start, ~250 MiB each. `jarvisd run` leaves by `os._exit` and the process ends with its
    pipe anyway. A chat still running holds the process; past 3 s it is left to end with the pipe."""
    close = getattr(_chat_model(d), "close", None)
    if close is None:
        return
    try:
        await asyncio.wait_for(asyncio.to_thread(close), timeout=3)
    except TimeoutError:
        log.warning("chat: the embedded model's process did not end within 3 s; it ends when jarvisd exits")
    except Exception as exc:  # noqa: BLE001 - a failing close must not stop the rest of the stop
        log.warning("chat: closing the embedded model failed (%s)", exc)


def exit_process(code: int) -> None:
    """`serve(on_stopped=exit_process)` for `jarvisd run`: once the stores are closed, leave at once.
    Otherwise asyncio.run waits for its worker threads and the interpreter for its finalizers, and a
    local model in the middle of a prompt (which llama.cpp cannot leave before the next token) held a
    stopped daemon open for 30 s and more on a loaded machine, past the 10 s a stop may take."""
    from jarvisd.logsink import drain

    drain()  # the log thread writes what waits ("stores closed", dropped turns) before os._exit
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


# SIGHUP too: the terminal `jarvisd run` was started from closed. Before, its default action killed the
# daemon on the spot: the log ended without a word, and the clean stop (unanswered turns logged by text,
# the stores closed) never ran.
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


def _stop_on(sig: signal.Signals, stop: asyncio.Event) -> None:
    if not stop.is_set():
        log.info("jarvisd: %s received%s", sig.name, ": the terminal closed" if sig == signal.SIGHUP else "")
    stop.set()


async def serve(cfg: Config, store: ModelStore, stop: asyncio.Event | None = None,
                backends: Backends | None = None, on_ready: Callable[[Daemon], Any] | None = None,
                on_stopped: Callable[[int], Any] | None = None) -> int:
    """Run until SIGTERM/SIGINT/SIGHUP (or `stop` is set). Returns the exit code. `on_ready` (soak and tests)
    gets the running parts once everything has started; `on_stopped` gets the exit code once every part
    has stopped and the stores are closed (`exit_process` for `jarvisd run`)."""
    from jarvisd.malloc import arrow_on_system_pool, fix_mmap_threshold

    arrow_on_system_pool()  # before the stores import pyarrow (docs/reminders.md, "Resident memory")
    fix_mmap_threshold()
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in STOP_SIGNALS:
        loop.add_signal_handler(sig, _stop_on, sig, stop)
    lock = InstanceLock(cfg.paths.ensure().data_dir).acquire()
    try:
        bus, stopping = EventBus(), asyncio.Event()
        if backends is None:
            from jarvisd.llm.backend_choice import select_backends

            backends = await asyncio.to_thread(select_backends, cfg, store)
        backends = dataclasses.replace(backends, thought=StoppableModel(backends.thought, stopping))
        assistant = await asyncio.to_thread(build_assistant, cfg, store, backends=backends, bus=bus)
        report_environment(cfg, assistant.backends)
        d = Daemon(cfg=cfg, assistant=assistant, bus=bus, gate=TurnGate(), stopping=stopping)
        from jarvisd.hud.status import StatusBoard

        d.status = StatusBoard()   # subscribed here, at once: the voice's and the mic's first states come before the HUD
        d.tasks.append(asyncio.create_task(d.status.follow(bus), name="status-board"))
        korean = _load_korean(d) if d.assistant.desk.korean is not None else None
        for task in (korean, _warm_model(d)):
            if task is not None:
                d.tasks.append(task)
        _warm_agenda_embedder(d)
        await _warm_memory(d)
        await _start_voice(d)
        if d.assistant.approvals is not None:  # approval questions out loud (or in the log, text-only)
            from jarvisd.approvals import say_questions

            d.tasks.append(asyncio.create_task(say_questions(bus, d.assistant.approvals, d.ask_aloud),
                                               name="approval-questions"))
        await _start_scheduler(d)
        await _start_hud(d)
        await _start_tray(d, stop)
        freeze_loaded("start")   # a full collection then walks only what turns make (gc_pause.py)
        log.info("jarvisd ready (data dir %s, pid %d)", cfg.paths.data_dir, os.getpid())
        if on_ready is not None:
            on_ready(d)
        await stop.wait()
        log.info("jarvisd stopping")
        await _stop(d)
        log.info("jarvisd stopped: stores closed")
        code = 0
    finally:
        thaw()
        lock.release()
        for sig in STOP_SIGNALS:
            loop.remove_signal_handler(sig)
    if on_stopped is not None:
        on_stopped(code)
    return code
