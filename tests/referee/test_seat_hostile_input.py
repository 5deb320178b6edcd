"""A seat link in hostile hands: whatever a client sends to a seat's page, its checks or the
host's "enter for this seat", the answer is a 200 or a 4xx saying in words what was wrong,
nothing is kept, no traceback is written, and what the client sent reaches the log as a
short prefix at most."""

import logging
import uuid

import pytest

from scoring.models import SeatHand, SessionPlayer, Submission

from ..pages import HX, text_of
from .seats import hidden_fields

pytestmark = pytest.mark.django_db

HUGE = "x" * 100_000
HOSTILE = {
    "not a uuid": "not-a-uuid",
    "a uuid with a NUL": f"{uuid.uuid4()}\x00",
    "a NUL": "\x00",
    "100 KB": HUGE,
    "100 KB of digits": "9" * 100_000,
    "4,000 digits": "9" * 4_000,
    "a word": "abc",
    "zero": "0",
    "minus one": "-1",
    "blank": "   ",
    "cards and a NUL": "As Ks\x00 Qs",
    "markup": "<script>alert(1)</script>",
}
# In Crash a blank hand is a player's choice (fewer hands, or none): not hostile there.
CRASH_HOSTILE = {key: value for key, value in HOSTILE.items() if value.strip()}
FIELDS = ["game", "number", "submission", "hand_0"]
CRASH_FIELDS = ["game", "number", "submission", "hand_0_1", "hand_0_2", "declare_0", "declared_0"]
LOG_PREFIX = 200  # the most of one value sent that a log line may hold


@pytest.fixture
def crash_options():
    return {"coach": True}


def token_of(session, name):
    return SessionPlayer.objects.get(session=session, player__name=name).seat_token


def assert_refused_cleanly(response, caplog, value):
    """A 200 or 4xx, words rather than "None:", no traceback, the value not in the log."""
    assert response.status_code < 500, response.content[:300]
    assert "None:" not in text_of(response)
    assert value not in response.content.decode(errors="replace") or len(value) < 60
    for record in caplog.records:
        assert record.exc_info is None, f"a traceback in the log: {record.getMessage()[:300]}"
        said = record.getMessage()
        assert len(said) < 2 * LOG_PREFIX + 200 or value[:LOG_PREFIX] not in said, "the log holds what was sent"
    assert not SeatHand.objects.exists() and not Submission.objects.exists()


def post_seat(client, url, form, field, value, htmx):
    data = {**form, "hand_0": "As Ks Qs", field: value}
    return client.post(url, data, headers=HX if htmx else {})


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_seat_post_with_a_hostile_field_is_refused_in_words(client, bus, caplog, field, value, htmx):
    url = f"/seat/{token_of(bus.session, 'Ann')}/"
    form = hidden_fields(client.get(url))
    caplog.set_level(logging.DEBUG)
    response = post_seat(client, url, form, field, value, htmx)
    assert_refused_cleanly(response, caplog, value)
    assert "Not sent" in text_of(response) or "out of date" in text_of(response)


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_the_hosts_entry_for_a_seat_with_a_hostile_field_is_refused_in_words(host_client, bus, caplog, field, value):
    url = f"/sessions/{bus.session.public_id}/seats/{bus.session.players.get(name='Bob').public_id}/hand/"
    form = hidden_fields(host_client.get(url))
    caplog.set_level(logging.DEBUG)
    for htmx in (True, False):
        response = post_seat(host_client, url, form, field, value, htmx)
        assert_refused_cleanly(response, caplog, value)


@pytest.mark.parametrize("field", CRASH_FIELDS)
@pytest.mark.parametrize("value", CRASH_HOSTILE.values(), ids=CRASH_HOSTILE.keys())
def test_a_crash_seat_with_a_hostile_field_is_refused_in_words(client, crash, caplog, field, value):
    token = token_of(crash.session, "Ann")
    url = f"/seat/{token}/"
    form = hidden_fields(client.get(url))
    caplog.set_level(logging.DEBUG)
    response = client.post(url, {**form, "hand_0_1": "As Ks Qs", field: value}, headers=HX)
    assert_refused_cleanly(response, caplog, value)
    for check in ("setting-check", "coach"):  # the seat's live checks take the same fields
        answer = client.get(f"/seat/{token}/{check}/", {"hand_0_1": "As Ks Qs", field: value}, headers=HX)
        assert_refused_cleanly(answer, caplog, value)


@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_other_cards_field_for_the_coach_is_refused_in_words(client, crash, caplog, value):
    token = token_of(crash.session, "Ann")
    caplog.set_level(logging.DEBUG)
    answer = client.get(f"/seat/{token}/coach/", {"other_cards": value}, headers=HX)
    assert_refused_cleanly(answer, caplog, value)


@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
@pytest.mark.parametrize("tail", ["", "setting-check/", "coach/"])
def test_a_hostile_seat_token_opens_nothing_and_says_so(client, bus, caplog, value, tail):
    caplog.set_level(logging.DEBUG)
    response = client.get(f"/seat/{value.replace('/', '')}/{tail}")
    assert_refused_cleanly(response, caplog, value)
    assert response.status_code == 404


def test_a_malformed_game_id_says_the_form_is_out_of_date(client, bus):
    url = f"/seat/{token_of(bus.session, 'Ann')}/"
    form = hidden_fields(client.get(url))
    answer = client.post(url, {**form, "hand_0": "As Ks Qs", "game": "not-a-uuid"}, headers=HX)
    assert "This form is out of date: reload the page." in text_of(answer)


@pytest.mark.parametrize("number", ["abc", "0", "-1", "9" * 100_000, ""])
def test_a_bad_round_number_says_the_form_is_out_of_date_not_none(client, bus, number):
    url = f"/seat/{token_of(bus.session, 'Ann')}/"
    form = hidden_fields(client.get(url))
    answer = client.post(url, {**form, "hand_0": "As Ks Qs", "number": number}, headers=HX)
    assert "This form is out of date: reload the page." in text_of(answer)
