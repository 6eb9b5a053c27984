"""What every worker process needs, loaded once in the fork server that starts the workers.

Game-independent. :mod:`canaldsl.batch` (``check -j N``) and the page's server
(:mod:`canaldsl.web.workers`) start their workers from a ``forkserver``; the fork server
imports this module before it forks any worker (``set_forkserver_preload``), so each worker
starts as a copy with the command line, every game and each game's checking code already
loaded, instead of importing them itself (about 0.3-0.5 s of CPU a worker, paid again by
each worker and each pool a process starts). The games are warmed through their own
protocol: each checks an empty text once (its parser and engine modules loaded, nothing
read but the game's own files, nothing printed). A failure here is ignored: the worker then
loads what it needs itself, as without this module.
"""

from __future__ import annotations

import contextlib
from pathlib import Path


def warm() -> None:
    """Load the command line and every game's checking code into this process."""
    import canaldsl.cli  # noqa: F401  (the functions the workers run live there)
    from canaldsl.games import all_games

    for game in all_games():
        with contextlib.suppress(Exception):
            game.check_source("", path=Path("warm.canal"), display="warm.canal")


with contextlib.suppress(Exception):
    warm()
