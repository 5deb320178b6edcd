"""What nginx answers itself when no app process answers (deploy/nginx/brag-referee.conf's
error_page): in Chromium, on a phone, the app's page "The server is not answering" in the
app's look, axe-clean; it asks for the address again by itself, with GET (a round sent with
POST is never sent again by the page), and shows the app's page once a process answers."""

import http.server
import os
import shutil
import threading

import pytest
from playwright.sync_api import expect

from referee.management.commands.nginx_site import site

from ..servers import NGINX, ROOT, Nginx, free_port, free_ports, needed, self_signed_certificate
from .conftest import PHONE, serious_violations

pytestmark = pytest.mark.browser


class App(http.server.BaseHTTPRequestHandler):
    """An app process standing in for Daphne, once it is back: every request's method kept."""

    def do_GET(self):
        self.server.methods.append("GET")
        body = b"<!doctype html><title>My sessions</title><h1>My sessions</h1>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        self.server.methods.append("POST")
        self.send_response(500)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def proxy_without_app(tmp_path):
    """nginx with the site for one app process that is not running, the static files it serves
    as collectstatic leaves them; yields (its HTTPS address, the app's port)."""
    needed(os.access(NGINX, os.X_OK), NGINX, "nginx")
    for folder in ("errors", "css"):
        shutil.copytree(ROOT / "static" / folder, tmp_path / "static" / folder)
    certificate, key = self_signed_certificate(tmp_path)
    tls_port, app_port = free_port(), free_ports(1)
    (tmp_path / "nginx").mkdir()
    written = site(
        name="127.0.0.1",
        processes=1,
        port=app_port,
        https_port=tls_port,
        http_port=free_port(),
        listen="127.0.0.1",
        certificate=str(certificate),
        key=str(key),
        static_root=str(tmp_path / "static"),
    )
    nginx = Nginx(tmp_path / "nginx", written, tls_port).start()
    try:
        yield f"https://127.0.0.1:{tls_port}", app_port
    finally:
        nginx.stop()


def test_with_no_app_process_a_phone_sees_the_apps_page_which_comes_back_by_itself_with_get(browser, proxy_without_app):
    url, app_port = proxy_without_app
    context = browser.new_context(ignore_https_errors=True, **PHONE)
    app = None
    try:
        phone = context.new_page()
        phone.set_content(f'<form method="post" action="{url}/sessions/"><button>Record round</button></form>')
        phone.get_by_role("button", name="Record round").tap()
        expect(phone.get_by_role("heading", name="The server is not answering")).to_be_visible()
        expect(phone.get_by_role("alert")).to_have_text(
            "The server is restarting or too busy to answer right now. Rounds already recorded are safe; "
            "try again in a moment."
        )
        assert phone.evaluate("getComputedStyle(document.body).fontFamily") != "Times New Roman"  # app.css
        assert phone.locator("link[rel=stylesheet]").get_attribute("href") == "/static/css/app.css"
        expect(phone.get_by_role("link", name="Try again now")).to_have_attribute("href", f"{url}/sessions/")
        assert serious_violations(phone) == []

        app = http.server.ThreadingHTTPServer(("127.0.0.1", app_port), App)
        app.methods = []
        threading.Thread(target=app.serve_forever, daemon=True).start()
        expect(phone.get_by_role("heading", name="My sessions")).to_be_visible(timeout=15_000)
        assert app.methods and "POST" not in app.methods, app.methods  # the page and its icon, asked for with GET
    finally:
        context.close()
        if app:
            app.shutdown()
            app.server_close()
