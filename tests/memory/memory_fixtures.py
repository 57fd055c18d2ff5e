"""Shared constants and helpers for the memory tests."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import numpy as np

DIM = 64
T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


class Clock:
    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


AXIS_DIM = 8


def axis(*weights: float) -> tuple[float, ...]:
    """A unit vector of `AXIS_DIM` numbers that starts with `weights` (the rest zeros)."""
    v = np.zeros(AXIS_DIM)
    v[: len(weights)] = weights
    return tuple((v / np.linalg.norm(v)).tolist())


class QueryAxisEmbedder:
    """Embeds `query` as the first axis and any other text as the seventh, so the vectors a test stores
    decide a recall's cosines."""

    name = "fixed"
    dimensions = AXIS_DIM

    def __init__(self, query: str) -> None:
        self.query = query

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [list(axis(1.0)) if t == self.query else list(axis(0, 0, 0, 0, 0, 0, 1.0)) for t in texts]
