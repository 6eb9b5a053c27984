"""An independent referee for Canal Mania turns, for the differential tests.

Written from the rulebooks in /work/shared/rulebooks (Italian and French texts: 1st edition;
German text: 2nd edition), not from canaldsl's engine: nothing here imports the engine, its
checks, its game state or its scoring. The referee has its own small model of a board, a
position and a turn (the dataclasses below); ``tests/randompositions.py`` builds such a model,
writes it out as ``.canal`` text for the engine, and hands the model itself to :func:`judge`.

Only the *names* of the rules (the rule ids a verdict lists) are shared with the engine, since
the two must be compared; which rule a broken turn breaks is decided here from the rulebooks.

Where the rulebooks leave a point open, the reading taken is the one named in the docstring of
the function concerned, with the rulebook section it rests on.
"""

from __future__ import annotations

import itertools
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

# ---------------------------------------------------------------------------------- hexes

Hex = tuple[int, int]
"""A hex as (column, row), both from 0: A1 is (0, 0), B1 is (1, 0), A2 is (0, 1)."""


def label(hex: Hex) -> str:
    """The hex's name in the language: column letters (A..Z, AA..) and row number from 1."""
    col, row = hex
    letters = chr(65 + col) if col < 26 else chr(65 + (col - 26) // 26) + chr(65 + (col - 26) % 26)
    return f"{letters}{row + 1}"


def from_label(text: str) -> Hex:
    letters = "".join(ch for ch in text if ch.isalpha())
    digits = text[len(letters) :]
    if len(letters) == 1:
        col = ord(letters) - 65
    else:
        col = 26 + (ord(letters[0]) - 65) * 26 + (ord(letters[1]) - 65)
    return col, int(digits) - 1


def neighbours(hex: Hex) -> tuple[Hex, ...]:
    """The six hexes around one (pointy-top hexes; rows 2, 4, 6 ... sit half a hex east).

    From the README: C3 touches B2 C2 B3 D3 B4 C4, and C4 touches C3 D3 B4 D4 C5 D5.
    """
    found = _NEIGHBOURS.get(hex)
    if found is not None:
        return found
    col, row = hex
    if row % 2 == 0:  # rows 1, 3, 5 ... (not shifted)
        steps = ((-1, -1), (0, -1), (-1, 0), (1, 0), (-1, 1), (0, 1))
    else:
        steps = ((0, -1), (1, -1), (-1, 0), (1, 0), (0, 1), (1, 1))
    found = tuple((col + dc, row + dr) for dc, dr in steps if col + dc >= 0 and row + dr >= 0)
    _NEIGHBOURS[hex] = found  # the referee's boards are small: a few thousand hexes at most
    return found


_NEIGHBOURS: dict[Hex, tuple[Hex, ...]] = {}
"""Each hex's neighbours, worked out once (the searches below ask again and again)."""


def adjacent(a: Hex, b: Hex) -> bool:
    return b in neighbours(a)


# ---------------------------------------------------------------------------------- numbers
# Component lists: IT "Componenti", FR "Contenu", DE "Spielmaterial"; the tables of
# "Giocare carte costruzione" / "Jouer des cartes Construction" / "Bauarten spielen".

COLOURS = ("red", "yellow", "green", "blue", "black", "purple")
WILD = "white"
TILE_KINDS = ("stretch", "lock", "aqueduct", "tunnel")
CARD_KINDS = (*TILE_KINDS, "surveyor")
SURVEYOR = "surveyor"
TILES_OWNED = {"stretch": 16, "lock": 12, "aqueduct": 4, "tunnel": 3}  # FR and DE lists
TERRAIN_TILES = {"clear": ("stretch", "lock"), "difficult": ("aqueduct", "tunnel")}
CARDS_FOR_TILE = {"stretch": 1, "lock": 1, "aqueduct": 2, "tunnel": 3}
TILE_POINTS = {"stretch": 0, "lock": 1, "aqueduct": 2, "tunnel": 3}
OVERBUILD_EXTRA = 2
HAND_LIMIT = 7
TAKE = 3
DISPLAY = 5
PARLIAMENT = 5
MAX_OPEN = 2
CUBES = {1: 15, 2: 20}  # IT/FR: fifteen goods cubes; DE: twenty
JUNCTION = "junction"
JUNCTION_VALUE = 2  # DE "Anschlussverträge": value 2
ENGINEERS = ("Brindley", "Smeaton", "Jessop", "Telford", "Rennie")

PHASE_ACTIONS = {
    1: {"take contract", "take junction", "exchange engineer", "discard display", "draw", "pass"},
    2: {"take cards", "build", "draw", "pass"},
    3: {"move cube", "draw", "pass"},
}


# ---------------------------------------------------------------------------------- the board


@dataclass(frozen=True)
class Place:
    name: str
    kind: str  # "city" or "town"
    colour: str
    hex: Hex

    @property
    def is_city(self) -> bool:
        return self.kind == "city"


@dataclass(frozen=True)
class Contract:
    name: str
    ends: tuple[str, str]
    via: tuple[str, ...]
    value: int

    def far(self, start: str) -> str:
        return self.ends[1] if start == self.ends[0] else self.ends[0]


@dataclass
class Board:
    """A board: terrain of every hex ("clear", "difficult" or "sea"), places and contracts.

    ``builtin`` names a built-in board (written ``board england``) instead of a board block.
    """

    name: str
    cols: int
    rows: int
    terrain: dict[Hex, str]
    places: dict[str, Place]
    contracts: dict[str, Contract]
    builtin: str | None = None
    _distances: dict[str, dict[Hex, int]] = field(default_factory=dict, repr=False)
    _nbrs: dict[Hex, list[Hex]] = field(default_factory=dict, repr=False)
    _buildable: set[Hex] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.place_at: dict[Hex, str] = {p.hex: p.name for p in self.places.values()}

    def refresh(self) -> None:
        """Call after changing the terrain or moving places."""
        self.place_at = {p.hex: p.name for p in self.places.values()}
        self._distances.clear()
        self._nbrs.clear()
        self._buildable = None

    def nbrs(self, hex: Hex) -> list[Hex]:
        found = self._nbrs.get(hex)
        if found is None:
            found = self._nbrs[hex] = [n for n in neighbours(hex) if n in self.terrain]
        return found

    def buildable(self, hex: Hex) -> bool:
        if self._buildable is None:
            self._buildable = {
                h for h, t in self.terrain.items() if t in TERRAIN_TILES and h not in self.place_at
            }
        return hex in self._buildable

    def colour_places(self, colour: str) -> list[str]:
        return [p.name for p in self.places.values() if p.colour == colour]

    def distances(self, place: str) -> dict[Hex, int]:
        """Fewest tiles from ``place`` to each hex (entering a buildable hex costs one, a place
        nothing): a lower bound used to prune the search for a canal's completion."""
        if place in self._distances:
            return self._distances[place]
        start = self.places[place].hex
        dist = {start: 0}
        queue: deque[Hex] = deque([start])
        self.buildable(start)
        buildable = self._buildable
        assert buildable is not None
        places = self.place_at
        nbrs, far = self.nbrs, 1 << 30
        while queue:
            here = queue.popleft()
            base = dist[here]
            for n in nbrs(here):
                if n in places:
                    if base < dist.get(n, far):
                        dist[n] = base
                        queue.appendleft(n)
                elif n in buildable and base + 1 < dist.get(n, far):
                    dist[n] = base + 1
                    queue.append(n)
        self._distances[place] = dist
        return dist


# ---------------------------------------------------------------------------------- the position

Card = tuple[str, str | None]  # (kind, goods symbol or None)


@dataclass(frozen=True)
class Tile:
    kind: str
    hex: Hex


@dataclass
class Canal:
    """A player's canal: ``route`` starts at the place where the barge was put, then tiles
    and places in building order (a place between tiles ends one section and starts the next)."""

    contract: str
    route: list[str | Tile]
    completed: bool = False

    @property
    def tiles(self) -> list[Tile]:
        return [x for x in self.route if isinstance(x, Tile)]

    @property
    def places(self) -> list[str]:
        return [x for x in self.route if isinstance(x, str)]

    @property
    def end(self) -> str | Tile:
        return self.route[-1]


@dataclass
class Player:
    colour: str
    engineer: str | None
    score: int = 0
    hand: Counter[str] | None = None
    supply: dict[str, int] | None = None  # None: whatever is not on the board
    junctions: int | None = None  # 2nd edition; None: the edition's allowance less those used
    canals: list[Canal] = field(default_factory=list)

    @property
    def open_canals(self) -> list[Canal]:
        return [c for c in self.canals if not c.completed]

    def canal(self, contract: str) -> Canal | None:
        return next((c for c in self.canals if c.contract == contract and not c.completed), None)


@dataclass
class Position:
    edition: int
    board: Board
    players: list[Player]
    now: str
    phase: int = 1
    options: dict[str, str] = field(default_factory=dict)
    parliament: list[str] | None = None
    contract_deck: int | None = None
    display: list[Card] | None = None
    deck: int | None = None
    cubes: set[str] = field(default_factory=set)

    def player(self, colour: str) -> Player:
        return next(p for p in self.players if p.colour == colour)

    def option(self, name: str) -> str:
        defaults = {
            "colour-restriction-start": "included",
            "cube-removal-order": "as-listed",
            "skip-phase": "allowed",
            "rennie-display-draw-goods": "placed",
            "undo-scope": "earlier-turns" if self.edition == 1 else "previous-turn",
            # the 2nd edition's only text is DE: its readings are the edition's defaults
            "consecutive-tiles": "next-along-canal" if self.edition == 1 else "neighbouring-hexes",
            "junction-double-take": "second-contract-only"
            if self.edition == 1
            else "whenever-two-possible",
            "no-contract-left": "may-skip" if self.edition == 1 else "other-action",
            "winner-tie-engineer": "highest-number",
        }
        return self.options.get(name, defaults[name])


# ---------------------------------------------------------------------------------- the turn


@dataclass(frozen=True)
class Pay:
    kind: str
    label: str | None = None  # "1" for ``surveyor@1``


@dataclass
class BuildTile:
    kind: str
    hex: Hex
    payment: list[Pay] | None


@dataclass
class Reach:
    place: str


@dataclass
class BuildLine:
    canal: str  # contract name, or JUNCTION
    items: list[BuildTile | Reach]


@dataclass
class Build:
    lines: list[BuildLine]
    action = "build"


@dataclass
class TakeCards:
    cards: list[Card]
    action = "take cards"


@dataclass
class Refill:
    cards: list[Card]
    action = None


@dataclass
class PlaceCubes:
    colour: str
    places: list[str]
    action = None


@dataclass
class RemoveCube:
    place: str
    action = None


@dataclass
class MoveCube:
    legs: list[tuple[str, str | None]]  # (place, owner named for the section arrived by)
    action = "move cube"


@dataclass
class TakeContract:
    choices: list[tuple[str, str]]  # (contract, barge place); a second one is "then ..."
    action = "take contract"


@dataclass
class Reveal:
    names: list[str]
    action = None


@dataclass
class TakeJunction:
    place: str
    action = "take junction"


@dataclass
class DiscardDisplay:
    action = "discard display"


@dataclass
class Pass:
    action = "pass"


@dataclass
class Discard:
    cards: list[str]
    action = None


@dataclass
class Draw:
    card: Card  # the card drawn (the language lets it be unsaid; the generators always say)
    announce: bool = False
    from_display: bool = False  # Rennie
    action = "draw"


@dataclass
class Exchange:
    with_player: str | None = None
    for_engineer: str | None = None
    action = "exchange engineer"


Step = (
    Build
    | TakeCards
    | Refill
    | PlaceCubes
    | RemoveCube
    | MoveCube
    | TakeContract
    | Reveal
    | TakeJunction
    | DiscardDisplay
    | Pass
    | Discard
    | Draw
    | Exchange
)


@dataclass
class Turn:
    player: str
    phases: dict[int, list[Step]]


# ---------------------------------------------------------------------------------- searching


def find_route(
    board: Board,
    start: Hex | str,
    *,
    visited_hexes: Iterable[Hex],
    visited_places: Iterable[str],
    goals: Iterable[str],
    vias: Iterable[str] = (),
    budget: int,
    through_places: bool = True,
    order: object = None,
    simple: bool = True,
) -> list[Hex | str] | None:
    """A way to go on building from ``start`` (the hex of the canal's last tile, or the place
    it last reached) through every place in ``vias`` to one of ``goals``, with at most
    ``budget`` more tiles: the items (a hex for each tile, a name for each place) or None.

    Exact, by depth-first search over simple paths (IT "Interezza del Canale": a canal never
    takes a hex or a place twice): tiles only on buildable hexes ("Tessere costruzione": never
    on a town), at least one tile in each section ("Sezioni di canali"), never into a goal
    before every via place is passed (reaching the far endpoint completes the canal), hexes of
    other canals allowed (building on top of them). ``order`` (a callable taking the list of
    next hexes) lets the generators pick a random way rather than the first one found.
    ``simple=False`` drops the rule that the new part of the route never takes a hex or a
    place twice (a relaxation, used only to recognise a known engine bug).
    """
    goal_set = set(goals)
    if not goal_set:
        return None
    single_goal = next(iter(goal_set)) if len(goal_set) == 1 else None
    used_hexes = set(visited_hexes)
    used_places = set(visited_places)
    start_is_place = isinstance(start, str)
    start_hex = board.places[start].hex if isinstance(start, str) else start

    maps = {t: board.distances(t) for t in (*goal_set, *vias)} if single_goal else {}

    def need(hex: Hex, at_place: bool, target: str) -> int:
        dist = maps[target]
        if at_place:
            d = dist.get(hex)
            return 1 << 20 if d is None else max(d, 1)
        # a tile (even one wrongly on the sea) is followed by a neighbour's distance
        return min((dist[n] for n in board.nbrs(hex) if n in dist), default=1 << 20)

    def bound(hex: Hex, at_place: bool, left: frozenset[str]) -> int:
        if single_goal is None:
            return 0
        best = need(hex, at_place, single_goal)
        for v in left:
            to_far = max(maps[single_goal].get(board.places[v].hex, 1 << 20), 1)
            best = max(best, need(hex, at_place, v) + to_far)
        return best

    path: list[Hex | str] = []

    def search(hex: Hex, at_place: bool, budget: int, left: frozenset[str]) -> bool:
        neighbours_here = board.nbrs(hex)
        if not at_place:
            for n in neighbours_here:
                name = board.place_at.get(n)
                if name is None or name in used_places:
                    continue
                if name in goal_set:
                    if not left:
                        path.append(name)
                        return True
                    continue
                if not through_places:
                    continue
                rest = left - {name}
                if bound(n, True, rest) > budget:
                    continue
                if simple:
                    used_places.add(name)
                path.append(name)
                if search(n, True, budget, rest):
                    return True
                path.pop()
                if simple:
                    used_places.discard(name)
        if budget < 1:
            return False
        steps = [
            n
            for n in neighbours_here
            if board.buildable(n) and n not in used_hexes and bound(n, False, left) <= budget - 1
        ]
        if callable(order):
            steps = order(steps)
        else:
            steps.sort(key=lambda n: bound(n, False, left))
        for n in steps:
            if simple:
                used_hexes.add(n)
            path.append(n)
            if search(n, False, budget - 1, left):
                return True
            path.pop()
            if simple:
                used_hexes.discard(n)
        return False

    left0 = frozenset(set(vias) - used_places)
    if budget < 0 or bound(start_hex, start_is_place, left0) > budget:
        return None
    if single_goal is not None and simple and order is None:
        # A via place the route cannot pass at all (whatever its length) is seen here, not
        # after trying every path within the budget: see passable().
        for via in left0:
            if not passable(board, start_hex, single_goal, via, used_hexes, used_places):
                return None
    if search(start_hex, start_is_place, budget, left0):
        return list(path)
    return None


def passable(
    board: Board, start: Hex, goal: str, via: str, used_hexes: set[Hex], used_places: set[str]
) -> bool:
    """Whether some simple path from ``start`` to ``goal`` could pass ``via``: two paths from
    the via place, one to the start and one to the goal, sharing no hex or place (Menger:
    two units of flow through nodes of capacity one). Moves are those of find_route's search
    (onto a buildable hex not taken, or into a place not taken, never from a place straight
    into another), and nothing else is asked (budget, order of the places): so a False
    proves that the search would find nothing, and only prunes it."""
    via_hex, goal_hex = board.places[via].hex, board.places[goal].hex
    taken = {board.places[p].hex for p in used_places}

    def usable(n: Hex) -> bool:
        if n == start:
            return True
        if n in board.place_at:
            return n not in taken
        return board.buildable(n) and n not in used_hexes

    def moves(a: Hex) -> list[Hex]:
        return [
            n
            for n in board.nbrs(a)
            if usable(n) and not (a in board.place_at and n in board.place_at)
        ]

    # node splitting: ("in", h) -> ("out", h) of capacity 1 (the via place: 2), then an arc of
    # capacity 1 for each move; the start and the goal drain into the sink
    flow: dict[tuple[object, object], int] = {}
    sinks = {start, goal_hex}

    def residual(a: object, b: object, capacity: int) -> int:
        return capacity - flow.get((a, b), 0) + flow.get((b, a), 0)

    def arcs(node: tuple[str, Hex] | str) -> list[tuple[object, int]]:
        if node == "sink":
            return []
        side, h = node  # type: ignore[misc]
        if side == "in":
            out: list[tuple[object, int]] = [(("out", h), 2 if h == via_hex else 1)]
            if h in sinks:
                out.append(("sink", 1))
            return out
        return [(("in", n), 1) for n in moves(h)]

    def back(node: object) -> list[object]:
        # arcs into ``node`` that carry flow can be undone
        return [a for (a, b), f in flow.items() if b == node and f > 0]

    source: tuple[str, Hex] = ("in", via_hex)
    found = 0
    for _ in range(2):
        parent: dict[object, object] = {source: None}
        queue: deque[object] = deque([source])
        while queue and "sink" not in parent:
            node = queue.popleft()
            steps = [(b, residual(node, b, c)) for b, c in arcs(node)]  # type: ignore[arg-type]
            steps += [(a, flow.get((a, node), 0)) for a in back(node)]
            for nxt, room in steps:
                if room > 0 and nxt not in parent:
                    parent[nxt] = node
                    queue.append(nxt)
        if "sink" not in parent:
            break
        node = "sink"
        while parent[node] is not None:
            prev = parent[node]
            if flow.get((node, prev), 0) > 0:
                flow[(node, prev)] -= 1
            else:
                flow[(prev, node)] = flow.get((prev, node), 0) + 1
            node = prev
        found += 1
    return found == 2


def canal_goal(board: Board, canal: Canal) -> tuple[set[str], set[str], int]:
    """(goals, vias still to pass, value) of an open canal."""
    if canal.contract == JUNCTION:
        return {p for p in board.places if p not in canal.places}, set(), JUNCTION_VALUE
    contract = board.contracts[canal.contract]
    far = contract.far(canal.places[0])
    goals = set() if far in canal.places else {far}
    return goals, set(contract.via) - set(canal.places), contract.value


def completion(
    board: Board, canal: Canal, order: object = None, simple: bool = True
) -> list[Hex | str] | None:
    """A way to complete the canal correctly within its contract's value, or None.

    IT "Violazione alle regole di costruzione" (FR "Infraction aux règles de construction", DE
    "Verletzung der Baubestimmungen"): a build that prevents the canal's correct completion,
    "for example" by needing more tiles than its value, is taken back. Correct completion is
    read as geometry: a simple path within the value through the contract's places to its far
    endpoint. Tile supply and cards are not counted (cards can be had later, and tiles come
    back when a player takes tiles back).
    """
    goals, vias, value = canal_goal(board, canal)
    return find_route(
        board,
        canal.end.hex if isinstance(canal.end, Tile) else canal.end,
        visited_hexes=[t.hex for t in canal.tiles],
        visited_places=canal.places,
        goals=goals,
        vias=vias,
        budget=value - len(canal.tiles),
        order=order,
        simple=simple,
    )


def fewest_to_complete(board: Board, canal: Canal) -> int | None:
    """The fewest more tiles that complete the canal correctly (ignoring its value)."""
    goals, vias, _ = canal_goal(board, canal)
    for budget in range(0, 40):
        found = find_route(
            board,
            canal.end.hex if isinstance(canal.end, Tile) else canal.end,
            visited_hexes=[t.hex for t in canal.tiles],
            visited_places=canal.places,
            goals=goals,
            vias=vias,
            budget=budget,
        )
        if found is not None:
            return budget
    return None


def unreachable(board: Board, canal: Canal) -> bool:
    """Whether the board's distances (a lower bound, hexes reused) already show that no route
    from the canal's end reaches a via place or the far endpoint."""
    goals, vias, _ = canal_goal(board, canal)
    end = canal.end
    end_hex = end.hex if isinstance(end, Tile) else board.places[end].hex
    for target in (*goals, *vias):
        dist = board.distances(target)
        if end_hex not in dist and not any(n in dist for n in board.nbrs(end_hex)):
            return True
    return not goals


def fewest_after_build(board: Board, canal: Canal, most: int) -> int | None:
    """The fewest more tiles that complete a wrongly built canal after a build on it, its value
    ignored: at most ``most`` (what a shortest way leaves), None beyond or with no route."""
    goals, vias, _ = canal_goal(board, canal)
    if unreachable(board, canal):
        return None
    return _first_budget_with_a_route(board, canal, goals, vias, range(0, most + 1))


def _first_budget_with_a_route(
    board: Board, canal: Canal, goals: set[str], vias: set[str], budgets: range
) -> int | None:
    """The first of ``budgets`` within which the search finds a route completing ``canal``."""
    end = canal.end
    for budget in budgets:
        found = find_route(
            board,
            end.hex if isinstance(end, Tile) else end,
            visited_hexes=[t.hex for t in canal.tiles],
            visited_places=canal.places,
            goals=goals,
            vias=vias,
            budget=budget,
        )
        if found is not None:
            return budget
    return None


def fewest_beyond_value(board: Board, canal: Canal, *, reach: int = 10) -> int | None:
    """The fewest more tiles that complete a canal no longer completable within its value
    (DE "Verletzung der Baubestimmungen": finished by the shortest possible way), or None.

    Exact by the same search, from one tile past what the value leaves up to ``reach`` more;
    the board's distances first tell at once when no route can reach a via place or the far
    endpoint (the search would otherwise try every budget in vain)."""
    goals, vias, value = canal_goal(board, canal)
    if unreachable(board, canal):
        return None
    first = max(value - len(canal.tiles) + 1, 0)
    return _first_budget_with_a_route(board, canal, goals, vias, range(first, first + reach))


# ---------------------------------------------------------------------------------- the verdict


@dataclass
class Ruling:
    """The referee's verdict: the rules broken, points scored and the position afterwards."""

    rules: set[str]
    points: Counter[str]
    after: Position
    supplies: dict[str, dict[str, int]]
    junctions: dict[str, int]
    basin: int
    display_known: bool
    parliament_known: bool
    notes: list[str]

    @property
    def legal(self) -> bool:
        return not self.rules


class AmbiguousTurn(ValueError):
    """The turn leaves open something the referee will not guess (a generator bug)."""


def supply_of(player: Player) -> dict[str, int]:
    if player.supply is not None:
        return dict(player.supply)
    built = Counter(t.kind for c in player.canals for t in c.tiles)
    return {k: max(TILES_OWNED[k] - built[k], 0) for k in TILE_KINDS}


def junctions_of(position: Position, player: Player) -> int:
    if position.edition == 1:
        return 0
    if player.junctions is not None:
        return player.junctions
    allowance = 2 if len(position.players) == 2 else 1  # DE Spielaufbau 4
    return max(allowance - sum(1 for c in player.canals if c.contract == JUNCTION), 0)


def copy_position(position: Position) -> Position:
    """A copy to play a turn on (the board is shared; tiles are immutable)."""
    players = [
        Player(
            p.colour,
            p.engineer,
            p.score,
            Counter(p.hand) if p.hand is not None else None,
            dict(p.supply) if p.supply is not None else None,
            p.junctions,
            [Canal(c.contract, list(c.route), c.completed) for c in p.canals],
        )
        for p in position.players
    ]
    return Position(
        edition=position.edition,
        board=position.board,
        players=players,
        now=position.now,
        phase=position.phase,
        options=dict(position.options),
        parliament=list(position.parliament) if position.parliament is not None else None,
        contract_deck=position.contract_deck,
        display=list(position.display) if position.display is not None else None,
        deck=position.deck,
        cubes=set(position.cubes),
    )


def judge(position: Position, turn: Turn) -> Ruling:
    """Play ``turn`` on a copy of ``position`` and rule on it."""
    return _Referee(position, turn).run()


class _Referee:
    def __init__(self, position: Position, turn: Turn) -> None:
        self.state = copy_position(position)
        self.board = position.board
        self.turn = turn
        self.rules: set[str] = set()
        self.points: Counter[str] = Counter()
        self.notes: list[str] = []
        self.supplies = {p.colour: supply_of(p) for p in self.state.players}
        self.junctions = {p.colour: junctions_of(self.state, p) for p in self.state.players}
        self.basin = CUBES[position.edition] - len(position.cubes)
        self.obligations: list[str] = []
        self.discarded = 0
        self.display_known = position.display is not None
        self.parliament_known = position.parliament is not None

    # ------------------------------------------------------------ helpers
    def broken(self, rule: str, why: str) -> None:
        self.rules.add(rule)
        self.notes.append(f"{rule}: {why}")

    @property
    def me(self) -> Player:
        return self.state.player(self.turn.player)

    @property
    def edition(self) -> int:
        return self.state.edition

    def score(self, colour: str, points: int) -> None:
        if points and any(p.colour == colour for p in self.state.players):
            self.state.player(colour).score += points
            self.points[colour] += points

    def canals(self) -> Iterable[Canal]:
        for p in self.state.players:
            yield from p.canals

    def connected(self) -> set[str]:
        """Places a canal leads into: IT "Paesi": a tile whose canal runs into a town connects
        it (the place a canal starts from is connected once its first tile is built)."""
        out: set[str] = set()
        for canal in self.canals():
            for a, b in itertools.pairwise(canal.route):
                if isinstance(a, str) and isinstance(b, Tile):
                    out.add(a)
                if isinstance(a, Tile) and isinstance(b, str):
                    out.add(b)
        return out

    def priority(self, place: str, connected: set[str]) -> int:
        """IT/FR/DE placement order: 1 city with a canal, 2 town with a canal, 3 city without,
        4 town without."""
        city = self.board.places[place].is_city
        if place in connected:
            return 1 if city else 2
        return 3 if city else 4

    def sections(self) -> list[tuple[str, str, str]]:
        """Every finished section (two places joined by a canal's tiles) as (a, b, owner); DE
        "Die Güterbewegung": a finished section carries goods before its canal is complete."""
        out = []
        for player in self.state.players:
            for canal in player.canals:
                last_place: str | None = None
                tiles = 0
                for item in canal.route:
                    if isinstance(item, str):
                        if last_place is not None and tiles:
                            out.append((last_place, item, player.colour))
                        last_place, tiles = item, 0
                    else:
                        tiles += 1
        return out

    # ------------------------------------------------------------ the turn
    def run(self) -> Ruling:
        if self.turn.player != self.state.now:
            self.broken("turn.player-order", f"it is {self.state.now}'s turn")
        for number in (1, 2, 3):
            steps = self.turn.phases.get(number, [])
            if number < self.state.phase:
                if steps:
                    self.broken("turn.phase-order", f"phase {number} is over")
                continue
            self.phase(number, steps)
        self.end_of_turn()
        return Ruling(
            rules=self.rules,
            points=self.points,
            after=self.state,
            supplies=self.supplies,
            junctions=self.junctions,
            basin=self.basin,
            display_known=self.display_known,
            parliament_known=self.parliament_known,
            notes=self.notes,
        )

    def phase(self, number: int, steps: Sequence[Step]) -> None:
        """IT "Il turno": three phases, one action each (drawing may replace any phase's)."""
        actions = 0
        acted = False
        took = False
        refill_owed: int | None = None
        index = 0
        while index < len(steps):
            step = steps[index]
            index += 1
            if isinstance(step, Discard):
                self.discard(step)
                continue
            if isinstance(step, Refill):
                if refill_owed is None:
                    self.broken("turn.action-in-phase", "a refill with nothing to refill")
                else:
                    self.refill(step, refill_owed)
                    refill_owed = None
                continue
            if isinstance(step, Reveal):
                self.broken("turn.action-in-phase", "a reveal with no empty parliament")
                continue
            if isinstance(step, PlaceCubes):
                self.place_cubes(step)
                continue
            if isinstance(step, RemoveCube):
                self.remove_cube(step)
                continue
            actions += 1
            acted = acted or step.action != "pass"
            if actions > 1:
                self.broken("turn.one-action-per-phase", f"action {actions} in phase {number}")
            if step.action not in PHASE_ACTIONS[number]:
                self.broken("turn.action-in-phase", f"{step.action} in phase {number}")
                continue
            if isinstance(step, TakeContract):
                took = True
                following = steps[index] if index < len(steps) else None
                if self.take_contract(step, following if isinstance(following, Reveal) else None):
                    index += 1
            elif isinstance(step, TakeJunction):
                took = True
                self.take_junction(step)
            elif isinstance(step, TakeCards):
                self.take_cards(step)
                refill_owed = len(step.cards)
            elif isinstance(step, DiscardDisplay):
                if self.state.display is not None and len(self.state.display) != DISPLAY:
                    self.broken("display.discard", "the display does not hold five cards")
                self.state.display = []
                refill_owed = DISPLAY
            elif isinstance(step, Draw):
                if self.draw(step):
                    refill_owed = 1
            elif isinstance(step, Exchange):
                self.exchange(step)
            elif isinstance(step, Build):
                self.build(step)
            elif isinstance(step, MoveCube):
                self.move(step)
        if refill_owed is not None:
            self.display_known = False
            if self.state.deck is not None:
                self.state.deck = max(self.state.deck - refill_owed, 0)
        if actions == 0 and not took and self.state.option("skip-phase") == "forbidden":
            self.broken("turn.phase-skipped", f"nothing done in phase {number}")
        if number == 1:
            self.mandatory_contract(took)
            self.none_left_other_action(acted or took)
        for symbol in self.obligations:
            wanted = self.cubes_wanted(symbol)
            if wanted:
                self.broken("goods.symbol-placement", f"{symbol} symbol: {wanted} cubes unplaced")
        self.obligations.clear()

    def end_of_turn(self) -> None:
        """IT "Prendere carte costruzione": any number of cards during the turn, at most seven
        at its end; the excess (and only the excess) is discarded."""
        hand = self.me.hand
        if hand is None:
            return
        size = sum(hand.values())
        if size > HAND_LIMIT:
            self.broken("hand.limit", f"{size} cards at the end of the turn")
        elif self.discarded and size < HAND_LIMIT:
            self.broken("hand.limit", f"discarded down to {size}, below the limit")

    def discard(self, step: Discard) -> None:
        hand = self.me.hand
        for kind in step.cards:
            self.discarded += 1
            if hand is None:
                continue
            if hand[kind] <= 0:
                self.broken("pay.not-in-hand", f"no {kind} to discard")
            else:
                hand[kind] -= 1

    # ------------------------------------------------------------ contracts (phase 1)
    def holder(self, contract: str) -> str | None:
        for p in self.state.players:
            if any(c.contract == contract for c in p.canals):
                return p.colour
        return None

    def take_contract(self, step: TakeContract, reveal: Reveal | None) -> bool:
        """IT "Contratti": take from parliament, barge on an endpoint at once, never more than
        two open; two in one action only when parliament holds two (both) or one (it, then one
        of the five turned up). Returns whether ``reveal`` was used."""
        state = self.state
        before = len(state.parliament) if state.parliament is not None else None
        revealed: list[str] | None = []  # None: five turned up, but the file does not say which
        used = False
        for number, (name, barge) in enumerate(step.choices):
            if number == 1 and before is not None:
                from_new = revealed is None or name in revealed
                fine = (before == 2 and not from_new) or (before == 1 and from_new)
                if not fine:
                    self.broken("contract.extra", f"second contract with parliament of {before}")
            holder = self.holder(name)
            if holder is not None:
                self.broken("contract.from-parliament", f"{name} is held by {holder}")
            elif state.parliament is not None and name not in state.parliament:
                self.broken("contract.from-parliament", f"{name} is not in parliament")
            if len(self.me.open_canals) + 1 > MAX_OPEN:
                self.broken("contract.max-open", "a third open contract")
            if barge not in self.board.contracts[name].ends:
                self.broken("contract.barge", f"{barge} is not an endpoint of {name}")
            if state.parliament is not None and name in state.parliament:
                state.parliament.remove(name)
            self.me.canals.append(Canal(name, [barge]))
            if state.parliament is not None and not state.parliament:
                if (reveal is None or used) and state.contract_deck == 0:
                    revealed = []  # no contract left to turn up: parliament stays empty
                    continue
                if reveal is None or used:
                    state.parliament = None
                    self.parliament_known = False
                    revealed = None
                    if state.contract_deck is not None:
                        state.contract_deck = max(state.contract_deck - PARLIAMENT, 0)
                    continue
                used = True
                deck = state.contract_deck
                wanted = PARLIAMENT if deck is None else min(PARLIAMENT, deck)
                if len(reveal.names) != wanted:
                    self.broken("contract.parliament-refill", f"{len(reveal.names)} revealed")
                if deck is not None:
                    state.contract_deck = max(deck - len(reveal.names), 0)
                state.parliament = list(reveal.names)
                revealed = list(reveal.names)
        return used

    def take_junction(self, step: TakeJunction) -> None:
        """DE "Anschlussverträge": once per junction card, instead of a parliament contract;
        the barge goes on any town or city. 1st edition: there are none."""
        colour = self.me.colour
        if self.edition != 2 or self.junctions[colour] <= 0:
            self.broken("contract.junction", "no junction contract to take")
        elif self.state.option("junction-double-take") == "whenever-two-possible":
            # DE: in no case while two contracts could be taken at once
            parliament = self.state.parliament
            two = (
                parliament is not None
                and not self.me.open_canals
                and (
                    len(parliament) == 2 or (len(parliament) == 1 and self.state.contract_deck != 0)
                )
            )
            if two:
                self.broken("contract.junction", "two contracts could be taken at once")
        if len(self.me.open_canals) + 1 > MAX_OPEN:
            self.broken("contract.max-open", "a third open contract")
        self.junctions[colour] = max(self.junctions[colour] - 1, 0)
        self.me.canals.append(Canal(JUNCTION, [step.place]))

    def none_left_other_action(self, acted: bool) -> None:
        """DE "Die Schlussrunden": with parliament emptied, a player with no open contract
        must choose another phase 1 action (option no-contract-left = other-action; IT/FR and
        the edition's default: may)."""
        if self.edition != 2 or acted or self.me.open_canals:
            return
        if self.state.parliament != [] or self.junctions[self.me.colour] > 0:
            return
        if self.state.option("no-contract-left") == "other-action":
            self.broken("contract.none-left-other-action", "nothing done in phase 1")

    def mandatory_contract(self, took: bool) -> None:
        """IT "Prendere un contratto": without an open contract a player must take one in phase
        1, unless none can be taken (IT "Fine della partita": then another action)."""
        if self.me.open_canals or took:
            return
        parliament = self.state.parliament
        available = parliament is None or bool(parliament)
        if self.edition == 2 and self.junctions[self.me.colour] > 0:
            available = True
        if available:
            self.broken("contract.mandatory", "no open contract and none taken")

    def exchange(self, step: Exchange) -> None:
        """IT "Il turno", phase 1: swap engineers with another player (willing or not) or with
        one lying beside the board."""
        me = self.me
        if step.with_player is not None:
            other = next((p for p in self.state.players if p.colour == step.with_player), None)
            theirs = other.engineer if other is not None else None
            if me.engineer is None or theirs is None or theirs == me.engineer:
                self.broken("engineer.exchange", f"no exchange with {step.with_player}")
                return
            assert other is not None
            me.engineer, other.engineer = theirs, me.engineer
            return
        held = {p.engineer for p in self.state.players}
        if me.engineer is None or step.for_engineer in held:
            self.broken("engineer.exchange", f"{step.for_engineer} is not beside the board")
            return
        me.engineer = step.for_engineer

    def draw(self, step: Draw) -> bool:
        """IT "Il turno": instead of any phase's action, draw the top card of the deck; a goods
        symbol on it may be announced (then two cubes, as usual). Rennie may take a face-up card
        instead (and the display is refilled). Returns whether the display owes a card."""
        me = self.me
        kind, symbol = step.card
        if me.hand is not None:
            me.hand[kind] += 1
        if step.from_display:
            if me.engineer != "Rennie":
                self.broken("engineer.rennie", "a face-up card drawn without Rennie")
            display = self.state.display
            if display is not None:
                if step.card in display:
                    display.remove(step.card)
                else:
                    self.broken("cards.in-display", f"{step.card} is not face up")
            placed = self.state.option("rennie-display-draw-goods") == "placed"
            if symbol is not None and placed:
                self.obligations.append(symbol)
            return True
        if self.state.deck is not None:
            self.state.deck = max(self.state.deck - 1, 0)
        if step.announce:
            if symbol is None:
                self.broken("draw.announce", f"{kind} has no goods symbol to announce")
            else:
                self.obligations.append(symbol)
        return False

    # ------------------------------------------------------------ cards and goods (phase 2)
    def take_cards(self, step: TakeCards) -> None:
        """IT "Prendere carte costruzione": three face-up cards (Rennie: four), fewer only with
        seven or more in hand; a face-up card with a goods symbol places two cubes."""
        me = self.me
        most = TAKE + 1 if me.engineer == "Rennie" else TAKE
        held = sum(me.hand.values()) if me.hand is not None else None
        taken = len(step.cards)
        if taken > most:
            self.broken("cards.take-three", f"{taken} cards taken")
        elif taken < TAKE and held is not None and held < HAND_LIMIT:
            self.broken("cards.take-three", f"only {taken} taken with {held} in hand")
        display = self.state.display
        for card in step.cards:
            if display is not None:
                if card in display:
                    display.remove(card)
                else:
                    self.broken("cards.in-display", f"{card} is not face up")
            if me.hand is not None:
                me.hand[card[0]] += 1
            if card[1] is not None:
                self.obligations.append(card[1])

    def refill(self, step: Refill, owed: int) -> None:
        deck = self.state.deck
        wanted = owed if deck is None else min(owed, deck)
        if len(step.cards) != wanted:
            self.broken("display.refill", f"{len(step.cards)} turned up, {wanted} owed")
        if deck is not None:
            self.state.deck = max(deck - len(step.cards), 0)
        if self.state.display is not None:
            self.state.display.extend(step.cards)

    def free_places(self, colour: str) -> list[str]:
        return [p for p in self.board.colour_places(colour) if p not in self.state.cubes]

    def cubes_wanted(self, symbol: str) -> int:
        """Two cubes per symbol; fewer when the colour's places are full (IT: the cube stays in
        the basin) or, 2nd edition, when all twenty cubes are on the map."""
        if symbol == WILD:
            free = max(len(self.free_places(c)) for c in COLOURS)
        else:
            free = len(self.free_places(symbol))
        wanted = min(2, free)
        if self.edition == 2:
            wanted = min(wanted, self.basin)
        return wanted

    def place_cubes(self, step: PlaceCubes) -> None:
        if not self.obligations:
            self.broken("goods.symbol-placement", "cubes placed with no symbol owed")
            return
        symbol = self.obligations.pop(0)
        wanted = self.cubes_wanted(step.colour if symbol == WILD else symbol)
        if self.edition == 1 and self.basin < wanted:
            self.broken("goods.removal-order", "cubes should first come off the map")
        for place in step.places:
            ok = True
            if symbol not in (WILD, step.colour):
                self.broken("goods.symbol-colour", f"{step.colour} cubes for a {symbol} symbol")
                ok = False
            if self.board.places[place].colour != step.colour:
                self.broken("goods.symbol-colour", f"{place} is not {step.colour}")
                ok = False
            if place in self.state.cubes:
                self.broken("goods.one-per-place", f"{place} already has a cube")
                ok = False
            if not ok:
                continue
            connected = self.connected()
            best = min(self.priority(p, connected) for p in self.free_places(step.colour))
            if self.priority(place, connected) != best:
                self.broken("goods.placement-priority", f"{place} is not of class {best}")
            self.state.cubes.add(place)
            self.basin = max(self.basin - 1, 0)
        if len(step.places) != wanted:
            self.broken("goods.symbol-placement", f"{len(step.places)} placed, {wanted} owed")

    def remove_cube(self, step: RemoveCube) -> None:
        """IT/FR "Rimuovere cubi merce": 1st edition, the basin lacking two cubes for a symbol:
        cubes come off towns without a canal, then cities without, then towns with one."""
        place = step.place
        if place not in self.state.cubes:
            self.broken("goods.cube-at-start", f"no cube at {place}")
            return
        needed = bool(self.obligations) and self.basin < 2 and self.edition == 1
        if not needed:
            self.broken("goods.removal-order", "no cube needs to come off the map")
        else:
            order = [4, 3, 2]
            if self.state.option("cube-removal-order") == "reverse-placement":
                order.append(1)
            connected = self.connected()
            present = {self.priority(p, connected) for p in self.state.cubes}
            best = next((c for c in order if c in present), None)
            if self.priority(place, connected) != best:
                self.broken("goods.removal-order", f"{place} is not first to come off")
        self.state.cubes.discard(place)
        self.basin += 1

    # ------------------------------------------------------------ moving goods (phase 3)
    def move(self, step: MoveCube) -> None:
        """IT "I cubi merce si muovono": along finished sections; the last one the mover's own;
        no two places of one colour (start included: IT, DE; option for the FR text); a point
        per place to the owner of each run of sections, both owners scoring the place where
        ownership changes. DE "Alternative Streckenwahl": on own canals only, the shortest."""
        state = self.state
        mover = self.me.colour
        route = [place for place, _ in step.legs]
        start = route[0]
        if start not in state.cubes:
            self.broken("goods.cube-at-start", f"no cube at {start}")
        sections = self.sections()
        owners: list[str | None] = []
        for (a, _), (b, named) in itertools.pairwise(step.legs):
            found = sorted({o for x, y, o in sections if {x, y} == {a, b}})
            if named is not None:
                found = [o for o in found if o == named]
            if not found:
                self.broken("goods.completed-sections", f"no section {a} - {b}")
                owners.append(named)
            elif len(found) > 1:
                raise AmbiguousTurn(f"sections of {found} join {a} and {b}; say whose")
            else:
                owners.append(found[0])
        if owners and owners[-1] != mover:
            self.broken("goods.last-section-own", f"the last section is {owners[-1]}'s")
        if len(set(route)) != len(route):
            self.broken("goods.each-place-once", "a place passed twice")
        counted = route if state.option("colour-restriction-start") == "included" else route[1:]
        colours = [self.board.places[p].colour for p in counted]
        if len(set(colours)) != len(colours):
            self.broken("goods.colour-restriction", "two places of one colour")
        if self.edition == 2 and owners and all(o == mover for o in owners):
            shortest = self.shortest_own(start, route[-1])
            if shortest is not None and shortest < len(route):
                self.broken("goods.shortest-route", f"{shortest} places would do")
        run_owner: str | None = None
        for owner in owners:
            if owner is None:
                run_owner = None
                continue
            if owner != run_owner:
                self.score(owner, 1)  # the place where this owner's run starts
                run_owner = owner
            self.score(owner, 1)
        if start in state.cubes:
            state.cubes.discard(start)
            self.basin += 1

    def shortest_own(self, start: str, goal: str) -> int | None:
        """Fewest places on a route from start to goal on the mover's own sections alone that
        keeps to the colour restriction (brute force over simple paths)."""
        mover = self.me.colour
        own = [(a, b) for a, b, o in self.sections() if o == mover]
        include_start = self.state.option("colour-restriction-start") == "included"
        colour = {p: self.board.places[p].colour for p in self.board.places}
        best: int | None = None

        def walk(path: list[str]) -> None:
            nonlocal best
            here = path[-1]
            if here == goal:
                if best is None or len(path) < best:
                    best = len(path)
                return
            counted = path if include_start else path[1:]
            used = {colour[p] for p in counted}
            for a, b in own:
                if here not in (a, b):
                    continue
                nxt = b if here == a else a
                if nxt in path or colour[nxt] in used:
                    continue
                walk([*path, nxt])

        walk([start])
        return best

    # ------------------------------------------------------------ building (phase 2)
    def build(self, step: Build) -> None:
        me = self.me
        labels: dict[str, list[tuple[int, str]]] = {}
        touched: list[Canal] = []
        started: set[str] = set()
        tile_number = 0
        auto: list[tuple[BuildTile, int]] = []
        # DE "Verletzung der Baubestimmungen": a canal wrongly built (no correct completion
        # left, though some route completes it) must still be finished the shortest way
        wrong: dict[int, tuple[int, int]] = {}
        for line in step.lines:
            canal = me.canal(line.canal)
            if canal is None:
                self.broken("build.own-contract", f"{line.canal} is not an open contract of mine")
                continue
            if canal not in touched:
                touched.append(canal)
                if self.edition == 2 and canal.tiles and completion(self.board, canal) is None:
                    fewest = fewest_beyond_value(self.board, canal)
                    if fewest is not None:
                        wrong[id(canal)] = (len(canal.tiles), fewest)
            for item in line.items:
                if canal.completed and line.canal == JUNCTION:
                    # DE "Anschlussverträge": a junction canal ends at its second place.
                    self.broken("contract.junction", "a junction canal joins two places only")
                    break
                if canal.completed:
                    self.broken("build.own-contract", f"{line.canal} is already complete")
                    break
                if isinstance(item, Reach):
                    self.reach(canal, item.place)
                    continue
                tile_number += 1
                first = line.canal not in started
                started.add(line.canal)
                extra = self.place_tile(canal, item, first, unlimited=id(canal) in wrong)
                if item.payment is None:
                    auto.append((item, extra))
                else:
                    self.pay(item, extra, line.canal, tile_number, labels)
        if auto:
            self.pay_automatically(auto)
        for key, uses in labels.items():
            if len(uses) < 2:
                continue
            numbers = [n for n, _ in uses]
            one_after_other = len({c for _, c in uses}) == 1 and max(numbers) - min(numbers) <= 1
            kind = key.split("@")[0]
            if me.engineer != "Smeaton":
                self.broken("engineer.smeaton", "one card played twice without Smeaton")
            elif kind != SURVEYOR or len(uses) > 2 or not one_after_other:
                self.broken("engineer.smeaton", f"{key} played {len(uses)} times so")
        for canal in touched:
            if id(canal) in wrong:
                before, fewest = wrong[id(canal)]
                built = len(canal.tiles) - before
                after = (
                    0 if canal.completed else fewest_after_build(self.board, canal, fewest - built)
                )
                if after is None or built + after != fewest:
                    self.broken("build.shortest-completion", f"{canal.contract} not the shortest")
                continue
            if not canal.completed and completion(self.board, canal) is None:
                self.broken("build.completable", f"{canal.contract} cannot be completed now")

    def reach(self, canal: Canal, place: str) -> None:
        """A tile leading into a town connects it and ends the section (IT "Sezioni di
        canali"); reaching the far endpoint completes the canal (IT "Canali completati"), which
        must then have passed every place its contract names (IT "Contratti: In generale")."""
        end = canal.end
        if not (isinstance(end, Tile) and adjacent(end.hex, self.board.places[place].hex)):
            self.broken("build.connected", f"{place} does not follow the canal's end")
            return
        if place in canal.places:
            self.broken("build.canal-integrity", f"{place} is already on the canal")
            return
        canal.route.append(place)
        if canal.contract == JUNCTION:
            self.complete(canal)
            return
        contract = self.board.contracts[canal.contract]
        if place == contract.far(canal.places[0]):
            missing = [v for v in contract.via if v not in canal.places]
            if missing:
                self.broken("build.via-places", f"far endpoint reached before {missing}")
            else:
                self.complete(canal)

    def complete(self, canal: Canal) -> None:
        """IT "Canali completati": 1 per lock, 2 per aqueduct, 3 per tunnel; DE adds the
        contract's value (a junction canal's is 2)."""
        canal.completed = True
        points = sum(TILE_POINTS[t.kind] for t in canal.tiles)
        if self.edition == 2:
            if canal.contract == JUNCTION:
                points += JUNCTION_VALUE
            else:
                points += self.board.contracts[canal.contract].value
        self.score(self.me.colour, points)

    def place_tile(self, canal: Canal, item: BuildTile, first: bool, unlimited: bool) -> int:
        """Checks one tile's place and kind; returns the extra cards it costs (2 on top of
        another canal's tile, IT "Costruzioni su altri canali"). ``unlimited``: a wrongly
        built canal (2nd edition), which its value no longer limits."""
        board = self.board
        hex, kind = item.hex, item.kind
        end = canal.end
        end_hex = end.hex if isinstance(end, Tile) else board.places[end].hex
        if not adjacent(end_hex, hex):
            if first:  # IT "Chiatte": a build starts next to the barge
                self.broken("build.start-at-barge", f"{label(hex)} is not next to the barge")
            else:  # IT "Tessere costruzione": each tile joins the one before
                self.broken("build.connected", f"{label(hex)} does not join the canal's end")
        terrain = board.terrain.get(hex)
        if hex in board.place_at:
            self.broken("build.terrain", f"{label(hex)} is a town")
        elif terrain not in TERRAIN_TILES:
            self.broken("build.terrain", f"{label(hex)} is {terrain}")
        elif kind not in TERRAIN_TILES[terrain]:
            self.broken("build.terrain", f"a {kind} on {terrain} terrain")
        if any(t.hex == hex for t in canal.tiles):
            self.broken("build.canal-integrity", f"{label(hex)} is already on the canal")
        if isinstance(end, Tile) and end.kind == kind:
            self.broken("build.consecutive-tiles", f"two {kind}s side by side")
        elif self.state.option("consecutive-tiles") == "neighbouring-hexes":
            # DE "Benachbarte Plättchen": no two alike on neighbouring hexes of a section
            section: list[Tile] = []
            for x in reversed(canal.route):
                if not isinstance(x, Tile):
                    break
                section.append(x)
            if any(t.kind == kind and adjacent(t.hex, hex) for t in section):
                self.broken("build.consecutive-tiles", f"two {kind}s on touching hexes")
        supply = self.supplies[self.me.colour]
        if supply[kind] <= 0:
            self.broken("build.tile-supply", f"no {kind} tiles left")
        value = (
            JUNCTION_VALUE if canal.contract == JUNCTION else board.contracts[canal.contract].value
        )
        if len(canal.tiles) + 1 > value and not unlimited:
            self.broken("build.contract-length", f"more tiles than the value {value}")
        on_top = any(
            t.hex == hex for other in self.canals() if other is not canal for t in other.tiles
        )
        supply[kind] = max(supply[kind] - 1, 0)
        canal.route.append(Tile(kind, hex))
        return OVERBUILD_EXTRA if on_top else 0

    def pay(
        self,
        item: BuildTile,
        extra: int,
        canal: str,
        number: int,
        labels: dict[str, list[tuple[int, str]]],
    ) -> None:
        """IT "Giocare carte costruzione": stretch 1 card, lock 1, aqueduct 2 (Telford 1),
        tunnel 3 (Jessop 2), of the tile's kind or surveyors; Brindley may pay a lock with a
        stretch card; 2 more cards of any kind on top of another tile. A payment whose count
        fits the tile without those two breaks the overbuilding rule; one that fits only an
        engineer's reduced cost, or no cost, pays the wrong number of cards (pay.wrong-count);
        a card of another kind, a stretch for a lock included unless Brindley pays it, is
        pay.wrong-kind (issue 13: one rule id per payment mistake)."""
        assert item.payment is not None
        engineer = self.me.engineer
        kind = item.kind
        plays = [p.kind for p in item.payment]
        base = CARDS_FOR_TILE[kind]
        reduced = {"tunnel": 2 if engineer == "Jessop" else 3}.get(kind, base)
        if kind == "aqueduct" and engineer == "Telford":
            reduced = 1
        needed: int | None = base
        if extra and len(plays) in (base, reduced):  # IT "Costruzioni su altri canali"
            self.broken("build.overbuild", f"no two extra cards on top of {label(item.hex)}")
            needed = len(plays)
        elif len(plays) == base + extra:
            needed = base
        elif kind == "tunnel" and len(plays) == 2 + extra:
            needed = 2
            if engineer != "Jessop":
                self.broken("pay.wrong-count", "a tunnel for two cards without Jessop")
        elif kind == "aqueduct" and len(plays) == 1 + extra:
            needed = 1
            if engineer != "Telford":
                self.broken("pay.wrong-count", "an aqueduct for one card without Telford")
        else:
            self.broken("pay.wrong-count", f"{len(plays)} cards for a {kind}")
            needed = None
        if needed is not None:
            natural = sum(1 for p in plays if p in (kind, SURVEYOR))
            stretches = plays.count("stretch")
            if kind == "lock" and natural < needed <= natural + stretches:
                if engineer != "Brindley":
                    self.broken("pay.wrong-kind", "a lock paid with a stretch card")
            elif natural < needed:
                self.broken("pay.wrong-kind", f"{natural} of {needed} cards fit a {kind}")
        hand = self.me.hand
        for pay in item.payment:
            if pay.label is not None:
                uses = labels.setdefault(f"{pay.kind}@{pay.label}", [])
                uses.append((number, canal))
                if len(uses) > 1:
                    continue  # the same card again (Smeaton)
            if hand is None:
                continue
            if hand[pay.kind] <= 0:
                self.broken("pay.not-in-hand", f"no {pay.kind} card left to pay")
            else:
                hand[pay.kind] -= 1

    def pay_automatically(self, tiles: list[tuple[BuildTile, int]]) -> None:
        """Tiles written without their cards: legal when some choice of cards from the hand pays
        them all (searched exhaustively); the hand afterwards is then only known in size."""
        hand = self.me.hand
        if hand is None:
            return
        engineer = self.me.engineer
        options = [_payments(t.kind, extra, engineer) for t, extra in tiles]
        start = Counter({k: n for k, n in hand.items() if n > 0})
        seen: set[tuple[int, tuple[tuple[str, int], ...]]] = set()

        def fits(index: int, left: Counter[str]) -> Counter[str] | None:
            if index == len(options):
                return left
            key = (index, tuple(sorted((k, n) for k, n in left.items() if n)))
            if key in seen:
                return None
            seen.add(key)
            for choice in options[index]:
                if all(left[k] >= n for k, n in choice.items()):
                    found = fits(index + 1, left - choice)
                    if found is not None:
                        return found
            return None

        found = fits(0, start)
        if found is None:
            self.broken("pay.not-in-hand", "no choice of cards from the hand pays the build")
            return
        self.me.hand = Counter(found)
        self.notes.append("auto-paid: hand known in size only")


def _payments(kind: str, extra: int, engineer: str | None) -> list[Counter[str]]:
    """Every multiset of cards that pays one tile, the fewest cards first (a player whose
    engineer lowers the cost is taken to use the ability)."""
    needs = [CARDS_FOR_TILE[kind]]
    if kind == "tunnel" and engineer == "Jessop":
        needs.insert(0, 2)
    if kind == "aqueduct" and engineer == "Telford":
        needs.insert(0, 1)
    fitting = [kind, SURVEYOR] + (["stretch"] if kind == "lock" and engineer == "Brindley" else [])
    out: list[Counter[str]] = []
    for need in needs:
        for main in itertools.combinations_with_replacement(fitting, need):
            for more in itertools.combinations_with_replacement(CARD_KINDS, extra):
                choice = Counter(main) + Counter(more)
                if choice not in out:
                    out.append(choice)
    return out
