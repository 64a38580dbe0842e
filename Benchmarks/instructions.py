#!/usr/bin/env python3
"""User-space instructions of one run, counted by valgrind's callgrind: a figure that does not
move with the machine's load, for judging a change whose wall time hides in the noise (this
2-core machine's medians drift by 10 % within minutes; a count repeats within 0.4 %).

Usage: python3 Benchmarks/instructions.py TALLCHECK TREE [--top N] [-- LINT ARGUMENTS]

Runs `TALLCHECK lint TREE --no-cache --reporter json [ARGUMENTS]` once under callgrind and
prints the instructions it ran in user space (the kernel's work, such as the probe's system
calls, is not counted), then with --top the N functions with the most instructions of their
own, demangled. Needs valgrind (Debian's `valgrind`) and a release build of TALLCHECK; its
debug information is stripped into a temporary copy first (valgrind 3.19 cannot read the
Swift toolchain's DWARF 5). Threads run one at a time under valgrind: the count is of work,
not of how it spread over the cores.

Instructions are not time: a change that saves system calls, page faults or cache misses
shows in wall time only (compare.py, phases.py), and one that saves instructions saves time
only where they were the bottleneck.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile


def main():
    arguments = sys.argv[1:]
    extra = []
    if "--" in arguments:
        extra = arguments[arguments.index("--") + 1:]
        arguments = arguments[:arguments.index("--")]
    parser = argparse.ArgumentParser()
    parser.add_argument("tallcheck")
    parser.add_argument("tree")
    parser.add_argument("--top", type=int, default=0)
    options = parser.parse_args(arguments)
    if shutil.which("valgrind") is None:
        sys.exit("instructions.py: valgrind is not installed (apt-get install -y valgrind)")
    with tempfile.TemporaryDirectory(prefix="tallcheck-instructions-") as scratch:
        binary = os.path.join(scratch, "tallcheck")
        subprocess.run(["strip", "--strip-debug", "-o", binary, options.tallcheck], check=True)
        output = os.path.join(scratch, "callgrind.out")
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={output}", binary, "lint", options.tree,
             "--no-cache", "--reporter", "json"] + extra,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        collected = re.search(r"Collected : (\d+)", run.stderr)
        if not collected:
            sys.exit("instructions.py: callgrind gave no count:\n" + run.stderr[-2000:])
        total = int(collected.group(1))
        print(f"{total:,} instructions in user space: tallcheck lint {options.tree} --no-cache --reporter json "
              + " ".join(extra))
        if options.top:
            annotated = subprocess.run(["callgrind_annotate", output], capture_output=True, text=True).stdout
            rows = []
            for line in annotated.splitlines():
                match = re.match(r"\s*([\d,]+)\s+\(\s*([\d.]+)%\)\s+\S*?:(\S+)", line)
                if match:
                    rows.append((int(match.group(1).replace(",", "")), match.group(3)))
            rows = rows[1:options.top + 1] if rows and rows[0][1] == "TOTALS" else rows[:options.top]
            demangle = shutil.which("swift-demangle")
            names = [name for _, name in rows]
            if demangle and names:
                names = subprocess.run([demangle, "--simplified"], input="\n".join(names), capture_output=True,
                                       text=True).stdout.splitlines() or names
            for (count, _), name in zip(rows, names):
                print(f"{count:>14,}  {count / total * 100:5.1f} %  {name[:150]}")


if __name__ == "__main__":
    main()
