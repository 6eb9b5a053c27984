"""A load test of `canaldsl serve` on the loopback address: 200 requests from 20 concurrent
clients, every answer right, the server's memory bounded.

Only 127.0.0.1 is ever asked. The loop is bounded in count (200 requests) and in time (each
request at most REQUEST_SECONDS), and stops by itself. Every request is a different file (its
own comment, and a legal or an illegal turn), and each answer is compared with what
`canaldsl.check` says of that file in this process: the verdict, the rule, the status, and the
text sent back unchanged (no answer given to the wrong client).

Each client (a thread) keeps one HTTP connection, as a browser tab does: a new ``httpx``
client for every request (``httpx.post``) cost about 30 ms of the test's CPU each, more than
the server spent answering. The connections are the standard library's
(``http.client.HTTPConnection``, HTTP/1.1, kept alive): what is tested is the server, and an
``httpx`` client spent about 7 ms of the test's CPU a request, a plain connection about 1 ms.
"""

from __future__ import annotations

import concurrent.futures
import http.client
import json
import os
import threading
import time
from pathlib import Path

import pytest
from webserver import PAGE_HEADER, running_server, web_libraries_missing

import canaldsl

pytestmark = pytest.mark.skipif(
    web_libraries_missing() is not None, reason=str(web_libraries_missing())
)

CLIENTS = 20
REQUESTS = 200
REQUEST_SECONDS = 120.0
MEMORY_GROWTH_LIMIT = 150 * 1024 * 1024
"""Bytes the server's processes (itself and its workers) may grow by over the 200 requests."""

POSITION = """\
# request {number}
rules second-edition {{
  players 2
}}
board mini {{
  map {{
    | L . . ^ . B
    | . . . ^ . .
    | . . ~ ~ . .
    | . . . . . .
    | Y . . . . O
  }}
  city London red marked L
  town Bath blue marked B
  town York green marked Y
  city Oxford yellow marked O
  contract LB between London and Bath value 6
}}

player red {{
  engineer Brindley
  hand 3 stretch, 1 lock
  canal LB: London
}}

player white {{
  engineer Telford
}}

now red phase 2

turn red {{
  phase 2: build LB: stretch B1, {second} C1
}}

expect legal
"""


def _text(number: int) -> str:
    return POSITION.format(number=number, second="lock" if number % 2 else "stretch")


def _usage(pid: int) -> tuple[int, float]:
    """Resident memory (bytes) and CPU time (seconds) of a process and all its descendants
    alive now (Linux /proc)."""
    memory, cpu, queue = 0, 0.0, [pid]
    tick = os.sysconf("SC_CLK_TCK")
    while queue:
        current = queue.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            stat = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                memory += int(line.split()[1]) * 1024
        cpu += (int(stat[11]) + int(stat[12])) / tick  # utime, stime
        queue += [int(c) for c in children]
    return memory, cpu


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads memory from /proc")
def test_200_requests_from_20_clients_every_answer_right(tmp_path: Path) -> None:
    expected = {}
    for parity in (0, 1):
        result = canaldsl.check(_text(parity))
        expected[parity] = (str(result.status), result.turns[0].legal, result.turns[0].rules)
    assert expected[0] != expected[1]  # the two kinds of request have different answers

    with running_server(None) as server:
        pid = server.process.pid
        own = threading.local()  # each client thread's HTTP connection
        made: list[http.client.HTTPConnection] = []

        def ask(number: int) -> tuple[int, str]:
            sent = _text(number)
            if not hasattr(own, "client"):
                own.client = http.client.HTTPConnection(
                    "127.0.0.1", server.port, timeout=REQUEST_SECONDS
                )
                made.append(own.client)
            own.client.request("POST", "/api/check", body=sent.encode(), headers=PAGE_HEADER)
            answer = own.client.getresponse()
            body = answer.read()  # read whole: the connection then serves the next request
            if answer.status != 200:
                return number, f"HTTP {answer.status}"
            view = json.loads(body)
            (turn,) = view["turns"]
            got = (view["status"], turn["legal"], tuple(turn["rules"]))
            if view["text"] != sent:
                return number, "another request's text"
            if got != expected[number % 2]:
                return number, f"{got} instead of {expected[number % 2]}"
            return number, "right"

        with concurrent.futures.ThreadPoolExecutor(CLIENTS) as clients:  # warm up
            assert {a for _, a in clients.map(ask, range(CLIENTS))} == {"right"}
        before, server_cpu = _usage(pid)
        started, cpu = time.monotonic(), time.process_time()
        with concurrent.futures.ThreadPoolExecutor(CLIENTS) as clients:
            answers = dict(clients.map(ask, range(REQUESTS)))
        seconds = time.monotonic() - started
        after, server_cpu_after = _usage(pid)
        for client in made:
            client.close()
    wrong = {n: a for n, a in answers.items() if a != "right"}
    assert len(answers) == REQUESTS and not wrong, wrong
    assert after - before < MEMORY_GROWTH_LIMIT, (before, after)
    if os.environ.get("CANALDSL_LOAD_REPORT"):
        print(
            f"\n{REQUESTS} requests, {CLIENTS} clients: {seconds:.1f} s wall, "
            f"server CPU {server_cpu_after - server_cpu:.1f} s, "
            f"client CPU {time.process_time() - cpu:.1f} s, "
            f"server memory {before / 2**20:.0f} -> {after / 2**20:.0f} MiB, "
            f"load {os.getloadavg()[0]:.1f}"
        )
