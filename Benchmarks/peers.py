#!/usr/bin/env python3
"""The peers' side of the benchmark jobs, written the way users run these tools.

    peers.py TOOL JOB JOBFILE
TOOL is pillow or pyvips; JOBFILE is JSON: {"tasks": [{"source": ..., "outdir": ..., "files": [[name, w, h, mode], ...]}],
"processes": N}. mode is "square" (plain resize) or "fill" (aspect-fill: scale to cover, centre crop).
Each task writes its files as 8-bit RGB PNGs into its outdir; with processes > 1 tasks run in a process pool.
"""
import json
import os
import sys
from multiprocessing import Pool


def pillow_task(task):
    from PIL import Image
    image = Image.open(task["source"]).convert("RGB")
    image.load()
    os.makedirs(task["outdir"], exist_ok=True)
    width, height = image.size
    for name, w, h, mode in task["files"]:
        box = None
        if mode == "fill":
            scale = max(w / width, h / height)
            cw, ch = w / scale, h / scale
            box = ((width - cw) / 2, (height - ch) / 2, (width + cw) / 2, (height + ch) / 2)
        image.resize((w, h), Image.LANCZOS, box=box).save(os.path.join(task["outdir"], name), "PNG")


def pyvips_task(task):
    import pyvips
    image = pyvips.Image.new_from_file(task["source"], access="random")
    if image.bands == 4:
        image = image.flatten(background=[255, 255, 255])
    image = image.copy_memory()  # decode once, like the other tools
    os.makedirs(task["outdir"], exist_ok=True)
    for name, w, h, mode in task["files"]:
        if mode == "fill":
            scale = max(w / image.width, h / image.height)
            resized = image.resize(scale, kernel="lanczos3")
            left, top = (resized.width - w) // 2, (resized.height - h) // 2
            out = resized.crop(left, top, w, h)
        else:
            out = image.resize(w / image.width, vscale=h / image.height, kernel="lanczos3")
        out.pngsave(os.path.join(task["outdir"], name))


def pyvips_thumbnail_task(task):
    """An SVG (or any file) through libvips' thumbnail, which loads an SVG at the size asked for."""
    import pyvips
    os.makedirs(task["outdir"], exist_ok=True)
    for name, w, h, _ in task["files"]:
        out = pyvips.Image.thumbnail(task["source"], w, height=h, size="force")
        if out.bands == 4:
            out = out.flatten(background=[255, 255, 255])
        out.pngsave(os.path.join(task["outdir"], name))


# The android + web job: the files `iconforge generate --preset android,web` writes, made the way a script
# with each library would make them (same sizes, masks and insets; the XML and manifest as text).
DENSITIES = [("mdpi", 48, 108), ("hdpi", 72, 162), ("xhdpi", 96, 216), ("xxhdpi", 144, 324), ("xxxhdpi", 192, 432)]
ADAPTIVE_XML = """<?xml version="1.0" encoding="utf-8"?>
<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">
    <background android:drawable="@color/ic_launcher_background"/>
    <foreground android:drawable="@mipmap/ic_launcher_foreground"/>
    <monochrome android:drawable="@mipmap/ic_launcher_monochrome"/>
</adaptive-icon>
"""


def write_text_files(outdir, colour):
    os.makedirs(os.path.join(outdir, "mipmap-anydpi-v26"), exist_ok=True)
    os.makedirs(os.path.join(outdir, "values"), exist_ok=True)
    for name in ["ic_launcher.xml", "ic_launcher_round.xml"]:
        open(os.path.join(outdir, "mipmap-anydpi-v26", name), "w").write(ADAPTIVE_XML)
    open(os.path.join(outdir, "values", "ic_launcher_background.xml"), "w").write(
        '<resources>\n    <color name="ic_launcher_background">#%02X%02X%02X</color>\n</resources>\n' % colour)
    icons = [{"src": f, "sizes": f"{s}x{s}", "type": "image/png", "purpose": p}
             for f, s, p in [("icon-192.png", 192, "any"), ("icon-512.png", 512, "any"),
                             ("icon-maskable-192.png", 192, "maskable"), ("icon-maskable-512.png", 512, "maskable")]]
    json.dump({"icons": icons}, open(os.path.join(outdir, "manifest.webmanifest"), "w"), indent=2)


def pillow_android_web(task):
    from PIL import Image, ImageDraw, ImageStat
    master = Image.open(task["source"]).convert("RGBA")
    out = task["outdir"]
    n = master.width
    border = Image.new("RGB", (n, 1))
    rgb = master.convert("RGB")
    colour = tuple(int(round(v)) for v in ImageStat.Stat(rgb.crop((0, 0, n, 1))).mean)  # top row as the edge colour
    canvas, viewport, safe = 1024, 1024 * 72 // 108, 1024 * 66 // 108
    foreground = Image.new("RGBA", (canvas, canvas))
    foreground.paste(master.resize((safe, safe), Image.LANCZOS), ((canvas - safe) // 2,) * 2)
    composite = Image.new("RGBA", (canvas, canvas), colour + (255,))
    composite.alpha_composite(foreground)
    legacy = composite.crop(((canvas - viewport) // 2,) * 2 + ((canvas + viewport) // 2,) * 2)
    mask = Image.new("L", (viewport * 4, viewport * 4))
    ImageDraw.Draw(mask).ellipse((0, 0, viewport * 4 - 1, viewport * 4 - 1), fill=255)
    mask = mask.resize((viewport, viewport), Image.LANCZOS)
    round_icon = legacy.copy()
    round_icon.putalpha(mask)
    mono = Image.new("RGBA", (canvas, canvas), (255, 255, 255, 0))
    mono.putalpha(foreground.getchannel("A"))
    for density, small, layer in DENSITIES:
        folder = os.path.join(out, "mipmap-" + density)
        os.makedirs(folder, exist_ok=True)
        legacy.resize((small, small), Image.LANCZOS).save(os.path.join(folder, "ic_launcher.png"))
        round_icon.resize((small, small), Image.LANCZOS).save(os.path.join(folder, "ic_launcher_round.png"))
        foreground.resize((layer, layer), Image.LANCZOS).save(os.path.join(folder, "ic_launcher_foreground.png"))
        mono.resize((layer, layer), Image.LANCZOS).save(os.path.join(folder, "ic_launcher_monochrome.png"))
    legacy.resize((512, 512), Image.LANCZOS).save(os.path.join(out, "ic_launcher-playstore.png"))
    inner = n * 4 // 5
    maskable = Image.new("RGBA", (n, n), colour + (255,))
    maskable.paste(master.resize((inner, inner), Image.LANCZOS), ((n - inner) // 2,) * 2)
    for size in (192, 512):
        master.resize((size, size), Image.LANCZOS).save(os.path.join(out, f"icon-{size}.png"))
        maskable.resize((size, size), Image.LANCZOS).save(os.path.join(out, f"icon-maskable-{size}.png"))
    for size in (16, 32):
        master.resize((size, size), Image.LANCZOS).save(os.path.join(out, f"favicon-{size}x{size}.png"))
    master.save(os.path.join(out, "favicon.ico"), sizes=[(16, 16), (32, 32), (48, 48)])
    rgb.resize((180, 180), Image.LANCZOS).save(os.path.join(out, "apple-touch-icon.png"))
    write_text_files(out, colour)


def pyvips_android_web(task):
    import struct
    import pyvips
    master = pyvips.Image.new_from_file(task["source"], access="random")
    if master.bands == 3:
        master = master.bandjoin(255)
    master = master.copy_memory()
    out = task["outdir"]
    n = master.width
    colour = tuple(int(round(master.crop(0, 0, n, 1).extract_band(b).avg())) for b in range(3))
    canvas, viewport, safe = 1024, 1024 * 72 // 108, 1024 * 66 // 108

    def resized(image, size):
        return image.resize(size / image.width, vscale=size / image.height, kernel="lanczos3")
    foreground = resized(master, safe).copy(interpretation="srgb").embed((canvas - safe) // 2, (canvas - safe) // 2, canvas, canvas, extend="background",
                                             background=[0, 0, 0, 0]).copy_memory()
    background = (pyvips.Image.black(canvas, canvas) + (list(colour) + [255])).cast("uchar").copy(interpretation="srgb")
    composite = background.composite2(foreground, "over")
    legacy = composite.crop((canvas - viewport) // 2, (canvas - viewport) // 2, viewport, viewport).copy_memory()
    circle = pyvips.Image.svgload_buffer(f'<svg xmlns="http://www.w3.org/2000/svg" width="{viewport}" height="{viewport}">'
                                         f'<circle cx="{viewport / 2}" cy="{viewport / 2}" r="{viewport / 2}"/></svg>'.encode())
    round_icon = legacy.extract_band(0, n=3).bandjoin((legacy.extract_band(3) * circle.extract_band(3) / 255).cast("uchar")).copy_memory()
    mono = (pyvips.Image.black(canvas, canvas, bands=3) + 255).cast("uchar").bandjoin(foreground.extract_band(3)).copy_memory()
    for density, small, layer in DENSITIES:
        folder = os.path.join(out, "mipmap-" + density)
        os.makedirs(folder, exist_ok=True)
        resized(legacy, small).pngsave(os.path.join(folder, "ic_launcher.png"))
        resized(round_icon, small).pngsave(os.path.join(folder, "ic_launcher_round.png"))
        resized(foreground, layer).pngsave(os.path.join(folder, "ic_launcher_foreground.png"))
        resized(mono, layer).pngsave(os.path.join(folder, "ic_launcher_monochrome.png"))
    resized(legacy, 512).pngsave(os.path.join(out, "ic_launcher-playstore.png"))
    inner = n * 4 // 5
    maskable = ((pyvips.Image.black(n, n) + (list(colour) + [255])).cast("uchar")
                .insert(resized(master, inner), (n - inner) // 2, (n - inner) // 2)).copy_memory()
    for size in (192, 512):
        resized(master, size).pngsave(os.path.join(out, f"icon-{size}.png"))
        resized(maskable, size).pngsave(os.path.join(out, f"icon-maskable-{size}.png"))
    for size in (16, 32):
        resized(master, size).pngsave(os.path.join(out, f"favicon-{size}x{size}.png"))
    # libvips writes no .ico: PNG entries in an icon directory, as a script would do by hand.
    entries = [resized(master, size).pngsave_buffer() for size in (16, 32, 48)]
    header, offset = struct.pack("<HHH", 0, 1, 3), 6 + 16 * 3
    for size, data in zip((16, 32, 48), entries):
        header += struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    open(os.path.join(out, "favicon.ico"), "wb").write(header + b"".join(entries))
    resized(master.flatten(background=[255, 255, 255]), 180).pngsave(os.path.join(out, "apple-touch-icon.png"))
    write_text_files(out, colour)


TOOLS = {"pillow": pillow_task, "pyvips": pyvips_task, "pyvips-thumbnail": pyvips_thumbnail_task,
         "pillow-android-web": pillow_android_web, "pyvips-android-web": pyvips_android_web}

if __name__ == "__main__":
    tool, job_file = sys.argv[1], sys.argv[2]
    job = json.load(open(job_file))
    run = TOOLS[tool]
    if job.get("processes", 1) > 1:
        with Pool(job["processes"]) as pool:
            pool.map(run, job["tasks"], chunksize=1)
    else:
        for task in job["tasks"]:
            run(task)
