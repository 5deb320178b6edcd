"""Each Crash round keeps its hindsight (Round.told), worked out here once for every round
already kept, rather than on every page that shows it."""

from django.db import migrations, models


def work_out(apps, schema_editor):
    # engine.hindsight itself: this migration does not follow the app's code as it changes.
    from engine import EntryError, replay
    from engine.hindsight import round_hindsight

    Game = apps.get_model("scoring", "Game")
    Round = apps.get_model("scoring", "Round")
    for game in Game.objects.filter(kind="crash"):
        seats = list(game.seats.order_by("position").values_list("player__name", flat=True))
        rounds = list(game.rounds.order_by("number").only("id", "number", "entry"))
        entries = [round_.entry for round_ in rounds]
        try:
            outcome = replay("crash", seats, entries, **game.options)
        except EntryError:
            continue  # a game the engine refuses shows no hindsight
        for round_ in rounds:
            round_.told = [
                {"player": name, "points_missed": found.points_missed, "text": found.text if found.better else ""}
                for name, found in round_hindsight(outcome, entries, round_.number).items()
            ]
        Round.objects.bulk_update(rounds, ["told"])


class Migration(migrations.Migration):
    dependencies = [("scoring", "0010_submissions")]
    operations = [
        migrations.AddField(
            model_name="round", name="told", field=models.JSONField(blank=True, default=list, editable=False)
        ),
        migrations.RunPython(work_out, migrations.RunPython.noop),
    ]
