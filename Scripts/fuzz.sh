#!/usr/bin/env bash
# Fuzzes IconForge's readers of files other people wrote with libFuzzer, for a bounded time each:
#   bash Scripts/fuzz.sh [SECONDS] [TARGET ...]   (default 60 per target; every target, or the ones named)
# Contents.json (validate's CatalogReader and generate's SetMerge) is seeded from every Contents.json under
# TestImages; PNG from TestImages' PNGs and, where ../shared exists, PngSuite and the regression corpora;
# icon.json from TestImages' .icon bundles; a web folder from each manifest under TestImages and the index.html
# beside it (one input: manifest, a 0x00 byte, page); Android from each adaptive icon XML and each values XML
# (the same way); .ico and .icns from what the release binary (ICONFORGE, default .build/release/iconforge)
# generates from TestImages' masters, plus any committed under TestImages.
# Builds in .build-fuzz with -sanitize=fuzzer,address; not part of CI. Crashes, timeouts and out-of-memory inputs
# land in .build-fuzz/findings, named after their target.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
[ $# -gt 0 ] && shift
all=(FuzzContentsJSON FuzzPNG FuzzIconJSON FuzzWebManifest FuzzAndroidXML FuzzIco FuzzIcns)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
for target in "${targets[@]}"; do
    [[ " ${all[*]} " == *" $target "* ]] || { echo "unknown target $target (targets: ${all[*]})" >&2; exit 2; }
done
scratch=.build-fuzz
swift build -c release --package-path Fuzz --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=address \
    >/dev/null
bin="$scratch/release"
corpus="$scratch/corpus"
mkdir -p "$corpus"/{contents,png,iconjson,web,android,ico,icns} "$scratch/findings"
i=0
while IFS= read -r -d '' file; do cp "$file" "$corpus/contents/seed-$((i++)).json"; done < <(find TestImages -name Contents.json -print0)
while IFS= read -r -d '' file; do cp "$file" "$corpus/png/"; done < <(find TestImages -name '*.png' -size -200k -print0)
[ -d ../shared/pngsuite ] && cp ../shared/pngsuite/*.png "$corpus/png/" 2>/dev/null || true
[ -d ../shared/png-regressions ] && find ../shared/png-regressions -type f -size -200k -exec cp {} "$corpus/png/" \; 2>/dev/null || true
i=0
while IFS= read -r -d '' file; do cp "$file" "$corpus/iconjson/seed-$((i++)).json"; done < <(find TestImages -name icon.json -print0)
i=0
while IFS= read -r -d '' file; do
    page="$(dirname "$file")/index.html"
    { cat "$file"; printf '\0'; [ -f "$page" ] && cat "$page"; } > "$corpus/web/seed-$((i++))"
    [ -f "$page" ] && { printf '\0'; cat "$page"; } > "$corpus/web/seed-$((i++))"
done < <(find TestImages \( -name manifest.webmanifest -o -name manifest.json -o -name site.webmanifest \) -print0)
i=0
while IFS= read -r -d '' file; do
    cp "$file" "$corpus/android/seed-$((i++))"
    while IFS= read -r -d '' values; do
        { cat "$file"; printf '\0'; cat "$values"; } > "$corpus/android/seed-$((i++))"
    done < <(find "$(dirname "$(dirname "$file")")" -path '*/values*/*.xml' -print0)
done < <(find TestImages -path '*/mipmap-anydpi*/*.xml' -print0)
iconforge="${ICONFORGE:-.build/release/iconforge}"
if [ -x "$iconforge" ]; then
    for master in TestImages/glyph-master.png TestImages/app-icon-master.png; do
        name="$(basename "$master" .png)"
        rm -rf "$scratch/seedgen/$name"
        "$iconforge" generate "$master" --preset web -o "$scratch/seedgen/$name/web" --quiet >/dev/null 2>&1
        "$iconforge" generate "$master" --preset macos -o "$scratch/seedgen/$name/mac" --quiet >/dev/null 2>&1
        cp "$scratch/seedgen/$name/web/favicon.ico" "$corpus/ico/$name.ico"
        cp "$scratch/seedgen/$name/mac/AppIcon.icns" "$corpus/icns/$name.icns"
    done
else
    echo "note: no $iconforge (set ICONFORGE): .ico and .icns start from committed seeds only"
fi
find TestImages -iname '*.ico' -exec cp {} "$corpus/ico/" \;
find TestImages -iname '*.icns' -exec cp {} "$corpus/icns/" \;
for target in "${targets[@]}"; do
    case "$target" in
        FuzzContentsJSON) seeds="$corpus/contents";;
        FuzzPNG) seeds="$corpus/png";;
        FuzzIconJSON) seeds="$corpus/iconjson";;
        FuzzWebManifest) seeds="$corpus/web";;
        FuzzAndroidXML) seeds="$corpus/android";;
        FuzzIco) seeds="$corpus/ico";;
        FuzzIcns) seeds="$corpus/icns";;
    esac
    echo "== $target for ${seconds}s ($(ls "$seeds" | wc -l) seeds)"
    # Leak checks are off: Swift's lazily initialised globals (made once, on the first input) read as leaks.
    # Memory that grows per input still ends the run through -rss_limit_mb; an input taking 30 s is a finding.
    ASAN_OPTIONS=detect_leaks=0 FUZZ_SCRATCH="$scratch" "$bin/$target" "$seeds" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=1024 -detect_leaks=0 \
        -timeout=30 -artifact_prefix="$scratch/findings/$target-" -print_final_stats=1 2>&1 \
        | grep -E "stat::number_of_executed_units|stat::peak_rss|ERROR|SUMMARY|crash-|timeout-|oom-|slow-unit|Done" || true
    echo "$target findings: $(find "$scratch/findings" -name "$target-*" | wc -l)"
    find "$scratch/findings" -name "$target-*" | sed 's/^/  /'
    # The harnesses' scratch folders (iconforge-fuzz-PID) of processes that have ended.
    for folder in "$scratch"/iconforge-fuzz-*; do
        [ -d "$folder" ] && ! kill -0 "${folder##*-}" 2>/dev/null && rm -rf "$folder"
    done
done
echo "findings: $(ls "$scratch/findings" | wc -l) (in $scratch/findings)"
