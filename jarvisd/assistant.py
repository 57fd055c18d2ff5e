"""JARVIS assembled: model backends, memory, the AGENDA and its judge, the agent loop, on one event bus.

Every surface (voice, `jarvisd chat`, the HUD text box, `jarvisd listen`) sends its turns through
`Assistant.turn`, so they share one memory, one agenda and one transcript.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import weakref
from collections import deque
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from jarvisd import arithmetic, units
from jarvisd.agent.failure_lessons import FailureLessons
from jarvisd.agent.feature_hooks import MemoryHooks
from jarvisd.agent.jarvis import apply_tool_policy, build_jarvis
from jarvisd.agent.loop import Agent, AnswerDelta, TurnEnded
from jarvisd.agent.repeats import (
    CONDOLENCE_STOP,
    HEARD,
    NO_ANSWER,
    SILENT_ANSWER_CHARS,
    CondolenceDrop,
    ParrotDrop,
    RepeatCut,
    ScriptCut,
    SelfTalkDrop,
    StampDrop,
    no_answer,
)
from jarvisd.agent.tools import register_recall_episodes, register_remember_task_pattern
from jarvisd.approvals import ApprovalDesk
from jarvisd.commands import CommandContext, CommandRegistry, is_command, register_builtin
from jarvisd.config import Config
from jarvisd.events import EventBus, TranscriptLine
from jarvisd.language import language_of
from jarvisd.llm.backend_choice import Backends, select_backends
from jarvisd.llm.base import BackendError, Message
from jarvisd.llm.health import BackendHealth
from jarvisd.manifest import ModelStore
from jarvisd.memory.allowed_yet import YetAsked, cleared, cleared_answer, restriction, yet_answer, yet_asked
from jarvisd.memory.cli import embedder_absence, open_service, remember_command
from jarvisd.memory.commands import PROCEDURES_DIR, register_memory_commands
from jarvisd.memory.dated_deeds import (
    DeedByDay,
    day_retold,
    deed_by_told_day,
    fits,
    named_whole,
    owner_named,
    person_of,
    pronoun_of,
    whose_said,
)
from jarvisd.memory.dated_facts import (
    ENDS_SAID,
    before_it,
    before_told_day,
    dated_thing,
    day_before,
    days_before,
    days_to_told_day,
    same_owner,
    told_date,
    told_day,
    when_told_day,
    with_told_owner,
)
from jarvisd.memory.dated_facts import owner as told_owner
from jarvisd.memory.dated_facts_ko import (
    KoBefore,
    ko_before_told_day,
    ko_day_not_told,
    ko_day_retold,
    ko_day_unsure,
    ko_day_words,
    ko_days_to_told_day,
    ko_owner,
    ko_owner_named,
    ko_same_owner,
    ko_subject,
    ko_told_date,
    ko_told_day,
    ko_unowned,
    ko_when_told_day,
    ko_with_told_owner,
)
from jarvisd.memory.deixis import is_deictic, only_deixis
from jarvisd.memory.emoji_named import emoji_named, who_is_it
from jarvisd.memory.episodes import exchange_of
from jarvisd.memory.fact_asked import (
    FactAsked,
    fact_asked,
    facts_meant,
    ko_told_back,
    not_told,
    noun_not_name,
    of_the_agenda_or_world,
    of_the_thing_asked,
    said_back,
    said_of,
    unasked_facts,
    unreadable,
)
from jarvisd.memory.forget_asked import (
    KO_THAT_FACT,
    fact_of_turn,
    forget_all_said,
    forget_said,
    forgotten,
    names_a_fact,
    nothing_to_forget,
    one_per_subject,
    slash_forget_words,
    taken_back,
    which_to_forget,
)
from jarvisd.memory.remember_asked import (
    changed_told,
    correction_of,
    fact_corrected,
    gave_up_said,
    remember_said,
    run_on_after,
    where_deed,
    where_thing,
)
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.talk_asked import (
    TalkAsked,
    said_asked,
    said_in_passing,
    talk_asked,
    talk_said,
    told_in_passing,
)
from jarvisd.openloop import phrases
from jarvisd.openloop.commitments import read_utterance
from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.judge import AgendaJudge, JudgePlan, judge_plan
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from jarvisd.openloop.phrases import AgendaClaimFilter
from jarvisd.openloop.service import OpenLoopService
from jarvisd.paths import TEAM_DIR
from jarvisd.small_talk import owed_answer, repeat_asked
from jarvisd.store_health import MemoryStoreFailed
from jarvisd.team import load_agent
from jarvisd.textsafe import EscapeCut, answer_text, cut_whole, valid_text

log = logging.getLogger("jarvisd.assistant")
RECENT_ANSWERS = 3  # a model answer repeating one of these is cut (the working window holds three turns)
# `/remember that` waits at most this long for the session's turn being answered (pass 30): "that" is the
# last thing said, and its exchange is in working memory only when its turn ends
DEIXIS_WAIT_SEC = 60.0
SAID_RECALLED = 400   # the newest turns read for a thing said in passing ("who did I go hiking with?")
FAILURE_CHARS = 500   # a model failure said in the answer, at most (pass 74: a proxy's 240 KB error page was said whole)
# the desk's answer to a deed asked of that the agenda never held ("when did I start learning guitar?"): a thing said in
# passing may answer it
NOT_ON_AGENDA = frozenset({phrases.deed_status(None, None, None, "en"), phrases.deed_status(None, None, None, "ko")})



async def _remember(text: str, ctx: CommandContext) -> str:
    """Embedding and the LanceDB write block (seconds for a long text, minutes for `reembed`): in a
    worker thread, so the daemon's loop (HUD, voice, reminders) keeps answering meanwhile. The daemon
    has no terminal: `reembed`'s progress bar (done, rate, time left) goes to the log every 10 s."""
    memory = ctx.service("memory")
    scope = ctx.service("scope_for")(ctx.session)
    # what follows the command's name: "/ remember x" is /remember too, and slicing len("/remember") stored "r x"
    args = text.strip()[1:].lstrip()[len("remember"):]
    settled = ctx.services.get("answers_settled")
    if settled is not None and is_deictic(args):  # pass 30: "that" sent while its turn is answered kept the one before
        forgets = memory.forgets(scope)
        before = memory.session(scope).previous_exchange()
        settled_as = await settled(ctx.session)
        # passes 31 and 32: the turn waited for was stopped (SIGTERM, a barge-in), still ran after the wait, or its
        # session was forgotten meanwhile (the turn not kept), or it left no new exchange: "Remembered: that" (the
        # bare word kept as a fact) or the exchange before it was kept
        why = ("is still being answered" if settled_as == "running"
               else "was forgotten with its session" if memory.forgets(scope) != forgets
               else "ended without an answer" if settled_as == "stopped"
               or settled_as is not None and only_deixis(args) and memory.session(scope).previous_exchange() == before
               else "")
        if why:
            return (f"Nothing remembered: the turn \"{args.strip()}\" points at {why}. Send /remember again "
                    "once it is answered, or say the fact itself: /remember <text>")
    with memory.health.guard("/remember", proves=True):  # a failing store: the reply says so, not a 500
        return await asyncio.to_thread(remember_command, memory, scope, args,
                                       progress=logging.getLogger("jarvisd.memory.reembed"))


def assistant_commands() -> CommandRegistry:
    """Every slash command the assistant answers, assembled once: voice, `jarvisd chat` and the HUD
    dispatch through this one registry (the HUD gets it from `Assistant.commands`)."""
    commands = register_memory_commands(register_builtin(CommandRegistry()))
    commands.register("remember", _remember, "keep a fact: /remember <text> (\"그거 기억해\" keeps what it "
                      "points at) | /remember reembed [--rebuild]")
    return commands


# "actually leo's teacher is ms. choi now" (round 65: "Remembered: …", the old teacher replaced unsaid): a fact told as
# a change says the one it replaced
# a fact of a thing the user has, kept in the words `remember_asked._CHANGED_THING` gives ("my car is a blue honda civic")
_HAS_THING = re.compile(r"my\s+(?P<kind>car|bike|truck|motorbike|motorcycle|scooter|boat)\s+is\s+(?P<value>.+)", re.IGNORECASE)
_CHANGE_SAID = re.compile(r"\b(?:actually|now|any\s*more|no\s+longer|these\s+days|nowadays|changed|new)\b", re.IGNORECASE)


def _unowned(words: str) -> str:
    """"Julia's birthday" of "my/our/your/the Julia's birthday": the words a day is kept under."""
    return re.sub(r"^(?:my|our|your|the)\s+", "", words.strip(), flags=re.IGNORECASE)


@dataclass
class Assistant:
    cfg: Config
    backends: Backends
    memory: MemoryService
    agenda: OpenLoopService
    judge: AgendaJudge
    agent: Agent
    bus: EventBus
    desk: AgendaDesk
    plan: JudgePlan
    _recent: dict[str, deque[tuple[str, str]]] = field(default_factory=dict)  # each session's last (asked, said)
    approvals: ApprovalDesk | None = None  # the agent's approver; a "yes"/"아니" turn answers it (A2)
    commands: CommandRegistry = field(default_factory=assistant_commands)
    failed_turns: int = 0  # turns the model failed ("Sorry, my model failed: ..."): `chat --once` exits 1
    # the status part "backend" as the model's turns find it (pass 61a: it said only what the start found)
    backend_health: BackendHealth | None = None
    _answering: dict[str, set[asyncio.Event]] = field(default_factory=dict)  # each session's turns being answered
    # the ones of those that ran to their end (not stopped): `answers_settled` tells the two apart
    _answered: weakref.WeakSet[asyncio.Event] = field(default_factory=weakref.WeakSet)
    # each session's promise kept before a day not told yet ("send him a card before his birthday"): the loop's id and
    # the promise read, given its due when the day is told (`_dated_deed_told`)
    _dated_waiting: dict[str, tuple[str, DeedByDay]] = field(default_factory=dict)
    # "Whose birthday do you mean: …?" asked (dated79): the promise read and the owners offered, for the reply naming one
    _dated_which: dict[str, tuple[DeedByDay | KoBefore, list[str]]] = field(default_factory=dict)

    def scope(self, session: str = "default") -> MemoryScope:
        return MemoryScope(user=self.cfg.general.user, agent=self.agent.name, session=session)

    def services(self) -> dict[str, Any]:
        """What slash commands may use, whichever surface they come from."""
        return {"memory": self.memory, "scope_for": self.scope, "thought_model": self.backends.thought,
                "data_dir": self.cfg.paths.data_dir, "answers_settled": self.answers_settled}

    def command_context(self, session: str, source: str = "text") -> CommandContext:
        return CommandContext(agenda=self.agenda, bus=self.bus, session=session, source=source,
                              services=self.services())

    async def answers_settled(self, session: str, timeout: float = DEIXIS_WAIT_SEC) -> str | None:
        """Wait (at most `timeout` seconds) until the turns of `session` being answered now have ended, so
        their exchanges are in working memory. A slash command answers at once, even while a turn of its
        session is still being answered (the HUD), and `/remember that` means the last thing said.
        None: no turn was being answered; "answered": they ended with their answers; "stopped": one ended
        without (stopped); "running": one still runs after `timeout`."""
        turns = list(self._answering.get(session, ()))
        if not turns:
            return None
        _, pending = await asyncio.wait([asyncio.ensure_future(done.wait()) for done in turns], timeout=timeout)
        for wait in pending:
            wait.cancel()
        return "running" if pending else "answered" if all(done in self._answered for done in turns) else "stopped"

    async def turn(self, text: str, session: str = "default", lang: str = "",
                   turn_id: int | None = None) -> AsyncIterator[str]:
        """One user turn: yields the answer's text as it is written. Slash commands answer directly;
        the agenda desk answers what is about the agenda (no model); the agent answers the rest.
        `turn_id`: the voice utterance's id, carried to the judge and the log. Closing this generator
        (a barge-in cancels the voice writer that iterates it) stops the agent's stream with it.
        A turn that is not a command is counted in `_answering` until it ends (`answers_settled`)."""
        said = valid_text(text).strip()
        # (a fact to keep in words may become /remember: not counted, or "remember that" would wait on itself)
        # (the reader in a thread: 0.8 s CPU on 4,000 characters of commas after a Korean word, pass 67)
        answering = None if is_command(said) or await asyncio.to_thread(remember_said, said) is not None \
            else self._answering.setdefault(session, set())
        done = asyncio.Event()
        if answering is not None:
            answering.add(done)
        try:
            async with contextlib.aclosing(self._turn(text, session, lang, turn_id)) as pieces:
                async for piece in pieces:
                    yield piece
            self._answered.add(done)
        finally:
            done.set()
            if answering is not None:
                answering.discard(done)
                if not answering and self._answering.get(session) is answering:
                    del self._answering[session]

    @property
    def small_model(self) -> bool:
        """Whether the chat model is the small embedded one (SmolLM2): it makes up what it cannot read or know, so
        a few answers are given by rules in its place."""
        return self.backends.chat.name.startswith("embedded:")

    def said_aside(self, session: str, text: str) -> None:
        """Something said to the user outside a turn (a reminder): the last thing said, for "say that again"."""
        self._recent.setdefault(session, deque(maxlen=RECENT_ANSWERS)).append(("", text))

    def _told_back(self, text: str, scope: MemoryScope) -> str | None:
        """The answer to "what's my locker code?" from the facts the user asked to keep (`fact_asked.py`), or None."""
        asked = fact_asked(text)
        if asked is None:
            return None
        small = self.small_model   # SmolLM2: it cannot use a fact, and makes one up
        try:
            with self.memory.health.guard("answering from remembered facts"):
                facts = [item.content for item in self.memory.told_facts(
                    scope, holding=lambda contents: not asked.words or bool(facts_meant(asked, contents)))]
        except MemoryStoreFailed:   # the log and the status say why; the embedded model would make a memory up,
            return unreadable(asked) if small and asked.owned else None   # a capable one may still answer from the talk
        told = said_back(asked, facts)
        if asked.every and asked.lang == "en" and (on_agenda := self._on_agenda_too(asked, facts)) is not None:
            # "what did I tell you about Leo?" after "my grandson Leo's recital is the 9th at 6" (the fifty-ninth
            # session: read as a promise to "you about leo"): what the agenda holds of them is told too
            told = on_agenda if told is None else f"{told} {on_agenda}"
        if told is None and small and asked.owned and self.memory.health.held_back is not None:
            # pass 48a: acknowledged facts wait in a journal the start could not write to the table (a full disk):
            # "You haven't told me about your locker code" denied one of them; the status says why
            return unreadable(asked)
        if told is None and small and (asked.owned or asked.person) and not of_the_agenda_or_world(asked):
            # "what's my cat's name?" after "we adopted a cat named Miso in March": said in passing, not told to keep
            return self._said_back(text, scope) or not_told(asked)   # the embedded model makes one up
        return told

    def _said_back(self, text: str, scope: MemoryScope) -> str | None:
        """The answer to "who did I go hiking with?" from the user's own sentences kept as turns (`talk_asked.
        said_in_passing`), on the embedded model only (SmolLM2 made it up: "Miso is a Japanese anime series"); None when
        no sentence said holds the question's words, or memory cannot be read."""
        if not self.small_model or (asked := said_asked(text)) is None:
            return None
        try:
            with self.memory.health.guard("reading what was said"):
                episodes = self.memory.recall_episodes(scope, limit=SAID_RECALLED)
        except MemoryStoreFailed:
            return None
        said = [(item.at.astimezone(self.memory.tz).date(), exchange_of(item.content)[0]) for item in episodes]
        said = [(day, sentence) for day, sentence in said if sentence.strip() != text.strip()]
        return said_in_passing(asked, said, self.desk.service.now_local().date())

    def _facts_not_asked(self, text: str, scope: MemoryScope) -> list[str]:
        """The kept facts `text` shares no word with (`fact_asked.unasked_facts`); none when memory cannot be read."""
        try:
            with self.memory.health.guard("reading remembered facts"):
                facts = [item.content for item in self.memory.told_facts(scope)]
        except MemoryStoreFailed:
            return []
        return unasked_facts(text, facts)

    def _talk_back(self, asked: TalkAsked, scope: MemoryScope) -> str | None:
        """The answer to "what did we talk about yesterday?" from the turns kept in that span (`talk_asked.py`); when
        memory cannot be read, said so on the embedded model (pass 48a: on a damaged table SmolLM2 made the talk up,
        "We talked about the latest news and trends …"), None on a capable one (the model is asked, as before)."""
        try:
            with self.memory.health.guard("reading what was talked about"):
                episodes = self.memory.recall_episodes(scope, since=asked.since, until=asked.until, limit=200)
                facts = [item for item in self.memory.told_facts(scope)   # "my wife's birthday is …" kept that day
                         if asked.since <= item.at.astimezone(self.memory.tz).date() <= asked.until]
        except MemoryStoreFailed:   # the log and the status say why
            return unreadable(asked) if self.small_model else None
        said = sorted([(item.at, exchange_of(item.content)[0]) for item in episodes]
                      + [(item.at, said_of(item.content)) for item in facts], key=lambda pair: pair[0], reverse=True)
        return talk_said(asked, [text for _, text in said])

    def _forget_in_words(self, text: str, scope: MemoryScope, session: str = "") -> str | None:
        """"Forget that my gym code is 77", "내 사물함 번호 잊어버려" (`forget_asked.py`): the kept facts holding its key
        words deleted and said so; None when none does (the words go on: "forget the call" is the agenda's)."""
        asked = forget_said(text)
        if asked is None:
            return None
        if asked.lang == "ko" and KO_THAT_FACT.fullmatch(asked.words):
            # "그거 잊어버려" (the fifty-sixth session: to SmolLM2, and the password was still said back): the fact
            # just told or asked back; None (the agenda's, or the model's) when the turn before was of no fact
            before = [asked for asked, _ in self._recent.get(session, ()) if asked]
            asked = fact_of_turn(before[-1]) if before else None
            if asked is None:
                return None
        if facts_meant(asked, [loop.desc for loop in self.desk.service.all_loops() if loop.is_open]):
            return None   # "remove my dentist appointment" with that promise open: the agenda's cancel, not a fact
            # (pass 46: the kept fact "my dentist appointment is with Dr Lee" was deleted and the promise stayed)
        try:
            with self.memory.health.guard("forgetting a remembered fact"):
                kept = self.memory.told_facts(scope, superseded=True,
                                              holding=lambda contents: bool(facts_meant(asked, contents)))
                meant = [kept[i] for i in facts_meant(asked, [f.content for f in kept])]
                if asked.older:   # "forget my old address": the versions a newer one superseded, the newest kept
                    meant = [item for item in meant if item.superseded_by]
                else:
                    if exact := of_the_thing_asked(asked, [item.content for item in meant], range(len(meant))):
                        meant = [meant[i] for i in exact]   # "forget my gym code": not "my gym locker code is …" (pass 79)
                    if len(named := one_per_subject([item.content for item in meant])) > 1:
                        return which_to_forget(asked, named)   # "forget my code" with a gym and a bike lock code kept
                gone = self.memory.forget_told(scope, meant)
        except MemoryStoreFailed:
            return unreadable(asked)   # not "forgot": nothing was deleted, and the log and the status say why
        if gone:
            return forgotten(asked, [item.content for item in gone])
        # no kept fact holds the words, nor any open promise (above): words that can only name a fact are not the
        # agenda's cancel ("forget my bike lock code" took "buy a bike lock" off the agenda; pass 54e)
        return nothing_to_forget(asked) if names_a_fact(asked) else None

    def _replaced(self, fact: str, scope: MemoryScope) -> str | None:
        """What the fact just kept superseded ("my car is a blue honda civic" by "my car is a toyota"): the newest
        older version whose `superseded_by` is it, as said; None when it replaced none or memory cannot be read."""
        try:
            with self.memory.health.guard("reading a replaced fact"):
                kept = self.memory.told_facts(scope, superseded=True, limit=200)
        except MemoryStoreFailed:
            return None
        new = next((item for item in kept if item.content == fact and not item.superseded_by), None)
        old = next((item for item in kept if new is not None and item.superseded_by == new.id), None)
        return None if old is None else re.split(r"\s(?:is|are)\s", said_of(old.content).strip().rstrip(".!"), maxsplit=1)[-1]

    def _retired(self, thing: str, scope: MemoryScope) -> str | None:
        """"i sold the honda" with "my car is a blue honda civic" kept: a newer fact on its topic ("my car is sold (was
        a blue honda civic)") supersedes it, so it is kept as history and never said as current; the answer, or None
        when no one kept fact of a thing the user has (a car, a bike, …) names every word of `thing`."""
        words = [w for w in re.findall(r"[\w&'.-]+", thing.lower()) if w not in ("my", "our", "the", "that", "old")]
        try:
            with self.memory.health.guard("retiring a fact"):
                kept = self.memory.told_facts(scope)
                named = [item for item in kept
                         if (m := _HAS_THING.fullmatch(said_of(item.content).strip().rstrip(".!"))) is not None
                         and not m["value"].lower().startswith("sold")
                         and all(re.search(rf"\b{re.escape(w)}\b", m["value"], re.IGNORECASE) for w in words)]
                if len(named) != 1 or not words:
                    return None
                m = _HAS_THING.fullmatch(said_of(named[0].content).strip().rstrip(".!"))
                assert m is not None
                self.memory.remember(scope, f"my {m['kind']} is sold (was {m['value']})")
        except MemoryStoreFailed:
            return None
        value = re.sub(r"^(?:an?|the)\s+", "", m["value"], flags=re.IGNORECASE)
        return f"Noted: you sold your {value}. I'll keep it as history, not as your {m['kind']} now."

    def _take_back(self, fact: str, was: str, scope: MemoryScope) -> None:
        """The kept facts a correction takes back ("…, not shellfish": `forget_asked.taken_back`), deleted; the fact
        just kept stays. Nothing when memory cannot be read (the log and the status say why)."""
        asked = taken_back(fact, was)
        if asked is None:   # "…, not 🦐": no value of its own named, nothing taken back
            return
        try:
            with self.memory.health.guard("taking back a corrected fact"):
                kept = [item for item in self.memory.told_facts(scope, superseded=True) if item.content != fact]
                self.memory.forget_told(scope, [kept[i] for i in facts_meant(asked, [item.content for item in kept])])
        except MemoryStoreFailed:
            return

    def _before_told_day(self, text: str, scope: MemoryScope, session: str) -> str | None:
        """"Remind me a week before Julia's birthday" with "Julia's birthday is March 3rd" kept (`dated_facts.py`): the
        day put on the agenda and the reminder that long before it, by the desk's own rules; None when the agenda
        already names it or no kept fact gives its day (the desk reads the words as before)."""
        amount, thing, deed = before_told_day(text) or ("", "", "")
        dated = self._dated_facts(thing, scope)
        if dated is None:
            return None
        day = next((day for fact in dated if (day := told_day(said_of(fact))) is not None), None)
        if day is None:   # (SmolLM2 answered "(2026-12-06)"; the desk kept "two days before my anniversary", no due)
            return day_not_told(thing, amount)
        if deed and (days := days_before(amount)) is not None:
            return self._deed_before_day(deed, thing, day, days, session)
        first = self.desk.handle(f"Remind me about {thing} on {day}", session)
        then = self.desk.handle(f"Remind me {amount} before", session) if first is not None else None
        return (then or first).text if first is not None else None

    def _on_agenda_too(self, asked: FactAsked, facts: Sequence[str] = ()) -> str | None:
        """"On your agenda: …" of the open promises holding the words of a fact asked about, said after it; None for none.
        A promise holding the word only as a thing ("pay the bill") is left out when a kept fact names someone by it
        ("bill is my accountant": `noun_not_name`)."""
        service = self.desk.service
        loops = service.agenda()
        descs = [loop.desc for loop in loops]
        apart = set(noun_not_name(asked, facts, descs))
        named = [loops[i] for i in facts_meant(asked, descs) if i not in apart]
        return phrases.on_agenda_too(named, service.now_local(), service.tz, asked.lang) if named else None

    def _when_told_day(self, thing: str, scope: MemoryScope) -> str | None:
        """"When's the anniversary?" with "our anniversary is on June 14th" kept: the fact said back, then the promises
        made for it ("On your agenda: book a restaurant for your anniversary, by May 31."); None when no kept fact gives
        its day, or when the agenda holds the day itself ("my interview is on Friday at 10am" was kept as a promise,
        and moves there), for the desk to answer."""
        kept = self._dated_facts(thing, scope)
        if kept is None:
            return None
        asked = FactAsked(_unowned(thing), "en")
        told = said_back(asked, [fact for fact in kept if told_day(said_of(fact)) is not None])
        if told is None:
            return None
        on_agenda = self._on_agenda_too(asked)
        return told if on_agenda is None else f"{told} {on_agenda}"

    def _allowed_yet(self, asked: YetAsked, scope: MemoryScope) -> str | None:
        """"Can I lift stuff yet?" with "no lifting for two weeks" kept: the fact, the day it was told and the day it runs
        to (`allowed_yet.py`); the newest such fact. None when no kept fact keeps the user from that deed for a time, or
        memory cannot be read (the turn goes on as before)."""
        try:
            with self.memory.health.guard("reading remembered facts"):
                items = list(self.memory.told_facts(scope))
        except MemoryStoreFailed:
            return None
        found = [(item.at, said_of(item.content), kept) for item in items
                 if (kept := restriction(said_of(item.content), asked.verb, item.at.astimezone(self.memory.tz).date()))]
        if not found:
            return None
        at, fact, kept = max(found, key=lambda one: one[0])
        today = self.desk.service.now_local().date()
        # a newer fact that lets the user do it again ("the doctor said I can lift again") is the answer
        later = [(item.at, said_of(item.content)) for item in items
                 if item.at > at and cleared(said_of(item.content), asked.verb)]
        if later:
            at, fact = max(later, key=lambda one: one[0])
            return cleared_answer(phrases.second_person(fact), at.astimezone(self.memory.tz).date(), today)
        return yet_answer(phrases.second_person(fact), kept, today)

    def _days_to_told_day(self, thing: str, unit: str, scope: MemoryScope) -> str | None:
        """"How many days until Emily's birthday?" with "my granddaughter Emily's birthday is on the 19th" kept: the days
        to the next such day, read from the calendar; None when no kept fact gives its day (the desk answers, from a
        promise of that name or the calendar)."""
        kept = self._dated_facts(thing, scope)
        now = self.desk.service.now_local()
        day = next((day for fact in kept or () if (day := told_date(said_of(fact), now)) is not None), None)
        if day is None:
            return None
        said = phrases.second_person(thing)   # "the day your passport expires is in 58 days: …"
        return phrases.days_until(f"the day {said}" if ENDS_SAID.search(thing) else said, day, now.date(), "en", unit)

    def _dated_facts(self, thing: str, scope: MemoryScope) -> list[str] | None:
        """The kept facts holding `thing`'s words ("Julia's birthday", "the anniversary"), best first; None when the day
        itself is on the agenda ("Julia's birthday", not "buy a gift for Julia's birthday": the desk answers and moves
        it there), when `thing` names nothing, or when memory cannot be read."""
        named = _unowned(thing)
        if not named or any(_unowned(loop.desc).casefold() == named.casefold() for loop in self.desk.service.agenda()):
            return None
        kept = self._facts_holding(FactAsked(named, "en"), scope)
        return None if kept is None else [fact for fact in kept if same_owner(thing, said_of(fact))]

    def _facts_holding(self, asked: FactAsked, scope: MemoryScope) -> list[str] | None:
        """The kept facts holding the words asked about, best first; None when memory cannot be read."""
        try:
            with self.memory.health.guard("reading a remembered day"):
                kept = [item.content for item in self.memory.told_facts(
                    scope, holding=lambda contents: bool(facts_meant(asked, contents)))]
        except MemoryStoreFailed:
            return None
        return [kept[i] for i in facts_meant(asked, kept)]

    def _ko_dated_facts(self, thing: str, scope: MemoryScope) -> list[str] | None:
        """The kept Korean facts telling `thing`'s day ("엄마 생신은 12월 20일이야" for "엄마 생신"), best first, of the owner
        it names ("내 생일" is not "엄마 생일"); None when the day itself is on the agenda (the desk answers and moves it
        there), or memory cannot be read."""
        named = ko_unowned(thing)
        if not named or any(ko_unowned(loop.desc) == named for loop in self.desk.service.agenda()):
            return None
        kept = self._facts_holding(FactAsked(named, "ko"), scope)
        return None if kept is None else [fact for fact in kept if (told := ko_subject(said_of(fact))) is not None
                                          and ko_same_owner(thing, told)]

    def _ko_agenda_day(self, thing: str) -> date | None:
        """The due day of `thing` itself on the agenda ("결혼기념일", put there by "결혼기념일 3일 전에 알려줘"), or None."""
        service = self.desk.service
        named = ko_unowned(thing)
        loop = next((loop for loop in service.agenda() if loop.due_ms is not None and ko_unowned(loop.desc) == named), None)
        return None if loop is None else datetime.fromtimestamp((loop.due_ms or 0) / 1000, service.tz).date()

    def _ko_on_agenda(self, thing: str) -> bool:
        """An open promise names `thing` and its owner ("엄마 생신 선물 사기" for "엄마 생신"): the desk answers of it."""
        loops = self.desk.service.agenda()
        asked = FactAsked(ko_unowned(thing), "ko")
        return any(ko_same_owner(thing, loops[i].desc) for i in facts_meant(asked, [loop.desc for loop in loops]))

    def _ko_days_to_told_day(self, thing: str, unit: str, scope: MemoryScope) -> str | None:
        """"엄마 생신까지 며칠 남았어?" with "엄마 생신은 12월 20일이야" kept: "엄마 생신까지 13일 남았어요. 12월 20일
        일요일이에요."; the day asked for when none is told and no promise names it; None for the desk."""
        kept = self._ko_dated_facts(thing, scope)
        now = self.desk.service.now_local()
        if kept is None:   # the day itself on the agenda ("결혼기념일까지 몇 주 남았어?" after "결혼기념일 3일 전에 알려줘")
            day = self._ko_agenda_day(thing)
            return None if day is None else phrases.days_until(ko_unowned(thing), day, now.date(), "ko", unit)
        for fact in kept:
            if (day := ko_told_date(said_of(fact), now)) is not None:
                return phrases.days_until(ko_unowned(ko_subject(said_of(fact)) or thing), day, now.date(), "ko", unit)
        if kept:   # "엄마 생신은 음력 12월 20일이야": said back, not counted as a solar day
            return ko_day_unsure(ko_told_back(said_of(kept[0])), said_of(kept[0]), "며칠 남았는지 세어 드릴게요")
        # (the offline default's SmolLM2 makes a day up; a capable model may know a day of the world's)
        return ko_day_not_told(thing) if self.small_model and not self._ko_on_agenda(thing) else None

    def _ko_when_told_day(self, thing: str, scope: MemoryScope) -> str | None:
        """"엄마 생신 언제야?" with "엄마 생신은 12월 20일이야" kept: the fact said back, then the promises made for it
        ("일정에는: 엄마 생신 선물 사기, 이번 주 일요일까지."), not a promise's due as the day (the sixty-fourth session);
        None when no fact of its owner is kept (the desk, then memory's own answer), but for "아빠 생신 언제야?" with
        only 엄마's told and a promise for it (the desk said that promise's due): not told, on the embedded model."""
        kept = self._ko_dated_facts(thing, scope)
        if kept == [] and self.small_model and not self._ko_on_agenda(thing):
            return not_told(FactAsked(ko_unowned(thing), "ko"))
        if not kept:
            return None
        told = ko_told_back(said_of(kept[0]))
        on_agenda = self._on_agenda_too(FactAsked(ko_unowned(thing), "ko"))
        return told if on_agenda is None else f"{told} {on_agenda}"

    def _ko_before_told_day(self, asked: KoBefore, scope: MemoryScope, session: str) -> str | None:
        """"엄마 생신 일주일 전에 선물 사라고 알려줘" with "엄마 생신은 12월 20일이야" kept: the deed due that long before
        the day told ("엄마 생신 선물 사기", by December 13); "결혼기념일 3일 전에 알려줘": the day on the agenda and the
        reminder that long before it, by the desk's own rules. The day asked for when none is told (a reminder asked);
        None for the desk (a promise of one's own with no day told, or the day itself on the agenda)."""
        now = self.desk.service.now_local()
        readings = asked.things()
        undated = None
        for thing, object_ in readings:
            kept = self._ko_dated_facts(thing, scope)
            if kept is None and (day := self._ko_agenda_day(thing)) is not None and asked.deed:
                said = self.desk.handle(asked.said(thing, object_, day - timedelta(days=asked.days)), session)
                return None if said is None else said.text   # the day on the agenda itself: the deed before it
            if kept is None:
                return None
            dated = [(fact, day) for fact in kept if (day := ko_told_date(said_of(fact), now)) is not None]
            if not dated:
                undated = undated or next(iter(kept), None)
                continue
            day = dated[0][1]
            if ko_owner(thing) is None:
                # "생신 3일 전에 카드 보내야 해" after "할머니 생신이 12월 20일이야" (dated79: kept "생신 카드 보내기"): whose day
                # it is, from the fact; two people's: which one is asked
                owners: dict[str | None, tuple[str, date]] = {}
                for fact, on in dated:
                    subject = ko_subject(said_of(fact)) or thing
                    owners.setdefault(ko_owner(subject), (subject, on))
                if len(owners) > 1 and asked.deed:
                    listed = sorted(owners.items(), key=lambda one: one[1][1])
                    names = [who for who, _ in listed if who not in (None, "me")]
                    if len(names) == len(listed):
                        self._dated_which[session] = (asked, names)
                        said = " 아니면 ".join(f"{who}({on.month}월 {on.day}일)" for who, (_, on) in listed)
                        return f"누구 {ko_unowned(thing)} 말씀이세요: {said}?"
                thing, day = next(iter(owners.values()))
            if asked.deed:
                said = self.desk.handle(asked.said(thing, object_, day - timedelta(days=asked.days)), session)
                return None if said is None else said.text
            first = self.desk.handle(f"{ko_day_words(day)} {ko_unowned(thing)} 알려줘", session)
            then = self.desk.handle(f"{asked.days}일 전에 알려줘", session) if first is not None else None
            return (then or first).text if first is not None else None
        if undated is not None:   # "엄마 생신은 음력 12월 20일이야": said back, the solar day asked for
            return ko_day_unsure(ko_told_back(said_of(undated)), said_of(undated), "그 전에 알려 드릴게요")
        if not asked.remind or not readings or self._ko_on_agenda(readings[0][0]):
            return None
        return ko_day_not_told(readings[0][0])

    def _retold_fact(self, text: str, scope: MemoryScope, session: str) -> str | None:
        """`/remember` of a dated thing's day told again with its owner named: "/remember my grandson's birthday is on
        december 22" of "actually his birthday is december 22" with "my grandson's birthday is on december 20" kept (the
        one kept fact "his" fits), "/remember 할머니 생신은 12월 22일이야" of "할머니 생신 12월 22일로 바뀌었어"; None
        for anything else (no such fact kept, two fitting, a promise's day waiting to be told: `_dated_deed_told`)."""
        if (ko := ko_day_retold(text)) is not None:
            thing, day = ko
            return f"/remember {thing}{'은' if (ord(thing[-1]) - 0xAC00) % 28 else '는'} {day}이야" \
                if self._ko_dated_facts(thing, scope) else None
        if (en := day_retold(text)) is None or session in self._dated_waiting:
            return None
        whose, noun, value = en
        kept = self._facts_holding(FactAsked(noun, "en"), scope)
        owners = {told_owner(fact) for fact in map(said_of, kept or ())
                  if (thing := dated_thing(fact)) is not None and thing.lower().endswith(noun)}
        fitting = [who for who in owners if who not in (None, "me") and fits(whose, who)]
        if len(fitting) != 1:
            return None
        fact = f"{person_of(fitting[0])}'s {noun} is {value}"
        return f"/remember {fact}" if told_day(fact) is not None else None

    def _which_answered(self, text: str, asked: DeedByDay | KoBefore, owners: list[str], scope: MemoryScope,
                        session: str) -> str | None:
        """"the nephew" (or "조카") after "Whose birthday do you mean: your grandson's (…) or your nephew's (…)?": the
        promise kept for that one; None when the reply names none of them (the question is dropped, the turn goes on)."""
        if isinstance(asked, KoBefore):
            who = ko_owner_named(text, owners)
            if who is None:
                return None
            words = asked.head.split()
            return self._ko_before_told_day(replace(asked, head=" ".join([*words[:-1], who, words[-1]])), scope, session)
        who = owner_named(text, owners)
        return None if who is None else self._deed_by_told_day(replace(asked, whose=who), "", scope, session)

    def _told_date_before(self, command: str, scope: MemoryScope) -> tuple[str, date] | None:
        """(the thing, the date kept for it) when `command` tells a dated thing's day again ("/remember our anniversary
        is June 15th" with "our anniversary is on June 14th" kept), read before the new fact is kept; else None."""
        fact = command.removeprefix("/remember ")
        if command.startswith("/remember ") and (thing := ko_subject(fact)) is not None and ko_told_day(fact) is not None:
            # "할머니 생신은 12월 22일이야" with "할머니 생신이 12월 20일이야" kept (dated79)
            now = self.desk.service.now_local()
            old = next((day for kept in self._ko_dated_facts(thing, scope) or ()
                        if (day := ko_told_date(said_of(kept), now)) is not None), None)
            return None if old is None else (thing, old)
        if not command.startswith("/remember ") or (thing := dated_thing(command.removeprefix("/remember "))) is None:
            return None
        kept = self._dated_facts(thing, scope)
        now = self.desk.service.now_local()
        old = next((day for fact in kept or () if (day := told_date(said_of(fact), now)) is not None), None)
        return None if old is None else (thing, old)

    def _move_made_for(self, command: str, thing: str, old: date) -> str | None:
        """The open promises made for a dated thing ("book a restaurant for our anniversary", two weeks before it)
        moved by as many days as its told day moved, said ("Moved with it: …"); None when none is open or the day
        did not move."""
        service = self.desk.service
        now = service.now_local()
        fact = command.removeprefix("/remember ")
        korean = ko_subject(fact) is not None
        new = ko_told_date(fact, now) if korean else told_date(fact, now)
        named = (ko_unowned(thing) if korean else _unowned(thing)).casefold()
        if new is None or new == old or not named:
            return None
        # a promise kept for it by `_deed_by_told_day` names the person and "his birthday" ("send my grandson a card for
        # his birthday": dated79, not moved), or "the grandson's birthday"
        m = None if korean else re.fullmatch(r"(?P<who>[\w-]+)(?:'s|')\s+(?:[\w-]+\s+){0,2}(?P<noun>[\w-]+)", named)
        tied = None if m is None else re.compile(rf"\b{re.escape(m['who'])}\b.*\bfor\s+(?:his|her|their)\s+{re.escape(m['noun'])}\b")
        shift = int((new - old).days) * 86_400_000
        moved = []
        for loop in service.agenda():
            desc = loop.desc.casefold()
            if loop.due_ms is None or not (named in desc if korean else re.search(rf"\b{re.escape(named)}\b", desc)
                                           or tied is not None and tied.search(desc)):
                continue
            moved.append(service.reschedule(loop.id, due_ms=loop.due_ms + shift,
                                            remind_ms=None if loop.remind_ms is None else loop.remind_ms + shift))
        if not moved:
            return None
        if korean:
            items = "; ".join(f"{loop.desc}, {phrases.spoken_due(loop.due_ms or 0, now, service.tz, 'ko')}" for loop in moved)
            return f"함께 옮겼어요: {items}."
        items = "; ".join(f"{phrases.second_person(loop.desc)}, now {phrases.spoken_due(loop.due_ms or 0, now, service.tz, 'en')}"
                          for loop in moved)
        return f"Moved with it: {items}."

    def _deed_by_told_day(self, asked: DeedByDay, told_before: str, scope: MemoryScope, session: str) -> str | None:
        """"i should send him a card a few days before his birthday" with "my grandson's birthday is on december 20"
        kept (`dated_deeds.py`, dated78): the deed named whole, due that long before the day told ("send my grandson a
        card for his birthday", by December 17); two people's such days fitting "his": which one is asked; no day told:
        the deed kept with no due and the day asked once. None for the desk (no such day named or just told, the day
        itself on the agenda, memory unreadable)."""
        noun, whose = asked.noun, asked.whose
        if not noun:   # "… a few days before", right after a day told: that day
            thing = dated_thing(told_before) if told_before else None
            if thing is None:
                return None
            noun = thing.split()[-1].lower()
            whose = told_owner(thing) or "the"
            whose = "my" if whose == "me" else whose
        day_itself = re.compile(r"(?:(?:my|our|your|the|[\w-]+'s)\s+){0,2}(?:[\w-]+\s+)?" + re.escape(noun) + r"\b",
                                re.IGNORECASE)
        if any(day_itself.match(loop.desc) for loop in self.desk.service.agenda()):
            return None   # the day itself on the agenda ("trip to Rome"): the desk's ties, as before
        kept = self._facts_holding(FactAsked(noun, "en"), scope)
        if kept is None:
            return None
        facts = [said_of(fact) for fact in kept]
        facts = [fact for fact in facts if (thing := dated_thing(fact)) is not None and thing.lower().endswith(noun)]
        owners: dict[str | None, str] = {}
        for fact in facts:
            who = told_owner(fact)
            named = whose not in ("his", "her", "their", "my", "our", "the")
            if (who == whose) if named else fits(whose, who):
                owners.setdefault(who, fact)
        person = asked.person_in_deed
        if person is not None and (mine := [who for who in owners if who == f"{person}'s"]):
            owners = {mine[0]: owners[mine[0]]}
        now = self.desk.service.now_local()
        if len(owners) > 1:   # (nearest day first)
            owners = dict(sorted(owners.items(), key=lambda one: told_date(one[1], now) or date.max))
            said = " or ".join(f"{whose_said(whose, who)} ({day:%B} {day.day})" if (day := told_date(fact, now)) else
                               whose_said(whose, who) for who, fact in owners.items())
            if None not in owners and "me" not in owners:   # the reply naming one keeps it (dated79)
                self._dated_which[session] = (replace(asked, noun=noun), [who for who in owners if who is not None])
            return f"Whose {noun} do you mean: {said}? Say it again with the name."
        if not owners:
            return self._deed_day_asked(asked, noun, whose, session)
        who, fact = next(iter(owners.items()))
        day = told_day(fact)
        on = day_before(day, asked.days, now) if day is not None else None
        if on is None:
            return None
        deed = named_whole(asked.deed, who) if who not in (None, "me") else asked.deed
        word = (who or "").removesuffix("'s").removesuffix("'").lower()
        if who is None or who == "me":
            tie = f"{'our' if whose == 'our' else 'my' if who == 'me' else 'the'} {noun}"
        elif re.search(rf"\b{re.escape(word)}\b", deed, re.IGNORECASE):
            tie = f"{whose if whose in ('his', 'her', 'their') else pronoun_of(who)} {noun}"
        else:
            tie = f"{person_of(who)}'s {noun}"
        date_said = f"{on:%B} {on.day}, {on.year}" + (f" at {asked.part}" if asked.part else "")
        lead = "Remind me to" if asked.remind else "I need to"
        reply = self.desk.handle(f"{lead} {deed} for {tie} {'on' if asked.remind or asked.on_day else 'by'} {date_said}",
                                 session)
        if reply is None:
            return None
        day_is = told_date(fact, now)
        told = f"{whose_said(whose, who)} {noun}" + (f" on {day_is:%A}, {day_is:%B} {day_is.day}" if day_is else "")
        if asked.on_day or not reply.change.opened:   # (already on the agenda: said as the desk says it)
            return reply.text
        if not asked.said_amount:
            return f"{reply.text} That's the day before {told}, to be done in time."
        if asked.said_amount.startswith("a few"):
            return f"{reply.text} I took \"a few days\" as three days before {told}."
        return f"{reply.text} That's {asked.said_amount} before {told}."

    def _deed_day_asked(self, asked: DeedByDay, noun: str, whose: str, session: str) -> str | None:
        """The deed before a day never told: kept whole with no due, the day asked once ("When is his birthday?"); its
        due set when the day is told (`_dated_deed_told`). None when the desk keeps nothing of it."""
        reply = self.desk.handle(f"I need to {asked.deed}", session)
        if reply is None or not reply.change.opened:
            return None
        self._dated_waiting[session] = (reply.change.opened[0].id, asked)
        yours = {"my": "your", "our": "your"}.get(whose, whose)
        return f"{reply.text.rstrip()} When is {yours} {noun}?"

    def _dated_deed_told(self, fact: str, session: str, pointed: bool = False) -> str | None:
        """The promise waiting for a day (`_deed_day_asked`) given its due now that the day is told ("his birthday is
        december 20" after "i need to send him a card before his birthday"); None when none waits for this one."""
        waiting = self._dated_waiting.get(session)
        thing = dated_thing(fact)
        if waiting is None or thing is None:
            return None
        loop_id, asked = waiting
        if not thing.lower().endswith(asked.noun) or not pointed and not fits(asked.whose or "the", told_owner(fact)):
            return None   # (`pointed`: "his birthday is …" said right after it was asked)
        service = self.desk.service
        now = service.now_local()
        on = day_before(told_day(fact) or "", asked.days, now) if told_day(fact) else None
        loop = next((loop for loop in service.agenda() if loop.id == loop_id), None)
        if on is None or loop is None:
            return None
        del self._dated_waiting[session]
        hour, minute = {"8 PM": (20, 0), "7 PM": (19, 0), "8 AM": (8, 0)}.get(asked.part, (23, 59))   # the desk's "by"
        due = datetime(on.year, on.month, on.day, hour, minute, tzinfo=service.tz)
        moved = service.reschedule(loop.id, due_ms=int(due.timestamp() * 1000))
        return f"{phrases.second_person(moved.desc)}, {phrases.spoken_due(moved.due_ms or 0, now, service.tz, 'en')}"

    def _deed_before_day(self, deed: str, thing: str, day: str, days: int, session: str) -> str | None:
        """"Remind me three days before my sister's birthday to buy a gift": the deed due that many days before the told
        day ("buy a gift for my sister's birthday", by January 6), through the desk's own rules; None when the day's
        words name no date."""
        service = self.desk.service
        owner = re.match(r"([\w-]+)'s\s", thing)
        if owner is not None and (said := re.search(rf"\s+for\s+{re.escape(owner[1])}$", deed, re.IGNORECASE)) is not None:
            deed = deed[:said.start()]   # "buy a card for Emily" before Emily's birthday: "buy a card for Emily's birthday"
        on = day_before(day, days, datetime.fromtimestamp(service.now_ms() / 1000, service.tz))
        said = self.desk.handle(f"Remind me to {deed} for {thing} on {on:%B} {on.day}, {on.year}", session) \
            if on is not None else None
        return None if said is None else said.text

    def _fact_corrected(self, text: str, session: str) -> str | None:
        """"Actually it's 214" right after "Remembered: my gym locker is number 212" as `/remember` of the fact with the
        new value (`remember_asked.fact_corrected`; the newer fact on its topic is the one said back), or None."""
        last = self._recent.get(session)
        said = last[-1][1] if last else ""
        kept = next((said.removeprefix(lead) for lead in ("Remembered: ", "Updated: ") if said.startswith(lead)), None)
        if kept is None and (told := re.fullmatch(r"You told me your (.+?)\.?", said)) is not None:
            kept = f"my {told.group(1)}"   # the fact just said back ("You told me your gym locker is number 214.")
        fixed = fact_corrected(text, kept) if kept is not None else None
        return f"/remember {fixed}" if fixed is not None else None

    def _remember_in_words(self, text: str, session: str = "") -> str | None:
        """"Remember that my PIN hint is the blue notebook", "그거 기억해" as `/remember …` (`remember_asked.py`), or
        None: not a fact to keep, or a promise the agenda keeps ("remember that I need to call Bob tomorrow")."""
        fact = remember_said(text)
        if fact is None:
            return None
        if only_deixis(fact):
            # "그거 기억해" right after "회사 주차 자리는 B2 17번이야" (kept by its own turn, which working memory does not
            # hold): that fact again, not the exchange before it (the fifty-sixth session kept "내 혈액형 알려 줘"); and
            # "remember that" right after "my locker code is 4471" (the fifty-ninth session kept the exchange before it,
            # "what do I have tomorrow", as a second fact)
            before = [asked for asked, _ in self._recent.get(session, ()) if asked]
            told = remember_said(before[-1]) if before else None
            if told is not None and not only_deixis(told):
                return f"/remember {told}"
        if not only_deixis(fact) and read_utterance(fact, self.desk.korean).commitments:
            return None
        if (deed := where_deed(fact)) is not None and any(
                loop.desc.split(" ", 1)[0].casefold() == deed for loop in self.desk.service.agenda()):
            return None   # "I put the check in the mail" with "put the check in the mail" open: the desk closes it
        if (thing := where_thing(fact)) is not None and any(thing in loop.desc for loop in self.desk.service.agenda()):
            return None   # "서류 책상에 뒀어" with "서류 책상에 두기" open: the same, in Korean
        return f"/remember {fact}"

    async def _turn(self, text: str, session: str, lang: str, turn_id: int | None) -> AsyncIterator[str]:
        text = valid_text(text).strip()  # every caller: `jarvisd chat`'s stdin reads bad bytes as lone surrogates
        if not text:
            return
        scope = self.scope(session)
        forgets = self.memory.forgets(scope)   # a forget from here on: the turn is not kept (pass 31, desk turns)
        await self.bus.publish(TranscriptLine(role="user", text=text, session=session, lang=lang))
        answer: list[str] = []
        try:
            if self.approvals is not None and (reply := self.approvals.answer(text, session, "turn")) is not None:
                answer.append(reply)  # a tool call waits for the user: this turn is the answer, not a question
                yield reply
                return
            if (which := self._dated_which.pop(session, None)) is not None \
                    and (dated := await asyncio.to_thread(self._which_answered, text, *which, scope, session)) is not None:
                answer.append(dated)   # "the nephew" after "Whose birthday do you mean: …?" (dated79); else dropped
                yield dated
                await asyncio.to_thread(self._record_desk_turn, scope, text, dated, forgets)
                return
            if (words := slash_forget_words(text)) is not None:
                text = words   # "/forget my locker code": a kept fact's forget, as said in words (pass 70)
            # "actually his birthday is december 22", "할머니 생신 12월 22일로 바뀌었어" (dated79): the day's fact told again
            retold = None if is_command(text) else await asyncio.to_thread(self._retold_fact, text, scope, session)
            # in a thread: the reader itself costs 0.8 s CPU on 4,000 characters of commas after a Korean word (pass 67)
            command = retold or (text if is_command(text) else await asyncio.to_thread(self._remember_in_words, text, session))
            corrected = None if command is not None else self._fact_corrected(text, session)
            command = command or corrected
            if command is None and (emoji := await asyncio.to_thread(emoji_named, text)) is not None:
                asked = who_is_it(emoji, language_of(text))   # "👩‍👧 is allergic to peanuts": who, nothing kept
                answer.append(asked)
                yield asked
                await asyncio.to_thread(self._record_desk_turn, scope, text, asked, forgets)
                return
            if command is None and (gave := gave_up_said(text)) is not None \
                    and (retired := await asyncio.to_thread(self._retired, gave, scope)) is not None:
                answer.append(retired)   # "i sold the honda": the car kept is history now
                yield retired
                await asyncio.to_thread(self._record_desk_turn, scope, text, retired, forgets)
                return
            if command is not None:
                moved_day = self._told_date_before(command, scope)
                reply = await self.commands.run(command, self.command_context(session))
                moved = None
                if moved_day is not None and (reply.startswith(("Remembered: ", "Updated: ")) or reply.endswith("기억해 둘게요.")):
                    # "book a restaurant two weeks before" moves with the anniversary (said last, after "Updated: …")
                    moved = await asyncio.to_thread(self._move_made_for, command, *moved_day)
                if reply.startswith("Remembered: ") and command.startswith("/remember ") \
                        and (due := await asyncio.to_thread(self._dated_deed_told, command.removeprefix("/remember "),
                                                            session)) is not None:
                    reply = f"{reply}. Now due: {due}."   # the promise kept before a day not told yet (dated78)
                if corrected is not None and reply.startswith("Remembered: "):
                    reply = "Updated: " + reply.removeprefix("Remembered: ")
                elif reply.startswith(("Remembered: ", "기억할게요: ")) or reply.endswith("기억해 둘게요."):
                    if (fix := correction_of(text)) is not None and fix[1]:
                        # "no, Jenny is allergic to peanuts, not shellfish", "아니, 아내는 새우 말고 땅콩 알레르기야": the
                        # fact told again, the one it takes back gone
                        reply = "Updated: " + reply.removeprefix("Remembered: ") if reply.startswith("Remembered: ") \
                            else reply
                        await asyncio.to_thread(self._take_back, fix[0], fix[1], scope)
                if command.startswith("/remember ") and reply.startswith("Remembered: ") \
                        and (tail := run_on_after(text)) is not None:
                    # "Sam is my sister in law she's coming saturday at 3": who Sam is kept, and the visit the agenda's
                    visit = await asyncio.to_thread(self.desk.handle, tail, session)
                    if visit is not None and visit.change.opened:
                        reply = f"{reply}. {visit.text}"
                if reply.startswith("Remembered: ") and (changed_told(text) or _CHANGE_SAID.search(text) or retold) \
                        and (was := await asyncio.to_thread(self._replaced, reply.removeprefix("Remembered: "), scope)):
                    # "i sold the honda, i drive a toyota now" (round 65: the desk's "Good. That wasn't on your
                    # agenda", the honda still said): the old fact is kept as history, hidden from every answer
                    reply = f"Updated: {reply.removeprefix('Remembered: ')} (before: {was})"
                if retold is not None and reply.startswith("Remembered: "):
                    reply = "Updated: " + reply.removeprefix("Remembered: ")   # a day told again (dated79)
                if command.startswith("/remember my name is ") and reply.startswith("Remembered: my name is "):
                    reply = f"Nice to meet you, {command.removeprefix('/remember my name is ')}. I'll remember your name."
                if moved is not None:
                    reply = f"{reply.rstrip('.')}. {moved}" if not reply.endswith("요.") else f"{reply} {moved}"
                answer.append(reply)
                yield reply
                return
            if (forgot := forget_all_said(text)) is not None or forget_said(text) is not None \
                    and (forgot := await asyncio.to_thread(self._forget_in_words, text, scope, session)) is not None:
                answer.append(forgot)   # "forget my gym code": a kept fact taken back (before the desk's "forget X")
                yield forgot
                return
            if repeat_asked(text):   # before the desk: "다시 말해 줘" is no "remind me again"
                last = self._recent.get(session)   # "say that again": the last answer, as it was said
                said_last = last[-1][1].strip() if last else \
                    ("아직 아무 말도 안 했어요." if language_of(text) == "ko" else "I haven't said anything yet.")
                answer.append(said_last)
                yield said_last
                return
            try:
                told_before = next((asked for asked, _ in reversed(self._recent.get(session, ())) if asked), "")
                # "… a few days before", right after a birthday told: before that birthday; "her birthday" is it too
                owned = with_told_owner(text, told_before)
                before = owned if before_told_day(owned) is not None else before_it(text, told_before)
                if before is not None \
                        and (dated := await asyncio.to_thread(self._before_told_day, before, scope, session)) is not None:
                    answer.append(dated)   # "remind me a week before Julia's birthday": the day memory holds
                    yield dated
                    await asyncio.to_thread(self._record_desk_turn, scope, text, dated, forgets)
                    return
                if session in self._dated_waiting and (told := re.fullmatch(
                        r"(?:his|her|their|it's|it\s+is)\s+(\S.*)", text.strip(), re.IGNORECASE)) is not None \
                        and (due := await asyncio.to_thread(self._dated_deed_told, f"my {told[1]}", session, True)) is not None:
                    said = f"Got it: {due}."   # "his birthday is december 20" after "When is his birthday?" (dated78)
                    answer.append(said)
                    yield said
                    await asyncio.to_thread(self._record_desk_turn, scope, text, said, forgets)
                    return
                if (deed_by := deed_by_told_day(text)) is not None and (dated := await asyncio.to_thread(
                        self._deed_by_told_day, deed_by, told_before, scope, session)) is not None:
                    answer.append(dated)   # "i should send him a card a few days before his birthday" (dated78)
                    yield dated
                    await asyncio.to_thread(self._record_desk_turn, scope, text, dated, forgets)
                    return
                if (until := days_to_told_day(owned)) is not None \
                        and (dated := await asyncio.to_thread(self._days_to_told_day, *until, scope)) is not None:
                    answer.append(dated)   # "how many days until Emily's birthday?": to the day memory holds
                    yield dated
                    await asyncio.to_thread(self._record_desk_turn, scope, text, dated, forgets)
                    return
                if (thing := when_told_day(text)) is not None \
                        and (dated := await asyncio.to_thread(self._when_told_day, thing, scope)) is not None:
                    answer.append(dated)   # "when's the anniversary?": the day memory holds, then what is due for it
                    yield dated
                    await asyncio.to_thread(self._record_desk_turn, scope, text, dated, forgets)
                    return
                if (yet := yet_asked(text)) is not None \
                        and (allowed := await asyncio.to_thread(self._allowed_yet, yet, scope)) is not None:
                    answer.append(allowed)   # "can I lift stuff yet?" after "no lifting for two weeks" (round 64: SmolLM2)
                    yield allowed
                    await asyncio.to_thread(self._record_desk_turn, scope, text, allowed, forgets)
                    return
                # the same in Korean: "엄마 생신 일주일 전에 선물 사라고 알려줘", "엄마 생신까지 며칠 남았어?", "엄마 생신 언제야?";
                # "그 전날 …" right after "엄마 생신이 12월 20일이야" is that day's (round 64: "언제 알려 드릴까요?")
                ko_owned = ko_with_told_owner(text, told_before)
                if (ko_before := ko_before_told_day(ko_owned)) is not None \
                        and (dated := await asyncio.to_thread(self._ko_before_told_day, ko_before, scope, session)) is not None \
                        or (ko_until := ko_days_to_told_day(ko_owned)) is not None \
                        and (dated := await asyncio.to_thread(self._ko_days_to_told_day, *ko_until, scope)) is not None \
                        or (ko_thing := ko_when_told_day(text)) is not None \
                        and (dated := await asyncio.to_thread(self._ko_when_told_day, ko_thing, scope)) is not None:
                    answer.append(dated)
                    yield dated
                    await asyncio.to_thread(self._record_desk_turn, scope, text, dated, forgets)
                    return
                desk = await asyncio.to_thread(self.desk.handle, text, session)
            except OSError as exc:  # pass 26: the disk full, a promise got only "the turn failed: [Errno 28] ..."
                log.error("openloop: the agenda could not be saved: %s", exc)
                reply = phrases.not_saved(exc.strerror or str(exc), "ko" if language_of(text) == "ko" else "en")
                answer.append(reply)
                yield reply
                return
            if self.plan.model and (desk is None or desk.intent == "capture"):
                # beside the reply; the model's items that name what the rules took are left out
                known = [loop.desc for loop in (desk.change.opened + desk.change.kept)] if desk else []
                self.judge.spawn(text, session, known, turn_id)
            if desk is not None and desk.text in NOT_ON_AGENDA \
                    and (recalled := await asyncio.to_thread(self._said_back, text, scope)) is not None:
                desk = None   # "when did I start learning guitar?": no deed on the agenda, but said in passing
                answer.append(recalled)
                yield recalled
                await asyncio.to_thread(self._record_desk_turn, scope, text, recalled, forgets)
                return
            if desk is not None:  # what it changed, the agenda service has announced
                answer.append(desk.text)
                yield desk.text
                if desk.final:
                    await asyncio.to_thread(self._record_desk_turn, scope, text, desk.text, forgets)
                    return
                answer.append(" ")
                yield " "
            if desk is None and (owed := owed_answer(
                    text, small_model=self.small_model)
                    or arithmetic.answer(text) or units.answer(text)):
                # "thank you", "never mind", "what's the weather", "what's 15 times 23": owed a short true reply, not
                # a model's guess (SmolLM2: "15 * 23 = 315")
                answer.append(owed)
                yield owed
                await asyncio.to_thread(self._record_desk_turn, scope, text, owed, forgets)
                return
            if desk is None and (talked := talk_asked(text, self.desk.service.now_local().date())) is not None \
                    and (recalled := await asyncio.to_thread(self._talk_back, talked, scope)) is not None:
                # "what did we talk about yesterday?": the user's own words kept that day, not a model's guess
                # (SmolLM2: "We talked about the latest news and updates.")
                answer.append(recalled)
                yield recalled
                await asyncio.to_thread(self._record_desk_turn, scope, text, recalled, forgets)
                return
            if desk is None and fact_asked(text) is not None \
                    and (told := await asyncio.to_thread(self._told_back, text, scope)) is not None:
                # "what's my locker code?": a fact the user asked to keep, said from memory, not left to a model
                # that cannot read it from its prompt (SmolLM2: "(2026-12-05)")
                answer.append(told)
                yield told
                await asyncio.to_thread(self._record_desk_turn, scope, text, told, forgets)
                return
            if desk is None and (recalled := await asyncio.to_thread(self._said_back, text, scope)) is not None:
                # "where do I work now?" after "my new job at the bakery starts on Monday", said in passing days before
                answer.append(recalled)
                yield recalled
                await asyncio.to_thread(self._record_desk_turn, scope, text, recalled, forgets)
                return
            if desk is None and self.small_model and (until := days_to_told_day(text)) is not None:
                # "how many weeks until my lease runs out?" with no day told and none on the agenda (the sixty-fourth
                # session: SmolLM2's "2026-12-07 2026-12-07 …"): the day asked for, as "remind me a week before …" is
                unknown = day_not_told(until[0], "")
                answer.append(unknown)
                yield unknown
                await asyncio.to_thread(self._record_desk_turn, scope, text, unknown, forgets)
                return
            if desk is None and self.small_model and told_in_passing(text) \
                    and await asyncio.to_thread(self.desk.done_unlisted, text) is not None:
                # "I went hiking with Sam at Bukhansan last weekend": news of one's life, not a promise closed ("Good.
                # That wasn't on your agenda, so there was nothing to mark done."); the turn is kept, and said back
                heard = HEARD["ko" if language_of(text) == "ko" else "en"]
                answer.append(heard)
                yield heard
                await asyncio.to_thread(self._record_desk_turn, scope, text, heard, forgets)
                return
            if desk is None and self.small_model \
                    and ((noted := await asyncio.to_thread(self.desk.done_unlisted, text)) is not None
                         or (noted := await asyncio.to_thread(self.desk.when_unlisted, text)) is not None):
                # ... and "what time is the meeting?" with no meeting kept (SmolLM2 made a time up: session 49)
                # "I already called mom" with no such promise: said plainly, not left to SmolLM2 ("I'm sorry for your
                # loss. I'm here to help you with whatever you're going through.": the forty-seventh session)
                answer.append(noted)
                yield noted
                await asyncio.to_thread(self._record_desk_turn, scope, text, noted, forgets)
                return
            claims = AgendaClaimFilter()  # only the desk says what happened to the agenda
            # a model talking in circles, or copying an answer it gave to another question, is cut there
            recent = self._recent.get(session, ())
            repeats = RepeatCut(said for asked, said in recent if asked.casefold() != text.casefold())
            # the user's own sentence said back is no answer, nor (SmolLM2) a kept fact the question did not ask about
            unasked = await asyncio.to_thread(self._facts_not_asked, text, scope) if self.small_model else []
            # ... nor the sentence said back in the second person ("Your sister is visiting next week.")
            parrot = ParrotDrop(heard=text, unasked=[*unasked, phrases.second_person(text)])
            # English asked, lines of Hangul answered (SmolLM2): no answer; Korean asked, nonsense answered (korean68)
            script = ScriptCut(heard=text, whole=bool(self.small_model))
            sympathy = CondolenceDrop(heard=text)   # "I'm sorry for your loss" to "move the dentist" (SmolLM2)
            # "I'm a voice assistant running offline on the user's computer." to a misheard turn (SmolLM2 only)
            self_talk = SelfTalkDrop(heard=text, on=bool(self.small_model))
            escapes = EscapeCut()   # a terminal's escape sequence whole, one cut across two pieces too
            stamps = StampDrop()    # the prompt's "(2026-12-07)" copied into the answer (SmolLM2)
            enough = asyncio.Event()       # ... and stopped there, the turn still recorded
            said, written = False, 0
            try:
                async for event in self.agent.stream_turn(text, scope=scope, enough=enough):
                    if isinstance(event, AnswerDelta):  # pass 23's low: a model's NUL or ANSI escape shown as it was
                        written += len(event.text)
                        shown = stamps.feed(answer_text(escapes.feed(event.text)))
                        piece = claims.feed(repeats.feed(script.feed(sympathy.feed(parrot.feed(self_talk.feed(shown))))))
                        if repeats.cut or script.cut or sympathy.dropped >= CONDOLENCE_STOP or \
                                self_talk.dropped >= CONDOLENCE_STOP or \
                                (self.small_model and not said and not piece and written >= SILENT_ANSWER_CHARS):
                            enough.set()
                        if piece:
                            said = True
                            answer.append(piece)
                            yield piece
                    elif isinstance(event, TurnEnded):
                        log.debug("turn ended: %s", event.result.stop_reason)
                tail = self_talk.feed(stamps.end()) + self_talk.end()
                piece = claims.feed(repeats.feed(script.feed(sympathy.feed(parrot.feed(tail) + parrot.end())
                                                             + sympathy.end()) + script.end()))
                piece += claims.end()
                if script.cut:
                    log.info("the model answered in another language or script than it was asked in: not said")
                if parrot.dropped:
                    log.info("the model's answer repeated the user's words (%d sentence(s)): not said", parrot.dropped)
                if repeats.cut:
                    log.info("the model's answer repeated itself: stopped after %d characters", len("".join(answer)))
                if claims.dropped:
                    log.info("the model wrote in the agenda's voice, not said: %s", " | ".join(claims.dropped))
                if self_talk.dropped:
                    log.info("the model described itself to a turn that did not ask about it (%d sentence(s)): not said",
                             self_talk.dropped)
                if sympathy.dropped:
                    log.info("the model offered condolences to a turn that spoke of no loss (%d sentence(s)): not said",
                             sympathy.dropped)
                if not piece.strip() and not said and parrot.dropped and not claims.dropped:
                    piece = no_answer(text, "ko" if language_of(text) == "ko" else "en")
                elif not piece and not said and script.cut:
                    # a Korean turn's nonsense: "그렇군요." to news, "죄송해요, 그건 답을 모르겠어요." to a question
                    piece = no_answer(text, "ko") if language_of(text) == "ko" else NO_ANSWER["en"]
                elif not piece.strip() and not said and (claims.dropped or repeats.cut or sympathy.dropped or
                                                          self_talk.dropped):
                    piece = "잘 못 알아들었어요. 다시 말해 주세요." if language_of(text) == "ko" else \
                        "Sorry, I didn't catch that. Could you say it again?"
                elif not (piece or "").strip() and not "".join(answer).strip():
                    # the model gave no text (an empty or blank answer: a thinking model's content, a
                    # stop at once): before, no answer line at all (pass 23: the HUD's turn never answered)
                    log.info("the model's answer was empty: said it has none")
                    piece = no_answer(text, "ko" if language_of(text) == "ko" else "en")
                if piece:
                    answer.append(piece)
                    yield piece
                if self.backend_health is not None:
                    self.backend_health.works()
            except BackendError as exc:
                log.error("turn failed: %s", exc)
                self.failed_turns += 1
                if self.backend_health is not None:
                    self.backend_health.failed(exc)
                if held := claims.end():  # the sentence the filter held was said before the failure (pass 24)
                    answer.append(held)
                    yield held
                # one line, bounded (pass 74): a backend's error can hold a server's page or a library's report of
                # many lines, which the HUD shows, memory keeps and piper reads out
                message = f"Sorry, my model failed: {cut_whole(' '.join(str(exc).split()), FAILURE_CHARS)}"
                so_far = "".join(answer)
                if so_far.strip() and not so_far[-1].isspace():  # not glued to the cut answer ("a landSorry")
                    message = " … " + message
                answer.append(message)
                yield message
        finally:
            if answer:
                self._recent.setdefault(session, deque(maxlen=RECENT_ANSWERS)).append((text, "".join(answer)))
                await self.bus.publish(TranscriptLine(role="assistant", text="".join(answer).strip(),
                                                      session=session, lang=lang))

    def _record_desk_turn(self, scope: MemoryScope, text: str, reply: str, forgets: int | None = None) -> None:
        """An agenda turn is part of the conversation: memory keeps it like an agent turn (and flushes); not
        when its session was forgotten since it began (`forgets`: the count then)."""
        try:
            with self.memory.health.guard("recording an agenda turn", proves=True):
                self.memory.record_turn(scope, [Message("user", text), Message("assistant", reply)], desk=True,
                                        forgets=forgets)
                self.memory.flush()
        except MemoryStoreFailed:
            pass  # the agenda's answer was given and the agenda saved; the log and the status say memory failed

    async def answer(self, text: str, session: str = "default") -> str:
        return "".join([piece async for piece in self.turn(text, session)])

    async def close(self) -> None:
        """Let running judgements finish, then close the stores (their writes are durable per record). Each
        store is closed even when the other fails: a memory table whose folder was removed under the daemon
        failed its last flush at stop (pass 23), the agenda's store was then never closed and the stop ended
        in a LanceDB traceback and exit 1. The failure is one line; memory's unwritten records stay in its
        write journal, which the next start replays."""
        from jarvisd.errors import first_line

        await self.judge.drain()
        for name, store in (("memory", self.memory.store), ("agenda", self.agenda.store)):
            close = getattr(store, "close", None)
            if close is None:
                continue
            try:
                await asyncio.to_thread(close)
            except Exception as exc:
                log.error("stop: the %s store did not close cleanly (%s: %s)%s", name, type(exc).__name__,
                          first_line(exc), "; records not yet in it stay in its write journal, replayed at the "
                          "next start" if name == "memory" else "")


def build_assistant(cfg: Config, store: ModelStore, *, backends: Backends | None = None,
                    bus: EventBus | None = None, memory: MemoryService | None = None,
                    agenda: OpenLoopService | None = None) -> Assistant:
    """Blocking (loads models, opens stores): call from a worker thread in async code."""
    backends = backends or select_backends(cfg, store)
    bus = bus or EventBus()
    memory = memory or open_service(cfg, backends.embedder)
    if backends.embedder is None:   # what `/remember reembed` says: a damaged model file, not "provider = none"
        memory.no_embedder_why = embedder_absence(backends.notes)
    memory.health.publish = bus.publish_nowait  # a store failing while running shows in the HUD's status
    for warning in memory.warnings:
        log.warning("memory: %s", warning)
    # the agenda announces its own changes on the bus (the HUD, tray and reminders listen)
    agenda = agenda or OpenLoopService.from_config(cfg, backends.embedder, publish=bus.publish_nowait)
    if agenda.publish is None:
        agenda.publish = bus.publish_nowait
    judge = AgendaJudge(backends.thought, agenda, timeout_sec=cfg.llm.timeout_sec)
    plan = judge_plan(cfg.openloop.judge, backends.thought.name)
    log.info("openloop: promises found by %s, because %s", plan.name, plan.why)
    # the Korean analyzer loads on its first Korean sentence; the daemon loads it at start (`serve`)
    desk = AgendaDesk(agenda, KoreanAnalyzer(), capture="rules" if plan.rules else "model")
    definition = load_agent(TEAM_DIR, "main")          # team/main.yaml: prompt, model, profile, tools
    lessons = FailureLessons(Path(cfg.paths.data_dir) / PROCEDURES_DIR, agent=definition.id)   # M14
    model = backends.chat if definition.model == "chat" else backends.thought
    approvals = ApprovalDesk(bus, cfg.tools.approval_timeout_sec)
    memory_hooks = MemoryHooks(memory, past_turns=getattr(model, "past_turns", None),
                               line_tokens=getattr(model, "memory_line_tokens", None))
    agent = build_jarvis(cfg, model, hooks=[memory_hooks, lessons], definition=definition,
                         approver=approvals.approve)
    register_memory_tools(agent, memory)
    apply_tool_policy(agent, definition, str(TEAM_DIR / "main.yaml"),
                      cfg.sources.get("tools.approval_required", "defaults"))
    return Assistant(cfg=cfg, backends=backends, memory=memory, agenda=agenda, judge=judge, agent=agent, bus=bus,
                     desk=desk, plan=plan, approvals=approvals,
                     backend_health=BackendHealth(backends.chat.name, bus.publish_nowait))


def day_not_told(thing: str, amount: str) -> str:
    """A reminder asked before a day memory does not hold, or the days to it: ask for the day ("my lease runs out": the
    day said by what happens on it)."""
    yours = re.sub(r"^(?:my|our)\b", "your", thing, flags=re.IGNORECASE)
    if ENDS_SAID.search(thing):
        return f"I don't know when {yours} yet. Tell me the date, like \"{thing} on June 12\", and ask me again."
    return f"I don't know when {yours} is yet. Tell me the date, like \"{thing} is June 12\", and ask me again."


def register_memory_tools(agent: Agent, memory: MemoryService) -> None:
    """recall_episodes and remember_task_pattern, run in a worker thread (LanceDB I/O) in the caller's scope."""
    from jarvisd.memory.patterns import TaskPattern

    def recall(scope: MemoryScope, args: dict[str, Any]) -> Any:
        found = memory.recall_episodes(scope, query=args.get("query", ""), task_type=args.get("task_type", ""),
                                       outcome=args.get("outcome", ""), since=_day(args.get("since")),
                                       until=_day(args.get("until")), limit=args.get("limit", 5))
        return [{"when": item.created_at.isoformat(timespec="minutes"), "content": item.content} for item in found]

    def remember(scope: MemoryScope, args: dict[str, Any]) -> Any:
        pattern = TaskPattern(name=args["name"], when=args["when"], steps=args["steps"],
                              keywords=tuple(args.get("keywords", ())))
        item = memory.remember_pattern(scope, pattern)
        return {"saved": item.metadata.get("name", args["name"])}

    register_recall_episodes(agent.tools, lambda scope, args: asyncio.to_thread(recall, scope, args))
    register_remember_task_pattern(agent.tools, lambda scope, args: asyncio.to_thread(remember, scope, args))


def _day(value: Any) -> Any:
    from datetime import date

    return date.fromisoformat(value) if value else None


def one_shot_answer(cfg: Config) -> Callable[[str, str, int], AsyncIterator[str]]:
    """The answer function for `jarvisd listen`: the full assistant; the AGENDA judge is awaited before
    the answer ends, because the process exits right after."""
    assistant = build_assistant(cfg, ModelStore(cfg.paths.models_dir))

    async def answer(text: str, lang: str, utterance_id: int) -> AsyncIterator[str]:
        async for piece in assistant.turn(text, session="listen", lang=lang):
            yield piece
        await assistant.judge.drain()

    return answer
