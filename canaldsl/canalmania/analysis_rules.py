"""The analysis of a file's rules: its edition, switches, profile and rulebook example."""

from __future__ import annotations

from collections.abc import Sequence

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.analysis import (
    DEFAULT_EDITION,
    AnalyserBase,
    RulebookExample,
)
from canaldsl.canalmania.components import (
    Edition,
    facts,
)
from canaldsl.canalmania.options import PROFILE_OPTION, SWITCHES, resolve, sources
from canaldsl.canalmania.position import Rules
from canaldsl.canalmania.profiles import PROFILES, Profile


class RulesAnalysis(AnalyserBase):
    """The ``rulebook``, ``known-error`` and ``rules`` statements."""

    def rulebook(self, statements: Sequence[s.Statement]) -> Profile | None:
        """The profile a ``rulebook`` statement names (E601-E603, E606), or None."""
        decls = [st for st in statements if isinstance(st, s.RulebookDecl)]
        errors = [st for st in statements if isinstance(st, s.KnownErrorDecl)]
        for repeated in errors[1:]:
            self.error("E317", "a file gives at most one `known-error`", repeated.span)
        if not decls:
            for lone in errors[:1]:
                self.error(
                    "E606",
                    "`known-error` marks a rulebook example, but this file has no `rulebook` "
                    "statement",
                    lone.span,
                    hint='start the file with `rulebook TRANSLATION section "..." example ID`',
                )
            return None
        decl = decls[0]
        for again in decls[1:]:
            self.error("E603", "a file is the example of one rulebook only", again.span)
        if statements[0] is not decl:
            self.error(
                "E602",
                "the `rulebook` statement must come first (comments may precede it)",
                decl.span,
            )
        found = PROFILES.get(decl.translation.text)
        if found is None:
            self.unknown("E601", "rulebook translation", decl.translation, PROFILES)
            return None
        self.rulebook_example = RulebookExample(
            translation=found.translation,
            section=decl.section.text,
            example=decl.example.text,
            known_error=errors[0].reason.text if errors else None,
        )
        return found

    # -- rules
    def rules(self, statements: Sequence[s.Statement]) -> Rules:
        """The file's rules; under ``rulebook X``, X's edition and switches (E604, E605)."""
        stated = self.rulebook(statements)
        decls = [st for st in statements if isinstance(st, s.RulesDecl)]
        for extra in decls[1:]:
            self.error("E315", "a file has at most one `rules` statement", extra.span)
        if not decls:
            if stated is not None:
                return Rules(
                    edition=stated.edition,
                    players=None,
                    options=stated.options,
                    option_sources=sources(stated.edition, {}, stated.translation),
                )
            return Rules(
                edition=DEFAULT_EDITION,
                players=None,
                options=resolve(DEFAULT_EDITION, {}),
                option_sources=sources(DEFAULT_EDITION, {}),
            )
        decl = decls[0]
        edition = Edition(decl.edition.text)
        if stated is not None and edition is not stated.edition:
            self.error(
                "E604",
                f"the {stated.language} rulebook is the {stated.edition.value}, not the "
                f"{edition.value}",
                decl.edition.span,
                hint=f"write `rules {stated.edition.value}`, or leave the edition to the "
                "rulebook statement",
            )
            edition = stated.edition
        players: int | None = None
        settings: dict[str, str] = {}
        shift = 0
        profile = stated.translation if stated is not None else None
        for item in decl.items or ():
            if isinstance(item, s.EndMarkSetting):
                shift = self.end_mark_shift(item, edition, shift)
            elif isinstance(item, s.PlayersSetting):
                players = item.count.value
                edition_facts = facts(edition)
                if not edition_facts.min_players <= players <= edition_facts.max_players:
                    self.error(
                        "E416",
                        f"the {edition.value} is for {edition_facts.min_players} to "
                        f"{edition_facts.max_players} players, not {players}",
                        item.count.span,
                    )
            elif item.name.text == PROFILE_OPTION:
                profile = self.profile_option(item, stated, profile, edition)
            else:
                switch = SWITCHES.get(item.name.text)
                if switch is None:
                    self.unknown("E205", "rules option", item.name, [*SWITCHES, PROFILE_OPTION])
                    continue
                if item.value.text not in switch.values:
                    self.error(
                        "E206",
                        f"option {switch.name} takes {' or '.join(switch.values)}, "
                        f"not {item.value.text!r}",
                        item.value.span,
                    )
                    continue
                if stated is not None and item.value.text != stated.options[switch.name]:
                    self.error(
                        "E605",
                        f"the {stated.language} text reads {switch.name} = "
                        f"{stated.options[switch.name]}; a rulebook example is checked as its "
                        "text states the rules",
                        item.value.span,
                        hint="remove this option, or remove the `rulebook` statement to try "
                        "another reading",
                    )
                    continue
                settings[switch.name] = item.value.text
        options = stated.options if stated is not None else resolve(edition, settings, profile)
        return Rules(
            edition=edition,
            players=players,
            options=options,
            end_mark_shift=shift,
            option_sources=sources(edition, settings, profile),
        )

    def profile_option(
        self, item: s.OptionSetting, stated: Profile | None, profile: str | None, edition: Edition
    ) -> str | None:
        """The text an ``option rulebook = TRANSLATION`` line names, whose defaults the file
        takes (E205 for an unknown text; E604 when its edition is not the file's; E605 under
        a ``rulebook`` statement naming another)."""
        found = PROFILES.get(item.value.text)
        if found is None:
            self.unknown("E205", "rulebook translation", item.value, PROFILES)
            return profile
        if stated is not None and found is not stated:
            self.error(
                "E605",
                f"this file is an example of the {stated.language} text; it cannot take the "
                f"defaults of the {found.language} one",
                item.value.span,
                hint="remove this option, or remove the `rulebook` statement",
            )
            return profile
        if found.edition is not edition:
            self.error(
                "E604",
                f"the {found.language} rulebook is the {found.edition.value}, not the "
                f"{edition.value}",
                item.value.span,
                hint=f"write `rules {found.edition.value}`, or name a text of the {edition.value}",
            )
            return profile
        return found.translation

    def end_mark_shift(self, item: s.EndMarkSetting, edition: Edition, shift: int) -> int:
        """The shift an ``end-mark`` line gives (E431, E432); ``shift`` when it is refused."""
        value = item.shift.value
        if shift:
            self.error("E431", "the end mark is moved once, by one `end-mark` line", item.span)
            return shift
        if edition is not Edition.SECOND:
            self.error(
                "E432",
                "only the 2nd edition lets the players move the end mark (a variable game length)",
                item.span,
            )
            return shift
        lowest = min(facts(edition).end_threshold.values())
        if value % 10 or value == 0 or value <= -lowest:
            self.error(
                "E431",
                f"the end mark moves in steps of 10 points and stays above 0, not by {value:+d}",
                item.shift.span,
                hint="write end-mark +10 for a longer game, end-mark -10 for a shorter one",
            )
            return shift
        return value
