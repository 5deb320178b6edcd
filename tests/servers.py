"""Daphne processes of our own, on the test database, for tests that restart a server or
need two of them (several processes behind one Redis and PostgreSQL); `make run` and `make
serve` themselves; a Redis server, an nginx and a TCP relay (between a server and its
database) of a test's own, to stop and start again; and just enough of a browser."""

import contextlib
import datetime
import functools
import http.cookiejar
import ipaddress
import itertools
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Self

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent


# Under pytest-xdist each worker takes its servers' ports from a range of its own, below the
# ports the system hands out for the asking (32768 and up), in turn: a port found free is
# nobody else's before its server takes it, not another worker's, nor this one's next.
WORKER_PORTS, WORKER_PORTS_FROM = 1_000, 20_000


def bindable(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@functools.cache
def worker_ports() -> Iterator[int] | None:
    """This pytest-xdist worker's ports in turn (from a random one, each given again only after
    all the others), or None outside xdist."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker:
        return None
    first = WORKER_PORTS_FROM + int(worker.removeprefix("gw")) * WORKER_PORTS
    start = random.randrange(WORKER_PORTS)
    return itertools.cycle(first + (start + n) % WORKER_PORTS for n in range(WORKER_PORTS))


def free_ports(count: int = 1) -> int:
    """The first of ``count`` consecutive free ports on 127.0.0.1."""
    ports = worker_ports()
    for _ in range(WORKER_PORTS):
        if ports is None:
            with socket.socket() as sock:
                sock.bind(("127.0.0.1", 0))
                first = sock.getsockname()[1]
        else:
            first = next(ports)
        chosen = range(first, first + count)
        if all(map(bindable, chosen)) and (ports is None or all(next(ports) == port for port in chosen[1:])):
            return first
    raise RuntimeError(f"no {count} consecutive free ports on 127.0.0.1")


def free_port() -> int:
    return free_ports(1)


def test_database_url() -> str:
    """The database the tests run on, as a DATABASE_URL another process can use."""
    settings = connection.settings_dict
    if settings["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{settings['NAME']}"
    user = settings.get("USER") or ""
    host, port = settings.get("HOST") or "127.0.0.1", settings.get("PORT") or 5432
    return f"postgres://{user}@{host}:{port}/{settings['NAME']}"


def answered(log: str) -> list[str]:
    """The status of each request in a server's log (referee/request_log.py's lines)."""
    return re.findall(r"(?:GET|POST|HEAD) \S+ (\d{3}) \d+ ms from", log)


def database_address() -> dict:
    """Where the test database is on PostgreSQL, as psycopg's connect() takes it."""
    params = connection.get_connection_params()
    return {key: params[key] for key in ("host", "port", "user", "dbname") if key in params}


def another_client():
    """A connection of the test's own to the test database on PostgreSQL: another client of
    the database server beside the app (psycopg's, outside Django's pool)."""
    import psycopg

    return psycopg.connect(**database_address())


class OwnProcess:
    """A process of a test's own: start() (each kind its own), stop() ending it by its id, and
    in a with block started, then stopped."""

    process: subprocess.Popen | None = None

    def start(self) -> Self:
        raise NotImplementedError

    def stop(self) -> None:
        end(self.process)
        self.process = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


class Daphne(OwnProcess):
    """One Daphne process serving the project on 127.0.0.1:port; start(), stop(), again."""

    def __init__(
        self,
        port: int | None = None,
        *,
        app: str = "referee.asgi:application",
        database_url: str | None = None,
        env: dict[str, str] | None = None,
    ):
        self.port = port or free_port()
        self.app, self.database_url, self.env = app, database_url, env or {}
        self.process: subprocess.Popen | None = None
        self.log = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 20) -> "Daphne":
        env = {
            **os.environ,
            "DATABASE_URL": self.database_url or test_database_url(),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            **self.env,
        }
        env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        # A file, not a pipe: nobody reads the log while the server runs, and a full pipe
        # would stop it.
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port), self.app],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )
        wait_until_listening(self, "127.0.0.1", timeout)
        return self

    def errors(self) -> str:
        """What the server has logged so far."""
        if self.log is None:
            return ""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")


class MakeRun(Daphne):
    """`make run` as the README says, on the test database and a free port (PORT): it
    listens on every address of this machine, and prints where to open it."""

    def start(self, timeout: float = 60) -> "MakeRun":
        # The environment a person's shell has: the defaults for allowed hosts and plain HTTP.
        env = {
            key: value
            for key, value in os.environ.items()
            if key not in {"DJANGO_ALLOWED_HOSTS", "DJANGO_BEHIND_TLS", "DJANGO_ALLOW_ASYNC_UNSAFE"}
        }
        env |= {"DATABASE_URL": self.database_url or test_database_url(), "PORT": str(self.port), **self.env}
        self.log = tempfile.TemporaryFile()
        # A session of its own: runserver runs its server in a child process (the autoreloader),
        # and stopping the group stops them all.
        self.process = subprocess.Popen(
            ["make", "run"], cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True
        )
        wait_until_listening(self, "127.0.0.2", timeout)  # not 127.0.0.1 only
        return self

    def printed(self) -> str:
        """What make, the address command and the server have printed so far."""
        return self.errors()

    def stop(self) -> None:
        end(self.process, group=True)
        self.process = None


class MakeServe(MakeRun):
    """`make serve` as the README says: the settings from ``env_file`` alone (nothing of the
    test's own environment), ``processes`` app processes on 127.0.0.1:port and the ports after."""

    def __init__(self, env_file: Path, processes: int = 2):
        super().__init__(free_ports(processes))
        self.env_file, self.processes = env_file, processes

    @property
    def ports(self) -> list[int]:
        return list(range(self.port, self.port + self.processes))

    def start(self, timeout: float = 120) -> "MakeServe":
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith("DJANGO_") and key not in {"DATABASE_URL", "REDIS_URL"}
        }
        env |= {"ENV_FILE": str(self.env_file), "PORT": str(self.port), "PROCESSES": str(self.processes)}
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            ["make", "serve"], cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True
        )
        for port in self.ports:
            wait_until_listening(self, "127.0.0.1", timeout, port)
        return self

    def pids(self) -> dict[int, int]:
        """Each port's app process (the latest started on it), as `make serve` printed them."""
        return {
            int(port): int(pid)
            for pid, port in re.findall(r"App process pid (\d+) on http://127\.0\.0\.1:(\d+)/", self.printed())
        }


def wait_until_listening(server: Daphne, address: str, timeout: float, port: int | None = None) -> None:
    """Until the server accepts connections at ``address`` on its port (or ``port``); stopped
    if it doesn't."""
    port = port or server.port
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"the server exited: {server.errors()[-2000:]}")
        try:
            with socket.create_connection((address, port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    server.stop()
    raise RuntimeError(f"the server did not listen on {address}:{port} within {timeout} s")


def end(process: subprocess.Popen | None, *, group: bool = False) -> None:
    """Stop one process we started (with ``group``, the session it leads), by its id, and wait."""
    if process and process.poll() is None:
        stop = (lambda sig: os.killpg(process.pid, sig)) if group else process.send_signal
        stop(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            stop(signal.SIGKILL)
            process.wait()


REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


class RedisServer(OwnProcess):
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
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
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


NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def services_needed(*names: str) -> None:
    """PostgreSQL or Redis a test cannot run without (``"DATABASE_URL"``, ``"REDIS_URL"``): unset,
    the test fails saying so (make test sets both to this machine's servers, as CI does; a skip
    would hide that one did not run)."""
    unset = [name for name in names if not os.environ.get(name)]
    if unset:
        pytest.fail(
            f"{' and '.join(unset)} unset: this test needs PostgreSQL and Redis (make test sets them to "
            "postgres://postgres@127.0.0.1:5432/test and redis://127.0.0.1:6379/0, as .ci/run does)"
        )


def needed(found: bool, program: str, package: str) -> None:
    """A program a test cannot run without: missing, the test fails saying how to install it
    (make test runs every test; a skip would hide that one did not run)."""
    if not found:
        pytest.fail(f"{program} is missing: apt-get install {package} (.ci/run installs it)")


class Nginx(OwnProcess):
    """An nginx of a test's own, as the current user: its configuration, pid file, temporary
    files and logs in ``folder``, and ``site`` (a server block file) as its only site, on
    ``port``; the system's nginx and /etc/nginx are left alone."""

    def __init__(self, folder: Path, site: str, port: int):
        self.folder, self.site, self.port = folder, site, port
        self.process: subprocess.Popen | None = None

    def configuration(self) -> str:
        # As root, the workers would become another user, who could not read this folder.
        user = "user root root;\n" if os.geteuid() == 0 else ""
        temporary = "\n".join(
            f"    {kind}_temp_path {self.folder / kind};"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        return (
            f"{user}worker_processes 1;\npid {self.folder / 'nginx.pid'};\nerror_log {self.folder / 'error.log'};\n"
            f"events {{ worker_connections 512; }}\nhttp {{\n    include /etc/nginx/mime.types;\n"
            f"    default_type application/octet-stream;\n    access_log {self.folder / 'access.log'};\n"
            f"{temporary}\n    include {self.folder / 'site.conf'};\n}}\n"
        )

    def start(self, timeout: float = 10) -> "Nginx":
        (self.folder / "site.conf").write_text(self.site)
        (self.folder / "nginx.conf").write_text(self.configuration())
        self.process = subprocess.Popen(
            [
                NGINX,
                "-p",
                str(self.folder),
                "-c",
                str(self.folder / "nginx.conf"),
                "-e",
                str(self.folder / "error.log"),
                "-g",
                "daemon off;",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until_listening(self, "127.0.0.1", timeout)
        return self

    def errors(self) -> str:
        path = self.folder / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""


def self_signed_certificate(folder: Path, address: str = "127.0.0.1") -> tuple[Path, Path]:
    """A certificate for ``address``, valid for a day, and its key, as PEM files in ``folder``."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, address)])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address(address))]), critical=False)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "certificate.pem", folder / "key.pem"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    key_path.chmod(0o600)
    return cert_path, key_path


class Browser:
    """Just enough of a browser: cookies, and Django's CSRF token in forms, sent with the
    page's origin. ``host``: the address the browser believes it opened (the Host header),
    when the connection goes to another (a loopback address standing in for the room's)."""

    def __init__(self, base: str, host: str | None = None):
        self.base, self.host = base, host
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    @property
    def origin(self) -> str:
        scheme, netloc = urllib.parse.urlsplit(self.base)[:2]
        return f"{scheme}://{self.host or netloc}"

    def open(self, path: str, data: bytes | None = None, headers: dict | None = None):
        headers = {**({"Host": self.host} if self.host else {}), **(headers or {})}
        return self.opener.open(urllib.request.Request(self.base + path, data=data, headers=headers), timeout=10)

    def get(self, path: str) -> str:
        return self.open(path).read().decode()

    def post(self, path: str, data: dict) -> str:
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', self.get(path)).group(1)
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}).encode()
        return self.open(path, body, {"Origin": self.origin, "Referer": self.origin + path}).read().decode()


class LoopbackListener:
    """Listens on 127.0.0.1:``self.port`` (start(); stop(), and start() again on the same
    port), handing each connection it accepts to ``self.accepted(client)``, in a thread of
    its own."""

    port: int
    listener: socket.socket | None = None
    backlog = 64

    def start(self):
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(self.backlog)
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()
        return self

    def stop(self) -> None:
        if self.listener is not None:
            with contextlib.suppress(OSError):
                self.listener.shutdown(socket.SHUT_RDWR)
            self.listener.close()
            self.listener = None

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:  # stopped
                return
            self.accepted(client)

    def accepted(self, client: socket.socket) -> None:
        raise NotImplementedError


class TcpProxy(LoopbackListener):
    """A TCP relay of a test's own on 127.0.0.1:port to ``target`` (host, port): stopped, it
    closes every connection through it and refuses new ones, as a stopped database server
    does for the processes that reach it through the relay (the real one, and whoever else
    uses it, carry on); start() again on the same port."""

    def __init__(self, target: tuple[str, int], port: int | None = None):
        self.target, self.port = target, port or free_port()
        self.sockets: set[socket.socket] = set()
        self.lock = threading.Lock()

    def accepted(self, client: socket.socket) -> None:
        try:
            server = socket.create_connection(self.target, timeout=5)
            server.settimeout(None)
        except OSError:
            client.close()
            return
        with self.lock:
            self.sockets |= {client, server}
        for source, sink in ((client, server), (server, client)):
            threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for end_ in (source, sink):
            with contextlib.suppress(OSError):
                end_.shutdown(socket.SHUT_RDWR)

    def stop(self) -> None:
        super().stop()
        with self.lock:
            sockets, self.sockets = self.sockets, set()
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()


def postgres_programs() -> Path | None:
    """The folder of Debian's PostgreSQL programs (initdb, pg_ctl), the newest version's."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda path: int(path.parts[-3]))
    return found[-1].parent if found else None


class PostgresServer:
    """A PostgreSQL server of a test's own on 127.0.0.1:port, its files in a new temporary
    folder (fsync off: nothing in it outlives the test); start(), stop() as an administrator
    stops it (fast: the connections are ended), and start() again on the same port. The
    machine's own server is left alone. Run as the postgres user when we are root (PostgreSQL
    refuses to run as root)."""

    def __init__(self):
        self.port = free_port()
        self.programs = postgres_programs()
        self.folder = Path(tempfile.mkdtemp(prefix="brag-postgres-"))
        self.data = self.folder / "data"
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.folder, "postgres", "postgres")
        self.run(self.programs / "initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "--no-sync")

    def run(self, *command) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_root else []
        done = subprocess.run([*prefix, *map(str, command)], capture_output=True, text=True, timeout=120)
        if done.returncode:
            raise RuntimeError(f"{command[0]} failed: {done.stdout}{done.stderr}")

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def start(self) -> "PostgresServer":
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self.run(self.programs / "pg_ctl", "-D", self.data, "-l", self.folder / "log", "-o", options, "-w", "start")
        return self

    def stop(self) -> None:
        self.run(self.programs / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        """Stopped if running, and its files gone."""
        with contextlib.suppress(RuntimeError):
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


# --- The browser tests' live server: one for the run, not one per class of tests -----------------


@contextlib.contextmanager
def environment(changes: dict[str, str | None]):
    """os.environ with ``changes`` (None: unset) for the block, as it was after."""
    before = {name: os.environ.get(name) for name in changes}

    def put(values: dict[str, str | None]) -> None:
        for name, value in values.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value

    put(changes)
    try:
        yield
    finally:
        put(before)


def use_database(name: str) -> None:
    """In the live server's process: the test process's own test database (pytest-xdist's
    worker has its own, which the settings the process reads do not name)."""
    from django.conf import settings

    settings.DATABASES["default"]["NAME"] = name


class LiveServers:
    """Channels' live server (its Daphne process: the app, with its static files, on the test
    database) for this test process, one for each environment asked for, each started when
    first asked for and kept until stop(). A server keeps nothing of a test's but what the
    database holds, which each test empties after it (TransactionTestCase)."""

    def __init__(self):
        self.processes = {}

    def port(self, env: dict[str, str]) -> int:
        """The port of the live server whose process starts with ``env`` in its environment."""
        key = tuple(sorted(env.items()))
        if key not in self.processes:
            self.processes[key] = self.start(env)
        return self.processes[key].port.value

    def start(self, env: dict[str, str]):
        from channels.testing.live import make_application
        from daphne.testing import DaphneProcess
        from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

        process = DaphneProcess(
            "localhost",
            functools.partial(make_application, static_wrapper=ASGIStaticFilesHandler),
            setup=functools.partial(use_database, connection.settings_dict["NAME"]),
        )
        process.daemon = True  # ended with this process, should stop() not be reached
        # The process reads its settings from the environment it starts with, as a server does
        # (not the browser tests' permission for synchronous calls beside Playwright's loop).
        with environment({"DJANGO_ALLOW_ASYNC_UNSAFE": None, **env}):
            process.start()
        while not process.ready.wait(timeout=1):
            if not process.is_alive():
                said = "" if process.errors.empty() else process.errors.get()[1]
                raise RuntimeError(f"the live server stopped: {said}")
        return process

    def stop(self) -> None:
        for process in self.processes.values():
            process.terminate()
            process.join()
        self.processes.clear()


LIVE_SERVERS = LiveServers()
