"""The evaluation runner: its cases pass, and they fail when the rule they pin is broken."""

from __future__ import annotations

from unittest import mock

import pytest

import jarvisd.memory.scoring as scoring
import jarvisd.memory.service as service
import jarvisd.memory.writes as writes
from jarvisd.memory.eval.harness import run_case
from jarvisd.memory.eval.runner import SUITES, all_cases, main, select, summary

SEED_COUNTS = {"isolation": 8, "semantic": 15, "episodic": 7, "procedural": 5, "paraphrase": 6,
               "faithfulness": 3, "retention": 5, "episode_filter": 5, "access": 8, "consolidation": 6}


def failing(suite: str) -> list[str]:
    return [c.name for c in select(suite) if not run_case(c, "memory").passed]


def test_the_seed_suites_have_at_least_the_seeds_case_counts() -> None:
    cases = all_cases()
    for suite, count in SEED_COUNTS.items():
        assert sum(c.suite == suite for c in cases) >= count, suite
    assert len(cases) >= 68 and set(SUITES) == {c.suite for c in cases}


def test_every_case_passes_on_the_in_memory_store() -> None:
    assert [f"{c.suite}: {c.name}" for c in all_cases() if not run_case(c, "memory").passed] == []


def test_isolation_and_access_pass_on_lancedb_with_no_leaks() -> None:
    results = [run_case(c, "lancedb") for c in select("isolation,access")]
    assert all(r.passed for r in results) and not any(r.leaks for r in results)


def test_breaking_supersede_fails_the_semantic_suite() -> None:
    with mock.patch.object(writes, "superseded", lambda new, old: []):  # where the fact writes use it
        assert "supersede shows the new fact" in failing("semantic")


def test_dropping_the_flashbulb_slot_buries_the_old_big_event() -> None:
    with mock.patch.object(scoring, "is_flashbulb", lambda item, terms: False):
        assert any(name.startswith("(a) big event") for name in failing("recall_quality"))


def test_dropping_deixis_context_fails_the_again_scenarios() -> None:
    with mock.patch.object(service, "build_recall_query", lambda u, p=None: u[:200]):
        assert "(c) '그거 다시 해줘' calculation" in failing("recall_quality")


def test_a_leaking_store_is_counted_as_leaks() -> None:
    with mock.patch("jarvisd.memory.access.AccessFilter.allows", lambda self, u, a, layer: True):
        results = [run_case(c, "memory") for c in select("isolation")]
    assert sum(not r.passed for r in results) >= 5


def test_runner_exits_non_zero_on_failure_and_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--suite", "procedural", "--store", "memory"]) == 0
    assert "procedural" in capsys.readouterr().out
    with mock.patch.object(service, "wants_pattern_note", lambda u: True), \
         mock.patch.object(service.MemoryService, "task_patterns", lambda self, s, r: []):
        assert main(["--suite", "procedural", "--store", "memory"]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_unknown_suite_is_refused() -> None:
    with pytest.raises(SystemExit, match="unknown suite"):
        select("isolaton")


def test_summary_counts_cases_per_suite_and_store() -> None:
    from jarvisd.memory.eval.harness import CaseResult

    table = summary([CaseResult("access", "x", "memory", True), CaseResult("access", "x", "lancedb", False)],
                    ["memory", "lancedb"])
    assert "access" in table and "1/1" in table and "0/1" in table
