"""The players of an evening keep the order the host named them in (a table's seat order):
Session.players goes through SessionPlayer, the table it always had, with a position. The
evenings before it keep the order they were shown in, by name."""

import django.db.models.deletion
from django.db import migrations, models


def number_by_name(apps, schema_editor):
    SessionPlayer = apps.get_model("scoring", "SessionPlayer")
    changed, session, position = [], None, 0
    for member in SessionPlayer.objects.select_related("player").order_by("session_id", "player__name", "id"):
        position = position + 1 if member.session_id == session else 0
        session, member.position = member.session_id, position
        changed.append(member)
    SessionPlayer.objects.bulk_update(changed, ["position"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0012_session_current_game")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="SessionPlayer",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "session",
                            models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to="scoring.session"),
                        ),
                        ("player", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to="scoring.player")),
                    ],
                    options={"db_table": "scoring_session_players", "unique_together": {("session", "player")}},
                ),
                migrations.AlterField(
                    model_name="session",
                    name="players",
                    field=models.ManyToManyField(
                        related_name="sessions", through="scoring.SessionPlayer", to="scoring.player"
                    ),
                ),
            ],
        ),
        migrations.AddField(
            model_name="sessionplayer", name="position", field=models.PositiveSmallIntegerField(default=0)
        ),
        migrations.AlterModelOptions(name="sessionplayer", options={"ordering": ["position", "id"]}),
        migrations.RunPython(number_by_name, migrations.RunPython.noop),
    ]
