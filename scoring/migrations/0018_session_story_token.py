"""Each session gets a public link of its own for the night's story (issue 45): every evening
already kept is given one, each unguessable and different."""

from django.db import migrations, models

import scoring.models


def give_every_session_a_story_token(apps, schema_editor):
    Session = apps.get_model("scoring", "Session")
    sessions = list(Session.objects.filter(story_token__isnull=True).only("pk"))
    for session in sessions:
        session.story_token = scoring.models.new_share_token()
    Session.objects.bulk_update(sessions, ["story_token"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0017_game_kinds_from_the_engine"),
    ]

    operations = [
        migrations.AddField(
            model_name="session",
            name="story_token",
            field=models.CharField(editable=False, max_length=32, null=True),
        ),
        migrations.RunPython(give_every_session_a_story_token, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="session",
            name="story_token",
            field=models.CharField(default=scoring.models.new_share_token, editable=False, max_length=32, unique=True),
        ),
    ]
