"""`canaldsl rules` and `canaldsl explain`: their output, exit status and messages.

Only what the commands print is tested, so the command line's own code runs in this process
(:func:`programs.in_process`: the same arguments, exit status, stdout and stderr); the process
itself is tested in tests/test_cli_check.py and tests/test_api.py."""

from __future__ import annotations

import json
import subprocess

import programs

from canaldsl.canalmania.rulebook import RULEBOOKS, all_rules


def canaldsl(*args: str) -> subprocess.CompletedProcess[str]:
    return programs.in_process(*args)


def test_rules_lists_every_rule_id_with_its_title() -> None:
    result = canaldsl("rules")
    assert result.returncode == 0, result.stderr
    *blocks, last = result.stdout.strip().split("\n\n")
    # with several games, each game's rules come under a heading naming it
    headed = [b for b in blocks if b.startswith("Canal Mania (rule ids canalmania:")]
    block = headed[0].splitlines()[1:] if headed else blocks[0].splitlines()
    # the block ends with the line of former ids (issue 13's payment rules)
    assert block[-1].startswith("former ids (still understood): ")
    assert "engineer.brindley -> pay.wrong-kind" in block[-1]
    lines = block[:-1]
    listed = [line.split()[0] for line in lines]
    assert len(listed) >= 40
    assert listed == sorted(all_rules())
    total = sum(
        sum(1 for line in b.splitlines()[1 if headed else 0 :] if not line.startswith("former "))
        for b in blocks
    )
    assert last.startswith(f"{total} rules")
    by_id = {line.split()[0]: line for line in lines}
    assert "No two places of one colour on a route" in by_id["goods.colour-restriction"]
    assert by_id["contract.junction"].endswith("[second-edition only]")
    assert by_id["goods.removal-order"].endswith("[first-edition only]")


def test_rules_as_json_gives_kind_editions_and_sections() -> None:
    result = canaldsl("rules", "--format", "json")
    assert result.returncode == 0, result.stderr
    rules = [r for r in json.loads(result.stdout) if r.get("game", "canalmania") == "canalmania"]
    assert len(rules) >= 40
    mania = [r for r in rules if r.get("game", "canalmania") == "canalmania"]
    assert {r["id"] for r in mania} == set(all_rules())
    effect = next(r for r in rules if r["id"] == "score.delivery")
    assert effect["kind"] == "effect"
    assert set(effect["sections"]) == {"it", "fr", "de"}


def test_explain_shows_the_rule_and_its_italian_french_and_german_sections() -> None:
    result = canaldsl("explain", "goods.colour-restriction")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("goods.colour-restriction: No two places of one colour on a route")
    assert "first-edition, second-edition" in out
    for book in RULEBOOKS.values():
        assert book in out
    assert "I cubi merce si muovono > Limitazione del colore" in out
    assert "Le transport des marchandises > Restriction des couleurs" in out
    assert "Die Güterbewegung > Die Farbbeschränkung" in out
    assert "colour-restriction-start" in out  # how the texts differ


def test_explain_says_which_rulebook_lacks_a_rule() -> None:
    result = canaldsl("explain", "goods.removal-order")
    assert result.returncode == 0, result.stderr
    assert "(not in this rulebook)" in result.stdout
    assert "first-edition" in result.stdout and "second-edition" not in result.stdout


def test_explain_an_unknown_id_exits_2_with_a_did_you_mean() -> None:
    result = canaldsl("explain", "goods.colour-restrictoin")
    assert result.returncode == 2
    assert result.stdout == ""
    assert "unknown rule id 'goods.colour-restrictoin'" in result.stderr
    assert "Did you mean goods.colour-restriction?" in result.stderr


def test_explain_an_id_like_nothing_exits_2_without_a_guess() -> None:
    result = canaldsl("explain", "zzz")
    assert result.returncode == 2
    assert "unknown rule id 'zzz'" in result.stderr
    assert "Did you mean" not in result.stderr
