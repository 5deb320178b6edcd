"""`manage.py import_sessions FILE --user NAME`: recreate an export's sessions for a host.
The whole file is checked first; a wrong one is refused with what and where, and nothing
of it is saved. Sessions the host already has are skipped, and said so."""

import os

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scoring.exchange import FILE_TOO_BIG, MAX_BYTES, ImportRefused, import_sessions, import_summary


class Command(BaseCommand):
    help = "Import sessions from an export file into a host's account."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--user", required=True, help="the host who receives the sessions")

    def handle(self, *args, file, user, **options):
        try:
            host = get_user_model().objects.get(username=user)
        except get_user_model().DoesNotExist:
            raise CommandError(f"no host is called {user!r}") from None
        try:
            with open(file, "rb") as handle:
                size = os.fstat(handle.fileno()).st_size
                if size > MAX_BYTES:  # refused before it is read
                    raise ImportRefused(FILE_TOO_BIG.format(size=size, limit=MAX_BYTES))
                imported = import_sessions(host, handle.read(MAX_BYTES + 1))
        except OSError as error:
            raise CommandError(f"cannot read {file}: {error.strerror}") from None
        except ImportRefused as error:
            raise CommandError(f"{file} was not imported, nothing was saved: {error}") from None
        self.stdout.write(f"{user}: {import_summary(imported)}.")
