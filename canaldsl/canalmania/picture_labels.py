"""The labels of a board picture: place names placed clear of each other, and rule marks."""

from __future__ import annotations

from canaldsl.canalmania import symbols as look
from canaldsl.canalmania.picture_map import MapLayer
from canaldsl.draw.placement import Box
from canaldsl.draw.text import text_width
from canaldsl.hexgrid import Hex


class LabelLayer(MapLayer):
    """Places labels and the rule ids of broken rules."""

    # -- label placement
    def place_labels(self) -> None:
        """Rule labels first (they matter most), then place names, none over a place."""
        size = self.size
        for place in self.places_shown():
            x, y = self.centre(place.hex)
            half = size * (0.64 if place.is_city else 0.52)
            self.placer.block(Box(x - half, y - half, 2 * half, 2 * half))
        for built in (t for canal in self.canals() for t in canal.tiles):
            if self.visible(built.hex):
                x, y = self.centre(built.hex)
                self.placer.block(Box(x - 0.5 * size, y - 0.5 * size, size, size))
        for _, (x, y), _ in self.barge_spots():
            self.placer.block(Box(x - 0.5 * size, y - 0.2 * size, size, 0.4 * size))
        for _, (x, y) in self.cube_spots():
            self.placer.block(Box(x - 0.2 * size, y - 0.35 * size, 0.55 * size, 0.55 * size))
        for overlay in self.overlays:
            for tile in overlay.tiles:
                if self.visible(tile.hex):
                    x, y = self.centre(tile.hex)
                    self.placer.block(Box(x - 0.8 * size, y - 0.8 * size, 1.6 * size, 1.6 * size))
        for hex, broken, where in self.rule_marks():
            lines = [f"{where}:", *broken]
            width = max(text_width(line, 10.5, bold=True) for line in lines) + 12
            height = len(lines) * 10.5 * 1.3 + 6
            x, y = self.centre(hex)
            gap = size * 0.95
            candidates = [
                Box(x + gap, y - height / 2, width, height),
                Box(x - gap - width, y - height / 2, width, height),
                Box(x - width / 2, y - gap - height, width, height),
                Box(x - width / 2, y + gap, width, height),
                Box(x + gap, y - height - size * 0.3, width, height),
                Box(x + gap, y + size * 0.3, width, height),
                Box(x - gap - width, y - height - size * 0.3, width, height),
                Box(x - gap - width, y + size * 0.3, width, height),
            ]
            self.rule_boxes.append((self.placer.place(candidates), broken, where))
        for place in self.places_shown():
            font = self.name_size(place)
            width = text_width(place.name, font, bold=place.is_city) + 4
            height = font * 1.25
            x, y = self.centre(place.hex)
            below = size * (0.68 if place.is_city else 0.56)
            side = size * (0.7 if place.is_city else 0.6)
            under = [
                Box(x - width / 2, y + below, width, height),
                Box(x - width / 2, y - below - height, width, height),
            ]
            beside = [
                Box(x + side, y - height / 2, width, height),
                Box(x - side - width, y - height / 2, width, height),
            ]
            self.name_boxes[place.name] = self.placer.place(
                [
                    *(under + beside if place.is_city else beside + under),
                    Box(x + size * 0.5, y + below, width, height),
                    Box(x - size * 0.5 - width, y + below, width, height),
                    Box(x + size * 0.5, y - below - height, width, height),
                    Box(x - size * 0.5 - width, y - below - height, width, height),
                    Box(x - width / 2, y + below + size, width, height),
                    Box(x - width / 2, y - below - size - height, width, height),
                ]
            )

    def rule_marks(self) -> list[tuple[Hex, tuple[str, ...], str]]:
        marks: list[tuple[Hex, tuple[str, ...], str]] = []
        places = self.board.places
        for overlay in self.overlays:
            marks += [
                (t.hex, t.broken, t.hex.label)
                for t in overlay.tiles
                if t.broken and self.visible(t.hex)
            ]
            for reached in overlay.places:
                if reached.broken and reached.place in places:
                    marks.append((places[reached.place].hex, reached.broken, reached.place))
            for route in overlay.routes:
                last = route.places[-1] if route.places else ""
                if route.broken and last in places:
                    marks.append((places[last].hex, route.broken, "goods move"))
        return [m for m in marks if self.visible(m[0])]

    def rule_labels(self) -> None:
        """Beside each mark that breaks a rule: where, and the rule ids, in a red box."""
        size = 10.5
        for box, broken, where in self.rule_boxes:
            with self.canvas.group(
                data_kind="rule-label", data_rules=" ".join(broken), data_at=where
            ):
                self.canvas.rect(
                    box.x,
                    box.y,
                    box.width,
                    box.height,
                    rx=3,
                    fill=look.ILLEGAL_MARK,
                    stroke=look.WHITE,
                    stroke_width=1.5,
                )
                baseline = box.y + 3 + size
                for line in [f"{where}:", *broken]:
                    self.canvas.text(
                        box.x + 6, baseline, line, size=size, bold=True, fill=look.WHITE
                    )
                    baseline += size * 1.3
