"""``canaldsl rules`` and ``explain``: every game's rules, listed and explained.

Game-independent: the rules come from each game's :class:`~canaldsl.rules.RuleBook`. Rule ids
are local to their game (``build.consecutive-tiles``); the qualified form names the game too
(``canalmania:build.consecutive-tiles``). ``explain`` takes either: a local id when one game
has it, the qualified form when several do.
"""

from __future__ import annotations

from typing import Any

from canaldsl.diagnostics import did_you_mean
from canaldsl.games import Game, all_games
from canaldsl.jsonschemas import tag
from canaldsl.rules import Rule, RuleBook


class UnknownRuleError(ValueError):
    """A rule id no game has, or a local id several games have."""


def _only(rule: Rule, book: RuleBook) -> str:
    if rule.rule_sets == book.rule_sets:
        return ""
    return f"  [{', '.join(sorted(rule.rule_sets))} only]"


def rules_text() -> str:
    """Every rule of every game by id, with its title (and the rule sets it is limited to).
    Each game's list is headed by its name when there are several games."""
    games = all_games()
    blocks = []
    total = 0
    for game in games:
        book = game.rule_book()
        rules = sorted(book.rules.values(), key=lambda r: r.id)
        total += len(rules)
        width = max((len(r.id) for r in rules), default=0)
        lines = [f"{r.id:<{width}}  {r.title}{_only(r, book)}" for r in rules]
        if len(games) > 1:
            lines.insert(0, f"{game.title} (rule ids {game.name}:...):")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + f"\n\n{total} rules; `canaldsl explain RULE-ID` shows one."


def rules_json() -> list[dict[str, Any]]:
    """Every rule of every game as JSON (``game`` is given when there are several games)."""
    games = all_games()
    listed = []
    for game in games:
        book = game.rule_book()
        for rule in sorted(book.rules.values(), key=lambda r: r.id):
            entry: dict[str, Any] = {"schema": tag("rules")}
            entry |= {"game": game.name} if len(games) > 1 else {}
            entry |= {
                "id": rule.id,
                "title": rule.title,
                "kind": rule.kind.value,
                "editions": sorted(rule.rule_sets),
                "sections": dict(rule.sections),
            }
            listed.append(entry)
    return listed


def find_rule(rule_id: str) -> tuple[Game, Rule]:
    """The rule of a local or qualified id; raises :class:`UnknownRuleError`."""
    games = all_games()
    game_name, _, local = rule_id.rpartition(":")
    found = [
        (game, game.rule_book().rules[local])
        for game in games
        if (not game_name or game.name == game_name) and local in game.rule_book().rules
    ]
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(f"{game.name}:{local}" for game, _ in found)
        raise UnknownRuleError(f"several games have a rule {rule_id!r}: give one of {names}")
    if game_name:
        known = [f"{game.name}:{r}" for game in games for r in game.rule_book().rules]
    else:
        known = [r for game in games for r in game.rule_book().rules]
    guess = did_you_mean(rule_id, known)
    hint = f" Did you mean {guess}?" if guess else ""
    raise UnknownRuleError(f"unknown rule id {rule_id!r}.{hint} (`canaldsl rules` lists them)")


def explanation(rule_id: str) -> str:
    """What one rule says, where each rulebook says it, how the rule sets and texts differ."""
    game, rule = find_rule(rule_id)
    book = game.rule_book()
    rule_sets = ", ".join(sorted(rule.rule_sets))
    lines = [f"{rule.id}: {rule.title}  ({rule.kind.value}; {rule_sets})", "", rule.text]
    lines += ["", "Where the rulebooks say it:"]
    for key, name in book.rulebooks.items():
        lines.append(f"  {name}: {rule.sections.get(key) or '(not in this rulebook)'}")
    if rule.differences:
        lines += ["", f"How the editions and texts differ: {rule.differences}"]
    # optional game hook: the sentences of a rulebook's text the rule checks (a sentence index)
    citations = getattr(game, "rule_citations", None)
    cited: tuple[str, ...] = tuple(citations(rule.id)) if callable(citations) else ()
    if cited:
        lines += ["", "Sentences of the text it checks (sentence index):"]
        lines += [f"  {line}" for line in cited]
    return "\n".join(lines)
