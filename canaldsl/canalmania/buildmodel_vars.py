"""The variables of the CP-SAT build model, and the base its parts share.

:class:`CanalVars` holds one canal's variables; :class:`ModelBase` the model, the problem and
the rule literals that the parts (:mod:`canaldsl.canalmania.buildmodel_routes`,
``buildmodel_cards``, ``buildmodel_answers``) add constraints to. See
:mod:`canaldsl.canalmania.buildmodel` for the model as a whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from canaldsl.canalmania.components import TERRAIN_TILES, TileKind
from canaldsl.canalmania.problem import BuildProblem, CanalTask
from canaldsl.hexgrid import Hex

KINDS = (TileKind.STRETCH, TileKind.LOCK, TileKind.AQUEDUCT, TileKind.TUNNEL)


@dataclass
class CanalVars:
    task: CanalTask
    positions: int
    domains: list[list[Hex]] = field(default_factory=list)
    """Candidate hexes per position (index 0 unused)."""
    y: dict[tuple[int, Hex, TileKind], Any] = field(default_factory=dict)
    """y[p, hex, kind]: the p-th new tile is of this kind on this hex."""
    x: dict[tuple[int, Hex], Any] = field(default_factory=dict)
    """x[p, hex]: the p-th new tile is on this hex."""
    k: dict[tuple[int, TileKind], Any] = field(default_factory=dict)
    """k[p, kind]: the p-th new tile is of this kind."""
    z: dict[tuple[int, str], Any] = field(default_factory=dict)
    """z[p, place]: the canal reaches this place after its p-th new tile (0: before any)."""
    used: list[Any] = field(default_factory=list)
    """used[p]: position p holds a tile (index 0 and positions + 1: the constant 0)."""
    gap: list[Any] = field(default_factory=list)
    """gap[p]: a place is reached after tile p."""
    done: dict[tuple[int, str], Any] = field(default_factory=dict)
    """done[p, via]: the via place was reached at a gap up to p."""
    completes: Any = 0
    slots: list[Any] = field(default_factory=list)
    extras: list[Any] = field(default_factory=list)
    tile_points: Any = 0
    top: list[Any] = field(default_factory=list)
    """top[p]: tile p is built on top of another canal's tile (two more cards)."""
    count: dict[TileKind, Any] = field(default_factory=dict)
    """count[kind]: the number of new tiles of this kind (an integer variable)."""
    main: dict[tuple[int, TileKind], Any] = field(default_factory=dict)
    """main[p, kind]: the cards of its own kind tile p needs, when it is of this kind."""


MODEL_RULES = (
    "build.start-at-barge",
    "build.connected",
    "build.terrain",
    "build.consecutive-tiles",
    "build.canal-integrity",
    "build.contract-length",
    "build.via-places",
    "build.tile-supply",
    "build.completable",
    "pay.wrong-count",
    "pay.wrong-kind",
    "pay.not-in-hand",
    "build.overbuild",
)
"""The rules the model states, by rule id: with ``relaxed``, each has one literal that every
constraint of that rule is enforced by (build.completable's constraints are added by the
question asked: :mod:`canaldsl.canalmania.minimal_rules`)."""


class ModelBase:
    """What every part of the build model works on: the problem, the CP-SAT model, each
    canal's variables, and (``relaxed``) one enforcement literal per rule of MODEL_RULES."""

    problem: BuildProblem
    model: Any
    canals: list[CanalVars]
    _aux: dict[tuple[str, int, object], Any]
    relaxed: bool
    literals: dict[str, Any]
    hand_size: int
    cards: Any
    """The cards the build pays (a linear expression)."""

    def _when(self, constraint: Any, rule: str) -> Any:
        """Enforce ``constraint`` only when ``rule``'s literal is true (relaxed models)."""
        if self.relaxed:
            constraint.OnlyEnforceIf(self.literals[rule])
        return constraint


def state_literals(v: CanalVars, gap: int, mask: int) -> list[Any] | None:
    """Literals all false exactly when the via places left after ``gap`` are ``mask`` (None:
    that cannot be: a via place counted as passed that no gap so far can reach)."""
    out: list[Any] = []
    for i, via in enumerate(v.task.vias):
        done = v.done.get((gap, via)) if gap >= 0 else None
        still = bool(mask & (1 << i))
        if done is None:
            if not still:
                return None
            continue
        out.append(done if still else done.Not())
    return out


EXACT_MASK_VIAS = 4
"""Up to this many via places left, build.completable's bound is stated for every set of via
places still to pass (2^k clauses per tile); with more, for the sets of at most two of them
and for all of them ("these via places are still to pass"), which the bound grows with, so
the model stays small (a weaker necessary condition: every answer is checked exactly)."""


def via_masks(vias: int) -> list[int]:
    """The sets of via places left whose bound the model states, smaller sets first."""
    if vias <= EXACT_MASK_VIAS:
        return list(range(1 << vias))
    singles = [1 << i for i in range(vias)]
    pairs = [(1 << i) | (1 << j) for i in range(vias) for j in range(i + 1, vias)]
    return [0, *singles, *pairs, (1 << vias) - 1]


def left_literals(v: CanalVars, gap: int, mask: int) -> list[Any] | None:
    """Literals all false exactly when every via place of ``mask`` (and maybe others) is
    still to pass after ``gap`` (at least those: the bound only grows with more)."""
    out: list[Any] = []
    for i, via in enumerate(v.task.vias):
        if not mask & (1 << i):
            continue
        done = v.done.get((gap, via)) if gap >= 0 else None
        if done is not None:
            out.append(done)
    return out


def goal_literals(v: CanalVars) -> list[Any]:
    return [var for (_, name), var in v.z.items() if v.task.junction or name == v.task.far]


def allowed_kinds(board: Any, hex: Hex) -> tuple[TileKind, ...]:
    """The kinds of tile the terrain of ``hex`` takes (none at sea, on a place, off the map)."""
    if hex in board.place_at:
        return ()
    terrain = board.terrain.get(hex)
    return tuple(TERRAIN_TILES.get(terrain, ())) if terrain is not None else ()
