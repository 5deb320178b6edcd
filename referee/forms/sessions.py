"""Forms for an evening: a new session (who is at the table) and a new game (which game,
its options, the seats and who deals first)."""

from __future__ import annotations

import re

from django import forms
from django.utils import timezone

from engine import GAMES, RuleLine, game_of, rule_lines
from engine.bidi import isolate
from engine.house_rules import PRESET, game_rankings, ranking_with
from scoring.models import game_kinds

from .options import AS_PRESET, AS_RANKING, chosen_value, option_field, ranking_field

# As the field's label says: commas and new lines. A ";" is not one: a name holding it is
# refused, so "Ann; Bob" is neither one player nor two behind the host's back.
NAMES_SPLIT = re.compile(r"[,\n]+")
NAME_SEPARATOR = (
    "“{name}”: a name cannot hold “;”. Put each player on a line of their own, or separate them with commas."
)
SEAT_TWICE = "Two players cannot share seat {seat}."
SEAT_UNKNOWN = "Choose a seat from 1 to {seats}, or Not playing."
# Said under the seats: a number gives the order only, so those not playing leave no gap.
SEATS_CLOSE_UP = "Those not playing leave no gap: the others keep their order."
TWO_SEATED = "Seat at least two players."
DEALER_NOT_SEATED = "The first dealer must be seated."


# The session option's one line, on the new-session form and the session page alike.
ODDS_HELP = "As each game starts, the TV shows each player's chance to win it, from their ratings."


def default_title() -> str:
    today = timezone.localdate()
    return f"{today:%A} {today.day} {today:%B}"


class NewSessionForm(forms.Form):
    title = forms.CharField(max_length=80, initial=default_title)
    played_on = forms.DateField(
        initial=timezone.localdate, widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"), label="Date"
    )
    players = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label="Players from your circle"
    )
    new_players = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "placeholder": "Ann, Bob"}),
        label="New players (one a line, or separated by commas)",
    )
    show_odds = forms.BooleanField(required=False, label="Show the odds", help_text=ODDS_HELP)

    def __init__(self, *args, circle: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].choices = [(name, name) for name in circle]

    def clean_new_players(self) -> list[str]:
        """The names typed, one each: split on commas and new lines."""
        names = [name.strip() for name in NAMES_SPLIT.split(self.cleaned_data["new_players"])]
        with_semicolon = [name for name in names if ";" in name]
        if with_semicolon:
            raise forms.ValidationError([NAME_SEPARATOR.format(name=isolate(name)) for name in with_semicolon])
        return names

    def player_names(self) -> list[str]:
        return [*self.cleaned_data.get("players", []), *self.cleaned_data.get("new_players", [])]


class NewGameForm(forms.Form):
    """Which game, its options, and the table: each player's seat (clockwise from 1, or not
    playing) and the first dealer.

    Every option of the engine's catalogue is a field named ``<game>-<option>``. An option a
    preset sets left empty takes the preset's value; a ranking option left empty, the named
    ranking's; the engine's defaults fill in the rest. The games are those registered when
    the form is made."""

    kind = forms.ChoiceField(widget=forms.RadioSelect, label="Game")
    first_dealer = forms.ChoiceField(label="First dealer")
    seats_help = SEATS_CLOSE_UP

    def __init__(self, *args, players: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.players = players
        self.seat_errors: list[str] = []  # said in the seats' fieldset: no one field holds the seats
        self.refused_options: dict[str, dict] = {}  # each game's options as sent, when the engine refused them
        self.fields["kind"].choices = game_kinds()
        self.fields["kind"].initial = next(iter(GAMES))
        for kind, described in GAMES.items():
            for option in described.options:
                if option.within == "rules" and f"{kind}-rules" not in self.fields:  # the ranking before its options
                    self.fields[f"{kind}-rules"] = ranking_field(kind, required=False)
                preset_sets = option in described.preset_sets
                blank = AS_RANKING if option.within == "rules" else AS_PRESET if preset_sets else None
                field = self.fields[f"{kind}-{option.name}"] = option_field(option, blank)
                if option is PRESET:  # its long names read in full at 375 px, one tap each
                    field.widget = forms.RadioSelect(choices=field.choices)
        seat_choices = [("", "Not playing")] + [(str(i), f"Seat {i}") for i in range(1, len(players) + 1)]
        for i, name in enumerate(players):
            self.fields[f"seat_{i}"] = forms.TypedChoiceField(
                choices=seat_choices,
                coerce=int,
                empty_value=None,
                required=False,
                initial=str(i + 1),
                label=isolate(name),
                error_messages={"invalid_choice": SEAT_UNKNOWN.format(seats=len(players))},
            )
        self.fields["first_dealer"].choices = [(name, isolate(name)) for name in players]

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
        # The numbers say the order alone: the seats close up over those not playing (seats
        # 1, 2, 4 and 6 are the game's 1 to 4), as the table does when two sit out.
        cleaned["seat_names"] = [taken[seat] for seat in sorted(taken)]
        if cleaned.get("first_dealer") not in cleaned["seat_names"]:
            self.add_error("first_dealer", DEALER_NOT_SEATED)
        return cleaned

    def game_fields(self, kind: str, house_rules: bool = False) -> list:
        """One game's option fields in the catalogue's order: its main ones (the preset, the
        ranking, the numbers), or with ``house_rules`` the rest, which tables change less."""
        main = {"preset", "rules", *(option.name for option in game_of(kind).options if option.numbers is not None)}
        return [
            self[name]
            for name in self.fields
            if name.startswith(f"{kind}-") and (name.split("-", 1)[1] not in main) is house_rules
        ]

    def house_rules_changed(self, kind: str) -> bool:
        """Whether the host changed (or got wrong) one of the game's house rules: show them."""
        return any(
            field.errors or field.value() not in ("", None, field.initial)
            for field in self.game_fields(kind, house_rules=True)
        )

    def options(self) -> dict:
        """The game's options exactly as replay takes them: those the host set (an option
        left empty takes the preset's, the ranking's or the engine's default)."""
        data, kind = self.cleaned_data, self.cleaned_data["kind"]
        return {"first_dealer": data["seat_names"].index(data["first_dealer"]), **self.game_options(kind)}

    def rule_lines(self, kind: str) -> tuple[RuleLine, ...]:
        """The first rules of ``kind`` as the options chosen so far make them (unsent: the defaults)."""
        if kind in self.refused_options:  # as sent: a field refused is no longer in cleaned_data
            return rule_lines(kind, self.refused_options[kind])
        return rule_lines(kind, self.game_options(kind) if hasattr(self, "cleaned_data") else {})

    def game_options(self, kind: str) -> dict:
        """``kind``'s options as the host set them (first_dealer aside), each field that
        cleaned: one that did not says nothing."""
        data = self.cleaned_data
        options: dict = {}
        ranking: dict = {}
        for option in game_of(kind).options:
            value = data.get(f"{kind}-{option.name}")
            if value in (None, ""):
                continue
            if option.numbers is None:
                value = chosen_value(option, value)
            (ranking if option.within == "rules" else options)[option.name] = value
        named = data.get(f"{kind}-rules")
        if ranking or named:  # the named ranking (the game's usual one if none), with the options changed over it
            options["rules"] = ranking_with(named or game_rankings(kind)[0].name, ranking)
        return options

    def add_engine_error(self, error) -> None:
        """The engine's refusal of the options, next to the field it names; a pair of choices
        it refuses together in the form's words, next to both."""
        kind = self.cleaned_data["kind"]
        self.refused_options = {game: self.game_options(game) for game in GAMES}
        seated = len(self.cleaned_data["seat_names"])
        said = game_of(kind).refused_together(self.game_options(kind), seated, error.field or "")
        for field, message in said:  # choices refused together: said beside each field they name
            if field == "seats":
                self.seat_errors.append(message)
            else:
                self.add_error(f"{kind}-{field}", message)
        if said:
            return
        field = f"{kind}-{error.field}" if f"{kind}-{error.field}" in self.fields else None
        self.add_error(field or (error.field if error.field in self.fields else None), str(error))

    def focus_first_error(self) -> None:
        """Put the focus (and so the screen) on the first field refused, in the page's order:
        sent from a phone, the page comes back at its top, and a refusal 600 px below it is
        not seen."""
        seats = self.seat_fields()
        games = list(GAMES)
        options = [field for game in games for house in (False, True) for field in self.game_fields(game, house)]
        in_order = [self["kind"], *options, *seats, self["first_dealer"]]
        refused = {field.name for field in in_order if field.errors}
        if self.seat_errors and seats:
            refused.add(seats[0].name)
        first = next((field for field in in_order if field.name in refused), None)
        if first is not None:
            first.field.widget.attrs["autofocus"] = True
