"""Tool registry, argument checks, and the built-in tools (time, notes, memory plug-ins)."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from jarvisd.agent import Agent, Tool, ToolRegistry, chat_profile
from jarvisd.agent.clock import current_time_tool, time_report
from jarvisd.agent.hooks import TurnContext
from jarvisd.agent.notes import search_notes, search_notes_tool
from jarvisd.agent.schema import schema_errors, with_defaults
from jarvisd.agent.tools import (
    register_recall_episodes,
    register_remember_task_pattern,
    render_result,
)
from jarvisd.llm.base import ToolCall
from jarvisd.llm.scripted import ScriptedChatModel
from tests.agent.scenario_kit import answer, call, tool_round

SCHEMA = {"type": "object", "properties": {
    "q": {"type": "string", "minLength": 1},
    "limit": {"type": "integer", "minimum": 1, "maximum": 10, "default": 3},
    "mode": {"enum": ["fast", "full"]},
    "tags": {"type": "array", "items": {"type": "string"}}},
    "required": ["q"], "additionalProperties": False}


def test_schema_accepts_fitting_arguments_and_fills_defaults():
    assert schema_errors({"q": "x", "tags": ["a"], "mode": "fast"}, SCHEMA) == []
    assert with_defaults({"q": "x"}, SCHEMA) == {"q": "x", "limit": 3}
    assert schema_errors({"q": "x", "limit": 2.0}, SCHEMA) == []  # 2.0 is an integer by value


def test_schema_names_every_problem_with_its_path():
    errors = schema_errors({"limit": 0, "mode": "slow", "tags": ["a", 3], "extra": 1, "q": ""}, SCHEMA)
    text = "; ".join(errors)
    for expected in ("'q' must have at least 1 characters", "'limit' must be >= 1", "'mode' must be one of",
                     "'tags[1]' must be string", "'extra' is not a known parameter"):
        assert expected in text
    assert schema_errors({}, SCHEMA) == ["'q' is required"]
    assert schema_errors(True, {"type": "integer"}) == ["the arguments must be integer (got bool)"]
    assert schema_errors([], SCHEMA) == ["the arguments must be object (got list)"]


def test_prepare_keeps_canonical_arguments_and_declared_flags():
    registry = ToolRegistry([Tool("s", "", lambda c, a: None, SCHEMA, exempt_from_repeat_checks=True)],
                            approval_required=["s"])
    prepared = registry.prepare(ToolCall("s", '{ "q" : "x" }'))
    assert prepared.error is None and prepared.arguments == {"q": "x", "limit": 3}
    assert prepared.canonical_args == '{"q":"x"}' and prepared.exempt and prepared.approval_required
    assert registry.prepare(ToolCall("s", "")).error.startswith("Error: the arguments for s do not fit")


def test_a_tool_cannot_be_registered_twice_and_subsets_drop_approval_tools():
    registry = ToolRegistry([Tool("a", "", lambda c, a: 1), Tool("mail", "", lambda c, a: 1)],
                            approval_required=["mail"])
    try:
        registry.register(Tool("a", "", lambda c, a: 2))
    except ValueError as exc:
        assert "already registered" in str(exc)
    else:
        raise AssertionError("registered twice")
    assert registry.subset(approval_required_too=False).names() == ["a"]
    assert registry.subset(without=["a"]).names() == ["mail"]


def test_render_result_shows_json_canonically_and_marks_unknown_formats():
    assert render_result({"b": 1, "a": "한"}) == ('{"a":"한","b":1}', '{"a":"한","b":1}')
    assert render_result("plain") == ("plain", "plain")
    text, canonical = render_result({"raw": b"\x00"})
    assert canonical is None and "raw" in text


def test_current_time_is_reported_in_the_users_zone():
    clock = datetime(2026, 11, 30, 23, 30, tzinfo=UTC)
    report = time_report(clock, ZoneInfo("Asia/Seoul"))
    assert report == {"iso": "2026-12-01T08:30:00+09:00", "date": "2026-12-01", "time": "08:30",
                      "weekday": "Tuesday", "time_zone": "Asia/Seoul", "utc_offset": "+09:00"}


async def test_current_time_tool_uses_the_injected_clock():
    tool = current_time_tool(ZoneInfo("Europe/Berlin"), clock=lambda: datetime(2026, 7, 1, 10, 0, tzinfo=UTC))
    model = ScriptedChatModel([tool_round(call("current_time")), answer("It's noon.")])
    result = await Agent(model, ToolRegistry([tool]), chat_profile()).run_turn("what time is it?")
    assert result.rounds[0].outcomes[0].value["time"] == "12:00"


def write_notes(root):
    (root / "trip").mkdir()
    (root / "trip" / "busan.md").write_text("# Busan trip\nTrain at 9 from Seoul station.\nHotel near the beach.\n",
                                            encoding="utf-8")
    (root / "groceries.txt").write_text("Groceries\nmilk, eggs, train snacks\n", encoding="utf-8")
    (root / "ideas.md").write_text("Ideas\nwrite a novel\n", encoding="utf-8")
    (root / "image.png").write_bytes(b"\x89PNG train")
    for i in range(7):
        (root / f"meeting-{i}.txt").write_text(f"Meeting {i}\nAgenda: budget review {i}\n", encoding="utf-8")


def test_search_notes_ranks_real_files_and_pages_results(tmp_path):
    write_notes(tmp_path)
    found = search_notes(tmp_path, "train seoul")
    assert found["total"] == 2 and found["pages"] == 1
    first = found["results"][0]
    assert first == {"path": "trip/busan.md", "title": "Busan trip", "line": 2,
                     "snippet": "Train at 9 from Seoul station."}
    page1, page2 = search_notes(tmp_path, "budget", 1, 5), search_notes(tmp_path, "budget", 2, 5)
    assert page1["total"] == 7 and page1["pages"] == 2
    assert len(page1["results"]) == 5 and len(page2["results"]) == 2
    assert not {r["path"] for r in page1["results"]} & {r["path"] for r in page2["results"]}
    assert search_notes(tmp_path, "submarine")["results"] == []


async def test_search_notes_tool_reports_a_missing_folder_as_a_failure_the_model_can_explain(tmp_path):
    tools = ToolRegistry([search_notes_tool(tmp_path / "nope")])
    model = ScriptedChatModel([tool_round(call("search_notes", query="x")), answer("no notes")])
    outcome = (await Agent(model, tools, chat_profile()).run_turn("x")).rounds[0].outcomes[0]
    assert outcome.status == "failed" and "tools.notes_dir" in outcome.text


async def test_memory_tools_are_plugged_in_with_a_callable_and_get_the_callers_scope():
    seen = []

    async def recall(scope, args):
        seen.append((scope, args))
        return [{"turn": "we talked about Busan", "when": "2026-11-20"}]

    def remember(scope, args):
        seen.append((scope, args))
        return {"stored": True}

    registry = ToolRegistry()
    register_recall_episodes(registry, recall)
    register_remember_task_pattern(registry, remember)
    model = ScriptedChatModel([tool_round(call("recall_episodes", query="Busan"),
                                          call("remember_task_pattern", name="trip", when="planning a trip",
                                               steps="book the train first")),
                               answer("You mentioned Busan.")])
    scope = ("user-1", "main", "session-9")
    result = await Agent(model, registry, chat_profile()).run_turn("what did I say about Busan?", scope=scope)
    assert [o.status for o in result.rounds[0].outcomes] == ["ok", "ok"]
    assert seen == [
        (scope, {"query": "Busan", "task_type": "", "outcome": "", "since": "", "until": "", "limit": 5}),
        (scope, {"name": "trip", "when": "planning a trip", "steps": "book the train first", "keywords": []})]


def test_tool_context_passes_the_scope_through_untouched():
    marker = object()
    assert TurnContext(agent="a", profile=chat_profile(), user_text="", scope=marker).scope is marker


def test_arguments_that_parse_but_are_not_json_values_are_invalid():
    registry = ToolRegistry([Tool("s", "", lambda c, a: None, SCHEMA)])
    prepared = registry.prepare(ToolCall("s", '{"q": NaN}'))
    assert prepared.canonical_args is None and "not valid JSON" in prepared.error
    assert "must be object" in registry.prepare(ToolCall("s", "null")).error


async def test_jarvis_is_built_from_config_with_its_tools_and_the_admin_approval_list(tmp_path):
    from types import SimpleNamespace

    from jarvisd.agent.jarvis import build_jarvis

    (tmp_path / "trip.md").write_text("Busan trip\nTrain at 9\n", encoding="utf-8")
    cfg = SimpleNamespace(tz=ZoneInfo("Asia/Seoul"), paths=SimpleNamespace(data_dir=tmp_path / "data"),
                          tools=SimpleNamespace(notes_dir=str(tmp_path), approval_required=["send_mail"]))
    model = ScriptedChatModel([tool_round(call("search_notes", query="train")), answer("At nine.")])
    agent = build_jarvis(cfg, model)
    assert agent.tools.names() == ["current_time", "search_notes", "delegate_research", "wait_research"]
    assert agent.tools.needs_approval("send_mail") and agent.profile.name == "chat"
    result = await agent.run_turn("when is my train?")
    assert result.rounds[0].outcomes[0].value["results"][0]["path"] == "trip.md"


def test_search_notes_finds_korean_words_without_their_particles_and_skips_hidden_folders(tmp_path):
    (tmp_path / "work.md").write_text("주간 회의\n부산 출장 보고서 초안은 금요일까지\n", encoding="utf-8")
    (tmp_path / ".trash").mkdir()
    (tmp_path / ".trash" / "old.md").write_text("지난 보고서\n", encoding="utf-8")
    found = search_notes(tmp_path, "보고서를 찾아줘")
    assert [r["path"] for r in found["results"]] == ["work.md"]
    assert found["results"][0]["snippet"] == "부산 출장 보고서 초안은 금요일까지"
