"""Migrations that derive data: games recorded before statistics existed get their figures."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from engine import replay
from engine.statistics import figures_of

from ..engine.test_statistics import BUS_ROUNDS, PLAYERS

BEFORE, AFTER = [("scoring", "0002_restrict_host_deletion")], [("scoring", "0005_player_public_id")]


@pytest.mark.django_db(transaction=True)
def test_existing_games_get_their_figures_and_players_their_public_ids():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    user = old.get_model("auth", "User").objects.create(username="before")
    session = old.get_model("scoring", "Session").objects.create(host=user, title="Old", played_on="2026-01-01",
                                                                 share_token="old-token")
    game = old.get_model("scoring", "Game").objects.create(session=session, number=1, kind="stop_the_bus",
                                                           options={"tokens": 2})
    for position, name in enumerate(PLAYERS):
        player = old.get_model("scoring", "Player").objects.create(host=user, name=name)
        old.get_model("scoring", "Seat").objects.create(game=game, player=player, position=position)
    for number, entry in enumerate(BUS_ROUNDS, 1):
        old.get_model("scoring", "Round").objects.create(game=game, number=number, entry=entry, recorded_by=user)

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    players = new.get_model("scoring", "Player").objects.all()
    assert len({p.public_id for p in players}) == 3 and None not in {p.public_id for p in players}
    rows = new.get_model("scoring", "Performance").objects.filter(game_id=game.pk)
    expected = figures_of(replay("stop_the_bus", PLAYERS, BUS_ROUNDS, tokens=2))
    assert {row.player.name: (row.place, row.tokens_lost, row.categories) for row in rows} == {
        name: (f.place, f.tokens_lost, dict(f.categories)) for name, f in expected.items()}
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())  # leave the schema as the other tests expect
