"""Canal Grande's picture: both players (hand, prizes, numbers), the offers, and a vote's plays.

>>> from canaldsl.canalgrande import picture                       # doctest: +SKIP
>>> svg = picture.svg(position, offers=offers, votes=[vote_report]) # doctest: +SKIP

Each player's panel shows the role (splitter or chooser), the number total and number cards,
the prizes per district as a row of six columns, the doges in front, and the hand as card
chips with counts (unknown cards as grey chips). The offers are two boxes of chips. A vote is
drawn as its plays in order, one row per play, each card a chip (a gondola chip before the
cards it brings in), with both players' running totals, then the winner and the prize.

District colours follow the cards (Cannaregio green, Santa Croce purple, San Polo yellow,
Dorsoduro pink, San Marco orange, Castello maroon). Every name is drawn as escaped text
(:mod:`canaldsl.draw.canvas`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, District
from canaldsl.canalgrande.position import Offer, PlayerState, Position
from canaldsl.canalgrande.reports import TurnReport, VoteReport
from canaldsl.draw.canvas import Canvas
from canaldsl.draw.text import text_width

WIDTH = 940.0
PAD = 16.0
CHIP_W = 74.0
CHIP_H = 30.0
GAP = 6.0
FONT = 13.0
SMALL = 11.0
INK = "#1d1d1b"
MUTED = "#6b6b66"
PANEL = "#f6f4ee"
EDGE = "#c9c4b8"
WIN = "#1f7a3a"
REFUSED = "#b3261e"

COLOURS = {
    District.CANNAREGIO: "#3f8f3a",
    District.SANTA_CROCE: "#7b4a9e",
    District.SAN_POLO: "#e3b51e",
    District.DORSODURO: "#e07aa8",
    District.SAN_MARCO: "#ee7d22",
    District.CASTELLO: "#86283a",
}
SPECIAL = {
    Card.SPY: ("#2e4f7a", "spy"),
    Card.TRAITOR: ("#444444", "traitor"),
    Card.GONDOLA: ("#1f6f8b", "gondola"),
    Card.DOGE: ("#b8912f", "doge"),
}
SHORT = {
    District.CANNAREGIO: "Cannareg.",
    District.SANTA_CROCE: "S. Croce",
    District.SAN_POLO: "San Polo",
    District.DORSODURO: "Dorsoduro",
    District.SAN_MARCO: "San Marco",
    District.CASTELLO: "Castello",
}
LIGHT_TEXT = {District.SAN_POLO, District.DORSODURO, District.SAN_MARCO}


def card_style(card: Card) -> tuple[str, str, str]:
    """(fill, text colour, label) of a card's chip."""
    district = card.district
    if district is not None:
        ink = INK if district in LIGHT_TEXT else "#ffffff"
        return COLOURS[district], ink, SHORT[district]
    fill, label = SPECIAL[card]
    return fill, "#ffffff", label


def svg(
    position: Position,
    *,
    offers: tuple[Offer, Offer] | None = None,
    takers: tuple[str, str] | None = None,
    votes: Sequence[VoteReport] = (),
    title: str | None = None,
) -> str:
    """The picture as a standalone SVG document: the players, then the offers (if given),
    then each vote (if given) in order. ``takers`` names who took each offer."""
    height = PAD + (30.0 if title else 0.0)
    panel_heights = [_panel_height(p) for p in position.players]
    height += max(panel_heights) + PAD
    offers_height = _offers_height(offers) if offers else 0.0
    height += offers_height + (PAD if offers else 0.0)
    height += sum(_vote_height(vote) + PAD for vote in votes)
    canvas = Canvas(WIDTH, height, background="#ffffff")
    y = PAD
    if title:
        canvas.text(PAD, y + 18, title, size=18, bold=True, fill=INK)
        y += 30
    column = (WIDTH - 3 * PAD) / 2
    for index, player in enumerate(position.players):
        x = PAD + index * (column + PAD)
        role = "splitter" if index == position.splitter else "chooser"
        _player_panel(canvas, x, y, column, max(panel_heights), player, role)
    y += max(panel_heights) + PAD
    if offers:
        _offers(canvas, PAD, y, WIDTH - 2 * PAD, offers, takers)
        y += offers_height + PAD
    for vote in votes:
        _vote(canvas, PAD, y, WIDTH - 2 * PAD, vote)
        y += _vote_height(vote) + PAD
    return canvas.svg()


def turn_svg(report: TurnReport, *, title: str | None = None) -> str:
    """A judged turn: the position before it, the offers taken, and every vote held."""
    offers: tuple[Offer, Offer] | None = None
    takers: tuple[str, str] | None = None
    taken = [(phase.took, phase.player) for phase in report.phases if phase.took is not None]
    if len(taken) == 2:
        offers = (taken[0][0], taken[1][0])
        takers = (f"taken by {taken[0][1]} (chooser)", f"left to {taken[1][1]} (splitter)")
    votes = [vote for phase in report.phases for vote in phase.votes]
    if report.round_end is not None and report.round_end.draw is not None:
        votes += report.round_end.draw.votes
    return svg(report.before, offers=offers, takers=takers, votes=votes, title=title)


# ------------------------------------------------------------------ chips
def chip(
    canvas: Canvas, x: float, y: float, card: Card, count: int = 1, *, title: str = ""
) -> None:
    """One card chip at (x, y), with its count in a badge when more than one."""
    fill, ink, label = card_style(card)
    with canvas.group(data_kind="card", data_card=card.value, title=title or card.counted(count)):
        canvas.rect(x, y, CHIP_W, CHIP_H, rx=5, fill=fill, stroke="#00000033", stroke_width=1)
        canvas.text(x + CHIP_W / 2, y + CHIP_H / 2 + 4, label, size=SMALL, anchor="middle",
                    fill=ink, bold=True)  # fmt: skip
        if count > 1:
            canvas.circle((x + CHIP_W - 4, y + 4), 9, fill="#ffffff", stroke=INK, stroke_width=1)
            canvas.text(x + CHIP_W - 4, y + 8, str(count), size=SMALL, anchor="middle",
                        fill=INK, bold=True)  # fmt: skip


def unknown_chip(canvas: Canvas, x: float, y: float, count: int | None) -> None:
    label = "? cards" if count is None else f"{count} unknown"
    with canvas.group(data_kind="unknown", title=label):
        canvas.rect(x, y, CHIP_W, CHIP_H, rx=5, fill="#d8d6d0", stroke=EDGE, stroke_width=1)
        canvas.text(x + CHIP_W / 2, y + CHIP_H / 2 + 4, label, size=SMALL - 1, anchor="middle",
                    fill=MUTED)  # fmt: skip


def chip_row(
    canvas: Canvas, x: float, y: float, width: float, cards: Iterable[tuple[Card, int]]
) -> float:
    """Chips left to right, wrapping within ``width``; returns the height used."""
    per_row = max(1, int((width + GAP) // (CHIP_W + GAP)))
    items = list(cards)
    for index, (card, count) in enumerate(items):
        row, col = divmod(index, per_row)
        chip(canvas, x + col * (CHIP_W + GAP), y + row * (CHIP_H + GAP), card, count)
    rows = max(1, -(-len(items) // per_row))
    return rows * (CHIP_H + GAP)


# ------------------------------------------------------------------ players
def _hand_rows(player: PlayerState, width: float) -> int:
    per_row = max(1, int((width + GAP) // (CHIP_W + GAP)))
    items = len(list(player.hand.known.items())) + (1 if player.hand.unknown != 0 else 0)
    return max(1, -(-items // per_row))


def _panel_height(player: PlayerState) -> float:
    column = (WIDTH - 3 * PAD) / 2
    return 156.0 + _hand_rows(player, column - 2 * PAD) * (CHIP_H + GAP)


def _player_panel(
    canvas: Canvas, x: float, y: float, width: float, height: float, player: PlayerState, role: str
) -> None:
    with canvas.group(data_kind="player", data_player=player.name):
        canvas.rect(x, y, width, height, rx=8, fill=PANEL, stroke=EDGE, stroke_width=1)
        canvas.text(x + PAD, y + 24, player.name, size=16, bold=True, fill=INK)
        name_w = text_width(player.name, 16, bold=True)
        canvas.text(x + PAD + name_w + 10, y + 24, role, size=FONT, fill=MUTED)
        numbers = (
            ", ".join(str(int(n)) for n in player.numbers) if player.numbers is not None else "?"
        )
        canvas.text(x + width - PAD, y + 24, f"numbers {player.total}  ({numbers or '-'})",
                    size=FONT, anchor="end", fill=INK)  # fmt: skip
        _prizes(canvas, x + PAD, y + 40, width - 2 * PAD, player.prizes)
        if player.doges:
            doges = f"{player.doges} doge{'s' if player.doges > 1 else ''} in front"
            canvas.text(x + width - PAD, y + 42, doges, size=SMALL, anchor="end", fill=MUTED)
        canvas.text(x + PAD, y + 134, "hand", size=SMALL, fill=MUTED, bold=True)
        items = list(player.hand.known.items())
        per_row = max(1, int((width - 2 * PAD + GAP) // (CHIP_W + GAP)))
        chip_row(canvas, x + PAD, y + 142, width - 2 * PAD, items)
        if player.hand.unknown != 0:
            row, col = divmod(len(items), per_row)
            unknown_chip(canvas, x + PAD + col * (CHIP_W + GAP), y + 142 + row * (CHIP_H + GAP),
                         player.hand.unknown)  # fmt: skip
        if not items and player.hand.unknown == 0:
            canvas.text(x + PAD, y + 162, "empty", size=SMALL, fill=MUTED)


def _prizes(canvas: Canvas, x: float, y: float, width: float, prizes: Bag[District]) -> None:
    """Six columns, one per district: a coloured bar per prize (four win)."""
    canvas.text(x, y + 2, "prizes", size=SMALL, fill=MUTED, bold=True)
    y += 6
    cell = width / 6
    for index, district in enumerate(District):
        left = x + index * cell
        count = prizes[district]
        with canvas.group(data_kind="prize", data_district=district.value,
                          title=f"{count} {district} prize(s)"):  # fmt: skip
            for level in range(4):
                filled = level < count
                canvas.rect(left + 4, y + 48 - level * 12, cell - 8, 10, rx=2,
                            fill=COLOURS[district] if filled else "#ffffff",
                            stroke=COLOURS[district], stroke_width=1)  # fmt: skip
            canvas.text(left + cell / 2, y + 72, f"{SHORT[district]} {count}", size=SMALL - 1,
                        anchor="middle", fill=INK)  # fmt: skip


# ------------------------------------------------------------------ offers
def _offers_height(offers: tuple[Offer, Offer]) -> float:
    box = (WIDTH - 3 * PAD) / 2 - 2 * PAD
    per_row = max(1, int((box + GAP) // (CHIP_W + GAP)))
    rows = max(max(1, -(-len(list(o.actions.items())) // per_row)) for o in offers)
    return 44.0 + rows * (CHIP_H + GAP) + 4


def _offers(
    canvas: Canvas,
    x: float,
    y: float,
    width: float,
    offers: tuple[Offer, Offer],
    takers: tuple[str, str] | None,
) -> None:
    box = (width - PAD) / 2
    height = _offers_height(offers)
    for index, offer in enumerate(offers):
        left = x + index * (box + PAD)
        with canvas.group(data_kind="offer", data_offer=str(index + 1)):
            canvas.rect(left, y, box, height, rx=8, fill="#ffffff", stroke=INK, stroke_width=1.5)
            numbers = ", ".join(str(int(n)) for n in offer.numbers) or "none"
            label = f"offer {index + 1}"
            if takers is not None:
                label += f": {takers[index]}"
            canvas.text(left + PAD, y + 22, label, size=FONT + 1, bold=True, fill=INK)
            canvas.text(left + box - PAD, y + 22, f"numbers: {numbers} (= {offer.number_total})",
                        size=FONT, anchor="end", fill=INK)  # fmt: skip
            chip_row(canvas, left + PAD, y + 34, box - 2 * PAD, list(offer.actions.items()))


# ------------------------------------------------------------------ a vote
def _vote_height(vote: VoteReport) -> float:
    rows = len(vote.plays) + (1 if vote.passed else 0)
    return 40.0 + max(rows, 1) * (CHIP_H + 12) + (52.0 if vote.winner or vote.refused else 16.0)


def _plays(vote: VoteReport) -> list[tuple[str, list[Card]]]:
    return [(name, list(cards)) for name, cards in vote.plays]


def _vote(canvas: Canvas, x: float, y: float, width: float, vote: VoteReport) -> None:
    height = _vote_height(vote)
    with canvas.group(data_kind="vote"):
        canvas.rect(x, y, width, height, rx=8, fill=PANEL, stroke=EDGE, stroke_width=1)
        head = f"vote over {vote.district}" if vote.district else "doge discarded: no vote"
        if vote.refused:
            head += " (refused)"
        canvas.text(x + PAD, y + 24, head, size=16, bold=True, fill=INK)
        who = f"{vote.owner}'s doge"
        if vote.challenger:
            who += f"; {vote.challenger} challenges"
        canvas.text(x + width - PAD, y + 24, who, size=FONT, anchor="end", fill=MUTED)
        totals: dict[str, int] = {}
        top = y + 40
        for number, (name, cards) in enumerate(_plays(vote), start=1):
            totals[name] = totals.get(name, 0) + sum(1 for c in cards if c.is_district)
            row_y = top + (number - 1) * (CHIP_H + 12)
            canvas.text(x + PAD, row_y + CHIP_H / 2 + 5, f"{number}. {name}", size=FONT,
                        bold=True, fill=INK)  # fmt: skip
            left = x + PAD + 120
            for card in cards:
                chip(canvas, left, row_y, card)
                left += CHIP_W + 4
            score = "  -  ".join(f"{n} {t}" for n, t in totals.items())
            canvas.text(x + width - PAD, row_y + CHIP_H / 2 + 5, score, size=FONT, anchor="end",
                        fill=INK)  # fmt: skip
        rows = len(vote.plays)
        if vote.passed:
            row_y = top + rows * (CHIP_H + 12)
            canvas.text(x + PAD, row_y + CHIP_H / 2 + 5, f"{rows + 1}. {vote.passed}", size=FONT,
                        bold=True, fill=INK)  # fmt: skip
            canvas.text(x + PAD + 120, row_y + CHIP_H / 2 + 5, "passes", size=FONT, fill=MUTED)
            rows += 1
        bottom = top + max(rows, 1) * (CHIP_H + 12) + 14
        if vote.refused:
            canvas.text(x + PAD, bottom, f"refused: {vote.refused}", size=FONT + 1, bold=True,
                        fill=REFUSED)  # fmt: skip
            canvas.text(x + PAD, bottom + 20, "illegal: no winner, no prize; nothing changes",
                        size=SMALL, fill=INK)  # fmt: skip
        elif vote.winner:
            text = f"{vote.winner} wins and takes a {vote.prize} prize"
            canvas.text(x + PAD, bottom, text, size=FONT + 1, bold=True, fill=WIN)
            canvas.text(x + PAD, bottom + 20, _settlement(vote), size=SMALL, fill=INK)


def _settlement(vote: VoteReport) -> str:
    loser = next((name for name in vote.counts() if name != vote.winner), None)
    parts = [f"{vote.winner} discards {vote.winner_discards.describe()}"]
    if loser is not None:
        parts.append(f"{loser} discards {vote.loser_discards.describe()}")
        parts.append(f"and takes back {vote.loser_back.describe()}")
    return "; ".join(parts[:2]) + (" " + parts[2] if len(parts) > 2 else "")
