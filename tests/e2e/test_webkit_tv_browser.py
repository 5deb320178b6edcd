"""The TV in WebKit at 1280x720 and 1920x1080 (issue 50, points 2 and 4), as a room's TV opens
it (at a LAN name over plain HTTP): six players, the host playing Sam, Crash seating four of
them. The odds name each of the four whole beside an even share; the seats' codes are those of
the three others playing, none for the two sitting out nor for the host's own seat."""

import os

import pytest

from scoring.services import game_start, host_plays_as, seat_codes_show, session_start

from ..factories import UserFactory
from .boxes import ODDS

pytestmark = [pytest.mark.browser, pytest.mark.webkit, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the TV shows, to look at
SIX = ["Sam", "Ann", "Bob", "Cy", "Dee", "Eve"]
PLAYING = ["Sam", "Ann", "Cy", "Eve"]  # Bob and Dee sit this game out; the host plays Sam
SIZES = ((1280, 720), (1920, 1080))


def test_the_tv_names_each_player_whole_and_shows_the_codes_of_the_seats_playing(lan_server, webkit_window):
    session = session_start(
        host=UserFactory(), title="Friday", played_on="2026-11-20", player_names=SIX, show_odds=True
    )
    host_plays_as(session=session, player=session.players.get(name="Sam"))
    game_start(session=session, kind="crash", seat_names=PLAYING, options={"preset": "classic"})
    seat_codes_show(session=session, shown=True)
    tv = webkit_window((1280, 720))
    for width, height in SIZES:
        tv.resize(width, height)
        tv.goto(f"{lan_server.url}/board/{session.share_token}/")
        tv.wait("return document.querySelectorAll('.code').length === 3", what="the seats' codes")
        tv.wait(f"return document.querySelectorAll('#board-last .odds li').length === {len(PLAYING)}", what="the odds")
        names = tv.js("return [...document.querySelectorAll('.code-name')].map((el) => el.textContent.trim())")
        assert names == ["Ann", "Cy", "Eve"], (width, names)
        lines = tv.js(f"return ({ODDS})()")
        assert sorted(line["name"] for line in lines) == sorted(PLAYING)
        for line in lines:
            assert not line["cut"] and line["beside"] and line["inside"], (width, line)
            assert line["chance"] == "25%", (width, line)  # four a guess: even chances, even figures
        assert tv.overflow() == 0
        assert tv.js("return document.scrollingElement.scrollHeight <= innerHeight")
        codes_shown = "return [...document.querySelectorAll('.code')].every((el) => {"
        codes_shown += (
            " const r = el.getBoundingClientRect(); return r.width > 40 && r.left >= 0 && r.right <= innerWidth"
        )
        codes_shown += " && r.top >= 0 && r.bottom <= innerHeight && el.querySelector('svg'); })"
        assert tv.js(codes_shown), width
        if SHOTS:
            tv.screenshot(os.path.join(SHOTS, f"webkit-tv-{height}.png"))
    assert tv.errors() == []
