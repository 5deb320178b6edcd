"""An evening whose names would turn the text around them, as older versions stored them (a
right-to-left override, a left-to-right override, an open isolate) and a Hebrew name: what the
server and browser tests of names isolated (issue 50, point 11) share."""

import datetime
import re
import uuid

from engine.bidi import isolate
from scoring.models import Player, Round, Season, Session
from scoring.services import game_end, game_start, round_record, season_add, seat_hand_send, session_start

from .data import BUS_ROUNDS, COMMERCE_ROUNDS, CRASH_ROUNDS

# As typed: an override to the right, one to the left, an isolate left open; and Hebrew.
ANN, BOB, CY, DANA = "\u202eOrla", "\u202dBexley", "\u2068Quinto", "דנה"
NAMES = {"Ann": ANN, "Bob": BOB, "Cy": CY}
TITLE = "Pub \u202enight"
SEASON = "Winter \u202dcup"
# What each shows: the letters, without the controls.
SHOWN = ["Orla", "Bexley", "Quinto", DANA, "Pub night", "Winter cup"]
# Controls no page has any use for: a name's own, never to be printed.
STRAY = re.compile("[\u202a-\u202e\u2066\u2067]")


def renamed(entry):
    """A round of tests/data.py with its players' names as typed here."""
    if isinstance(entry, dict):
        return {NAMES.get(key, key): renamed(value) for key, value in entry.items()}
    return entry


def kept_from_before(session):
    """The evening's names, title and season as they were stored before names were tidied of
    direction controls (the services tidy them now): written straight to the database."""
    for plain_name, typed in NAMES.items():
        Player.objects.filter(host=session.host, name=plain_name).update(name=typed)
    Session.objects.filter(pk=session.pk).update(title=TITLE)
    Season.objects.filter(host=session.host).update(name=SEASON)
    session.refresh_from_db()
    return session


def the_evening(host):
    """Stop the Bus, Crash and Commerce played (with rounds), and a Stop the Bus under way in
    which Dana has sent a hand; a season holding the day."""
    season_add(host=host, name="Winter", first_day=datetime.date(2026, 11, 1), last_day=datetime.date(2026, 12, 31))
    session = session_start(host=host, title="Pub", played_on="2026-11-20", player_names=[*NAMES, DANA])
    session = kept_from_before(session)
    seats = [ANN, BOB, CY]
    for kind, rounds, options in (
        ("stop_the_bus", BUS_ROUNDS, {"tokens": 2}),
        ("crash", CRASH_ROUNDS, {"preset": "classic", "target": 15}),
        ("commerce", COMMERCE_ROUNDS, {"stake": 2}),
    ):
        game = game_start(session=session, kind=kind, seat_names=seats, options=options)
        for number, entry in enumerate(rounds, 1):
            round_record(game=game, number=number, entry=renamed(entry), by=host)
    game_end(game=game)
    assert told_as_kept_before(session) > 0
    game = game_start(session=session, kind="stop_the_bus", seat_names=[*seats, DANA], options={"tokens": 2})
    round_record(game=game, number=1, entry={"hands": dict(zip(game_seats(game), HANDS, strict=True))}, by=host)
    dana = session.players.get(name=DANA)
    seat_hand_send(game=game, player=dana, number=2, entry={"hands": {DANA: "2D 5S 9H"}}, submission=uuid.uuid4())
    return session, game


HANDS = ["AS KS QS", "2C 3D 5H", "7H 7D 9C", "4S 6H 8C"]


def told_as_kept_before(session) -> int:
    """The Crash rounds' hindsight lines as they were kept before names were isolated: each
    beginning with its player's name as typed. Returns how many lines there are."""
    lines = 0
    for round_ in Round.objects.filter(game__session=session):
        if round_.told:
            round_.told = [
                {**found, "text": found["text"].replace(isolate(found["player"]), found["player"])}
                for found in round_.told
            ]
            round_.save(update_fields=["told"])
            lines += sum(1 for found in round_.told if found["text"])
    return lines


def game_seats(game):
    return [seat.player.name for seat in game.seats.select_related("player").order_by("position")]
