"""The loop-guard rules of seed 002, one pure function each."""

import json

from jarvisd.agent import guard
from jarvisd.agent.guard import Counters

# --- arguments compare by value -------------------------------------------------------------------

def test_key_order_and_spacing_do_not_change_canonical_arguments():
    a = guard.canonical_arguments('{"q": "launch", "filters": {"year": 2026, "area": "ops"}}')
    b = guard.canonical_arguments('{"filters":{"area":"ops","year":2026},"q":"launch"}')
    assert a == b == '{"filters":{"area":"ops","year":2026},"q":"launch"}'


def test_arguments_expanded_from_a_saved_file_match_the_model_text(tmp_path):
    model_text = '{"site": "잡지", "ids": [3, 1], "opts": {"b": true, "a": null}}'
    saved = tmp_path / "args.json"
    saved.write_text(json.dumps(json.loads(model_text), indent=4, ensure_ascii=True), encoding="utf-8")
    from_file = json.loads(saved.read_text(encoding="utf-8"))  # re-written text: escapes, indentation
    assert guard.canonical_arguments(from_file) == guard.canonical_arguments(model_text)
    assert guard.canonical_arguments(saved.read_text(encoding="utf-8")) == guard.canonical_arguments(model_text)


def test_integral_floats_equal_ints_but_list_order_matters():
    assert guard.canonical_arguments('{"page": 2.0}') == guard.canonical_arguments('{"page": 2}')
    assert guard.canonical_arguments('{"ids": [1, 2]}') != guard.canonical_arguments('{"ids": [2, 1]}')


def test_the_fast_path_for_parsed_arguments_writes_the_same_canonical_text():
    for value in ({"b": [1, 2.5, None, True, "한\n"], "a": {"z": 1, "y": '"'}}, "text", 3, None, [], 1.5):
        assert guard.canonical_parsed_json(value) == guard.canonical_json(value)


def test_invalid_json_arguments_have_no_canonical_form():
    assert guard.canonical_arguments('{"q": ') is None
    assert guard.canonical_arguments("NaN") is None


# --- chat: third consecutive identical call --------------------------------------------------------

def test_third_consecutive_identical_call_is_blocked():
    k = guard.call_key("get_site_id", "{}")
    assert not guard.blocks_consecutive_repeat([], k)
    assert not guard.blocks_consecutive_repeat([k], k)
    assert guard.blocks_consecutive_repeat([k, k], k)
    assert guard.blocks_consecutive_repeat([k, k, k], k)  # insisting keeps being blocked


def test_a_different_call_in_between_restarts_the_count():
    k, other = guard.call_key("a", "{}"), guard.call_key("b", "{}")
    assert not guard.blocks_consecutive_repeat([k, other], k)
    assert not guard.blocks_consecutive_repeat([k, k, other, k], k)


def test_same_tool_with_different_arguments_is_not_a_repeat():
    keys = [guard.call_key("read", json.dumps({"offset": i})) for i in range(5)]
    assert not guard.blocks_consecutive_repeat(keys[:-1], keys[-1])
    assert guard.consecutive_count(keys[:-1], keys[-1]) == 1


# --- research: anything already executed -----------------------------------------------------------

def test_call_already_executed_in_the_run_is_rejected_even_when_not_consecutive():
    k = guard.call_key("search", '{"q":"x"}')
    assert guard.already_executed({k, guard.call_key("other", "{}")}, k)
    assert not guard.already_executed({guard.call_key("search", '{"q":"y"}')}, k)


def test_rejection_reasons_say_what_to_do_next():
    reason = guard.consecutive_repeat_reason("get_site_id", 3, '{"site_id":"S-829"}')
    assert "already in this conversation" in reason and "S-829" in reason and "different tool" in reason
    assert "Change the arguments" in guard.already_executed_reason("search")
    assert "..." in guard.consecutive_repeat_reason("t", 3, "x" * 1000)


# --- results: what is a new fact --------------------------------------------------------------------

def test_empty_results_are_judged_by_structure_not_by_key_names():
    for empty in ({"items": [], "count": 0}, {"rows": [], "rowCount": 0}, {"data": {"hits": [], "ok": False}},
                  [], {}, "", "   ", None, 0, 0.0, False, '{"results": [], "total": 0}', [[], {}, ""]):
        assert guard.is_empty_result(empty), empty
    for full in ({"items": [{"id": 1}], "count": 1}, {"count": 0, "note": "archived"}, True, 1, "0 results",
                 '{"results": ["a"]}', [0, 0, 3]):
        assert not guard.is_empty_result(full), full


def test_fingerprint_ignores_key_order_but_not_values():
    a = guard.result_fingerprint({"items": [1, 2], "count": 2})
    assert a == guard.result_fingerprint({"count": 2, "items": [1, 2]})
    assert a != guard.result_fingerprint({"count": 2, "items": [2, 1]})


def test_results_differing_only_in_a_timestamp_are_new_facts():
    """Documented choice: volatile fields are not stripped, so a poll whose status differs only in
    `checked_at` (or a request id) is a new result and never counts as no-progress."""
    first = guard.result_fingerprint({"status": "running", "checked_at": "2026-11-30T01:00:00Z"})
    second = guard.result_fingerprint({"status": "running", "checked_at": "2026-11-30T01:00:05Z"})
    assert first != second
    assert guard.classify_result({"status": "running", "checked_at": "x"}, second, {first}) == "new"


def test_result_that_cannot_be_fingerprinted_counts_as_new():
    odd = {"blob": b"\x00\x01", "obj": object()}
    assert guard.result_fingerprint(odd) is None
    assert guard.result_fingerprint(float("nan")) is None
    assert guard.classify_result(odd, None, set()) == "unfingerprintable"


def test_classify_result_only_calls_seen_what_was_seen_and_is_not_exempted():
    fp = guard.result_fingerprint({"doc": 1})
    assert guard.classify_result({"doc": 1}, fp, set()) == "new"
    assert guard.classify_result({"doc": 1}, fp, {fp}) == "seen"
    assert guard.classify_result({"items": []}, guard.result_fingerprint({"items": []}),
                                 {guard.result_fingerprint({"items": []})}) == "empty"
    assert guard.classify_result({"status": "sent"}, fp, {fp}, approval_required=True) == "approval"
    overload = guard.result_fingerprint("Error: search is overloaded (429)")
    assert guard.classify_result("Error: search is overloaded (429)", overload, set(), overloaded=True) == "overloaded"


def test_round_brings_news_if_any_result_is_not_seen():
    assert guard.round_brought_news(["seen", "new"])
    assert guard.round_brought_news(["seen", "empty"])
    assert not guard.round_brought_news(["seen", "seen"])
    assert not guard.round_brought_news(["overloaded"])  # rate-limited calls are never progress
    assert not guard.round_brought_news([])  # nothing ran


# --- counters -----------------------------------------------------------------------------------------

def test_no_progress_counter_resets_on_any_new_fingerprint():
    count = 0
    for news in (False, False, False, True, False):
        count = guard.next_no_progress_count(count, news)
    assert count == 1


def test_all_rejected_counter_resets_when_anything_executes_and_ignores_answer_rounds():
    assert guard.next_all_rejected_count(3, attempted=2, executed=0) == 4
    assert guard.next_all_rejected_count(4, attempted=3, executed=1) == 0
    assert guard.next_all_rejected_count(2, attempted=0, executed=0) == 2


def test_failure_counter_counts_rounds_not_calls():
    assert guard.next_failure_count(0, failed=10, succeeded=0) == 1  # ten failed lookups, one round
    assert guard.next_failure_count(4, failed=1, succeeded=1) == 0
    assert guard.next_failure_count(2, failed=0, succeeded=0) == 2  # only rejections (research)


def test_overload_refund_is_capped_at_three_per_budget():
    assert guard.overload_refund(2, 0) == 2
    assert guard.overload_refund(2, 2) == 1
    assert guard.overload_refund(1, 3) == 0


def test_round_cap_grows_with_rounds_that_had_a_refund():
    assert guard.round_cap_reached(40, 40, 0)
    assert not guard.round_cap_reached(40, 40, 2)
    assert guard.round_cap_reached(42, 40, 2)
    assert not guard.round_cap_reached(1000, None, 0)


def test_stop_reason_thresholds_are_five_and_chat_ignores_progress():
    assert guard.stop_reason(Counters(failures=5), track_progress=False, round_cap=40, budget=None) == "failures"
    assert guard.stop_reason(Counters(failures=4), track_progress=False, round_cap=40, budget=None) is None
    assert guard.stop_reason(Counters(all_rejected=5), track_progress=True, round_cap=None, budget=None) == "all_rejected"
    assert guard.stop_reason(Counters(no_progress=5), track_progress=True, round_cap=None, budget=None) == "no_progress"
    assert guard.stop_reason(Counters(no_progress=5), track_progress=False, round_cap=None, budget=None) is None
    assert guard.stop_reason(Counters(calls_charged=8), track_progress=True, round_cap=None, budget=8) == "budget_used"
    assert guard.stop_reason(Counters(rounds=40), track_progress=False, round_cap=40, budget=None) == "round_cap"
    assert guard.stop_reason(Counters(rounds=40, cap_extension=1), track_progress=False, round_cap=40,
                             budget=None) is None


def test_time_limit_is_the_last_safety_net():
    assert guard.time_limit_reached(900.0, 900.0)
    assert not guard.time_limit_reached(899.9, 900.0)
    assert not guard.time_limit_reached(10**6, None)
    assert guard.stop_reason(Counters(rounds=1), track_progress=True, round_cap=40, budget=None,
                             elapsed_sec=901, time_limit_sec=900) == "time_limit"


def test_empty_judgement_also_covers_subclasses_of_json_types():
    from collections import OrderedDict

    class Label(str):
        pass

    assert guard.is_empty_result(OrderedDict(rows=[], total=0))
    assert not guard.is_empty_result(OrderedDict(rows=[Label("x")]))
    assert guard.is_empty_result([Label(" ")])
    assert not guard.is_empty_result(object())  # unknown objects are facts, never "empty"
