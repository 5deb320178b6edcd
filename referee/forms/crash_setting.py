"""The Crash setting tool's form: a player's cards, the opponents, and the house rules that
change the answer; the engine checks them all and its refusals are shown word for word."""

from __future__ import annotations

from django import forms

from engine import RANKING_OPTIONS, CardError
from engine.best_setting import opponents_range
from engine.house_rules import CARDS, CRASH, IGNORE, ranking_with

from .options import AS_RANKING, changed_options, chosen_value, option_field, ranking_field

PREFIX = "crash-"  # the Crash options' fields, named as the new game form names them


class CrashSettingForm(forms.Form):
    """13 cards (or 9), how many opponents, ``ignore`` and the Brag ranking. Nothing is
    checked here that the engine checks: an empty or wrong set of cards, or opponents out
    of range, are the engine's to refuse."""

    cards = forms.CharField(required=False, max_length=200, strip=True, label="Your cards")
    opponents = forms.IntegerField(label="Opponents", initial=1)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for option in (CARDS, IGNORE):  # a few long choices: read in full, one tap each
            self.fields[PREFIX + option.name] = option_field(option, None)
            self.fields[PREFIX + option.name].widget = forms.RadioSelect(
                choices=self.fields[PREFIX + option.name].choices
            )
        self.fields[PREFIX + "rules"] = ranking_field(CRASH)
        for option in RANKING_OPTIONS["brag"]:
            self.fields[PREFIX + option.name] = option_field(option, AS_RANKING)
        dealt = self.dealt()
        self.fields["opponents"].widget = forms.Select(
            choices=[(n, f"{n} opponent{'s' if n > 1 else ''}") for n in opponents_range(dealt)]
        )
        self.fields["cards"].label = f"Your deal ({dealt} cards)"
        self.fields["cards"].widget = forms.Textarea(
            attrs={  # 13 cards are too many for one line on a phone
                "rows": 2,
                "placeholder": f"e.g. As Kd 7c … ({dealt} cards)",
                "autocomplete": "off",
                "autocapitalize": "characters",
                "spellcheck": "false",
                "data-hand": "cards",
                "data-capacity": str(dealt),
            }
        )

    def dealt(self) -> int:
        """The cards dealt (13 or 9) as the form was sent, or the default."""
        posted = (self.data or self.initial).get(PREFIX + CARDS.name)
        return next((choice.value for choice in CARDS.choices if str(choice.value) == posted), CARDS.default)

    def rules_field(self):
        return self[PREFIX + "rules"]

    def choice_fields(self) -> list:
        return [self[PREFIX + CARDS.name], self[PREFIX + IGNORE.name]]

    def ranking_fields(self) -> list:
        return [self[PREFIX + option.name] for option in RANKING_OPTIONS["brag"]]

    def house_rules_changed(self) -> bool:
        return any(field.errors or field.value() for field in self.ranking_fields())

    def options(self) -> dict:
        """The options as best_setting (and replay) takes them."""
        data = self.cleaned_data
        options = {option.name: chosen_value(option, data[PREFIX + option.name]) for option in (CARDS, IGNORE)}
        options["rules"] = ranking_with(data[PREFIX + "rules"], changed_options(RANKING_OPTIONS["brag"], data, PREFIX))
        return options

    def add_engine_error(self, error: ValueError) -> None:
        """The engine's refusal, next to the field it concerns."""
        if isinstance(error, CardError):
            field = "cards"
        else:  # an EntryError: the opponents, or an option (the engine's name for it)
            named = getattr(error, "field", None)
            field = "opponents" if named == "opponents" else PREFIX + str(named)
        self.add_error(field if field in self.fields else None, str(error))
