"""The game registry and the core's generic paths, run with the tests' tiny game (Tiny Race,
``tests/tinygame``) beside Canal Mania: finding a file's game, check, fmt, play, rules,
explain, and the pytest plugin."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import programs
import pytest
import tinygame

from canaldsl import games

pytest_plugins = ["pytester"]

GOOD = """# a race of five counters
rules tiny-race
pile 5
turn red { take 2 }
expect legal
turn blue {   take 4 }
expect illegal take.one-to-three
expect pile 3
query can-win: yes
"""
FAILING = GOOD.replace("expect pile 3", "expect pile 2")
ILLEGAL = "rules tiny-race\npile 2\nturn red { take 3 }\n"


@pytest.fixture
def tiny() -> Iterator[tinygame.TinyRace]:
    yield tinygame.install()
    tinygame.uninstall()


def run(*args: str) -> tuple[int, str, str]:
    """The command line's code in this process: exit status, stdout, stderr (an exception
    raised fails the test)."""
    result = programs.in_process(*args)
    return result.returncode, result.stdout, result.stderr


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------ finding a file's game


def test_the_rules_name_is_found_past_comments_strings_and_map_rows() -> None:
    text = '# rules first-edition\nplayer "rules x" { }\n| rules y\n  rules second-edition\n'
    found = games.rules_name(text)
    assert found is not None
    assert (found.name, found.span.line, found.span.column) == ("second-edition", 4, 9)
    assert found.starts_line
    assert games.rules_name("board england\n") is None


def test_a_file_without_rules_is_canal_mania() -> None:
    game, diagnostics = games.game_of_text("board england\n", filename="f.canal")
    assert game is not None and game.name == "canalmania" and diagnostics == []


def test_each_file_goes_to_the_game_owning_its_rules_name(tiny: tinygame.TinyRace) -> None:
    assert games.game_of_text("rules tiny-race\n", filename="f")[0] is tiny
    mania = games.game_of_text("rules first-edition\n", filename="f")[0]
    assert mania is not None and mania.name == "canalmania"


def test_an_unknown_rules_name_gets_a_did_you_mean_over_every_game(
    tiny: tinygame.TinyRace,
) -> None:
    for written, guess in (("tiny-rase", "tiny-race"), ("second-editon", "second-edition")):
        game, (diagnostic,) = games.game_of_text(f"rules {written}\n", filename="f.canal")
        assert game is None
        assert diagnostic.code == "E113" and (diagnostic.line, diagnostic.column) == (1, 7)
        assert diagnostic.hint is not None and f"did you mean {guess}?" in diagnostic.hint
        assert "Tiny Race: tiny-race" in diagnostic.hint


def test_a_rules_word_inside_a_line_is_left_to_the_default_game() -> None:
    game, diagnostics = games.game_of_text("cubes at rules board\n", filename="f")
    assert game is not None and game.name == "canalmania" and diagnostics == []


def test_a_word_rules_inside_a_line_does_not_hide_the_rules_statement(
    tiny: tinygame.TinyRace,
) -> None:
    text = 'rulebook it section "Turno" example rules\nrules tiny-race\npile 3\n'
    assert games.game_of_text(text, filename="f")[0] is tiny


def test_two_games_cannot_own_one_rules_name(tiny: tinygame.TinyRace) -> None:
    class Clash(tinygame.TinyRace):
        name = "clash"

    with pytest.raises(ValueError, match="belong to another game"):
        games.register(Clash())


def test_an_unknown_game_name_says_which_games_exist() -> None:
    with pytest.raises(games.UnknownGameError, match="Did you mean canalmania"):
        games.game_named("canalmanai")


# ------------------------------------------------------------------ the generic commands


def test_check_judges_a_tiny_file(tiny: tinygame.TinyRace, tmp_path: Path) -> None:
    good = write(tmp_path, "good.canal", GOOD)
    status, out, _ = run("check", "-j", "1", str(good))
    assert status == 0, out
    assert f"{good}:5: passed: expect legal" in out
    assert f"{good}:9: passed: query can-win: yes" in out
    assert out.rstrip().endswith(f"{good}: ok (tiny-race, pile 3, 2 turns)")


def test_check_reports_failures_illegal_turns_and_json(
    tiny: tinygame.TinyRace, tmp_path: Path
) -> None:
    failing = write(tmp_path, "failing.canal", FAILING)
    illegal = write(tmp_path, "illegal.canal", ILLEGAL)
    status, out, _ = run("check", "-j", "1", "--format", "json", str(failing), str(illegal))
    assert status == 1
    reports = json.loads(out)
    assert [r["status"] for r in reports] == ["failed", "illegal"]
    assert list(reports[0]) == [
        "schema",
        "file",
        "status",
        "pile",
        "turns",
        "verdicts",
        "diagnostics",
        "expectations",
        "turn_notes",
    ]
    assert reports[0]["verdicts"] is None  # the tiny game does not report turns one by one
    import jsonschema

    from canaldsl.jsonschemas import schema

    jsonschema.validate(reports, schema("check"))  # another game's reports fit the schema
    (broken,) = reports[1]["diagnostics"]
    assert (broken["code"], broken["rule"], broken["line"]) == ("V001", "take.from-the-pile", 3)


def test_check_names_an_unknown_rules_name(tiny: tinygame.TinyRace, tmp_path: Path) -> None:
    path = write(tmp_path, "typo.canal", "rules tiny-rase\npile 3\n")
    status, _, err = run("check", "-j", "1", str(path))
    assert status == 2
    assert "error[E113]" in err and "did you mean tiny-race?" in err


def test_fmt_rewrites_a_tiny_file_in_its_games_layout(
    tiny: tinygame.TinyRace, tmp_path: Path
) -> None:
    path = write(tmp_path, "messy.canal", "rules   tiny-race\npile 5 turn red {take 1}\n")
    assert run("fmt", "--check", str(path))[0] == 1
    assert run("fmt", str(path))[0] == 0
    assert path.read_text() == "rules tiny-race\npile 5\nturn red { take 1 }\n"
    assert run("fmt", "--check", str(path))[0] == 0


def test_play_writes_the_position_after_the_legal_turns(
    tiny: tinygame.TinyRace, tmp_path: Path
) -> None:
    status, out, err = run("play", str(write(tmp_path, "game.canal", GOOD)))
    assert (status, out) == (1, "rules tiny-race\npile 3\n")
    assert "illegal (take.one-to-three): 4 counters taken; a turn takes 1 to 3" in err


def test_rules_lists_each_game_under_its_name(tiny: tinygame.TinyRace) -> None:
    status, out, _ = run("rules")
    assert status == 0
    assert "Canal Mania (rule ids canalmania:...):" in out
    assert "Tiny Race (rule ids tinygame:...):\ntake.from-the-pile  Only counters" in out
    listed = json.loads(run("rules", "--format", "json")[1])
    tiny_rules = [r for r in listed if r["game"] == "tinygame"]
    assert [r["id"] for r in tiny_rules] == ["take.from-the-pile", "take.one-to-three"]


def test_explain_takes_local_and_qualified_ids(tiny: tinygame.TinyRace) -> None:
    status, out, _ = run("explain", "take.one-to-three")
    assert status == 0
    assert out.startswith("take.one-to-three: Take one to three counters  (check; tiny-race)")
    assert "A turn takes at least one counter and at most three." in out
    assert "Tiny Race, the test game's one-page rules: Turn" in out
    assert run("explain", "tinygame:take.one-to-three")[1] == out
    assert run("explain", "canalmania:build.undo")[1] == run("explain", "build.undo")[1]
    status, _, err = run("explain", "tinygame:take.one-to-thre")
    assert status == 2 and "Did you mean tinygame:take.one-to-three?" in err


def test_explain_asks_for_the_qualified_id_when_two_games_share_one(
    tiny: tinygame.TinyRace,
) -> None:
    class Twin(tinygame.TinyRace):
        name = "twin"
        rules_names = ("twin-race",)

    games.register(Twin())
    try:
        status, _, err = run("explain", "take.one-to-three")
    finally:
        games.unregister("twin")
    assert status == 2
    assert "give one of tinygame:take.one-to-three, twin:take.one-to-three" in err


def test_a_game_without_boards_says_so(tiny: tinygame.TinyRace, tmp_path: Path) -> None:
    status, _, err = run("board", str(write(tmp_path, "game.canal", GOOD)))
    assert (status, err) == (2, "error: tinygame has no boards\n")


# ------------------------------------------------------------------ the pytest plugin


def test_the_pytest_plugin_judges_tiny_scenarios(
    tiny: tinygame.TinyRace, pytester: pytest.Pytester
) -> None:
    pytester.makefile(
        ".canal",
        **{"scenarios/good": GOOD, "scenarios/failing": FAILING, "scenarios/nothing": "pile 1\n"},
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*1 of 4 claims of scenarios/failing.canal do not hold:*",
            "*line 8: expect pile 2",
            "*computed: the pile holds 3",
        ],
        consecutive=False,
    )


# ------------------------------------------------------------------ the core alone


def test_the_core_runs_without_importing_a_game() -> None:
    """Importing the core (command line, plugin, registry, API) loads no game module."""
    code = (
        "import sys\n"
        "import canaldsl, canaldsl.cli, canaldsl.pytest_plugin, canaldsl.api, canaldsl.checking\n"
        "import canaldsl.rulelisting\n"
        "games = tuple(f'canaldsl.{g}' for g in ('canalmania', 'tickettoride', 'canalgrande'))\n"
        "print(sorted(m for m in sys.modules if m.startswith(games)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_tiny_games_grammar_is_conflict_free_lalr_on_the_core_grammar() -> None:
    pytest.importorskip("interegular")
    import lark

    from canaldsl.lalr import grammar_path

    path = grammar_path("tinygame")
    folders = [path.parent, grammar_path("core").parent]
    lark.Lark(path.read_text(), parser="lalr", strict=True, import_paths=folders)
