"""The seats' own hands: sent privately, changed until the reveal, refused once late, kept
once per submission id, and the clashes between them found."""

import uuid

import pytest

from engine import EntryError
from scoring import queries, services
from scoring.models import Game, Round, SeatHand, Session, SessionPlayer, Submission
from scoring.services import (
    HAND_REVEALED,
    HAND_TOO_LATE,
    AlreadySubmitted,
    HandTooLate,
    SubmissionReused,
    game_start,
    round_record,
    round_reveal,
    seat_hand_send,
    seat_links_rotate,
    session_start,
)

from ..data import CRASH_ROUNDS, hands

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(host):
    return session_start(host=host, title="Friday", played_on="2026-11-27", player_names=["Ann", "Bob", "Cy"])


def player(session, name):
    return session.players.get(name=name)


def send(game, name, cards, number=1, submission=None, **kwargs):
    return seat_hand_send(
        game=game,
        player=player(game.session, name),
        number=number,
        entry=hands(**{name: cards}),
        submission=submission or uuid.uuid4(),
        **kwargs,
    )


def table(game):
    return queries.table_round(queries.game_state(Game.objects.get(pk=game.pk)))


def test_every_seat_of_a_session_has_its_own_private_link(evening):
    tokens = list(SessionPlayer.objects.filter(session=evening).values_list("seat_token", flat=True))
    assert len(set(tokens)) == 3 and all(len(token) >= 20 for token in tokens)
    assert evening.share_token not in tokens
    seat = queries.seat_of_token(tokens[0])
    assert seat.session == evening and seat.player.name in {"Ann", "Bob", "Cy"}
    assert queries.seat_of_token("nope") is None and queries.seat_of_token("") is None


def test_a_rotated_seat_link_stops_opening_the_seat_and_the_others_keep_theirs(evening):
    ann, bob = (SessionPlayer.objects.get(session=evening, player__name=name) for name in ("Ann", "Bob"))
    old = seat_links_rotate(session=evening, players=[ann.player])
    assert old == [ann.seat_token]
    assert queries.seat_of_token(ann.seat_token) is None
    assert queries.seat_of_token(bob.seat_token).player.name == "Bob"
    everyone = seat_links_rotate(session=evening)
    assert len(everyone) == 3 and bob.seat_token in everyone
    assert queries.seat_of_token(bob.seat_token) is None


def test_a_seat_sends_its_hand_and_the_table_shows_a_tick_not_the_cards(bus):
    send(bus, "Ann", "As Ks Qs")
    round_ = table(bus)
    assert [(tick.name, tick.sent) for tick in round_.ticks] == [("Ann", True), ("Bob", False), ("Cy", False)]
    assert not round_.all_in and round_.any_in and not round_.revealed
    assert round_.hand_of("Ann") == hands(Ann="As Ks Qs")
    assert round_.hand_of("Bob") is None


def test_a_seat_changes_its_hand_until_the_host_reveals_then_no_more(bus):
    send(bus, "Ann", "As Ks Qs")
    send(bus, "Ann", "2c 3d 5h")
    assert SeatHand.objects.get().entry == hands(Ann="2c 3d 5h")
    send(bus, "Bob", "7h 7d 9c")
    assert round_reveal(game=bus, number=1) is True
    assert round_reveal(game=bus, number=1) is False  # a second tap changes nothing
    with pytest.raises(HandTooLate) as refused:
        send(bus, "Cy", "Jh Jd 3c")
    assert str(refused.value) == HAND_REVEALED.format(number=1)
    round_ = table(bus)
    assert round_.revealed and round_.entry() == hands(Ann="2c 3d 5h", Bob="7h 7d 9c")


def test_a_hand_for_a_round_already_recorded_is_refused_politely(bus, host):
    round_record(game=bus, number=1, entry=hands(Ann="As Ks Qs", Bob="2c 3d 5h", Cy="7h 7d 9c"), by=host)
    with pytest.raises(HandTooLate) as refused:
        send(bus, "Ann", "Jh Jd 3c", number=1)
    assert str(refused.value) == HAND_TOO_LATE.format(number=1) == "Round 1 was recorded without your entry."
    assert not SeatHand.objects.exists()


def test_the_same_send_twice_keeps_one_hand_and_the_same_id_with_other_cards_is_refused(bus):
    sent = uuid.uuid4()
    send(bus, "Ann", "As Ks Qs", submission=sent)
    with pytest.raises(AlreadySubmitted):
        send(bus, "Ann", "As Ks Qs", submission=sent)
    with pytest.raises(SubmissionReused):
        send(bus, "Ann", "2c 3d 5h", submission=sent)
    assert SeatHand.objects.get().entry == hands(Ann="As Ks Qs")
    assert Submission.objects.filter(action="hand").count() == 1


@pytest.mark.parametrize(
    ("cards", "said"),
    [
        ("As Ks", "Ann's hand: expected three cards, got 2"),
        ("As As Ks", "Ann's hand: As is entered twice"),
        ("Zz Ks Qs", "Ann's hand"),
    ],
)
def test_a_seat_hand_that_is_not_a_hand_is_refused_naming_it_and_nothing_is_kept(bus, cards, said):
    with pytest.raises(EntryError) as refused:
        send(bus, "Ann", cards)
    assert said.lower() in str(refused.value).lower().replace("♠", "s")
    assert not SeatHand.objects.exists()


def test_a_seat_can_send_only_its_own_hand(bus):
    with pytest.raises(EntryError, match="only Ann's own hand"):
        seat_hand_send(
            game=bus,
            player=player(bus.session, "Ann"),
            number=1,
            entry=hands(Ann="As Ks Qs", Bob="2c 3d 5h"),
            submission=uuid.uuid4(),
        )


def test_a_card_two_seats_entered_is_found_only_once_the_round_is_revealed(bus):
    send(bus, "Ann", "As Ks Qs")
    send(bus, "Bob", "As 3d 5h")
    send(bus, "Cy", "7h 7d 9c")
    before = table(bus)
    assert before.clashes == [] and [tick.sent for tick in before.ticks] == [True, True, True]
    assert before.ticks == table_with_bob(bus, "8s 3d 5h").ticks  # the ticks are the same without the clash
    round_reveal(game=bus, number=1)
    (clash,) = table(bus).clashes
    assert str(clash) == "Ann and Bob both entered A♠" and clash.concerns("Bob") and not clash.concerns("Cy")


def table_with_bob(game, cards):
    send(game, "Bob", cards)
    try:
        return table(game)
    finally:
        send(game, "Bob", "As 3d 5h")


def test_a_crash_seat_sends_its_setting_a_foul_included_and_a_declaration_is_checked(evening):
    crash = game_start(
        session=evening,
        kind="crash",
        seat_names=["Ann", "Bob", "Cy"],
        options={"first_dealer": 0, "target": 15, "declarations": True},
    )
    first = CRASH_ROUNDS[0]["hands"]
    send(crash, "Cy", first["Cy"])  # out of order: a foul, sent all the same (the round says so)
    assert table(crash).tick_of("Cy").sent
    with pytest.raises(EntryError, match="6 pairs|pairs"):
        seat_hand_send(
            game=crash,
            player=player(evening, "Ann"),
            number=1,
            entry={"declarations": {"Ann": ["six_pairs", "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 8d 9c"]}},
            submission=uuid.uuid4(),
        )


def test_a_seat_hand_is_announced_after_commit_for_the_board_and_the_seats(bus, django_capture_on_commit_callbacks):
    heard = []

    def listen(sender, **kwargs):
        heard.append(kwargs["revision"])

    services.session_changed.connect(listen)
    try:
        before = Session.objects.get(pk=bus.session_id).revision
        with django_capture_on_commit_callbacks(execute=True):
            send(bus, "Ann", "As Ks Qs")
    finally:
        services.session_changed.disconnect(listen)
    assert heard == [before + 1]
    assert not Round.objects.exists()
