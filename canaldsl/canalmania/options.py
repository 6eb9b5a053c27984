"""Named switches for the points where the rulebooks' readings differ.

A file sets one with ``option NAME = VALUE`` inside its ``rules`` block. Every switch has a
default per edition and, where a translation's own text reads otherwise, a default per
translation (``it``, ``fr``, ``de``), each with its reason beside it. A file takes a text's
defaults by naming the text: ``rulebook fr ...`` (a rulebook example) or ``option rulebook =
fr`` in its ``rules`` block. A file that names no text is read with the edition's defaults:
the 1st edition's are the readings every one of its texts allows (the engine's readings from
the start); the 2nd edition is described by one text, the DE rulebook, so its defaults are the
DE readings.

The switches are the core's :class:`canaldsl.rules.Switch`; the rule book registers them
(:mod:`canaldsl.canalmania.rulebase`), so ``canaldsl rules --switches`` and ``explain`` show
them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from canaldsl.canalmania.components import Edition
from canaldsl.rules import Switch

FIRST: Final = Edition.FIRST.value
SECOND: Final = Edition.SECOND.value

PROFILE_OPTION: Final = "rulebook"
"""The ``rules`` option that names the text whose defaults a file takes
(``option rulebook = fr``)."""

SET_IN_FILE: Final = "set in the file"
"""The source of a switch's value that the file's own ``option`` line gives."""

_SAME_IN_EVERY_TEXT: Final = "the texts agree; the edition's default"

_DE_ONLY_TEXT: Final = (
    "the DE rulebook is the 2nd edition's only text, so its reading is the edition's"
)


def _switch(
    name: str,
    values: tuple[str, ...],
    *,
    first: str,
    second: str,
    texts: Mapping[str, tuple[str, str]],
    summary: str,
    sources: str,
    rules: tuple[str, ...],
    edition_reason: str,
    second_reason: str | None = None,
) -> Switch:
    """A switch with its edition defaults and each text's default, each with its reason
    (``second_reason``: the 2nd edition's, where it differs from the 1st's)."""
    reasons = {FIRST: edition_reason, SECOND: second_reason or edition_reason}
    reasons |= {text: why for text, (_, why) in texts.items()}
    return Switch(
        name=name,
        values=values,
        defaults=MappingProxyType({FIRST: first, SECOND: second}),
        summary=summary,
        sources=sources,
        profile_defaults=MappingProxyType({text: value for text, (value, _) in texts.items()}),
        reasons=MappingProxyType(reasons),
        rules=rules,
    )


SWITCHES: Final[Mapping[str, Switch]] = MappingProxyType(
    {
        s.name: s
        for s in (
            _switch(
                "colour-restriction-start",
                ("included", "excluded"),
                first="included",
                second="included",
                texts={
                    "it": ("included", "IT says the starting place counts"),
                    "fr": (
                        "excluded",
                        "the FR rule sentence says the starting town does not count; a profile "
                        "reads the text as printed, so its example beneath (which needs the "
                        "start to count) is the text's known error, not the rule",
                    ),
                    "de": ("included", "DE says the starting place counts"),
                },
                summary=(
                    "Whether the place a goods cube starts from counts for the rule that a "
                    "route never holds two places of one colour."
                ),
                sources=(
                    "IT and DE say the starting place counts; the FR text says it does not, "
                    "but the FR example beneath it only works if it counts."
                ),
                rules=("goods.colour-restriction",),
                edition_reason="IT and DE, and the FR example, count the start",
            ),
            _switch(
                "undo-scope",
                ("earlier-turns", "previous-turn"),
                first="earlier-turns",
                second="previous-turn",
                texts={
                    "it": ("earlier-turns", "IT: tiles of any earlier turn"),
                    "fr": ("earlier-turns", "FR: tiles of any earlier turn"),
                    "de": ("previous-turn", "DE: tiles of the previous turn only"),
                },
                summary=(
                    "Which of a player's tiles may be taken back: any built in an earlier "
                    "turn, or only those built in that player's previous turn."
                ),
                sources=(
                    "IT and FR (Cattiva amministrazione / Mauvaise gestion) allow tiles of any "
                    "earlier turn; DE (Fehlplanung) speaks of the previous turn only."
                ),
                rules=("build.undo",),
                edition_reason="each edition's texts agree on it",
            ),
            _switch(
                "cube-removal-order",
                ("as-listed", "reverse-placement"),
                first="as-listed",
                second="as-listed",
                texts={},
                summary=(
                    "1st edition, empty basin: cubes come off towns without a canal, then "
                    "cities without a canal, then towns with a canal (as listed), or also "
                    "from cities with a canal last (the full reverse of the placement order)."
                ),
                sources=(
                    "IT and FR list three cases (4, 3, 2) yet call it the reverse of the "
                    "four-case placement order."
                ),
                rules=("goods.removal-order",),
                edition_reason=(
                    "the cases as the texts list them; the fourth cannot be reached with 15 "
                    "cubes and 6 cities, so both readings agree on every reachable position"
                ),
            ),
            _switch(
                "rennie-display-draw-goods",
                ("placed", "ignored"),
                first="placed",
                second="placed",
                texts={},
                summary=(
                    "Whether a face-up card Rennie takes instead of the top card of the deck "
                    "brings goods cubes as any face-up card does."
                ),
                sources="No text says; a face-up card with a symbol brings cubes when taken.",
                rules=("engineer.rennie",),
                edition_reason="no text says; a face-up card's symbol brings cubes when taken",
            ),
            _switch(
                "skip-phase",
                ("allowed", "forbidden"),
                first="allowed",
                second="allowed",
                texts={},
                summary=(
                    "Whether a player may take no action in a phase (apart from the "
                    "contract a player without one must take)."
                ),
                sources="All three texts say a player may take one action in each phase.",
                rules=("turn.phase-skipped",),
                edition_reason=_SAME_IN_EVERY_TEXT,
            ),
            _switch(
                "consecutive-tiles",
                ("next-along-canal", "neighbouring-hexes"),
                first="next-along-canal",
                second="neighbouring-hexes",
                texts={
                    "it": (
                        "next-along-canal",
                        "IT says consecutive hexes, in its heading and its sentence",
                    ),
                    "fr": (
                        "next-along-canal",
                        "the FR heading says consecutive tiles (Tuiles consécutives), as IT "
                        "does; its sentence's adjacent hexes is read as the heading names it",
                    ),
                    "de": (
                        "neighbouring-hexes",
                        "DE says neighbouring, in its heading (Benachbarte Plättchen) and its "
                        "sentence, and never consecutive: any two touching hexes of a section",
                    ),
                },
                summary=(
                    "Two tiles of one kind in one canal section: forbidden only when one comes "
                    "next after the other along the canal, or whenever they stand on "
                    "neighbouring hexes of the section (a section that doubles back)."
                ),
                sources=(
                    "IT: consecutive hexes; FR: adjacent hexes under the heading consecutive "
                    "tiles; DE: neighbouring hexes under the heading neighbouring tiles."
                ),
                rules=("build.consecutive-tiles",),
                edition_reason=(
                    "the reading the 1st edition's texts (IT, FR) give; name the DE text "
                    "(option rulebook = de) for its own"
                ),
                second_reason=_DE_ONLY_TEXT,
            ),
            _switch(
                "junction-double-take",
                ("second-contract-only", "whenever-two-possible"),
                first="second-contract-only",
                second="whenever-two-possible",
                texts={
                    "de": (
                        "whenever-two-possible",
                        "DE says the junction may in no case be taken by a player who could "
                        "take two contracts at once",
                    ),
                },
                summary=(
                    "2nd edition: a junction contract is refused only as the second contract "
                    "of a double take, or at any time the player could take two contracts at "
                    "once (parliament holds one or two and the player has no open contract)."
                ),
                sources="DE (Anschlussverträge) only; the 1st edition has no junction contracts.",
                rules=("contract.junction",),
                edition_reason="the 1st edition has no junction contracts",
                second_reason=_DE_ONLY_TEXT,
            ),
            _switch(
                "no-contract-left",
                ("may-skip", "other-action"),
                first="may-skip",
                second="other-action",
                texts={
                    "de": (
                        "other-action",
                        "DE says the player must choose another action in phase 1; this "
                        "sentence is more specific than the general freedom to skip a phase",
                    ),
                },
                summary=(
                    "2nd edition: a player with no open contract when none can be taken "
                    "(parliament empty, no junction left) may let phase 1 pass (with "
                    "skip-phase allowed), or must take another phase 1 action."
                ),
                sources=(
                    "IT and FR: may choose another action; DE (Die Schlussrunden): must "
                    "choose another action."
                ),
                rules=("contract.none-left-other-action",),
                edition_reason=(
                    "the 1st edition's texts (IT, FR) say the player may choose another action"
                ),
                second_reason=_DE_ONLY_TEXT,
            ),
            _switch(
                "winner-tie-engineer",
                ("highest-number", "lowest-number"),
                first="highest-number",
                second="highest-number",
                texts={
                    "it": ("highest-number", "IT: the younger engineer, the higher number"),
                    "fr": (
                        "highest-number",
                        "the FR sentence says oldest but its brackets say highest value, and "
                        "its Ingénieurs section and prolific-builder tie give the higher "
                        "number: the word oldest is the outlier",
                    ),
                    "de": ("highest-number", "DE: the younger engineer, the higher number"),
                },
                summary=(
                    "The last tie-break of the winner: the engineer with the highest card "
                    "number (the youngest) or the lowest (the oldest)."
                ),
                sources=(
                    "IT and DE: the younger engineer (higher number); FR calls the "
                    "tie-winner's engineer the oldest but gives the highest value in brackets."
                ),
                rules=("end.winner",),
                edition_reason="IT and DE, and the FR brackets, give the highest number",
            ),
        )
    }
)
"""Every switch by its name."""


HOUSE_RULES: Final = frozenset({"skip-phase"})
"""Switches whose other value no text reads (every text lets a phase pass: skip-phase =
forbidden is a house rule). ``check`` names them as deciding a turn only when the file sets
them; left at their default, they would be named on nearly every turn and tell nothing."""


def resolve(
    edition: Edition, settings: Mapping[str, str], profile: str | None = None
) -> Mapping[str, str]:
    """Every switch's value: the file's setting where given, else the default of ``profile``
    (a translation) where it has one, else the edition's."""
    return MappingProxyType(
        {
            name: settings.get(name, switch.default(edition.value, profile))
            for name, switch in SWITCHES.items()
        }
    )


def sources(
    edition: Edition, settings: Mapping[str, str], profile: str | None = None
) -> Mapping[str, str]:
    """Where every switch's value comes from, in words: ``set in the file``, ``default of
    the fr rulebook`` or ``default of the 1st edition``."""
    out = {}
    for name, switch in SWITCHES.items():
        if name in settings:
            out[name] = SET_IN_FILE
        elif switch.default_source(edition.value, profile) == profile:
            out[name] = f"default of the {profile} rulebook"
        else:
            out[name] = f"default of the {'1st' if edition is Edition.FIRST else '2nd'} edition"
    return MappingProxyType(out)
