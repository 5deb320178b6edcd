"""`manage.py export_sessions --user NAME [--session UUID ...] [--output FILE]`: a host's
sessions as the documented JSON file (scoring/exchange.py); to standard output by default."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scoring.exchange import export_sessions, to_json
from scoring.models import Session


class Command(BaseCommand):
    help = "Export a host's sessions (all, or those named) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("--user", required=True, help="the host's username")
        parser.add_argument("--session", action="append", default=[], help="a session's public id (repeatable)")
        parser.add_argument("--output", help="write to this file instead of standard output")

    def handle(self, *args, user, session, output, **options):
        try:
            host = get_user_model().objects.get(username=user)
        except get_user_model().DoesNotExist:
            raise CommandError(f"no host is called {user!r}") from None
        chosen = None
        if session:
            chosen = list(Session.objects.filter(host=host, public_id__in=session))
            if len(chosen) != len(set(session)):
                raise CommandError(f"{user} has no session with some of these ids: {', '.join(session)}")
        text = to_json(export_sessions(host, chosen))
        if output:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text)
            self.stderr.write(f"Wrote {output}")
        else:
            self.stdout.write(text, ending="")
