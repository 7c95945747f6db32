#!/usr/bin/env bash
# Rewrites TestImages/expected-catalogs/<preset>/<set>/Contents.json from the current iconforge. These are the
# golden files the generate tests compare against: after running this, review the diff by hand against
# Xcode's format (ios-asset-sizes.md) before committing it.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product iconforge >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { .build/release/iconforge generate "$@" >/dev/null; }
run TestImages/app-icon-master.png --preset ios --out "$work/ios"
run TestImages/app-icon-master.png --preset ios-legacy --out "$work/ios-legacy"
run TestImages/app-icon-master.png --preset ios-universal --out "$work/ios-universal"
run TestImages/app-icon-master.png --preset ios-single --tinted auto --dark TestImages/glyph-master.png --out "$work/ios-single"
run TestImages/glyph-master.png --preset bar-icons --out "$work/bar-icons"
run TestImages/launch-master.png --preset launch-images --out "$work/launch-images"
run TestImages/glyph-master.png --preset launch-screen --launch-background '#0A1B2C' --out "$work/launch-screen"
for preset in macos watchos watchos-legacy carplay imessage; do
    run TestImages/app-icon-master.png --preset "$preset" --out "$work/$preset"
done
run TestImages/app-icon-master.png --preset visionos --layer front=TestImages/glyph-master.png --out "$work/visionos"
rm -rf TestImages/expected-catalogs
for preset in "$work"/*; do
    # Every Contents.json below the output folder, at its path (a visionOS stack nests three levels).
    (cd "$preset" && find . -mindepth 2 -name Contents.json) | while read -r contents; do
        target="TestImages/expected-catalogs/$(basename "$preset")/$(dirname "${contents#./}")"
        mkdir -p "$target"
        cp "$preset/$contents" "$target/"
    done
done
find TestImages/expected-catalogs -name Contents.json | sort
