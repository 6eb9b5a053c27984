"""One self-contained HTML page: text always escaped, pictures inline, no outside requests.

Game-independent. A :class:`Page` collects blocks (headings, paragraphs, source text, tables,
inline SVG figures) and :meth:`Page.html` writes one document with its CSS inline and a
Content-Security-Policy that allows no script and no request of any kind, so the page shows
the same offline, in a mail attachment or in a browser with no network.

Every string given to a block is escaped. The only markup that passes through unescaped is a
:class:`Markup` value: what this module builds itself, and SVG drawn by
:class:`canaldsl.draw.canvas.Canvas` (which escapes everything it draws).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from canaldsl.draw.canvas import svg_fragment

CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

BASE_CSS = """
:root { color-scheme: light; }
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; color: #1c1c1c;
  background: #ffffff; margin: 0; line-height: 1.45; }
main { max-width: 1180px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 26px; margin: 0 0 6px; }
h2 { font-size: 20px; margin: 34px 0 10px; padding-top: 10px; border-top: 2px solid #e2e2dc; }
h3 { font-size: 16px; margin: 18px 0 6px; }
p { margin: 6px 0; }
.muted { color: #5a5a5a; }
pre { background: #f4f4ef; border: 1px solid #deded6; border-radius: 4px; padding: 10px 12px;
  overflow-x: auto; font-size: 13.5px; line-height: 1.4; }
code { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; }
table { border-collapse: collapse; margin: 8px 0; width: 100%; font-size: 14px; }
th, td { border: 1px solid #deded6; padding: 5px 8px; text-align: left; vertical-align: top; }
th { background: #f4f4ef; }
figure { margin: 12px 0; }
figure svg { max-width: 100%; height: auto; border: 1px solid #deded6; }
figcaption { color: #5a5a5a; font-size: 13px; }
.badge { display: inline-block; padding: 2px 10px; border-radius: 12px; color: #ffffff;
  font-weight: bold; font-size: 14px; }
.good { background: #10a038; }
.bad { background: #d7001b; }
.unknown { background: #777777; }
.note { white-space: pre-wrap; background: #f8f8f4; border-left: 5px solid #c9c9c2;
  padding: 10px 14px; margin: 8px 0; }
.rule { border-left: 5px solid #d7001b; background: #fff6f6; padding: 8px 14px; margin: 10px 0; }
.rule h3 { margin-top: 4px; }
.headline { font-size: 22px; font-weight: bold; margin: 10px 0 8px; }
"""


class Markup(str):
    """HTML that is safe as it is: built by this module, or an SVG drawing."""

    __slots__ = ()


def escape(text: str) -> Markup:
    """``text`` as HTML text (``& < > " '`` escaped); Markup passes through unchanged."""
    if isinstance(text, Markup):
        return text
    return Markup(html.escape(text, quote=True))


def element(tag: str, content: str | Iterable[str] = "", **attributes: str) -> Markup:
    """``<tag attributes>content</tag>``; ``content`` (text or pieces) and every attribute
    value are escaped unless they are Markup. ``class_`` gives the ``class`` attribute."""
    pieces = [content] if isinstance(content, str) else list(content)
    attrs = "".join(
        f' {name.rstrip("_").replace("_", "-")}="{escape(value)}"'
        for name, value in attributes.items()
    )
    return Markup(f"<{tag}{attrs}>{''.join(escape(p) for p in pieces)}</{tag}>")


class Page:
    """An HTML page under construction: ``title`` goes in the tab and the first heading."""

    def __init__(self, title: str, *, css: str = BASE_CSS) -> None:
        self.title = title
        self.css = css
        self.blocks: list[Markup] = []

    def add(self, markup: Markup) -> None:
        self.blocks.append(markup)

    def heading(self, text: str, *, level: int = 2, id: str | None = None) -> None:
        options = {"id": id} if id else {}
        self.add(element(f"h{level}", text, **options))

    def headline(self, text: str) -> None:
        """The answer to the page's question, in large type, before any detail."""
        self.add(element("p", text, class_="headline"))

    def paragraph(self, *pieces: str, class_: str | None = None) -> None:
        """A paragraph of text and Markup pieces."""
        options = {"class_": class_} if class_ else {}
        self.add(element("p", pieces, **options))

    def note(self, text: str) -> None:
        """Prose kept as written: its line breaks and blank lines stay."""
        self.add(element("div", text, class_="note"))

    def source(self, text: str) -> None:
        """Text shown exactly as written (source code, a command)."""
        self.add(element("pre", element("code", text)))

    def table(self, header: Sequence[str], rows: Iterable[Sequence[str]]) -> None:
        head = element("tr", [element("th", cell) for cell in header])
        body = [element("tr", [element("td", cell) for cell in row]) for row in rows]
        self.add(element("table", [element("thead", head), element("tbody", body)]))

    def figure(self, svg_document: str, caption: str) -> None:
        """An SVG drawing inline (drawn by :mod:`canaldsl.draw`, so already escaped)."""
        self.add(
            Markup(f"<figure>{svg_fragment(svg_document)}{element('figcaption', caption)}</figure>")
        )

    def html(self) -> str:
        """The whole page as one HTML document."""
        return "".join(
            [
                '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n',
                f'<meta http-equiv="Content-Security-Policy" '
                f'content="{escape(CONTENT_SECURITY_POLICY)}">\n',
                '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
                f"{element('title', self.title)}\n<style>{self.css}</style>\n</head>\n",
                "<body>\n<main>\n",
                f"{element('h1', self.title)}\n",
                "\n".join(self.blocks),
                "\n</main>\n</body>\n</html>\n",
            ]
        )
