"""The enumerations defined once in the core: statuses, exit codes, engine names."""

from __future__ import annotations

import json

import pytest

from canaldsl.statuses import Engine, ExitCode, Status, UnknownEngineError


def test_an_engine_is_named_by_its_one_spelling_or_an_older_one() -> None:
    assert Engine.named("cp-sat") is Engine.named("cpsat") is Engine.CP_SAT
    assert Engine.named("search") is Engine.named("exact") is Engine.named("exhaustive")
    assert Engine.named("auto") is Engine.AUTO


def test_an_unknown_engine_is_a_value_error_listing_the_engines() -> None:
    with pytest.raises(UnknownEngineError, match="engines: auto, search, cp-sat") as info:
        Engine.named("simplex")
    assert isinstance(info.value, ValueError)


def test_statuses_and_exit_codes_read_as_the_values_published_before() -> None:
    assert json.dumps([Status.OK, Status.ILLEGAL]) == '["ok", "illegal"]'
    assert f"{Status.FAILED}" == "failed" and Status.ERROR == "error"
    assert [int(c) for c in ExitCode] == [0, 1, 2, 3, 130, 143]
