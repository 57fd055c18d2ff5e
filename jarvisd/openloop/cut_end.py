"""A turn cut at the length bound (`hud.openapi.MAX_TURN_CHARS`): a client, a paste or a test cuts a long text to the
bound, and its last word is then likely cut too ("… i'll do the garage i'll do th"). The pass-67 probe kept that cut
word as a promise ("Got it: do th."), one nobody said. A promise whose words end with the cut word is not kept, and the
reply says why; the whole promises before it are kept as said. Only the turn's last promise can hold the cut word, and
one said whole earlier in the turn ("… wash the car" again) is no cut one (pure rules: `desk.AgendaDesk.capture` applies them)."""

from __future__ import annotations

from jarvisd.textsafe import MAX_TURN_CHARS


def cut_word(text: str) -> str | None:
    """The last word of `text` when `text` fills the length bound and ends inside a word (a letter or digit, no space or
    mark after it): the word the bound may have cut. None for a shorter text or one ending in a space or a mark."""
    if len(text) < MAX_TURN_CHARS or not text[-1:].isalnum():
        return None
    tail = text[-64:].split()
    return tail[-1] if tail else None


def cut_off(desc: str, word: str | None) -> bool:
    """Does the promise `desc` end with the cut `word` ("do th" for "th", "d" for "d")?"""
    last = desc.split()[-1:]
    return word is not None and bool(last) and last[0].strip(".,!?'\"").lower() == word.strip(".,!?'\"").lower()


def cut_last(desc: str, before: list[str], text: str) -> bool:
    """Is `desc`, the last promise read from `text`, one of a word the bound cut (and not one said whole before it)?"""
    return desc not in before and cut_off(desc, cut_word(text))
