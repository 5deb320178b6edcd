"""The game being played: the session keeps the game the host last started, recorded into,
corrected, deleted a round of or ended (Session.current_game), and a session from before it
was kept falls back to its latest game."""

import pytest

from scoring import queries
from scoring.models import Session
from scoring.services import game_end, game_start, round_correct, round_delete_last, round_record

from ..data import hands

pytestmark = pytest.mark.django_db
ROUND = hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S")


def start(evening, kind="stop_the_bus", **options):
    return game_start(session=evening, kind=kind, seat_names=["Ann", "Bob", "Cy"], options=options)


def being_played(evening):
    return Session.objects.get(pk=evening.pk).current_game


def test_each_change_to_a_game_makes_it_the_game_being_played(evening, host):
    bus = start(evening, tokens=3)
    assert being_played(evening) == bus == queries.current_game(evening)
    round_record(game=bus, number=1, entry=ROUND, by=host)
    round_record(game=bus, number=2, entry=ROUND, by=host)
    commerce = start(evening, "commerce")
    assert being_played(evening) == commerce
    round_record(game=bus, number=3, entry=ROUND, by=host)  # the host went back to the first game
    assert being_played(evening) == bus == queries.current_game(evening)
    round_record(game=commerce, number=1, entry=ROUND, by=host)
    round_correct(round=bus.rounds.get(number=1), entry=hands(Ann="2C 3D 5H", Bob="AS KS QS", Cy="7C 7D 9S"), by=host)
    assert being_played(evening) == bus
    round_record(game=commerce, number=2, entry=ROUND, by=host)
    round_delete_last(game=bus, number=3)
    assert being_played(evening) == bus
    round_record(game=commerce, number=3, entry=ROUND, by=host)
    start(evening, "crash")
    game_end(game=commerce)
    assert being_played(evening) == commerce == queries.current_game(evening)


def test_a_refused_change_leaves_the_game_being_played_as_it_was(evening, host):
    bus = start(evening, tokens=3)
    crash = start(evening, "crash")
    with pytest.raises(ValueError):
        round_record(game=bus, number=1, entry=hands(Ann="AS KS QS", Bob="AS 3D 5H", Cy="7C 7D 9S"), by=host)
    assert being_played(evening) == crash


def test_a_session_from_before_the_game_being_played_was_kept_shows_its_latest_game(evening, host):
    start(evening, tokens=3)
    latest = start(evening, "crash")
    Session.objects.filter(pk=evening.pk).update(current_game=None)
    assert queries.current_game(evening) == latest
    assert queries.current_game(Session.objects.create(host=host, title="Empty", played_on="2026-11-20")) is None


def test_the_game_being_played_deleted_leaves_the_latest_game(evening, host):
    start(evening, tokens=3)
    second = start(evening, "crash")
    first = evening.games.get(number=1)
    round_record(game=first, number=1, entry=ROUND, by=host)
    first.delete()  # as a session's games are deleted with it, or by an admin
    assert being_played(evening) is None and queries.current_game(evening) == second


def test_in_a_session_from_before_it_was_kept_only_a_change_to_an_earlier_game_is_a_switch(
    evening, host, django_capture_on_commit_callbacks
):
    """Its board showed the latest game: a round of that game switches nothing; a round of
    an earlier one does."""
    from scoring.services import session_changed

    first = start(evening, tokens=3)
    latest = start(evening, "crash")
    Session.objects.filter(pk=evening.pk).update(current_game=None)
    heard = []
    session_changed.connect(lambda sender, switched, **kw: heard.append(switched), weak=False, dispatch_uid="test")
    try:
        with django_capture_on_commit_callbacks(execute=True):
            round_record(
                game=latest,
                number=1,
                entry={"hands": {"Ann": ["3S 3H 3D"], "Bob": ["2C 5D 9H"], "Cy": ["4C 6D 8H"]}},
                by=host,
            )
            round_record(game=first, number=1, entry=ROUND, by=host)
    finally:
        session_changed.disconnect(dispatch_uid="test")
    assert heard == [False, True] and being_played(evening) == first
