#!/usr/bin/env python3
"""TallCheck against the floor and the tools users would script instead.

Usage: Benchmarks/compare.py [--files N] [--runs R] [--no-build] [--static] [--scaling] [--app] [--duplicates]
                             [--all-copies] [--ipa] [--commands]

Makes a tree of about N PNGs (Benchmarks/make-tree.py) under /tmp, builds the floor (floor.c:
walk + read 33 bytes a file) and tallcheck (release), then runs every command R times,
alternating, and prints medians of wall time and peak RSS. This machine is noisy: only ratios
within one run mean anything. --scaling also measures lint's peak RSS at 5k, 20k and 80k files,
and the wall time of lint on a 200-file app. --static times the binary as released
(Scripts/release: the Swift runtime linked in, `--static-swift-stdlib`, built in .build-static),
which starts about 4 ms sooner than the default dynamically linked .build/release one.
"""
import argparse
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TALLCHECK = os.path.join(ROOT, ".build/release/tallcheck")
FLOOR = os.path.join(tempfile.gettempdir(), "tallcheck-floor")
HTML_REPORT = os.path.join(tempfile.gettempdir(), "tallcheck-bench-report.html")


def tree(files):
    path = os.path.join(tempfile.gettempdir(), f"tallcheck-bench-{files}")
    if not os.path.isdir(path):
        subprocess.run([sys.executable, os.path.join(HERE, "make-tree.py"), str(files), path], check=True, stdout=subprocess.DEVNULL)
    return path


def measure(command):
    """Wall seconds (perf_counter around the whole command) and peak RSS in KiB (GNU time's
    maximum resident set of the command's largest process)."""
    with tempfile.NamedTemporaryFile("r") as stats:
        start = time.perf_counter()
        subprocess.run(["/usr/bin/time", "-o", stats.name, "-f", "%M", "bash", "-c", command],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.perf_counter() - start
        return wall, int(stats.read().split()[-1])


def median_runs(commands, runs):
    results = {name: ([], []) for name, _ in commands}
    for _ in range(runs):
        for name, command in commands:  # alternating, so drift hits every command alike
            wall, rss = measure(command)
            results[name][0].append(wall)
            results[name][1].append(rss)
    return {name: (statistics.median(walls), statistics.median(rsses)) for name, (walls, rsses) in results.items()}


def print_table(commands, results, reference, reference_header):
    """Medians of each command, as ratios to the floor and to `reference`."""
    floor = results["floor (walk + 33 bytes)"][0]
    against = results[reference][0]
    print(f"{'command':28} {'wall s':>8} {'÷ floor':>8} {reference_header:>9} {'peak RSS MiB':>13}")
    for name, _ in commands:
        wall, rss = results[name]
        print(f"{name:28} {wall:8.3f} {wall / floor:8.2f} {wall / against:9.2f} {rss / 1024:13.1f}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--static", action="store_true",
                        help="time the binary as released: --static-swift-stdlib, built in .build-static")
    parser.add_argument("--scaling", action="store_true")
    parser.add_argument("--app", action="store_true",
                        help="also lint the large synthetic app (images + 3,000 Swift, 1,000 Objective-C files, "
                             "50 storyboards; Benchmarks/make-app.py) against its images alone")
    parser.add_argument("--duplicates", action="store_true",
                        help="also lint a tree with 1 %% of its files copied under new names, with and without "
                             "duplicate-image, and check that every copy is found")
    parser.add_argument("--all-copies", action="store_true",
                        help="also lint the same tree with every file of one pixel size a copy of the others "
                             "(make-tree.py --shared-pixels) against the tree of unique pixels")
    parser.add_argument("--commands", action="store_true",
                        help="also time resolve NAME and bundle on the large app tree against its floor")
    parser.add_argument("--ipa", action="store_true",
                        help="also lint the tree packed as an .ipa (Payload/Bench.app/…), stored and deflated, "
                             "against the unpacked tree")
    options = parser.parse_args()

    global TALLCHECK
    build = ["swift", "build", "-c", "release", "--product", "tallcheck"]
    if options.static:
        TALLCHECK = os.path.join(ROOT, ".build-static/release/tallcheck")
        build += ["--static-swift-stdlib", "--scratch-path", os.path.join(ROOT, ".build-static")]
    if not options.no_build:
        subprocess.run(build, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    print(f"tallcheck: {TALLCHECK}")
    subprocess.run(["cc", "-O2", "-o", FLOOR, os.path.join(HERE, "floor.c")], check=True)
    path = tree(options.files)
    count = sum(1 for _, _, files in os.walk(path) for name in files if name.endswith(".png"))
    xargs = f"find {path} -name '*.png' -print0 | xargs -0 -n 2000"
    commands = [
        ("floor (walk + 33 bytes)", f"{FLOOR} {path}"),
        ("tallcheck lint", f"{TALLCHECK} lint --no-cache --reporter json {path}"),
        ("tallcheck lint --verify", f"{TALLCHECK} lint --no-cache --verify --reporter json {path}"),
        ("tallcheck lint, HTML report", f"{TALLCHECK} lint --no-cache --reporter html --output {HTML_REPORT} {path}"),
    ]
    skipped = []
    if shutil.which("identify"):
        commands.append(("identify -ping", f"{xargs} identify -ping -format '%w %h\\n'"))
    else:
        skipped.append("identify (apt-get install imagemagick)")
    if shutil.which("pngcheck"):
        commands.append(("pngcheck -q", f"{xargs} pngcheck -q"))
    else:
        skipped.append("pngcheck (apt-get install pngcheck)")
    try:
        import PIL  # noqa: F401
        commands.append(("Pillow size script", f"{sys.executable} {os.path.join(HERE, 'pillow_sizes.py')} {path}"))
    except ImportError:
        skipped.append("Pillow (pip install Pillow)")

    print(f"{count} PNGs in {path}; {options.runs} runs each, alternating; medians; {os.cpu_count()} cores")
    results = median_runs(commands, options.runs)
    print_table(commands, results, "tallcheck lint", "÷ lint")
    print(f"HTML report: {os.path.getsize(HTML_REPORT):,} bytes ({HTML_REPORT})")
    for name in skipped:
        print(f"skipped: {name}")

    if options.app:
        app = os.path.join(tempfile.gettempdir(), f"tallcheck-app-{options.files}")
        if not os.path.isdir(app):
            subprocess.run([sys.executable, os.path.join(HERE, "make-app.py"), str(options.files), app], check=True,
                           stdout=subprocess.DEVNULL)
        sources = sum(1 for _, _, files in os.walk(os.path.join(app, "App")) for _ in files)
        cache = os.path.join(tempfile.gettempdir(), "tallcheck-bench-cache")
        shutil.rmtree(cache, ignore_errors=True)
        app_commands = [
            ("floor (walk + 33 bytes)", f"{FLOOR} {path}"),
            ("lint, images alone", f"{TALLCHECK} lint --no-cache --reporter json {path}"),
            ("lint, app with sources", f"{TALLCHECK} lint --no-cache --reporter json {app}"),
        ]
        print(f"\nthe same images plus {sources} source files in {app}; {options.runs} runs each, alternating; medians")
        print_table(app_commands, median_runs(app_commands, options.runs), "lint, images alone", "÷ images")
        # Warm: nothing changed since the last run, which wrote the cache.
        subprocess.run([TALLCHECK, "lint", "--cache-path", cache, "--reporter", "json", app], stdout=subprocess.DEVNULL)
        warm = [
            ("floor (walk + 33 bytes)", f"{FLOOR} {path}"),
            ("lint, app, warm cache", f"{TALLCHECK} lint --cache-path {cache} --reporter json {app}"),
        ]
        print(f"\nwarm, nothing changed; {options.runs} runs each, alternating; medians")
        print_table(warm, median_runs(warm, options.runs), "floor (walk + 33 bytes)", "÷ floor")
        # One source file and one image changed just before each run, as an edit before a build:
        # a comment line appended to the source in place, the image touched (a new mtime and
        # ctime). Both are read again; the rest comes from the cache.
        changed_source = sorted(glob.glob(os.path.join(app, "App", "Swift", "*", "*.swift")))[0]
        changed_image = sorted(glob.glob(os.path.join(app, "Images", "*", "*@2x.png")))[0]
        changed = [
            ("floor (walk + 33 bytes)", f"{FLOOR} {path}"),
            (
                "lint, app, 1 source + 1 image changed",
                f"printf '// edited\\n' >> '{changed_source}' && touch '{changed_image}' && {TALLCHECK} lint --cache-path {cache} --reporter json "
                f"{app}",
            ),
        ]
        print(f"\nwarm, one source and one image changed; {options.runs} runs each, alternating; medians")
        print_table(changed, median_runs(changed, options.runs), "floor (walk + 33 bytes)", "÷ floor")
        # The same edit saved as most editors save: written to a new file renamed over the old
        # one, so the source's folder changes too.
        saving = os.path.join(os.path.dirname(changed_source), ".saving")
        renamed = [
            ("floor (walk + 33 bytes)", f"{FLOOR} {path}"),
            (
                "lint, app, 1 source saved by rename + 1 image",
                f"cp '{changed_source}' '{saving}' && printf '// edited\\n' >> '{saving}' && "
                f"mv '{saving}' '{changed_source}' && touch '{changed_image}' && "
                f"{TALLCHECK} lint --cache-path {cache} --reporter json {app}",
            ),
        ]
        print(f"\nwarm, the source saved by rename; {options.runs} runs each, alternating; medians")
        print_table(renamed, median_runs(renamed, options.runs), "floor (walk + 33 bytes)", "÷ floor")

    if options.duplicates:
        duplicates(options)

    if options.all_copies:
        copies = os.path.join(tempfile.gettempdir(), f"tallcheck-bench-shared-{options.files}")
        if not os.path.isdir(copies):
            subprocess.run([sys.executable, os.path.join(HERE, "make-tree.py"), str(options.files), copies,
                            "--shared-pixels"], check=True, stdout=subprocess.DEVNULL)
        copy_commands = [
            ("floor (walk + 33 bytes)", f"{FLOOR} {path}"),
            ("lint, unique pixels", f"{TALLCHECK} lint --no-cache --reporter json {path}"),
            ("lint, every file a copy", f"{TALLCHECK} lint --no-cache --reporter json {copies}"),
        ]
        print(f"\nthe same tree with every file of a pixel size a copy ({copies}); {options.runs} runs each, "
              "alternating; medians")
        print_table(copy_commands, median_runs(copy_commands, options.runs), "lint, unique pixels", "÷ unique")

    if options.ipa:
        ipa(options, path)

    if options.commands:
        commands_on_app(options)

    if options.scaling:
        print("\nlint peak RSS by tree size (median of 3):")
        for files in (5000, 20000, 80000):
            scaled = tree(files)
            wall, rss = median_runs([("lint", f"{TALLCHECK} lint --no-cache --reporter json {scaled}")], 3)["lint"]
            print(f"  {files:6} files: {wall:6.3f} s, {rss / 1024:6.1f} MiB")
        small = tree(200)
        wall, rss = median_runs([("lint", f"{TALLCHECK} lint --no-cache --reporter json {small}")], 11)["lint"]
        print(f"lint on a 200-file app: {wall * 1000:.0f} ms wall (median of 11), {rss / 1024:.1f} MiB")


def commands_on_app(options):
    """resolve NAME (the headers of the name's candidates only) and bundle (no image read) on the
    large app, against the floor over the whole app tree (walk + 33 bytes of each of its files)."""
    app = os.path.join(tempfile.gettempdir(), f"tallcheck-app-{options.files}")
    if not os.path.isdir(app):
        subprocess.run([sys.executable, os.path.join(HERE, "make-app.py"), str(options.files), app], check=True,
                       stdout=subprocess.DEVNULL)
    first = sorted(glob.glob(os.path.join(app, "Images", "*", "*@2x.png")))[0]
    name = os.path.basename(first).split("@")[0]
    files = sum(len(names) for _, _, names in os.walk(app))
    commands = [
        ("floor (walk + 33 bytes)", f"{FLOOR} {app}"),
        (f"resolve {name}", f"{TALLCHECK} resolve {name} --root {app} --device 'iPhone 5'"),
        ("bundle", f"{TALLCHECK} bundle {app}"),
    ]
    print(f"\nresolve and bundle on the app ({files} files in {app}); {options.runs} runs each, alternating; medians")
    print_table(commands, median_runs(commands, options.runs), "floor (walk + 33 bytes)", "÷ floor")


def ipa(options, path):
    """The tree as an .ipa, stored and deflated (Python's zipfile), against the tree itself."""
    import zipfile
    archives = {}
    for name, method in [("stored", zipfile.ZIP_STORED), ("deflated", zipfile.ZIP_DEFLATED)]:
        archives[name] = os.path.join(tempfile.gettempdir(), f"tallcheck-bench-{options.files}-{name}.ipa")
        if not os.path.exists(archives[name]):
            with zipfile.ZipFile(archives[name], "w", method) as archive:
                for folder, _, files in sorted(os.walk(path)):
                    for file in sorted(files):
                        full = os.path.join(folder, file)
                        archive.write(full, "Payload/Bench.app/" + os.path.relpath(full, path))
    commands = [
        ("floor (walk + 33 bytes)", f"{FLOOR} {path}"),
        ("lint, unpacked tree", f"{TALLCHECK} lint --no-cache --reporter json {path}"),
        ("lint, .ipa stored", f"{TALLCHECK} lint --reporter json {archives['stored']}"),
        ("lint, .ipa deflated", f"{TALLCHECK} lint --reporter json {archives['deflated']}"),
    ]
    sizes = ", ".join(f"{name} {os.path.getsize(file):,} bytes" for name, file in archives.items())
    print(f"\nthe tree as an .ipa ({sizes}); {options.runs} runs each, alternating; medians")
    print_table(commands, median_runs(commands, options.runs), "lint, unpacked tree", "÷ tree")


def duplicates(options):
    """Lint with and without duplicate-image on a tree where 1 % of the files are copies."""
    import json
    path = os.path.join(tempfile.gettempdir(), f"tallcheck-bench-dups-{options.files}")
    if not os.path.isdir(path):
        subprocess.run([sys.executable, os.path.join(HERE, "make-tree.py"), str(options.files), path, "--copies", "1"],
                       check=True, stdout=subprocess.DEVNULL)
    configs = {}
    for name, text in [("with", "opt_in_rules: []\n"), ("without", "disabled_rules: [duplicate-image]\n")]:
        configs[name] = os.path.join(tempfile.gettempdir(), f"tallcheck-bench-{name}.yml")
        with open(configs[name], "w") as handle:
            handle.write(text)
    copies = sorted(os.listdir(os.path.join(path, "Images", "Copies")))
    result = subprocess.run([TALLCHECK, "lint", "--no-cache", "--config", configs["with"], "--reporter", "json", path],
                            capture_output=True, text=True)
    found = set()
    groups = 0
    for finding in json.loads(result.stdout)["diagnostics"]:
        if finding["rule"] == "duplicate-image":
            groups += 1
            found.update(os.path.basename(p) for p in [finding["path"]] + finding["related"] if "/Copies/" in p)
    print(f"\n{len(copies)} copies under new names in {path}: {groups} duplicate groups, "
          f"{len(found)} of the copies in them, {len(set(copies) - found)} missed")
    for line in result.stderr.splitlines():
        print("  " + line)
    if shutil.which("strace"):
        # Files opened more than once: read past the header (the probe opens each file once).
        opened = {}
        for name in ("without", "with"):
            trace = subprocess.run(["strace", "-f", "-qq", "-e", "trace=open,openat,openat2", "-o", "/dev/stderr", TALLCHECK, "lint",
                                    "--no-cache", "--config", configs[name], "--reporter", "json", path],
                                   capture_output=True, text=True).stderr
            opened[name] = sum(1 for line in trace.splitlines() if ".png\"" in line and "= -1" not in line)
        reopened = opened["with"] - opened["without"]
        print(f"PNG opens: {opened['without']} without the rule, {opened['with']} with it: {reopened} files "
              f"({reopened / opened['without']:.1%}) read past the header, the rest left at their pixel size and length")
    else:
        print("skipped: counting opens (apt-get install strace)")
    commands = [
        ("floor (walk + 33 bytes)", f"{FLOOR} {path}"),
        ("lint without duplicate-image", f"{TALLCHECK} lint --no-cache --config {configs['without']} --reporter json {path}"),
        ("lint with duplicate-image", f"{TALLCHECK} lint --no-cache --config {configs['with']} --reporter json {path}"),
    ]
    print(f"{options.runs} runs each, alternating; medians")
    print_table(commands, median_runs(commands, options.runs), "lint without duplicate-image", "÷ without")


if __name__ == "__main__":
    main()
