"""The game records of :mod:`tickettoride.records` written in the language (the example files
``examples/tickettoride/game-record-*.canal`` are exactly this text)."""

from __future__ import annotations

from typing import Any

from canaldsl.tickettoride.board import Board
from canaldsl.tickettoride.writer import position_lines, ticket_text
from tickettoride.records import load

HEADER = {
    5: "# A whole 5-player game, turn by turn: the setup tickets, every draw with the cards\n"
    "# drawn, every claim with the cards paid. Who wins, and by how much?\n",
    2: "# A whole 2-player game, turn by turn. Who wins, and by how much?\n",
}


def _cards(paid: dict[str, int]) -> str:
    return ", ".join(f"{n} {c}" if n > 1 else c for c, n in paid.items())


def record_text(board: Board, record: dict[str, Any], final: str) -> str:
    """The record as a file: its starting position, its turns, then ``final`` (expectations)."""
    start, _ = load(board, record)
    lines = position_lines(start, name="usa", tickets_1910=False)
    lines = [line for line in lines if not line.startswith("to-move")]
    for entry in record["turns"]:
        player, kind = entry[0], entry[1]
        if kind in ("setup-tickets", "tickets"):
            kept = [board.ticket(f"{a}-{b}", p) for a, b, p in entry[3]]
            drawn = [board.ticket(f"{a}-{b}", p) for a, b, p in entry[2]]
            returned = [t for t in drawn if t not in kept]
            text = ("setup " if kind == "setup-tickets" else "") + "tickets keep "
            text += ", ".join(ticket_text(board, t) for t in kept) or "none"
            if returned:
                text += " return " + ", ".join(ticket_text(board, t) for t in returned)
        elif kind == "claim":
            route = board.route(entry[2]).name
            colour = f" {entry[3]}" if entry[3] else ""
            text = f"claim {route}{colour} with {_cards(entry[4])}"
        else:
            steps = []
            for item in entry[2]:
                if item[0] == "blind":
                    steps.append(f"blind {item[1]}")
                else:
                    shown = " ".join(item[2])
                    steps.append(f"face-up {item[1]}" + (f" revealing {shown}" if shown else ""))
            text = "draw " + ", ".join(steps)
        lines.append(f"turn {player} {text}")
    players = len(record["players"])
    return HEADER[players] + "\n".join(lines) + "\n" + final
