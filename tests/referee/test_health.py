"""/health/, for the proxy and for monitoring: the database and the channel layer each
answer, or the answer is 503 naming the one that did not; no login, nothing else said."""

import pytest
from django.db import OperationalError, connection

from referee.settings import channel_layers_config

from ..layers import HangingLayer, use_layer
from ..servers import free_port

BOTH_OK = {"database": "ok", "channel_layer": "ok"}


@pytest.mark.django_db
def test_both_answering_is_200_with_nothing_but_the_two_checks(client):
    response = client.get("/health/")
    assert (response.status_code, response.json()) == (200, BOTH_OK)
    assert "no-cache" in response["Cache-Control"]
    assert "sessionid" not in response.cookies


@pytest.mark.django_db
def test_the_database_down_is_503_naming_it(client, monkeypatch, caplog):
    def refuse():
        raise OperationalError('connection to server at "127.0.0.1", port 5432 failed: Connection refused')

    monkeypatch.setattr(connection, "cursor", refuse)
    response = client.get("/health/")
    assert (response.status_code, response.json()) == (503, {"database": "unavailable", "channel_layer": "ok"})
    assert "5432" not in response.content.decode()
    assert [record.getMessage() for record in caplog.records if record.name == "referee.views.health"] == [
        "Health check: the database did not answer."
    ]


@pytest.mark.django_db
def test_redis_refusing_connections_is_503_naming_the_channel_layer(client, settings):
    settings.CHANNEL_LAYERS = channel_layers_config(f"redis://127.0.0.1:{free_port()}/0")
    response = client.get("/health/")
    assert (response.status_code, response.json()) == (503, {"database": "ok", "channel_layer": "unavailable"})


@pytest.mark.django_db
def test_a_channel_layer_that_does_not_answer_is_given_up_on_and_named_in_a_503(client, settings):
    use_layer(settings, HangingLayer)
    HangingLayer.given_up = False
    response = client.get("/health/")
    assert (response.status_code, response.json()) == (503, {"database": "ok", "channel_layer": "unavailable"})
    assert HangingLayer.given_up


@pytest.mark.django_db
def test_behind_tls_the_check_answers_over_plain_http_where_pages_redirect(client, settings):
    """A proxy or a monitor on the machine can probe a process directly."""
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/").status_code == 301
    assert client.get("/health/").status_code == 200
