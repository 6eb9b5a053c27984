"""Which parameters of a family of alike tests run in the quick subset (``-m "not slow"``).

The full suite runs every parameter; everyday work (``pytest -n auto -m "not slow"``) runs an
even spread of each large family, so that every kind of case is still met, and the rest is
marked ``slow``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest


def spread(values: Iterable[Any], *, every: int, first: int = 0) -> list[Any]:
    """``values`` as pytest parameters: the ``every``-th ones from position ``first`` as they
    are (quick), the others marked slow. A value that is a ``pytest.param`` keeps its id and
    marks."""
    params = []
    for position, value in enumerate(values):
        if position % every == first % every:
            params.append(value)
            continue
        if isinstance(value, type(pytest.param(None))):
            params.append(pytest.param(*value.values, id=value.id, marks=[*value.marks, SLOW]))
        else:
            params.append(pytest.param(value, marks=SLOW))
    return params


SLOW = pytest.mark.slow
