"""A club night afterwards over real HTTP (issue 53, point 6): the organiser's results page (the
standings with their tie-breaks, each round's tables with who sat where, places, points and a
link to each table's game), the night's story across tables, the links to both once a result
is confirmed, every table's game in the circle's league, ratings and players' pages, and
another organiser refused."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from engine.event_standings import event_points, points_text
from engine.ratings import rate
from referee.templatetags.figures import rating
from scoring import club_night, services
from scoring.models import EventTable

from ..club_nights import club_night as night
from ..club_nights import play_table
from ..factories import UserFactory
from ..pages import text_of

pytestmark = pytest.mark.django_db

EIGHT = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def seat_names(table):
    return [seat.entrant.player.name for seat in table.seats.select_related("entrant__player").order_by("position")]


def round_played(event, order_of=seat_names, confirm=True):
    """The next round drawn, started, each table played to ``order_of(table)`` and confirmed."""
    event_round = services.event_draw(event=event)
    services.event_round_start(event_round=event_round)
    for table in event_round.tables.order_by("number"):
        play_table(table, order_of(table))
        if confirm:
            services.event_result_confirm(table=EventTable.objects.get(pk=table.pk), entrant=None)
    return event_round


def results_url(event):
    return reverse("event-results", kwargs={"event_id": event.public_id})


def story_url(event):
    return reverse("event-story", kwargs={"event_id": event.public_id})


@pytest.fixture
def finished_night(organiser):
    """Two rounds of two tables; in round 2 the winner of round 1's first table comes third
    and its runner-up second: level on points, the tie-break decides."""
    event = night(organiser, EIGHT, rounds=2, table_size=4)
    first_round = round_played(event)
    leader, runner_up = seat_names(first_round.tables.get(number=1))[:2]

    def second(table):
        names = seat_names(table)
        order = [n for n in names if n not in (leader, runner_up)]
        if runner_up in names:
            order.insert(1, runner_up)
        if leader in names:
            order.insert(2, leader)
        return order

    round_played(event, second)
    return event


def test_the_results_page_shows_the_standings_with_their_tie_breaks(organiser_client, finished_night):
    text = text_of(organiser_client.get(results_url(finished_night)))
    assert "Final standings" in text
    rows = club_night.standings(finished_night)
    assert any(row.tie_break for row in rows)
    for row in rows:
        said = f"{'=' if row.shared else ''}{row.rank} {row.name}"
        if row.tie_break:
            said += f" below {row.tie_break}"
        assert f"{said} {points_text(row.points)} {row.won} {row.played}" in text


def test_the_results_page_shows_each_tables_places_points_and_its_game(organiser_client, finished_night):
    answer = organiser_client.get(results_url(finished_night))
    markup, text = answer.content.decode(), text_of(answer)
    for event_round in finished_night.event_rounds.order_by("number"):
        assert f"Round {event_round.number}" in text
        for table in event_round.tables.order_by("number"):
            names = seat_names(table)
            results = club_night.table_results([table])[table.pk]
            by_place = sorted(names, key=lambda n: (results.places[n], names.index(n)))
            winner = by_place[0]
            assert f"Table {table.number} Confirmed by the organiser · won by {winner}" in text
            for name in by_place:
                place = results.places[name]
                seat = names.index(name) + 1
                captain = " · captain" if name == names[0] else ""
                points = points_text(event_points(place, results.tied(place), len(names)))
                figure = results.figures[name]
                assert f"{place} {name} seat {seat}{captain} {figure} {points}" in text
            history = reverse("past-session", kwargs={"session_id": table.session.public_id})
            assert f'href="{history}"' in markup


def test_a_table_not_confirmed_says_so_and_its_points_do_not_show(organiser, organiser_client):
    event = night(organiser, EIGHT[:4], rounds=1, table_size=4)
    event_round = round_played(event, confirm=False)
    table = event_round.tables.get()
    text = text_of(organiser_client.get(results_url(event)))
    assert "Over: its result waits to be confirmed" in text
    assert "Standings" in text and "Final standings" not in text
    assert f"1 {seat_names(table)[0]} seat 1 · captain 3 –" in text  # 3 tokens left, no points yet


def test_the_event_page_and_the_list_link_the_results_once_a_result_is_confirmed(organiser, organiser_client):
    event = night(organiser, EIGHT[:4], rounds=1, table_size=4)
    round_played(event, confirm=False)
    for page in (event.get_absolute_url(), reverse("events")):
        assert results_url(event) not in organiser_client.get(page).content.decode()
    services.event_result_confirm(table=EventTable.objects.get(round__event=event), entrant=None)
    for page in (event.get_absolute_url(), reverse("events")):
        assert f'href="{results_url(event)}"' in organiser_client.get(page).content.decode()
    assert f'href="{story_url(event)}"' in organiser_client.get(event.get_absolute_url()).content.decode()


def test_the_nights_story_tells_the_winner_the_climbs_the_closest_finishes_and_each_table(
    organiser_client, finished_night
):
    text = text_of(organiser_client.get(story_url(finished_night)))
    first = [row for row in club_night.standings(finished_night) if row.rank == 1]
    told = text.split("The winner", 1)[1]
    assert ("won the night" in told) or ("share first place" in told)
    assert all(row.name in told.split(" with ", 1)[0] for row in first)
    assert "At each table 4 tables played" in text
    for number in (1, 2):
        for table in (1, 2):
            assert f"Table {table} in round {number} of the night:" in text
    assert re.search(r"The closest finish(es)? ", text)
    assert "The night's standings" in text
    assert "The hand of the night" in text  # the prial of aces shown at a table


def test_another_organisers_results_and_story_are_not_found(finished_night):
    stranger = Client()
    stranger.force_login(UserFactory())
    for url in (results_url(finished_night), story_url(finished_night)):
        assert stranger.get(url).status_code == 404
    assert Client().get(results_url(finished_night)).status_code == 302  # to the login


def test_every_tables_game_counts_in_the_circles_league_ratings_and_each_players_page(
    organiser, organiser_client, finished_night
):
    """Each table's game is a session of the organiser's: the league counts it, the ratings
    rate it in the order played, and each player's page has the games they played there."""
    games = []
    for table in EventTable.objects.filter(round__event=finished_night).order_by("round__number", "number"):
        places = club_night.table_results([table])[table.pk].places
        games.append([[n for n in places if places[n] == p] for p in sorted(set(places.values()))])
    expected = rate(games)
    circle = text_of(organiser_client.get(reverse("circle")))
    for name in EIGHT:
        won = sum(1 for game in games if name in game[0])
        assert re.search(rf"\d+ {name} 2 {won} ", circle.split("League table", 1)[1])  # played 2 at the tables
        assert f"{name} provisional {rating(expected[name].ordinal)} skill" in circle
        player = organiser.players.get(name=name)
        page = text_of(organiser_client.get(reverse("player", kwargs={"player_id": player.public_id})))
        assert f"Stop the Bus Games played 2 Won {won} " in page
        assert f"Rating Rating {rating(expected[name].ordinal)} skill" in page and "Games rated 2" in page


def test_a_night_exported_and_imported_on_the_web_shows_the_same_results(organiser_client, finished_night):
    exported = organiser_client.get(reverse("export-all"))
    friend = UserFactory()
    client = Client()
    client.force_login(friend)
    upload = SimpleUploadedFile("night.json", exported.content, content_type="application/json")
    answer = client.post(reverse("import"), {"file": upload}, follow=True)
    assert "4 sessions imported; 1 club night imported." in text_of(answer)
    copied = friend.events.get()
    standings = text_of(client.get(results_url(copied))).split("Final standings", 1)[1]
    original = text_of(organiser_client.get(results_url(finished_night))).split("Final standings", 1)[1]
    assert standings == original
