#!/usr/bin/env bash
# Resampler benchmark: IconForge's resampler (release build) against Pillow's Image.resize(LANCZOS) on the
# same RGBA inputs, in one run. Usage: bash Benchmarks/resize.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-15}"
work=Benchmarks/.work
mkdir -p "$work"

if [ ! -x Benchmarks/.venv/bin/python ]; then
    python3 -m venv Benchmarks/.venv
    Benchmarks/.venv/bin/pip install -q --upgrade pip
fi
Benchmarks/.venv/bin/python -c "import PIL" 2>/dev/null || Benchmarks/.venv/bin/pip install -q pillow

# iconforge-bench is a package of its own (Benchmarks/Package.swift, build folder Benchmarks/.build), so the
# tests never compile it; iconforge itself comes from the package's .build, which `swift test -c release` fills.
swift build -c release --package-path Benchmarks --product iconforge-bench >/dev/null
swift build -c release --product iconforge >/dev/null
# RGBA inputs: the glyph master as it is, an RGBA copy of the launch master, and a photograph-like image.
cp TestImages/glyph-master.png "$work/glyph-1024.png"
.build/release/iconforge convert TestImages/launch-master.png --keep-alpha --out "$work/launch-2732.png" >/dev/null
# Both of those are mostly flat colour, which the resampler writes without filtering (flat margins); a
# photograph-like input with none shows the kernels themselves.
[ -f "$work/photo-2732.png" ] || Benchmarks/.venv/bin/python - "$work/photo-2732.png" <<'PY'
import sys
from PIL import Image, ImageChops, ImageFilter
side = 2732
channels = [ImageChops.add(Image.effect_noise((side, side), 90).filter(ImageFilter.GaussianBlur(radius)),
                           Image.effect_noise((side, side), 6), scale=1.0, offset=-128)
            for radius in (40, 12, 3)]
Image.merge("RGB", channels).convert("RGBA").save(sys.argv[1])
PY

Benchmarks/.build/release/iconforge-bench "$work" "$runs" > "$work/iconforge.jsonl"
Benchmarks/.venv/bin/python Benchmarks/pillow_resize.py "$work" "$runs" > "$work/pillow.jsonl"
Benchmarks/.venv/bin/python - "$work" <<'PY'
import json, sys, platform, datetime
work = sys.argv[1]
ours = {r["case"]: r for r in map(json.loads, open(f"{work}/iconforge.jsonl"))}
pil = {r["case"]: r for r in map(json.loads, open(f"{work}/pillow.jsonl"))}
import PIL
print(f"resampler benchmark, {datetime.date.today()}, {platform.machine()}, {ours[next(iter(ours))]['cores']} cores, Pillow {PIL.__version__}")
print("| case (RGBA, Lanczos-3) | IconForge 1 core | IconForge all cores | Pillow 1 core | Pillow / IconForge (1 core) |")
print("|---|---|---|---|---|")
for case, r in ours.items():
    mp = r["mpix"]
    p = pil[case]["pillow_s"]
    print(f"| {case} | {r['single_s']*1e3:.2f} ms = {mp/r['single_s']:.0f} Mpx/s | {r['all_s']*1e3:.2f} ms = {mp/r['all_s']:.0f} Mpx/s "
          f"| {p*1e3:.2f} ms = {mp/p:.0f} Mpx/s | {p/r['single_s']:.2f}x |")
PY
