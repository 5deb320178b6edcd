"""The project's URLs, the floor's view (tests/bench/floor.py) and the plain page the history
page is held against (tests/bench/plain.py)."""

from django.urls import include, path

from .floor import floor_round
from .plain import plain_history

urlpatterns = [
    path("bench/floor/<int:group>/", floor_round, name="bench-floor"),
    path("bench/plain-history/<uuid:session_id>/", plain_history, name="bench-plain-history"),
    path("", include("referee.urls")),
]
