from datetime import timedelta

from jarvisd.llm.base import Message, ToolCall
from jarvisd.memory.episodes import (
    EPISODE_CHARS,
    answer_parts,
    episode_text,
    split_paragraphs,
    turn_record,
)
from jarvisd.memory.facts import interferes, parse_fact, superseded
from jarvisd.memory.items import layer_for, new_item
from tests.memory.memory_fixtures import T0


def fact(i: str, content: str, user: str = "u"):
    parsed = parse_fact(content)
    return new_item(user=user, agent="main", session="s", source="explicit", content=content, item_id=i,
                    created_at=T0 + timedelta(minutes=int(i[-1]) if i[-1].isdigit() else 0),
                    topic=parsed.topic if parsed else "")


def test_topic_value_facts_parse_and_plain_text_does_not() -> None:
    assert parse_fact("거주지: 서울") is not None and parse_fact("거주지: 서울").topic == "거주지"
    assert parse_fact("Home City : Seoul").topic == "home city"
    assert parse_fact("오늘은 비가 온다") is None


def test_a_newer_fact_supersedes_the_same_topic_only() -> None:
    old, other, new = fact("f1", "거주지: 부산"), fact("f2", "직업: 개발자"), fact("f3", "거주지: 서울")
    marked = superseded(new, [old, other])
    assert [(m.id, m.superseded_by) for m in marked] == [("f1", "f3")]


def test_supersede_never_crosses_users() -> None:
    assert superseded(fact("f3", "거주지: 서울"), [fact("f1", "거주지: 부산", user="v")]) == []


def test_similar_values_under_different_topics_are_interference() -> None:
    assert interferes(fact("a", "회사 위치: 서울 강남구 역삼동"), fact("b", "집 위치: 서울 강남구 역삼동"))
    assert not interferes(fact("a", "회사 위치: 서울 강남구"), fact("b", "회사 위치: 서울 강남구"))
    assert not interferes(fact("a", "취미: 등산"), fact("b", "직업: 개발자"))
    assert interferes(fact("a", "취미: 등산"), fact("b", "직업: 개발자"), cosine=0.7)


def test_sources_map_to_layers_and_unknown_sources_are_episodes() -> None:
    assert layer_for("explicit") == "profile" and layer_for("extracted") == "profile"
    assert layer_for("task_pattern") == "pdm"
    assert layer_for("turn") == "edm" and layer_for("something_new") == "edm"


def test_turn_record_takes_task_type_from_first_tool_and_failure_from_tool_errors() -> None:
    msgs = [
        Message("user", "대출 이자 계산해줘"),
        Message("assistant", "", tool_calls=(ToolCall("loan_calc", "{}"), ToolCall("search", "{}"))),
        Message("tool", "error: rate missing", tool_name="loan_calc"),
        Message("assistant", "금리를 알려 주세요"),
    ]
    rec = turn_record(msgs)
    assert (rec.utterance, rec.answer) == ("대출 이자 계산해줘", "금리를 알려 주세요")
    assert (rec.task_type, rec.outcome, rec.tools) == ("loan_calc", "failure", ("loan_calc", "search"))
    chat = turn_record([Message("user", "안녕"), Message("assistant", "안녕하세요")])
    assert (chat.task_type, chat.outcome) == ("chat", "success")
    assert turn_record([Message("user", "x"), Message("assistant", "y")], model_error=True).outcome == "failure"


def test_episode_keeps_1000_chars_of_each_side_and_no_tool_results() -> None:
    text = episode_text("가" * 1500, "나" * 1500)
    assert text.count("가") == EPISODE_CHARS and text.count("나") == EPISODE_CHARS


def test_short_answers_have_no_parts() -> None:
    assert answer_parts("질문", "짧은 답") == []


def test_long_answer_parts_restart_the_cut_paragraph_and_stop_at_two() -> None:
    paras = [f"문단{i} " + "가" * 590 for i in range(8)]
    answer = "\n\n".join(paras)
    parts = answer_parts("긴 질문", answer)
    assert len(parts) == 2
    assert parts[0].startswith("사용자: 긴 질문\n답(2): 문단1 ")  # paragraph 1 was cut at 1,000 chars
    assert parts[1].startswith("사용자: 긴 질문\n답(3): 문단2 ")  # one 594-char paragraph per chunk


def test_paragraph_chunks_never_exceed_the_limit() -> None:
    chunks = split_paragraphs("\n\n".join(["a" * 300] * 7 + ["b" * 2500]), 1000)
    assert all(len(c) <= 1000 for c in chunks)
    assert "".join(chunks).replace("\n", "").count("b") == 2500
