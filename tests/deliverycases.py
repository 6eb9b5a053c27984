"""Random positions for the best-delivery solvers, and playing a goods move as a turn.

Two kinds of case, each rebuilt from its seed alone:

* :func:`small_case`: a small board (4 to 10 places, often several of one colour) crossed by
  many completed sections of 2 to 5 players, some places joined by two players' sections,
  canals left open with a half-built last section, goods cubes in many places.
* :func:`england_case`: the built-in board of either edition with every contract built and
  completed, the canals dealt out at random among the players (in the 2nd edition with a few
  junction canals too), and 1 to 20 cubes.

Both draw the edition, the ``colour-restriction-start`` option and the mover at random.
:func:`play_delivery` plays a move as the mover's phase-3 turn through the rules engine.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Mapping

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.board import Board, Contract, Place, make_board
from canaldsl.canalmania.components import (
    PLACE_COLOURS,
    PLAYER_COLOURS,
    TILES_PER_PLAYER,
    Edition,
    PlaceKind,
    Terrain,
    TileKind,
)
from canaldsl.canalmania.delivery import Delivery
from canaldsl.canalmania.engine import Verdict, play_turn
from canaldsl.canalmania.loading import check_text
from canaldsl.canalmania.options import resolve
from canaldsl.canalmania.position import JUNCTION, Rules, Tile
from canaldsl.canalmania.state import CanalState, GameState, PlayerState
from canaldsl.hexgrid import Hex

START_OPTION = "colour-restriction-start"


def empty_state(
    board: Board, edition: Edition, players: list[str], *, start: str, mover: str
) -> GameState:
    """A phase-3 position for ``mover`` with the given players and no canals or cubes yet."""
    rules = Rules(edition, len(players), resolve(edition, {START_OPTION: start}))
    state = GameState.bare(board, rules, players=[], now=mover, phase=3)
    state.players = [
        PlayerState(c, None, None, 0, None, Counter(TILES_PER_PLAYER), 0, [], []) for c in players
    ]
    return state


@functools.lru_cache(maxsize=4096)
def section_hexes(board: Board, a: str, b: str) -> tuple[Hex, ...] | None:
    """The board's shortest section from a to b (remembered: the built-in board's are asked
    for again and again)."""
    return board.shortest_section(a, b)


def short_section(board: Board, a: str, b: str, *, most: int) -> tuple[Hex, ...] | None:
    """A shortest section of at most ``most`` tiles from a to b (None when there is none): a
    breadth-first search that stops at that depth."""
    goal = set(board.neighbours(board.places[b].hex))
    paths: list[tuple[Hex, ...]] = [()]
    seen = {board.places[a].hex}
    for _ in range(most):
        following = []
        for path in paths:
            here = path[-1] if path else board.places[a].hex
            for n in board.neighbours(here):
                if n not in seen and board.is_buildable(n):
                    seen.add(n)
                    if n in goal:
                        return (*path, n)
                    following.append((*path, n))
        paths = following
    return None


def canal_through(
    board: Board,
    places: list[str],
    owner: str,
    contract: str,
    *,
    open_tail: bool = False,
    sections: Mapping[tuple[str, str], tuple[Hex, ...]] | None = None,
) -> CanalState | None:
    """A canal along the shortest sections joining ``places`` in order (None when some pair
    has no section); ``open_tail`` adds half a section after the last place (never counted).
    ``sections`` gives the hexes between pairs of places where already known."""
    route: list[str | Tile] = [places[0]]
    for index, (a, b) in enumerate(itertools.pairwise(places)):
        known = sections or {}
        if (a, b) in known:
            hexes: tuple[Hex, ...] | None = known[a, b]
        elif (b, a) in known:
            hexes = tuple(reversed(known[b, a]))
        else:
            hexes = section_hexes(board, a, b)
        if hexes is None:
            return None
        route += [Tile(h, TileKind.STRETCH, owner, contract, index) for h in hexes]
        route.append(b)
    if open_tail:
        last = board.places[places[-1]].hex
        free = [n for n in board.neighbours(last) if board.is_buildable(n)]
        if free:
            route.append(Tile(free[0], TileKind.STRETCH, owner, contract, len(places) - 1))
    return CanalState(contract, owner, route, not open_tail, len(route))


# ------------------------------------------------------------------ small boards


def small_board(rng: random.Random) -> Board:
    """A clear board of up to 9 x 8 hexes with 4 to 10 places of 2 to 6 colours."""
    columns, rows = rng.randint(5, 9), rng.randint(4, 8)
    hexes = [Hex(c, r) for r in range(rows) for c in range(columns)]
    terrain = {h: Terrain.DIFFICULT if rng.random() < 0.25 else Terrain.CLEAR for h in hexes}
    colours = rng.sample(PLACE_COLOURS, rng.randint(2, 6))
    wanted = rng.randint(4, 10)
    spots: list[Hex] = []
    for h in rng.sample(hexes, len(hexes)):
        if len(spots) == wanted:
            break
        if all(h not in spot.neighbours() for spot in spots):
            spots.append(h)
    places = []
    for i, h in enumerate(spots):
        terrain[h] = Terrain.CLEAR
        kind = PlaceKind.CITY if i < len(colours) and rng.random() < 0.3 else PlaceKind.TOWN
        places.append(Place(f"P{i}", kind, rng.choice(colours), h))
    return make_board(name="small", title="small", terrain=terrain, places=places, contracts=[])


def small_case(seed: int) -> tuple[GameState, str]:
    """A small board with many completed sections of several players, and many cubes."""
    rng = random.Random(seed)
    while True:
        board = small_board(rng)
        names = sorted(board.places)
        found = {
            (a, b): short_section(board, a, b, most=4) for a, b in itertools.combinations(names, 2)
        }
        known = {pair: hexes for pair, hexes in found.items() if hexes is not None}
        pairs = sorted(known)
        if len(pairs) >= 2:
            break
    players = list(PLAYER_COLOURS[: rng.randint(2, 5)])
    mover = rng.choice(players)
    edition = rng.choice((Edition.FIRST, Edition.SECOND))
    start = rng.choice(("included", "included", "excluded"))
    state = empty_state(board, edition, players, start=start, mover=mover)
    neighbours: dict[str, list[str]] = {}
    for a, b in pairs:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    owners = [*players, mover, mover]  # the mover holds more canals than the others
    for number in range(rng.randint(2, 9)):
        walk = [rng.choice(sorted(neighbours))]
        for _ in range(rng.randint(1, 3)):
            options = [n for n in neighbours[walk[-1]] if n not in walk]
            if not options:
                break
            walk.append(rng.choice(options))
        owner = rng.choice(owners)
        tail = rng.random() < 0.2
        canal = canal_through(board, walk, owner, f"C{number}", open_tail=tail, sections=known)
        if canal is not None:
            state.player(owner).canals.append(canal)
    state.cubes = set(rng.sample(names, rng.randint(1, len(names))))
    return state, mover


# ------------------------------------------------------------------ the built-in board


@functools.cache
def england_board(edition: Edition) -> Board:
    rules = "first-edition" if edition is Edition.FIRST else "second-edition"
    scenario, diagnostics = check_text(f"rules {rules}\nboard england\n")
    assert scenario is not None and scenario.board is not None, diagnostics
    return scenario.board


def stops(board: Board, contract: Contract) -> list[str]:
    """The contract's places in the order needing the fewest tiles (via places in between)."""
    first, last = contract.endpoints
    orders = [[first, *order, last] for order in itertools.permutations(contract.via)]

    def tiles(order: list[str]) -> int:
        return sum(len(section_hexes(board, a, b) or ()) for a, b in itertools.pairwise(order))

    return min(orders, key=tiles)


def england_all_built(
    edition: Edition,
    rng: random.Random,
    *,
    players: int,
    cubes: int,
    start: str = "included",
    first_share: float | None = None,
    junctions: bool = True,
) -> tuple[GameState, list[str]]:
    """The built-in board with every contract built and completed, dealt out at random among
    ``players`` players (the first player gets each canal with probability ``first_share``
    when given), in the 2nd edition (with ``junctions``) up to two junction canals per player
    between places near each other, and ``cubes`` cubes in random places; the first player
    moves."""
    board = england_board(edition)
    colours = list(PLAYER_COLOURS[:players])
    state = empty_state(board, edition, colours, start=start, mover=colours[0])
    for contract in board.contracts.values():
        if first_share is not None and rng.random() < first_share:
            owner = colours[0]
        else:
            owner = rng.choice(colours)
        canal = canal_through(board, stops(board, contract), owner, contract.name)
        assert canal is not None, contract.name
        state.player(owner).canals.append(canal)
    if junctions and edition is Edition.SECOND:  # junction canals close rings (DE example)
        for colour in colours:
            for _ in range(rng.choice((0, 0, 1, 2))):
                a, b = rng.choice(near_pairs(edition))
                canal = canal_through(board, [a, b], colour, JUNCTION)
                assert canal is not None
                state.player(colour).canals.append(canal)
    state.cubes = set(rng.sample(sorted(board.places), cubes))
    return state, colours


@functools.cache
def near_pairs(edition: Edition) -> list[tuple[str, str]]:
    """Pairs of places of the built-in board joined by a section of at most 3 tiles."""
    board = england_board(edition)
    return [
        (a, b)
        for a, b in itertools.combinations(sorted(board.places), 2)
        if short_section(board, a, b, most=3) is not None
    ]


def england_case(seed: int) -> tuple[GameState, str]:
    """The built-in board with every canal built: random edition, owners, cubes and mover
    (in a third of the cases the mover holds most canals)."""
    rng = random.Random(seed)
    edition = rng.choice((Edition.FIRST, Edition.SECOND))
    start = rng.choice(("included", "included", "excluded"))
    players = rng.randint(2, 5)
    share = 0.6 if rng.random() < 1 / 3 else None
    state, colours = england_all_built(
        edition, rng, players=players, cubes=rng.randint(1, 20), start=start, first_share=share
    )
    mover = colours[0] if share is not None else rng.choice(colours)
    state.now = mover
    return state, mover


# ------------------------------------------------------------------ playing a move


def delivery_turn(mover: str, delivery: Delivery) -> s.TurnDecl:
    """The move as the mover's phase 3, naming the owner of every section it uses."""
    legs = [s.Leg(s.Ref(delivery.route[0]))]
    legs += [
        s.Leg(s.Ref(place), s.Ref(owner))
        for place, owner in zip(delivery.route[1:], delivery.owners, strict=True)
    ]
    move = s.MoveCube(legs=tuple(legs))
    return s.TurnDecl(player=s.Ref(mover), items=(s.PhaseMark(number=s.Num(3)), move))


def play_delivery(state: GameState, mover: str, delivery: Delivery) -> Verdict:
    """Play the move through the rules engine as the mover's phase-3 turn (on a copy)."""
    game = state
    if (state.now, state.phase) != (mover, 3):
        game = state.copy()
        game.now, game.phase = mover, 3
    return play_turn(game, delivery_turn(mover, delivery))
