"""The nginx site the README has written (manage.py nginx_site), run by an nginx of the test's
own: one upstream line for each app process, whatever PROCESSES is, and plain HTTP sent to
HTTPS on the port nginx answers HTTPS on, a trial port included."""

import http.client
import http.server
import os
import ssl
import threading

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from referee.management.commands.nginx_site import site

from ..servers import NGINX, Nginx, free_port, free_ports, self_signed_certificate


class Backend(http.server.BaseHTTPRequestHandler):
    """An app process standing in for Daphne: it answers with its own port."""

    def do_GET(self):
        body = str(self.server.server_address[1]).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def backends():
    """Start ``count`` stand-in app processes on consecutive ports; stopped afterwards."""
    started = []

    def start(count: int) -> list[int]:
        first = free_ports(count)
        for port in range(first, first + count):
            server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Backend)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            started.append(server)
        return list(range(first, first + count))

    yield start
    for server in started:
        server.shutdown()
        server.server_close()


class Site:
    """The site as nginx runs it: HTTPS on ``nginx.port``, plain HTTP on ``http_port``."""

    def __init__(self, nginx: Nginx, http_port: int, certificate):
        self.nginx, self.http_port, self.certificate = nginx, http_port, certificate

    def https_get(self, path: str) -> tuple[int, str]:
        context = ssl.create_default_context(cafile=self.certificate)
        connection = http.client.HTTPSConnection("127.0.0.1", self.nginx.port, timeout=10, context=context)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            return response.status, response.read().decode()
        finally:
            connection.close()


@pytest.fixture
def club_nginx(tmp_path):
    """Start an nginx of the test's own with the site written for ``processes`` app processes
    from ``port``, HTTPS and plain HTTP on free ports of 127.0.0.1; stopped afterwards."""
    if not os.access(NGINX, os.X_OK):
        pytest.skip(f"{NGINX} is missing: apt-get install nginx (.ci/run installs it)")
    certificate, key = self_signed_certificate(tmp_path)
    running = []

    def start(processes: int, port: int) -> Site:
        folder = tmp_path / f"nginx-{len(running)}"
        folder.mkdir()
        tls_port, http_port = free_port(), free_port()
        written = site(
            name="127.0.0.1",
            processes=processes,
            port=port,
            https_port=tls_port,
            http_port=http_port,
            listen="127.0.0.1",
            certificate=str(certificate),
            key=str(key),
            static_root=str(tmp_path / "static"),
        )
        nginx = Nginx(folder, written, tls_port)
        running.append(nginx)
        nginx.start()
        return Site(nginx, http_port, certificate)

    yield start
    for nginx in running:
        nginx.stop()


@pytest.mark.parametrize("processes", [1, 3])
def test_the_site_balances_between_as_many_app_processes_as_processes_says(backends, club_nginx, processes):
    ports = backends(processes)
    served = club_nginx(processes, ports[0])
    answered = [served.https_get("/health/") for _ in range(2 * processes)]
    assert sorted(answered) == sorted((200, str(port)) for port in ports * 2), served.nginx.errors()


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
