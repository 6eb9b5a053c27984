"""Each turn explained for ``canaldsl check``: legal or not, the points it scored, and what it
paid and changed, read off the positions before and after the turn (never from the turn's own
text, so what is said is what the rules engine did)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from canaldsl.canalmania.engine import Verdict
from canaldsl.canalmania.position import Player, Position, Tile
from canaldsl.canalmania.turncontext import TilePayment
from canaldsl.hexgrid import Hex
from canaldsl.verdicts import TurnNote


def turn_note(verdict: Verdict) -> TurnNote:
    """``verdict`` explained: an illegal turn changes nothing, so only its rules are said."""
    if not verdict.legal:
        return TurnNote(
            verdict.span.line, verdict.player, False, verdict.rules, readings=verdict.readings
        )
    return TurnNote(
        verdict.span.line,
        verdict.player,
        True,
        points=dict(verdict.points),
        changes=tuple(changes(verdict.before, verdict.after, payments=verdict.payments)),
        readings=verdict.readings,
    )


def _hand(player: Player) -> Counter[str]:
    return Counter({k.value: n for k, n in (player.hand or {}).items() if n})


def _tiles(player: Player) -> dict[Hex, Tile]:
    return {t.hex: t for c in player.canals for t in c.tiles}


def cards_paid(verdict: Verdict) -> int:
    """How many cards the turn's tiles took (a card played twice by Smeaton counts twice)."""
    return sum(len(p.cards) for p in verdict.payments)


def _paid(payment: TilePayment | None) -> str:
    if payment is None:
        return ""
    cards = " + ".join(payment.cards) or "no card"
    return f" ({cards}{', chosen by canaldsl' if payment.chosen else ''})"


def changes(
    before: Position, after: Position, *, payments: Sequence[TilePayment] = ()
) -> Iterable[str]:
    """What changed between two positions, player by player then on the board: cards paid
    and gained, tiles built and removed, contracts taken and completed, goods cubes and the
    basin. Each a short phrase naming the player when it is theirs. A hand is said as its net
    change (cards paid count minus, cards drawn plus); each tile built with the cards that
    paid for it, from ``payments`` (said when canaldsl chose them because the file did not)."""
    paid = {p.hex: p for p in payments}
    old_players = {p.colour: p for p in before.players}
    for new in after.players:
        old = old_players.get(new.colour)
        if old is None:
            continue
        yield from _player_changes(old, new, paid)
    gone = sorted(before.cubes - after.cubes)
    added = sorted(after.cubes - before.cubes)
    if gone:
        yield f"cube{'s' if len(gone) != 1 else ''} delivered from {', '.join(gone)}"
    if added:
        yield f"cube{'s' if len(added) != 1 else ''} placed at {', '.join(added)}"
    if after.basin != before.basin:
        yield f"basin {before.basin} -> {after.basin}"


def _player_changes(old: Player, new: Player, paid: Mapping[str, TilePayment]) -> Iterable[str]:
    who = new.colour
    if old.hand is not None and new.hand is not None:
        held, holds = _hand(old), _hand(new)
        spent, gained = held - holds, holds - held
        if spent or gained:
            signed = [f"-{n} {k}" for k, n in sorted(spent.items())]
            signed += [f"+{n} {k}" for k, n in sorted(gained.items())]
            yield f"{who}'s hand {', '.join(signed)}"
    old_tiles, new_tiles = _tiles(old), _tiles(new)
    built = [t for h, t in new_tiles.items() if h not in old_tiles]
    removed = [t for h, t in old_tiles.items() if h not in new_tiles]
    if built:
        yield f"{who} built " + ", ".join(
            f"{t.kind.value} {t.hex.label}{_paid(paid.get(t.hex.label))}" for t in built
        )
    if removed:
        yield f"{who} removed " + ", ".join(f"{t.kind.value} {t.hex.label}" for t in removed)
    old_canals = {c.contract for c in old.canals}
    for canal in new.canals:
        if canal.contract not in old_canals:
            yield f"{who} took {canal.contract}"
    done_before = set(old.completed_contracts)
    for contract in new.completed_contracts:
        if contract not in done_before:
            yield f"{who} completed {contract}"
