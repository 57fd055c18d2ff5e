"""Seed 002's production cases, each through the real loop with a scripted model and scripted tools."""

from pathlib import Path

from jarvisd.agent.loop import RoundEnded, TurnEnded
from jarvisd.agent.replay import load_scenario, run_scenario
from jarvisd.agent.tools import Tool
from tests.agent.scenario_kit import answer, build_agent, call, max_counter, replay, statuses, tool_round

SCENARIOS = Path(__file__).parent / "scenarios"
SAME_DOCS = {"result": {"items": [{"id": "doc-17"}, {"id": "doc-42"}], "count": 2}}


async def test_reworded_searches_returning_the_same_documents_stop_after_five_rounds_without_progress():
    scenario = load_scenario(SCENARIOS / "reworded_searches.json")
    assert len(scenario["answers"]) == 21
    agent = build_agent(scenario)
    events = [e async for e in agent.stream_turn(scenario["user"])]
    result = events[-1].result
    assert isinstance(events[-1], TurnEnded)
    assert result.stop_reason == "no_progress" and result.wrapped_up
    assert sum(1 for r in result.rounds if r.outcomes) == 6  # 1 new + 5 with only seen documents
    assert "doc-17" in result.answer
    last_request_tools = agent.model.without_tools.calls[-1][1]
    assert last_request_tools == []  # the answer was written without tools
    assert agent.model.with_tools._answers, "the remaining 15 searches were never asked for"


async def test_reworded_searches_are_never_caught_by_the_consecutive_identical_rule():
    scenario = load_scenario(SCENARIOS / "reworded_searches.json")
    scenario = {**scenario, "profile": "chat", "answers": [*scenario["answers"], answer("done")]}
    report = await run_scenario(scenario)
    assert all(s == ["ok"] for s in statuses(report))  # args differ every round: nothing blocked
    assert report.result.stop_reason == "answered" and report.tool_rounds == 21


async def test_connector_id_third_identical_call_is_blocked_and_the_reason_points_at_the_earlier_value():
    report = await replay(
        profile="chat", user="가져올 이슈 보여줘",
        tools={"get_site_id": {"calls": [{"arguments": {"connector": "jira"}, "result": {"site_id": "S-829"}}]},
               "list_issues": {"calls": [{"arguments": {"site_id": "S-829"}, "result": {"issues": ["PAY-12"]}}]}},
        answers=[tool_round(call("get_site_id", connector="jira")),
                 tool_round(call("get_site_id", connector="jira")),
                 tool_round(call("get_site_id", connector="jira")),
                 tool_round(call("list_issues", site_id="S-829")),
                 answer("열린 이슈는 PAY-12 하나입니다.")])
    assert statuses(report) == [["ok"], ["ok"], ["rejected"], ["ok"]]
    blocked = report.lines[2]["calls"][0]
    assert blocked["rule"] == "consecutive_repeat"
    assert "already in this conversation" in blocked["reason"] and "S-829" in blocked["reason"]
    tool_messages = [m for m in report.result.messages if m.role == "tool"]
    assert "S-829" in tool_messages[2].content  # the model received the reason as the tool result
    assert report.result.stop_reason == "answered" and "PAY-12" in report.result.answer


async def test_zero_result_exploration_over_eight_rounds_is_not_stopped():
    empty = {"result": {"items": [], "count": 0}}
    report = await replay(
        profile="research", budget=20, user="any incident in 2019?",
        tools={"search_docs": {"default": empty}},
        answers=[*(tool_round(call("search_docs", q="incident", year=2019 - i)) for i in range(8)),
                 answer("No incident was recorded in 2012-2019.")])
    assert report.result.stop_reason == "answered" and report.tool_rounds == 8
    assert max_counter(report, "no_progress") == 0
    novelties = [c["novelty"] for line in report.lines for c in line.get("calls", [])]
    assert novelties == ["new"] + ["empty"] * 7  # the same empty result again is not "seen"


async def test_first_time_tool_with_unknown_result_format_is_not_stopped():
    scenario = dict(
        profile="research", budget=20, user="what is in the attachment?",
        tools={"search_docs": {"default": SAME_DOCS}},
        answers=[*(tool_round(call("search_docs", q=f"attachment {i}")) for i in range(5)),
                 tool_round(call("read_attachment", name="scan.pdf")),
                 *(tool_round(call("search_docs", q=f"scan {i}")) for i in range(3)),
                 answer("The attachment is a scanned invoice.")])
    agent = build_agent(scenario)
    agent.tools.register(Tool("read_attachment", "binary attachment reader",
                              lambda ctx, args: {"bytes": b"%PDF-1.7"},  # not JSON: no fingerprint
                              {"type": "object", "properties": {"name": {"type": "string"}}}))
    result = None
    counters = []
    async for event in agent.stream_turn(scenario["user"]):
        if isinstance(event, RoundEnded) and event.verdict:
            counters.append(event.verdict.counters.no_progress)
        elif isinstance(event, TurnEnded):
            result = event.result
            assert event.verdicts[5].novelties == ("unfingerprintable",)
    assert counters == [0, 1, 2, 3, 4, 0, 1, 2, 3]
    assert result is not None and result.stop_reason == "answered"


async def test_approval_required_tools_with_identical_responses_are_not_stopped():
    report = await replay(
        profile="research", budget=20, user="tell the team the launch moved",
        tools={"send_message": {"approval_required": True, "default": {"result": {"status": "sent"}}}},
        answers=[*(tool_round(call("send_message", to=f"member{i}@example.com", text="Launch moved")) for i in range(7)),
                 answer("I told all seven.")])
    assert report.result.stop_reason == "answered" and report.tool_rounds == 7
    assert {c["novelty"] for line in report.lines for c in line.get("calls", [])} == {"approval"}


async def test_the_wait_tool_is_never_rejected():
    running = {"result": {"task_id": "research-1", "status": "running"}}
    wait_spec = {"exempt": True, "calls": [{"arguments": {"task_id": "research-1"},
                                            "sequence": [running] * 5 + [{"result": {"status": "done"}}]}]}
    for profile in ("chat", "research"):
        report = await replay(
            profile=profile, budget=20, user="research the Q3 numbers",
            tools={"wait_research": wait_spec},
            answers=[*(tool_round(call("wait_research", task_id="research-1")) for _ in range(6)),
                     answer("The research is done.")])
        assert all(s == ["ok"] for s in statuses(report)), profile
        assert report.result.stop_reason == "answered", profile


async def test_rejections_scattered_between_productive_rounds_of_another_tool_do_not_stop_the_run():
    """Seed: counted per tool, these rejections stopped a run at round 11 while another tool kept
    succeeding; counted per round they reset whenever anything runs."""
    answers = [tool_round(call("search_docs", q="launch"))]
    for page in range(1, 7):
        answers.append(tool_round(call("search_docs", q="launch")))  # rejected: already executed
        answers.append(tool_round(call("read_doc", id="doc-17", page=page)))
    answers.append(answer("Here is the summary of doc-17."))
    report = await replay(
        profile="research", budget=30, user="summarise the launch doc",
        tools={"search_docs": {"default": SAME_DOCS},
               "read_doc": {"calls": [{"arguments": {"id": "doc-17", "page": p}, "result": f"page {p} text"}
                                      for p in range(1, 7)]}},
        answers=answers)
    assert [s[0] for s in statuses(report)] == ["ok"] + ["rejected", "ok"] * 6
    assert report.tool_rounds == 13 and report.result.stop_reason == "answered"
    assert max_counter(report, "all_rejected") == 1


async def test_overloaded_calls_are_refunded_up_to_three_and_extend_the_round_cap():
    busy = {"overloaded": "429 Too Many Requests"}
    tools = {"search_docs": {"calls": [
        {"arguments": {"q": "a"}, "sequence": [busy, busy, busy, {"result": {"items": ["A"]}}]},
        {"arguments": {"q": "b"}, "result": {"items": ["B"]}},
        {"arguments": {"q": "c"}, "result": {"items": ["C"]}}]}}
    answers = [tool_round(call("search_docs", q=q)) for q in ("a", "a", "a", "a", "b", "c")]
    report = await replay(profile="research", budget=4, user="find A, B and C", tools=tools,
                          answers=[*answers, answer("A, B and C.")])
    assert statuses(report) == [["overloaded"]] * 3 + [["ok"]] * 3
    assert report.result.stop_reason == "answered"  # budget 4 and cap 4 would have ended at round 4
    final = [line for line in report.lines if "counters" in line][-1]["counters"]
    assert final == {"no_progress": 0, "all_rejected": 0, "failures": 0, "calls_charged": 3,
                     "refunded": 3, "cap_extension": 3}
    # still failures and not progress while they last
    assert [line["counters"]["failures"] for line in report.lines[:3]] == [1, 2, 3]
    assert [line["counters"]["no_progress"] for line in report.lines[:3]] == [1, 2, 3]
    assert {line["calls"][0]["novelty"] for line in report.lines[:3]} == {"overloaded"}


async def test_a_fourth_overload_is_not_refunded():
    busy = {"overloaded": "503 busy"}
    tools = {"search_docs": {"calls": [
        {"arguments": {"q": "a"}, "sequence": [busy] * 4 + [{"result": {"items": ["A"]}}]},
        {"arguments": {"q": "b"}, "result": {"items": ["B"]}},
        {"arguments": {"q": "c"}, "result": {"items": ["C"]}}]}}
    answers = [tool_round(call("search_docs", q=q)) for q in ("a", "a", "a", "a", "a", "b", "c")]
    report = await replay(profile="research", budget=4, user="find A, B and C", tools=tools,
                          answers=[*answers, answer("unused")])
    final = [line for line in report.lines if "counters" in line][-1]["counters"]
    assert final["refunded"] == 3 and final["cap_extension"] == 3
    assert report.result.stop_reason == "budget_used" and report.tool_rounds == 7


async def test_retrying_an_overloaded_tool_forever_is_stopped_by_the_failure_count():
    report = await replay(
        profile="research", budget=20, user="find A",
        tools={"search_docs": {"default": {"overloaded": "429"}}},
        answers=[tool_round(call("search_docs", q="a")) for _ in range(10)])
    assert report.result.stop_reason == "failures" and report.tool_rounds == 5


async def test_all_rejected_rounds_stop_after_five_in_a_row():
    report = await replay(
        profile="research", budget=20, user="find it",
        tools={"search_docs": {"default": SAME_DOCS}},
        answers=[tool_round(call("search_docs", q="x")) for _ in range(10)])
    assert statuses(report) == [["ok"]] + [["rejected"]] * 5
    assert report.result.stop_reason == "all_rejected"


async def test_rejection_and_no_progress_counters_are_separate():
    """Executed-but-seen rounds reset the rejection counter but keep counting no-progress."""
    answers = [tool_round(call("search_docs", q="x0"))]
    for i in range(1, 6):
        answers.append(tool_round(call("search_docs", q="x0")))  # rejected
        answers.append(tool_round(call("search_docs", q=f"x{i}")))  # runs, same documents
    report = await replay(profile="research", budget=30, user="find it",
                          tools={"search_docs": {"default": SAME_DOCS}}, answers=answers)
    assert report.result.stop_reason == "no_progress"
    assert max_counter(report, "all_rejected") == 1
    assert report.tool_rounds == 6


async def test_chat_insisting_on_a_blocked_call_reaches_the_failure_count():
    report = await replay(
        profile="chat", user="what's the site id?",
        tools={"get_site_id": {"default": {"result": {"site_id": "S-829"}}}},
        answers=[tool_round(call("get_site_id", connector="jira")) for _ in range(12)],
        wrap_up=answer("The site id is S-829."))
    assert statuses(report) == [["ok"], ["ok"]] + [["rejected"]] * 5
    assert report.result.stop_reason == "failures" and report.result.answer == "The site id is S-829."


async def test_chat_turn_stops_at_forty_rounds():
    report = await replay(
        profile="chat", user="read everything",
        tools={"read": {"default": {"result": "some text"}}},
        answers=[tool_round(call("read", offset=i)) for i in range(60)])
    assert report.result.stop_reason == "round_cap" and report.tool_rounds == 40 and report.result.wrapped_up


async def test_chat_stops_after_five_rounds_of_failures():
    report = await replay(
        profile="chat", user="open it",
        tools={"open_file": {"default": {"failure": "permission denied"}}},
        answers=[tool_round(call("open_file", path=f"/x/{i}")) for i in range(9)])
    assert report.result.stop_reason == "failures" and report.tool_rounds == 5
