"""Migrations that derive data: games recorded before statistics existed get their figures."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test.utils import CaptureQueriesContext

from engine import replay
from engine.statistics import figures_of

from ..engine.test_statistics import BUS_ROUNDS, PLAYERS

BEFORE, AFTER = [("scoring", "0002_restrict_host_deletion")], [("scoring", "0005_player_public_id")]


def migrated_to(target: list) -> object:
    """The database's schema taken to ``target`` (forwards or back); its historical apps."""
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def migrated_to_the_latest() -> None:
    """Leave the schema as the other tests expect."""
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def game_before(apps, kind: str, options: dict):
    """A host, a session and a game of ``kind``, in a migration's historical ``apps``."""
    user = apps.get_model("auth", "User").objects.create(username="before")
    session = apps.get_model("scoring", "Session").objects.create(host=user, title="Old", played_on="2026-01-01",
                                                                  share_token="old-token")
    return user, apps.get_model("scoring", "Game").objects.create(session=session, number=1, kind=kind,
                                                                  options=options)


def figures_before(apps, game, player, **figures):
    """A player's figures in a game, all naught but ``figures``, in historical ``apps``."""
    naught = dict.fromkeys(["final", "rounds_played", "tokens_lost", "worst_hand", "scored_1", "scored_2", "scored_3",
                            "scored_4", "stick_ups", "fouls", "crashes", "quad_bonuses", "declarations", "hands_won",
                            "pots_split", "balance"], 0)
    return apps.get_model("scoring", "Performance").objects.create(
        game=game, player=player, rules="brag", finished=False, won=False, place=1, **{**naught, **figures})


@pytest.mark.django_db(transaction=True)
def test_existing_games_get_their_figures_and_players_their_public_ids():
    old = migrated_to(BEFORE)
    user, game = game_before(old, "stop_the_bus", {"tokens": 2})
    for position, name in enumerate(PLAYERS):
        player = old.get_model("scoring", "Player").objects.create(host=user, name=name)
        old.get_model("scoring", "Seat").objects.create(game=game, player=player, position=position)
    for number, entry in enumerate(BUS_ROUNDS, 1):
        old.get_model("scoring", "Round").objects.create(game=game, number=number, entry=entry, recorded_by=user)

    new = migrated_to(AFTER)
    players = new.get_model("scoring", "Player").objects.all()
    assert len({p.public_id for p in players}) == 3 and None not in {p.public_id for p in players}
    rows = new.get_model("scoring", "Performance").objects.filter(game_id=game.pk)
    expected = figures_of(replay("stop_the_bus", PLAYERS, BUS_ROUNDS, tokens=2))
    assert {row.player.name: (row.place, row.tokens_lost, row.categories) for row in rows} == {
        name: (f.place, f.tokens_lost, dict(f.categories)) for name, f in expected.items()}
    migrated_to_the_latest()


@pytest.mark.django_db(transaction=True)
def test_the_hands_shown_move_from_one_json_field_to_a_column_each_and_back():
    """Kept figures lose nothing either way: each player's page adds up the same hands."""
    json_field, columns = [("scoring", "0008_crash_points_missed")], [("scoring", "0009_categories_in_columns")]
    old = migrated_to(json_field)
    user, game = game_before(old, "commerce", {})
    shown = {"Ann": {"prial": 1, "pair": 3, "high_card": 6}, "Bob": {"tricon": 2, "point": 8}, "Cy": {}}
    for name, categories in shown.items():
        figures_before(old, game, old.get_model("scoring", "Player").objects.create(host=user, name=name),
                       categories=categories)

    with CaptureQueriesContext(connection) as migrating:
        rows = migrated_to(columns).get_model("scoring", "Performance").objects.all()
    reads = [q["sql"] for q in migrating.captured_queries if q["sql"].startswith('SELECT "scoring_performance"')]
    assert len(reads) == 2  # a batch of rows, then the empty one that ends it: never a query per row
    assert {row.player.name: {c: getattr(row, f"shown_{c}") for c in ("prial", "pair", "high_card", "tricon", "point")
                              if getattr(row, f"shown_{c}")} for row in rows} == shown
    assert {row.player.name: row.shown_run + row.shown_flush + row.shown_sequence for row in rows} == dict.fromkeys(shown, 0)

    rows = migrated_to(json_field).get_model("scoring", "Performance").objects.all()
    assert {row.player.name: row.categories for row in rows} == shown
    migrated_to_the_latest()
