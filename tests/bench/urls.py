"""The project's URLs, and the floor's view (tests/bench/floor.py)."""

from django.urls import include, path

from .floor import floor_round

urlpatterns = [
    path("bench/floor/<int:group>/", floor_round, name="bench-floor"),
    path("", include("referee.urls")),
]
