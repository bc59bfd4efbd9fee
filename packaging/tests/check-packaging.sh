#!/bin/bash
# Packaging checks for trackbench (not part of .ci/run: building the release
# binary and the .deb takes 15-25 minutes on a small machine).
#
#   packaging/tests/check-packaging.sh [--no-deb|--no-build] [--install] [--xdg-open] [--keep]
#
#   (default)   static checks (MIME XML, .desktop, Info.plist, WiX/wixl MSI,
#               icons), the user-local install script in a throw-away HOME,
#               and `cargo deb` + inspection of the .deb (contents, Depends)
#   --no-deb    skip building the .deb
#   --no-build  package the release binary already in the target dir (cargo deb --no-build)
#   --install   also install the .deb with apt-get/dpkg (root only), check
#               `xdg-mime query filetype/default` and desktop-file-validate on
#               the installed files, then remove the package again
#   --xdg-open  with --install: `xdg-open` a corpus .Gbx under Xvfb, check that
#               trackbench started with that file, save a screenshot to
#               $SCREENSHOT (default /tmp/trackbench-xdg-open.png)
#   --keep      leave the package installed
#
# Each missing tool turns its checks into a SKIP with a message; any failed
# check makes the script exit 1. The last line reads "N passed, N failed, N skipped".
# Uses $CARGO_TARGET_DIR when set (the .deb lands in $CARGO_TARGET_DIR/debian).
# Corpus: $TRACKBENCH_CORPUS (default ../shared/corpus, beside the repository).
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
do_deb=1 do_install=0 do_open=0 keep=0 nobuild=
for a in "$@"; do
    case "$a" in
        --no-deb) do_deb=0 ;;
        --no-build) nobuild=--no-build ;;
        --install) do_install=1 ;;
        --xdg-open) do_open=1 ;;
        --keep) keep=1 ;;
        *) echo "usage: $0 [--no-deb|--no-build] [--install] [--xdg-open] [--keep]" >&2; exit 2 ;;
    esac
done

pass=0 fail=0 skip=0
ok()   { pass=$((pass + 1)); printf 'PASS %s\n' "$*"; }
bad()  { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; }
skp()  { skip=$((skip + 1)); printf 'SKIP %s\n' "$*"; }
have() { command -v "$1" >/dev/null 2>&1; }
check() { # check "description" command...
    local d=$1; shift
    local out
    if out=$("$@" 2>&1); then ok "$d"; else bad "$d"; printf '%s\n' "$out" | sed 's/^/     /' | head -20; fi
}

corpus=${TRACKBENCH_CORPUS:-}
if [ -z "$corpus" ] && [ -d "$root/../shared/corpus" ]; then
    corpus=$(cd "$root/../shared/corpus" && pwd)
fi
gbx_file= trk_file= pak_file=
if [ -n "$corpus" ]; then
    gbx_file=$(find "$corpus/gbx" -maxdepth 1 -iname '*.gbx' 2>/dev/null | sort | head -1)
    trk_file=$(find "$corpus/trk" -maxdepth 1 -iname '*.trk' 2>/dev/null | sort | head -1)
    pak_file=$(find "$corpus/pak-synthetic" -maxdepth 1 -iname '*.pak' 2>/dev/null | sort | head -1)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Fallback samples made here, so the MIME checks also run without the corpus.
[ -n "$gbx_file" ] || { printf 'GBX\006\000BUCR' >"$work/Sample.Map.Gbx"; gbx_file="$work/Sample.Map.Gbx"; }
[ -n "$pak_file" ] || { printf 'NadeoPak\003\000\000\000' >"$work/sample.pak"; pak_file="$work/sample.pak"; }
[ -n "$trk_file" ] || { head -c 1802 /dev/zero >"$work/SAMPLE.TRK"; trk_file="$work/SAMPLE.TRK"; }
printf 'PACK\000\000\000\000\000\000\000\000' >"$work/quake.pak"   # must stay application/x-pak

echo "== static checks"
if have xmllint; then
    check "MIME XML well-formed" xmllint --noout packaging/linux/trackbench-mime.xml
    check "WiX source well-formed" xmllint --noout packaging/windows/main.wxs
    check "Info.plist well-formed" xmllint --noout packaging/macos/Info.plist
else
    skp "xmllint missing (apt-get install libxml2-utils): XML well-formedness not checked"
fi
for t in application/x-gbx application/x-nadeo-pak application/x-stunts-track; do
    check "MIME XML declares $t" grep -q "type=\"$t\"" packaging/linux/trackbench-mime.xml
    check ".desktop MimeType lists $t" grep -q "^MimeType=.*$t;" packaging/linux/trackbench.desktop
done
check ".desktop Exec=trackbench %F" grep -qx 'Exec=trackbench %F' packaging/linux/trackbench.desktop
check "MIME XML: GBX magic at 0, NadeoPak magic at 0" \
    sh -c 'grep -q "offset=\"0\" value=\"GBX\"" packaging/linux/trackbench-mime.xml && grep -q "offset=\"0\" value=\"NadeoPak\"" packaging/linux/trackbench-mime.xml'
if have desktop-file-validate; then
    check "desktop-file-validate trackbench.desktop" desktop-file-validate packaging/linux/trackbench.desktop
else
    skp "desktop-file-validate missing (apt-get install desktop-file-utils)"
fi

# Info.plist: plutil (macOS) > plistutil (libplist-utils) > python plistlib.
if have plutil; then
    check "plutil -lint Info.plist" plutil -lint packaging/macos/Info.plist
elif have plistutil; then
    check "plistutil parses Info.plist" plistutil -i packaging/macos/Info.plist -o "$work/Info.bin" -f bin
else
    skp "plutil/plistutil missing: Info.plist only checked with python below"
fi
if have python3; then
    check "Info.plist declares the three types; cargo-bundle fragment matches" python3 - <<'PY'
import plistlib, sys
full = plistlib.load(open("packaging/macos/Info.plist", "rb"))
frag = open("packaging/macos/document-types.plist-fragment").read()
wrapped = ('<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>' + frag + '</dict></plist>').encode()
part = plistlib.loads(wrapped)
for k in ("CFBundleDocumentTypes", "UTExportedTypeDeclarations"):
    if part.get(k) != full.get(k):
        sys.exit(f"fragment {k} differs from Info.plist")
exts = sorted(e for u in full["UTExportedTypeDeclarations"] for e in u["UTTypeTagSpecification"]["public.filename-extension"])
if exts != ["gbx", "pak", "trk"]:
    sys.exit(f"exported UTI extensions: {exts}")
utis = {u["UTTypeIdentifier"] for u in full["UTExportedTypeDeclarations"]}
docs = {c for d in full["CFBundleDocumentTypes"] for c in d["LSItemContentTypes"]}
if utis != docs:
    sys.exit(f"document types {docs} != exported UTIs {utis}")
if full.get("CFBundleExecutable") != "trackbench":
    sys.exit("CFBundleExecutable")
PY
else
    skp "python3 missing: Info.plist contents not checked"
fi

# Icons: every PNG size present with the right dimensions, the .ico has 16..256.
if have identify; then
    for s in 16 24 32 48 64 128 256 512; do
        check "icon trackbench-$s.png is ${s}x${s}" \
            sh -c "[ \"\$(identify -format '%wx%h' assets/icons/trackbench-$s.png)\" = ${s}x${s} ]"
    done
    check "trackbench.ico holds 16, 24, 32, 48, 64, 128, 256" sh -c \
        "identify -format '%w\n' assets/icons/trackbench.ico | sort -n | tr '\n' ' ' | grep -q '^16 24 32 48 64 128 256 \$'"
else
    skp "ImageMagick identify missing: icon sizes not checked"
fi

# WiX: wixl (Debian package wixl, from msitools) builds an MSI from the same
# source with a stand-in trackbench.exe; then the Registry table is inspected.
if have wixl; then
    mkdir -p "$work/bin"
    printf 'MZ stand-in for trackbench.exe' >"$work/bin/trackbench.exe"
    relbin=$(realpath --relative-to=. "$work/bin")   # wixl cannot take absolute source paths
    version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
    if wixl -a x64 -D Version="$version" -D CargoTargetBinDir="$relbin" \
        -o "$work/trackbench.msi" packaging/windows/main.wxs >"$work/wixl.log" 2>&1; then
        ok "wixl builds an MSI from packaging/windows/main.wxs"
        if have msiinfo; then
            msiinfo export "$work/trackbench.msi" Registry >"$work/registry.txt" 2>/dev/null
            for e in gbx pak trk; do
                check "MSI registers .$e with an open verb and icon" sh -c "
                    grep -q 'Software\\\\Classes\\\\.$e	' '$work/registry.txt' &&
                    grep -q 'Software\\\\Classes\\\\trackbench.$e\\\\shell\\\\open\\\\command' '$work/registry.txt' &&
                    grep -q 'Software\\\\Classes\\\\trackbench.$e\\\\DefaultIcon' '$work/registry.txt' &&
                    grep -q 'SystemFileAssociations\\\\.$e\\\\shell\\\\trackbench	.*Open with trackbench' '$work/registry.txt'"
            done
        else
            skp "msiinfo missing (apt-get install msitools): MSI tables not inspected"
        fi
    else
        bad "wixl builds an MSI from packaging/windows/main.wxs"
        sed 's/^/     /' "$work/wixl.log" | grep -v '^ *$' | head -20
    fi
else
    skp "wixl missing (apt-get install wixl msitools): the WiX source was only checked for well-formedness"
fi

echo "== user-local install script (throw-away HOME)"
fakehome="$work/home"
mkdir -p "$fakehome"
if ! have update-mime-database; then
    skp "update-mime-database missing (apt-get install shared-mime-info): install script not exercised"
else
    inst() { env -u XDG_DATA_HOME -u XDG_CONFIG_HOME HOME="$fakehome" TRACKBENCH_BIN=/opt/trackbench/bin/trackbench \
        sh packaging/linux/install-desktop-integration.sh "$@"; }
    check "install-desktop-integration.sh installs" inst
    check "install-desktop-integration.sh is idempotent (second run)" inst
    check "user .desktop Exec points at the binary" \
        grep -qx 'Exec=/opt/trackbench/bin/trackbench %F' "$fakehome/.local/share/applications/trackbench.desktop"
    check "user icons installed (48x48 PNG, scalable SVG)" test -f "$fakehome/.local/share/icons/hicolor/48x48/apps/trackbench.png" \
        -a -f "$fakehome/.local/share/icons/hicolor/scalable/apps/trackbench.svg"
    check "mimeapps.list has each type once" sh -c \
        "[ \$(grep -c '=trackbench.desktop;' '$fakehome/.config/mimeapps.list') = 3 ]"
    if have xdg-mime && have mimetype; then
        q() { env -u XDG_DATA_HOME -u XDG_CONFIG_HOME -u XDG_DATA_DIRS HOME="$fakehome" xdg-mime query "$@" 2>/dev/null; }
        check "user: .Gbx -> application/x-gbx" test "$(q filetype "$gbx_file")" = application/x-gbx
        check "user: .pak (NadeoPak) -> application/x-nadeo-pak" test "$(q filetype "$pak_file")" = application/x-nadeo-pak
        check "user: .TRK -> application/x-stunts-track" test "$(q filetype "$trk_file")" = application/x-stunts-track
        check "user: Quake PACK .pak stays application/x-pak" test "$(q filetype "$work/quake.pak")" = application/x-pak
        check "user: default for application/x-gbx is trackbench.desktop" test "$(q default application/x-gbx)" = trackbench.desktop
    else
        skp "xdg-mime or mimetype missing (apt-get install xdg-utils libfile-mimeinfo-perl): type lookups not checked"
    fi
    check "install-desktop-integration.sh --uninstall" inst --uninstall
    check "uninstall removed every file it installed" sh -c \
        "! find '$fakehome' -name 'trackbench*' | grep -q . && ! grep -q trackbench '$fakehome/.config/mimeapps.list'"
fi

echo "== .deb"
deb=
if [ "$do_deb" = 0 ]; then
    skp ".deb build (--no-deb)"
elif ! have dpkg-deb; then
    skp "dpkg-deb missing: not a Debian-based system, .deb not built"
elif ! have cargo; then
    skp "cargo missing: .deb not built"
else
    if ! cargo deb --version >/dev/null 2>&1; then
        echo "cargo-deb missing: cargo install cargo-deb --locked (a few minutes)"
        cargo install cargo-deb --locked >"$work/cargo-deb-install.log" 2>&1 || true
    fi
    if ! cargo deb --version >/dev/null 2>&1; then
        skp "cargo-deb not installable here: .deb not built"
    else
        tdir=${CARGO_TARGET_DIR:-$root/target}
        rm -f "$tdir"/debian/trackbench_*.deb
        if cargo deb $nobuild >"$work/cargo-deb.log" 2>&1; then
            deb=$(ls -t "$tdir"/debian/trackbench_*.deb | head -1)
            ok "cargo deb built $deb"
        else
            bad "cargo deb"
            tail -30 "$work/cargo-deb.log" | sed 's/^/     /'
        fi
    fi
fi
if [ -n "$deb" ]; then
    dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$work/contents.txt"
    for p in /usr/bin/trackbench /usr/share/applications/trackbench.desktop \
        /usr/share/mime/packages/trackbench.xml /usr/share/icons/hicolor/scalable/apps/trackbench.svg \
        /usr/share/icons/hicolor/16x16/apps/trackbench.png /usr/share/icons/hicolor/256x256/apps/trackbench.png \
        /usr/share/icons/hicolor/512x512/apps/trackbench.png /usr/share/doc/trackbench/copyright; do
        check ".deb contains $p" grep -qx "$p" "$work/contents.txt"
    done
    depends=$(dpkg-deb -f "$deb" Depends)
    echo "     Depends: $depends"
    for lib in libc6 libx11-6 libx11-xcb1 libxcb1 libxcursor1 libxi6 libxkbcommon0 libxkbcommon-x11-0 \
        libwayland-client0 libwayland-egl1 libegl1 libgl1 libdbus-1-3; do
        check ".deb Depends on $lib" sh -c "printf '%s\n' '$depends' | tr ',' '\n' | grep -q '^ *$lib\\b'"
    done
    # Every library the binary links or dlopens must come from a dependency.
    dpkg-deb -x "$deb" "$work/root"
    bin="$work/root/usr/bin/trackbench"
    if have ldd; then
        ldd "$bin" >"$work/ldd.txt" 2>&1
        check "release binary links no missing library" sh -c "! grep -q 'not found' '$work/ldd.txt'"
    fi
    for so in libX11.so.6 libX11-xcb.so.1 libxcb.so.1 libXcursor.so.1 libXi.so.6 libxkbcommon.so.0 libxkbcommon-x11.so.0 \
        libwayland-client.so.0 libwayland-egl.so.1 libEGL.so.1 libGL.so.1 libdbus-1.so.3; do
        if grep -aq "$so" "$bin"; then ok "binary dlopens $so (covered by Depends)"; else skp "binary does not name $so"; fi
    done
    check "no maintainer scripts needed: file triggers of shared-mime-info/desktop-file-utils cover our dirs" \
        sh -c "! dpkg-deb -I '$deb' | grep -Eq 'postinst|prerm'"
fi

if [ "$do_install" = 1 ]; then
    echo "== install the .deb"
    if [ -z "$deb" ]; then
        skp "--install: no .deb was built"
    elif [ "$(id -u)" != 0 ]; then
        skp "--install needs root (apt-get install ./trackbench_*.deb)"
    else
        if apt-get install -y "$deb" >"$work/apt.log" 2>&1; then
            ok "apt-get install $(basename "$deb")"
            grep -E '^Processing triggers for (shared-mime-info|desktop-file-utils|hicolor-icon-theme)' "$work/apt.log" | sed 's/^/     /'
        else
            bad "apt-get install $(basename "$deb")"; tail -20 "$work/apt.log" | sed 's/^/     /'
        fi
        check "installed .desktop validates" desktop-file-validate /usr/share/applications/trackbench.desktop
        check "installed MIME database knows application/x-gbx" grep -q '^application/x-gbx$' /usr/share/mime/types
        check "mimeinfo.cache maps application/x-gbx to trackbench.desktop" \
            grep -q '^application/x-gbx=.*trackbench.desktop' /usr/share/applications/mimeinfo.cache
        cleanhome="$work/cleanhome"; mkdir -p "$cleanhome"
        q() { env -u XDG_DATA_HOME -u XDG_CONFIG_HOME -u XDG_DATA_DIRS -u XDG_CONFIG_DIRS HOME="$cleanhome" xdg-mime query "$@" 2>/dev/null; }
        check "system: .Gbx -> application/x-gbx ($(basename "$gbx_file"))" test "$(q filetype "$gbx_file")" = application/x-gbx
        check "system: .pak -> application/x-nadeo-pak ($(basename "$pak_file"))" test "$(q filetype "$pak_file")" = application/x-nadeo-pak
        check "system: .TRK -> application/x-stunts-track ($(basename "$trk_file"))" test "$(q filetype "$trk_file")" = application/x-stunts-track
        for t in application/x-gbx application/x-nadeo-pak application/x-stunts-track; do
            check "system: default for $t is trackbench.desktop" test "$(q default $t)" = trackbench.desktop
        done
        if [ "$do_open" = 1 ]; then
            if ! have Xvfb || ! have xdg-open; then
                skp "--xdg-open needs Xvfb and xdg-open"
            else
                disp=:96
                Xvfb "$disp" -screen 0 1400x900x24 >"$work/xvfb.log" 2>&1 &
                xvfb=$!
                sleep 2
                env -u XDG_CURRENT_DESKTOP -u DESKTOP_SESSION HOME="$cleanhome" DISPLAY="$disp" \
                    xdg-open "$gbx_file" >"$work/xdg-open.log" 2>&1 &
                started=
                for _ in $(seq 1 30); do
                    sleep 1
                    started=$(ps -eo pid=,args= | grep '[/]usr/bin/trackbench \|^ *[0-9]* trackbench ' | head -1)
                    [ -n "$started" ] && break
                done
                if [ -n "$started" ]; then
                    ok "xdg-open started: $started"
                    check "trackbench got the file as argument" sh -c "printf '%s' '$started' | grep -qF '$(basename "$gbx_file" | sed "s/'/'\\\\''/g")'"
                    sleep 8
                    shot=${SCREENSHOT:-/tmp/trackbench-xdg-open.png}
                    if have import; then
                        DISPLAY="$disp" import -window root "$shot" && echo "     screenshot: $shot"
                    fi
                    kill "${started%% *}" 2>/dev/null
                    sleep 1
                    if kill -0 "${started%% *}" 2>/dev/null; then kill -9 "${started%% *}" 2>/dev/null; fi
                else
                    bad "xdg-open did not start trackbench within 30 s"; sed 's/^/     /' "$work/xdg-open.log"
                fi
                kill "$xvfb" 2>/dev/null
            fi
        fi
        if [ "$keep" = 0 ]; then
            check "apt-get remove trackbench" sh -c "apt-get remove -y trackbench >'$work/remove.log' 2>&1"
            check "MIME types gone after removal" sh -c "! grep -q '^application/x-gbx$' /usr/share/mime/types"
        fi
    fi
fi

echo
echo "check-packaging: $pass passed, $fail failed, $skip skipped"
printf '%s passed, %s failed, %s skipped\n' "$pass" "$fail" "$skip"
[ "$fail" = 0 ]
