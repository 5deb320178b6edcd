"""A season of the host's: its name and its first and last days (both included)."""

from django import forms

from scoring.services import SEASON_NAME_NEEDED

DATE_AS = "Enter a date as year-month-day, like 2026-09-01."


def _day(label: str, needed: str) -> forms.DateField:
    return forms.DateField(
        label=label,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={"invalid": DATE_AS, "required": needed},
    )


class SeasonForm(forms.Form):
    # Its length and its clash with another season's name are said by the service (one owner).
    name = forms.CharField(
        label="Name",
        widget=forms.TextInput(attrs={"placeholder": "Autumn 2026", "maxlength": 40}),
        error_messages={"required": SEASON_NAME_NEEDED},
    )
    first_day = _day("First day", "Give the season's first day.")
    last_day = _day("Last day", "Give the season's last day.")
