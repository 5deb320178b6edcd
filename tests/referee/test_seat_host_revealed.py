"""What the host reads once the seats' hands are revealed (issue 43): the hands in the form as
the pad types cards ("10♣", never "TC"), a seat's Crash foul shown as a foul in the table
panel and on its player's step above the pad, and a refusal naming every hand missing."""

import re
import uuid

import pytest
from django.urls import reverse

from scoring.models import Round
from scoring.services import game_start, seat_hand_send

from ..pages import HX, pad_of, sent, text_of

pytestmark = pytest.mark.django_db

# A pair placed left of a prial: a foul if left like this (the seat chose "Leave it like this").
FOUL = ["2S 2H 5D", "AS AD AC", "7C 8D TH", "KH QH JH"]
IN_ORDER = ["3S 3H 3D", "AH KH QH", "7S 7D 9S", "2C 4D 6C"]


def send(game, name, cards):
    player = game.session.players.get(name=name)
    seat_hand_send(game=game, player=player, number=1, entry={"hands": {name: cards}}, submission=uuid.uuid4())


def reveal(client, game):
    url = reverse("reveal-round", args=[game.session.public_id, game.public_id])
    return client.post(url, {"number": "1"}, headers=HX)


def step_of(markup: str, index: int) -> str:
    """A player's step above the pad (Crash: "Ann", "Ann ✓", "Ann ✗ foul")."""
    return re.search(rf'<button type="button" class="seat-step[^"]*" data-step="{index}">.*?</button>', markup).group()


def test_revealed_hands_fill_the_form_as_the_pad_types_cards(host_client, evening):
    bus = game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 2})
    for name, cards in (("Ann", "QS JD TC"), ("Bob", "2C 3D 5H"), ("Cy", "TH TD 9C")):
        send(bus, name, cards)  # kept as a seat's phone sends them: the stored form, T for ten
    markup = reveal(host_client, bus).content.decode()
    assert 'name="hand_0" value="Q♠ J♦ 10♣"' in markup
    assert 'name="hand_2" value="10♥ 10♦ 9♣"' in markup
    assert "QS JD TC" not in markup and "TH TD 9C" not in markup
    recorded = host_client.post(  # the host records them as shown
        bus.get_absolute_url(),
        sent({"number": "1", "hand_0": "Q♠ J♦ 10♣", "hand_1": "2♣ 3♦ 5♥", "hand_2": "10♥ 10♦ 9♣"}),
        headers=HX,
    )
    assert "Round 1 recorded" in text_of(recorded)
    assert Round.objects.get(game=bus).entry["hands"]["Ann"] == "QS JD TC"


def test_a_revealed_crash_round_fills_the_hands_as_the_pad_types_cards(host_client, evening):
    crash = game_start(session=evening, kind="crash", seat_names=["Ann", "Bob"], options={"preset": "classic"})
    send(crash, "Bob", IN_ORDER)
    send(crash, "Ann", FOUL)
    markup = reveal(host_client, crash).content.decode()
    assert 'name="hand_0_3" value="7♣ 8♦ 10♥"' in markup and 'name="hand_1_2" value="A♥ K♥ Q♥"' in markup


def test_a_seats_foul_reads_as_a_foul_on_the_panel_and_on_its_players_step(host_client, evening):
    crash = game_start(
        session=evening, kind="crash", seat_names=["Ann", "Bob"], options={"preset": "classic", "first_dealer": 0}
    )
    send(crash, "Ann", FOUL)
    send(crash, "Bob", IN_ORDER)
    answer = reveal(host_client, crash)
    markup = answer.content.decode()
    ticks = text_of(re.search(r'<ul class="table-ticks".*?</ul>', markup, re.S).group())
    assert "Ann ✗ foul" in ticks and "Bob ✓" in ticks and "Bob ✗" not in ticks
    assert 'class="table-tick sent is-foul"' in markup  # drawn as a foul, not as a tick
    ann, bob = step_of(markup, 0), step_of(markup, 1)
    assert "is-foul" in ann and text_of(ann).split() == ["Ann", "✗", "foul"]
    assert '<span aria-hidden="true">✗</span> foul' in ann  # read aloud "Ann foul"
    assert "is-foul" not in bob and "foul" not in text_of(bob)
    # The pad's check (the step's and the pad's source, as the live check says it) comes with the hands.
    assert re.search(r'<p class="warning" id="check-0" data-foul[^>]*>[^<]*foul if left like this', markup)
    assert re.search(r'<p class="check-ok" id="check-1">In order\.</p>', markup)


def test_the_panel_alone_shows_a_seats_foul_too(host_client, evening):
    crash = game_start(session=evening, kind="crash", seat_names=["Ann", "Bob"], options={"preset": "classic"})
    send(crash, "Ann", FOUL)
    send(crash, "Bob", IN_ORDER)
    reveal(host_client, crash)
    page = host_client.get(evening.get_absolute_url())
    assert "Ann ✗ foul" in text_of(page) and "Bob ✓" in text_of(page)


def test_an_arena_game_sorts_hands_out_of_order_so_no_foul_is_shown(host_client, evening):
    crash = game_start(
        session=evening, kind="crash", seat_names=["Ann", "Bob"], options={"preset": "classic", "out_of_order": "sort"}
    )
    send(crash, "Ann", FOUL)
    send(crash, "Bob", IN_ORDER)
    markup = reveal(host_client, crash).content.decode()
    assert "Ann ✓" in text_of(markup) and "is-foul" not in markup


def test_a_refusal_for_missing_hands_names_every_player_it_concerns(host_client, evening):
    bus = game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 2})
    answer = host_client.post(
        evening.get_absolute_url(), sent({"number": "1", "hand_0": "As Ks Qs", "hand_1": "", "hand_2": ""}), headers=HX
    )
    said = text_of(pad_of(answer)).strip()
    assert said.startswith("Not recorded: Bob's and Cy's hands are missing: enter the three cards of each.")
    assert not Round.objects.filter(game=bus).exists()
    one = host_client.post(
        evening.get_absolute_url(),
        sent({"number": "1", "hand_0": "As Ks Qs", "hand_1": "2c 3d 5h", "hand_2": ""}),
        headers=HX,
    )
    assert text_of(pad_of(one)).strip().startswith("Not recorded: Cy's hand: Enter the three cards of this hand.")
