"""Forms for a club night: a new event (its game and house rules, as the new-game form has
them, its rounds, its tables and who is checked in), players arriving, and a swap."""

from __future__ import annotations

from django import forms

from scoring.club_night import MOST_SEATS
from scoring.models import MAX_EVENT_ROUNDS, Event

from .rounds import SubmissionField
from .sessions import NewGameForm, NewSessionForm

TABLE_SIZE_HELP = "Seats at each table, about: the tables are made as even as the players allow."


class NewEventForm(NewGameForm):
    """The event's game with its house rules (NewGameForm's fields, without seats or a first
    dealer: the draw seats every table), and the night: its rounds, table size and seating."""

    name = forms.CharField(max_length=80, label="Event name")
    held_on = NewSessionForm.base_fields["played_on"]
    rounds = forms.TypedChoiceField(
        choices=[(str(n), str(n)) for n in range(1, MAX_EVENT_ROUNDS + 1)],
        coerce=int,
        initial="3",
        label="Rounds of the night",
    )
    table_size = forms.TypedChoiceField(
        choices=[(str(n), str(n)) for n in range(2, MOST_SEATS + 1)],
        coerce=int,
        initial="4",
        label="Table size",
        help_text=TABLE_SIZE_HELP,
    )
    seating = forms.ChoiceField(
        choices=Event.Seating.choices, initial=Event.Seating.RANDOM, widget=forms.RadioSelect, label="Seating"
    )
    players = NewSessionForm.base_fields["players"]
    new_players = NewSessionForm.base_fields["new_players"]
    submission = SubmissionField()  # a double tap on "Create the event" creates one

    field_order = ["name", "held_on"]

    def __init__(self, *args, circle: list[str], **kwargs):
        super().__init__(*args, players=[], **kwargs)
        del self.fields["first_dealer"]
        self.fields["players"].choices = [(name, name) for name in circle]
        self.fields["new_players"].required = False

    clean_new_players = NewSessionForm.clean_new_players
    player_names = NewSessionForm.player_names

    def clean(self):
        return forms.Form.clean(self)  # no seats: the draw seats the tables

    def options(self) -> dict:
        return self.game_options(self.cleaned_data["kind"])

    def add_engine_error(self, error) -> None:
        field = f"{self.cleaned_data['kind']}-{error.field}"
        self.add_error(field if field in self.fields else "table_size", str(error))

    def seat_fields(self):
        return []

    def focus_first_error(self) -> None:
        """As the new-game form: the first field refused, in the page's order, takes the focus."""
        first = next((self[name] for name in self.fields if self[name].errors), None)
        if first is not None:
            first.field.widget.attrs["autofocus"] = True


class CheckInForm(forms.Form):
    """Players arriving: new names, or the circle's."""

    new_players = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2, "placeholder": "Ann, Bob"}),
        label="Players arriving (one a line, or separated by commas)",
    )
    clean_new_players = NewSessionForm.clean_new_players

    def player_names(self) -> list[str]:
        return self.cleaned_data["new_players"]


class SwapForm(forms.Form):
    """Two players of a round drawn, to change places."""

    first = forms.ChoiceField(label="Swap")
    second = forms.ChoiceField(label="with")

    def __init__(self, *args, names: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        for field in ("first", "second"):
            self.fields[field].choices = [("", "Choose a player")] + [(n, n) for n in names]
