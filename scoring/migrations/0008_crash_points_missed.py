"""Crash hindsight: the points each player left on the table, worked out for every game
already kept."""

from django.db import migrations, models


def work_out(apps, schema_editor):
    from collections import Counter

    from engine import EntryError, replay
    from engine.hindsight import round_hindsight

    Game = apps.get_model("scoring", "Game")
    Performance = apps.get_model("scoring", "Performance")
    for game in Game.objects.filter(kind="crash"):
        seats = list(game.seats.order_by("position").values_list("player__name", "player_id"))
        entries = list(game.rounds.order_by("number").values_list("entry", flat=True))
        try:
            outcome = replay("crash", [name for name, _ in seats], entries, **game.options)
        except EntryError:
            continue  # a game the engine refuses has no figures
        missed = Counter()  # engine.hindsight itself: this migration does not follow the app's code
        for number in range(1, len(outcome.rounds) + 1):
            for name, found in round_hindsight(outcome, entries, number).items():
                missed[name] += found.points_missed
        for name, points in missed.items():
            Performance.objects.filter(game=game, player_id=dict(seats)[name]).update(points_missed=points)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0007_import_keeps_moments")]
    operations = [
        migrations.AddField(
            model_name="performance", name="points_missed", field=models.PositiveIntegerField(default=0)
        ),
        migrations.RunPython(work_out, migrations.RunPython.noop),
    ]
