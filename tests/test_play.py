"""`canaldsl play`: the position after the turns, written back in the language."""

from __future__ import annotations

from pathlib import Path

import programs
import pytest

from canaldsl.canalmania.loading import check_text
from canaldsl.canalmania.play import state_after_turns

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.canal"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_written_position_reads_back_as_the_same_position(path: Path, tmp_path: Path) -> None:
    # In this process (the program itself, as a user runs it, is tested below).
    result = programs.in_process("play", path)  # an exception raised fails the test
    assert result.returncode in (0, 1), result.stderr
    written = result.stdout
    scenario, diagnostics = check_text(written, filename="played.canal", path=path)
    assert [d.render() for d in diagnostics if d.is_error] == []
    assert scenario is not None and scenario.position is not None

    original, _ = check_text(path.read_text(encoding="utf-8"), path=path)
    assert original is not None
    final = state_after_turns(original)  # the turns only (its queries change nothing played)
    assert scenario.position == final.to_position()


def test_play_reports_illegal_turns_on_stderr(tmp_path: Path) -> None:
    source = (ROOT / "examples" / "medway-two-locks.canal").read_text(encoding="utf-8")
    path = tmp_path / "two-locks.canal"
    path.write_text(source, encoding="utf-8")
    result = programs.process("play", path)
    assert result.returncode == 1
    assert "(build.consecutive-tiles)" in result.stderr and "turn not applied" in result.stderr
    assert 'canal "Medway Navigation": Tonbridge' in result.stdout  # nothing was built
