"""Statistics: each game's figures are kept from its replay by every service that changes
it; the player's record and the circle add them up."""

import datetime
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings

from engine.statistics import deal_frequencies, figures_of
from scoring.models import Performance
from scoring.replays import game_replay
from scoring.services import (
    game_end,
    round_correct,
    round_delete_last,
    session_start,
)
from scoring.statistics import circle, player_record

from ..data import BUS_ROUNDS, COMMERCE_ROUNDS, CRASH_ROUNDS, PLAYERS, an_evening, play
from ..engine.strategies import examples, played_games
from ..factories import UserFactory

pytestmark = pytest.mark.django_db


def kept(game) -> dict:
    return {row.player.name: row.figures for row in Performance.objects.filter(game=game).select_related("player")}


def agrees_with_replay(game) -> bool:
    game.refresh_from_db()  # a service changes its own copy of the game (game_end: ended)
    outcome = game_replay(game)
    return kept(game) == (figures_of(outcome) if outcome.rounds else {})


def test_every_service_keeps_the_figures_of_the_replay(host):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=PLAYERS)
    game = play(session, "stop_the_bus", BUS_ROUNDS[:2], tokens=2)
    assert agrees_with_replay(game) and kept(game)["Bob"].tokens_lost == 1
    # A correction makes Cy's hand the worst in round 1 instead of Bob's.
    round_correct(
        round=game.rounds.get(number=1),
        by=host,
        entry={"hands": {"Ann": "As Ks Qs", "Bob": "7h 7d 9c", "Cy": "2c 3d 5h"}},
    )
    assert agrees_with_replay(game)
    assert (kept(game)["Bob"].tokens_lost, kept(game)["Cy"].tokens_lost) == (0, 1)
    round_delete_last(game=game, number=2)
    assert agrees_with_replay(game) and kept(game)["Ann"].rounds_played == 1
    round_delete_last(game=game, number=1)
    assert kept(game) == {}
    commerce = play(session, "commerce", COMMERCE_ROUNDS, stake=2)
    assert not kept(commerce)["Ann"].won
    game_end(game=commerce)
    assert agrees_with_replay(commerce) and kept(commerce)["Ann"].won


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(played_games())
def test_kept_figures_agree_with_the_replay_for_generated_games(host, played):
    kind, players, options, rounds = played
    session = session_start(host=host, title="Generated", played_on="2026-11-20", player_names=players)
    ended = options.pop("ended", False)
    game = play(session, kind, rounds, seats=players, **options)
    if ended:
        game_end(game=game)
    assert agrees_with_replay(game)
    if rounds and not ended:
        round_delete_last(game=game, number=len(rounds))
        assert agrees_with_replay(game)


def test_a_players_record_adds_up_every_session(host):
    an_evening(host, "2026-11-13")
    an_evening(host, "2026-11-20")
    ann = host.players.get(name="Ann")
    record = player_record(ann)
    assert (record.games, record.won, record.win_rate) == (6, 6, 1)
    bus, crash, commerce = record.kinds
    assert (bus.kind, bus.games, bus.won) == ("stop_the_bus", 2, 2)
    assert (bus.totals["rounds_played"], bus.totals["tokens_lost"], bus.totals["worst_hand"]) == (10, 2, 4)
    assert bus.rounds_survived == 5
    assert crash.points_per_round == Fraction(20, 8)
    assert crash.positions_won == [4, 6, 4, 4]
    assert (crash.totals["stick_ups"], crash.totals["crashes"], crash.totals["quad_bonuses"]) == (2, 2, 2)
    assert (commerce.totals["hands_won"], commerce.totals["pots_split"], commerce.totals["balance"]) == (2, 2, 6)
    assert [(s.category, s.count) for s in bus.categories] == [
        ("prial", 2),
        ("running_flush", 2),
        ("run", 0),
        ("flush", 0),
        ("pair", 2),
        ("high_card", 4),
    ]
    assert bus.categories[0].share == Fraction(2, 10)
    assert bus.categories[0].expected == Fraction(52, 22100)
    bob = player_record(host.players.get(name="Bob"))
    assert (bob.games, bob.won, bob.win_rate) == (6, 0, 0)
    assert bob.kinds[1].totals["declarations"] == 2
    assert player_record(host.players.get(name="Cy")).kinds[1].totals["fouls"] == 2


def test_a_record_filtered_by_game(host):
    an_evening(host)
    record = player_record(host.players.get(name="Cy"), kind="crash")
    assert [k.kind for k in record.kinds] == ["crash"]
    assert (record.games, record.won, record.kinds[0].totals["rounds_played"]) == (1, 0, 1)


def test_expected_shares_weigh_each_ruleset_by_the_hands_shown_under_it(host):
    session = session_start(host=host, title="Two tables", played_on="2026-11-20", player_names=PLAYERS)
    play(session, "stop_the_bus", BUS_ROUNDS, tokens=2)  # Ann shows 5 hands under brag
    play(session, "stop_the_bus", BUS_ROUNDS[:2], tokens=2, rules="brag-ace-high")  # 2 under ace-high
    run = next(s for s in player_record(host.players.get(name="Ann")).kinds[0].categories if s.category == "run")
    assert run.expected == (5 * deal_frequencies("brag")["run"] + 2 * deal_frequencies("brag-ace-high")["run"]) / 7


def test_a_game_of_house_rules_keeps_its_options_and_its_figures_go_by_its_composed_ranking(host):
    session = session_start(host=host, title="House rules", played_on="2026-11-20", player_names=PLAYERS)
    ranking = {"top_prial": "aces", "ace_two_three": "bottom", "flush_over_run": True}
    game = play(session, "stop_the_bus", BUS_ROUNDS[:2], tokens=2, rules=ranking)
    crash = play(session, "crash", CRASH_ROUNDS, target=15, stick_up="next_best", quads="off", ending="end_of_round")
    assert game.options["rules"] == ranking and agrees_with_replay(game) and agrees_with_replay(crash)
    assert set(Performance.objects.filter(game=game).values_list("rules", flat=True)) == {"brag:ABF"}
    bus = next(k for k in player_record(host.players.get(name="Ann")).kinds if k.kind == "stop_the_bus")
    run = next(s for s in bus.categories if s.category == "run")
    assert run.expected == deal_frequencies("brag:ABF")["run"]


def test_unfinished_games_count_their_rounds_but_not_as_games_played(host):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=PLAYERS)
    play(session, "stop_the_bus", BUS_ROUNDS[:2], tokens=2)
    record = player_record(host.players.get(name="Ann"))
    assert (record.games, record.win_rate, record.kinds[0].appearances) == (0, None, 1)
    assert record.kinds[0].totals["rounds_played"] == 2


def test_the_circle_league_table_and_head_to_head(host):
    an_evening(host, "2026-10-01")
    an_evening(host, "2026-11-20")
    result = circle(host)
    assert [(s.player.name, s.games, s.won) for s in result.table] == [("Ann", 6, 6), ("Cy", 6, 0), ("Bob", 6, 0)]
    ann, cy, bob = result.players
    assert result.table[1].average_place == Fraction(2 + 3 + 2, 3)
    assert result.meeting(ann, bob) == result.meeting(ann, cy) == result.meetings[ann.pk, bob.pk]
    assert (result.meeting(ann, bob).games, result.meeting(ann, bob).ahead) == (6, 6)
    cy_bob = result.meeting(cy, bob)
    assert (cy_bob.games, cy_bob.ahead, cy_bob.behind, cy_bob.level) == (6, 4, 2, 0)
    assert result.meeting(bob, cy).ahead == 2


def test_the_circle_over_a_period_and_a_game(host):
    an_evening(host, "2026-10-01")
    an_evening(host, "2026-11-20")
    autumn = circle(host, since=datetime.date(2026, 11, 1))
    assert [s.games for s in autumn.table] == [3, 3, 3]
    assert circle(host, until=datetime.date(2026, 9, 30)).table == []
    assert [s.games for s in circle(host, kind="commerce").table] == [2, 2, 2]


def test_another_hosts_games_stay_out_of_the_circle(host):
    an_evening(UserFactory())
    assert circle(host).table == []


def test_every_hand_category_the_engine_names_has_a_column_to_be_counted_in():
    from engine.ranking import CATEGORY_NAMES
    from scoring.models import SHOWN

    columns = {f.name for f in Performance._meta.concrete_fields}
    assert set(SHOWN) == set(CATEGORY_NAMES) and set(SHOWN.values()) <= columns
