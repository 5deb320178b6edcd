"""`make serve`'s app processes (manage.py serve): each on its port of 127.0.0.1, started
again when it dies, all stopped together; one that cannot start stops everything, saying so."""

import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

import pytest
from django.conf import settings

from ..servers import end, free_ports

pytestmark = pytest.mark.server
WITHIN = 30.0  # seconds


class Serve:
    """manage.py serve, its output kept in a file."""

    def __init__(self, processes: int, port: int | None = None):
        self.port = port or free_ports(processes)
        self.output = tempfile.TemporaryFile()
        env = {key: value for key, value in os.environ.items() if key != "DJANGO_ALLOW_ASYNC_UNSAFE"}
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "serve", "--processes", str(processes), "--port", str(self.port)],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=self.output,
            stderr=subprocess.STDOUT,
        )

    def printed(self) -> str:
        self.output.seek(0)
        return self.output.read().decode(errors="replace")

    def pids(self) -> dict[int, int]:
        return {
            int(port): int(pid)
            for pid, port in re.findall(r"App process pid (\d+) on http://127\.0\.0\.1:(\d+)/", self.printed())
        }

    def wait_for(self, condition, what: str):
        deadline = time.monotonic() + WITHIN
        while time.monotonic() < deadline:
            if result := condition():
                return result
            time.sleep(0.1)
        raise AssertionError(f"{what} did not happen within {WITHIN} s:\n{self.printed()}")


def listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.fixture
def serve():
    started = []

    def start(processes: int, port: int | None = None) -> Serve:
        started.append(Serve(processes, port))
        return started[-1]

    yield start
    for each in started:
        end(each.process)
        for pid in each.pids().values():
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_each_process_listens_on_its_port_a_dead_one_starts_again_and_sigterm_stops_all(serve):
    server = serve(2)
    ports = [server.port, server.port + 1]
    server.wait_for(lambda: all(listening(port) for port in ports), "both processes listening")
    first = server.pids()
    assert sorted(first) == ports

    os.kill(first[ports[1]], signal.SIGKILL)
    server.wait_for(lambda: server.pids()[ports[1]] != first[ports[1]], "the dead process started again")
    assert (
        f"The process on 127.0.0.1:{ports[1]} (pid {first[ports[1]]}) stopped (killed by SIGKILL); "
        "starting it again." in server.printed()
    )
    server.wait_for(lambda: listening(ports[1]), "the new process listening")
    assert server.pids()[ports[0]] == first[ports[0]]  # the other one went on

    server.process.send_signal(signal.SIGTERM)
    assert server.process.wait(timeout=WITHIN) == 0
    assert not any(alive(pid) for pid in [*first.values(), *server.pids().values()])


def test_a_process_that_cannot_start_stops_everything_saying_so(serve):
    port = free_ports(2)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port + 1))  # the second process's port
        taken.listen()
        server = serve(2, port)
        assert server.process.wait(timeout=60) == 1
    printed = server.printed()
    assert (
        f"CommandError: The process on 127.0.0.1:{port + 1} stopped as it started, 3 times (exit code 1): "
        "its error is above. The others are stopped too."
    ) in printed
    assert not any(alive(pid) for pid in server.pids().values())
