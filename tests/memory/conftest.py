from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from jarvisd.memory.stores.base import MemoryStore
from jarvisd.memory.stores.lance import LanceMemoryStore
from jarvisd.memory.stores.memory import InMemoryStore
from jarvisd.memory.testing import HashedNgramEmbedder
from tests.memory.memory_fixtures import DIM, Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def embedder() -> HashedNgramEmbedder:
    return HashedNgramEmbedder(dimensions=DIM)


def make_store(kind: str, tmp_path: Path) -> MemoryStore:
    if kind == "memory":
        return InMemoryStore(dimensions=DIM)
    return LanceMemoryStore(str(tmp_path / "memory.lance"), dimensions=DIM)


@pytest.fixture(params=["memory", "lancedb"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> MemoryStore:
    return make_store(request.param, tmp_path)


@pytest.fixture
def store_factory(tmp_path: Path) -> Callable[[str], MemoryStore]:
    return lambda kind: make_store(kind, tmp_path)
