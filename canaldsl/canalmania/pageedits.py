"""Setting up a Canal Mania position by clicking: each click changes the file's TEXT.

The page of ``canaldsl serve`` sends one click (:class:`canaldsl.pagehooks.PageEdit`); this
module finds where in the text it belongs, from the spans of the parsed file, and returns the
text with as little changed as possible (the rest of the file, its comments and layout, stay
as written), so the file stays the one source of truth and ``canaldsl check`` reads the same.

- ``tile`` on a hex: the mover's current turn builds a tile there (the palette's kind, or the
  terrain's natural one: a stretch on clear terrain, a tunnel on difficult terrain); a hex the
  turn already builds on is taken out again; a town or city ends the build line there (a
  second click takes it out). With no turn yet, one is written for the player
  whose turn it is (``now``), building on that player's open canal.
- ``start`` on a place: the turn takes a contract from parliament that ends there, its barge
  at that place.
- ``card``: one card of that kind more in the mover's hand.

The mover is the player of the file's last turn, else the one whose turn it is (``now``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.components import CardKind, Terrain, TileKind
from canaldsl.canalmania.semantics import Scenario
from canaldsl.hexgrid import Hex
from canaldsl.pagehooks import EditRefused, PageEdit, TextSpans

NATURAL_KIND = {Terrain.CLEAR: TileKind.STRETCH, Terrain.DIFFICULT: TileKind.TUNNEL}
"""The tile a click puts on a hex when the palette names no kind."""

_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_'-]*")


def _name(text: str) -> str:
    """A place or contract name as the language writes it (quoted when it must be)."""
    return text if _BARE.fullmatch(text) else '"' + text.replace('"', "") + '"'


def edit_text(text: str, scenario: Scenario | None, document: s.Document, edit: PageEdit) -> str:
    """``text`` changed by one click (EditRefused when it cannot be, saying why)."""
    if edit.action == "tile":
        return _tile(text, scenario, document, edit.target, edit.kind)
    if edit.action == "start":
        return _start(text, scenario, document, edit.target)
    if edit.action == "card":
        return _card(text, document, edit.target)
    raise EditRefused(f"unknown action {edit.action!r} (tile, start or card)")


# ------------------------------------------------------------------ where the turn is


def _turns(document: s.Document) -> list[s.TurnDecl]:
    return [st for st in document.statements if isinstance(st, s.TurnDecl)]


def _mover(scenario: Scenario | None, document: s.Document) -> str:
    turns = _turns(document)
    if turns:
        return turns[-1].player.text
    now = [st for st in document.statements if isinstance(st, s.NowDecl)]
    if now:
        return now[-1].player.text
    if scenario is not None and scenario.position is not None and scenario.position.now:
        return scenario.position.now
    raise EditRefused("whose turn is it? write `now COLOUR` (or a `turn COLOUR { }`) first")


def _append_turn(text: str, document: s.Document, mover: str, body: str) -> str:
    """A new turn of ``mover`` holding ``body``, before the file's expectations and queries
    (at its end when it has none)."""
    where = TextSpans(text)
    block = f"turn {mover} {{\n  {body}\n}}\n"
    for statement in document.statements:
        if isinstance(statement, s.QueryDecl | s.Expectation):
            at = where.line_start(where.start(statement.span))
            return text[:at] + block + "\n" + text[at:]
    tail = text.rstrip("\n")
    return tail + ("\n\n" if tail else "") + block


def _insert_in_turn(text: str, turn: s.TurnDecl, line: str, *, first: bool = False) -> str:
    """``line`` added to ``turn``'s body: last (before its closing brace) or first."""
    where = TextSpans(text)
    if first:
        brace = text.index("{", where.start(turn.span)) + 1
        return text[:brace] + f"\n  {line}" + text[brace:]
    close = where.end(turn.span) - 1  # the closing brace
    while close > 0 and text[close] != "}":
        close -= 1
    before = text[:close].rstrip(" \t")
    gap = "" if before.endswith("\n") else "\n"
    return before + gap + f"  {line}\n" + text[close:]


# ------------------------------------------------------------------ tiles


def _open_canal(scenario: Scenario | None, turn: s.TurnDecl | None, mover: str) -> str:
    if turn is not None:
        for item in turn.items:
            if isinstance(item, s.TakeContract):
                return item.choices[0].contract.text
    if scenario is None or scenario.position is None:
        raise EditRefused("the file has no position yet: fix its errors first")
    try:
        player = scenario.position.player(mover)
    except KeyError:
        raise EditRefused(f"there is no player {mover}") from None
    canals = [c for c in player.open_canals if not c.is_junction] or list(player.open_canals)
    if not canals:
        raise EditRefused(
            f"{mover} has no canal to build on: start one first (choose 'start a canal', "
            "then click a town or city at the end of a contract in parliament)"
        )
    return canals[0].contract


def _tile_kind(scenario: Scenario | None, hex_label: str, kind: str) -> str:
    if kind:
        if kind not in {k.value for k in TileKind}:
            raise EditRefused(f"unknown tile kind {kind!r}")
        return kind
    board = scenario.board if scenario is not None else None
    if board is None:
        raise EditRefused("the file has no board yet: choose the tile kind in the palette")
    try:
        hex = Hex.parse(hex_label)
    except ValueError:
        raise EditRefused(f"{hex_label!r} is no hex") from None
    terrain = board.terrain.get(hex)
    if terrain is None or terrain not in NATURAL_KIND or hex in board.place_at:
        raise EditRefused(f"no tile can stand on {hex_label}")
    return NATURAL_KIND[terrain].value


def _tile(
    text: str, scenario: Scenario | None, document: s.Document, hex_label: str, kind: str
) -> str:
    if not re.fullmatch(r"[A-Za-z]{1,3}[0-9]{1,3}", hex_label):
        raise EditRefused(f"{hex_label!r} is no hex label")
    turns = _turns(document)
    turn = turns[-1] if turns else None
    mover = _mover(scenario, document)
    builds = [item for item in turn.items if isinstance(item, s.Build)] if turn else []
    place = _place_at(scenario, hex_label)
    if place is not None:
        if turn is None or not builds:
            raise EditRefused(f"{place} is a town or city: build a tile towards it first")
        return _reach(text, builds[-1].lines[-1], place)
    if turn is not None and builds:
        removed = _remove_tile(text, builds, hex_label)
        if removed is not None:
            return removed
    tile = f"{_tile_kind(scenario, hex_label, kind)} {hex_label}"
    if turn is not None and builds:
        return _add_to_line(text, builds[-1].lines[-1], tile)
    canal = _name(_open_canal(scenario, turn, mover))
    phase = "" if turn is not None and _has_phase(turn, 2) else "phase 2: "
    step = f"{phase}build {canal}: {tile}"
    if turn is None:
        return _append_turn(text, document, mover, step)
    return _insert_in_turn(text, turn, step)


def _place_at(scenario: Scenario | None, hex_label: str) -> str | None:
    if scenario is None or scenario.board is None:
        return None
    try:
        place = scenario.board.place_at.get(Hex.parse(hex_label))
    except ValueError:
        return None
    return place.name if place is not None else None


def _reach(text: str, line: s.BuildLine, place: str) -> str:
    """The build line ends at ``place`` (a click on the place it already ends at: not)."""
    where = TextSpans(text)
    last = line.items[-1]
    if isinstance(last, s.ReachPlace) and last.name.text == place:
        if len(line.items) == 1:
            raise EditRefused(f"{place} is this build's only step: delete the build line instead")
        return text[: _item_end(where, line.items[-2])] + text[_item_end(where, last) :]
    end = _item_end(where, last)
    return text[:end] + f", {_name(place)}" + text[end:]


def _has_phase(turn: s.TurnDecl, number: int) -> bool:
    return any(isinstance(i, s.PhaseMark) and i.number.value == number for i in turn.items)


def _item_start(where: TextSpans, item: s.BuildItem) -> int:
    return where.start(item.name.span if isinstance(item, s.ReachPlace) else item.kind.span)


def _item_end(where: TextSpans, item: s.BuildItem) -> int:
    """Where an item of a build line ends (after its payment's parenthesis, if any)."""
    if isinstance(item, s.ReachPlace):
        return where.end(item.name.span)
    if not item.payment:
        return where.end(item.hex.span)
    last = item.payment[-1]
    end = where.end(last.label.span if last.label is not None else last.kind.span)
    close = where.text.find(")", end)
    return close + 1 if close >= 0 else end


def _remove_tile(text: str, builds: Sequence[s.Build], hex_label: str) -> str | None:
    where = TextSpans(text)
    for build in builds:
        for line in build.lines:
            for index, item in enumerate(line.items):
                if not isinstance(item, s.BuildTile) or item.hex.text != hex_label:
                    continue
                if len(line.items) == 1:
                    raise EditRefused(
                        f"{hex_label} is this build's only tile: delete the build line instead"
                    )
                if index + 1 < len(line.items):  # the item and the comma after it
                    following = _item_start(where, line.items[index + 1])
                    return text[: _item_start(where, item)] + text[following:]
                previous = _item_end(where, line.items[index - 1])  # the comma before it
                return text[:previous] + text[_item_end(where, item) :]
    return None


def _add_to_line(text: str, line: s.BuildLine, tile: str) -> str:
    """``tile`` added after the line's last tile (before the place it reaches, if any)."""
    where = TextSpans(text)
    items = line.items
    position = len(items)
    while position > 1 and isinstance(items[position - 1], s.ReachPlace):
        position -= 1
    if position < len(items):
        at = _item_start(where, items[position])
        return text[:at] + f"{tile}, " + text[at:]
    end = _item_end(where, items[-1])
    return text[:end] + f", {tile}" + text[end:]


# ------------------------------------------------------------------ starting a canal


def _start(text: str, scenario: Scenario | None, document: s.Document, place: str) -> str:
    if scenario is None or scenario.board is None or scenario.position is None:
        raise EditRefused("the file has no position yet: fix its errors first")
    if place not in scenario.board.places:
        raise EditRefused(f"{place!r} is no town or city of this board")
    mover = _mover(scenario, document)
    offered = scenario.position.parliament
    contracts = scenario.board.contracts
    names = sorted(offered if offered is not None else contracts)
    ending = [n for n in names if n in contracts and place in contracts[n].endpoints]
    if not ending:
        where = "in parliament" if offered is not None else "on this board"
        raise EditRefused(f"no contract {where} ends at {place}")
    step = f"phase 1: take contract {_name(ending[0])} barge at {_name(place)}"
    turns = _turns(document)
    turn = turns[-1] if turns else None
    if turn is None:
        return _append_turn(text, document, mover, step)
    if any(isinstance(i, s.TakeContract) for i in turn.items):
        raise EditRefused("this turn takes a contract already: change it in the text")
    return _insert_in_turn(text, turn, step, first=True)


# ------------------------------------------------------------------ cards


def _card(text: str, document: s.Document, kind: str) -> str:
    if kind not in {k.value for k in CardKind}:
        raise EditRefused(f"unknown card {kind!r}")
    mover = _mover(None, document)
    players = [
        st for st in document.statements if isinstance(st, s.PlayerDecl) and st.colour.text == mover
    ]
    if not players:
        raise EditRefused(f"there is no player {mover}: add `player {mover} {{ }}` first")
    player = players[0]
    where = TextSpans(text)
    hands = [i for i in player.items if isinstance(i, s.HandDecl)]
    if hands:
        hand = hands[0]
        for count in hand.counts:
            if count.kind.text == kind:
                start, end = where.start(count.number.span), where.end(count.number.span)
                return text[:start] + str(count.number.value + 1) + text[end:]
        if hand.counts:
            end = where.end(hand.counts[-1].kind.span)
            return text[:end] + f", 1 {kind}" + text[end:]
        start, end = where.start(hand.span), where.end(hand.span)
        return text[:start] + f"hand 1 {kind}" + text[end:]
    brace = text.index("{", where.start(player.span)) + 1
    return text[:brace] + f"\n  hand 1 {kind}" + text[brace:]


__all__ = ["NATURAL_KIND", "edit_text"]
