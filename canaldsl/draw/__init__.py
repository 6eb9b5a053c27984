"""Game-independent drawing: hex maps, legends, text that is always escaped, SVG to PNG.

Nothing here knows a game. A game's picture module (for Canal Mania,
:mod:`canaldsl.canalmania.picture`) decides what to draw and calls these helpers. The SVG is
written by :mod:`canaldsl.draw.canvas` (imported when a picture is drawn, not by this package),
PNG comes from a real rasteriser (:mod:`canaldsl.draw.raster`).
"""
