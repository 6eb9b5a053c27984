"""The functions test_batch gives to worker processes, in a module of their own.

A worker process imports the module of the function it is given (it receives the function by
name). When that module was a test module, each worker imported pytest, the test helpers and
the test module itself (compiled from source: pytest's rewritten bytecode is only for pytest),
about 0.14 s of CPU a worker, more than the work. Here each worker imports only this small
module, and the command line's code when it checks a file. The functions are the same.
"""

from __future__ import annotations

from pathlib import Path


def fails_on_three(number: int) -> int:
    """The square of ``number``; raises ValueError for 3."""
    if number == 3:
        raise ValueError("three")
    return number * number


def checked(path: Path) -> object:
    """What ``canaldsl check`` makes of ``path`` as text."""
    from canaldsl.cli import check_outcome

    return check_outcome(path, as_json=False)


def checked_json(path: Path) -> object:
    """What ``canaldsl check --format json`` makes of ``path``."""
    from canaldsl.cli import check_outcome

    return check_outcome(path, as_json=True)
