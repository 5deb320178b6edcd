"""Each player's own phone: a seat's hand sent (or entered for it by the host), the round's
reveal, the seats' links and codes, the player the host plays as, a seat heard from."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping

from django.db import transaction
from django.utils import timezone

from engine import EntryError
from engine.own_hand import check_own_hand

from ..models import Game, Player, SeatHand, Session, SessionPlayer, Submission, new_share_token
from ..replays import game_replay, replay_options, seated_players
from .announcing import announce, board_setting_change, in_turn, play, seat_links_rotated, take_turn
from .games import SEATS_FROM_SESSION
from .rounds import RoundAlreadyRecorded, entries_before
from .submissions import check_not_submitted, keep_submission

HAND_TOO_LATE = "Round {number} was recorded without your entry."
HAND_REVEALED = "Round {number} has been revealed: your hand can no longer change. If it is wrong, tell the host."
HAND_GAME_OVER = "This game is over: it takes no more hands."
NO_SEAT = "{name} has no seat in {game}."
REVEAL_NOT_NEXT = "Round {number} is not the round being entered (round {expected} is): reload the page."
REVEAL_NO_NUMBER = "No round number to reveal (round {expected} is being entered): reload the page."

KEPT_OF_A_HAND = ["entry", "by_host", "sent_at"]  # what a hand sent again replaces


class HandTooLate(EntryError):
    """A seat's hand for a round already recorded (or revealed): refused, politely."""


@transaction.atomic
def seat_hand_send(
    *, game: Game, player, number: int, entry: Mapping, submission: uuid.UUID | None = None, by_host: bool = False
) -> SeatHand:
    """Keep ``player``'s own hand for round ``number`` (the round being entered), sent from
    their seat (or entered for the seat by the host, ``by_host``): ``entry`` is the round's
    entry holding this player only. Checked by the engine as the round will check it; sent
    again, changed, it replaces the hand kept, until the host reveals the round. A hand for
    a round already recorded or revealed is refused (HandTooLate). ``submission``, the
    form's id, makes the same send again answer AlreadySubmitted."""
    game, turn = in_turn(game)
    action = Submission.Action.HAND
    content = {"player": player.name, **entry}
    check_not_submitted(submission, game, action, content)
    try:
        entries = entries_before(game, number)
    except RoundAlreadyRecorded:
        raise HandTooLate(HAND_TOO_LATE.format(number=number)) from None
    if game.revealed == number:
        raise HandTooLate(HAND_REVEALED.format(number=number))
    players = seated_players(game)
    outcome = game_replay(game, entries, list(players))
    hand = keep_seat_hand(game, number, players, outcome, player.name, entry, by_host=by_host)
    keep_submission(submission, game, action, content, number)
    announce(game.session, turn, game, outcome, play(game, turn.latest), seat=player.name)
    return hand


def keep_seat_hand(
    game: Game, number: int, players: Mapping[str, int], outcome, name: str, entry: Mapping, *, by_host: bool
) -> SeatHand:
    """Keep ``name``'s own hand for round ``number`` of ``game`` (its seats ``players``, the
    game as the rounds before left it: ``outcome``), checked by the engine as the round will
    check it; it replaces the hand kept before."""
    if name not in players:
        raise EntryError(NO_SEAT.format(name=name, game=game))
    if outcome.finished or game.ended:
        raise EntryError(HAND_GAME_OVER)
    check_own_hand(
        game.kind,
        list(players),
        name,
        entry,
        still_in=outcome.still_in,
        **replay_options(game.kind, game.options, game.ended),
    )
    hand = SeatHand(
        game=game, number=number, player_id=players[name], entry=dict(entry), by_host=by_host, sent_at=timezone.now()
    )
    # Sent again, it replaces the hand kept: one statement (the turn already orders the sends).
    SeatHand.objects.bulk_create(
        [hand], update_conflicts=True, unique_fields=["game", "number", "player"], update_fields=KEPT_OF_A_HAND
    )
    return hand


@transaction.atomic
def round_reveal(*, game: Game, number: int | None, hands: Mapping[str, Mapping] | None = None) -> bool:
    """The host reveals round ``number`` (the round being entered): the seats' hands show
    on the host's phone and the board, and no seat can change its hand any more. ``hands``,
    what the host typed for seats (the host's own, a player without a phone), by name: each
    kept first as that seat's hand, entered by the host, replacing any kept before. All or
    nothing: the round checked first, then every hand; one refused (EntryError) and nothing
    is kept. Whether it changed anything (a second tap changes nothing, and keeps nothing)."""
    game, turn = in_turn(game)
    expected = game.rounds.count() + 1
    if number is None:
        raise EntryError(REVEAL_NO_NUMBER.format(expected=expected))
    if number != expected:
        raise EntryError(REVEAL_NOT_NEXT.format(number=number, expected=expected))
    if game.revealed == number:
        transaction.set_rollback(True)
        return False
    players = seated_players(game)
    if hands:
        outcome = game_replay(game, entries_before(game, number), list(players))
        for name, entry in hands.items():
            keep_seat_hand(game, number, players, outcome, name, entry, by_host=True)
    game.revealed = number
    game.save(update_fields=["revealed"])
    announce(game.session, turn, game, game_replay(game, seats=list(players)), play(game, turn.latest))
    return True


@transaction.atomic
def seat_links_rotate(*, session: Session, players: Iterable | None = None) -> list[str]:
    """New addresses for these players' seats (every seat's by default): the old links stop
    working at once and the seat pages open on them are closed; a board showing the seats'
    codes shows the new ones. Returns the old tokens."""
    seats = SessionPlayer.objects.filter(session=session)
    if players is not None:
        seats = seats.filter(player__in=list(players))
    seats = list(seats)
    old = [seat.seat_token for seat in seats]
    for seat in seats:
        seat.seat_token = new_share_token()
        seat.seat_seen = None
    SessionPlayer.objects.bulk_update(seats, ["seat_token", "seat_seen"])
    # The phones on the old links are closed: the host's page, and the board's codes (the new
    # ones, if shown), follow.
    turn = take_turn(session.pk)
    announce(Session.objects.get(pk=session.pk), turn, phones=True)  # as it is now: its codes shown or not
    transaction.on_commit(lambda: seat_links_rotated.send(sender=Session, session=session, old_tokens=old), robust=True)
    return old


@transaction.atomic
def seat_codes_show(*, session: Session, shown: bool) -> None:
    """Show the seats' QR codes on the board, or hide them again."""
    board_setting_change(session, seat_codes_shown=shown)


@transaction.atomic
def host_plays_as(*, session: Session, player: Player | None) -> None:
    """The player the host plays as (None: the host does not play): one of the session's."""
    if player is not None and not SessionPlayer.objects.filter(session=session, player=player).exists():
        raise EntryError(SEATS_FROM_SESSION.format(name=player.name))
    Session.objects.filter(pk=session.pk).update(host_player=player)
    session.host_player = player
    if Session.objects.filter(pk=session.pk, seat_codes_shown=True).exists():
        announce(session, take_turn(session.pk))  # the board's codes: none for the seat the host plays


def seat_seen(token: str, seen: bool = True) -> None:
    """A seat's page was heard from (its socket answered a heartbeat), or not any more: written
    down alone, told to no screen (see seat_presence)."""
    SessionPlayer.objects.filter(seat_token=token).update(seat_seen=timezone.now() if seen else None)


@transaction.atomic
def seat_presence(*, token: str, present: bool) -> None:
    """A seat's phone opened its page (its socket) or closed it: written down, in the
    session's turn, and announced as a change to the phones alone: the host's page lists the
    phones connected, and the board's seat codes shrink to a corner once every phone is open.
    A link replaced meanwhile changes nothing."""
    seat = SessionPlayer.objects.filter(seat_token=token).select_related("session").first()
    if seat is None:
        return
    turn = take_turn(seat.session_id)
    if SessionPlayer.objects.filter(pk=seat.pk, seat_token=token).update(seat_seen=timezone.now() if present else None):
        announce(seat.session, turn, phones=True)
