"""Shared fixtures: the repository's root, the `haipai` command built from it, seeded hands."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture(scope="session")
def command():
    """Runs the `haipai` command (``$HAIPAI_BIN``, else target/debug/haipai) and returns its
    JSON lines."""
    path = os.environ.get("HAIPAI_BIN") or str(ROOT / "target" / "debug" / "haipai")
    if not os.path.exists(path):
        pytest.fail(f"the haipai command is not built at {path}: `cargo build -p haipai-cli` or set HAIPAI_BIN")

    def run(*args):
        done = subprocess.run([path, *args, "--json"], capture_output=True, text=True, timeout=600)
        return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]

    return run
