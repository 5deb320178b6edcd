"""A player's own phone over HTTP: the seat's page, its own hand sent (with htmx and without),
and every refusal said on the phone in words; a seat link opens that seat only."""

import re
import uuid

import pytest

from scoring.models import SeatHand, SessionPlayer, Submission
from scoring.services import (
    HAND_GAME_OVER,
    HAND_REVEALED,
    game_start,
    round_record,
    round_reveal,
    seat_hand_send,
    seat_links_rotate,
    session_start,
)

from ..data import hands
from ..pages import HX, text_of
from .seats import hidden_fields, without_pad

pytestmark = pytest.mark.django_db

SENT = "Sent ✓ — you can change it until the host reveals."


def token_of(session, name):
    return SessionPlayer.objects.get(session=session, player__name=name).seat_token


def seat_url(session, name):
    return f"/seat/{token_of(session, name)}/"


def post_hand(client, session, name, cards, htmx=True, form=None, **more):
    url = seat_url(session, name)
    form = form or hidden_fields(client.get(url))
    data = {**form, "hand_0": cards, **more}
    return client.post(url, data, headers=HX if htmx else {})


def test_a_seat_page_shows_the_player_the_game_the_round_the_standings_and_who_deals(client, bus):
    page = client.get(seat_url(bus.session, "Bob"))
    assert page.status_code == 200
    text = text_of(page)
    assert "Bob" in text and "Friday" in text and "Stop the Bus" in text
    assert "Round 1" in text and "Next to deal: Ann" in text
    assert "Ann … Bob … Cy …" in text
    assert "Send my hand" in text
    # the seat's own fields only: no table cards, no caller, no other player's hand
    markup = page.content.decode()
    assert 'name="hand_0"' in markup and 'name="hand_1"' not in markup
    assert 'name="table"' not in markup and 'name="caller"' not in markup
    assert 'data-draft="seat-' in markup


def test_a_seat_sends_its_hand_and_is_told_it_can_change_it_with_a_fresh_submission_id(client, bus):
    url = seat_url(bus.session, "Ann")
    form = hidden_fields(client.get(url))
    answer = post_hand(client, bus.session, "Ann", "As Ks Qs", form=form)
    assert answer.status_code == 200
    assert SENT in text_of(answer)
    assert SeatHand.objects.get().entry == hands(Ann="AS KS QS")
    again = hidden_fields(answer)
    assert again["submission"] != form["submission"] and again["number"] == "1"
    assert 'value="A♠ K♠ Q♠"' in answer.content.decode()  # the form keeps the cards, as tapped
    assert "Ann ✓ Bob … Cy …" in text_of(client.get(url))


def test_without_javascript_the_seat_sends_its_hand_and_gets_the_whole_page(client, bus):
    answer = post_hand(client, bus.session, "Ann", "As Ks Qs", htmx=False)
    assert answer.status_code == 200 and "<html" in answer.content.decode()
    assert SENT in text_of(answer)


def test_a_double_send_keeps_one_hand_and_answers_as_the_first_time(client, bus):
    form = hidden_fields(client.get(seat_url(bus.session, "Ann")))
    first = post_hand(client, bus.session, "Ann", "As Ks Qs", form=form)
    second = post_hand(client, bus.session, "Ann", "As Ks Qs", form=form)
    assert SENT in text_of(first) and SENT in text_of(second)
    assert SeatHand.objects.count() == 1 and Submission.objects.filter(action="hand").count() == 1


def test_bad_cards_are_refused_in_words_and_nothing_is_kept(client, bus):
    answer = post_hand(client, bus.session, "Ann", "As As Ks")
    assert "Not sent: Ann's hand: A♠ is entered twice" in text_of(answer)
    assert not SeatHand.objects.exists()
    short = post_hand(client, bus.session, "Ann", "As Ks")
    assert "Not sent: Ann's hand: expected three cards, got 2" in text_of(short)
    assert not SeatHand.objects.exists()


FAY = "Jh Jd 4c"  # Bob's hand, which Ann would learn card by card from a clash note
NOT_FAYS = "8s 8d 2h"  # a hand sharing no card with any of Ann's trial hands
TRIALS = ["Jh 2c 3c", "Qh 2c 3c", "4c 5s 6s", "5c 5s 6s", "Jd 9c 3c", "Kd 9c 3c"]
VARYING = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|seen=[0-9a-f]+")


def as_seen(page) -> str:
    """A page as its reader sees it, without the ids made afresh for each form or poll."""
    return VARYING.sub("", without_pad(page.content.decode()))


def send_as_bob(session, cards):
    bob = session.players.get(name="Bob")
    seat_hand_send(game=session.games.get(), player=bob, number=1, entry=hands(Bob=cards), submission=uuid.uuid4())


def test_a_trial_hand_attack_learns_nothing_of_another_seats_cards(client, host_client, bus):
    """Ann sends trial hands, some sharing a card with Bob's, changing hers as often as she
    likes before the reveal: every answer, her page and the playing host's panel read the
    same whether Bob holds those cards or not."""
    session = bus.session
    ann = session.players.get(name="Ann")
    session.host_player = ann  # a host who plays sees the panel too
    session.save(update_fields=["host_player"])
    panel = f"/sessions/{session.public_id}/table/?game={bus.number}"
    for trial in TRIALS:
        seen = {}
        for bobs in (FAY, NOT_FAYS):
            send_as_bob(session, bobs)
            answer = post_hand(client, session, "Ann", trial)
            assert SENT in text_of(answer), text_of(answer)[:300]
            page = client.get(seat_url(session, "Ann"))
            seen[bobs] = (as_seen(answer), as_seen(page), as_seen(host_client.get(panel, headers=HX)))
        assert seen[FAY] == seen[NOT_FAYS], f"Ann's view with {trial} tells whether Bob holds its cards"
        assert "both entered" not in " ".join(seen[FAY]) and "also in another" not in " ".join(seen[FAY])


def test_after_the_reveal_the_seats_whose_cards_clash_are_told_with_whom_and_which(client, bus):
    post_hand(client, bus.session, "Ann", "As Ks Qs")
    post_hand(client, bus.session, "Bob", "As 3d 5h")
    round_reveal(game=bus, number=1)
    assert "You and Bob both entered A♠: the host settles it at the table." in text_of(
        client.get(seat_url(bus.session, "Ann"))
    )
    assert "You and Ann both entered A♠" in text_of(client.get(seat_url(bus.session, "Bob")))
    assert "both entered" not in text_of(client.get(seat_url(bus.session, "Cy")))


def test_a_hand_sent_after_its_round_was_recorded_is_refused_politely(client, bus, host):
    form = hidden_fields(client.get(seat_url(bus.session, "Ann")))
    round_record(game=bus, number=1, entry=hands(Ann="2c 3d 5h", Bob="As Ks Qs", Cy="7h 7d 9c"), by=host)
    answer = post_hand(client, bus.session, "Ann", "Jh Jd 3c", form=form)
    assert "Round 1 was recorded without your entry." in text_of(answer)
    assert not SeatHand.objects.exists()
    assert "Round 2: your hand" in text_of(answer)  # and the next round's form


def test_a_seat_still_tapping_when_its_round_is_recorded_is_told_on_its_page(client, bus, host):
    post_hand(client, bus.session, "Bob", "As Ks Qs")
    round_record(game=bus, number=1, entry=hands(Ann="2c 3d 5h", Bob="As Ks Qs", Cy="7h 7d 9c"), by=host)
    assert "Round 1 was recorded without your entry." in text_of(client.get(seat_url(bus.session, "Ann")))
    assert "without your entry" not in text_of(client.get(seat_url(bus.session, "Bob")))  # Bob's was sent


def test_a_hand_sent_after_the_reveal_is_refused(client, bus):
    form = hidden_fields(client.get(seat_url(bus.session, "Cy")))
    round_reveal(game=bus, number=1)
    answer = post_hand(client, bus.session, "Cy", "Jh Jd 3c", form=form)
    assert HAND_REVEALED.format(number=1) in text_of(answer)
    assert not SeatHand.objects.exists()


def test_a_hand_sent_once_the_game_is_over_is_refused(client, evening, host):
    game = game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 1})
    form = hidden_fields(client.get(seat_url(evening, "Ann")))
    round_record(game=game, number=1, entry=hands(Ann="2c 3d 5h", Bob="As Ks Qs"), by=host)
    answer = post_hand(client, evening, "Ann", "Jh Jd 3c", form={**form, "number": "2"})
    assert HAND_GAME_OVER in text_of(answer)
    assert "This game is over" in text_of(answer)


def test_a_rotated_seat_link_is_a_404_saying_to_ask_the_host_for_the_new_code(client, bus):
    old = token_of(bus.session, "Ann")
    seat_links_rotate(session=bus.session)
    for url in (f"/seat/{old}/", f"/seat/{old}/setting-check/", f"/seat/{old}/coach/", "/seat/nope/"):
        page = client.get(url, headers=HX)
        assert page.status_code == 404, url
    page = client.get(f"/seat/{old}/")
    assert "Ask the host for the new QR code" in text_of(page)
    assert client.post(f"/seat/{old}/", {"hand_0": "As Ks Qs"}, headers=HX).status_code == 404


def test_a_seat_link_opens_nothing_else(client, bus, host):
    other = session_start(host=host, title="Saturday", played_on="2026-11-21", player_names=["Ann", "Dee"])
    token = token_of(bus.session, "Ann")
    client.get(f"/seat/{token}/")  # the seat opened: no account, no cookie that grants anything
    ann = other.players.get(name="Ann")
    for url in (
        f"/sessions/{bus.session.public_id}/",
        f"/sessions/{other.public_id}/",
        f"/sessions/{bus.session.public_id}/seats/{ann.public_id}/hand/",
        f"/sessions/{bus.session.public_id}/games/{bus.public_id}/setting-check/",
        "/sessions/",
        "/players/",
        "/admin/",
    ):
        page = client.get(url, headers=HX)
        assert page.status_code in (302, 404), url
        if page.status_code == 302:
            assert "login" in page["Location"], url
    # the seat's own token in another session's seat address opens nothing either
    assert client.get(f"/seat/{token}x/").status_code == 404


def test_a_seat_not_in_the_game_being_played_has_no_form(client, evening):
    game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 2})
    page = client.get(seat_url(evening, "Cy"))
    assert "You are not playing this game." in text_of(page)
    assert 'name="hand_0"' not in page.content.decode()


def test_after_the_reveal_the_seat_sees_the_showdown_and_that_the_host_is_recording(client, bus):
    seat_hand_send(
        game=bus,
        player=bus.session.players.get(name="Bob"),
        number=1,
        entry=hands(Bob="7h 7d 9c"),
        submission=uuid.uuid4(),
    )
    post_hand(client, bus.session, "Ann", "As Ks Qs")
    round_reveal(game=bus, number=1)
    text = text_of(client.get(seat_url(bus.session, "Ann")))
    assert "The host is recording round 1." in text
    assert "7♥ 7♦ 9♣" in text and "Q♠ K♠ A♠" in text  # each hand as its label writes it


def test_the_same_form_sent_again_with_other_cards_is_refused_and_the_first_hand_kept(client, bus):
    form = hidden_fields(client.get(seat_url(bus.session, "Ann")))
    post_hand(client, bus.session, "Ann", "As Ks Qs", form=form)
    answer = post_hand(client, bus.session, "Ann", "2c 3d 5h", form=form)
    assert "This form was already sent with something else in it" in text_of(answer)
    assert SeatHand.objects.get().entry == hands(Ann="AS KS QS")
    assert hidden_fields(answer)["submission"] != form["submission"]  # a fresh form to send the change with


def test_a_hand_for_a_game_the_session_does_not_have_is_refused(client, bus):
    form = {**hidden_fields(client.get(seat_url(bus.session, "Ann"))), "game": str(uuid.uuid4())}
    answer = post_hand(client, bus.session, "Ann", "As Ks Qs", form=form)
    assert "This hand was for another game" in text_of(answer)
    assert not SeatHand.objects.exists()
