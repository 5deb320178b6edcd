"""The app on a home screen: /favicon.ico, the web app manifest and its icons, and the links to
them in every page's head (the board's included), as a browser fetches them."""

import re
import struct

import pytest

from scoring.models import SessionPlayer
from scoring.services import session_start

pytestmark = pytest.mark.django_db
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ICO_HEADER = b"\x00\x00\x01\x00"


def fetched(client, url: str):
    """What a browser ends up with for ``url``, redirects followed; static files stream."""
    response = client.get(url, follow=True)
    assert response.status_code == 200, url
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return response, body


def png_size(body: bytes) -> tuple[int, int]:
    assert body[:8] == PNG_SIGNATURE and body[12:16] == b"IHDR"
    return struct.unpack(">II", body[16:24])


def head_links(html: str) -> dict[str, list[str]]:
    """The head's <link rel=... href=...> and <meta name=theme-color>, by rel (or name)."""
    head = html[: html.index("</head>")]
    found = {}
    for rel, href in re.findall(r'<link rel="([^"]+)" href="([^"]+)"', head) + re.findall(
        r'<meta name="(theme-color)" content="([^"]+)"', head
    ):
        found.setdefault(rel, []).append(href)
    return found


def test_favicon_ico_is_an_icon_not_a_404(client):
    response, body = fetched(client, "/favicon.ico")
    assert response["Content-Type"] == "image/x-icon"
    assert body[:4] == ICO_HEADER


def test_the_manifest_says_how_the_app_opens_from_a_home_screen(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert {
        key: manifest[key]
        for key in ("name", "short_name", "start_url", "scope", "display", "theme_color", "background_color")
    } == {
        "name": "Brag referee",
        "short_name": "Brag referee",
        "start_url": "/sessions/",
        "scope": "/",
        "display": "standalone",
        "theme_color": "#0b6e4f",
        "background_color": "#f6f4ef",
    }
    assert [(icon["sizes"], icon["type"], icon["purpose"]) for icon in manifest["icons"]] == [
        ("192x192", "image/png", "any"),
        ("512x512", "image/png", "any"),
        ("192x192", "image/png", "maskable"),
        ("512x512", "image/png", "maskable"),
    ]


def test_every_icon_of_the_manifest_is_a_png_of_its_stated_size(client):
    for icon in client.get("/manifest.webmanifest").json()["icons"]:
        response, body = fetched(client, icon["src"])
        assert response["Content-Type"] == "image/png"
        width, height = png_size(body)
        assert f"{width}x{height}" == icon["sizes"], icon["src"]


def test_a_page_links_its_icons_manifest_and_theme_colour(client):
    links = head_links(client.get("/").content.decode())
    assert links["manifest"] == ["/manifest.webmanifest"]
    assert links["theme-color"] == ["#0b6e4f"]
    [touch_icon] = links["apple-touch-icon"]
    assert png_size(fetched(client, touch_icon)[1]) == (180, 180)
    ico, svg = (fetched(client, href) for href in links["icon"])
    assert ico[0]["Content-Type"] == "image/x-icon" and ico[1][:4] == ICO_HEADER
    assert svg[0]["Content-Type"] == "image/svg+xml" and b"<svg" in svg[1]


def test_the_board_links_them_too(client, host):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"])
    links = head_links(client.get(f"/board/{session.share_token}/").content.decode())
    assert {"icon", "apple-touch-icon", "manifest", "theme-color"} <= set(links)


def metas(html: str) -> dict[str, str]:
    head = html[: html.index("</head>")]
    return dict(re.findall(r'<meta name="([^"]+)" content="([^"]*)"', head))


def test_an_iphone_adds_the_host_pages_and_a_seat_to_its_home_screen_as_an_app_covering_the_screen(client, host):
    """Safari reads these (not the manifest's display) to open a home-screen icon as an app of
    its own, whose storage Safari keeps; the page covers the screen around the notch and the
    home bar (app.css keeps its content clear of them)."""
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"])
    token = SessionPlayer.objects.filter(session=session).first().seat_token
    for path in ("/", f"/seat/{token}/"):
        said = metas(client.get(path).content.decode())
        assert said["apple-mobile-web-app-capable"] == "yes", path
        assert said["mobile-web-app-capable"] == "yes", path
        assert said["apple-mobile-web-app-title"] == "Brag referee", path
        assert said["apple-mobile-web-app-status-bar-style"] == "default", path
        assert said["viewport"] == "width=device-width, initial-scale=1, viewport-fit=cover", path
