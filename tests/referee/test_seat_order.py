"""An evening's players keep the order the host named them in: a table's seat order. The
session page lists them so, and a new game's seats and first dealer follow it."""

import re

import pytest

from scoring.models import Session

from ..pages import field_errors, text_of

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


# --- Seats that sit out: the others close up ------------------------------------------------------

SIX = ["Sam", "Ann", "Bob", "Cy", "Di", "Eve"]


def new_game(host_client, session, seats: list[str], first_dealer: str, **fields):
    """The new-game form posted with each player's seat as given ("": not playing)."""
    data = {"kind": "crash", "crash-preset": "classic", "first_dealer": first_dealer, **fields}
    data.update({f"seat_{i}": seat for i, seat in enumerate(seats)})
    return host_client.post(f"/sessions/{session.public_id}/games/new/", data)


def non_field_errors(response) -> list[str]:
    return [
        text_of(error) for error in re.findall(r'<p class="error" role="alert">(.*?)</p>', response.content.decode())
    ]


def test_two_seats_not_playing_leave_no_gap_the_others_keep_their_order(host_client):
    session = start_session(host_client, ", ".join(SIX))
    response = new_game(host_client, session, ["1", "2", "", "4", "", "6"], first_dealer="Cy")
    assert response.status_code == 302 and response["Location"] == session.get_absolute_url()
    game = session.games.get()
    assert [seat.player.name for seat in game.seats.order_by("position")] == ["Sam", "Ann", "Cy", "Eve"]
    assert [seat.position for seat in game.seats.order_by("position")] == [0, 1, 2, 3]
    assert game.options["first_dealer"] == 2  # Cy, the game's third seat


def test_seats_numbered_with_gaps_are_taken_in_their_numbers_order(host_client):
    session = start_session(host_client, ", ".join(SIX))
    response = new_game(host_client, session, ["5", "", "2", "", "3", "6"], first_dealer="Bob")
    assert response.status_code == 302
    seated = [seat.player.name for seat in session.games.get().seats.order_by("position")]
    assert seated == ["Bob", "Di", "Sam", "Eve"]


def test_the_form_says_the_seats_close_up(host_client):
    session = start_session(host_client, ", ".join(SIX))
    html = host_client.get(f"/sessions/{session.public_id}/games/new/").content.decode()
    assert re.search(r'<fieldset class="seats" aria-describedby="id_seats_help">\s*<legend>', html)
    assert '<p class="help" id="id_seats_help">Those not playing leave no gap: the others keep their order.</p>' in html


@pytest.mark.parametrize(
    ("seats", "first_dealer", "field", "message"),
    [
        (["1", "3", "", "3", "", "6"], "Sam", "seat_3", "Two players cannot share seat 3."),
        (["2", "", "", "7", "", "5"], "Sam", "seat_3", "Choose a seat from 1 to 6, or Not playing."),
        (["1", "x", "", "4", "", "6"], "Sam", "seat_1", "Choose a seat from 1 to 6, or Not playing."),
        (["1", "2", "", "4", "", "6"], "Bob", "first_dealer", "The first dealer must be seated."),
    ],
)
def test_bad_seats_are_refused_next_to_their_field_and_nothing_is_saved(
    host_client, seats, first_dealer, field, message
):
    session = start_session(host_client, ", ".join(SIX))
    response = new_game(host_client, session, seats, first_dealer=first_dealer)
    assert response.status_code == 200
    assert field_errors(response) == [(field, message)]
    assert not session.games.exists()


def test_one_seat_playing_is_refused_and_nothing_is_saved(host_client):
    session = start_session(host_client, ", ".join(SIX))
    response = new_game(host_client, session, ["", "", "4", "", "", ""], first_dealer="Bob")
    assert non_field_errors(response) == ["Seat at least two players."]
    assert not session.games.exists()


def test_more_seats_playing_than_crash_deals_for_is_refused_in_the_seats_and_nothing_is_saved(host_client):
    session = start_session(host_client, ", ".join(SIX))
    response = new_game(host_client, session, ["1", "2", "", "4", "5", "6"], first_dealer="Sam")
    too_many = "13 cards dealt is for 2 to 4 players, and 5 are seated: pick 9 cards dealt or seat fewer players."
    assert field_errors(response) == [("crash-cards", too_many), ("seats", too_many)]
    assert not session.games.exists()
