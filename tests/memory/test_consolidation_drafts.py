"""Consolidation writes a task-pattern draft after three successful turns of one task type."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jarvisd.commands import CommandContext, CommandRegistry
from jarvisd.llm.base import Message, ToolCall
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.memory.commands import register_memory_commands
from jarvisd.memory.consolidation import consolidate
from jarvisd.memory.consolidation_runs import consolidate_all
from jarvisd.memory.extract import llm_extractor
from jarvisd.memory.procedure_drafts import list_drafts, read_draft, remove_draft
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.memory import InMemoryStore
from jarvisd.memory.testing import HashedNgramEmbedder
from tests.memory.memory_fixtures import DIM, Clock

ME = MemoryScope("u1", "main", "s1")
NO_FACTS = {"text": "[]"}


@pytest.fixture
def svc(clock: Clock) -> MemoryService:
    return MemoryService(InMemoryStore(dimensions=DIM), embedder=HashedNgramEmbedder(DIM), clock=clock)


def tool_turn(svc: MemoryService, utterance: str, tool: str, result: str = "맑음, 21도") -> None:
    call = ToolCall(tool, json.dumps({"city": "서울"}))
    svc.record_turn(ME, [Message("user", utterance), Message("assistant", "", tool_calls=(call,)),
                         Message("tool", result, tool_name=tool), Message("assistant", "맑아요")])


def extractor(passes: int = 5):
    return llm_extractor(ScriptedChatModel([NO_FACTS] * passes))


def no_facts(utterances: list[str]) -> list:
    return []


def test_three_successes_of_one_task_type_write_a_draft(svc: MemoryService, tmp_path: Path) -> None:
    for ask in ("서울 날씨 알려줘", "내일 서울 날씨는?", "주말 날씨 어때"):
        tool_turn(svc, ask, "weather")
    report = consolidate(svc, ME, extractor(), drafts_dir=tmp_path)
    assert report.procedure_candidates == ["weather"]
    assert [p.name for p in report.procedure_drafts] == ["pattern-task-weather.md"]
    draft = read_draft(tmp_path, "pattern-task-weather")
    assert draft.agent == "main" and draft.pattern.name == "task-weather"
    assert "날씨" in draft.pattern.keywords
    assert "weather" in draft.pattern.steps and "주말 날씨 어때" in draft.pattern.when


def test_two_successes_or_failures_write_no_draft(svc: MemoryService, tmp_path: Path) -> None:
    tool_turn(svc, "서울 날씨 알려줘", "weather")
    tool_turn(svc, "부산 날씨 알려줘", "weather")
    tool_turn(svc, "대구 날씨 알려줘", "weather", result="error: service down")
    report = consolidate(svc, ME, extractor(), drafts_dir=tmp_path)
    assert report.procedure_candidates == [] and report.procedure_drafts == []
    assert list_drafts(tmp_path) == []


def test_without_a_drafts_folder_only_the_candidates_are_reported(svc: MemoryService, tmp_path: Path) -> None:
    for ask in ("서울 날씨", "부산 날씨", "대구 날씨"):
        tool_turn(svc, ask, "weather")
    report = consolidate(svc, ME, extractor())
    assert report.procedure_candidates == ["weather"] and report.procedure_drafts == []


def test_a_deleted_draft_comes_back_only_after_a_new_success(svc: MemoryService, tmp_path: Path) -> None:
    for ask in ("서울 날씨", "부산 날씨", "대구 날씨"):
        tool_turn(svc, ask, "weather")
    assert consolidate_all(svc, "u1", "main", extractor(), drafts_dir=tmp_path).procedure_drafts
    remove_draft(tmp_path, "pattern-task-weather")  # the user did not want it
    svc.record_turn(ME, [Message("user", "고마워"), Message("assistant", "천만에요")])
    assert consolidate_all(svc, "u1", "main", extractor(), drafts_dir=tmp_path).procedure_drafts == []
    tool_turn(svc, "광주 날씨", "weather")
    run = consolidate_all(svc, "u1", "main", extractor(), drafts_dir=tmp_path)
    assert [p.name for p in run.procedure_drafts] == ["pattern-task-weather.md"]


async def test_an_approved_draft_becomes_a_pattern_and_is_not_drafted_again(
    svc: MemoryService, tmp_path: Path
) -> None:
    folder = tmp_path / "procedures"  # where /procedures looks: <data dir>/procedures
    for ask in ("서울 날씨 알려줘", "부산 날씨 알려줘", "대구 날씨 알려줘"):
        tool_turn(svc, ask, "weather")
    consolidate_all(svc, "u1", "main", no_facts, drafts_dir=folder)
    registry = register_memory_commands(CommandRegistry())
    services = {"memory": svc, "scope_for": lambda session: MemoryScope("u1", "main", session),
                "data_dir": tmp_path, "thought_model": ScriptedChatModel([])}
    reply = await registry.run("/procedures approve pattern-task-weather", CommandContext(session="s1", services=services))
    assert reply.startswith("approved") and list_drafts(folder) == []
    assert [p.metadata["name"] for p in svc.patterns(ME)] == ["task-weather"]
    assert svc.task_patterns(ME, "내일 날씨 알려줘")  # recalled by its keywords
    tool_turn(svc, "인천 날씨 알려줘", "weather")
    assert consolidate_all(svc, "u1", "main", no_facts, drafts_dir=folder).procedure_drafts == []
    assert list_drafts(folder) == []
