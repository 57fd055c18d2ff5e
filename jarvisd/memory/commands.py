"""Slash commands of memory that learns: /patterns, /procedures, /compact, /usermodel, /journal.

`register_memory_commands(registry)` adds them to the one command registry. They use these services
of the `CommandContext`:

- `memory`: the `MemoryService`; `scope_for`: `scope_for(ctx.session) -> MemoryScope`
- `thought_model`: a `ChatModel` (for /compact, /usermodel build, /journal write)
- `data_dir`: the daemon's data folder; pattern drafts live in `<data_dir>/procedures/`

Store and embedder calls block, so they run in a worker thread; model calls are awaited on the loop.
A model answer that cannot be read is reported in the reply and nothing is stored.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from jarvisd.commands import CommandContext, CommandRegistry
from jarvisd.llm.base import BackendError, ChatModel, Message, complete
from jarvisd.memory.episodes import episode_messages
from jarvisd.memory.grounding import grounded_summary
from jarvisd.memory.items import MemoryItem, natural_id
from jarvisd.memory.learning import (
    USER_MODEL_KEY,
    USER_MODEL_SOURCE,
    UnreadableAnswer,
    UserModel,
    compact_messages,
    journal_entry,
    journal_messages,
    parse_user_model,
    transcript,
    user_model_messages,
)
from jarvisd.memory.procedure_drafts import DraftError, list_drafts, read_draft, remove_draft
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.stores.base import StoreQuery

COMPACT_TURNS = 50
USER_MODEL_MEMORIES = 30
JOURNAL_RECORDS = 40
PROCEDURES_DIR = "procedures"


def _memory(ctx: CommandContext) -> tuple[Any, MemoryScope]:
    return ctx.service("memory"), ctx.service("scope_for")(ctx.session)


def _draft_user(ctx: CommandContext) -> str | None:
    """Whose procedure drafts the command may list and approve (`procedure_drafts.draft_owner`); None where no user
    is known (a bare command context): every draft."""
    services = ctx.services or {}
    scope = services["scope_for"](ctx.session) if "scope_for" in services else None
    return getattr(scope, "user", None)


def _args(line: str) -> list[str]:
    return line.split()[1:]


def procedures_dir(ctx: CommandContext) -> Path:
    return Path(ctx.service("data_dir")) / PROCEDURES_DIR


async def _ask(ctx: CommandContext, messages: list[Message]) -> str:
    model: ChatModel = ctx.service("thought_model")
    return (await complete(model, messages)).text.strip()


# ---- reads used by the commands and by thought prompts --------------------------------------------

def session_turns(service: Any, scope: MemoryScope, limit: int = COMPACT_TURNS) -> list[Message]:
    """The session's stored turns, oldest first, as user/assistant messages."""
    q = StoreQuery(access=service.policies.access(scope), sources=("turn",), session=scope.session,
                   agent=scope.agent, order="recent", limit=limit, match_required=False)
    found = sorted((c.item for c in service.store.search(q)), key=lambda i: int(i.metadata.get("turn", 0)))
    return [m for item in found for m in episode_messages(item.content)]


def recent_memories(service: Any, scope: MemoryScope, sources: tuple[str, ...] = (),
                    limit: int = USER_MODEL_MEMORIES) -> list[MemoryItem]:
    q = StoreQuery(access=service.policies.access(scope), kinds=("semantic", "episodic"), sources=sources,
                   exclude_sources=("turn_part", USER_MODEL_SOURCE), order="recent", limit=limit,
                   match_required=False)
    return [c.item for c in service.store.search(q)]


def user_model_id(scope: MemoryScope) -> str:
    return natural_id(scope.user, scope.agent, USER_MODEL_SOURCE, USER_MODEL_KEY)


def read_user_model(service: Any, scope: MemoryScope) -> UserModel | None:
    """The model `/usermodel build` stored for the scope's user and agent (None before the first build).
    Thought prompts put it in `{{user_model}}` through `learning.user_model_block`."""
    found = service.store.get([user_model_id(scope)], service.policies.access(scope))
    if not found:
        return None
    meta = found[0].metadata
    return UserModel(summary=str(meta.get("summary", "")), traits=tuple(map(str, meta.get("traits", []))))


def thought_inputs(service: Any, scope: MemoryScope, limit: int = 12) -> tuple[list[str], str]:
    """What a thought prompt reads of memory (seed 003's {{memory}} and {{user_model}}): the newest
    facts and episodes of the scope's user (no thoughts, no parts of long turns), and the user model
    `/usermodel build` stored ("" before the first build)."""
    lines = [item.content for item in recent_memories(service, scope, limit=limit * 2) if item.source != "thought"]
    model = read_user_model(service, scope)
    text = ""
    if model is not None:
        text = model.summary + (f"\n성향: {'; '.join(model.traits)}" if model.traits else "")
    return lines[:limit], text


# ---- /patterns, /procedures -----------------------------------------------------------------------

def _pattern_line(item: MemoryItem, agent: str) -> str:
    keywords = ", ".join(map(str, item.metadata.get("keywords", [])))
    owner = "" if item.agent == agent else f" [{item.agent}]"
    return f"- {item.content}{owner}" + (f" (keywords: {keywords})" if keywords else "")


async def patterns_command(line: str, ctx: CommandContext) -> str:
    service, scope = _memory(ctx)
    args = _args(line)
    if args[:1] == ["forget"]:
        name = " ".join(args[1:]).strip()
        if not name:
            return "usage: /patterns forget <name>"
        mine = [i for i in await asyncio.to_thread(service.patterns, scope)
                if i.agent == scope.agent and i.metadata.get("name") == name]
        if not mine:
            return f"no task pattern named {name!r} for {scope.agent}"
        with service.health.guard("/patterns forget"):  # pass 52: a full disk was a JSON 500
            await asyncio.to_thread(service.forget_pattern, scope, name)
        return f"forgot task pattern {name!r}"
    if args:
        return "usage: /patterns | /patterns forget <name>"
    items = sorted(await asyncio.to_thread(service.patterns, scope), key=lambda i: (i.agent != scope.agent, i.content))
    if not items:
        return f"no task patterns for {scope.agent} yet"
    return f"task patterns for {scope.agent}:\n" + "\n".join(_pattern_line(i, scope.agent) for i in items)


async def procedures_command(line: str, ctx: CommandContext) -> str:
    args = _args(line)
    folder = procedures_dir(ctx)
    if not args:
        drafts = await asyncio.to_thread(list_drafts, folder, _draft_user(ctx))   # the user's own (pass 54e)
        if not drafts:
            return "no procedure drafts waiting"
        return "drafts waiting (/procedures approve <name>):\n" + "\n".join(f"- {d}" for d in drafts)
    if args[0] != "approve" or len(args) != 2:
        return "usage: /procedures | /procedures approve pattern-<name>"
    service, scope = _memory(ctx)
    try:  # a worker thread: a 1 GiB draft read on the event loop held the HUD 8 s (pass 20)
        draft = await asyncio.to_thread(read_draft, folder, args[1], _draft_user(ctx))
    except DraftError as exc:
        return str(exc)
    if draft.agent and draft.agent != scope.agent:
        scope = MemoryScope(scope.user, draft.agent, scope.session)  # the agent the lesson is about
    with service.health.guard("/procedures approve", proves=True):  # pass 52: a full disk was a JSON 500
        await asyncio.to_thread(service.remember_pattern, scope, draft.pattern)
    await asyncio.to_thread(remove_draft, folder, args[1])
    return f"approved: task pattern {draft.pattern.name!r} saved for {scope.agent}"


# ---- /compact, /usermodel, /journal ------------------------------------------------------------

async def compact_command(line: str, ctx: CommandContext) -> str:
    service, scope = _memory(ctx)
    messages = await asyncio.to_thread(session_turns, service, scope)
    if not messages:
        return "nothing to compact in this session yet"
    try:
        summary = await _ask(ctx, compact_messages(messages))
    except BackendError as exc:
        return f"/compact: the model failed: {exc}"
    if not summary:
        return "/compact: the model gave an empty summary; nothing stored"
    grounded = grounded_summary(summary, transcript(messages), [m.content for m in messages if m.role == "user"])
    turns = len(messages) // 2
    # pass 52: a full disk (or a failing store) was a JSON 500 after the model's summary; now the reply says what
    # failed and nothing is claimed stored, as /remember's
    with service.health.guard("/compact", proves=True):
        await asyncio.to_thread(service.record_episode, scope, "manual_compact", grounded.text,
                                metadata={"turns": turns, "left_out": len(grounded.left_out)},
                                key=f"compact|{scope.session}|{turns}")
    return "\n".join(filter(None, (grounded.text, grounded.note())))


async def usermodel_command(line: str, ctx: CommandContext) -> str:
    if _args(line) != ["build"]:
        return "usage: /usermodel build"
    service, scope = _memory(ctx)
    memories = await asyncio.to_thread(recent_memories, service, scope)
    if not memories:
        return "no memories to build a user model from yet"
    try:
        model = parse_user_model(await _ask(ctx, user_model_messages([m.content for m in memories])))
    except (BackendError, UnreadableAnswer) as exc:
        return f"/usermodel build failed, nothing stored: {exc}"
    with service.health.guard("/usermodel build", proves=True):  # pass 52: a full disk was a JSON 500
        await asyncio.to_thread(
            service.record_episode, scope, USER_MODEL_SOURCE, model.content(), importance=0.7,
            metadata={"summary": model.summary, "traits": list(model.traits), "from": len(memories)},
            key=USER_MODEL_KEY,
        )
    return model.content()


async def forget_command(line: str, ctx: CommandContext) -> str:
    """/forget session [ID] [confirm]: delete a session's turns, thought logs and working memory (seed
    003 M5). Without `confirm` it only says what would go; facts, patterns and the agenda stay."""
    args = _args(line)
    if not args or args[0] != "session" or len(args) > 3 or (len(args) == 3 and args[2] != "confirm"):
        return "usage: /forget session [SESSION] confirm"
    confirm = args[-1] == "confirm"
    session = args[1] if len(args) >= 2 and args[1] != "confirm" else ctx.session
    service, _ = _memory(ctx)
    scope = ctx.service("scope_for")(session)
    if not confirm:
        return (f"This deletes session {session!r}: its conversation turns, thought logs and working memory "
                f"(remembered facts, patterns and the agenda stay). To do it, say: /forget session "
                f"{'' if session == ctx.session else session + ' '}confirm")
    with service.health.guard("/forget"):  # a failing store: the reply says so (pass 26: a JSON 500)
        count = await asyncio.to_thread(service.forget_session, scope)
    return f"Forgot session {session!r}: {count} record{'s' if count != 1 else ''} deleted."


async def journal_command(line: str, ctx: CommandContext) -> str:
    if _args(line) != ["write"]:
        return "usage: /journal write"
    service, scope = _memory(ctx)
    records = await asyncio.to_thread(recent_memories, service, scope, ("thought", "turn"), JOURNAL_RECORDS)
    if not records:
        return "nothing to reflect on yet"
    try:
        entry = journal_entry(await _ask(ctx, journal_messages([r.content for r in records])))
    except (BackendError, UnreadableAnswer) as exc:
        return f"/journal write failed, nothing stored: {exc}"
    with service.health.guard("/journal write", proves=True):  # pass 52: a full disk was a JSON 500
        await asyncio.to_thread(service.record_episode, scope, "journal", entry, metadata={"from": len(records)})
    return entry


def register_memory_commands(registry: CommandRegistry) -> CommandRegistry:
    registry.register("patterns", patterns_command,
                      "this agent's task patterns; /patterns forget <name> removes one")
    registry.register("procedures", procedures_command,
                      "pattern drafts from failure reflection; /procedures approve pattern-<name>")
    registry.register("compact", compact_command,
                      "summarise this session into memory, in the conversation's language")
    registry.register("usermodel", usermodel_command, "/usermodel build: distil recent memory into a user model")
    registry.register("journal", journal_command, "/journal write: a 1-3 sentence reflection kept as memory")
    registry.register("forget", forget_command,
                      "/forget session [SESSION] confirm: delete a session's turns, thoughts and working memory")
    return registry
