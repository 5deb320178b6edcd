import pytest
from django.core.management import call_command

from scoring.models import Game, Round, Session
from scoring.queries import games_of

pytestmark = pytest.mark.django_db


def test_seed_demo_makes_a_finished_and_a_running_game_of_each_kind_and_is_idempotent(capsys):
    call_command("seed_demo")
    counts = (Session.objects.count(), Game.objects.count(), Round.objects.count())
    call_command("seed_demo")
    assert (Session.objects.count(), Game.objects.count(), Round.objects.count()) == counts
    states = games_of(Session.objects.get(title="Demo evening"))
    finished = {s.game.kind for s in states if s.outcome.finished}
    running = {s.game.kind for s in states if not s.outcome.finished}
    assert finished == running == {"stop_the_bus", "crash", "commerce"}
    assert "log in at /accounts/login/ as demo / demo-brag-table" in capsys.readouterr().out
