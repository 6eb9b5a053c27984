"""Judging one vote: every rule of the plays, then its outcome (prize, discards, cards back).

A broken rule never stops the judging of the vote, except two that make the rest of it
meaningless: a play or pass by the wrong player (``vote.alternate``) and anything after a
pass (``vote.after-pass``); the vote is then settled on the steps before. A card that is
not in a hand is still counted on the table (the record says it was put down).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from canaldsl.canalgrande import checks_vote as cv
from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, District
from canaldsl.canalgrande.effects import has_won, settle
from canaldsl.canalgrande.position import Position
from canaldsl.canalgrande.reports import VoteReport
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.turn import Pass, Play, Vote
from canaldsl.rules import Referee


@dataclass
class _Side:
    """One player's part of a vote being judged."""

    index: int
    placed: list[Card] = field(default_factory=list)
    total: int = 0
    has_district_card: bool = False
    reinforced: bool = False
    plays: int = 0


def judge_vote(
    position: Position,
    owner: int,
    vote: Vote,
    *,
    readings: Readings,
    referee: Referee,
    earlier: tuple[District, ...] = (),
    has_doge: bool = True,
) -> tuple[Position, VoteReport]:
    """Judge ``vote``, called by a doge of player ``owner``; return the position after it
    (the doge discarded, the prize laid, cards discarded or taken back) and its report.
    ``earlier``: the districts already voted on this turn. ``has_doge`` False: the vote had
    no doge (a broken rule reported by the caller), so none is discarded."""
    opponent = 1 - owner
    owner_name, opponent_name = position.name(owner), position.name(opponent)
    named = vote.challenger
    if named is None and vote.steps:
        named = vote.steps[0].player
    referee.check(
        cv.challenger,
        vote.span,
        named=named,
        owner=owner_name,
        opponent=opponent_name,
        owner_has_district=position.players[owner].hand.has_district,
        opponent_has_district=position.players[opponent].hand.has_district,
    )
    if has_doge:
        position = _discard_doge(position, owner)
    challenger = position.index(named) if named is not None else None
    district = vote.vote_district
    if challenger is None or named is None:
        return position, VoteReport(owner=owner_name, challenger=None, district=None)
    if district is not None:
        referee.check(
            cv.repeat_district,
            vote.span,
            district=district,
            earlier=earlier,
            reading=readings.vote_repeat_district,
        )
    sides = {challenger: _Side(challenger), 1 - challenger: _Side(1 - challenger)}
    first = vote.steps[0] if vote.steps else None
    referee.check(
        cv.challenger_opens,
        first.span if first is not None else vote.span,
        opened=isinstance(first, Play),
        challenger=named,
    )
    expected, passed_by = challenger, None
    last: int | None = None
    plays: list[tuple[str, tuple[Card, ...]]] = []
    for step in vote.steps:
        if passed_by is not None:
            referee.check(cv.after_pass, step.span, passed=passed_by)
            break
        if not referee.check(
            cv.alternate, step.span, player=step.player, expected=position.name(expected)
        ):
            break
        if isinstance(step, Pass):
            passed_by = step.player
            continue
        before = len(sides[expected].placed)
        if district is not None:
            position = _judge_play(
                position,
                step,
                sides[expected],
                sides[1 - expected],
                district,
                opening=expected == challenger and sides[expected].plays == 0,
                readings=readings,
                referee=referee,
            )
        plays.append((step.player, tuple(sides[expected].placed[before:])))
        last = expected
        expected = 1 - expected
    if last is None or district is None:
        return position, VoteReport(owner_name, named, district, tuple(plays), passed=passed_by)
    position, report = _settle(
        position, owner_name, named, district, sides[last], sides[1 - last], tuple(plays)
    )
    return position, replace(report, passed=passed_by)


def _discard_doge(position: Position, owner: int) -> Position:
    player = position.players[owner]
    position = position.with_player(owner, replace(player, doges=max(player.doges - 1, 0)))
    return replace(position, discards=position.discards.add(Bag({Card.DOGE: 1})))


def _judge_play(
    position: Position,
    play: Play,
    side: _Side,
    other: _Side,
    district: District,
    *,
    opening: bool,
    readings: Readings,
    referee: Referee,
) -> Position:
    """Judge one play; return the position with its cards out of the player's hand."""
    name = position.name(side.index)
    hand = position.players[side.index].hand
    brought: District | None = None  # the district the open gondola brings in
    gondola_span = None
    followers = 0
    gondolas = 0
    lead_failed = False
    reinforced_before = side.reinforced

    def close_group() -> None:
        nonlocal lead_failed
        if gondola_span is None:
            return
        referee.check(cv.gondola_followed, gondola_span, followers=followers)
        if readings.vote_reinforcement_test == "each-gondola" and not lead_failed:
            lead_failed = not referee.check(
                cv.reinforcement_more,
                gondola_span,
                mine=side.total,
                theirs=other.total,
                reading=readings.vote_reinforcement_test,
            )

    for placed in play.cards:
        card = placed.card
        if not referee.check(cv.card_kind, placed.span, card=card):
            continue
        reported = False
        for _ in range(placed.count):
            hand, presence = hand.take(card)
            if not reported:
                reported = not referee.check(
                    cv.cards_in_hand, placed.span, card=card, presence=presence, player=name
                )
        if card is Card.GONDOLA:
            close_group()
            if gondolas == 0 and opening:
                referee.check(
                    cv.opening_reinforcement,
                    placed.span,
                    gondolas=placed.count,
                    reading=readings.vote_opening_reinforcement,
                )
            referee.check(
                cv.reinforcement_after,
                placed.span,
                placed=int(side.has_district_card),
                district=district,
            )
            if placed.count > 1:
                referee.check(cv.gondola_followed, placed.span, followers=0)
            gondolas += placed.count
            brought, gondola_span, followers = None, placed.span, 0
            side.placed.extend([card] * placed.count)
            continue
        if gondola_span is None:
            if card.district is district:
                side.has_district_card = True
            elif reinforced_before:
                referee.check(cv.new_gondola, placed.span, card=card, district=district,
                              reinforced=True)  # fmt: skip
            else:
                referee.check(cv.gondola_reinforcement, placed.span, card=card, district=district)
        else:
            if brought is None:
                brought = card.district
                referee.check(cv.reinforcement_other, placed.span, card=card, district=district)
                side.reinforced = True
            else:
                referee.check(cv.gondola_one_district, placed.span, card=card, brought=brought)
            if card.district is district:
                side.has_district_card = True
            followers += placed.count
        side.total += placed.count
        side.placed.extend([card] * placed.count)
    close_group()
    if gondolas == 0:
        referee.check(cv.more_cards, play.span, mine=side.total, theirs=other.total)
    elif readings.vote_reinforcement_test == "play":
        referee.check(
            cv.reinforcement_more,
            play.span,
            mine=side.total,
            theirs=other.total,
            reading=readings.vote_reinforcement_test,
        )
    side.plays += 1
    player = position.players[side.index]
    return position.with_player(side.index, player.with_hand(hand))


def _settle(
    position: Position,
    owner: str,
    challenger: str,
    district: District,
    winner: _Side,
    loser: _Side,
    plays: tuple[tuple[str, tuple[Card, ...]], ...],
) -> tuple[Position, VoteReport]:
    result = settle(winner_cards=winner.placed, loser_cards=loser.placed)
    won = position.players[winner.index]
    prizes = won.prizes.add(result.prize) if result.prize is not None else won.prizes
    position = position.with_player(winner.index, replace(won, prizes=prizes))
    lost = position.players[loser.index]
    position = position.with_player(loser.index, lost.with_hand(lost.hand.add(result.loser_back)))
    discards = position.discards.add(result.winner_discards + result.loser_discards)
    position = replace(position, discards=discards)
    if position.winner is None and has_won(prizes=prizes):
        position = replace(position, winner=winner.index)
    report = VoteReport(
        owner=owner,
        challenger=challenger,
        district=district,
        plays=plays,
        winner=position.name(winner.index),
        prize=result.prize,
        winner_discards=result.winner_discards,
        loser_discards=result.loser_discards,
        loser_back=result.loser_back,
    )
    return position, report
