"""The Crash setting tool at /crash-setting/, through real HTTP requests (with and without htmx)."""

import pytest

from engine import best_setting
from engine.cards import EXPECTED_CARD
from engine.house_rules import game_rankings

from ..pages import HX, choices_of, field_error, field_errors, text_of

FOUR_PRIALS = "As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd 2c"


def post(client, headers=None, **fields):
    data = {
        "cards": FOUR_PRIALS,
        "opponents": "1",
        "crash-cards": "13",
        "crash-ignore": "high_card",
        "crash-rules": "brag",
        **fields,
    }
    return client.post("/crash-setting/", data, headers=headers or {})


def shows_no_setting(response):
    return "Best setting:" not in text_of(response) and "Next best" not in text_of(response)


def test_get_shows_the_whole_page_with_the_form_the_card_pad_and_the_model(client):
    response = client.get("/crash-setting/")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith("<!doctype html>") and 'id="setting"' in html
    assert 'name="cards"' in html and 'data-capacity="13"' in html and "js/picker.js" in html
    assert 'data-card="AS"' in html  # the card pad
    for name in (
        "opponents",
        "crash-cards",
        "crash-ignore",
        "crash-rules",
        "crash-top_prial",
        "crash-ace_two_three",
        "crash-flush_over_run",
    ):
        assert f'name="{name}"' in html
    text = text_of(response)
    assert "Your deal (13 cards)" in text and shows_no_setting(response)
    assert (
        "A hand's chance of winning its position against one opponent is the share of 200,000 random deals in "
        "which a reference opponent's hand at that position ranks strictly below it. The reference opponent sets "
        "their thirteen cards greedily: the best three-card hand of what is left, four times."
    ) in text
    assert "Against several opponents that chance is raised to the power of their number." in text
    assert "A hand that cannot score in your game wins nothing." in text
    assert "The points to expect are the sum of the chances over the positions." in text
    assert response["Vary"] and "HX-Request" in response["Vary"]


def test_the_page_needs_no_login_and_is_linked_beside_the_hand_judge(client):
    html = client.get("/").content.decode()
    assert '<a href="/">Hand judge</a>\n      <a href="/crash-setting/">Crash setting</a>' in html
    assert client.get("/crash-setting/").status_code == 200


def test_a_plain_post_answers_with_the_whole_page(client):
    response = post(client)
    assert response.status_code == 200 and response.content.decode().startswith("<!doctype html>")
    assert "Best setting:" in text_of(response)


def test_an_htmx_post_gets_the_partial_with_the_best_setting_its_chances_and_the_next_three(client):
    response = post(client, HX, opponents="2")
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="setting"') and "<header" not in html
    found = best_setting(FOUR_PRIALS, 2)
    text = text_of(response)
    assert f"Best setting: {found.best.expected_points:.2f} points to expect" in text
    assert "Against 2 opponents; high cards never score: a hand must be a pair or better." in text
    first = f"{found.best.chances[0]:.1%}"
    assert f"1 Prial of aces A♠ A♥ A♦ Wins position 1: {first}" in text
    assert "2 Prial of kings K♠ K♥ K♦ Wins position 2:" in text
    assert "4 Prial of jacks J♠ J♥ J♦ Wins position 4:" in text
    assert "Discard 2♣" in text and text.count("discard 2♣") == 3  # and with each of the next three
    assert "Next best" in text
    for setting in found.alternatives:
        assert f"{setting.expected_points:.2f} points" in text


def test_a_hand_that_cannot_score_says_so(client):
    # Pairs cannot score: the fourth hand, a pair of 2s at best, wins nothing.
    cards = "As Ah Ad Ks Kh Kd Qs Qh Qd 2s 2h 5c 9d"
    text = text_of(post(client, HX, cards=cards, **{"crash-ignore": "pair"}))
    assert "Against 1 opponent; pairs and high cards never score." in text
    assert "4 Pair of 2s, 9 kicker 2♠ 2♥ 9♦ Cannot score: wins nothing" in text


def test_nine_cards_redraw_the_form_for_nine_with_up_to_four_opponents_and_no_errors(client):
    response = post(client, HX, cards="As Ah", action="options", **{"crash-cards": "9"})
    assert not field_errors(response) and shows_no_setting(response)
    html = response.content.decode()
    assert 'data-capacity="9"' in html and '<option value="4">4 opponents</option>' in html
    assert ">\nAs Ah</textarea>" in html and "Your deal (9 cards)" in text_of(response)
    assert "sets their nine cards greedily: the best three-card hand of what is left, three times" in text_of(response)


def test_nine_cards_are_set_in_three_hands_against_four_opponents(client):
    text = text_of(post(client, HX, cards="As Ah Ad Ks Kh Kd Qs Qh Qd", opponents="4", **{"crash-cards": "9"}))
    assert "Against 4 opponents" in text and "3 Prial of queens Q♠ Q♥ Q♦" in text
    assert "Discard" not in text and "discard" not in text


def test_the_rankings_house_rules_change_the_answer(client):
    cards = "3s 3h 3d As Ah Ad 8s 8h 8d 6c 6d Jc 2h"
    assert "1 Prial of 3s" in text_of(post(client, HX, cards=cards))
    assert "1 Prial of aces" in text_of(post(client, HX, cards=cards, **{"crash-top_prial": "aces"}))
    assert "1 Prial of aces" in text_of(post(client, HX, cards=cards, **{"crash-rules": "brag-ace-high"}))
    opened = post(client, HX, cards=cards, **{"crash-top_prial": "aces"}).content.decode()
    assert '<details class="house-rules" open>' in opened


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh 1X 2c", f'"1X" is not a card: {EXPECTED_CARD}'),
        ("hello", f'"hello" is not a card: {EXPECTED_CARD}'),
        ("As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh As 2c", "A♠ is entered twice"),
        (
            "As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd",
            "expected 13 cards (one player's deal), got 12: A♠ A♥ A♦ K♠ K♥ K♦ Q♠ Q♥ Q♦ J♠ J♥ J♦",
        ),
        (
            "As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd 2c 2d",
            "expected 13 cards (one player's deal), got 14: A♠ A♥ A♦ K♠ K♥ K♦ Q♠ Q♥ Q♦ J♠ J♥ J♦ 2♣ 2♦",
        ),
        ("", "expected 13 cards (one player's deal), got none"),
    ],
)
def test_cards_that_are_not_a_deal_are_refused_at_the_field_and_nothing_is_shown(client, cards, message):
    response = post(client, HX, cards=cards)
    assert response.status_code == 200
    assert field_errors(response) == [("cards", message)]
    assert shows_no_setting(response)
    assert f">\n{cards}</textarea>" in response.content.decode()  # what was typed stays


@pytest.mark.parametrize(
    ("opponents", "dealt", "message"),
    [
        ("0", "13", "opponents must be a whole number from 1 to 3 (Crash with 13 cards seats 2 to 4 players), got 0"),
        ("4", "13", "opponents must be a whole number from 1 to 3 (Crash with 13 cards seats 2 to 4 players), got 4"),
        ("5", "13", "opponents must be a whole number from 1 to 3 (Crash with 13 cards seats 2 to 4 players), got 5"),
        ("5", "9", "opponents must be a whole number from 1 to 4 (Crash with 9 cards seats 2 to 5 players), got 5"),
    ],
)
def test_opponents_out_of_range_are_refused_at_the_field(client, opponents, dealt, message):
    cards = FOUR_PRIALS if dealt == "13" else "As Ah Ad Ks Kh Kd Qs Qh Qd"
    response = post(client, HX, cards=cards, opponents=opponents, **{"crash-cards": dealt})
    assert field_error(response, "opponents") == message
    assert shows_no_setting(response)


def test_garbage_in_the_choices_is_refused_without_an_answer(client):
    response = post(client, HX, opponents="many", **{"crash-ignore": "everything", "crash-cards": "12"})
    assert field_error(response, "opponents") == "Enter a whole number."
    assert field_error(response, "crash-ignore").startswith("Select a valid choice. everything is not one of")
    assert field_error(response, "crash-cards").startswith("Select a valid choice. 12 is not one of")
    assert shows_no_setting(response)


def test_other_methods_are_refused(client):
    assert client.put("/crash-setting/").status_code == 405


def test_the_rankings_offered_are_those_the_engine_plays_crash_with(client):
    offered = choices_of(client.get("/crash-setting/"), "crash-rules")
    assert offered == [(ranking.name, ranking.title) for ranking in game_rankings("crash")]
    assert offered == [("brag", "Brag (traditional)"), ("brag-ace-high", "Brag, ace high")]
