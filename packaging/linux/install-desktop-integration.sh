#!/bin/sh
# User-local desktop integration for trackbench, no root needed: for users who
# installed the binary with `cargo install --path .` (or copied it anywhere on
# PATH) instead of the .deb.
#
#   packaging/linux/install-desktop-integration.sh              install / refresh
#   packaging/linux/install-desktop-integration.sh --uninstall  remove again
#
# Installs, under $XDG_DATA_HOME (default ~/.local/share):
#   applications/trackbench.desktop        (Exec= points at the trackbench found)
#   mime/packages/trackbench.xml           (.gbx / .pak / .trk types)
#   icons/hicolor/<size>/apps/trackbench.png and scalable/apps/trackbench.svg
# then refreshes the MIME database, the desktop database and the icon cache
# when the tools are present, and makes trackbench the user's default for the
# three types in $XDG_CONFIG_HOME/mimeapps.list (only if no default is set).
# Running it again is harmless (idempotent).
#
# Environment: TRACKBENCH_BIN=/path/to/trackbench to use a specific binary.
set -eu

if [ -z "${HOME:-}" ] && { [ -z "${XDG_DATA_HOME:-}" ] || [ -z "${XDG_CONFIG_HOME:-}" ]; }; then
    echo "trackbench: HOME is not set; refusing to guess where to install" >&2
    exit 1
fi

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
data_home=${XDG_DATA_HOME:-$HOME/.local/share}
config_home=${XDG_CONFIG_HOME:-$HOME/.config}
apps="$data_home/applications"
mime="$data_home/mime"
icons="$data_home/icons/hicolor"
sizes="16 24 32 48 64 128 256 512"
types="application/x-gbx application/x-nadeo-pak application/x-stunts-track"

say() { printf 'trackbench: %s\n' "$*"; }

refresh() {
    if command -v update-mime-database >/dev/null 2>&1; then
        mkdir -p "$mime/packages"
        update-mime-database "$mime"
    else
        say "update-mime-database not found (package shared-mime-info): file types registered on next MIME refresh"
    fi
    if command -v update-desktop-database >/dev/null 2>&1; then
        mkdir -p "$apps"
        update-desktop-database "$apps"
    else
        say "update-desktop-database not found (package desktop-file-utils): skipped"
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$icons/index.theme" ]; then
        gtk-update-icon-cache -q -t -f "$icons" || true
    fi
    # Touching the theme directory is what most desktops watch for new icons.
    [ -d "$icons" ] && touch "$icons" || true
}

# Remove our lines from mimeapps.list, only those pointing at trackbench.desktop.
unset_defaults() {
    list="$config_home/mimeapps.list"
    [ -f "$list" ] || return 0
    tmp=$(mktemp)
    grep -v -E '^application/(x-gbx|x-nadeo-pak|x-stunts-track)=trackbench\.desktop;?$' "$list" >"$tmp" || true
    cat "$tmp" >"$list"
    rm -f "$tmp"
}

# Add "type=trackbench.desktop" under [Default Applications] for each type that
# has no default yet (never overrides the user's choice).
set_defaults() {
    list="$config_home/mimeapps.list"
    mkdir -p "$config_home"
    [ -f "$list" ] || : >"$list"
    grep -q '^\[Default Applications\]' "$list" || printf '[Default Applications]\n' >>"$list"
    for t in $types; do
        grep -q "^$t=" "$list" && continue
        tmp=$(mktemp)
        awk -v line="$t=trackbench.desktop;" '
            { print }
            /^\[Default Applications\]$/ && !done { print line; done = 1 }
        ' "$list" >"$tmp"
        cat "$tmp" >"$list"
        rm -f "$tmp"
    done
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$apps/trackbench.desktop" "$mime/packages/trackbench.xml" \
        "$icons/scalable/apps/trackbench.svg"
    for s in $sizes; do rm -f "$icons/${s}x${s}/apps/trackbench.png"; done
    unset_defaults
    refresh
    say "desktop integration removed from $data_home"
    exit 0
elif [ $# -gt 0 ]; then
    echo "usage: $0 [--uninstall]" >&2
    exit 2
fi

# Which binary: $TRACKBENCH_BIN, else trackbench on PATH, else ~/.cargo/bin.
bin=${TRACKBENCH_BIN:-}
if [ -z "$bin" ]; then
    bin=$(command -v trackbench 2>/dev/null || true)
fi
if [ -z "$bin" ] && [ -x "${CARGO_HOME:-$HOME/.cargo}/bin/trackbench" ]; then
    bin="${CARGO_HOME:-$HOME/.cargo}/bin/trackbench"
fi
if [ -z "$bin" ]; then
    say "warning: no trackbench binary found (run \`cargo install --path .\` first);"
    say "         the .desktop entry will run \`trackbench\` from PATH"
    bin=trackbench
fi

mkdir -p "$apps" "$mime/packages" "$icons/scalable/apps"
# Exec/TryExec get the absolute path when we know it: desktop sessions often
# do not have ~/.cargo/bin on their PATH.
case "$bin" in
    /*) sed -e "s|^Exec=trackbench |Exec=$bin |" -e "s|^TryExec=trackbench\$|TryExec=$bin|" \
            "$here/trackbench.desktop" >"$apps/trackbench.desktop.tmp" ;;
    *) cp "$here/trackbench.desktop" "$apps/trackbench.desktop.tmp" ;;
esac
mv "$apps/trackbench.desktop.tmp" "$apps/trackbench.desktop"
chmod 644 "$apps/trackbench.desktop"
cp "$here/trackbench-mime.xml" "$mime/packages/trackbench.xml"
cp "$root/assets/icons/trackbench.svg" "$icons/scalable/apps/trackbench.svg"
for s in $sizes; do
    mkdir -p "$icons/${s}x${s}/apps"
    cp "$root/assets/icons/trackbench-$s.png" "$icons/${s}x${s}/apps/trackbench.png"
done
set_defaults
refresh
say "desktop integration installed in $data_home (binary: $bin)"
