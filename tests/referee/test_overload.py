"""Past capacity: a request that finds no database connection free within the pool's wait
is answered 503 "busy" with Retry-After (plain words for htmx, the page otherwise), never a
500 nor another connection; nothing of it is saved, and sending it again counts it once.

The real thing needs PostgreSQL (the pool is PostgreSQL's): a Daphne process with a pool of
one connection, held by a round that waits on a lock the test holds."""

import contextlib
import logging
import threading
import urllib.error
import urllib.parse
import uuid

import psycopg
import pytest
from django.db import OperationalError, connection
from psycopg_pool import PoolTimeout

from referee.database_pool import CountedConnection, attempts
from referee.database_unavailable import BUSY, SERVER_BUSY, DatabaseUnavailableMiddleware, pool_busy
from scoring.models import Round
from scoring.services import game_start, session_start

from ..factories import PASSWORD, UserFactory
from ..pages import text_of
from ..servers import Browser, Daphne, another_client, answered, database_address, free_port, services_needed

pytestmark = pytest.mark.django_db(transaction=True)

RETRY_AFTER = SERVER_BUSY.retry_after
ROUNDS = ({"hand_0": "As Ks Qs", "hand_1": "2c 3d 5h"}, {"hand_0": "2c 3d 5h", "hand_1": "As Ks Qs"})


def pool_timeout() -> OperationalError:
    """What Django raises when the pool has no connection free in time."""
    error = OperationalError("couldn't get a connection after 3.00 sec")
    error.__cause__ = PoolTimeout("couldn't get a connection after 3.00 sec")
    return error


def test_a_pool_timeout_is_busy_while_the_pool_can_connect(monkeypatch):
    monkeypatch.setattr(attempts, "last_failed", False)
    assert pool_busy(pool_timeout())
    assert not pool_busy(OperationalError("connection refused"))  # the database down
    attempts.failed()  # the pool's last attempt to connect failed: the database is down, not busy
    assert not pool_busy(pool_timeout())


def test_a_failed_attempt_to_connect_is_remembered_until_one_succeeds(monkeypatch):
    monkeypatch.setattr(attempts, "last_failed", False)
    with pytest.raises(psycopg.OperationalError):
        CountedConnection.connect(host="127.0.0.1", port=free_port(), user="postgres", dbname="test", connect_timeout=2)
    assert attempts.last_failed
    if connection.vendor == "postgresql":
        CountedConnection.connect(**database_address()).close()
        assert not attempts.last_failed  # the database reached again


def htmx_post(browser: Browser, path: str, fields: dict):
    """A round as the session page's htmx sends it: (status, headers, body)."""
    token = urllib.parse.unquote(next(c.value for c in browser.cookies if c.name == "csrftoken"))
    body = urllib.parse.urlencode(fields).encode()
    headers = {"HX-Request": "true", "X-CSRFToken": token, "Origin": browser.origin, "Referer": browser.origin + path}
    return answer_of(lambda: browser.open(path, body, headers))


def answer_of(request) -> tuple[int, dict, str]:
    try:
        response = request()
    except urllib.error.HTTPError as error:
        response = error
    return response.status, dict(response.headers), response.read().decode()


@contextlib.contextmanager
def rounds_locked():
    """The rounds' table locked by another client of the database until the block ends: a
    round sent meanwhile waits, holding its connection."""
    with another_client() as other:
        other.execute(f"LOCK TABLE {Round._meta.db_table} IN ACCESS EXCLUSIVE MODE")
        yield
        other.rollback()


@pytest.mark.server
def test_past_the_pool_a_request_is_answered_busy_and_a_round_sent_again_counts_once():
    services_needed("DATABASE_URL")  # the pool is PostgreSQL's
    host = UserFactory(username="host")
    session = session_start(host=host, title="Busy night", played_on="2026-11-27", player_names=["Ann", "Bob"])
    game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 3})
    path = session.get_absolute_url()
    with Daphne(env={"DATABASE_POOL_SIZE": "1", "DATABASE_POOL_WAIT": "0.5", "REDIS_URL": ""}) as server:
        phone = Browser(server.url)
        phone.post("/accounts/login/", {"username": "host", "password": PASSWORD})
        phone.get(path)
        first = {"number": "1", "submission": str(uuid.uuid4()), **ROUNDS[0]}
        second = {"number": "2", "submission": str(uuid.uuid4()), **ROUNDS[1]}
        answers = {}
        with rounds_locked():
            waiting = threading.Thread(target=lambda: answers.update(first=htmx_post(phone, path, first)))
            waiting.start()
            waiting.join(1.0)  # the round now waits on the lock, holding the process's only connection
            assert waiting.is_alive(), answers
            busy = htmx_post(phone, path, second)
            page = answer_of(lambda: phone.open(path))
        waiting.join(10)
        again = htmx_post(phone, path, second)  # the outbox sends it again, with its id
        repeated = htmx_post(phone, path, first)  # and a round sent twice (a double tap)
        normal = answer_of(lambda: phone.open(path))
        log = server.errors()

    status, headers, body = busy
    assert (status, headers["Retry-After"]) == (503, str(RETRY_AFTER))
    assert headers["Content-Type"] == "text/plain; charset=utf-8"
    assert body == BUSY
    status, headers, body = page
    assert (status, headers["Retry-After"]) == (503, str(RETRY_AFTER))
    assert "The server is busy" in text_of(body) and "try again in a moment" in text_of(body)
    assert f'<meta http-equiv="refresh" content="{RETRY_AFTER}">' in body  # the page tries again by itself
    assert answers["first"][0] == 200 and "Round 1 recorded" in answers["first"][2]
    assert again[0] == 200 and "Round 2 recorded" in again[2]
    assert repeated[0] == 200
    assert normal[0] == 200
    assert list(session.games.get().rounds.values_list("number", flat=True).order_by("number")) == [1, 2]
    assert "Traceback" not in log, log
    assert set(answered(log)) == {"200", "302", "503"}, log  # 302: the login
    assert "the server is busy (no database connection free in time)" in log


def test_a_busy_page_answers_in_the_apps_look_for_a_get_and_says_nothing_was_recorded_for_a_post(rf):
    middleware = DatabaseUnavailableMiddleware(lambda request: None)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(attempts, "last_failed", False)
        page = middleware.process_exception(rf.get("/sessions/"), pool_timeout())
        posted = middleware.process_exception(rf.post("/sessions/"), pool_timeout())
        other = middleware.process_exception(rf.get("/sessions/"), ValueError("a bug"))
    assert page.status_code == 503 and page["Retry-After"] == str(RETRY_AFTER)
    assert '<a class="button primary" href="/sessions/">Try again now</a>' in page.content.decode()
    assert posted.status_code == 503 and BUSY in text_of(posted)
    assert "http-equiv" not in posted.content.decode()  # a POST is never sent again by the page itself
    assert other is None  # a fault of ours is still the fault page


def test_each_busy_answer_is_one_warning_line_without_a_traceback(rf, caplog, monkeypatch):
    monkeypatch.setattr(attempts, "last_failed", False)
    with caplog.at_level(logging.WARNING, logger="referee.database_unavailable"):
        DatabaseUnavailableMiddleware(lambda request: None).process_exception(rf.get("/sessions/"), pool_timeout())
    (line,) = [record for record in caplog.records if record.name == "referee.database_unavailable"]
    assert line.exc_info is None
    assert line.getMessage() == "GET /sessions/: the server is busy (no database connection free in time)"
