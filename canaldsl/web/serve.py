"""The ``canaldsl serve`` command: the page on a local web server, opened in the browser.

Game-independent. The server (uvicorn, running the application of :mod:`canaldsl.web.app`)
listens on 127.0.0.1 only, in a thread of its own; the main thread waits for it, free to take
Ctrl-C (SIGINT) or SIGTERM: the server is then told to stop, its workers are stopped, and the
command ends as every interrupted command does (:mod:`canaldsl.process`: one line, exit 130 or
143, no traceback).

The command's output is held until it ends, like every command's; the line saying where the
page is must be seen at once, so it goes straight to the terminal (``sys.__stdout__``).
"""

from __future__ import annotations

import contextlib
import socket
import sys
import threading
import time
from pathlib import Path
from typing import NoReturn

import click

from canaldsl.statuses import ExitCode

HOST = "127.0.0.1"
"""The only address the server listens on: this machine alone can reach the page."""

DEFAULT_PORT = 8717
"""The port of ``canaldsl serve`` unless ``--port`` says otherwise (0: any free port)."""

INSTALL_HINT = "install the web extra: pip install 'canaldsl[web]'"


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(ExitCode.ERROR)


def _say_now(line: str) -> None:
    """A line written to the terminal at once (not held with the command's output)."""
    stream = sys.__stdout__
    if stream is not None:
        with contextlib.suppress(OSError, ValueError):
            stream.write(line + "\n")
            stream.flush()


def _listening_socket(port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((HOST, port))
    except OSError as exc:
        sock.close()
        _fail(f"cannot listen on {HOST}:{port}: {exc.strerror or exc} (give --port N; 0: any)")
    sock.listen(128)
    return sock


def _log_to_terminal() -> None:
    """The server's warnings and errors go to the terminal at once (not held)."""
    import logging

    handler = logging.StreamHandler(sys.__stderr__)
    handler.setFormatter(logging.Formatter("canaldsl serve: %(levelname)s: %(message)s"))
    for name in ("uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.setLevel(logging.WARNING)
        logger.propagate = False


@click.command()
@click.argument("file", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=DEFAULT_PORT,
    show_default=True,
    help="The port on 127.0.0.1 (0: any free port).",
)
@click.option("--no-browser", is_flag=True, help="Do not open the page in the browser.")
@click.option(
    "--workers",
    type=click.IntRange(1, 16),
    default=2,
    show_default=True,
    help="Worker processes checking, drawing and solving.",
)
@click.option(
    "--queue",
    type=click.IntRange(0, 1024),
    default=32,
    show_default=True,
    help="Requests that may wait for a worker; past them the answer is 'busy, try again'.",
)
def serve(file: Path | None, port: int, no_browser: bool, workers: int, queue: int) -> None:
    """Show FILE on a page in the browser: its text highlighted with every problem underlined,
    the position drawn, the verdict and the answers, updated as you type; set up the position
    by clicking on the board; share it as a link; save it back to FILE.

    The server listens on 127.0.0.1 only and touches no file but FILE (saving replaces it
    whole). Without FILE the page starts empty and can only download. Ctrl-C stops it. Needs
    the web extra: pip install 'canaldsl[web]'."""
    try:
        import uvicorn

        from canaldsl.web.app import Served, build_app
        from canaldsl.web.workers import WorkerPool
    except ImportError as exc:
        _fail(f"canaldsl serve needs {exc.name or 'the web libraries'}: {INSTALL_HINT}")
    from canaldsl.sources import display_name

    if file is not None:
        if file.is_dir():
            _fail(f"{file} is a folder: give a .canal file")
        if not file.parent.resolve().is_dir():
            _fail(f"{file}: no such folder")
        served = Served(file.resolve(), display_name(file), str(file.resolve()))
    else:
        served = Served(None, "untitled.canal", str(Path.cwd() / "untitled.canal"))
    _log_to_terminal()
    sock = _listening_socket(port)
    pool = WorkerPool(workers=workers, queue=queue)
    config = uvicorn.Config(
        build_app(served, pool),
        log_config=None,
        log_level="warning",
        access_log=False,
        limit_concurrency=max(64, 2 * (workers + queue)),
        timeout_graceful_shutdown=3,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [sock]}, name="canaldsl-serve", daemon=True
    )
    try:
        pool.warm()
        thread.start()
        while not server.started and thread.is_alive():
            time.sleep(0.05)
        if not thread.is_alive():
            _fail("the server stopped at its start")
        url = f"http://{HOST}:{sock.getsockname()[1]}/"
        _say_now(f"canaldsl serve: {served.display} on {url} (Ctrl-C stops it)")
        if not no_browser:
            import webbrowser

            webbrowser.open(url)
        while thread.is_alive():
            thread.join(0.25)
    finally:
        server.should_exit = True
        if thread.is_alive():
            thread.join(5)
        pool.close()
        sock.close()
    sys.exit(ExitCode.OK)


__all__ = ["DEFAULT_PORT", "HOST", "serve"]
