"""The hex coordinate system: labels, neighbours and distances."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from canaldsl.hexgrid import Hex, column_index, column_letters


def test_labels_round_trip() -> None:
    assert Hex.parse("A1") == Hex(0, 0)
    assert Hex.parse("F7") == Hex(5, 6)
    assert Hex.parse("AA10") == Hex(26, 9)
    assert Hex(26, 9).label == "AA10"
    for bad in ("a1", "A0", "1A", "A", "AAA1", ""):
        with pytest.raises(ValueError):
            Hex.parse(bad)


def test_neighbours_of_an_unshifted_row() -> None:
    # row 3 is written flush left; its upper and lower neighbours lie west of straight below
    assert set(Hex.parse("C3").neighbours()) == {
        Hex.parse(x) for x in ("B2", "C2", "B3", "D3", "B4", "C4")
    }


def test_neighbours_of_a_shifted_row() -> None:
    # row 4 is shifted half a hex east
    assert set(Hex.parse("C4").neighbours()) == {
        Hex.parse(x) for x in ("C3", "D3", "B4", "D4", "C5", "D5")
    }


def test_corner_has_fewer_neighbours() -> None:
    assert set(Hex.parse("A1").neighbours()) == {Hex.parse("B1"), Hex.parse("A2")}


hexes = st.builds(Hex, st.integers(0, 60), st.integers(0, 60))


@given(hexes)
def test_neighbours_are_symmetric_and_at_distance_one(h: Hex) -> None:
    ns = h.neighbours()
    assert len(set(ns)) == len(ns)
    for n in ns:
        assert h in n.neighbours()
        assert h.distance(n) == 1
        assert h.is_neighbour(n)
    if h.col > 0 and h.row > 0:
        assert len(ns) == 6


@given(hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)
    if a != b:
        assert any(n.distance(b) == a.distance(b) - 1 for n in a.neighbours())


@given(st.integers(0, 26 + 26 * 26 - 1))
def test_column_letters_round_trip(i: int) -> None:
    assert column_index(column_letters(i)) == i
