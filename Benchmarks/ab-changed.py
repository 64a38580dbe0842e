#!/usr/bin/env python3
"""Two tallcheck binaries on a warm run after an edit: a comment line appended to one source
file in place, and one image touched.

Usage: python3 Benchmarks/ab-changed.py BEFORE AFTER APP RUNS [--rename]

APP is a tree written by Benchmarks/make-app.py (its first App/Swift/*/*.swift is edited and its
first Images/*/*@2x.png touched). Each binary keeps its own cache folder, warmed once; then, RUNS
times, alternating, both files get a new mtime and ctime and each binary lints APP with its
cache. With --rename the source is saved as most editors save: the edited text written to a new
file renamed over the old one, which changes its folder too. Prints each binary's median and
minimum wall time and AFTER ÷ BEFORE.
"""
import glob
import os
import statistics
import subprocess
import sys
import tempfile
import time


def edit(source, by_rename):
    """Appends a comment line to the source: in place, or written anew and renamed over it."""
    if not by_rename:
        with open(source, "a") as edited:
            edited.write("// edited\n")
        return
    with open(source) as original:
        text = original.read()
    saved = os.path.join(os.path.dirname(source), "." + os.path.basename(source) + ".saving")
    with open(saved, "w") as new:
        new.write(text + "// edited\n")
    os.replace(saved, source)


def main():
    before, after, app, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    by_rename = "--rename" in sys.argv[5:]
    source = sorted(glob.glob(os.path.join(app, "App", "Swift", "*", "*.swift")))[0]
    image = sorted(glob.glob(os.path.join(app, "Images", "*", "*@2x.png")))[0]
    binaries = {"before": before, "after": after}
    with tempfile.TemporaryDirectory() as work:
        caches = {name: os.path.join(work, name) for name in binaries}
        for name, binary in binaries.items():
            subprocess.run([binary, "lint", "--cache-path", caches[name], "--reporter", "json", app],
                           capture_output=True)
        times = {name: [] for name in binaries}
        for _ in range(runs):
            for name, binary in binaries.items():
                edit(source, by_rename)
                os.utime(image)
                start = time.perf_counter()
                subprocess.run([binary, "lint", "--cache-path", caches[name], "--reporter", "json", app],
                               capture_output=True)
                times[name].append(time.perf_counter() - start)
    for name in binaries:
        print(f"{name:7} median {statistics.median(times[name]):.3f} s  min {min(times[name]):.3f} s  ({runs} runs)")
    print(f"after / before: {statistics.median(times['after']) / statistics.median(times['before']):.2f}")


if __name__ == "__main__":
    main()
