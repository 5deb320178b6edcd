"""Crash hindsight: the points each player left on the table, worked out for every game
already kept."""

from django.db import migrations, models


def work_out(apps, schema_editor):
    from engine import EntryError, replay
    from scoring.replays import points_missed

    Game = apps.get_model("scoring", "Game")
    Performance = apps.get_model("scoring", "Performance")
    for game in Game.objects.filter(kind="crash"):
        seats = list(game.seats.order_by("position").values_list("player__name", "player_id"))
        entries = list(game.rounds.order_by("number").values_list("entry", flat=True))
        try:
            outcome = replay("crash", [name for name, _ in seats], entries, **game.options)
        except EntryError:
            continue  # a game the engine refuses has no figures
        for name, missed in points_missed(outcome, entries).items():
            Performance.objects.filter(game=game, player_id=dict(seats)[name]).update(points_missed=missed)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0007_import_keeps_moments")]
    operations = [
        migrations.AddField(model_name="performance", name="points_missed",
                            field=models.PositiveIntegerField(default=0)),
        migrations.RunPython(work_out, migrations.RunPython.noop),
    ]
