"""Data files: a game's TOML tables read by the core's one loader, and checked as read."""

from __future__ import annotations

import pytest

from canaldsl.canalmania import profiles
from canaldsl.datafiles import DataFileError, read_toml


def test_a_missing_data_file_is_a_data_file_error() -> None:
    with pytest.raises(DataFileError, match=r"data/profiles/xx\.toml"):
        read_toml("canaldsl.canalmania", "data", "profiles", "xx.toml")


def test_every_translation_has_its_profile_file() -> None:
    for code in profiles.TRANSLATIONS:
        assert profiles.load_profile(code) == profiles.PROFILES[code]
        assert profiles.PROFILES[code].translation == code


def test_a_profile_must_set_every_switch_to_one_of_its_values() -> None:
    options = dict(profiles.PROFILES["it"].options)
    with pytest.raises(DataFileError, match="sets every switch"):
        profiles._switches({k: v for k, v in options.items() if k != "undo-scope"})
    with pytest.raises(DataFileError, match="switch undo-scope takes"):
        profiles._switches({**options, "undo-scope": "never"})
