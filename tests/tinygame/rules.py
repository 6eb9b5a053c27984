"""Tiny Race's rules: one rule book, two checks, registered on the core's RuleBook."""

from __future__ import annotations

from canaldsl.rules import RuleBook

BOOK = RuleBook(
    "tinygame",
    title="Tiny Race",
    rulebooks={"en": "Tiny Race, the test game's one-page rules"},
    rule_sets=("tiny-race",),
)


@BOOK.rule("take.one-to-three", title="Take one to three counters", sections={"en": "Turn"})
def one_to_three(*, taken: int) -> str | None:
    """A turn takes at least one counter and at most three."""
    if 1 <= taken <= 3:
        return None
    return f"{taken} counters taken; a turn takes 1 to 3"


@BOOK.rule("take.from-the-pile", title="Only counters in the pile", sections={"en": "Turn"})
def from_the_pile(*, taken: int, pile: int) -> str | None:
    """A turn takes no more counters than the pile holds."""
    if taken <= pile:
        return None
    return f"{taken} counters taken from a pile of {pile}"


def can_win(pile: int) -> bool:
    """Whether the player to move wins with best play (whoever takes the last counter
    wins): exactly when the pile is not a multiple of four."""
    return pile % 4 != 0
