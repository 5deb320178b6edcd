"""The hands each player showed, by category, move from one JSON field to a column each, so
that a player's record is added up by the database rather than row by row."""

from django.db import migrations, models

CATEGORIES = ("prial", "running_flush", "run", "flush", "pair", "high_card", "tricon", "sequence", "point")
BATCH = 2_000


def to_columns(apps, schema_editor):
    Performance = apps.get_model("scoring", "Performance")
    for rows in batches(Performance.objects.only("id", "categories").order_by("id")):
        for row in rows:  # every column set: a deferred one read would cost a query per row
            for category in CATEGORIES:
                setattr(row, f"shown_{category}", row.categories.get(category, 0))
        Performance.objects.bulk_update(rows, [f"shown_{c}" for c in CATEGORIES])


def to_json(apps, schema_editor):
    Performance = apps.get_model("scoring", "Performance")
    for rows in batches(Performance.objects.order_by("id")):
        for row in rows:
            row.categories = {c: count for c in CATEGORIES if (count := getattr(row, f"shown_{c}"))}
        Performance.objects.bulk_update(rows, ["categories"])


def batches(rows):
    """The rows BATCH at a time, by id: however many years of games, memory stays bounded."""
    last = 0
    while batch := list(rows.filter(id__gt=last)[:BATCH]):
        yield batch
        last = batch[-1].id


class Migration(migrations.Migration):
    dependencies = [("scoring", "0008_crash_points_missed")]
    operations = [
        *(
            migrations.AddField(
                model_name="performance", name=f"shown_{c}", field=models.PositiveIntegerField(default=0)
            )
            for c in CATEGORIES
        ),
        migrations.RunPython(to_columns, to_json),
        migrations.RemoveField(model_name="performance", name="categories"),
    ]
