"""Tables of four playing Commerce through the session page, as the benches (tests/bench/) and
the overload checks drive them: the players, the two deals they take turns with, the tables
started, and a host's login made without a password."""

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
# The session page's round form: each round another deal than the one before (the same hands
# twice ask the host first); a round's number picks one.
DEALS = (
    {"hand_0": "As Ks Qs", "hand_1": "7c 7d 9s", "hand_2": "Jh Jd 4c", "hand_3": "2c 3d 5h"},
    {"hand_0": "7c 7d 9s", "hand_1": "As Ks Qs", "hand_2": "2c 3d 5h", "hand_3": "Jh Jd 4c"},
)


def commerce_tables(host, count: int, played_on="2026-11-27") -> list:
    """``count`` sessions of ``host``, each with a Commerce game at stake 0 (it never ends)
    started between PLAYERS."""
    from scoring.services import game_start, session_start

    sessions = []
    for n in range(count):
        session = session_start(host=host, title=f"Table {n}", played_on=played_on, player_names=PLAYERS)
        game_start(session=session, kind="commerce", seat_names=PLAYERS, options={"stake": 0})
        sessions.append(session)
    return sessions


def logged_in(user) -> str:
    """A session key for ``user``, as logging in would make (no password hashing)."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store.update(
        {
            SESSION_KEY: str(user.pk),
            BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend",
            HASH_SESSION_KEY: user.get_session_auth_hash(),
        }
    )
    store.create()
    return store.session_key
