"""The LLM fact extractor and the consolidation runs of the idle tick and shutdown."""

from __future__ import annotations

import asyncio
import json

import pytest

from jarvisd.llm.base import Message
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.memory.consolidation import ExtractedFact, consolidate
from jarvisd.memory.consolidation_runs import consolidate_all, memory_consolidator
from jarvisd.memory.extract import ExtractionFailed, extraction_messages, llm_extractor, parse_facts
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from jarvisd.memory.stores.base import StoreQuery
from jarvisd.memory.stores.memory import InMemoryStore
from jarvisd.memory.testing import HashedNgramEmbedder
from tests.memory.memory_fixtures import DIM, Clock

ME = MemoryScope("u1", "main", "s1")
GOOD = json.dumps([
    {"key": "알레르기", "value": "땅콩 알레르기가 있다", "importance": 0.9},
    {"key": "날씨 잡담", "value": "오늘 덥다", "importance": 0.2},
], ensure_ascii=False)


@pytest.fixture
def svc(clock: Clock) -> MemoryService:
    return MemoryService(InMemoryStore(dimensions=DIM), embedder=HashedNgramEmbedder(DIM), clock=clock)


def say(svc: MemoryService, scope: MemoryScope, utterance: str, answer: str = "네") -> None:
    svc.record_turn(scope, [Message("user", utterance), Message("assistant", answer)])


def pending(svc: MemoryService, scope: MemoryScope = ME) -> list:
    return [e for e in svc.recall_episodes(scope, limit=100) if not e.metadata.get("consolidated")]


# ---- parsing ------------------------------------------------------------------------------------

def test_a_json_list_becomes_facts_with_clamped_importance() -> None:
    facts = parse_facts('[{"key": "pet", "value": "a dog named Bori", "importance": 1.4}]')
    assert facts == [ExtractedFact("pet", "a dog named Bori", 1.0)]


def test_json_lines_fenced_answers_and_chatter_around_the_json_are_read() -> None:
    lines = '{"key": "city", "value": "Busan", "importance": "0.8"}\n{"key": "job", "value": "nurse", "importance": 0.7}'
    assert [f.key for f in parse_facts(lines)] == ["city", "job"]
    fenced = f"Here are the facts:\n```json\n{GOOD}\n```\nDone."
    assert [f.key for f in parse_facts(fenced)] == ["알레르기", "날씨 잡담"]
    assert [f.value for f in parse_facts('{"facts": [{"key": "a", "value": "b", "importance": 0.6}]}')] == ["b"]


def test_an_empty_list_is_a_valid_answer_with_no_facts() -> None:
    assert parse_facts("[]") == []


@pytest.mark.parametrize("answer", [
    "",
    "I could not find any facts.",
    '[{"key": "pet", "value": "dog", "importance": 0.9}, {"key": "ci',  # cut off mid-answer
    '{"key": "pet", "value": "dog", "importance": 0.9}\n{"key": "city" "value": "Seoul"}',
    '[{"key": "pet", "value": "", "importance": 0.9}]',
    '[{"key": "pet", "value": "dog", "importance": "high"}]',
    '["just a string"]',
])
def test_an_unreadable_answer_fails_the_whole_batch_with_a_reason(answer: str) -> None:
    with pytest.raises(ExtractionFailed) as err:
        parse_facts(answer)
    assert err.value.reason


def test_the_prompt_holds_only_the_users_utterances_in_order() -> None:
    system, user = extraction_messages(["첫 말", "  ", "둘째 말"])
    assert system.role == "system" and "JSON" in system.content
    assert user.content.endswith("1. 첫 말\n3. 둘째 말")


# ---- consolidation with the scripted model --------------------------------------------------------

def test_good_output_stores_important_facts_with_their_source_turn(svc: MemoryService) -> None:
    say(svc, ME, "나 땅콩 알레르기 있어", "조심할게요. 저녁 메뉴는 볶음밥 어때요?")
    say(svc, ME, "오늘 덥다")
    model = ScriptedChatModel([{"text": GOOD}])
    report = consolidate(svc, ME, llm_extractor(model))
    (fact,) = report.facts
    assert fact.content == "알레르기: 땅콩 알레르기가 있다" and fact.source == "extracted"
    source = svc.store.get([fact.metadata["from_episode"]], svc.policies.access(ME))[0]
    assert "땅콩" in source.content
    prompt = model.calls[0][0][-1].content
    assert "땅콩 알레르기 있어" in prompt and "볶음밥" not in prompt  # the answers are not shown
    assert pending(svc) == []


def test_broken_json_keeps_the_batch_for_the_next_pass(svc: MemoryService) -> None:
    say(svc, ME, "내 강아지 이름은 보리야")
    broken = ScriptedChatModel([{"text": '[{"key": "반려견", "value": "보리", "importa'}])
    report = consolidate(svc, ME, llm_extractor(broken))
    assert report.facts == [] and report.consolidated == 0 and "s1" in report.failed
    assert len(pending(svc)) == 1
    retry = consolidate(svc, ME, llm_extractor(ScriptedChatModel([
        {"text": '[{"key": "반려견", "value": "강아지 보리", "importance": 0.8}]'}])))
    assert [f.content for f in retry.facts] == ["반려견: 강아지 보리"] and pending(svc) == []


def test_a_failing_session_does_not_hold_back_the_others(svc: MemoryService) -> None:
    say(svc, ME, "내 강아지 이름은 보리야")
    say(svc, ME.in_session("s2"), "나는 부산에 살아")
    answers = {"보리": "not json", "부산": '[{"key": "거주지", "value": "부산", "importance": 0.8}]'}

    def answer(messages):
        return {"text": next(v for k, v in answers.items() if k in messages[-1].content)}

    report = consolidate(svc, ME, llm_extractor(ScriptedChatModel(answer)))
    assert [f.content for f in report.facts] == ["거주지: 부산"]
    assert list(report.failed) == ["s1"] and report.consolidated == 1


def test_consolidation_is_idempotent(svc: MemoryService) -> None:
    say(svc, ME, "나 땅콩 알레르기 있어")
    model = ScriptedChatModel(lambda _m: {"text": GOOD})
    first = consolidate(svc, ME, llm_extractor(model))
    again = consolidate(svc, ME, llm_extractor(model))
    assert len(first.facts) == 1 and again.facts == [] and again.episodes == 0
    assert len(model.calls) == 1  # nothing pending: the model is not asked again
    semantic = svc.store.search(
        StoreQuery(access=svc.policies.access(ME), kinds=("semantic",), limit=50, match_required=False))
    assert len(semantic) == 1


def test_a_backend_error_is_an_extraction_failure(svc: MemoryService) -> None:
    say(svc, ME, "나 땅콩 알레르기 있어")
    report = consolidate(svc, ME, llm_extractor(ScriptedChatModel([])))  # no answer left: BackendError
    assert "s1" in report.failed and "scripted" in report.failed["s1"]
    assert len(pending(svc)) == 1


def test_a_fact_sharing_no_word_takes_the_nearest_turn_by_embedding(svc: MemoryService) -> None:
    say(svc, ME, "I adopted a puppy called Bori last week")
    say(svc, ME, "the weather is nice")
    answer = '[{"key": "dog", "value": "puppy Bori adopted", "importance": 0.8}]'
    (fact,) = consolidate(svc, ME, llm_extractor(ScriptedChatModel([{"text": answer}]))).facts
    source = svc.store.get([fact.metadata["from_episode"]], svc.policies.access(ME))[0]
    assert "Bori" in source.content


# ---- the idle / shutdown entry point --------------------------------------------------------------

def test_consolidate_all_works_through_more_than_one_batch(svc: MemoryService) -> None:
    for i in range(60):
        say(svc, ME.in_session(f"s{i % 3}"), f"메모 {i}번")
    model = ScriptedChatModel(lambda _m: {"text": "[]"})
    run = consolidate_all(svc, "u1", "main", llm_extractor(model))
    assert run.ok and run.episodes == 60 and run.passes >= 2
    assert pending(svc) == []


def test_consolidate_all_never_raises_and_reports_deferred_sessions(svc: MemoryService) -> None:
    say(svc, ME, "내 강아지 이름은 보리야")
    run = consolidate_all(svc, "u1", "main", llm_extractor(ScriptedChatModel(lambda _m: {"text": "oops"})))
    assert not run.ok and list(run.deferred) == ["s1"] and run.passes == 1

    def explode(_utterances):
        raise RuntimeError("disk full")

    run = consolidate_all(svc, "u1", "main", explode)
    assert run.error == "RuntimeError: disk full"


def test_consolidate_all_skips_the_sessions_that_are_answering(svc: MemoryService) -> None:
    say(svc, ME, "내 강아지 이름은 보리야")
    say(svc, ME.in_session("kitchen"), "나는 부산에 살아")
    run = consolidate_all(svc, "u1", "main", lambda _u: [], skip_sessions={"kitchen"})
    assert run.episodes == 1
    assert [e.session for e in pending(svc, ME.in_session("kitchen"))] == ["kitchen"]


async def test_the_tick_hook_runs_the_model_on_the_daemon_loop(svc: MemoryService) -> None:
    say(svc, ME, "나 땅콩 알레르기 있어")
    model = ScriptedChatModel(lambda _m: {"text": GOOD})
    run = await memory_consolidator(svc, "u1", "main", model)(frozenset())
    assert run.ok and run.facts == 1
    assert asyncio.get_running_loop().is_running()
