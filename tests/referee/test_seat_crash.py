"""A Crash seat on its own phone: its hands only, the live setting check at the seat's own
address, a foul sent anyway, a declaration, the coach when the house rules have one, and
the player's own hindsight said to them."""

import pytest

from scoring.models import SeatHand, SessionPlayer
from scoring.services import game_start, round_record

from ..data import ANN_COULD, HINDSIGHT_ROUND
from ..pages import HX, text_of
from .seats import hidden_fields

pytestmark = pytest.mark.django_db

FOUL = ["2S 2H 5D", "AS AD AC", "7C 8D TH", "KH QH JH"]  # a pair before a prial: out of order
ANN_LEGAL = ["AS AD AC", "KH QH JH", "2S 2H 5D", "7C 8D TH"]  # FOUL's legal order


def seat_url(session, name, tail=""):
    token = SessionPlayer.objects.get(session=session, player__name=name).seat_token
    return f"/seat/{token}/{tail}"


def test_a_crash_seat_has_its_own_hands_its_declaration_and_its_own_setting_check(client, crash):
    url = seat_url(crash.session, "Ann")
    markup = client.get(url).content.decode()
    assert all(f'name="hand_0_{p}"' in markup for p in range(1, 5)) and 'name="hand_1_1"' not in markup
    assert 'name="declare_0"' in markup and 'name="declared_0"' in markup
    assert f'hx-get="{url}setting-check/?seat=0"' in markup
    assert "/setting-check/" in markup and f"/sessions/{crash.session.public_id}/" not in markup


def test_the_seats_setting_check_warns_of_a_foul_and_offers_the_legal_order(client, crash):
    url = seat_url(crash.session, "Ann", "setting-check/")
    answer = client.get(url, {f"hand_0_{p}": cards for p, cards in enumerate(FOUL, 1)}, headers=HX)
    assert answer.status_code == 200
    assert "data-foul" in answer.content.decode()
    assert "A♠ A♦ A♣" in text_of(answer)  # the legal order, strongest first
    assert client.get(url).status_code == 302  # opened as a page: the seat's page


def test_a_foul_sent_anyway_is_kept_as_sent(client, crash):
    url = seat_url(crash.session, "Ann")
    data = {**hidden_fields(client.get(url)), **{f"hand_0_{p}": cards for p, cards in enumerate(FOUL, 1)}}
    answer = client.post(url, data, headers=HX)
    assert "Sent ✓" in text_of(answer)
    assert SeatHand.objects.get().entry == {"hands": {"Ann": ["2S 2H 5D", "AS AD AC", "7C 8D TH", "KH QH JH"]}}


def test_without_the_pads_script_use_this_order_sets_the_hands_so_and_sends_nothing(client, crash):
    url = seat_url(crash.session, "Ann")
    hands = {f"hand_0_{p}": cards for p, cards in enumerate(FOUL, 1)}
    sent = client.post(url, {**hidden_fields(client.get(url)), **hands})  # a page without the pad's script
    assert 'name="use_order" value="0"' in sent.content.decode()  # the foul's legal order offered
    data = {**hidden_fields(sent), **hands}  # the next send's form: a fresh id
    answer = client.post(url, {**data, "use_order": "0"})
    assert SeatHand.objects.get().entry == {"hands": {"Ann": FOUL}}  # nothing sent: the foul stands
    again = hidden_fields(answer)
    assert again == hidden_fields(sent)  # the same form: its round, its game and its id, unused
    markup = answer.content.decode()
    for position, hand in enumerate(("A♠ A♦ A♣", "J♥ Q♥ K♥", "2♠ 2♥ 5♦", "10♥ 8♦ 7♣"), 1):  # each hand as it is written
        assert f'name="hand_0_{position}" value="{hand}"' in markup
    assert '<p class="check-ok" id="check-0">In order.</p>' in markup
    client.post(url, again | {f"hand_0_{p}": hand for p, hand in enumerate(ANN_LEGAL, 1)})
    assert SeatHand.objects.get().entry == {"hands": {"Ann": ANN_LEGAL}}


def test_the_coach_is_a_404_unless_the_house_rules_have_it(client, crash):
    assert client.get(seat_url(crash.session, "Ann", "coach/"), headers=HX).status_code == 404
    assert "Coach" not in text_of(client.get(seat_url(crash.session, "Ann")))


def test_with_the_coach_a_seat_sees_the_best_setting_of_its_own_cards_before_sending(client, evening):
    game_start(
        session=evening,
        kind="crash",
        seat_names=["Ann", "Bob"],
        options={"target": 99, "first_dealer": 0, "coach": True},
    )
    assert "Coach: the best setting of your cards" in text_of(client.get(seat_url(evening, "Ann")))
    url = seat_url(evening, "Ann", "coach/")
    cards = {f"hand_0_{p}": cards for p, cards in enumerate(FOUL, 1)}
    short = client.get(url, cards, headers=HX)
    assert "The coach needs your 13 cards" in text_of(short)
    answer = client.get(url, {**cards, "other_cards": "3c"}, headers=HX)
    text = text_of(answer)
    assert "Best setting:" in text and "points to expect" in text and "against 1 opponent" in text
    assert "A♠ 2♠ 3♣ Run A-2-3" in text and "Discard 7♣" in text
    assert not SeatHand.objects.exists()  # asking is not sending


def test_after_the_round_the_seat_reads_its_own_hindsight_in_the_second_person(client, crash, host):
    round_record(game=crash, number=1, entry={"hands": HINDSIGHT_ROUND}, by=host)
    text = text_of(client.get(seat_url(crash.session, "Ann")))
    assert "You" + ANN_COULD[len("Ann") :] in text
    assert "Ann could have" not in text and "Bob could have" not in text
    bob = text_of(client.get(seat_url(crash.session, "Bob")))
    assert "You could have scored 3 instead of 1" in bob


def test_a_seat_declares_six_pairs_from_its_phone(client, crash):
    url = seat_url(crash.session, "Ann")
    six_pairs = "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 9s"
    data = {**hidden_fields(client.get(url)), "declare_0": "six_pairs", "declared_0": six_pairs}
    answer = client.post(url, data, headers=HX)
    assert "Sent ✓" in text_of(answer)
    kind, cards = SeatHand.objects.get().entry["declarations"]["Ann"]
    assert kind == "six_pairs" and len(cards.split()) == 13
