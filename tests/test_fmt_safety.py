"""`canaldsl fmt` loses nothing: a crash while writing leaves the original file intact, and the
rewritten file keeps every fact and every comment.

Crashes are simulated by making the write or the final rename fail (``monkeypatch``); each time
the original bytes must be on disk, no temporary file may be left beside it, and the command
line must say why in a diagnostic (exit status 2), not with a traceback.
"""

from __future__ import annotations

import io
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from canaldsl import cli, writing
from canaldsl.canalmania.loading import check_text
from canaldsl.canalmania.parser import parse_syntax

MESSY = """\
# A messy file: every kind of comment, in odd places.
rules   second-edition{players 3 option colour-restriction-start=excluded}  # the options
board england   # the built-in board
player red{engineer Jessop score 12  # a dozen
hand 2 stretch,1 lock supply 10 stretch,4 lock,4 aqueduct,4 tunnel
canal "Medway Navigation":Tonbridge,lock C31   # one lock so far
}
player white{score 3}
player black{}
# the goods
cubes at London,Bath
now red phase 2
turn red{phase 2:
  # building on
  build "Medway Navigation":stretch D31(stretch)
}
expect legal   # surely
# closing words
"""


def files_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_the_round_trip_keeps_every_fact_and_comment(tmp_path: Path) -> None:
    path = tmp_path / "messy.canal"
    path.write_text(MESSY, encoding="utf-8")
    result = CliRunner().invoke(cli.main, ["fmt", str(path)])
    assert result.exit_code == 0, result.output
    formatted = path.read_text(encoding="utf-8")
    assert formatted != MESSY
    assert parse_syntax(formatted) == parse_syntax(MESSY)  # comments are part of the model
    comments = [line.split("#", 1)[1].strip() for line in MESSY.splitlines() if "#" in line]
    for comment in comments:
        assert f"# {comment}" in formatted
    before, _ = check_text(MESSY)
    after, _ = check_text(formatted)
    assert before is not None and after is not None
    assert (after.rules, after.board, after.position) == (
        before.rules,
        before.board,
        before.position,
    )
    assert CliRunner().invoke(cli.main, ["fmt", "--check", str(path)]).exit_code == 0


def _fmt_fails(path: Path) -> Any:
    result = CliRunner().invoke(cli.main, ["fmt", str(path)])
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert "not formatted: it cannot be written" in result.output
    assert "Traceback" not in result.output
    return result


def test_a_failed_rename_leaves_the_original(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "messy.canal"
    path.write_text(MESSY, encoding="utf-8")

    def fail(source: Any, target: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(writing.os, "replace", fail)
    result = _fmt_fails(path)
    assert "No space left on device" in result.output
    assert path.read_text(encoding="utf-8") == MESSY
    assert files_in(tmp_path) == ["messy.canal"]  # the temporary file is gone


class _HalfWriter(io.StringIO):
    """A file that takes half of what is written, then fails like a full disk."""

    def __init__(self, real: Any) -> None:
        super().__init__()
        self.real = real

    def write(self, text: str) -> int:
        self.real.write(text[: len(text) // 2])
        self.real.flush()
        raise OSError(5, "Input/output error")

    def __exit__(self, *exc: object) -> None:
        self.real.close()


def test_a_write_failing_halfway_leaves_the_original(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "messy.canal"
    path.write_text(MESSY, encoding="utf-8")
    real_fdopen = os.fdopen

    def half_writer(*arguments: Any, **options: Any) -> Any:
        handle = real_fdopen(*arguments, **options)
        return _HalfWriter(handle) if arguments[1:2] == ("w",) else handle

    monkeypatch.setattr(writing.os, "fdopen", half_writer)
    _fmt_fails(path)
    assert path.read_text(encoding="utf-8") == MESSY
    assert files_in(tmp_path) == ["messy.canal"]


def test_an_interrupt_while_writing_leaves_the_original(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "messy.canal"
    path.write_text(MESSY, encoding="utf-8")

    def interrupted(descriptor: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(writing.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        cli.write_atomically(path, "rules first-edition\n")
    assert path.read_text(encoding="utf-8") == MESSY
    assert files_in(tmp_path) == ["messy.canal"]


def test_a_read_only_folder_is_a_diagnostic(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes anywhere")
    path = tmp_path / "messy.canal"
    path.write_text(MESSY, encoding="utf-8")
    tmp_path.chmod(0o500)
    try:
        _fmt_fails(path)
    finally:
        tmp_path.chmod(0o700)
    assert path.read_text(encoding="utf-8") == MESSY


def test_the_file_mode_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "messy.canal"
    path.write_text(MESSY, encoding="utf-8")
    path.chmod(0o640)
    assert CliRunner().invoke(cli.main, ["fmt", str(path)]).exit_code == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_symbolic_link_stays_a_link(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "messy.canal"
    target.write_text(MESSY, encoding="utf-8")
    link = tmp_path / "link.canal"
    try:
        os.symlink(target, link)
    except (OSError, NotImplementedError):
        pytest.skip("symbolic links are not available here")
    assert CliRunner().invoke(cli.main, ["fmt", str(link)]).exit_code == 0
    assert link.is_symlink()
    assert parse_syntax(target.read_text(encoding="utf-8")) == parse_syntax(MESSY)
    assert target.read_text(encoding="utf-8") != MESSY
    assert files_in(tmp_path / "real") == ["messy.canal"]
