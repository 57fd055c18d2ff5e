"""Pass 51: new cases of issue 18's kinds over the parts passes 47-50 did not touch (see docs/reliability.md,
"Fifty-first pass"). Each finding's test failed on the branch's starting code (`dbd3fcb`)."""

from __future__ import annotations

import asyncio
import itertools
import time

import pytest

from jarvisd.llm.backend_choice import probe_ollama
from jarvisd.llm.base import Message, ToolCall, complete
from jarvisd.llm.ollama_backend import CUT_MARK, MAX_ANSWER_CHARS, OllamaChat
from tests.ollama_server import OllamaLike, chat_message


async def test_an_ollama_answer_that_never_ends_is_cut_not_a_turn_held_forever():
    """A fake Ollama streamed 'wordN ' forever without `done` (a small model in a loop; Ollama's default is
    endless generation): the HUD turn was never answered and held a turn slot and the server until the daemon
    stopped. Now the answer is asked to stop (`num_predict`) and is cut past MAX_ANSWER_CHARS."""
    endless = itertools.repeat(chat_message("word "))
    with OllamaLike(["gemma4:e4b"], chat_lines=endless) as server:  # type: ignore[arg-type]
        model = OllamaChat(server.host, "gemma4:e4b", timeout=5)
        started = time.monotonic()
        answer = await asyncio.wait_for(complete(model, [Message("user", "tell me a story")]), 60)
        sent = server.requests[-1][1]
    assert time.monotonic() - started < 60   # the hang's bound, not a speed: 0.4-0.5 s at load 8-10 (pass 57)
    assert answer.text.startswith("word word")
    assert len(answer.text.removesuffix(CUT_MARK)) <= MAX_ANSWER_CHARS and answer.text.endswith(CUT_MARK)
    assert sent["options"]["num_predict"] > 0


async def test_guard_an_ordinary_answer_and_the_callers_options_are_kept():
    lines = [chat_message("Paris is "), chat_message("the capital."), chat_message(done=True)]
    with OllamaLike(["gemma4:e4b"], chat_lines=lines) as server:
        model = OllamaChat(server.host, "gemma4:e4b", timeout=5, options={"num_predict": 64, "temperature": 0})
        answer = await complete(model, [Message("user", "capital of France?")])
        sent = server.requests[-1][1]
    assert answer.text == "Paris is the capital."
    assert sent["options"] == {"num_predict": 64, "temperature": 0}


async def test_a_lone_surrogate_in_a_models_tool_call_does_not_fail_the_turns_next_round():
    """A fake Ollama's tool call `search_notes {"query": "x\\ud800"}`: the tool ran, then the next round sent the
    call and the tool's result back and the turn failed: "Sorry, my model failed: ... 'utf-8' codec can't encode
    character '\\ud800' ...: surrogates not allowed"."""
    call = {"function": {"name": "search_notes", "arguments": {"query": "taxes \ud800"}}}
    with OllamaLike(["gemma4:e4b"], chat_lines=[chat_message(tool_calls=[call]), chat_message(done=True)]) as server:
        model = OllamaChat(server.host, "gemma4:e4b", timeout=5)
        chunks = [c async for c in model.stream([Message("user", "find my tax notes")])]
        calls = [c for chunk in chunks for c in chunk.tool_calls]
        calls[0].arguments.encode("utf-8")  # no lone surrogate left in what the loop keeps
    lines = [chat_message("Nothing found.", done=True)]
    with OllamaLike(["gemma4:e4b"], chat_lines=lines) as server:
        model = OllamaChat(server.host, "gemma4:e4b", timeout=5)
        history = [Message("user", "find my tax notes"),
                   Message("assistant", tool_calls=(ToolCall("search_notes", '{"query": "taxes \\ud800"}'),)),
                   Message("tool", "no note matches 'taxes \ud800'", tool_name="search_notes")]
        answer = await complete(model, history)
        sent = server.requests[-1][1]["messages"]
    assert answer.text == "Nothing found."
    assert sent[1]["tool_calls"][0]["function"]["arguments"] == {"query": "taxes \ufffd"}
    assert sent[2]["content"] == "no note matches 'taxes \ufffd'"


class _NotOllama:
    """A server on Ollama's address that answers /api/tags with `body` (another program, a proxy, a bad build)."""

    def __init__(self, body: bytes) -> None:
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.host = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def __enter__(self) -> _NotOllama:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.mark.parametrize("body", [b'{"models": [', b'{"models": null}', b"[]", b"<html><body>hello</body></html>",
                                  b"[" * 100_000], ids=["cut", "null", "list", "html", "nested"])
def test_a_server_answering_garbage_to_the_model_list_is_ollama_down_not_a_start_up_traceback(body):
    """`jarvisd run` exited 1 with a JSONDecodeError / ValidationError / TypeError / RecursionError traceback (and
    `jarvisd doctor` printed one) when the server at OLLAMA_HOST answered /api/tags with something not Ollama's."""
    with _NotOllama(body) as server:
        probe = probe_ollama(server.host, 3.0)
    assert not probe.up
    assert "not Ollama" in probe.error and server.host in probe.error and "\n" not in probe.error


def test_guard_a_real_model_list_is_still_read():
    with OllamaLike(["gemma4:e4b", "gemma4:e2b"]) as server:
        probe = probe_ollama(server.host, 3.0)
    assert probe.up and probe.models == ("gemma4:e4b", "gemma4:e2b")


@pytest.mark.parametrize("vectors", [[[0.5, float("nan"), 0.5]], [[float("inf")] * 3], [[0.0, 0.0, 0.0]], []],
                         ids=["nan", "inf", "zero", "none"])
def test_an_embedding_of_nan_or_missing_is_refused_where_it_enters(vectors):
    """A fake Ollama's bge-m3 answered a NaN inside a vector: `/remember my wifi password is tulip` said
    "Remembered", the write journal failed on LanceDB's "Vector column 'vector' has NaNs" at every later write
    (all sessions) and at every start, and the fact never reached memory's answers; no vector for the text was
    "memory failed in /remember (IndexError: list index out of range)"."""
    from jarvisd.llm.base import BackendError
    from jarvisd.llm.ollama_backend import OllamaEmbedder

    with OllamaLike(["bge-m3"], vectors={"my wifi password is tulip": [1.0, 0.0, 0.0]}) as server:
        embedder = OllamaEmbedder(server.host, "bge-m3", 3, timeout=5)
        assert embedder.embed(["my wifi password is tulip"]) == [[1.0, 0.0, 0.0]]  # the guard: a sound vector
        server.vectors = {}
        original = server.server.RequestHandlerClass.do_POST

        def answer(handler):  # the embeddings this case names, whatever the text
            import json as _json
            handler.rfile.read(int(handler.headers.get("Content-Length", 0)))
            data = _json.dumps({"model": "bge-m3", "embeddings": vectors}).encode()
            handler.send_response(200)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(data)))
            handler.end_headers()
            handler.wfile.write(data)

        server.server.RequestHandlerClass.do_POST = answer
        try:
            with pytest.raises(BackendError, match="Ollama model 'bge-m3' returned"):
                embedder.embed(["my wifi password is tulip"])
        finally:
            server.server.RequestHandlerClass.do_POST = original


@pytest.mark.parametrize("fact", ['{"key": "dog", "value": "Bori", "importance": ' + "9" * 5000 + "}",
                                  '{"key": "dog", "value": "Bori\\ud800\\u0000\\u202e", "importance": 0.9}'],
                         ids=["5000-digit-importance", "lone-surrogate"])
def test_one_sessions_odd_extraction_does_not_stop_the_consolidation_of_the_others(fact):
    """The thought model's answer for one session held a 5,000-digit number (json's ValueError, not a decode
    error) or a `\\ud800` escape (a lone surrogate no store can write): consolidation stopped there ("consolidation
    for u1/main stopped", a traceback) at every idle tick, and the sessions sorted after it were never
    consolidated. Now the first is that session's batch deferred, the second a fact without the surrogate."""
    kept = consolidate_two_sessions(f"[{fact}]")
    assert "home: Busan" in kept
    for content in kept:
        content.encode("utf-8")
        assert "\x00" not in content and "\u202e" not in content


def consolidate_two_sessions(odd_answer: str) -> set[str]:
    """Consolidate two sessions, the first answered `odd_answer` by the thought model; the second's kept facts
    (the run must not have stopped at the first)."""
    from jarvisd.llm.scripted import ScriptedChatModel
    from jarvisd.memory.consolidation_runs import consolidate_all
    from jarvisd.memory.extract import llm_extractor
    from jarvisd.memory.scope import MemoryScope
    from jarvisd.memory.service import MemoryService
    from jarvisd.memory.stores.memory import InMemoryStore
    from jarvisd.memory.testing import HashedNgramEmbedder

    svc = MemoryService(InMemoryStore(dimensions=64), embedder=HashedNgramEmbedder(64))
    first, second = MemoryScope("u1", "main", "a-kitchen"), MemoryScope("u1", "main", "b-desk")
    svc.record_turn(first, [Message("user", "my dog is called Bori"), Message("assistant", "ok")])
    svc.record_turn(second, [Message("user", "I live in Busan"), Message("assistant", "ok")])

    def answer(messages):
        if "Bori" in messages[-1].content:
            return {"text": odd_answer}
        return {"text": '[{"key": "home", "value": "Busan", "importance": 0.9}]'}

    run = consolidate_all(svc, "u1", "main", llm_extractor(ScriptedChatModel(answer)))
    assert run.error == ""
    return {f.content for f in run_facts(svc, second)}


def run_facts(svc, scope):
    from jarvisd.memory.stores.base import StoreQuery

    query = StoreQuery(access=svc.policies.access(scope), kinds=("semantic",), match_required=False, limit=20)
    return [c.item for c in svc.store.search(query)]


@pytest.mark.parametrize("answer", ['{"summary": "x", "traits": [' + "9" * 5000 + "]}",
                                    '{"summary": "Likes tea \\ud800\\u0000", "traits": ["calm\\udfff", "\\u202e"]}'],
                         ids=["5000-digit-number", "lone-surrogates"])
def test_a_user_model_answer_with_a_huge_number_or_a_surrogate_is_no_500(answer):
    """`/usermodel build` on a fake Ollama answering these: the HUD got `500 internal_error` ("ValueError: Exceeds
    the limit (4300 digits) ..." and "... failed on 'bge-m3': 'utf-8' codec can't encode character '\\ud800' ...")."""
    from jarvisd.memory.learning import UnreadableAnswer, parse_user_model

    try:
        model = parse_user_model(answer)
    except UnreadableAnswer:
        return  # said to the user as an unreadable answer, nothing stored
    model.summary.encode("utf-8")
    assert "\x00" not in model.summary and all(t.encode("utf-8") and "\u202e" not in t for t in model.traits)
    assert model.summary == "Likes tea \ufffd" and model.traits == ("calm\ufffd",)


@pytest.mark.parametrize("closed", ["[²]", "[" + "9" * 5000 + "]"], ids=["superscript-two", "5000-digits"])
def test_one_unreadable_closed_item_is_dropped_alone_not_the_whole_judgement(closed):
    """The judge's answer "open_loops: call the dentist @2026-12-07 10:00 / closed_loops: [²]" (or 5,000 digits
    in the brackets): `isdigit()` passed and `int()` raised ValueError out of `parse_judgement`, so the judge task
    failed with a traceback and the promise it found in the same answer was lost."""
    from zoneinfo import ZoneInfo

    from jarvisd.openloop.rules import parse_judgement

    judgement = parse_judgement(f"open_loops: call the dentist @2026-12-07 10:00\nclosed_loops: {closed}",
                                ZoneInfo("UTC"))
    assert [item.desc for item in judgement.opened] == ["call the dentist"]
    assert judgement.closed == () and len(judgement.dropped) == 1


def test_guard_a_closed_index_is_still_read():
    from zoneinfo import ZoneInfo

    from jarvisd.openloop.rules import parse_judgement

    assert [ref.index for ref in parse_judgement("closed_loops: [2], [13]", ZoneInfo("UTC")).closed] == [2, 13]


def test_a_thought_answer_with_a_surrogate_escape_is_valid_text():
    """The thought model answered `{"thought": "tea \\ud800\\u0000 is nice", "speak": "yes", "say": "hi \\udfff
    there"}` (on a daemon with a 15 s reflection interval): every tick failed with "UnicodeEncodeError: … surrogates
    not allowed" storing the thought, and its SAY was never said."""
    from jarvisd.reflect.thought import parse_reflection

    reflection = parse_reflection('{"thought": "tea \\ud800\\u0000 is nice", "speak": "yes", "say": "hi \\udfff there"}')
    assert reflection.thought == "tea \ufffd is nice" and reflection.say == "hi \ufffd there" and reflection.speak
    reflection.log_text().encode("utf-8")
