"""Club nights in the export file (version 2): an export holds the organiser's events, an
import brings them back into another account linked to the imported sessions, the same
standings and tables; a night already here is skipped; a wrong event is refused saying where,
and nothing of the file is kept; a version 1 file still imports."""

import copy
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from engine import EntryError
from scoring import club_night, services
from scoring.exchange import (
    Imported,
    ImportRefused,
    export_sessions,
    import_sessions,
    import_summary,
    to_json,
)
from scoring.models import MAX_EVENT_ROUNDS, Event, EventTable, Session

from ..club_nights import club_night as night
from ..club_nights import play_table
from ..factories import UserFactory

pytestmark = pytest.mark.django_db

NINE = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"]


@pytest.fixture
def organiser():
    return UserFactory()


def round_played(event, confirm=True):
    event_round = services.event_draw(event=event)
    services.event_round_start(event_round=event_round)
    for table in event_round.tables.order_by("number"):
        seats = [s.entrant.player.name for s in table.seats.select_related("entrant__player").order_by("position")]
        play_table(table, seats[::-1])  # the last seated wins
        if confirm:
            services.event_result_confirm(table=EventTable.objects.get(pk=table.pk), entrant=None)
    return event_round


@pytest.fixture
def a_night(organiser):
    """Three rounds planned: two played and confirmed (a withdrawal and a late arrival between
    them), the third drawn and not started; and an evening of the organiser's besides."""
    services.session_start(host=organiser, title="Before", played_on="2026-11-20", player_names=["Ann", "Zed"])
    event = night(organiser, NINE[:8], rounds=3, table_size=4)
    round_played(event)
    services.event_withdraw(event=event, name="Hal")
    services.event_check_in(event=event, player_names=["Ivy"])
    round_played(event)
    services.event_draw(event=event)
    return event


def tables_and_results(event):
    """Each round's tables as names, their captains, confirmations and game's results."""
    read = []
    for event_round in event.event_rounds.order_by("number"):
        tables = list(event_round.tables.order_by("number").select_related("captain__player", "session"))
        results = club_night.table_results(tables)
        read.append(
            (
                club_night.round_tables(event_round),
                event_round.started is not None,
                [
                    (
                        t.captain.player.name,
                        t.confirmed_by,
                        t.session.title if t.session else None,
                        results.get(t.pk),
                    )
                    for t in tables
                ],
            )
        )
    return read


def test_a_night_goes_round_trip_with_its_tables_results_and_standings(organiser, a_night):
    text = to_json(export_sessions(organiser))
    other = UserFactory()
    imported = import_sessions(other, text)
    (copied,) = imported.events
    assert import_summary(imported) == "5 sessions imported; 1 club night imported"
    assert club_night.standings(copied) == club_night.standings(a_night)
    assert tables_and_results(copied) == tables_and_results(a_night)
    assert [(e.player.name, e.withdrawn) for e in copied.entrants.all()] == [
        (e.player.name, e.withdrawn) for e in a_night.entrants.all()
    ]
    tables = EventTable.objects.filter(round__event=copied, session__isnull=False)
    assert all(t.session.host == other and t.session.club_table for t in tables)
    assert not Session.objects.get(host=other, title="Before").club_table
    assert to_json(export_sessions(other)) == text  # the same file again


def test_the_export_holds_each_table_naming_its_games_session_by_its_place(organiser, a_night):
    data = export_sessions(organiser)
    (event,) = data["events"]
    assert (event["name"], event["kind"], event["rounds"], event["table_size"]) == ("Club night", "stop_the_bus", 3, 4)
    assert [(e["name"], e["withdrawn"]) for e in event["entrants"]][-2:] == [("Hal", True), ("Ivy", False)]
    for drawn in event["drawn"]:
        for table in drawn["tables"]:
            if drawn["started"] is None:
                assert table["session"] is None and table["confirmed_at"] is None
                continue
            session = data["sessions"][table["session"]]
            assert session["games"][0]["seats"] == table["seats"]
            assert table["confirmed_by"] == "the organiser"


def test_an_imported_night_carries_on_from_its_round_drawn(organiser, a_night):
    other = UserFactory()
    (copied,) = import_sessions(other, to_json(export_sessions(organiser))).events
    waiting = copied.event_rounds.get(number=3)
    tables = services.event_round_start(event_round=waiting)
    assert all(t.session.host == other for t in tables)


def test_a_night_already_here_is_skipped_and_said(organiser, a_night):
    text = to_json(export_sessions(organiser))
    other = UserFactory()
    import_sessions(other, text)
    again = import_sessions(other, text)
    assert again == Imported([], 5, (), 1)
    assert import_summary(again) == (
        "0 sessions imported, 5 already here were skipped; 0 club nights imported, 1 already here was skipped"
    )
    assert Event.objects.filter(organiser=other).count() == 1


def test_a_night_imported_after_its_evenings_links_them_and_not_twice(organiser, a_night):
    """The evenings imported first (an export of them without the night), then the whole file:
    the night's tables are the evenings already here."""
    data = export_sessions(organiser)
    other = UserFactory()
    import_sessions(other, to_json({**data, "events": []}))
    imported = import_sessions(other, to_json(data))
    assert imported.sessions == [] and len(imported.events) == 1
    assert EventTable.objects.filter(round__event__organiser=other, session__isnull=False).count() == 4


def test_a_version_1_file_imports_as_before_and_one_with_events_is_refused(organiser, a_night):
    data = export_sessions(organiser)
    older = {key: value for key, value in data.items() if key != "events"}
    other = UserFactory()
    assert len(import_sessions(other, to_json({**older, "version": 1})).sessions) == 5
    with pytest.raises(ImportRefused) as refused:
        import_sessions(UserFactory(), to_json({**data, "version": 1}))
    assert str(refused.value) == "events: a version 1 file holds no events (club nights came with version 2)"


def refused_and_nothing_kept(data: dict) -> str:
    """What another user's import of ``data`` is refused for, once it is clear it kept nothing."""
    other = UserFactory()
    with pytest.raises(ImportRefused) as refused:
        import_sessions(other, json.dumps(data))
    assert not Session.objects.filter(host=other).exists() and not Event.objects.filter(organiser=other).exists()
    assert not other.players.exists()
    return str(refused.value)


def _first_table(data):
    return data["events"][0]["drawn"][0]["tables"][0]


def _other_table(data):
    return data["events"][0]["drawn"][0]["tables"][1]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: _other_table(d).update(session=_first_table(d)["session"]),
            "events[0].drawn[0].tables[1].session: expected a session no other table's game is "
            "(events[0].drawn[0].tables[0] is its game's)",
        ),
        (
            lambda d: _first_table(d).update(session=0),  # "Before": not the table's players
            "events[0].drawn[0].tables[0].session: expected a session of the table's players holding one game, "
            "of the event's, seated as the table",
        ),
        (
            lambda d: _first_table(d).update(session=99),
            "events[0].drawn[0].tables[0].session: expected the place of one of the file's sessions",
        ),
        (
            lambda d: _first_table(d).update(captain="Zed"),
            "events[0].drawn[0].tables[0].captain: expected a player at the table, or null",
        ),
        (
            lambda d: _first_table(d)["seats"].append("Zed"),
            "events[0].drawn[0].tables[0].seats[4]: expected a player checked in",
        ),
        (
            lambda d: _first_table(d).update(confirmed_by=""),
            "events[0].drawn[0].tables[0].confirmed_by: expected who confirmed its result, with its "
            "confirmed_at (both or neither)",
        ),
        (
            lambda d: d["events"][0]["drawn"][0].update(started=None),
            "events[0].drawn[0].started: expected a date and time: only the last round waits",
        ),
        (
            lambda d: d["events"][0]["entrants"][0].update(name="ANN"),
            "events[0].entrants[0].name: expected one of the file's players, spelt as there",
        ),
        (
            lambda d: d["events"][0].update(table_size=17),
            "events[0].table_size: expected a whole number from 2 to 16",
        ),
        (
            lambda d: d["events"][0].update(rounds=MAX_EVENT_ROUNDS + 1),  # the limit of the night's page
            f"events[0].rounds: expected a whole number from 1 to {MAX_EVENT_ROUNDS}",
        ),
        (
            lambda d: d["events"][0].update(seating="alphabetical"),
            'events[0].seating: expected "random" or "standings"',
        ),
    ],
)
def test_a_wrong_event_is_refused_naming_what_and_where_and_nothing_is_kept(organiser, a_night, change, message):
    data = copy.deepcopy(export_sessions(organiser))
    change(data)
    assert refused_and_nothing_kept(data) == message


def test_a_result_confirmed_of_a_game_not_over_is_refused(organiser):
    event = night(organiser, NINE[:4], rounds=1, table_size=4)
    round_played(event, confirm=False)
    data = export_sessions(organiser)
    table = _first_table(data)
    data["sessions"][table["session"]]["games"][0].update(ended=False)  # its last round undone: not over
    table.update(confirmed_at="2026-11-29T22:00:00+00:00", confirmed_by="the organiser")
    with pytest.raises(ImportRefused) as refused:
        import_sessions(UserFactory(), json.dumps(data))
    assert str(refused.value) == (
        "events[0].drawn[0].tables[0].confirmed_at: expected null: the table's game is not over, so its result "
        "cannot have been confirmed"
    )


def test_a_table_whose_evening_is_already_another_nights_table_is_refused_and_nothing_kept(organiser, a_night):
    data = export_sessions(organiser)
    other = UserFactory()
    import_sessions(other, to_json(data))
    renamed = copy.deepcopy(data)
    renamed["events"][0]["name"] = "Another night"
    with pytest.raises(ImportRefused) as refused:
        import_sessions(other, to_json(renamed))
    assert str(refused.value) == (
        "events[0].drawn[0].tables[0].session: its evening is already here as table 1 of round 1 of your club "
        "night Club night: delete one of them first"
    )
    assert Event.objects.filter(organiser=other).count() == 1


@pytest.mark.parametrize(
    ("round_", "key", "message"),
    [
        (2, "captain", "events[0].drawn[2].tables[0].captain: expected a player at the table, or null"),
        (2, "session", "events[0].drawn[2].tables[0].session: expected null (its round has not started)"),
        (
            0,
            "session",
            "events[0].drawn[0].tables[0].session: expected the place of its game's session in the file's sessions "
            "(its round has started)",
        ),
        (
            2,
            "confirmed_by",
            "events[0].drawn[2].tables[0].confirmed_by: expected who confirmed its result "
            '(text of at most 80 characters; "" while not confirmed)',
        ),
    ],
)
def test_a_table_missing_a_key_is_refused_and_nothing_is_kept(organiser, a_night, round_, key, message):
    """Each key of a table is in the file (docs/export-format.md): one left out is refused as a
    wrong value is, not a server error when the import reads it."""
    data = copy.deepcopy(export_sessions(organiser))
    del data["events"][0]["drawn"][round_]["tables"][0][key]
    assert refused_and_nothing_kept(data) == message


def test_a_round_missing_when_it_started_is_refused_and_nothing_is_kept(organiser, a_night):
    data = copy.deepcopy(export_sessions(organiser))
    del data["events"][0]["drawn"][2]["started"]  # the round drawn, not started: null, not left out
    assert refused_and_nothing_kept(data) == "events[0].drawn[2].started: expected a date and time or null"


def _queries_to_import_a_night_of(tables: int) -> int:
    """The queries an import of a night of two rounds (the first played at ``tables`` tables,
    the second drawn) runs, into an account of its own."""
    organiser = UserFactory()
    event = night(organiser, [f"Player {i + 1}" for i in range(4 * tables)], rounds=2, table_size=4)
    round_played(event)
    services.event_draw(event=event)
    text = to_json(export_sessions(organiser))
    with CaptureQueriesContext(connection) as queries:
        (copied,) = import_sessions(UserFactory(), text).events
    assert copied.event_rounds.get(number=1).tables.count() == tables
    return len(queries)


def test_an_import_writes_a_nights_tables_in_batches():
    """Its tables, their seats and hosts, and the claim of their sessions: a few queries, not a
    few a table."""
    assert _queries_to_import_a_night_of(4) == _queries_to_import_a_night_of(2)


def _hosts_of(event):
    """Each table's hosts, by round and table, as they hosted it."""
    Hosted = EventTable.hosts.through
    return {
        (t.round.number, t.number): [
            h.entrant.player.name
            for h in Hosted.objects.filter(eventtable=t).select_related("entrant__player").order_by("id")
        ]
        for t in EventTable.objects.filter(round__event=event).select_related("round")
    }


@pytest.fixture
def carried_on(organiser):
    """A night of one round started at two tables, table 1's captain's phone dropped out and
    another player carrying on; table 2 played and confirmed."""
    event = night(organiser, NINE[:8], rounds=1, table_size=4)
    event_round = round_played(event, confirm=False)
    one, two = event_round.tables.order_by("number")
    services.event_result_confirm(table=two, entrant=None)
    captain = one.captain
    other = one.seats.exclude(entrant=captain).order_by("position").first().entrant
    services.event_captain_take(table=one, entrant=other)
    return event, [captain.player.name, other.player.name]


def test_a_tables_hosts_go_round_trip_in_the_order_they_hosted(organiser, carried_on):
    event, hosted = carried_on
    data = export_sessions(organiser)
    assert _first_table(data)["hosts"] == hosted and _first_table(data)["captain"] == hosted[1]
    text = to_json(data)
    other = UserFactory()
    (copied,) = import_sessions(other, text).events
    assert _hosts_of(copied) == _hosts_of(event) == {(1, 1): hosted, (1, 2): [_other_table(data)["captain"]]}
    assert to_json(export_sessions(other)) == text


def test_a_file_from_before_hosts_imports_each_going_tables_captain_as_its_host(organiser, a_night, carried_on):
    """Without "hosts", a table whose game is going on (started, not confirmed) is hosted by its
    captain, so they still may not confirm it; a confirmed table, or one not started, by no one
    known. The same file again is the same nights."""
    data = export_sessions(organiser)
    for event in data["events"]:
        for drawn in event["drawn"]:
            for table in drawn["tables"]:
                del table["hosts"]
    other = UserFactory()
    imported = import_sessions(other, to_json(data))
    night_copy, carried_copy = sorted(imported.events, key=lambda e: e.event_rounds.count(), reverse=True)
    assert all(hosts == [] for hosts in _hosts_of(night_copy).values())  # confirmed, or not started
    one, two = carried_copy.event_rounds.get().tables.order_by("number").select_related("captain__player")
    assert _hosts_of(carried_copy) == {(1, 1): [one.captain.player.name], (1, 2): []}
    with pytest.raises(EntryError):
        services.event_result_confirm(table=one, entrant=one.captain)
    assert import_summary(import_sessions(other, to_json(data))).endswith("2 already here were skipped")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t["hosts"].append("Zed"), "hosts[1]: expected a player at the table"),
        (lambda t: t["hosts"].append(t["hosts"][0]), "hosts[1]: expected each host once"),
        (lambda t: t.update(hosts=t["hosts"][0]), "hosts: expected a list of names"),
        (
            lambda t: t.update(hosts=[t["seats"][-1], *t["hosts"]], confirmed_by=t["seats"][-1]),
            "hosts[0]: expected a player who did not confirm its result (no host of a table confirms it)",
        ),
    ],
)
def test_a_wrong_host_is_refused_and_nothing_is_kept(organiser, carried_on, change, message):
    data = copy.deepcopy(export_sessions(organiser))
    change(_other_table(data))  # confirmed, hosted by its captain
    assert refused_and_nothing_kept(data).startswith(f"events[0].drawn[0].tables[1].{message}")


def test_a_host_of_a_table_not_started_is_refused(organiser, a_night):
    data = copy.deepcopy(export_sessions(organiser))
    waiting = data["events"][0]["drawn"][2]["tables"][0]
    waiting["hosts"] = [waiting["captain"]]
    with pytest.raises(ImportRefused) as refused:
        import_sessions(UserFactory(), json.dumps(data))
    assert str(refused.value) == (
        "events[0].drawn[2].tables[0].hosts: expected [] (no one hosts a table before its round starts)"
    )
