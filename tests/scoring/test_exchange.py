"""Export and import: the documented file, the same file again after a round trip, and
every refusal saving nothing."""

import copy
import json

import pytest
from django.core.management import CommandError, call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.exchange import ImportRefused, export_sessions, import_sessions, to_json
from scoring.models import Game, Player, Round, Session
from scoring.services import game_start, round_correct, round_record, session_start
from scoring.statistics import player_record

from ..factories import UserFactory

pytestmark = pytest.mark.django_db
BEST, MIDDLE, WORST = "AS KS QS", "7C 7D 9S", "2C 3D 5H"


def an_evening(host):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    bus = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 2})
    round_record(game=bus, number=1, by=host, entry={"hands": {"Ann": BEST, "Bob": MIDDLE, "Cy": WORST},
                                                      "table": "4H 8D JC", "caller": "Ann"})
    second, _ = round_record(game=bus, number=2, by=host, entry={"hands": {"Ann": WORST, "Bob": BEST, "Cy": MIDDLE}})
    round_correct(round=second, by=host, entry={"hands": {"Ann": BEST, "Bob": WORST, "Cy": MIDDLE}})
    crash = game_start(session=session, kind="crash", seat_names=["Cy", "Ann"], options={"preset": "arena", "cards": 9})
    round_record(game=crash, number=1, by=host, entry={"hands": {"Cy": ["3S 3H 3D"], "Ann": ["AS AC 4D", "KH 9C 2D"]}})
    return session


def test_the_export_is_the_documented_file(host):
    an_evening(host)
    data = export_sessions(host)
    assert (data["format"], data["version"], data["players"]) == ("brag-referee", 1, ["Ann", "Bob", "Cy"])
    (session,) = data["sessions"]
    assert (session["title"], session["played_on"], session["players"]) == ("Friday", "2026-11-20", ["Ann", "Bob", "Cy"])
    bus, crash = session["games"]
    assert (bus["kind"], bus["options"], bus["seats"], bus["ended"]) == ("stop_the_bus", {"tokens": 2},
                                                                          ["Ann", "Bob", "Cy"], False)
    assert bus["rounds"][0]["entry"] == {"hands": {"Ann": BEST, "Bob": MIDDLE, "Cy": WORST}, "table": "4H 8D JC",
                                         "caller": "Ann"}
    assert bus["rounds"][1]["revisions"][0]["entry"] == {"hands": {"Ann": WORST, "Bob": BEST, "Cy": MIDDLE}}
    assert bus["rounds"][1]["corrected_at"] and crash["seats"] == ["Cy", "Ann"]


def test_import_into_another_host_then_export_again_gives_the_same_file(host):
    an_evening(host)
    first = to_json(export_sessions(host))
    other = UserFactory(username="friend")
    (session,) = import_sessions(other, first)
    assert to_json(export_sessions(other)) == first
    assert session.host == other and Round.objects.filter(game__session=session).count() == 3
    assert session.share_token != Session.objects.get(host=host).share_token


def test_an_imported_history_has_the_same_statistics(host):
    an_evening(host)
    other = UserFactory(username="friend")
    import_sessions(other, to_json(export_sessions(host)))
    for name in ("Ann", "Bob", "Cy"):
        mine, theirs = (player_record(Player.objects.get(host=h, name=name)) for h in (host, other))
        assert [(k.kind, k.appearances, k.games, k.won, k.totals, k.categories) for k in theirs.kinds] == [
            (k.kind, k.appearances, k.games, k.won, k.totals, k.categories) for k in mine.kinds]
        assert theirs.kinds


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(2, 4), st.integers(0, 5), st.sampled_from(["stop_the_bus", "commerce"])),
                min_size=1, max_size=3))
def test_export_import_export_is_identical_for_generated_sessions(shape):
    host = UserFactory()
    names = ["Ann", "Bob", "Cy", "Di"]
    hands = ["AS KS QS", "7C 7D 9S", "JH JD 4C", "2C 3D 5H"]
    for n, (players, rounds, kind) in enumerate(shape):
        session = session_start(host=host, title=f"Evening {n}", played_on=f"2026-10-{n + 1:02d}",
                                player_names=names[:players])
        game = game_start(session=session, kind=kind, seat_names=names[:players],
                          options={"tokens": 20} if kind == "stop_the_bus" else {"stake": n})
        for number in range(1, rounds + 1):
            round_record(game=game, number=number, by=host,
                         entry={"hands": dict(zip(names[:players], hands[-players:] if number % 2 else hands))})
    text = to_json(export_sessions(host))
    other = UserFactory()
    import_sessions(other, text)
    assert to_json(export_sessions(other)) == text


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(version=2), "version 2 of the file format is not supported: expected 1"),
    (lambda d: d.update(format="other"), 'this is not a Brag referee export: expected "format": "brag-referee"'),
    (lambda d: d["sessions"][0]["games"][0]["rounds"][1]["entry"]["hands"].update(Dan="4S 5S 6S"),
     "sessions[0].games[0].rounds[1]: Dan is not a player in this game"),
    (lambda d: d["sessions"][0]["games"][0]["rounds"][0]["entry"]["hands"].update(Bob="AS 2D 3D"),
     "sessions[0].games[0].rounds[0]: A♠ is in Ann's hand and in Bob's hand"),
    (lambda d: d["sessions"][0]["games"][1].update(kind="poker"),
     "sessions[0].games[1].kind: expected one of stop_the_bus, crash, commerce"),
    (lambda d: d["sessions"][0]["games"][0]["seats"].append("Zed"),
     "sessions[0].games[0].seats[3]: expected a player of the session"),
    (lambda d: d["sessions"][0].update(played_on="yesterday"),
     "sessions[0].played_on: expected a date like 2026-11-22"),
    (lambda d: d["sessions"][0]["games"][0]["options"].update(tokens=99),
     "sessions[0].games[0]: tokens must be a whole number from 1 to 20, got 99"),
])
def test_a_wrong_file_is_refused_naming_what_and_where_and_saves_nothing(host, change, message):
    an_evening(host)
    data = copy.deepcopy(export_sessions(host))
    change(data)
    other = UserFactory(username="friend")
    with pytest.raises(ImportRefused) as error:
        import_sessions(other, json.dumps(data))
    assert str(error.value) == message
    assert not Session.objects.filter(host=other).exists() and not Player.objects.filter(host=other).exists()


def test_a_truncated_file_is_refused(host):
    an_evening(host)
    text = to_json(export_sessions(host))
    with pytest.raises(ImportRefused, match=r"^the file is not JSON \(it may be truncated\): "):
        import_sessions(UserFactory(username="friend"), text[: len(text) // 2])
    assert Game.objects.count() == 2


def test_the_management_commands_export_and_import(host, tmp_path, capsys):
    an_evening(host)
    path = tmp_path / "friday.json"
    call_command("export_sessions", "--user", host.username, "--output", str(path))
    UserFactory(username="friend")
    call_command("import_sessions", str(path), "--user", "friend")
    assert "Imported 1 session for friend." in capsys.readouterr().out
    call_command("export_sessions", "--user", "friend")
    assert capsys.readouterr().out == path.read_text()
    path.write_text("{")
    with pytest.raises(CommandError, match="was not imported, nothing was saved: the file is not JSON"):
        call_command("import_sessions", str(path), "--user", "friend")
