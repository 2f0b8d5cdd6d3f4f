#!/usr/bin/env bash
# The Python package's checks: the crate's formatting and lints (it is outside the workspace),
# then `pip install` of the package into a fresh virtual environment under a temporary folder
# (pip fetches maturin, the build backend, from PyPI), and its pytest suite, which compares
# the answers with PyPI `mahjong` and with the `haipai` command built from this checkout; then
# the benchmark's quick mode (benches/python/bench_python.py --quick: every library's answers
# checked against `mahjong`'s, the ratios printed) in the same environment.
# Builds go to $CARGO_TARGET_DIR (default: the checkout's target/), the package's to python/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"

cargo fmt --manifest-path "$here/Cargo.toml" --check
CARGO_TARGET_DIR="$target/python" cargo clippy --manifest-path "$here/Cargo.toml" --all-targets -- -D warnings
CARGO_TARGET_DIR="$target" cargo build --manifest-path "$root/Cargo.toml" -p haipai-cli

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
python3 -m venv "$scratch/venv"
"$scratch/venv/bin/python" -m pip install --quiet --upgrade pip
CARGO_TARGET_DIR="$target/python" "$scratch/venv/bin/python" -m pip install --quiet "$here"
"$scratch/venv/bin/python" -m pip install --quiet pytest numpy pandas mahjong==2.1.0 "dask[distributed]"
# From the scratch folder, so that `import haipai` is the installed package, not the sources.
cd "$scratch"
HAIPAI_BIN="$target/debug/haipai" "$scratch/venv/bin/python" -m pytest -q -p no:cacheprovider "$here/tests"
"$scratch/venv/bin/python" -m pip install --quiet xiangting
"$scratch/venv/bin/python" "$root/benches/python/bench_python.py" --quick
