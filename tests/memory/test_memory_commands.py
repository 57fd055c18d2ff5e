"""Memory commands: /patterns, /procedures approve, /compact, /usermodel build, /journal write."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jarvisd.commands import CommandContext, CommandRegistry
from jarvisd.llm.base import Message
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.memory.access import PolicyBook, ReadPolicy
from jarvisd.memory.commands import read_user_model, register_memory_commands
from jarvisd.memory.learning import (
    compact_messages,
    conversation_language,
    journal_entry,
    parse_user_model,
    user_model_block,
)
from jarvisd.memory.patterns import TaskPattern
from jarvisd.memory.procedure_drafts import PatternDraft, list_drafts, parse, render, write_draft
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.memory import InMemoryStore
from jarvisd.memory.testing import HashedNgramEmbedder
from tests.memory.memory_fixtures import DIM, Clock

ME = MemoryScope("u1", "main", "s1")
BUDGET = TaskPattern("예산 추천", "예산을 물으면", "수입부터 묻고 항목 세 개만 제안", ("예산", "budget"))


@pytest.fixture
def svc(clock: Clock) -> MemoryService:
    return MemoryService(InMemoryStore(dimensions=DIM), embedder=HashedNgramEmbedder(DIM), clock=clock)


@pytest.fixture
def registry() -> CommandRegistry:
    return register_memory_commands(CommandRegistry())


def ctx(svc: MemoryService, tmp_path: Path, model: ScriptedChatModel | None = None,
        agent: str = "main") -> CommandContext:
    services = {"memory": svc, "scope_for": lambda session: MemoryScope("u1", agent, session),
                "data_dir": tmp_path, "thought_model": model or ScriptedChatModel([])}
    return CommandContext(session="s1", services=services)


def say(svc: MemoryService, utterance: str, answer: str, scope: MemoryScope = ME) -> None:
    svc.record_turn(scope, [Message("user", utterance), Message("assistant", answer)])


def stored(svc: MemoryService, source: str) -> list:
    return [i for i in svc.store._items.values() if i.source == source]  # type: ignore[attr-defined]


def test_the_commands_are_registered_with_help(registry: CommandRegistry) -> None:
    assert {"patterns", "procedures", "compact", "usermodel", "journal"} <= set(registry.names())
    assert "/patterns forget" in registry.help_text()


# ---- /patterns ----------------------------------------------------------------------------------

async def test_patterns_lists_and_forgets_this_agents_patterns(registry, svc, tmp_path) -> None:
    svc.remember_pattern(ME, BUDGET)
    listing = await registry.run("/patterns", ctx(svc, tmp_path))
    assert "예산 추천: 예산을 물으면 -> 수입부터" in listing and "keywords: 예산, budget" in listing
    assert await registry.run("/patterns forget 예산 추천", ctx(svc, tmp_path)) == "forgot task pattern '예산 추천'"
    assert svc.patterns(ME) == []
    assert "no task pattern named" in await registry.run("/patterns forget 예산 추천", ctx(svc, tmp_path))


async def test_another_agents_patterns_stay_hidden_without_the_read_policy(registry, svc, tmp_path) -> None:
    svc.remember_pattern(MemoryScope("u1", "karen", "s1"), BUDGET)
    assert "no task patterns for main" in await registry.run("/patterns", ctx(svc, tmp_path))
    svc.policies = PolicyBook(policies={"main": ReadPolicy(pdm=("self", "karen"))})
    listing = await registry.run("/patterns", ctx(svc, tmp_path))
    assert "[karen]" in listing
    assert "no task pattern named" in await registry.run("/patterns forget 예산 추천", ctx(svc, tmp_path))


# ---- /procedures approve ----------------------------------------------------------------------

def test_a_draft_file_round_trips_through_markdown(tmp_path) -> None:
    draft = PatternDraft(BUDGET, agent="karen", lesson="항목을 다 나열해서 길었다")
    assert parse(render(draft)) == draft
    assert write_draft(tmp_path, draft).name == "pattern-예산-추천.md"


async def test_approving_a_draft_saves_the_pattern_and_removes_the_draft(registry, svc, tmp_path) -> None:
    write_draft(tmp_path / "procedures", PatternDraft(BUDGET, agent="main", lesson="too long"))
    assert svc.task_patterns(ME, "이번 달 예산 짜줘") == []  # a draft is not recalled
    assert "pattern-예산-추천" in await registry.run("/procedures", ctx(svc, tmp_path))
    reply = await registry.run("/procedures approve pattern-예산-추천", ctx(svc, tmp_path))
    assert reply.startswith("approved")
    assert [i.metadata["name"] for i in svc.task_patterns(ME, "이번 달 예산 짜줘")] == ["예산 추천"]
    assert list_drafts(tmp_path / "procedures") == []


async def test_approve_refuses_missing_or_unsafe_draft_names(registry, svc, tmp_path) -> None:
    assert await registry.run("/procedures approve pattern-none", ctx(svc, tmp_path)) == "no draft pattern-none"
    assert "not a pattern draft" in await registry.run("/procedures approve ../secret", ctx(svc, tmp_path))


# ---- /compact -----------------------------------------------------------------------------------

def test_the_language_is_decided_by_counting_hangul_against_latin() -> None:
    assert conversation_language([Message("user", "보리 산책 시간 알려줘"), Message("assistant", "7 pm")]) == "ko"
    assert conversation_language([Message("user", "When is the dentist?"), Message("assistant", "Tuesday 3 pm")]) == "en"
    code = "def add(a, b):\n    return a + b  # numbers"
    assert conversation_language([Message("user", f"이 함수 고쳐줘\n{code}")]) == "ko"
    keys = '{"appointment": "치과", "weekday": "화", "time": "three pm"}'
    assert conversation_language([Message("user", "치과 언제야"), Message("assistant", keys)]) == "ko"


def test_the_compact_prompt_ends_with_the_explicit_language_instruction() -> None:
    system = compact_messages([Message("user", "Remind me: the dentist is on Tuesday")])[0].content
    assert system.endswith("Write in English only.")
    system = compact_messages([Message("user", "치과는 화요일이야")])[0].content
    assert system.endswith("반드시 한국어로 쓰세요.")


async def test_compact_stores_the_summary_as_a_manual_compact_episode(registry, svc, tmp_path) -> None:
    say(svc, "보리 병원 예약은 화요일 3시야", "화요일 3시로 기억할게요")
    say(svc, "비용은 오만원", "네")
    model = ScriptedChatModel([{"text": "보리 병원 예약: 화요일 3시, 비용 오만원."}])
    reply = await registry.run("/compact", ctx(svc, tmp_path, model))
    assert reply == "보리 병원 예약: 화요일 3시, 비용 오만원."
    (episode,) = stored(svc, "manual_compact")
    assert episode.content == reply and episode.session == "s1"
    prompt = model.calls[0][0]
    assert "화요일 3시야" in prompt[1].content and prompt[0].content.endswith("반드시 한국어로 쓰세요.")


async def test_compact_with_nothing_said_stores_nothing(registry, svc, tmp_path) -> None:
    assert "nothing to compact" in await registry.run("/compact", ctx(svc, tmp_path))
    assert stored(svc, "manual_compact") == []


# /compact keeps only what the conversation says (memory/grounding.py; reliability pass 39)
async def test_compact_stores_the_said_sentences_and_says_what_it_left_out(registry, svc, tmp_path):
    say(svc, "My sister's name is Zoë and she lives in Kraków", "Kraków is a lovely city.")
    model = ScriptedChatModel([{"text": "Zoë lives in Kraków. Zoë is a Polish-born British-Jewish artist."}])
    reply = await registry.run("/compact", ctx(svc, tmp_path, model))
    (episode,) = stored(svc, "manual_compact")
    assert episode.content == "Zoë lives in Kraków." and episode.metadata["left_out"] == 1
    assert reply.startswith("Zoë lives in Kraków.\n(1 sentence of the model's summary left out")


async def test_compact_with_an_invented_summary_stores_the_users_words(registry, svc, tmp_path):
    say(svc, "My sister's name is Zoë and she lives in Kraków", "Kraków is a lovely city.")
    model = ScriptedChatModel([{"text": "Zoë is a Polish-born British-Jewish artist who lives in Kraków."}])
    await registry.run("/compact", ctx(svc, tmp_path, model))
    (episode,) = stored(svc, "manual_compact")
    assert episode.content == "My sister's name is Zoë and she lives in Kraków"


# ---- /usermodel build ---------------------------------------------------------------------------

def test_a_user_model_answer_keeps_at_most_eight_distinct_traits() -> None:
    answer = "```json\n" + json.dumps({"summary": "개를 키운다", "traits": [f"t{i % 9}" for i in range(12)]}) + "\n```"
    model = parse_user_model(answer)
    assert model.summary == "개를 키운다" and model.traits == tuple(f"t{i}" for i in range(8))


async def test_usermodel_build_stores_one_item_that_thought_prompts_can_read(registry, svc, tmp_path) -> None:
    svc.remember(ME, "반려견: 보리")
    say(svc, "보리 산책 6시에 가자", "좋아요")
    answer = {"text": json.dumps({"summary": "보리를 키우는 사람", "traits": ["아침형", "개를 좋아함"]},
                                 ensure_ascii=False)}
    model = ScriptedChatModel([answer, answer])
    for _ in range(2):  # rebuilding overwrites the same item
        reply = await registry.run("/usermodel build", ctx(svc, tmp_path, model))
    assert "보리를 키우는 사람" in reply and len(stored(svc, "user_model")) == 1
    built = read_user_model(svc, ME)
    assert built is not None and built.traits == ("아침형", "개를 좋아함")
    assert user_model_block(built) == "[사용자 모델]\n보리를 키우는 사람\n성향: 아침형; 개를 좋아함"
    assert "반려견: 보리" in model.calls[0][0][1].content


async def test_the_reflection_prompt_reads_the_user_model_and_recent_memory(registry, svc, tmp_path) -> None:
    """Seed 003: every thought prompt has {{memory}} and {{user_model}}; the daemon's reflection reads
    both through `thought_inputs` (before, it passed neither)."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from jarvisd.memory.commands import thought_inputs
    from jarvisd.reflect.thought import reflect_once

    svc.remember(ME, "반려견: 보리")
    answer = {"text": json.dumps({"summary": "보리를 키우는 사람", "traits": ["아침형"]}, ensure_ascii=False)}
    await registry.run("/usermodel build", ctx(svc, tmp_path, ScriptedChatModel([answer])))
    lines, user_model = thought_inputs(svc, ME)
    assert "반려견: 보리" in lines and user_model == "보리를 키우는 사람\n성향: 아침형"
    thinker = ScriptedChatModel([{"text": '{"thought": "", "remind": []}'}])
    zone = ZoneInfo("Asia/Seoul")
    await reflect_once(thinker, [], now=datetime(2026, 12, 1, 9, 0, tzinfo=zone), tz=zone,
                       memory_lines=lines, user_model=user_model)
    prompt = "\n".join(m.content for m in thinker.calls[0][0])
    assert "보리를 키우는 사람" in prompt and "반려견: 보리" in prompt and prompt.count("[사용자 모델]") == 1


async def test_a_broken_user_model_answer_stores_nothing(registry, svc, tmp_path) -> None:
    say(svc, "보리 산책 6시에 가자", "좋아요")
    model = ScriptedChatModel([{"text": '{"summary": "보리를'}])
    reply = await registry.run("/usermodel build", ctx(svc, tmp_path, model))
    assert "nothing stored" in reply and read_user_model(svc, ME) is None


# ---- /journal write -----------------------------------------------------------------------------

def test_a_journal_entry_keeps_at_most_three_sentences() -> None:
    assert journal_entry("# Journal\n- One. Two! Three? Four.") == "One. Two! Three?"


async def test_journal_write_stores_a_journal_episode(registry, svc, tmp_path) -> None:
    svc.record_episode(ME, "thought", "사용자가 아침마다 날씨를 묻는다")
    model = ScriptedChatModel([{"text": "사용자는 아침 루틴을 중시한다. 날씨를 먼저 알려 주자. 더 짧게. 끝."}])
    reply = await registry.run("/journal write", ctx(svc, tmp_path, model))
    assert reply == "사용자는 아침 루틴을 중시한다. 날씨를 먼저 알려 주자. 더 짧게."
    (entry,) = stored(svc, "journal")
    assert entry.content == reply and entry.kind == "episodic"
    assert "아침마다 날씨" in model.calls[0][0][1].content


async def test_a_missing_thought_model_is_reported_not_raised(registry, svc, tmp_path) -> None:
    say(svc, "안녕", "안녕하세요")
    context = CommandContext(session="s1", services={"memory": svc, "scope_for": lambda s: ME})
    assert "thought_model" in await registry.run("/journal write", context)


# ---- /forget session ------------------------------------------------------------------------------

async def test_forget_session_asks_first_then_deletes_only_that_session(registry, svc, tmp_path) -> None:
    say(svc, "보리 산책 6시에 가자", "좋아요")
    other = MemoryScope("u1", "main", "s2")
    say(svc, "내일 날씨 어때", "맑아요", scope=other)
    svc.remember(ME, "반려견: 보리")
    turns_before = len(stored(svc, "turn"))

    asked = await registry.run("/forget session", ctx(svc, tmp_path))
    assert "/forget session confirm" in asked and len(stored(svc, "turn")) == turns_before   # nothing yet

    done = await registry.run("/forget session confirm", ctx(svc, tmp_path))
    assert done.startswith("Forgot session 's1'")
    sessions = {item.session for item in stored(svc, "turn")}
    assert "s1" not in sessions and "s2" in sessions                    # the other session stays
    assert any("반려견: 보리" in item.content for item in svc.store._items.values())   # facts stay

    assert "usage" in await registry.run("/forget everything", ctx(svc, tmp_path))
