"""Shared fixtures: the repository's root, the `haipai` command built from it, seeded hands."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def root():
    return ROOT


@pytest.fixture(scope="module")
def command_run():
    """Runs the `haipai` command (``$HAIPAI_BIN``, else target/debug/haipai): its
    ``subprocess.CompletedProcess`` (text)."""
    path = os.environ.get("HAIPAI_BIN") or str(ROOT / "target" / "debug" / "haipai")
    if not os.path.exists(path):
        pytest.fail(f"the haipai command is not built at {path}: `cargo build -p haipai-cli` or set HAIPAI_BIN")

    def run(*args):
        return subprocess.run([path, *args], capture_output=True, text=True, timeout=600)

    return run


@pytest.fixture(scope="module")
def command_text(command_run):
    """Runs the `haipai` command and returns what it prints."""
    return lambda *args: command_run(*args).stdout


@pytest.fixture(scope="module")
def command_error(command_run):
    """Runs the `haipai` command, which must fail, and returns its error message (standard
    error's ``error: ...`` line without the prefix)."""

    def run(*args):
        done = command_run(*args)
        assert done.returncode != 0, args
        return next(line for line in done.stderr.splitlines() if line.startswith("error: "))[len("error: "):]

    return run


@pytest.fixture(scope="module")
def command(command_text):
    """Runs the `haipai` command with ``--json`` and returns its JSON lines."""

    def run(*args):
        return [json.loads(line) for line in command_text(*args, "--json").splitlines() if line.strip()]

    return run
