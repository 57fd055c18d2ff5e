"""Lows of passes 68-71 (lows72): the tray's label of a long or bidi promise.

A label was cut at `MAX_LABEL` code points, inside a joined emoji ("👨‍👩‍👧" drawn as "👨‍…"), between a letter and its
accents, or between the two halves of a flag; an RLO left open in a promise reversed the "(due …)" after it.
"""

from __future__ import annotations

import pytest

from jarvisd.textsafe import cut_whole
from jarvisd.tray import MAX_LABEL, loop_label, menu_items

FAMILY = "👨\u200d👩\u200d👧"


@pytest.mark.parametrize(("tail", "kept"), [
    (FAMILY + " and more", ""),                  # the family starts at 57: cut before it, whole or not at all
    ("e\u0301\u0301 after", ""),                 # a letter and its two accents
    ("x👍🏽 thumbs", "x"),                        # an emoji and its skin tone
    ("🇰🇷🇺🇸 flags", "🇰🇷"),                       # the first flag whole, the second not split
])
def test_a_long_label_is_cut_between_drawn_characters(tail, kept) -> None:
    desc = "x" * (MAX_LABEL - 3) + tail
    label = loop_label({"desc": desc, "due": "2026-12-08 09:00"})
    shown = label.split("  (due")[0]
    assert shown == "x" * (MAX_LABEL - 3) + kept + "…"
    assert len(shown) <= MAX_LABEL


def test_held_out_a_korean_promise_with_a_family_emoji_in_the_menu() -> None:
    desc = "엄마한테 " + FAMILY * 30 + " 사진 보내기"
    (item, *_rest) = menu_items([{"id": "a1", "desc": desc, "due": "2026-12-08 09:00", "repeat": None}])
    shown = item.text.split("  (due")[0]
    assert shown.endswith(FAMILY + "…") and len(shown) <= MAX_LABEL


def test_an_open_override_in_a_promise_does_not_reverse_the_due_after_it() -> None:
    label = loop_label({"desc": "call \u202emom", "due": "2026-12-08 09:00"})
    assert label == "call mom  (due 2026-12-08 09:00)"


def test_guard_a_label_that_fits_is_kept_as_it_is() -> None:
    desc = "엄마한테 " + FAMILY + " 전화하기"
    assert loop_label({"desc": desc, "due": None}) == desc
    assert cut_whole("a" * MAX_LABEL, MAX_LABEL) == "a" * MAX_LABEL
    assert cut_whole("a" * (MAX_LABEL + 1), MAX_LABEL) == "a" * (MAX_LABEL - 1) + "…"


def test_guard_a_run_of_marks_alone_is_linear_and_ends_in_the_mark() -> None:
    assert cut_whole("\u0301" * 4000, MAX_LABEL) == "…"
    assert cut_whole(FAMILY * 1300, MAX_LABEL).endswith("…")


# ---------------------------------------------------------------- an agenda log with CR line ends (pass 69's low)

@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"], ids=["plain", "bom"])
def test_an_agenda_saved_with_cr_line_ends_keeps_its_promises(tmp_path, bom) -> None:
    """A classic Mac editor's save (lines ending in CR alone) was one line: every record quarantined as "Extra data"
    and the agenda empty. Now it is rewritten with LF line ends, the original kept beside it as `.cr`, and the next
    append is read with the rest."""
    from tests.test_reliability_pass69 import RECORDS, _service, _text
    path = tmp_path / "openloops.jsonl"
    original = bom + _text("\r").encode()
    path.write_bytes(original)
    service = _service(path)
    assert sorted(loop.desc for loop in service.agenda()) == sorted(r["desc"] for r in RECORDS)
    assert (tmp_path / "openloops.jsonl.cr").read_bytes() == original
    assert not list(tmp_path.glob("openloops.quarantine*"))
    service.store.save(service.agenda()[0])
    assert len(_service(path).agenda()) == 3


def test_held_out_the_read_only_doctor_reads_a_cr_log_as_it_is(tmp_path) -> None:
    from jarvisd.openloop.stores import JsonlLoopStore
    from tests.test_reliability_pass69 import RECORDS, _text
    path = tmp_path / "openloops.jsonl"
    path.write_bytes(_text("\r").encode())
    assert len(JsonlLoopStore(path, read_only=True).load()) == len(RECORDS)
    assert path.read_bytes() == _text("\r").encode() and not (tmp_path / "openloops.jsonl.cr").exists()


def test_guard_a_log_with_lf_ends_and_a_stray_cr_is_not_rewritten(tmp_path) -> None:
    from tests.test_reliability_pass69 import _service, _text
    path = tmp_path / "openloops.jsonl"
    data = _text("\r\n").encode() + b"\r"
    path.write_bytes(data)
    assert len(_service(path).agenda()) == 3
    assert path.read_bytes() == data and not (tmp_path / "openloops.jsonl.cr").exists()

