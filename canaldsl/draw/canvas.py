"""A drawing surface over drawsvg that escapes everything it is given.

Text content is made XML-safe here and escaped by drawsvg; attribute values (drawsvg writes
them as they are) are escaped here, every one of them. So a string from an untrusted file can
be drawn as text, put in a tooltip or in a ``data-`` attribute, and stays text.

Shapes are added to the innermost open :meth:`Canvas.group`, so a game can wrap each thing it
draws (a tile, a place) in one ``<g>`` element that carries what it is in ``data-`` attributes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import drawsvg

from canaldsl.draw.hexes import Point
from canaldsl.draw.text import FONT_FAMILY, attribute, xml_safe
from canaldsl.textmemory import Memory

HALO = "#ffffff"

_REMEMBERED: Memory[Hashable, str] = Memory(kept=4_000_000, size=lambda key, text: len(text))
"""The SVG text of groups drawn before (:meth:`Canvas.remembered_group`), in this process:
the latest, up to 4,000,000 characters in all."""


def forget_remembered() -> None:
    """Forget every remembered group (the next pictures draw them afresh)."""
    _REMEMBERED.forget()


def _attributes(options: dict[str, Any]) -> dict[str, Any]:
    """drawsvg keyword arguments with every string value escaped for an attribute."""
    out: dict[str, Any] = {}
    for key, value in options.items():
        if value is None:
            continue
        out[key] = attribute(value) if isinstance(value, str) else value
    return out


def _lines(points: Sequence[Point], *, close: bool) -> str:
    """The ``d`` of a path through the points, rounded to hundredths, in drawsvg's own form
    (``drawsvg.Lines``: ``M x,y L x,y ... Z``, numbers as ``str`` gives them), made in one
    string: building it command by command through ``drawsvg.Lines`` was a third of a
    picture's CPU. The same bytes (the golden pictures are unchanged)."""
    (sx, sy), *rest = points
    parts = [f"M{round(sx, 2)},{round(sy, 2)}"]
    parts += [f"L{round(x, 2)},{round(y, 2)}" for x, y in rest]
    if close:
        parts.append("Z")
    return " ".join(parts)


class Canvas:
    """An SVG picture of ``width`` x ``height`` pixels, drawn from the top-left corner."""

    def __init__(self, width: float, height: float, *, background: str | None = None) -> None:
        self.width = width
        self.height = height
        self._drawing = drawsvg.Drawing(
            math.ceil(width), math.ceil(height), font_family=attribute(FONT_FAMILY)
        )
        self._stack: list[Any] = [self._drawing]
        if background is not None:
            self.rect(0, 0, math.ceil(width), math.ceil(height), fill=background)

    # ------------------------------------------------------------ structure
    def _add(self, element: Any, title: str | None) -> None:
        if title:
            element.append_title(xml_safe(title))
        self._stack[-1].append(element)

    @contextmanager
    def group(self, *, title: str | None = None, **options: Any) -> Iterator[None]:
        """Shapes drawn inside the ``with`` block go into one ``<g>`` with these attributes
        (``data_kind="tile"`` becomes ``data-kind="tile"``) and tooltip ``title``."""
        element = drawsvg.Group(**_attributes(options))
        self._add(element, title)
        self._stack.append(element)
        try:
            yield
        finally:
            self._stack.pop()

    def remembered_group(
        self, key: Hashable, draw: Callable[[], None], *, title: str | None = None, **options: Any
    ) -> None:
        """The ``<g>`` that ``draw`` fills (as :meth:`group`), drawn once per process for each
        ``key``: the next picture with the same key gets the same SVG text, written by
        drawsvg the first time (a board's terrain is the same in every picture of it).

        ``key`` must hold everything ``draw`` reads (the group's own attributes and title
        are added to it here). Only a group with no definitions, ids or shared elements is
        remembered (its text does not depend on the rest of the document); any other is
        drawn each time."""
        full = (key, title, tuple(sorted(options.items())))
        text = _REMEMBERED.get(full)
        if text is not None:
            self._stack[-1].append(drawsvg.Raw(text))
            return
        parent = self._stack[-1]
        element = drawsvg.Group(**_attributes(options))
        if title:
            element.append_title(xml_safe(title))
        self._stack.append(element)
        try:
            draw()
        finally:
            self._stack.pop()
        written = _written_alone(element)
        parent.append(element if written is None else drawsvg.Raw(written))
        if written is not None:
            _REMEMBERED.put(full, written)

    # ------------------------------------------------------------ shapes
    def polygon(self, points: Sequence[Point], *, title: str | None = None, **options: Any) -> None:
        self._add(drawsvg.Path(d=_lines(points, close=True), **_attributes(options)), title)

    def polyline(
        self, points: Sequence[Point], *, title: str | None = None, **options: Any
    ) -> None:
        options.setdefault("fill", "none")
        self._add(drawsvg.Path(d=_lines(points, close=False), **_attributes(options)), title)

    def circle(
        self, centre: Point, radius: float, *, title: str | None = None, **options: Any
    ) -> None:
        x, y = centre
        self._add(
            drawsvg.Circle(round(x, 2), round(y, 2), round(radius, 2), **_attributes(options)),
            title,
        )

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
        self._add(
            drawsvg.Rectangle(
                round(x, 2), round(y, 2), round(width, 2), round(height, 2), **_attributes(options)
            ),
            title,
        )

    def path(self, commands: str, *, title: str | None = None, **options: Any) -> None:
        """A path from SVG path commands (built by the caller from numbers, never from text)."""
        self._add(drawsvg.Path(d=commands, **_attributes(options)), title)

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
        safe = xml_safe(" ".join(text.splitlines()))
        common = {
            "font_size": round(size, 2),
            "text_anchor": anchor,
            "font_weight": "bold" if bold else None,
        }
        if halo > 0:
            self._add(
                drawsvg.Text(
                    safe,
                    x=round(x, 2),
                    y=round(y, 2),
                    fill=HALO,
                    stroke=HALO,
                    stroke_width=round(halo, 2),
                    stroke_linejoin="round",
                    aria_hidden="true",
                    **_attributes(common),
                ),
                None,
            )
        self._add(
            drawsvg.Text(
                safe, x=round(x, 2), y=round(y, 2), fill=fill, **_attributes(common | options)
            ),
            title,
        )

    # ------------------------------------------------------------ output
    def svg(self) -> str:
        """The picture as a standalone SVG document (UTF-8, with an XML declaration)."""
        return str(self._drawing.as_svg())


def _written_alone(element: Any) -> str | None:
    """The SVG text drawsvg writes for ``element`` in a document of its own; None when the
    document needs definitions (then the text could depend on the rest of a document)."""
    probe = drawsvg.Drawing(1, 1)
    probe.append(element)
    document = str(probe.as_svg(header=""))
    _, empty_defs, body = document.partition(">\n<defs>\n</defs>\n")
    if not empty_defs or not body.endswith("\n</svg>") or "<use " in body:
        return None
    return body[: -len("\n</svg>")]


def svg_fragment(document: str) -> str:
    """An SVG document without its XML declaration, to put inline in an HTML page."""
    if document.startswith("<?xml"):
        return document[document.index("?>") + 2 :].lstrip()
    return document
