"""`make serve`'s app processes: PROCESSES Daphne processes on 127.0.0.1:PORT, PORT+1, ...,
for the proxy in front (deploy/nginx/brag-referee.conf) to balance between. Each is started
again when it stops; Ctrl-C (or SIGTERM) stops them all. Under systemd, each process is a
unit of its own instead (deploy/systemd/brag-referee@.service runs the same command)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

from django.core.management.base import BaseCommand, CommandError

ADDRESS = "127.0.0.1"  # only the proxy on this machine reaches the processes
AGAIN_AFTER = 1.0  # seconds before a stopped process is started again
# A process that stops within STARTS_WITHIN seconds of starting, TRIES times running, cannot
# start (a wrong setting, say): rather than loop, everything stops, its error on screen.
STARTS_WITHIN, TRIES = 10.0, 3
STOP_WITHIN = 10.0  # seconds given to the processes to finish on Ctrl-C or SIGTERM


# Daphne resets a WebSocket handshake not answered within this limit (5 s by default), and
# the proxy counts a reset as a failure: the app answers each within its own, shorter, deadline
# (referee/sockets/refusals.py), and this is the last resort of a process too busy even for that.
HANDSHAKE_LIMIT = 20  # s


def daphne_command(port: int) -> list[str]:
    """One app process, as the systemd unit's ExecStart runs it: --proxy-headers takes the
    client's address from the proxy's X-Forwarded-For; -v 0 turns Daphne's own access log
    off, as referee.request_log logs each request (with how long it took)."""
    return [
        sys.executable,
        "-m",
        "daphne",
        "--bind",
        ADDRESS,
        "--port",
        str(port),
        "--proxy-headers",
        "--websocket_connect_timeout",
        str(HANDSHAKE_LIMIT),
        "-v",
        "0",
        "referee.asgi:application",
    ]


def how_it_ended(returncode: int) -> str:
    if returncode < 0:
        return f"killed by {signal.Signals(-returncode).name}"
    return f"exit code {returncode}"


class Command(BaseCommand):
    help = "Run PROCESSES app processes on 127.0.0.1:PORT and the ports after it; start any that stops again."
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--processes", type=int, default=2)
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args, processes: int, port: int, **options):
        if processes < 1:
            raise CommandError("--processes must be at least 1.")
        stopping = []  # set by a signal; looked at between two steps, so no process is left behind
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: stopping.append(True))
        running: dict[int, tuple[subprocess.Popen, float]] = {}
        quick_stops = dict.fromkeys(range(port, port + processes), 0)
        try:
            for each in range(port, port + processes):
                if not stopping:
                    running[each] = self.start(each)
            while not stopping:
                time.sleep(0.2)
                for each, (process, started) in list(running.items()):
                    if stopping or process.poll() is None:
                        continue
                    quick = time.monotonic() - started < STARTS_WITHIN
                    quick_stops[each] = quick_stops[each] + 1 if quick else 0
                    if quick_stops[each] >= TRIES:
                        raise CommandError(
                            f"The process on {ADDRESS}:{each} stopped as it started, {TRIES} times "
                            f"({how_it_ended(process.returncode)}): its error is above. "
                            "The others are stopped too."
                        )
                    self.stdout.write(
                        f"The process on {ADDRESS}:{each} (pid {process.pid}) stopped "
                        f"({how_it_ended(process.returncode)}); starting it again."
                    )
                    time.sleep(AGAIN_AFTER)
                    running[each] = self.start(each)
        finally:
            self.stop_all([process for process, _ in running.values()])

    def start(self, port: int) -> tuple[subprocess.Popen, float]:
        process = subprocess.Popen(daphne_command(port))
        self.stdout.write(f"App process pid {process.pid} on http://{ADDRESS}:{port}/ (for the proxy)")
        self.stdout.flush()
        return process, time.monotonic()

    def stop_all(self, processes: list[subprocess.Popen]) -> None:
        for process in processes:
            if process.poll() is None:
                process.terminate()
        deadline = time.monotonic() + STOP_WITHIN
        for process in processes:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
