"""``canaldsl crosscheck scenarios/tickettoride``: the Italian rulebook's worked examples and
concrete statements played as scenarios, and the findings where the text contradicts itself or
the reference data (text, JSON or Markdown).

A scenario is a file of the language with ``rulebook it section "..." example ID`` and claims
(``expect``, ``query``); it agrees when every claim holds, and a file marked ``known-error``
is expected to disagree. The findings are facts checked here against the data, each stated in
our own words with the section of the text it concerns.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from canaldsl.games import CommandError
from canaldsl.statuses import ExitCode

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "tickettoride"
"""The scenarios shipped with the repository (an installed wheel carries them too)."""


@dataclass(frozen=True)
class Finding:
    """Where the text disagrees with itself or with the data: what, about what, why."""

    kind: str
    subject: str
    summary: str
    holds: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "subject": self.subject,
            "translations": ["it"],
            "summary": self.summary,
        }


@dataclass(frozen=True)
class Example:
    id: str
    file: str
    section: str
    claims: tuple[str, ...]
    computed: tuple[str, ...]
    agrees: bool | None
    known_error: str | None = None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "translation": "it",
            "source": self.section,
            "file": self.file,
            "claim": list(self.claims),
            "computed": list(self.computed),
            "agrees": self.agrees,
            "known_error": self.known_error,
            "error": self.error,
        }


def findings() -> tuple[Finding, ...]:
    """The findings of the Italian text against the reference data, each computed."""
    from canaldsl.tickettoride.cards import FULL_DECK, LOCOMOTIVE_CARDS, TRAIN_CARDS_PER_COLOUR
    from canaldsl.tickettoride.colours import parse_colour
    from canaldsl.tickettoride.position import MAX_PLAYERS, TRAINS_PER_PLAYER
    from canaldsl.tickettoride.usa import usa_board

    both = usa_board(tickets_1910=True)
    tickets = len(both.tickets)
    trains = MAX_PLAYERS * TRAINS_PER_PLAYER
    deck = FULL_DECK.total
    return (
        Finding(
            "count",
            "trains (Contenuto)",
            f"the contents list 240 trains; {MAX_PLAYERS} players with {TRAINS_PER_PLAYER} "
            f"each use {trains} (the box holds spares)",
            trains != 240,
        ),
        Finding(
            "count",
            "destination tickets (Contenuto)",
            f"the contents list 69 tickets; the reference data has 30 original and 35 USA "
            f"1910 tickets, {tickets} in all",
            tickets != 69,
        ),
        Finding(
            "count",
            "train cards (Contenuto)",
            f"110 train cards: 8 colours of {TRAIN_CARDS_PER_COLOUR} and {LOCOMOTIVE_CARDS} "
            f"locomotives make {deck}, as the text says",
            deck == 110,
        ),
        Finding(
            "lost",
            "route scoring table (Tabella dei Punteggi delle Linee)",
            "the extracted text keeps the table's headings but not its numbers; 1, 2, 4, 7, "
            "10 and 15 points for lengths 1 to 6 come from the printed table",
            True,
        ),
        Finding(
            "naming",
            "pink cards (Contenuto, Controllare una Linea)",
            "the text calls the pink cards purple (viola); both names are read as pink",
            parse_colour("viola") is parse_colour("pink"),
        ),
        Finding(
            "layout",
            "the text's order (the whole rulebook)",
            "text extraction mangled the layout: a sentence on the cards of a set is split "
            "across the page, the locomotive paragraphs sit inside the claiming section, "
            "the heading of the turn comes last and the two claim examples follow the "
            "tickets heading; the sentence index files each sentence under its section",
            True,
        ),
    )


def run_examples(folder: Path) -> list[Example]:
    from canaldsl.sources import read_source
    from canaldsl.tickettoride.loading import check_text
    from canaldsl.tickettoride.registry import all_rules
    from canaldsl.tickettoride.report import judge_claims

    all_rules()

    examples = []
    for path in sorted(folder.rglob("*.canal")):
        text, problems = read_source(path)
        shown = str(path)
        if text is None:
            examples.append(Example(path.stem, shown, "", (), (), None, error=str(problems)))
            continue
        scenario, _ = check_text(text, filename=shown)
        outcome = judge_claims(text, display=shown)
        if outcome.errors or scenario is None:
            message = "; ".join(d.message for d in outcome.errors) or "cannot be read"
            examples.append(Example(path.stem, shown, "", (), (), None, error=message))
            continue
        decl = scenario.rulebook
        ident = decl.example.text if decl is not None else path.stem
        section = decl.section.text if decl is not None else ""
        claims = tuple(c.claim for c in outcome.claims)
        computed = tuple(c.computed for c in outcome.claims)
        agrees = all(c.agrees is True for c in outcome.claims) if outcome.claims else None
        examples.append(
            Example(ident, shown, section, claims, computed, agrees, outcome.known_error)
        )
    return examples


def _status(examples: list[Example]) -> ExitCode:
    for example in examples:
        if example.error is not None:
            return ExitCode.ERROR
    for example in examples:
        expected = example.known_error is None
        if example.agrees is not expected:
            return ExitCode.FAILED
    return ExitCode.OK


def _text(examples: list[Example], found: tuple[Finding, ...]) -> str:
    lines = ["Ticket to Ride: the Italian rulebook (it) cross-checked", "", "Examples:"]
    for e in examples:
        verdict = "agrees" if e.agrees else ("ERROR" if e.error else "DISAGREES")
        if e.known_error:
            verdict += f" (known error: {e.known_error})"
        lines.append(f"  {e.id} [{e.section}]: {verdict}")
        for claim, computed in zip(e.claims, e.computed, strict=True):
            lines.append(f"    {claim}  ->  {computed}")
    lines += ["", "Findings:"]
    for f in found:
        lines.append(f"  {f.kind}: {f.subject}: {f.summary}")
    agreeing = sum(1 for e in examples if e.agrees)
    lines += ["", f"{agreeing} of {len(examples)} examples agree; {len(found)} findings"]
    return "\n".join(lines) + "\n"


def _markdown(examples: list[Example], found: tuple[Finding, ...]) -> str:
    lines = [
        "# Ticket to Ride: the Italian rulebook cross-checked",
        "",
        "Made by `canaldsl crosscheck scenarios/tickettoride --format markdown`; kept current "
        "by `tests/tickettoride/test_commands.py`.",
        "",
        "## Worked examples and concrete statements",
        "",
        "| example | section | verdict | claims |",
        "|---|---|---|---|",
    ]
    for e in examples:
        verdict = "agrees" if e.agrees else ("error" if e.error else "disagrees")
        claims = "<br>".join(f"`{c}` → {v}" for c, v in zip(e.claims, e.computed, strict=True))
        lines.append(f"| {e.id} | {e.section} | {verdict} | {claims} |")
    lines += ["", "## Findings", "", "| kind | subject | finding |", "|---|---|---|"]
    for f in found:
        lines.append(f"| {f.kind} | {f.subject} | {f.summary} |")
    return "\n".join(lines) + "\n"


def crosscheck_report(folder: Path | None, *, output: str) -> tuple[str, ExitCode]:
    """The report on the scenarios of ``folder`` (default: those shipped), and its status."""
    from canaldsl.jsonschemas import tag

    where = folder if folder is not None else SCENARIOS
    if not where.is_dir():
        raise CommandError(f"error: {where}: no such folder")
    examples = run_examples(where)
    found = findings()
    status = _status(examples)
    if output == "json":
        answer = {
            "schema": tag("crosscheck"),
            "examples": [e.to_json() for e in examples],
            "findings": [f.to_json() for f in found],
        }
        return json.dumps(answer, indent=2, ensure_ascii=False) + "\n", status
    if output == "markdown":
        return _markdown(examples, found), status
    return _text(examples, found), status
