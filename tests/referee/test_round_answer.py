"""The answer to a round posted through htmx: what changed, and no more. A recorded round that
leaves the same players in swaps the standings, the last round and the list of rounds (and
the other games) out of band, and tells the page's form the next round and its id (the form,
emptied by the page's scripts, is not sent again); a refusal, a game that ends or a player who
goes out answer the whole game."""

import re
import uuid

import pytest

from scoring.services import game_start, session_start

from ..pages import HX, field_error, said, sent, text_of

pytestmark = pytest.mark.django_db
BUS = {"number": "1", "hand_0": "As Ks Qs", "hand_1": "7c 7d 9s", "hand_2": "2c 3d 5h"}


def start(host, tokens, players=("Ann", "Bob", "Cy"), other=False):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=list(players))
    if other:
        game_start(session=session, kind="commerce", seat_names=list(players), options={})
    game = game_start(session=session, kind="stop_the_bus", seat_names=list(players), options={"tokens": tokens})
    return session, f"{session.get_absolute_url()}?game={game.number}"


def out_of_band(response) -> list[str]:
    return re.findall(r'<\w+ id="([\w-]+)"[^>]*hx-swap-oob="true"', response.content.decode())


def test_a_recorded_round_swaps_what_changed_and_moves_the_form_on(host_client, host):
    session, url = start(host, tokens=3, other=True)
    data = sent(BUS)
    response = host_client.post(url, data, headers=HX)
    assert response.status_code == 200 and response["HX-Reswap"] == "none"
    assert out_of_band(response) == [
        "game-messages",
        "table-panel",  # the seats' ticks, for the next round
        "pad-table",  # and in the pad, which stays
        "other-games",
        "entry-switch",  # said beside the hands when the board shows another game
        "standings",
        "last-round",
        "rounds",
        "first-rules",  # emptied: after the first round, the game's first rules go below the form
        "later-rules",
    ]
    markup = response.content.decode()
    assert '<div id="first-rules" hx-swap-oob="true"></div>' in markup
    assert "the worst hand of each round loses one" in markup[markup.index('<div id="later-rules"') :]
    page = text_of(response)
    assert (
        "Cy loses a token (2 left)" in page and "Round 1 recorded" in page and "Commerce · game 1, no round yet" in page
    )
    assert "data-picker-form" not in response.content.decode() and "data-hand" not in response.content.decode()
    following = said(response)["next"]
    assert following["number"] == 2 and uuid.UUID(following["submission"]) != uuid.UUID(data["submission"])


def test_the_next_round_under_the_id_given_is_recorded(host_client, host):
    session, url = start(host, tokens=3)
    following = said(host_client.post(url, sent(BUS), headers=HX))["next"]
    second = {**BUS, "number": str(following["number"]), "submission": following["submission"]}
    second.update(hand_0="2c 3d 5h", hand_2="As Ks Qs")
    answer = said(host_client.post(url, second, headers=HX))
    assert answer["status"] == "recorded" and answer["message"].startswith("Round 2 recorded: Ann's 5 high")


def test_a_refused_round_answers_its_form_with_what_was_typed_and_the_error(host_client, host):
    session, url = start(host, tokens=3)
    response = host_client.post(url, sent({**BUS, "hand_1": "7c 7d"}), headers=HX)
    assert said(response)["status"] == "refused" and "next" not in said(response)
    assert "HX-Reswap" not in response and out_of_band(response) == []
    assert field_error(response, "hand_1") == "expected three cards, got 2: 7♣ 7♦"
    assert 'value="7c 7d"' in response.content.decode() and 'id="game"' in response.content.decode()


def test_a_round_that_ends_the_game_answers_the_whole_game_with_its_winner(host_client, host):
    session, url = start(host, tokens=1, players=("Ann", "Bob"))
    response = host_client.post(url, sent({"number": "1", "hand_0": "As Ks Qs", "hand_1": "2c 3d 5h"}), headers=HX)
    assert "HX-Reswap" not in response and "next" not in said(response)
    assert 'id="game"' in response.content.decode() and "Winner: Ann" in text_of(response)
    assert "<form" not in response.content.decode()


def test_a_player_out_brings_a_new_form_without_them(host_client, host):
    session, url = start(host, tokens=1)
    response = host_client.post(url, sent(BUS), headers=HX)
    assert "HX-Reswap" not in response and "next" not in said(response)
    assert "Round 2: enter the hands" in text_of(response)
    assert "Ann's hand" in text_of(response) and "Cy's hand" not in text_of(response)


def test_without_htmx_a_recorded_round_redirects_to_the_game(host_client, host):
    session, url = start(host, tokens=3)
    response = host_client.post(url, sent(BUS))
    assert response.status_code == 302 and response["Location"] == url
