"""`canaldsl serve` as a server: what it answers, what it refuses, how it stops.

A real server process on a free loopback port (tests/webserver.py); requests with httpx, from
one client for the file (:func:`_http`): a new client for each request (``httpx.get``,
``httpx.post``) cost about 25 ms of the test's CPU each (an SSL context made for every client).
"""

from __future__ import annotations

import functools
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import programs
import pytest
from webserver import PAGE_HEADER, Server, running_server, web_libraries_missing

if TYPE_CHECKING:
    import httpx

pytestmark = pytest.mark.skipif(
    web_libraries_missing() is not None, reason=str(web_libraries_missing())
)

EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    folder = tmp_path_factory.mktemp("served")
    file = folder / "medway.canal"
    shutil.copy(EXAMPLES / "medway-two-locks.canal", file)
    (folder / "other.canal").write_text("# not to be touched\n", encoding="utf-8")
    with running_server(file) as server:
        yield server, file


@functools.cache
def _http() -> httpx.Client:
    """The file's HTTP client (an ``httpx.Client``; it keeps no cookie: the server sets none)."""
    import httpx

    return httpx.Client()


def _post(server: Server, path: str, text: str, **headers: str) -> object:
    return _http().post(
        server.url + path.lstrip("/"),
        content=text.encode("utf-8"),
        headers={**PAGE_HEADER, **headers},
        timeout=120,
    )


def test_the_page_and_its_files_with_a_strict_policy(served: tuple[Server, Path]) -> None:
    server, _ = served
    page = _http().get(server.url, timeout=30)
    assert page.status_code == 200
    policy = page.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    assert "unsafe" not in policy
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["x-frame-options"] == "DENY"
    assert '<script src="/static/page.js"' in page.text
    assert "http" not in page.text.replace("http-equiv", "")  # nothing from outside
    script = _http().get(server.url + "static/page.js", timeout=30)
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert _http().get(server.url + "static/../app.py", timeout=30).status_code == 404


def test_start_gives_the_served_file(served: tuple[Server, Path]) -> None:
    server, file = served
    start = _http().get(server.url + "api/start", timeout=30).json()
    assert start["text"] == file.read_text(encoding="utf-8")
    assert start["can_save"] is True and start["max_body"] == 8 * 1024 * 1024


def test_check_gives_the_verdict_the_rules_and_the_picture(served: tuple[Server, Path]) -> None:
    server, file = served
    view = _post(server, "api/check", file.read_text(encoding="utf-8")).json()  # type: ignore[attr-defined]
    assert view["status"] == "ok"
    assert [t["legal"] for t in view["turns"]] == [False]
    (rule,) = view["rules"]
    assert rule["id"] == "build.consecutive-tiles"
    assert any("Tessere Consecutive" in (s["section"] or "") for s in rule["sections"])
    assert view["final"]["winner"] == view["final"]["ranking"][0]
    assert view["picture"].count('data-hex="R26"') >= 1
    (diagnostic,) = view["diagnostics"]
    text = view["text"]
    assert text[diagnostic["start"] : diagnostic["end"]] == "lock"
    assert {"kw", "hex", "com", "str"} <= {kind for _, _, kind in view["tokens"]}


def test_a_diagnostic_with_its_hint_at_line_and_column(served: tuple[Server, Path]) -> None:
    server, _ = served
    text = "rules first-edition\nboard england\nplayer red {\n  engineer Smeton\n}\n"
    view = _post(server, "api/check", text).json()  # type: ignore[attr-defined]
    assert view["status"] == "error"
    (problem,) = [d for d in view["diagnostics"] if "Smeton" in d["message"]]
    assert (problem["line"], problem["column"]) == (4, 12)
    assert "Smeaton" in problem["hint"]
    assert text[problem["start"] : problem["end"]] == "Smeton"
    assert view["picture"] is None


def test_an_answer_with_its_proof_status(served: tuple[Server, Path]) -> None:
    server, _ = served
    text = (EXAMPLES / "medway-first-build.canal").read_text(encoding="utf-8")
    text = text[: text.index("turn red {")]
    answer = _post(server, "api/answer?question=best-build&budget=5", text).json()  # type: ignore[attr-defined]
    assert answer["error"] is None
    assert answer["proven"] is True and answer["status"] == "OPTIMAL"
    assert any("R27" in line for line in answer["lines"])
    assert "<svg" in answer["picture"]
    refused = _post(server, "api/answer?question=best-build&budget=1e9", text)
    assert refused.status_code == 400  # type: ignore[attr-defined]


def test_the_report_served_and_downloadable(served: tuple[Server, Path]) -> None:
    server, file = served
    text = file.read_text(encoding="utf-8")
    answer = _post(server, "api/report", text).json()  # type: ignore[attr-defined]
    assert "<!DOCTYPE html>" in answer["html"] and "build.consecutive-tiles" in answer["html"]
    form = _http().post(
        server.url + "report",
        data={"text": text},
        headers={"origin": server.url.rstrip("/")},
        timeout=120,
    )
    assert form.status_code == 200
    assert form.headers["content-security-policy"].startswith("default-src 'none'")
    assert "script" not in form.headers["content-security-policy"]


def test_saving_writes_the_served_file_only(served: tuple[Server, Path]) -> None:
    server, file = served
    before = {p.name: p.read_bytes() for p in file.parent.iterdir()}
    text = file.read_text(encoding="utf-8") + "\n# saved from the page\n"
    answer = _post(server, "api/save", text)
    assert answer.status_code == 200  # type: ignore[attr-defined]
    assert file.read_text(encoding="utf-8") == text
    after = {p.name: p.read_bytes() for p in file.parent.iterdir()}
    assert set(after) == set(before)  # no other file written, no temporary file left
    assert after["other.canal"] == before["other.canal"]
    file.write_bytes(before[file.name])


def test_what_the_server_refuses(served: tuple[Server, Path]) -> None:
    server, file = served
    big = "#" * (8 * 1024 * 1024 + 1)
    assert _post(server, "api/check", big).status_code == 413  # type: ignore[attr-defined]
    # a request from another site (no page header, another origin) may not save
    other = _http().post(
        server.url + "api/save",
        content=b"rules first-edition\n",
        headers={"origin": "http://evil.example", "content-type": "text/plain"},
        timeout=30,
    )
    assert other.status_code == 403
    assert file.read_text(encoding="utf-8").startswith("# Two locks")
    # a name other than the loopback's (DNS rebinding) is refused
    rebound = _http().get(server.url, headers={"host": "evil.example"}, timeout=30)
    assert rebound.status_code == 400
    not_utf8 = _http().post(
        server.url + "api/check", content=b"rules \xff", headers=PAGE_HEADER, timeout=30
    )
    assert not_utf8.status_code == 400


def test_busy_when_the_queue_is_full(tmp_path: Path) -> None:
    """One worker and no queue: while it works, the next request is told to try again.
    Rounds of 8 requests at once (at most 10 rounds) until both answers were seen."""
    import concurrent.futures

    text = (EXAMPLES / "medway-first-build.canal").read_text(encoding="utf-8")
    text = text[: text.index("turn red {")]
    codes: list[int] = []
    busy: list[str] = []
    with running_server(None, "--workers", "1", "--queue", "0") as server:

        def ask(_: int) -> int:
            answer = _http().post(
                server.url + "api/answer?question=best-build&budget=5",
                content=text.encode(),
                headers=PAGE_HEADER,
                timeout=120,
            )
            if answer.status_code == 503:
                busy.append(answer.json()["error"])
            return answer.status_code

        with concurrent.futures.ThreadPoolExecutor(8) as clients:
            for _ in range(10):
                codes += clients.map(ask, range(8))
                if 200 in codes and 503 in codes:
                    break
    assert 200 in codes and 503 in codes
    assert set(codes) <= {200, 503}
    assert set(busy) == {"busy, try again"}


def test_included_board_files_stay_in_the_served_files_folder(
    served: tuple[Server, Path],
) -> None:
    server, file = served
    outside = file.parent.parent / "outside.canal"
    outside.write_text((EXAMPLES / "medway-two-locks.canal").read_text(encoding="utf-8"))
    text = 'rules first-edition\nboard "../outside.canal"\n'
    view = _post(server, "api/check", text).json()  # type: ignore[attr-defined]
    assert [d["code"] for d in view["diagnostics"]] == ["E311"]


def test_ctrl_c_ends_it_with_130_and_no_traceback(tmp_path: Path) -> None:
    with running_server(None) as server:
        server.process.send_signal(signal.SIGINT)
        status = server.process.wait(timeout=30)
    assert status == 130
    err = "".join(server.stderr)
    assert "Traceback" not in err
    assert "interrupted (SIGINT)" in err


def test_a_port_in_use_is_said_plainly(served: tuple[Server, Path]) -> None:
    server, _ = served  # the port of the file's server (running: it holds the port)
    assert server.process.poll() is None
    second = programs.process("serve", "--no-browser", "--port", str(server.port), timeout=60)
    assert second.returncode == 2
    assert "cannot listen on 127.0.0.1" in second.stderr and "Traceback" not in second.stderr


def test_the_readme_gives_both_commands_and_a_screenshot() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert "pip install 'canaldsl[web]' && canaldsl serve examples/medway-two-locks.canal" in readme
    assert (EXAMPLES / "medway-two-locks.canal").is_file()
    shot = "docs/images/serve-page.png"
    assert f"]({shot})" in readme
    assert (Path(__file__).parent.parent / shot).stat().st_size > 10_000
