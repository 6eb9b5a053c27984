"""Every turn explained by ``canaldsl check`` (issue 13): legal or not, points scored, the
hand's change, tiles built, contracts taken and completed, goods; ``--quiet`` leaves it out.

Expected notes are worked by hand from the files' positions (each file's header says how)."""

from __future__ import annotations

import json
from pathlib import Path

import programs

from canaldsl.canalmania.evaluate import evaluate
from canaldsl.canalmania.loading import check_path
from canaldsl.canalmania.turnnotes import turn_note
from canaldsl.verdicts import TurnNote

ROOT = Path(__file__).resolve().parent.parent
MEDWAY = "examples/medway-first-build.canal"
TWO_LOCKS = "examples/medway-two-locks.canal"
RECORD = "examples/game-record-2nd-edition.canal"


def run(*args: str) -> tuple[int, str, str]:
    """The command line's code in this process (:func:`programs.in_process`): exit status
    and output; an exception raised fails the test."""
    result = programs.in_process(*args)
    return result.returncode, result.stdout, result.stderr


def notes_of(path: str) -> list[TurnNote]:
    scenario, _, _ = check_path(ROOT / path, display=path)
    assert scenario is not None
    return [turn_note(v) for v in evaluate(scenario).verdicts]


def test_a_legal_build_is_explained_as_worked_by_hand() -> None:
    # red pays a lock and a stretch for lock R27 and stretch R26, completes the Medway and
    # scores 1 (lock) + 3 (contract value, 2nd edition) = 4
    (note,) = notes_of(MEDWAY)
    assert note == TurnNote(
        30,
        "red",
        True,
        points={"red": 4},
        changes=(
            "red's hand -1 lock, -1 stretch",
            "red built lock R27 (lock), stretch R26 (stretch)",
            "red completed Medway Navigation",
        ),
    )


def test_an_illegal_turn_names_its_rules_and_changes_nothing() -> None:
    (note,) = notes_of(TWO_LOCKS)
    assert (note.legal, note.rules, note.changes, dict(note.points)) == (
        False,
        ("build.consecutive-tiles",),
        (),
        {},
    )
    assert note.text() == "turn black: illegal (build.consecutive-tiles), not applied"


def test_points_in_the_notes_are_the_score_changes_of_a_game_record() -> None:
    """An independent account: each legal turn's points must be the difference of the
    players' scores before and after it, and goods moved must show as a cube delivered."""
    scenario, _, _ = check_path(ROOT / RECORD, display=RECORD)
    assert scenario is not None
    for verdict in evaluate(scenario).verdicts:
        note = turn_note(verdict)
        if not verdict.legal:
            continue
        before = {p.colour: p.score for p in verdict.before.players}
        gained = {p.colour: p.score - before[p.colour] for p in verdict.after.players}
        assert {c: n for c, n in note.points.items() if n} == {c: n for c, n in gained.items() if n}
        delivered = verdict.before.cubes - verdict.after.cubes
        assert any(c.startswith("cube") and "delivered" in c for c in note.changes) == bool(
            delivered
        )


def test_check_prints_each_turn_before_its_expectations_and_quiet_leaves_them_out() -> None:
    status, out, _ = run("check", MEDWAY)
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == (
        f"{MEDWAY}:30: turn red: legal; scored red +4; red's hand -1 lock, -1 stretch; "
        "red built lock R27 (lock), stretch R26 (stretch); red completed Medway Navigation"
    )
    assert lines[1] == f"{MEDWAY}:34: passed: expect legal"
    status, quiet, _ = run("check", "--quiet", MEDWAY)
    assert status == 0
    assert quiet.splitlines() == lines[1:]


def test_check_json_carries_the_turn_notes() -> None:
    status, out, _ = run("check", "--format", "json", "-j", "1", MEDWAY, TWO_LOCKS)
    assert status == 0
    first, second = json.loads(out)
    assert first["turn_notes"] == [
        {
            "line": 30,
            "player": "red",
            "legal": True,
            "rules": [],
            "points": {"red": 4},
            "changes": [
                "red's hand -1 lock, -1 stretch",
                "red built lock R27 (lock), stretch R26 (stretch)",
                "red completed Medway Navigation",
            ],
        }
    ]
    assert second["turn_notes"][0]["legal"] is False
    assert second["turn_notes"][0]["rules"] == ["build.consecutive-tiles"]


# ------------------------------------------------------------------ query cost, expect cost

BRINDLEY = ROOT / "examples/brindley-lock-from-a-stretch-card.canal"


def checked(tmp_path: Path, text: str, *args: str) -> tuple[int, str]:
    path = tmp_path / "t.canal"
    path.write_text(text, encoding="utf-8")
    status, out, err = run("check", "--quiet", *args, str(path))
    return status, out + err


def test_expect_cost_counts_the_cards_paid_per_tile(tmp_path: Path) -> None:
    # Brindley: lock D5 paid with a stretch card, stretch D4 with a stretch: 2 cards
    text = BRINDLEY.read_text(encoding="utf-8").replace(
        "expect legal\n", "expect legal\nexpect cost 2 cards\nquery cost\n", 1
    )
    status, out = checked(tmp_path, text)
    assert status == 0, out
    assert (
        "passed: expect cost 2 cards\n    2 cards for tiles; turn red: legal; scored red +1;" in out
    )
    assert "red built lock D5 (stretch), stretch D4 (stretch)" in out
    wrong = text.replace("expect cost 2 cards", "expect cost 3 cards")
    status, out = checked(tmp_path, wrong)
    assert status == 1 and "FAILED: expect cost 3 cards\n    2 cards for tiles;" in out


def test_cards_left_unwritten_are_chosen_by_the_engine_and_said_so(tmp_path: Path) -> None:
    # no cards written: Brindley's two stretch cards pay for the lock and the stretch
    text = BRINDLEY.read_text(encoding="utf-8").replace(
        "lock D5 (stretch), stretch D4 (stretch), Lancaster\n}\n\nexpect legal\n",
        "lock D5, stretch D4, Lancaster\n}\n\nexpect legal\nquery cost\n",
    )
    assert "query cost" in text
    status, out = checked(tmp_path, text)
    assert status == 0, out
    assert (
        "red built lock D5 (stretch, chosen by canaldsl), stretch D4 (stretch, chosen by canaldsl)"
        in out
    )


def test_cost_of_an_illegal_turn_or_of_no_turn_fails(tmp_path: Path) -> None:
    text = BRINDLEY.read_text(encoding="utf-8")
    before = text.replace("turn red {", "query cost\nturn red {", 1)
    status, out = checked(tmp_path, before)
    assert "FAILED: query cost\n    there is no turn before this" in out
    illegal = text.replace(
        "expect illegal build.consecutive-tiles",
        "expect illegal build.consecutive-tiles\nexpect cost 2 cards",
        1,
    )
    status, out = checked(tmp_path, illegal)
    assert status == 1
    assert "FAILED: expect cost 2 cards\n    the turn is illegal (build.consecutive-tiles)" in out


def test_cost_statements_keep_their_layout() -> None:
    from canaldsl.canalmania.formatter import format_document
    from canaldsl.canalmania.parser import parse_document

    text = BRINDLEY.read_text(encoding="utf-8").replace(
        "expect legal\n", "expect legal\nexpect   cost 2   cards\nquery  cost\n", 1
    )
    document, diagnostics = parse_document(text, filename="t.canal")
    assert document is not None and not diagnostics
    formatted = format_document(document)
    assert "expect cost 2 cards\nquery cost\n" in formatted
