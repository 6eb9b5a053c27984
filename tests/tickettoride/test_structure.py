"""The package's layers (language -> data/model -> rules -> analysis -> engine -> solvers ->
pictures/reports -> commands, no upward import,
no cycle, no other game imported) and the sentence index of the Italian text."""

from __future__ import annotations

import ast
from pathlib import Path

import canaldsl.tickettoride as package
from canaldsl.tickettoride.registry import all_rules
from canaldsl.tickettoride.sentences import REASONS, sentence_index

LAYERS = {
    "language": ("codes", "syntax", "parser", "formatter"),
    "data": ("colours", "cards", "board", "mapbuild", "usa"),
    "model": ("position", "turns", "trails", "eulerbound", "network", "payments"),
    "rules": (
        "rulebook",
        "checks_turn",
        "checks_draw",
        "checks_claim",
        "checks_tickets",
        "effects",
        "registry",
        "sentences",
    ),
    "analysis": ("semantics_names", "semantics_board", "semantics", "loading", "writer"),
    "engine": (
        "verdict",
        "engine_context",
        "piles",
        "engine_draw",
        "engine_claim",
        "engine_tickets",
        "engine",
        "scoring",
        "record",
    ),
    "solvers": (
        "longest",
        "forest",
        "forestfloor",
        "forestbounds",
        "forestupper",
        "forestprogramme",
        "tickets",
        "claims",
        "lastturn",
    ),
    "pictures": (
        "projection",
        "picture",
        "evaluate",
        "report",
        "boardinfo",
        "crosscheck",
        "dispute",
    ),
    "commands": ("commands", "drawing", "turnpicture", "game", "page", "pageedits"),
}
ORDER = list(LAYERS)
LAYER_OF = {module: ORDER.index(layer) for layer, modules in LAYERS.items() for module in modules}
ROOT = Path(package.__file__).parent


def _imports(path: Path) -> set[str]:
    """Every module of the package (and every canaldsl module) ``path`` imports, anywhere."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "canaldsl.tickettoride":
                found.update(f"canaldsl.tickettoride.{alias.name}" for alias in node.names)
            else:
                found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("canaldsl")}


def _graph() -> dict[str, set[str]]:
    graph = {}
    for path in sorted(ROOT.glob("*.py")):
        if path.stem == "__init__":
            continue
        inside = {
            name.rsplit(".", 1)[1]
            for name in _imports(path)
            if name.startswith("canaldsl.tickettoride.")
        }
        graph[path.stem] = inside
    return graph


def test_every_module_has_a_layer() -> None:
    assert set(_graph()) == set(LAYER_OF)


def test_no_upward_import() -> None:
    for module, imported in _graph().items():
        for other in imported:
            assert LAYER_OF[other] <= LAYER_OF[module], f"{module} imports {other} (upward)"


def test_no_import_cycle() -> None:
    graph = _graph()
    state: dict[str, int] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for other in sorted(graph[module]):
            assert state.get(other) != 1, "cycle: " + " -> ".join([*path, module, other])
            if other not in state:
                visit(other, [*path, module])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [])


def test_no_other_game_and_no_command_line() -> None:
    for path in ROOT.glob("*.py"):
        for name in _imports(path):
            assert not name.startswith("canaldsl.canalmania"), (path.name, name)
            assert not name.startswith("canaldsl.cli"), (path.name, name)


def test_the_sentence_index_covers_every_rule_and_names_only_real_ones() -> None:
    sentences = sentence_index()
    named = {rule for sentence in sentences for rule in sentence.rules}
    assert named == set(all_rules())
    for sentence in sentences:
        assert bool(sentence.rules) != bool(sentence.reason)
        assert not sentence.reason or sentence.reason in REASONS
        assert sentence.says.endswith(".")
    assert len(sentences) > 80


def test_the_sentence_index_paraphrases_and_never_quotes() -> None:
    text = Path("/work/shared/rulebooks/ticket-to-ride-usa-10th-anniversary-it.txt")
    if not text.exists():
        return
    words = text.read_text(encoding="utf-8").split()
    phrases = {" ".join(words[i : i + 6]).lower() for i in range(len(words) - 5)}
    for sentence in sentence_index():
        mine = sentence.says.split()
        for i in range(len(mine) - 5):
            assert " ".join(mine[i : i + 6]).lower() not in phrases, sentence.says
