"""Every name a person typed is shown isolated from the text around it (engine.bidi): a name
holding a right-to-left override (U+202E), a left-to-right override (U+202D) or an open isolate
(U+2068), kept from before names were tidied of them, and a Hebrew name, on every page and
socket frame that shows names, in the link preview's tags and in the story picture's lines.

The check reads each page whole: every occurrence of a name is between FSI and PDI (or inside
<bdi> or an element of dir="auto"), and no override, embedding or stray isolate is left
anywhere, so a template that prints a name bare fails it."""

import re

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.urls import reverse

from engine.bidi import FSI, PDI, isolate
from referee.story_picture import HEADLINE_LINES, MARGIN, WIDTH, font, headline_lines, plain, wrapped
from scoring.models import Player, Season, SessionPlayer
from scoring.recap import evening_recap
from scoring.services import session_start
from scoring.services.names import clean_names, tidy_spaces

from ..named_evening import ANN, BOB, CY, DANA, SEASON, SHOWN, STRAY, TITLE, the_evening
from ..pages import HX
from .boards import connect as board_connect
from .seats import connect as seat_connect
from .seats import frame


def unisolated(markup: str) -> list[str]:
    """What in ``markup`` is not isolated: a stray control, an isolate never closed or closed
    twice, a name shown outside FSI…PDI (and outside <bdi>, dir="auto"). Attributes that no one
    reads (data-*, value) are left out: scripts match names there."""
    markup = re.sub(r'\s(?:data-[\w-]+|value)="[^"]*"', "", markup)
    faults = [f"stray control U+{ord(m.group()):04X} at {m.start()}" for m in STRAY.finditer(markup)]
    depth = 0
    for at, ch in enumerate(markup):
        depth += (ch == FSI) - (ch == PDI)
        if depth < 0:
            faults.append(f"a PDI that closes nothing at {at}: {markup[max(0, at - 40) : at + 1]!r}")
            depth = 0
    if depth:
        faults.append(f"{depth} isolate(s) left open")
    for shown in SHOWN:
        for found in re.finditer(re.escape(shown), markup):
            before, after = markup[: found.start()], markup[found.end() :]
            if before.endswith(FSI) and after.startswith(PDI):
                continue
            if re.search(r'<(?:bdi\b|[a-z]+\b[^>]*\bdir="auto")[^>]*>[^<]*$', before):
                continue
            faults.append(f"{shown!r} bare in {markup[max(0, found.start() - 60) : found.end() + 30]!r}")
    return faults


def pages(session, game):
    """Every page of the evening that names its players, its title or its season, with the
    headers it is asked with (the host's table panel is htmx's)."""
    host = session.host
    players = list(Player.objects.filter(host=host))
    season = Season.objects.get(host=host)
    seat = SessionPlayer.objects.get(session=session, player__name=BOB)
    first_game = session.games.order_by("number").first()
    urls = [
        session.get_absolute_url(),
        f"{session.get_absolute_url()}?game={first_game.number}",
        reverse("past-session", args=[session.public_id]),
        reverse("session-story", args=[session.public_id]),
        reverse("new-game", args=[session.public_id]),
        reverse("correct-round", args=[session.public_id, first_game.public_id, 1]),
        reverse("rotate-seat-link", args=[session.public_id, seat.player.public_id]),
        reverse("host-seat-hand", args=[session.public_id, seat.player.public_id]),
        reverse("my-sessions"),
        reverse("circle"),
        f"{reverse('circle')}?season={season.public_id}",
        reverse("seasons"),
        reverse("season", args=[season.public_id]),
        f"{reverse('compare')}?first={players[0].public_id}&second={players[1].public_id}",
        reverse("board", args=[session.share_token]),
        reverse("seat", args=[seat.seat_token]),
        reverse("story", args=[session.story_token]),
        *(player.get_absolute_url() for player in players),
    ]
    return [(url, {}) for url in urls]


@pytest.mark.django_db
def test_every_page_shows_each_name_isolated(host_client, host):
    session, game = the_evening(host)
    seen, faults = set(), {}
    for url, headers in pages(session, game):
        response = host_client.get(url, headers=headers)
        assert response.status_code == 200, url
        markup = response.content.decode()
        if found := unisolated(markup):
            faults[url] = found
        seen |= {shown for shown in SHOWN if shown in markup}
    assert faults == {}
    assert seen == set(SHOWN)  # each name, the title and the season were on some page


@pytest.mark.django_db
def test_the_link_preview_and_the_story_picture_keep_the_sentence_in_order(client, host):
    session, _ = the_evening(host)
    markup = client.get(reverse("story", args=[session.story_token])).content.decode()
    told = {
        key: re.search(rf'<meta (?:property|name)="{key}" content="([^"]*)">', markup)[1]
        for key in ("og:description", "og:title", "description")
    }
    told["title"] = re.search(r"<title>([^<]*)</title>", markup)[1]
    headline = f"{FSI}Orla{PDI} won Stop the Bus · game 1"
    assert told["og:description"].startswith(headline) and told["description"] == told["og:description"]
    assert told["og:title"] == f"{FSI}Pub night{PDI} · 20 November 2026" and told["og:title"] in told["title"]
    for said in told.values():
        assert unisolated(said) == []

    recap = evening_recap(session, with_ratings=False)
    face, lines = headline_lines(recap.headline, WIDTH - 2 * MARGIN)
    texts = [*lines, plain(recap.title)]
    for item in recap.items:
        texts += wrapped(item.text, font(28), WIDTH - 2 * MARGIN)
    assert len(lines) <= HEADLINE_LINES and lines[0].startswith(headline)
    for line in texts:
        assert not STRAY.search(line), line
    assert any(f"{FSI}Quinto{PDI}" in line for line in texts)


@pytest.mark.django_db(transaction=True)
async def test_the_board_the_seats_and_the_finale_send_each_name_isolated(host_client, host):
    session, game = await database_sync_to_async(the_evening)(host)
    board, connected = await board_connect(session.share_token)
    assert connected
    first = await board.receive_from()
    assert unisolated(first) == [] and f"{FSI}{DANA}{PDI}" in first
    tokens = await database_sync_to_async(
        lambda: dict(SessionPlayer.objects.filter(session=session).values_list("player__name", "seat_token"))
    )()
    for name in (ANN, DANA):
        seat, connected = await seat_connect(tokens[name])
        assert connected
        shown = await frame(seat)
        assert unisolated(shown) == [] and f"{FSI}Orla{PDI}" in shown
        await seat.disconnect()

    url = reverse("story-on-tv", args=[session.public_id])
    # Two games are still open: told as they stand, who leads each named too.
    answer = await sync_to_async(host_client.post)(url, {"action": "keep_open"}, headers=HX)
    assert answer.status_code == 200
    finale = await board.receive_from()
    while 'id="board-finale"' not in finale:  # the phones' opening and closing came first
        assert unisolated(finale) == []
        finale = await board.receive_from()
    assert "Not finished:" in finale and "Tonight's standings" in finale
    assert "finale-card" in finale and f"{FSI}Orla{PDI} won Stop the Bus · game 1" in finale
    assert unisolated(finale) == []
    await board.disconnect()


def test_an_isolated_name_cannot_reach_past_its_isolate():
    """The name's own controls dropped, whatever they open or close; the same given twice;
    a name of left-to-right letters as it is."""
    assert isolate(ANN) == f"{FSI}Orla{PDI}" and isolate(CY) == f"{FSI}Quinto{PDI}"
    assert isolate(f"{PDI}Ann\u202c") == f"{FSI}Ann{PDI}"
    assert isolate(DANA) == f"{FSI}{DANA}{PDI}" and isolate(isolate(DANA)) == isolate(DANA)
    assert isolate("Ann-Marie O'Neil 2") == "Ann-Marie O'Neil 2"
    assert isolate("\u0661\u0662") == f"{FSI}\u0661\u0662{PDI}"  # Arabic digits turn the text after them


def test_names_typed_now_are_kept_without_direction_controls():
    assert clean_names([ANN, " \u202dBexley  ", "\u2068\u2069", DANA]) == (["Orla", "Bexley", DANA], [])
    assert tidy_spaces(SEASON) == "Winter cup"


@pytest.mark.django_db
def test_a_session_started_with_such_names_keeps_them_plain(host):
    session = session_start(host=host, title=TITLE, played_on="2026-11-20", player_names=[ANN, BOB])
    assert session.title == "Pub night"
    assert sorted(session.players.values_list("name", flat=True)) == ["Bexley", "Orla"]


def test_the_story_picture_draws_an_override_as_if_it_were_not_there():
    """A recap still holding a name's override (a title kept from before) draws exactly as the
    same recap without it: the line is not turned around."""
    from engine.recap import Recap, RecapItem
    from referee.story_picture import story_png

    def drawn(name: str) -> bytes:
        item = RecapItem("winner", "Commerce · game 1", f"{name} won, with a balance of +3")
        return story_png(Recap(f"{name} night · 20 November 2026", f"{name} won Commerce · game 1", (item,)))

    assert drawn("\u202eOrla") == drawn("Orla")


def test_a_seat_hears_its_own_hindsight_as_you_whatever_its_name():
    """A hindsight line kept before names were isolated, or after, said to its own seat."""
    from referee.seats.render import yours

    for kept in (f"{ANN} could have scored 3", f"{FSI}Orla{PDI} could have scored 3"):
        assert yours(kept, ANN) == "You could have scored 3"
