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


TOOLS = {"pillow": pillow_task, "pyvips": pyvips_task, "pyvips-thumbnail": pyvips_thumbnail_task}

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
