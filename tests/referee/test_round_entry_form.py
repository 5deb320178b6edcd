"""The round entry form: what the host typed becomes the round's plain data, and every
refusal lands next to the field it concerns."""

from engine import EntryError, replay
from referee.forms.rounds import (
    DECLARE_OR_PLACE,
    FILL_IN_ORDER,
    HAND_NEEDED,
    RoundEntryForm,
)

from ..pages import sent

PLAYERS = ["Ann", "Bob", "Cy"]


def stop_the_bus(data):
    return RoundEntryForm(sent({"number": "1", **data}), game="stop_the_bus", players=PLAYERS)


def crash(data, **kwargs):
    return RoundEntryForm(sent({"number": "1", **data}), game="crash", players=PLAYERS, declarations=True, **kwargs)


def errors_after_replay(form, game):
    """The form's errors once the engine has replayed its round and any refusal is added to it."""
    assert form.is_valid()
    try:
        replay(game, PLAYERS, [form.entry()])
    except EntryError as error:
        form.add_entry_error(error)
    return form.errors


def test_a_stop_the_bus_round_becomes_canonical_plain_data():
    form = stop_the_bus(
        {"hand_0": "as 10h q♣", "hand_1": "7C 7D 5D", "hand_2": "4s,5h,6c", "table": "2c 3d 9h", "caller": "Bob"}
    )
    assert form.is_valid(), form.errors
    assert form.entry() == {
        "hands": {"Ann": "AS TH QC", "Bob": "7C 7D 5D", "Cy": "4S 5H 6C"},
        "table": "2C 3D 9H",
        "caller": "Bob",
    }
    assert replay("stop_the_bus", PLAYERS, [form.entry()]).rounds[0].deltas == {"Ann": -1, "Bob": 0, "Cy": 0}


def test_optional_extras_are_left_out_when_empty():
    form = stop_the_bus({"hand_0": "as 10h q♣", "hand_1": "7C 7D 5D", "hand_2": "4s,5h,6c", "table": "", "caller": ""})
    assert form.is_valid() and form.entry() == {"hands": {"Ann": "AS TH QC", "Bob": "7C 7D 5D", "Cy": "4S 5H 6C"}}


def test_each_bad_hand_is_refused_next_to_its_field():
    form = stop_the_bus({"hand_0": "as 10h 1x", "hand_1": "7C 7D", "hand_2": ""})
    assert not form.is_valid()
    assert form.errors == {
        "hand_0": ['"1x" is not a card: expected a rank 2-10, J, Q, K, A followed by a suit S, H, D, C'],
        "hand_1": ["expected three cards, got 2: 7♣ 7♦"],
        "hand_2": [HAND_NEEDED],
    }


def test_the_engines_refusal_goes_next_to_the_field_it_names():
    form = stop_the_bus({"hand_0": "Qh Ks 2c", "hand_1": "Qh 3d 4d", "hand_2": "5c 6c 8d"})
    assert errors_after_replay(form, "stop_the_bus") == {"hand_1": ["Q♥ is in Ann's hand and in Bob's hand"]}


def test_a_table_card_clash_goes_next_to_the_table_cards():
    form = stop_the_bus({"hand_0": "Qh Ks 2c", "hand_1": "2d 3d 4d", "hand_2": "5c 6c 8d", "table": "qh 9s 9h"})
    assert form.is_valid()
    form.add_entry_error(EntryError("Q♥ is in Ann's hand and in the table cards", player=None, field="table"))
    assert form.errors == {"table": ["Q♥ is in Ann's hand and in the table cards"]}


def test_an_error_about_no_field_goes_above_the_form():
    form = stop_the_bus({"hand_0": "Qh Ks 2c", "hand_1": "2d 3d 4d", "hand_2": "5c 6c 8d"})
    assert form.is_valid()
    form.add_entry_error(EntryError("the game is over: Ann won", round=4))
    assert form.non_field_errors() == ["the game is over: Ann won"]


def test_a_crash_round_keeps_the_order_placed_and_fewer_hands():
    form = crash(
        {
            "hand_0_1": "3s 3h 3d",
            "hand_0_2": "Ah Kh Qh",
            "hand_1_1": "As Ac 4d",
            "declare_2": "six_pairs",
            "declared_2": "2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h 8s",
        }
    )
    assert form.is_valid(), form.errors
    assert form.entry() == {
        "hands": {"Ann": ["3S 3H 3D", "AH KH QH"], "Bob": ["AS AC 4D"]},
        "declarations": {"Cy": ["six_pairs", "2S 2H 3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S"]},
    }


def test_crash_hands_are_filled_in_the_order_placed():
    form = crash({"hand_0_1": "3s 3h 3d", "hand_0_3": "Ah Kh Qh"})
    assert not form.is_valid()
    assert form.errors == {"hand_0_2": [FILL_IN_ORDER.format(empty=2, later=3)]}


def test_a_crash_player_declares_or_places_hands_not_both():
    form = crash(
        {"hand_0_1": "3s 3h 3d", "declare_0": "six_pairs", "declared_0": "2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h 8s"}
    )
    assert not form.is_valid()
    assert form.errors == {"declare_0": [DECLARE_OR_PLACE]}


def test_a_declaration_needs_thirteen_cards():
    form = crash({"declare_0": "six_pairs", "declared_0": "2s 2h 3s"})
    assert not form.is_valid()
    assert form.errors == {"declared_0": ["expected 13 cards, got 3"]}


def test_a_crash_clash_goes_to_the_position_named():
    form = crash({"hand_0_1": "2s 2h 5d", "hand_1_1": "4s 4h 9c", "hand_1_2": "2s Kd 3c"})
    assert errors_after_replay(form, "crash") == {"hand_1_2": ["2♠ is in Ann's hand 1 and in Bob's hand 2"]}


def test_arena_nine_cards_offers_three_hands_and_no_declarations():
    form = RoundEntryForm(game="crash", players=PLAYERS, positions=3, declarations=False)
    assert "hand_0_3" in form.fields and "hand_0_4" not in form.fields and "declare_0" not in form.fields


def test_a_recorded_entry_fills_the_form_again_for_a_correction():
    entry = {"hands": {"Ann": ["3S 3H 3D"], "Bob": []}, "declarations": {"Cy": ["six_pairs", "2S 2H"]}}
    assert RoundEntryForm.initial_from(entry, PLAYERS, "crash") == {
        "hand_0_1": "3S 3H 3D",
        "declare_2": "six_pairs",
        "declared_2": "2S 2H",
    }
    entry = {"hands": {"Ann": "AS TH QC", "Bob": "7C 7D 5D", "Cy": "4S 5H 6C"}, "caller": "Bob"}
    assert RoundEntryForm.initial_from(entry, PLAYERS, "stop_the_bus") == {
        "hand_0": "AS TH QC",
        "hand_1": "7C 7D 5D",
        "hand_2": "4S 5H 6C",
        "caller": "Bob",
    }


def test_a_caller_must_be_one_of_the_players_in_the_form():
    form = stop_the_bus({"hand_0": "as 10h q♣", "hand_1": "7C 7D 5D", "hand_2": "4s,5h,6c", "caller": "Zed"})
    assert not form.is_valid()
    # the value sent is never said back: a hand-made post may hold anything
    assert form.errors == {"caller": ["Choose a player of this round from the list."]}
