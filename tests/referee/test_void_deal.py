"""A void deal in Crash (docs/rules.md, Crash: A void deal): its own action, asked first,
recorded once, and offered only where the game's options can void a deal."""

import re

import pytest

from scoring.models import Round, Submission
from scoring.services import game_start, round_record

from ..pages import HX, said, sent, text_of

pytestmark = pytest.mark.django_db

ROUND = {"hand_0_1": "As Ks Qs", "hand_1_1": "2c 3d 5h", "hand_2_1": "7c 7d 9s"}


def crash(evening, **options):
    return game_start(session=evening, kind="crash", seat_names=["Ann", "Bob", "Cy"], options=options)


def void_link(game):
    return f"/sessions/{game.session.public_id}/games/{game.public_id}/void-deal/"


def hidden(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


def test_the_crash_entry_screen_offers_a_void_deal_apart_from_record(host_client, evening):
    game = crash(evening)
    page = host_client.get(evening.get_absolute_url()).content.decode()
    other = re.search(r'<details class="entry-other">(.*?)</details>', page, re.S).group(1)
    assert "<summary>Other</summary>" in other and f'href="{void_link(game)}"' in other
    assert "Void deal" in text_of(other) and "Record round" not in other


def test_the_void_deal_asks_naming_the_round_the_game_and_who_deals_again(host_client, evening, host):
    game = crash(evening)
    round_record(game=game, number=1, entry={"hands": {"Ann": ["AS KS QS"], "Bob": [], "Cy": []}}, by=host)
    page = host_client.get(void_link(game)).content.decode()
    assert "<h1>Record round 2 of Crash · game 1 as a void deal: nobody scores and Bob deals again?</h1>" in page
    assert "Record the void deal" in page and "Back to the round" in page
    assert game.rounds.count() == 1  # asking records nothing


def test_the_void_deal_confirmed_records_one_void_round_even_sent_twice(host_client, evening):
    game = crash(evening)
    page = host_client.get(void_link(game)).content.decode()
    data = {"number": hidden(page, "number"), "submission": hidden(page, "submission")}
    first = host_client.post(void_link(game), data)
    again = host_client.post(void_link(game), data)
    assert first.status_code == again.status_code == 302
    recorded = Round.objects.get()
    assert recorded.number == 1 and recorded.entry == {"hands": {"Ann": [], "Bob": [], "Cy": []}, "void": True}
    assert Submission.objects.get().round_number == 1
    after = host_client.get(evening.get_absolute_url()).content.decode()
    assert "Round 1 recorded as a void deal." in text_of(after)
    assert "A void deal: nobody scores, and Ann deals again" in text_of(after)
    assert "Next to deal: Ann" in text_of(after)  # the same dealer deals again


def test_a_void_deal_confirmed_after_the_round_was_recorded_records_nothing_more(host_client, evening):
    game = crash(evening)
    page = host_client.get(void_link(game)).content.decode()
    host_client.post(evening.get_absolute_url(), sent({"number": "1", **ROUND}), headers=HX)
    late = host_client.post(void_link(game), {"number": "1", "submission": hidden(page, "submission")})
    html = late.content.decode()
    assert late.status_code == 200 and "Round 1 was already recorded." in text_of(html)
    assert game.rounds.count() == 1 and "void" not in game.rounds.get().entry
    # asked again for the round as it now is, with a fresh form
    assert "Record round 2 of Crash · game 1 as a void deal" in text_of(html) and hidden(html, "number") == "2"
    assert hidden(html, "submission") != hidden(page, "submission")


def test_arena_has_no_void_deal_to_offer_and_refuses_one(host_client, evening):
    game = crash(evening, preset="arena")
    assert "Void deal" not in text_of(host_client.get(evening.get_absolute_url()).content.decode())
    page = host_client.get(void_link(game)).content.decode()
    assert "no rule voids a deal" in text_of(page) and "Record the void deal" not in page
    host_client.post(void_link(game), sent({"number": "1"}))
    assert not game.rounds.exists()


def test_a_void_round_reads_as_one_in_the_list_of_rounds(host_client, evening):
    game = crash(evening)
    page = host_client.get(void_link(game)).content.decode()
    host_client.post(void_link(game), {"number": "1", "submission": hidden(page, "submission")})
    response = host_client.post(evening.get_absolute_url(), sent({"number": "2", **ROUND}), headers=HX)
    assert said(response)["status"] == "recorded" and game.rounds.count() == 2


@pytest.mark.parametrize(
    "options, reasons",
    [
        ({}, "six pairs shown, or every player fouled"),
        ({"preset": "arena", "out_of_order": "foul_round"}, "every player fouled"),
        ({"preset": "arena", "declarations": True, "cards": 13}, "six pairs shown"),
    ],
)
def test_the_void_deal_says_what_voids_a_deal_under_the_games_options(host_client, evening, options, reasons):
    crash(evening, **options)
    page = host_client.get(evening.get_absolute_url()).content.decode()
    assert f"A deal the table agrees is void ({reasons}) is recorded without its cards" in text_of(page)


def test_a_void_round_reads_as_one_where_its_entry_is_shown(host_client, evening, host):
    game = crash(evening)
    page = host_client.get(void_link(game)).content.decode()
    host_client.post(void_link(game), {"number": "1", "submission": hidden(page, "submission")})
    url = f"/sessions/{evening.public_id}/games/{game.public_id}/rounds/1/"
    html = host_client.get(url).content.decode()
    correction = {"number": "1", "submission": hidden(html, "submission"), "hand_0_1": "As Ks Qs", "action": "confirm"}
    host_client.post(url, correction)
    assert "First recorded as: A void deal: no cards entered" in text_of(
        host_client.get(evening.get_absolute_url()).content.decode()
    )
