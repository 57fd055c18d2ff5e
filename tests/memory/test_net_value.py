"""scripts/experiments/memory_net_value.py on a tiny LoCoMo-shaped conversation: evidence scoring,
`--answer-model` (scripted model, token-F1 judge) and the `turns+src` row after consolidation."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from jarvisd.llm.base import Message
from jarvisd.llm.scripted import ScriptedChatModel

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts" / "experiments"))

import memory_net_value as mnv  # noqa: E402
import net_value_answers as answers  # noqa: E402

FILLER = [("A", "Did you watch the game last night?"), ("B", "No, I was busy with work all evening."),
          ("A", "Work has been hectic for me too lately."), ("B", "We should both take a break soon.")]
SESSION_1 = [("A", "I just came back from my trip to Sweden, my grandma's home country."),
             ("B", "That sounds lovely! What did you bring back?"),
             ("A", "A hand-painted bowl that a friend made for my birthday."),
             ("B", "What a sweet gift."), *FILLER]
SESSION_2 = [("B", "I started pottery classes last week."), ("A", "Pottery! How is it going?"),
             ("B", "It is like therapy for me, I make cups and plates."), ("A", "I would love to see them."),
             *FILLER]


def turns(session: int, lines: Sequence[tuple[str, str]]) -> list[dict]:
    names = {"A": "Ana", "B": "Ben"}
    return [{"speaker": names[s], "dia_id": f"D{session}:{i}", "text": t} for i, (s, t) in enumerate(lines, 1)]


def dataset(tmp_path: Path) -> Path:
    conv = {"speaker_a": "Ana", "speaker_b": "Ben",
            "session_1_date_time": "1:56 pm on 8 May, 2023", "session_1": turns(1, SESSION_1),
            "session_2_date_time": "2:10 pm on 20 May, 2023", "session_2": turns(2, SESSION_2)}
    qa = [
        {"question": "Where did Ana travel?", "answer": "Sweden", "evidence": ["D1:1"], "category": 4},
        {"question": "What does Ben make in pottery class?", "answer": "cups and plates",
         "evidence": ["D2:3"], "category": 4},
        {"question": "What did Ben bring back from Sweden?", "adversarial_answer": "a bowl",
         "evidence": ["D1:3"], "category": 5},
        {"question": "Which instrument does Ana play?", "answer": "violin", "evidence": ["D:9:1"], "category": 4},
    ]
    path = tmp_path / "locomo-mini.json"
    path.write_text(json.dumps([{"sample_id": "mini-1", "conversation": conv, "qa": qa}]), encoding="utf-8")
    return path


def reader(messages: Sequence[Message]) -> dict:
    """A scripted answerer that reads the memory it is shown: it answers only what is in it."""
    prompt = messages[-1].content
    memory, _, question = prompt.partition("Question:")
    if "travel" in question and "Sweden" in memory:
        return {"text": "Sweden"}
    if "pottery" in question and "cups and plates" in memory:
        return {"text": "cups and plates\nbecause she said so"}
    return {"text": "Not mentioned in the conversation"}


def run(tmp_path: Path, *extra: str, **models: object) -> dict:
    out = tmp_path / "result.json"
    code = mnv.main(["--data", str(dataset(tmp_path)), "--embedder", "hashed", "--cache-dir", str(tmp_path),
                     "--out", str(out), "--png", str(tmp_path / "chart.png"), *extra], **models)  # type: ignore[arg-type]
    assert code == 0
    return json.loads(out.read_text(encoding="utf-8"))


def test_token_f1_and_the_adversarial_rule() -> None:
    assert answers.token_f1("The cups and plates.", "cups and plates") == 1.0
    assert answers.token_f1("Sweden", "Norway") == 0.0
    assert 0 < answers.token_f1("in Sweden last May", "Sweden") < 1
    assert answers.judge("Not mentioned in the conversation", "a bowl", 5).correct
    assert not answers.judge("a bowl", "a bowl", 5).correct  # the premise is false: answering it is wrong
    assert answers.judge("adoption agencies, counseling", "adoption agencies, counseling", 1).f1 > 0.5


@pytest.mark.slow  # a run of the LoCoMo experiment on a sample (seconds)
def test_evidence_scoring_without_a_model(tmp_path: Path) -> None:
    result = run(tmp_path)
    assert result["questions_scored"] == 3  # 'D:9:1' is read as D9:1, which this conversation lacks
    assert result["questions_without_valid_evidence"] == 1
    assert set(result["summary"]["all"]) == {"rag", "raw", "raw-cos"}
    assert result["answers"] == {} and result["extraction"] == {}
    assert (tmp_path / "chart.png").stat().st_size > 0


@pytest.mark.slow  # a run of the LoCoMo experiment on a sample (seconds)
def test_answer_model_answers_from_the_shown_memory_and_judges_by_f1(tmp_path: Path) -> None:
    model = ScriptedChatModel(reader)
    result = run(tmp_path, "--answer-limit", "2", answer_model=model)
    first, second = result["rows"][:2]
    for name in ("rag", "raw", "raw-cos"):
        assert first["systems"][name]["answer"] == {"text": "Sweden", "gold": "Sweden", "f1": 1.0, "correct": True}
        assert second["systems"][name]["answer"]["text"] == "cups and plates"  # first line only
    assert all("answer" not in s for row in result["rows"][2:] for s in row["systems"].values())
    assert result["answers"]["raw"] == {"answered": 2, "f1": 1.0, "correct": 1.0}
    prompt = model.calls[0][0][-1].content
    assert "Memory:" in prompt and "Where did Ana travel?" in prompt


def test_without_an_answering_model_the_run_stops_with_a_clear_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def none_here(spec: str) -> object:
        raise answers.NoAnswerModel("no answering LLM available: Ollama is down and no embedded model")

    monkeypatch.setattr(mnv, "select_answer_model", none_here)
    code = mnv.main(["--data", str(dataset(tmp_path)), "--embedder", "hashed", "--cache-dir", str(tmp_path),
                     "--out", str(tmp_path / "r.json"), "--answer-model", "auto"])
    assert code == 2 and "no answering LLM available" in capsys.readouterr().err
    assert not (tmp_path / "r.json").exists()


@pytest.mark.slow  # a run of the LoCoMo experiment on a sample (seconds)
def test_turns_src_shows_each_fact_with_its_source_turn(tmp_path: Path) -> None:
    facts = {"text": json.dumps([{"key": "trip", "value": "Ana travelled to Sweden", "importance": 0.9},
                                 {"key": "hobby", "value": "Ben makes cups in pottery class", "importance": 0.8},
                                 {"key": "small talk", "value": "the game", "importance": 0.1}])}
    extract = ScriptedChatModel([facts, {"text": "[]"}] * 4, name="scripted-extractor")
    result = run(tmp_path, extract_model=extract)
    assert result["extraction"]["facts"] >= 2 and result["extraction"]["deferred_batches"] == 0
    assert "turns+src" in result["summary"]["all"]
    travel = result["rows"][0]["systems"]["turns+src"]
    assert travel["hit"] and travel["evidence_rank"]["D1:1"] == 1  # the fact, its source turn after it
    cache = json.loads((tmp_path / "extractions-scripted-extractor.json").read_text(encoding="utf-8"))
    assert len(cache) == 2  # one batch per session, kept for reruns


def test_the_rules_extractor_keeps_first_person_sentences_through_the_real_parser() -> None:
    from net_value_extractor import rule_extractor_model

    from jarvisd.memory.extract import llm_extractor

    extract = llm_extractor(rule_extractor_model())
    facts = extract(["Ana: Wow! I just came back from my trip to Sweden. It was great.", "Ben: Nice one!",
                     "Ana: Look [shares a photo: I am at my home in Sweden]"])
    assert [(f.key, f.value, f.importance) for f in facts] == [
        ("Ana", "I just came back from my trip to Sweden.", 0.7)]


@pytest.mark.slow  # a run of the LoCoMo experiment on a sample (seconds)
def test_the_offline_ranking_replay_gives_what_the_full_run_gives(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """recall_ranking.py: the candidates kept by `dump`, ranked again with the shipped setting, show the
    same evidence as memory_net_value.py's own run; `grid` prints that setting first."""
    import recall_ranking

    from jarvisd.memory import scoring

    full = run(tmp_path)
    kept = tmp_path / "ranking.pkl"
    assert recall_ranking.main(["dump", "--data", str(dataset(tmp_path)), "--embedder", "hashed",
                                "--cache-dir", str(tmp_path), "--out", str(kept)]) == 0
    rows = recall_ranking.pickle.loads(kept.read_bytes())
    shipped = recall_ranking.shipped_setting()
    assert recall_ranking.replay(rows, *shipped) == [r["systems"]["raw"]["recall"] for r in full["rows"]]
    assert scoring.RELEVANCE_BAND == shipped[0]
    capsys.readouterr()
    assert recall_ranking.main(["grid", "--dump", str(kept)]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[1].endswith("(shipped)") and scoring.RELEVANCE_BAND == shipped[0]


def test_the_chart_goes_beside_the_result_unless_asked_for_docs(tmp_path: Path) -> None:
    args = mnv.parse_args(["--data", "x.json", "--out", str(tmp_path / "nv.json")])
    assert mnv.chart_path(args) == tmp_path / "nv.png"
    default = mnv.parse_args(["--data", "x.json"])
    assert "docs" not in mnv.chart_path(default).parts, "the committed chart is written only when asked"
    asked = mnv.parse_args(["--data", "x.json", "--png", "docs/memory-net-value.png"])
    assert mnv.chart_path(asked) == Path("docs/memory-net-value.png")


def test_embedding_shows_a_progress_bar_with_rate_and_time_left(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from jarvisd.memory.testing import HashedNgramEmbedder

    cached = mnv.CachedEmbedder(HashedNgramEmbedder(dimensions=32), tmp_path / "emb.sqlite")
    cached.warm([f"text number {i}" for i in range(40)], progress=True)
    bar = capsys.readouterr().err
    assert "embedding" in bar and "40/40" in bar and "text/s" in bar and "<00:00" in bar
    assert "embedding 16/40embedding" not in bar
    cached.warm([f"text number {i}" for i in range(40)], progress=True)
    assert capsys.readouterr().err == "", "nothing left to embed: no bar"
