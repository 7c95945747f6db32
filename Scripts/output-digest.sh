#!/usr/bin/env bash
# Prints a digest of everything `iconforge generate` writes for every preset from several kinds of master (a
# full-bleed PNG, a glyph on transparency, an SVG, a JPEG), into new folders and into the repository's fixture
# projects (catalogs, an Android project, websites). Run it with the binary before and after a refactor and diff:
#   bash Scripts/output-digest.sh /tmp/old-iconforge > /tmp/before.txt
#   bash Scripts/output-digest.sh .build/release/iconforge > /tmp/after.txt && diff /tmp/before.txt /tmp/after.txt
# Files whose bytes name the run (the write ledger, backups' time stamps, icons.html's timing) are left out.
set -euo pipefail
binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
cd "$(dirname "$0")/.."
root="$(pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

masters=(
    "full=$root/TestImages/app-icon-master.png"
    "glyph=$root/TestImages/glyph-master.png"
    "svg=$root/TestImages/sources/icon.svg"
    "jpeg=$root/TestImages/sources/baseline.jpg"
)
presets=$("$binary" presets | awk '{print $1}')

digest() {  # folder label
    (cd "$1" && find . -type f ! -path '*/.iconforge-backup/*' ! -name '.iconforge-ledger*' ! -name 'icons.html' -print0 \
        | sort -z | xargs -0 -r sha256sum | sed "s#  \./#  $2/#")
}

run() {  # label folder args...
    local label="$1" folder="$2"; shift 2
    if ! "$binary" generate "$@" -o "$folder" --quiet > "$work/log" 2>&1; then
        echo "$label: failed: $(head -c 300 "$work/log" | tr '\n' ' ')"
    fi
    [ -d "$folder" ] && digest "$folder" "$label"
    return 0
}

for entry in "${masters[@]}"; do
    name="${entry%%=*}"; master="${entry#*=}"
    for preset in $presets; do
        run "$name/$preset" "$work/$name/$preset" "$master" --preset "$preset" --fit fit --allow-upscale
    done
    # A run of several platforms together shares one decode and one pyramid.
    run "$name/all" "$work/$name/all" "$master" --preset ios,macos,android,web,windows,linux --fit fit --allow-upscale
done
# Into the fixture projects, as users run it: their files kept, updated in place.
for fixture in TestImages/catalogs/*.xcassets TestImages/android/Project TestImages/web TestImages/web-flutter; do
    copy="$work/fixtures/$(basename "$fixture")"
    mkdir -p "$(dirname "$copy")" && cp -R "$fixture" "$copy"
    case "$fixture" in
        *.xcassets) preset=ios ;;
        *android*) preset=android ;;
        *) preset=web ;;
    esac
    run "fixture/$(basename "$fixture")" "$copy" "$root/TestImages/app-icon-master.png" --preset "$preset"
done
