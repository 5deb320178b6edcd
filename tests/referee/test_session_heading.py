"""The session page's heading says the evening's date once: under a title that does not say it."""

import re

import pytest

from scoring.services import session_start

from ..pages import text_of

pytestmark = pytest.mark.django_db


def heading(host_client, session) -> str:
    html = host_client.get(session.get_absolute_url()).content.decode()
    return text_of(re.search(r'<div class="heading-row">(.*?)<ul class="player-links"', html, re.S).group(1)).strip()


def test_a_title_that_says_the_date_is_not_followed_by_the_date_again(host_client, host):
    session = session_start(host=host, title="Friday 20 November", played_on="2026-11-20", player_names=["Ann", "Bob"])
    assert heading(host_client, session) == "Friday 20 November"


def test_a_title_without_the_date_has_the_date_under_it(host_client, evening):
    assert heading(host_client, evening) == "Friday Friday 20 November 2026"


def test_no_template_comment_shows_on_the_session_page(host_client, evening):
    assert "{#" not in text_of(host_client.get(evening.get_absolute_url()).content.decode())
