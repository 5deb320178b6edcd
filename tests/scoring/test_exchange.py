"""Export and import: the documented file, the same file again after a round trip, and
every refusal saving nothing."""

import copy
import json
import re
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import exchange
from scoring.exchange import (
    MAX_BYTES,
    NESTED_TOO_DEEPLY,
    Imported,
    ImportRefused,
    export_sessions,
    import_sessions,
    import_summary,
    to_json,
)
from scoring.models import MAX_ROUNDS, Game, Player, Round, RoundRevision, Session
from scoring.replays import game_replay
from scoring.services import game_end, game_start, round_correct, round_record, session_start
from scoring.statistics import player_record

from ..engine.strategies import examples
from ..factories import UserFactory

pytestmark = pytest.mark.django_db
BEST, MIDDLE, WORST = "AS KS QS", "7C 7D 9S", "2C 3D 5H"


def nested(depth: int) -> list:
    value = []
    for _ in range(depth - 1):
        value = [value]
    return value


def an_evening(host):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    bus = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 2})
    round_record(
        game=bus,
        number=1,
        by=host,
        entry={"hands": {"Ann": BEST, "Bob": MIDDLE, "Cy": WORST}, "table": "4H 8D JC", "caller": "Ann"},
    )
    second, _ = round_record(game=bus, number=2, by=host, entry={"hands": {"Ann": WORST, "Bob": BEST, "Cy": MIDDLE}})
    round_correct(round=second, by=host, entry={"hands": {"Ann": BEST, "Bob": WORST, "Cy": MIDDLE}})
    crash = game_start(session=session, kind="crash", seat_names=["Cy", "Ann"], options={"preset": "arena", "cards": 9})
    round_record(game=crash, number=1, by=host, entry={"hands": {"Cy": ["3S 3H 3D"], "Ann": ["AS AC 4D", "KH 9C 2D"]}})
    return session


def test_the_export_is_the_documented_file(host):
    an_evening(host)
    data = export_sessions(host)
    assert (data["format"], data["version"], data["players"]) == ("brag-referee", 2, ["Ann", "Bob", "Cy"])
    (session,) = data["sessions"]
    assert (session["title"], session["played_on"], session["players"]) == (
        "Friday",
        "2026-11-20",
        ["Ann", "Bob", "Cy"],
    )
    bus, crash = session["games"]
    assert (bus["kind"], bus["options"], bus["seats"], bus["ended"]) == (
        "stop_the_bus",
        {"tokens": 2},
        ["Ann", "Bob", "Cy"],
        False,
    )
    assert bus["rounds"][0]["entry"] == {
        "hands": {"Ann": BEST, "Bob": MIDDLE, "Cy": WORST},
        "table": "4H 8D JC",
        "caller": "Ann",
    }
    assert bus["rounds"][1]["revisions"][0]["entry"] == {"hands": {"Ann": WORST, "Bob": BEST, "Cy": MIDDLE}}
    assert bus["rounds"][1]["corrected_at"] and crash["seats"] == ["Cy", "Ann"]


def test_the_documented_example_imports_as_the_evening_it_describes(host):
    doc = (Path(__file__).parents[2] / "docs" / "export-format.md").read_text()
    example = re.search(r"```json\n(.*?)```", doc, re.S).group(1)
    (session,), skipped = import_sessions(host, example)
    assert (session.title, str(session.played_on), skipped) == ("Friday", "2026-11-20", 0)
    assert [game.kind for game in session.games.order_by("number")] == ["stop_the_bus", "crash"]
    assert RoundRevision.objects.filter(round__game__session=session).count() == 1
    assert export_sessions(host) == json.loads(example)


def test_import_into_another_host_then_export_again_gives_the_same_file(host):
    an_evening(host)
    first = to_json(export_sessions(host))
    other = UserFactory(username="friend")
    (session,), skipped = import_sessions(other, first)
    assert skipped == 0
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
            (k.kind, k.appearances, k.games, k.won, k.totals, k.categories) for k in mine.kinds
        ]
        assert theirs.kinds


@settings(
    max_examples=examples(12),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    st.lists(
        st.tuples(st.integers(2, 4), st.integers(0, 5), st.sampled_from(["stop_the_bus", "commerce"])),
        min_size=1,
        max_size=3,
    )
)
def test_export_import_export_is_identical_for_generated_sessions(shape):
    host = UserFactory()
    names = ["Ann", "Bob", "Cy", "Di"]
    hands = ["AS KS QS", "7C 7D 9S", "JH JD 4C", "2C 3D 5H"]
    for n, (players, rounds, kind) in enumerate(shape):
        session = session_start(
            host=host, title=f"Evening {n}", played_on=f"2026-10-{n + 1:02d}", player_names=names[:players]
        )
        game = game_start(
            session=session,
            kind=kind,
            seat_names=names[:players],
            options={"tokens": 20} if kind == "stop_the_bus" else {"stake": n},
        )
        for number in range(1, rounds + 1):
            round_record(
                game=game,
                number=number,
                by=host,
                entry={"hands": dict(zip(names[:players], hands[-players:] if number % 2 else hands))},
            )
    text = to_json(export_sessions(host))
    other = UserFactory()
    import_sessions(other, text)
    assert to_json(export_sessions(other)) == text


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=3), "version 3 of the file format is not supported: expected 1 or 2"),
        (lambda d: d.update(format="other"), 'this is not a Brag referee export: expected "format": "brag-referee"'),
        (
            lambda d: d["sessions"][0]["games"][0]["rounds"][1]["entry"]["hands"].update(Dan="4S 5S 6S"),
            "sessions[0].games[0].rounds[1]: Dan is not a player in this game",
        ),
        (
            lambda d: d["sessions"][0]["games"][0]["rounds"][0]["entry"]["hands"].update(Bob="AS 2D 3D"),
            "sessions[0].games[0].rounds[0]: A♠ is in Ann's hand and in Bob's hand",
        ),
        (
            lambda d: d["sessions"][0]["games"][1].update(kind="poker"),
            "sessions[0].games[1].kind: expected one of stop_the_bus, crash, commerce",
        ),
        (
            lambda d: d["sessions"][0]["games"][0]["seats"].append("Zed"),
            "sessions[0].games[0].seats[3]: expected a player of the session",
        ),
        (
            lambda d: d["sessions"][0]["games"][0]["seats"].__setitem__(1, {"Bob": 1}),
            "sessions[0].games[0].seats[1]: expected a player of the session",
        ),
        (
            lambda d: d["sessions"][0].update(played_on="yesterday"),
            "sessions[0].played_on: expected a date like 2026-11-22",
        ),
        (
            lambda d: d["sessions"][0]["games"][0]["options"].update(tokens=99),
            "sessions[0].games[0]: tokens must be a whole number from 1 to 20, got 99",
        ),
        (
            lambda d: d["sessions"][0]["games"][0]["rounds"][0].update(entry=["AS KS QS"]),
            "sessions[0].games[0].rounds[0]: a round is a mapping of hands, table, caller, got list",
        ),
        # The limits, each named with its place.
        (
            lambda d: d["sessions"][0]["games"][0]["rounds"].extend([{}] * (MAX_ROUNDS - 1)),
            "sessions[0].games[0].rounds: expected a list (at most 1,000 items)",
        ),
        (
            lambda d: d["sessions"][0]["games"][0]["rounds"][1].update(revisions=[{}] * 101),
            "sessions[0].games[0].rounds[1].revisions: expected a list (at most 100 items)",
        ),
        (
            lambda d: d["sessions"][0]["games"].extend([{}] * 99),
            "sessions[0].games: expected a list (at most 100 items)",
        ),
        (lambda d: d["sessions"].extend([{}] * 1000), "sessions: expected a list (at most 1,000 items)"),
        (
            lambda d: d["sessions"][0]["players"].extend(["Ann"] * 48),
            "sessions[0].players: expected a list of names (at most 50)",
        ),
        (
            lambda d: d["sessions"][0]["games"][0]["rounds"][0]["entry"]["hands"].update(Ann="AS " * 100_000),
            "sessions[0].games[0].rounds[0].entry.hands.Ann: expected text of at most 200 characters",
        ),
        (
            lambda d: d["sessions"][0]["games"][1]["options"].update(preset="arena" * 100),
            "sessions[0].games[1].options.preset: expected text of at most 200 characters",
        ),
        (
            lambda d: d["sessions"][0]["games"][0]["rounds"][1]["revisions"][0]["entry"].update(hands=nested(500)),
            "sessions[0].games[0].rounds[1].revisions[0].entry.hands[0][0][0]: expected at most 4 levels of lists and "
            "objects",
        ),
        (
            lambda d: d["sessions"][0]["games"][0]["rounds"][1]["revisions"][0]["entry"].update(table=float("nan")),
            "sessions[0].games[0].rounds[1].revisions[0].entry.table: expected a finite number",
        ),
        # A replaced entry is one the engine took (the pages show it).
        (
            lambda d: d["sessions"][0]["games"][0]["rounds"][1]["revisions"][0]["entry"].update(hands=["AS KS QS"]),
            "sessions[0].games[0].rounds[1].revisions[0]: hands must map each player's name to what they gave",
        ),
        (
            lambda d: d["sessions"][0]["games"][0]["rounds"][1]["revisions"][0]["entry"]["hands"].update(Cy="AS 2D 3D"),
            "sessions[0].games[0].rounds[1].revisions[0]: A♠ is in Bob's hand and in Cy's hand",
        ),
        # Moments and texts a database would not keep.
        (
            lambda d: d["sessions"][0]["games"][0]["rounds"][0].update(recorded_at="2026-02-30T20:00:00+00:00"),
            "sessions[0].games[0].rounds[0].recorded_at: expected a date and time",
        ),
        (
            lambda d: d["sessions"][0]["games"][0]["rounds"][1].update(corrected_at="9999-12-31T23:00:00-05:00"),
            "sessions[0].games[0].rounds[1].corrected_at: expected a date and time or null",
        ),
        (
            lambda d: d["sessions"][0].update(title="Fri\x00day"),
            "sessions[0].title: expected text without a NUL character or half of a surrogate pair",
        ),
        (
            lambda d: d["sessions"][0].update(title="Fri\ud800day"),
            "sessions[0].title: expected text without a NUL character or half of a surrogate pair",
        ),
        # Names: the rounds name players as their seats and the circle spell them.
        (lambda d: d["players"].append("ann"), "players[3]: expected each name once (ignoring case)"),
        (
            lambda d: d["sessions"][0]["players"].append("Dan"),
            "sessions[0].players[3]: expected one of the file's players, spelt as there",
        ),
        (lambda d: d["sessions"][0]["players"].append("Ann"), "sessions[0].players[3]: expected each player once"),
        # One name alone is not read letter by letter ("players[2]: expected each name once", for the second n).
        (
            lambda d: d.update(players="Ann"),
            'players: expected a list of names, such as ["Ann", "Bob"], not the text \'Ann\'',
        ),
        (
            lambda d: d["sessions"][0].update(players="Ann"),
            'sessions[0].players: expected a list of names, such as ["Ann", "Bob"], not the text \'Ann\'',
        ),
        (
            lambda d: d["sessions"][0]["games"][0].update(seats="Ann"),
            'sessions[0].games[0].seats: expected a list of names, such as ["Ann", "Bob"], not the text \'Ann\'',
        ),
        (lambda d: d.update(players={"Ann": 1}), "players: expected a list of names (at most 1,000)"),
        (lambda d: d.update(version=[[[2]]]), "version […] of the file format is not supported: expected 1 or 2"),
    ],
)
def test_a_wrong_file_is_refused_naming_what_and_where_and_saves_nothing(host, change, message):
    an_evening(host)
    data = copy.deepcopy(export_sessions(host))
    change(data)
    other = UserFactory(username="friend")
    with pytest.raises(ImportRefused) as error:
        import_sessions(other, json.dumps(data))
    assert str(error.value) == message
    assert not Session.objects.filter(host=other).exists() and not Player.objects.filter(host=other).exists()


def test_a_round_without_corrected_at_was_never_corrected(host):
    an_evening(host)
    data = export_sessions(host)
    del data["sessions"][0]["games"][0]["rounds"][0]["corrected_at"]
    other = UserFactory(username="friend")
    import_sessions(other, json.dumps(data))
    assert Round.objects.get(game__session__host=other, game__number=1, number=1).corrected_at is None


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
    assert capsys.readouterr().out == "friend: 1 session imported.\n"
    call_command("export_sessions", "--user", "friend")
    assert capsys.readouterr().out == path.read_text()
    path.write_text("{")
    with pytest.raises(CommandError, match="was not imported, nothing was saved: the file is not JSON"):
        call_command("import_sessions", str(path), "--user", "friend")


def test_importing_the_same_file_twice_skips_the_sessions_already_here(host):
    an_evening(host)
    session_start(host=host, title="Saturday", played_on="2026-11-21", player_names=["Ann", "Bob"])
    text = to_json(export_sessions(host))
    other = UserFactory(username="friend")
    assert len(import_sessions(other, text).sessions) == 2
    again = import_sessions(other, text)
    assert again == Imported([], 2) and import_summary(again) == "0 sessions imported, 2 already here were skipped"
    assert Session.objects.filter(host=other).count() == 2 and Game.objects.filter(session__host=other).count() == 2
    assert to_json(export_sessions(other)) == text


def test_a_hosts_own_export_imported_back_makes_no_copies(host):
    an_evening(host)
    assert import_sessions(host, to_json(export_sessions(host))) == Imported([], 1)
    assert Session.objects.count() == 1 and Round.objects.count() == 3


def test_a_session_that_differs_from_the_one_here_is_imported_beside_it(host):
    """Another round, another title, date, players or game end: another evening, or a later
    state of it, and the host sees both."""
    an_evening(host)
    session_start(host=host, title="Saturday", played_on="2026-11-21", player_names=["Ann", "Bob"])
    data = export_sessions(host)
    other = UserFactory(username="friend")
    import_sessions(other, to_json(data))
    data["sessions"][0]["games"][1]["rounds"].append(
        {
            "number": 2,
            "entry": {"hands": {"Cy": ["2S 2H 2D"], "Ann": ["AH AD 4C", "KD 9D 2C"]}},
            "recorded_at": "2026-11-20T22:00:00+00:00",
            "corrected_at": None,
            "revisions": [],
        }
    )
    imported = import_sessions(other, to_json(data))
    assert import_summary(imported) == "1 session imported, 1 already here was skipped"
    assert [s.title for s in imported.sessions] == ["Friday"]
    assert Session.objects.filter(host=other, title="Friday").count() == 2


def test_skipping_the_sessions_already_here_reads_a_fixed_number_of_queries(host):
    def evenings(count):
        for day in range(1, count + 1):
            session = session_start(
                host=host, title=f"Evening {day}", played_on=f"2026-10-{day:02d}", player_names=["Ann", "Bob"]
            )
            game = game_start(session=session, kind="commerce", seat_names=["Ann", "Bob"], options={"stake": 1})
            round_record(game=game, number=1, by=host, entry={"hands": {"Ann": BEST, "Bob": WORST}})
        return to_json(export_sessions(host))

    small, large = evenings(1), evenings(8)
    counts = []
    for text in (small, large):
        with CaptureQueriesContext(connection) as queries:
            assert import_sessions(host, text).sessions == []
        counts.append(len(queries))
    assert counts[0] == counts[1]


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": "brag-referee", "version": 1, "players": [], "sessions": ' + "[" * 100_000 + "]" * 100_000 + "}",
    ],
)
def test_a_file_nested_too_deeply_is_refused(host, text):
    with pytest.raises(ImportRefused) as error:
        import_sessions(host, text)
    assert str(error.value) == NESTED_TOO_DEEPLY


def test_an_entry_nested_too_deeply_is_refused_and_saves_nothing(host):
    an_evening(host)
    data = export_sessions(host)
    data["sessions"][0]["games"][0]["rounds"][0]["entry"]["table"] = "NESTED"
    text = json.dumps(data).replace('"NESTED"', "[" * 100_000 + "]" * 100_000)
    other = UserFactory(username="friend")
    with pytest.raises(ImportRefused) as error:
        import_sessions(other, text)
    assert str(error.value) == NESTED_TOO_DEEPLY
    assert not Player.objects.filter(host=other).exists()


def test_a_name_the_circle_spells_otherwise_is_refused(host):
    """Else the game's seats would be ANN's while its rounds name Ann: it would never replay."""
    an_evening(host)
    other = UserFactory(username="friend")
    Player.objects.create(host=other, name="ANN")
    with pytest.raises(ImportRefused) as error:
        import_sessions(other, to_json(export_sessions(host)))
    assert str(error.value) == "players[0]: Ann is spelt ANN in your circle: rename one of them first"
    assert not Session.objects.filter(host=other).exists()


@pytest.mark.parametrize(
    ("limit", "value", "message"),
    [
        (
            "MAX_FILE_GAMES",
            1,
            "sessions[0].games[1]: expected at most 1 games in the file (export fewer sessions at a time)",
        ),
        (
            "MAX_FILE_ENTRIES",
            3,
            "sessions[0].games[1]: expected at most 3 rounds and revisions in the file "
            "(export fewer sessions at a time)",
        ),
        (
            "MAX_FILE_CRASH_ROUNDS",
            0,
            "sessions[0].games[1]: expected at most 0 Crash rounds in the file (export fewer sessions at a time)",
        ),
    ],
)
def test_a_file_holding_too_much_is_refused_at_the_game_that_passes_the_limit(host, monkeypatch, limit, value, message):
    an_evening(host)  # two games: two rounds and a revision, then one round
    text = to_json(export_sessions(host))
    monkeypatch.setattr(exchange, limit, value)
    other = UserFactory(username="friend")
    with pytest.raises(ImportRefused) as error:
        import_sessions(other, text)
    assert str(error.value) == message
    assert not Session.objects.filter(host=other).exists()


def a_long_game(rounds: int) -> str:
    """A file of one Commerce game of ``rounds`` rounds, each corrected once."""
    when = "2026-11-20T20:00:00+00:00"
    entry = {"hands": {"Ann": BEST, "Bob": MIDDLE, "Cy": WORST}}
    return json.dumps(
        {
            "format": "brag-referee",
            "version": 1,
            "players": ["Ann", "Bob", "Cy"],
            "sessions": [
                {
                    "title": "Friday",
                    "played_on": "2026-11-20",
                    "players": ["Ann", "Bob", "Cy"],
                    "games": [
                        {
                            "number": 1,
                            "kind": "commerce",
                            "options": {"stake": 1},
                            "ended": False,
                            "seats": ["Ann", "Bob", "Cy"],
                            "rounds": [
                                {
                                    "number": n,
                                    "entry": entry,
                                    "recorded_at": when,
                                    "corrected_at": when,
                                    "revisions": [{"number": 1, "entry": entry, "replaced_at": when}],
                                }
                                for n in range(1, rounds + 1)
                            ],
                        }
                    ],
                }
            ],
        }
    )


def test_an_import_writes_rows_in_batches(host):
    """Not a statement per row (SQLite takes a few hundred rows a statement, PostgreSQL a batch)."""
    statements = []
    for rounds in (1, MAX_ROUNDS):
        with CaptureQueriesContext(connection) as queries:
            import_sessions(host, a_long_game(rounds))
        statements.append(len(queries))
    assert statements[1] - statements[0] <= 2 * MAX_ROUNDS // 100
    assert Round.objects.count() == RoundRevision.objects.count() == MAX_ROUNDS + 1


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.sampled_from([BEST, WORST, "Ann", "Cy"])
    | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["hands", "table", "caller", "Ann", "Bob"]), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.sampled_from(["entry", "revision", "options"]), JSON)
def test_any_json_in_an_entry_or_the_options_is_refused_or_imported_as_a_game_that_replays(place, value):
    data = json.loads(a_long_game(2))
    game = data["sessions"][0]["games"][0]
    if place == "entry":
        game["rounds"][0]["entry"] = value
    elif place == "revision":
        game["rounds"][1]["revisions"][0]["entry"] = {"hands": value}
    else:
        game["options"] = {"stake": value}
    host = UserFactory()
    try:
        (session,), _ = import_sessions(host, json.dumps(data))
    except ImportRefused:
        return
    game_replay(session.games.get())


def test_the_import_command_says_which_sessions_were_already_there(host, tmp_path, capsys):
    an_evening(host)
    path = tmp_path / "friday.json"
    path.write_text(to_json(export_sessions(host)))
    call_command("import_sessions", str(path), "--user", host.username)
    assert capsys.readouterr().out == "hostess: 0 sessions imported, 1 already here was skipped.\n"
    assert Session.objects.count() == 1


def test_the_import_command_refuses_a_file_too_big(host, tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as file:
        file.truncate(MAX_BYTES + 1)
    with pytest.raises(CommandError, match=f"the file is {MAX_BYTES + 1:,} bytes: at most {MAX_BYTES:,} are accepted"):
        call_command("import_sessions", str(path), "--user", host.username)


def test_a_game_with_house_rules_goes_out_and_comes_back_meaning_the_same(host):
    session = session_start(host=host, title="Club night", played_on="2026-11-23", player_names=["Ann", "Bob"])
    options = {
        "preset": "classic",
        "crash": "bonus_point",
        "stick_up": "next_best",
        "out_of_order": "foul_round",
        "rules": {"top_prial": "aces", "ace_two_three": "bottom", "flush_over_run": True},
    }
    game = game_start(session=session, kind="crash", seat_names=["Ann", "Bob"], options=options)
    round_record(
        game=game,
        number=1,
        by=host,
        entry={"hands": {"Ann": ["AS AH AD", "2C 3C 4C"], "Bob": ["3S 3H 3D", "KD QD JD"]}},
    )
    text = to_json(export_sessions(host))
    other = UserFactory(username="friend")
    (imported,), _ = import_sessions(other, text)
    copy_ = imported.games.get()
    assert copy_.options == game.options
    here, there = game_replay(game), game_replay(copy_)
    assert there.settings == here.settings and there.standings == here.standings
    assert [e.text for e in there.rounds[0].events] == [e.text for e in here.rounds[0].events]


def test_an_ended_commerce_game_is_imported_ended_with_its_winner(host):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"])
    commerce = game_start(session=session, kind="commerce", seat_names=["Ann", "Bob"], options={"stake": 5})
    round_record(game=commerce, number=1, by=host, entry={"hands": {"Ann": BEST, "Bob": WORST}})
    game_end(game=commerce)
    friend = UserFactory(username="friend")
    (imported,), _ = import_sessions(friend, to_json(export_sessions(host)))
    game = imported.games.get()
    assert game.ended and game_replay(game).winners == ("Ann",)
    assert {p.player.name: (p.finished, p.won) for p in game.performances.all()} == {
        "Ann": (True, True),
        "Bob": (True, False),
    }


def test_a_game_ended_as_it_stands_goes_and_comes_back_ended_with_its_winner(host):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"])
    bus = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 3})
    round_record(game=bus, number=1, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H"}})
    game_end(game=bus)
    exported = export_sessions(host)
    assert exported["sessions"][0]["games"][0]["ended"] is True
    other = UserFactory(username="friend")
    (imported,), _ = import_sessions(other, to_json(exported))
    outcome = game_replay(imported.games.get())
    assert (outcome.finished, outcome.winners) == (True, ("Ann",))
    assert to_json(export_sessions(other)) == to_json(exported)
