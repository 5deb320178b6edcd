"""The round entry form: one showdown as the host taps it in, turned into the round's plain
data exactly as the engine's replay takes it, and the engine's refusals put back next to
the field they concern."""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping, Sequence

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS

from engine import CardError, EntryError, GameDescription, SettingCheck, format_cards, game_of, parse_cards, parse_hand
from engine.bidi import isolate
from engine.entries import listed

NO_DECLARATION = ("", "No declaration")
FILL_IN_ORDER = "Fill the hands in the order placed: hand {empty} is empty but hand {later} is not."
DECLARE_OR_PLACE = "A player who declares places no hands: clear the hands or the declaration."
DECLARED_CARDS_NEEDED = "Enter the 13 cards of the declaration."
HAND_NEEDED = "Enter the three cards of this hand."
HANDS_NEEDED = "{hands} hands are missing: enter the three cards of each."  # said once for them all
# What the extras of Stop the Bus and Commerce change (docs/rules.md: The worst hand; Players, the stake and the pot).
TABLE_HELP = "The three cards face up at the showdown: checked against the hands (one deck a round); no result changes."
CALLER_HELP = "Kept with the round, for the record: who {called} changes no result."
SUBMISSION_NEEDED = "This form is out of date (it has no submission id): reload the page for a fresh one."
# A hidden field (the round, the game) that is not what the page made: an old page, or a hand
# at it. Said as such, never as the field's missing label.
OUT_OF_DATE = "This form is out of date: reload the page."
MOST_ROUNDS = 10_000  # far beyond any evening: a larger round number is not one a page made
NOT_CARDS = "These are not cards: type each as its rank and suit, like As 10h Q♣."
NOT_A_CHOICE = "Choose a {what} from the list."  # never the value sent: it may be anything
TOO_LONG = "That is too long for {count} cards: enter just the cards."


def setting_check_of(texts: Sequence[str], described: GameDescription, settings) -> SettingCheck | None:
    """The setting check of one player's hands as they stand (the live check's answer, and
    what the form shows with hands it comes filled with): none without a hand, while one is
    not three cards yet, or in a game whose hands are not set in positions."""
    texts = [text.strip() for text in texts if text and text.strip()]
    if not texts or described.setting_check is None:
        return None
    try:
        return described.setting_check(texts, settings)
    except EntryError:
        return None


def hands_posted(data, seat, described: GameDescription, settings) -> list[str]:
    """A seat's hands set in positions as posted (``hand_<seat>_<position>``), every position
    of its setting ("" where none was sent)."""
    return [str(data.get(f"hand_{seat}_{position}") or "") for position in range(1, described.positions(settings) + 1)]


# A seat's field of the round form, as RoundEntryForm names it: its hand (hand_2), one of its
# hands set in positions (hand_2_1), a declaration and the cards declared (declare_2, declared_2).
SEAT_FIELD = re.compile(r"(?P<kind>hand|declare|declared)_(?P<seat>\d+)(?P<position>_\d+)?")
NO_SETTING_CHECK = "This game's hands are not set in positions: there is no setting to check."

# A setting check's "Use this order" (templates/sessions/setting_check.html) as a page without
# the pad's script posts it: the player's seat in the form; their hands set so, nothing sent.
USE_ORDER = "use_order"


def in_legal_order(data, state) -> dict | None:
    """The posted fields, the hands of the seat whose "Use this order" was tapped set in their
    legal order (as the pad writes cards) and the fields a page re-makes left out; None when
    no such tap was posted. Hands that are not a foul (or not hands) stay as they were.
    ``state``: the game's (queries.GameState)."""
    seat = data.get(USE_ORDER)
    if seat is None:
        return None
    fields = {name: data.get(name) for name in data if name not in (USE_ORDER, "csrfmiddlewaretoken")}
    described, settings = game_of(state.game.kind), state.settings
    positions = range(1, described.positions(settings) + 1)
    names = [f"hand_{seat}_{position}" for position in positions] if str(seat).isdigit() else []
    check = setting_check_of([str(fields.get(name) or "") for name in names], described, settings)
    if check is not None and check.fouls:
        hands = [" ".join(map(str, cards)) for cards in check.legal_order]
        fields.update({name: hands[index] if index < len(hands) else "" for index, name in enumerate(names)})
    return fields


class SubmissionField(forms.UUIDField):
    """The id a form that changes a game is made with (a fresh UUID each time the form is
    made): the server keeps it with the change, so the same form sent twice changes once."""

    def __init__(self, **kwargs):
        super().__init__(
            widget=forms.HiddenInput,
            initial=uuid.uuid4,
            required=False,
            error_messages={"invalid": SUBMISSION_NEEDED},
            **kwargs,
        )


def posted_submission(request) -> uuid.UUID | None:
    """The id a form written in a template posted ({% submission_field %}), or None."""
    try:
        return uuid.UUID(request.POST.get("submission", ""))
    except ValueError:
        return None


def check_submission(form: forms.Form) -> None:
    """A hidden field's problem said above the form, where a person sees it."""
    if not form.cleaned_data.get("submission"):
        form.add_error(None, forms.ValidationError(SUBMISSION_NEEDED, code="submission"))


class SubmissionForm(forms.Form):
    """A confirmation that changes a game (delete the last round, end a game): its id only."""

    submission = SubmissionField()

    def clean(self):
        cleaned = super().clean()
        check_submission(self)
        return cleaned

    def refusal(self) -> str:
        """What was wrong, in a line (every field here is hidden)."""
        return next(iter(self.non_field_errors() or [e for errors in self.errors.values() for e in errors]), "")


class EndOpenGamesForm(SubmissionForm):
    """ "End the evening" answered "End them as they stand": the games the host was asked
    about, by number (``numbers``: the session's games), with the form's id."""

    game = forms.TypedMultipleChoiceField(
        coerce=int,
        widget=forms.MultipleHiddenInput,
        error_messages={
            "required": "No game was named to end: ask again.",
            "invalid_choice": "A game named here is not one of this session's: ask again.",
        },
    )

    def __init__(self, *args, numbers: Sequence[int] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(str(number), str(number)) for number in numbers]


class DeleteRoundForm(SubmissionForm):
    """ "Delete round N?": the round the host confirmed deleting."""

    number = forms.IntegerField(
        widget=forms.HiddenInput,
        min_value=1,
        error_messages={
            "required": "Say which round to delete: reload the page.",
            "invalid": "Say which round to delete: reload the page.",
        },
    )


CARD_INPUT = {
    "autocomplete": "off",
    "autocapitalize": "characters",
    "spellcheck": "false",
    "placeholder": "e.g. As 10h Q♣",
    "data-hand": "",
}


class CardsField(forms.CharField):
    """Cards as typed; cleans to the canonical stored text ("AS TH QC"), or refuses in the
    engine's words. ``count`` is how many cards it must hold (3 for a hand, 13 for a
    declaration)."""

    def __init__(self, *, count: int = 3, pad_name: str = "", player: str = "", **kwargs):
        self.count = count
        kwargs.setdefault("max_length", 200 if count > 3 else 80)
        kwargs.setdefault("widget", forms.TextInput(attrs=dict(CARD_INPUT)))
        kwargs.setdefault(
            "error_messages",
            {"null_characters_not_allowed": NOT_CARDS, "max_length": TOO_LONG.format(count=count)},
        )
        super().__init__(**kwargs)
        if pad_name:  # what the pad calls it, where the label reads otherwise ("Hand 1 of Ann")
            self.widget.attrs["data-pad-name"] = pad_name
        if player:  # whose hand it is: the pad reads the round's ticks by name
            self.widget.attrs["data-player"] = player

    def bound_data(self, data, initial):
        """Shown again after a refusal: what was typed, as much as the field takes (a phone's
        field stops there; only a hand-made post sends more, never to be echoed whole)."""
        if isinstance(data, str):
            return data.replace("\x00", "")[: self.max_length]
        return super().bound_data(data, initial)

    def clean(self, value):
        text = super().clean(value)
        if not text:
            return ""
        try:
            cards = parse_hand(text) if self.count == 3 else parse_cards(text)
        except CardError as error:
            raise forms.ValidationError(str(error), code="cards") from None
        if len(cards) != self.count:
            raise forms.ValidationError(f"expected {self.count} cards, got {len(cards)}", code="count")
        return format_cards(cards)


class RoundEntryForm(forms.Form):
    """One round of a game: each player still in, in seat order, with their cards (in a game
    whose hands are set in positions, up to ``positions`` hands in the order set, or a
    declaration), and the optional extras.

    ``number`` is the round the form was built for: recording takes it, so a second submit
    of the same round is refused rather than counted twice.
    """

    number = forms.IntegerField(
        widget=forms.HiddenInput,
        min_value=1,
        max_value=MOST_ROUNDS,
        error_messages=dict.fromkeys(("required", "invalid", "min_value", "max_value"), OUT_OF_DATE),
    )
    submission = SubmissionField()

    def __init__(
        self,
        *args,
        game: str,
        players: Sequence[str],
        positions: int = 4,
        dealt: int = 13,
        declarations: bool = False,
        extras: bool = True,
        setting=None,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.game, self.players, self.positions, self.declarations = game, list(players), positions, declarations
        self.described = described = game_of(game)
        self.sets_hands = described.sets_hands  # hands in positions, or one hand a player
        self.checks_setting = described.setting_check is not None  # checked live as set
        self.setting = setting  # the game's options, to check the hands a form comes filled with
        self.dealt = dealt  # the cards each player is dealt, as the game's settings say
        for seat, player in enumerate(self.players):
            name = isolate(player)  # the labels are sentences people read
            if self.sets_hands:
                for position in range(1, positions + 1):
                    self.fields[f"hand_{seat}_{position}"] = CardsField(
                        required=False,
                        label=f"{name}, hand {position}",
                        pad_name=f"Hand {position} of {name}",
                        player=name,
                    )
                if declarations:
                    self.fields[f"declare_{seat}"] = forms.ChoiceField(
                        choices=[NO_DECLARATION, *described.declarations],
                        required=False,
                        label=f"{name} declares",
                        error_messages={"invalid_choice": NOT_A_CHOICE.format(what="declaration")},
                    )
                    self.fields[f"declared_{seat}"] = CardsField(
                        count=13,
                        required=False,
                        label=f"{name}'s 13 cards",
                        player=name,
                        widget=forms.TextInput(
                            attrs={**CARD_INPUT, "placeholder": "the 13 cards", "data-hand": "", "data-capacity": "13"}
                        ),
                    )
            else:
                self.fields[f"hand_{seat}"] = CardsField(required=False, label=f"{name}'s hand", player=name)
        if described.table and extras:  # a seat's own form has its hand only (no table, no caller)
            self.fields["table"] = CardsField(
                required=False, label="Table cards (optional)", help_text=TABLE_HELP, pad_name="The table cards"
            )
        if described.named and extras:
            self.fields[described.named] = forms.ChoiceField(
                choices=[("", "Nobody / not noted")] + [(name, isolate(name)) for name in self.players],
                required=False,
                label=described.named_label,
                help_text=CALLER_HELP.format(called=described.named_verb),
                error_messages={"invalid_choice": NOT_A_CHOICE.format(what="player of this round")},
            )

    # --- For the template ------------------------------------------------------------------

    def seats(self) -> list[dict]:
        """Each player still in, with their fields, in seat order."""
        rows = []
        for seat, name in enumerate(self.players):
            if self.sets_hands:
                row = {"name": name, "hands": [self[f"hand_{seat}_{p}"] for p in range(1, self.positions + 1)]}
                if self.setting is not None:  # the hands it comes filled with (revealed, refused) checked
                    texts = [str(hand.value() or "") for hand in row["hands"]]
                    row["check"] = setting_check_of(texts, self.described, self.setting)
                if self.declarations:
                    row["declare"], row["declared"] = self[f"declare_{seat}"], self[f"declared_{seat}"]
            else:
                row = {"name": name, "hands": [self[f"hand_{seat}"]]}
            rows.append(row)
        return rows

    def is_empty(self) -> bool:
        """Nothing entered: no card, declaration or extra in any field (a stray tap on Record,
        or a second tap on a form that the first one already emptied)."""
        return not any(
            str(self.data.get(self.add_prefix(name)) or "").strip()
            for name in self.fields
            if name not in ("number", "submission")
        )

    def refusal(self) -> str:
        """The first thing refused, as the page shows it first: "Ann, hand 2: ..." """
        if self.non_field_errors():
            return self.non_field_errors()[0]
        name = next((name for name in self.fields if name in self.errors), None)
        if name is None:
            return ""
        missing = self.missing_hands()
        if len(missing) > 1 and self.has_error(name, "required"):  # every player it concerns, at once
            return HANDS_NEEDED.format(hands=listed([f"{isolate(player)}'s" for player in missing]))
        label = self.fields[name].label  # a hidden field has none: its message says it all
        return f"{label}: {self.errors[name][0]}" if label else self.errors[name][0]

    def missing_hands(self) -> list[str]:
        """The players whose one hand was refused for having no cards at all (hands not set in positions)."""
        return [name for seat, name in enumerate(self.players) if self.has_error(f"hand_{seat}", "required")]

    @property
    def out_of_date(self) -> bool:
        """Refused for a hidden field (its round or its id), not for anything typed: a fresh
        form is what to show again, never this one holding what was sent."""
        return (
            self.has_error("number") or self.has_error("submission") or self.has_error(NON_FIELD_ERRORS, "submission")
        )

    # --- Cleaning --------------------------------------------------------------------------

    def clean(self):
        cleaned = super().clean()
        check_submission(self)
        for seat in range(len(self.players)):
            if self.sets_hands:
                self._clean_set_hands(seat, cleaned)
            elif not cleaned.get(f"hand_{seat}") and f"hand_{seat}" not in self.errors:
                self.add_error(f"hand_{seat}", forms.ValidationError(HAND_NEEDED, code="required"))
        return cleaned

    def _clean_set_hands(self, seat: int, cleaned: dict) -> None:
        filled = [
            p
            for p in range(1, self.positions + 1)
            if cleaned.get(f"hand_{seat}_{p}") or f"hand_{seat}_{p}" in self.errors
        ]
        for empty in range(1, len(filled) + 1):
            if empty not in filled:
                later = next(p for p in filled if p > empty)
                self.add_error(
                    f"hand_{seat}_{empty}",
                    forms.ValidationError(FILL_IN_ORDER.format(empty=empty, later=later), code="gap"),
                )
                break
        if self.declarations and cleaned.get(f"declare_{seat}"):
            if filled:
                self.add_error(f"declare_{seat}", forms.ValidationError(DECLARE_OR_PLACE, code="both"))
            elif not cleaned.get(f"declared_{seat}") and f"declared_{seat}" not in self.errors:
                self.add_error(f"declared_{seat}", forms.ValidationError(DECLARED_CARDS_NEEDED, code="required"))

    def entry(self) -> dict:
        """The round's plain data, as replay takes it and the round keeps it."""
        data = self.cleaned_data
        if not self.sets_hands:
            entry: dict = {"hands": {name: data[f"hand_{seat}"] for seat, name in enumerate(self.players)}}
            for extra in ("table", self.described.named):
                if extra and data.get(extra):
                    entry[extra] = data[extra]
            return entry
        hands: dict[str, list[str]] = {}
        declarations: dict[str, list[str]] = {}
        for seat, name in enumerate(self.players):
            if self.declarations and data.get(f"declare_{seat}"):
                declarations[name] = [data[f"declare_{seat}"], data[f"declared_{seat}"]]
            else:
                hands[name] = [
                    data[f"hand_{seat}_{p}"] for p in range(1, self.positions + 1) if data.get(f"hand_{seat}_{p}")
                ]
        return {"hands": hands, "declarations": declarations} if declarations else {"hands": hands}

    # --- The engine's refusals ---------------------------------------------------------------

    def add_entry_error(self, error: EntryError) -> None:
        """Show the engine's refusal word for word next to the field it concerns (or above
        the form when it concerns no one field)."""
        self.add_error(self.field_for(error), forms.ValidationError(str(error), code="entry"))

    def field_for(self, error: EntryError) -> str | None:
        if error.field in ("table", self.described.named) and error.field in self.fields:
            return error.field
        if error.player not in self.players:
            return None
        seat = self.players.index(error.player)
        if not self.sets_hands:
            return f"hand_{seat}"
        if error.field == "declarations" and self.declarations:
            return f"declared_{seat}"
        return f"hand_{seat}_{error.position or 1}"

    @staticmethod
    def initial_from(entry: Mapping, players: Sequence[str], game: str) -> dict:
        """Field values for an entry already recorded (a correction starts from it)."""
        initial: dict = {}
        described = game_of(game)
        for seat, name in enumerate(players):
            if described.sets_hands:
                for position, text in enumerate(entry.get("hands", {}).get(name, []), 1):
                    initial[f"hand_{seat}_{position}"] = text
                if name in entry.get("declarations", {}):
                    initial[f"declare_{seat}"], initial[f"declared_{seat}"] = entry["declarations"][name]
            else:
                initial[f"hand_{seat}"] = entry.get("hands", {}).get(name, "")
        for extra in ("table", described.named):
            if extra and extra in entry:
                initial[extra] = entry[extra]
        return initial


def entry_form_for(
    state,
    data=None,
    *,
    number: int | None = None,
    initial=None,
    players: Sequence[str] | None = None,
    extras: bool = True,
) -> RoundEntryForm:
    """The round entry form of a game (a queries.GameState): the players still in (or those
    given), the hands its options deal, and the round it is for (the next, or ``number``);
    without ``extras`` (a seat's own hand), no table cards and no caller or knocker."""
    described, settings = game_of(state.game.kind), state.settings
    if players is None:
        players = state.outcome.still_in if state.outcome else state.seats
    return RoundEntryForm(
        data,
        game=state.game.kind,
        players=list(players),
        positions=described.positions(settings),
        dealt=described.dealt(settings),
        declarations=bool(described.declarations) and described.declares(settings),
        extras=extras,
        setting=settings if described.setting_check else None,
        initial={"number": number or state.next_number, **(initial or {})},
    )
