"""``canaldsl rules`` and ``explain``: every game's rules (and switches), listed and explained.

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
from canaldsl.rules import Rule, RuleBook, Switch


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
        if book.aliases:
            renamed = ", ".join(f"{f} -> {c}" for f, c in sorted(book.aliases.items()))
            lines.append(f"former ids (still understood): {renamed}")
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
                "formerly": list(book.former_ids(rule.id)),
            }
            listed.append(entry)
    return listed


def find_rule(rule_id: str) -> tuple[Game, Rule]:
    """The rule of a local or qualified id; raises :class:`UnknownRuleError`."""
    games = all_games()
    game_name, _, local = rule_id.rpartition(":")
    found = [
        (game, game.rule_book().rules[game.rule_book().resolve(local)])
        for game in games
        if (not game_name or game.name == game_name)
        and game.rule_book().resolve(local) in game.rule_book().rules
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
    lines = [f"{rule.id}: {rule.title}  ({rule.kind.value}; {rule_sets})"]
    local = rule_id.rpartition(":")[2]
    if local != rule.id:
        lines.append(f"({local} is a former id of this rule)")
    former = book.former_ids(rule.id)
    if former:
        lines.append(f"formerly {', '.join(former)}")
    lines += ["", rule.text]
    lines += ["", "Where the rulebooks say it:"]
    for key, name in book.rulebooks.items():
        lines.append(f"  {name}: {rule.sections.get(key) or '(not in this rulebook)'}")
    if rule.differences:
        lines += ["", f"How the editions and texts differ: {rule.differences}"]
    notes = getattr(game, "rule_notes", None)  # optional hook: a game's own notes on a rule
    if notes is not None:
        extra = notes(rule.id)
        if extra:
            lines += ["", *extra]
    readings = [sw for sw in book.switches.values() if rule.id in sw.rules]
    if readings:
        lines += ["", "Readings the texts leave open (named switches, `option NAME = VALUE`):"]
        for switch in readings:
            lines += ["", *_switch_lines(switch, book, rule)]
    return "\n".join(lines)


def _defaults(switch: Switch, book: RuleBook, rule: Rule | None) -> list[tuple[str, str, str]]:
    """Each default of a switch: (where: a rule set or a text, value, reason); for ``rule``,
    only its rule sets and the texts that state it."""
    rule_sets = sorted(rule.rule_sets if rule is not None else book.rule_sets)
    out = [
        (name, switch.defaults.get(name, switch.values[0]), switch.reasons.get(name, ""))
        for name in rule_sets
    ]
    out += [
        (f"{key} text", switch.profile_defaults[key], switch.reasons.get(key, ""))
        for key in book.rulebooks
        if key in switch.profile_defaults and (rule is None or rule.sections.get(key))
    ]
    return out


def _switch_lines(switch: Switch, book: RuleBook, rule: Rule | None = None) -> list[str]:
    """A switch in a few lines: name and values, what is at issue, the texts, each default."""
    lines = [f"{switch.name} = {' | '.join(switch.values)}", f"  {switch.summary}"]
    lines.append(f"  The texts: {switch.sources}")
    if switch.rules:
        lines.append(f"  Reads: {', '.join(switch.rules)}")
    for where, value, reason in _defaults(switch, book, rule):
        lines.append(f"  default for the {where}: {value}" + (f" ({reason})" if reason else ""))
    return lines


def switches_text() -> str:
    """Every switch of every game: its values, what it reads, its default per rule set and per
    text with the reason. A file sets one with ``option NAME = VALUE`` in its rules."""
    games = all_games()
    blocks = []
    total = 0
    for game in games:
        book = game.rule_book()
        switches = sorted(book.switches.values(), key=lambda sw: sw.name)
        total += len(switches)
        lines = ["\n".join(_switch_lines(sw, book)) for sw in switches]
        if len(games) > 1:
            lines.insert(0, f"{game.title} (switches of {game.name}):")
        blocks.append("\n\n".join(lines))
    return (
        "\n\n".join(blocks) + f"\n\n{total} switches; a file sets one with `option NAME = VALUE`."
    )


def switches_json() -> list[dict[str, Any]]:
    """Every switch of every game as JSON (``game`` is given when there are several games)."""
    games = all_games()
    listed = []
    for game in games:
        book = game.rule_book()
        for switch in sorted(book.switches.values(), key=lambda sw: sw.name):
            entry: dict[str, Any] = {"schema": tag("rules")}
            entry |= {"game": game.name} if len(games) > 1 else {}
            entry |= {
                "switch": switch.name,
                "values": list(switch.values),
                "summary": switch.summary,
                "sources": switch.sources,
                "rules": list(switch.rules),
                "defaults": {
                    rule_set: switch.defaults.get(rule_set, switch.values[0])
                    for rule_set in sorted(book.rule_sets)
                },
                "text_defaults": {
                    key: switch.profile_defaults[key]
                    for key in book.rulebooks
                    if key in switch.profile_defaults
                },
                "reasons": dict(switch.reasons),
            }
            listed.append(entry)
    return listed
