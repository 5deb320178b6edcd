import multiprocessing
import os

import pytest
from django.db.backends.signals import connection_created
from django.dispatch import receiver
from hypothesis import settings as hypothesis_settings

from referee.settings import worker_redis_url

# Channels' live server forks a Daphne process; after an async test in the same run a fork
# inherits a broken event loop and WebSocket handshakes reset (docs/contributing.md, Tests). Spawn instead.
multiprocessing.set_start_method("spawn", force=True)

# Under pytest-xdist each worker has a test database of its own (pytest-django) and a Redis
# database of its own (referee/settings.py's channel layer): so has every other reader of
# REDIS_URL, the app's own (referee/panel_marks.py), the tests' and the servers they start.
if os.environ.get("REDIS_URL"):
    os.environ["REDIS_URL"] = worker_redis_url(os.environ["REDIS_URL"], os.environ.get("PYTEST_XDIST_WORKER", ""))

# Property tests (hypothesis): in CI each runs its full count of examples (150 for the engine's,
# Hypothesis's 100 where a test names none); here a quick sample of each, at most 25, so `make
# check` stays quick. HYPOTHESIS_PROFILE=ci runs CI's count here. tests/engine/strategies.py's
# examples() gives the count a test names.
hypothesis_settings.register_profile("ci")
hypothesis_settings.register_profile("quick", max_examples=25)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "quick"))


@receiver(connection_created)
def _flushes_outwait_the_live_servers(sender, connection, **kwargs):
    """After each live-server test the database is emptied (TRUNCATE) while the server may
    still be making a change a closing page asked for (a seat's phone closing takes its
    session's turn): on PostgreSQL each can wait on the other, and the first to look for a
    deadlock, deadlock_timeout after it began waiting, is the one refused. The tests' own
    connections look last, so the server's change is refused (it logs it) and the next test
    starts from an empty database, rather than the test failing as its database was emptied."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET deadlock_timeout = '10s'")


def pytest_collection_modifyitems(items):
    """Browser tests last: Playwright's sync API keeps an event loop running in the main
    thread for the rest of the session, and async tests cannot start beside it. Under
    pytest-xdist each worker is handed its tests in this order (its default distribution,
    `load`, hands them out from the front), so they come last in each worker too."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """In CI nothing may skip: a skip there is a failure."""
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, where nothing may skip: {report.longrepr}"


@pytest.fixture
def host(db):
    from .factories import UserFactory

    return UserFactory(username="hostess")


@pytest.fixture
def host_client(client, host):
    client.force_login(host)
    return client


@pytest.fixture
def organiser(db):
    """A club night's organiser (an account of their own)."""
    from .factories import UserFactory

    return UserFactory()


@pytest.fixture
def organiser_client(organiser):
    from django.test import Client

    client = Client()
    client.force_login(organiser)
    return client


@pytest.fixture
def evening(host):
    """The host's Friday session: Ann, Bob and Cy at the table, no game started yet."""
    from scoring.services import session_start

    return session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])


@pytest.fixture
def bus_options():
    """Options for ``bus``'s game beyond its defaults (``factories.bus_game``'s keywords): a
    module overrides this fixture to vary the game."""
    return {}


@pytest.fixture
def bus(evening, bus_options):
    """The evening's game of Stop the Bus between Ann, Bob and Cy: 2 tokens each, Ann dealing
    first, unless ``bus_options`` says otherwise."""
    from .factories import bus_game

    return bus_game(evening, **bus_options)


@pytest.fixture
def crash_options():
    """Options for ``crash``'s game beyond its defaults: a module overrides this fixture to
    vary the game."""
    return {}


@pytest.fixture
def crash(evening, crash_options):
    """The evening's game of Crash between Ann and Bob: to 99 points (it goes on), with
    declarations, Ann dealing first, unless ``crash_options`` says otherwise."""
    from scoring.services import game_start

    options = {"target": 99, "first_dealer": 0, "declarations": True, **crash_options}
    return game_start(session=evening, kind="crash", seat_names=["Ann", "Bob"], options=options)
