"""A TFLite model run through the TFLite C runtime that the pyopen-wakeword wheel bundles.

pyopen-wakeword's own classes create their interpreters without options: TFLite then runs its
reference kernels on two threads, ~11 ms of CPU per speech-embedding step on this machine. One thread
with the XNNPACK delegate (compiled into the same library) takes ~2 ms for the same result, so jarvisd
builds its interpreters here.
"""

from __future__ import annotations

import ctypes as C
import os
from pathlib import Path

import numpy as np

_V, _I32 = C.c_void_p, C.c_int32
_SIGNATURES = {
    "TfLiteModelCreateFromFile": ([C.c_char_p], _V),
    "TfLiteModelDelete": ([_V], None),
    "TfLiteInterpreterOptionsCreate": ([], _V),
    "TfLiteInterpreterOptionsDelete": ([_V], None),
    "TfLiteInterpreterOptionsSetNumThreads": ([_V, _I32], None),
    "TfLiteInterpreterOptionsAddDelegate": ([_V, _V], None),
    "TfLiteXNNPackDelegateCreate": ([_V], _V),
    "TfLiteXNNPackDelegateDelete": ([_V], None),
    "TfLiteInterpreterCreate": ([_V, _V], _V),
    "TfLiteInterpreterDelete": ([_V], None),
    "TfLiteInterpreterResizeInputTensor": ([_V, _I32, C.POINTER(_I32), _I32], C.c_int),
    "TfLiteInterpreterAllocateTensors": ([_V], C.c_int),
    "TfLiteInterpreterInvoke": ([_V], C.c_int),
    "TfLiteInterpreterGetInputTensor": ([_V, _I32], _V),
    "TfLiteInterpreterGetOutputTensor": ([_V, _I32], _V),
    "TfLiteTensorNumDims": ([_V], _I32),
    "TfLiteTensorDim": ([_V, _I32], _I32),
    "TfLiteTensorByteSize": ([_V], C.c_size_t),
    "TfLiteTensorCopyFromBuffer": ([_V, _V, C.c_size_t], C.c_int),
    "TfLiteTensorCopyToBuffer": ([_V, _V, C.c_size_t], C.c_int),
}
_runtime: C.CDLL | None = None


def runtime() -> C.CDLL:
    """libtensorflowlite_c from the pyopen-wakeword wheel (ImportError when it is not installed)."""
    global _runtime
    if _runtime is None:
        import pyopen_wakeword

        found = sorted((Path(pyopen_wakeword.__file__).parent / "lib").glob("*tensorflowlite_c.*"))
        if not found:
            raise ImportError("pyopen-wakeword has no TFLite runtime for this platform (lib/*tensorflowlite_c.*)")
        lib = C.CDLL(str(found[0]), mode=os.RTLD_GLOBAL)
        for name, (args, result) in _SIGNATURES.items():
            fn = getattr(lib, name)
            fn.argtypes, fn.restype = args, result
        _runtime = lib
    return _runtime


class TfLiteModel:
    """One float32 model: `run(x)` copies x in, invokes, returns the first output (flat)."""

    def __init__(self, path: Path, input_shape: tuple[int, ...] | None = None, xnnpack: bool = True) -> None:
        lib = self._lib = runtime()
        self._model = lib.TfLiteModelCreateFromFile(str(path).encode())
        if not self._model:
            raise ValueError(f"TFLite cannot read {path}")
        options = lib.TfLiteInterpreterOptionsCreate()
        lib.TfLiteInterpreterOptionsSetNumThreads(options, 1)
        self._delegate = lib.TfLiteXNNPackDelegateCreate(None) if xnnpack else None
        if self._delegate:
            lib.TfLiteInterpreterOptionsAddDelegate(options, self._delegate)
        self._interpreter = lib.TfLiteInterpreterCreate(self._model, options)
        lib.TfLiteInterpreterOptionsDelete(options)
        if not self._interpreter:
            raise ValueError(f"TFLite cannot build an interpreter for {path}")
        if input_shape is not None:
            dims = (_I32 * len(input_shape))(*input_shape)
            lib.TfLiteInterpreterResizeInputTensor(self._interpreter, 0, dims, len(input_shape))
        if lib.TfLiteInterpreterAllocateTensors(self._interpreter) != 0:
            raise ValueError(f"TFLite cannot allocate the tensors of {path}")
        self._input = lib.TfLiteInterpreterGetInputTensor(self._interpreter, 0)
        self._output = lib.TfLiteInterpreterGetOutputTensor(self._interpreter, 0)
        self.input_shape = tuple(lib.TfLiteTensorDim(self._input, i) for i in range(lib.TfLiteTensorNumDims(self._input)))
        self._out = np.empty(lib.TfLiteTensorByteSize(self._output) // 4, np.float32)

    def run(self, x: np.ndarray) -> np.ndarray:
        x = np.ascontiguousarray(x, dtype=np.float32)
        self._lib.TfLiteTensorCopyFromBuffer(self._input, x.ctypes.data, x.nbytes)
        if self._lib.TfLiteInterpreterInvoke(self._interpreter) != 0:
            raise RuntimeError("TFLite invoke failed")
        self._lib.TfLiteTensorCopyToBuffer(self._output, self._out.ctypes.data, self._out.nbytes)
        return self._out.copy()

    def __del__(self) -> None:
        lib = getattr(self, "_lib", None)
        if lib is None:
            return
        if getattr(self, "_interpreter", None):
            lib.TfLiteInterpreterDelete(self._interpreter)
        if getattr(self, "_delegate", None):
            lib.TfLiteXNNPackDelegateDelete(self._delegate)
        if getattr(self, "_model", None):
            lib.TfLiteModelDelete(self._model)
