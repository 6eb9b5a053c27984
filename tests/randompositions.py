"""Random Canal Mania positions and proposed turns, for the differential test.

Each case is made from its own ``random.Random`` seeded by (seed, index), so any case can be
rebuilt alone: :func:`make_case`. A case is a position and a turn in the referee's model
(``tests/referee.py``) and the same written as ``.canal`` text for canaldsl. About half the
turns are built legal; the rest get one random perturbation (a card missing, a tile on the
wrong terrain, a cube in the wrong town ...). Whether a perturbed turn really breaks a rule,
and which, is the referee's business, not the generator's.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import referee as r
from referee import (
    CARD_KINDS,
    COLOURS,
    ENGINEERS,
    JUNCTION,
    TERRAIN_TILES,
    TILE_KINDS,
    Board,
    Build,
    BuildLine,
    BuildTile,
    Canal,
    Card,
    Contract,
    Discard,
    DiscardDisplay,
    Draw,
    Exchange,
    Hex,
    MoveCube,
    Pass,
    Pay,
    Place,
    PlaceCubes,
    Player,
    Position,
    Reach,
    Refill,
    RemoveCube,
    Reveal,
    Step,
    TakeCards,
    TakeContract,
    TakeJunction,
    Tile,
    Turn,
)

PLAYER_COLOURS = ("red", "white", "black", "green", "yellow")
MAP_KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
PERTURBED = 0.6  # the share of turns given a perturbation (some of which break nothing)
TOWN_NAMES = (
    "Ashby", "Barford", "Colby", "Dunham", "Elton", "Fenwick", "Garth", "Hexley", "Ilford",
    "Jarrow", "Kelso", "Linton", "Marham", "Norley", "Oakham", "Penrith", "Quorn", "Rufford",
    "Selby", "Thirsk", "Upton", "Ventnor", "Whitby", "Yarm", "Zennor", "Long Eaton",
    "Market Rasen", "St Ives", "Bishop's Stortford", "Chipping_Norton",
)  # fmt: skip


@dataclass
class Case:
    seed: int
    index: int
    category: str
    intent: str  # "legal" or the name of the perturbation applied
    position: Position
    turn: Turn
    text: str


# ---------------------------------------------------------------------------------- boards


def random_board(
    rng: random.Random, *, cols: int, rows: int, places: int, sea: float = 0.06
) -> Board:
    terrain: dict[Hex, str] = {}
    for row in range(rows):
        for col in range(cols):
            x = rng.random()
            terrain[(col, row)] = "sea" if x < sea else "difficult" if x < sea + 0.24 else "clear"
    land = [h for h, t in terrain.items() if t != "sea"]
    rng.shuffle(land)
    chosen: list[Hex] = []
    for hex in land:
        if len(chosen) == places:
            break
        if any(r.adjacent(hex, c) for c in chosen) and rng.random() < 0.85:
            continue
        chosen.append(hex)
    names = rng.sample(TOWN_NAMES, len(chosen))
    with_city: set[str] = set()
    board_places: dict[str, Place] = {}
    for name, hex in zip(names, chosen, strict=True):
        colour = rng.choice(COLOURS)
        city = colour not in with_city and rng.random() < 0.35
        if city:
            with_city.add(colour)
        board_places[name] = Place(name, "city" if city else "town", colour, hex)
        terrain[hex] = "clear"  # a place marked on a map stands on a clear hex
    return Board(
        rng.choice(("vale", "fens", "wolds", "moor")), cols, rows, terrain, board_places, {}
    )


@functools.cache
def england(edition: int) -> Board:
    """The built-in board, read through canaldsl's loading layer (its data, not its rules)."""
    from canaldsl.canalmania.loading import check_text

    rules = "first-edition" if edition == 1 else "second-edition"
    scenario, diagnostics = check_text(f"rules {rules}\nboard england\n")
    assert scenario is not None and scenario.board is not None, diagnostics
    b = scenario.board
    return Board(
        "england",
        b.columns,
        b.rows,
        {(h.col, h.row): t.value for h, t in b.terrain.items()},
        {
            p.name: Place(p.name, p.kind.value, p.colour, (p.hex.col, p.hex.row))
            for p in b.places.values()
        },
        {c.name: Contract(c.name, c.endpoints, c.via, c.value) for c in b.contracts.values()},
        builtin="england",
    )


def copy_board(board: Board) -> Board:
    """A board of one's own to change (colours, contracts); the built-in one is shared."""
    new = Board(
        board.name,
        board.cols,
        board.rows,
        dict(board.terrain),
        dict(board.places),
        dict(board.contracts),
        builtin=board.builtin,
    )
    if board.builtin is None:
        return new
    new._distances = board._distances  # same hexes, same distances
    new._nbrs = board._nbrs
    return new


# ---------------------------------------------------------------------------------- routes


def biased(rng: random.Random, board: Board, goal: str | None, noise: float = 2.5) -> Callable:
    """An ordering of next hexes for the route search: roughly towards ``goal``, at random."""

    def order(steps: list[Hex]) -> list[Hex]:
        if goal is None:
            rng.shuffle(steps)
            return steps
        dist = board.distances(goal)
        return sorted(steps, key=lambda n: dist.get(n, 99) + rng.random() * noise)

    return order


def kinds_for(board: Board, items: list, rng: random.Random, previous: str | None = None) -> list:
    """Tiles of kinds suiting the terrain, never two alike side by side in a section."""
    out: list = []
    for item in items:
        if isinstance(item, str):
            out.append(item)
            previous = None
            continue
        choices = [k for k in TERRAIN_TILES[board.terrain[item]] if k != previous]
        kind = rng.choice(choices)
        out.append(Tile(kind, item))
        previous = kind
    return out


def route_between(
    board: Board,
    rng: random.Random,
    start: str,
    goal: str,
    *,
    slack: int = 2,
    avoid: set[str] | None = None,
    avoid_hexes: set[Hex] | None = None,
    through_places: bool = True,
) -> list | None:
    d = board.distances(goal).get(board.places[start].hex)
    if d is None:
        return None
    return r.find_route(
        board,
        start,
        visited_hexes=avoid_hexes or set(),
        visited_places={start, *(avoid or set())},
        goals={goal},
        budget=max(d, 1) + slack,
        through_places=through_places,
        order=biased(rng, board, goal),
    )


def new_contract(board: Board, ends: tuple[str, str], via: tuple[str, ...], value: int) -> str:
    number = len(board.contracts) + 1
    name = f"Cut{number}" if number % 3 == 0 else f"{ends[0]} Canal {number}"
    board.contracts[name] = Contract(name, ends, via, max(1, min(value, 99)))
    return name


def random_canal(
    board: Board,
    rng: random.Random,
    *,
    completed: bool,
    contract: str | None = None,
    junction: bool = False,
    tight: float = 0.2,
) -> Canal | None:
    """A canal on ``board``: completed, or open part of the way to its far endpoint.

    With ``contract`` given (the built-in board), that contract's places and value are kept.
    """
    names = list(board.places)
    if junction:
        start = rng.choice(names)
        goal_places = [p for p in names if p != start]
        for goal in rng.sample(goal_places, min(6, len(goal_places))):
            path = route_between(board, rng, start, goal, slack=0, through_places=False)
            if path is None or sum(1 for x in path if not isinstance(x, str)) > 2:
                continue
            items = kinds_for(board, path, rng)
            if completed:
                return Canal(JUNCTION, [start, *items], completed=True)
            tiles = [x for x in items if isinstance(x, Tile)]
            return Canal(JUNCTION, [start, *tiles[: rng.randint(0, len(tiles) - 1)]])
        return None
    if contract is not None:
        c = board.contracts[contract]
        start = rng.choice(c.ends)
        far = c.far(start)
        order_vias = list(c.via)
        rng.shuffle(order_vias)
        stops = [start, *order_vias, far]
        path: list = []
        used_hexes: set[Hex] = set()
        used_places: set[str] = set(stops)
        for a, b in itertools.pairwise(stops):
            leg = route_between(
                board, rng, a, b, slack=1, avoid=used_places - {b}, avoid_hexes=used_hexes
            )
            if leg is None:
                return None
            path.extend(leg)
            used_hexes.update(x for x in leg if not isinstance(x, str))
            used_places.update(x for x in leg if isinstance(x, str))
        if sum(1 for x in path if not isinstance(x, str)) > c.value:
            return None
        items = kinds_for(board, path, rng)
        if completed:
            return Canal(contract, [start, *items], completed=True)
        cut = rng.randint(0, len(items) - 1)
        return Canal(contract, [start, *items[:cut]])
    for _ in range(8):
        start, far = rng.sample(names, 2)
        path = route_between(board, rng, start, far, slack=rng.choice((0, 1, 2)))
        if path is None:
            continue
        items = kinds_for(board, path, rng)
        tiles = sum(1 for x in items if isinstance(x, Tile))
        middles = [x for x in items[:-1] if isinstance(x, str)]
        via = (rng.choice(middles),) if middles and rng.random() < 0.4 else ()
        slack = 0 if rng.random() < tight else rng.choice((0, 1, 1, 2, 3))
        ends = (start, far) if rng.random() < 0.5 else (far, start)
        if completed:
            name = new_contract(board, ends, via, tiles + slack)
            return Canal(name, [start, *items], completed=True)
        cut = rng.randint(0, len(items) - 1)
        name = new_contract(board, ends, via, tiles + slack)
        return Canal(name, [start, *items[:cut]])
    return None


def spare_contracts(board: Board, rng: random.Random, count: int) -> list[str]:
    """Contracts nobody holds (for parliament and the contract deck)."""
    if board.builtin:
        return []
    out = []
    names = list(board.places)
    for _ in range(count):
        a, b = rng.sample(names, 2)
        d = board.distances(b).get(board.places[a].hex)
        if d is None:
            continue
        others = [p for p in names if p not in (a, b)]
        via = (rng.choice(others),) if others and rng.random() < 0.2 else ()
        out.append(new_contract(board, (a, b), via, max(d, 1) + rng.randint(0, 3)))
    return out


# ---------------------------------------------------------------------------------- positions


def random_card(rng: random.Random, symbols: float = 0.3) -> Card:
    kind = rng.choice(CARD_KINDS)
    x = rng.random()
    if x < symbols * 0.8:
        return kind, rng.choice(COLOURS)
    if x < symbols:
        return kind, "white"
    return kind, None


def random_hand(rng: random.Random, size: int) -> Counter[str]:
    weights = (5, 5, 3, 3, 2)
    return Counter(rng.choices(CARD_KINDS, weights=weights, k=size))


def base_position(
    rng: random.Random,
    *,
    edition: int | None = None,
    builtin: bool = False,
    places: tuple[int, int] = (8, 12),
    sea: float = 0.06,
) -> Position:
    edition = edition or rng.choice((1, 2))
    if builtin:
        board = copy_board(england(edition))
    else:
        board = random_board(
            rng,
            cols=rng.randint(7, 9),
            rows=rng.randint(6, 8),
            places=rng.randint(*places),
            sea=sea,
        )
    low = 3 if edition == 1 else 2
    count = rng.randint(low, 4 if rng.random() < 0.8 else 5)
    engineers = rng.sample(ENGINEERS, count)
    players = [
        Player(PLAYER_COLOURS[i], engineers[i], score=rng.randint(0, 25)) for i in range(count)
    ]
    position = Position(edition=edition, board=board, players=players, now=players[0].colour)
    if rng.random() < 0.05:
        position.options["skip-phase"] = "forbidden"
    return position


def add_canals(position: Position, rng: random.Random, player: Player, opened: int, done: int):
    board = position.board
    free = [c for c in board.contracts if not _held(position, c)] if board.builtin else []
    for completed, n in ((False, opened), (True, done)):
        for _ in range(n):
            if len(player.open_canals) >= 2 and not completed:
                break
            contract = None
            if board.builtin:
                if not free:
                    return
                contract = free.pop(rng.randrange(len(free)))
            canal = random_canal(board, rng, completed=completed, contract=contract)
            if canal is not None:
                add_canal(player, canal)


def add_canal(player: Player, canal: Canal) -> bool:
    """Give ``player`` the canal unless it would need more tiles than a player owns."""
    built = Counter(t.kind for c in [*player.canals, canal] for t in c.tiles)
    if any(built[k] > r.TILES_OWNED[k] for k in TILE_KINDS):
        return False
    player.canals.append(canal)
    return True


def _held(position: Position, contract: str) -> bool:
    return any(c.contract == contract for p in position.players for c in p.canals)


def scatter_cubes(position: Position, rng: random.Random, most: int | None = None) -> None:
    names = list(position.board.places)
    top = min(len(names), r.CUBES[position.edition]) if most is None else most
    position.cubes = set(rng.sample(names, rng.randint(0, min(top, len(names)))))


def other_players(position: Position, rng: random.Random, mover: Player) -> None:
    for p in position.players:
        if p is mover:
            continue
        add_canals(position, rng, p, rng.choice((0, 1, 1)), rng.choice((0, 0, 0, 1)))
        if rng.random() < 0.3:
            p.hand = random_hand(rng, rng.randint(0, 7))


def physical(turn_items: list[BuildTile]) -> Counter[str]:
    """The cards a build takes from the hand (a labelled card counts once)."""
    out: Counter[str] = Counter()
    seen: set[str] = set()
    for item in turn_items:
        for pay in item.payment or ():
            if pay.label is not None:
                key = f"{pay.kind}@{pay.label}"
                if key in seen:
                    continue
                seen.add(key)
            out[pay.kind] += 1
    return out


# ---------------------------------------------------------------------------------- builds


def payment(rng: random.Random, kind: str, engineer: str | None, extra: int) -> list[Pay]:
    """A legal payment for one tile, chosen at random among the ways to pay."""
    need = r.CARDS_FOR_TILE[kind]
    if kind == "tunnel" and engineer == "Jessop" and rng.random() < 0.7:
        need = 2
    if kind == "aqueduct" and engineer == "Telford" and rng.random() < 0.7:
        need = 1
    cards = []
    for _ in range(need):
        x = rng.random()
        if kind == "lock" and engineer == "Brindley" and x < 0.35:
            cards.append(Pay("stretch"))
        elif x < 0.8:
            cards.append(Pay(kind))
        else:
            cards.append(Pay("surveyor"))
    cards += [Pay(rng.choice(CARD_KINDS)) for _ in range(extra)]
    rng.shuffle(cards)
    return cards


def occupied_by_others(position: Position, canal: Canal) -> set[Hex]:
    return {t.hex for p in position.players for c in p.canals if c is not canal for t in c.tiles}


def plan_build(position: Position, rng: random.Random, canal: Canal, tiles: int) -> list:
    """The next few steps of a way to complete ``canal`` (built legal), or a random walk when
    there is none."""
    board = position.board
    taken = occupied_by_others(position, canal)
    goals, _, _ = r.canal_goal(board, canal)
    goal = next(iter(goals)) if len(goals) == 1 else None

    def order(steps: list[Hex]) -> list[Hex]:
        dist = board.distances(goal) if goal else {}
        return sorted(
            steps, key=lambda n: dist.get(n, 0) + rng.random() * 3 - (1.5 if n in taken else 0)
        )

    path = r.completion(board, canal, order=order)
    if path is None or rng.random() < 0.06:
        path = random_walk(board, rng, canal, tiles)
    out = []
    count = 0
    for item in path:
        if not isinstance(item, str):
            if count == tiles:
                break
            count += 1
        out.append(item)
    return out


def random_walk(board: Board, rng: random.Random, canal: Canal, tiles: int) -> list:
    end = canal.end
    here = end.hex if isinstance(end, Tile) else board.places[end].hex
    used = {t.hex for t in canal.tiles}
    out: list = []
    for _ in range(tiles):
        steps = [n for n in board.nbrs(here) if board.buildable(n) and n not in used]
        if not steps:
            break
        here = rng.choice(steps)
        used.add(here)
        out.append(here)
    return out


def gen_build(rng: random.Random, builtin: bool, sea: float = 0.06) -> tuple[Position, Turn, str]:
    position = base_position(rng, builtin=builtin, sea=sea)
    board = position.board
    mover = rng.choice(position.players)
    position.now = mover.colour
    position.phase = 2
    junction = position.edition == 2 and rng.random() < 0.15
    add_canals(position, rng, mover, rng.choice((1, 1, 2)), rng.choice((0, 0, 1)))
    if junction and len(mover.open_canals) < 2:
        canal = random_canal(board, rng, completed=False, junction=True)
        if canal is not None:
            add_canal(mover, canal)
    if not mover.open_canals:
        canal = random_canal(board, rng, completed=False) if not builtin else None
        if canal is None or not add_canal(mover, canal):
            raise Retry
    # a canal that cannot be completed any more is left alone here: DE "Fehlplanung" says a
    # wrongly built canal left standing must still be completed, by the shortest way
    if any(r.completion(board, c) is None for c in mover.open_canals):
        raise Retry
    other_players(position, rng, mover)
    scatter_cubes(position, rng)
    if rng.random() < 0.25:  # a supply of one's own: some kinds running out
        supply = r.supply_of(mover)
        mover.supply = {
            k: n if rng.random() < 0.7 else rng.randint(0, min(n, 1)) for k, n in supply.items()
        }
    # the build: one or both open canals, one to four tiles in all
    lines = build_lines(rng, position, mover, rng.choice((1, 1, 2, 2, 3, 4)))
    if not lines:
        raise Retry
    tiles = [x for line in lines for x in line.items if isinstance(x, BuildTile)]
    if mover.engineer == "Smeaton" and rng.random() < 0.6:
        smeaton_labels(rng, lines)
    mover.hand = physical(tiles) + random_hand(rng, rng.choice((0, 0, 1, 2, 3, 4)))
    turn = Turn(mover.colour, {2: [Build(lines)]})
    intent = "legal"
    if rng.random() < PERTURBED:
        intent = perturb_build(rng, position, turn, mover)
    settle_hand(rng, position, turn)
    return position, turn, intent


def _last_kind(canal: Canal) -> str | None:
    return canal.end.kind if isinstance(canal.end, Tile) else None


def smeaton_labels(rng: random.Random, lines: list[BuildLine]) -> None:
    """One surveyor for two plays, one straight after the other on one canal (Smeaton)."""
    for line in lines:
        tiles = [x for x in line.items if isinstance(x, BuildTile) and x.payment]
        pairs = list(itertools.pairwise(tiles))
        pairs += [(t, t) for t in tiles if len(t.payment or ()) >= 2]
        if not pairs:
            continue
        a, b = rng.choice(pairs)
        fits_a = [i for i, p in enumerate(a.payment or ()) if p.kind in (a.kind, "surveyor")]
        fits_b = [i for i, p in enumerate(b.payment or ()) if p.kind in (b.kind, "surveyor")]
        if a is b:
            if len(fits_a) >= 2:
                i, j = rng.sample(fits_a, 2)
                a.payment[i] = a.payment[j] = Pay("surveyor", "1")  # type: ignore[index]
            return
        if fits_a and fits_b:
            a.payment[fits_a[-1]] = Pay("surveyor", "1")  # type: ignore[index]
            b.payment[fits_b[0]] = Pay("surveyor", "1")  # type: ignore[index]
            return


class Retry(Exception):
    """This random draw gave nothing worth testing; draw again."""


def _tiles(turn: Turn) -> list[tuple[BuildLine, int, BuildTile]]:
    out = []
    for steps in turn.phases.values():
        for step in steps:
            if isinstance(step, Build):
                for line in step.lines:
                    for i, item in enumerate(line.items):
                        if isinstance(item, BuildTile):
                            out.append((line, i, item))
    return out


def perturb_build(rng: random.Random, position: Position, turn: Turn, mover: Player) -> str:
    board = position.board
    tiles = _tiles(turn)
    if not tiles:
        return "legal"
    line, index, tile = rng.choice(tiles)
    hand = mover.hand
    assert hand is not None and tile.payment is not None
    choice = rng.choice(
        (
            "drop-card", "wrong-card", "short-pay", "extra-pay", "no-extra", "engineer",
            "terrain", "same-kind", "jump", "revisit", "supply", "value", "foreign-canal",
            "reach-far", "via", "town-hex", "smeaton", "walk", "phase", "two-actions",
            "auto-pay", "auto-pay", "auto-short",
        )
    )  # fmt: skip
    if choice == "drop-card":
        kind = rng.choice(tile.payment).kind
        hand[kind] = max(hand[kind] - 1, 0)
    elif choice == "wrong-card":
        i = rng.randrange(len(tile.payment))
        new = rng.choice([k for k in CARD_KINDS if k != tile.payment[i].kind])
        tile.payment[i] = Pay(new)
        hand[new] += 1
    elif choice == "short-pay" and len(tile.payment) > 1:
        tile.payment.pop(rng.randrange(len(tile.payment)))
    elif choice == "extra-pay":
        new = rng.choice(CARD_KINDS)
        tile.payment.append(Pay(new))
        hand[new] += 1
    elif choice == "no-extra" and len(tile.payment) > 1:
        if len(tile.payment) > r.CARDS_FOR_TILE[tile.kind]:
            del tile.payment[-2:]
        else:
            tile.payment.pop()
    elif choice == "engineer":
        held = {p.engineer for p in position.players}
        spare = [e for e in ENGINEERS if e not in held]
        if spare:
            mover.engineer = rng.choice(spare)
        else:
            mover.engineer = None if rng.random() < 0.3 else mover.engineer
    elif choice == "terrain":
        other = [k for k in TILE_KINDS if k not in TERRAIN_TILES.get(board.terrain[tile.hex], ())]
        tile.kind = rng.choice(other)
        tile.payment = payment(rng, tile.kind, mover.engineer, len(tile.payment) - 1)
        hand.update(p.kind for p in tile.payment)
    elif choice == "same-kind":
        previous = line.items[index - 1] if index else None
        canal = mover.canal(line.canal)
        before = previous if previous is not None else (canal.end if canal else None)
        if isinstance(before, (Tile, BuildTile)):
            tile.kind = before.kind
            tile.payment = payment(rng, tile.kind, mover.engineer, 0)
            hand.update(p.kind for p in tile.payment)
    elif choice == "jump":
        far = [h for h in board.terrain if board.buildable(h) and not r.adjacent(h, tile.hex)]
        tile.hex = rng.choice(far)
        tile.kind = rng.choice(TERRAIN_TILES[board.terrain[tile.hex]])
    elif choice == "revisit":
        canal = mover.canal(line.canal)
        earlier = [t.hex for t in canal.tiles] if canal else []
        earlier += [x.hex for x in line.items[:index] if isinstance(x, BuildTile)]
        if earlier:
            tile.hex = rng.choice(earlier)
            tile.kind = rng.choice(TERRAIN_TILES[board.terrain[tile.hex]])
    elif choice == "supply":
        supply = r.supply_of(mover)
        supply[tile.kind] = 0
        mover.supply = supply
    elif choice == "value" and line.canal != JUNCTION and not board.builtin:
        # as low as the contract's value can go while the canal can still be completed
        c = board.contracts[line.canal]
        canal = mover.canal(line.canal)
        if canal is not None:
            fewest = r.fewest_to_complete(board, canal)
            if fewest is not None:
                value = len(canal.tiles) + fewest
                board.contracts[line.canal] = Contract(c.name, c.ends, c.via, max(value, 1))
    elif choice == "foreign-canal":
        others = [
            c.contract
            for p in position.players
            for c in p.canals
            if c.contract not in (line.canal, JUNCTION) and (p is not mover or c.completed)
        ]
        if others:
            line.canal = rng.choice(others)
    elif choice == "reach-far":
        names = list(board.places)
        line.items.append(Reach(rng.choice(names)))
    elif choice == "via" and line.canal != JUNCTION and not board.builtin:
        c = board.contracts[line.canal]
        canal = mover.canal(line.canal)
        visited = set(canal.places if canal else ()) | set(c.ends) | set(c.via)
        spare_places = [p for p in board.places if p not in visited]
        if spare_places:
            via = (*c.via, rng.choice(spare_places))
            board.contracts[line.canal] = Contract(c.name, c.ends, via, c.value)
    elif choice == "town-hex":
        spots = [
            n for n in board.nbrs(tile.hex) if n in board.place_at or board.terrain[n] == "sea"
        ]
        if spots:
            tile.hex = rng.choice(spots)
    elif choice == "smeaton":
        perturb_smeaton(rng, position, turn, mover, hand)
    elif choice == "walk":
        canal = mover.canal(line.canal)
        if canal is not None:
            walk = random_walk(board, rng, canal, rng.randint(1, 4))
            line.items = []
            previous = _last_kind(canal)
            for hex in walk:
                kind = rng.choice([k for k in TERRAIN_TILES[board.terrain[hex]] if k != previous])
                previous = kind
                pay = payment(rng, kind, mover.engineer, 0)
                hand.update(p.kind for p in pay)
                line.items.append(BuildTile(kind, hex, pay))
            if not line.items:
                line.items.append(tile)
    elif choice == "phase":
        turn.phases = {3: turn.phases[2]}
    elif choice == "two-actions":
        turn.phases[2].append(Pass())
    elif choice in ("auto-pay", "auto-short") and mover.engineer != "Smeaton":
        # cards left unsaid: the hand is kept to seven or fewer, so that which cards are
        # paid cannot matter to the hand limit
        for _, _, t in _tiles(turn):
            t.payment = None
        cards = list(hand.elements())
        rng.shuffle(cards)
        mover.hand = hand = Counter(cards[: r.HAND_LIMIT])
        if choice == "auto-short" and cards:
            kind = rng.choice(list(hand.elements()))
            hand[kind] = max(hand[kind] - 1, 0)
    return choice


def perturb_smeaton(
    rng: random.Random, position: Position, turn: Turn, mover: Player, hand: Counter[str]
) -> None:
    tiles = [t for _, _, t in _tiles(turn)]
    labelled = [(t, i) for t in tiles for i, p in enumerate(t.payment or ()) if p.label]
    how = rng.choice(("third", "far", "not-surveyor", "other-engineer", "new-pair"))
    if how == "new-pair" or not labelled:
        # the same surveyor on two tiles that are not one after the other
        if len(tiles) >= 3:
            a, b = tiles[0], tiles[2]
        elif len(tiles) == 2:
            a, b = tiles
        else:
            return
        for t in (a, b):
            if t.payment:
                t.payment[0] = Pay("surveyor", "7")
        hand["surveyor"] += 1
        return
    t, _ = rng.choice(labelled)
    if how == "third":
        others = [x for x in tiles if x.payment]
        x = rng.choice(others)
        x.payment.append(Pay("surveyor", "1"))  # type: ignore[union-attr]
    elif how == "far":
        later = [x for x in tiles[tiles.index(t) + 2 :] if x.payment]
        if later:
            later[0].payment[0] = Pay("surveyor", "1")  # type: ignore[index]
    elif how == "not-surveyor":
        for x in tiles:
            for j, p in enumerate(x.payment or ()):
                if p.label:
                    x.payment[j] = Pay(x.kind, "1")  # type: ignore[index]
        hand[t.kind] += 1
    elif how == "other-engineer":  # the same plays without Smeaton
        held = {p.engineer for p in position.players}
        mover.engineer = rng.choice([e for e in ENGINEERS if e not in held] or [None])


def settle_hand(rng: random.Random, position: Position, turn: Turn) -> None:
    """Discard down to seven at the end of the turn (sometimes wrongly)."""
    mover = position.player(turn.player)
    if mover.hand is None or any(t.payment is None for _, _, t in _tiles(turn)):
        return
    trial = r.judge(position, turn)
    hand = trial.after.player(mover.colour).hand
    if hand is None:
        return
    size = sum(hand.values())
    excess = max(size - r.HAND_LIMIT, 0)
    x = rng.random()
    if x < 0.06:
        excess = max(excess - 1, 0)
    elif x < 0.12:
        excess += 1
    cards = list(hand.elements())
    rng.shuffle(cards)
    chosen = cards[:excess]
    if excess > len(cards):
        chosen = cards + ["tunnel"] * (excess - len(cards))
    if rng.random() < 0.04 and chosen:
        chosen[0] = rng.choice([k for k in CARD_KINDS if k not in cards] or ["tunnel"])
    if chosen:
        last = max(turn.phases)
        turn.phases.setdefault(3 if last < 3 and rng.random() < 0.5 else last, []).append(
            Discard(chosen)
        )


# ---------------------------------------------------------------------------------- goods moves


def gen_move(rng: random.Random) -> tuple[Position, Turn, str]:
    position = base_position(rng)
    board = position.board
    edition = position.edition
    mover = rng.choice(position.players)
    position.now = mover.colour
    position.phase = 3
    intent = "legal"
    if rng.random() < PERTURBED:
        intent = rng.choice(
            (
                "no-cube", "colour", "colour", "last-not-own", "skip-place", "wrong-owner",
                "beyond", "long-way", "long-way", "phase",
            )
        )  # fmt: skip
    if rng.random() < 0.1:
        position.options["colour-restriction-start"] = "excluded"
    names = list(board.places)
    chain = [rng.choice(names)]
    legs: list[list] = []
    used_hexes: set[Hex] = set()
    for _ in range(rng.randint(1, 4)):
        here = chain[-1]
        candidates = [p for p in names if p not in chain]
        rng.shuffle(candidates)
        for nxt in candidates:
            d = board.distances(nxt).get(board.places[here].hex, 99)
            if d > 4:
                continue
            path = route_between(
                board, rng, here, nxt, slack=1, avoid_hexes=used_hexes, through_places=False
            )
            if path is not None:
                chain.append(nxt)
                legs.append(path[:-1])
                used_hexes.update(path[:-1])
                break
        else:
            break
    if not legs:
        raise Retry
    others = [p for p in position.players if p is not mover]
    owners = [rng.choice(position.players) for _ in legs]
    owners[-1] = mover if intent != "last-not-own" else rng.choice(others)
    if intent == "long-way" and len(legs) >= 2:
        owners = [mover] * len(legs)
    # colours: all different along the chain (the colour rule), unless that is the point
    colours = rng.sample(COLOURS, len(chain))
    for place, colour in zip(chain, colours, strict=True):
        p = board.places[place]
        board.places[place] = Place(p.name, p.kind, colour, p.hex)
    # the canals: runs of one owner's legs make one canal or several
    i = 0
    while i < len(legs):
        j = i + 1
        while j < len(legs) and owners[j] is owners[i] and rng.random() < 0.6:
            j += 1
        make_canal(position, rng, owners[i], chain[i : j + 1], legs[i:j])
        i = j
    annotate: set[int] = set()
    if rng.random() < 0.25:
        k = rng.randrange(len(legs))
        owner = rng.choice(position.players)
        path = route_between(board, rng, chain[k], chain[k + 1], slack=2, through_places=False)
        if path is not None:
            make_canal(position, rng, owner, [chain[k], chain[k + 1]], [path[:-1]])
            annotate.add(k)
    shortcut: tuple[int, int] | None = None
    if edition == 2 and len(legs) >= 2 and (intent == "long-way" or rng.random() < 0.3):
        for a in range(len(chain)):
            for b in range(a + 2, len(chain)):
                if all(owners[k] is mover for k in range(a, b)) and shortcut is None:
                    path = route_between(
                        board, rng, chain[a], chain[b], slack=2, through_places=False
                    )
                    if path is not None:
                        make_canal(position, rng, mover, [chain[a], chain[b]], [path[:-1]])
                        shortcut = (a, b)
    for _ in range(rng.randint(0, 2)):  # canals elsewhere
        p = rng.choice(position.players)
        add_canals(position, rng, p, rng.choice((0, 1)), 1)
    # the move: the whole chain, or the shortcut when it is there and the point is not
    route = list(chain)
    if shortcut is not None and intent != "long-way":
        a, b = shortcut
        route = chain[: a + 1] + chain[b:]
    scatter_cubes(position, rng)
    position.cubes.add(route[0])
    if intent == "no-cube":
        position.cubes.discard(route[0])
    if intent == "colour" and len(route) >= 2:
        a, b = rng.sample(range(len(route)), 2)
        src, dst = board.places[route[a]], board.places[route[b]]
        board.places[dst.name] = Place(dst.name, dst.kind, src.colour, dst.hex)
    if intent == "skip-place" and len(route) >= 3:
        route.pop(rng.randrange(1, len(route) - 1))
    if intent == "beyond":
        route.append(rng.choice([p for p in names if p not in route] or names))
    sections = sections_of(position)
    legs_out: list[tuple[str, str | None]] = [(route[0], None)]
    for k, (a, b) in enumerate(itertools.pairwise(route)):
        owners_here = sorted({o for x, y, o in sections if {x, y} == {a, b}})
        named: str | None = None
        if intent == "wrong-owner" and k == len(route) - 2 - rng.randint(0, len(route) - 2):
            named = rng.choice(
                [p.colour for p in position.players if p.colour not in owners_here]
                or [mover.colour]
            )
        elif len(owners_here) > 1:
            named = (
                mover.colour
                if (k == len(route) - 2 and mover.colour in owners_here)
                else rng.choice(owners_here)
            )
        elif owners_here and (rng.random() < 0.2 or k in annotate):
            named = owners_here[0]
        legs_out.append((b, named))
    mover.hand = random_hand(rng, rng.randint(0, 9))
    turn = Turn(mover.colour, {3: [MoveCube(legs_out)]})
    if intent == "phase":
        position.phase = 2
        turn.phases = {2: turn.phases[3]}
    settle_hand(rng, position, turn)
    return position, turn, intent


def sections_of(position: Position) -> list[tuple[str, str, str]]:
    out = []
    for p in position.players:
        for c in p.canals:
            last, tiles = None, 0
            for item in c.route:
                if isinstance(item, str):
                    if last is not None and tiles:
                        out.append((last, item, p.colour))
                    last, tiles = item, 0
                else:
                    tiles += 1
    return out


def make_canal(
    position: Position, rng: random.Random, owner: Player, places: list[str], legs: list[list]
) -> None:
    """A canal joining ``places`` by ``legs`` (hexes), completed or left open beyond them."""
    board = position.board
    items: list = [places[0]]
    for place, leg in zip(places[1:], legs, strict=True):
        items += [*leg, place]
    if rng.random() < 0.5:
        items.reverse()
    route = [items[0], *kinds_for(board, items[1:], rng)]
    tiles = sum(1 for x in route if isinstance(x, Tile))
    start, last = route[0], route[-1]
    middles = [x for x in route[1:-1] if isinstance(x, str)]
    open_ok = len(owner.open_canals) < 2
    beyond = [p for p in board.places if p not in route]
    if open_ok and beyond and rng.random() < 0.4:
        far = rng.choice(beyond)
        name = new_contract(board, (start, far), (), tiles + rng.randint(1, 4))
        canal = Canal(name, route)
    else:
        via = (rng.choice(middles),) if middles and rng.random() < 0.4 else ()
        name = new_contract(board, (start, last), via, tiles + rng.randint(0, 2))
        canal = Canal(name, route, completed=True)
    if not add_canal(owner, canal):
        raise Retry


# ---------------------------------------------------------------------------------- display cards


def gen_take_cards(rng: random.Random, builtin: bool) -> tuple[Position, Turn, str]:
    position = base_position(rng, builtin=builtin)
    board = position.board
    mover = rng.choice(position.players)
    position.now = mover.colour
    position.phase = 2
    removal = position.edition == 1 and builtin and rng.random() < 0.6
    if removal and rng.random() < 0.3:
        position.options["cube-removal-order"] = "reverse-placement"
    add_canals(position, rng, mover, rng.choice((0, 1, 2)), rng.choice((0, 1)))
    other_players(position, rng, mover)
    if removal:
        total = r.CUBES[1]
        position.cubes = set(rng.sample(list(board.places), total - rng.choice((0, 0, 1, 2))))
    elif builtin and position.edition == 2 and rng.random() < 0.4:
        position.cubes = set(rng.sample(list(board.places), 20 - rng.choice((0, 1))))
    else:
        scatter_cubes(position, rng)
    mover.hand = random_hand(rng, rng.choice((0, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9)))
    held = sum(mover.hand.values())
    count = 3
    if mover.engineer == "Rennie" and rng.random() < 0.5:
        count = 4
    elif held >= r.HAND_LIMIT and rng.random() < 0.4:
        count = rng.randint(1, 2)
    symbols = 0.7 if removal else 0.45
    taken = [random_card(rng, symbols) for _ in range(count)]
    if removal and not any(c[1] for c in taken):
        taken[0] = (taken[0][0], rng.choice(COLOURS))
    display = [*taken, *(random_card(rng) for _ in range(r.DISPLAY - count))]
    rng.shuffle(display)
    position.display = display
    position.deck = rng.randint(6, 40)
    steps = take_steps(rng, position, mover.colour, taken)
    turn = Turn(mover.colour, {2: steps})
    intent = "legal"
    if rng.random() < PERTURBED:
        intent = perturb_take(rng, position, turn, mover)
    settle_hand(rng, position, turn)
    return position, turn, intent


def take_steps(
    rng: random.Random, position: Position, colour: str, taken: list[Card], refills: bool = True
) -> list[Step]:
    """Taking ``taken`` from the display: the refill and the cubes its symbols bring, placed by
    the rules (``position`` as it stands when the cards are taken)."""
    steps: list[Step] = [TakeCards(list(taken))]
    refill = None
    if refills and rng.random() < 0.85:
        refill = Refill([random_card(rng) for _ in taken])
    if refill is not None and rng.random() < 0.6:
        steps.append(refill)
        refill = None
    steps += cube_steps(rng, position, colour, [c[1] for c in taken if c[1]])
    if refill is not None:  # the README's order: take, place, refill
        steps.append(refill)
    return steps


def cube_steps(
    rng: random.Random, position: Position, colour: str, symbols: list[str]
) -> list[Step]:
    """The cube placements (and 1st edition removals) that ``symbols`` bring, by the rules."""
    steps: list[Step] = []
    trial = r._Referee(position, Turn(colour, {}))  # a scratch state to follow the cubes
    for symbol in symbols:
        chosen_colour = symbol
        if symbol == "white":
            with_room = [c for c in COLOURS if trial.free_places(c)] or list(COLOURS)
            chosen_colour = rng.choice(with_room)
        trial.obligations.append(symbol)
        while position.edition == 1 and trial.basin < 2:
            pick = removal_choice(rng, trial)
            if pick is None:
                break
            steps.append(RemoveCube(pick))
            trial.remove_cube(RemoveCube(pick))
        wanted = trial.cubes_wanted(chosen_colour)
        chosen = placement_choice(rng, trial, chosen_colour, wanted)
        trial.obligations.pop()
        if chosen:
            steps.append(PlaceCubes(chosen_colour, chosen))
        for place in chosen:
            trial.state.cubes.add(place)
            trial.basin = max(trial.basin - 1, 0)
    return steps


def removal_choice(rng: random.Random, trial: r._Referee) -> str | None:
    order = [4, 3, 2]
    if trial.state.option("cube-removal-order") == "reverse-placement":
        order.append(1)
    connected = trial.connected()
    for wanted in order:
        found = [p for p in trial.state.cubes if trial.priority(p, connected) == wanted]
        if found:
            return rng.choice(sorted(found))
    return None


def placement_choice(rng: random.Random, trial: r._Referee, colour: str, wanted: int) -> list[str]:
    connected = trial.connected()
    free = trial.free_places(colour)
    rng.shuffle(free)
    free.sort(key=lambda p: trial.priority(p, connected))
    return free[:wanted]


def perturb_take(rng: random.Random, position: Position, turn: Turn, mover: Player) -> str:
    board = position.board
    steps = turn.phases[2]
    take = steps[0]
    assert isinstance(take, TakeCards)
    places = [s for s in steps if isinstance(s, PlaceCubes)]
    choice = rng.choice(
        (
            "absent-card", "one-more", "fewer", "priority", "occupied", "wrong-colour",
            "one-cube", "three-cubes", "no-placing", "stray-placing", "refill-count",
            "removal", "no-removal", "phase", "rennie", "priority",
        )
    )  # fmt: skip
    if choice == "absent-card":
        i = rng.randrange(len(take.cards))
        kind, symbol = take.cards[i]
        take.cards[i] = (rng.choice([k for k in CARD_KINDS if k != kind]), symbol)
    elif choice == "one-more":
        extra = random_card(rng)
        take.cards.append(extra)
        assert position.display is not None
        position.display[rng.randrange(len(position.display))] = extra
    elif choice == "fewer" and len(take.cards) > 1:
        take.cards.pop()
    elif choice == "priority" and places:
        # a free place of a later class than the best one free, where there is such a place
        step = rng.choice(places)
        trial = r._Referee(position, Turn(mover.colour, {}))
        connected = trial.connected()
        free = [p for p in board.colour_places(step.colour) if p not in position.cubes]
        best = min((trial.priority(p, connected) for p in free), default=0)
        worse = [p for p in free if trial.priority(p, connected) > best]
        if (worse or free) and step.places:
            step.places[rng.randrange(len(step.places))] = rng.choice(worse or free)
    elif choice == "occupied" and places:
        step = rng.choice(places)
        full = [p for p in board.colour_places(step.colour) if p in position.cubes]
        if full and step.places:
            step.places[rng.randrange(len(step.places))] = rng.choice(full)
    elif choice == "wrong-colour" and places:
        step = rng.choice(places)
        step.colour = rng.choice([c for c in COLOURS if c != step.colour])
        if rng.random() < 0.5:
            free = [p for p in board.colour_places(step.colour) if p not in position.cubes]
            step.places = free[: len(step.places)] or step.places
    elif choice == "one-cube" and places:
        step = rng.choice(places)
        if len(step.places) > 1:
            step.places.pop()
        else:
            steps.remove(step)
    elif choice == "three-cubes" and places:
        step = rng.choice(places)
        more = [p for p in board.colour_places(step.colour) if p not in step.places]
        if more:
            step.places.append(rng.choice(more))
    elif choice == "no-placing" and places:
        steps.remove(rng.choice(places))
    elif choice == "stray-placing":
        colour = rng.choice(COLOURS)
        free = [p for p in board.colour_places(colour) if p not in position.cubes]
        steps.append(PlaceCubes(colour, free[:2] or board.colour_places(colour)[:1]))
        if not steps[-1].places:  # type: ignore[union-attr]
            steps.pop()
    elif choice == "refill-count":
        refill = next((s for s in steps if isinstance(s, Refill)), None)
        if refill is not None:
            if len(refill.cards) > 1 and rng.random() < 0.5:
                refill.cards.pop()
            else:
                refill.cards.append(random_card(rng))
    elif choice == "removal":
        removals = [s for s in steps if isinstance(s, RemoveCube)]
        if removals:
            step = rng.choice(removals)
            step.place = rng.choice(sorted(position.cubes))
        elif position.cubes:
            at = 2 if len(steps) > 1 and isinstance(steps[1], Refill) else 1
            steps.insert(at, RemoveCube(rng.choice(sorted(position.cubes))))
    elif choice == "no-removal":
        for s in [s for s in steps if isinstance(s, RemoveCube)]:
            steps.remove(s)
    elif choice == "phase":
        turn.phases = {3: steps}
    elif choice == "rennie":
        held = {p.engineer for p in position.players}
        if "Rennie" not in held and len(take.cards) == 3:
            mover.engineer = "Rennie"
            spare = [c for c in position.display or [] if c not in take.cards]
            if spare:
                take.cards.append(spare[0])
                refill = next((s for s in steps if isinstance(s, Refill)), None)
                if refill is not None:
                    refill.cards.append(random_card(rng))
    return choice


# ---------------------------------------------------------------------------------- contracts


def gen_contract(rng: random.Random) -> tuple[Position, Turn, str]:
    position = base_position(rng)
    board = position.board
    mover = rng.choice(position.players)
    position.now = mover.colour
    position.phase = 1
    opened = rng.choice((0, 0, 0, 1, 1, 2))
    add_canals(position, rng, mover, opened, rng.choice((0, 1)))
    other_players(position, rng, mover)
    scatter_cubes(position, rng)
    mover.hand = random_hand(rng, rng.randint(0, 7))
    size = rng.choice((0, 1, 1, 2, 2, 3, 4, 5)) if rng.random() < 0.9 else 0
    parliament = spare_contracts(board, rng, size)
    spare = spare_contracts(board, rng, 6)
    position.parliament = parliament
    position.contract_deck = rng.choice((0, 2, 3, 5, 5, 10, 20)) if parliament else 0
    position.display = [random_card(rng) for _ in range(r.DISPLAY)]
    position.deck = rng.randint(10, 40)
    if position.edition == 2:
        mover.junctions = (
            rng.choice((0, 1, 1)) if len(position.players) > 2 else rng.choice((0, 1, 2))
        )
    steps: list[Step] = []
    open_now = len(mover.open_canals)
    junction_ok = position.edition == 2 and (mover.junctions or 0) > 0
    if open_now < 2 and junction_ok and rng.random() < 0.25:
        steps.append(TakeJunction(rng.choice(list(board.places))))
    elif open_now < 2 and parliament:
        first = rng.choice(parliament)
        choices = [(first, rng.choice(board.contracts[first].ends))]
        reveal: list[str] = []
        left = [c for c in parliament if c != first]
        if not left:
            reveal = spare[: min(r.PARLIAMENT, position.contract_deck or 0)]
        if open_now == 0 and rng.random() < 0.6:
            pool = left if len(parliament) == 2 else reveal if len(parliament) == 1 else []
            if pool:
                second = rng.choice(pool)
                choices.append((second, rng.choice(board.contracts[second].ends)))
        if len(parliament) == 2 and len(choices) == 2:
            reveal = spare[: min(r.PARLIAMENT, position.contract_deck or 0)]
        steps.append(TakeContract(choices))
        if reveal and rng.random() < 0.9:
            steps.append(Reveal(reveal))
    else:
        steps.append(rng.choice((Pass(), DiscardDisplay())))
        if isinstance(steps[-1], DiscardDisplay):
            steps.append(Refill([random_card(rng) for _ in range(r.DISPLAY)]))
    turn = Turn(mover.colour, {1: steps})
    intent = "legal"
    if rng.random() < PERTURBED:
        intent = perturb_contract(rng, position, turn, mover, spare)
    return position, turn, intent


def perturb_contract(
    rng: random.Random, position: Position, turn: Turn, mover: Player, spare: list[str]
) -> str:
    board = position.board
    steps = turn.phases[1]
    take = next((s for s in steps if isinstance(s, TakeContract)), None)
    choice = rng.choice(
        ("barge", "not-in-parliament", "held", "third", "extra", "skip", "reveal-count",
         "junction", "junction-none", "second-from-parliament")
    )  # fmt: skip
    if choice == "barge" and take is not None:
        i = rng.randrange(len(take.choices))
        name, _ = take.choices[i]
        others = [p for p in board.places if p not in board.contracts[name].ends]
        take.choices[i] = (name, rng.choice(others))
    elif choice == "not-in-parliament" and take is not None:
        outside = [c for c in spare if c not in (position.parliament or [])]
        reveal = next((s for s in steps if isinstance(s, Reveal)), None)
        outside = [c for c in outside if reveal is None or c not in reveal.names]
        if outside:
            name = rng.choice(outside)
            take.choices[0] = (name, board.contracts[name].ends[0])
    elif choice == "held" and take is not None:
        held = [c.contract for p in position.players for c in p.canals if c.contract != JUNCTION]
        if held:
            name = rng.choice(held)
            take.choices[-1] = (name, board.contracts[name].ends[1])
    elif choice == "third":
        while len(mover.open_canals) < 2:
            canal = random_canal(board, rng, completed=False)
            if canal is None or not add_canal(mover, canal):
                break
        if (
            not any(isinstance(s, (TakeContract, TakeJunction)) for s in steps)
            and position.parliament
        ):
            name = position.parliament[0]
            steps[:] = [TakeContract([(name, board.contracts[name].ends[0])])]
            if len(position.parliament) == 1 and (position.contract_deck or 0) > 0:
                steps.append(Reveal(spare[: min(r.PARLIAMENT, position.contract_deck or 0)]))
    elif choice == "extra" and take is not None and len(take.choices) == 1:
        left = [c for c in position.parliament or [] if c != take.choices[0][0]]
        if left:
            name = rng.choice(left)
            take.choices.append((name, board.contracts[name].ends[0]))
    elif choice == "second-from-parliament" and take is not None and len(take.choices) == 2:
        reveal = next((s for s in steps if isinstance(s, Reveal)), None)
        if reveal is not None and len(position.parliament or []) == 1:
            take.choices[1] = (take.choices[0][0], take.choices[0][1])
    elif choice == "skip":
        for canal in mover.open_canals:
            mover.canals.remove(canal)
        steps[:] = [rng.choice((Pass(), DiscardDisplay()))]
        if isinstance(steps[0], DiscardDisplay):
            steps.append(Refill([random_card(rng) for _ in range(r.DISPLAY)]))
    elif choice == "reveal-count":
        reveal = next((s for s in steps if isinstance(s, Reveal)), None)
        if reveal is not None:
            if rng.random() < 0.5 and len(reveal.names) > 1:
                reveal.names.pop()
            else:
                more = [c for c in spare if c not in reveal.names]
                if more:
                    reveal.names.append(more[0])
    elif choice in ("junction", "junction-none"):
        steps[:] = [TakeJunction(rng.choice(list(board.places)))]
        if choice == "junction-none" and position.edition == 2:
            mover.junctions = 0
    return choice


# ---------------------------------------------------------------------------------- whole turns


def build_lines(rng: random.Random, position: Position, mover: Player, total: int) -> list:
    """A build of about ``total`` tiles on the mover's open canals, made legal where it can be
    (``position`` as it stands when the build starts)."""
    board = position.board
    canals = list(mover.open_canals)
    rng.shuffle(canals)
    if len(canals) == 2 and rng.random() < 0.5:
        canals = canals[:1]
    lines: list[BuildLine] = []
    for i, canal in enumerate(canals):
        share = total if i == len(canals) - 1 else max(1, total // 2)
        items: list = []
        for step in kinds_for(
            board, plan_build(position, rng, canal, share), rng, _last_kind(canal)
        ):
            if isinstance(step, str):
                items.append(Reach(step))
                continue
            extra = r.OVERBUILD_EXTRA if step.hex in occupied_by_others(position, canal) else 0
            items.append(
                BuildTile(step.kind, step.hex, payment(rng, step.kind, mover.engineer, extra))
            )
        if items:
            lines.append(BuildLine(canal.contract, items))
    return lines


def find_move(rng: random.Random, position: Position, mover: str) -> list | None:
    """A goods move that keeps the rules (colours, last section own), at random, or None."""
    board = position.board
    sections = sections_of(position)
    links: dict[str, set[tuple[str, str]]] = {}
    for a, b, owner in sections:
        links.setdefault(a, set()).add((b, owner))
        links.setdefault(b, set()).add((a, owner))
    found: list[list[tuple[str, str]]] = []

    def walk(path: list[tuple[str, str]], colours: set[str]) -> None:
        here = path[-1][0]
        if len(path) > 1 and path[-1][1] == mover:
            found.append(list(path))
        if len(path) > 4:
            return
        for nxt, owner in sorted(links.get(here, ())):
            colour = board.places[nxt].colour
            if colour in colours or any(p == nxt for p, _ in path):
                continue
            walk([*path, (nxt, owner)], colours | {colour})

    for start in sorted(position.cubes):
        walk([(start, "")], {board.places[start].colour})
    if not found:
        return None
    path = rng.choice(found)
    legs: list[tuple[str, str | None]] = [(path[0][0], None)]
    for (a, _), (b, owner) in itertools.pairwise(path):
        owners = {o for x, y, o in sections if {x, y} == {a, b}}
        legs.append((b, owner if len(owners) > 1 or rng.random() < 0.2 else None))
    return legs


def phase_one(rng: random.Random, position: Position, mover: Player, spare: list[str]) -> list:
    board = position.board
    parliament = position.parliament or []
    held = {p.engineer for p in position.players}
    aside = [e for e in ENGINEERS if e not in held]
    x = rng.random()
    if parliament and len(mover.open_canals) < 2 and (not mover.open_canals or x < 0.3):
        name = rng.choice(parliament)
        steps: list = [TakeContract([(name, rng.choice(board.contracts[name].ends))])]
        if len(parliament) == 1 and position.contract_deck:
            steps.append(Reveal(spare[: min(r.PARLIAMENT, position.contract_deck)]))
        return steps
    if x < 0.55:
        if aside and rng.random() < 0.5:
            return [Exchange(for_engineer=rng.choice(aside))]
        others = [p.colour for p in position.players if p is not mover]
        return [Exchange(with_player=rng.choice(others))]
    if x < 0.7:
        card = random_card(rng, 0.5)
        announce = card[1] is not None and rng.random() < 0.7
        steps = [Draw(card, announce=announce)]
        if announce:
            steps += cube_steps(rng, position, mover.colour, [card[1]])  # type: ignore[list-item]
        return steps
    if x < 0.8:
        return [DiscardDisplay(), Refill([random_card(rng) for _ in range(r.DISPLAY)])]
    return [Pass()]


def gen_full_turn(rng: random.Random) -> tuple[Position, Turn, str]:
    """A whole turn, phases 1 to 3, where each phase may lean on the one before: an engineer
    exchanged then used, a contract taken then built, a section finished then used by goods."""
    position = base_position(rng)
    board = position.board
    mover = rng.choice(position.players)
    position.now = mover.colour
    position.phase = 1
    add_canals(position, rng, mover, rng.choice((0, 1, 1, 2)), rng.choice((0, 1)))
    if any(r.completion(board, c) is None for c in mover.open_canals):
        raise Retry
    other_players(position, rng, mover)
    scatter_cubes(position, rng)
    position.parliament = spare_contracts(board, rng, rng.randint(0, 4))
    spare = spare_contracts(board, rng, 5)
    position.contract_deck = rng.choice((0, 3, 10)) if position.parliament else 0
    position.display = [random_card(rng) for _ in range(r.DISPLAY)]
    position.deck = rng.randint(12, 40)
    mover.hand = random_hand(rng, rng.randint(0, 4))
    turn = Turn(mover.colour, {1: phase_one(rng, position, mover, spare)})
    after = r.judge(position, turn).after
    me = after.player(mover.colour)
    x = rng.random()
    steps: list = [Pass()]
    if x < 0.5 and me.open_canals:
        lines = build_lines(rng, after, me, rng.choice((1, 2, 3)))
        if lines:
            steps = [Build(lines)]
            tiles = [t for line in lines for t in line.items if isinstance(t, BuildTile)]
            mover.hand.update(physical(tiles))
    elif x < 0.75 and after.display is not None and len(after.display) >= 3:
        count = 4 if me.engineer == "Rennie" and rng.random() < 0.5 else 3
        steps = take_steps(rng, after, mover.colour, rng.sample(after.display, count))
    elif x < 0.85:
        if me.engineer == "Rennie" and after.display and rng.random() < 0.6:
            card = rng.choice(after.display)
            steps = [Draw(card, from_display=True)]
            steps += cube_steps(rng, after, mover.colour, [card[1]] if card[1] else [])
            steps.append(Refill([random_card(rng)]))
        else:
            steps = [Draw(random_card(rng))]
    if sum(mover.hand.values()) > r.HAND_LIMIT:
        raise Retry
    turn.phases[2] = steps
    after = r.judge(position, turn).after
    legs = find_move(rng, after, mover.colour) if rng.random() < 0.8 else None
    turn.phases[3] = [MoveCube(legs)] if legs else [rng.choice((Pass(), Draw(random_card(rng))))]
    intent = "legal"
    if rng.random() < PERTURBED:
        intent = perturb_full(rng, position, turn, mover)
        if sum(mover.hand.values()) > r.HAND_LIMIT:  # phase 1: a hand of seven at most
            cards = list(mover.hand.elements())
            rng.shuffle(cards)
            mover.hand = Counter(cards[: r.HAND_LIMIT])
    settle_hand(rng, position, turn)
    return position, turn, intent


def perturb_full(rng: random.Random, position: Position, turn: Turn, mover: Player) -> str:
    first, second, third = turn.phases[1], turn.phases[2], turn.phases[3]
    held = {p.engineer for p in position.players}
    choice = rng.choice(
        (
            "phase-2", "phase-2", "phase-2", "exchange", "announce", "rennie", "move", "swap",
            "wrong-player", "passed-phase", "short-display",
        )
    )  # fmt: skip
    if choice == "phase-2" and isinstance(second[0], Build):
        return "build " + perturb_build(rng, position, turn, mover)
    if choice == "phase-2" and isinstance(second[0], TakeCards):
        return "take " + perturb_take(rng, position, turn, mover)
    if choice == "exchange":
        target = rng.choice([e for e in ENGINEERS if e in held])
        first[:] = [rng.choice((Exchange(for_engineer=target), Exchange(with_player=mover.colour)))]
    elif choice == "announce":
        first[:] = [Draw((rng.choice(CARD_KINDS), None), announce=True)]
    elif choice == "rennie" and position.display:
        second[:] = [Draw(position.display[0], from_display=True), Refill([random_card(rng)])]
    elif choice == "move" and isinstance(third[0], MoveCube):
        legs = third[0].legs
        if rng.random() < 0.5:  # the other way round: the last section is seldom one's own
            route = [p for p, _ in reversed(legs)]
            sections = sections_of(position)
            legs[:] = [(route[0], None)]
            for a, b in itertools.pairwise(route):
                owners = sorted({o for x, y, o in sections if {x, y} == {a, b}})
                legs.append((b, rng.choice(owners) if len(owners) > 1 else None))
        else:
            position.cubes.discard(legs[0][0])
    elif choice == "swap":  # the actions of phases 2 and 3 change places
        turn.phases[2], turn.phases[3] = third, second
    elif choice == "wrong-player":  # someone else plays the turn (with the same steps)
        other = rng.choice([p for p in position.players if p is not mover])
        if other.hand is None or sum(other.hand.values()) <= r.HAND_LIMIT:
            turn.player = other.colour
    elif choice == "passed-phase":  # the position is already in phase 2
        position.phase = 2
    elif choice == "short-display" and position.display:
        position.display.pop()
        first[:] = [DiscardDisplay(), Refill([random_card(rng) for _ in range(r.DISPLAY)])]
    return choice


# ---------------------------------------------------------------------------------- writing


def name(text: str) -> str:
    bare = text.replace("_", "").replace("'", "").isalnum() and text[0].isalpha()
    return text if bare and " " not in text else f'"{text}"'


def card_text(card: Card) -> str:
    return f"{card[0]}/{card[1]}" if card[1] else card[0]


def counts(counter: Counter[str] | dict[str, int], kinds: tuple[str, ...]) -> str:
    return ", ".join(f"{counter[k]} {k}" for k in kinds if counter.get(k, 0))


def route_text(route: list) -> str:
    return ", ".join(name(x) if isinstance(x, str) else f"{x.kind} {r.label(x.hex)}" for x in route)


def render(position: Position, turn: Turn) -> str:
    board = position.board
    edition = "first-edition" if position.edition == 1 else "second-edition"
    out = [f"rules {edition} {{", f"  players {len(position.players)}"]
    out += [f"  option {k} = {v}" for k, v in sorted(position.options.items())]
    out.append("}")
    if board.builtin:
        out.append(f"board {board.builtin}")
    else:
        # the map: one row of cells a line, rows 2, 4 ... one space further in
        keys = dict(zip(board.places, MAP_KEYS, strict=False))
        cells = {"clear": ".", "difficult": "^", "sea": "~"}
        out += [f"board {board.name} {{", "  map {"]
        for row in range(board.rows):
            line = [
                keys[board.place_at[(col, row)]]
                if (col, row) in board.place_at
                else cells[board.terrain[(col, row)]]
                for col in range(board.cols)
            ]
            out.append("    |" + (" " if row % 2 else "") + " " + " ".join(line))
        out.append("  }")
        for p in board.places.values():
            out.append(f"  {p.kind} {name(p.name)} {p.colour} marked {keys[p.name]}")
        for c in board.contracts.values():
            via = f" via {', '.join(name(v) for v in c.via)}" if c.via else ""
            out.append(
                f"  contract {name(c.name)} between {name(c.ends[0])} and {name(c.ends[1])}"
                f"{via} value {c.value}"
            )
        out.append("}")
    for p in position.players:
        out.append(f"player {p.colour} {{")
        if p.engineer:
            out.append(f"  engineer {p.engineer}")
        out.append(f"  score {p.score}")
        if p.hand is not None:
            text = counts(p.hand, CARD_KINDS)
            out.append(f"  hand {text}".rstrip())
        if p.supply is not None:
            out.append("  supply " + ", ".join(f"{p.supply.get(k, 0)} {k}" for k in TILE_KINDS))
        if p.junctions is not None and position.edition == 2:
            out.append(f"  junctions {p.junctions}")
        for c in p.canals:
            ref = "junction" if c.contract == JUNCTION else name(c.contract)
            word = "completed" if c.completed else "canal"
            out.append(f"  {word} {ref}: {route_text(c.route)}")
        out.append("}")
    if position.parliament is not None:
        out.append(("parliament " + ", ".join(name(c) for c in position.parliament)).rstrip())
    if position.contract_deck is not None:
        out.append(f"contract-deck {position.contract_deck}")
    if position.display is not None:
        out.append(("display " + ", ".join(card_text(c) for c in position.display)).rstrip())
    if position.deck is not None:
        out.append(f"deck {position.deck}")
    if position.cubes:
        out.append("cubes at " + ", ".join(name(c) for c in sorted(position.cubes)))
    else:
        out.append("cubes none")
    out.append(f"now {position.now} phase {position.phase}")
    out.append(f"turn {turn.player} {{")
    for number in sorted(turn.phases):
        out.append(f"  phase {number}:")
        for step in turn.phases[number]:
            out.append("    " + step_text(step))
    out.append("}")
    return "\n".join(out) + "\n"


def step_text(step: Step) -> str:
    if isinstance(step, Build):
        lines = [
            f"{'junction' if ln.canal == JUNCTION else name(ln.canal)}: "
            + ", ".join(build_item_text(x) for x in ln.items)
            for ln in step.lines
        ]
        if len(lines) == 1:
            return f"build {lines[0]}"
        return "build {\n" + "\n".join(f"      {ln}" for ln in lines) + "\n    }"
    if isinstance(step, TakeCards):
        return f"take {', '.join(card_text(c) for c in step.cards)} from display"
    if isinstance(step, Refill):
        return f"refill {', '.join(card_text(c) for c in step.cards)}"
    if isinstance(step, PlaceCubes):
        return f"place {step.colour} at {', '.join(name(p) for p in step.places)}"
    if isinstance(step, RemoveCube):
        return f"remove cube from {name(step.place)}"
    if isinstance(step, MoveCube):
        legs = [name(p) + (f"[{o}]" if o else "") for p, o in step.legs]
        return "move cube " + " > ".join(legs)
    if isinstance(step, TakeContract):
        parts = [f"{name(c)} barge at {name(p)}" for c, p in step.choices]
        return "take contract " + " then ".join(parts)
    if isinstance(step, Reveal):
        return "reveal " + ", ".join(name(c) for c in step.names)
    if isinstance(step, TakeJunction):
        return f"take junction barge at {name(step.place)}"
    if isinstance(step, DiscardDisplay):
        return "discard display"
    if isinstance(step, Pass):
        return "pass"
    if isinstance(step, Discard):
        return "discard " + ", ".join(step.cards)
    if isinstance(step, Draw):
        return (
            f"draw {card_text(step.card)}"
            + (" from display" if step.from_display else "")
            + (" announce" if step.announce else "")
        )
    if isinstance(step, Exchange):
        if step.with_player is not None:
            return f"exchange engineer with {step.with_player}"
        return f"exchange engineer for {step.for_engineer}"
    raise TypeError(step)


def build_item_text(item: BuildTile | Reach) -> str:
    if isinstance(item, Reach):
        return name(item.place)
    text = f"{item.kind} {r.label(item.hex)}"
    if item.payment is not None:
        text += (
            " ("
            + ", ".join(p.kind + (f"@{p.label}" if p.label else "") for p in item.payment)
            + ")"
        )
    return text


# ---------------------------------------------------------------------------------- cases

CATEGORIES = (
    ("build", 34),
    ("build-sea", 6),
    ("build-england", 6),
    ("move", 22),
    ("take-cards", 14),
    ("take-cards-england", 6),
    ("contract", 10),
    ("turn", 14),
)


def make_case(seed: int, index: int) -> Case:
    """Case ``index`` of run ``seed``: the same every time."""
    return make_judged_case(seed, index)[0]


def make_judged_case(seed: int, index: int) -> tuple[Case, r.Ruling]:
    """Case ``index`` of run ``seed`` and the referee's ruling on it: the generator judges
    each case anyway (a goods move left ambiguous is drawn again), so the differential test
    takes that ruling rather than judging the same turn on the same position a second time."""
    rng = random.Random(seed * 1_000_003 + index)
    for _ in range(50):
        category = rng.choices([c for c, _ in CATEGORIES], [w for _, w in CATEGORIES])[0]
        try:
            if category == "build":
                position, turn, intent = gen_build(rng, builtin=False)
            elif category == "build-sea":  # more sea: dead ends for the completion search
                position, turn, intent = gen_build(rng, builtin=False, sea=0.22)
            elif category == "build-england":
                position, turn, intent = gen_build(rng, builtin=True)
            elif category == "move":
                position, turn, intent = gen_move(rng)
            elif category == "take-cards":
                position, turn, intent = gen_take_cards(rng, builtin=False)
            elif category == "take-cards-england":
                position, turn, intent = gen_take_cards(rng, builtin=True)
            elif category == "turn":
                position, turn, intent = gen_full_turn(rng)
            else:
                position, turn, intent = gen_contract(rng)
        except (Retry, r.AmbiguousTurn):
            continue
        try:  # a goods move the generator left ambiguous (whose section?) is drawn again
            ruling = r.judge(position, turn)
        except r.AmbiguousTurn:
            continue
        case = Case(seed, index, category, intent, position, turn, render(position, turn))
        return case, ruling
    raise RuntimeError(f"no case for seed {seed} index {index}")
