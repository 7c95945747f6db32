#!/usr/bin/env python3
"""IconForge against libvips (pyvips), Pillow and ImageMagick on the same jobs, in one run.

Run through Benchmarks/run.sh, which installs the peers and builds iconforge in release mode. Jobs:
  icons   the ios + ios-legacy files from the 1024x1024 master
  launch  the launch-images files, aspect-fill from the 2732x2732 source
  launch-photo  the same from a generated photograph-like source with no flat colour
  batch   50 varied masters -> 50 icon sets, both cores (peers in a 2-process pool)
  validate  1,000 icon files: iconforge validate vs pngcheck
  svg     the ios + ios-legacy files from a 64 px SVG master: rsvg-convert once per size, pyvips thumbnail
          of the SVG; PSNR against a linear-light Lanczos-3 reduction of a 2048 px render
Tools alternate run by run (A B C D, A B C D, ...) after one warm-up each. Per job: median wall time,
median CPU time, peak RSS, output bytes, the ratio of each peer's wall time to IconForge's, and for the
icon set the PSNR of the 29/58/87/120/180 px outputs against a float64 linear-light Lanczos-3 reference.
Writes Benchmarks/RESULTS.md and the Performance table in README.md. Not a test: nothing here runs in CI.
"""
import argparse
import datetime
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
import uuid

import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "Benchmarks", ".work", "harness")
SCRIPTS = os.path.join(WORK, "scripts")
# Earlier runs' outputs are moved here and deleted after the last run. Deleting a thousand files just
# before creating a thousand made ext4's inode allocator search past the recently deleted ones: 0.5-0.9 s
# of system time added to every tool's batch, which is not what users see writing into an empty folder.
SPENT = os.path.join(WORK, "spent")
ICONFORGE = os.path.join(ROOT, ".build-install", "iconforge")  # built by run.sh (make build)
PYTHON = sys.executable
PEERS = os.path.join(ROOT, "Benchmarks", "peers.py")
MAGICK = "/usr/bin/convert"  # the real ImageMagick, not a stand-in earlier on PATH
ICON_MASTER = os.path.join(ROOT, "TestImages", "app-icon-master.png")
LAUNCH_MASTER = os.path.join(ROOT, "TestImages", "launch-master.png")
QUALITY_SIZES = [29, 58, 87, 120, 180]
SVG_MASTER = os.path.join(ROOT, "TestImages", "sources", "icon.svg")


def preset_files(names, mode):
    """[filename, width, height, mode] for every distinct file of the presets, from Presets/*.json."""
    files = {}
    for name in names:
        for output in json.load(open(os.path.join(ROOT, "Presets", f"{name}.json")))["outputs"]:
            if "filename" not in output:
                continue
            if "pixels" in output:
                w, h = map(int, output["pixels"].split("x"))
            else:
                pw, ph = map(float, output["points"].split("x"))
                scale = output.get("scale", 1)
                w, h = int(pw * scale), int(ph * scale)
            files.setdefault(output["filename"], [output["filename"], w, h, mode])
    return list(files.values())


ICON_FILES = preset_files(["ios", "ios-legacy"], "square")
LAUNCH_FILES = preset_files(["launch-images"], "fill")


def make_photo_source(side=2732):
    """A launch source with no flat colour anywhere, as a photograph has none: smooth colour fields at
    several scales plus fine grain. The sample launch master is a gradient and a logo on flat colour,
    which IconForge's flat-margin shortcut makes cheap; this job shows the cost without it."""
    path = os.path.join(WORK, "launch-photo-2732.png")
    if os.path.exists(path):
        return path
    random = np.random.default_rng(2732)
    field = np.zeros((side, side, 3))
    for cells, weight in [(3, 90.0), (9, 45.0), (40, 20.0), (200, 8.0)]:
        coarse = random.uniform(-1, 1, (cells, cells, 3))
        layer = np.stack([np.asarray(Image.fromarray(coarse[:, :, c].astype(np.float32), mode="F").resize((side, side), Image.BICUBIC))
                          for c in range(3)], axis=-1)
        field += weight * layer
    field += random.normal(0, 2.5, field.shape)
    pixels = np.clip(128 + field, 0, 255).astype(np.uint8)
    Image.fromarray(pixels).save(path, compress_level=6)
    return path


def make_batch_masters(count=50):
    """Shifted and recoloured copies of the icon master, so no two masters are alike."""
    folder = os.path.join(WORK, "batch-masters")
    if os.path.isdir(folder) and len(os.listdir(folder)) == count:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    base = np.asarray(Image.open(ICON_MASTER).convert("RGB")).astype(np.float64)
    for i in range(count):
        shifted = np.roll(base, (i * 17, i * 29), axis=(0, 1))
        mix = np.array([[1 - 0.01 * i, 0.01 * i, 0], [0, 1 - 0.005 * i, 0.005 * i], [0.008 * i, 0, 1 - 0.008 * i]])
        recoloured = np.clip(shifted @ mix.T, 0, 255).astype(np.uint8)
        Image.fromarray(recoloured).save(os.path.join(folder, f"app{i:02d}.png"), compress_level=1)
    return folder


# ---- the jobs, as each tool's users would run them -------------------------------------------------

def magick_script(tasks, parallel):
    """One `convert` per output, as the popular icon scripts do; with parallel, two masters at a time."""
    lines = ["set -e"]
    per_master = []
    for task in tasks:
        commands = []
        for name, w, h, mode in task["files"]:
            out = os.path.join(task["outdir"], name)
            if mode == "fill":
                commands.append(f"'{MAGICK}' '{task['source']}' -resize {w}x{h}^ -gravity center -extent {w}x{h} -type TrueColor 'PNG24:{out}'")
            else:
                commands.append(f"'{MAGICK}' '{task['source']}' -resize {w}x{h}! -type TrueColor 'PNG24:{out}'")
        per_master.append([f"mkdir -p '{task['outdir']}'"] + commands)
    script = os.path.join(SCRIPTS, f"magick-{hashlib.sha1(json.dumps(tasks).encode()).hexdigest()[:12]}.sh")
    if parallel:
        scripts = []
        for index, commands in enumerate(per_master):
            path = script + f".{index}.sh"
            open(path, "w").write("set -e\n" + "\n".join(commands) + "\n")
            scripts.append(path)
        lines.append("printf '%s\\n' " + " ".join(f"'{s}'" for s in scripts) + " | xargs -P 2 -n 1 bash")
    else:
        lines += [c for commands in per_master for c in commands]
    open(script, "w").write("\n".join(lines) + "\n")
    return ["bash", script]


def peer_command(tool, tasks, processes):
    job = os.path.join(SCRIPTS, f"{tool}-{hashlib.sha1(json.dumps(tasks).encode()).hexdigest()[:12]}.json")
    json.dump({"tasks": tasks, "processes": processes}, open(job, "w"))
    return [PYTHON, PEERS, tool, job]


def jobs(batch_folder, photo, runs_folder):
    """name -> tool -> (command, output folder)."""
    def out(job, tool):
        return os.path.join(runs_folder, job, tool)

    def job(name, iconforge_arguments, tasks, parallel, peers=("pyvips", "pillow", "imagemagick")):
        """IconForge with its arguments, and the peers on `tasks(tool)`: one process, or a 2-process pool
        (ImageMagick: two masters at a time) when `parallel`."""
        processes = 2 if parallel else 1
        commands = {"iconforge": lambda: [ICONFORGE, "generate"] + iconforge_arguments,
                    "pyvips": lambda: peer_command("pyvips", tasks("pyvips"), processes),
                    "pillow": lambda: peer_command("pillow", tasks("pillow"), processes),
                    "imagemagick": lambda: magick_script(tasks("imagemagick"), parallel)}
        return {tool: (commands[tool](), out(name, tool)) for tool in ("iconforge",) + tuple(peers)}

    masters = sorted(os.path.join(batch_folder, n) for n in os.listdir(batch_folder))
    return {
        "icons": job("icons", [ICON_MASTER, "--preset", "ios,ios-legacy", "--out", out("icons", "iconforge")],
                     lambda tool: [{"source": ICON_MASTER, "outdir": out("icons", tool), "files": ICON_FILES}], False),
        "launch": job("launch", [LAUNCH_MASTER, "--preset", "launch-images", "--out", out("launch", "iconforge")],
                      lambda tool: [{"source": LAUNCH_MASTER, "outdir": out("launch", tool), "files": LAUNCH_FILES}], False),
        # Against the fastest peer only: Pillow and ImageMagick take 21 and 34 s a run here.
        "launch-photo": job("launch-photo", [photo, "--preset", "launch-images", "--out", out("launch-photo", "iconforge")],
                            lambda tool: [{"source": photo, "outdir": out("launch-photo", tool), "files": LAUNCH_FILES}],
                            False, peers=("pyvips",)),
        # A vector master, the way users turn one into icons today: librsvg's command once per size, and
        # libvips' thumbnail of the SVG (which renders it at the size asked for).
        "svg": {"iconforge": ([ICONFORGE, "generate", SVG_MASTER, "--preset", "ios,ios-legacy", "--out", out("svg", "iconforge")], out("svg", "iconforge")),
                "rsvg-convert": (rsvg_script(SVG_MASTER, out("svg", "rsvg-convert")), out("svg", "rsvg-convert")),
                "pyvips": (peer_command("pyvips-thumbnail", [{"source": SVG_MASTER, "outdir": out("svg", "pyvips"), "files": ICON_FILES}], 1),
                           out("svg", "pyvips"))},
        # Android and web icons from one master (flutter_launcher_icons and capacitor-assets do not run here):
        # against scripts that make the same files with each library.
        "android-web": {"iconforge": ([ICONFORGE, "generate", ICON_MASTER, "--preset", "android,web", "--out", out("android-web", "iconforge")],
                                      out("android-web", "iconforge")),
                        "pyvips": (peer_command("pyvips-android-web", [{"source": ICON_MASTER, "outdir": out("android-web", "pyvips")}], 1),
                                   out("android-web", "pyvips")),
                        "pillow": (peer_command("pillow-android-web", [{"source": ICON_MASTER, "outdir": out("android-web", "pillow")}], 1),
                                   out("android-web", "pillow"))},
        "batch": job("batch", [batch_folder, "--preset", "ios,ios-legacy", "--out", out("batch", "iconforge") + "/{name}"],
                     lambda tool: [{"source": m, "outdir": os.path.join(out("batch", tool), os.path.basename(m)[:-4]),
                                    "files": ICON_FILES} for m in masters], True),
    }


def rsvg_script(svg, outdir):
    """rsvg-convert once per output size, as a shell script writes it."""
    script = os.path.join(SCRIPTS, "rsvg-convert.sh")
    lines = ["set -e", f"mkdir -p '{outdir}'"]
    lines += [f"rsvg-convert -w {w} -h {h} -b white -o '{outdir}/{name}' '{svg}'" for name, w, h, _ in ICON_FILES]
    open(script, "w").write("\n".join(lines) + "\n")
    return ["bash", script]


def svg_reference(size):
    """A linear-light Lanczos-3 reduction of a 2048 px render (librsvg, on white)."""
    render = os.path.join(WORK, "svg-2048.png")
    if not os.path.exists(render):
        subprocess.run(["rsvg-convert", "-w", "2048", "-h", "2048", "-b", "white", "-o", render, SVG_MASTER], check=True)
    return reference(size, render)


def validation_files(count=1000):
    """1,000 icon files to check: IconForge's batch output (made first if need be)."""
    folder = os.path.join(WORK, "validate-input")
    if not os.path.isdir(folder):
        subprocess.run([ICONFORGE, "generate", make_batch_masters(), "--preset", "ios,ios-legacy", "--out", folder + "/{name}"],
                       check=True, stdout=subprocess.DEVNULL)
    files = []
    for dirpath, _, names in sorted(os.walk(folder)):
        files += [os.path.join(dirpath, n) for n in sorted(names) if n.endswith(".png")]
    return files[:count]


# ---- measurement -----------------------------------------------------------------------------------

def measure(command, outdir, allowed=(0,)):
    if os.path.exists(outdir):
        os.makedirs(SPENT, exist_ok=True)
        os.rename(outdir, os.path.join(SPENT, uuid.uuid4().hex))
    os.makedirs(os.path.dirname(outdir), exist_ok=True)
    # Peak RSS through GNU time: a child's own ru_maxrss starts from this (large) Python process's, as
    # Linux copies the high-water mark at fork; time forks its child after exec, from a small process.
    rss_file = os.path.join(WORK, "rss.txt")
    start = time.perf_counter()
    process = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", rss_file] + command,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    errors = process.stderr.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status) not in allowed:
        raise SystemExit(f"{command[:4]} failed: {errors[-500:]}")
    rss_kb = int(open(rss_file).read().strip().split("\n")[-1])
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss_mb": rss_kb / 1024}


def png_bytes(folder):
    total = 0
    for dirpath, _, names in os.walk(folder):
        for name in names:
            if name.endswith(".png") or name.startswith("iTunesArtwork"):
                total += os.path.getsize(os.path.join(dirpath, name))
    return total


def find_output(folder, filename):
    for dirpath, _, names in os.walk(folder):
        if filename in names:
            return os.path.join(dirpath, filename)
    raise FileNotFoundError(filename)


def lanczos_matrix(n_in, n_out):
    """The same conventions as IconForge: pixel centres at +0.5, kernel widened by the reduction, renormalised."""
    scale = n_out / n_in
    fs = min(scale, 1.0)
    support = 3.0 / fs
    matrix = np.zeros((n_out, n_in))
    for i in range(n_out):
        centre = (i + 0.5) / scale
        lo, hi = max(0, int(np.floor(centre - support - 0.5))), min(n_in - 1, int(np.ceil(centre + support + 0.5)))
        j = np.arange(lo, hi + 1)
        x = (j + 0.5 - centre) * fs
        w = np.sinc(x) * np.sinc(x / 3)
        w[np.abs(x) >= 3] = 0
        matrix[i, lo:hi + 1] = w / w.sum()
    return matrix


def reference(size, master=ICON_MASTER):
    srgb = np.asarray(Image.open(master).convert("RGB")).astype(np.float64) / 255
    linear = np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)
    m = lanczos_matrix(linear.shape[0], size)
    out = np.stack([m @ linear[:, :, c] @ m.T for c in range(3)], axis=-1).clip(0, 1)
    return np.where(out <= 0.0031308, out * 12.92, 1.055 * out ** (1 / 2.4) - 0.055) * 255


def psnr(path, ref):
    image = np.asarray(Image.open(path).convert("RGB")).astype(np.float64)
    mse = np.mean((image - ref) ** 2)
    return 10 * np.log10(255 ** 2 / mse) if mse > 0 else float("inf")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--jobs", default="icons,launch,launch-photo,batch,svg,android-web,validate")
    arguments = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)
    shutil.rmtree(SPENT, ignore_errors=True)  # left by an interrupted run
    shutil.rmtree(SCRIPTS, ignore_errors=True)  # job files and scripts of this run only
    os.makedirs(SCRIPTS)
    runs_folder = os.path.join(WORK, "runs")
    # Each job's outputs are a project of their own (a .git marker), as a user's are: IconForge keeps its write
    # ledger (.iconforge/written.json) at a project's root, which was this repository's, where it also held the
    # harness's other outputs (the validate input, the last batch: 2,300 entries, parsed by every icon set's run).
    for name in ["icons", "launch", "launch-photo", "batch", "svg", "android-web"]:
        os.makedirs(os.path.join(runs_folder, name, ".git"), exist_ok=True)
    batch_folder = make_batch_masters()
    table = jobs(batch_folder, make_photo_source(), runs_folder)
    wanted = arguments.jobs.split(",")
    results = {}
    for job in [j for j in ["icons", "launch", "launch-photo", "batch", "svg", "android-web"] if j in wanted]:
        tools = table[job]
        samples = {tool: [] for tool in tools}
        for tool, (command, outdir) in tools.items():  # warm-up
            measure(command, outdir)
        for _ in range(arguments.runs):
            for tool, (command, outdir) in tools.items():
                samples[tool].append(measure(command, outdir))
        results[job] = {tool: {"wall": statistics.median(s["wall"] for s in runs), "cpu": statistics.median(s["cpu"] for s in runs),
                               "rss_mb": max(s["rss_mb"] for s in runs), "bytes": png_bytes(tools[tool][1])}
                        for tool, runs in samples.items()}
        print(f"{job}: " + ", ".join(f"{t} {r['wall']:.3f}s" for t, r in results[job].items()), flush=True)

    def quality_of(job, make_reference):
        """size -> tool -> PSNR of the job's icon outputs against `make_reference(size)`."""
        if job not in results:
            return {}
        names = {size: next(f[0] for f in ICON_FILES if f[1] == size) for size in QUALITY_SIZES}
        return {size: {tool: psnr(find_output(outdir, names[size]), ref) for tool, (_, outdir) in table[job].items()}
                for size in QUALITY_SIZES for ref in [make_reference(size)]}
    quality = quality_of("icons", reference)
    svg_quality = quality_of("svg", svg_reference)

    if "validate" in wanted:
        files = validation_files()
        tools = {"iconforge": [ICONFORGE, "validate", "--role", "app"] + files, "pngcheck": ["pngcheck", "-q"] + files}
        samples = {tool: [] for tool in tools}
        # Both exit 1 when a file has a problem; the timing is what counts here.
        for tool, command in tools.items():
            measure(command, os.path.join(WORK, "unused"), allowed=(0, 1, 2))
        for _ in range(arguments.runs):
            for tool, command in tools.items():
                samples[tool].append(measure(command, os.path.join(WORK, "unused"), allowed=(0, 1, 2)))
        results["validate"] = {tool: {"wall": statistics.median(s["wall"] for s in runs), "cpu": statistics.median(s["cpu"] for s in runs),
                                      "rss_mb": max(s["rss_mb"] for s in runs), "bytes": 0} for tool, runs in samples.items()}
        print("validate: " + ", ".join(f"{t} {r['wall']:.3f}s" for t, r in results["validate"].items()), flush=True)

    shutil.rmtree(SPENT, ignore_errors=True)
    report(results, quality, svg_quality, arguments)


def report(results, quality, svg_quality, arguments):
    import PIL
    import pyvips
    magick = subprocess.run([MAGICK, "-version"], capture_output=True, text=True).stdout.split("\n")[0].replace("Version: ", "")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()} ({platform.freedesktop_os_release().get('PRETTY_NAME', '')})"
    lines = [f"Measured {datetime.date.today()} on {machine}; median of {arguments.runs} alternating runs after a warm-up; "
             "every run writes into an empty folder (earlier outputs are deleted after the last run).",
             f"Peers: libvips {pyvips.version(0)}.{pyvips.version(1)}.{pyvips.version(2)} (pyvips wheel), Pillow {PIL.__version__}, {magick}.",
             "Command: `bash Benchmarks/run.sh`", "",
             "| job | tool | wall | CPU | peak RSS | output bytes | wall ÷ IconForge's |", "|---|---|---|---|---|---|---|"]
    descriptions = {"icons": f"icon set ({len(ICON_FILES)} files, 1024² master)", "launch": f"launch set ({len(LAUNCH_FILES)} files, 2732² source, aspect-fill)",
                    "launch-photo": "launch set, photographic source (no flat colour)",
                    "batch": "batch (50 masters → 50 icon sets, 2 cores)", "validate": "validate 1,000 icon files",
                    "svg": f"icon set from a 64 px SVG ({len(ICON_FILES)} files)",
                    "android-web": "android + web (20 launcher PNGs, Play icon, 4 manifest icons, favicon.ico, 3 more PNGs, XML, manifest)"}
    for job, tools in results.items():
        ours = tools["iconforge"]["wall"]
        for tool, r in tools.items():
            ratio = "—" if tool == "iconforge" else f"{r['wall'] / ours:.2f}×"
            size = f"{r['bytes']:,}" if r["bytes"] else "—"
            lines.append(f"| {descriptions[job]} | {tool} | {r['wall']:.3f} s | {r['cpu']:.3f} s | {r['rss_mb']:.0f} MB | {size} | {ratio} |")
    # The project's targets (issue #36): IconForge's wall time against a peer's, as a least ratio.
    targets = [("icons", "pyvips", 4.0), ("batch", "pyvips", 3.0), ("launch", "pyvips", 2.0), ("svg", "pyvips", 2.0),
               ("svg", "rsvg-convert", 4.0), ("android-web", "pyvips", 2.5), ("validate", "pngcheck", 1.0)]
    rows = [(job, peer, goal, results[job][peer]["wall"] / results[job]["iconforge"]["wall"])
            for job, peer, goal in targets if job in results and peer in results[job]]
    if rows:
        lines += ["", "Targets: IconForge's wall time at most the peer's divided by the target.", "",
                  "| job | peer | target | measured | met |", "|---|---|---|---|---|"]
        lines += [f"| {descriptions[job].split(' (')[0]} | {peer} | {goal:.1f}× | {ratio:.2f}× | {'yes' if ratio >= goal else 'no'} |"
                  for job, peer, goal, ratio in rows]
    if quality:
        lines += ["", "Quality of the icon-set outputs: PSNR (dB, higher is better) against a float64 linear-light Lanczos-3 reference.", "",
                  "| size | " + " | ".join(quality[QUALITY_SIZES[0]].keys()) + " |", "|---" * (1 + len(quality[QUALITY_SIZES[0]])) + "|"]
        for size, row in quality.items():
            lines.append(f"| {size}×{size} | " + " | ".join(f"{v:.1f}" for v in row.values()) + " |")
    if svg_quality:
        lines += ["", "Quality of the icon set from the SVG master: PSNR (dB) against a float64 linear-light Lanczos-3 reduction of a 2048 px render.", "",
                  "| size | " + " | ".join(svg_quality[QUALITY_SIZES[0]].keys()) + " |", "|---" * (1 + len(svg_quality[QUALITY_SIZES[0]])) + "|"]
        for size, row in svg_quality.items():
            lines.append(f"| {size}×{size} | " + " | ".join(f"{v:.1f}" for v in row.values()) + " |")
    text = "\n".join(lines) + "\n"
    print(text)
    open(os.path.join(ROOT, "Benchmarks", "RESULTS.md"), "w").write("# Benchmark results\n\n" + text)
    readme = os.path.join(ROOT, "README.md")
    content = open(readme).read()
    block = "<!-- performance:start -->\n" + text + "<!-- performance:end -->"
    if "<!-- performance:start -->" in content:
        content = re.sub(r"<!-- performance:start -->.*<!-- performance:end -->", lambda _: block, content, flags=re.S)
        open(readme, "w").write(content)


if __name__ == "__main__":
    main()
