"""One player's own part of a round, sent from their own phone before the showdown
(engine/own_hand.py): checked as the round will check it, with that player's cards alone."""

import pytest
from hypothesis import given

from engine import EntryError, parse_cards, replay
from engine.own_hand import check_own_hand

from .referee import hands
from .strategies import PROPERTY_SETTINGS, played_games

PLAYERS = ["Ann", "Bob", "Cy"]
ANN_SET = ["As Ks Qs", "2c 2d 2h"]  # a running flush, then a prial: in order
ANN_FOUL = ["2c 2d 5h", "As Ks Qs"]  # a pair left of a running flush: a foul
SIX_PAIRS = "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 8c"
RUN = "2c 3d 4c 5d 6c 7d 8c 9d 10c Jd Qc Kd Ac"


def refused(game, part, name="Ann", **options) -> EntryError:
    with pytest.raises(EntryError) as error:
        check_own_hand(game, PLAYERS, name, part, **options)
    return error.value


# --- Each game: the player's own cards pass, and are returned -----------------------------


@pytest.mark.parametrize("game", ["stop_the_bus", "commerce"])
def test_a_three_card_hand_passes_and_its_cards_are_returned(game):
    assert check_own_hand(game, PLAYERS, "Ann", {"hands": {"Ann": "As Ks Qs"}}) == parse_cards("As Ks Qs")


def test_crash_hands_pass_in_the_order_placed_and_their_cards_are_returned_in_that_order():
    cards = check_own_hand("crash", PLAYERS, "Ann", hands(Ann=ANN_SET))
    assert cards == parse_cards("As Ks Qs 2c 2d 2h")


def test_crash_with_nine_cards_takes_three_hands_at_most():
    nine = {"cards": 9, "declarations": False}
    three = ["As Ks Qs", "2c 2d 2h", "3c 3d 3h"]
    assert len(check_own_hand("crash", PLAYERS, "Ann", hands(Ann=three), **nine)) == 9
    error = refused("crash", hands(Ann=[*three, "4c 4d 4h"]), **nine)
    assert str(error) == "Ann placed 4 hands (12 cards): a deal of 9 cards allows at most 3"


def test_a_crash_declaration_passes_and_its_thirteen_cards_are_returned():
    part = {"declarations": {"Ann": ["six_pairs", SIX_PAIRS]}}
    assert check_own_hand("crash", PLAYERS, "Ann", part) == parse_cards(SIX_PAIRS)
    assert check_own_hand("crash", PLAYERS, "Ann", {"declarations": {"Ann": ["thirteen_run", RUN]}}) == (
        parse_cards(RUN)
    )


def test_no_hands_at_all_is_a_crash_players_choice():
    assert check_own_hand("crash", PLAYERS, "Ann", hands(Ann=[])) == ()


def test_the_games_options_are_checked_as_the_round_checks_them():
    assert check_own_hand("crash", PLAYERS, "Ann", hands(Ann=ANN_SET), coach=True) == parse_cards("As Ks Qs 2c 2d 2h")
    error = refused("stop_the_bus", {"hands": {"Ann": "As Ks Qs"}}, coach=True)
    assert (str(error), error.field) == (
        'unknown option "coach" for Stop the Bus: expected tokens, rules, first_dealer, ended',
        "coach",
    )


# --- Who may send: a player of the game, still in ---------------------------------------------


@pytest.mark.parametrize("game", ["stop_the_bus", "crash", "commerce"])
def test_a_player_out_of_the_game_sends_nothing(game):
    part = hands(Ann=ANN_SET) if game == "crash" else {"hands": {"Ann": "As Ks Qs"}}
    error = refused(game, part, still_in=["Bob", "Cy"])
    assert (str(error), error.player, error.field) == ("Ann is out of the game and gives nothing", "Ann", "hands")


@pytest.mark.parametrize("game", ["stop_the_bus", "crash", "commerce"])
def test_a_name_not_seated_in_the_game_is_refused(game):
    part = hands(Di=ANN_SET) if game == "crash" else {"hands": {"Di": "As Ks Qs"}}
    error = refused(game, part, name="Di")
    assert (str(error), error.player) == ("Di is not a player in this game", "Di")


# --- Only the player's own part: no other player's hand, nor the host's fields ----------------


@pytest.mark.parametrize(
    ("game", "part"),
    [
        ("stop_the_bus", {"hands": {"Ann": "As Ks Qs", "Bob": "2c 3c 4c"}}),
        ("commerce", {"hands": {"Bob": "2c 3c 4c"}}),
        ("crash", hands(Ann=ANN_SET, Bob=["3c 3d 3h"])),
        ("crash", {"hands": {"Ann": ANN_SET}, "declarations": {"Bob": ["six_pairs", SIX_PAIRS]}}),
        ("stop_the_bus", {"hands": {"Ann": "As Ks Qs"}, "table": "2c 3c 4c"}),
        ("stop_the_bus", {"hands": {"Ann": "As Ks Qs"}, "caller": "Ann"}),
        ("commerce", {"hands": {"Ann": "As Ks Qs"}, "knocker": "Ann"}),
        ("crash", {"hands": {"Ann": []}, "void": True}),
    ],
    ids=["another-hand", "only-another", "crash-another", "another-declaration", "table", "caller", "knocker", "void"],
)
def test_only_the_players_own_hand_is_sent_from_their_seat(game, part):
    error = refused(game, part)
    assert (str(error), error.player) == ("only Ann's own hand is sent from Ann's seat", "Ann")


@pytest.mark.parametrize("game", ["stop_the_bus", "crash", "commerce"])
def test_a_player_still_in_sends_a_hand(game):
    expected = {
        "crash": "Ann is still in the game but gave no hands and no declaration",
        "stop_the_bus": "Ann is still in the game but gave no hand",
        "commerce": "Ann is still in the game but gave no hand",
    }[game]
    assert str(refused(game, {})) == expected


# --- Declarations -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("declaration", "message"),
    [
        (["six_pairs", RUN], "Ann's 13 cards hold 0 pairs, not 6"),
        (["thirteen_run", RUN.replace("Ac", "Kc")], "Ann's 13 cards are not a thirteen-card run: no ace"),
        (["bogus", SIX_PAIRS], "Ann's declaration must be six_pairs or thirteen_run, got 'bogus'"),
        (["six_pairs", SIX_PAIRS.rsplit(" ", 1)[0]], "Ann's declared cards: expected 13 cards, got 12"),
        (["six_pairs", SIX_PAIRS.replace("2d", "2c")], "Ann's declared cards: 2♣ is entered twice"),
    ],
    ids=["not-six-pairs", "not-a-run", "not-a-kind", "twelve-cards", "card-twice"],
)
def test_a_declaration_that_is_not_one_is_refused_naming_the_player(declaration, message):
    error = refused("crash", {"declarations": {"Ann": declaration}})
    assert (str(error), error.player, error.field) == (message, "Ann", "declarations")


def test_a_declaration_where_declarations_are_off_is_refused():
    error = refused("crash", {"declarations": {"Ann": ["six_pairs", SIX_PAIRS]}}, preset="arena")
    assert str(error) == "declarations are off in this game: six pairs and the thirteen-card run are not played"
    assert error.field == "declarations"


def test_hands_and_a_declaration_both_are_refused():
    error = refused("crash", {"hands": {"Ann": ANN_SET}, "declarations": {"Ann": ["six_pairs", SIX_PAIRS]}})
    assert str(error) == "Ann gave hands and a declaration: a player gives one or the other"


# --- A foul is the player's to send: the round says what it costs --------------------------------


def test_a_foul_is_sent_and_the_round_then_says_it():
    assert check_own_hand("crash", PLAYERS, "Ann", hands(Ann=ANN_FOUL)) == parse_cards("2c 2d 5h As Ks Qs")
    round_ = hands(Ann=ANN_FOUL, Bob=["3c 3d 3h"], Cy=["4c 4d 4h"])
    game = replay("crash", PLAYERS, [round_])
    assert game.out == ("Ann",) and game.rounds[0].events[0].kind == "foul"


# --- Cards: twice, not cards, the wrong count -----------------------------------------------------


def test_a_card_twice_among_a_crash_players_hands_names_both_places():
    error = refused("crash", hands(Ann=["As Ks Qs", "As 2d 2h"]))
    assert (str(error), error.player, error.position) == ("A♠ is in Ann's hand 1 and in Ann's hand 2", "Ann", 2)


@pytest.mark.parametrize("game", ["stop_the_bus", "commerce"])
def test_a_card_twice_in_a_three_card_hand_is_refused(game):
    assert str(refused(game, {"hands": {"Ann": "As Ks As"}})) == "Ann's hand: A♠ is entered twice"


@pytest.mark.parametrize(
    ("game", "part", "message"),
    [
        ("commerce", {"hands": {"Ann": "As Ks"}}, "Ann's hand: expected three cards, got 2: A♠ K♠"),
        ("crash", hands(Ann=["As Ks"]), "Ann's hand 1: expected three cards, got 2: A♠ K♠"),
        (
            "crash",
            hands(Ann=["As Ks Qs", "Xx 2d 2h"]),
            'Ann\'s hand 2: "Xx" is not a card: expected a rank 2-10, J, Q, K, A followed by a suit S, H, D, C',
        ),
        ("crash", {"hands": {"Ann": "As Ks Qs"}}, "Ann's hands must be a list of hands in the order placed"),
        (
            "crash",
            hands(Ann=["As Ks Qs", "2c 2d 2h", "3c 3d 3h", "4c 4d 4h", "5c 5d 5h"]),
            "Ann placed 5 hands (15 cards): a deal of 13 cards allows at most 4",
        ),
    ],
    ids=["two-cards", "crash-two-cards", "not-a-card", "not-a-list", "five-hands"],
)
def test_cards_the_round_would_refuse_are_refused_in_its_words(game, part, message):
    assert str(refused(game, part)) == message


# --- Every player's part of a valid round passes ----------------------------------------------


def own_parts(game: str, round_: dict) -> dict[str, dict]:
    """Each player's own part of a round's entry, as their seat sends it."""
    parts = {name: {"hands": {name: hand}} for name, hand in round_.get("hands", {}).items()}
    for name, declared in round_.get("declarations", {}).items() if game == "crash" else ():
        parts[name] = {"declarations": {name: declared}}
    return parts


def own_cards_of(part: dict) -> tuple:
    """The cards of a player's part, in the order entered."""
    (name,) = [*part.get("hands", {}), *part.get("declarations", {})]
    if "declarations" in part:
        return parse_cards(part["declarations"][name][1])
    hand = part["hands"][name]
    return parse_cards(" ".join(hand) if isinstance(hand, list) else hand)


@PROPERTY_SETTINGS
@given(played_games())
def test_each_players_part_of_a_valid_round_passes_and_gives_their_cards(played):
    game, players, options, rounds = played
    for number, round_ in enumerate(rounds):
        before = replay(
            game, players, rounds[:number], **{**options, "ended": False} if game == "commerce" else options
        )
        parts = own_parts(game, round_)
        assert set(parts) == set(before.still_in)  # a valid round holds every player still in, once
        for name, part in parts.items():
            cards = check_own_hand(game, players, name, part, still_in=before.still_in, **options)
            assert cards == own_cards_of(part)
