"""Fixtures every test module may use: the agenda tests' Korean analyzer and desk (`tests/openloop` and the
reliability passes' agenda cases)."""

from __future__ import annotations

from pathlib import Path

import pytest

from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from tests.openloop.conftest import TUESDAY, agenda_desk


@pytest.fixture(scope="session")
def korean() -> KoreanAnalyzer:
    """One Korean analyzer for the whole run: Kiwi loads on its first Korean text (about 3 s), so the
    tests that use it are marked slow."""
    return KoreanAnalyzer()


@pytest.fixture
def tuesday_desk(tmp_path: Path, korean: KoreanAnalyzer) -> AgendaDesk:
    """A desk on a fresh agenda, its clock stopped at the bench's reference (Tuesday 2026-12-01 09:00 Seoul)."""
    return agenda_desk(tmp_path, korean, TUESDAY)
