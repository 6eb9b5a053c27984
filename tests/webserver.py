"""Starting ``canaldsl serve`` for a test: a real process on a free loopback port.

The server is the installed command, run as a user runs it (``--no-browser``, ``--port 0``:
the system picks a free port and the command says which on its first line). It is stopped
with SIGINT, as Ctrl-C would, and what it wrote is kept for the test to look at.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import programs
import pytest

STARTUP_SECONDS = 90.0
"""How long a server may take to say where it is (two workers import canaldsl first)."""

PAGE_HEADER = {"x-canaldsl-page": "1", "content-type": "text/plain; charset=utf-8"}


@dataclass
class Server:
    url: str
    process: subprocess.Popen[str]
    stderr: list[str] = field(default_factory=list)

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1].strip("/"))


def web_libraries_missing() -> str | None:
    """Why the web tests cannot run here (None: they can)."""
    for name in ("starlette", "uvicorn", "httpx"):
        try:
            __import__(name)
        except ImportError:
            return f"{name} is not installed (pip install '.[test]')"
    return None


@contextlib.contextmanager
def running_server(file: Path | None, *options: str) -> Iterator[Server]:
    """``canaldsl serve FILE OPTIONS`` on a free port of 127.0.0.1, stopped at the end."""
    # a real process (a server that runs until stopped), started with programs' command line
    command = programs.command(
        "serve", "--no-browser", "--port", "0", *options, *([file] if file is not None else [])
    )
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    lines: list[str] = []
    assert process.stdout is not None and process.stderr is not None
    first = threading.Event()

    def read_first() -> None:
        assert process.stdout is not None
        lines.append(process.stdout.readline())
        first.set()

    threading.Thread(target=read_first, daemon=True).start()
    if not first.wait(STARTUP_SECONDS) or not lines or not lines[0]:
        process.kill()
        _, err = process.communicate(timeout=10)
        pytest.fail(f"canaldsl serve did not start: {err[-2000:]}")
    found = re.search(r"http://127\.0\.0\.1:\d+/", lines[0])
    assert found, lines[0]
    server = Server(found.group(), process)
    try:
        yield server
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        server.stderr.append(process.stderr.read())
