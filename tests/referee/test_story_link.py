"""The night's story's public link, for the group chat: read by anyone with the link (no
login), with the tags a link preview reads and the picture they point at; 404 for any other
token, the old one once the host gives it a new link; read-only; nothing private on it."""

import io
import re

import pytest
from django.core.cache import cache
from PIL import Image

from scoring.models import SessionPlayer
from scoring.services import game_start, round_record, session_rotate_story_token, session_start

from ..factories import UserFactory
from ..pages import text_of

pytestmark = pytest.mark.django_db

MARKUP = "<b>Zed</b>"


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def night(host):
    """Stop the Bus won by Ann over Bob and a player whose name looks like markup."""
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob", MARKUP])
    bus = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", MARKUP], options={"tokens": 1})
    round_record(
        game=bus, number=1, by=host, entry={"hands": {"Ann": "3S 3H 3D", "Bob": "KS KH KD", MARKUP: "2C 4D 7H"}}
    )
    round_record(game=bus, number=2, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 4D 7H"}})
    return session


def story(client, session, suffix=""):
    return client.get(f"/story/{session.story_token}/{suffix}")


def meta(html: str, key: str) -> str:
    """The content of the page's one <meta> tag of that property or name."""
    found = re.findall(rf'<meta (?:property|name)="{re.escape(key)}" content="([^"]*)">', html)
    assert len(found) == 1, f"{key}: {found}"
    return found[0]


def test_anyone_with_the_link_reads_the_story_with_the_tags_of_a_link_preview(client, night):
    response = story(client, night)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Friday · 20 November 2026" in text_of(response)
    assert meta(html, "og:title") == "Friday · 20 November 2026"
    assert meta(html, "og:description") and meta(html, "og:description") == meta(html, "description")
    assert meta(html, "og:image") == f"http://testserver/story/{night.story_token}/picture.png"
    assert (meta(html, "og:image:width"), meta(html, "og:image:height")) == ("1200", "630")
    assert meta(html, "og:url") == f"http://testserver/story/{night.story_token}/"
    assert meta(html, "twitter:card") == "summary_large_image"
    assert meta(html, "robots") == "noindex"
    assert '<h2 class="recap-title">' in html  # the story's items, as the host's page shows them


def test_the_picture_is_a_png_of_1200_by_630_that_previews_may_keep_a_while(client, night):
    response = story(client, night, "picture.png")
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert "max-age=300" in response["Cache-Control"] and "public" in response["Cache-Control"]
    assert Image.open(io.BytesIO(response.content)).size == (1200, 630)


def test_a_rotated_link_and_its_picture_are_404_and_the_new_one_opens(client, night):
    old = night.story_token
    session_rotate_story_token(session=night)
    night.refresh_from_db()
    assert client.get(f"/story/{old}/").status_code == 404
    assert client.get(f"/story/{old}/picture.png").status_code == 404
    assert story(client, night).status_code == 200


@pytest.mark.parametrize("token", ["x" * 22, "not-a-token-at-all", "a" * 65, "%00"])
def test_any_other_token_is_404(client, night, token):
    assert client.get(f"/story/{token}/").status_code == 404
    assert client.get(f"/story/{token}/picture.png").status_code == 404


def test_the_board_link_and_a_seat_link_open_no_story(client, night):
    seat = SessionPlayer.objects.filter(session=night).first().seat_token
    for token in (night.share_token, seat):
        assert client.get(f"/story/{token}/").status_code == 404


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_the_public_link_is_read_only(client, night, method):
    for suffix in ("", "picture.png"):
        response = getattr(client, method)(f"/story/{night.story_token}/{suffix}")
        assert response.status_code == 405


def test_the_public_page_holds_nothing_private(client, night, host):
    html = story(client, night).content.decode()
    seats = SessionPlayer.objects.filter(session=night).values_list("seat_token", flat=True)
    for private in (night.share_token, *seats, str(night.public_id), host.username, "/sessions/"):
        assert private not in html


def test_names_that_look_like_markup_are_shown_as_text(client, night):
    html = story(client, night).content.decode()
    assert MARKUP not in html and "&lt;b&gt;Zed&lt;/b&gt;" in html


def test_settling_up_shows_each_balance_before_who_pays_whom(client, night, host):
    commerce = game_start(session=night, kind="commerce", seat_names=["Ann", "Bob", MARKUP], options={"stake": 3})
    hands = {"Ann": "2S 5S 9D", "Bob": "3C 4C 7H", MARKUP: "AH KH QH"}
    round_record(game=commerce, number=1, by=host, entry={"hands": hands})
    html = story(client, night).content.decode()
    settle = html[html.index('class="recap-item recap-settle_up"') :].split("</ul>")[0]
    rows = re.findall(r'<tr><th scope="row">([^<]*)</th><td>([^<]*)</td></tr>', settle)
    assert rows == [("&lt;b&gt;Zed&lt;/b&gt;", "+6"), ("Ann", "\u22123"), ("Bob", "\u22123")]
    assert "Ann pays &lt;b&gt;Zed&lt;/b&gt; 3" in settle and settle.index("</table>") < settle.index(" pays ")


def test_the_host_gives_the_story_a_new_link_after_being_asked(host_client, night):
    old = night.story_token
    asked = host_client.get(f"/sessions/{night.public_id}/story/new-link/")
    assert asked.status_code == 200 and "Give the story a new link?" in text_of(asked)
    night.refresh_from_db()
    assert night.story_token == old  # asking changes nothing
    response = host_client.post(f"/sessions/{night.public_id}/story/new-link/")
    assert response.status_code == 302 and response["Location"] == f"/sessions/{night.public_id}/story/"
    night.refresh_from_db()
    assert night.story_token != old


def test_only_the_host_gives_the_story_a_new_link(client, night):
    client.force_login(UserFactory(username="someone"))
    assert client.post(f"/sessions/{night.public_id}/story/new-link/").status_code == 404
    old = night.story_token
    night.refresh_from_db()
    assert night.story_token == old


def test_the_hosts_story_page_offers_the_link_the_picture_and_a_new_link(host_client, night):
    html = host_client.get(f"/sessions/{night.public_id}/story/").content.decode()
    assert f'value="http://testserver/story/{night.story_token}/"' in html
    assert f'href="/story/{night.story_token}/picture.png" download' in html
    assert f'href="/sessions/{night.public_id}/story/new-link/"' in html
    assert "js/story_share.js" in html


def test_an_evening_with_nothing_finished_is_told_plainly_with_its_picture(client, evening):
    page = story(client, evening)
    assert page.status_code == 200 and '<h2 class="recap-title">' not in page.content.decode()
    headline = meta(page.content.decode(), "og:description")
    assert headline and headline in text_of(page)
    assert story(client, evening, "picture.png").status_code == 200


def test_the_picture_tells_the_night_without_its_ratings_which_only_the_page_reckons(
    night, django_assert_max_num_queries
):
    from referee.views.story_link import picture_recap
    from scoring.recap import evening_recap

    assert "ratings" in [item.kind for item in evening_recap(night).items]
    with django_assert_max_num_queries(4):  # the games, seats and rounds: not the host's history
        told = picture_recap(night)
    assert "ratings" not in [item.kind for item in told.items]
    assert told.headline == evening_recap(night).headline
