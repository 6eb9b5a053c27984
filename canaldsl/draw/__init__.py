"""Game-independent drawing: hex maps, legends, text that is always escaped, SVG to PNG.

Nothing here knows a game. A game's picture module (for Canal Mania,
:mod:`canaldsl.canalmania.picture`) decides what to draw and calls these helpers. The SVG is
built with drawsvg (imported by :mod:`canaldsl.draw.canvas`, not by this package), PNG comes
from a real rasteriser (:mod:`canaldsl.draw.raster`).
"""
