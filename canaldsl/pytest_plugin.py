"""A pytest plugin: `.canal` scenario files as test items.

Registered through the package's ``pytest11`` entry point, so any pytest run where canaldsl is
installed collects every ``*.canal`` file that makes claims (``expect`` or ``query`` lines) among
the paths pytest is given or finds under its test paths: ``pytest my.canal`` runs that file, and
``pytest`` runs every such file below ``testpaths``. The ini option ``canal_scenario_dirs`` (a
list of folder names) narrows what is found by walking folders to files inside folders of those
names (this repository: ``scenarios`` and ``examples``, so that the test data under ``tests/``
is not collected); a file named on the command line is collected wherever it is.

One file is one test: it passes when every claim holds; its failure message shows each
claim that does not hold, as written, beside what canaldsl computes. A file marked
``known-error`` (a rulebook example known to contradict its own rulebook) is an expected
failure; if all its claims hold, it fails, saying the error no longer shows. A claim canaldsl
cannot evaluate yet neither passes nor fails a file; a file none of whose claims can be
evaluated is skipped, saying so.

Game-independent: each file is judged by its game (:mod:`canaldsl.games`). Heavy modules are
imported only when a test runs, so the plugin costs nothing elsewhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

DEFAULT_DIRS: tuple[str, ...] = ()
"""No folder restriction: every .canal file with claims that pytest finds is collected."""
_CLAIM_LINE = re.compile(r"^\s*(expect|query)\b", flags=re.M)


class ScenarioFailedError(ValueError):
    """A scenario whose claims do not hold, or that cannot be understood; the message says why."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(
        "canal_scenario_dirs",
        type="args",
        default=list(DEFAULT_DIRS),
        help="collect only .canal files inside folders of these names when walking folders "
        "(default: every .canal file with claims; a file named on the command line always)",
    )


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """A .canal file with claims becomes a :class:`ScenarioFile`: one named on the command line,
    or one found under a folder (inside a folder named in ``canal_scenario_dirs``, when set)."""
    if file_path.suffix != ".canal":
        return None
    folders = set(parent.config.getini("canal_scenario_dirs"))
    if folders and not parent.session.isinitpath(file_path):
        try:
            parts = file_path.relative_to(parent.config.rootpath).parts
        except ValueError:
            parts = file_path.parts
        if not folders & set(parts[:-1]):
            return None
    try:
        text = file_path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    if not _CLAIM_LINE.search(text):
        return None
    collected: pytest.Collector = ScenarioFile.from_parent(parent, path=file_path)
    return collected


class ScenarioFile(pytest.File):
    """A scenario file: one test item, named after the file."""

    def collect(self) -> Iterator[pytest.Item]:
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioItem(pytest.Item):
    """Plays a scenario file and judges every claim it makes."""

    def _display(self) -> str:
        try:
            return self.path.relative_to(self.config.rootpath).as_posix()
        except ValueError:
            return str(self.path)

    def runtest(self) -> None:
        from canaldsl.checking import source_and_game
        from canaldsl.games import ClaimsOutcome

        display = self._display()
        text, game, diagnostics = source_and_game(self.path, display=display)
        if text is None or game is None:
            outcome = ClaimsOutcome(errors=tuple(diagnostics))
        else:
            outcome = game.claims(text, path=self.path, display=display)
        if outcome.errors:
            rendered = "\n\n".join(d.render() for d in outcome.errors)
            raise ScenarioFailedError(f"{display} cannot be understood:\n\n{rendered}")
        claims = outcome.claims
        failing = [c for c in claims if c.agrees is False]
        known_error = outcome.known_error
        if known_error is not None:
            if failing:
                pytest.xfail(f"known error: {known_error}")
            raise ScenarioFailedError(
                f"{display} is marked known-error ({known_error}), but every claim holds: the "
                "error no longer shows. Remove the known-error line (and the rulebook's error "
                "from the report) or correct the claims."
            )
        if not failing:
            if claims and all(c.agrees is None for c in claims):
                pytest.skip("no claim of this file can be evaluated yet")
            return
        lines = (text or "").splitlines()
        report = [
            f"{len(failing)} of {len(claims)} claims of {display} do not hold{outcome.where}:"
        ]
        for claim in failing:
            written = lines[claim.line - 1].strip() if 0 < claim.line <= len(lines) else ""
            report.append(f"  line {claim.line}: {written or claim.claim}")
            report.append(f"      claimed:  {claim.claim}")
            report.append(f"      computed: {claim.computed}")
        raise ScenarioFailedError("\n".join(report))

    def repr_failure(
        self,
        excinfo: pytest.ExceptionInfo[BaseException],
        style: Any = None,
    ) -> str:
        if isinstance(excinfo.value, ScenarioFailedError):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo, style=style))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, self._display()
