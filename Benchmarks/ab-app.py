#!/usr/bin/env python3
"""Binaries against each other on the large app's ratio: for each round and each binary in
turn, a cold lint of the images tree, then of the app tree (`lint --no-cache --reporter json`).
Prints each binary's median wall time and CPU time (user + system) on both trees, the app ÷
images ratio compare.py's --app checks, and the CPU the app costs beyond its images.

Usage: python3 Benchmarks/ab-app.py RUNS BINARY... [--images TREE] [--app TREE]

The trees default to compare.py's: /tmp/tallcheck-bench-20000 (Benchmarks/make-tree.py 20000)
and /tmp/tallcheck-app-20000 (Benchmarks/make-app.py 20000). CPU time moves less with this
2-core machine's load than wall time, and the app's beyond its images is what a change to the
source scan or the device matrix moves.
"""
import argparse
import os
import statistics
import subprocess
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", type=int)
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--images", default="/tmp/tallcheck-bench-20000")
    parser.add_argument("--app", default="/tmp/tallcheck-app-20000")
    options = parser.parse_args()
    trees = [options.images, options.app]
    wall, cpu = {}, {}
    for _ in range(options.runs):
        for binary in options.binaries:
            for tree in trees:
                start = time.perf_counter()
                process = subprocess.Popen([binary, "lint", tree, "--no-cache", "--reporter", "json"],
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                _, _, usage = os.wait4(process.pid, 0)
                wall.setdefault((binary, tree), []).append((time.perf_counter() - start) * 1000)
                cpu.setdefault((binary, tree), []).append((usage.ru_utime + usage.ru_stime) * 1000)
    for binary in options.binaries:
        images, app = (statistics.median(wall[(binary, tree)]) for tree in trees)
        images_cpu, app_cpu = (statistics.median(cpu[(binary, tree)]) for tree in trees)
        print(f"{binary}: images {images:.1f} ms ({images_cpu:.1f} ms CPU), app {app:.1f} ms "
              f"({app_cpu:.1f} ms CPU), app ÷ images {app / images:.3f}, "
              f"the app's CPU beyond its images {app_cpu - images_cpu:.1f} ms ({options.runs} rounds)")


if __name__ == "__main__":
    main()
