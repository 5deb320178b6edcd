"""A club night's change is read once for every screen it tells: the big screen and each
player's own page it concerns render from one read of the event (club_night.EventNow), in
queries that do not grow with the players told, and with no statement run twice after the
change commits."""

from collections import Counter

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from referee.club_live import event_told, table_told
from scoring import services
from scoring.club_night import EventNow

from ..club_nights import HANDS_BEST_FIRST, play_table
from ..club_nights import club_night as night
from ..factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)  # the changes commit, and so announce, for real

TWELVE = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
TWENTY_FOUR = TWELVE + [f"{name} Jr" for name in TWELVE]


def started(names: list[str]):
    event = night(UserFactory(), names)
    services.event_round_start(event_round=services.event_draw(event=event))
    return event


def test_telling_every_player_reads_as_much_for_twenty_four_players_as_for_twelve():
    counts = []
    for names in (TWELVE, TWENTY_FOUR):
        event = started(names)
        with CaptureQueriesContext(connection) as read:
            event_told(event=event)  # a round started, say: every player's own part
        counts.append(len(read.captured_queries))
    assert counts[0] == counts[1]


def after_commit(read: CaptureQueriesContext) -> list[str]:
    statements = [query["sql"] for query in read.captured_queries]
    return statements[statements.index("COMMIT") + 1 :]


def test_a_tables_round_tells_the_screen_and_its_players_with_no_statement_run_twice():
    event = started(TWELVE)
    table = event.event_rounds.get().tables.select_related("session").get(number=1)
    game = table.session.games.get()
    names = [seat.player.name for seat in game.seats.select_related("player").order_by("position")]
    hands = dict(zip(names, HANDS_BEST_FIRST))
    hands[names[-1]] = HANDS_BEST_FIRST[-1]
    with CaptureQueriesContext(connection) as read:
        services.round_record(game=game, number=1, entry={"hands": hands}, by=table.session.host)
    assert [sql for sql, times in Counter(after_commit(read)).items() if times > 1] == []


def test_a_change_reads_the_tables_of_the_round_being_played_and_not_those_of_the_rounds_before():
    event = night(UserFactory(), TWELVE, rounds=3)
    first = services.event_draw(event=event)
    services.event_round_start(event_round=first)
    for table in first.tables.all():
        play_table(table)
        services.event_result_confirm(table=table, entrant=None)
    services.event_round_start(event_round=services.event_draw(event=event))
    assert set(EventNow(event).tables) == {2}


def test_the_list_of_club_nights_reads_as_much_for_five_nights_with_results_as_for_one():
    """Whether each night has results to link is read with the list, not a query per night."""
    organiser = UserFactory()
    client = Client()
    client.force_login(organiser)
    counts = []
    for nights in (1, 5):
        while organiser.events.count() < nights:
            event = night(organiser, TWELVE[:4], rounds=1)
            event_round = services.event_draw(event=event)
            services.event_round_start(event_round=event_round)
            table = event_round.tables.get()
            play_table(table, TWELVE[:4])
            services.event_result_confirm(table=table, entrant=None)
        with CaptureQueriesContext(connection) as read:
            page = client.get(reverse("events"))
        assert page.content.decode().count("Results of ") == nights
        counts.append(len(read.captured_queries))
    assert counts[0] == counts[1]


def test_telling_the_last_round_reads_as_much_on_a_night_of_three_rounds_as_of_two():
    """Whether the night is over is read once a change, not once a round played."""
    counts = []
    for rounds in (2, 3):
        event = night(UserFactory(), TWELVE, rounds=rounds)
        for number in range(1, rounds + 1):
            event_round = services.event_draw(event=event)
            services.event_round_start(event_round=event_round)
            if number == rounds:
                break
            for table in event_round.tables.all():
                play_table(table)
                services.event_result_confirm(table=table, entrant=None)
        with CaptureQueriesContext(connection) as read:
            event_told(event=event)  # the last round started: the screens and every player's pages
        counts.append(len(read.captured_queries))
    assert counts[0] == counts[1]


def test_a_tables_game_over_is_told_from_one_read_of_its_figures():
    """The big screen's tables and the players' "confirm" offer come from the same read of the
    games' figures, not one each."""
    event = started(TWELVE)
    table = event.event_rounds.get().tables.select_related("session").get(number=1)
    play_table(table)
    with CaptureQueriesContext(connection) as read:
        table_told(session=table.session)
    figures = [q["sql"] for q in read.captured_queries if 'FROM "scoring_performance"' in q["sql"]]
    assert len(figures) == 1, figures
