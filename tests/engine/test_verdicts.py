import pytest

from engine import parse_cards, rank_hand
from engine.guides import GUIDES
from engine.verdicts import order_hands, why_beats


def rank(text, rules="brag"):
    return rank_hand(parse_cards(text), rules)


@pytest.mark.parametrize(
    ("better", "worse", "rules", "reason"),
    [
        ("4s 5d 6c", "As Js 4s", "brag", "a run beats a flush"),
        ("2s 2h 2d", "Ah 2h 3h", "brag", "a prial beats a running flush"),
        ("2s 2h 3d", "As Kd Jc", "brag", "a pair beats high card"),
        ("2s 2h 3d", "As Kd Jc", "commerce", "a pair beats a point hand"),
        ("7s 7h Kd", "7d 7c 9s", "brag", "same pair; the king kicker beats the 9"),
        ("8s 8h 2d", "7s 7h Ad", "brag", "a pair of 8s beats a pair of 7s"),
        ("3s 3h 3d", "As Ah Ad", "brag", "a prial of 3s beats a prial of aces (3-3-3 is the best prial)"),
        ("As Ah Ad", "3s 3h 3d", "brag-ace-high", "a prial of aces beats a prial of 3s"),
        ("As Ah Ad", "Ks Kh Kd", "commerce", "a tricon of aces beats a tricon of kings"),
        ("As 2d 3c", "Qs Kd Ac", "brag", "the run A-2-3 beats the run Q-K-A (A-2-3 is the best sequence)"),
        ("Qh Kh Ah", "Jh Qh Kh", "brag-ace-high", "the running flush Q-K-A beats the running flush J-Q-K"),
        (
            "4h 3h 2h",
            "Ah 2h 3h",
            "commerce",
            "the sequence 2-3-4 beats the sequence A-2-3 (A-2-3 counts as 3-high, the lowest sequence)",
        ),
        ("As Ks 3s", "Qs Js 9s", "brag", "the ace beats the queen"),
        ("As Ks 3s", "As Qs Js", "brag", "same top card; the king beats the queen"),
        ("Ah Qh 5h", "Ad Qd 4d", "brag", "same top two cards; the 5 beats the 4"),
        ("As Qs Js", "As Ks 3s", "commerce", "point 31 beats point 24"),
        ("Ah 9d 2c", "Kd Qc 2s", "commerce", "same point; the ace beats the king"),
        ("As Ks Js", "Ah Kh Jh", "brag", "a tie: the same ranks, and suits never count"),
        # under house rules (docs/rules.md, Brag hands: Brag ranking options)
        ("2s 3s 5s", "Qs Kd Ac", {"flush_over_run": True}, "a flush beats a run"),
        (
            "3s 3h 3d",
            "As Ah Ad",
            {"flush_over_run": True},
            "a prial of 3s beats a prial of aces (3-3-3 is the best prial)",
        ),
        ("As Ah Ad", "3s 3h 3d", {"top_prial": "aces"}, "a prial of aces beats a prial of 3s"),
        (
            "2s 3d 4c",
            "As 2d 3c",
            {"ace_two_three": "bottom"},
            "the run 2-3-4 beats the run A-2-3 (A-2-3 counts as 3-high, the lowest sequence)",
        ),
        ("Qs Kd Ac", "Js Qd Kc", {"ace_two_three": "bottom"}, "the run Q-K-A beats the run J-Q-K"),
        (
            "As 2d 3c",
            "Qs Kd Ac",
            {"top_prial": "aces"},
            "the run A-2-3 beats the run Q-K-A (A-2-3 is the best sequence)",
        ),
        ("As Ks 3s", "Qs Js 9s", {"game": "commerce", "flush_by": "cards"}, "the ace beats the queen"),
        ("Qs Js 9s", "As Ks 3s", {"game": "commerce"}, "point 29 beats point 24"),
        (
            "Ah 9d 2c",
            "Kd Qc 2s",
            {"game": "commerce", "point_by": "sum"},
            "a tie: the same point, and equal points tie in this game",
        ),
        ("Ah 9d 3c", "Kd Qc 2s", {"game": "commerce", "point_by": "sum"}, "point 23 beats point 22"),
    ],
)
def test_why_one_hand_beats_another(better, worse, rules, reason):
    assert why_beats(rank(better, rules), rank(worse, rules)) == reason


def test_why_beats_refuses_the_wrong_way_round():
    with pytest.raises(ValueError, match="Pair of 7s, 9 kicker does not beat Pair of 7s, king kicker"):
        why_beats(rank("7d 7c 9s"), rank("7s 7h Kd"))


def test_hands_are_ordered_best_first_with_ties_sharing_a_place():
    ranks = [rank("As Kd 6c"), rank("4s 5d 6c"), rank("Ah Kc 6h"), rank("7s 7h Kd")]
    placings = order_hands(ranks)
    assert [(p.place, p.hands) for p in placings] == [(1, (1,)), (2, (3,)), (3, (0, 2))]
    assert [p.reason for p in placings] == ["a run beats a pair", "a pair beats high card", ""]
    assert placings[2].rank.label == "Ace high (A-K-6)"


def test_a_single_hand_is_first_with_nothing_to_beat():
    (placing,) = order_hands([rank("As Ks Qs")])
    assert (placing.place, placing.hands, placing.reason) == (1, (0,), "")


@pytest.mark.parametrize("rules", GUIDES)
def test_each_ruleset_guide_lists_its_categories_best_first_with_a_matching_example(rules):
    guide = GUIDES[rules]
    assert sum(c.count for c in guide.categories) == 22100
    examples = [c.example_rank for c in guide.categories]
    assert [e.category for e in examples] == [c.category for c in guide.categories]
    assert examples == sorted(examples, reverse=True)


def test_the_brag_guide_shows_3_3_3_as_the_best_prial():
    prial = GUIDES["brag"].categories[0]
    assert (prial.name, prial.count, prial.example_rank.label) == ("prial", 52, "Prial of 3s")
