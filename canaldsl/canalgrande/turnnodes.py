"""The nodes of the turn search (:mod:`canaldsl.canalgrande.turngame`): what a player still
has to do, a phase between actions, a vote under way, the choice of a vote's district.

Named tuples rather than frozen dataclasses: the search makes hundreds of thousands of them
and a named tuple is built about four times faster (the types are told apart by isinstance;
nodes are never compared across types: the table's keys are built by
:mod:`~canaldsl.canalgrande.turnkeys`)."""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

from canaldsl.canalgrande.cards import District
from canaldsl.canalgrande.votemoves import Counts, VoteState


class Agenda(NamedTuple):
    """What the acting player still has to use, and what the splitter gets afterwards."""

    actor: int
    traitors: int
    spies: int
    doges: int
    later: tuple[Counts, int, int, int] | None  # splitter's hand cards, traitors, spies, doges


class Phase(NamedTuple):
    """Between actions: the acting player chooses what to do next."""

    agenda: Agenda
    hands: tuple[Counts, Counts]
    drawn: int
    voted: tuple[int, ...]


class InVote(NamedTuple):
    """A vote under way, and what follows it."""

    vote: VoteState
    agenda: Agenda
    drawn: int
    voted: tuple[int, ...]


DISTRICTS = tuple(District)
NOTHING = (0,) * 7
_SIX = range(6)
Node: TypeAlias = "Phase | InVote | Choose"
Edge: TypeAlias = "tuple[int, Phase | InVote | Choose | None]"
"""A choice: the prize it settles now (+1 the splitter's, -1 the chooser's) and where it
leads (None: nothing after it can change the value)."""


class Choose(NamedTuple):
    """The challenger chooses the district of a vote."""

    challenger: int
    options: tuple[int, ...]
    agenda: Agenda
    hands: tuple[Counts, Counts]
    drawn: int
    voted: tuple[int, ...]
