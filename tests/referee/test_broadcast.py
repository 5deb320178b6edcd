"""A change is kept and the host answered whatever happens to the boards' broadcast: a
channel layer that fails or hangs is logged with the session and given up within its
bound; boards catch up on the next change or when they reconnect."""

import re

import pytest

from referee.board.broadcast import CHANGE_BEHIND, TV_BEHIND
from scoring.models import Round

from ..layers import BrokenLayer, FlakyLayer, HangingLayer, use_layer
from ..pages import HX, pad_of, said, sent, text_of
from .boards import connect, evening_under_way, record

ROUND = {"number": "1", "hand_0": "As Ks Qs", "hand_1": "2c 3d 5h"}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("layer", [BrokenLayer, HangingLayer])
def test_a_round_is_recorded_and_shown_when_the_boards_cannot_be_told(
    host_client, bus_evening, settings, caplog, layer
):
    use_layer(settings, layer)
    HangingLayer.given_up = False
    response = host_client.post(bus_evening.get_absolute_url(), sent(ROUND), headers=HX)
    assert response.status_code == 200
    assert "Round 1 recorded" in text_of(response) and "Bob loses a token (2 left)" in text_of(response)
    assert Round.objects.filter(game__session=bus_evening).count() == 1
    assert HangingLayer.given_up is (layer is HangingLayer)  # a hanging send is given up on, not waited out
    failures = [record for record in caplog.records if record.name == "referee.board.broadcast"]
    assert len(failures) == 1 and str(bus_evening.public_id) in failures[0].getMessage()
    assert "missed revision" in failures[0].getMessage()


@pytest.mark.django_db(transaction=True)
def test_a_second_tap_after_a_failed_broadcast_records_nothing_more(host_client, bus_evening, settings):
    use_layer(settings, BrokenLayer)
    host_client.post(bus_evening.get_absolute_url(), sent(ROUND), headers=HX)
    response = host_client.post(bus_evening.get_absolute_url(), sent(ROUND), headers=HX)
    assert response.status_code == 200 and "Round 1 was already recorded." in text_of(response)
    assert Round.objects.filter(game__session=bus_evening).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_new_board_link_is_made_when_the_old_boards_cannot_be_closed(host_client, bus_evening, settings, caplog):
    use_layer(settings, BrokenLayer)
    old = bus_evening.share_token
    response = host_client.post(f"/sessions/{bus_evening.public_id}/rotate-board/")
    bus_evening.refresh_from_db()
    assert response.status_code == 302 and bus_evening.share_token != old
    assert any(
        str(bus_evening.public_id) in record.getMessage()
        for record in caplog.records
        if record.name == "referee.sockets.sending"  # where the boards' and the seats' closes are sent
    )


# --- The host is told the TV may be behind ------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("layer", [BrokenLayer, HangingLayer])
def test_a_round_recorded_that_the_boards_missed_says_the_tv_may_be_behind_beside_it(
    host_client, bus_evening, settings, layer
):
    use_layer(settings, layer)
    response = host_client.post(bus_evening.get_absolute_url(), sent(ROUND), headers=HX)
    answer = said(response)
    assert answer["status"] == "recorded" and answer["message"].startswith("Round 1 recorded")
    assert answer["behind"] == TV_BEHIND == "Recorded; the TV may be behind."


@pytest.mark.django_db(transaction=True)
def test_a_round_the_boards_were_told_of_says_nothing_of_the_tv(host_client, bus_evening):
    response = host_client.post(bus_evening.get_absolute_url(), sent(ROUND), headers=HX)
    assert said(response)["status"] == "recorded" and "behind" not in said(response)
    assert TV_BEHIND not in text_of(response)


@pytest.mark.django_db(transaction=True)
def test_without_htmx_the_page_after_the_round_says_the_tv_may_be_behind(host_client, bus_evening, settings):
    use_layer(settings, BrokenLayer)
    response = host_client.post(bus_evening.get_absolute_url(), sent(ROUND), follow=True)
    assert response.status_code == 200 and TV_BEHIND in text_of(response)
    assert TV_BEHIND not in text_of(host_client.get(bus_evening.get_absolute_url()))  # said once


@pytest.mark.django_db(transaction=True)
def test_the_round_that_ends_the_game_says_it_beside_round_n_recorded(host_client, bus_evening, settings):
    """No form is left to say it (the game is over): the last round's heading does."""
    hands = [("As Ks Qs", "2c 3d 5h"), ("Ah Kh Qh", "2s 3c 5d"), ("Ad Kd Qd", "2h 3s 5c")]
    for number, (ann, bob) in enumerate(hands, start=1):
        if number == 3:
            use_layer(settings, BrokenLayer)
        round_ = {"number": str(number), "hand_0": ann, "hand_1": bob}
        response = host_client.post(bus_evening.get_absolute_url(), sent(round_), headers=HX)
    assert "Winner: Ann" in text_of(response)
    beside = r'Round 3 recorded</h2>\s*<p class="warning tv-behind">Recorded; the TV may be behind.</p>'
    assert re.search(beside, response.content.decode())


@pytest.mark.django_db(transaction=True)
def test_a_round_that_changes_who_plays_says_it_in_the_pad_beside_round_n_recorded(host_client, evening, settings):
    """Cy out: the next round's form is a new one, rendered with the pad saying what was recorded."""
    from scoring.services import game_start

    game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 1})
    use_layer(settings, BrokenLayer)
    round_ = {"number": "1", "hand_0": "As Ks Qs", "hand_1": "7c 7d 9s", "hand_2": "2c 3d 5h"}
    response = host_client.post(evening.get_absolute_url(), sent(round_), headers=HX)
    pad = text_of(pad_of(response))
    assert "Round 1 recorded" in pad and TV_BEHIND in pad
    assert pad.index("Round 1 recorded") < pad.index(TV_BEHIND)


@pytest.mark.django_db(transaction=True)
async def test_a_board_that_missed_a_round_catches_up_with_the_next_change(settings):
    """The broadcast is the whole board: the next one that gets through brings the missed
    round's effect too (and a reconnect does the same: test_board.py)."""
    use_layer(settings, FlakyLayer)
    session, game = await evening_under_way()
    board, _ = await connect(session.share_token)
    await board.receive_from()
    FlakyLayer.down = True
    try:
        await record(game, 1)
    finally:
        FlakyLayer.down = False
    assert await board.receive_nothing()  # the TV is behind
    await record(game, 2)
    shown = text_of(await board.receive_from())
    assert "Round 2" in shown and "Round 1" in shown  # the strip of earlier rounds has the one it missed
    assert "Bob loses a token (1 left)" in shown
    await board.disconnect()


@pytest.mark.django_db(transaction=True)
def test_a_correction_or_deletion_the_boards_missed_says_the_tv_may_be_behind(host_client, bus_evening, settings):
    host_client.post(bus_evening.get_absolute_url(), sent(ROUND), headers=HX)
    game = bus_evening.games.get()
    base = f"/sessions/{bus_evening.public_id}/games/{game.public_id}"
    use_layer(settings, BrokenLayer)
    fixed = sent({"number": "1", "hand_0": "2c 3d 5h", "hand_1": "As Ks Qs", "action": "confirm"})
    corrected = host_client.post(f"{base}/rounds/1/", fixed, follow=True)
    assert "Round 1 of Stop the Bus · game 1 corrected." in text_of(corrected)
    assert CHANGE_BEHIND in text_of(corrected)
    deleted = host_client.post(f"{base}/delete-last/", sent({"number": "1"}), follow=True)
    assert "Round 1 of Stop the Bus · game 1 deleted." in text_of(deleted) and CHANGE_BEHIND in text_of(deleted)


@pytest.mark.django_db(transaction=True)
def test_a_correction_the_boards_were_told_of_says_nothing_of_the_tv(host_client, bus_evening):
    host_client.post(bus_evening.get_absolute_url(), sent(ROUND), headers=HX)
    game = bus_evening.games.get()
    fixed = sent({"number": "1", "hand_0": "2c 3d 5h", "hand_1": "As Ks Qs", "action": "confirm"})
    corrected = host_client.post(
        f"/sessions/{bus_evening.public_id}/games/{game.public_id}/rounds/1/", fixed, follow=True
    )
    assert "corrected." in text_of(corrected) and CHANGE_BEHIND not in text_of(corrected)
