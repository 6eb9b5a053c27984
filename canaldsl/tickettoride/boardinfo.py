"""``canaldsl board usa``: a Ticket to Ride map summarised (text or JSON): its cities, routes
and tracks, train spaces and tickets."""

from __future__ import annotations

import json
from typing import Any

from canaldsl.games import CommandError
from canaldsl.tickettoride.board import Board
from canaldsl.tickettoride.usa import usa_board

BOARDS = {"usa": False, "usa-1910": True}
"""The built-in boards by name, and whether the 1910 tickets are in play."""


def find_board(name: str) -> Board:
    """A built-in map by name; CommandError (with a did-you-mean) otherwise."""
    if name in BOARDS:
        return usa_board(tickets_1910=BOARDS[name])
    from canaldsl.diagnostics import did_you_mean

    guess = did_you_mean(name, BOARDS)
    hint = f" Did you mean {guess}?" if guess else f" The boards are {', '.join(BOARDS)}."
    raise CommandError(f"error: unknown Ticket to Ride board {name!r}.{hint}")


def board_json(board: Board) -> dict[str, Any]:
    """The map as the ``board`` schema's Ticket to Ride form."""
    return {
        "game": "tickettoride",
        "name": board.name,
        "title": board.title,
        "counts": {
            "cities": len(board.cities),
            "routes": len(board.routes),
            "double_routes": sum(1 for r in board.routes if r.is_double),
            "tracks": len(board.tracks),
            "spaces": board.spaces,
            "tickets": len(board.tickets),
        },
        "cities": [
            {
                "name": c.name,
                "latitude": c.latitude,
                "longitude": c.longitude,
                "variants": list(c.variants),
            }
            for c in board.cities
        ],
        "routes": [
            {
                "name": r.name,
                "length": r.length,
                "tracks": [str(board.tracks[t].colour) for t in r.tracks],
            }
            for r in board.routes
        ],
        "tickets": [
            {
                "from": t.a,
                "to": t.b,
                "points": t.points,
                "set": t.set,
                "uncertain": t.uncertain,
            }
            for t in board.tickets
        ],
    }


def board_text(board: Board) -> str:
    doubles = sum(1 for r in board.routes if r.is_double)
    lines = [
        f"{board.title}: {len(board.cities)} cities, {len(board.routes)} routes "
        f"({doubles} double), {len(board.tracks)} tracks, {board.spaces} train spaces, "
        f"{len(board.tickets)} tickets",
        "routes:",
    ]
    for r in board.routes:
        colours = "/".join(str(board.tracks[t].colour) for t in r.tracks)
        lines.append(f"  {r.name} {r.length} {colours}")
    lines.append("tickets:")
    for t in board.tickets:
        note = " (value uncertain)" if t.uncertain else ""
        lines.append(f"  {t.name} {t.points}{note}")
    return "\n".join(lines) + "\n"


def board_summary(name: str, *, as_json: bool) -> str:
    from canaldsl.jsonschemas import tag

    board = find_board(name)
    if as_json:
        answer = {"schema": tag("board"), **board_json(board)}
        return json.dumps(answer, indent=2, ensure_ascii=False)
    return board_text(board)
