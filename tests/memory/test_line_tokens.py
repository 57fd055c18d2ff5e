"""A long memory is shown to the embedded model within a token bound, not only a byte bound.

Pass 67's leftover (issue 18): each memory line is cut to 1,200 UTF-8 bytes, but SmolLM2's byte-level tokenizer reads
1,200 bytes of Korean as ~1,000 tokens and of emoji ZWJ sequences as ~850 (English ~250), so after a 16 KB emoji
`/remember` the next answer on a quiet machine still came about 5 s later than after a short fact. The embedded model
says how much of one line it reads (`LlamaCppChat.memory_line_tokens`); the memory hook cuts each line to about that
many tokens (`MemoryContext.read_by`). Counted here with SmolLM2's own tokenizer (llama.cpp, `vocab_only`).
"""

from __future__ import annotations

import asyncio

import pytest

from jarvisd.agent import Agent, ToolRegistry, chat_profile
from jarvisd.agent.feature_hooks import MemoryHooks
from jarvisd.llm.embedded import LlamaCppChat
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.llm.stoppable import StoppableModel
from jarvisd.manifest import ModelStore
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService
from tests.agent.scenario_kit import answer

ME = MemoryScope("u1", "main", "s1")


@pytest.fixture(scope="module")
def smollm_path(tmp_path_factory):
    return ModelStore(tmp_path_factory.mktemp("models")).path("smollm2-135m")


@pytest.fixture(scope="module")
def tokens(smollm_path):
    from llama_cpp import Llama

    vocab = Llama(str(smollm_path), vocab_only=True, verbose=False)
    return lambda text: len(vocab.tokenize(text.encode("utf-8"), add_bos=False))


def _long(unit: str, chars: int = 3990) -> str:
    return (unit * (chars // len(unit) + 1))[:chars]


def _memory_lines(svc: MemoryService, question: str, line_tokens) -> list[str]:
    """The memory lines of the system prompt one agent turn sends to the model, with the hook the daemon builds."""
    model = ScriptedChatModel([answer("ok")])
    agent = Agent(model, ToolRegistry(), chat_profile(), hooks=[MemoryHooks(svc, past_turns=0, line_tokens=line_tokens)])
    asyncio.run(agent.run_turn(question, scope=ME))
    system = model.calls[0][0][0].content
    return [line for line in system.splitlines() if line.startswith("- ")]


@pytest.mark.parametrize("fact, question", [
    ("my family emoji is " + _long("👨‍👩‍👧‍👦 "), "what is my family emoji"),
    ("우리 집 비밀 레시피는 " + _long("간장 두 숟가락, 설탕 한 숟가락, "), "우리 집 비밀 레시피 알려줘"),
    # held out: combining marks, Chinese, digits (one token each)
    ("my name is " + "a\u0301\u0302\u0303" * 990, "what is my name"),
    ("我的地址是" + _long("上海市浦东新区世纪大道一百号，"), "我的地址是什么"),
    ("my account numbers are " + _long("4821 9930 1172 "), "what are my account numbers"),
])
def test_a_long_fact_is_shown_to_the_small_model_within_its_token_bound(store, embedder, clock, tokens, fact,
                                                                         question) -> None:
    svc = MemoryService(store, embedder=embedder, clock=clock)
    svc.remember(ME, fact)
    lines = _memory_lines(svc, question, LlamaCppChat.memory_line_tokens)
    shown = [line for line in lines if fact[:8] in line]
    assert shown and shown[0].endswith("…")                                  # its start is shown, cut
    assert max(tokens(line) for line in lines) <= LlamaCppChat.memory_line_tokens * 1.2   # ~850-1,000 before


def test_guard_an_english_fact_under_the_byte_bound_is_shown_whole(store, embedder, clock, tokens) -> None:
    svc = MemoryService(store, embedder=embedder, clock=clock)
    fact = ("my sister anna lives in portland and works as a nurse at the children's hospital, she likes hiking "
            "on weekends and bakes sourdough; ") * 8
    fact = fact[:1100].rstrip()
    svc.remember(ME, fact)
    svc.remember(ME, "내 동생 민지는 부산에 살고 어린이 병원에서 간호사로 일해")
    lines = _memory_lines(svc, "where does my sister live, and 민지는 어디 살아", LlamaCppChat.memory_line_tokens)
    assert any(line.endswith(fact) for line in lines)
    assert any(line.endswith("내 동생 민지는 부산에 살고 어린이 병원에서 간호사로 일해") for line in lines)


def test_guard_a_model_without_a_token_bound_keeps_the_byte_bound(store, embedder, clock) -> None:
    """An Ollama model (gemma reads Korean far cheaper) is shown a long Korean fact up to the byte bound, as before."""
    svc = MemoryService(store, embedder=embedder, clock=clock)
    svc.remember(ME, "우리 집 비밀 레시피는 " + _long("간장 두 숟가락, 설탕 한 숟가락, "))
    lines = _memory_lines(svc, "우리 집 비밀 레시피 알려줘", None)
    longest = max(len(line.encode("utf-8")) for line in lines)
    assert 1100 < longest < 1240


def test_the_daemons_model_wrapper_carries_the_bound(smollm_path) -> None:
    """`build_assistant` reads `memory_line_tokens` off the model it is handed, which the daemon wraps."""
    chat = LlamaCppChat(smollm_path, name="smollm2-135m")
    try:
        assert StoppableModel(chat, asyncio.Event()).memory_line_tokens == LlamaCppChat.memory_line_tokens
    finally:
        chat.close()
