"""Rules of a vote: who challenges, what may be put down, more cards each time, gondolas."""

from __future__ import annotations

from canaldsl.canalgrande.cards import Card, District
from canaldsl.canalgrande.knowledge import Presence
from canaldsl.canalgrande.rulebook import RULEBOOK


@RULEBOOK.rule(
    "vote.challenger",
    title="Who challenges",
    sections={"it": "Votazione (the owner of the doge; the note on no district card)"},
)
def challenger(
    *,
    named: str | None,
    owner: str,
    opponent: str,
    owner_has_district: bool | None,
    opponent_has_district: bool | None,
) -> str | None:
    """The doge's owner challenges. If the owner holds no district card, the opponent
    challenges instead; if neither holds one, the doge is discarded and nothing happens.
    (Checked as far as the hands are known.)"""
    if named is None:
        if owner_has_district or opponent_has_district:
            who = owner if owner_has_district else opponent
            return f"the doge is discarded without a vote, but {who} holds a district card"
        return None
    if named == owner:
        if owner_has_district is False:
            if opponent_has_district is False:
                return "neither player holds a district card: the doge is discarded"
            return f"{owner} holds no district card, so {opponent} challenges"
        return None
    if named == opponent:
        if owner_has_district is True:
            return f"{owner} owns the doge and holds a district card, so {owner} challenges"
        return None
    return f"{named} does not play this game: {owner} or {opponent} challenges"


@RULEBOOK.rule(
    "vote.challenger-opens",
    title="The challenger opens with cards",
    sections={"it": "Votazione"},
)
def challenger_opens(*, opened: bool, challenger: str) -> str | None:
    """The challenger chooses the district and must put down one or more cards of it: only
    the defender may decline to play."""
    if not opened:
        return f"{challenger} challenges and must open with one or more cards of a district"
    return None


@RULEBOOK.rule(
    "vote.alternate",
    title="Plays alternate",
    sections={"it": "Votazione"},
)
def alternate(*, player: str, expected: str) -> str | None:
    """The challenger opens, the defender answers, and then the two raise in turn."""
    if player != expected:
        return f"it is {expected}'s turn to raise or pass in this vote, not {player}'s"
    return None


@RULEBOOK.rule(
    "vote.after-pass",
    title="A pass ends the vote",
    sections={"it": "Votazione > Importante"},
)
def after_pass(*, passed: str) -> str | None:
    """As soon as a player cannot or will not raise, the vote is over: nothing more is played
    in it."""
    return f"the vote ended when {passed} passed; nothing more is played in it"


@RULEBOOK.rule(
    "vote.card-kind",
    title="Only district cards and gondolas are played",
    sections={"it": "Votazione"},
)
def card_kind(*, card: Card) -> str | None:
    """A vote is fought with district cards, and with gondolas that bring in cards of another
    district; no other card is put down."""
    if not card.goes_to_hand:
        return f"a {card} is not put down in a vote: only district cards and gondolas"
    return None


@RULEBOOK.rule(
    "vote.gondola-reinforcement",
    title="Another district only with a gondola",
    sections={"it": "Votazione"},
)
def gondola_reinforcement(*, card: Card, district: District) -> str | None:
    """Cards of the district voted on are put down as they are (the challenger opens with
    equal cards of the district chosen; the defender answers with that district); a card of
    another district counts only as a reinforcement, after a gondola."""
    if card.district is not None and card.district is not district:
        return f"{card} put down without a gondola in a vote over {district}"
    return None


@RULEBOOK.rule(
    "vote.new-gondola",
    title="A new gondola for each new reinforcement",
    sections={"it": "Votazione > Importante"},
)
def new_gondola(*, card: Card, district: District, reinforced: bool) -> str | None:
    """A reinforcement lasts one play: a player who reinforced needs a new gondola in a later
    play to bring in cards of another district again, the same district or a new one."""
    if reinforced and card.district is not None and card.district is not district:
        return f"{card} brought in again without a new gondola (a reinforcement lasts one play)"
    return None


@RULEBOOK.rule(
    "vote.gondola-followed",
    title="A gondola brings cards in",
    sections={"it": "Votazione; Votazione > Importante"},
)
def gondola_followed(*, followers: int) -> str | None:
    """A gondola is followed by cards of the district it brings in: at least one."""
    if followers < 1:
        return "a gondola put down without cards of another district after it"
    return None


@RULEBOOK.rule(
    "vote.gondola-one-district",
    title="One district per gondola",
    sections={"it": "Votazione > Importante"},
)
def gondola_one_district(*, card: Card, brought: District) -> str | None:
    """The cards following one gondola are all of one district."""
    if card.district is not None and card.district is not brought:
        return f"{card} after a gondola that brought in {brought}: one district per gondola"
    return None


@RULEBOOK.rule(
    "vote.reinforcement-other-district",
    title="A reinforcement is another district",
    sections={"it": "Votazione"},
)
def reinforcement_other(*, card: Card, district: District) -> str | None:
    """A gondola brings in cards of a district other than the one voted on."""
    if card.district is district:
        return f"a gondola brings in another district, not {district} itself"
    return None


@RULEBOOK.rule(
    "vote.reinforcement-after-district",
    title="Reinforce only after a card of the district",
    sections={"it": "Votazione; Votazione > Importante"},
)
def reinforcement_after(*, placed: int, district: District) -> str | None:
    """A player may reinforce only after putting down at least one card of the district voted
    on (earlier in the vote or earlier in the same play)."""
    if placed < 1:
        return f"a gondola before any card of {district}: reinforce only after one is down"
    return None


@RULEBOOK.rule(
    "vote.opening-reinforcement",
    title="The opening play (a reading)",
    sections={"it": "Votazione"},
)
def opening_reinforcement(*, gondolas: int, reading: str) -> str | None:
    """Read as forbidden, the challenger's opening play is cards of the district chosen only,
    without reinforcement. Read as allowed (the default), the opening may reinforce like any
    play, after its first card of the district."""
    if reading == "forbidden" and gondolas:
        return "read as forbidden, the opening play holds no gondola"
    return None


@RULEBOOK.rule(
    "vote.more-cards",
    title="More cards than the opponent, never equal",
    sections={"it": "Votazione"},
)
def more_cards(*, mine: int, theirs: int) -> str | None:
    """Every play leaves its player with more district cards down than the opponent: the
    defender answers with at least one more than the challenger, and each raise goes past
    the other again. An equal number is never allowed; gondolas do not count."""
    if mine <= theirs:
        return f"{mine} district cards down against {theirs}: a play must go past, not reach"
    return None


@RULEBOOK.rule(
    "vote.reinforcement-more",
    title="A reinforcement must put the player ahead",
    sections={"it": "Votazione"},
)
def reinforcement_more(*, mine: int, theirs: int, reading: str) -> str | None:
    """A reinforcement may be used only if it gives the player more district cards down than
    the opponent. Reading play (the default): counted at the end of the play. Reading
    each-gondola: counted after each gondola's cards."""
    if mine <= theirs:
        when = "after this gondola's cards" if reading == "each-gondola" else "after the play"
        return f"{mine} district cards down against {theirs} {when}: a reinforcement must lead"
    return None


@RULEBOOK.rule(
    "vote.cards-in-hand",
    title="Cards played come from the hand",
    sections={"it": "Votazione"},
)
def cards_in_hand(*, card: Card, presence: Presence, player: str) -> str | None:
    """The cards put down in a vote come from the player's hand (checked when the hand is
    known)."""
    if presence is Presence.NO:
        return f"{player} has no {card} left in hand to put down"
    return None


@RULEBOOK.rule(
    "vote.repeat-district",
    title="A district again in the same turn (a reading)",
    sections={"it": "Votazione (dopo l'esempio)"},
)
def repeat_district(
    *, district: District, earlier: tuple[District, ...], reading: str
) -> str | None:
    """Each vote starts anew with at least one district card. Read as allowed (the default),
    its district may be one already voted on this turn; read as forbidden, it may not."""
    if reading == "forbidden" and district in earlier:
        return f"{district} was already voted on this turn (read as forbidden)"
    return None
