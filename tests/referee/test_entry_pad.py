"""The card pad and the Crash steps as the server sends them: what a recorded or refused round
says next to the pad, and the markup the phone's script works from (tests/e2e has the taps)."""

import re

import pytest

from scoring.models import Round
from scoring.services import game_start, session_start

from ..pages import HX, pad_of, said, sent, text_of

pytestmark = pytest.mark.django_db
PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def start(host, kind, options, players=PLAYERS):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=players)
    return session, game_start(session=session, kind=kind, seat_names=players, options=options)


def post_round(client, session, data: dict):
    """The session page's round form with ``data``, posted as htmx posts it."""
    return client.post(session.get_absolute_url(), sent(data), headers=HX)


def first_bus_round(client, host, *hands: str):
    """A Stop the Bus game of PLAYERS started (3 tokens each) and its first round posted, a hand a
    seat: the session, the game and the answer."""
    session, game = start(host, "stop_the_bus", {"tokens": 3})
    round_data = {"number": "1", **{f"hand_{seat}": hand for seat, hand in enumerate(hands)}}
    return session, game, post_round(client, session, round_data)


def test_a_refused_round_is_said_next_to_the_pad_and_announced(host_client, host):
    session, game, response = first_bus_round(host_client, host, "As Ks Qs", "2c 3d 5h", "7c 7d 9s", "")
    pad = pad_of(response)
    assert re.search(r'<p class="pad-note error" role="alert" aria-live="assertive">', pad)
    assert text_of(pad).strip().startswith("Not recorded: Di's hand: Enter the three cards of this hand.")
    assert not Round.objects.filter(game=game).exists()


def test_the_refusal_next_to_the_pad_is_the_first_one_on_the_page(host_client, host):
    session, game, response = first_bus_round(host_client, host, "As Ks", "zz", "7c 7d 9s", "")
    assert "Not recorded: Ann's hand: expected three cards, got 2: A♠ K♠" in text_of(pad_of(response))


def test_a_recorded_round_is_confirmed_next_to_the_pad(host_client, host):
    session, game, response = first_bus_round(host_client, host, "As Ks Qs", "7c 7d 9s", "2c 3d 5h", "Jh Jd 4c")
    # The page's form stays (emptied by its scripts), and its pad says what the answer says.
    assert said(response)["message"] == (
        "Round 1 recorded: Cy's 5 high (5-3-2) is the worst hand: Cy loses a token (2 left)"
    )
    assert '<div class="pad"' not in response.content.decode()
    # The next round's pad starts with nothing to say but that.
    assert "pad-note" not in pad_of(host_client.get(session.get_absolute_url()))


CRASH_ROUND = {  # each player's four hands as placed: Bob's win hands 1 to 3, Ann's hand 4
    "Ann": ("As Ks Qs", "Js Ts 9s", "8s 7s 6s", "5s 4s 3s"),
    "Bob": ("Ah Ad Ac", "Kh Qh Jh", "Th 9h 8h", "7h 6h 2s"),
    "Cy": ("Tc 9c 8c", "Kc Qc Jc", "Kd Qd Jd", "Td 9d 8d"),  # hand 2 above hand 1: a foul, out of the game
    "Di": ("7d 6d 5d", "6c 5c 4c", "4d 3d 2d", "3c 2c 3h"),
}


def crash_round(players) -> dict:
    return {
        f"hand_{seat}_{position}": hand
        for seat, name in enumerate(players)
        for position, hand in enumerate(CRASH_ROUND[name], 1)
    }


def test_a_recorded_crash_round_says_every_point_scored_next_to_the_pad(host_client, host):
    players = ["Ann", "Bob", "Di"]
    session, _ = start(host, "crash", {"preset": "classic"}, players)
    response = post_round(host_client, session, {"number": "1", **crash_round(players)})
    # Bob's three points and Ann's one, not the round's last event alone (Ann's point).
    assert said(response)["message"] == "Round 1 recorded: Ann scores a point (1); Bob scores 3 points (3)"


def test_a_crash_round_whose_pad_is_drawn_again_says_every_point_scored(host_client, host):
    session, _ = start(host, "crash", {"preset": "classic"})
    # Cy fouls and is out: the next round's form is drawn again, its pad saying the round.
    response = post_round(host_client, session, {"number": "1", **crash_round(PLAYERS)})
    assert said(response)["message"] == "Round 1 recorded: Ann scores a point (1); Bob scores 3 points (3)"
    assert re.search(
        r'<p class="pad-note recorded" role="status">Round 1 recorded: Ann scores a point \(1\); '
        r"Bob scores 3 points \(3\)</p>",
        pad_of(response),
    )


def test_without_the_pads_script_use_this_order_sets_a_players_hands_so_and_records_nothing(host_client, host):
    session, game = start(host, "crash", {"preset": "classic"})
    data = sent({"number": "1", **crash_round(PLAYERS), "use_order": "2"})  # Cy's "Use this order"
    response = host_client.post(session.get_absolute_url(), data)
    assert response.status_code == 200 and not Round.objects.filter(game=game).exists()
    markup = response.content.decode()
    for position, hand in enumerate(
        ("J♣ Q♣ K♣", "J♦ Q♦ K♦", "8♣ 9♣ 10♣", "8♦ 9♦ 10♦"), 1
    ):  # each hand as it is written
        assert f'name="hand_2_{position}" value="{hand}"' in markup
    assert 'name="hand_0_1" value="As Ks Qs"' in markup  # the others as they were
    assert f'name="submission" value="{data["submission"]}"' in markup  # the form's own id, unused
    assert '<p class="check-ok" id="check-2">In order.</p>' in markup and "Not recorded" not in markup


def test_crash_is_entered_a_player_at_a_time(host_client, host):
    session, _ = start(host, "crash", {"preset": "classic"})
    html = host_client.get(session.get_absolute_url()).content.decode()
    steps = re.search(r'<nav class="seat-steps" data-seat-steps hidden[^>]*>(.*?)</nav>', html, re.S)
    assert steps, "no steps for the players"
    assert re.findall(r'data-step="(\d)"><span class="step-name">(\w+)', steps.group(1)) == [
        ("0", "Ann"),
        ("1", "Bob"),
        ("2", "Cy"),
        ("3", "Di"),
    ]
    assert html.count('class="seat-entry"') == 4  # every player's hands are there to type without the script


@pytest.mark.parametrize(
    "kind, options, players",
    [
        ("crash", {"preset": "classic"}, PLAYERS),
        ("crash", {"preset": "classic"}, PLAYERS[:3]),
        ("crash", {"preset": "arena", "cards": 9}, PLAYERS),
        ("stop_the_bus", {"tokens": 3}, PLAYERS),
    ],
)
def test_only_crash_is_entered_a_player_at_a_time(host_client, host, kind, options, players):
    session, _ = start(host, kind, options, players)
    html = host_client.get(session.get_absolute_url()).content.decode()
    assert ("data-seat-steps" in html) is (kind == "crash")


def test_a_round_an_earlier_tap_recorded_is_said_next_to_the_pad(host_client, host):
    session, game = start(host, "stop_the_bus", {"tokens": 3})
    data = {"number": "1", "hand_0": "As Ks Qs", "hand_1": "7c 7d 9s", "hand_2": "2c 3d 5h", "hand_3": "Jh Jd 4c"}
    post_round(host_client, session, data)  # another phone's form, say
    pad = pad_of(post_round(host_client, session, data))
    assert '<p class="pad-note" role="status">' in pad and "Round 1 was already recorded." in text_of(pad)
    assert Round.objects.filter(game=game).count() == 1


def test_a_message_the_pad_says_aloud_is_one_live_region(host_client, host):
    """The page shows it too, above the game, but only the pad's copy is read out."""
    session, _ = start(host, "stop_the_bus", {"tokens": 3})
    data = {"number": "1", "hand_0": "As Ks Qs", "hand_1": "7c 7d 9s", "hand_2": "2c 3d 5h", "hand_3": "Jh Jd 4c"}
    post_round(host_client, session, data)
    html = post_round(host_client, session, data).content.decode()
    live = re.findall(r'<(?:p|ul|div)[^>]*(?:role="(?:status|alert)"|aria-live)[^>]*>(.*?)</(?:p|ul|div)>', html, re.S)
    assert [text_of(region).strip() for region in live if "already recorded" in region] == [
        "Round 1 was already recorded."
    ]
    assert html.count("Round 1 was already recorded.") == 2


def test_a_foul_in_the_setting_check_is_marked_for_the_pad_to_ask_about(host_client, host):
    session, game = start(host, "crash", {"preset": "classic"})
    url = f"/sessions/{session.public_id}/games/{game.public_id}/setting-check/"
    foul = host_client.get(url, {"seat": "2", "hand_2_1": "Tc 9c 8c", "hand_2_2": "Kc Qc Jc"}, headers=HX)
    assert re.search(
        r'<p class="warning" id="check-2" data-foul data-legal-order="[^"]*">'
        r"Hand 2 \(J♣ Q♣ K♣\) is a higher running flush than hand 1",
        foul.content.decode(),
    )
    # Its legal order a tap away: the form's own action without the pad's script.
    assert '<button type="submit" name="use_order" value="2" class="use-order" formnovalidate>' in foul.content.decode()
    in_order = host_client.get(url, {"seat": "2", "hand_2_1": "Kc Qc Jc", "hand_2_2": "Tc 9c 8c"}, headers=HX)
    assert "data-foul" not in in_order.content.decode() and "In order." in text_of(in_order)


def test_a_game_that_sorts_the_hands_asks_about_no_foul(host_client, host):
    session, game = start(host, "crash", {"preset": "arena"})
    url = f"/sessions/{session.public_id}/games/{game.public_id}/setting-check/"
    response = host_client.get(url, {"seat": "0", "hand_0_1": "2s 2h 5d", "hand_0_2": "Ah Kh Qh"}, headers=HX)
    assert "no foul in this game" in text_of(response) and "data-foul" not in response.content.decode()
    assert "use_order" not in response.content.decode()  # nothing to take: the hands are played sorted


def test_each_message_of_the_entry_has_one_live_region(host_client, host):
    """The pad says the setting check (not each player's own) and asks about a foul only
    while it asks (the script gives it role=alert then)."""
    session, game = start(host, "crash", {"preset": "classic"})
    html = host_client.get(session.get_absolute_url()).content.decode()
    assert html.count('<p class="pad-check" data-pad-check role="status"></p>') == 1
    assert re.search(r'<div class="pad-foul" data-pad-foul hidden>', html)
    seats = re.findall(r'<div class="setting-check"([^>]*)>', html)
    assert seats == [""] * 4  # not live: the pad says the check of the player being entered
    check = host_client.get(
        f"/sessions/{session.public_id}/games/{game.public_id}/setting-check/",
        {"seat": "0", "hand_0_1": "7c 7d 9s", "hand_0_2": "Ah Kh Qh"},
        headers=HX,
    )
    assert "role=" not in check.content.decode()
