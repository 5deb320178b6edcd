"""The filters of looking back: a game, and a period of the circle's evenings."""

from django import forms

from scoring.models import Game

PERIOD_BACKWARDS = "“From” must be on or before “to”."
NOT_A_GAME = "Choose one of Stop the Bus, Crash or Commerce, or all games."


class GameFilter(forms.Form):
    game = forms.ChoiceField(
        required=False,
        choices=[("", "All games"), *Game.Kind.choices],
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

    def clean(self):
        data = super().clean()
        if data.get("since") and data.get("until") and data["since"] > data["until"]:
            raise forms.ValidationError(PERIOD_BACKWARDS)
        return data
