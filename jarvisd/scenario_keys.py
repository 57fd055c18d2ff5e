"""The key check both replays (`jarvisd agent replay`, `jarvisd openloop replay`) make on a scenario:
a typo in a key must stop the replay, never pass silently."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def key_problem(found: Any, allowed: tuple[str, ...], where: str) -> str | None:
    """Why `found` (the part of a scenario at `where`) is refused, or None when its keys are all allowed."""
    if not isinstance(found, Mapping):
        return f"{where} must be an object"
    extra = sorted(set(found) - set(allowed))
    return f"unknown key {where}.{extra[0]} (allowed: {', '.join(allowed)})" if extra else None
