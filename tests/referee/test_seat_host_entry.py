"""The host enters one seat's own hand on the host's phone (the host's own seat, or a player
without a phone): that seat's fields only, sent as entered by the host, then back to the
session; no other seat's cards on the way, and nobody else's session."""

import uuid

import pytest

from scoring.models import SeatHand
from scoring.services import seat_hand_send, session_start

from ..factories import UserFactory
from ..pages import HX, text_of
from .seats import hidden_fields, without_pad

pytestmark = pytest.mark.django_db


def hand_url(session, name):
    return f"/sessions/{session.public_id}/seats/{session.players.get(name=name).public_id}/hand/"


def test_the_host_enters_one_seats_hand_and_sees_no_other_seats_cards(host_client, bus):
    seat_hand_send(
        game=bus,
        player=bus.session.players.get(name="Bob"),
        number=1,
        entry={"hands": {"Bob": "7H 7D 9C"}},
        submission=uuid.uuid4(),
    )
    page = host_client.get(hand_url(bus.session, "Cy"))
    markup = without_pad(page.content.decode())
    assert page.status_code == 200 and "Cy's hand" in text_of(page)
    assert 'name="hand_0"' in markup and 'name="hand_1"' not in markup and 'name="table"' not in markup
    assert "7H" not in markup and "7♥ 7♦" not in markup


def test_a_hand_the_host_enters_is_kept_as_the_hosts_and_the_host_goes_back_to_the_session(host_client, bus):
    url = hand_url(bus.session, "Cy")
    data = {**hidden_fields(host_client.get(url)), "hand_0": "Jh Jd 3c"}
    answer = host_client.post(url, data)
    assert answer.status_code == 302 and answer["Location"] == bus.session.get_absolute_url()
    hand = SeatHand.objects.get()
    assert hand.by_host and hand.entry == {"hands": {"Cy": "JH JD 3C"}}
    again = host_client.post(url, {**hidden_fields(host_client.get(url)), "hand_0": "Jh Jd 4c"}, headers=HX)
    assert again["HX-Redirect"] == bus.session.get_absolute_url()
    assert SeatHand.objects.get().entry == {"hands": {"Cy": "JH JD 4C"}}


def test_cards_the_engine_refuses_are_said_on_the_hosts_entry_for_the_seat(host_client, bus):
    url = hand_url(bus.session, "Cy")
    answer = host_client.post(url, {**hidden_fields(host_client.get(url)), "hand_0": "Jh Jh 3c"}, headers=HX)
    assert answer.status_code == 200 and "Not sent: Cy's hand: J♥ is entered twice" in text_of(answer)
    assert "<html" not in answer.content.decode()
    assert not SeatHand.objects.exists()


def test_only_the_sessions_host_opens_a_seats_entry(client, bus):
    url = hand_url(bus.session, "Cy")
    assert client.get(url).status_code == 302  # the login page
    client.force_login(UserFactory())
    assert client.get(url).status_code == 404
    other = session_start(host=bus.session.host, title="Sat", played_on="2026-11-21", player_names=["Dee", "Eve"])
    client.force_login(bus.session.host)
    stranger = other.players.get(name="Dee").public_id
    assert client.get(f"/sessions/{bus.session.public_id}/seats/{stranger}/hand/").status_code == 404
