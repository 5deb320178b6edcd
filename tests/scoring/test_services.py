"""The write path: each service in one transaction, validated by the engine, announced after commit."""

import contextlib
import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, transaction

from engine import EntryError
from scoring import services
from scoring.models import Game, Player, Round, RoundRevision, Session
from scoring.replays import game_replay, points_missed, rounds_told, seat_names
from scoring.services import (
    GAME_ENDED,
    NAME_TWICE,
    ROUND_ALREADY_RECORDED,
    ROUND_NOT_NEXT,
    TITLE_NEEDED,
    TWO_PLAYERS_NEEDED,
    RoundAlreadyRecorded,
    game_end,
    game_start,
    round_correct,
    round_delete_last,
    round_record,
    session_start,
)

from ..data import ANN_COULD, BOB_COULD, HINDSIGHT_ROUND
from ..factories import UserFactory
from ..factories import bus_game as bus  # Stop the Bus on a given session
from ..threads import at_once, before_first_write

pytestmark = pytest.mark.django_db


def hands(**by_player):
    return {"hands": by_player}


def test_a_session_reuses_the_hosts_players_by_name_ignoring_case(host):
    first = session_start(host=host, title="One", played_on="2026-11-01", player_names=["Ann", "Bob"])
    second = session_start(host=host, title="Two", played_on="2026-11-02", player_names=["ann", " Cy ", ""])
    assert sorted(p.name for p in second.players.all()) == ["Ann", "Cy"]
    assert Player.objects.filter(host=host).count() == 3
    assert first.players.get(name="Ann") == second.players.get(name="Ann")


def test_a_session_needs_a_title_and_two_players_and_saves_nothing_otherwise(host):
    with pytest.raises(ValidationError) as error:
        session_start(host=host, title=" ", played_on="2026-11-01", player_names=["Ann"])
    assert error.value.message_dict == {"title": [TITLE_NEEDED], "players": [TWO_PLAYERS_NEEDED]}
    assert not Player.objects.exists()


def test_a_name_entered_twice_ignoring_case_is_refused_by_name_and_saves_nothing(host):
    with pytest.raises(ValidationError) as error:
        session_start(host=host, title="One", played_on="2026-11-01", player_names=["ann", "Ann"])
    assert error.value.message_dict == {"players": [NAME_TWICE.format(name="Ann")]}
    assert NAME_TWICE.format(name="Ann") == "Ann is entered twice: each player once."
    assert not Session.objects.exists() and not Player.objects.exists()


def test_each_name_entered_twice_is_named(host):
    with pytest.raises(ValidationError) as error:
        session_start(
            host=host, title="One", played_on="2026-11-01", player_names=["Ann", "Bob", "BOB", "Cy", "ann", "Ann"]
        )
    assert error.value.message_dict == {"players": [NAME_TWICE.format(name="Ann"), NAME_TWICE.format(name="Bob")]}


def test_a_new_story_link_replaces_the_old_and_leaves_the_board_link_alone(evening):
    board, old = evening.share_token, evening.story_token
    assert services.session_rotate_story_token(session=evening) == old
    evening.refresh_from_db()
    assert evening.story_token != old and len(evening.story_token) >= 20
    assert evening.share_token == board
    assert not Session.objects.filter(story_token=old).exists()


def test_a_game_is_checked_by_the_engine_before_it_is_saved(evening):
    with pytest.raises(EntryError, match=r"^tokens must be a whole number from 1 to 20, got 0$"):
        game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 0})
    with pytest.raises(EntryError, match=r"^Dan is not a player of this session\.$"):
        game_start(session=evening, kind="crash", seat_names=["Ann", "Dan"], options={})
    assert not Game.objects.exists()
    game = game_start(session=evening, kind="crash", seat_names=["Cy", "Ann"], options={"target": 5})
    assert (game.number, game.first_dealer, seat_names(game)) == (1, 0, ["Cy", "Ann"])


def test_a_refused_round_writes_nothing(evening, host):
    game = bus(evening)
    with pytest.raises(EntryError, match=r"^Q♥ is in Ann's hand and in Bob's hand$") as error:
        round_record(game=game, number=1, by=host, entry=hands(Ann="QH KS 2C", Bob="QH 3D 4D", Cy="5C 6C 8D"))
    assert error.value.player == "Bob"
    assert not Round.objects.exists()


def test_recording_returns_the_outcome_and_announces_after_commit(evening, host, django_capture_on_commit_callbacks):
    game = bus(evening)
    heard = []
    services.session_changed.connect(
        lambda sender, session, **kw: heard.append(session), weak=False, dispatch_uid="test"
    )
    try:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            round_, outcome = round_record(
                game=game, number=1, by=host, entry=hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S")
            )
        assert heard == [] and len(callbacks) == 1  # nothing is said before the commit
        callbacks[0]()
        assert heard == [evening]
    finally:
        services.session_changed.disconnect(dispatch_uid="test")
    assert (round_.number, outcome.standings) == (1, {"Ann": 2, "Bob": 1, "Cy": 2})


def test_a_change_to_a_game_makes_it_the_one_being_played_and_is_announced_with_it_and_its_replay(
    evening, host, django_capture_on_commit_callbacks
):
    """Listeners (the board) take the game and its replay from the announcement rather than
    reading them again. The game the host last started, recorded into or corrected is the
    one being played, even an earlier one; the announcement says when it switched."""
    heard = []
    services.session_changed.connect(
        lambda sender, game, outcome, switched, **kw: heard.append((game, outcome, switched)),
        weak=False,
        dispatch_uid="test",
    )
    try:
        with django_capture_on_commit_callbacks(execute=True):
            first = bus(evening)
            round_record(game=first, number=1, by=host, entry=hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S"))
            second = bus(evening)
            round_correct(round=first.rounds.get(), by=host, entry=hands(Ann="2C 3D 5H", Bob="AS KS QS", Cy="7C 7D 9S"))
            _, outcome = round_record(
                game=second, number=1, by=host, entry=hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S")
            )
    finally:
        services.session_changed.disconnect(dispatch_uid="test")
    assert [game for game, _, _ in heard] == [first, first, second, first, second]
    assert [switched for _, _, switched in heard] == [True, False, True, True, True]
    assert heard[3][1].standings == {"Ann": 1, "Bob": 2, "Cy": 2} and heard[4][1] == outcome
    assert heard[1][1].standings == {"Ann": 2, "Bob": 1, "Cy": 2}
    assert Session.objects.get(pk=evening.pk).current_game == second


def test_every_change_counts_the_sessions_revision_up_and_announces_it(
    evening, host, django_capture_on_commit_callbacks
):
    heard = []
    services.session_changed.connect(
        lambda sender, revision, **kw: heard.append(revision), weak=False, dispatch_uid="test"
    )
    try:
        with django_capture_on_commit_callbacks(execute=True):
            game = bus(evening)
            round_record(game=game, number=1, by=host, entry=hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S"))
            round_correct(round=game.rounds.get(), by=host, entry=hands(Ann="2C 3D 5H", Bob="AS KS QS", Cy="7C 7D 9S"))
            round_delete_last(game=game, number=1)
    finally:
        services.session_changed.disconnect(dispatch_uid="test")
    start = heard[0]
    assert heard == [start, start + 1, start + 2, start + 3]
    evening.refresh_from_db()
    assert evening.revision == start + 3


def test_a_second_submit_of_the_same_round_is_refused_by_number(evening, host):
    game = bus(evening)
    entry = hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S")
    round_record(game=game, number=1, by=host, entry=entry)
    with pytest.raises(RoundAlreadyRecorded, match=f"^{ROUND_ALREADY_RECORDED.format(number=1)}$"):
        round_record(game=game, number=1, by=host, entry=entry)
    with pytest.raises(EntryError, match=ROUND_NOT_NEXT.format(number=5, expected=2).replace(".", r"\.")):
        round_record(game=game, number=5, by=host, entry=entry)
    assert Round.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_phones_recording_the_same_round_at_once_record_one_round(host):
    """Two threads, two connections, two transactions: the session's turn (and the unique
    (game, number) behind it) lets exactly one through."""
    evening = session_start(host=host, title="Race", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    game = bus(evening)

    def phone():
        return round_record(game=game, number=1, by=host, entry=hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S"))

    refused = [str(outcome) for outcome in at_once(phone, phone) if isinstance(outcome, Exception)]
    assert refused == ["Round 1 was already recorded."]
    assert Round.objects.filter(game=game).count() == 1


@contextlib.contextmanager
def changes_heard():
    """What session_changed announced meanwhile, from any thread: (game, revision) pairs."""
    heard = []
    services.session_changed.connect(
        lambda sender, game, revision, **kw: heard.append((game, revision)), weak=False, dispatch_uid="test"
    )
    try:
        yield heard
    finally:
        services.session_changed.disconnect(dispatch_uid="test")


def first_write_tells(event: threading.Event):
    """An execute_wrapper that sets ``event`` when its connection first runs anything but a read."""

    def wrapper(execute, sql, params, many, context):
        if not sql.lstrip().upper().startswith("SELECT"):
            event.set()
        return execute(sql, params, many, context)

    return wrapper


@pytest.mark.django_db(transaction=True)
def test_a_round_that_waits_for_a_new_games_commit_makes_its_own_game_the_one_being_played(host):
    """A round is recorded in the first game while the host starts a second one on another
    phone: the new game is written first and commits only once the round, read before it,
    comes to write. The round waits for that commit, is recorded once, and, the last change,
    makes the first game the one being played again: the board switches back to it."""
    evening = session_start(host=host, title="Race", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    first = bus(evening)
    new_game_written, round_writes = threading.Event(), threading.Event()

    def new_game():
        with transaction.atomic():
            game = bus(evening)
            new_game_written.set()
            assert round_writes.wait(10), "the round never came to write"
        return game

    def round_():
        assert new_game_written.wait(10), "the new game was never written"
        with connection.execute_wrapper(first_write_tells(round_writes)):
            return round_record(
                game=first, number=1, by=host, entry=hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S")
            )

    with changes_heard() as heard:
        second, (recorded, _) = at_once(new_game, round_)
    (started_game, started), (current, counted) = heard
    assert (started_game, second.number) == (second, 2) and counted == started + 1
    assert current == first == Session.objects.get(pk=evening.pk).current_game
    assert list(Round.objects.values_list("pk", flat=True)) == [recorded.pk] and first.performances.count() == 3


@pytest.mark.django_db(transaction=True)
def test_a_new_game_landing_between_a_rounds_check_and_its_write_has_the_round_checked_again(host):
    """The host starts a new game on another phone just after a round of the first game was
    read and checked, before it is written: the round is not written over that change but
    checked again after it, recorded once, and makes its game the one being played again."""
    evening = session_start(host=host, title="Race", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    first = bus(evening)
    with changes_heard() as heard, before_first_write(lambda: bus(evening)):
        round_record(game=first, number=1, by=host, entry=hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S"))
    (second, started), (current, recorded) = heard
    assert second.number == 2 and recorded == started + 1 == Session.objects.get(pk=evening.pk).revision
    assert current == first == Session.objects.get(pk=evening.pk).current_game
    assert Round.objects.filter(game=first).count() == 1 and first.performances.count() == 3


@pytest.mark.django_db(transaction=True)
def test_a_correction_landing_between_a_rounds_check_and_its_write_has_the_round_counted_after_it(host):
    """Round 1 is corrected on another phone while round 2 of the same game is being checked:
    round 2 is recorded all the same (never refused for it), on top of the corrected round 1,
    and the figures kept and announced are those of the game as it now stands."""
    evening = session_start(host=host, title="Race", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    game = bus(evening)
    round_record(game=game, number=1, by=host, entry=hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S"))

    def correction():  # now Ann, not Bob, has the worst hand of round 1
        return round_correct(
            round=game.rounds.get(), by=host, entry=hands(Ann="2C 3D 5H", Bob="AS KS QS", Cy="7C 7D 9S")
        )

    with changes_heard() as heard, before_first_write(correction):
        round_, outcome = round_record(
            game=game, number=2, by=host, entry=hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S")
        )
    (_, corrected), (announced_game, recorded) = heard
    assert announced_game == game and recorded == corrected + 1
    assert outcome.standings == {"Ann": 1, "Bob": 1, "Cy": 2}
    assert dict(game.performances.values_list("player__name", "tokens_lost")) == {"Ann": 1, "Bob": 1, "Cy": 0}
    assert list(game.rounds.values_list("number", flat=True)) == [1, 2] and round_.number == 2


@pytest.mark.django_db(transaction=True)
def test_two_games_started_at_once_are_numbered_one_after_the_other(host):
    """On SQLite whole transactions queue up anyway; on PostgreSQL (CI) only the turn does."""
    evening = session_start(host=host, title="Race", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    outcomes = at_once(lambda: bus(evening), lambda: bus(evening))
    assert sorted(game.number for game in outcomes) == [1, 2], outcomes


def test_a_correction_to_the_same_entry_changes_nothing_not_even_the_revision(evening, host):
    game = bus(evening)
    entry = hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S")
    round_record(game=game, number=1, by=host, entry=entry)
    evening.refresh_from_db()
    before = evening.revision
    round_correct(round=game.rounds.get(), by=host, entry=entry)
    evening.refresh_from_db()
    assert evening.revision == before and not RoundRevision.objects.exists()


def test_a_round_written_behind_the_services_back_is_still_recorded_only_once(evening, host):
    """A round added without taking the session's turn (an admin's edit) is read behind the
    turn: the second is refused and nothing is counted up."""
    game = bus(evening)
    entry = hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S")
    Round.objects.create(game=game, number=1, entry=entry, recorded_by=host)
    evening.refresh_from_db()
    with pytest.raises(RoundAlreadyRecorded, match=f"^{ROUND_ALREADY_RECORDED.format(number=1)}$"):
        round_record(game=game, number=1, by=host, entry=entry)
    assert Round.objects.count() == 1 and not game.performances.exists()
    assert Session.objects.get(pk=evening.pk).revision == evening.revision  # not counted up


def test_a_finished_game_takes_no_more_rounds(evening, host):
    game = bus(evening, tokens=1)
    round_record(game=game, number=1, by=host, entry=hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S"))
    round_record(game=game, number=2, by=host, entry=hands(Ann="AS KS QS", Cy="2C 3D 5H"))
    with pytest.raises(EntryError, match=r"^the game is over: Ann won$"):
        round_record(game=game, number=3, by=host, entry=hands(Ann="AS KS QS"))


def test_commerce_is_ended_by_the_host_and_then_takes_no_rounds(evening, host):
    commerce = game_start(session=evening, kind="commerce", seat_names=["Ann", "Bob"], options={"stake": 5})
    round_record(game=commerce, number=1, by=host, entry=hands(Ann="AS KS 6S", Bob="QH QD 2C"))
    outcome = game_end(game=commerce)
    assert (outcome.finished, outcome.winners, outcome.standings) == (True, ("Ann",), {"Ann": 5, "Bob": -5})
    with pytest.raises(EntryError, match=f"^{GAME_ENDED}$"):
        round_record(game=commerce, number=2, by=host, entry=hands(Ann="AS KS 6S", Bob="QH QD 2C"))


BEST, MIDDLE, WORST = "AS KS QS", "7C 7D 9S", "2C 3D 5H"
SIX_ROUNDS = [  # three tokens each
    hands(Ann=BEST, Bob=MIDDLE, Cy=WORST),  # Cy 2 left
    hands(Ann=WORST, Bob=BEST, Cy=MIDDLE),  # Ann 2 left (the round to correct)
    hands(Ann=BEST, Bob=MIDDLE, Cy=WORST),  # Cy 1 left
    hands(Ann=WORST, Bob=BEST, Cy=MIDDLE),  # Ann 1 left
    hands(Ann=BEST, Bob=WORST, Cy=MIDDLE),  # Bob 2 left
    hands(Ann="2C 3D 5H", Bob="2D 3H 5S", Cy="2H 3S 5C"),  # all tie: Ann and Cy out, Bob wins
]


def test_correcting_round_2_of_6_changes_who_is_out_and_the_winner(evening, host):
    game = bus(evening, tokens=3)
    for number, entry in enumerate(SIX_ROUNDS, 1):
        *_, outcome = round_record(game=game, number=number, by=host, entry=entry)
    assert (outcome.winners, outcome.out) == (("Bob",), ("Ann", "Cy"))
    second = Round.objects.get(game=game, number=2)
    corrected = hands(Ann=BEST, Bob=WORST, Cy=MIDDLE)  # Bob, not Ann, held the worst hand
    outcome = round_correct(round=second, by=host, entry=corrected)
    assert (outcome.winners, outcome.out) == (("Ann",), ("Bob", "Cy"))
    assert outcome.rounds[1].events[0].text == "Bob's 5 high (5-3-2) is the worst hand: Bob loses a token (2 left)"
    second.refresh_from_db()
    assert second.entry == corrected and second.corrected_at is not None
    assert list(second.revisions.values_list("number", "entry")) == [(1, SIX_ROUNDS[1])]
    assert game_replay(game).winners == ("Ann",)  # what the database kept


def test_a_correction_that_makes_a_later_round_impossible_is_refused_naming_that_round(evening, host):
    game = bus(evening, tokens=1)
    round_record(game=game, number=1, by=host, entry=hands(Ann=BEST, Bob=MIDDLE, Cy=WORST))  # Cy out
    round_record(game=game, number=2, by=host, entry=hands(Ann=WORST, Bob=BEST))  # Ann out: Bob wins
    first = Round.objects.get(game=game, number=1)
    with pytest.raises(EntryError) as error:  # Bob, not Cy, out in round 1: round 2 has Bob's hand
        round_correct(round=first, by=host, entry=hands(Ann=BEST, Bob=WORST, Cy=MIDDLE))
    assert (str(error.value), error.value.round) == (
        "Round 2: Bob is out of the game (no tokens left) and gives nothing",
        2,
    )
    first.refresh_from_db()
    assert first.entry == hands(Ann=BEST, Bob=MIDDLE, Cy=WORST) and not RoundRevision.objects.exists()


def test_only_the_last_round_can_be_deleted(evening, host):
    game = bus(evening)
    round_record(game=game, number=1, by=host, entry=SIX_ROUNDS[0])
    round_record(game=game, number=2, by=host, entry=SIX_ROUNDS[1])  # two tokens each: nobody out
    with pytest.raises(EntryError, match=r"^Only the last round can be deleted: round 1 is not the last\.$"):
        round_delete_last(game=game, number=1)
    outcome = round_delete_last(game=game, number=2)
    assert len(outcome.rounds) == 1 and list(game.rounds.values_list("number", flat=True)) == [1]


def test_services_refuse_another_hosts_players_by_name(evening):
    stranger = UserFactory(username="stranger")
    other = session_start(host=stranger, title="Theirs", played_on="2026-11-20", player_names=["Ann", "Zed"])
    assert other.players.get(name="Ann").host == stranger
    assert evening.players.get(name="Ann").host != stranger


def test_games_and_rounds_change_only_through_the_services_not_the_admin(admin_client, evening, host):
    from django.urls import reverse

    game = bus(evening)
    round_, _ = round_record(game=game, number=1, by=host, entry=hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S"))
    for model, obj in (("game", game), ("round", round_)):
        change = reverse(f"admin:scoring_{model}_change", args=[obj.pk])
        assert admin_client.get(change).status_code == 200  # to read
        assert admin_client.post(change, {"number": 5}).status_code == 403
        delete = reverse(f"admin:scoring_{model}_delete", args=[obj.pk])
        assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert admin_client.get(reverse("admin:scoring_round_add")).status_code == 403
    assert Round.objects.get().number == 1 and Game.objects.get() == game


def test_a_game_takes_no_more_than_its_most_rounds_and_a_round_no_more_corrections(evening, host, monkeypatch):
    monkeypatch.setattr(services.rounds, "MAX_ROUNDS", 2)
    monkeypatch.setattr(services.rounds, "MAX_REVISIONS", 1)
    commerce = game_start(session=evening, kind="commerce", seat_names=["Ann", "Bob"], options={})
    first, _ = round_record(game=commerce, number=1, by=host, entry=hands(Ann="AS KS 6S", Bob="QH QD 2C"))
    round_record(game=commerce, number=2, by=host, entry=hands(Ann="AS KS 6S", Bob="QH QD 2C"))
    with pytest.raises(EntryError, match=f"^{services.GAME_FULL}$"):
        round_record(game=commerce, number=3, by=host, entry=hands(Ann="AS KS 6S", Bob="QH QD 2C"))
    round_correct(round=first, by=host, entry=hands(Ann="QH QD 2C", Bob="AS KS 6S"))
    with pytest.raises(EntryError, match=f"^{services.ROUND_CORRECTED_ENOUGH}$"):
        round_correct(round=first, by=host, entry=hands(Ann="AS KS 6S", Bob="QH QD 2C"))
    assert commerce.rounds.count() == 2 and RoundRevision.objects.count() == 1


# --- Crash hindsight, kept with each round --------------------------------------------------------

ANN_BEST = ["AS 3S 2S", "KC QC JC", "AH 4H 2H", "9D 6D 2D"]  # ANN_COULD's setting of her cards


def missed(game) -> dict[str, int]:
    """Crash points each player left on the table, as the game's figures keep them."""
    return dict(game.performances.values_list("player__name", "points_missed"))


def told_now(game) -> dict[int, list[dict]]:
    """Each round's hindsight as the engine works it out from the game as it is now."""
    entries = [r.entry for r in game.rounds.order_by("number")]
    return rounds_told(game_replay(game, entries), entries)


def test_a_crash_rounds_hindsight_is_kept_with_it_and_a_correction_or_a_deletion_refreshes_it(host, evening):
    game = game_start(session=evening, kind="crash", seat_names=["Ann", "Bob"], options={"target": 99})
    for number in (1, 2):
        round_record(game=game, number=number, entry={"hands": HINDSIGHT_ROUND}, by=host)
    first = Round.objects.get(game=game, number=1)
    assert [found["text"] for found in first.better_told] == [ANN_COULD, BOB_COULD]
    assert missed(game) == {"Ann": 2, "Bob": 4}  # 3 instead of 2, and 3 instead of 1, twice

    round_correct(round=first, entry={"hands": {**HINDSIGHT_ROUND, "Ann": ANN_BEST}}, by=host)
    kept = {r.number: r.told for r in game.rounds.all()}
    assert kept == told_now(game) and ANN_COULD not in [found["text"] for found in kept[1]]
    assert missed(game) == dict(points_missed(kept))

    round_delete_last(game=game, number=2)
    assert missed(game) == dict(points_missed({1: Round.objects.get(game=game, number=1).told}))
    assert missed(game)["Bob"] < 4
