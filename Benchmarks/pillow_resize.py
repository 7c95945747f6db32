#!/usr/bin/env python3
"""Pillow's resize on the resampler benchmark's inputs: Image.resize(..., LANCZOS), single process.
Prints one JSON object per case with the median time, like iconforge-bench."""
import json
import statistics
import sys
import time

from PIL import Image

root = sys.argv[1] if len(sys.argv) > 1 else "."
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 15
icon = Image.open(f"{root}/glyph-1024.png").convert("RGBA")
launch = Image.open(f"{root}/launch-2732.png").convert("RGBA")
photo = Image.open(f"{root}/photo-2732.png").convert("RGBA")
icon.load()
launch.load()
photo.load()


def fill_box(size, out):
    """The source rectangle of an aspect-fill crop, centred, as Pillow's box= takes it."""
    w, h = size
    scale = max(out[0] / w, out[1] / h)
    cw, ch = out[0] / scale, out[1] / scale
    return ((w - cw) / 2, (h - ch) / 2, (w + cw) / 2, (h + ch) / 2)


cases = [("1024->180", icon, (180, 180), None), ("1024->29", icon, (29, 29), None),
         ("2732->1242x2208 fill", launch, (1242, 2208), fill_box(launch.size, (1242, 2208))),
         ("photo 2732->1242x2208 fill", photo, (1242, 2208), fill_box(photo.size, (1242, 2208)))]
for name, image, size, box in cases:
    image.resize(size, Image.LANCZOS, box=box)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        image.resize(size, Image.LANCZOS, box=box)
        times.append(time.perf_counter() - start)
    print(json.dumps({"case": name, "pillow_s": statistics.median(times), "mpix": image.size[0] * image.size[1] / 1e6}))
