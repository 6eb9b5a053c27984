"""The texts' own claims for one worked example, in a form the translations can be compared on.

A :class:`~canaldsl.canalmania.rulebook_examples.TextClaim` keeps what a text says apart from
how its scenario is encoded. Two texts differ on an example when their claims differ: other
names (after each printed name is matched to the board's spelling), other points, other
numbers or another outcome. A difference in the encoding alone (a score chosen before the
move, the basin's count, a junction already used) is no difference of the texts.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable

from canaldsl.canalmania.board import Board
from canaldsl.canalmania.rulebook_examples import Example, TextClaim
from canaldsl.diagnostics import did_you_mean


def board_name(name: str, board: Board) -> str:
    """A printed name as the board spells it (places and contracts), or as printed."""
    if name in board.places or name in board.contracts:
        return name
    close = difflib.get_close_matches(name, board.places, n=1, cutoff=0.85)
    if close:
        return close[0]  # a misspelt place (Bridgewater) before a canal named like it
    for contract in board.contracts:
        if contract.replace(" Canal", "") == name or contract.replace("The ", "") == name:
            return contract
    return did_you_mean(name, board.places) or did_you_mean(name, board.contracts) or name


def _names(claim: TextClaim, board: Board) -> str:
    return ", ".join(sorted({board_name(n, board) for n in claim.names})) or "none"


def _pairs(pairs: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{k} {v}" for k, v in pairs) or "none"


def claim_aspects(
    board_of: Callable[[Example], Board],
) -> tuple[tuple[str, Callable[[Example], str]], ...]:
    """The aspects of a text claim two translations are compared on, each as text."""

    def of(read: Callable[[TextClaim], str]) -> Callable[[Example], str]:
        def aspect(example: Example) -> str:
            claim = example.text_claim
            return "(no claim recorded)" if claim is None else read(claim)

        return aspect

    return (
        ("claimed names", lambda e: _names(e.text_claim, board_of(e)) if e.text_claim else ""),
        ("claimed players", of(lambda c: ", ".join(c.players) or "none")),
        ("claimed points", of(lambda c: _pairs(c.points))),
        ("claimed numbers", of(lambda c: _pairs(c.numbers))),
        ("claimed outcome", of(lambda c: c.outcome or "none")),
    )
