"""The hand judge at /, through real HTTP requests (with and without htmx)."""

import re

import pytest

from engine.cards import EXPECTED_CARD
from engine.house_rules import RANKINGS
from referee.forms.judge import NEED_TWO_HANDS

from ..pages import HX, choices_of, field_errors, text_of


def post(client, headers=None, **fields):
    data = {"rules": "brag", "rows": "4", **fields}
    return client.post("/", data, headers=headers or {})


def named_rows(**cards_by_name) -> dict:
    """The form's rows from the first, one a player in the order given: each its name and cards."""
    fields = {}
    for row, (name, cards) in enumerate(cards_by_name.items(), 1):
        fields |= {f"name_{row}": name, f"cards_{row}": cards}
    return fields


def test_the_front_page_offers_a_visitor_to_sign_up_or_log_in(client):
    html = client.get("/").content.decode()
    assert '<a href="/accounts/signup/">Sign up</a>' in html and '<a href="/accounts/login/">Log in</a>' in html
    assert "Keeping score at the table? Sign up to record an evening's games, or log in" in text_of(html)


def test_the_front_page_offers_no_sign_up_to_a_host_logged_in(host_client):
    html = host_client.get("/").content.decode()
    assert "/accounts/signup/" not in html and "/accounts/login/" not in html and "Sign up" not in html


def test_get_shows_the_whole_page_with_an_empty_form_and_the_brag_ranking(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith("<!doctype html>")
    assert 'id="judge"' in html and 'name="cards_4"' in html and 'name="cards_5"' not in html
    assert "htmx-2.min.js" in html and "js/picker.js" in html
    text = text_of(response)
    assert "Brag (traditional): best first" in text
    assert "Prial 3♠ 3♥ 3♦ 52 of 22,100 hands 3-3-3 is the best" in text
    assert "High card A♠ K♦ 6♣ 16,440 of 22,100 hands" in text
    assert "Best first" not in text.replace("(traditional): best first", "")
    assert response["Vary"] and "HX-Request" in response["Vary"]


def test_the_page_needs_no_login(client):
    assert client.get("/").status_code == 200


def test_a_plain_post_judges_and_renders_the_whole_page(client):
    response = post(client, cards_1="As 10h q♣", cards_2="4s 5d 6c", name_2="Bob")
    assert response.status_code == 200
    assert response.content.decode().startswith("<!doctype html>")
    text = text_of(response)
    assert "1 Bob Run 4-5-6 4♠ 5♦ 6♣ Beats Hand 1: a run beats high card." in text
    assert "2 Hand 1 Ace high (A-Q-10) A♠ Q♣ 10♥" in text


def test_an_htmx_post_gets_only_the_judge_partial(client):
    response = post(client, HX, cards_1="7s 7h Kd", cards_2="7d 7c 9s")
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="judge"')
    assert "<html" not in html and "<header" not in html
    text = text_of(response)
    assert "1 Hand 1 Pair of 7s, king kicker" in text
    assert "Beats Hand 2: same pair; the king kicker beats the 9." in text


def test_hands_are_ordered_best_first_with_each_reason(client):
    players = named_rows(Ann="As Js 4s", Bob="3s 3h 3d", Cy="Ah Ad Ac", Di="2c 3c 4c", Ed="Kd Kh 2s")
    response = post(client, HX, rows="5", **players)
    text = text_of(response)
    order = [m for m in re.findall(r"\b[1-5] (Ann|Bob|Cy|Di|Ed)\b", text)]
    assert order == ["Bob", "Cy", "Di", "Ann", "Ed"]
    assert "Beats Cy: a prial of 3s beats a prial of aces (3-3-3 is the best prial)." in text
    assert "Beats Di: a prial beats a running flush." in text
    assert "Beats Ann: a running flush beats a flush." in text
    assert "Beats Ed: a flush beats a pair." in text


def test_ties_share_a_place_and_say_so(client):
    response = post(client, HX, **named_rows(Ann="As Ks Js", Bob="Ah Kh Jh", Cy="2c 2d 5h"))
    text = text_of(response)
    assert "1 Ann and Bob tie Ace-high flush (A-K-J)" in text
    assert "Same ranks: suits never break a tie." in text
    assert "Beats Cy: a flush beats a pair." in text


def test_the_ruleset_changes_the_verdict_and_the_ranking_shown(client):
    hands = {"cards_1": "As Ah Ad", "cards_2": "3s 3h 3d"}
    assert "1 Hand 2 Prial of 3s" in text_of(post(client, HX, **hands))
    response = post(client, HX, **{**hands, "rules": "brag-ace-high"})
    text = text_of(response)
    assert "1 Hand 1 Prial of aces" in text
    assert "Brag, ace high: best first" in text
    commerce = text_of(post(client, HX, **{**hands, "rules": "commerce"}))
    assert "1 Hand 1 Tricon of aces" in commerce and "Point A♠ K♦ 6♣ 17,160 of 22,100 hands" in commerce


def test_a_bad_card_is_shown_next_to_its_field_and_everything_typed_stays(client):
    response = post(client, HX, name_1="Ann", cards_1="As Ks 1x", cards_2="4s 5d 6c")
    assert response.status_code == 200
    assert field_errors(response) == [("cards_1", f'"1x" is not a card: {EXPECTED_CARD}')]
    html = response.content.decode()
    assert 'value="As Ks 1x"' in html and 'value="4s 5d 6c"' in html and 'value="Ann"' in html
    assert "Best first" not in text_of(response).replace("best first", "")


def test_a_card_entered_twice_in_one_hand_is_named(client):
    response = post(client, HX, cards_1="As Ks as", cards_2="4s 5d 6c")
    assert field_errors(response) == [("cards_1", "A♠ is entered twice")]


def test_a_card_in_two_hands_is_named_at_the_later_hand_with_both_places(client):
    response = post(client, HX, name_1="Ann", cards_1="As Ks Qs", cards_2="4s 5d 6c", name_3="Cy", cards_3="Qs 2d 9h")
    assert field_errors(response) == [("cards_3", "Q♠ is in hand 1 (Ann) and in hand 3 (Cy)")]
    assert 'value="Qs 2d 9h"' in response.content.decode()


def test_two_cards_each_in_two_hands_are_both_named(client):
    response = post(client, HX, name_1="Ann", cards_1="As Kh Qs", cards_2="As 5d 6c", cards_3="Kh 2d 9h")
    assert field_errors(response) == [
        ("cards_2", "A♠ is in hand 1 (Ann) and in hand 2"),
        ("cards_3", "K♥ is in hand 1 (Ann) and in hand 3"),
    ]


def test_three_clashes_are_named_each_at_its_later_hand(client):
    response = post(client, HX, cards_1="As Kh Qs", cards_2="Kh As 6c", cards_3="As 2d 9h", cards_4="2c 3c 4c")
    assert field_errors(response) == [
        ("cards_2", "K♥ is in hand 1 and in hand 2; A♠ is in hand 1 and in hand 2"),
        ("cards_3", "A♠ is in hand 1 and in hand 3"),
    ]
    assert 'value="Kh As 6c"' in response.content.decode()


def test_a_hand_of_the_wrong_size_says_what_was_expected(client):
    response = post(client, HX, cards_1="As Ks", cards_2="4s 5d 6c 7h")
    assert field_errors(response) == [
        ("cards_1", "expected three cards, got 2: A♠ K♠"),
        ("cards_2", "expected three cards, got 4: 4♠ 5♦ 6♣ 7♥"),
    ]


def test_one_hand_is_not_enough(client):
    response = post(client, HX, cards_2="4s 5d 6c")
    assert NEED_TWO_HANDS in text_of(response)


def test_without_javascript_add_a_hand_shows_one_more_row_and_keeps_what_was_typed(client):
    response = post(client, cards_1="As Ks", name_1="Ann", action="add")
    html = response.content.decode()
    assert 'name="cards_5"' in html and 'name="cards_6"' not in html
    assert 'value="As Ks"' in html and 'value="Ann"' in html
    assert 'name="rows" value="5"' in html
    assert not field_errors(response)


def test_rows_are_limited_to_one_deck(client):
    response = post(client, rows="17", action="add")
    html = response.content.decode()
    assert 'name="cards_17"' in html and 'name="cards_18"' not in html
    assert 'value="add"' not in html


def test_switching_rules_before_the_hands_are_complete_shows_the_guide_without_errors(client):
    response = post(client, HX, rules="commerce", cards_1="As K", action="rules")
    assert not field_errors(response)
    assert "Commerce: best first" in text_of(response)
    assert 'value="As K"' in response.content.decode()


def test_garbage_in_hidden_and_choice_fields_is_handled(client):
    response = post(client, HX, rows="lots", rules="poker", cards_1="As Ks Qs", cards_2="2c 3c 4c")
    assert response.status_code == 200
    assert "Select a valid choice. poker is not one of the available choices." in text_of(response)
    assert "Brag (traditional): best first" in text_of(response)


def test_other_methods_are_refused(client):
    assert client.put("/").status_code == 405


@pytest.mark.parametrize("text", ["AS,TH,QC", "as th qc", "A♠ 10♥ Q♣", "AsThQc"])
def test_every_usual_way_of_typing_is_understood(client, text):
    response = post(client, HX, cards_1=text, cards_2="2c 3c 5d")
    assert "Ace high (A-Q-10)" in text_of(response)


def test_the_form_offers_to_add_a_hand_until_a_deck_is_used_up(client):
    assert 'value="add"' in client.get("/").content.decode()
    assert 'value="add"' in post(client, rows="16").content.decode()


def test_the_judge_offers_the_rankings_house_rules(client):
    hands = {"cards_1": "As Ah Ad", "cards_2": "3s 3h 3d"}
    html = client.get("/").content.decode()
    for name in ("brag-top_prial", "brag-ace_two_three", "brag-flush_over_run"):
        assert f'name="{name}"' in html
    # Traditional Brag, but prials by rank: aces beat threes.
    text = text_of(post(client, HX, **hands, **{"brag-top_prial": "aces"}))
    assert "1 Hand 1 Prial of aces" in text
    assert "With your house rules: Prials go by rank: A-A-A is the best, 2-2-2 the lowest." in text
    # A flush over a run, picked over brag-ace-high.
    flush_run = {"cards_1": "4s 5d 6c", "cards_2": "2h 7h 9h", "rules": "brag-ace-high", "brag-flush_over_run": "True"}
    text = text_of(post(client, HX, **flush_run))
    assert "1 Hand 2 9-high flush (9-7-2)" in text
    assert "1 Hand 1 Run" in text_of(post(client, HX, **{**flush_run, "brag-flush_over_run": ""}))


def test_the_commerce_rankings_house_rules_show_with_it_and_change_the_verdict(client):
    html = post(client, HX, rules="commerce", action="rules").content.decode()
    for name in ("commerce-ace_two_three", "commerce-flush_by", "commerce-point_by"):
        assert f'name="{name}"' in html
    assert 'name="brag-top_prial"' not in html
    # Equal points (19 each): by the cards, the king beats the queen; by the sum alone, a tie.
    hands = {"cards_1": "Ks 7d 2c", "cards_2": "Qh 7s 2d", "rules": "commerce"}
    assert "1 Hand 1 Point 19 (K-7-2)" in text_of(post(client, HX, **hands))
    tied = text_of(post(client, HX, **hands, **{"commerce-point_by": "sum"}))
    assert "1 Hand 1 and Hand 2" in tied or "1 Hand 2 and Hand 1" in tied


def test_the_rules_offered_are_the_engines_named_rankings_in_its_order(client):
    assert choices_of(client.get("/"), "rules") == [(name, ranking.title) for name, ranking in RANKINGS.items()]
    assert choices_of(client.get("/"), "rules")[0] == ("brag", "Brag (traditional)")
