"""Settings from the environment, and the services CI proves: PostgreSQL, Redis, ASGI."""

import asyncio
import os
import re
from pathlib import Path

import pytest
from asgiref.testing import ApplicationCommunicator
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection
from django.db.utils import ConnectionHandler

from referee.asgi import application
from referee.environment import env_flag
from referee.settings import channel_layers_config, database_config

from ..servers import services_needed
from .deploy_check import check_deploy


def test_without_database_url_the_database_is_a_sqlite_file_in_wal_mode(tmp_path, django_db_blocker):
    config = database_config(None, tmp_path)
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(tmp_path / "db.sqlite3")
    handler = ConnectionHandler({"default": config})
    try:
        # A throwaway database file of this test's own, not the test database.
        with django_db_blocker.unblock(), handler["default"].cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            assert cursor.fetchone()[0] == "wal"
    finally:
        handler.close_all()
    assert (tmp_path / "db.sqlite3").exists()


def test_a_database_url_selects_postgresql():
    config = database_config("postgres://postgres@127.0.0.1:5432/test", None)
    assert (config["ENGINE"], config["NAME"], config["USER"], config["HOST"], config["PORT"]) == (
        "django.db.backends.postgresql",
        "test",
        "postgres",
        "127.0.0.1",
        5432,
    )


def test_without_redis_url_the_channel_layer_is_in_memory():
    assert channel_layers_config(None)["default"]["BACKEND"] == "channels.layers.InMemoryChannelLayer"


def test_a_redis_url_selects_channels_redis():
    layer = channel_layers_config("redis://127.0.0.1:6379/0")["default"]
    assert layer["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    [host] = layer["CONFIG"]["hosts"]
    assert host["address"] == "redis://127.0.0.1:6379/0"


def test_the_database_connection_is_closed_after_each_request():
    config = database_config("postgres://postgres@127.0.0.1:5432/test", None)
    assert (config["CONN_MAX_AGE"], config["CONN_HEALTH_CHECKS"]) == (0, False)


def test_postgresql_connections_come_from_a_pool_of_20_a_process_by_default(monkeypatch):
    monkeypatch.delenv("DATABASE_POOL_SIZE", raising=False)
    monkeypatch.delenv("DATABASE_POOL_WAIT", raising=False)
    pool = database_config("postgres://postgres@127.0.0.1:5432/test", None)["OPTIONS"]["pool"]
    assert (pool["max_size"], pool["timeout"]) == (20, 3.0)
    assert pool["min_size"] <= pool["max_size"]


def test_the_pool_is_sized_from_the_environment(monkeypatch):
    monkeypatch.setenv("DATABASE_POOL_SIZE", "1")
    monkeypatch.setenv("DATABASE_POOL_WAIT", "0.5")
    pool = database_config("postgres://postgres@127.0.0.1:5432/test", None)["OPTIONS"]["pool"]
    assert (pool["min_size"], pool["max_size"], pool["timeout"]) == (1, 1, 0.5)


@pytest.mark.parametrize("value", ["0", "-3", "twenty", "2.5"])
def test_a_pool_size_that_is_not_a_positive_whole_number_stops_the_server_saying_so(monkeypatch, value):
    monkeypatch.setenv("DATABASE_POOL_SIZE", value)
    expected = f"DATABASE_POOL_SIZE={value!r}: expected a whole number, at least 1 (default 20)"
    with pytest.raises(ValueError, match=re.escape(expected)):
        database_config("postgres://postgres@127.0.0.1:5432/test", None)


def test_sqlite_has_no_pool():
    assert "pool" not in database_config(None, Path("/tmp"))["OPTIONS"]


@pytest.mark.parametrize(
    ("value", "expected"),
    [("1", True), ("true", True), ("Yes", True), ("0", False), ("false", False), ("", False), (None, False)],
)
def test_debug_flag_reads_common_spellings(monkeypatch, value, expected):
    if value is None:
        monkeypatch.delenv("X_FLAG", raising=False)
    else:
        monkeypatch.setenv("X_FLAG", value)
    assert env_flag("X_FLAG", False) is expected


@pytest.mark.django_db
@pytest.mark.server
def test_the_suite_runs_on_postgresql_when_database_url_is_set():
    services_needed("DATABASE_URL")
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("select current_setting('server_version_num')::int")
        assert cursor.fetchone()[0] >= 120000
        # The tests' connections look for a deadlock last (tests/conftest.py): a live server's
        # change still running as a test's database is emptied is the one refused.
        cursor.execute("show deadlock_timeout")
        assert cursor.fetchone()[0] == "10s"


@pytest.mark.server
async def test_the_channel_layer_is_redis_and_carries_group_messages_when_redis_url_is_set():
    services_needed("REDIS_URL")
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add("config-check", channel)
    await layer.group_send("config-check", {"type": "board.html", "html": "<p>hi</p>"})
    assert await layer.receive(channel) == {"type": "board.html", "html": "<p>hi</p>"}
    await layer.group_discard("config-check", channel)
    await layer.flush()


@pytest.mark.server
async def test_a_busy_process_loses_none_of_its_boards_updates_on_redis():
    """A process's boards share one Redis inbox: 4 boards behind by 150 changes (600
    messages waiting, a process busy for a moment under load) still get every one."""
    services_needed("REDIS_URL")
    layer = get_channel_layer()
    boards = [await layer.new_channel() for _ in range(4)]
    for board in boards:
        await layer.group_add("busy-check", board)
    try:
        for revision in range(150):
            await layer.group_send("busy-check", {"type": "board.html", "html": "<p>board</p>", "revision": revision})
        for board in boards:
            assert [(await asyncio.wait_for(layer.receive(board), 5))["revision"] for _ in range(150)] == list(
                range(150)
            )
    finally:
        await layer.flush()


async def asgi_get(path):
    """One GET through the ASGI application, as Daphne would send it (a final body chunk
    may omit "body", which channels' HttpCommunicator does not accept)."""
    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": "GET",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "scheme": "http",
        "headers": [(b"host", b"localhost")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    communicator = ApplicationCommunicator(application, scope)
    await communicator.send_input({"type": "http.request", "body": b""})
    start = await communicator.receive_output(5)
    body = b""
    while True:
        chunk = await communicator.receive_output(5)
        body += chunk.get("body", b"")
        if not chunk.get("more_body"):
            break
    await communicator.wait()
    return start["status"], body


@pytest.mark.django_db(transaction=True)
async def test_the_asgi_application_serves_pages_and_static_files_without_debug():
    assert settings.DEBUG is False
    status, body = await asgi_get("/")
    assert status == 200 and b'id="judge"' in body
    status, body = await asgi_get("/static/css/app.css")
    assert status == 200 and b"prefers-color-scheme: dark" in body
    status, body = await asgi_get("/static/django_htmx/htmx-2.min.js")
    assert status == 200 and b"htmx" in body


def test_check_deploy_is_clean_behind_tls_with_a_secret_key_and_no_debug(tmp_path):
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env |= {
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "k" * 20 + "-Zq8#x1!pL0v^e7wR2mB9tY4uI6oP3aS5dF",
        "DJANGO_BEHIND_TLS": "1",
        "DJANGO_ALLOWED_HOSTS": "brag.example.org",
        "DJANGO_CSRF_TRUSTED_ORIGINS": "https://brag.example.org",
    }
    result = check_deploy(env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
    plain = check_deploy({**env, "DJANGO_BEHIND_TLS": "0"})
    assert plain.returncode != 0 and "SECURE_HSTS_SECONDS" in plain.stderr + plain.stdout


def test_collected_static_files_are_named_by_their_content_and_compressed(tmp_path):
    """With DJANGO_STATIC_ROOT (a deployment, whose proxy keeps them a year), pages link to
    names that change when the file does."""
    import re
    import subprocess
    import sys

    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env |= {"DJANGO_STATIC_ROOT": str(tmp_path / "static"), "DJANGO_SETTINGS_MODULE": "referee.settings"}
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
        env=env,
        cwd=settings.BASE_DIR,
        check=True,
        timeout=120,
    )
    linked = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); from django.templatetags.static import static; "
            "print(static('css/app.css'))",
        ],
        env=env,
        cwd=settings.BASE_DIR,
        check=True,
        timeout=60,
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert re.fullmatch(r"/static/css/app\.[0-9a-f]{12}\.css", linked), linked
    collected = tmp_path / "static" / linked.removeprefix("/static/")
    assert "prefers-color-scheme: dark" in collected.read_text()
    assert (collected.parent / (collected.name + ".gz")).exists()


def test_the_channel_layers_redis_pool_is_sized_from_the_environment_with_its_default():
    from redis.asyncio import ConnectionPool

    from referee.settings import GROUP_EXPIRY_DEFAULT, REDIS_CONNECTIONS_DEFAULT

    layer = channel_layers_config("redis://127.0.0.1:6379/0", 500, 60)["default"]
    [host] = layer["CONFIG"]["hosts"]
    pool = ConnectionPool.from_url(host.pop("address"), **host)
    assert (pool.max_connections, layer["CONFIG"]["group_expiry"]) == (500, 60)
    default = channel_layers_config("redis://127.0.0.1:6379/0")["default"]
    assert default["CONFIG"]["hosts"][0]["max_connections"] == REDIS_CONNECTIONS_DEFAULT == 200
    assert default["CONFIG"]["group_expiry"] == GROUP_EXPIRY_DEFAULT == 120


@pytest.mark.parametrize("value", ["lots", "5", "-1", "2.5"])
def test_a_redis_connections_setting_that_is_not_a_number_of_at_least_ten_is_refused_saying_so(monkeypatch, value):
    from referee.environment import env_number

    monkeypatch.setenv("REDIS_CONNECTIONS", value)
    with pytest.raises(ValueError) as refused:
        env_number("REDIS_CONNECTIONS", 200, least=10)
    assert str(refused.value) == f"REDIS_CONNECTIONS={value!r}: expected a whole number, at least 10 (default 200)"
    monkeypatch.setenv("REDIS_CONNECTIONS", " 300 ")
    assert env_number("REDIS_CONNECTIONS", 200, least=10) == 300
