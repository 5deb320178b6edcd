"""While the database is not answering, every page that needs it says so, 503 with
Retry-After, in the app's look (htmx: the words alone), and tries again by itself; a page
that needs no database still answers; /health/ still names the database; other faults are
still faults."""

import contextlib
import logging
import re

import pytest
from django.db import IntegrityError, InterfaceError, OperationalError, connection
from django.urls import reverse

from referee.database_unavailable import DATABASE_DOWN, NOT_ANSWERING, is_database_down
from scoring.models import Round, SessionPlayer

from ..pages import HX, sent, text_of
from ..servers import free_port

pytestmark = pytest.mark.django_db(transaction=True)
RETRY_AFTER = NOT_ANSWERING.retry_after


def close_pool() -> None:
    """PostgreSQL's pool keeps the connections it made from the settings it began with: it
    starts again from the settings as they now are."""
    if connection.vendor == "postgresql":
        connection.close_pool()


@contextlib.contextmanager
def address_gone():
    """The database's address in the settings one where nothing answers: PostgreSQL's port
    closed, or SQLite's file in a folder that does not exist. A connection opened from the
    settings fails in the driver; one already open (or PostgreSQL's pool, which keeps the
    settings it began with) goes on as it was."""
    settings = connection.settings_dict
    kept = {key: settings[key] for key in ("NAME", "HOST", "PORT")}
    if connection.vendor == "sqlite":
        settings["NAME"] = "/nonexistent-folder/db.sqlite3"
    else:
        settings["HOST"], settings["PORT"] = "127.0.0.1", free_port()  # nothing listens there
    try:
        yield
    finally:
        settings.update(kept)


@contextlib.contextmanager
def database_gone():
    """The database out of reach for the connections opened meanwhile, as when it is stopped:
    every connection closed, and the address gone. Connecting fails in the driver, and Django
    raises its OperationalError, as it does in production."""
    settings = connection.settings_dict
    options = settings["OPTIONS"]
    connection.close()
    close_pool()
    if "pool" in options:  # the pool's wait for a connection it cannot make: short here
        settings["OPTIONS"] = {**options, "pool": {**options["pool"], "timeout": 0.5}}
    try:
        with address_gone():
            yield
    finally:
        connection.close()
        close_pool()
        settings["OPTIONS"] = options


def pages_of(session) -> dict[str, str]:
    game = session.games.get()
    return {
        "my sessions": reverse("my-sessions"),
        "the session": session.get_absolute_url(),
        "its history": reverse("past-session", args=[session.public_id]),
        "a player": session.players.first().get_absolute_url(),
        "a correction": reverse("correct-round", args=[session.public_id, game.public_id, 1]),
    }


ROUND = {"number": "1", "hand_0": "As Ks Qs", "hand_1": "2c 3d 5h"}


def assert_says_the_database_is_down(response, path: str) -> None:
    assert response.status_code == 503
    assert response["Retry-After"] == str(RETRY_AFTER)
    text = text_of(response)
    assert "Waiting for the database" in text and DATABASE_DOWN in text
    markup = response.content.decode()
    assert '<link rel="stylesheet" href="/static/css/app.css">' in markup  # the app's look
    assert f'<meta http-equiv="refresh" content="{RETRY_AFTER}">' in markup  # tries again by itself
    assert f'<a class="button primary" href="{path}">Try again now</a>' in markup


def test_every_page_of_the_host_answers_503_saying_the_database_is_not_answering(host_client, bus_evening):
    host_client.post(bus_evening.get_absolute_url(), sent(ROUND), headers=HX)
    pages = pages_of(bus_evening)
    with database_gone():
        for name, path in pages.items():
            response = host_client.get(path)
            assert_says_the_database_is_down(response, path), name


def test_the_tvs_board_page_answers_503_and_tries_again_by_itself(client, bus_evening):
    path = reverse("board", args=[bus_evening.share_token])
    assert client.get(path).status_code == 200
    with database_gone():
        response = client.get(path)
    assert_says_the_database_is_down(response, path)


def test_a_players_own_seat_page_answers_503(client, bus_evening):
    seat = SessionPlayer.objects.filter(session=bus_evening).first()
    path = reverse("seat", args=[seat.seat_token])
    with database_gone():
        assert_says_the_database_is_down(client.get(path), path)


def test_htmx_gets_the_words_alone_as_plain_text(host_client, bus_evening):
    with database_gone():
        response = host_client.get(bus_evening.get_absolute_url(), headers=HX)
    assert response.status_code == 503 and response["Retry-After"] == str(RETRY_AFTER)
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == DATABASE_DOWN


def test_a_round_sent_while_the_database_is_down_is_503_and_the_page_says_to_check_it_later(host_client, bus_evening):
    with database_gone():
        response = host_client.post(bus_evening.get_absolute_url(), sent(ROUND))
    assert response.status_code == 503 and DATABASE_DOWN in text_of(response)
    assert "open the page again to see, then send it again if it is missing" in text_of(response)
    assert "http-equiv" not in response.content.decode()  # a POST is never sent again by the page itself
    assert Round.objects.count() == 0


def test_each_refused_request_is_one_warning_line_without_a_traceback(host_client, bus_evening, caplog):
    with caplog.at_level(logging.WARNING, logger="referee.database_unavailable"), database_gone():
        host_client.get(bus_evening.get_absolute_url())
    (line,) = [record for record in caplog.records if record.name == "referee.database_unavailable"]
    assert line.levelno == logging.WARNING and line.exc_info is None
    path = bus_evening.get_absolute_url()
    assert re.fullmatch(rf"GET {path}: the database is not answering \(.+\)", line.getMessage())


def test_a_page_that_needs_no_database_still_answers(client):
    with database_gone():
        response = client.get(reverse("rules"))
    assert response.status_code == 200


def test_health_still_names_the_database(client):
    with database_gone():
        response = client.get("/health/")
    assert response.status_code == 503 and response.json()["database"] == "unavailable"


def test_the_page_comes_back_when_the_database_does(host_client, bus_evening):
    with database_gone():
        assert host_client.get(bus_evening.get_absolute_url()).status_code == 503
    assert host_client.get(bus_evening.get_absolute_url()).status_code == 200


def test_only_the_databases_connection_errors_count_as_down():
    assert is_database_down(OperationalError("connection refused"))
    assert is_database_down(InterfaceError("connection already closed"))
    assert not is_database_down(IntegrityError("duplicate key"))  # a fault of ours: the 500 page
    assert not is_database_down(ValueError("bad input"))


def test_the_pools_timeout_is_the_database_down_only_when_the_pool_could_not_connect(monkeypatch):
    """The pool waits alike when every connection is in use and when it cannot connect: its
    last attempt to connect tells them apart (the first is answered "busy")."""
    from psycopg_pool import PoolTimeout

    from referee.database_pool import attempts

    error = OperationalError("couldn't get a connection after 3.00 sec")
    error.__cause__ = PoolTimeout("couldn't get a connection after 3.00 sec")
    monkeypatch.setattr(attempts, "last_failed", False)
    assert not is_database_down(error)
    attempts.failed()
    assert is_database_down(error)


@contextlib.contextmanager
def connection_broken_once():
    """The request's first statement fails as one on a connection from before a restart of the
    database does (the server ended it); the next ones, on a new connection, go through."""
    failed = []

    def broken(execute, sql, params, many, context):
        if not failed:
            failed.append(sql)
            raise OperationalError("terminating connection due to administrator command")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(broken):
        yield failed


def test_a_page_whose_connection_broke_is_asked_again_on_a_new_one_and_answers(host_client, bus_evening, caplog):
    path = bus_evening.get_absolute_url()
    with caplog.at_level(logging.WARNING, logger="referee.database_unavailable"), connection_broken_once() as failed:
        response = host_client.get(path)
    assert failed and response.status_code == 200 and "Friday" in text_of(response)
    (line,) = [record.getMessage() for record in caplog.records if record.name == "referee.database_unavailable"]
    assert line == (
        f"GET {path}: its database connection broke (terminating connection due to administrator command): asked again"
    )


def test_a_round_whose_connection_broke_is_not_sent_again_by_the_server(host_client, bus_evening):
    with connection_broken_once():
        response = host_client.post(bus_evening.get_absolute_url(), sent(ROUND))
    assert response.status_code == 503 and DATABASE_DOWN in text_of(response)
    assert Round.objects.count() == 0  # the host's phone sends it again, with its id


def test_a_page_whose_connection_broke_while_the_database_does_not_answer_is_answered_at_once(
    host_client, bus_evening, caplog
):
    path = bus_evening.get_absolute_url()
    with (
        caplog.at_level(logging.WARNING, logger="referee.database_unavailable"),
        address_gone(),
        connection_broken_once() as failed,
    ):
        response = host_client.get(path)
    assert failed and response.status_code == 503 and DATABASE_DOWN in text_of(response)
    (line,) = [record.getMessage() for record in caplog.records if record.name == "referee.database_unavailable"]
    assert line.startswith(f"GET {path}: the database is not answering (")  # not asked again


def test_whether_the_database_answers_is_asked_of_the_database_itself():
    from referee.database_unavailable import database_answers

    assert database_answers()
    with address_gone():
        assert not database_answers()
