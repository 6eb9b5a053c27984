"""``canaldsl render`` for Ticket to Ride: the map (a built-in one by name, or a file's
position after its turns), with a player's longest route and a ticket's completing path when
asked (``--show longest-route``, ``--show ticket:A-B``, ``--for COLOUR``).

A ticket's path: over the player's own tracks when they complete it, else the fewest trains
still to claim (the search method's plan) added to them.
"""

from __future__ import annotations

from canaldsl.games import CommandError, PictureRequest
from canaldsl.tickettoride.board import BoardError, Ticket


def _text(file: str) -> str:
    from pathlib import Path

    from canaldsl.sources import read_source

    text, problems = read_source(Path(file))
    if text is None:
        raise CommandError(*(d.render() for d in problems), diagnostics=problems)
    return text


def picture(request: PictureRequest) -> str:
    """The SVG of a request."""
    from canaldsl.tickettoride.boardinfo import BOARDS, find_board
    from canaldsl.tickettoride.commands import _scenario_after
    from canaldsl.tickettoride.picture import svg

    if request.best_build or request.best_delivery:
        raise CommandError(
            "error: --best-build and --best-delivery are Canal Mania's; Ticket to Ride draws "
            "--show longest-route or --show ticket:A-B"
        )
    if request.turn is not None and request.show:
        raise CommandError("error: give --turn or --show, not both")
    if request.file in BOARDS:
        if request.turn is not None:
            raise CommandError(f"error: {request.file} is a bare board: it has no turns")
        if request.show:
            raise CommandError("error: --show draws an answer on a file's position, not a board")
        board = find_board(request.file)
        return svg(board, title=board.title)
    from canaldsl.sources import display_name

    scenario, position, played = _scenario_after(_text(request.file), display_name(request.file))
    board = position.board
    if request.turn is not None:
        return _turns(scenario.filename, position, played, request.turn)
    player = position.to_move
    if request.colour is not None:
        from canaldsl.tickettoride.colours import ColourError, parse_player

        try:
            player = parse_player(request.colour)
        except ColourError as exc:
            raise CommandError(f"error: {exc}") from None
    longest = None
    path: tuple[int, ...] = ()
    tickets: list[Ticket] = []
    for wanted in request.show:
        if wanted == "longest-route":
            longest = player
        elif wanted.startswith("ticket:"):
            try:
                ticket = board.ticket(wanted.removeprefix("ticket:"))
            except BoardError as exc:
                raise CommandError(f"error: {exc}") from None
            tickets.append(ticket)
            path += ticket_path(position, player, ticket)
        else:
            raise CommandError(
                f"error: Ticket to Ride draws longest-route or ticket:A-B, not {wanted!r}"
            )
    title = f"{scenario.filename}: after {len(played)} turns" if played else scenario.filename
    return svg(board, position, longest=longest, path=path, tickets=tickets, title=title)


def _turns(filename: str, position: object, played: tuple[object, ...], turn: int) -> str:
    """The picture of ``--turn``: the N-th turn (0: every turn) on the position before it."""
    from canaldsl.tickettoride.evaluate import Played
    from canaldsl.tickettoride.picture import svg
    from canaldsl.tickettoride.position import Position
    from canaldsl.tickettoride.turnpicture import turn_marks

    assert isinstance(position, Position)
    turns = [p for p in played if isinstance(p, Played)]
    if not turns:
        raise CommandError(f"error: {filename}: the file has no turn to draw")
    if turn > len(turns):
        raise CommandError(
            f"error: {filename}: there is no turn {turn} (the file has {len(turns)})"
        )
    chosen = turns if turn == 0 else [turns[turn - 1]]
    before = chosen[0].verdict.before
    marks = turn_marks(position.board, chosen, numbered=turn == 0)
    title = (
        f"{filename}: turn {turn} of {len(turns)}"
        if turn
        else f"{filename}: every turn ({len(turns)} in all)"
    )
    return svg(position.board, before, marks=marks, title=title)


def ticket_path(position: object, player: object, ticket: Ticket) -> tuple[int, ...]:
    """The tracks completing a ticket for a player: their own, plus the fewest trains more."""
    from canaldsl.tickettoride.forest import Status
    from canaldsl.tickettoride.position import Position
    from canaldsl.tickettoride.tickets import completing_path, fewest_trains

    assert isinstance(position, Position)
    from canaldsl.tickettoride.colours import PlayerColour

    assert isinstance(player, PlayerColour)
    own = completing_path(position, player, ticket)
    if own:
        return own
    plan = fewest_trains(position, player, [ticket], limit=45)
    if plan.status is not Status.FOUND:
        return ()
    return completing_path(position, player, ticket, plan.tracks)
