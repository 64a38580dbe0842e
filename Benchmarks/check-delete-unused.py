#!/usr/bin/env python3
"""Checks `tallcheck fix --delete-unused` against a generated app's known answer (issue 32).

Usage: python3 Benchmarks/check-delete-unused.py TALLCHECK TREE

TREE is written by `Benchmarks/make-app.py N TREE [...] --name-flow [--no-any-name]` and is
changed: run it on a copy. TREE/expected-unused.txt lists every asset nothing names. With
--no-any-name, fix must delete every file of each of them and no other file. Without it, an
Objective-C "%@.png" could load any image, so every one of them may be in use: fix must delete
nothing. Also checks that lint afterwards reports no missing-image it did not report before,
and that a second fix deletes nothing. Exit 0 when all hold.
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module

loose_name_of = import_module("check-unused").name_of


def name_of(path):
    """A file's asset: its image set's name inside an .imageset, else its name without modifiers."""
    for part in path.split("/"):
        if part.endswith(".imageset"):
            return part[: -len(".imageset")]
    return loose_name_of(path)


def files(tree):
    found = set()
    for folder, _, names in os.walk(tree):
        for name in names:
            found.add(os.path.relpath(os.path.join(folder, name), tree))
    return found


def missing_images(tallcheck, tree, config):
    run = subprocess.run([tallcheck, "lint", tree, "--no-cache", "--reporter", "json", "--config", config],
                         capture_output=True, text=True)
    report = json.loads(run.stdout)
    return sorted((d["path"], d.get("line"), d["message"]) for d in report["diagnostics"] if d["rule"] == "missing-image")


def main():
    tallcheck, tree = sys.argv[1], sys.argv[2]
    with open(os.path.join(tree, "expected-unused.txt")) as handle:
        expected = {line.strip() for line in handle if line.strip()}
    any_name = any('@"%@.png"' in open(os.path.join(folder, name)).read()
                   for folder, _, names in os.walk(os.path.join(tree, "App", "ObjC")) for name in names)
    kept = expected if any_name else set()
    with tempfile.NamedTemporaryFile("w", suffix=".yml", delete=False) as config:
        config.write("opt_in_rules: [unused-image]\n")
    before_files = files(tree)
    missing_before = missing_images(tallcheck, tree, config.name)
    run = subprocess.run([tallcheck, "fix", "--delete-unused", tree], capture_output=True, text=True)
    if run.returncode != 0:
        print(run.stdout[-2000:], run.stderr[-2000:])
        sys.exit(1)
    after_files = files(tree)
    deleted = before_files - after_files
    added = after_files - before_files
    deleted_names = {name_of(path) for path in deleted}
    # Every file of a deleted asset is gone: no file of that name is left.
    left = {path for path in after_files if name_of(path) in deleted_names}
    wanted = expected - kept
    missing_after = missing_images(tallcheck, tree, config.name)
    again = subprocess.run([tallcheck, "fix", "--delete-unused", tree], capture_output=True, text=True)
    os.unlink(config.name)
    print(f"deleted {len(deleted)} files of {len(deleted_names)} assets; expected {len(wanted)} assets "
          f"({len(kept)} kept: a name built at run time could be theirs); missing-image {len(missing_before)} before, {len(missing_after)} after")
    problems = []
    if deleted_names != wanted:
        problems.append(f"assets deleted but named: {sorted(deleted_names - wanted)[:20]}; "
                        f"not deleted: {sorted(wanted - deleted_names)[:20]}")
    if added or left:
        problems.append(f"files added: {sorted(added)[:10]}; files of deleted assets left: {sorted(left)[:10]}")
    if missing_after != missing_before:
        problems.append(f"missing-image changed: {sorted(set(missing_after) - set(missing_before))[:5]}")
    if not again.stdout.startswith("Nothing to fix.") and "delete " in again.stdout:
        problems.append("a second fix deleted more")
    for problem in problems:
        print(problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
