from pathlib import Path

import pytest

from jarvisd.llm.base import Message, ToolCall
from jarvisd.memory.access import PolicyBook, PolicyError, ReadPolicy, access_for, load_policy, parse_policy
from jarvisd.memory.patterns import pattern_hits, wants_pattern_note
from jarvisd.memory.scope import MemoryScope
from jarvisd.memory.working import KEEP_TURNS, MAX_NOTES, SessionMemory, split_turns, window


def turn(n: int, tool: bool = False) -> list[Message]:
    msgs = [Message("user", f"질문 {n}")]
    if tool:
        msgs += [Message("assistant", "", tool_calls=(ToolCall("t", "{}"),)), Message("tool", "결과", tool_name="t")]
    return msgs + [Message("assistant", f"답 {n}")]


def test_window_is_the_last_three_whole_turns_with_tool_pairs_intact() -> None:
    transcript = [m for n in range(1, 6) for m in turn(n, tool=n == 3)]
    seen = window(split_turns(transcript), 3)
    assert seen[0] == Message("user", "질문 3")
    assert [m.role for m in seen[:4]] == ["user", "assistant", "tool", "assistant"]
    assert seen[-1] == Message("assistant", "답 5")


def test_system_messages_are_not_part_of_turns() -> None:
    assert split_turns([Message("system", "sys"), *turn(1)]) == [turn(1)]


def test_session_notes_keep_the_latest_fifty() -> None:
    s = SessionMemory()
    for i in range(60):
        s.add_note(f"n{i}")
    assert len(s.notes) == MAX_NOTES and s.notes[0] == "n10"


def test_rewriting_a_turn_replaces_it_in_the_transcript() -> None:
    s = SessionMemory()
    s.add_turn(1, turn(1))
    s.add_turn(1, turn(9))
    assert s.turns == [turn(9)] and s.next_turn() == 2
    assert s.previous_exchange() == ("질문 9", "답 9")


def test_missing_policy_means_self_only() -> None:
    scope = MemoryScope("u", "main", "s")
    acc = access_for(scope, parse_policy(None))
    assert acc.edm_agents == ("main",) and acc.pdm_agents == ("main",)


def test_policy_lists_are_one_directional(tmp_path: Path) -> None:
    (tmp_path / "karen.yaml").write_text("memory:\n  read:\n    edm: [self]\n    pdm: [self, main]\n")
    book = PolicyBook(tmp_path)
    karen = book.access(MemoryScope("u", "karen", "s"))
    main = book.access(MemoryScope("u", "main", "s"))
    assert karen.allows("u", "main", "pdm") and not karen.allows("u", "main", "edm")
    assert not main.allows("u", "karen", "pdm")


def test_unknown_memory_keys_reject_the_file(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("memory:\n  write:\n    edm: [self]\n")
    with pytest.raises(PolicyError, match="memory.write"):
        load_policy(tmp_path, "bad")
    with pytest.raises(PolicyError, match="memory.read.episodes"):
        parse_policy({"memory": {"read": {"episodes": ["self"]}}})
    with pytest.raises(PolicyError, match="list of agent ids"):
        parse_policy({"memory": {"read": {"edm": "main"}}})


def test_the_repo_team_file_for_main_is_valid() -> None:
    team = Path(__file__).resolve().parents[2] / "team"
    assert load_policy(team, "main") == ReadPolicy(edm=("self",), pdm=("self",))


def test_profile_is_shared_but_other_users_are_never_allowed() -> None:
    acc = access_for(MemoryScope("u", "main", "s"), ReadPolicy())
    assert acc.allows("u", "karen", "profile") and not acc.allows("v", "main", "profile")


def test_delegated_scope_takes_the_callers_user() -> None:
    caller = MemoryScope("alice", "main", "s1")
    assert MemoryScope.delegated(caller, "karen", "s2") == MemoryScope("alice", "karen", "s2")
    with pytest.raises(ValueError):
        MemoryScope("", "main", "s")


def test_pattern_cues_and_keyword_hits() -> None:
    assert wants_pattern_note("앞으로 예산 추천은 이렇게 해")
    assert not wants_pattern_note("오늘 날씨 어때")
    assert pattern_hits(["예산", "추천"], "이번 달 예산을 추천해줘") == 2


def test_a_long_session_keeps_a_bounded_tail_in_process_and_never_reuses_a_turn_number():
    session = SessionMemory()
    for n in range(1, KEEP_TURNS + 41):
        session.add_turn(n, [Message("user", f"q{n}"), Message("assistant", f"a{n}")])
    assert len(session.turns) == KEEP_TURNS
    assert session.turn_numbers[0] == 41 and session.next_turn() == KEEP_TURNS + 41
    assert not session.is_new_turn(3)  # a dropped turn's episode exists: rewriting it overwrites
    assert session.previous_exchange() == (f"q{KEEP_TURNS + 40}", f"a{KEEP_TURNS + 40}")


def test_a_desk_turn_counts_toward_the_window_but_only_its_words_are_shown() -> None:
    s = SessionMemory()
    s.add_turn(1, turn(1))
    s.add_turn(2, [Message("user", "I need to call the bank tomorrow."),
                   Message("assistant", "Got it: call the bank, tomorrow.")], desk=True)
    s.add_turn(3, turn(3))
    shown = s.window(3)
    assert [m.content for m in shown] == ["질문 1", "답 1", "질문 3", "답 3"]
    assert s.desk_requests(3) == ["I need to call the bank tomorrow."]
    assert s.window(1) == turn(3) and s.desk_requests(1) == []  # the desk turn is older than a 1-turn window


def test_a_desk_turn_rewritten_by_the_model_is_shown_again() -> None:
    s = SessionMemory()
    s.add_turn(1, turn(1), desk=True)
    s.add_turn(1, turn(1))
    assert s.window(3) == turn(1) and s.desk_requests(3) == []


def test_desk_marks_leave_with_the_turns_they_mark() -> None:
    s = SessionMemory()
    for n in range(1, KEEP_TURNS + 6):
        s.add_turn(n, turn(n), desk=n % 2 == 0)
    assert min(s.desk_turns) >= min(s.turn_numbers) and len(s.desk_turns) <= KEEP_TURNS


def test_a_context_cut_to_fewer_past_turns_keeps_whole_turns_and_at_zero_only_what_is_not_conversation() -> None:
    from datetime import datetime

    from jarvisd.memory.context import MemoryContext
    from jarvisd.memory.items import new_item
    from jarvisd.memory.scoring import Scored

    def recalled(source: str, content: str) -> Scored:
        item = new_item(user="u", agent="main", session="s", source=source, content=content,
                        created_at=datetime(2026, 12, 1), item_id=content)
        return Scored(item=item, score=1.0, relevance=1.0, cue=0.0)

    ctx = MemoryContext(window=[m for n in (1, 2, 3) for m in turn(n, tool=n == 3)], query="q",
                        desk_requests=["I need to call the bank."],
                        recalled=[recalled("turn", "사용자: hi\n답: hello"), recalled("fact", "Lives in Busan")])
    one = ctx.past_turns(1)
    assert one.window == turn(3, tool=True) and one.desk_requests == ["I need to call the bank."]
    assert len(one.recalled) == 2
    none = ctx.past_turns(0)
    assert none.window == [] and none.desk_requests == []
    assert [s.item.content for s in none.recalled] == ["Lives in Busan"]
    assert "call the bank" not in none.prompt_block() and "Busan" in none.prompt_block()
