"""Canal Grande's modules import only downwards: language -> model -> rules -> engine ->
solvers -> analysis -> pictures -> reports -> commands; no cycles; nothing of another game or
of the command line."""

from __future__ import annotations

import ast
from pathlib import Path

import canaldsl.canalgrande as package

LAYERS = {
    "language": ["codes", "syntax", "parser", "formatter"],
    "model": ["cards", "bag", "knowledge", "position", "turn"],
    "rules": ["rulebook", "checks_setup", "checks_turn", "checks_actions", "checks_vote",
              "checks_round", "effects", "allrules", "sentences"],
    "engine": ["reports", "votes", "draws", "actions", "engine", "game"],
    "solvers": ["solve_vote", "votemoves", "votebounds", "turnnodes", "turnkeys", "turnends",
                "turnnext",
                "turngame", "solve_split", "solve_win"],
    "analysis": ["reading", "loading"],
    "pictures": ["picture"],
    "reports": ["queries", "evaluate", "report", "writer", "drawing", "dispute", "crosscheck",
                "scoring"],
    "commands": ["commands", "gameobject", "page", "pageedits"],
}  # fmt: skip
RANK = {module: rank for rank, modules in enumerate(LAYERS.values()) for module in modules}
FOLDER = Path(package.__file__).parent


def _imports(module: str) -> set[str]:
    tree = ast.parse((FOLDER / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found.update(names)
    return found


def test_every_module_has_a_layer() -> None:
    modules = {p.stem for p in FOLDER.glob("*.py")} - {"__init__"}
    assert modules == set(RANK)


def test_imports_go_down_only_and_stay_in_the_game() -> None:
    graph: dict[str, set[str]] = {}
    for module in RANK:
        own = set()
        for name in _imports(module):
            assert not name.startswith(("canaldsl.canalmania", "canaldsl.cli")), (module, name)
            if name.startswith("canaldsl.canalgrande."):
                target = name.split(".")[2]
                if target in RANK:
                    assert RANK[target] <= RANK[module], f"{module} imports {target} upwards"
                    own.add(target)
        graph[module] = own - {module}
    seen: dict[str, int] = {}

    def visit(node: str, path: tuple[str, ...]) -> None:
        if seen.get(node) == 2:
            return
        assert seen.get(node) != 1, f"import cycle: {' -> '.join((*path, node))}"
        seen[node] = 1
        for target in sorted(graph[node]):
            visit(target, (*path, node))
        seen[node] = 2

    for module in sorted(graph):
        visit(module, ())
