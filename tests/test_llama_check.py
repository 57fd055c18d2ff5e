"""The llama.cpp build check that setup and `jarvisd doctor` run: a decode of several tokens in a child process.

A native llama-cpp-python 0.3.36 build on a CPU with AMX died with SIGSEGV in every such decode (the daemon with it,
at its first model turn), while doctor said the model was ok."""

import pytest

from jarvisd.doctor import llama_cpp_report, main_exit_code
from jarvisd.llm import llama_check
from jarvisd.manifest import ModelStore


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return ModelStore(tmp_path_factory.mktemp("models"))


def test_this_machines_build_decodes_the_embedded_model(store):
    result = llama_check.check_decode(store.path("smollm2-135m"))
    assert result.ok, result.detail
    assert result.detail.startswith("decodes (")


def test_a_build_that_crashes_is_named_with_the_rebuild_command(store, monkeypatch):
    monkeypatch.setattr(llama_check, "_DECODE", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)")
    result = llama_check.check_decode(store.path("smollm2-135m"))
    assert not result.ok
    assert "crashes on this CPU (SIGSEGV while decoding)" in result.detail
    assert "CMAKE_ARGS=-DGGML_NATIVE=OFF" in result.detail


def test_a_failed_decode_names_its_last_error_line(store, monkeypatch):
    monkeypatch.setattr(llama_check, "_DECODE", "raise SystemExit('llama_decode returned -3')")
    result = llama_check.check_decode(store.path("smollm2-135m"))
    assert not result.ok and result.detail == "the decode failed (exit 1: llama_decode returned -3)"


def test_doctor_fails_when_the_build_crashes(store, monkeypatch):
    monkeypatch.setattr(llama_check, "_DECODE", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)")
    row = llama_cpp_report(store)
    assert row["ok"] is False
    report = {"backend": {"chat": "embedded:smollm2-135m"}, "llama_cpp": row}
    assert main_exit_code(report) == 1


def test_doctor_says_when_there_is_no_model_to_try(tmp_path):
    row = llama_cpp_report(ModelStore(tmp_path, manifest={}))
    assert row["ok"] is None and row["detail"].startswith("not checked: ")
