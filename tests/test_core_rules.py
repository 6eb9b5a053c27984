"""The shared rule registry (canaldsl.rules), on a tiny rule book of its own."""

from __future__ import annotations

import pytest

from canaldsl.diagnostics import Span
from canaldsl.rules import Referee, RuleBook, RuleKind, Switch


def _book() -> RuleBook:
    return RuleBook("toy", title="Toy", rulebooks={"en": "English"}, rule_sets=("basic", "pro"))


def test_a_rule_is_registered_with_its_sections_and_qualified_id() -> None:
    book = _book()

    @book.rule("move.distance", title="Move at most two", sections={"en": "Moving"})
    def distance(*, steps: int) -> str | None:
        """A piece moves at most two squares."""
        return None if steps <= 2 else f"{steps} squares is more than two"

    rule = book.rules["move.distance"]
    assert rule.qualified_id == "toy:move.distance"
    assert rule.text == "A piece moves at most two squares."
    assert rule.applies("basic") and rule.applies("pro")
    assert rule.kind is RuleKind.CHECK
    referee = Referee()
    span = Span.point(3, 5)
    assert referee.check(distance, span, steps=2)
    assert not referee.check(distance, span, steps=3)
    assert [(v.rule, v.span) for v in referee.violations] == [("move.distance", span)]
    assert referee.violations[0].message == "3 squares is more than two"


def test_bad_registrations_are_refused() -> None:
    book = _book()
    with pytest.raises(ValueError, match="not a rule id"):
        book.rule("Distance", title="t", sections={"en": None})
    with pytest.raises(ValueError, match="sections must name exactly"):
        book.rule("move.distance", title="t", sections={})
    with pytest.raises(ValueError, match="rule sets"):
        book.rule("move.distance", title="t", sections={"en": None}, rule_sets=("nope",))

    def undocumented() -> None:
        return None

    with pytest.raises(ValueError, match="docstring"):
        book.rule("move.undocumented", title="t", sections={"en": None})(undocumented)

    def documented() -> None:
        """Twice."""

    book.rule("move.twice", title="t", sections={"en": None})(documented)
    with pytest.raises(ValueError, match="registered twice"):
        book.rule("move.twice", title="t", sections={"en": None})(documented)


def test_switch_defaults_per_rule_set_and_profile() -> None:
    book = _book()
    switch = book.switch(
        Switch(
            name="corner-counts",
            values=("yes", "no"),
            defaults={"basic": "yes", "pro": "no"},
            profile_defaults={"en": "no"},
            summary="s",
            sources="s",
        )
    )
    assert switch.default("basic") == "yes"
    assert switch.default("pro") == "no"
    assert switch.default("basic", "en") == "no"
    assert dict(book.resolve_switches("basic", {})) == {"corner-counts": "yes"}
    assert dict(book.resolve_switches("basic", {"corner-counts": "no"})) == {"corner-counts": "no"}
    with pytest.raises(ValueError, match="not one of its values"):
        Switch(name="x", values=("a",), defaults={"basic": "b"}, summary="", sources="")
