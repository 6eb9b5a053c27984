"""Canal Grande's rule book: the registry of its rules and of the readings its text leaves open.

One text exists, an Italian fan translation (``it``). Its sections are cited by their
headings; "Votazione (dopo l'esempio)" is the part of the vote rules printed after the worked
example. The text calls the splitter "riparatore" (literally "repairer", a mistranslation of
"the one who divides") and the chooser "decisore"; a turn is a "giro", the text also says
"giro" for a vote and "turno" for a player's next raise.

Every switch below is a sentence that can be read two (or three) ways; its default is the
reading the engine takes when a file says nothing, with the reason in ``summary``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

from canaldsl.rules import RuleBook, Switch

STANDARD = "standard"

RULEBOOK = RuleBook(
    "canalgrande",
    title="Canal Grande",
    rulebooks={"it": "Canal Grande, Italian fan translation by Sargon (canal-grande-it.txt)"},
    rule_sets=(STANDARD,),
)

SPY_TRAITORS = RULEBOOK.switch(
    Switch(
        name="spy.traitors",
        values=("replace-then-steal", "replace-only", "steal-all"),
        defaults={STANDARD: "replace-then-steal"},
        summary=(
            "What a traitor drawn by a spy does. Default replace-then-steal: traitors among "
            "the spy's two cards are discarded without effect and replaced by as many cards; "
            "each traitor among those replacement cards takes one card from the opponent and "
            "is discarded (not replaced). It is the one reading that gives both of the text's "
            "sentences a meaning: the first discards and replaces, the second ('drawn again', "
            "'only in this case') lets the re-drawn traitors steal. replace-only: every "
            "traitor drawn is replaced, again and again, and none steals. steal-all: each "
            "traitor drawn takes a card, none is replaced."
        ),
        sources=(
            "it, Il decisore e le diverse azioni > Spie: one sentence says traitors drawn by "
            "a spy are discarded at once, cannot be played and are replaced; a later sentence "
            "says that if a traitor is drawn again, then and only then a card may be taken "
            "from the opponent for each."
        ),
    )
)
SPY_DRAWN_SPY = RULEBOOK.switch(
    Switch(
        name="spy.drawn-spy",
        values=("play", "discard"),
        defaults={STANDARD: "play"},
        summary=(
            "What a spy drawn by a spy does. Default play: it draws two more cards like any "
            "spy, as the round-end draw says spies drawn are played normally. discard: it is "
            "discarded without effect, since the spy paragraph lists only district cards, "
            "gondolas, traitors and doges among the cards drawn."
        ),
        sources="it, Il decisore e le diverse azioni > Spie; Un nuovo round (A): not stated.",
    )
)
ACTIONS_ORDER = RULEBOOK.switch(
    Switch(
        name="actions.order",
        values=("free", "listed"),
        defaults={STANDARD: "free"},
        summary=(
            "In which order a player uses the traitors, spies and doges of an offer. Default "
            "free: the text lists the cards' effects but never orders them. listed: traitors, "
            "then spies, then the votes, the order of the text's list."
        ),
        sources="it, Svolgimento del gioco; Il decisore e le diverse azioni: no order is given.",
    )
)
TRAITOR_EMPTY_HAND = RULEBOOK.switch(
    Switch(
        name="traitor.empty-hand",
        values=("victim", "either"),
        defaults={STANDARD: "victim"},
        summary=(
            "Whose empty hand stops a traitor. Default victim: a card cannot be taken from an "
            "empty hand. either: the text says 'a player' without hands: also a thief with an "
            "empty hand of its own takes nothing."
        ),
        sources="it, Il decisore e le diverse azioni > Traditori, last sentence.",
    )
)
VOTE_OPENING_REINFORCEMENT = RULEBOOK.switch(
    Switch(
        name="vote.opening-reinforcement",
        values=("allowed", "forbidden"),
        defaults={STANDARD: "allowed"},
        summary=(
            "Whether the challenger's opening play may already hold a gondola reinforcement. "
            "Default allowed: the reinforcement paragraph speaks of 'a player' after the first "
            "district card, with no exception for the opening. forbidden: the opening is "
            "described as one or more equal cards of the district only."
        ),
        sources="it, Votazione: the opening sentence and the reinforcement paragraph.",
    )
)
VOTE_REPEAT_DISTRICT = RULEBOOK.switch(
    Switch(
        name="vote.repeat-district",
        values=("allowed", "forbidden"),
        defaults={STANDARD: "allowed"},
        summary=(
            "Whether a second vote in the same turn may be held over a district already voted "
            "on in that turn. Default allowed: the note says a 'new district' must be played "
            "and then that it does not matter whether it is the same as before; read as 'the "
            "district is chosen anew'. forbidden: every vote of a turn over a different district."
        ),
        sources="it, Votazione (dopo l'esempio), the note on several votes in one turn.",
    )
)
VOTE_REINFORCEMENT_TEST = RULEBOOK.switch(
    Switch(
        name="vote.reinforcement-test",
        values=("play", "each-gondola"),
        defaults={STANDARD: "play"},
        summary=(
            "When a reinforcement must give more cards than the opponent. Default play: the "
            "whole play, reinforcements included, must end with more district cards than the "
            "opponent (the text's example: Michele's 1 San Marco alone would only tie). "
            "each-gondola: each reinforcement must by itself bring the player ahead, so after "
            "each gondola's cards the player has more cards than the opponent."
        ),
        sources="it, Votazione: reinforcement only if 'in this way' the player has more cards.",
    )
)


class ReadingError(ValueError):
    """A switch that does not exist, or a value it does not have."""


@dataclass(frozen=True)
class Readings:
    """The value of every switch in force (see the switches of :data:`RULEBOOK`)."""

    spy_traitors: str = "replace-then-steal"
    spy_drawn_spy: str = "play"
    actions_order: str = "free"
    traitor_empty_hand: str = "victim"
    vote_opening_reinforcement: str = "allowed"
    vote_repeat_district: str = "allowed"
    vote_reinforcement_test: str = "play"

    def __post_init__(self) -> None:
        for item in fields(self):
            name = _switch_name(item.name)
            value = getattr(self, item.name)
            if value not in RULEBOOK.switches[name].values:
                allowed = ", ".join(RULEBOOK.switches[name].values)
                raise ReadingError(f"switch {name} has no value {value!r} (one of: {allowed})")

    @classmethod
    def resolve(cls, settings: Mapping[str, str] | None = None) -> Readings:
        """The readings with ``settings`` (switch name to value) over the defaults."""
        given = dict(settings or {})
        unknown = sorted(set(given) - set(RULEBOOK.switches))
        if unknown:
            raise ReadingError(f"no switch called {unknown[0]!r}")
        values = RULEBOOK.resolve_switches(STANDARD, given)
        return cls(**{_field_name(name): value for name, value in values.items()})

    def as_settings(self) -> dict[str, str]:
        """Switch name to value, for every switch."""
        return {_switch_name(item.name): getattr(self, item.name) for item in fields(self)}


def _field_name(switch: str) -> str:
    return switch.replace(".", "_").replace("-", "_")


def _switch_name(field_name: str) -> str:
    for name in RULEBOOK.switches:
        if _field_name(name) == field_name:
            return name
    raise ReadingError(f"no switch for {field_name}")
