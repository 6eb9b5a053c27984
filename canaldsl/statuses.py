"""The enumerations every game and command shares, each defined once: what checking a file
found (:class:`Status`), how the program exits (:class:`ExitCode`), which solver answers
(:class:`Engine`).

Game-independent. Each is a ``str`` or ``int`` enumeration, so its members compare equal to
(and print, and serialise to JSON, as) the plain values published before they were enums.
"""

from __future__ import annotations

import enum


class Status(enum.StrEnum):
    """What checking one file found, worst first: the file cannot be understood (``error``),
    an expectation does not hold (``failed``), a proposed turn breaks a rule (``illegal``),
    or all is well (``ok``)."""

    ERROR = "error"
    FAILED = "failed"
    ILLEGAL = "illegal"
    OK = "ok"


class ExitCode(enum.IntEnum):
    """The exit status of ``canaldsl``, the same for every command and every game."""

    OK = 0
    """The files are understood, every expectation holds, every answer is proven."""
    FAILED = 1
    """An expectation fails, a proposed turn is illegal, or a solver's work budget ran out."""
    ERROR = 2
    """A file (or the command line) cannot be understood, or the question cannot be asked."""
    TIMEOUT = 3
    """The wall-clock safety limit stopped a solver: the answer depends on the machine."""
    INTERRUPTED = 130
    """Stopped by SIGINT (Ctrl-C); no output is given."""
    TERMINATED = 143
    """Stopped by SIGTERM; no output is given."""


class Engine(enum.StrEnum):
    """A solver's method: chosen by the size of the question, an exact search, or CP-SAT."""

    AUTO = "auto"
    SEARCH = "search"
    CP_SAT = "cp-sat"

    @classmethod
    def named(cls, name: str) -> Engine:
        """The engine ``name`` names, in its one spelling or an older one (:data:`ALIASES`);
        raises :class:`UnknownEngineError` otherwise."""
        spelled = ENGINE_ALIASES.get(name, name)
        try:
            return cls(spelled)
        except ValueError:
            raise UnknownEngineError(name) from None


ENGINE_ALIASES = {"exact": "search", "exhaustive": "search", "cpsat": "cp-sat"}
"""Older names of the engines, still accepted: one spelling per engine across the commands
("search" for the exact search, "cp-sat" for the model)."""


class UnknownEngineError(ValueError):
    """A name that is no engine's, in any spelling."""

    def __init__(self, name: str) -> None:
        names = ", ".join(e.value for e in Engine)
        super().__init__(f"unknown engine {name!r} (engines: {names})")
        self.name = name
