"""SVG to PNG through a real rasteriser: CairoSVG, on the system's cairo library.

CairoSVG is imported when a PNG is asked for, not before. It runs in its safe mode: no
external files, no XML entities, no huge inputs (the pictures canaldsl draws refer to
nothing outside themselves).
"""

from __future__ import annotations

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class RasterError(ValueError):
    """The PNG could not be made (the rasteriser or its cairo library is missing)."""


def png_from_svg(svg: str, *, scale: float = 1.0) -> bytes:
    """The SVG document ``svg`` rasterised as PNG bytes, ``scale`` times its pixel size."""
    try:
        import cairosvg
    except (ImportError, OSError) as exc:  # OSError: the cairo library itself is missing
        raise RasterError(f"PNG output needs CairoSVG and the cairo library: {exc}") from exc
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale, unsafe=False)
    if not isinstance(png, bytes) or not png.startswith(PNG_SIGNATURE):
        raise RasterError("the rasteriser returned no PNG")
    return png
