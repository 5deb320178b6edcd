"""A benchmark's own database: a SQLite file in a new folder, Django set up on it and
migrated, with the embedded defaults otherwise (in-memory channel layer)."""

import os
import tempfile


def django_on_a_new_database(name: str) -> str:
    """Set Django up on a new SQLite file; returns its DATABASE_URL for servers to share."""
    url = f"sqlite:///{tempfile.mkdtemp(prefix=f'brag-bench-{name}-')}/bench.sqlite3"
    os.environ["DATABASE_URL"] = url
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return url
