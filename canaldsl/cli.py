"""The ``canaldsl`` command line.

Exit status: 0 when every file is understood and all its expectations hold; 1 when an
expectation fails or a proposed turn is illegal; 2 when a file cannot be understood (or the
command line itself is wrong); 130 or 143 when interrupted by SIGINT (Ctrl-C) or SIGTERM (the
program holds every command's output until it is complete, and gives none when interrupted:
:mod:`canaldsl.process`). Heavy modules are imported only by the commands that need them.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from canaldsl.cli_options import (
    BUDGET,
    EXIT_TIMEOUT,
    TIMINGS,
    WALL_LIMIT,
    budget_of,
    engine_option,
)

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_ERROR = 2

_FORMAT = click.Choice(["text", "json"])


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="canaldsl")
def main() -> None:
    """Settle questions about the board game Canal Mania.

    Write a position and a proposed turn in the Canal Mania language (.canal files); canaldsl
    says whether the turn is legal and, if not, which rule it breaks and where.
    """


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help="Files checked at once, each in its own process (default: the machine's cores; "
    "1: one after another). The output is the same whatever the number.",
)
def check(files: tuple[Path, ...], output: str, jobs: int | None) -> None:
    """Check FILES: report every problem, and every expectation with its outcome.

    A folder stands for every .canal file under it (hidden ones left out), in sorted order."""
    from functools import partial

    from canaldsl.batch import NoFilesError, default_jobs, files_to_check, map_in_order

    try:
        paths = files_to_check(files, suffix=".canal")
    except NoFilesError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    checked = partial(check_outcome, as_json=output == "json")
    outcomes = list(map_in_order(checked, paths, jobs=jobs or default_jobs()))
    if output == "json":
        click.echo(json.dumps([o.json for o in outcomes], indent=2, ensure_ascii=False))
    else:
        for outcome in outcomes:
            for text, to_stderr in outcome.lines:
                click.echo(text, err=to_stderr)
    statuses = {o.status for o in outcomes}
    if "error" in statuses:
        sys.exit(EXIT_ERROR)
    if statuses & {"failed", "illegal"}:
        sys.exit(EXIT_FAILED)
    if any(o.timeout for o in outcomes):  # a query's outcome depends on the machine
        sys.exit(EXIT_TIMEOUT)
    sys.exit(EXIT_OK)


@dataclass(frozen=True)
class CheckOutcome:
    """What `check` prints about one file, made where the file is checked (a worker process
    or this one): the report's JSON, or its text lines (each to stdout or stderr), and its
    status."""

    status: str
    json: dict[str, Any] | None
    lines: tuple[tuple[str, bool], ...]
    timeout: bool


def check_outcome(path: Path, *, as_json: bool) -> CheckOutcome:
    """Check one file and say what `check` prints about it."""
    from canaldsl.canalmania.report import check_file

    report = check_file(path, display=str(path))
    if as_json:
        return CheckOutcome(report.status, report.to_json(), (), report.timeout)
    return CheckOutcome(report.status, None, tuple(_report_lines(report)), report.timeout)


def _report_lines(report: Any) -> Iterator[tuple[str, bool]]:
    for diagnostic in report.diagnostics:
        yield diagnostic.render(), diagnostic.is_error
        yield "", diagnostic.is_error
    if report.status == "error":
        errors = sum(1 for d in report.diagnostics if d.is_error)
        yield f"{report.file}: error ({errors} problem{'s' if errors != 1 else ''})", True
        return
    for result in report.expectations:
        mark = {True: "passed", False: "FAILED", None: "not evaluated"}[result.passed]
        yield f"{report.file}:{result.line}: {mark}: {result.text}", False
        if result.reason:
            yield f"    {result.reason}", False
    scenario = report.scenario
    parts = [f"{scenario.rules.edition.value}"]
    if scenario.board is not None:
        parts.append(f"board {scenario.board.name}")
    if scenario.position is not None:
        parts.append(f"{len(scenario.position.players)} players")
    if report.turns:
        parts.append(f"{report.turns} turn{'s' if report.turns != 1 else ''}")
    yield f"{report.file}: {report.status} ({', '.join(parts)})", False


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--check", "check_only", is_flag=True, help="Only report files that would change.")
def fmt(files: tuple[Path, ...], check_only: bool) -> None:
    """Rewrite FILES in the canonical layout (with --check, only say which would change)."""
    from canaldsl.canalmania.formatter import format_document
    from canaldsl.canalmania.loading import read_source
    from canaldsl.canalmania.parser import parse_document

    status = EXIT_OK
    for path in files:
        text, diagnostics = read_source(path, display=str(path))
        document = None
        if text is not None:
            document, diagnostics = parse_document(text, filename=str(path))
        if document is None:
            for diagnostic in diagnostics:
                click.echo(diagnostic.render(), err=True)
            click.echo(f"{path}: not formatted: it cannot be parsed", err=True)
            status = EXIT_ERROR
            continue
        formatted = format_document(document)
        if formatted == text:
            continue
        if check_only:
            click.echo(f"{path}: would be reformatted")
            status = max(status, EXIT_FAILED)
        else:
            try:
                write_atomically(path, formatted)
            except OSError as exc:
                reason = exc.strerror or type(exc).__name__
                click.echo(f"{path}: not formatted: it cannot be written: {reason}", err=True)
                status = EXIT_ERROR
                continue
            click.echo(f"{path}: reformatted")
    sys.exit(status)


def write_atomically(path: Path, text: str | bytes) -> None:
    """Replace a file's contents so that a crash leaves either the old or the new text.

    A symbolic link stays a link: the file it points to is replaced. An interrupt (SIGINT,
    SIGTERM) arriving meanwhile is taken once the file is replaced
    (:func:`canaldsl.interrupts.deferred`)."""
    from canaldsl.interrupts import deferred

    target = path.resolve()
    with deferred():
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        try:
            if isinstance(text, str):
                with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                    handle.write(text)
                    handle.flush()
                    os.fsync(handle.fileno())
            else:
                with os.fdopen(fd, "wb") as binary:
                    binary.write(text)
                    binary.flush()
                    os.fsync(binary.fileno())
            with contextlib.suppress(OSError):
                os.chmod(temp, _mode_for(target))
            os.replace(temp, target)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise


def _mode_for(target: Path) -> int:
    """The file's mode, kept; a new file's is the usual one (read and write for all, less the
    process's umask), not the temporary file's owner-only mode."""
    try:
        return os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@main.command()
@click.argument("board", required=False, default="england")
@click.option(
    "--edition",
    type=click.Choice(["first", "second"]),
    default=None,
    help="Which edition's built-in board (for `england`); default: second.",
)
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
def board(board: str, edition: str | None, output: str) -> None:
    """Summarise a board: a built-in one (england, england-1st, england-2nd) or a file's."""
    from canaldsl.canalmania.boardinfo import board_json, board_text, find_board

    found, diagnostics = find_board(board, edition=edition)
    for diagnostic in diagnostics:
        click.echo(diagnostic.render(), err=True)
    if found is None:
        sys.exit(EXIT_ERROR)
    if output == "json":
        click.echo(json.dumps(board_json(found), indent=2, ensure_ascii=False))
    else:
        click.echo(board_text(found))
    sys.exit(EXIT_OK)


@main.command("rules")
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
def list_rules(output: str) -> None:
    """List every rule of Canal Mania that canaldsl checks, by rule id."""
    from canaldsl.canalmania.rulebook import all_rules

    rules = all_rules()
    if output == "json":
        click.echo(
            json.dumps(
                [
                    {
                        "id": r.id,
                        "title": r.title,
                        "kind": r.kind.value,
                        "editions": sorted(r.rule_sets),
                        "sections": dict(r.sections),
                    }
                    for r in sorted(rules.values(), key=lambda r: r.id)
                ],
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    width = max(len(r) for r in rules)
    for r in sorted(rules.values(), key=lambda r: r.id):
        editions = "" if len(r.rule_sets) == 2 else f"  [{next(iter(r.rule_sets))} only]"
        click.echo(f"{r.id:<{width}}  {r.title}{editions}")
    click.echo(f"\n{len(rules)} rules; `canaldsl explain RULE-ID` shows one.")


@main.command()
@click.argument("rule_id")
def explain(rule_id: str) -> None:
    """Explain one rule: what it says, where each rulebook says it, how editions differ."""
    from canaldsl.canalmania.rulebook import RULEBOOKS, all_rules
    from canaldsl.diagnostics import did_you_mean

    rules = all_rules()
    found = rules.get(rule_id)
    if found is None:
        guess = did_you_mean(rule_id, rules)
        hint = f" Did you mean {guess}?" if guess else ""
        click.echo(
            f"error: unknown rule id {rule_id!r}.{hint} (`canaldsl rules` lists them)", err=True
        )
        sys.exit(EXIT_ERROR)
    editions = ", ".join(sorted(found.rule_sets))
    click.echo(f"{found.id}: {found.title}  ({found.kind.value}; {editions})\n")
    click.echo(found.text)
    click.echo("\nWhere the rulebooks say it:")
    for key, book in RULEBOOKS.items():
        click.echo(f"  {book}: {found.sections[key] or '(not in this rulebook)'}")
    if found.differences:
        click.echo(f"\nHow the editions and texts differ: {found.differences}")


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def play(file: Path) -> None:
    """Play the turns of FILE and print the position after them, in the language."""
    import dataclasses

    from canaldsl.canalmania import syntax as s
    from canaldsl.canalmania.evaluate import evaluate
    from canaldsl.canalmania.writer import write_position

    scenario = _playable_scenario(file)
    # The file's queries (best build, can-complete ...) change nothing played and are not
    # shown here: they are left out rather than solved for nothing.
    turns_only = dataclasses.replace(
        scenario.document,
        statements=tuple(st for st in scenario.document.statements if not _is_query(st)),
    )
    evaluation = evaluate(dataclasses.replace(scenario, document=turns_only))
    assert evaluation.final_state is not None
    head = [st for st in scenario.document.statements if isinstance(st, s.RulesDecl | s.BoardDecl)]
    legal = sum(v.legal for v in evaluation.verdicts)
    note = [f"# position after {legal} legal turn{'s' if legal != 1 else ''} of {file.name}"]
    click.echo(
        write_position(
            evaluation.final_state.to_position(),
            scenario.board,
            scenario.rules,
            head=head,
            comments=note,
        ),
        nl=False,
    )
    status = EXIT_OK
    for verdict in evaluation.verdicts:
        for violation in verdict.violations:
            click.echo(
                f"{file}:{violation.span.line}:{violation.span.column}: illegal "
                f"({violation.rule}): {violation.message} (turn not applied)",
                err=True,
            )
            status = EXIT_FAILED
    sys.exit(status)


def _is_query(statement: Any) -> bool:
    from canaldsl.canalmania import syntax as s

    return isinstance(statement, s.QueryDecl)


def _playable_scenario(file: Path) -> Any:
    """The checked scenario of FILE, with a board and a position; exit 2 (after showing why)
    when it has errors or nothing to play."""
    from canaldsl.canalmania.loading import check_path

    scenario, diagnostics, _ = check_path(file, display=str(file))
    errors = [d for d in diagnostics if d.is_error]
    if scenario is None or errors or scenario.position is None or scenario.board is None:
        for diagnostic in errors or diagnostics:
            click.echo(diagnostic.render(), err=True)
        if scenario is not None and not errors:
            click.echo(f"{file}: no position to play", err=True)
        sys.exit(EXIT_ERROR)
    return scenario


def _scenario_state(file: Path) -> tuple[Any, Any]:
    """The scenario of FILE and the game after its turns (exit 2 when it has errors)."""
    from canaldsl.canalmania.play import state_after_turns

    scenario = _playable_scenario(file)
    return scenario, state_after_turns(scenario)


def _mover(file: Path, state: Any, colour: str | None) -> str:
    mover = colour or state.now
    if mover is None:
        click.echo(f"{file}: whose turn? give --for COLOUR (the file has no `now`)", err=True)
        sys.exit(EXIT_ERROR)
    if not state.has_player(mover):
        click.echo(f"{file}: there is no player {mover}", err=True)
        sys.exit(EXIT_ERROR)
    return str(mover)


@main.command("best-build")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--for", "colour", default=None, help="Whose build (default: whose turn it is).")
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
@engine_option(
    ["auto", "search", "cp-sat"],
    "auto",
    "The exact search, the CP-SAT model, or auto (by the size of the question)",
)
@BUDGET
@WALL_LIMIT
@TIMINGS
def best_build_command(
    file: Path,
    colour: str | None,
    output: str,
    engine: str,
    budget: float,
    wall_limit: float | None,
    timings: bool,
) -> None:
    """The build scoring the most this turn, after the turns of FILE.

    Points: completions now (tile points and, 2nd edition, the contract value) plus the tile
    points added to canals left incomplete. Ties: fewer cards. Exit status 0 when the answer is
    proven optimal, 1 when the work budget was spent first, 2 when the question cannot be
    asked, 3 when the wall-clock safety limit stopped it (the answer depends on the machine).
    """
    from canaldsl.canalmania.bestbuild import best_build
    from canaldsl.canalmania.problem import HandUnknown

    _, state = _scenario_state(file)
    mover = _mover(file, state, colour)
    work = budget_of(budget, wall_limit)
    try:
        plan = best_build(state, mover, engine=engine, budget=work)
    except HandUnknown as exc:
        click.echo(f"{file}: {exc}: no build can be judged", err=True)
        sys.exit(EXIT_ERROR)
    note, rules = None, None
    if not plan.lines and plan.optimal:  # say why nothing is built (minimal_rules)
        from canaldsl.canalmania.minimal_rules import empty_build_note

        note, rules = empty_build_note(state, mover, budget=work)
    if output == "json":
        why = None
        if note is not None:
            why = {"note": note, "rules": rules and rules.to_json(timings=timings)}
        answer = {"file": str(file), **plan.to_json(timings=timings), "why_empty": why}
        click.echo(json.dumps(answer, indent=2))
    else:
        click.echo(plan.text(timings=timings))
        if note is not None:
            click.echo(f"  why: {note}")
        if plan.lines:
            click.echo("\n" + plan.turn_text())
    if work.wall_hit:
        sys.exit(EXIT_TIMEOUT)
    sys.exit(EXIT_OK if plan.optimal else EXIT_FAILED)


@main.command("best-delivery")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--for", "colour", default=None, help="Who moves (default: whose turn it is).")
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
@BUDGET
@WALL_LIMIT
@engine_option(
    ["search", "cp-sat"],
    "search",
    "The exact search over every move (the fast path) or the CP-SAT model (proof with its bound)",
)
@TIMINGS
def best_delivery_command(
    file: Path,
    colour: str | None,
    output: str,
    budget: float,
    wall_limit: float | None,
    engine: str,
    timings: bool,
) -> None:
    """The goods move scoring the most for the mover, after the turns of FILE.

    Every legal move is searched (colour restriction, last section the mover's own, the 2nd
    edition's shortest route); ties: fewer places, then alphabetical (CP-SAT: fewer places).
    Exit status 0 when the answer is proven best, 1 when the work budget was spent first, 2
    when the question cannot be asked, 3 when the wall-clock safety limit stopped it.
    """
    import time

    from canaldsl.canalmania.delivery import search_best_delivery

    _, state = _scenario_state(file)
    mover = _mover(file, state, colour)
    started = time.monotonic()
    work = budget_of(budget, wall_limit)
    if engine == "cp-sat":
        from canaldsl.canalmania.deliverymodel import best_delivery_cpsat

        answer = best_delivery_cpsat(state, mover, budget=work)
        best, complete, status = answer.delivery, answer.proven, answer.status
        if answer.stopped == "TIMEOUT":
            status = "TIMEOUT"
        bound = answer.bound
        method = f"CP-SAT {answer.formulation} model, {answer.solves} solves, bound {bound}"
    else:
        found = search_best_delivery(state, mover, budget=work)
        best, complete = found.delivery, found.stopped is None
        status = "OPTIMAL" if complete else str(found.stopped)
        bound = (best.points_for(mover) if best else 0) if complete else None
        method = "exact search"
    seconds = time.monotonic() - started
    if output == "json":
        answer_json = {
            "file": str(file),
            "player": mover,
            "engine": engine,
            "status": status,
            "bound": bound,
            "budget": budget,
            **({"seconds": round(seconds, 6)} if timings else {}),
            "route": list(best.route) if best else None,
            "owners": list(best.owners) if best else None,
            "points": dict(best.points) if best else {},
        }
        click.echo(json.dumps(answer_json, indent=2))
    elif best is None:
        found_text = "no goods move scores" if complete else _not_found(status, budget)
        click.echo(f"best delivery for {mover}: {found_text} ({status})")
    else:
        others = ", ".join(f"{c} {n}" for c, n in best.points if c != mover)
        click.echo(
            f"best delivery for {mover}: {best.points_for(mover)} points: "
            f"move cube {' > '.join(best.route)}"
        )
        if others:
            click.echo(f"  the other owners of its sections score: {others}")
        took = f", {seconds * 1000:.1f} ms" if timings else ""
        click.echo(f"  proof: {status} [{method}{took}]")
    if work.wall_hit:
        sys.exit(EXIT_TIMEOUT)
    sys.exit(EXIT_OK if complete else EXIT_FAILED)


def _not_found(status: str, budget: float) -> str:
    if status == "TIMEOUT":
        return "no goods move found before the wall-clock safety limit"
    return f"no goods move found within the work budget of {budget:g} units"


from canaldsl.cli_crosscheck import crosscheck_command  # noqa: E402  (the command's own module)

main.add_command(crosscheck_command)

from canaldsl.cli_render import render, report  # noqa: E402  (pictures and dispute reports)

main.add_command(render)
main.add_command(report)

from canaldsl.cli_complete import can_complete_command  # noqa: E402  (its own module)

main.add_command(can_complete_command)

if __name__ == "__main__":  # pragma: no cover
    from canaldsl.process import main as program

    program()
