"""The nginx site docs/hosting.md has written (manage.py nginx_site), run by an nginx of the test's
own: one upstream line for each app process, whatever PROCESSES is, and plain HTTP sent to
HTTPS on the port nginx answers HTTPS on, a trial port included. No process leaves the
rotation for a socket it refused or dropped; a POST reaches one process at most; a socket the
app refuses is a 503 with Retry-After; what nginx answers itself is the app's page."""

import functools
import http.client
import http.server
import os
import shutil
import socket
import ssl
import struct
import threading

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from referee.management.commands.nginx_site import site

from ..club import loopback_site
from ..servers import NGINX, ROOT, Nginx, free_port, free_ports, needed, self_signed_certificate

UNAVAILABLE_PAGE = ROOT / "static" / "errors" / "unavailable.html"


class Backend(http.server.BaseHTTPRequestHandler):
    """An app process standing in for Daphne: it answers with its own port. Asked for
    /ws/refused/, it refuses the WebSocket handshake as Daphne does (403, no body); for
    /ws/dropped/ it resets the connection, as Daphne does past its handshake time limit; a
    POST it reads, counts and resets."""

    def do_GET(self):
        if self.path.startswith("/ws/refused/"):
            self.send_response(403, "Access denied")
            self.end_headers()
            self.close_connection = True
            return
        if self.path.startswith("/ws/dropped/"):
            self.reset()
            return
        body = str(self.server.server_address[1]).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.server.posts += 1
        self.reset()

    def reset(self):
        """Closed with a TCP reset rather than an answer (SO_LINGER 0)."""
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.close_connection = True

    def log_message(self, *args):
        pass


@pytest.fixture
def backends():
    """Start ``count`` stand-in app processes on consecutive ports; stopped afterwards. The
    servers themselves are in ``start.started``."""
    started = []

    def start(count: int) -> list[int]:
        first = free_ports(count)
        for port in range(first, first + count):
            server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Backend)
            server.posts = 0
            threading.Thread(target=server.serve_forever, daemon=True).start()
            started.append(server)
        return list(range(first, first + count))

    start.started = started
    yield start
    for server in started:
        server.shutdown()
        server.server_close()


class Site:
    """The site as nginx runs it: HTTPS on ``nginx.port``, plain HTTP on ``http_port``."""

    def __init__(self, nginx: Nginx, http_port: int, certificate):
        self.nginx, self.http_port, self.certificate = nginx, http_port, certificate

    def https_get(self, path: str) -> tuple[int, str]:
        status, _, body = self.https("GET", path)
        return status, body

    def https(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        """(status, headers, body) of one request over HTTPS."""
        context = ssl.create_default_context(cafile=self.certificate)
        connection = http.client.HTTPSConnection("127.0.0.1", self.nginx.port, timeout=10, context=context)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read().decode()
        finally:
            connection.close()

    def socket_handshake(self, path: str):
        """A browser's WebSocket handshake for ``path``: (status, headers, body)."""
        return self.https(
            "GET",
            path,
            headers={
                "Upgrade": "websocket",
                "Connection": "Upgrade",
                "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
                "Sec-WebSocket-Version": "13",
                "Origin": f"https://127.0.0.1:{self.nginx.port}",
            },
        )


@pytest.fixture
def club_nginx(tmp_path):
    """Start an nginx of the test's own with the site written for ``processes`` app processes
    from ``port``, HTTPS and plain HTTP on free ports of 127.0.0.1; stopped afterwards."""
    needed(os.access(NGINX, os.X_OK), NGINX, "nginx")
    certificate, key = self_signed_certificate(tmp_path)
    # The static files nginx serves, as collectstatic leaves them (the error page's).
    (tmp_path / "static" / "errors").mkdir(parents=True)
    shutil.copy(UNAVAILABLE_PAGE, tmp_path / "static" / "errors")
    # Every site started here reads the same files; only their ports differ.
    site_on = functools.partial(loopback_site, static_parent=tmp_path, certificate=certificate, key=key)
    running = []

    def start(processes: int, port: int) -> Site:
        folder = tmp_path / f"nginx-{len(running)}"
        folder.mkdir()
        tls_port, http_port = free_port(), free_port()
        written = site_on(processes=processes, port=port, tls_port=tls_port, http_port=http_port)
        nginx = Nginx(folder, written, tls_port)
        running.append(nginx)
        nginx.start()
        return Site(nginx, http_port, certificate)

    yield start
    for nginx in running:
        nginx.stop()


@pytest.mark.server
@pytest.mark.parametrize("processes", [1, 3])
def test_the_site_balances_between_as_many_app_processes_as_processes_says(backends, club_nginx, processes):
    ports = backends(processes)
    served = club_nginx(processes, ports[0])
    answered = [served.https_get("/health/") for _ in range(2 * processes)]
    assert sorted(answered) == sorted((200, str(port)) for port in ports * 2), served.nginx.errors()


@pytest.mark.server
def test_plain_http_is_sent_to_https_on_the_port_nginx_answers_https_on(backends, club_nginx):
    served = club_nginx(1, backends(1)[0])
    plain = http.client.HTTPConnection("127.0.0.1", served.http_port, timeout=10)
    try:
        plain.request("GET", "/sessions/?page=2")  # its Host header names the plain port
        redirect = plain.getresponse()
        assert (redirect.status, redirect.getheader("Location")) == (
            301,
            f"https://127.0.0.1:{served.nginx.port}/sessions/?page=2",
        )
    finally:
        plain.close()


def test_on_https_own_port_the_redirect_names_no_port():
    [redirect] = [line for line in site(name="brag.example.org").splitlines() if "return 301" in line]
    assert redirect == "    return 301 https://$host$request_uri;"


def test_the_site_is_written_for_the_server_with_nothing_left_of_the_example(capsys):
    call_command("nginx_site", "--name", "club.example.net", "--processes", "4", "--port", "9000")
    written, told = capsys.readouterr()
    assert written.splitlines()[0] == (
        "# Written by `manage.py nginx_site --name=club.example.net --processes=4 --port=9000`: "
        "run it again rather than editing."
    )
    assert "brag.example.org" not in written
    assert written.count("server_name club.example.net;") == 2
    assert "ssl_certificate /etc/letsencrypt/live/club.example.net/fullchain.pem;" in written
    assert [line.split()[1] for line in written.splitlines() if line.startswith("    server 127.0.0.1:")] == [
        "127.0.0.1:9000",
        "127.0.0.1:9001",
        "127.0.0.1:9002",
        "127.0.0.1:9003",
    ]
    assert "listen 443 ssl;\n    listen [::]:443 ssl;" in written and "listen 80;\n    listen [::]:80;" in written
    assert "systemctl enable --now brag-referee@9000 brag-referee@9001 brag-referee@9002 brag-referee@9003" in told


def test_a_static_root_nginx_could_not_serve_is_refused_saying_why():
    with pytest.raises(CommandError) as refused:
        site(name="brag.example.org", static_root="/srv/brag-files")
    assert str(refused.value) == (
        "--static-root '/srv/brag-files' must be a full path ending in /static (nginx serves /static/ "
        "from the folder above it): the same as DJANGO_STATIC_ROOT."
    )


def test_every_upstream_line_keeps_its_process_in_rotation_and_only_refused_connections_go_on():
    written = site(name="brag.example.org", processes=3)
    upstream = [line.strip() for line in written.splitlines() if line.startswith("    server 127.0.0.1:")]
    assert upstream == [f"server 127.0.0.1:{port} max_fails=0;" for port in (8000, 8001, 8002)]
    # In both locations: never a slow answer ("timeout") nor a POST ("non_idempotent") sent on.
    assert written.count("proxy_next_upstream error;") == 2
    assert "non_idempotent" not in written and "fail_timeout" not in written


@pytest.mark.server
def test_a_socket_refused_or_dropped_takes_no_process_out_of_rotation(backends, club_nginx):
    ports = backends(2)
    served = club_nginx(2, ports[0])
    for _ in range(2):  # each process in turn resets one (and nginx asks the other)
        assert served.socket_handshake("/ws/dropped/")[0] == 502
    answered = [served.https_get("/health/") for _ in range(4)]
    assert sorted(answered) == sorted((200, str(port)) for port in ports * 2), served.nginx.errors()
    assert "no live upstreams" not in served.nginx.errors()


@pytest.mark.server
def test_a_socket_the_app_refuses_is_answered_503_with_retry_after(backends, club_nginx):
    ports = backends(2)
    served = club_nginx(2, ports[0])
    for _ in range(4):
        status, headers, body = served.socket_handshake("/ws/refused/")
        assert (status, headers["Retry-After"]) == (503, "5")
        assert headers["Content-Type"] == "text/plain; charset=utf-8" and headers["Cache-Control"] == "no-store"
        assert body == "The server is busy: this screen connects again by itself in a moment.\n"
    answered = [served.https_get("/health/") for _ in range(4)]
    assert sorted(answered) == sorted((200, str(port)) for port in ports * 2), served.nginx.errors()


@pytest.mark.server
def test_a_post_reaches_one_process_at_most(backends, club_nginx):
    ports = backends(2)
    served = club_nginx(2, ports[0])
    status, _, page = served.https(
        "POST", "/sessions/1/", b"number=1", {"Content-Type": "application/x-www-form-urlencoded"}
    )
    assert status == 502 and "The server is not answering" in page
    assert sum(server.posts for server in backends.started) == 1  # reset by the first: never sent to the second


@pytest.mark.server
@pytest.mark.parametrize("method", ["GET", "POST"])
def test_with_no_process_answering_nginx_answers_the_apps_page_in_its_words(club_nginx, method):
    served = club_nginx(2, free_ports(2))  # nothing listens there
    status, headers, page = served.https(method, "/sessions/", b"" if method == "POST" else None)
    assert status == 502 and headers["Content-Type"] == "text/html"
    assert page == UNAVAILABLE_PAGE.read_text()
    assert '<link rel="stylesheet" href="/static/css/app.css">' in page  # the app's look
    assert "<h1>The server is not answering</h1>" in page
    assert "Rounds already recorded are safe" in page and "is sent again by itself (it counts once)" in page
