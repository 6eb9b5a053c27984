"""The puzzles in examples/ (``puzzle-*.canal``): every answer written in a file is recomputed.

For each query of each puzzle:

* ``best-build for C: N points [unique]``: the exact search (search.py) and CP-SAT
  (buildmodel.py), both through bestbuild.py, each prove an optimum of N points; the build each
  returns is legal when the rules engine plays it and scores what it claims; ``unique`` is
  confirmed by both engines (solve again without the answer);
* ``best-delivery for C: N points [unique]``: the exhaustive list of legal goods moves
  (delivery.py) and CP-SAT (deliverymodel.py) both give N; ``unique``: one move only;
* ``can-complete NAME for C: yes|no``: the rules engine's test, the exact search's test and
  the python-constraint2 solver's own route search (tests/cspbuild.py) all agree with it.

Then ``canaldsl check``, ``best-build`` and ``best-delivery`` succeed (exit status 0) on every
puzzle, and the puzzles cover what examples/README.md promises: both editions of the built-in
board, boards written in the file, and every kind of query.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from cspbuild import Finisher, canal_infos
from test_solver_support import assert_plan_legal

from canaldsl.canalmania import syntax as s
from canaldsl.canalmania.bestbuild import best_build, uniqueness
from canaldsl.canalmania.delivery import deliveries
from canaldsl.canalmania.deliverymodel import best_delivery_cpsat
from canaldsl.canalmania.loading import check_path
from canaldsl.canalmania.play import state_after_turns
from canaldsl.canalmania.problem import build_problem
from canaldsl.canalmania.routes import completable, still_completable
from canaldsl.canalmania.semantics import Scenario
from canaldsl.canalmania.state import GameState
from canaldsl.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PUZZLES = sorted(EXAMPLES.glob("puzzle-*.canal"))
ENGINES = ("search", "cp-sat")


def load(path: Path) -> tuple[Scenario, GameState]:
    scenario, diagnostics, _ = check_path(path)
    errors = [d.render() for d in diagnostics if d.is_error]
    assert scenario is not None and not errors, errors
    return scenario, state_after_turns(scenario)


def queries(scenario: Scenario) -> list[s.QueryDecl]:
    return [e for e in scenario.events if isinstance(e, s.QueryDecl)]


def cases(kind: str) -> list[tuple[Path, int]]:
    """(puzzle, index of the query among the file's queries) for every query of ``kind``."""
    out = []
    for path in PUZZLES:
        scenario, _ = load(path)
        out += [(path, i) for i, q in enumerate(queries(scenario)) if q.kind == kind]
    return out


def the_query(path: Path, index: int) -> tuple[s.QueryDecl, GameState, str]:
    scenario, state = load(path)
    query = queries(scenario)[index]
    mover = query.player.text if query.player is not None else state.now
    assert mover is not None, "a puzzle names whose question it is"
    return query, state, mover


def label(case: object) -> str:
    return case.name if isinstance(case, Path) else str(case)


# ------------------------------------------------------------------ what the puzzles cover


def test_the_puzzles_cover_the_promised_ground() -> None:
    assert len(PUZZLES) >= 8
    boards = set()
    kinds = set()
    for path in PUZZLES:
        scenario, _ = load(path)
        assert scenario.board is not None
        boards.add(scenario.board.name)
        kinds |= {q.kind for q in queries(scenario)}
        assert queries(scenario), f"{path.name} asks nothing"
        assert all(q.answer is not None for q in queries(scenario)), path.name
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# Puzzle:"), path.name
        assert "# Spoiler." in text, path.name
    assert {"england-1st", "england-2nd"} <= boards
    assert len(boards - {"england-1st", "england-2nd"}) >= 2  # boards written in the file
    assert kinds == {"best-build", "best-delivery", "can-complete"}


def test_each_puzzle_is_listed_in_the_examples_readme() -> None:
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    for path in PUZZLES:
        assert f"({path.name})" in readme, path.name


# ------------------------------------------------------------------ the answers, recomputed


@pytest.mark.parametrize(("path", "index"), cases("best-build"), ids=label)
def test_best_build_answer(path: Path, index: int) -> None:
    query, state, mover = the_query(path, index)
    assert query.answer is not None and query.answer.points is not None
    for engine in ENGINES:
        plan = best_build(state, mover, engine=engine)
        assert plan.optimal and plan.bound == plan.points, (engine, plan.proof())
        assert plan.points == query.answer.points.value, (engine, plan.summary())
        assert_plan_legal(state, plan)
        if query.answer.unique:
            found = uniqueness(state, plan, engine=engine)
            other = found.other.summary() if found.other else None
            assert found.unique is True, (engine, other)


@pytest.mark.parametrize(("path", "index"), cases("best-delivery"), ids=label)
def test_best_delivery_answer(path: Path, index: int) -> None:
    query, state, mover = the_query(path, index)
    assert query.answer is not None and query.answer.points is not None
    wanted = query.answer.points.value
    moves = list(deliveries(state, mover))
    best = max((m.points_for(mover) for m in moves), default=0)
    assert best == wanted
    model = best_delivery_cpsat(state, mover)
    assert model.proven and model.points == wanted, model
    if query.answer.unique:
        top = [m for m in moves if m.points_for(mover) == best]
        assert len(top) == 1, [m.route for m in top]
        assert model.delivery is not None and model.delivery.route == top[0].route


@pytest.mark.parametrize(("path", "index"), cases("can-complete"), ids=label)
def test_can_complete_answer(path: Path, index: int) -> None:
    query, state, mover = the_query(path, index)
    assert query.answer is not None and query.answer.yes is not None
    assert query.subject is not None
    name = query.subject.text
    canal = state.player(mover).canal(name)
    assert canal is not None
    by_engine, _ = completable(state, canal)
    problem = build_problem(state, mover)
    task = next(t for t in problem.canals if t.name == name)
    by_search = still_completable(problem, task, ())
    info = next(c for c in canal_infos(state, mover) if c.name == name)
    by_csp_solver = Finisher(state.board, info).possible(
        end=info.end_hex,
        on_place=info.on_place,
        hexes=info.own_hexes,
        places=info.visited,
        left=info.budget,
    )
    assert by_engine == by_search == by_csp_solver == query.answer.yes


# ------------------------------------------------------------------ the command line


@pytest.mark.parametrize("path", PUZZLES, ids=label)
def test_commands_succeed(path: Path) -> None:
    runner = CliRunner()
    for command in ("check", "best-build", "best-delivery"):
        result = runner.invoke(main, [command, str(path)])
        assert result.exit_code == 0, (command, result.output)
        assert "Traceback" not in result.output
    output = runner.invoke(main, ["check", str(path)]).output
    assert "FAILED" not in output and "not evaluated" not in output
