"""Forms for an evening: a new session (who is at the table) and a new game (which game,
its options, the seats and who deals first)."""

from __future__ import annotations

import re

from django import forms
from django.utils import timezone

from engine import RULESETS, CommerceOptions, CrashOptions, StopTheBusOptions
from engine.guides import GUIDES

# As the field's label says: commas and new lines. A ";" is not one: a name holding it is
# refused, so "Ann; Bob" is neither one player nor two behind the host's back.
NAMES_SPLIT = re.compile(r"[,\n]+")
NAME_SEPARATOR = ("“{name}”: a name cannot hold “;”. Put each player on a line of their own, "
                  "or separate them with commas.")
SEAT_TWICE = "Two players cannot share seat {seat}."
SEATS_IN_A_ROW = "Number the seats 1, 2, 3 ... without a gap."
TWO_SEATED = "Seat at least two players."
DEALER_NOT_SEATED = "The first dealer must be seated."


def default_title() -> str:
    today = timezone.localdate()
    return f"{today:%A} {today.day} {today:%B}"


class NewSessionForm(forms.Form):
    title = forms.CharField(max_length=80, initial=default_title)
    played_on = forms.DateField(initial=timezone.localdate, widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                                label="Date")
    players = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple,
                                        label="Players from your circle")
    new_players = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3, "placeholder": "Ann, Bob"}),
                                  label="New players (one a line, or separated by commas)")

    def __init__(self, *args, circle: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].choices = [(name, name) for name in circle]

    def clean_new_players(self) -> list[str]:
        """The names typed, one each: split on commas and new lines."""
        names = [name.strip() for name in NAMES_SPLIT.split(self.cleaned_data["new_players"])]
        with_semicolon = [name for name in names if ";" in name]
        if with_semicolon:
            raise forms.ValidationError([NAME_SEPARATOR.format(name=name) for name in with_semicolon])
        return names

    def player_names(self) -> list[str]:
        return [*self.cleaned_data.get("players", []), *self.cleaned_data.get("new_players", [])]


# Each option's first value is the engine's default: the engine owns them.
BUS, CRASH, COMMERCE = StopTheBusOptions(), CrashOptions(), CommerceOptions()
GAME_CHOICES = [("stop_the_bus", "Stop the Bus"), ("crash", "Crash"), ("commerce", "Commerce")]


class NewGameForm(forms.Form):
    """Which game, its options, and the table: each player's seat (clockwise from 1, or not
    playing) and the first dealer."""

    kind = forms.ChoiceField(choices=GAME_CHOICES, widget=forms.RadioSelect, initial="stop_the_bus", label="Game")
    # Stop the Bus
    tokens = forms.IntegerField(min_value=1, max_value=20, initial=BUS.tokens, required=False,
                                label="Tokens each")
    rules = forms.ChoiceField(choices=[(r, GUIDES[r].title) for r in RULESETS if r != "commerce"], initial=BUS.rules,
                              required=False, label="Hand ranking")
    # Crash
    preset = forms.ChoiceField(choices=[("classic", "Classic"), ("arena", "Arena (Board Game Arena)")],
                               initial=CRASH.preset, required=False, label="Preset")
    target = forms.IntegerField(min_value=1, max_value=99, initial=CRASH.target, required=False, label="Target")
    cards = forms.TypedChoiceField(choices=[(13, "13 cards"), (9, "9 cards")], coerce=int, initial=CRASH.cards,
                                   required=False, label="Cards dealt (arena)")
    ignore = forms.ChoiceField(choices=[("high_card", "High cards"), ("pair", "Pairs and high cards"),
                                        ("none", "None")], initial=CRASH.ignore, required=False,
                               label="Hands that cannot score (arena)")
    # Commerce
    stake = forms.IntegerField(min_value=0, max_value=1_000_000, initial=COMMERCE.stake, required=False,
                               label="Stake a hand (0: play for the win)")

    first_dealer = forms.ChoiceField(label="First dealer")

    def __init__(self, *args, players: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.players = players
        seat_choices = [("", "Not playing")] + [(str(i), f"Seat {i}") for i in range(1, len(players) + 1)]
        for i, name in enumerate(players):
            self.fields[f"seat_{i}"] = forms.TypedChoiceField(
                choices=seat_choices, coerce=int, empty_value=None, required=False, initial=str(i + 1), label=name)
        self.fields["first_dealer"].choices = [(name, name) for name in players]

    def seat_fields(self):
        return [self[f"seat_{i}"] for i in range(len(self.players))]

    def clean(self):
        cleaned = super().clean()
        taken: dict[int, str] = {}
        for i, name in enumerate(self.players):
            seat = cleaned.get(f"seat_{i}")
            if seat is None:
                continue
            if seat in taken:
                self.add_error(f"seat_{i}", SEAT_TWICE.format(seat=seat))
            taken[seat] = name
        if len(taken) < 2:
            raise forms.ValidationError(TWO_SEATED)
        if sorted(taken) != list(range(1, len(taken) + 1)) and not self.errors:
            raise forms.ValidationError(SEATS_IN_A_ROW)
        cleaned["seat_names"] = [taken[seat] for seat in sorted(taken)]
        if cleaned.get("first_dealer") not in cleaned["seat_names"]:
            self.add_error("first_dealer", DEALER_NOT_SEATED)
        return cleaned

    def options(self) -> dict:
        """The game's options exactly as replay takes them: those the host set (an option
        left empty takes the engine's default)."""
        data = self.cleaned_data
        kind = data["kind"]
        names = {"stop_the_bus": ("tokens", "rules"), "crash": ("preset", "target"), "commerce": ("stake",)}[kind]
        if kind == "crash" and data.get("preset") == "arena":
            names += ("cards", "ignore")
        options: dict = {"first_dealer": data["seat_names"].index(data["first_dealer"])}
        return options | {name: data[name] for name in names if data.get(name) not in (None, "")}
