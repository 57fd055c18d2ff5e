"""Seventh adversarial pass (pass67, issue 18): a fact remembered long is shown to the model bounded.

A `/remember` of 4,000 characters of emoji ZWJ sequences (~25 UTF-8 bytes, as many byte-level tokens, each) is ~16,000
bytes; the memory block showed it whole, as a core fact and again as recalled, so the prompt reached the embedded
model's whole context and `fit_context` cut the system prompt from its end. Each memory line the prompt shows is now
cut to `SHOWN_BYTES` UTF-8 bytes; the store keeps it whole. (The turn right after such a `/remember` still carries it
in the window: left, docs/reliability.md, "Seventh adversarial pass".)
"""

from __future__ import annotations

from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.service import MemoryService

ME = MemoryScope("u1", "main", "s1")
SHOWN_BYTES = 1200   # jarvisd.memory.context.SHOWN_BYTES (written out: the test runs on the code before the fix too)


def _long(unit: str, chars: int = 3990) -> str:
    return (unit * (chars // len(unit) + 1))[:chars]


def _longest_line(block: str) -> int:
    """The UTF-8 bytes of the block's longest line (a fact may be shown twice: as a core fact and recalled)."""
    return max(len(line.encode("utf-8")) for line in block.splitlines())


def _block_bytes(svc: MemoryService, utterance: str) -> int:
    return _longest_line(svc.observe(ME, utterance).prompt_block())


def test_a_long_remembered_fact_is_shown_to_the_model_bounded(store, embedder, clock) -> None:
    svc = MemoryService(store, embedder=embedder, clock=clock)
    fact = "my family emoji is " + _long("👨‍👩‍👧‍👦 ")
    svc.remember(ME, fact)
    block = svc.observe(ME, "what is my family emoji").prompt_block()
    assert "my family emoji is 👨‍👩‍👧‍👦" in block             # still shown, its start
    assert _longest_line(block) < SHOWN_BYTES + 40                 # not its 16,000 bytes
    assert block.rstrip().endswith("…")
    assert fact in [i.content for i in svc.store.all_items()]            # kept whole in the store


def test_held_out_long_facts_in_other_scripts_are_bounded_too(store, embedder, clock) -> None:
    svc = MemoryService(store, embedder=embedder, clock=clock)
    svc.remember(ME, "우리 집 비밀 레시피는 " + _long("간장 두 숟가락, 설탕 한 숟가락, "))
    assert _block_bytes(svc, "우리 집 비밀 레시피 알려줘") < SHOWN_BYTES + 40
    svc2 = MemoryService(store, embedder=embedder, clock=clock)
    svc2.remember(ME, "my name is " + "a\u0301\u0302\u0303" * 990)   # combining marks
    assert _block_bytes(svc2, "what is my name") < SHOWN_BYTES + 40


def test_guard_short_facts_are_shown_whole(store, embedder, clock) -> None:
    svc = MemoryService(store, embedder=embedder, clock=clock)
    svc.remember(ME, "my locker code is 4521")
    svc.remember(ME, "zoë is allergic to peanuts 👩‍👧")
    block = svc.observe(ME, "what is zoë allergic to, and my locker code").prompt_block()
    assert "my locker code is 4521" in block and "zoë is allergic to peanuts 👩‍👧" in block
    assert "…" not in block


def test_a_core_fact_also_recalled_is_shown_once(store, embedder, clock) -> None:
    """Pass 67's leftover: the 16 KB fact, bounded, was still shown twice (core fact and recalled): ~1,700 SmolLM2 tokens
    read before every answer (the next turn 15 s slower on a quiet machine). Held out: a short fact, shown once too."""
    svc = MemoryService(store, embedder=embedder, clock=clock)
    svc.remember(ME, "my family emoji is " + _long("👨‍👩‍👧‍👦 "))
    svc.remember(ME, "my locker code is 4512")
    ctx = svc.observe(ME, "what is my family emoji and my locker code")
    block = ctx.prompt_block()
    assert block.count("my family emoji is") == 1 and block.count("my locker code is 4512") <= 1
    assert "my family emoji is" in block
