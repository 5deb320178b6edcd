"""Migrations run forwards and back in a test, and rows made in a migration's historical models."""

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


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
    session = apps.get_model("scoring", "Session").objects.create(
        host=user, title="Old", played_on="2026-01-01", share_token="old-token"
    )
    return user, apps.get_model("scoring", "Game").objects.create(session=session, number=1, kind=kind, options=options)


def figures_before(apps, game, player, **figures):
    """A player's figures in a game, all naught but ``figures``, in historical ``apps``."""
    naught = dict.fromkeys(
        [
            "final",
            "rounds_played",
            "tokens_lost",
            "worst_hand",
            "scored_1",
            "scored_2",
            "scored_3",
            "scored_4",
            "stick_ups",
            "fouls",
            "crashes",
            "quad_bonuses",
            "declarations",
            "hands_won",
            "pots_split",
            "balance",
        ],
        0,
    )
    return apps.get_model("scoring", "Performance").objects.create(
        game=game, player=player, rules="brag", finished=False, won=False, place=1, **{**naught, **figures}
    )
