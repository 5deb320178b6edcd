"""Give every player a public id and derive every existing game's figures from its replay."""

import uuid

from django.db import migrations


def derive(apps, schema_editor):
    from engine import EntryError, replay
    from scoring.replays import replay_options
    from scoring.statistics import performance_rows

    Player = apps.get_model("scoring", "Player")
    Game = apps.get_model("scoring", "Game")
    Performance = apps.get_model("scoring", "Performance")
    for player in Player.objects.filter(public_id__isnull=True):
        player.public_id = uuid.uuid4()
        player.save(update_fields=["public_id"])
    for game in Game.objects.all():
        seats = list(game.seats.order_by("position").values_list("player__name", "player_id"))
        entries = list(game.rounds.order_by("number").values_list("entry", flat=True))
        try:
            outcome = replay(
                game.kind, [name for name, _ in seats], entries, **replay_options(game.kind, game.options, game.ended)
            )
        except EntryError:
            continue  # a game the engine refuses has no figures (the session page says so)
        Performance.objects.bulk_create(performance_rows(Performance, game.pk, dict(seats), outcome))


class Migration(migrations.Migration):
    dependencies = [("scoring", "0003_statistics")]
    operations = [migrations.RunPython(derive, migrations.RunPython.noop)]
