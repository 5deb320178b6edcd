"""Forms that read what people type and hand it to the engine, errors in its words."""

from __future__ import annotations

from django import forms

from engine import RANKING_OPTIONS, RANKINGS, CardError, card_clashes, hand_ranking, parse_hand
from engine.house_rules import ranking_with

from .options import AS_RANKING, changed_options, chosen_value, option_field

MIN_HANDS = 2
MAX_HANDS = 17  # one deck: 17 hands of three cards
DEFAULT_ROWS = 4

NEED_TWO_HANDS = "Enter at least two hands to compare."


class HandField(forms.CharField):
    """Three cards as typed ("As 10h q♣"); cleans to the engine's cards."""

    def clean(self, value):
        text = super().clean(value)
        if not text:
            return None
        try:
            return parse_hand(text)
        except CardError as error:
            raise forms.ValidationError(str(error), code="cards") from None


def clamp_rows(value: object) -> int:
    """How many hand rows the form shows: what was asked for, within 2..17."""
    try:
        rows = int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return DEFAULT_ROWS
    return max(MIN_HANDS, min(MAX_HANDS, rows))


class HandJudgeForm(forms.Form):
    """Two or more hands, each an optional name and three cards, and a ruleset."""

    rules = forms.ChoiceField(  # every named ranking, in the engine's order (Brag's first)
        choices=[(name, ranking.title) for name, ranking in RANKINGS.items()],
        initial=next(iter(RANKINGS)),
        label="Rules",
    )
    rows = forms.IntegerField(widget=forms.HiddenInput, required=False)
    max_rows = MAX_HANDS

    def __init__(self, *args, rows: int = DEFAULT_ROWS, **kwargs):
        super().__init__(*args, **kwargs)
        self.row_count = rows
        self.initial["rows"] = rows
        # House rules: each option of the Brag and Commerce rankings, empty for the named ranking's.
        for game, options in RANKING_OPTIONS.items():
            for option in options:
                self.fields[f"{game}-{option.name}"] = option_field(option, AS_RANKING)
        for i in range(1, rows + 1):
            self.fields[f"name_{i}"] = forms.CharField(
                required=False,
                max_length=24,
                label=f"Name of hand {i}",
                strip=True,
                widget=forms.TextInput(attrs={"placeholder": f"Hand {i}", "autocomplete": "off"}),
            )
            self.fields[f"cards_{i}"] = HandField(
                required=False,
                max_length=80,
                label=f"Cards of hand {i}",
                widget=forms.TextInput(
                    attrs={
                        "placeholder": "e.g. As 10h Q♣",
                        "autocomplete": "off",
                        "autocapitalize": "characters",
                        "spellcheck": "false",
                        "data-hand": str(i),
                        "data-pad-name": f"Hand {i}",
                    }
                ),
            )

    def ranking_fields(self, rules: str) -> list:
        """The option fields of the ranking named ``rules`` (Brag's or Commerce's)."""
        game = hand_ranking(rules).game
        return [self[f"{game}-{option.name}"] for option in RANKING_OPTIONS[game]]

    def house_rules(self, rules: str) -> list[str]:
        """The host's line for each house rule picked over the ranking named ``rules``."""
        game = hand_ranking(rules).game
        return [
            option.explain(chosen_value(option, self[f"{game}-{option.name}"].value()))
            for option in RANKING_OPTIONS[game]
            if self[f"{game}-{option.name}"].value()
        ]

    def ranking(self) -> str | dict:
        """What rank_hand takes: the named ranking, or it with the options changed over it."""
        rules = self.cleaned_data["rules"]
        game = hand_ranking(rules).game
        return ranking_with(rules, changed_options(RANKING_OPTIONS[game], self.cleaned_data, f"{game}-"))

    def hand_rows(self):
        """(number, name field, cards field) for each row, for the template."""
        return [(i, self[f"name_{i}"], self[f"cards_{i}"]) for i in range(1, self.row_count + 1)]

    def clean(self):
        cleaned = super().clean()
        places = {}  # "hand 3 (Bob)" -> row 3, in row order
        for i in range(1, self.row_count + 1):
            if cleaned.get(f"cards_{i}"):
                name = cleaned.get(f"name_{i}")
                places[f"hand {i} ({name})" if name else f"hand {i}"] = i
        # Every card entered twice is named, each at the later hand, in the engine's words.
        at_row: dict[int, list[str]] = {}
        for clash in card_clashes({place: cleaned[f"cards_{i}"] for place, i in places.items()}):
            at_row.setdefault(places[clash.second], []).append(str(clash))
        for i, clashes in at_row.items():
            self.add_error(f"cards_{i}", forms.ValidationError("; ".join(clashes), code="clash"))
        if len(places) < MIN_HANDS and not self.errors:
            raise forms.ValidationError(NEED_TWO_HANDS, code="too_few")
        return cleaned

    def hands(self) -> list[tuple[str, tuple]]:
        """The valid hands entered, as (name, cards), in row order."""
        return [
            (self.cleaned_data[f"name_{i}"] or f"Hand {i}", self.cleaned_data[f"cards_{i}"])
            for i in range(1, self.row_count + 1)
            if self.cleaned_data.get(f"cards_{i}")
        ]
