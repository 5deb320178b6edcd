"""A benchmark's own database, with Django set up and migrated on it."""

import contextlib
import os
import shutil
import tempfile
import urllib.parse


def django_on_a_new_database(name: str) -> str:
    """Set Django up on a new SQLite file, with the embedded defaults otherwise (in-memory
    channel layer); returns its DATABASE_URL for servers to share."""
    url = f"sqlite:///{tempfile.mkdtemp(prefix=f'brag-bench-{name}-')}/bench.sqlite3"
    os.environ["DATABASE_URL"] = url
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return url


@contextlib.contextmanager
def django_on_a_database_of_its_own(name: str, settings: str):
    """Set Django up with ``settings`` on a new database, dropped afterwards: on the server of
    DATABASE_URL when it is set (that database's name with ``_name`` added, made anew),
    otherwise a new SQLite file. REDIS_URL is left as it is. Yields the new database's URL,
    also put in DATABASE_URL for the servers started meanwhile."""
    given = os.environ.get("DATABASE_URL", "").strip()
    folder = None if given else tempfile.mkdtemp(prefix=f"brag-bench-{name}-")
    if not given:
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = settings
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    original = connection.settings_dict["NAME"]
    if given:
        connection.settings_dict["TEST"]["NAME"] = f"{original}_{name}"
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        parts = urllib.parse.urlsplit(given)
        os.environ["DATABASE_URL"] = parts._replace(path=f"/{original}_{name}").geturl()
    else:
        call_command("migrate", verbosity=0)
    try:
        yield os.environ["DATABASE_URL"]
    finally:
        if given:
            connection.creation.destroy_test_db(original, verbosity=0)
            os.environ["DATABASE_URL"] = given
        else:
            connection.close()
            shutil.rmtree(folder, ignore_errors=True)
