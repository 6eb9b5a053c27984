"""Rules of the end of the game: the trigger, the last rounds, final scoring and the winner."""

from __future__ import annotations

from dataclasses import dataclass

from canaldsl.canalmania.components import TILE_POINTS, Edition
from canaldsl.canalmania.rulebase import FIRST, rule
from canaldsl.canalmania.state import GameState
from canaldsl.rules import RuleKind

FINAL_ROUNDS = 2


@rule(
    "end.trigger",
    title="What starts the end of the game",
    it="Fine della partita > 1. Round finale",
    fr="Fin du jeu > 1. Les derniers tours",
    de="Spielaufbau (Spielendemarker); Spielende > 1. Die Schlussrunden",
    differences="1st edition: a score of 60/50/40 points with 3/4/5 players, or the last five "
    "contracts turned up in parliament. 2nd edition: 80/70/60/50 with 2/3/4/5 players only "
    "(optionally moved by 10 for a longer or shorter game).",
    kind=RuleKind.EFFECT,
)
def threshold(*, edition: Edition, players: int, shift: int = 0) -> int | None:
    """The end begins when any player's score reaches the mark for the number of players (or,
    in the 1st edition, when the last five contracts are turned up in parliament). In the 2nd
    edition the players may agree to move the mark by tens of points (``shift``)."""
    from canaldsl.canalmania.components import facts

    mark = facts(edition).end_threshold.get(players)
    return None if mark is None else mark + shift


def trigger_end(state: GameState) -> None:
    """Mark the end as triggered if a score has reached the mark (called after every turn)."""
    if state.endgame_triggered:
        return
    mark = threshold(
        edition=state.rules.edition,
        players=len(state.players),
        shift=state.rules.end_mark_shift,
    )
    if mark is not None and any(p.score >= mark for p in state.players):
        state.endgame_triggered = True
        state.endgame_round = state.round


def parliament_refilled(state: GameState) -> None:
    """1st edition: turning up the last five contracts starts the end."""
    if state.rules.edition is not Edition.FIRST or state.endgame_triggered:
        return
    deck = state.contract_deck
    if deck == 0 or deck == []:
        state.endgame_triggered = True
        state.endgame_round = state.round


@rule(
    "end.game-over",
    title="The rest of the round and two more",
    it="Fine della partita > 1. Round finale",
    fr="Fin du jeu > 1. Les derniers tours",
    de="Spielende > 1. Die Schlussrunden",
)
def game_over(*, state: GameState) -> str | None:
    """Once the end is triggered, the round is played out (up to the player on the first
    player's right) and then two more full rounds; after that no one takes a turn."""
    if (
        state.endgame_triggered
        and state.endgame_round is not None
        and state.round is not None
        and state.round > state.endgame_round + FINAL_ROUNDS
    ):
        return (
            f"the end began in round {state.endgame_round}; the game ended after round "
            f"{state.endgame_round + FINAL_ROUNDS}"
        )
    return None


@rule(
    "end.incomplete-canals",
    title="Incomplete canals at the end",
    it="Fine della partita > 2. Punteggio finale (Canali incompleti)",
    fr="Fin du jeu > 2. Score final (Canaux incomplets)",
    de="Spielende > 2. Endwertung (Unvollständige Kanäle)",
    kind=RuleKind.EFFECT,
)
def incomplete_canal_points(*, state: GameState, colour: str) -> int:
    """At the end each incomplete canal scores its owner 1 per lock, 2 per aqueduct and 3 per
    tunnel, as if just completed but without any contract value; its barge leaves the map and
    the contract goes back to parliament."""
    player = state.player(colour)
    return sum(TILE_POINTS[t.kind] for c in player.open_canals for t in c.tiles)


@rule(
    "end.final-deliveries",
    title="Final goods deliveries",
    it="Fine della partita > 2. Punteggio finale (Consegna Merci)",
    fr="Fin du jeu > 2. Score final (Dernières marchandises)",
    de="Spielende > 2. Endwertung (Güterschwund)",
    kind=RuleKind.EFFECT,
)
def delivery_order(*, state: GameState) -> list[str]:
    """After the last round, players move one goods cube each, round after round, in the order
    of their engineers' birth (oldest first), scoring as usual; a player who cannot move passes,
    and it ends when no cube can be moved. (A file may write the moves made at the table in a
    ``final deliveries`` block, each checked in this order; canaldsl gives each player their
    best-scoring move where the file says nothing.)"""
    return [p.colour for p in sorted(state.players, key=lambda p: p.engineer_number)]


@rule(
    "end.prolific-builder",
    title="Most prolific builders (1st edition)",
    it="Fine della partita > 2. Punteggio finale (Costruttori più prolifici)",
    fr="Fin du jeu > 2. Score final (Constructeur le plus prolifique)",
    de=None,
    editions=FIRST,
    differences="The 2nd edition drops this bonus and scores each contract's value on "
    "completion instead.",
    kind=RuleKind.EFFECT,
)
def prolific_builders(*, state: GameState) -> dict[str, int]:
    """1st edition: players are ranked by contracts completed (ties: higher total contract
    value, then the younger engineer) and score 10/6/2 (3 players), 10/7/4/1 (4) or 10/8/6/4/2
    (5)."""
    from canaldsl.canalmania.components import facts

    bonus = facts(state.rules.edition).prolific_builder_bonus.get(len(state.players), ())
    board = state.board

    def value(colour: str) -> int:
        return sum(
            board.contracts[c].value if c in board.contracts else 2
            for c in state.player(colour).completed_contracts
        )

    ranked = sorted(
        state.players,
        key=lambda p: (-len(p.completed_contracts), -value(p.colour), -p.engineer_number),
    )
    return {p.colour: bonus[i] if i < len(bonus) else 0 for i, p in enumerate(ranked)}


@dataclass(frozen=True)
class Standing:
    colour: str
    score: int
    completed: int
    contract_value: int
    engineer: int


@rule(
    "end.winner",
    title="The winner and ties",
    it="Fine della partita > 3. Vincere a Canal Mania; Ingegneri",
    fr="Fin du jeu > 3. Gagner à Canal Mania; Ingénieurs",
    de="Spielende > 3. Spielsieger; Die Ingenieure",
    differences="1st edition: a tie goes to the younger engineer (higher card number). 2nd "
    "edition: most canals completed, then highest total contract value, then the younger "
    "engineer. The FR text calls the tie-winner's engineer the oldest but gives the highest "
    "number, which is the youngest (switch winner-tie-engineer).",
    kind=RuleKind.EFFECT,
)
def winner_order(*, state: GameState) -> list[Standing]:
    """The player with the most points wins; ties are broken as the edition says, the last
    tie-break being the engineer: switch winner-tie-engineer, ``highest-number`` (the
    youngest, as IT and DE say and the FR brackets) or ``lowest-number`` (the oldest, as the
    FR word says)."""
    board = state.board
    standings = [
        Standing(
            p.colour,
            p.score,
            len(p.completed_contracts),
            sum(
                board.contracts[c].value if c in board.contracts else 2
                for c in p.completed_contracts
            ),
            p.engineer_number,
        )
        for p in state.players
    ]
    sign = 1 if state.rules.options.get("winner-tie-engineer") == "lowest-number" else -1
    if state.rules.edition is Edition.FIRST:
        return sorted(standings, key=lambda s: (-s.score, sign * s.engineer))
    return sorted(
        standings, key=lambda s: (-s.score, -s.completed, -s.contract_value, sign * s.engineer)
    )
