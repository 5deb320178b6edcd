"""Migrations that derive data: games recorded before statistics existed get their figures."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from engine import replay
from engine.statistics import figures_of

from ..data import BUS_ROUNDS, PLAYERS
from .migrating import figures_before, game_before, migrated_to, migrated_to_the_latest

BEFORE, AFTER = [("scoring", "0002_restrict_host_deletion")], [("scoring", "0005_player_public_id")]


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
        name: (f.place, f.tokens_lost, dict(f.categories)) for name, f in expected.items()
    }
    migrated_to_the_latest()


JSON_FIELD, COLUMNS = [("scoring", "0008_crash_points_missed")], [("scoring", "0009_categories_in_columns")]
SHOWN = {"Ann": {"prial": 1, "pair": 3, "high_card": 6}, "Bob": {"tricon": 2, "point": 8}, "Cy": {}}


def shown_in_columns(rows) -> dict:
    return {
        row.player.name: {
            c: getattr(row, f"shown_{c}")
            for c in ("prial", "pair", "high_card", "tricon", "point")
            if getattr(row, f"shown_{c}")
        }
        for row in rows
    }


@pytest.mark.django_db(transaction=True)
def test_the_hands_shown_move_from_one_json_field_to_a_column_each_and_back():
    """Kept figures lose nothing either way: each player's page adds up the same hands."""
    old = migrated_to(JSON_FIELD)
    user, game = game_before(old, "commerce", {})
    for name, categories in SHOWN.items():
        figures_before(
            old, game, old.get_model("scoring", "Player").objects.create(host=user, name=name), categories=categories
        )

    rows = migrated_to(COLUMNS).get_model("scoring", "Performance").objects.all()
    assert shown_in_columns(rows) == SHOWN
    assert {row.player.name: row.shown_run + row.shown_flush + row.shown_sequence for row in rows} == dict.fromkeys(
        SHOWN, 0
    )

    rows = migrated_to(JSON_FIELD).get_model("scoring", "Performance").objects.all()
    assert {row.player.name: row.categories for row in rows} == SHOWN
    migrated_to_the_latest()


@pytest.mark.django_db(transaction=True)
def test_moving_the_hands_shown_to_columns_takes_no_more_queries_for_many_rows_than_for_three(
    django_assert_max_num_queries,
):
    """Years of games migrate in batches, never a query per row."""
    old = migrated_to(JSON_FIELD)
    user, game = game_before(old, "commerce", {})
    for name, categories in SHOWN.items():
        figures_before(
            old, game, old.get_model("scoring", "Player").objects.create(host=user, name=name), categories=categories
        )
    with CaptureQueriesContext(connection) as three_rows:
        migrated_to(COLUMNS)
    old = migrated_to(JSON_FIELD)
    game = old.get_model("scoring", "Game").objects.get(pk=game.pk)
    for number in range(40):
        player = old.get_model("scoring", "Player").objects.create(host_id=user.pk, name=f"P{number}")
        figures_before(old, game, player, categories={"pair": number})

    with django_assert_max_num_queries(len(three_rows.captured_queries)):
        rows = migrated_to(COLUMNS).get_model("scoring", "Performance").objects.all()
    assert {row.player.name: row.shown_pair for row in rows} == {
        **{name: shown.get("pair", 0) for name, shown in SHOWN.items()},
        **{f"P{n}": n for n in range(40)},
    }
    migrated_to_the_latest()


@pytest.mark.django_db(transaction=True)
def test_evenings_kept_before_the_story_get_a_story_link_each_apart_from_their_board_link():
    old = migrated_to([("scoring", "0017_game_kinds_from_the_engine")])
    user = old.get_model("auth", "User").objects.create(username="before")
    for number in range(3):
        old.get_model("scoring", "Session").objects.create(
            host=user, title=f"Night {number}", played_on="2026-01-01", share_token=f"board-{number}"
        )
    new = migrated_to([("scoring", "0018_session_story_token")])
    sessions = new.get_model("scoring", "Session").objects.all()
    tokens = {session.story_token for session in sessions}
    assert len(tokens) == 3 and all(len(token) >= 20 for token in tokens)
    assert not tokens & {session.share_token for session in sessions}
    migrated_to_the_latest()
