"""Crash hindsight as the host and the players see it: after the round, in history, and as the
points each player left on the table over their Crash rounds."""

import pytest

from scoring.exchange import export_sessions, import_sessions, to_json
from scoring.models import Performance
from scoring.replays import game_replay, rounds_told
from scoring.services import game_start, round_correct, round_delete_last, round_record

from ..data import ANN_COULD, BOB_COULD, HINDSIGHT_ROUND
from ..factories import UserFactory
from ..pages import HX, sent, text_of
from ..scoring.migrating import figures_before, game_before, migrated_to, migrated_to_the_latest

pytestmark = pytest.mark.django_db

BOB_BEST = ["7C 7D 7H", "TS 9S 8S", "4C 3H 2C", "JD 5C 5D"]
# A round nobody could have played better: each player's hands are already their best.
QUIET = {"Ann": ["AS AH AD"], "Bob": ["2C 3D 5H"]}


@pytest.fixture
def crash(evening):
    return game_start(session=evening, kind="crash", seat_names=["Ann", "Bob"], options={"target": 99})


def form_of(number, hands):
    """The entry form's fields for a Crash round: hand_<seat>_<position>."""
    data = sent({"number": str(number)})
    for seat, placed in enumerate(hands.values()):
        for position, cards in enumerate(placed, 1):
            data[f"hand_{seat}_{position}"] = cards
    return data


def missed(game):
    return dict(Performance.objects.filter(game=game).values_list("player__name", "points_missed"))


def test_after_a_crash_round_the_host_reads_who_could_have_done_better(host_client, evening, crash):
    response = host_client.post(evening.get_absolute_url(), form_of(1, HINDSIGHT_ROUND), headers=HX)
    text = text_of(response)
    assert "Round 1 recorded" in text
    assert "With hindsight" in text and ANN_COULD in text and BOB_COULD in text
    # and on the page as the host opens it again (every round's: in history)
    assert text_of(host_client.get(evening.get_absolute_url())).count(BOB_COULD) == 1


def test_history_shows_hindsight_for_every_round_that_had_better(host_client, evening, crash, host):
    round_record(game=crash, number=1, entry={"hands": HINDSIGHT_ROUND}, by=host)
    round_record(game=crash, number=2, entry={"hands": {"Ann": ["AS AH AD"], "Bob": ["KC KD 2S"]}}, by=host)
    text = text_of(host_client.get(f"/sessions/{evening.public_id}/history/"))
    assert ANN_COULD in text and BOB_COULD in text
    assert text.count("With hindsight") == 1  # round 2: nobody could have done better


def test_a_round_already_played_at_its_best_says_nothing(host_client, evening, crash, host):
    round_record(game=crash, number=1, entry={"hands": QUIET}, by=host)
    assert "With hindsight" not in text_of(host_client.get(evening.get_absolute_url()))


def test_other_games_have_no_hindsight(host_client, evening, host):
    bus = game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={})
    round_record(game=bus, number=1, entry={"hands": {"Ann": "2C 3D 5H", "Bob": "AS KS QS"}}, by=host)
    assert "With hindsight" not in text_of(host_client.get(evening.get_absolute_url()))
    assert missed(bus) == {"Ann": 0, "Bob": 0}


def test_points_left_on_the_table_add_up_and_follow_corrections(host_client, evening, crash, host):
    round_record(game=crash, number=1, entry={"hands": HINDSIGHT_ROUND}, by=host)
    assert missed(crash) == {"Ann": 1, "Bob": 2}
    round_record(game=crash, number=2, entry={"hands": HINDSIGHT_ROUND}, by=host)
    assert missed(crash) == {"Ann": 2, "Bob": 4}
    round_correct(round=crash.rounds.get(number=1), entry={"hands": {**HINDSIGHT_ROUND, "Bob": BOB_BEST}}, by=host)
    assert missed(crash) == {"Ann": 2, "Bob": 2}
    round_delete_last(game=crash, number=2)
    assert missed(crash) == {"Ann": 1, "Bob": 0}
    bob = evening.players.get(name="Bob")
    text = text_of(host_client.get(f"/players/{bob.public_id}/"))
    assert "Points left on the table 0" in text
    ann = evening.players.get(name="Ann")
    assert "Points left on the table 1" in text_of(host_client.get(f"/players/{ann.public_id}/"))


def test_an_imported_copy_counts_the_same_points_left_on_the_table(evening, crash, host):
    round_record(game=crash, number=1, entry={"hands": HINDSIGHT_ROUND}, by=host)
    friend = UserFactory(username="friend")
    (copy,) = import_sessions(friend, to_json(export_sessions(host))).sessions
    assert missed(copy.games.get()) == {"Ann": 1, "Bob": 2}


@pytest.mark.django_db(transaction=True)
def test_games_kept_before_hindsight_get_their_points_left_on_the_table():
    before, after = [("scoring", "0007_import_keeps_moments")], [("scoring", "0008_crash_points_missed")]
    old = migrated_to(before)
    user, game = game_before(old, "crash", {})
    for position, name in enumerate(HINDSIGHT_ROUND):
        player = old.get_model("scoring", "Player").objects.create(host=user, name=name)
        old.get_model("scoring", "Seat").objects.create(game=game, player=player, position=position)
        figures_before(old, game, player, rounds_played=1)
    old.get_model("scoring", "Round").objects.create(
        game=game, number=1, entry={"hands": HINDSIGHT_ROUND}, recorded_by=user
    )
    new = migrated_to(after)
    rows = new.get_model("scoring", "Performance").objects.filter(game_id=game.pk)
    assert {row.player.name: row.points_missed for row in rows} == {"Ann": 1, "Bob": 2}
    migrated_to_the_latest()


def told(game) -> dict[int, dict[str, str]]:
    """What each round of the game keeps of its hindsight: the text for each player who could."""
    return {
        round_.number: {found["player"]: found["text"] for found in round_.better_told}
        for round_ in game.rounds.order_by("number")
    }


def test_each_round_keeps_its_hindsight_and_every_change_to_the_game_works_it_out_again(evening, crash, host):
    round_record(game=crash, number=1, entry={"hands": HINDSIGHT_ROUND}, by=host)
    round_record(game=crash, number=2, entry={"hands": QUIET}, by=host)
    assert told(crash) == {1: {"Ann": ANN_COULD, "Bob": BOB_COULD}, 2: {}}
    round_correct(round=crash.rounds.get(number=1), entry={"hands": {**HINDSIGHT_ROUND, "Bob": BOB_BEST}}, by=host)
    assert "Bob" not in told(crash)[1]  # Bob's hands are now his best
    round_correct(round=crash.rounds.get(number=2), entry={"hands": HINDSIGHT_ROUND}, by=host)
    assert told(crash)[2] == {"Ann": ANN_COULD, "Bob": BOB_COULD}
    round_delete_last(game=crash, number=2)
    assert list(told(crash)) == [1]
    friend = UserFactory(username="friend")
    (copy,) = import_sessions(friend, to_json(export_sessions(host))).sessions
    assert told(copy.games.get()) == told(crash)


def test_the_hindsight_a_round_keeps_is_the_replays(evening, crash, host):
    """Kept like the figures, derived all the same: a fresh replay works out the same."""
    for number, hands in enumerate([HINDSIGHT_ROUND, QUIET, {**HINDSIGHT_ROUND, "Bob": BOB_BEST}, HINDSIGHT_ROUND], 1):
        round_record(game=crash, number=number, entry={"hands": hands}, by=host)
    round_correct(round=crash.rounds.get(number=2), entry={"hands": HINDSIGHT_ROUND}, by=host)
    rounds = list(crash.rounds.order_by("number"))
    entries = [round_.entry for round_ in rounds]
    assert {round_.number: round_.told for round_ in rounds} == rounds_told(game_replay(crash, entries), entries)


@pytest.mark.django_db(transaction=True)
def test_crash_rounds_kept_before_get_their_hindsight():
    old = migrated_to([("scoring", "0010_submissions")])
    user, game = game_before(old, "crash", {})
    for position, name in enumerate(HINDSIGHT_ROUND):
        player = old.get_model("scoring", "Player").objects.create(host=user, name=name)
        old.get_model("scoring", "Seat").objects.create(game=game, player=player, position=position)
    old.get_model("scoring", "Round").objects.create(
        game=game, number=1, entry={"hands": HINDSIGHT_ROUND}, recorded_by=user
    )
    new = migrated_to([("scoring", "0011_rounds_keep_their_hindsight")])
    (kept,) = new.get_model("scoring", "Round").objects.filter(game_id=game.pk)
    assert {found["player"]: found["text"] for found in kept.told} == {"Ann": ANN_COULD, "Bob": BOB_COULD}
    assert {found["player"]: found["points_missed"] for found in kept.told} == {"Ann": 1, "Bob": 2}
    migrated_to_the_latest()
