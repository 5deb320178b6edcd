"""The standings chart's layout: round numbers on the x axis, names at the lines' ends apart."""

import pytest

from referee.charts import DODGE, LABEL_GAP, X_TICKS, round_ticks, spread_apart, standings_chart


def test_the_x_axis_counts_rounds_in_round_steps():
    assert round_ticks(3) == [0, 1, 2, 3]
    assert round_ticks(12) == [0, 2, 4, 6, 8, 10, 12]
    assert round_ticks(23) == [0, 5, 10, 15, 20]
    assert round_ticks(140) == [0, 20, 40, 60, 80, 100, 120, 140]
    assert all(len(round_ticks(n)) <= X_TICKS for n in range(0, 2000))


def test_names_of_lines_ending_on_one_figure_stack_apart_above_the_axis():
    assert spread_apart([220, 20, 220, 220], 28, 20, 220) == [164, 20, 192, 220]


def test_names_far_enough_apart_stay_at_their_lines_ends():
    assert spread_apart([100, 20, 200], 28, 20, 220) == [100, 20, 200]


def test_every_name_on_the_chart_is_a_label_gap_from_the_next():
    chart = standings_chart(
        "Crash · game 1",
        ["Ann", "Bob", "Cy", "Dee", "Eve"],
        dict.fromkeys(["Ann", "Bob", "Cy", "Dee", "Eve"], 0),
        [{"Ann": 3, "Bob": 0, "Cy": 0, "Dee": 1, "Eve": 0}],
        "points",
    )
    ys = sorted(line.label_y for line in chart.lines)
    assert all(b - a >= LABEL_GAP for a, b in zip(ys, ys[1:]))


def test_lines_on_the_same_figures_lie_side_by_side_not_on_top_of_each_other():
    players = ["Ann", "Bob", "Cy"]
    chart = standings_chart(
        "Stop the Bus · game 1", players, dict.fromkeys(players, 3), [dict.fromkeys(players, 3)], "tokens"
    )
    assert len({line.points for line in chart.lines}) == 3
    ys = sorted(line.last_y for line in chart.lines)
    assert all(0 < b - a <= DODGE for a, b in zip(ys, ys[1:]))  # apart, and still at their figure


def test_a_player_who_went_out_is_marked_on_their_line_at_that_round():
    players = ["Ann", "Bob"]
    rounds = [{"Ann": 3, "Bob": 1}, {"Ann": 4, "Bob": 1}, {"Ann": 5, "Bob": 1}]
    chart = standings_chart("Crash · game 1", players, dict.fromkeys(players, 0), rounds, "points", out_in={"Bob": 1})
    ann, bob = chart.lines
    assert ann.out is None
    after_round_1 = [float(c) for c in bob.points.split()[1].split(",")]
    assert bob.out == (pytest.approx(after_round_1[0], abs=0.05), pytest.approx(after_round_1[1], abs=0.05), 1)
    assert chart.description.endswith("Bob went out in round 1.")


def test_a_long_table_makes_a_chart_tall_enough_for_every_name_apart():
    players = [f"P{n}" for n in range(16)]
    chart = standings_chart(
        "Stop the Bus · game 1", players, dict.fromkeys(players, 1), [dict.fromkeys(players, 0)], "tokens"
    )
    ys = sorted(line.label_y for line in chart.lines)
    assert all(b - a >= LABEL_GAP for a, b in zip(ys, ys[1:]))
    assert chart.top <= ys[0] and ys[-1] <= chart.bottom
