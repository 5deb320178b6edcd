"""An evening's players keep the order the host named them in: a table's seat order. The
session page lists them so, and a new game's seats and first dealer follow it."""

import re

import pytest

from scoring.models import Session

from ..pages import text_of

pytestmark = pytest.mark.django_db

TYPED = ["Sam", "Helen", "Ann", "Bob"]  # not by name


def start_session(host_client, new_players: str, **fields) -> Session:
    host_client.post(
        "/sessions/new/", {"title": "Tonight", "played_on": "2026-11-22", "new_players": new_players, **fields}
    )
    return Session.objects.get(title="Tonight")


def listed(html: str) -> list[str]:
    links = re.search(r'<ul class="player-links" aria-label="Players">(.*?)</ul>', html, re.S).group(1)
    return [text_of(name) for name in re.findall(r"<a [^>]*>([^<]*)</a>", links)]


def test_the_session_page_lists_the_players_in_the_order_typed(host_client):
    session = start_session(host_client, "Sam\nHelen, Ann\nBob")
    assert listed(host_client.get(session.get_absolute_url()).content.decode()) == TYPED


def test_players_from_the_circle_come_first_then_those_typed_in_their_order(host_client, evening):
    session = start_session(host_client, "Zoe, Dee", players=["Ann", "Cy"])  # ticked, as the circle lists them
    assert listed(host_client.get(session.get_absolute_url()).content.decode()) == ["Ann", "Cy", "Zoe", "Dee"]


def test_a_new_game_seats_the_players_in_the_order_typed_by_default(host_client):
    session = start_session(host_client, "Sam, Helen, Ann, Bob")
    html = host_client.get(f"/sessions/{session.public_id}/games/new/").content.decode()
    seats = re.findall(r'<label for="id_seat_(\d)">([^<]*)</label>', html)
    assert [name for _, name in seats] == TYPED
    assert re.findall(r'<option value="([^"]*)"[^>]*>\1</option>', html.split('name="first_dealer"')[1])[:4] == TYPED
    defaults = {f"seat_{i}": str(i + 1) for i in range(4)}
    host_client.post(
        f"/sessions/{session.public_id}/games/new/", {"kind": "stop_the_bus", "first_dealer": "Sam", **defaults}
    )
    game = session.games.get()
    assert [seat.player.name for seat in game.seats.all()] == TYPED
