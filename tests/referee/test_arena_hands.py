"""Crash arena sorts each player's hands before scoring: looking back shows each hand with
its own label, in the order played, and the setting check says so instead of a foul."""

import pytest

from scoring.exchange import export_sessions, import_sessions, to_json
from scoring.services import game_start, round_record, session_start

from ..factories import UserFactory
from ..pages import HX, text_of

pytestmark = pytest.mark.django_db

OUT_OF_ORDER = {"Ann": ["2S 2H 5D", "AH KH QH", "3S 3H 3D"], "Bob": ["AS AC 4D", "KS KD 6C", "7C 8C 10D"]}
AS_PLAYED = "Ann Hand 1 3♠ 3♥ 3♦ Prial of 3s Hand 2 Q♥ K♥ A♥ Running flush Q-K-A Hand 3 2♠ 2♥ 5♦ Pair of 2s, 5 kicker"


@pytest.fixture
def arena(host):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"])
    game = game_start(session=session, kind="crash", seat_names=["Ann", "Bob"], options={"preset": "arena"})
    round_record(game=game, number=1, by=host, entry={"hands": OUT_OF_ORDER})
    return session


def test_looking_back_shows_each_arena_hand_with_its_own_label_in_the_order_played(host_client, arena):
    text = text_of(host_client.get(f"/sessions/{arena.public_id}/history/"))
    assert AS_PLAYED in text
    assert "Hand 1: Ann's prial of 3s is the best hand" in text
    assert "Arena sorts each player's hands before scoring: they are shown as played, best first." in text


def test_an_imported_copy_shows_each_arena_hand_with_its_own_label(client, host, arena):
    friend = UserFactory(username="friend")
    (copy,) = import_sessions(friend, to_json(export_sessions(host))).sessions
    client.force_login(friend)
    assert AS_PLAYED in text_of(client.get(f"/sessions/{copy.public_id}/history/"))


def test_the_arena_setting_check_says_the_hands_will_be_played_sorted(host_client, arena):
    game = arena.games.get()
    url = f"/sessions/{arena.public_id}/games/{game.public_id}/setting-check/"
    response = host_client.get(url, {"seat": "0", "hand_0_1": "7c 7d 9s", "hand_0_2": "Ah Kh Qh"}, headers=HX)
    assert text_of(response).strip() == (
        "Hand 2 (Q♥ K♥ A♥, a running flush) is stronger than hand 1 (7♦ 7♣ 9♠, a pair of 7s): "
        "no foul in this game, the hands will be played sorted, best first: "
        "Q♥ K♥ A♥, 7♦ 7♣ 9♠"
    )
    assert 'class="warning"' not in response.content.decode()
    response = host_client.get(url, {"seat": "0", "hand_0_1": "Ah Kh Qh", "hand_0_2": "7c 7d 9s"}, headers=HX)
    assert text_of(response).strip() == "In order."
