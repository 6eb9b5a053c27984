"""Adversarial inputs the language allows: files written to make canaldsl slow or hungry.

Each family is a function returning ``(name, text)`` pairs of `.canal` files; the solver
benchmark (``bench/bench_solver.py --adversarial``) times the commands on them, and the tests
(``tests/test_adversarial.py``) check a few at their limits. Run as a script to write them::

    python bench/adversarial.py OUT_DIR        # every family, one file per case

Families:

* ``vias``: a contract with k via places (0 to the limit, E319 beyond) on a board of W x H
  hexes, a canal with tiles already built, a turn that builds on it, a best-build and a
  can-complete query;
* ``big``: a canal on the largest board (100 x 100) with a contract of value 40 or 99;
* ``smeaton``: Smeaton holding 4 to 7 surveyors with two open canals of value 8 to 14 on the
  built-in board (the best build's worst case);
* ``record``: a long game record (the language benchmark's generator);
* ``goods``: a dense goods network: every player's tiles spent on short canals between
  places of all six colours, cubes on every place, a best-delivery query and final scoring.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

COLOURS = ("red", "yellow", "green", "blue", "black", "purple")


def column(index: int) -> str:
    """0 -> 'A', 26 -> 'AA' (the language's column letters)."""
    if index < 26:
        return chr(ord("A") + index)
    index -= 26
    return chr(ord("A") + index // 26) + chr(ord("A") + index % 26)


def hex_label(col: int, row: int) -> str:
    return f"{column(col)}{row + 1}"


def vias_file(
    vias: int,
    *,
    columns: int = 26,
    rows: int = 12,
    value: int | None = None,
    built: int = 2,
    queries: bool = True,
    spread: int | None = None,
    hand: str = "2 stretch, 2 lock, 1 surveyor",
) -> str:
    """A contract from the west edge to the east edge through ``vias`` towns set alternately
    north and south of the middle row, so that every order is tried by a naive search; the
    canal has ``built`` stretches/locks already and a turn builds two more. ``spread``: how
    many rows off the middle the via places stand (default: at the top and bottom edges)."""
    middle = rows // 2
    step = max((columns - 4) // max(vias + 1, 1), 1)
    lines = ["rules second-edition { players 2 }", "board vias {", f"  grid {columns} x {rows}"]
    lines.append(f"  town Start red at {hex_label(0, middle)}")
    names = []
    for i in range(vias):
        col = 2 + step * (i + 1)
        if spread is None:
            row = 1 if i % 2 == 0 else rows - 2
        else:
            row = middle - spread if i % 2 == 0 else middle + spread
        names.append(f"V{i}")
        lines.append(f"  town V{i} {COLOURS[(i + 1) % 6]} at {hex_label(col, row)}")
    lines.append(f"  town End blue at {hex_label(columns - 1, middle)}")
    via = f" via {', '.join(names)}" if names else ""
    worth = value if value is not None else 99
    lines.append(f"  contract Long between Start and End{via} value {worth}")
    lines.append("}")
    tiles = ["Start"]
    kinds = ("stretch", "lock")
    for i in range(built):
        tiles.append(f"{kinds[i % 2]} {hex_label(i + 1, middle)}")
    lines.append("player red {")
    lines.append("  engineer Rennie")
    lines.append(f"  hand {hand}")
    lines.append(f"  canal Long: {', '.join(tiles)}")
    lines.append("}")
    lines.append("player yellow {\n  engineer Telford\n}")
    lines.append("now red phase 2")
    step_tiles = [
        f"{kinds[(built + i) % 2]} {hex_label(built + 1 + i, middle)} ({kinds[(built + i) % 2]})"
        for i in range(2)
    ]
    lines.append(f"turn red {{\n  phase 2: build Long: {', '.join(step_tiles)}\n}}")
    lines.append("expect legal")
    if queries:
        lines.append("query best-build for red")
        lines.append("query can-complete Long for red")
    return "\n".join(lines) + "\n"


def big_file(value: int, *, size: int = 100) -> str:
    """A canal from the west edge of a size x size board to a town ``value`` columns east."""
    middle = size // 2
    lines = ["rules second-edition { players 2 }", "board big {", f"  grid {size} x {size}"]
    lines.append(f"  town Start red at {hex_label(0, middle)}")
    lines.append(f"  town End blue at {hex_label(min(size - 1, value), middle)}")
    lines.append(f"  contract Long between Start and End value {value}")
    lines.append("}")
    lines.append("player red {\n  engineer Rennie\n  hand 2 stretch, 2 lock, 1 surveyor")
    lines.append("  canal Long: Start\n}")
    lines.append("player yellow {\n  engineer Telford\n}")
    lines.append("now red phase 2")
    return "\n".join(lines) + "\n"


def goods_file(*, columns: int = 9, rows: int = 5, owners: int = 5, cubes: int = 20) -> str:
    """A dense goods network on a board of its own: towns of the six colours in a lattice, two
    hexes apart, and between each two neighbouring towns a one-tile completed canal of each of
    ``owners`` players (all on the one hex between them: later ones on top), as far as the
    players' tiles go; ``cubes`` goods cubes on towns; a best-delivery query and the final
    scores asked. Routes multiply by the parallel sections: the exhaustive search of every
    goods move has many millions to try."""
    from canaldsl.hexgrid import Hex

    towns = {(2 * c + (r % 2), 2 * r): f"T{r}_{c}" for r in range(rows) for c in range(columns)}
    colour = {name: COLOURS[(i * 5 + i // columns) % 6] for i, name in enumerate(towns.values())}
    lines = [f"rules second-edition {{ players {owners} }}", "board dense {"]
    lines.append(f"  grid {2 * columns + 2} x {2 * rows}")
    for (col, row), name in sorted(towns.items(), key=lambda t: t[1]):
        lines.append(f"  town {name} {colour[name]} at {hex_label(col, row)}")
    at = {Hex(c, r): name for (c, r), name in towns.items()}
    links: list[tuple[str, str, Hex]] = []
    seen: set[tuple[str, str]] = set()
    for hex, name in sorted(at.items()):
        for middle in hex.neighbours():
            if middle in at:
                continue
            for other in middle.neighbours():
                if other in at and other != hex:
                    pair = tuple(sorted((name, at[other])))
                    if pair not in seen and colour[name] != colour[at[other]]:
                        seen.add(pair)  # type: ignore[arg-type]
                        links.append((pair[0], pair[1], middle))
    players = ["red", "white", "black", "green", "yellow"][:owners]
    routes: dict[str, list[str]] = {p: [] for p in players}
    used = {p: 0 for p in players}
    contracts: list[str] = []
    for n, (a, b, middle) in enumerate(links):
        for p in players:
            if used[p] >= 28:  # a player's stretches and locks
                continue
            kind = "stretch" if used[p] < 16 else "lock"
            name = f"C{n}_{p}"
            contracts.append(f"  contract {name} between {a} and {b} value 1")
            routes[p].append(f"  completed {name}: {a}, {kind} {hex_label(*middle)}, {b}")
            used[p] += 1
    lines += contracts
    lines.append("}")
    for p in players:
        lines.append(f"player {p} {{\n  hand\n" + "\n".join(routes[p]) + "\n}")
    names = sorted(towns.values())
    lines.append(f"cubes at {', '.join(names[:cubes])}")
    lines.append("now red phase 3")
    lines.append("query best-delivery for red")
    lines.append("expect winner red")
    return "\n".join(lines) + "\n"


def vias_family(limit: int = 8) -> Iterator[tuple[str, str]]:
    for columns, rows in ((26, 12), (60, 40), (100, 100)):
        for k in (0, 2, 4, 6, 7, 8):
            if k <= limit:
                yield f"vias-{k}-{columns}x{rows}", vias_file(k, columns=columns, rows=rows)
                text = vias_file(k, columns=columns, rows=rows, queries=False)
                yield f"vias-{k}-{columns}x{rows}-noquery", text


def big_family() -> Iterator[tuple[str, str]]:
    for value in (12, 40, 99):
        yield f"big-100x100-value-{value}", big_file(value)
    yield "big-40x30-value-40", big_file(40, size=40).replace("grid 40 x 40", "grid 40 x 30")


def main(argv: list[str]) -> None:
    out = Path(argv[1] if len(argv) > 1 else "adversarial")
    out.mkdir(parents=True, exist_ok=True)
    for name, text in [*vias_family(), *big_family(), ("goods-dense", goods_file())]:
        (out / f"{name}.canal").write_text(text, encoding="utf-8")
        print(out / f"{name}.canal")


if __name__ == "__main__":
    main(sys.argv)
