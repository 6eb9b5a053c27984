"""The ``canaldsl`` command line: the commands every game shares, and each game's own.

Game-independent. ``check``, ``fmt``, ``play``, ``score``, ``rules``, ``explain``, ``board``,
``render``, ``report`` and ``crosscheck`` find each file's game (:mod:`canaldsl.games`) and
hand it the work; a game's own commands (Canal Mania's ``best-build`` ...) are added from the game's
:meth:`~canaldsl.games.Game.commands`.

Exit status (:class:`~canaldsl.statuses.ExitCode`): 0 when every file is understood and all
its expectations hold; 1 when an expectation fails or a proposed turn is illegal; 2 when a file
cannot be understood (or the command line itself is wrong); 3 when the wall-clock safety limit
stopped a solver; 130 or 143 when interrupted by SIGINT (Ctrl-C) or SIGTERM (the program holds
every command's output until it is complete, and gives none when interrupted:
:mod:`canaldsl.process`). Heavy modules are imported only by the commands that need them.
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import click

from canaldsl.games import CommandError, Game
from canaldsl.statuses import ExitCode, Status
from canaldsl.verdicts import FileReport
from canaldsl.writing import write_atomically

__all__ = ["CheckOutcome", "check_outcome", "main", "write_atomically"]

_FORMAT = click.Choice(["text", "json"])


class GameCommands(click.Group):
    """The command group: its own commands, and every game's, listed by name."""

    def _game_commands(self) -> dict[str, click.Command]:
        from canaldsl.games import all_games

        found: dict[str, click.Command] = {}
        for game in all_games():
            for command in game.commands():
                assert command.name is not None
                if command.name in self.commands or command.name in found:
                    raise ValueError(f"{game.name}: the command {command.name} exists already")
                found[command.name] = _owned_by(game, command)
        return found

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self._game_commands()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        return self._game_commands().get(cmd_name)


def _owned_by(game: Game, command: click.Command) -> click.Command:
    """``command`` (one of ``game``'s own) made to refuse, before it reads anything else, a
    FILE written for another game: one line saying whose file and whose command, exit 2 (and
    the error JSON with ``--format json``), rather than the other game's syntax errors."""
    original = command.callback
    if original is None or not any(p.name == "file" for p in command.params):
        return command

    def callback(**kwargs: Any) -> Any:
        file = kwargs.get("file")
        if isinstance(file, Path):
            _refuse_other_game(game, command.name or "", file, kwargs.get("output"))
        return original(**kwargs)

    owned = copy.copy(command)
    owned.callback = callback
    return owned


def _refuse_other_game(game: Game, command: str, file: Path, output: object) -> None:
    """Exit 2 when FILE's ``rules`` name another game than ``game`` (an unreadable file or
    unknown rules are left to the command, which says why with its diagnostics)."""
    from canaldsl.games import game_of_text
    from canaldsl.sources import display_name

    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return
    name = display_name(file)
    written_for = game_of_text(text, filename=name)[0]
    if written_for is None or written_for.name == game.name:
        return
    message = f"{name} is a {written_for.title} file; {command} is a {game.title} command"
    click.echo(f"error: {message}", err=True)
    click.echo(
        f"help: ask a {written_for.title} question of this file, or give {command} a "
        f"{game.title} file (`rules {game.rules_names[0]}`); `canaldsl --help` lists the "
        "commands",
        err=True,
    )
    if output == "json":
        from canaldsl.jsonschemas import error_json

        click.echo(json.dumps(error_json(command, name, message), indent=2, ensure_ascii=False))
    sys.exit(ExitCode.ERROR)


@click.group(cls=GameCommands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="canaldsl")
def main() -> None:
    """Settle questions about board games: Canal Mania, Ticket to Ride USA, Canal Grande.

    Write a position and a proposed turn in the game's language (.canal files; the file's
    `rules` statement names the game); canaldsl says whether the turn is legal and, if not,
    which rule it breaks and where, and answers the question behind it: the cost, the final
    scores, the winner, the best move, with a proof.
    """


def fail(error: CommandError) -> NoReturn:
    """Show a hook's error lines on standard error and exit with its status."""
    for line in error.lines:
        click.echo(line, err=True)
    sys.exit(error.status)


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
@click.option(
    "-q",
    "--quiet",
    is_flag=True,
    help="Leave out the turns' explanations: only problems, expectations and the summary.",
)
def check(files: tuple[Path, ...], output: str, jobs: int | None, quiet: bool) -> None:
    """Check FILES: report every problem, each turn explained (legal or not, what it scored,
    paid and changed), and every expectation with its outcome.

    A folder stands for every .canal file under it (hidden ones left out), in sorted order;
    `-` for standard input (named <stdin> in the output)."""
    from functools import partial

    from canaldsl.batch import NoFilesError, default_jobs, files_to_check, map_in_order

    try:
        paths = files_to_check(files, suffix=".canal")
    except NoFilesError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(ExitCode.ERROR)
    from canaldsl.sources import is_stdin

    checked = partial(check_outcome, as_json=output == "json", quiet=quiet)
    if any(is_stdin(path) for path in paths):
        jobs = 1  # standard input is read by this process only
    outcomes = list(map_in_order(checked, paths, jobs=jobs or default_jobs()))
    if output == "json":
        click.echo(json.dumps([o.json for o in outcomes], indent=2, ensure_ascii=False))
    else:
        for outcome in outcomes:
            for text, to_stderr in outcome.lines:
                click.echo(text, err=to_stderr)
    statuses = {o.status for o in outcomes}
    if Status.ERROR in statuses:
        sys.exit(ExitCode.ERROR)
    if statuses & {Status.FAILED, Status.ILLEGAL}:
        sys.exit(ExitCode.FAILED)
    if any(o.timeout for o in outcomes):  # a query's outcome depends on the machine
        sys.exit(ExitCode.TIMEOUT)
    sys.exit(ExitCode.OK)


@dataclass(frozen=True)
class CheckOutcome:
    """What `check` prints about one file, made where the file is checked (a worker process
    or this one): the report's JSON, or its text lines (each to stdout or stderr), and its
    status."""

    status: Status
    json: dict[str, Any] | None
    lines: tuple[tuple[str, bool], ...]
    timeout: bool


def check_outcome(path: Path, *, as_json: bool, quiet: bool = False) -> CheckOutcome:
    """Check one file and say what `check` prints about it (``quiet``: no turn notes)."""
    from canaldsl.checking import check_file

    report = check_file(path)
    if as_json:
        return CheckOutcome(report.status, report.to_json(), (), report.timeout)
    lines = tuple(_report_lines(report, quiet=quiet))
    return CheckOutcome(report.status, None, lines, report.timeout)


def _report_lines(report: FileReport, *, quiet: bool = False) -> Iterator[tuple[str, bool]]:
    for diagnostic in report.diagnostics:
        yield diagnostic.render(), diagnostic.is_error
        yield "", diagnostic.is_error
    if report.status == Status.ERROR:
        errors = sum(1 for d in report.diagnostics if d.is_error)
        yield f"{report.file}: error ({errors} problem{'s' if errors != 1 else ''})", True
        return
    said: list[tuple[int, int, list[str]]] = []
    if not quiet:
        for note in report.turn_notes:
            said.append((note.line, 0, [f"{report.file}:{note.line}: {note.text()}"]))
    for result in report.expectations:
        mark = {True: "passed", False: "FAILED", None: "not evaluated"}[result.passed]
        lines = [f"{report.file}:{result.line}: {mark}: {result.text}"]
        if result.reason:
            lines.append(f"    {result.reason}")
        said.append((result.line, 1, lines))
    for _, _, lines in sorted(said, key=lambda entry: entry[:2]):
        for line in lines:
            yield line, False
    parts = list(report.summary)
    if report.turns:
        parts.append(f"{report.turns} turn{'s' if report.turns != 1 else ''}")
    yield f"{report.file}: {report.status} ({', '.join(parts)})", False


def _source(path: Path) -> tuple[str, Game]:
    """A file's text and game; exit 2 (after showing why) when there is none."""
    from canaldsl.checking import source_and_game
    from canaldsl.sources import display_name

    text, game, diagnostics = source_and_game(path, display=display_name(path))
    if text is None or game is None:
        for diagnostic in diagnostics:
            click.echo(diagnostic.render(), err=True)
        sys.exit(ExitCode.ERROR)
    return text, game


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--check", "check_only", is_flag=True, help="Only report files that would change.")
@click.option(
    "--diff",
    "show_diff",
    is_flag=True,
    help="Print what would change as a unified diff; change no file (exit 1 when any would).",
)
def fmt(files: tuple[Path, ...], check_only: bool, show_diff: bool) -> None:
    """Rewrite FILES in the canonical layout (with --check, only say which would change).

    `-` reads standard input and prints the formatted text. A file whose lines end in CRLF
    keeps CRLF line endings."""
    from canaldsl.checking import source_and_game
    from canaldsl.sources import display_name, is_stdin

    status = ExitCode.OK
    for path in files:
        name = display_name(path)
        text, game, diagnostics = source_and_game(path, display=name)
        formatted = None
        if text is not None and game is not None:
            formatted, diagnostics = game.format_source(text, filename=name)
        if text is None or formatted is None:
            for diagnostic in diagnostics:
                click.echo(diagnostic.render(), err=True)
            click.echo(f"{name}: not formatted: it cannot be parsed", err=True)
            status = ExitCode.ERROR
            continue
        formatted = _keep_line_endings(text, formatted)
        if show_diff:
            if formatted != text:
                click.echo(_unified_diff(name, text, formatted), nl=False)
                status = max(status, ExitCode.FAILED)
            continue
        if is_stdin(path) and not check_only:
            click.echo(formatted, nl=False)
            continue
        if formatted == text:
            continue
        if check_only:
            click.echo(f"{name}: would be reformatted")
            status = max(status, ExitCode.FAILED)
        else:
            try:
                write_atomically(path, formatted)
            except OSError as exc:
                reason = exc.strerror or type(exc).__name__
                click.echo(f"{name}: not formatted: it cannot be written: {reason}", err=True)
                status = ExitCode.ERROR
                continue
            click.echo(f"{name}: reformatted")
    sys.exit(status)


def _keep_line_endings(original: str, formatted: str) -> str:
    """The formatted text with CRLF line endings when the original's first line ends so."""
    first = original.find("\n")
    if first > 0 and original[first - 1] == "\r":
        return formatted.replace("\r\n", "\n").replace("\n", "\r\n")
    return formatted


def _unified_diff(name: str, old: str, new: str) -> str:
    """A unified diff from ``old`` to ``new`` (line endings shown as they are)."""
    import difflib

    lines = difflib.unified_diff(
        old.splitlines(keepends=True),
        new.splitlines(keepends=True),
        fromfile=f"{name} (as written)",
        tofile=f"{name} (formatted)",
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


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
    from canaldsl.checking import game_of_name_or_file

    try:
        game = game_of_name_or_file(board)
        click.echo(game.board_summary(board, edition=edition, as_json=output == "json"))
    except CommandError as error:
        if output == "json":
            from canaldsl.jsonschemas import error_json
            from canaldsl.sources import display_name

            message = "\n".join(error.lines)
            answer = error_json("board", display_name(board), message, error.diagnostics)
            click.echo(json.dumps(answer, indent=2, ensure_ascii=False))
        fail(error)
    sys.exit(ExitCode.OK)


@main.command("rules")
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
@click.option(
    "--switches",
    is_flag=True,
    help="List the switches instead: each reading the texts leave open, its values and its "
    "default per edition and per text, with the reason.",
)
def list_rules(output: str, switches: bool) -> None:
    """List every rule that canaldsl checks, by rule id, game by game (or, with --switches,
    every switch)."""
    from canaldsl.rulelisting import rules_json, rules_text, switches_json, switches_text

    if output == "json":
        listed = switches_json() if switches else rules_json()
        click.echo(json.dumps(listed, indent=2, ensure_ascii=False))
    else:
        click.echo(switches_text() if switches else rules_text())


@main.command()
@click.argument("rule_id")
def explain(rule_id: str) -> None:
    """Explain one rule: what it says, where each rulebook says it, how editions differ."""
    from canaldsl.rulelisting import UnknownRuleError, explanation

    try:
        click.echo(explanation(rule_id))
    except UnknownRuleError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(ExitCode.ERROR)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def play(file: Path) -> None:
    """Play the turns of FILE and print the position after them, in the language."""
    from canaldsl.sources import display_name

    text, game = _source(file)
    name = display_name(file)
    try:
        played = game.play_source(text, path=file, display=name)
    except CommandError as error:
        fail(error)
    click.echo(played.text, nl=False)
    status = ExitCode.OK
    for violation in played.violations:
        click.echo(
            f"{name}:{violation.span.line}:{violation.span.column}: illegal "
            f"({violation.rule}): {violation.message} (turn not applied)",
            err=True,
        )
        status = ExitCode.FAILED
    sys.exit(status)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--format", "output", type=_FORMAT, default="text", help="Output format.")
def score(file: Path, output: str) -> None:
    """Final scoring of the position after FILE's turns: the winner first, then each player's
    points by source (score in play, incomplete canals, final goods, bonuses) and the ties
    broken."""
    from canaldsl.sources import display_name

    text, game = _source(file)
    name = display_name(str(file))
    try:
        sheet = game.score_sheet(text, path=file, display=name, as_json=output == "json")
    except CommandError as error:
        if output == "json":
            from canaldsl.jsonschemas import error_json

            message = "\n".join(error.lines)
            answer = error_json("score", name, message, error.diagnostics)
            click.echo(json.dumps(answer, indent=2, ensure_ascii=False))
        fail(error)
    click.echo(sheet, nl=False)
    sys.exit(ExitCode.OK)


from canaldsl.cli_crosscheck import crosscheck_command  # noqa: E402  (the command's own module)

main.add_command(crosscheck_command)

from canaldsl.cli_render import render, report  # noqa: E402  (pictures and dispute reports)

main.add_command(render)
main.add_command(report)

from canaldsl.web.serve import serve  # noqa: E402  (the page; its libraries load when run)

main.add_command(serve)
