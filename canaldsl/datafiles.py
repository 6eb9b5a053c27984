"""Reading the data files a game ships (TOML tables: translations, maps, sentence indexes).

Game-independent. A game keeps its tables as TOML files inside its package (``data/``), so
they ship with it and are read the same way installed or in a checkout; what a table means is
the game's business, converting its values into the game's own types.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any


class DataFileError(ValueError):
    """A data file of a game that is missing or is not valid TOML (a mistake in the package)."""


def read_toml(package: str, *parts: str) -> dict[str, Any]:
    """The TOML table in the file ``parts`` of ``package`` (``read_toml("canaldsl.canalmania",
    "data", "profiles", "it.toml")``)."""
    resource = resources.files(package).joinpath(*parts)
    try:
        text = resource.read_text(encoding="utf-8")
        return tomllib.loads(text)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataFileError(f"{package}: data file {'/'.join(parts)}: {exc}") from exc
