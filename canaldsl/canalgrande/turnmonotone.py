"""When a bigger hand is never worse for its holder, and the vote plays that this lets the turn
search skip (:mod:`~canaldsl.canalgrande.turngame`).

**The lemma.** Take a point of the turn between two actions (or inside a vote) and a player X
such that, in the rest of the turn, X owns no doge (none left to X, and X has no spy left, so
none can be drawn for X) and the opponent Y takes no card from X (Y has no traitor left, and
every card Y's spies can still draw holds no traitor that steals). Then giving X more cards
(in hand, and so also in what X would keep if it lost the vote under way) never lowers X's
value of the rest of the turn.

*Proof*, by induction on what is left. X plays exactly as it would without the extra cards
and never puts them down; we show every step stays open to X and closed to Y alike:

* a vote under way: X's plays need its total past Y's and the cards in hand, so extra cards
  only add plays; Y's plays depend on Y's hand and the totals, which are the same. The vote
  then ends as before (same winner, same prize), X holding the extra cards on top of what it
  held before, whether it won (its hand) or lost (what it takes back);
* a doge of Y: who challenges depends on the owner's hand first. If Y holds a district card,
  Y challenges in both cases and chooses from its own hand. If not, then before, X
  challenged if it held a district card (as now) or the doge was discarded; now X may have to
  challenge with an extra card: it opens with one card, Y holds no card of any district and
  cannot answer (a first play needs a card of the vote's district), so X wins the prize and
  keeps the rest: one prize more and, by induction, no worse after;
* X's own traitors: the cards X may take depend on Y's hand (and, under the reading
  ``traitor.empty-hand = either``, X having any card: extra cards only allow more), and taking
  none is always allowed; Y's spies draw the same cards (the deck's order does not depend on
  hands) and steal nothing; the splitter's offer joins its hand the same way.

There is no doge of X, so the one step where extra cards change X's choices for the worse
(a doge X owns, where a single district card makes X challenge instead of Y) never comes,
and no theft by Y (which could take an extra card Y would otherwise not have).

**The use.** A raise past all the opponent can reach ends the vote at once: the mover wins
and keeps its hand less the cards it put down; nothing else differs between two such raises.
So where the lemma holds for the mover (for the rest of the turn after this vote), a raise
past the reach that puts down a superset of another such raise's cards is never better for
the mover and need not be searched: only the raises whose cards are minimal are tried.
"""

from __future__ import annotations

from canaldsl.canalgrande.cards import Card
from canaldsl.canalgrande.checks_actions import spy_shape
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.turnnodes import Agenda
from canaldsl.canalgrande.votemoves import Play, UnknownCardsError, spy_draw


class Monotone:
    """Where the lemma holds, for one turn search (splitter, known deck, readings fixed)."""

    def __init__(self, splitter: int, deck: tuple[Card, ...], readings: Readings) -> None:
        self.splitter = splitter
        self.deck = deck
        self.readings = readings
        self._cache: dict[tuple[Agenda, int, int], bool] = {}
        self._minimal_cache: dict[tuple[int, int], list[Play]] = {}

    def holds(self, agenda: Agenda, drawn: int, player: int) -> bool:
        """Whether a bigger hand is never worse for ``player`` in the rest of the turn that
        ``agenda`` describes (``drawn`` cards of the deck already drawn by spies)."""
        memo = (agenda, drawn, player)
        found = self._cache.get(memo)
        if found is None:
            found = self._cache[memo] = self._holds(agenda, drawn, player)
        return found

    def _holds(self, agenda: Agenda, drawn: int, player: int) -> bool:
        left = {0: [0, 0, 0], 1: [0, 0, 0]}  # traitors, spies, doges still to act, per player
        for owner, actions in (
            (agenda.actor, (agenda.traitors, agenda.spies, agenda.doges)),
            (self.splitter, agenda.later[1:] if agenda.later is not None else (0, 0, 0)),
        ):
            for index, n in enumerate(actions):
                left[owner][index] += n
        mine, theirs = left[player], left[1 - player]
        if mine[1] or mine[2] or theirs[0]:
            return False
        return self._draws_steal_nothing(drawn, theirs[1])

    def _draws_steal_nothing(self, drawn: int, spies: int) -> bool:
        """Whether every draw the opponent's ``spies`` can make (one after another from the
        deck's ``drawn``-th card; an unused spy draws nothing and shifts nothing) steals
        nothing. A draw past the known cards: not known, so not claimed."""
        position = drawn
        while spies > 0:
            try:
                cards = spy_draw(self.deck, position, self.readings.spy_traitors, strict=True)
            except UnknownCardsError:
                return False
            if spy_shape(cards, self.readings.spy_traitors).steals:
                return False
            position += len(cards)
            spies -= 1
            if self.readings.spy_drawn_spy == "play":
                spies += cards.count(Card.SPY)
        return True

    def minimal(self, plays: list[Play], beyond: int) -> list[Play]:
        """``plays`` (largest first) less every raise past the reach (adding ``beyond`` or
        more) that puts down a superset of another such raise's cards (cached per list)."""
        memo = (id(plays), beyond)  # the lists are the plays' cache's own: they live on
        found = self._minimal_cache.get(memo)
        if found is None:
            ending = [play for play in plays if play[0] >= beyond]
            found = [
                play
                for play in plays
                if play[0] < beyond
                or not any(other is not play and _within(other, play) for other in ending)
            ]
            self._minimal_cache[memo] = found
        return found


def _within(small: Play, big: Play) -> bool:
    """Whether ``small`` puts down no card that ``big`` does not (vote cards, each
    reinforcement's district cards, and so gondolas), and is not the same play."""
    if small[2] > big[2]:
        return False
    groups = dict(big[3])
    if any(groups.get(kind, 0) < m for kind, m in small[3]):
        return False
    return small[1] < big[1]
