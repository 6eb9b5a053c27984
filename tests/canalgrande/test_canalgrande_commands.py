"""Canal Grande through the command line: check's JSON and the solver commands' JSON against
the shipped schemas, pictures of every file, the dispute report (in headless Chromium), the
rulebook cross-check and its REPORT.md, and every puzzle's answer recomputed by a second,
independent method."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from canaldsl.canalgrande import syntax as s
from canaldsl.canalgrande.cards import District
from canaldsl.canalgrande.crosscheck import crosscheck_report
from canaldsl.canalgrande.loading import check_text
from canaldsl.canalgrande.solve_split import SplitProblem, best_split_numbers_cpsat, splits
from canaldsl.cli import main
from canaldsl.jsonschemas import schema
from canaldsl.statuses import ExitCode

from .turnbrute import turn_value
from .votebrute import KINDS, brute_force, closed_form
from .winbrute import one_turn

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "canalgrande"
SCENARIOS = ROOT / "scenarios" / "canalgrande"
FILES = sorted([*EXAMPLES.glob("*.canal"), *SCENARIOS.rglob("*.canal")])
PUZZLES = sorted(EXAMPLES.glob("puzzle-*.canal"))


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_check_json_validates_and_every_file_renders(path: Path, tmp_path: Path) -> None:
    code, out = run("check", "--format", "json", str(path))
    assert code == 0, out
    jsonschema.validate(json.loads(out), schema("check"))
    svg = tmp_path / "p.svg"
    code, out = run("render", str(path), "-o", str(svg))
    assert code == 0, out
    assert svg.read_text(encoding="utf-8").startswith("<svg") or "<svg" in svg.read_text()[:200]


def test_check_json_says_each_legal_turn_s_outcome_as_the_text_does() -> None:
    """A legal turn's note in JSON carries ``outcome``, the wording the text report gives
    instead of points; an illegal turn's note has none (nothing changed)."""
    whole = str(EXAMPLES / "a-whole-turn.canal")
    code, out = run("check", "--format", "json", whole)
    assert code == 0, out
    report = json.loads(out)
    jsonschema.validate(report, schema("check"))
    (note,) = report[0]["turn_notes"]
    assert note["outcome"] == "number totals Anna 0, Bruno 0; Bruno won 1 San Marco prize"
    _, text = run("check", whole)
    assert f"turn Bruno: legal; {note['outcome']}; " in text
    code, out = run("check", "--format", "json", str(EXAMPLES / "split-leaves-a-card-out.canal"))
    notes = json.loads(out)[0]["turn_notes"]
    assert notes and all(not n["legal"] and "outcome" not in n for n in notes)


def test_render_a_turn_as_png(tmp_path: Path) -> None:
    png = tmp_path / "t.png"
    code, out = run("render", str(EXAMPLES / "spy-draws-a-traitor.canal"), "--turn", "2",
                    "-o", str(png))  # fmt: skip
    assert code == 0, out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "command"),
    [
        (["vote", str(EXAMPLES / "puzzle-vote-san-marco.canal"), "--for", "Elena"], "vote"),
        (["best-split", str(EXAMPLES / "puzzle-split-with-a-doge.canal")], "best-split"),
        (["can-win", str(EXAMPLES / "puzzle-can-win-this-turn.canal"), "--for", "Anna"], "can-win"),
    ],
)
def test_solver_commands_print_json_of_their_schema(args: list[str], command: str) -> None:
    code, out = run(*args, "--format", "json")
    assert code == 0, out
    jsonschema.validate(json.loads(out), schema(command))
    code, text = run(*args)
    assert (code == 0 and "proof" in text) or command == "can-win"


def test_a_solver_question_that_cannot_be_asked_exits_2_with_json() -> None:
    path = EXAMPLES / "puzzle-vote-san-marco.canal"
    result = CliRunner().invoke(main, ["vote", str(path), "--for", "Nobody", "--format", "json"])
    assert result.exit_code == ExitCode.ERROR
    answer = json.loads(result.stdout)
    jsonschema.validate(answer, schema("vote"))
    assert "Nobody" in answer["error"]["message"]


def test_explain_shows_the_italian_section_and_the_sentence_index() -> None:
    code, out = run("explain", "vote.more-cards")
    assert code == 0
    assert "Votazione" in out and "sentence 60" in out


def test_crosscheck_reports_the_example_terms_gaps_and_switches() -> None:
    text, status = crosscheck_report(SCENARIOS, output="text")
    assert status is ExitCode.OK
    assert "worked-vote-elena-michele (Votazione > Esempio): agrees" in text
    assert "riparatore" in text and "switch vote.repeat-district, default allowed" in text
    data, _ = crosscheck_report(SCENARIOS, output="json")
    jsonschema.validate(json.loads(data), schema("crosscheck"))
    code, out = run("crosscheck", str(SCENARIOS))
    assert code == 0 and out == text


def test_report_md_is_current() -> None:
    markdown, _ = crosscheck_report(SCENARIOS, output="markdown")
    assert (SCENARIOS / "REPORT.md").read_text(encoding="utf-8") == markdown


def _dispute(tmp_path: Path, name: str) -> Path:
    out = tmp_path / "r.html"
    code, text = run("report", str(EXAMPLES / name), "-o", str(out))
    assert code in (0, 1), text
    return out


def test_the_report_headline_is_the_answer(tmp_path: Path) -> None:
    html = _dispute(tmp_path, "vote-equal-count-is-not-enough.canal").read_text(encoding="utf-8")
    assert "Illegal: vote.reinforcement-more at line 19, column 3" in html
    html = _dispute(tmp_path, "puzzle-vote-san-marco.canal").read_text(encoding="utf-8")
    assert "vote: Michele wins the vote over San Marco" in html


@pytest.mark.skipif(
    not (shutil.which("chromium") or shutil.which("chromium-browser")),
    reason="Chromium is not installed (Debian package `chromium`)",
)
def test_a_dispute_report_opens_in_headless_chromium(tmp_path: Path) -> None:
    from PIL import Image

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    assert chromium is not None
    report = _dispute(tmp_path, "challenger-without-a-district-card.canal")
    shot = tmp_path / "shot.png"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", f"--user-data-dir={profile}",
             f"--screenshot={shot}", "--window-size=1200,1600", report.as_uri()],
            check=True, capture_output=True, timeout=120, env={**os.environ, "HOME": profile},
        )  # fmt: skip
    image = Image.open(shot).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20)
    assert colours is not None
    castello = sum(
        n
        for n, rgb in colours
        if all(abs(a - b) < 16 for a, b in zip(rgb, (0x8A, 0x2A, 0x3C), strict=True))
    )
    text = sum(n for n, rgb in colours if max(rgb) < 80)
    assert text > 2_000 and castello > 200, (text, castello)


# ------------------------------------------------------------------ puzzles, two methods


def _scenario(path: Path) -> tuple[object, s.QueryDecl, list[str]]:
    scenario, diagnostics = check_text(path.read_text(encoding="utf-8"), filename=path.name)
    assert scenario is not None and not diagnostics
    (query,) = [e for e in scenario.events if isinstance(e, s.QueryDecl)]
    claimed = [f"{p.kind} {p.text}".strip() for p in query.answer or ()]
    return scenario, query, claimed


def _counts(hand: object) -> tuple[int, ...]:
    return tuple(hand[c] for c in _cards())  # type: ignore[index]


def _cards() -> list[object]:
    from canaldsl.canalgrande.cards import card_named

    return [card_named(k) for k in KINDS]


@pytest.mark.parametrize("path", [p for p in PUZZLES if "vote" in p.name], ids=lambda p: p.name)
def test_vote_puzzles_by_closed_form_and_brute_force(path: Path) -> None:
    scenario, query, claimed = _scenario(path)
    position = scenario.position  # type: ignore[attr-defined]
    owner = position.index(query.player.text)  # type: ignore[union-attr]
    hands = [_counts(p.hand.known) for p in position.players]
    challenger, defender = hands[owner], hands[1 - owner]
    names = (position.name(owner), position.name(1 - owner))
    if query.district is not None:
        districts = [KINDS.index(str(District(query.district.text.title())))]
    else:
        districts = [i for i in range(6) if challenger[i] > 0]
    results = {}
    for d in districts:
        by_formula = closed_form(challenger, defender, d)
        if sum(challenger) + sum(defender) <= 12:
            assert brute_force(challenger, defender, d) == by_formula
        results[d] = by_formula

    # the challenger picks: a win first, then (winning) the fewest cards, (losing) the most
    def rank(d: int) -> tuple[bool, int]:
        wins = results[d][0] == "challenger"
        return wins, -results[d][1] if wins else results[d][1]

    best = max(results, key=rank)
    winner, cards = results[best]
    winner_name = names[0] if winner == "challenger" else names[1]
    assert f"winner {winner_name}" in claimed and f"cards {cards}" in claimed
    district_claims = [c for c in claimed if c.startswith("district ")]
    if district_claims:
        assert district_claims == [f"district {KINDS[best]}"]


def test_number_race_split_puzzle_by_cp_sat() -> None:
    scenario, _, claimed = _scenario(EXAMPLES / "puzzle-split-number-race.canal")
    problem = SplitProblem.from_position(scenario.position)  # type: ignore[attr-defined]
    value, _ = best_split_numbers_cpsat(problem)
    assert claimed == [f"value {value}"]


def test_prize_split_puzzle_by_brute_force_minimax() -> None:
    scenario, _, claimed = _scenario(EXAMPLES / "puzzle-split-with-a-doge.canal")
    problem = SplitProblem.from_position(scenario.position)  # type: ignore[attr-defined]
    hands = tuple(_counts(h) for h in problem.hands)
    best = None
    for first, second in splits(problem.actions, problem.numbers):
        replies = []
        for mine, theirs in ((first, second), (second, first)):
            replies.append(
                turn_value(
                    problem.splitter, (hands[0], hands[1]), problem.deck,
                    {c.value: n for c, n in mine.actions.items()},
                    {c.value: n for c, n in theirs.actions.items()},
                )
            )  # fmt: skip
        worst = min(replies)
        best = worst if best is None else max(best, worst)
    assert claimed == [f"value {best}"]


def test_can_win_puzzle_by_one_turn_brute_force() -> None:
    scenario, query, claimed = _scenario(EXAMPLES / "puzzle-can-win-this-turn.canal")
    position = scenario.position  # type: ignore[attr-defined]
    player = position.index(query.player.text)  # type: ignore[union-attr]
    said = one_turn(
        player=player,
        splitter=position.splitter,
        hands=tuple(_counts(p.hand.known) for p in position.players),
        prizes=tuple(tuple(p.prizes[d] for d in District) for p in position.players),
        totals=tuple(p.total for p in position.players),
        deck=tuple(c.value for c in position.action_deck.order),
        numbers=tuple(int(n) for n in position.number_deck.order),
    )
    assert claimed == [said]


def test_examples_readme_lists_every_canal_grande_file() -> None:
    readme = (ROOT / "examples" / "README.md").read_text(encoding="utf-8")
    for path in EXAMPLES.glob("*.canal"):
        assert f"(canalgrande/{path.name})" in readme, path.name


def test_the_python_api_checks_and_scores_a_canal_grande_file() -> None:
    import canaldsl
    from canaldsl.api import ScoringError

    result = canaldsl.check(str(EXAMPLES / "fourth-san-marco-wins.canal"))
    assert result.ok and all(e.passed for e in result.expectations)
    scores = canaldsl.final_scores(str(EXAMPLES / "fourth-san-marco-wins.canal"))
    assert scores.winner == "Anna" and scores.scores == {"Anna": 4, "Bruno": 1}
    with pytest.raises(ScoringError, match="nobody has won yet"):
        canaldsl.final_scores(str(EXAMPLES / "puzzle-vote-san-marco.canal"))


@pytest.mark.parametrize(
    ("args", "command", "code"),
    [
        (["vote", "puzzle-vote-twelve-cards.canal", "--for", "Bruno"], "vote", "S701"),
        (["best-split", "puzzle-split-with-a-doge.canal"], "best-split", "S702"),
        (["can-win", "puzzle-can-win-this-turn.canal", "--for", "Anna"], "can-win", "S704"),
    ],
)
def test_a_search_past_its_node_budget_exits_1_and_says_so(
    args: list[str], command: str, code: str
) -> None:
    argv = [args[0], str(EXAMPLES / args[1]), *args[2:], "--nodes", "1", "--format", "json"]
    result = CliRunner().invoke(main, argv)
    assert result.exit_code == ExitCode.FAILED
    answer = json.loads(result.stdout)
    jsonschema.validate(answer, schema(command))
    assert answer["error"]["message"].startswith(f"error[{code}]")
    assert "--nodes" in result.stderr
