"""Settings from the environment, with defaults that work on one machine and the room's network.

DJANGO_DEBUG, DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, DATABASE_URL (default: a SQLite file
in the project folder, WAL mode), DATABASE_POOL_SIZE and DATABASE_POOL_WAIT (PostgreSQL's
connections per process: referee/database_pool.py), REDIS_URL (default: none, the in-memory channel layer) and
DJANGO_BEHIND_TLS.
"""

import datetime
import os
import secrets
import urllib.parse
from pathlib import Path

import dj_database_url

from referee.database_pool import pool_options
from referee.environment import env_flag, env_number
from referee.network import machine_addresses, machine_names

BASE_DIR = Path(__file__).resolve().parent.parent


def local_secret_key(path: Path) -> str:
    """A key made once for this checkout and kept beside it (git ignores it), so a server
    started without DJANGO_SECRET_KEY is neither insecure nor logs everyone out on restart."""
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        key = secrets.token_urlsafe(50)
        path.write_text(key + "\n")
        path.chmod(0o600)
        return key


DEBUG = env_flag("DJANGO_DEBUG", False)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or local_secret_key(BASE_DIR / ".secret_key")
# Behind TLS (DJANGO_BEHIND_TLS=1, e.g. a proxy that terminates HTTPS and sets
# X-Forwarded-Proto): HTTPS only, secure cookies, HSTS. Off by default: `make run` serves
# plain HTTP on this machine and phones on the home network.
BEHIND_TLS = env_flag("DJANGO_BEHIND_TLS", False)
ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if host.strip()
]
# Served over plain HTTP, the phones and the TV at the table open this machine at one of its
# own addresses (or by its name): those are allowed too, and pages give the first of them to
# other devices instead of 127.0.0.1. Behind TLS the proxy's name is the only way in.
ROOM_ADDRESSES = [] if BEHIND_TLS else machine_addresses()
if not BEHIND_TLS:
    ALLOWED_HOSTS += [*ROOM_ADDRESSES, *machine_names()]

INSTALLED_APPS = [
    "daphne",  # first, so runserver serves ASGI (HTTP and WebSockets)
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "django_htmx",
    "template_partials",
    "axes",
    "scoring",
    "referee",
]

MIDDLEWARE = [
    "referee.request_log.request_log",  # first: one line for every request, whatever answers it
    "django.middleware.security.SecurityMiddleware",
    "referee.opener_policy.opener_policy",  # Cross-Origin-Opener-Policy where a browser heeds it
    "whitenoise.middleware.WhiteNoiseMiddleware",  # static files, before anything else is done
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # after authentication, as django-axes asks
    # No database connection free in time, or the database not answering: a 503 saying which
    # (its process_exception sees the view's errors).
    "referee.database_unavailable.DatabaseUnavailableMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses locked-out attempts
    "django.contrib.auth.backends.ModelBackend",
]
# Throttled logins: 5 failures for one username from one address lock it out for 15
# minutes. Username and address together, so friends behind one home router are not all
# locked out by one mistyped password.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_HTTP_RESPONSE_CODE = 429

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "my-sessions"
LOGOUT_REDIRECT_URL = "hand-judge"

ROOT_URLCONF = "referee.urls"
ASGI_APPLICATION = "referee.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            # |isolate for every name printed (referee/templatetags/names.py), with no load tag.
            "builtins": ["referee.templatetags.names"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

SQLITE_OPTIONS = {
    # WAL lets the board read while the host writes; IMMEDIATE takes the write lock at the
    # start of a transaction, so two phones recording at once wait instead of failing.
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
}


def database_config(url: str | None, folder: Path) -> dict:
    """PostgreSQL (or any database) from a URL; without one, a SQLite file in ``folder``.
    No connection kept by a request's thread (CONN_MAX_AGE 0), as Django advises under ASGI:
    each request runs in a thread of its own. PostgreSQL's come from a bounded pool instead."""
    config = dj_database_url.parse(url or f"sqlite:///{folder / 'db.sqlite3'}", conn_max_age=0)
    if config["ENGINE"] == "django.db.backends.postgresql":
        # Connections from a pool bounded per process (referee/database_pool.py); a request
        # returns its connection to the pool at its end.
        config["OPTIONS"] = {**config.get("OPTIONS", {}), "pool": pool_options()}
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = dict(SQLITE_OPTIONS)
        # Channels' live server runs in another process: it needs a test database on disk.
        config["TEST"] = {"NAME": str(folder / "test-db.sqlite3")}
    return config


BOARD_MESSAGES_WAITING = 2_000  # a process's board updates Redis keeps until it reads them
# The Redis connections one process may open for its channel layer. The sockets share them
# (a socket holds none while it waits: the process reads every socket's messages on one), and
# the sockets' own calls wait their turn for one (referee/sockets/groups.py), so a storm of any
# size queues rather than fails; more connections let more of a storm's calls run at once.
# redis-py's own default, 100, raised "Too many connections" once 100 calls were in flight.
REDIS_CONNECTIONS_DEFAULT = 200
# How long a socket stays in its groups unless its process renews it (every quarter of this,
# for as long as the socket is open): a socket whose process died, or whose leaving could not
# reach Redis, is dropped from the groups within this, not after channels_redis's day.
GROUP_EXPIRY_DEFAULT = 120  # seconds


def channel_layers_config(
    redis_url: str | None, connections: int = REDIS_CONNECTIONS_DEFAULT, group_expiry: int = GROUP_EXPIRY_DEFAULT
) -> dict:
    """Redis when REDIS_URL is set (several server processes); otherwise in memory."""
    if redis_url:
        host = {
            "address": redis_url,
            # Above channels_redis's 5 s blocking read of a channel (redis-py 8's default is
            # 5 s too, which drops every idle board); a link gone silent still times out.
            "socket_timeout": 10,
            # Redis unreachable: a board's connect and a view's broadcast fail at once.
            "socket_connect_timeout": 2,
            "max_connections": connections,
        }
        # All the boards of a process share one Redis inbox: at the default 100 messages, a
        # process that falls a second behind under load drops its boards' updates.
        return {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                "CONFIG": {
                    "hosts": [host],
                    "capacity": BOARD_MESSAGES_WAITING,
                    "group_expiry": group_expiry,
                },
            }
        }
    return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer", "CONFIG": {"group_expiry": group_expiry}}}


def worker_redis_url(url: str, worker: str) -> str:
    """``url`` as one of pytest-xdist's workers (``worker``: PYTEST_XDIST_WORKER, gw0, gw1, ...)
    uses it: a Redis database of its own (gw0's is 1, gw1's 2, ...), as each worker has a test
    database of its own, so no group, message or key of one worker's tests reaches another's.
    Outside the tests (no worker), ``url`` itself."""
    if not (url and worker):
        return url
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parts._replace(path=f"/{1 + int(worker.removeprefix('gw'))}"))


DATABASES = {"default": database_config(os.environ.get("DATABASE_URL", "").strip(), BASE_DIR)}
REDIS_CONNECTIONS = env_number("REDIS_CONNECTIONS", REDIS_CONNECTIONS_DEFAULT, least=10)
CHANNEL_GROUP_EXPIRY = env_number("CHANNEL_GROUP_EXPIRY", GROUP_EXPIRY_DEFAULT, least=4)
CHANNEL_LAYERS = channel_layers_config(
    worker_redis_url(os.environ.get("REDIS_URL", "").strip(), os.environ.get("PYTEST_XDIST_WORKER", "")),
    REDIS_CONNECTIONS,
    CHANNEL_GROUP_EXPIRY,
)
# Logins live in the database, so the host's pages don't depend on Redis and every process
# sees them. Nothing else needs a cache shared between processes (axes counts failed logins
# in the database), so the cache stays in this process's memory.
SESSION_ENGINE = "django.contrib.sessions.backends.db"
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "Europe/London")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Only for a deployment that runs collectstatic (`make serve`), whose proxy serves the folder.
STATIC_ROOT = os.environ.get("DJANGO_STATIC_ROOT") or None
if STATIC_ROOT:
    # Collected files get their content's hash in their names (and compressed copies), so the
    # proxy can let browsers keep them for a year: an update changes the names.
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
STATICFILES_DIRS = [BASE_DIR / "static"]
# Serve straight from the app and project folders, so `make run` needs no collectstatic,
# with or without DEBUG.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Behind TLS (BEHIND_TLS, above): HTTPS only, secure cookies, HSTS.
SECURE_SSL_REDIRECT = BEHIND_TLS
SESSION_COOKIE_SECURE = BEHIND_TLS
CSRF_COOKIE_SECURE = BEHIND_TLS
SECURE_HSTS_SECONDS = 31_536_000 if BEHIND_TLS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = BEHIND_TLS
SECURE_HSTS_PRELOAD = BEHIND_TLS
if BEHIND_TLS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The proxy or a monitor may probe a process directly over plain HTTP on loopback.
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
CSRF_TRUSTED_ORIGINS = [
    origin.strip() for origin in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if origin.strip()
]

SESSION_COOKIE_HTTPONLY = True
# htmx sends the token the page carries; the offline queue (static/js/outbox.js) falls back to
# the cookie, so scripts may read it (Django: an HttpOnly CSRF cookie protects nothing more).
CSRF_COOKIE_HTTPONLY = False
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Sent by referee.opener_policy instead, only to a secure context: over the room's plain HTTP
# a browser ignores it and logs an error on every page.
SECURE_CROSS_ORIGIN_OPENER_POLICY = None

# Everything to standard error, a line each (journald keeps it under systemd): a line a
# request (referee.request_log), a line for every board update the boards missed
# (referee.board.broadcast), boards opening and closing, and Django's own errors.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"line": {"format": "%(asctime)s [%(process)d] %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "line"}},
    "filters": {"said_already": {"()": "referee.sockets.faults.SaidAlready"}},
    "root": {"handlers": ["stderr"], "level": "INFO"},
    "loggers": {
        # A socket closed under a failing channel layer is said once by sockets.faults: not
        # again by Daphne, with a traceback.
        "daphne.server": {"filters": ["said_already"]},
        # Django's errors once, here (its default adds a console of its own under DEBUG).
        "django": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        # A line a request is referee.requests': not runserver's too (it says each 4xx again as a
        # warning), nor Django's warning for each 4xx (errors still come with their traceback).
        "django.channels.server": {"level": "ERROR"},
        "django.request": {"level": "ERROR"},
    },
}
