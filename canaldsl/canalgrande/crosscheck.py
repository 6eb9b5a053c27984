"""``canaldsl crosscheck scenarios/canalgrande``: the Italian text read as a translation.

Its worked examples (the scenario files with a ``rulebook it ...`` statement) played and
compared with what the text claims; its terms; its internal contradictions and gaps, each a
named switch (with its default) or a decision the engine takes. Text, JSON (schema
``crosscheck``) and Markdown, in the formats of Canal Mania's report.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from canaldsl.games import CommandError
from canaldsl.statuses import ExitCode

DEFAULT_FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "canalgrande"


@dataclass(frozen=True)
class Example:
    id: str
    translation: str
    source: str
    file: str
    claims: tuple[str, ...]
    computed: tuple[str, ...]
    agrees: bool | None
    known_error: str | None
    error: str | None


def _readings() -> dict[str, Any]:
    text = (resources.files("canaldsl.canalgrande") / "data" / "readings.toml").read_text(
        encoding="utf-8"
    )
    return tomllib.loads(text)


def _examples(folder: Path) -> list[Example]:
    from canaldsl.canalgrande.loading import check_text
    from canaldsl.canalgrande.report import claims_of

    out = []
    for path in sorted(folder.rglob("*.canal")):
        text = path.read_text(encoding="utf-8")
        display = path.relative_to(folder).as_posix()
        scenario, _ = check_text(text, filename=display)
        outcome = claims_of(text, display)
        if scenario is None or outcome.errors:
            first = outcome.errors[0].render().splitlines()[0] if outcome.errors else "unreadable"
            out.append(Example(path.stem, "?", "", display, (), (), None, None, first))
            continue
        rulebook = scenario.rulebook
        if rulebook is None:
            continue
        claims = tuple(c.claim for c in outcome.claims)
        computed = tuple(c.computed for c in outcome.claims)
        agrees = all(c.agrees for c in outcome.claims) if outcome.claims else None
        out.append(
            Example(
                rulebook.example.text, rulebook.translation.text, rulebook.section.text,
                display, claims, computed, agrees, outcome.known_error, None,
            )
        )  # fmt: skip
    return out


def _switch_defaults() -> dict[str, str]:
    from canaldsl.canalgrande.rulebook import Readings

    return Readings().as_settings()


def report_data(folder: Path) -> dict[str, Any]:
    """The whole report as data (the JSON output)."""
    from canaldsl.jsonschemas import tag

    data = _readings()
    defaults = _switch_defaults()
    findings: list[dict[str, Any]] = []
    for term in data["term"]:
        findings.append({
            "kind": "term", "subject": term["text"], "translations": ["it"],
            "summary": f"{term['text']} = {term['ours']} ({term['section']}): {term['note']}",
        })  # fmt: skip
    for gap in data["gap"]:
        decision = (
            f"switch {gap['subject']}, default {defaults[gap['subject']]}"
            if gap["switch"] else "decided without a switch"
        )  # fmt: skip
        findings.append({
            "kind": gap["kind"], "subject": gap["subject"], "translations": ["it"],
            "summary": f"{gap['summary']} ({gap['section']}; {decision})",
        })  # fmt: skip
    examples = [
        {
            "id": e.id,
            "translation": e.translation,
            "source": e.source,
            "file": e.file,
            "claim": list(e.claims),
            "computed": list(e.computed),
            "agrees": e.agrees,
            "known_error": e.known_error,
            "error": e.error,
        }
        for e in _examples(folder)
    ]
    return {"schema": tag("crosscheck"), "examples": examples, "findings": findings}


def _status(data: dict[str, Any]) -> ExitCode:
    if any(e["error"] for e in data["examples"]):
        return ExitCode.ERROR
    for example in data["examples"]:
        wrong = example["agrees"] is False
        if wrong != bool(example["known_error"]):
            return ExitCode.FAILED
    return ExitCode.OK


def markdown(data: dict[str, Any]) -> str:
    lines = [
        "# Canal Grande: the Italian text checked",
        "",
        "Made by `canaldsl crosscheck scenarios/canalgrande --format markdown` (kept current by",
        "`tests/canalgrande/test_canalgrande_commands.py`). The text: `canal-grande-it.txt`, a",
        "fan translation; sentences are paraphrased, never quoted.",
        "",
        "## Worked examples",
        "",
        "| example | section | file | agrees |",
        "| --- | --- | --- | --- |",
    ]
    for e in data["examples"]:
        agrees = {True: "yes", False: "NO", None: "not judged"}[e["agrees"]]
        if e["known_error"]:
            agrees += f" (known error: {e['known_error']})"
        lines.append(f"| {e['id']} | {e['source']} | `{e['file']}` | {agrees} |")
    for kind, title in (("term", "Terms"), ("contradiction", "Contradictions"), ("gap", "Gaps")):
        lines += [
            "",
            f"## {title}",
            "",
            "| subject | what and how it is settled |",
            "| --- | --- |",
        ]
        for f in data["findings"]:
            if f["kind"] == kind:
                lines.append(f"| {f['subject']} | {f['summary']} |")
    return "\n".join(lines) + "\n"


def text(data: dict[str, Any]) -> str:
    lines = ["Canal Grande: the Italian text (canal-grande-it.txt)", "", "worked examples:"]
    for e in data["examples"]:
        agrees = {True: "agrees", False: "DISAGREES", None: "not judged"}[e["agrees"]]
        if e["error"]:
            agrees = f"error: {e['error']}"
        lines.append(f"  {e['id']} ({e['source']}): {agrees}")
        for claim, computed in zip(e["claim"], e["computed"], strict=True):
            lines.append(f"    {claim}: {computed}")
    for kind in ("term", "contradiction", "gap"):
        lines += ["", f"{kind}s:"]
        lines += [
            f"  {f['subject']}: {f['summary']}" for f in data["findings"] if f["kind"] == kind
        ]
    return "\n".join(lines) + "\n"


def crosscheck_report(folder: Path | None, *, output: str) -> tuple[str, ExitCode]:
    folder = folder or DEFAULT_FOLDER
    if not folder.is_dir():
        raise CommandError(f"error: {folder}: no such folder of Canal Grande rulebook examples")
    data = report_data(folder)
    if output == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n", _status(data)
    if output == "markdown":
        return markdown(data), _status(data)
    return text(data), _status(data)
