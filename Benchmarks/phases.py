#!/usr/bin/env python3
"""Where a lint's time goes, phase by phase: runs `tallcheck lint` R times with
TALLCHECK_TIMINGS=1 and prints each phase's median milliseconds as a Markdown table.

Usage: python3 Benchmarks/phases.py TREE [RUNS] [-- LINT ARGUMENTS]
(`-- --no-cache` for cold runs; without it the runs share a cache made by one run first, so
every timed run is warm.) Uses this checkout's release build (.build/release/tallcheck).
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TALLCHECK = os.path.join(os.path.dirname(HERE), ".build/release/tallcheck")

arguments = sys.argv[1:]
extra = []
if "--" in arguments:
    extra = arguments[arguments.index("--") + 1:]
    arguments = arguments[:arguments.index("--")]
tree = arguments[0]
runs = int(arguments[1]) if len(arguments) > 1 else 9
cache = None
if "--no-cache" not in extra:
    cache = tempfile.mkdtemp(prefix="tallcheck-phases-cache-")
    extra += ["--cache-path", cache]
command = [TALLCHECK, "lint", tree, "--reporter", "json"] + extra
environment = dict(os.environ, TALLCHECK_TIMINGS="1")
if cache:
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment)
order = []
values = {}
row = re.compile(r"^(?:tallcheck: )?(\s+)(.*?)\s+([0-9.]+)$")
for _ in range(runs):
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=environment)
    for line in result.stderr.splitlines():
        match = row.match(line)
        if not match:
            continue
        phase = ("  " * max(0, len(match.group(1)) // 2 - 1)) + match.group(2)
        if phase not in values:
            order.append(phase)
            values[phase] = []
        values[phase].append(float(match.group(3)))
if cache:
    shutil.rmtree(cache, ignore_errors=True)
print(f"`{' '.join(['tallcheck'] + command[1:])}`, TALLCHECK_TIMINGS=1, medians of {runs}\n")
print("| phase | ms |")
print("|---|---|")
for phase in order:
    median = statistics.median(values[phase])
    if median < 0.05 and len(values[phase]) == runs:
        continue
    name = phase.replace("  ", "&nbsp;&nbsp;")
    print(f"| {name} | {median:.1f} |")
