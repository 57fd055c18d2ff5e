"""Loops that other agents' detectors wrongly stopped; ours must let them finish."""

from tests.agent.scenario_kit import answer, call, max_counter, replay, statuses, tool_round


async def test_a_batch_of_ten_distinct_lookups_in_one_round_all_not_found_is_not_stopped():
    names = [f"contact-{i}" for i in range(10)]
    for profile in ("chat", "research"):
        report = await replay(
            profile=profile, budget=20, user="which of these are in my address book?",
            tools={"lookup_contact": {"default": {"result": "not found"}}},
            answers=[tool_round(*(call("lookup_contact", name=n) for n in names)),
                     answer("None of them are in your address book.")])
        assert statuses(report) == [["ok"] * 10], profile
        assert report.result.stop_reason == "answered", profile


async def test_a_batch_of_ten_lookups_that_fail_with_not_found_counts_as_one_failed_round():
    names = [f"contact-{i}" for i in range(10)]
    report = await replay(
        profile="chat", user="which of these are in my address book?",
        tools={"lookup_contact": {"default": {"failure": "not found"}}},
        answers=[tool_round(*(call("lookup_contact", name=n) for n in names)), answer("None of them.")])
    assert report.result.stop_reason == "answered"
    assert max_counter(report, "failures") == 1


async def test_fifty_paged_reads_with_different_offsets_are_not_stopped():
    pages = {"calls": [{"arguments": {"path": "book.txt", "offset": i * 4000}, "result": f"text of page {i}"}
                       for i in range(48)],
             "default": {"result": ""}}  # reading past the end returns nothing: empty, still new
    reads = [call("read", path="book.txt", offset=i * 4000) for i in range(50)]
    research = await replay(profile="research", budget=60, user="read the whole book", tools={"read": pages},
                            answers=[*(tool_round(c) for c in reads), answer("Done reading.")])
    assert research.result.stop_reason == "answered" and research.tool_rounds == 50
    chat = await replay(profile="chat", user="read the whole book", tools={"read": pages},
                        answers=[*(tool_round(*reads[i:i + 5]) for i in range(0, 50, 5)), answer("Done.")])
    assert chat.result.stop_reason == "answered" and chat.tool_rounds == 10
    assert all(s == ["ok"] * 5 for s in statuses(chat))


async def test_polling_a_long_job_whose_status_changes_only_in_a_timestamp_is_not_stopped():
    """The poll tool declares itself exempt (same arguments is its contract); its results differ only in
    `checked_at`, which we keep in the fingerprint, so every poll is a new result."""
    polls = [{"result": {"job": "backup", "status": "running", "checked_at": f"2026-11-30T01:{m:02d}:00Z"}}
             for m in range(11)]
    polls.append({"result": {"job": "backup", "status": "done", "checked_at": "2026-11-30T01:11:00Z"}})
    tools = {"job_status": {"exempt": True, "calls": [{"arguments": {"job": "backup"}, "sequence": polls}]}}
    for profile in ("chat", "research"):
        report = await replay(profile=profile, budget=20, user="tell me when the backup is done", tools=tools,
                              answers=[*(tool_round(call("job_status", job="backup")) for _ in range(12)),
                                       answer("The backup is done.")])
        assert all(s == ["ok"] for s in statuses(report)), profile
        assert report.result.stop_reason == "answered" and report.tool_rounds == 12, profile
        assert max_counter(report, "no_progress") == 0, profile


async def test_a_poll_returning_exactly_the_same_status_is_no_progress_in_research():
    """The other side of the choice: with no volatile field there is nothing new, and five such rounds stop."""
    tools = {"job_status": {"exempt": True, "default": {"result": {"job": "backup", "status": "running"}}}}
    report = await replay(profile="research", budget=20, user="wait for the backup", tools=tools,
                          answers=[tool_round(call("job_status", job="backup")) for _ in range(12)])
    assert report.result.stop_reason == "no_progress" and report.tool_rounds == 6


async def test_moving_twenty_files_one_by_one_is_not_stopped():
    moves = [tool_round(call("move_file", src=f"inbox/{i}.pdf", dst=f"archive/{i}.pdf")) for i in range(20)]
    ok = {"default": {"result": {"ok": True}}}
    chat = await replay(profile="chat", user="archive my inbox", tools={"move_file": ok},
                        answers=[*moves, answer("Moved all 20 files.")])
    assert chat.result.stop_reason == "answered" and chat.tool_rounds == 20
    # Research profile: a side-effecting tool listed as approval-required is always new. (Unlisted, an
    # identical {"ok": true} would be "seen"; docs/agent.md says to list such tools or echo the move.)
    research = await replay(profile="research", budget=30, user="archive my inbox",
                            tools={"move_file": {**ok, "approval_required": True}},
                            answers=[*moves, answer("Moved all 20 files.")])
    assert research.result.stop_reason == "answered" and research.tool_rounds == 20
