#!/usr/bin/env bash
# The benchmark harness: IconForge against libvips, Pillow and ImageMagick on the same jobs, in one run.
# Installs the peers into places it owns when they are missing (ImageMagick and pngcheck from the system's
# packages, pyvips/pyvips-binary/Pillow/numpy into Benchmarks/.venv), builds iconforge in release mode (statically linked, as a Linux release ships),
# and writes Benchmarks/RESULTS.md and the Performance table of README.md.
# Usage: bash Benchmarks/run.sh [--runs N] [--jobs icons,launch,launch-photo,batch,svg,android-web,validate]
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
[ -x /usr/bin/convert ] && /usr/bin/convert -version 2>/dev/null | grep -q ImageMagick || missing+=(imagemagick)
command -v pngcheck >/dev/null || missing+=(pngcheck)
command -v rsvg-convert >/dev/null || missing+=(librsvg2-bin)
[ -x /usr/bin/time ] || missing+=(time)
if [ "${#missing[@]}" -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
if [ ! -x Benchmarks/.venv/bin/python ]; then
    python3 -m venv Benchmarks/.venv
    Benchmarks/.venv/bin/pip install -q --upgrade pip
fi
Benchmarks/.venv/bin/python -c "import pyvips, PIL, numpy" 2>/dev/null \
    || Benchmarks/.venv/bin/pip install -q pyvips pyvips-binary pillow numpy

# The build a Linux release ships: the Swift runtime linked in statically, which starts in 4 ms instead
# of 11 (no loader work for libswiftCore and Foundation); `make build`'s, the one `make install` and `make dist`
# use (.build-install/iconforge), so the everyday dynamically linked .build stays as it is.
make --no-print-directory build >/dev/null
exec Benchmarks/.venv/bin/python Benchmarks/harness.py "$@"
