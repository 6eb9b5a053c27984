"""The rule registry every game shares: rules as named checks with stable, namespaced ids.

Game-independent. Each game owns one :class:`RuleBook`: the game's id (the namespace of its
rule ids), the rulebooks it cites, and its rule sets (editions, variants). A rule is registered
by decorating the function that checks it with :meth:`RuleBook.rule`; the function's docstring
says the rule in the project's own words, and the decorator records the section of each
rulebook that states it. A rule's id never changes meaning once published.

A rule id is local to its game (``build.consecutive-tiles``); its qualified form names the game
too (``canalmania:build.consecutive-tiles``). Files of a game use the local form.

When rules are renamed or merged, the former id stays an alias of the new one
(:meth:`RuleBook.alias`): :meth:`RuleBook.resolve` maps it to the rule now in force, so a file
written with the former id (``expect illegal engineer.brindley``) keeps meaning what it meant,
and ``explain`` shows the rule with its former ids.

A check returns ``None`` when the rule holds and a one-line message when it is broken.
:class:`Referee` calls checks with their own, typed, keyword-only arguments and collects every
broken rule as a :class:`~canaldsl.verdicts.Violation` at the span of the step that broke it.

Where a text can be read two ways the reading is a :class:`Switch`: a name, its values, a
default per rule set, the default of each translation where a translation reads differently.
"""

from __future__ import annotations

import enum
import inspect
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ParamSpec, TypeVar

from canaldsl.diagnostics import Span
from canaldsl.verdicts import Violation

P = ParamSpec("P")
F = TypeVar("F", bound=Callable[..., Any])

_LOCAL_ID = re.compile(r"^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$")
_GAME_ID = re.compile(r"^[a-z][a-z0-9-]*$")


class RuleKind(enum.Enum):
    """A check can be broken by a turn; an effect computes a consequence (a score, a payment)."""

    CHECK = "check"
    EFFECT = "effect"


@dataclass(frozen=True)
class Rule:
    """One rule of one game: its id, what it says, where each rulebook says it."""

    id: str
    game: str
    title: str
    text: str
    sections: Mapping[str, str | None]
    rule_sets: frozenset[str]
    differences: str
    kind: RuleKind
    function: Callable[..., Any] = field(compare=False, repr=False)

    @property
    def qualified_id(self) -> str:
        """The id with its game: ``game:local.id``."""
        return f"{self.game}:{self.id}"

    def applies(self, rule_set: str) -> bool:
        """Whether the rule is part of ``rule_set`` (an edition or variant of the game)."""
        return rule_set in self.rule_sets


@dataclass(frozen=True)
class Switch:
    """A named reading of a rule the texts leave open or state inconsistently.

    ``defaults`` gives the value per rule set; ``profile_defaults`` the value a translation's
    own text implies where it differs (``{"fr": "excluded"}``). ``summary`` says what is at
    issue, ``sources`` what each text says, in the project's own words."""

    name: str
    values: tuple[str, ...]
    defaults: Mapping[str, str]
    summary: str
    sources: str
    profile_defaults: Mapping[str, str] = field(default_factory=dict)
    reasons: Mapping[str, str] = field(default_factory=dict)
    """Why each default is what it is, by rule set or translation key (shown by ``rules
    --switches`` and ``explain``)."""
    rules: tuple[str, ...] = ()
    """The local ids of the rules this switch reads (``explain`` shows it under them)."""

    def __post_init__(self) -> None:
        for value in (*self.defaults.values(), *self.profile_defaults.values()):
            if value not in self.values:
                raise ValueError(f"switch {self.name}: default {value!r} is not one of its values")

    def default(self, rule_set: str, profile: str | None = None) -> str:
        """The value in force when a file says nothing: its profile's, else its rule set's."""
        if profile is not None and profile in self.profile_defaults:
            return self.profile_defaults[profile]
        return self.defaults.get(rule_set, self.values[0])

    def default_source(self, rule_set: str, profile: str | None = None) -> str:
        """Where the default in force comes from: ``profile`` (its own default) or
        ``rule_set``."""
        if profile is not None and profile in self.profile_defaults:
            return profile
        return rule_set


class RuleBook:
    """The registry of one game's rules (and switches).

    ``rulebooks`` maps a short key (``it``, ``fr``, ``de``) to the text's full name; every rule
    gives a section (or None: not stated there) for each key. ``rule_sets`` names the game's
    editions or variants; a rule applies to all of them unless it says otherwise."""

    def __init__(
        self,
        game: str,
        *,
        title: str,
        rulebooks: Mapping[str, str],
        rule_sets: Iterable[str],
    ) -> None:
        if not _GAME_ID.match(game):
            raise ValueError(f"not a game id: {game!r}")
        self.game = game
        self.title = title
        self.rulebooks: Mapping[str, str] = MappingProxyType(dict(rulebooks))
        self.rule_sets = frozenset(rule_sets)
        self._rules: dict[str, Rule] = {}
        self._switches: dict[str, Switch] = {}
        self._aliases: dict[str, str] = {}
        self.rules: Mapping[str, Rule] = MappingProxyType(self._rules)
        self.switches: Mapping[str, Switch] = MappingProxyType(self._switches)
        self.aliases: Mapping[str, str] = MappingProxyType(self._aliases)
        """Each former rule id and the id of the rule now in force."""

    def __repr__(self) -> str:
        return f"<RuleBook {self.game}: {len(self._rules)} rules>"

    def rule(
        self,
        rule_id: str,
        *,
        title: str,
        sections: Mapping[str, str | None],
        rule_sets: Iterable[str] | None = None,
        differences: str = "",
        kind: RuleKind = RuleKind.CHECK,
    ) -> Callable[[F], F]:
        """Register the decorated function as the check (or effect) of rule ``rule_id``."""
        if not _LOCAL_ID.match(rule_id):
            raise ValueError(f"not a rule id: {rule_id!r} (family.name, lower case)")
        missing = set(self.rulebooks) - set(sections)
        unknown = set(sections) - set(self.rulebooks)
        if missing or unknown:
            raise ValueError(
                f"rule {rule_id}: sections must name exactly the rulebooks "
                f"{sorted(self.rulebooks)} (missing {sorted(missing)}, unknown {sorted(unknown)})"
            )
        applies = self.rule_sets if rule_sets is None else frozenset(rule_sets)
        if not applies <= self.rule_sets or not applies:
            raise ValueError(f"rule {rule_id}: rule sets {sorted(applies)} not of this game")

        def register(function: F) -> F:
            if rule_id in self._rules:
                raise ValueError(f"rule {rule_id} registered twice")
            if rule_id in self._aliases:
                raise ValueError(f"rule {rule_id}: a former id, now {self._aliases[rule_id]}")
            doc = inspect.getdoc(function)
            if not doc:
                raise ValueError(f"rule {rule_id} needs a docstring")
            self._rules[rule_id] = Rule(
                id=rule_id,
                game=self.game,
                title=title,
                text=doc,
                sections=MappingProxyType(dict(sections)),
                rule_sets=applies,
                differences=differences,
                kind=kind,
                function=function,
            )
            function.rule_id = rule_id  # type: ignore[attr-defined]
            return function

        return register

    def alias(self, former: str, current: str) -> None:
        """Keep ``former`` (a rule id once published) meaning rule ``current``, which now says
        what it said. A former id is never registered again as a rule of its own."""
        if not _LOCAL_ID.match(former):
            raise ValueError(f"not a rule id: {former!r} (family.name, lower case)")
        if former in self._rules:
            raise ValueError(f"{former} is a rule in force: it cannot be an alias")
        if former in self._aliases:
            raise ValueError(f"alias {former} registered twice")
        self._aliases[former] = current

    def resolve(self, rule_id: str) -> str:
        """The id of the rule in force for ``rule_id``: itself, or (a former id) the rule that
        replaced it. An id that is neither is returned as it is (the caller says it is
        unknown)."""
        return self._aliases.get(rule_id, rule_id)

    def former_ids(self, rule_id: str) -> tuple[str, ...]:
        """The former ids that now mean ``rule_id``, sorted."""
        return tuple(sorted(f for f, c in self._aliases.items() if c == rule_id))

    def check_aliases(self) -> None:
        """Every alias names a rule in force (call once every rule is registered)."""
        dangling = sorted(f"{f} -> {c}" for f, c in self._aliases.items() if c not in self._rules)
        if dangling:
            raise ValueError(f"aliases of no rule: {', '.join(dangling)}")
        taken = sorted(set(self._aliases) & set(self._rules))
        if taken:
            raise ValueError(f"ids both rules and aliases: {', '.join(taken)}")

    def switch(self, switch: Switch) -> Switch:
        """Register a switch; its defaults must name rule sets of this game."""
        if switch.name in self._switches:
            raise ValueError(f"switch {switch.name} registered twice")
        unknown = set(switch.defaults) - self.rule_sets
        if unknown:
            raise ValueError(f"switch {switch.name}: unknown rule sets {sorted(unknown)}")
        self._switches[switch.name] = switch
        return switch

    def resolve_switches(
        self, rule_set: str, settings: Mapping[str, str], profile: str | None = None
    ) -> Mapping[str, str]:
        """Every switch's value: the file's setting where given, else the default in force."""
        return MappingProxyType(
            {
                name: settings.get(name, switch.default(rule_set, profile))
                for name, switch in sorted(self._switches.items())
            }
        )


def rule_id(function: Callable[..., Any]) -> str:
    """The id of the rule whose check ``function`` is."""
    return str(function.rule_id)  # type: ignore[attr-defined]


class Referee:
    """Calls rule checks and collects every broken rule, in the order they were found.

    :meth:`check` passes its arguments on to the check as they are typed in the check's own
    signature (a ParamSpec), so a misspelt or missing argument is a type error."""

    def __init__(self) -> None:
        self.violations: list[Violation] = []

    def check(
        self,
        function: Callable[P, str | None],
        span: Span,
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> bool:
        """Run one check; record a violation at ``span`` if it fails. True when it holds."""
        message = function(*args, **kwargs)
        if message is None:
            return True
        self.violations.append(Violation(rule_id(function), message, span))
        return False
