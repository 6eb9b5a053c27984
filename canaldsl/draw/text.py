"""Untrusted text made safe for XML, and its width estimated for layout.

Every string a picture draws may come from a file (a place called ``<script>``): it passes
through :func:`xml_safe` (characters XML cannot hold become U+FFFD) and is then escaped, as
content by drawsvg or as an attribute by :func:`attribute`. SVG has no text wrapping, so the
layout measures widths (:func:`text_width`) with the advance widths of DejaVu Sans, the
font the pictures ask for first.
"""

from __future__ import annotations

import re
from functools import lru_cache
from xml.sax.saxutils import escape

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

FONT_FAMILY = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
"""The font pictures ask for: installed with the rasteriser's fonts, and widely available."""

# Advance widths of printable ASCII (space to tilde) in DejaVu Sans and DejaVu Sans Bold, in
# thousandths of the font size; other characters count as a wide letter.
# fmt: off
_REGULAR = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698,
    770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732,
    684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635,
    634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592,
    525, 636, 337, 636, 838,
)
_BOLD = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696,
    696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734,
    830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812,
    774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716,
    712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652,
    582, 712, 365, 712, 838,
)
# fmt: on
_OTHER = 800


def xml_safe(text: str) -> str:
    """``text`` with every character that XML 1.0 cannot hold replaced by U+FFFD."""
    return _NOT_XML.sub("\ufffd", text)


@lru_cache(maxsize=4096)
def attribute(text: str) -> str:
    """``text`` escaped for a double-quoted XML attribute value (``& < > "`` included).

    Remembered (a pure function of the string): a picture escapes the same few values
    (colours, kinds, hex labels) hundreds of times."""
    return escape(xml_safe(text), {'"': "&quot;"})


def _units(text: str, bold: bool) -> int:
    """The width of ``text`` in thousandths of the font size (an exact integer sum)."""
    table = _BOLD_WIDTHS if bold else _REGULAR_WIDTHS
    return sum([table.get(char, _OTHER) for char in text])


_REGULAR_WIDTHS = {chr(32 + code): units for code, units in enumerate(_REGULAR)}
_BOLD_WIDTHS = {chr(32 + code): units for code, units in enumerate(_BOLD)}


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width of ``text`` at font size ``size`` in DejaVu Sans (an upper bound for other
    characters than ASCII)."""
    return _units(text, bold) * size / 1000


def wrap(text: str, size: float, width: float, *, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (a longer word keeps its
    own line).

    A line's width is the exact integer sum of its characters' widths, so it is kept as the
    line grows (each word measured once) instead of measuring every candidate line again."""
    lines: list[str] = []
    current = ""
    current_units = 0
    space = _units(" ", bold)
    for word in text.split():
        word_units = _units(word, bold)
        if not current:
            current, current_units = word, word_units
            continue
        candidate_units = current_units + space + word_units
        if candidate_units * size / 1000 > width:
            lines.append(current)
            current, current_units = word, word_units
        else:
            current = f"{current} {word}"
            current_units = candidate_units
    if current or not lines:
        lines.append(current)
    return lines
