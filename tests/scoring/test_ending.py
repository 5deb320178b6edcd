"""Games ended as they stand (docs/rules.md, Ending a game as it stands): the host's end of any game, the
evening's open games ended together exactly once, a finished game untouched, and going back
to an ended game taking its end back, the league counting each game once."""

import uuid

import pytest

from engine import EntryError
from scoring.models import Game, Performance, Session, Submission
from scoring.ratings import leagues
from scoring.services import (
    GAME_ENDED,
    GAME_OVER_NOT_ENDED,
    game_end,
    game_resume,
    game_start,
    games_end_as_they_stand,
    round_record,
    session_start,
)

from ..factories import bus_game as bus  # Stop the Bus on a given session
from ..threads import before_first_write

pytestmark = pytest.mark.django_db

BOB_LOSES = {"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}
CY_LOSES = {"hands": {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "2C 3D 5H"}}


def rated_games(host, kind="stop_the_bus") -> dict[str, int]:
    league = leagues(host).get(kind)
    return {line.player.name: line.rating.games for line in league.table} if league else {}


def test_a_game_ended_as_it_stands_is_won_by_the_highest_standing_and_takes_no_more_rounds(evening, host):
    game = bus(evening, tokens=3)
    round_record(game=game, number=1, entry=BOB_LOSES, by=host)
    outcome = game_end(game=game)
    assert (outcome.finished, outcome.winners) == (True, ("Ann", "Cy"))
    assert outcome.standings == {"Ann": 3, "Bob": 2, "Cy": 3}
    assert Game.objects.get(pk=game.pk).ended
    assert dict(Performance.objects.filter(game=game).values_list("player__name", "won")) == {
        "Ann": True,
        "Bob": False,
        "Cy": True,
    }
    with pytest.raises(EntryError, match=f"^{GAME_ENDED}$"):
        round_record(game=game, number=2, entry=CY_LOSES, by=host)


def test_a_game_its_rules_finished_is_not_ended_again(evening, host):
    game = bus(evening, tokens=1)
    round_record(game=game, number=1, entry=BOB_LOSES, by=host)
    round_record(game=game, number=2, entry={"hands": {"Ann": "AS KS QS", "Cy": "2C 3D 5H"}}, by=host)
    revision = Session.objects.get(pk=evening.pk).revision
    with pytest.raises(EntryError, match=f"^{GAME_OVER_NOT_ENDED.format(game=game)}$"):
        game_end(game=game)
    assert not Game.objects.get(pk=game.pk).ended and Session.objects.get(pk=evening.pk).revision == revision


def test_the_evenings_open_games_end_together_a_finished_one_untouched(evening, host):
    won = bus(evening, tokens=1)
    round_record(game=won, number=1, entry=BOB_LOSES, by=host)
    round_record(game=won, number=2, entry={"hands": {"Ann": "AS KS QS", "Cy": "2C 3D 5H"}}, by=host)
    first, second = bus(evening, tokens=3), bus(evening, tokens=3)
    round_record(game=first, number=1, entry=BOB_LOSES, by=host)
    round_record(game=second, number=1, entry=CY_LOSES, by=host)
    untouched = bus(evening)  # open, but not among the games the host was asked about
    game_resume(game=first)  # the game being played: ended last, so the board stays on it
    ended = games_end_as_they_stand(session=evening, numbers=[1, 2, 3], submission=uuid.uuid4())
    assert [game.number for game in ended] == [3, 2]
    assert dict(Game.objects.filter(session=evening).values_list("number", "ended")) == {
        1: False,  # won by its rules
        2: True,
        3: True,
        4: False,
    }
    assert Session.objects.get(pk=evening.pk).current_game.number == 2
    assert untouched.number == 4


def test_ending_them_again_from_the_same_form_ends_nothing_even_a_game_gone_back_to(evening, host):
    game = bus(evening, tokens=3)
    round_record(game=game, number=1, entry=BOB_LOSES, by=host)
    form = uuid.uuid4()
    assert games_end_as_they_stand(session=evening, numbers=[1], submission=form) == [game]
    assert game_resume(game=game)  # the host takes its end back
    assert games_end_as_they_stand(session=evening, numbers=[1], submission=form) == []  # the same form, late
    assert not Game.objects.get(pk=game.pk).ended
    assert Submission.objects.filter(game=game, action=Submission.Action.END).count() == 1


def test_going_back_to_an_ended_game_takes_its_end_back_and_the_league_counts_it_once(evening, host):
    game = bus(evening, tokens=3)
    round_record(game=game, number=1, entry=BOB_LOSES, by=host)
    games_end_as_they_stand(session=evening, numbers=[1], submission=uuid.uuid4())
    assert rated_games(host) == {"Ann": 1, "Bob": 1, "Cy": 1}
    assert game_resume(game=game)  # the game being played already: its end taken back all the same
    assert not Game.objects.get(pk=game.pk).ended and rated_games(host) == {}
    assert not Performance.objects.filter(game=game, won=True).exists()
    round_record(game=game, number=2, entry=CY_LOSES, by=host)  # it takes rounds again
    games_end_as_they_stand(session=evening, numbers=[1], submission=uuid.uuid4())
    assert rated_games(host) == {"Ann": 1, "Bob": 1, "Cy": 1}
    assert list(Performance.objects.filter(game=game, won=True).values_list("player__name", flat=True)) == ["Ann"]


def test_a_commerce_game_the_host_ended_can_be_gone_back_to(evening, host):
    commerce = game_start(session=evening, kind="commerce", seat_names=["Ann", "Bob"], options={"stake": 5})
    round_record(game=commerce, number=1, entry={"hands": {"Ann": "AS KS 6S", "Bob": "QH QD 2C"}}, by=host)
    game_end(game=commerce)
    assert game_resume(game=commerce)
    round_record(game=commerce, number=2, entry={"hands": {"Ann": "AS KS 6S", "Bob": "QH QD 2C"}}, by=host)
    assert Game.objects.get(pk=commerce.pk).rounds.count() == 2


@pytest.mark.django_db(transaction=True)
def test_a_game_another_phone_ended_meanwhile_is_left_as_it_is(host):
    """The other phone ends game 1 after this one read which games were open, before it wrote
    (so on PostgreSQL, CI's; SQLite's first write is its transaction's start): this one ends
    game 2 and leaves game 1 as the other left it, ended once."""
    evening = session_start(host=host, title="Race", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    first, second = bus(evening, tokens=3), bus(evening, tokens=3)
    round_record(game=first, number=1, entry=BOB_LOSES, by=host)
    round_record(game=second, number=1, entry=CY_LOSES, by=host)
    other_phone = uuid.uuid4()
    with before_first_write(lambda: games_end_as_they_stand(session=evening, numbers=[1], submission=other_phone)):
        ended = games_end_as_they_stand(session=evening, numbers=[1, 2], submission=uuid.uuid4())
    assert [game.number for game in ended] == [2]
    assert dict(Game.objects.filter(session=evening).values_list("number", "ended")) == {1: True, 2: True}
    assert Submission.objects.filter(action=Submission.Action.END).count() == 2  # one a game
