#!/usr/bin/env bash
# Fuzzes IconForge's readers of files other people wrote with libFuzzer, for a bounded time each:
#   bash Scripts/fuzz.sh [SECONDS]        (default 60 per target)
# Contents.json (validate's CatalogReader and generate's SetMerge) is seeded from every Contents.json under
# TestImages; PNG from TestImages' PNGs and, where ../shared exists, PngSuite and the regression corpora.
# Builds in .build-fuzz with -sanitize=fuzzer,address; not part of CI. Crashes land in .build-fuzz/findings.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
scratch=.build-fuzz
swift build -c release --package-path Fuzz --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=address \
    >/dev/null
bin="$scratch/release"
corpus="$scratch/corpus"
mkdir -p "$corpus/contents" "$corpus/png" "$scratch/findings"
i=0
while IFS= read -r -d '' file; do cp "$file" "$corpus/contents/seed-$((i++)).json"; done < <(find TestImages -name Contents.json -print0)
while IFS= read -r -d '' file; do cp "$file" "$corpus/png/"; done < <(find TestImages -name '*.png' -size -200k -print0)
[ -d ../shared/pngsuite ] && cp ../shared/pngsuite/*.png "$corpus/png/" 2>/dev/null || true
[ -d ../shared/png-regressions ] && find ../shared/png-regressions -type f -size -200k -exec cp {} "$corpus/png/" \; 2>/dev/null || true
for target in FuzzContentsJSON FuzzPNG; do
    case "$target" in FuzzContentsJSON) seeds="$corpus/contents";; *) seeds="$corpus/png";; esac
    echo "== $target for ${seconds}s ($(ls "$seeds" | wc -l) seeds)"
    # Leak checks are off: Swift's lazily initialised globals (made once, on the first input) read as leaks.
    # Memory that grows per input still ends the run through -rss_limit_mb.
    ASAN_OPTIONS=detect_leaks=0 FUZZ_SCRATCH="$scratch" "$bin/$target" "$seeds" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=1024 -detect_leaks=0 \
        -artifact_prefix="$scratch/findings/$target-" -print_final_stats=1 2>&1 | grep -E "stat::number_of_executed_units|stat::peak_rss|ERROR|SUMMARY|crash-|Done" || true
done
echo "findings: $(ls "$scratch/findings" | wc -l) (in $scratch/findings)"
