#!/usr/bin/env python3
"""Checks unused-image against a generated app's known answer (issue 35).

Usage: python3 Benchmarks/check-unused.py TALLCHECK TREE

TREE is written by `Benchmarks/make-app.py N TREE [...] --name-flow`, which lists in
TREE/expected-unused.txt every asset nothing names. Lints TREE with unused-image on and
compares the names it reports with that list: exit 0 when they are the same, 1 with the
differences otherwise. Also prints the lint's wall time.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time


def name_of(path):
    """`App/Generated.xcassets/gen-icon-5.imageset` -> gen-icon-5; `Images/G/Asset19@2x.png` -> Asset19."""
    last = path.rstrip("/").split("/")[-1]
    if last.endswith(".imageset"):
        return last[: -len(".imageset")]
    stem = re.sub(r"\.(png|jpe?g)$", "", last)
    return re.sub(r"(-568h)?(@[23]x)?(~(ipad|iphone))?$", "", stem)


def main():
    tallcheck, tree = sys.argv[1], sys.argv[2]
    with open(os.path.join(tree, "expected-unused.txt")) as handle:
        expected = {line.strip() for line in handle if line.strip()}
    with tempfile.NamedTemporaryFile("w", suffix=".yml", delete=False) as config:
        config.write("opt_in_rules: [unused-image]\n")
    start = time.perf_counter()
    run = subprocess.run([tallcheck, "lint", tree, "--no-cache", "--reporter", "json", "--config", config.name],
                         capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    os.unlink(config.name)
    report = json.loads(run.stdout)
    found = {name_of(d["path"]) for d in report["diagnostics"] if d["rule"] == "unused-image"}
    print(f"unused-image: {len(found)} reported, {len(expected)} expected ({elapsed:.2f} s)")
    missed, extra = sorted(expected - found), sorted(found - expected)
    if missed:
        print(f"not reported ({len(missed)}): {', '.join(missed[:20])}")
    if extra:
        print(f"reported but named somewhere ({len(extra)}): {', '.join(extra[:20])}")
    sys.exit(1 if missed or extra else 0)


if __name__ == "__main__":
    main()
