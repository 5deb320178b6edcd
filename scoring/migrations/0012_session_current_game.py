"""A session keeps the game being played (the board shows it); sessions from before it was
kept leave it empty and show their latest game."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0011_rounds_keep_their_hindsight"),
    ]

    operations = [
        migrations.AddField(
            model_name="session",
            name="current_game",
            field=models.ForeignKey(
                blank=True,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="scoring.game",
            ),
        ),
    ]
