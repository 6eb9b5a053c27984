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


def test_a_profile_reads_every_switch_with_its_own_text_s_default() -> None:
    """A translation profile's readings are no longer written in its data file: they are
    each switch's default for that text (options.py, with the reason beside it), else the
    edition's; every value is one the switch takes."""
    from canaldsl.canalmania.components import Edition
    from canaldsl.canalmania.options import SWITCHES, resolve

    for code, profile in profiles.PROFILES.items():
        edition = Edition.SECOND if code == "de" else Edition.FIRST
        assert dict(profile.options) == dict(resolve(edition, {}, code)), code
        assert set(profile.options) == set(SWITCHES)
        for name, value in profile.options.items():
            assert value in SWITCHES[name].values, (code, name, value)
    assert profiles.PROFILES["fr"].options["colour-restriction-start"] == "excluded"
    assert profiles.PROFILES["de"].options["consecutive-tiles"] == "neighbouring-hexes"
    assert profiles.PROFILES["it"].options["consecutive-tiles"] == "next-along-canal"
