"""The layers inside the Canal Mania package: no import runs upward, and there is no cycle.

Every module of ``canaldsl/canalmania`` belongs to one layer; a module may import modules of
its own layer and of the layers below, never above. Every import counts: at the top of a
module, inside a function, or under ``TYPE_CHECKING``. A new module must be given a layer here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "canaldsl" / "canalmania"
PREFIX = "canaldsl.canalmania"

LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    (
        "model",
        frozenset(
            {
                "__init__",
                "components",
                "board",
                "position",
                "state",
                "symbols",
                "distances",
                "moves",
            }
        ),
    ),
    (
        "language",
        frozenset(
            {
                "syntax",
                "parser",
                "codes",
                "options",
                "profiles",
                "formatter",
                "writer",
                "analysis",
                "analysis_rules",
                "analysis_board",
                "analysis_boarddecl",
                "analysis_position",
                "analysis_players",
                "analysis_canals",
                "analysis_events",
                "semantics",
                "loading",
                "turns",
            }
        ),
    ),
    (
        "rules",
        frozenset(
            {
                "rulebase",
                "checks_build",
                "checks_cards",
                "checks_contracts",
                "checks_end",
                "checks_goods",
                "checks_turn",
                "checks",
                "rulebook",
                "problem",
                "payment",
                "routes",
                "routemodel",
            }
        ),
    ),
    (
        "engine",
        frozenset(
            {
                "turncontext",
                "actions_contracts",
                "actions_cards",
                "actions_goods",
                "actions_payment",
                "actions_build",
                "engine",
                "play",
            }
        ),
    ),
    (
        "solvers",
        frozenset(
            {
                "bounds",
                "search",
                "buildmodel_vars",
                "buildmodel_routes",
                "buildmodel_relaxed",
                "buildmodel_cards",
                "buildmodel_answers",
                "buildmodel",
                "bestbuild",
                "completiontable",
                "completionsearch",
                "completion",
                "delivery",
                "deliveryproblem",
                "deliveryroutes",
                "deliverymodel",
                "deliverycsp",
                "final",
                "minimal_rules",
            }
        ),
    ),
    (
        "pictures and reports",
        frozenset(
            {
                "picture_base",
                "picture_map",
                "picture_labels",
                "picture_overlays",
                "picture",
                "overlays",
                "mapkey",
                "boardinfo",
                "evaluate",
                "report",
                "dispute",
                "rulebook_examples",
                "crosscheck_findings",
                "crosscheck",
                "crosscheck_report",
            }
        ),
    ),
)
LEVEL = {module: level for level, (_, modules) in enumerate(LAYERS) for module in modules}


def imports_of(path: Path) -> set[str]:
    """The modules of the package that ``path`` imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            if node.module == PREFIX:
                found.update(alias.name for alias in node.names)
            elif node.module.startswith(PREFIX + "."):
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            found.update(
                alias.name.split(".")[2]
                for alias in node.names
                if alias.name.startswith(PREFIX + ".")
            )
    return found


GRAPH = {path.stem: imports_of(path) for path in sorted(PACKAGE.glob("*.py"))}


def test_every_module_has_a_layer() -> None:
    assert sorted(set(GRAPH) - set(LEVEL)) == []
    assert sorted(set(LEVEL) - set(GRAPH)) == []  # no layer names a module that is gone


def upward(graph: dict[str, set[str]], module: str) -> list[str]:
    """The imports of ``module`` that run to a higher layer."""
    return sorted(
        f"{module} ({LAYERS[LEVEL[module]][0]}) imports {target} ({LAYERS[LEVEL[target]][0]})"
        for target in graph[module]
        if target in LEVEL and LEVEL[target] > LEVEL[module]
    )


def cycles_of(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph.get(module, ())):
            if target not in graph:
                continue
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == module:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return cycles


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_no_import_runs_upward(module: str) -> None:
    assert upward(GRAPH, module) == []


def test_there_is_no_import_cycle() -> None:
    assert cycles_of(GRAPH) == []


def test_the_checks_catch_what_they_look_for() -> None:
    """An engine importing the best-build search, and a cycle, are both found."""
    graph = {name: set(targets) for name, targets in GRAPH.items()}
    graph["engine"].add("search")
    assert upward(graph, "engine") == ["engine (engine) imports search (solvers)"]
    graph["payment"].add("routes")
    graph["routes"].add("payment")
    assert ["payment", "routes"] in cycles_of(graph)
