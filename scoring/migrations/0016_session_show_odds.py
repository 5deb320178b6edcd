"""A session option: the board shows the odds as each game starts."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0015_seasons"),
    ]

    operations = [
        migrations.AddField(
            model_name="session",
            name="show_odds",
            field=models.BooleanField(default=False),
        ),
    ]
