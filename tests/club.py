"""A club's server, whole, on loopback addresses: nginx running the site `manage.py nginx_site`
writes from deploy/nginx/brag-referee.conf (a self-signed certificate, free ports: HTTPS on a
trial port, not 443) in front of `make serve`'s app processes, with the settings of
deploy/env.example as the README has them filled in, on PostgreSQL and a Redis of its own.
For the club server's browser test and the overload check through the proxy."""

import contextlib
import http.client
import re
import secrets
import ssl
import time
import urllib.parse
from pathlib import Path

from referee.management.commands import nginx_site

from . import servers
from .servers import ROOT, MakeServe, Nginx, RedisServer, free_port, self_signed_certificate

ENV_EXAMPLE = ROOT / "deploy" / "env.example"
WITHIN = 20.0  # seconds: the longest wait for anything the stack does


def loopback_site(
    *, processes: int, port: int, tls_port: int, http_port: int, static_parent: Path, certificate: Path, key: Path
) -> str:
    """The site as the README has it written (manage.py nginx_site), on loopback ports (the
    ``processes`` app processes' from ``port``) and these files."""
    return nginx_site.site(
        name="127.0.0.1",
        processes=processes,
        port=port,
        https_port=tls_port,
        http_port=http_port,
        listen="127.0.0.1",
        certificate=str(certificate),
        key=str(key),
        static_root=str(static_parent / "static"),
    )


def env_file(path: Path, **values: str) -> dict[str, str]:
    """deploy/env.example with ``values`` filled in (each must be one it names), written to
    ``path``; returns the settings as a process gets them."""
    settings = {}
    for line in ENV_EXAMPLE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            key, _, value = line.partition("=")
            settings[key] = value
    assert set(values) <= set(settings), f"deploy/env.example does not name {set(values) - set(settings)}"
    settings |= values
    path.write_text("".join(f"{key}={value}\n" for key, value in settings.items()))
    return settings


class Club:
    """The stack's address (HTTPS; plain HTTP on ``http_port``), its certificate, its app
    processes and their settings, and its nginx."""

    def __init__(
        self, url: str, http_port: int, certificate: Path, app: MakeServe, settings: dict[str, str], nginx: Nginx
    ):
        self.url, self.http_port, self.certificate = url, http_port, certificate
        self.app, self.settings, self.nginx = app, settings, nginx

    @property
    def port(self) -> int:
        return urllib.parse.urlsplit(self.url).port

    def tls(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=self.certificate)

    def connection(self, timeout: float = 30, source_address: str | None = None) -> http.client.HTTPSConnection:
        """A connection to the site over HTTPS, checking its certificate."""
        return http.client.HTTPSConnection(
            "127.0.0.1",
            self.port,
            timeout=timeout,
            context=self.tls(),
            source_address=(source_address, 0) if source_address else None,
        )

    def app_log(self) -> str:
        return self.app.printed()

    def wait_for_log(self, pattern: str) -> re.Match:
        deadline = time.monotonic() + WITHIN
        while time.monotonic() < deadline:
            if match := re.search(pattern, self.app_log()):
                return match
            time.sleep(0.1)
        raise AssertionError(f"the app processes never logged {pattern!r}:\n{self.app_log()[-3000:]}")

    def get(self, path: str, source_address: str) -> tuple[int, bytes]:
        """A GET through the proxy from another loopback address."""
        connection = self.connection(timeout=10, source_address=source_address)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()


@contextlib.contextmanager
def club_stack(folder: Path, processes: int = 2, say_logs: bool = True, **settings: str):
    """The whole stack, up, its files in ``folder``; ``settings`` over the README's (each one
    deploy/env.example names). Stopped afterwards, each process by its id, whatever happened;
    make serve's output and nginx's errors printed then (for a failed test), unless not ``say_logs``."""
    tls_port, http_port = free_port(), free_port()
    certificate, key = self_signed_certificate(folder)
    redis = RedisServer()
    values = {
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": servers.test_database_url(),
        "REDIS_URL": redis.url,
        "DJANGO_STATIC_ROOT": str(folder / "static"),
    }
    written = env_file(folder / "env", **(values | settings))
    app = MakeServe(folder / "env", processes)
    (folder / "nginx").mkdir()
    site = loopback_site(
        tls_port=tls_port,
        http_port=http_port,
        processes=len(app.ports),
        port=app.ports[0],
        static_parent=folder,
        certificate=certificate,
        key=key,
    )
    nginx = Nginx(folder / "nginx", site, tls_port)
    try:
        for server in (redis, app, nginx):
            server.start()
        yield Club(f"https://127.0.0.1:{tls_port}", http_port, certificate, app, written, nginx)
    finally:
        if say_logs:
            print(f"--- make serve's output:\n{app.errors()[-5000:]}\n--- nginx's errors:\n{nginx.errors()[-5000:]}")
        for server in (nginx, app, redis):
            server.stop()
