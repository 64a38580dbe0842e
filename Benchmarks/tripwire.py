#!/usr/bin/env python3
"""CI's speed tripwire (issue 30): the ratios that matter, failing only far above their targets.

Usage: python3 Benchmarks/tripwire.py TALLCHECK [--files N] [--runs R]

Writes a tree of about N PNGs (make-tree.py, default 5,000) and the same images with sources
(make-app.py, a quarter of its default sources), builds the floor (floor.c: walk + 33 bytes a
file), then times, alternating, medians of R runs (default 5):
  cold   lint --no-cache of the images        ÷ floor   target 1.3
  warm   lint of the app, cache warm           ÷ floor   target 0.7
  app    lint --no-cache of the app            ÷ cold    target 1.5
  edit   lint of the app, cache warm, after one source was saved by rename (as editors save)
         and one image touched                 ÷ floor   target 0.8
  catalogs  lint --no-cache of the images with an asset catalog of 1,000 sets beside them
         ÷ the floor of that tree              target 1.3
         (real apps keep most images in catalogs: a rule that looks at every set for every
         image, as launch-image-memory did, took 0.21 s of Pocket Casts' 0.72 s)
  unused-image  lint --no-cache with unused-image on ÷ the same with it off, on an app shaped
         like the ones where the rule was slow (make-app.py --localized: 2,000 PNGs, 1,500
         Swift files, 40 languages of Localizable.strings, JSON catalogs)  target 1.5 (issue 58)
Each ratio has a tripwire well above where it stands today (TRIPWIRES: about 1.7× the level
measured when it was set, on this 2-core machine), so that a regression that makes a run much
slower fails the round that makes it, while the noise of a shared CI machine does not. A ratio
over its tripwire is measured again with twice the runs before the script exits 1. TALLCHECK
must be a release build: a debug build's ratios mean nothing.
"""
import argparse
import glob
import importlib.util
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
CATALOG_SETS = 1000
spec = importlib.util.spec_from_file_location("compare", os.path.join(HERE, "compare.py"))
compare = importlib.util.module_from_spec(spec)
spec.loader.exec_module(compare)

TARGETS = {"cold ÷ floor": 1.3, "warm ÷ floor": 0.7, "app ÷ cold": 1.5, "edit ÷ floor": 0.8, "catalogs ÷ floor": 1.3,
           "unused-image on ÷ off": 1.5}
# Measured on 2026-11-25 (5,000 PNGs, medians of 5): cold 2.91, warm 1.09, app 1.47; the edit
# on 2026-11-26: 1.17 (a full lint there is 3.4-3.9, which trips it); catalogs on 2026-11-26: 2.82
# (11.70 with launch-image-memory looking at every set for every image, which trips it).
# unused-image on 2026-11-28: 1.9-2.0 (0.06 s off, 0.115 s on); the rule made to sleep 0.1 s
# trips it.
TRIPWIRES = {"cold ÷ floor": 5.0, "warm ÷ floor": 1.9, "app ÷ cold": 2.5, "edit ÷ floor": 2.0, "catalogs ÷ floor": 5.0,
             "unused-image on ÷ off": 3.0}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tallcheck")
    parser.add_argument("--files", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    tallcheck = os.path.abspath(options.tallcheck)
    work = tempfile.mkdtemp(prefix="tallcheck-tripwire-")
    try:
        images, app = os.path.join(work, "images"), os.path.join(work, "app")
        subprocess.run([sys.executable, os.path.join(HERE, "make-tree.py"), str(options.files), images], check=True,
                       stdout=subprocess.DEVNULL)
        subprocess.run([sys.executable, os.path.join(HERE, "make-app.py"), str(options.files), app, "750", "250",
                        "12"], check=True, stdout=subprocess.DEVNULL)
        # The app shaped like those where unused-image was slow, and the rule off and on.
        slow = os.path.join(work, "slow")
        subprocess.run([sys.executable, os.path.join(HERE, "make-app.py"), "2000", slow, "1500", "100", "0",
                        "--localized", "40"], check=True, stdout=subprocess.DEVNULL)
        rule = {}
        for state, text in (("off", "disabled_rules: [unused-image]\n"), ("on", "opt_in_rules: [unused-image]\n")):
            rule[state] = os.path.join(work, f"unused-{state}.yml")
            with open(rule[state], "w") as handle:
                handle.write(text)
        floor = os.path.join(work, "floor")
        compiler = shutil.which("cc") or shutil.which("clang") or "cc"
        subprocess.run([compiler, "-O2", "-o", floor, os.path.join(HERE, "floor.c")], check=True)
        cache = os.path.join(work, "cache")
        subprocess.run([tallcheck, "lint", "--cache-path", cache, "--reporter", "json", app], stdout=subprocess.DEVNULL)
        # The edit gets a copy of the app of its own, so that the warm row's tree does not change,
        # and touches an image of a size no other has: one the duplicate search does not read past
        # its header (a file it read whole is read again with the rest, by design).
        edited = os.path.join(work, "edited")
        shutil.copytree(app, edited, symlinks=True)
        source = sorted(glob.glob(os.path.join(edited, "App", "Swift", "*", "*.swift")))[0]
        image = os.path.join(sorted(glob.glob(os.path.join(edited, "Images", "*")))[0], "Tripwire@2x.png")
        with open(image, "wb") as png:
            png.write(small_png(37, 41))
        saving = os.path.join(os.path.dirname(source), ".saving")
        edited_cache = os.path.join(work, "edited-cache")
        time.sleep(0.1)  # Files written just now are read again on the next run: let them settle.
        subprocess.run([tallcheck, "lint", "--cache-path", edited_cache, "--reporter", "json", edited],
                       stdout=subprocess.DEVNULL)
        # The images again, with an asset catalog of CATALOG_SETS image sets, one PNG of its own each.
        catalogs = os.path.join(work, "catalogs")
        shutil.copytree(images, catalogs, symlinks=True)
        write_catalog(os.path.join(catalogs, "App", "Assets.xcassets"), CATALOG_SETS)
        commands = [
            ("floor", f"{floor} {images}"),
            ("catalogs floor", f"{floor} {catalogs}"),
            ("catalogs", f"{tallcheck} lint --no-cache --reporter json {catalogs}"),
            ("cold", f"{tallcheck} lint --no-cache --reporter json {images}"),
            ("app", f"{tallcheck} lint --no-cache --reporter json {app}"),
            ("warm", f"{tallcheck} lint --cache-path {cache} --reporter json {app}"),
            ("unused off", f"{tallcheck} lint --no-cache --config {rule['off']} --reporter json {slow}"),
            ("unused on", f"{tallcheck} lint --no-cache --config {rule['on']} --reporter json {slow}"),
            (
                "edit",
                f"cp '{source}' '{saving}' && printf '// edited\\n' >> '{saving}' && mv '{saving}' '{source}' && "
                f"touch '{image}' && {tallcheck} lint --cache-path {edited_cache} --reporter json {edited}",
            ),
        ]
        tripped = measure(commands, options)
        if tripped:
            print(f"speed tripwire: {', '.join(tripped)} over the tripwire; measuring again with {2 * options.runs} runs")
            options.runs *= 2
            tripped = measure(commands, options)
        if tripped:
            print(f"speed tripwire: {', '.join(tripped)} far above target; see docs/performance.md")
            sys.exit(1)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def write_catalog(folder, sets):
    """An asset catalog of `sets` image sets, each one @2x PNG of a size no other has."""
    os.makedirs(folder)
    with open(os.path.join(folder, "Contents.json"), "w") as handle:
        handle.write('{"info": {"author": "xcode", "version": 1}}\n')
    for k in range(sets):
        imageset = os.path.join(folder, f"Set{k}.imageset")
        os.makedirs(imageset)
        with open(os.path.join(imageset, "Contents.json"), "w") as handle:
            handle.write('{"images": [{"idiom": "universal", "filename": "set@2x.png", "scale": "2x"}], '
                         '"info": {"author": "xcode", "version": 1}}\n')
        with open(os.path.join(imageset, "set@2x.png"), "wb") as png:
            png.write(small_png(2 * (10 + k % 40), 2 * (10 + k // 40)))


def small_png(width, height):
    """An opaque gray PNG of the given size."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    rows = b"".join(b"\x00" + bytes([width % 256]) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def measure(commands, options):
    """Prints the ratios; returns the names of those over their tripwire."""
    results = compare.median_runs(commands, options.runs)
    wall = {name: results[name][0] for name, _ in commands}
    ratios = {
        "cold ÷ floor": wall["cold"] / wall["floor"],
        "warm ÷ floor": wall["warm"] / wall["floor"],
        "app ÷ cold": wall["app"] / wall["cold"],
        "edit ÷ floor": wall["edit"] / wall["floor"],
        "catalogs ÷ floor": wall["catalogs"] / wall["catalogs floor"],
        "unused-image on ÷ off": wall["unused on"] / wall["unused off"],
    }
    print(f"speed tripwire: {options.files} PNGs, medians of {options.runs}; floor {wall['floor']:.3f} s, "
          f"cold {wall['cold']:.3f} s, app {wall['app']:.3f} s, warm {wall['warm']:.3f} s, "
          f"after an edit {wall['edit']:.3f} s; with {CATALOG_SETS} catalog sets: floor {wall['catalogs floor']:.3f} s, "
          f"cold {wall['catalogs']:.3f} s; the localized app: unused-image off {wall['unused off']:.3f} s, "
          f"on {wall['unused on']:.3f} s")
    tripped = []
    for name, ratio in ratios.items():
        target, tripwire = TARGETS[name], TRIPWIRES[name]
        state = "over the tripwire" if ratio > tripwire else ("over target" if ratio > target else "ok")
        print(f"  {name:21} {ratio:5.2f}  (target {target}, tripwire {tripwire}): {state}")
        if ratio > tripwire:
            tripped.append(name)
    return tripped


if __name__ == "__main__":
    main()
