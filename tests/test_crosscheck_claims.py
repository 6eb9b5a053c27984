"""The cross-check compares what the texts claim, not how scenarios encode it; it compares the
rule sentences through the sentence indexes; and it proves harmless what cannot arise."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

from canaldsl.canalmania.crosscheck import crosscheck
from canaldsl.canalmania.crosscheck_proofs import case_one_removal_reachable
from canaldsl.canalmania.crosscheck_sentences import AGREE, BETWEEN, WITHIN, compare_points
from canaldsl.canalmania.sentences import Sentence

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "data" / "crosscheck"
EDITIONS = {"it": "first-edition", "fr": "first-edition", "de": "second-edition"}


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "examples"
    shutil.copytree(FIXTURES, target)
    return target


def _claims(folder: Path, translation: str, text: str) -> None:
    (folder / translation / "claims.toml").write_text(text, encoding="utf-8")


SAME_COLOUR = '[colour-start]\nclaim = "The cube stops before Colby."\nnames = ["Ashby", "Colby"]\n'


def test_an_encoding_difference_alone_is_no_finding(tmp_path: Path) -> None:
    # the it and de cut-score scenarios expect other scores (the edition's rule), but the texts
    # claim the same thing: no example finding
    folder = _copy(tmp_path)
    cut = '[cut-score]\nclaim = "Completing the cut scores its lock."\noutcome = "scores"\n'
    for t in ("it", "de"):
        _claims(folder, t, SAME_COLOUR + "\n" + cut)
    _claims(folder, "fr", SAME_COLOUR)
    result = crosscheck(folder)
    kinds = {(f.kind, f.subject) for f in result.findings}
    assert ("example-differs-between-editions", "cut-score") not in kinds
    # without claims the encodings are compared, and the scores differ
    assert ("example-differs-between-editions", "cut-score") in {
        (f.kind, f.subject) for f in crosscheck(FIXTURES).findings
    }


def test_a_claim_difference_is_a_finding_and_claimed_points_meet_the_engine(
    tmp_path: Path,
) -> None:
    folder = _copy(tmp_path)
    _claims(folder, "it", SAME_COLOUR + '[cut-score]\nclaim = "x"\npoints = { red = 1 }\n')
    _claims(folder, "de", SAME_COLOUR + '[cut-score]\nclaim = "x"\npoints = { red = 3 }\n')
    _claims(folder, "fr", SAME_COLOUR.replace('"Colby"]', '"Colbie"]'))
    result = crosscheck(folder)
    by_kind = {(f.kind, f.subject): f for f in result.findings}
    finding = by_kind[("example-differs-between-editions", "cut-score")]
    assert "claimed points: it red 1" in finding.details
    assert "claimed points: de red 3" in finding.details
    # a misspelt name matches the board's spelling: no difference in names
    colour = by_kind[("example-differs-between-translations", "colour-start")]
    assert not any(d.startswith("claimed names") for d in colour.details)
    examples = {e.ref: e for e in result.examples}
    (point_claim,) = [c for c in examples["de/cut-score"].claims if c.claim.startswith("the text")]
    assert point_claim.agrees is True and point_claim.computed == "red scores 3"


def test_claimed_points_the_engine_does_not_compute_make_the_example_disagree(
    tmp_path: Path,
) -> None:
    folder = _copy(tmp_path)
    _claims(folder, "de", SAME_COLOUR + '[cut-score]\nclaim = "x"\npoints = { red = 1 }\n')
    result = crosscheck(folder)
    example = {e.ref: e for e in result.examples}["de/cut-score"]
    assert example.agrees is False
    assert result.failed


def test_a_malformed_claims_file_makes_its_examples_unreadable(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _claims(folder, "de", "[cut-score]\npoints = 3\n")
    result = crosscheck(folder)
    assert {e.ref for e in result.unreadable} == {"de/colour-start", "de/cut-score"}


def _forced_off_a_connected_city(cities: int, towns: int, cubes: int) -> bool:
    """Brute force: some map with ``cities`` and ``towns`` (each on a canal or not), some
    basin short of two cubes and some laying of the other cubes (at most one a place) where
    removing in the order 4, 3, 2 leaves the player short, so case 1 must be used."""
    places = [True] * cities + [False] * towns  # True: a city
    for connected in itertools.product((False, True), repeat=len(places)):
        for basin in range(min(2, cubes + 1)):
            on_map = cubes - basin
            if on_map > len(places):
                continue
            for held in itertools.combinations(range(len(places)), on_map):
                removable = sum(1 for i in held if not (places[i] and connected[i]))
                if removable < 2 - basin and len(held) > removable:
                    return True
    return False


def test_the_removal_proof_agrees_with_brute_force() -> None:
    for cities, towns, cubes in itertools.product(range(1, 4), range(0, 4), range(1, 7)):
        if cubes > cities + towns + 1:
            continue  # more cubes than places and a short basin can hold
        assert _forced_off_a_connected_city(cities, towns, cubes) == case_one_removal_reachable(
            cubes=cubes, cities=cities
        ), (cities, towns, cubes)
    assert not case_one_removal_reachable(cubes=15, cities=6)
    assert case_one_removal_reachable(cubes=7, cities=6)


def _s(t: str, n: int, point: str, modality: str, **more: object) -> Sentence:
    return Sentence(t, n, "S", "says", rules=("r",), point=point, modality=modality, **more)  # type: ignore[arg-type]


def test_sentence_comparison_is_computed_from_the_fields() -> None:
    sentences = [
        _s("it", 1, "p.same", "must"),
        _s("fr", 1, "p.same", "must"),
        _s("de", 1, "p.same", "must"),
        _s("it", 2, "p.modal", "may"),
        _s("fr", 2, "p.modal", "must"),
        _s("de", 2, "p.modal", "must"),
        _s("it", 3, "p.edition", "is", numbers=(("cubes", 15),)),
        _s("fr", 3, "p.edition", "is", numbers=(("cubes", 15),)),
        _s("de", 3, "p.edition", "is", numbers=(("cubes", 20),)),
        _s("it", 4, "p.lacking", "must"),
        _s("de", 4, "p.lacking", "must"),
        _s("de", 5, "p.new", "must"),
    ]
    found = {c.point: c for c in compare_points(EDITIONS, sentences)}
    assert found["p.same"].verdict == AGREE
    assert found["p.modal"].verdict == WITHIN
    assert found["p.modal"].within == ("modality: it may, fr must",)
    assert not found["p.modal"].between  # fr agrees with de: the odd text is it
    assert found["p.edition"].verdict == BETWEEN
    assert found["p.edition"].between == ("numbers: cubes: first-edition 15; second-edition 20",)
    assert found["p.lacking"].within == ("stated by it only",)
    assert found["p.new"].between == ("only the second-edition states it",)


def test_the_real_texts_compare_as_a_reader_would() -> None:
    found = {c.point: c for c in compare_points(EDITIONS)}
    assert found["goods.colour-restriction/start"].verdict == WITHIN
    assert found["goods.cubes/count"].verdict == BETWEEN
    assert found["contract.mandatory/none-left"].between == (
        "modality: first-edition may; second-edition must",
    )
    assert found["build.consecutive-tiles/rule"].within
    assert found["hand.limit/seven"].verdict == AGREE


def test_the_shipped_claims_keep_a_real_difference_and_drop_an_encoding_one(
    tmp_path: Path,
) -> None:
    """Goole-Sheffield: black builds in the 1st-edition texts, green in the German one (a
    difference of the texts); the Medway termini: the scenarios' scores differ only by each
    edition's scoring rule, which the texts do not print (no finding)."""
    shipped = ROOT / "scenarios" / "canalmania"
    for translation in ("it", "de"):
        (tmp_path / translation).mkdir()
        for name in ("cards-goole-sheffield.canal", "contract-termini-medway.canal"):
            shutil.copy(shipped / translation / name, tmp_path / translation / name)
        shutil.copy(shipped / translation / "claims.toml", tmp_path / translation)
    found = {f.subject: f for f in crosscheck(tmp_path).findings if "differs" in f.kind}
    assert "claimed players: it black" in found["cards-goole-sheffield"].details
    assert "claimed players: de green" in found["cards-goole-sheffield"].details
    assert "contract-termini-medway" not in found
