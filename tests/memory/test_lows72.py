"""Lows of passes 68-71 (lows72): a memory row with a null number or an owner jarvisd never writes.

A row whose `rehearsals` was null made NumPy cast NaN to int32 ("RuntimeWarning: invalid value encountered in cast",
and a garbage count in the resident copy); a row whose `kind` was null or whose `layer` was unknown was never recalled
and nothing said so. Now the null numbers are read as jarvisd's defaults and such rows are named in one log line.
"""

from __future__ import annotations

import warnings

import pytest

from tests.memory.test_pass68 import LEO, ME, _damaged_store


@pytest.mark.parametrize("column", ["rehearsals", "accessed_us", "importance"])
def test_a_null_number_is_read_without_a_cast_warning_and_the_fact_is_recalled(tmp_path, embedder, clock,
                                                                              column) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        svc = _damaged_store(tmp_path, embedder, clock, {column: "NULL"})
        block = svc.observe(ME, "what is leo allergic to").prompt_block()
    assert LEO in block


@pytest.mark.parametrize("values_sql", [{"kind": "NULL"}, {"layer": "'nonsense'"}, {"kind": "'diary'"}],
                         ids=["kind-null", "layer-unknown", "kind-unknown"])
def test_a_row_no_query_can_match_is_named_in_one_line(tmp_path, embedder, clock, values_sql, caplog) -> None:
    svc = _damaged_store(tmp_path, embedder, clock, values_sql)
    svc.observe(ME, "where does my sister live").prompt_block()
    lines = [r.getMessage() for r in caplog.records if "never recalled" in r.getMessage()]
    assert lines and "1 rows" in lines[0]
    assert "my sister lives in busan" in svc.observe(ME, "where does my sister live").prompt_block()


def test_guard_rows_jarvisd_writes_say_nothing(tmp_path, embedder, clock, caplog) -> None:
    svc = _damaged_store(tmp_path, embedder, clock, {"importance": "0.7"})
    assert LEO in svc.observe(ME, "what is leo allergic to").prompt_block()
    assert "never recalled" not in caplog.text
