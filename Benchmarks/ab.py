#!/usr/bin/env python3
"""Times two tallcheck binaries against each other: `lint TREE` run alternately, medians.

Usage: python3 Benchmarks/ab.py BEFORE_BINARY AFTER_BINARY TREE [RUNS] [-- LINT ARGUMENTS]
(`-- --no-cache` for cold runs; without it each binary uses its own warm cache.)
For a change: build the old commit's release binary in a worktree (`git worktree add
/tmp/old REV && (cd /tmp/old && swift build -c release --product tallcheck)`), then
compare it with this checkout's `.build/release/tallcheck` on `Benchmarks/make-tree.py`'s tree.
"""
import statistics
import subprocess
import sys
import time

arguments = sys.argv[1:]
extra = []
if "--" in arguments:
    extra = arguments[arguments.index("--") + 1:]
    arguments = arguments[:arguments.index("--")]
before, after, tree = arguments[0:3]
runs = int(arguments[3]) if len(arguments) > 3 else 21
times = {"before": [], "after": []}
for _ in range(runs):
    for label, binary in (("before", before), ("after", after)):
        start = time.perf_counter()
        subprocess.run([binary, "lint", tree, "--reporter", "json"] + extra, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times[label].append(time.perf_counter() - start)
for label, values in times.items():
    print(f"{label:7} median {statistics.median(values):.3f} s  min {min(values):.3f} s  ({runs} runs)")
ratio = statistics.median(times["after"]) / statistics.median(times["before"])
print(f"after / before: {ratio:.2f}")
