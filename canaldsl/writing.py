"""Writing a file whole or not at all: what ``fmt``, ``render`` and ``report`` write.

Game-independent.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, text: str | bytes) -> None:
    """Replace a file's contents so that a crash leaves either the old or the new text.

    A symbolic link stays a link: the file it points to is replaced. An interrupt (SIGINT,
    SIGTERM) arriving meanwhile is taken once the file is replaced
    (:func:`canaldsl.interrupts.deferred`)."""
    from canaldsl.interrupts import deferred

    target = path.resolve()
    with deferred():
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        try:
            if isinstance(text, str):
                with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                    handle.write(text)
                    handle.flush()
                    os.fsync(handle.fileno())
            else:
                with os.fdopen(fd, "wb") as binary:
                    binary.write(text)
                    binary.flush()
                    os.fsync(binary.fileno())
            with contextlib.suppress(OSError):
                os.chmod(temp, _mode_for(target))
            os.replace(temp, target)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise


def _mode_for(target: Path) -> int:
    """The file's mode, kept; a new file's is the usual one (read and write for all, less the
    process's umask), not the temporary file's owner-only mode."""
    try:
        return os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
