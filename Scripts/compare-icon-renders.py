#!/usr/bin/env python3
"""Measures `iconforge render` against Icon Composer's own exports of the same icons.

    python3 Scripts/compare-icon-renders.py FOLDER... [--iconforge PATH] [--held-out NAME,...] [--keep DIR]

Each FOLDER holds one Icon Composer bundle (`*.icon` with an `icon.json`) and, anywhere below it, the PNGs
Icon Composer exports from it: `NAME-iOS-Default-1024x1024@1x.png`, `-Dark-`, `-TintedDark-`. The script
fetches nothing: bring the folders yourself. For each appearance with an export it runs
`iconforge render BUNDLE -o OUT --appearance A --size 1024` and prints the PSNR inside the icon mask (the
export's fully opaque pixels), light and dark on RGB, tinted on luminance, plus the share of the tinted
render that is not background (a blank tinted icon scores 0%). Exports are 16-bit Display P3 or 8-bit sRGB;
Display P3 (an iCCP profile naming P3, or cICP primaries 12) is converted to sRGB before comparing.
Folders named in --held-out are reported on their own lines: tune on the rest.

--via-generate measures what `generate BUNDLE --preset ios-single` writes instead (the full-bleed masters of
the asset catalog's any, dark and tinted slots), which also works with IconForge versions without `render`:
the "before" column of Docs/liquid-glass.md.

Needs numpy and netpbm's `pngtopam` (Debian: python3-numpy, and netpbm installed with --no-install-recommends:
the ghostscript it recommends brings fonts-urw-base35, which changes the font SVG text is drawn in).
"""
import argparse
import glob
import json
import math
import os
import struct
import subprocess
import sys
import tempfile
import zlib

import numpy as np

APPEARANCES = [("light", "Default"), ("dark", "Dark"), ("tinted", "TintedDark")]
# Linear Display P3 → linear sRGB (D65), as IconComposerColor converts colours.
P3_TO_SRGB = np.array([[1.2249401, -0.2249404, 0.0], [-0.0420569, 1.0420571, 0.0], [-0.0196376, -0.0786361, 1.0982735]])


def chunks(path):
    """The PNG's chunk types and bodies, IDAT left out."""
    data = open(path, "rb").read()
    at, found = 8, []
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind != b"IDAT":
            found.append((kind, data[at + 8:at + 8 + length]))
        at += 12 + length
    return found


def is_display_p3(path):
    for kind, body in chunks(path):
        if kind == b"iCCP":
            name = body.split(b"\0", 1)[0].decode("latin-1").lower()
            if "p3" in name:
                return True
            profile = zlib.decompress(body[len(name) + 2:])
            if b"P3" in profile or b"p3" in profile:
                return True
        if kind == b"cICP" and len(body) >= 1 and body[0] == 12:
            return True
    return False


def read_png(path):
    """RGBA as floats 0…1, sRGB-encoded (Display P3 converted), shape (h, w, 4)."""
    pam = subprocess.run(["pngtopam", "-alphapam", path], check=True, capture_output=True).stdout
    header, at, fields = {}, 0, []
    while True:
        end = pam.index(b"\n", at)
        line = pam[at:end].decode()
        at = end + 1
        if line == "ENDHDR":
            break
        parts = line.split()
        if len(parts) == 2:
            header[parts[0]] = parts[1]
    width, height, depth, maxval = (int(header[k]) for k in ("WIDTH", "HEIGHT", "DEPTH", "MAXVAL"))
    dtype = ">u2" if maxval > 255 else "u1"
    pixels = np.frombuffer(pam[at:], dtype=dtype, count=width * height * depth).reshape(height, width, depth).astype(np.float64) / maxval
    if depth == 2:
        pixels = np.concatenate([np.repeat(pixels[..., :1], 3, axis=2), pixels[..., 1:]], axis=2)
    elif depth == 3:
        pixels = np.concatenate([pixels, np.ones((height, width, 1))], axis=2)
    elif depth == 1:
        pixels = np.concatenate([np.repeat(pixels, 3, axis=2), np.ones((height, width, 1))], axis=2)
    if is_display_p3(path):
        linear = decode(pixels[..., :3]) @ P3_TO_SRGB.T
        pixels = np.concatenate([encode(np.clip(linear, 0, 1)), pixels[..., 3:]], axis=2)
    return pixels


def decode(v):
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def encode(v):
    return np.where(v <= 0.0031308, v * 12.92, 1.055 * np.power(v, 1 / 2.4) - 0.055)


def luminance(rgb):
    """Relative luminance, re-encoded to sRGB's curve so its errors weigh as the eye sees them."""
    lin = decode(rgb)
    return encode(lin[..., 0] * 0.2126 + lin[..., 1] * 0.7152 + lin[..., 2] * 0.0722)


def psnr(a, b, mask):
    error = ((a - b) ** 2)[mask].mean()
    return 99.0 if error <= 1e-12 else 10 * math.log10(1 / error)


def find_exports(folder, bundle=None):
    """The export of each appearance; where a folder holds exports of several documents (tankodex: Icon and
    IconOriginal), the ones named after the bundle."""
    found = {}
    name = os.path.splitext(os.path.basename(bundle))[0] if bundle else None
    for appearance, suffix in APPEARANCES:
        hits = sorted(glob.glob(os.path.join(folder, "**", f"*-iOS-{suffix}-1024x1024@1x.png"), recursive=True))
        named = [hit for hit in hits if os.path.basename(hit) == f"{name}-iOS-{suffix}-1024x1024@1x.png"]
        if named or hits:
            found[appearance] = (named or hits)[0]
    return found


def find_bundle(folder):
    hits = sorted(glob.glob(os.path.join(folder, "**", "*.icon", "icon.json"), recursive=True))
    return os.path.dirname(hits[0]) if hits else None


def generated(iconforge, bundle, scratch):
    """The appearances' PNGs `generate --preset ios-single` writes, by the Contents.json appearance of each."""
    out = os.path.join(scratch, "generated")
    subprocess.run([iconforge, "generate", bundle, "--preset", "ios-single", "-o", out, "-q"], check=True, capture_output=True)
    sets = glob.glob(os.path.join(out, "**", "*.appiconset"), recursive=True)
    contents = json.load(open(os.path.join(sets[0], "Contents.json")))
    found = {}
    for image in contents["images"]:
        names = [a["value"] for a in image.get("appearances", []) if a.get("appearance") == "luminosity"]
        found[{"dark": "dark", "tinted": "tinted"}.get(names[0] if names else "", "light")] = os.path.join(sets[0], image["filename"])
    return found


def measure(iconforge, folder, keep, via_generate=False):
    bundle = find_bundle(folder)
    exports = find_exports(folder, bundle)
    name = os.path.basename(os.path.normpath(folder))
    if not bundle or not exports:
        print(f"{name}: no .icon bundle or no exports; skipped", file=sys.stderr)
        return None
    scores = {}
    with tempfile.TemporaryDirectory() as scratch:
        try:
            made = generated(iconforge, bundle, scratch) if via_generate else {}
        except subprocess.CalledProcessError as error:
            print(f"{name}: generate failed: {error.stderr.decode().strip()}", file=sys.stderr)
            return name, {}
        for appearance, export in exports.items():
            out = made.get(appearance) or os.path.join(keep or scratch, f"{name}-{appearance}.png")
            if not via_generate:
                run = subprocess.run([iconforge, "render", bundle, "-o", out, "--appearance", appearance, "--size", "1024"],
                                     capture_output=True, text=True)
                if run.returncode != 0:
                    print(f"{name} {appearance}: render failed: {run.stderr.strip()}", file=sys.stderr)
                    continue
            ours, apple = read_png(out), read_png(export)
            if ours.shape != apple.shape:
                print(f"{name} {appearance}: sizes differ {ours.shape} vs {apple.shape}", file=sys.stderr)
                continue
            mask = apple[..., 3] > 0.999
            if (apple[..., 3] > 0.999).all():
                # An export without alpha (an asset catalog's copy) is opaque to its corners, outside the icon's
                # shape: compared inside the render's own shape.
                mask &= ours[..., 3] > 0.999
            if appearance == "tinted":
                la, lo = luminance(apple[..., :3]), luminance(ours[..., :3])
                background = np.median(lo[mask])
                drawn = (np.abs(lo - background) > 0.04)[mask].mean()
                scores[appearance] = (psnr(lo, la, mask), drawn)
            else:
                scores[appearance] = (psnr(ours[..., :3], apple[..., :3], mask[..., None].repeat(3, axis=2)), None)
    return name, scores


def table(rows, title):
    print(f"\n{title}")
    print("| bundle | light dB | dark dB | tinted luminance dB | tinted drawn |")
    print("|---|---|---|---|---|")
    sums = {a: [] for a, _ in APPEARANCES}
    for name, scores in rows:
        cells = []
        for appearance, _ in APPEARANCES:
            if appearance in scores:
                sums[appearance].append(scores[appearance][0])
                cells.append(f"{scores[appearance][0]:.1f}")
            else:
                cells.append("–")
        drawn = scores.get("tinted", (0, None))[1]
        cells.append("–" if drawn is None else f"{drawn * 100:.0f}%")
        print(f"| {name} | " + " | ".join(cells) + " |")
    means = [f"{sum(v) / len(v):.1f}" if v else "–" for v in sums.values()]
    mins = [f"{min(v):.1f}" if v else "–" for v in sums.values()]
    print(f"| mean | {means[0]} | {means[1]} | {means[2]} | |")
    print(f"| worst | {mins[0]} | {mins[1]} | {mins[2]} | |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--iconforge", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "release", "iconforge"))
    parser.add_argument("--held-out", default="", help="folder names kept out of tuning, reported apart")
    parser.add_argument("--keep", help="write the renders here instead of a temporary folder")
    parser.add_argument("--via-generate", action="store_true", help="measure generate's ios-single masters instead of render")
    args = parser.parse_args()
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    held = set(filter(None, args.held_out.split(",")))
    rows = [row for row in (measure(args.iconforge, folder, args.keep, args.via_generate) for folder in args.folders) if row]
    table([r for r in rows if r[0] not in held], "Tuning set")
    if held:
        table([r for r in rows if r[0] in held], "Held out")


if __name__ == "__main__":
    main()
