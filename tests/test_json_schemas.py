"""The JSON schemas shipped in canaldsl/schemas/ validate what every command prints.

Every command's JSON on every .canal file of the repository is recorded in tests/golden/
(tests/goldenfiles.py; test_golden.py proves the recorded outputs are today's): each recorded
JSON output, answer or error, is validated against its command's schema. A few commands are
also run here directly (a file with errors, standard input, a question that cannot be asked),
so that the schemas are tested even where the golden files are not.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import programs
import pytest

from canaldsl.jsonschemas import VERSIONS, UnknownSchemaError, error_json, schema, tag
from canaldsl.statuses import Engine

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


def golden_json_runs() -> Iterator[tuple[str, str, str]]:
    """(golden file, command line, standard output) of every recorded `--format json` run."""
    for path in sorted(GOLDEN.rglob("*.txt")):
        text = path.read_text(encoding="utf-8")
        for block in re.split(r"\n(?=\$ canaldsl )", text):
            head = block.split("\n", 1)[0]
            if not head.startswith("$ canaldsl ") or "--format json" not in head:
                continue
            found = re.search(r"--- stdout\n(.*?)\n--- stderr\n", block, flags=re.S)
            yield path.relative_to(GOLDEN).as_posix(), head, found.group(1) if found else ""


def validator(command: str) -> jsonschema.protocols.Validator:
    document = schema(command)
    jsonschema.Draft202012Validator.check_schema(document)
    return jsonschema.Draft202012Validator(document)


def check_tags(command: str, answer: Any) -> None:
    """Every top-level object (each element of a top-level array) names this schema."""
    objects = answer if isinstance(answer, list) else [answer]
    assert all(o["schema"] == tag(command) for o in objects)


@pytest.mark.parametrize("command", sorted(VERSIONS))
def test_each_schema_is_a_valid_json_schema_with_its_versioned_tag(command: str) -> None:
    document = schema(command)
    jsonschema.Draft202012Validator.check_schema(document)
    assert document["$id"] == f"urn:canaldsl:schema:{command}:{VERSIONS[command]}"
    assert tag(command) in json.dumps(document)


def test_every_recorded_json_output_is_valid_for_its_command() -> None:
    validators = {command: validator(command) for command in VERSIONS}
    counts: dict[str, int] = dict.fromkeys(VERSIONS, 0)
    problems = []
    for golden, head, stdout in golden_json_runs():
        command = head.split()[2]
        if not stdout.strip():
            problems.append(f"{golden}: {head}: no JSON printed")
            continue
        answer = json.loads(stdout)
        errors = sorted(validators[command].iter_errors(answer), key=str)
        problems += [f"{golden}: {head}: {e.json_path}: {e.message}" for e in errors[:3]]
        if not errors:
            check_tags(command, answer)
        counts[command] += 1
    assert not problems, "\n".join(problems[:20])
    # every command printing JSON is exercised by the recorded outputs
    assert all(counts.values()), counts
    assert counts["check"] >= 150


def run_json(*args: str, stdin: str | None = None) -> tuple[int, Any]:
    """The command line's code in this process (an exception raised fails the test): exit
    status and the JSON printed."""
    result = programs.in_process(*args, stdin=stdin)
    return result.returncode, json.loads(result.stdout)


BROKEN = "rules second-edition\nboard england\nturn red { bogus }\n"


@pytest.mark.parametrize(
    "args",
    [
        ("check", "--format", "json", "-"),
        ("board", "--format", "json", "-"),
        ("best-build", "--format", "json", "-"),
        ("best-delivery", "--format", "json", "-"),
        ("can-complete", "--format", "json", "-", "Anything"),
    ],
)
def test_a_file_with_errors_still_gets_json_valid_for_the_command(args: tuple[str, ...]) -> None:
    command = args[0]
    status, answer = run_json(*args, stdin=BROKEN)
    assert status == 2
    validator(command).validate(answer)
    report = answer[0] if command == "check" else answer["error"]
    assert [d["code"] for d in report["diagnostics"]] == ["E111"]
    assert report["diagnostics"][0]["file"] == "<stdin>"


def test_a_question_that_cannot_be_asked_gets_a_json_error() -> None:
    path = "examples/puzzle-fens-on-top.canal"
    status, answer = run_json("can-complete", "--format", "json", path, "No Such Canal")
    assert status == 2
    validator("can-complete").validate(answer)
    assert answer["error"]["diagnostics"] == []
    assert "No Such Canal" in answer["error"]["message"]


def test_check_json_has_a_verdict_for_every_turn() -> None:
    status, (report,) = run_json("check", "--format", "json", "examples/medway-two-locks.canal")
    assert status == 0
    validator("check").validate([report])
    (verdict,) = report["verdicts"]
    assert verdict == {
        "turn": 1,
        "player": "black",
        "line": 29,
        "column": 1,
        "legal": False,
        "rules": ["build.consecutive-tiles"],
        "violations": [
            {
                "rule": "build.consecutive-tiles",
                "message": "a lock at R26 would follow a lock in the same section",
                "line": 30,
                "column": 56,
            }
        ],
    }


def test_a_legal_turn_has_a_legal_verdict() -> None:
    path = "examples/medway-first-build.canal"
    _, (report,) = run_json("check", "--format", "json", path)
    assert report["verdicts"] and all(v["legal"] for v in report["verdicts"])
    assert all(v["rules"] == [] == v["violations"] for v in report["verdicts"])
    assert [v["turn"] for v in report["verdicts"]] == list(range(1, report["turns"] + 1))


def test_engine_names_in_the_schemas_are_the_engine_enum() -> None:
    """One spelling per engine in all output: the schemas allow only Engine's values."""
    names = {e.value for e in Engine} - {Engine.AUTO.value}
    for command in ("best-build", "best-delivery", "can-complete"):
        document = schema(command)
        answer = document["oneOf"][0]["properties"]["engine"]
        assert set(answer["enum"]) == names


def test_an_invalid_output_is_refused() -> None:
    good = error_json("best-build", "x.canal", "no position to play")
    validator("best-build").validate(good)
    with pytest.raises(jsonschema.ValidationError):
        validator("best-build").validate({**good, "schema": "canaldsl/best-build/0"})
    _, (report,) = run_json("check", "--format", "json", "examples/medway-two-locks.canal")
    report["verdicts"][0]["legal"] = "no"
    with pytest.raises(jsonschema.ValidationError):
        validator("check").validate([report])
    answer = {"schema": tag("best-delivery"), "file": "x", "player": "red", "engine": "cpsat"}
    answer |= {"status": "OPTIMAL", "bound": 1, "budget": 1.0, "route": None, "owners": None}
    answer |= {"points": {}}
    with pytest.raises(jsonschema.ValidationError):
        validator("best-delivery").validate(answer)


def test_a_command_without_json_has_no_schema() -> None:
    with pytest.raises(UnknownSchemaError):
        tag("play")
