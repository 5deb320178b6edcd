"""`manage.py seed_demo`: a demo host with one evening holding a finished and a running
game of each kind, recorded through the services like any other. Running it again
changes nothing."""

import datetime

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from scoring.models import Session
from scoring.services import game_end, game_start, round_record, session_start

USERNAME, PASSWORD = "demo", "demo-brag-table"
TITLE = "Demo evening"
BEST, MIDDLE, WORST, TIED = "AS KS QS", "7C 7D 9S", "2C 3D 5H", "2D 3H 5S"


def crash_rounds():
    return [
        {
            "hands": {
                "Ann": ["3S 3H 3D", "AH KH QH", "7C 7D 9S", "2S 2H 5D"],
                "Bob": ["AS AC 4D", "KS KD 6C", "7H 7S 9H", "4C 5H 8S"],
                "Cy": ["4S 5S 6S", "QS QC 2C", "6D 6H 4H", "JH 9D 2D"],
            }
        },
        {"hands": {"Ann": ["5S 5H 9D", "KC 8C 2C"], "Bob": ["QS QH 2D", "JS 9S 3H"], "Cy": ["JD JH 4C", "10S 8H 6D"]}},
        {
            "hands": {
                "Bob": ["AS AH AD", "KS KH KD", "QS QH QD", "JS JH JD"],
                "Cy": ["5S 5H 5D", "4S 4H 4D", "2S 2H 2D", "6S 7H 9C"],
            }
        },
    ]


class Command(BaseCommand):
    help = "Create a demo host and an evening with a finished and a running game of each kind (idempotent)."

    @transaction.atomic
    def handle(self, *args, **options):
        user, created = get_user_model().objects.get_or_create(username=USERNAME)
        if created:
            user.set_password(PASSWORD)
            user.save()
        if not Session.objects.filter(host=user, title=TITLE).exists():
            self.seed(user)
        self.stdout.write(f"Demo ready: log in at /accounts/login/ as {USERNAME} / {PASSWORD}")

    def seed(self, user):
        session = session_start(
            host=user, title=TITLE, played_on=datetime.date.today(), player_names=["Ann", "Bob", "Cy"]
        )

        def record(game, entries):
            return [round_record(game=game, number=n, entry=e, by=user) for n, e in enumerate(entries, 1)]

        players = ["Ann", "Bob", "Cy"]
        finished_bus = game_start(
            session=session, kind="stop_the_bus", seat_names=players, options={"tokens": 2, "first_dealer": 0}
        )
        record(
            finished_bus,
            [
                {"hands": {"Ann": BEST, "Bob": MIDDLE, "Cy": WORST}, "table": "4H 8D JC", "caller": "Ann"},
                {"hands": {"Ann": BEST, "Bob": MIDDLE, "Cy": WORST}},  # Cy out
                {"hands": {"Ann": BEST, "Bob": WORST}},
                {"hands": {"Ann": BEST, "Bob": WORST}},  # Bob out: Ann wins
            ],
        )
        finished_crash = game_start(
            session=session,
            kind="crash",
            seat_names=players,
            options={"preset": "classic", "target": 7, "first_dealer": 1},
        )
        record(finished_crash, crash_rounds())
        finished_commerce = game_start(
            session=session, kind="commerce", seat_names=players, options={"stake": 5, "first_dealer": 2}
        )
        record(
            finished_commerce,
            [
                {"hands": {"Ann": "AS KS 6S", "Bob": "QH QD 2C", "Cy": "4S 5H 6C"}, "knocker": "Bob"},
                {"hands": {"Ann": "KH KD 4C", "Bob": "KS KC 4H", "Cy": "2S 3D 7C"}},
            ],
        )
        game_end(game=finished_commerce)
        running_crash = game_start(
            session=session,
            kind="crash",
            seat_names=players,
            options={"preset": "arena", "target": 10, "cards": 13, "first_dealer": 0},
        )
        record(running_crash, crash_rounds()[:1])
        running_commerce = game_start(session=session, kind="commerce", seat_names=players, options={"stake": 0})
        record(running_commerce, [{"hands": {"Ann": "AS KS 6S", "Bob": "QH QD 2C", "Cy": "4S 5H 6C"}}])
        running_bus = game_start(
            session=session,
            kind="stop_the_bus",
            seat_names=players,
            options={"tokens": 3, "rules": "brag-ace-high", "first_dealer": 1},
        )
        record(running_bus, [{"hands": {"Ann": BEST, "Bob": MIDDLE, "Cy": WORST}}])
