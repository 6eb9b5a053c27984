"""Ticket to Ride tests: the slow marker (registered here in case the project's is not)."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: a test heavier than about two seconds")
