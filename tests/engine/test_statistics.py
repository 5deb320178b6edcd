"""Each player's figures in a game, pinned on games written out by hand."""

from fractions import Fraction

from hypothesis import given

from engine import replay
from engine.statistics import Figures, deal_frequencies, figures_of, ruleset_of

from ..data import BUS_ROUNDS, COMMERCE_ROUNDS, CRASH_ROUNDS, PLAYERS
from ..docs import ROOT
from .referee import hands
from .strategies import PROPERTY_SETTINGS, played_games


def test_stop_the_bus_figures():
    outcome = replay("stop_the_bus", PLAYERS, BUS_ROUNDS, tokens=2)
    figures = figures_of(outcome)
    assert list(figures) == PLAYERS
    assert figures["Ann"] == Figures(
        finished=True,
        won=True,
        place=1,
        final=1,
        rounds_played=5,
        tokens_lost=1,
        worst_hand=2,
        categories={"prial": 1, "running_flush": 1, "pair": 1, "high_card": 2},
    )
    assert figures["Bob"] == Figures(
        finished=True, place=3, rounds_played=3, tokens_lost=2, worst_hand=2, categories={"pair": 1, "high_card": 2}
    )
    assert figures["Cy"] == Figures(
        finished=True, place=2, rounds_played=5, tokens_lost=2, worst_hand=3, categories={"pair": 2, "high_card": 3}
    )


def test_crash_figures():
    outcome = replay("crash", PLAYERS, CRASH_ROUNDS, preset="classic", target=15)
    figures = figures_of(outcome)
    assert figures["Ann"] == Figures(
        finished=True,
        won=True,
        place=1,
        final=10,
        rounds_played=4,
        scored=(2, 3, 2, 2),
        stick_ups=1,
        crashes=1,
        quad_bonuses=1,
        categories={"prial": 3, "running_flush": 3, "flush": 1, "pair": 9},
    )
    assert figures["Bob"] == Figures(
        finished=True,
        place=2,
        final=2,
        rounds_played=4,
        scored=(0, 0, 1, 1),
        stick_ups=1,
        declarations=1,
        categories={"prial": 1, "running_flush": 3, "flush": 1, "pair": 6, "high_card": 1},
    )
    assert figures["Cy"] == Figures(
        finished=True, place=3, rounds_played=1, fouls=1, categories={"prial": 1, "pair": 1}
    )


def test_every_player_fouled_counts_one_foul_each():
    outcome = replay(
        "crash",
        ["Ann", "Bob"],
        [{"hands": {"Ann": ["2s 2h 5d", "3s 3h 3d"], "Bob": ["6h 6d 5c", "As Ad Ac"]}}],
        preset="classic",
    )
    figures = figures_of(outcome)
    assert (figures["Ann"].fouls, figures["Bob"].fouls) == (1, 1)
    assert figures["Ann"].rounds_played == figures["Bob"].rounds_played == 1
    assert not figures["Ann"].finished and figures["Ann"].place == figures["Bob"].place == 1


def test_commerce_figures():
    outcome = replay("commerce", PLAYERS, COMMERCE_ROUNDS, stake=2, ended=True)
    figures = figures_of(outcome)
    assert figures["Ann"] == Figures(
        finished=True,
        won=True,
        place=1,
        final=3,
        balance=3,
        rounds_played=3,
        hands_won=1,
        pots_split=1,
        categories={"sequence": 1, "point": 2},
    )
    assert figures["Bob"] == Figures(
        finished=True, place=3, final=-3, balance=-3, rounds_played=3, pots_split=1, categories={"point": 3}
    )
    assert figures["Cy"] == Figures(
        finished=True,
        place=2,
        final=0,
        balance=0,
        rounds_played=3,
        hands_won=1,
        categories={"pair": 1, "point": 1, "tricon": 1},
    )


def test_commerce_for_the_win_alone_has_no_balance():
    outcome = replay("commerce", ["Ann", "Bob"], [hands(Ann="As Ks Qs", Bob="2c 3d 5h")])
    figures = figures_of(outcome)
    assert (figures["Ann"].final, figures["Ann"].balance, figures["Ann"].hands_won) == (1, 0, 1)
    assert not figures["Ann"].finished and not figures["Ann"].won


def test_ruleset_of_each_game():
    assert ruleset_of(replay("stop_the_bus", PLAYERS, [], rules="brag-ace-high")) == "brag-ace-high"
    assert ruleset_of(replay("crash", PLAYERS, [])) == "brag"
    assert ruleset_of(replay("commerce", PLAYERS, [])) == "commerce"


def test_deal_frequencies_are_rules_md_counts():
    assert deal_frequencies("brag") == {
        "prial": Fraction(52, 22100),
        "running_flush": Fraction(48, 22100),
        "run": Fraction(720, 22100),
        "flush": Fraction(1096, 22100),
        "pair": Fraction(3744, 22100),
        "high_card": Fraction(16440, 22100),
    }
    assert deal_frequencies("brag-ace-high")["run"] == Fraction(660, 22100)
    assert deal_frequencies("commerce")["point"] == Fraction(17160, 22100)


@PROPERTY_SETTINGS
@given(played_games())
def test_figures_add_up_to_the_standings(played):
    game, players, options, rounds = played
    outcome = replay(game, players, rounds, **options)
    figures = figures_of(outcome)
    assert set(figures) == set(players)
    for name, mine in figures.items():
        assert mine.final == outcome.standings[name]
        assert mine.rounds_played <= len(rounds)
        assert sum(mine.categories.values()) == sum(len(r.hands.get(name, ())) for r in outcome.rounds)
        if game == "stop_the_bus":
            assert mine.tokens_lost == options["tokens"] - mine.final <= mine.worst_hand
        if game == "crash":
            crash_points = mine.crashes if outcome.settings.crash == "bonus_point" else 0
            assert sum(mine.scored) + mine.quad_bonuses + crash_points == mine.final
        if game == "commerce" and options["stake"]:
            assert mine.balance == mine.final
    if game == "commerce":
        assert sum(f.hands_won for f in figures.values()) + len(
            [r for r in outcome.rounds if r.events[0].kind == "split_pot"]
        ) == len(rounds)
    if outcome.finished:
        assert {name for name, mine in figures.items() if mine.place == 1} == set(outcome.winners)


def test_the_rulebook_places_the_players_as_the_figures_do():
    """Bob and Cy both end with no token; Cy lasted two rounds longer and places above him, as
    docs/rules.md, The league's ratings, says (not tied, as it once said)."""
    figures = figures_of(replay("stop_the_bus", PLAYERS, BUS_ROUNDS, tokens=2))
    assert figures["Bob"].final == figures["Cy"].final == 0
    assert (figures["Cy"].rounds_played, figures["Cy"].place) == (5, 2)
    assert (figures["Bob"].rounds_played, figures["Bob"].place) == (3, 3)
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = " ".join(text[text.index("## The league's ratings") :].split("\n## ")[0].split())
    assert "players level in a game's standings are tied" not in section
    assert "the one who played more rounds (who lasted longer) places above" in section
    assert "Only players level on both standing and rounds played are tied" in section
