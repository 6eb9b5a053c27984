"""Final deliveries as written moves (issue 13): a ``final deliveries`` block gives the moves
played at the table; each is checked against the legal moves in the order rule
``end.final-deliveries`` gives; canaldsl fills in only what the file leaves out, and says so.

Hand-worked: ``examples/final-deliveries-as-played.canal`` (its header) and the 2nd-edition
game record (its header lists the deliveries). Differential: writing canaldsl's own choice
by hand gives the same scores, on every repository file that has a position."""

from __future__ import annotations

import json
from pathlib import Path

import programs
import pytest

from canaldsl.budget import Budget
from canaldsl.canalmania.evaluate import evaluate
from canaldsl.canalmania.final import FinalResult, FinalScoringTooLong, final_scoring
from canaldsl.canalmania.finalmoves import CANALDSL, FILE
from canaldsl.canalmania.formatter import format_document
from canaldsl.canalmania.loading import check_text
from canaldsl.canalmania.parser import parse_syntax
from canaldsl.jsonschemas import schema

ROOT = Path(__file__).resolve().parent.parent
AS_PLAYED = ROOT / "examples" / "final-deliveries-as-played.canal"
RECORD = ROOT / "examples" / "game-record-2nd-edition.canal"


def position_only(path: Path) -> str:
    """The file without its final deliveries block and what follows it."""
    text = path.read_text(encoding="utf-8")
    return text[: text.index("final deliveries {")] if "final deliveries {" in text else text


NO_QUERIES = 0
"""A budget of no work units: the file's turns are played and its final deliveries checked,
its queries (can-complete, why-not, ...) left unanswered. For the tests that look at the final
deliveries only; the queries' answers are the golden outputs' and the solver tests' concern
(can-complete-out-of-tiles' minimal rule set alone was ~10 s of CPU here, twice)."""


def played(text: str, *, queries: bool = True) -> tuple[FinalResult | None, list[str], str]:
    """The written final deliveries checked, the error codes, and check's status (with
    ``queries=False`` the file's queries are not answered: the status may then differ)."""
    scenario, diagnostics = check_text(text, filename="t.canal", path=None)
    errors = [d.code for d in diagnostics if d.is_error]
    if scenario is None or errors:
        return None, errors, "error"
    evaluation = evaluate(scenario, budget=None if queries else Budget.of(NO_QUERIES))
    return evaluation.final_deliveries, errors, str(evaluation.status)


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    """The command line's code in this process (:func:`programs.in_process`): exit status
    and output; an exception raised fails the test."""
    result = programs.in_process(*args, stdin=stdin)
    return result.returncode, result.stdout


# ------------------------------------------------------------------ hand-worked


def test_the_moves_played_decide_the_winner() -> None:
    final, errors, status = played(AS_PLAYED.read_text(encoding="utf-8"))
    assert final is not None and not errors and status == "ok"
    # the header: yellow 30 + 2 + 2 = 34, white 31 + 2 = 33, red 30 + 2 = 32
    assert final.scores == {"yellow": 34, "white": 33, "red": 32}
    assert final.winner == "yellow"
    said = [(m.colour, m.route_text, m.chosen_by) for m in final.moves]
    assert said == [
        ("white", "Gloucester > Worcester > Birmingham", FILE),
        ("red", "Coventry > Birmingham", FILE),
        ("yellow", "Worcester > Gloucester", CANALDSL),
    ]
    assert final.legal


def test_left_alone_canaldsl_plays_each_best_move_and_white_wins() -> None:
    final, _, _ = played(position_only(AS_PLAYED))
    assert final is None  # nothing written: nothing to check
    scenario, _ = check_text(position_only(AS_PLAYED), filename="t.canal", path=None)
    assert scenario is not None
    state = evaluate(scenario).final_state
    assert state is not None
    engine = final_scoring(state)
    # the header: white 33, red 32, yellow 32
    assert engine.scores == {"white": 33, "red": 32, "yellow": 32}
    assert not engine.written and all(m.chosen_by == CANALDSL for m in engine.moves)


def test_the_record_s_deliveries_written_out_give_its_hand_worked_scores() -> None:
    text = RECORD.read_text(encoding="utf-8") + (
        "\nfinal deliveries {\n  black: Leicester > Nottingham\n  red: Lancaster > Preston\n"
        "  white: pass\n  black: pass\n  red: Preston > Lancaster\n  white: pass\n}\n"
    )
    final, errors, status = played(text)
    assert final is not None and not errors
    assert status == "ok"
    assert final.scores == {"red": 98, "white": 98, "black": 86}
    assert final.legal and all(m.chosen_by == FILE for m in final.moves)


def test_a_pass_when_a_cube_can_move_is_illegal_and_canaldsl_moves_instead() -> None:
    text = position_only(AS_PLAYED) + "final deliveries {\n  white: pass\n}\n"
    final, _, status = played(text)
    assert final is not None and status == "illegal"
    (violation,) = final.violations
    assert violation.rule == "end.final-deliveries"
    assert (violation.span.line, violation.span.column) == (49, 3)
    assert "passes only when no cube can be moved" in violation.message
    first = final.moves[0]
    assert first.chosen_by == CANALDSL and first.replaces
    assert first.route_text == "Worcester > Birmingham"


def test_a_written_move_the_goods_rules_refuse_names_the_rule_and_place() -> None:
    # the last section must be the mover's own: Coventry > Birmingham is red's
    text = position_only(AS_PLAYED) + "final deliveries {\n  white: Coventry > Birmingham\n}\n"
    final, _, _ = played(text)
    assert final is not None
    rules = [(v.rule, v.span.line, v.span.column) for v in final.violations]
    assert rules == [("goods.last-section-own", 49, 21)]


def test_a_move_without_a_cube_is_refused_at_its_start() -> None:
    text = position_only(AS_PLAYED) + "final deliveries {\n  white: Birmingham > Worcester\n}\n"
    final, _, _ = played(text)
    assert final is not None
    assert [(v.rule, v.span.column) for v in final.violations] == [("goods.cube-at-start", 10)]


def test_a_move_after_the_deliveries_are_over_is_refused() -> None:
    block = (
        "final deliveries {\n  white: Gloucester > Worcester > Birmingham\n"
        "  red: Coventry > Birmingham\n  yellow: Worcester > Gloucester\n"
        "  white: pass\n  red: pass\n  yellow: pass\n  red: Worcester > Birmingham\n}\n"
    )
    final, _, _ = played(position_only(AS_PLAYED) + block)
    assert final is not None
    # the round of passes is the last (nobody can move); red's further move is too late
    assert [(v.rule, v.span.line) for v in final.violations] == [("end.final-deliveries", 55)]
    assert "after the final deliveries are over" in final.violations[0].message


def test_order_follows_the_engineers_not_the_file() -> None:
    """red's line first in the file is still red's move in red's place (after white)."""
    block = (
        "final deliveries {\n  red: Coventry > Birmingham\n"
        "  white: Gloucester > Worcester > Birmingham\n}\n"
    )
    final, _, _ = played(position_only(AS_PLAYED) + block)
    assert final is not None and final.legal
    assert [m.colour for m in final.moves] == ["white", "red", "yellow"]
    assert final.scores == {"yellow": 34, "white": 33, "red": 32}


def test_owner_in_brackets_is_checked() -> None:
    block = "final deliveries {\n  white: Gloucester > Worcester[red] > Birmingham\n}\n"
    final, _, _ = played(position_only(AS_PLAYED) + block)
    assert final is not None
    assert [v.rule for v in final.violations] == ["goods.completed-sections"]


def test_expect_illegal_speaks_of_the_block_before_it() -> None:
    block = (
        "final deliveries {\n  white: pass\n}\n\nexpect illegal end.final-deliveries\n"
        "expect final scores white 33, red 32, yellow 32\n"
    )
    scenario, _ = check_text(position_only(AS_PLAYED) + block, filename="t.canal", path=None)
    assert scenario is not None
    evaluation = evaluate(scenario)
    assert [j.passed for j in evaluation.judgements] == [True, True]
    assert str(evaluation.status) == "ok"


# ------------------------------------------------------------------ the language


@pytest.mark.parametrize(
    ("block", "code"),
    [
        ("final deliveries {\n  blue: pass\n}\nfinal deliveries {\n}\n", "E501"),
        ("final deliveries {\n  red: pass\n}\nfinal deliveries {\n}\n", "E507"),
        ("final deliveries {\n  red: Coventry > Brimingham\n}\n", "E201"),
        ("final deliveries {\n}\nturn white {\n  phase 1: pass\n}\n", "E508"),
    ],
)
def test_the_block_s_errors(block: str, code: str) -> None:
    _, errors, _ = played(position_only(AS_PLAYED) + block)
    assert code in errors


def test_formatting_keeps_the_block_and_its_comments() -> None:
    text = position_only(AS_PLAYED) + (
        "final deliveries {  # as noted by Ada\n  white:   Gloucester>Worcester[yellow]>"
        "Birmingham\n  # red next\n  red : pass\n}\n"
    )
    formatted = format_document(parse_syntax(text))
    assert formatted.endswith(
        "final deliveries {  # as noted by Ada\n"
        "  white: Gloucester > Worcester[yellow] > Birmingham\n"
        "  # red next\n  red: pass\n}\n"
    )
    assert format_document(parse_syntax(formatted)) == formatted


def test_play_keeps_the_written_deliveries() -> None:
    code, out = run("play", str(AS_PLAYED))
    assert code == 0
    assert "final deliveries {" in out
    again, _, _ = played(out)
    assert again is not None and again.scores == {"yellow": 34, "white": 33, "red": 32}


def test_score_json_says_who_chose_each_move() -> None:
    code, out = run("score", "--format", "json", str(AS_PLAYED))
    assert code == 0
    document = json.loads(out)
    import jsonschema

    jsonschema.validate(document, schema("score"))
    deliveries = document["final_deliveries"]
    assert deliveries["chosen_by"] == "mixed"
    assert [m["chosen_by"] for m in deliveries["moves"]] == ["file", "file", "engine"]
    assert [m["line"] for m in deliveries["moves"]] == [49, 50, None]
    assert deliveries["violations"] == []


def test_score_text_and_stdin_mark_canaldsl_s_choice() -> None:
    code, out = run("score", "-", stdin=AS_PLAYED.read_text(encoding="utf-8"))
    assert code == 0
    assert "yellow wins 34-33-32" in out
    assert "yellow: Worcester > Gloucester (yellow 2)  [chosen by canaldsl: not written]" in out


def test_check_reports_an_illegal_written_move_with_rule_line_and_column() -> None:
    text = position_only(AS_PLAYED) + "final deliveries {\n  white: pass\n}\n"
    code, out = run("check", "--format", "json", "-", stdin=text)
    (report,) = json.loads(out)
    assert report["status"] == "illegal" and code != 0
    (diagnostic,) = [d for d in report["diagnostics"] if d["code"] == "V001"]
    assert (diagnostic["rule"], diagnostic["line"], diagnostic["column"]) == (
        "end.final-deliveries",
        49,
        3,
    )


def test_the_report_headline_names_an_illegal_final_delivery(tmp_path: Path) -> None:
    source = tmp_path / "f.canal"
    source.write_text(position_only(AS_PLAYED) + "final deliveries {\n  white: pass\n}\n")
    code, _ = run("report", str(source), "-o", str(tmp_path / "f.html"))
    assert code == 1  # illegal
    html = (tmp_path / "f.html").read_text(encoding="utf-8")
    assert "Illegal: white passes" in html and "final deliveries, line 49, column 3" in html


# ------------------------------------------------------------------ differential


def _repository_files() -> list[Path]:
    files = sorted((ROOT / "examples").glob("*.canal"))
    files += sorted((ROOT / "scenarios").rglob("*.canal"))
    return files


def _block(final: FinalResult) -> str:
    lines = []
    for move in final.moves:
        delivery = move.delivery
        assert delivery is not None
        legs = [f'"{delivery.route[0]}"'] + [
            f'"{p}"[{o}]' for p, o in zip(delivery.route[1:], delivery.owners, strict=True)
        ]
        lines.append(f"  {move.colour}: " + " > ".join(legs))
    return "\nfinal deliveries {\n" + "\n".join(lines) + "\n}\n"


@pytest.mark.slow
def test_writing_canaldsl_s_own_choice_gives_the_same_scores() -> None:
    """On every repository file with a position and no written deliveries: the engine's
    moves, written out by hand (with each section's owner), are all accepted as written and
    give the same scores, moves and ranking."""
    compared = 0
    for path in _repository_files():
        text = path.read_text(encoding="utf-8")
        if "final deliveries" in text or text.startswith("rulebook"):
            continue
        scenario, diagnostics = check_text(text, filename=path.name, path=path)
        if scenario is None or any(d.is_error for d in diagnostics) or scenario.position is None:
            continue
        # the final state only: the file's queries are not what this test compares
        state = evaluate(scenario, budget=Budget.of(NO_QUERIES)).final_state
        if state is None:
            continue
        try:
            engine = final_scoring(state)
        except FinalScoringTooLong:
            continue
        if not engine.moves:
            continue
        rescored, errors, _ = played(text + _block(engine), queries=False)
        assert not errors, (path, errors)
        assert rescored is not None, path
        assert rescored.legal, (path, rescored.violations)
        assert rescored.scores == engine.scores, path
        assert rescored.ranking == engine.ranking, path
        assert rescored.deliveries == engine.deliveries, path
        assert all(m.chosen_by == FILE for m in rescored.moves), path
        compared += 1
    assert compared >= 5


def test_score_and_play_name_standard_input_as_stdin() -> None:
    """Found checking issue 13's list: `score -` said `-: final scoring`, `play -` `of -`."""
    text = AS_PLAYED.read_text(encoding="utf-8")
    _, out = run("score", "-", stdin=text)
    assert out.startswith("<stdin>: final scoring after 0 legal turns\n")
    _, out = run("play", "-", stdin=text)
    assert out.startswith("# position after 0 legal turns of <stdin>\n")


def test_the_public_api_scores_with_the_written_deliveries() -> None:
    import canaldsl

    scores = canaldsl.final_scores(str(AS_PLAYED))
    assert scores.winner == "yellow"
    assert scores.scores == {"yellow": 34, "white": 33, "red": 32}


def test_each_run_in_one_process_reads_its_own_standard_input() -> None:
    """canaldsl.sources keeps standard input once read (a command may read its file twice);
    it kept it for the whole process, so a second run with other input in one process (tests,
    notebooks) saw the first run's text. It is now kept per stream."""
    first = position_only(AS_PLAYED) + "final deliveries {\n  white: pass\n}\n"
    code, _ = run("check", "-", stdin=first)
    assert code == 1  # illegal
    code, out = run("check", "-", stdin=AS_PLAYED.read_text(encoding="utf-8"))
    assert code == 0 and "<stdin>: ok" in out
