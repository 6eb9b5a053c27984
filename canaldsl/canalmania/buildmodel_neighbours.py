"""The CP-SAT build model's part for consecutive-tiles = neighbouring-hexes.

Under that reading (the 2nd edition's default: the DE text) no two tiles of one kind stand on
touching hexes of one canal section, not only a tile and the one right before it. The model
keeps, for each position ``p``, a boolean ``w[p, hex, kind]`` that is true whenever the section
of tile ``p`` holds a tile of this kind on this hex (tile ``p`` itself, the tiles of the section
before it, and, before the first new tile, the canal's own tiles since its last place):

* ``w[p, h, kind] >= tile(p, h, kind)``; ``w[p, h, kind] >= w[p - 1, h, kind] - gap[p - 1]``
  (a place reached between two tiles starts a new section);
* a tile of ``kind`` at position ``q`` on a hex touching ``h`` is forbidden when
  ``w[q - 1, h, kind]`` holds and no place comes between: ``tile(q, h', kind) + w[q - 1, h,
  kind] <= 1 + gap[q - 1]``.

``w`` is only bounded from below, so it may be true without a tile: that only forbids more, and
the solver has no reason to do it; every tile that is there forces it, so exactly the builds
the rule refuses are left out (the tile right before is on a touching hex too, so the
next-along-canal constraint is implied). See :mod:`canaldsl.canalmania.buildmodel`.

The relaxed model of the minimal rule sets states it for the first new tile only (against the
canal's section before the build): every hex of the board is a candidate at every position
there, and ``w`` over all of them made a 40 x 30 board's completion question take 1.9 GB
(measured); later tiles are held to the tile before (next-along-canal). A rule set found so
still makes the question impossible under neighbouring-hexes; it may not be the smallest one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from canaldsl.canalmania.buildmodel_vars import KINDS, CanalVars, ModelBase
from canaldsl.canalmania.components import TileKind
from canaldsl.hexgrid import Hex

TileLiteral = Callable[[int, Hex, TileKind], Any]
"""The literal (or linear expression) "position p holds a tile of this kind on this hex", or
None where the model has no such tile."""

RULE = "build.consecutive-tiles"


class NeighbourConstraints(ModelBase):
    """build.consecutive-tiles under neighbouring-hexes, for one canal's variables."""

    def _neighbouring(self, v: CanalVars, tile: TileLiteral, *, upto: int | None = None) -> None:
        """State the rule for canal ``v`` (nothing under next-along-canal), for the tiles at
        positions up to ``upto`` (default: all)."""
        task = v.task
        if not task.neighbouring:
            return
        m = self.model
        c = task.index
        start_on_tile = task.at_place is None
        earlier: dict[tuple[Hex, TileKind], Any] = {}
        if start_on_tile:
            earlier = {(h, kind): 1 for h, kind in task.section}
        last = v.positions if upto is None else min(upto, v.positions)
        for q in range(1, last + 1):
            gap = v.gap[q - 1]
            here: dict[tuple[Hex, TileKind], Any] = {}
            for h in v.domains[q]:
                for kind in KINDS:
                    lit = tile(q, h, kind)
                    if lit is None:
                        continue
                    here[(h, kind)] = lit
                    for n in h.neighbours():
                        before = earlier.get((n, kind))
                        if before is not None:
                            self._when(m.Add(lit + before <= 1 + gap), RULE)
            if q == last:
                break
            now: dict[tuple[Hex, TileKind], Any] = {}
            for key in sorted({*earlier, *here}, key=lambda k: (k[0], k[1].value)):
                w = m.NewBoolVar(f"w{c}_{q}_{key[0]}_{key[1].value}")
                if key in here:
                    m.Add(w >= here[key])
                if key in earlier:
                    m.Add(w >= earlier[key] - gap)
                now[key] = w
            earlier = now
