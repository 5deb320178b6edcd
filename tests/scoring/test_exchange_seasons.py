"""Seasons in the export file: out with the sessions, back with an import, checked whole like
the rest; and a file written before seasons (files/export_before_seasons.json, exported by
the referee of the commit before them: `manage.py seed_demo`, then `export_sessions`) still
imports."""

import copy
import datetime
import json
from pathlib import Path

import pytest

from scoring.exchange import ImportRefused, export_sessions, import_sessions, to_json
from scoring.models import Player, Season, Session
from scoring.services import game_start, round_record, season_add, session_start

from ..factories import UserFactory

pytestmark = pytest.mark.django_db
BEFORE_SEASONS = Path(__file__).parent / "files" / "export_before_seasons.json"
AUTUMN = {"name": "Autumn 2026", "first_day": "2026-09-01", "last_day": "2026-11-30"}
SUMMER = {"name": "Summer 2026", "first_day": "2026-06-01", "last_day": "2026-08-31"}


def day(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)


def a_season(host, name, first_day, last_day) -> Season:
    return season_add(host=host, name=name, first_day=day(first_day), last_day=day(last_day))


def an_evening(host, played_on="2026-11-20", title="Friday"):
    session = session_start(host=host, title=title, played_on=played_on, player_names=["Ann", "Bob"])
    game = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 1})
    round_record(game=game, number=1, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H"}})
    return session


def seasons_of(host) -> list[tuple[str, str, str]]:
    return [
        (s.name, s.first_day.isoformat(), s.last_day.isoformat())
        for s in Season.objects.filter(host=host).order_by("first_day")
    ]


@pytest.fixture
def history(host):
    a_season(host, **SUMMER)
    a_season(host, **AUTUMN)
    summer = an_evening(host, "2026-07-03", "July")
    autumn = an_evening(host, "2026-11-20", "Friday")
    return summer, autumn


def test_the_export_holds_the_hosts_seasons_earliest_first(host, history):
    assert export_sessions(host)["seasons"] == [SUMMER, AUTUMN]


def test_an_export_of_chosen_sessions_holds_the_seasons_of_their_days(host, history):
    summer, autumn = history
    a_season(host, "Winter", "2026-12-01", "2027-02-28")
    assert export_sessions(host, [autumn])["seasons"] == [AUTUMN]
    assert export_sessions(host, [summer, autumn])["seasons"] == [SUMMER, AUTUMN]


def test_seasons_come_back_with_an_import_and_export_again_the_same(host, history):
    text = to_json(export_sessions(host))
    friend = UserFactory(username="friend")
    imported = import_sessions(friend, text)
    assert (len(imported.sessions), imported.skipped) == (2, 0)
    assert (
        seasons_of(friend)
        == seasons_of(host)
        == [
            ("Summer 2026", "2026-06-01", "2026-08-31"),
            ("Autumn 2026", "2026-09-01", "2026-11-30"),
        ]
    )
    assert to_json(export_sessions(friend)) == text


def test_importing_the_same_file_twice_makes_no_second_season(host, history):
    text = to_json(export_sessions(host))
    import_sessions(host, text)  # the host's own file: everything already here
    friend = UserFactory(username="friend")
    import_sessions(friend, text)
    import_sessions(friend, text)
    assert Season.objects.filter(host=host).count() == Season.objects.filter(host=friend).count() == 2


def test_a_season_the_host_already_has_is_kept_beside_the_new_ones(host, history):
    friend = UserFactory(username="friend")
    a_season(friend, "Spring 2026", "2026-03-01", "2026-05-31")
    import_sessions(friend, to_json(export_sessions(host)))
    assert [name for name, _, _ in seasons_of(friend)] == ["Spring 2026", "Summer 2026", "Autumn 2026"]


def test_a_file_from_before_seasons_still_imports(host):
    text = BEFORE_SEASONS.read_text()
    assert "seasons" not in json.loads(text)
    (session,), skipped = import_sessions(host, text)
    assert (session.title, skipped) == ("Demo evening", 0)
    assert session.games.count() == 6 and not Season.objects.exists()
    again = export_sessions(host)
    assert again.pop("seasons") == [] and again.pop("events") == []
    assert again == {**json.loads(text), "version": 2}  # the version of the file written now


@pytest.mark.parametrize(
    ("seasons", "message"),
    [
        ("Autumn", "seasons: expected a list (at most 1,000 items)"),
        (["Autumn"], "seasons[0]: expected an object"),
        ([{**AUTUMN, "name": " "}], "seasons[0].name: expected a name of 1 to 40 characters"),
        ([{**AUTUMN, "name": "x" * 41}], "seasons[0].name: expected a name of 1 to 40 characters"),
        ([{**AUTUMN, "first_day": "1 September"}], "seasons[0].first_day: expected a date like 2026-11-22"),
        (
            [{k: v for k, v in AUTUMN.items() if k != "last_day"}],
            "seasons[0].last_day: expected a date like 2026-11-22",
        ),
        (
            [{**AUTUMN, "last_day": "2026-08-31"}],
            "seasons[0].last_day: expected a day on or after its first_day",
        ),
        (
            [SUMMER, {**AUTUMN, "name": "summer 2026"}],
            "seasons[1].name: expected a name of its own (seasons[0] has it, ignoring case)",
        ),
        (
            [SUMMER, {**AUTUMN, "first_day": "2026-08-31"}],
            "seasons[1]: expected days no other season holds (seasons[0], Summer 2026, runs 1 June to 31 August 2026)",
        ),
    ],
)
def test_a_bad_season_in_a_file_is_refused_saying_what_and_where_and_saves_nothing(host, history, seasons, message):
    data = copy.deepcopy(export_sessions(host))
    data["seasons"] = seasons
    friend = UserFactory(username="friend")
    with pytest.raises(ImportRefused) as error:
        import_sessions(friend, json.dumps(data))
    assert str(error.value) == message
    assert not Season.objects.filter(host=friend).exists()
    assert not Session.objects.filter(host=friend).exists() and not Player.objects.filter(host=friend).exists()


@pytest.mark.parametrize(
    ("mine", "message"),
    [
        (
            ("Autumn 2026", "2026-09-15", "2026-11-30"),
            "seasons[1]: Autumn 2026 runs 1 September to 30 November 2026 in the file but "
            "15 September to 30 November 2026 in your seasons: rename or change one of them first",
        ),
        (
            ("Fall", "2026-11-01", "2027-01-31"),
            "seasons[1]: Autumn 2026 (1 September to 30 November 2026) shares days with your season Fall "
            "(1 November 2026 to 31 January 2027): a day belongs to one season at most; change the dates of one of "
            "them first",
        ),
    ],
)
def test_a_season_at_odds_with_the_hosts_own_is_refused_and_nothing_is_saved(host, history, mine, message):
    friend = UserFactory(username="friend")
    a_season(friend, *mine)
    with pytest.raises(ImportRefused) as error:
        import_sessions(friend, to_json(export_sessions(host)))
    assert str(error.value) == message
    assert seasons_of(friend) == [mine]
    assert not Session.objects.filter(host=friend).exists() and not Player.objects.filter(host=friend).exists()
