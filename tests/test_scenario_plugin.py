"""The pytest plugin: .canal files with claims as test items (any file pytest finds or is given).

Each test runs pytest on a small temporary project (pytester) holding variants of the
colour-restriction fixture of tests/data/crosscheck: a file whose claims hold, one whose claim
fails, a known error, a known error that no longer shows, a file that cannot be understood, and
files the plugin must leave alone.
"""

from __future__ import annotations

import tomllib
from importlib.metadata import entry_points
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
PASSING = (ROOT / "tests" / "data" / "crosscheck" / "it" / "colour-start.canal").read_text()
KNOWN = (ROOT / "tests" / "data" / "crosscheck" / "fr" / "colour-start.canal").read_text()
FAILING = PASSING.replace("expect illegal goods.colour-restriction", "expect legal")
STALE = PASSING.replace(
    "example colour-start\n", 'example colour-start\nknown-error "the example was wrong"\n'
)
BOARD_ONLY = PASSING.split("player red")[0].split("rules first-edition")[1]


def test_the_plugin_is_registered_through_the_package_entry_point() -> None:
    plugins = {ep.name: ep.value for ep in entry_points(group="pytest11")}
    assert plugins.get("canaldsl") == "canaldsl.pytest_plugin"


def test_pytest_collects_scenarios_and_examples_from_the_checkout() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    testpaths = config["tool"]["pytest"]["ini_options"]["testpaths"]
    assert {"tests", "scenarios", "examples"} <= set(testpaths)
    scripts = config["project"]["entry-points"]["pytest11"]
    assert scripts == {"canaldsl": "canaldsl.pytest_plugin"}


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makefile(
        ".canal",
        **{
            "scenarios/it/passing": PASSING,
            "scenarios/it/failing": FAILING,
            "scenarios/fr/known": KNOWN,
            "scenarios/it/stale": STALE,
            "scenarios/it/broken": "rules first-edition\nboard vale {\n}\nexpect score pink\n",
            "scenarios/boards/vale": "rules first-edition\n" + BOARD_ONLY,
            "elsewhere/failing": FAILING,
        },
    )
    return pytester


def test_each_scenario_file_is_one_test_with_a_readable_outcome(project: pytest.Pytester) -> None:
    project.makeini("[pytest]\ncanal_scenario_dirs = scenarios\n")
    result = project.runpytest("-p", "no:cacheprovider", "-rx")
    result.assert_outcomes(passed=1, failed=3, xfailed=1)
    output = result.stdout.str()
    # the board-only file makes no claims, and elsewhere/ is not a scenario folder
    assert "vale.canal" not in output and "elsewhere" not in output
    assert "Traceback" not in output
    # a failing claim: the line as written, what the file claims, what canaldsl computes
    result.stdout.fnmatch_lines(
        [
            "*1 of 1 claims of scenarios/it/failing.canal do not hold (it rulebook, section "
            "'Colour restriction')*",
            "*line 40: expect legal",
            "*claimed:  expect legal",
            "*computed: illegal goods.colour-restriction (goods.colour-restriction: Ashby and "
            "Colby are both red)",
        ],
        consecutive=False,
    )
    # a known error is an expected failure, with its reason
    result.stdout.fnmatch_lines(
        ["*XFAIL*known*known error: the text leaves the start out, the example counts it*"]
    )
    # a known error that no longer shows fails (strict)
    result.stdout.fnmatch_lines(
        ["*is marked known-error (the example was wrong), but every claim holds*"]
    )
    # a file that cannot be understood fails with its diagnostics, not a traceback
    result.stdout.fnmatch_lines(["*scenarios/it/broken.canal cannot be understood*", "*error[E*"])


def test_the_scenario_folders_can_be_named_in_the_ini_file(project: pytest.Pytester) -> None:
    project.makeini("[pytest]\ncanal_scenario_dirs = elsewhere\n")
    result = project.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    assert "elsewhere/failing.canal" in result.stdout.str()


def test_without_the_ini_option_every_canal_file_with_claims_is_collected(
    project: pytest.Pytester,
) -> None:
    result = project.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=4, xfailed=1)
    output = result.stdout.str()
    assert "elsewhere/failing.canal" in output and "vale.canal" not in output


@pytest.mark.parametrize("ini", ["", "[pytest]\ncanal_scenario_dirs = scenarios\n"])
def test_a_file_named_on_the_command_line_is_collected_wherever_it_is(
    project: pytest.Pytester, ini: str
) -> None:
    if ini:
        project.makeini(ini)
    result = project.runpytest("-p", "no:cacheprovider", "elsewhere/failing.canal")
    result.assert_outcomes(failed=1)
    assert "1 of 1 claims of elsewhere/failing.canal do not hold" in result.stdout.str()
    passing = project.runpytest("-p", "no:cacheprovider", "scenarios/it/passing.canal")
    passing.assert_outcomes(passed=1)


def test_the_checkout_keeps_its_test_data_out() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    dirs = config["tool"]["pytest"]["ini_options"]["canal_scenario_dirs"]
    assert dirs == ["scenarios", "examples"]
