"""The filters of looking back: a game, and a period of the circle's evenings."""

from django import forms

from scoring.models import Game, Player

PERIOD_BACKWARDS = "“From” must be on or before “to”."
NOT_A_GAME = "Choose one of Stop the Bus, Crash or Commerce, or all games."
NOT_A_PLAYER = "Choose a player of your circle."
SAME_PLAYER = "Choose two different players to compare."


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


def circle_player(label: str) -> forms.ModelChoiceField:
    """A player of the host's circle (the form narrows the choice to the host's), by public id."""
    return forms.ModelChoiceField(
        queryset=Player.objects.none(),
        to_field_name="public_id",
        label=label,
        empty_label="Choose a player",
        error_messages={"required": NOT_A_PLAYER, "invalid_choice": NOT_A_PLAYER},
    )


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
