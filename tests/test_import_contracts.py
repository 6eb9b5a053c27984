"""The import contracts of pyproject.toml hold, and nothing imports in a cycle.

The core never imports a game; games never import each other; Canal Mania's modules are
layered language -> model -> rules -> engine -> solvers -> pictures/reports -> commands. The
contracts are import-linter's (``lint-imports`` checks the same); the cycle check is a
strongly-connected-components pass over the import graph import-linter builds (grimp).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import grimp
import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "canaldsl"
GAMES = ("canalmania", "tickettoride", "canalgrande")

KNOWN_CYCLES: set[frozenset[str]] = set()
"""Import cycles tolerated for now: none (a new one fails the suite)."""


def _contracts() -> list[dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, object]] = config["tool"]["importlinter"]["contracts"]
    return contracts


def test_the_import_contracts_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert lint_imports(config_filename="pyproject.toml", no_cache=True, no_logo=True) == 0


def test_every_core_module_is_under_the_core_contract() -> None:
    """A module added to the core is added to the contract too (else it could import a game
    unseen)."""
    (core,) = [c for c in _contracts() if c["id"] == "core-imports-no-game"]
    listed = set(core["source_modules"])  # type: ignore[call-overload]
    on_disk = {
        f"canaldsl.{p.stem if p.is_file() else p.name}"
        for p in PACKAGE.iterdir()
        if (p.suffix == ".py" and p.stem != "__init__")
        or (p.is_dir() and (p / "__init__.py").is_file() and p.name not in GAMES)
    }
    assert listed == on_disk


@pytest.mark.parametrize("game", ["canalmania", "canalgrande"])
def test_every_module_of_a_game_has_a_layer(game: str) -> None:
    (layers,) = [c for c in _contracts() if c["id"] == f"{game}-layers"]
    named = {
        name.strip()
        for layer in layers["layers"]  # type: ignore[attr-defined]
        for name in layer.split(":")
    }
    on_disk = {p.stem for p in (PACKAGE / game).glob("*.py") if p.stem != "__init__"}
    assert named == on_disk


def _cycles(graph: grimp.ImportGraph) -> Iterator[frozenset[str]]:
    """Each set of modules that import each other in a cycle (Tarjan's algorithm)."""
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    for root in modules:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member.removeprefix("canaldsl."))
                    if member == node:
                        break
                if len(component) > 1:
                    yield frozenset(component)


def test_no_import_cycles_but_the_known_ones() -> None:
    cycles = set(_cycles(grimp.build_graph("canaldsl")))
    assert cycles - KNOWN_CYCLES == set(), "new import cycles"
    assert KNOWN_CYCLES - cycles == set(), "a known cycle is gone: remove it from KNOWN_CYCLES"


def test_the_package_says_it_is_typed() -> None:
    """``py.typed`` (PEP 561) is in the package, so users' type checkers read its hints."""
    assert (PACKAGE / "py.typed").is_file()
