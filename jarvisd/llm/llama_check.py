"""Whether this machine's llama.cpp build can run the embedded chat model: one short decode in a child process.

Why a child: a llama.cpp build that does not suit the CPU does not raise, it ends the process. llama-cpp-python
0.3.36 built with `-march=native` on a CPU with AMX (Sapphire Rapids and later) died with SIGSEGV in every decode
of more than one token (likely ggml's AMX kernel, as in ggml-org/llama.cpp#20824), which took the whole daemon with it at
its first model turn while `jarvisd doctor` said the model was ok. `scripts/setup.sh` therefore builds it portable
(`-DGGML_NATIVE=OFF`) and runs this check after installing; `jarvisd doctor` runs it too.

    .venv/bin/python -m jarvisd.llm.llama_check      # exit 0: decodes; 1: the build cannot; 2: no model to try
"""

from __future__ import annotations

import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REBUILD = ("CMAKE_ARGS=-DGGML_NATIVE=OFF .venv/bin/pip install --force-reinstall --no-cache-dir --no-deps "
           "llama-cpp-python (./scripts/setup.sh does this)")

_DECODE = """
import sys
from llama_cpp import Llama
llama = Llama(model_path=sys.argv[1], n_ctx=256, n_threads=1, seed=7, verbose=False)
out = llama("The capital of France is the city of", max_tokens=3, temperature=0.0)
print(repr(out["choices"][0]["text"]))
"""


@dataclass(frozen=True)
class DecodeCheck:
    ok: bool
    detail: str


def check_decode(model_path: Path, timeout_sec: float = 180.0) -> DecodeCheck:
    """Load the model and decode a prompt of several tokens (the batch that crashed) in a child process."""
    try:
        done = subprocess.run([sys.executable, "-c", _DECODE, str(model_path)], capture_output=True, text=True,
                              timeout=timeout_sec, errors="replace")
    except subprocess.TimeoutExpired:
        return DecodeCheck(False, f"a decode of 3 tokens did not finish within {timeout_sec:.0f} s")
    except OSError as exc:  # the interpreter cannot be run by this user (pass 59d: a traceback from `jarvisd doctor`)
        return DecodeCheck(False, f"the check could not start {sys.executable} ({exc.strerror or exc}): run it as "
                                  "a user who may execute jarvisd's Python")
    if done.returncode == 0:
        return DecodeCheck(True, f"decodes ({done.stdout.strip() or 'no text'})")
    if done.returncode < 0:
        try:
            name = signal.Signals(-done.returncode).name
        except ValueError:
            name = f"signal {-done.returncode}"
        return DecodeCheck(False, f"the llama-cpp-python build crashes on this CPU ({name} while decoding): "
                                  f"rebuild it: {REBUILD}")
    last = (done.stderr.strip().splitlines() or ["no message"])[-1]
    return DecodeCheck(False, f"the decode failed (exit {done.returncode}: {last})")


def main() -> int:
    from jarvisd.manifest import ModelError, ModelStore
    from jarvisd.paths import resolve_paths

    try:
        path = ModelStore(resolve_paths().models_dir).path("smollm2-135m")
    except ModelError as exc:
        print(f"llama.cpp check: no embedded chat model to try ({exc})", file=sys.stderr)
        return 2
    result = check_decode(path)
    print(f"llama.cpp check: {'ok, ' if result.ok else 'FAILED: '}{result.detail}",
          file=sys.stdout if result.ok else sys.stderr)
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
