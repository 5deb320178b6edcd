"""Daphne processes of our own, on the test database, for tests that restart a server or
need two of them (several processes behind one Redis and PostgreSQL); and a Redis server of
a test's own, to stop and start again."""

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from django.db import connection

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_database_url() -> str:
    """The database the tests run on, as a DATABASE_URL another process can use."""
    settings = connection.settings_dict
    if settings["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{settings['NAME']}"
    user = settings.get("USER") or ""
    host, port = settings.get("HOST") or "127.0.0.1", settings.get("PORT") or 5432
    return f"postgres://{user}@{host}:{port}/{settings['NAME']}"


class Daphne:
    """One Daphne process serving the project on 127.0.0.1:port; start(), stop(), again."""

    def __init__(self, port: int | None = None, *, app: str = "referee.asgi:application",
                 database_url: str | None = None, env: dict[str, str] | None = None):
        self.port = port or free_port()
        self.app, self.database_url, self.env = app, database_url, env or {}
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 20) -> "Daphne":
        env = {**os.environ, "DATABASE_URL": self.database_url or test_database_url(),
               "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost", **self.env}
        env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        # A file, not a pipe: nobody reads the log while the server runs, and a full pipe
        # would stop it.
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port), self.app],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=self.log)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"daphne exited: {self.errors()[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"daphne did not listen on port {self.port} within {timeout} s")

    def errors(self) -> str:
        """What the server has logged so far."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def stop(self) -> None:
        end(self.process)
        self.process = None

    def __enter__(self) -> "Daphne":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def end(process: subprocess.Popen | None) -> None:
    """Stop one process we started, by its id, and wait for it."""
    if process and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


class RedisServer:
    """A redis-server of a test's own on 127.0.0.1:port, nothing kept on disk; start(),
    stop(), and start() again on the same port."""

    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10) -> "RedisServer":
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self.process.returncode}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(64).startswith(b"+PONG"):
                        return self
            except OSError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"redis-server did not answer on port {self.port} within {timeout} s")

    def stop(self) -> None:
        end(self.process)
        self.process = None

    def __enter__(self) -> "RedisServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
