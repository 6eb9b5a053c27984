"""Transposition keys of the turn search: a node up to a renaming of the districts."""

from __future__ import annotations

from canaldsl.canalgrande.cards import Card, District
from canaldsl.canalgrande.turnnodes import NOTHING, Choose, InVote, Node
from canaldsl.canalgrande.votemoves import Counts

_SIX = range(6)


class NodeKeys:
    """Keys for the nodes of one turn (the deck's order is part of what a key must tell)."""

    def __init__(self, deck: tuple[Card, ...]) -> None:
        self.deck = deck
        self._places_cache: dict[int, tuple[tuple[int, ...], ...]] = {}
        self._base_cache: dict[tuple[Counts, tuple[int, ...]], list[int]] = {}

    def key(self, node: Node) -> tuple[object, ...]:
        """The node up to a renaming of the districts (the rules treat them alike): every
        district's column of counts (both hands, the cards the splitter gets later, voted or
        not, its places in the deck a spy may still draw from, the vote's own district),
        sorted. Nodes with equal keys have equal values."""
        a = node.agenda
        later = a.later
        base = self._base(later[0] if later is not None else NOTHING, node.voted)
        if isinstance(node, InVote):
            v = node.vote
            h0, h1 = v.hands
            l0, l1 = v.if_lost
            columns = [(((h0[d] * 8 + h1[d]) * 8 + l0[d]) * 8 + l1[d]) * 32 + base[d] for d in _SIX]
            columns[v.district] += 1
            head: tuple[object, ...] = (
                1, v.challenger, v.mover, v.totals, v.placed, v.last,
                h0[6], h1[6], l0[6], l1[6],
            )  # fmt: skip
        else:
            h0, h1 = node.hands
            columns = [(h0[d] * 8 + h1[d]) * 32 + base[d] for d in _SIX]
            if isinstance(node, Choose):
                for d in node.options:
                    columns[d] += 1
                head = (2, node.challenger, h0[6], h1[6])
            else:
                head = (0, h0[6], h1[6])
        if later is None:
            tail: tuple[object, ...] = (a.actor, a.traitors, a.spies, a.doges, node.drawn)
        else:
            tail = (a.actor, a.traitors, a.spies, a.doges, node.drawn, *later[1:], later[0][6])
        if a.spies or (later is not None and later[2]):
            places = self._places(node.drawn)  # a spy may still draw: where each district lies
            return (*head, *tail, tuple(sorted(zip(columns, places, strict=True))))
        columns.sort()
        return (*head, *tail, tuple(columns))

    def _base(self, later: Counts, voted: tuple[int, ...]) -> list[int]:
        """Each district's key bits that do not change within a vote: the cards the
        splitter gets later, voted or not."""
        memo = (later, voted)
        found = self._base_cache.get(memo)
        if found is None:
            found = [later[d] * 4 + (d in voted) * 2 for d in _SIX]
            self._base_cache[memo] = found
        return found

    def _places(self, drawn: int) -> tuple[tuple[int, ...], ...]:
        """Where each district's cards lie in the deck after ``drawn`` cards."""
        found = self._places_cache.get(drawn)
        if found is None:
            rest = self.deck[drawn:]
            found = tuple(
                tuple(i for i, card in enumerate(rest) if card is district.card)
                for district in District
            )
            self._places_cache[drawn] = found
        return found
