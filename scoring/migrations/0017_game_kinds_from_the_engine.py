"""A game's kind is one the engine describes (engine/games.py), read when asked: a new game
needs no migration of its own."""

from django.db import migrations, models

import scoring.models


class Migration(migrations.Migration):
    dependencies = [("scoring", "0016_session_show_odds")]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="kind",
            field=models.CharField(choices=scoring.models.game_kinds, max_length=16),
        ),
    ]
