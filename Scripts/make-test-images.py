#!/usr/bin/env python3
"""Regenerates everything in TestImages/ (run from anywhere: python3 Scripts/make-test-images.py).

The PNG writer here is independent of libpng on purpose: the fixtures test IconForge's libpng-based
decoder, so they must not be made by it. Each fixture `fixtures/NAME.png` comes with
`fixtures/NAME.rgba`, the pixels it must decode to (RGBA, 8 bits, or 16 bits big-endian when the
source has 16-bit samples). The sample masters need numpy; everything else is the standard library.
Output is deterministic: running it twice gives identical files.
"""
import json
import math
import os
import shutil
import struct
import sys
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "TestImages")
FIXTURES = os.path.join(ROOT, "fixtures")
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack_row(samples, depth):
    """Packs one row of samples (ints) at the given bit depth."""
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filter_rows(rows, bpp):
    """Filters rows with a rotating filter type so that all five are exercised."""
    out, prev = bytearray(), None
    for y, row in enumerate(rows):
        kind = y % 5
        up = prev if prev is not None else bytes(len(row))
        filtered = bytearray(len(row))
        for i, x in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = up[i]
            c = up[i - bpp] if i >= bpp else 0
            predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
            filtered[i] = (x - predictor) & 0xFF
        out.append(kind)
        out += filtered
        prev = row
    return bytes(out)


def encode_png(width, height, color_type, depth, pixels, interlace=False, extra_before_idat=b"",
               palette=None, trns=None, level=9):
    """pixels[y][x] is a tuple of samples for the colour type."""
    bpp = max(1, CHANNELS[color_type] * depth // 8)
    raw = bytearray()
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        xs = range(x0, width, dx)
        ys = range(y0, height, dy)
        if not xs or not ys:
            continue
        rows = [pack_row([s for x in xs for s in pixels[y][x]], depth) for y in ys]
        raw += filter_rows(rows, bpp)
    out = b"\x89PNG\r\n\x1a\n"
    out += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 1 if interlace else 0))
    out += extra_before_idat
    if palette is not None:
        out += chunk(b"PLTE", bytes(c for rgb in palette for c in rgb))
    if trns is not None:
        out += chunk(b"tRNS", trns)
    out += chunk(b"IDAT", zlib.compress(bytes(raw), level))
    out += chunk(b"IEND", b"")
    return out


def expected_rgba(width, height, color_type, depth, pixels, palette=None, trns_value=None, trns_alpha=None):
    """The RGBA a correct decoder produces, 16 bits big-endian for 16-bit sources, else 8 bits."""
    wide = depth == 16
    top = 65535 if wide else 255
    scale = {1: 255, 2: 85, 4: 17, 8: 1, 16: 1}[depth]
    out = bytearray()
    for y in range(height):
        for x in range(width):
            p = pixels[y][x]
            if color_type == 3:
                r, g, b = palette[p[0]]
                a = trns_alpha[p[0]] if trns_alpha is not None and p[0] < len(trns_alpha) else 255
            elif color_type in (0, 4):
                r = g = b = p[0] * scale
                a = p[1] if color_type == 4 else (0 if trns_value is not None and p[0] == trns_value else top)
            else:
                r, g, b = p[0], p[1], p[2]
                a = p[3] if color_type == 6 else (0 if trns_value is not None and tuple(p) == trns_value else top)
            for v in (r, g, b, a):
                out += struct.pack(">H", v) if wide else bytes([v])
    return bytes(out)


def write(name, data):
    with open(os.path.join(FIXTURES, name), "wb") as f:
        f.write(data)


def make_fixture(name, width, height, color_type, depth, interlace, pixel, palette=None, trns=None,
                 trns_value=None, trns_alpha=None):
    pixels = [[pixel(x, y) for x in range(width)] for y in range(height)]
    write(name + ".png", encode_png(width, height, color_type, depth, pixels, interlace, palette=palette, trns=trns))
    write(name + ".rgba", expected_rgba(width, height, color_type, depth, pixels, palette, trns_value, trns_alpha))


def make_fixtures():
    os.makedirs(FIXTURES, exist_ok=True)
    width, height = 13, 11  # odd sizes leave Adam7 passes partly empty
    for interlace in (False, True):
        tag = "i" if interlace else "n"
        for depth in (1, 2, 4, 8, 16):
            top = (1 << depth) - 1
            make_fixture(f"gray{depth}-{tag}", width, height, 0, depth, interlace,
                         lambda x, y, t=top: ((x * 7 + y * 3) % (t + 1),))
        for depth in (8, 16):
            top = (1 << depth) - 1
            make_fixture(f"grayalpha{depth}-{tag}", width, height, 4, depth, interlace,
                         lambda x, y, t=top: ((x * 977 + y * 131) % (t + 1), (x * y * 613 + 7) % (t + 1)))
            make_fixture(f"rgb{depth}-{tag}", width, height, 2, depth, interlace,
                         lambda x, y, t=top: ((x * 1013) % (t + 1), (y * 2039) % (t + 1), ((x + y) * 307) % (t + 1)))
            make_fixture(f"rgba{depth}-{tag}", width, height, 6, depth, interlace,
                         lambda x, y, t=top: ((x * 1013) % (t + 1), (y * 2039) % (t + 1), ((x ^ y) * 307) % (t + 1),
                                              (x * 40 + y * 23) % (t + 1)))
        for depth in (1, 2, 4, 8):
            entries = 1 << depth
            palette = [((i * 37) % 256, (i * 91) % 256, (255 - i * 13) % 256) for i in range(entries)]
            make_fixture(f"palette{depth}-{tag}", width, height, 3, depth, interlace,
                         lambda x, y, n=entries: ((x + y * 5) % n,), palette=palette)
        # tRNS on each colour type that can carry it.
        palette = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
        alphas = [0, 128, 255]  # the fourth entry has no tRNS value: opaque
        make_fixture(f"palette-trns-{tag}", width, height, 3, 8, interlace, lambda x, y: ((x + y) % 4,),
                     palette=palette, trns=bytes(alphas), trns_alpha=alphas)
        make_fixture(f"gray-trns-{tag}", width, height, 0, 8, interlace, lambda x, y: ((x * 20) % 256,),
                     trns=struct.pack(">H", 40), trns_value=40)
        make_fixture(f"rgb-trns-{tag}", width, height, 2, 8, interlace, lambda x, y: ((x % 3) * 100, y * 10, 7),
                     trns=struct.pack(">HHH", 100, 50, 7), trns_value=(100, 50, 7))
        make_fixture(f"gray16-trns-{tag}", width, height, 0, 16, interlace, lambda x, y: ((x * 5000) % 65536,),
                     trns=struct.pack(">H", 10000), trns_value=10000)


def icc_profile(description):
    """A minimal ICC v2 display profile whose only tag is its description (enough for libpng's checks)."""
    text = description.encode("ascii") + b"\0"
    desc = b"desc" + b"\0" * 4 + struct.pack(">I", len(text)) + text + struct.pack(">II", 0, 0) + b"\0" * 70
    desc += b"\0" * (-len(desc) % 4)
    size = 128 + 4 + 12 + len(desc)
    header = struct.pack(">I4sI4s4s4s", size, b"none", 0x02100000, b"mntr", b"RGB ", b"XYZ ")
    header += b"\0" * 12 + b"acsp" + b"\0" * 24 + struct.pack(">I", 0)
    header += struct.pack(">iii", 63190, 65536, 54061)  # D50 illuminant, s15Fixed16
    header += b"\0" * (128 - len(header))
    return header + struct.pack(">I", 1) + b"desc" + struct.pack(">II", 144, len(desc)) + desc


def make_colour_chunk_fixtures():
    """Opaque images carrying colour chunks, for info and validation tests."""
    pixels = [[(x * 30, y * 30, 90) for x in range(8)] for y in range(8)]
    for name, description in [("iccp-display-p3", "Display P3"), ("iccp-srgb", "sRGB IEC61966-2.1")]:
        profile = zlib.compress(icc_profile(description), 9)
        write(name + ".png", encode_png(8, 8, 2, 8, pixels, extra_before_idat=chunk(
            b"iCCP", description.encode("ascii")[:79] + b"\0\0" + profile)))
    write("gama-18.png", encode_png(8, 8, 2, 8, pixels, extra_before_idat=chunk(b"gAMA", struct.pack(">I", 55556))))
    write("srgb-chunk.png", encode_png(8, 8, 2, 8, pixels, extra_before_idat=chunk(b"sRGB", b"\0")))


def make_hostile():
    """Files that must be refused fast: each is small on disk and enormous if trusted."""
    os.makedirs(FIXTURES, exist_ok=True)
    sig = b"\x89PNG\r\n\x1a\n"
    # A header claiming 100000x100000; the IDAT is irrelevant, the limit fires first.
    write("hostile-huge-header.png", sig + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0))
          + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))
    # A genuinely valid 16384x16384 greyscale image: 268 Mpixel, a zlib bomb of about 260 KB.
    side = 16384
    compressor = zlib.compressobj(9)
    row = b"\0" * (side + 1)
    idat = b"".join(compressor.compress(row) for _ in range(side)) + compressor.flush()
    write("hostile-zlib-bomb.png", sig + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0))
          + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
    # A tiny valid image carrying a zTXt chunk that inflates to 1 GiB.
    compressor = zlib.compressobj(9)
    block = b"A" * (1 << 20)
    text = b"".join(compressor.compress(block) for _ in range(1024)) + compressor.flush()
    pixels = [[(x * 16, y * 16, 128) for x in range(16)] for y in range(16)]
    write("hostile-ztxt-1gib.png", encode_png(16, 16, 2, 8, pixels,
                                              extra_before_idat=chunk(b"zTXt", b"Comment\0\0" + text)))
    # Damaged copies of a good file.
    good = open(os.path.join(FIXTURES, "rgb8-n.png"), "rb").read()
    idat_at = good.index(b"IDAT")
    write("broken-truncated-idat.png", good[: idat_at + 20])
    bad_crc = bytearray(good)
    bad_crc[29] ^= 0xFF  # the IHDR CRC
    write("broken-ihdr-crc.png", bytes(bad_crc))
    # Right chunk CRCs around a zlib stream whose Adler-32 is wrong, as a faulty encoder writes it.
    at = idat_at - 4
    length = struct.unpack(">I", good[at:at + 4])[0]
    stream = bytearray(good[at + 8:at + 8 + length])
    stream[-1] ^= 0xFF
    write("broken-adler.png", good[:at] + chunk(b"IDAT", bytes(stream)) + good[at + 12 + length:])
    write("broken-signature.png", b"\x89PNG\r\r\n" + good[7:])
    write("broken-not-png.png", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + b"\0" * 32)
    write("broken-empty.png", b"")
    cgbi = sig + chunk(b"CgBI", b"\x50\x00\x20\x06") + good[8:]
    write("broken-cgbi.png", cgbi)


def write_png(path, width, height, color_type, depth, pixel, interlace=False, extra=b"", palette=None, trns=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    pixels = [[pixel(x, y) for x in range(width)] for y in range(height)]
    with open(path, "wb") as f:
        f.write(encode_png(width, height, color_type, depth, pixels, interlace, extra_before_idat=extra, palette=palette, trns=trns))


def contents_json(path, images, properties=None):
    """Contents.json the way Xcode writes it."""
    document = {"images": images, "info": {"author": "xcode", "version": 1}}
    if properties:
        document["properties"] = properties
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(json.dumps(document, indent=2, sort_keys=True, separators=(",", " : ")) + "\n")


def icon_pixel(size):
    """Full-bleed opaque icon art: a diagonal gradient with a bar across it."""
    return lambda x, y: ((x * 255) // size, (y * 255) // size, 128 if abs(x - y) > size // 8 else 250)


def make_validation_fixtures():
    """One file per defect, clean files, and a good and a broken asset catalog (TestImages/validation)."""
    root = os.path.join(ROOT, "validation")
    shutil.rmtree(root, ignore_errors=True)
    d = lambda *parts: os.path.join(root, *parts)
    art = icon_pixel(64)
    write_png(d("clean", "app-64.png"), 64, 64, 2, 8, art)
    write_png(d("clean", "glyph-25.png"), 25, 25, 6, 8, lambda x, y: (0, 0, 0, 255 if (x - 12) ** 2 + (y - 12) ** 2 < 80 else 0))
    write_png(d("defects", "interlaced.png"), 64, 64, 2, 8, art, interlace=True)
    write_png(d("defects", "sixteen-bit.png"), 64, 64, 2, 16, lambda x, y: tuple(v * 257 for v in art(x, y)))
    write_png(d("defects", "palette.png"), 64, 64, 3, 8, lambda x, y: ((x + y) % 4,), palette=[(255, 0, 0), (0, 255, 0), (0, 0, 255), (9, 9, 9)])
    write_png(d("defects", "greyscale.png"), 64, 64, 0, 8, lambda x, y: ((x * 4) % 256,))
    write_png(d("defects", "rgba-opaque.png"), 64, 64, 6, 8, lambda x, y: art(x, y) + (255,))
    write_png(d("defects", "translucent.png"), 64, 64, 6, 8, lambda x, y: art(x, y) + (200 if x > 40 and y > 50 else 255,))
    corner = lambda x, y: min(x, 63 - x) ** 2 + min(y, 63 - y) ** 2 if min(x, 63 - x) < 12 and min(y, 63 - y) < 12 else 999
    rounded = lambda x, y: (255, 255, 255) if corner(x, y) < 999 and (12 - min(x, 63 - x)) ** 2 + (12 - min(y, 63 - y)) ** 2 > 144 else (40, 90, 200)
    write_png(d("defects", "rounded-corners.png"), 64, 64, 2, 8, rounded)
    write_png(d("defects", "transparent-corners.png"), 64, 64, 6, 8, lambda x, y: (40, 90, 200, 0 if rounded(x, y) == (255, 255, 255) else 255))
    write_png(d("defects", "transparent-margin.png"), 64, 64, 6, 8, lambda x, y: art(x, y) + (255 if 6 <= x < 58 and 6 <= y < 58 else 0,))
    write_png(d("defects", "white-margin.png"), 64, 64, 2, 8, lambda x, y: art(x, y) if 6 <= x < 58 and 6 <= y < 58 else (255, 255, 255))
    write_png(d("defects", "generic-rgb.png"), 64, 64, 2, 8, art,
              extra=chunk(b"iCCP", b"Generic RGB Profile\0\0" + zlib.compress(icc_profile("Generic RGB Profile"))))
    # Display P3 is what iPhones show and catalogs support: silent, as sRGB is.
    write_png(d("clean", "display-p3.png"), 64, 64, 2, 8, art, extra=chunk(b"iCCP", b"Display P3\0\0" + zlib.compress(icc_profile("Display P3"))))
    # cHRM stating exactly sRGB's primaries, with gAMA 1/2.2 (as Photoshop's "save for web" writes it): silent.
    write_png(d("clean", "chrm-srgb.png"), 64, 64, 2, 8, art, extra=chunk(b"gAMA", struct.pack(">I", 45455))
              + chunk(b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)))
    write_png(d("defects", "gamma.png"), 64, 64, 2, 8, art, extra=chunk(b"gAMA", struct.pack(">I", 55556)))
    write_png(d("defects", "not-square.png"), 64, 40, 2, 8, art)
    good = open(d("clean", "app-64.png"), "rb").read()
    with open(d("defects", "truncated.png"), "wb") as f:
        f.write(good[: len(good) // 2])
    with open(d("defects", "cgbi.png"), "wb") as f:
        f.write(good[:8] + chunk(b"CgBI", b"\x50\x00\x20\x06") + good[8:])

    # A good catalog: the classic iPhone + iPad + App Store set, a template image set, launch images.
    icons = [("iphone", 20, 2), ("iphone", 20, 3), ("iphone", 29, 2), ("iphone", 29, 3), ("iphone", 40, 2), ("iphone", 40, 3),
             ("iphone", 60, 2), ("iphone", 60, 3), ("ipad", 20, 1), ("ipad", 20, 2), ("ipad", 29, 1), ("ipad", 29, 2),
             ("ipad", 40, 1), ("ipad", 40, 2), ("ipad", 76, 1), ("ipad", 76, 2), ("ipad", 83.5, 2), ("ios-marketing", 1024, 1)]
    def size_text(points):
        return (str(int(points)) if points == int(points) else str(points))
    images, made = [], set()
    for idiom, points, scale in icons:
        name = f"Icon-{size_text(points)}@{scale}x.png"
        pixels = int(points * scale)
        if name not in made:
            write_png(d("Good.xcassets", "AppIcon.appiconset", name), pixels, pixels, 2, 8, icon_pixel(pixels))
            made.add(name)
        images.append({"filename": name, "idiom": idiom, "scale": f"{scale}x", "size": f"{size_text(points)}x{size_text(points)}"})
    contents_json(d("Good.xcassets", "AppIcon.appiconset", "Contents.json"), images)
    glyph = lambda s: (lambda x, y: (0, 0, 0, 255 if (x - s / 2) ** 2 + (y - s / 2) ** 2 < (s / 3) ** 2 else 0))
    tab = []
    for scale in (1, 2, 3):
        name = f"Tab@{scale}x.png"
        write_png(d("Good.xcassets", "Tab.imageset", name), 25 * scale, 25 * scale, 6, 8, glyph(25 * scale))
        tab.append({"filename": name, "idiom": "universal", "scale": f"{scale}x"})
    contents_json(d("Good.xcassets", "Tab.imageset", "Contents.json"), tab, {"template-rendering-intent": "template"})
    write_png(d("Good.xcassets", "LaunchImage.launchimage", "Default-568h@2x.png"), 640, 1136, 2, 8, lambda x, y: (20, 40, (y * 255) // 1136))
    contents_json(d("Good.xcassets", "LaunchImage.launchimage", "Contents.json"), [
        {"extent": "full-screen", "filename": "Default-568h@2x.png", "idiom": "iphone", "minimum-system-version": "7.0",
         "orientation": "portrait", "scale": "2x", "subtype": "retina4"}])
    with open(d("Good.xcassets", "Contents.json"), "w") as f:
        f.write('{\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n')

    # A broken catalog: no App Store icon, a wrong size, an RGBA icon, a missing file, a stray file, a duplicate slot,
    # an opaque template, an oversized tab-bar glyph, a launch image of the wrong size.
    broken = d("Broken.xcassets", "AppIcon.appiconset")
    write_png(os.path.join(broken, "Icon-60@2x.png"), 120, 120, 2, 8, icon_pixel(120))
    write_png(os.path.join(broken, "Icon-60@3x.png"), 120, 120, 2, 8, icon_pixel(120))
    write_png(os.path.join(broken, "Icon-40@2x.png"), 80, 80, 6, 8, lambda x, y: icon_pixel(80)(x, y) + (255,))
    write_png(os.path.join(broken, "Icon-40@2x-copy.png"), 80, 80, 2, 8, icon_pixel(80))
    write_png(os.path.join(broken, "old-icon.png"), 57, 57, 2, 8, icon_pixel(57))
    contents_json(os.path.join(broken, "Contents.json"), [
        {"filename": "Icon-60@2x.png", "idiom": "iphone", "scale": "2x", "size": "60x60"},
        {"filename": "Icon-60@3x.png", "idiom": "iphone", "scale": "3x", "size": "60x60"},
        {"filename": "Icon-40@2x.png", "idiom": "iphone", "scale": "2x", "size": "40x40"},
        {"filename": "Icon-40@2x-copy.png", "idiom": "iphone", "scale": "2x", "size": "40x40"},
        {"filename": "Icon-29@3x.png", "idiom": "iphone", "scale": "3x", "size": "29x29"},
        {"idiom": "ios-marketing", "scale": "1x", "size": "1024x1024"}])
    write_png(d("Broken.xcassets", "Solid.imageset", "Solid.png"), 25, 25, 2, 8, icon_pixel(25))
    contents_json(d("Broken.xcassets", "Solid.imageset", "Contents.json"), [{"filename": "Solid.png", "idiom": "universal", "scale": "1x"}],
                  {"template-rendering-intent": "template"})
    write_png(d("Broken.xcassets", "Huge.imageset", "Huge.png"), 150, 100, 6, 8, glyph(100))
    contents_json(d("Broken.xcassets", "Huge.imageset", "Contents.json"), [{"filename": "Huge.png", "idiom": "universal", "scale": "1x"}],
                  {"template-rendering-intent": "template"})
    write_png(d("Broken.xcassets", "LaunchImage.launchimage", "Default@2x.png"), 640, 1136, 2, 8, lambda x, y: (20, 40, 60))
    contents_json(d("Broken.xcassets", "LaunchImage.launchimage", "Contents.json"), [
        {"extent": "full-screen", "filename": "Default@2x.png", "idiom": "iphone", "minimum-system-version": "7.0",
         "orientation": "portrait", "scale": "2x"}])


def tiny_jpeg(width, height):
    """A JPEG's header as encoders write it (SOI, JFIF, a quantisation table, SOF0 with the size), then EOI:
    enough for format detection and the size, without a JPEG encoder."""
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0"
    dqt = b"\xff\xdb" + struct.pack(">H", 67) + b"\0" + bytes(range(1, 65))
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 17, 8, height, width, 3) + b"\x01\x22\0\x02\x11\x01\x03\x11\x01"
    return b"\xff\xd8" + app0 + dqt + sof + b"\xff\xd9"


def tiny_webp(width, height, rgba=(40, 120, 200, 255)):
    """A lossless WebP (RIFF, VP8L) of one colour that libwebp decodes: no transform, no colour cache, and five
    prefix codes of one symbol each (green, red, blue, alpha, distance), so every pixel takes no bits."""
    value, count = 0, 0

    def put(bits, n):  # VP8L packs bits from the least significant end
        nonlocal value, count
        value |= bits << count
        count += n

    put(0x2F, 8)
    put(width - 1, 14)
    put(height - 1, 14)
    put(1 if rgba[3] != 255 else 0, 1)
    put(0, 3)  # version
    put(0, 3)  # no transform, no colour cache, no meta prefix codes
    r, g, b, a = rgba
    for symbol in (g, r, b, a, 0):
        put(1, 1)  # simple code
        put(0, 1)  # one symbol
        put(1, 1)  # of 8 bits
        put(symbol, 8)
    data = value.to_bytes((count + 7) // 8, "little")
    vp8l = b"VP8L" + struct.pack("<I", len(data)) + data + (b"\0" if len(data) % 2 else b"")
    return b"RIFF" + struct.pack("<I", 4 + len(vp8l)) + b"WEBP" + vp8l


def tiny_gif(width, height, truncate=None):
    """A GIF89a of one colour (a two-entry global table, one frame, LZW codes clear, 0, end); `truncate` cuts
    the file to that many bytes, as a failed download or copy leaves it."""
    body = b"GIF89a" + struct.pack("<HHBBB", width, height, 0x80, 0, 0) + b"\x28\x78\xc8\xff\xff\xff"
    body += b"\x2c" + struct.pack("<HHHHB", 0, 0, width, height, 0)
    # Minimum code size 2, then the codes clear (4), 0, end (5): a frame whose pixels past the first the stream
    # leaves out, which decoders (ImageIO, browsers) fill in; structurally complete.
    body += b"\x02\x02\x44\x01\x00"
    body += b"\x3b"
    return body if truncate is None else body[:truncate]


def make_real_world_fixtures():
    """The patterns of shipped App Store apps' catalogs that validate must pass (TestImages/validation/RealWorld.xcassets),
    a catalog of colour sets only, and hostile Contents.json-free inputs for the memory and trailing-data rules."""
    root = os.path.join(ROOT, "validation")
    d = lambda *parts: os.path.join(root, "RealWorld.xcassets", *parts)
    def icon_set(name, entries, files):
        for filename, (width, height, color_type, depth, pixel, kwargs) in files.items():
            write_png(d(name, filename), width, height, color_type, depth, pixel, **kwargs)
        contents_json(d(name, "Contents.json"), entries)
    # The primary set: one universal 1024, RGBA with every pixel opaque (a warning at most).
    icon_set("AppIcon.appiconset", [{"filename": "icon.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"}],
             {"icon.png": (1024, 1024, 6, 8, lambda x, y: icon_pixel(1024)(x, y) + (255,), {})})
    # An alternate icon with alpha 254 along an edge, and a palette alternate (pngquant's -fs8 files).
    icon_set("AppIconAlternate.appiconset", [{"filename": "alt.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"}],
             {"alt.png": (1024, 1024, 6, 8, lambda x, y: icon_pixel(1024)(x, y) + (254 if y == 0 else 255,), {})})
    icon_set("AppIconPalette.appiconset", [{"filename": "alt-fs8.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"}],
             {"alt-fs8.png": (1024, 1024, 3, 8, lambda x, y: ((x // 128 + y // 128) % 4,),
                              {"palette": [(200, 30, 30), (30, 200, 30), (30, 30, 200), (220, 220, 40)]})})
    # A watch set whose App Store icon is watch-marketing, with alpha in every file (all opaque).
    watch = lambda size: (size, size, 6, 8, lambda x, y: icon_pixel(size)(x, y) + (255,), {})
    icon_set("WatchIcon.appiconset", [
        {"filename": "w-1024.png", "idiom": "watch-marketing", "scale": "1x", "size": "1024x1024"},
        {"filename": "w-216.png", "idiom": "watch", "role": "quickLook", "scale": "2x", "size": "108x108", "subtype": "44mm"}],
             {"w-1024.png": watch(1024), "w-216.png": watch(216)})
    # A macOS-only set (never asked for an iOS 1024), and an empty placeholder set of an extension.
    icon_set("MacIcon.appiconset", [
        {"filename": "mac-16.png", "idiom": "mac", "scale": "1x", "size": "16x16"},
        {"filename": "mac-1024.png", "idiom": "mac", "scale": "2x", "size": "512x512"}],
             {"mac-16.png": (16, 16, 6, 8, lambda x, y: (40, 90, 200, 255), {}), "mac-1024.png": watch(1024)})
    contents_json(d("Placeholder.appiconset", "Contents.json"), [
        {"idiom": "iphone", "scale": "2x", "size": "60x60"}, {"idiom": "ios-marketing", "scale": "1x", "size": "1024x1024"}])
    # Image sets of every format Xcode reads, a WebP named .png, an interlaced PNG, a 44 pt template button,
    # and a PNG whose cHRM states sRGB's primaries.
    def raw_set(name, filename, data, properties=None):
        os.makedirs(d(name), exist_ok=True)
        with open(d(name, filename), "wb") as f:
            f.write(data)
        contents_json(d(name, "Contents.json"), [{"filename": filename, "idiom": "universal"}], properties)
    raw_set("Photo.imageset", "photo.jpg", tiny_jpeg(300, 200))
    raw_set("Vector.imageset", "vector.pdf", b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
            {"preserves-vector-representation": True})
    raw_set("Logo.imageset", "logo.svg", b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>\n')
    raw_set("Picture.imageset", "picture.heic", struct.pack(">I", 24) + b"ftypheic" + struct.pack(">I", 0) + b"mif1heic")
    raw_set("Sticker.imageset", "sticker.png", tiny_webp(64, 64))
    write_png(d("Upload.imageset", "upload.png"), 32, 32, 6, 8, lambda x, y: (x * 8, y * 8, 90, 255), interlace=True)
    contents_json(d("Upload.imageset", "Contents.json"), [{"filename": "upload.png", "idiom": "universal"}])
    write_png(d("WidgetButton.imageset", "button.png"), 132, 132, 6, 8, lambda x, y: (0, 0, 0, 255 if (x - 66) ** 2 + (y - 66) ** 2 < 2500 else 0))
    contents_json(d("WidgetButton.imageset", "Contents.json"), [{"filename": "button.png", "idiom": "universal", "scale": "3x"}],
                  {"template-rendering-intent": "template"})
    srgb_chrm = struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)
    write_png(d("Chromaticities.imageset", "chrm.png"), 16, 16, 2, 8, lambda x, y: (x * 16, y * 16, 90),
              extra=chunk(b"gAMA", struct.pack(">I", 45455)) + chunk(b"cHRM", srgb_chrm))
    contents_json(d("Chromaticities.imageset", "Contents.json"), [{"filename": "chrm.png", "idiom": "universal"}])
    contents_json(d("AccentColor.colorset", "Contents.json"), [])
    with open(d("Contents.json"), "w") as f:
        f.write('{\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  },\n  "properties" : {\n    "generate-swift-asset-symbol-extensions" : "enabled"\n  }\n}\n')
    # A catalog holding colour sets only: nothing to check, and no failure.
    for name in ("AccentColor", "Background", "Tint"):
        path = os.path.join(root, "ColoursOnly.xcassets", name + ".colorset", "Contents.json")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write('{\n  "colors" : [\n    {\n      "idiom" : "universal"\n    }\n  ],\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n')


# Xcode's order of an app-icon set with every platform, as Xcode writes its "all platforms" template
# (iPhone, iPad, App Store, CarPlay, watch, watch App Store, Mac; by size, then scale).
XCODE_ORDER = (
    [("iphone", p, s) for p, s in [(20, 2), (20, 3), (29, 1), (29, 2), (29, 3), (40, 2), (40, 3), (57, 1), (57, 2), (60, 2), (60, 3)]]
    + [("ipad", p, s) for p, s in [(20, 1), (20, 2), (29, 1), (29, 2), (40, 1), (40, 2), (50, 1), (50, 2), (72, 1), (72, 2), (76, 1), (76, 2), (83.5, 2)]]
    + [("ios-marketing", 1024, 1), ("car", 60, 2), ("car", 60, 3)]
    + [("watch", p, s) for p, s in [(24, 2), (27.5, 2), (29, 2), (29, 3), (40, 2), (44, 2), (50, 2), (86, 2), (98, 2), (108, 2)]]
    + [("watch-marketing", 1024, 1)]
    + [("mac", p, s) for p in (16, 32, 128, 256, 512) for s in (1, 2)])


def size_text(points):
    return str(int(points)) if points == int(points) else str(points)


def make_catalog_fixtures():
    """Catalogs shaped like real apps' (TestImages/catalogs), for writing into: an Xcode 10 format set, a catalog
    with properties, a 25-entry legacy set with the user's own file names and an extra mac 128 slot, and the
    order Xcode writes entries in."""
    root = os.path.join(ROOT, "catalogs")
    shutil.rmtree(root, ignore_errors=True)
    d = lambda *parts: os.path.join(root, *parts)
    os.makedirs(root)
    # The order, one entry a line, for the sort test.
    with open(d("xcode-order.json"), "w") as f:
        json.dump([{"idiom": i, "size": f"{size_text(p)}x{size_text(p)}", "scale": f"{s}x"} for i, p, s in XCODE_ORDER], f, indent=1)
        f.write("\n")
    placeholder = lambda x, y: (90, 90, 90)
    # Xcode 10: insertion order (size, idiom, filename, scale), "version" before "author", no final newline.
    classic = [e for e in XCODE_ORDER if e[0] in ("iphone", "ipad", "ios-marketing") and e[1] not in (57, 50, 72) and not (e[0] == "iphone" and e[1] == 29 and e[2] == 1)]
    entries = []
    for idiom, points, scale in classic:
        name = f"icon-{idiom}-{size_text(points)}-{scale}.png"
        write_png(d("OldFormat.xcassets", "AppIcon.appiconset", name), 1, 1, 2, 8, placeholder)
        entries.append('    {\n      "size" : "%sx%s",\n      "idiom" : "%s",\n      "filename" : "%s",\n      "scale" : "%dx"\n    }'
                       % (size_text(points), size_text(points), idiom, name, scale))
    with open(d("OldFormat.xcassets", "AppIcon.appiconset", "Contents.json"), "w") as f:
        f.write('{\n  "images" : [\n' + ",\n".join(entries) + '\n  ],\n  "info" : {\n    "version" : 1,\n    "author" : "xcode"\n  }\n}')
    with open(d("OldFormat.xcassets", "Contents.json"), "w") as f:
        f.write('{\n  "info" : {\n    "version" : 1,\n    "author" : "xcode"\n  }\n}')
    # A catalog whose own Contents.json has properties, and a colour set beside the icons.
    os.makedirs(d("WithProperties.xcassets", "AccentColor.colorset"))
    with open(d("WithProperties.xcassets", "Contents.json"), "w") as f:
        f.write('{\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  },\n  "properties" : {\n    "generate-swift-asset-symbol-extensions" : "enabled"\n  }\n}\n')
    with open(d("WithProperties.xcassets", "AccentColor.colorset", "Contents.json"), "w") as f:
        f.write('{\n  "colors" : [\n    {\n      "idiom" : "universal"\n    }\n  ],\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n')
    # 25 legacy entries named by pixel size as many apps name them (one 40 px file fills three slots), an extra
    # mac 128 slot of the user's, and an unknown key on one entry.
    legacy = [e for e in XCODE_ORDER if e[0] in ("iphone", "ipad", "ios-marketing")]
    images = []
    for idiom, points, scale in legacy:
        pixels = int(points * scale)
        name = f"appicon_{pixels}.png"
        if not os.path.exists(d("Legacy.xcassets", "AppIcon.appiconset", name)):
            write_png(d("Legacy.xcassets", "AppIcon.appiconset", name), 1, 1, 2, 8, placeholder)
        images.append({"filename": name, "idiom": idiom, "scale": f"{scale}x", "size": f"{size_text(points)}x{size_text(points)}"})
    images[0]["unassigned-note"] = "kept"
    write_png(d("Legacy.xcassets", "AppIcon.appiconset", "mac-128.png"), 128, 128, 6, 8, lambda x, y: (200, 60, 60, 255))
    images.append({"filename": "mac-128.png", "idiom": "mac", "scale": "1x", "size": "128x128"})
    contents_json(d("Legacy.xcassets", "AppIcon.appiconset", "Contents.json"), images)
    with open(d("Legacy.xcassets", "Contents.json"), "w") as f:
        f.write('{\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n')


def make_memory_fixtures():
    """Cheap files that cost a lot decoded, and cheap files that cost little though long."""
    sig = b"\x89PNG\r\n\x1a\n"
    # 8192x8192 16-bit greyscale: 130 KB on disk, 512 MiB decoded to RGBA16.
    side = 8192
    compressor = zlib.compressobj(9)
    row = b"\0" * (side * 2 + 1)
    idat = b"".join(compressor.compress(row) for _ in range(side)) + compressor.flush()
    write("hostile-16bit-512mib.png", sig + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 16, 0, 0, 0, 0))
          + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
    # A 20000x1 strip: long, and 80 KB decoded.
    write("strip-20000x1.png", encode_png(20000, 1, 0, 8, [[(x % 256,) for x in range(20000)]]))
    # A 1x1 image whose zlib stream goes on with 64 MiB of deflated zeros after the row (64 KB on disk).
    compressor = zlib.compressobj(9)
    stream = compressor.compress(b"\0\x7f") + b"".join(compressor.compress(b"\0" * (1 << 20)) for _ in range(64)) + compressor.flush()
    write("hostile-trailing-idat.png", sig + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0))
          + chunk(b"IDAT", stream) + chunk(b"IEND", b""))


def turbojpeg_encode(width, height, channels, pixels, progressive=False, quality=92):
    """JPEG bytes from the system's libjpeg-turbo (the library IconForge decodes with), through ctypes:
    deterministic, and no Python imaging package needed. channels: 3 RGB, 1 grey, 4 CMYK."""
    import ctypes
    import ctypes.util
    lib = ctypes.CDLL(ctypes.util.find_library("turbojpeg") or "libturbojpeg.so.0")
    lib.tjInitCompress.restype = ctypes.c_void_p
    lib.tjCompress2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_ulong), ctypes.c_int, ctypes.c_int, ctypes.c_int]
    lib.tjFree.argtypes = [ctypes.c_void_p]
    lib.tjDestroy.argtypes = [ctypes.c_void_p]
    handle = lib.tjInitCompress()
    out, size = ctypes.c_void_p(), ctypes.c_ulong()
    pixel_format = {3: 0, 1: 6, 4: 11}[channels]
    subsampling = {3: 2, 1: 3, 4: 0}[channels]  # 4:2:0 colour, grey, 4:4:4 CMYK
    flags = 16384 if progressive else 0  # TJFLAG_PROGRESSIVE
    if lib.tjCompress2(handle, bytes(pixels), width, 0, height, pixel_format, ctypes.byref(out), ctypes.byref(size), subsampling, quality, flags) != 0:
        raise RuntimeError("tjCompress2 failed")
    data = ctypes.string_at(out, size.value)
    lib.tjFree(out)
    lib.tjDestroy(handle)
    return data


def jpeg_with_segments(jpeg, segments):
    """Inserts APPn segments (marker byte, body) right after SOI."""
    extra = b"".join(b"\xff" + bytes([marker]) + struct.pack(">H", len(body) + 2) + body for marker, body in segments)
    return jpeg[:2] + extra + jpeg[2:]


def exif_orientation(value):
    """An APP1 Exif body holding one tag, Orientation, big-endian."""
    ifd = struct.pack(">H", 1) + struct.pack(">HHII", 0x0112, 3, 1, value << 16) + struct.pack(">I", 0)
    return b"Exif\0\0" + b"MM\0\x2a" + struct.pack(">I", 8) + ifd


def make_source_fixtures():
    """SVG and JPEG masters, good and hostile (TestImages/sources)."""
    root = os.path.join(ROOT, "sources")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    d = lambda name: os.path.join(root, name)
    def save(name, data):
        with open(d(name), "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    # An icon drawn small (64 px intrinsic): gradients, thin strokes, a circle; full bleed.
    save("icon.svg", """<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3c72"/><stop offset="1" stop-color="#2a9d8f"/></linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffe66d"/><stop offset="1" stop-color="#ff6b6b"/></radialGradient>
  </defs>
  <rect width="64" height="64" fill="url(#bg)"/>
  <circle cx="32" cy="30" r="15" fill="url(#sun)"/>
  <g stroke="#ffffff" stroke-width="0.35" fill="none">
    <path d="M4 52 L60 52 M4 55 L60 55 M4 58 L60 58"/>
    <path d="M8 8 L56 46" stroke-width="0.6"/>
  </g>
  <text x="32" y="62" font-size="4" text-anchor="middle" fill="#fff">IF</text>
</svg>
""")
    save("wide.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><rect width="200" height="100" fill="#336699"/>'
         '<circle cx="100" cy="50" r="40" fill="#ffcc00"/></svg>\n')
    save("nosize.svg", '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>\n')
    save("malformed.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g><rect width="10" height="10"></svg>\n')
    # Entity expansion: 10^9 "lol"s if expanded.
    laughs = '<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY lol "lol">\n'
    for i in range(1, 10):
        laughs += f'<!ENTITY lol{i} "' + f"&lol{i - 1 if i > 1 else ''};" * 10 + '">\n'
    laughs = laughs.replace("&lol0;", "&lol;")
    laughs += ']>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>&lol9;</text></svg>\n'
    save("billion-laughs.svg", laughs)
    # References outside its folder and on the network: none may be loaded (the drawing stays plain blue).
    save("external.svg", '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
         '<rect width="10" height="10" fill="#0000ff"/>'
         '<image width="10" height="10" xlink:href="file:///etc/passwd"/>'
         '<image width="10" height="10" href="../validation/clean/app-64.png"/>'
         '<image width="10" height="10" href="http://127.0.0.1:9/x.png"/></svg>\n')
    save("huge.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="1000000" height="1000000" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>\n')
    # JPEGs: a gradient with a red block at the top left, so orientation shows.
    w, h = 64, 48
    rgb = bytearray()
    for y in range(h):
        for x in range(w):
            rgb += bytes((255, 0, 0)) if x < 16 and y < 12 else bytes(((x * 4) % 256, (y * 5) % 256, 128))
    baseline = turbojpeg_encode(w, h, 3, rgb)
    save("baseline.jpg", baseline)
    save("progressive.jpg", turbojpeg_encode(w, h, 3, rgb, progressive=True))
    # A flat black square, as a real bundle uses for an Icon Composer background layer drawn at scale 4.
    save("flat-black.jpg", turbojpeg_encode(24, 24, 3, bytes(24 * 24 * 3)))
    save("grey.jpg", turbojpeg_encode(w, h, 1, bytes((x * 4) % 256 for y in range(h) for x in range(w))))
    # Stored turned 90 degrees anticlockwise (48x64, the red block at the bottom left); EXIF 6 turns it upright.
    turned = bytearray()
    for y in range(w):
        for x in range(h):
            turned += rgb[((x) * w + (w - 1 - y)) * 3:((x) * w + (w - 1 - y)) * 3 + 3]
    save("rotated-6.jpg", jpeg_with_segments(turbojpeg_encode(h, w, 3, turned), [(0xE1, exif_orientation(6))]))
    save("cmyk.jpg", turbojpeg_encode(w, h, 4, bytes((x * 4) % 256 for y in range(h) for x in range(w) for _ in range(4))))
    save("truncated.jpg", baseline[: len(baseline) * 2 // 3])
    save("adobe-rgb.jpg", jpeg_with_segments(baseline, [(0xE2, b"ICC_PROFILE\0\x01\x01" + icc_profile("Adobe RGB (1998)"))]))
    # A header claiming 60000x60000: refused before anything is allocated.
    sof = baseline.index(b"\xff\xc0")
    save("huge-header.jpg", baseline[:sof + 5] + struct.pack(">HH", 60000, 60000) + baseline[sof + 9:])


def make_masters():
    import numpy as np

    def supersample(shape_fn, size, factor=4):
        """Coverage of a shape on a size x size grid, 4x4 supersampled for anti-aliasing."""
        coords = (np.arange(size * factor, dtype=np.float64) + 0.5) / factor
        cov = np.zeros((size, size))
        for sy in range(factor):
            ys = coords[sy::factor][:, None]
            for sx in range(factor):
                xs = coords[sx::factor][None, :]
                cov += shape_fn(xs, ys)
        return cov / (factor * factor)

    def save(name, array, color_type):
        height, width = array.shape[:2]
        channels = CHANNELS[color_type]
        data = array.astype(np.uint8).reshape(height, width * channels)
        raw = b"".join(b"\x02" + bytes((row.astype(np.int16) - prev.astype(np.int16)).astype(np.uint8))
                       for row, prev in zip(data, np.vstack([np.zeros((1, width * channels), np.uint8), data[:-1]])))
        png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0))
               + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
        with open(os.path.join(ROOT, name), "wb") as f:
            f.write(png)

    # 1. App icon master: gradient, bold anti-aliased shape, thin strokes and fine detail; opaque RGB.
    n = 1024
    y, x = np.mgrid[0:n, 0:n].astype(np.float64)
    t = (x + y) / (2 * n - 2)
    img = np.stack([40 + 150 * t, 90 + 60 * (1 - t), 220 - 120 * t], axis=-1)
    blob = supersample(lambda xs, ys: ((xs - 512) ** 2 + (ys - 470) ** 2 < 300 ** 2) & ~(
        (xs - 512) ** 2 + (ys - 470) ** 2 < 170 ** 2), n)
    img = img * (1 - blob[..., None]) + np.array([255, 250, 240]) * blob[..., None]
    rings = supersample(lambda xs, ys: np.abs(np.hypot(xs - 512, ys - 470) % 24 - 12) < 0.75, n)
    ring_mask = (np.hypot(x - 512, y - 470) < 160)[..., None]
    img = np.where(ring_mask, img * (1 - rings[..., None]) + np.array([255, 200, 40]) * rings[..., None], img)
    checker = ((x.astype(int) + y.astype(int)) % 2 == 0)
    patch = (x >= 96) & (x < 928) & (y >= 840) & (y < 928)
    img[patch & checker] = [20, 20, 30]
    img[patch & ~checker] = [235, 235, 240]
    for i, xi in enumerate(range(120, 900, 26)):
        img[800:830, xi:xi + 1 + i % 3] = [255, 255, 255]
    save("app-icon-master.png", np.clip(np.round(img), 0, 255), 2)

    # 2. Glyph master: pure red five-pointed star on full transparency; RGBA.
    def star(xs, ys):
        cx, cy, outer, inner = 512.0, 540.0, 440.0, 180.0
        step = np.pi / 5
        angle = np.arctan2(xs - cx, cy - ys)  # 0 points straight up, at an outer vertex
        phi = np.abs(np.mod(angle + step, 2 * step) - step)  # 0 at an outer vertex, step at an inner one
        rho = np.hypot(xs - cx, ys - cy)
        qx, qy = rho * np.cos(phi), rho * np.sin(phi)
        ex, ey = inner * np.cos(step) - outer, inner * np.sin(step)  # edge from (outer, 0) to the inner vertex
        side = ex * qy - ey * (qx - outer)
        return side * (ex * 0 - ey * (0 - outer)) >= 0  # same side of the edge as the centre
    alpha = supersample(star, n)
    glyph = np.zeros((n, n, 4))
    glyph[..., 0] = 255
    glyph[..., 3] = np.round(alpha * 255)
    save("glyph-master.png", glyph, 6)

    # 3. Launch source: 2732x2732, vertical gradient, a centred logo, corner markers for crop checks.
    m = 2732
    yy = np.arange(m, dtype=np.float64)[:, None]
    base = np.stack([np.broadcast_to(20 + 40 * yy / m, (m, m)), np.broadcast_to(30 + 90 * yy / m, (m, m)),
                     np.broadcast_to(60 + 150 * yy / m, (m, m))], axis=-1)
    logo = np.zeros((m, m))
    c = m // 2
    logo[c - 300:c + 300, c - 300:c + 300] = supersample(
        lambda xs, ys: (xs - 300) ** 2 + (ys - 300) ** 2 < 260 ** 2, 600, 2)
    launch = base * (1 - logo[..., None]) + np.array([250, 250, 250]) * logo[..., None]
    for (ry, rx) in [(0, 0), (0, m - 64), (m - 64, 0), (m - 64, m - 64)]:
        launch[ry:ry + 64, rx:rx + 64] = [255, 60, 60]
    save("launch-master.png", np.clip(np.round(launch), 0, 255), 2)


def icon_json(value):
    """JSON as Icon Composer writes it: two-space indent, sorted keys, "key" : value, no newline at the end."""
    def render(v, indent):
        pad, close = " " * (indent + 2), " " * indent
        if isinstance(v, dict):
            if not v:
                return "{\n\n" + close + "}"
            items = [pad + json.dumps(k) + " : " + render(v[k], indent + 2) for k in sorted(v)]
            return "{\n" + ",\n".join(items) + "\n" + close + "}"
        if isinstance(v, list):
            if not v:
                return "[\n\n" + close + "]"
            return "[\n" + ",\n".join(pad + render(x, indent + 2) for x in v) + "\n" + close + "]"
        return json.dumps(v)
    return render(value, 0)


def disc_png(side, radius, colour):
    """An RGBA PNG of a disc of one colour on transparency, built row by row (fast enough for 1024 px)."""
    c = side / 2
    rows = []
    for y in range(side):
        dy = y + 0.5 - c
        half = math.sqrt(max(radius * radius - dy * dy, 0))
        x0, x1 = (int(round(c - half)), int(round(c + half))) if half > 0 else (0, 0)
        rows.append(b"\0" + b"\0\0\0\0" * x0 + bytes(colour + (255,)) * (x1 - x0) + b"\0\0\0\0" * (side - x1))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 6)) + chunk(b"IEND", b""))


def make_icon_composer_fixtures():
    """Icon Composer .icon bundles (TestImages/icon): one using every modelled feature (PNG and SVG layers,
    appearance specialisations, a gradient fill in two colour spaces, group and layer positions, a key IconForge
    does not model) and hand-broken copies, each with one defect."""
    root = os.path.join(ROOT, "icon")
    shutil.rmtree(root, ignore_errors=True)

    def bundle(name, document, assets):
        os.makedirs(os.path.join(root, name, "Assets"))
        with open(os.path.join(root, name, "icon.json"), "w") as f:
            f.write(document if isinstance(document, str) else icon_json(document))
        for asset, data in assets.items():
            with open(os.path.join(root, name, "Assets", asset), "wb") as f:
                f.write(data if isinstance(data, bytes) else data.encode("utf-8"))

    bar = ('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120" viewBox="0 0 400 120">'
           '<rect width="400" height="120" fill="#ff8800"/></svg>\n')
    assets = {"disc.png": disc_png(1024, 300, (255, 255, 255)), "disc-dark.png": disc_png(1024, 300, (40, 200, 90)), "bar.svg": bar}
    platforms = {"circles": ["watchOS"], "squares": "shared"}
    layered = {
        "color-space-for-untagged-svg-colors": "display-p3",
        "fill-specializations": [
            {"value": {"linear-gradient": ["display-p3:0.20000,0.40000,0.90000,1.00000", "srgb:0.00000,0.10000,0.30000,1.00000"]}},
            {"appearance": "dark", "value": "system-dark"},
        ],
        "groups": [
            {"layers": [{"image-name": "bar.svg", "name": "bar",
                         "opacity-specializations": [{"value": 0.9}, {"appearance": "dark", "value": 1}],
                         "position": {"scale": 1, "translation-in-points": [0, 300]}}],
             "name": "Front", "shadow": {"kind": "neutral", "opacity": 0.5}, "translucency": {"enabled": True, "value": 0.5}},
            {"blur-material": None,
             "layers": [{"fill-specializations": [{"appearance": "tinted", "value": "automatic"}], "glass": True,
                         "image-name-specializations": [{"value": "disc.png"}, {"appearance": "dark", "value": "disc-dark.png"}],
                         "name": "disc", "position": {"scale": 0.5, "translation-in-points": [0, 0]}}],
             "lighting": "individual", "position": {"scale": 2, "translation-in-points": [0, 0]},
             "shadow": {"kind": "layer-color", "opacity": 0.5}, "specular": True},
        ],
        "supported-platforms": platforms,
    }
    bundle("Layered.icon", layered, assets)

    missing = json.loads(json.dumps(layered))
    missing["groups"][0]["layers"][0]["image-name"] = "gone.svg"
    bundle("MissingAsset.icon", missing, assets)
    five = json.loads(json.dumps(layered))
    five["groups"] = [json.loads(json.dumps(layered["groups"][0])) for _ in range(5)]
    bundle("FiveGroups.icon", five, {"bar.svg": bar})
    bundle("InvalidJSON.icon", icon_json(layered)[:300], assets)
    colour = json.loads(json.dumps(layered))
    colour["fill-specializations"][0]["value"]["linear-gradient"] = ["srgb:1.00000,0.00000,0.00000", "cmyk:0,0,0,1"]
    bundle("BadColour.icon", colour, assets)
    text = {"groups": [{"layers": [{"image-name": "label.svg", "name": "label"}]}], "supported-platforms": platforms}
    bundle("TextLayer.icon", text, {"label.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">'
                                                   '<text x="100" y="500" font-size="200">Hi</text></svg>\n'})


def icns_rle(values):
    """Apple's run-length coding of one icon plane, runs only (the planes here are flat): n >= 128 repeats a byte n - 125 times."""
    out = b""
    while values:
        run = min(130, len(values))
        if run >= 3:
            out += bytes([run + 125, values[0]])
        else:
            out += bytes([run - 1]) + bytes(values[:run])
        values = values[run:]
    return out


def icns(elements):
    body = b"".join(kind + struct.pack(">I", len(data) + 8) + data for kind, data in elements)
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def make_real_world_icon_fixtures():
    """The shapes of real repositories' .icon bundles and .icns files that validate must pass, made here (never
    copied) in TestImages/real-world: a glyph layer placed at scale 1 (an 853x275 PNG of eyes, as Browser's
    AppIcon.icon has), numbers written with 17 digits, Xcode 3's TemplateIcon.icns inside an .xcodeproj (legacy
    is32/il32/it32 elements, no ic10), and the AppIcon.icns Xcode 26's actool writes for a .icon app (ic04, ic07,
    ic11, ic13; the icon itself is in Assets.car)."""
    root = os.path.join(ROOT, "real-world")
    shutil.rmtree(root, ignore_errors=True)
    glyph = os.path.join(root, "Glyph.icon")
    write_png(os.path.join(glyph, "Assets", "eyes.png"), 853, 275, 6, 8,
              lambda x, y: (255, 255, 255, 255 if ((x % 426) - 213) ** 2 / 180 ** 2 + (y - 137) ** 2 / 120 ** 2 < 1 else 0))
    document = {
        "fill": {"automatic-gradient": "srgb:0.20000,0.40000,0.90000,1.00000"},
        "groups": [{"layers": [{"glass": True, "hidden": False, "image-name": "eyes.png", "name": "Eyes",
                                "position": {"scale": 1, "translation-in-points": [2, -1.5]}}],
                    "position": {"scale": 1, "translation-in-points": [-73.88022554713393, 12.000000000000002]},
                    "shadow": {"kind": "neutral", "opacity": 0.5}, "translucency": {"enabled": True, "value": 0.5}}],
        "supported-platforms": {"circles": ["watchOS"], "squares": "shared"},
    }
    with open(os.path.join(glyph, "icon.json"), "w") as f:
        f.write(icon_json(document))
    plane = lambda side, value: icns_rle([value] * side * side)
    legacy = [(b"is32", plane(16, 90) * 3), (b"s8mk", bytes([255]) * 256), (b"il32", plane(32, 90) * 3), (b"l8mk", bytes([255]) * 1024),
              (b"it32", b"\0\0\0\0" + plane(128, 90) * 3), (b"t8mk", bytes([255]) * 16384), (b"icnV", struct.pack(">f", 120.0))]
    os.makedirs(os.path.join(root, "Project.xcodeproj"))
    with open(os.path.join(root, "Project.xcodeproj", "TemplateIcon.icns"), "wb") as f:
        f.write(icns(legacy))
    def png(side):
        path = os.path.join(root, "png.tmp")
        write_png(path, side, side, 6, 8, lambda x, y: (40, 90, 200, 255))
        with open(path, "rb") as f:
            data = f.read()
        os.remove(path)
        return data
    argb = b"ARGB" + plane(16, 255) + plane(16, 40) + plane(16, 90) + plane(16, 200)
    with open(os.path.join(root, "AppIcon.icns"), "wb") as f:
        f.write(icns([(b"ic13", png(256)), (b"ic11", png(32)), (b"ic04", argb), (b"ic07", png(128))]))


def make_android_web_fixtures():
    """An Android project laid out as Android Studio leaves it (TestImages/android/Project): launcher icons as
    WebP in mipmap-mdpi (they clash with PNGs of the same name), its own adaptive icon XML and background colour,
    other resources that must stay untouched; and a web folder with a manifest holding other keys and icons."""
    root = os.path.join(ROOT, "android")
    shutil.rmtree(root, ignore_errors=True)
    res = os.path.join(root, "Project", "app", "src", "main", "res")
    def save(rel, data):
        path = os.path.join(res, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    save("mipmap-mdpi/ic_launcher.webp", tiny_webp(48, 48))
    save("mipmap-mdpi/ic_launcher_round.webp", tiny_webp(48, 48))
    save("mipmap-anydpi-v26/ic_launcher.xml", '<?xml version="1.0" encoding="utf-8"?>\n<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">\n'
         '    <background android:drawable="@drawable/ic_launcher_background" />\n    <foreground android:drawable="@drawable/ic_launcher_foreground" />\n</adaptive-icon>\n')
    save("drawable/ic_launcher_background.xml", '<?xml version="1.0" encoding="utf-8"?>\n<vector android:height="108dp" android:width="108dp"/>\n')
    save("values/ic_launcher_background.xml", '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <color name="ic_launcher_background">#FFFFFF</color>\n</resources>\n')
    save("values/strings.xml", '<resources>\n    <string name="app_name">Fixture</string>\n</resources>\n')
    save("layout/main.xml", '<LinearLayout/>\n')
    web = os.path.join(ROOT, "web")
    shutil.rmtree(web, ignore_errors=True)
    os.makedirs(web)
    with open(os.path.join(web, "manifest.webmanifest"), "w") as f:
        f.write(json.dumps({"name": "Fixture", "start_url": "/", "display": "standalone",
                            "icons": [{"src": "logo.svg", "sizes": "any", "type": "image/svg+xml"}]}, indent=2) + "\n")
    with open(os.path.join(web, "logo.svg"), "w") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>\n')
    # A Flutter app's web/ (flutter create's template, as flutter/gallery ships it): manifest.json listing its own
    # icons/Icon-*.png, "any" without a purpose key and maskable at seven sizes, in its own key order and
    # four-space indentation; plus a remote icon IconForge leaves alone and an "any maskable" one it draws and says to be "any".
    flutter = os.path.join(ROOT, "web-flutter")
    shutil.rmtree(flutter, ignore_errors=True)
    os.makedirs(os.path.join(flutter, "icons"))
    icons = [{"src": "icons/Icon-192.png", "sizes": "192x192", "type": "image/png"},
             {"src": "icons/Icon-512.png", "sizes": "512x512", "type": "image/png"}]
    icons += [{"src": "icons/Icon-maskable-%d.png" % n, "sizes": "%dx%d" % (n, n), "type": "image/png", "purpose": "maskable"}
              for n in (48, 72, 96, 128, 192, 384, 512)]
    icons += [{"src": "https://example.com/icon-1024.png", "sizes": "1024x1024", "type": "image/png"},
              {"src": "icons/Icon-both-256.png", "sizes": "256x256", "type": "image/png", "purpose": "any maskable"}]
    for icon in icons:
        if icon["src"].startswith("icons/"):
            n = int(icon["sizes"].split("x")[0])
            write_png(os.path.join(flutter, icon["src"]), n, n, 2, 8, lambda x, y: (3, 3, 3))
    # Its index.html links the manifest's Icon-192.png as the touch icon and a 32 px favicon.png (as flutter/gallery's
    # does), and one remote icon that is left alone.
    write_png(os.path.join(flutter, "favicon.png"), 32, 32, 2, 8, lambda x, y: (3, 3, 3))
    with open(os.path.join(flutter, "index.html"), "w") as f:
        f.write('<!DOCTYPE html>\n<html>\n<head>\n  <meta charset="UTF-8">\n  <link rel="manifest" href="manifest.json">\n'
                '  <link rel="apple-touch-icon" href="icons/Icon-192.png">\n'
                '  <link rel="icon" type="image/png" href="favicon.png" sizes="32x32" />\n'
                "  <link rel='icon' href='https://cdn.example.com/icon-64.png' sizes='64x64'>\n</head>\n<body></body>\n</html>\n")
    with open(os.path.join(flutter, "manifest.json"), "w") as f:
        f.write(json.dumps({"name": "Flutter Fixture", "short_name": "Fixture", "start_url": ".", "display": "standalone",
                            "background_color": "#030303", "icons": icons}, indent=4) + "\n")


def make_android_flavour_fixtures():
    """An app whose build types override the launcher icon's layers without an icon of their own, as Element X's
    appicon module does (TestImages/android-flavours/Project): main's adaptive icon names @drawable/ic_launcher_background,
    which only src/debug, src/nightly and src/release define (each its own colour), and main's density foregrounds."""
    root = os.path.join(ROOT, "android-flavours", "Project", "app")
    shutil.rmtree(os.path.join(ROOT, "android-flavours"), ignore_errors=True)
    def save(rel, data):
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(data)
    save("build.gradle.kts", 'android {\n    defaultConfig { minSdk = 24 }\n    buildTypes { register("nightly") }\n}\n')
    save("src/main/res/mipmap-anydpi-v26/ic_launcher.xml", '<?xml version="1.0" encoding="utf-8"?><!--\n  ~ Licence header.\n  -->\n'
         '<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">\n'
         '    <background android:drawable="@drawable/ic_launcher_background"/>\n'
         '    <foreground android:drawable="@mipmap/ic_launcher_foreground"/>\n</adaptive-icon>\n')
    for build_type, colour in (("debug", "#F7F07E"), ("nightly", "#7EF0F7"), ("release", "#0DBD8B")):
        save("src/%s/res/drawable/ic_launcher_background.xml" % build_type,
             '<vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="108dp" android:height="108dp"\n'
             '    android:viewportWidth="108" android:viewportHeight="108">\n'
             '    <path android:fillColor="%s" android:pathData="m0,0h108v108h-108z" />\n</vector>\n' % colour)
    for density, side in (("mdpi", 108), ("hdpi", 162), ("xhdpi", 216), ("xxhdpi", 324), ("xxxhdpi", 432)):
        write_png(os.path.join(root, "src/main/res/mipmap-%s/ic_launcher_foreground.png" % density), side, side, 6, 8,
                  lambda x, y, side=side: (255, 255, 255, 255 if side // 4 < x < side * 3 // 4 and side // 4 < y < side * 3 // 4 else 0))


if __name__ == "__main__":
    make_fixtures()
    make_hostile()
    make_colour_chunk_fixtures()
    make_validation_fixtures()
    make_real_world_fixtures()
    make_memory_fixtures()
    make_catalog_fixtures()
    make_source_fixtures()
    make_icon_composer_fixtures()
    make_real_world_icon_fixtures()
    make_android_web_fixtures()
    make_android_flavour_fixtures()
    if "--no-masters" not in sys.argv:
        make_masters()
    print("TestImages regenerated in", os.path.normpath(ROOT))
