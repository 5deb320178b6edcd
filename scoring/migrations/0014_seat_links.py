"""Each seat of a session gets its own private link (the player's own phone), a game keeps
the round its host revealed, and the seats' own hands wait in SeatHand until then."""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

import scoring.models


def give_every_seat_a_token(apps, schema_editor):
    SessionPlayer = apps.get_model("scoring", "SessionPlayer")
    seats = list(SessionPlayer.objects.filter(seat_token__isnull=True).only("pk"))
    for seat in seats:
        seat.seat_token = scoring.models.new_share_token()
    SessionPlayer.objects.bulk_update(seats, ["seat_token"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0013_session_players_in_order"),
    ]

    operations = [
        migrations.AddField(
            model_name="sessionplayer",
            name="seat_token",
            field=models.CharField(editable=False, max_length=32, null=True),
        ),
        migrations.RunPython(give_every_seat_a_token, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="sessionplayer",
            name="seat_token",
            field=models.CharField(default=scoring.models.new_share_token, editable=False, max_length=32, unique=True),
        ),
        migrations.AddField(
            model_name="sessionplayer",
            name="seat_seen",
            field=models.DateTimeField(blank=True, editable=False, null=True),
        ),
        migrations.AddField(
            model_name="session",
            name="seat_codes_shown",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="session",
            name="host_player",
            field=models.ForeignKey(
                blank=True,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="scoring.player",
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="revealed",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AlterField(
            model_name="submission",
            name="action",
            field=models.CharField(
                choices=[
                    ("record", "recorded"),
                    ("correct", "corrected"),
                    ("delete", "deleted"),
                    ("end", "ended"),
                    ("hand", "sent"),
                ],
                max_length=8,
            ),
        ),
        migrations.CreateModel(
            name="SeatHand",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("number", models.PositiveIntegerField()),
                ("entry", models.JSONField()),
                ("by_host", models.BooleanField(default=False)),
                ("sent_at", models.DateTimeField(default=django.utils.timezone.now)),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="seat_hands", to="scoring.game"
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="+", to="scoring.player"
                    ),
                ),
            ],
            options={
                "ordering": ["game", "number", "player"],
                "constraints": [
                    models.UniqueConstraint(fields=("game", "number", "player"), name="seat_hand_unique_per_round")
                ],
            },
        ),
    ]
