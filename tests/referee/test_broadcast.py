"""A change is kept and the host answered whatever happens to the boards' broadcast: a
channel layer that fails or hangs is logged with the session and given up within its
bound; boards catch up on the next change or when they reconnect."""

import pytest

from scoring.models import Round

from ..layers import BrokenLayer, HangingLayer, use_layer
from ..pages import HX, sent, text_of

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
        if record.name == "referee.board.broadcast"
    )
