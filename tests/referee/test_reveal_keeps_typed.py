"""Reveal wipes nothing the host typed (issue 43, points 2 and 4): the hands typed on the
host's round form for seats that sent none (the host's own, a player without a phone) are
kept as those seats' hands first, then revealed with the rest; a hand typed half-way stops
the reveal, in words, with everything typed still in the form; a seat's own hand stays as it
sent it. The round the phones are sending shows in the pad, Reveal beside its ticks."""

import re
import uuid

import pytest
from django.urls import reverse

from engine import EntryError
from referee.board.render import render_board
from referee.host.render import render_host
from scoring import queries
from scoring.models import Game, SeatHand, Session
from scoring.services import REVEAL_NO_NUMBER, REVEAL_NOT_NEXT, host_plays_as, round_reveal, seat_hand_send, seat_seen

from ..pages import HX, text_of

pytestmark = pytest.mark.django_db

ANN, BOB, CY = "As Ks Qs", "2c 3d 5h", "7h 7d 9c"


@pytest.fixture(autouse=True)
def ann_hosts_and_bobs_phone_is_open(evening):
    """The host plays as Ann; Bob's phone is open (before ``bus`` starts the game)."""
    host_plays_as(session=evening, player=evening.players.get(name="Ann"))
    seat_seen(evening.sessionplayer_set.get(player__name="Bob").seat_token)


def send(game, name, cards):
    player = game.session.players.get(name=name)
    seat_hand_send(game=game, player=player, number=1, entry={"hands": {name: cards}}, submission=uuid.uuid4())


def reveal(client, game, **typed):
    url = reverse("reveal-round", args=[game.session.public_id, game.public_id])
    return client.post(url, {"number": "1", **typed}, headers=HX)


def field_value(page, name: str) -> str:
    found = re.search(rf'name="{name}"[^>]*value="([^"]*)"', page.content.decode())
    return found.group(1) if found else ""


def test_the_hosts_own_hand_typed_in_the_round_form_is_kept_and_revealed(host_client, bus):
    send(bus, "Bob", BOB)
    send(bus, "Cy", CY)
    page = reveal(host_client, bus, hand_0=ANN, hand_1="", hand_2="")
    assert "Round 1 revealed" in text_of(page) and "Not complete yet" not in text_of(page)
    kept = SeatHand.objects.get(game=bus, number=1, player__name="Ann")
    assert kept.entry == {"hands": {"Ann": "AS KS QS"}} and kept.by_host
    assert Game.objects.get(pk=bus.pk).revealed == 1
    assert "Bob loses a token" in text_of(page)  # the outcome, with every hand in


def test_a_hand_typed_half_way_stops_the_reveal_in_words_and_stays_in_the_form(host_client, bus):
    send(bus, "Bob", BOB)
    page = reveal(host_client, bus, hand_0="As Ks", table="4h")
    assert "Not revealed: Ann's hand:" in text_of(page)
    assert Game.objects.get(pk=bus.pk).revealed != 1
    assert not SeatHand.objects.filter(game=bus, player__name="Ann").exists()
    assert field_value(page, "hand_0") == "As Ks" and field_value(page, "table") == "4h"


def test_a_seats_own_hand_stays_as_sent_and_the_table_cards_typed_stay_in_the_form(host_client, bus):
    send(bus, "Bob", BOB)
    send(bus, "Cy", CY)
    page = reveal(host_client, bus, hand_0=ANN, hand_1="9s 9h 9d", table="4h")
    assert SeatHand.objects.get(game=bus, player__name="Bob").entry == {"hands": {"Bob": BOB}}
    assert "Round 1 revealed" in text_of(page)
    assert field_value(page, "table") == "4h"
    assert "9s 9h 9d" not in page.content.decode()


def test_without_anything_typed_the_reveal_is_as_before(host_client, bus):
    send(bus, "Bob", BOB)
    page = reveal(host_client, bus)
    assert "Round 1 revealed" in text_of(page)
    assert not SeatHand.objects.filter(game=bus, player__name="Ann").exists()


def test_the_pad_shows_the_round_the_phones_are_sending_with_reveal_in_the_round_form(host_client, evening, bus):
    page = host_client.get(evening.get_absolute_url()).content.decode()
    pad = re.search(r'<div id="pad-table".*?</div>', page, re.S).group(0)
    assert "Round 1:" in text_of(pad) and "Reveal" not in pad  # no hand in yet
    send(bus, "Bob", BOB)
    page = host_client.get(evening.get_absolute_url()).content.decode()
    form = re.search(r'<form method="post" action="[^"]*"[^>]*data-picker-form.*?</form>', page, re.S).group(0)
    pad = re.search(r'<div id="pad-table".*?</div>', form, re.S).group(0)
    assert "Ann (you) …" in text_of(pad) and "Bob ✓" in text_of(pad)
    url = reverse("reveal-round", args=[evening.public_id, bus.public_id])
    assert f'formaction="{url}"' in pad and f'hx-post="{url}"' in pad
    live = render_host(queries.SessionNow(evening)).html  # what the host's socket sends
    pad = re.search(r'<div id="pad-table" class="pad-table" hx-swap-oob="true"[^>]*>.*?</div>', live, re.S).group(0)
    assert "Bob ✓" in text_of(pad)


# --- All or nothing (issue 50, point 10) ------------------------------------------------------


def test_a_refused_reveal_keeps_none_of_the_hands_typed(host_client, bus):
    page = reveal(host_client, bus, hand_0=ANN, hand_2="7h 7d 9c 9s")
    assert "Not revealed: Cy's hand:" in text_of(page)
    assert not SeatHand.objects.filter(game=bus).exists()  # Ann's, typed right, is not kept either
    assert Game.objects.get(pk=bus.pk).revealed != 1
    assert field_value(page, "hand_0") == ANN and field_value(page, "hand_2") == "7h 7d 9c 9s"


@pytest.mark.parametrize("number", ["0", "99", "abc", "", "-1", "1.0", "9" * 100_000])
def test_a_reveal_of_no_round_being_entered_keeps_none_of_the_hands_typed(host_client, bus, number):
    page = host_client.post(
        reverse("reveal-round", args=[bus.session.public_id, bus.public_id]),
        {"number": number, "hand_0": ANN, "hand_2": CY},
        headers=HX,
    )
    assert page.status_code == 200
    said = text_of(page)
    if number in ("0", "99"):
        assert REVEAL_NOT_NEXT.format(number=number, expected=1) in said
    else:
        assert REVEAL_NO_NUMBER.format(expected=1) in said
    assert len(said) < 20_000  # the refusal does not echo what was posted
    assert not SeatHand.objects.filter(game=bus).exists()
    assert Game.objects.get(pk=bus.pk).revealed != 1
    assert field_value(page, "hand_0") == ANN  # what was typed stays in the form


def test_an_engine_refusal_inside_the_reveal_undoes_every_hand_kept_before_it(bus):
    with pytest.raises(EntryError):
        round_reveal(game=bus, number=1, hands={"Ann": {"hands": {"Ann": ANN}}, "Cy": {"hands": {"Cy": "7h 7h 9c"}}})
    assert not SeatHand.objects.filter(game=bus).exists()
    assert Game.objects.get(pk=bus.pk).revealed != 1


def test_what_the_host_types_for_a_seat_wins_over_the_hand_the_host_kept_for_it_before(host_client, evening, bus):
    send(bus, "Bob", BOB)
    seat_hand_send(game=bus, player=evening.players.get(name="Cy"), number=1, entry={"hands": {"Cy": CY}}, by_host=True)
    page = reveal(host_client, bus, hand_0=ANN, hand_2="2s 2h 2d")
    assert "Round 1 revealed" in text_of(page)
    kept = SeatHand.objects.get(game=bus, number=1, player__name="Cy")
    assert kept.entry == {"hands": {"Cy": "2S 2H 2D"}} and kept.by_host
    assert field_value(page, "hand_2") == "2♠ 2♥ 2♦"  # revealed with the new one, in the form
    board = text_of(render_board(Session.objects.get(pk=evening.pk)).html)
    assert "Cy 2♠ 2♥ 2♦" in board and "7♥ 7♦ 9♣" not in board  # and on the board


def test_a_hand_its_own_phone_sent_is_never_replaced_by_typing(host_client, bus):
    send(bus, "Bob", BOB)
    page = reveal(host_client, bus, hand_0=ANN, hand_1="9s 9h 9d")
    assert "Round 1 revealed" in text_of(page)
    assert SeatHand.objects.get(game=bus, player__name="Bob").entry == {"hands": {"Bob": BOB}}


def test_the_pad_ticks_say_which_hands_the_host_entered_and_which_the_pad_passes_over(host_client, evening, bus):
    """Issue 50, point 3: the host's hand for a seat reads "✓ by you"; a hand its own phone
    sent is marked data-sent, which the pad never moves into; each hand field names its player."""
    send(bus, "Bob", BOB)
    seat_hand_send(
        game=bus, player=evening.players.get(name="Ann"), number=1, entry={"hands": {"Ann": ANN}}, by_host=True
    )
    page = host_client.get(evening.get_absolute_url()).content.decode()
    pad = re.search(r'<div id="pad-table".*?</div>', page, re.S).group(0)
    assert "Ann ✓ by you" in text_of(pad) and "(you)" not in pad and "Bob ✓" in text_of(pad)
    assert re.search(r'data-tick="Bob" data-sent', pad) and not re.search(r'data-tick="Ann" data-sent', pad)
    assert re.search(r'name="hand_1"[^>]*data-player="Bob"|data-player="Bob"[^>]*name="hand_1"', page)
    panel = re.search(r'<section id="table-panel".*?</section>', page, re.S).group(0)
    assert "Not sent yet: Cy " in text_of(panel)  # Ann's hand is in: the host's
