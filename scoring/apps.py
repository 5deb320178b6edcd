from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Sessions, players, games and rounds: what the referee remembers."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
