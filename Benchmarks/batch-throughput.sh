#!/usr/bin/env bash
# Throughput of `tallcheck resolve --batch`: N requests through one process.
# Usage: Benchmarks/batch-throughput.sh TREE [N]   (release build: swift build -c release)
set -euo pipefail
tree=$1; count=${2:-100000}
bin="$(dirname "$0")/../.build/release/tallcheck"
requests=$(mktemp)
trap 'rm -f "$requests"' EXIT
python3 - "$tree" "$count" > "$requests" <<'PY'
import json, os, sys
tree, count = sys.argv[1], int(sys.argv[2])
names = sorted({f.split("@")[0].split(".")[0] for _, _, files in os.walk(tree) for f in files if f.endswith(".png")})
devices = ["iPhone 3GS", "iPhone 5", "iPhone 6 Plus", "iPhone X", "iPad 2", "iPad Air"]
for i in range(count):
    print(json.dumps({"name": names[i % len(names)], "device": devices[i % len(devices)]}))
PY
start=$(date +%s.%N)
answers=$("$bin" resolve --batch --root "$tree" < "$requests" | wc -l)
end=$(date +%s.%N)
python3 -c "import sys; n=$answers; t=$end-$start; print(f'--batch: {n} answers in {t:.2f} s, {n/t:,.0f} answers/s (index build included)')"
