#!/bin/sh
# Install jarvisd for the current user from this checkout's .venv:
#   packaging/install-user.sh            systemd user unit, enabled and started (systemctl --user enable --now)
#   packaging/install-user.sh autostart  XDG autostart entry instead (desktops without a systemd user session)
#   packaging/install-user.sh files      only link the binary and copy both files (no systemctl)
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
bin="$repo/.venv/bin/jarvisd"
config="${XDG_CONFIG_HOME:-$HOME/.config}"
mode="${1:-systemd}"

[ -x "$bin" ] || { echo "install-user: $bin is missing; run ./scripts/setup.sh first" >&2; exit 1; }
mkdir -p "$HOME/.local/bin" "$config/systemd/user"
ln -sf "$bin" "$HOME/.local/bin/jarvisd"
install -m 0644 "$repo/packaging/jarvisd.service" "$config/systemd/user/jarvisd.service"
echo "install-user: ~/.local/bin/jarvisd -> $bin"

case "$mode" in
  systemd)
    systemctl --user daemon-reload
    systemctl --user enable --now jarvisd.service
    echo "install-user: started; logs with: journalctl --user -u jarvisd -f" ;;
  autostart|files)
    mkdir -p "$config/autostart"
    install -m 0644 "$repo/packaging/jarvisd.desktop" "$config/autostart/jarvisd.desktop"
    echo "install-user: autostart entry in $config/autostart/jarvisd.desktop (starts at your next login)" ;;
  *)
    echo "usage: $0 [systemd|autostart|files]" >&2; exit 2 ;;
esac
