"""A drawing surface that writes SVG text and escapes everything it is given.

Text content is made XML-safe and escaped here; attribute values are escaped here, every one
of them. So a string from an untrusted file can be drawn as text, put in a tooltip or in a
``data-`` attribute, and stays text.

Shapes are added to the innermost open :meth:`Canvas.group`, so a game can wrap each thing it
draws (a tile, a place) in one ``<g>`` element that carries what it is in ``data-`` attributes.

The document is written as text directly, element by element, in the form drawsvg writes
(the library the pictures were first drawn with: every picture's bytes are unchanged, which
the golden files check by their digests). Building drawsvg's element objects and walking them
twice to write them was most of the time of a picture (measured: about 45% of a Canal Mania
picture's CPU time, a report draws several).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from xml.sax.saxutils import escape

from canaldsl.draw.hexes import Point
from canaldsl.draw.text import FONT_FAMILY, attribute, xml_safe

HALO = "#ffffff"

_HEADER = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"\n    '
)


def _name(key: str) -> str:
    """An attribute's name from a keyword (``data_kind`` -> ``data-kind``, ``xlink__href`` ->
    ``xlink:href``, a trailing ``_`` dropped)."""
    name = key.replace("__", ":").replace("_", "-")
    return name[:-1] if name.endswith("-") else name


def _attributes(options: dict[str, Any]) -> str:
    """The attributes of a tag (each with its leading space), every string value escaped."""
    return "".join(
        f' {_name(key)}="{attribute(value) if isinstance(value, str) else value}"'
        for key, value in options.items()
        if value is not None
    )


def _points(points: Sequence[Point]) -> str:
    """Path commands through ``points`` (coordinates rounded to 0.01)."""
    return " ".join(
        f"{'M' if i == 0 else 'L'}{round(x, 2)},{round(y, 2)}" for i, (x, y) in enumerate(points)
    )


def _title(title: str | None) -> str:
    return f"<title>{escape(xml_safe(title))}</title>" if title else ""


class Canvas:
    """An SVG picture of ``width`` x ``height`` pixels, drawn from the top-left corner."""

    def __init__(self, width: float, height: float, *, background: str | None = None) -> None:
        self.width = width
        self.height = height
        self._size = (math.ceil(width), math.ceil(height))
        self._stack: list[list[str]] = [[]]
        if background is not None:
            self.rect(0, 0, self._size[0], self._size[1], fill=background)

    # ------------------------------------------------------------ structure
    def _add(self, tag: str, attributes: str, title: str | None) -> None:
        """An element without content: ``<tag ... />``, or with its tooltip inside."""
        if title:
            self._stack[-1].append(f"<{tag}{attributes}>\n{_title(title)}\n</{tag}>")
        else:
            self._stack[-1].append(f"<{tag}{attributes} />")

    @contextmanager
    def group(self, *, title: str | None = None, **options: Any) -> Iterator[None]:
        """Shapes drawn inside the ``with`` block go into one ``<g>`` with these attributes
        (``data_kind="tile"`` becomes ``data-kind="tile"``) and tooltip ``title``."""
        children = [_title(title)] if title else []
        opening = f"<g{_attributes(options)}>"
        self._stack.append(children)
        try:
            yield
        finally:
            self._stack.pop()
            inside = "".join(f"\n{child}" for child in children)
            self._stack[-1].append(f"{opening}{inside}\n</g>" if children else f"{opening}</g>")

    # ------------------------------------------------------------ shapes
    def polygon(self, points: Sequence[Point], *, title: str | None = None, **options: Any) -> None:
        self._add("path", f' d="{_points(points)} Z"{_attributes(options)}', title)

    def polyline(
        self, points: Sequence[Point], *, title: str | None = None, **options: Any
    ) -> None:
        options.setdefault("fill", "none")
        self._add("path", f' d="{_points(points)}"{_attributes(options)}', title)

    def circle(
        self, centre: Point, radius: float, *, title: str | None = None, **options: Any
    ) -> None:
        x, y = centre
        place = f' cx="{round(x, 2)}" cy="{round(y, 2)}" r="{round(radius, 2)}"'
        self._add("circle", place + _attributes(options), title)

    def rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        title: str | None = None,
        **options: Any,
    ) -> None:
        place = (
            f' x="{round(x, 2)}" y="{round(y, 2)}" width="{round(width, 2)}"'
            f' height="{round(height, 2)}"'
        )
        self._add("rect", place + _attributes(options), title)

    def path(self, commands: str, *, title: str | None = None, **options: Any) -> None:
        """A path from SVG path commands (built by the caller from numbers, never from text)."""
        self._add("path", f' d="{commands}"{_attributes(options)}', title)

    def arrowhead(self, tip: Point, towards_from: Point, size: float, **options: Any) -> None:
        """A filled triangle with its point at ``tip``, pointing away from ``towards_from``."""
        dx, dy = tip[0] - towards_from[0], tip[1] - towards_from[1]
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        back = (tip[0] - ux * size, tip[1] - uy * size)
        half = size * 0.55
        left = (back[0] - uy * half, back[1] + ux * half)
        right = (back[0] + uy * half, back[1] - ux * half)
        self.polygon([tip, left, right], **options)

    # ------------------------------------------------------------ text
    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float,
        anchor: str = "start",
        bold: bool = False,
        fill: str = "#111111",
        halo: float = 0.0,
        title: str | None = None,
        **options: Any,
    ) -> None:
        """One line of text with its baseline at ``y``; ``halo`` > 0 draws a white outline
        of that width underneath (a copy marked ``aria-hidden``, without ``options``), so
        the text stays readable over anything."""
        content = escape(xml_safe(" ".join(text.splitlines())))
        at = f' x="{round(x, 2)}" y="{round(y, 2)}" font-size="{round(size, 2)}"'
        common = {"text_anchor": anchor, "font_weight": "bold" if bold else None}
        if halo > 0:
            halo_options = {
                "fill": HALO,
                "stroke": HALO,
                "stroke_width": round(halo, 2),
                "stroke_linejoin": "round",
                "aria_hidden": "true",
                **common,
            }
            self._stack[-1].append(f"<text{at}{_attributes(halo_options)}>{content}</text>")
        attributes = _attributes({"fill": fill, **common, **options})
        self._stack[-1].append(f"<text{at}{attributes}>{content}{_title(title)}</text>")

    # ------------------------------------------------------------ output
    def svg(self) -> str:
        """The picture as a standalone SVG document (UTF-8, with an XML declaration)."""
        width, height = self._size
        font = attribute(FONT_FAMILY)
        opening = (
            f'{_HEADER} width="{width}" height="{height}" viewBox="0 0 {width} {height}"'
            f' font-family="{font}">\n<defs>\n</defs>\n'
        )
        return opening + "".join(f"{element}\n" for element in self._stack[0]) + "</svg>"


def svg_fragment(document: str) -> str:
    """An SVG document without its XML declaration, to put inline in an HTML page."""
    if document.startswith("<?xml"):
        return document[document.index("?>") + 2 :].lstrip()
    return document
