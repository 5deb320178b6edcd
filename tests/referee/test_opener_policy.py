"""The Cross-Origin-Opener-Policy header only where the page is a secure context (issue 50,
point 9): over HTTPS, or at a loopback name, not over plain HTTP at the room's address, where
a browser ignores it and logs an error on every page."""

import pytest
from django.http import HttpResponse

from referee.opener_policy import with_policy

COOP = "Cross-Origin-Opener-Policy"
LAN = "192.168.1.23"  # the laptop as the phones and the TV open it


@pytest.fixture(autouse=True)
def _room(settings):
    settings.ALLOWED_HOSTS = [
        *settings.ALLOWED_HOSTS,
        LAN,
        "table.lan",
        "brag.example.org",
        "127.0.1.1",
        "board.localhost",
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "host", ["localhost:8000", "127.0.0.1:8000", "127.0.1.1", "[::1]:8000", "board.localhost:8000"]
)
def test_a_page_at_a_loopback_name_is_sent_the_policy(client, host):
    assert client.get("/", HTTP_HOST=host).headers[COOP] == "same-origin"


@pytest.mark.django_db
@pytest.mark.parametrize("host", [f"{LAN}:8000", "brag.example.org"])
def test_a_page_over_https_is_sent_the_policy(client, host):
    assert client.get("/", HTTP_HOST=host, secure=True).headers[COOP] == "same-origin"


@pytest.mark.django_db
@pytest.mark.parametrize("host", [f"{LAN}:8000", "table.lan:8000", LAN])
def test_a_page_over_plain_http_at_the_rooms_address_is_not(client, host):
    for path in ("/", "/rules/", "/accounts/login/", "/health/"):
        response = client.get(path, HTTP_HOST=host)
        assert response.status_code == 200 and COOP not in response.headers, path
        assert response.headers["X-Content-Type-Options"] == "nosniff"  # the other headers stay


def test_a_view_may_say_its_own(rf):
    response = HttpResponse()
    response.headers[COOP] = "unsafe-none"
    assert with_policy(rf.get("/", secure=True), response).headers[COOP] == "unsafe-none"
