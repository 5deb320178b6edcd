"""The filters of looking back: a game, and a period of the circle's evenings (one of the
host's seasons, or any dates)."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence

from django import forms
from django.utils import timezone

from engine.bidi import isolate
from scoring.models import Player, Season, game_kinds
from scoring.queries import season_holding

PERIOD_BACKWARDS = "“From” must be on or before “to”."
NOT_A_GAME = "Choose one of Stop the Bus, Crash or Commerce, or all games."
NOT_A_SEASON = "There is no such season: choose one of your seasons, or all time."
NOT_A_PLAYER = "Choose a player of your circle."
SAME_PLAYER = "Choose two different players to compare."
ALL_TIME = "all"  # ?season=all
PERIOD_KEYS = ("season", "since", "until")


def last_ended(seasons: Sequence[Season], today: datetime.date) -> Season | None:
    """The season that ended last before ``today``, if any has."""
    return max((s for s in seasons if s.last_day < today), key=lambda s: s.last_day, default=None)


class GameFilter(forms.Form):
    game = forms.ChoiceField(
        required=False,
        choices=lambda: [("", "All games"), *game_kinds()],  # the games registered when asked
        label="Game",
        error_messages={"invalid_choice": NOT_A_GAME},
    )


class CircleFilter(GameFilter):
    since = forms.DateField(
        required=False,
        label="From",
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={"invalid": "Enter a date as year-month-day, like 2026-11-20."},
    )
    until = forms.DateField(
        required=False,
        label="To",
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={"invalid": "Enter a date as year-month-day, like 2026-11-20."},
    )

    def __init__(
        self,
        data=None,
        *args,
        seasons: Sequence[Season] = (),
        today: datetime.date | None = None,
        last_evening: Callable[[], datetime.date | None] = lambda: None,
        **kwargs,
    ):
        """``?season=<id>`` is a season's dates, ``?season=all`` all time; a query naming no
        period at all (the page as first opened) shows the season holding ``today``, else the
        season just ended while no evening (``last_evening()``: the host's latest, read only
        then) came after it, else all time. The dates stand in the form's fields, so choosing
        another game keeps the period."""
        today = today or timezone.localdate()
        # As first opened with no season holding today: the one just ended (shown as such), or
        # all time once an evening came after it (saying so).
        self.ended_shown = self.ended_passed = None
        if data is not None:
            data = data.copy()
            if not any(key in data for key in PERIOD_KEYS):
                now = season_holding(seasons, today)
                ended = None if now else last_ended(seasons, today)
                latest = last_evening() if ended else None
                if ended and (latest is None or latest <= ended.last_day):
                    now = self.ended_shown = ended
                else:
                    self.ended_passed = ended
                data["season"] = str(now.public_id) if now else ""
            chosen = data.get("season", "")
            data.pop("season", None)
            season = next((s for s in seasons if str(s.public_id) == chosen), None)
            if season is not None:
                data["since"], data["until"] = season.first_day.isoformat(), season.last_day.isoformat()
            elif chosen == ALL_TIME:
                data["since"] = data["until"] = ""
            self.unknown_season = bool(chosen) and season is None and chosen != ALL_TIME
        super().__init__(data, *args, **kwargs)
        self.seasons = list(seasons)
        self.season: Season | None = None  # the season shown, once clean: the one whose days are the period

    def clean(self):
        data = super().clean()
        if getattr(self, "unknown_season", False):
            raise forms.ValidationError(NOT_A_SEASON)
        if data.get("since") and data.get("until") and data["since"] > data["until"]:
            raise forms.ValidationError(PERIOD_BACKWARDS)
        self.season = next(
            (s for s in self.seasons if (s.first_day, s.last_day) == (data.get("since"), data.get("until"))), None
        )
        return data


def circle_player(label: str) -> forms.ModelChoiceField:
    """A player of the host's circle (the form narrows the choice to the host's), by public id."""
    field = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        to_field_name="public_id",
        label=label,
        empty_label="Choose a player",
        error_messages={"required": NOT_A_PLAYER, "invalid_choice": NOT_A_PLAYER},
    )
    field.label_from_instance = lambda player: isolate(player.name)
    return field


class CompareForm(GameFilter):
    """Two of the host's players (by their public ids, as their pages' addresses have them)."""

    first = circle_player("Player")
    second = circle_player("Against")

    def __init__(self, *args, host, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            self.fields[name].queryset = Player.objects.filter(host=host)

    def clean(self):
        data = super().clean()
        if data.get("first") and data.get("first") == data.get("second"):
            raise forms.ValidationError(SAME_PLAYER)
        return data
