"""factory-boy factories for every model."""

import datetime
import functools

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password

from scoring.models import Game, Player, Round, RoundRevision, Seat, Session

PASSWORD = "correct horse battery staple"
PLAYERS = ("Ann", "Bob", "Cy")


@functools.cache
def password_hash() -> str:
    """PASSWORD as Django keeps it (PBKDF2, as in production), hashed once for every user of
    the tests: each hashing takes a third of a second, most of a page test's own time."""
    return make_password(PASSWORD)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ["username"]

    username = factory.Sequence(lambda n: f"host{n}")
    password = factory.LazyFunction(password_hash)


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    host = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Player {n}")


class SessionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Session
        skip_postgeneration_save = True

    host = factory.SubFactory(UserFactory)
    title = factory.Sequence(lambda n: f"Evening {n}")
    played_on = factory.LazyFunction(lambda: datetime.date(2026, 11, 22))

    @factory.post_generation
    def players(obj, create, extracted, **kwargs):
        """players=["Ann", "Bob"]: the host's players of those names, at the table."""
        if create and extracted:
            obj.players.set([Player.objects.get_or_create(host=obj.host, name=name)[0] for name in extracted])


class GameFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Game
        skip_postgeneration_save = True

    session = factory.SubFactory(SessionFactory, players=["Ann", "Bob", "Cy"])
    number = factory.Sequence(lambda n: n + 1)
    kind = "stop_the_bus"
    options = factory.LazyFunction(dict)

    @factory.post_generation
    def seats(obj, create, extracted, **kwargs):
        """seats=["Ann", "Bob"] (default: the session's players, by name)."""
        if not create:
            return
        names = extracted or [p.name for p in obj.session.players.order_by("name")]
        for position, name in enumerate(names):
            player, _ = Player.objects.get_or_create(host=obj.session.host, name=name)
            obj.session.players.add(player)
            Seat.objects.create(game=obj, player=player, position=position)


class SeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Seat

    game = factory.SubFactory(GameFactory, seats=["Ann"])
    player = factory.SubFactory(PlayerFactory, host=factory.SelfAttribute("..game.session.host"))
    position = factory.Sequence(lambda n: n + 1)


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    game = factory.SubFactory(GameFactory)
    number = factory.Sequence(lambda n: n + 1)
    entry = factory.LazyFunction(lambda: {"hands": {"Ann": "AS KS QS", "Bob": "7C 7D 5D", "Cy": "4S 5H 6C"}})
    recorded_by = factory.SelfAttribute("game.session.host")


class RoundRevisionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = RoundRevision

    round = factory.SubFactory(RoundFactory)
    number = factory.Sequence(lambda n: n + 1)
    entry = factory.LazyFunction(lambda: {"hands": {"Ann": "2S 3S 4S", "Bob": "7C 7D 5D", "Cy": "4D 5H 6C"}})
    replaced_by = factory.SelfAttribute("round.recorded_by")


def a_game(kind="stop_the_bus", players=PLAYERS, title="Friday", played_on="2026-11-22", host=None, **options):
    """A game of ``kind`` (its options as keywords) started between all the ``players`` of a
    new session, through the services as the host's forms would; the host is the user named
    "host" (the one a browser test logs in as) unless ``host`` is given."""
    from scoring.services import game_start, session_start

    host = host or UserFactory(username="host")
    session = session_start(host=host, title=title, played_on=played_on, player_names=list(players))
    return game_start(session=session, kind=kind, seat_names=list(players), options=options)


def bus_game(session, tokens=2, **options):
    """Stop the Bus between Ann, Bob and Cy of ``session``, Ann dealing first, ``tokens``
    tokens each (more options as keywords)."""
    from scoring.services import game_start

    options = {"tokens": tokens, "first_dealer": 0, **options}
    return game_start(session=session, kind="stop_the_bus", seat_names=list(PLAYERS), options=options)
