import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import (
    DECK,
    CardClash,
    CardError,
    card,
    card_clashes,
    check_one_deck,
    format_cards,
    parse_cards,
    parse_hand,
    rank_hand,
    show_cards,
)
from engine.cards import EXPECTED_CARD

AS, TH, QC = card(14, "S"), card(10, "H"), card(12, "C")


@pytest.mark.parametrize(
    "text",
    ["As 10h q♣", "AS,TH,QC", "as th qc", "A♠ 10♥ Q♣", "A♤ 10♡ Q♧", "AsThQc", " as , 10H ;qC ", "A♠️ 10♥️ Q♣️"],
)
def test_people_may_type_cards_in_any_of_the_usual_ways(text):
    assert parse_cards(text) == (AS, TH, QC)


def test_cards_keep_the_order_typed():
    assert parse_cards("qc as th") == (QC, AS, TH)


def test_empty_text_is_no_cards():
    assert parse_cards("  ,, ") == ()


def test_cards_are_stored_canonically_and_shown_with_suit_symbols():
    cards = parse_cards("As 10h q♣ 2d")
    assert format_cards(cards) == "AS TH QC 2D"
    assert show_cards(cards) == "A♠ 10♥ Q♣ 2♦"
    assert repr(cards[0]) == "Card('AS')"


def test_a_card_knows_its_rank_and_suit():
    assert (AS.rank, AS.suit, TH.rank, TH.suit) == (14, "S", 10, "H")


def test_the_deck_has_52_different_cards_in_rank_order():
    assert len(set(DECK)) == 52
    assert [c.rank for c in DECK] == sorted(c.rank for c in DECK)


@pytest.mark.parametrize(
    ("text", "token"),
    [("1X", "1X"), ("As 1x", "1x"), ("As 11h Kd", "11h"), ("A", "A"), ("s", "s"), ("As Kz", "Kz"), ("AsK", "AsK")],
)
def test_a_token_that_is_not_a_card_is_named_with_what_was_expected(text, token):
    with pytest.raises(CardError) as error:
        parse_cards(text)
    assert error.value.args == (f'"{token}" is not a card: {EXPECTED_CARD}',)


def test_the_refusal_reads_as_rules_md_says():
    with pytest.raises(
        CardError, match=r'^"1X" is not a card: expected a rank 2-10, J, Q, K, A followed by a suit S, H, D, C$'
    ):
        parse_cards("1X")


def test_a_card_typed_twice_is_refused_with_the_card_named():
    with pytest.raises(CardError) as error:
        parse_cards("As Kd as")
    assert error.value.args == ("A♠ is entered twice",)


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


def test_non_text_is_refused():
    with pytest.raises(CardError, match="expected cards as text, got int"):
        parse_cards(12)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("As Kd", "expected three cards, got 2: A♠ K♦"),
        ("As Kd Qh Jc", "expected three cards, got 4: A♠ K♦ Q♥ J♣"),
        ("", "expected three cards, got none"),
        ("As Kd as", "A♠ is entered twice"),
        ("As Kd 1x", '"1x" is not a card: expected a rank 2-10, J, Q, K, A followed by a suit S, H, D, C'),
    ],
)
@pytest.mark.parametrize("read", [parse_hand, rank_hand], ids=["parse_hand", "rank_hand"])
def test_a_hand_is_exactly_three_cards(read, text, message):
    """Read alone, or read to be ranked (rank_hand takes text too): refused in the same words."""
    with pytest.raises(CardError) as error:
        read(text)
    assert error.value.args == (message,)


def test_one_deck_per_deal_names_the_card_and_both_places():
    places = {
        "Ann's hand": parse_cards("As Kd Qh"),
        "Bob's hand": parse_cards("2c 3c 4c"),
        "the table cards": parse_cards("5d 6d Qh"),
    }
    with pytest.raises(CardClash) as error:
        check_one_deck(places)
    assert error.value.args == ("Q♥ is in Ann's hand and in the table cards",)
    assert (error.value.card, error.value.first, error.value.second) == (card(12, "H"), "Ann's hand", "the table cards")


def test_every_card_entered_twice_is_a_clash_at_each_later_place():
    places = {"hand 1": parse_cards("As Kh 2c"), "hand 2": parse_cards("As 3d 4d"), "hand 3": parse_cards("Kh 5s As")}
    assert [clash.args[0] for clash in card_clashes(places)] == [
        "A♠ is in hand 1 and in hand 2",
        "K♥ is in hand 1 and in hand 3",
        "A♠ is in hand 1 and in hand 3",
    ]


def test_one_deck_names_the_first_clash_of_several():
    places = {"hand 1": parse_cards("As Kh 2c"), "hand 2": parse_cards("Kh As 4d")}
    with pytest.raises(CardClash) as error:
        check_one_deck(places)
    assert error.value.args == ("K♥ is in hand 1 and in hand 2",)
    assert card_clashes({"a": parse_cards("As Kd"), "b": parse_cards("Ah Kh")}) == []


def test_one_deck_accepts_different_cards():
    assert check_one_deck({"a": parse_cards("As Kd"), "b": parse_cards("Ah Kh")}) is None


@given(st.text())
def test_any_text_parses_to_cards_or_is_refused_with_a_card_error(text):
    try:
        cards = parse_cards(text)
    except CardError as error:
        assert str(error)
    else:
        assert all(c in DECK for c in cards)
        assert len(set(cards)) == len(cards)


_card_texts = st.lists(st.sampled_from(DECK), unique=True, max_size=13).map(tuple)


@given(_card_texts)
def test_formatting_then_parsing_gives_the_same_cards(cards):
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(show_cards(cards)) == cards


@given(
    st.lists(
        st.sampled_from([c.code for c in DECK] + [str(c) for c in DECK] + ["10h", "x", "1", "♠", ",", " "]), max_size=8
    ).map(" ".join)
)
def test_card_like_text_parses_or_is_refused_cleanly(text):
    try:
        parse_cards(text)
    except CardError as error:
        assert str(error)
