"""The embedded chat model's own process: llama.cpp loaded here, so a crash in it ends this process, not the daemon.

Why a process: a native crash (SIGSEGV in a llama.cpp kernel, an abort on a bad GGUF, memory exhausted by a huge
context) cannot be caught in Python. In the daemon's process it took the HUD, the agenda and the reminders with
it (pass 22, docs/reliability.md). Here the daemon's turn gets an error and the next turn starts a new process.

Protocol: one JSON object per line. The daemon writes requests on stdin:

    {"op": "chat", "messages": [{"role": ..., "content": ...}], "max_tokens": 256, "temperature": 0.2, "seed": 7}
    {"op": "abort"}         stop the running chat at the next step of its decode

and this process answers on stdout, per chat: any number of {"text": "..."}, then {"end": true} or {"error": "..."}.
At start it loads the model and says {"ready": true}, or {"fatal": "..."} and exits 1. End of stdin ends it.

    python -m jarvisd.llm.model_worker MODEL.gguf N_CTX N_THREADS SEED
"""

from __future__ import annotations

import json
import os
import queue
import sys
import threading

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


class _Out:
    """The answers as JSON lines on what was stdout, one writer at a time. File descriptor 1 itself is pointed
    at stderr, so nothing that llama.cpp's C code prints can break a line of the protocol. ASCII JSON: a lone
    surrogate in a model's text travels as an escape instead of failing the write."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._file = os.fdopen(os.dup(1), "w", encoding="ascii")
        os.dup2(2, 1)
        sys.stdout = sys.stderr

    def say(self, **message: object) -> None:
        line = json.dumps(message) + "\n"
        with self._lock:
            self._file.write(line)
            self._file.flush()


def _read_requests(requests: queue.Queue, abort: threading.Event) -> None:
    """Requests in order; an abort is acted on at once, a chat clears the abort of the one before it."""
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except ValueError:
            continue
        if request.get("op") == "abort":
            abort.set()
        elif request.get("op") == "chat":
            abort.clear()
            requests.put(request)
    abort.set()  # the daemon is gone: stop what runs and leave
    os._exit(0)


def _chat(llama, request: dict, abort: threading.Event, out: _Out, n_ctx: int) -> None:
    max_tokens = int(request.get("max_tokens", 256))
    messages = fit_context(request["messages"], lambda text: len(llama.tokenize(text.encode("utf-8"), add_bos=False)),
                           n_ctx - max_tokens - CONTEXT_MARGIN)
    for part in llama.create_chat_completion(messages=messages, stream=True, max_tokens=max_tokens,
                                             temperature=float(request.get("temperature", 0.2)),
                                             seed=int(request.get("seed", 7))):
        if abort.is_set():
            break
        text = part["choices"][0]["delta"].get("content")
        if text:
            out.say(text=text)


def serve(model_path: str, n_ctx: int, n_threads: int, seed: int) -> int:
    out = _Out()
    try:
        from llama_cpp import Llama, llama_cpp
    except ImportError:   # the message the daemon gave before the model had a process of its own
        out.say(fatal="llama-cpp-python is not installed. Run `pip install -e '.[offline]'`")
        return 1
    try:
        llama = Llama(model_path=model_path, n_ctx=n_ctx, n_threads=n_threads, seed=seed, verbose=False)
    except Exception as exc:  # noqa: BLE001 - any load failure is reported to the daemon, not raised here
        out.say(fatal=f"{type(exc).__name__}: {exc}")
        return 1
    abort = threading.Event()
    # llama.cpp asks this between the steps of a decode: a stopped chat ends inside a long prompt (llama_decode
    # returns 2) instead of after the whole batch (63 s under load without it, 0.01 s with it).
    callback = llama_cpp.ggml_abort_callback(lambda _data: abort.is_set())
    llama_cpp.llama_set_abort_callback(llama.ctx, callback, None)
    requests: queue.Queue = queue.Queue()
    threading.Thread(target=_read_requests, args=(requests, abort), name="requests", daemon=True).start()
    out.say(ready=True)
    while True:
        request = requests.get()
        try:
            _chat(llama, request, abort, out, n_ctx)
        except Exception as exc:  # noqa: BLE001 - the chat fails, the process serves the next one
            out.say(error=str(exc) or type(exc).__name__)
        else:
            out.say(end=True)


def main(argv: list[str]) -> int:
    model_path, n_ctx, n_threads, seed = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    return serve(model_path, n_ctx, n_threads, seed)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
