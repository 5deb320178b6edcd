import pytest
from django.db import IntegrityError

from scoring.models import Player

from ..factories import (
    GameFactory,
    PlayerFactory,
    RoundFactory,
    RoundRevisionFactory,
    SeatFactory,
    SessionFactory,
)

pytestmark = pytest.mark.django_db


def test_every_model_has_a_factory_and_a_readable_name():
    revision = RoundRevisionFactory()
    seat = SeatFactory()
    assert str(revision).startswith("Revision 1 of Round ")
    assert str(seat).endswith("in seat 1")
    assert str(GameFactory(kind="crash")).startswith("Crash · game ")
    assert str(PlayerFactory(name="Ann")) == "Ann"


def test_a_round_number_is_recorded_once_per_game():
    round_ = RoundFactory()
    with pytest.raises(IntegrityError):
        RoundFactory(game=round_.game, number=round_.number)


def test_player_names_are_unique_per_host_ignoring_case():
    ann = PlayerFactory(name="Ann")
    PlayerFactory(name="ANN")  # another host may have an Ann
    with pytest.raises(IntegrityError):
        Player.objects.create(host=ann.host, name="aNN")


def test_sessions_have_unguessable_public_ids_and_share_tokens():
    first, second = SessionFactory(), SessionFactory()
    assert first.public_id != second.public_id and len(first.share_token) >= 20
    assert str(first.public_id) in first.get_absolute_url()
    assert str(first.pk) not in first.get_absolute_url().split("/")


def test_deleting_a_host_removes_their_evenings_but_a_seated_player_alone_cannot_be_deleted():
    from django.db.models import RestrictedError

    from scoring.models import Round, Session

    round_ = RoundFactory()
    host = round_.game.session.host
    with pytest.raises(RestrictedError):
        round_.game.seats.first().player.delete()
    host.delete()
    assert not Session.objects.exists() and not Round.objects.exists()
