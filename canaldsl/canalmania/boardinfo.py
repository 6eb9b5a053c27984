"""Finding a board by name or file, and summarising it as text or JSON."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from canaldsl.canalmania.analysis_board import BUILTIN_BOARDS, _builtin_board
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import PLACE_COLOURS, Edition
from canaldsl.canalmania.loading import check_path
from canaldsl.diagnostics import Diagnostic, SourceText, Span, did_you_mean
from canaldsl.sources import display_name, is_stdin


def find_board(name: str, *, edition: str | None = None) -> tuple[Board | None, list[Diagnostic]]:
    """A built-in board by name, or the board a .canal file describes or names."""
    if name == "england":
        name = "england-1st" if edition == "first" else "england-2nd"
    if name in BUILTIN_BOARDS:
        board, builtin_diagnostics = _builtin_board(name)
        return board, [d for d in builtin_diagnostics if d.is_error]
    path = Path(name)
    if path.suffix == ".canal" or path.exists() or is_stdin(path):
        scenario, diagnostics, _ = check_path(path)
        errors = [d for d in diagnostics if d.is_error]
        if scenario is None or errors:
            return None, errors
        if scenario.board is None:
            source = SourceText("", display_name(path))
            return None, [source.diagnostic("E316", "this file names no board", Span(1, 1, 1, 2))]
        return scenario.board, []
    guess = did_you_mean(name, ["england", *BUILTIN_BOARDS])
    source = SourceText("", "<command line>")
    return None, [
        source.diagnostic(
            "E203",
            f"unknown built-in board {name!r} and no such file",
            Span(1, 1, 1, 2),
            hint=f"did you mean {guess!r}?" if guess else None,
        )
    ]


def board_json(board: Board) -> dict[str, Any]:
    """The board as JSON-ready data: places, hexes and contracts."""
    return {
        "name": board.name,
        "title": board.title,
        "columns": board.columns,
        "rows": board.rows,
        "places": [
            {"name": p.name, "kind": p.kind.value, "colour": p.colour, "hex": p.hex.label}
            for p in sorted(board.places.values(), key=lambda p: p.name)
        ],
        "hexes": [
            {"hex": h.label, "terrain": t.value}
            for h, t in sorted(board.terrain.items(), key=lambda item: (item[0].row, item[0].col))
        ],
        "contracts": [
            {
                "name": c.name,
                "from": c.endpoints[0],
                "to": c.endpoints[1],
                "via": list(c.via),
                "value": c.value,
                "starting": c.starting,
                "fewest_tiles": board.fewest_tiles(c),
            }
            for c in board.contracts.values()
        ],
    }


def board_text(board: Board) -> str:
    """A readable summary: size, terrain, places by colour, contracts."""
    terrain = Counter(t.value for t in board.terrain.values())
    cities = sum(1 for p in board.places.values() if p.is_city)
    lines = [
        f"{board.title or board.name} ({board.name})",
        f"  grid {board.columns} x {board.rows}: "
        + ", ".join(f"{n} {kind}" for kind, n in sorted(terrain.items()))
        + f"; {len(board.places)} places ({cities} cities, {len(board.places) - cities} towns)",
        "",
        "Places by colour (city first):",
    ]
    for colour in PLACE_COLOURS:
        places = sorted(board.places_of_colour(colour), key=lambda p: (not p.is_city, p.name))
        if places:
            shown = ", ".join(f"{p.name}{' (city)' if p.is_city else ''} {p.hex}" for p in places)
            lines.append(f"  {colour:<7} {shown}")
    lines.append("")
    lines.append(f"Contracts ({len(board.contracts)}; * = starting):")
    for c in board.contracts.values():
        via = f" via {', '.join(c.via)}" if c.via else ""
        fewest = board.fewest_tiles(c)
        lines.append(
            f"  {'*' if c.starting else ' '} {c.name}: {c.endpoints[0]} - {c.endpoints[1]}{via}, "
            f"value {c.value} (fewest tiles {fewest if fewest is not None else '-'})"
        )
    return "\n".join(lines)


__all__ = ["Edition", "board_json", "board_text", "find_board"]
