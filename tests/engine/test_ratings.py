"""engine.ratings against cases worked out by hand from Weng and Lin's Plackett-Luce update
(their Algorithm 4, with OpenSkill's defaults), and properties that hold for any games."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.ratings import PROVISIONAL_GAMES, Rating, initial_rating, rate, rate_each_game, win_chances

# OpenSkill's defaults: the prior, the performance spread, the additive dynamics, the variance floor.
MU, SIGMA, BETA, TAU, KAPPA = 25.0, 25.0 / 3, 25.0 / 6, 25.0 / 300, 0.0001


def one_on_one(winner, loser):
    """The update of a game of two, winner first, each player a (mu, sigma): worked from the paper.

    Before the game each variance grows by tau². With c² = σw² + σl² + 2β² and p the chance the
    model gave each to come first (pw = e^(μw/c) / (e^(μw/c) + e^(μl/c)), pl = 1 - pw):
    the winner's mean gains σw²/c · pl, the loser's loses σl²/c · pl; each variance shrinks by the
    factor 1 - (σ²/c²) · pw · pl · (σ/c), floored at kappa.
    """
    (mw, sw), (ml, sl) = winner, loser
    vw, vl = sw * sw + TAU * TAU, sl * sl + TAU * TAU
    c = math.sqrt(vw + vl + 2 * BETA * BETA)
    pw = math.exp(mw / c) / (math.exp(mw / c) + math.exp(ml / c))
    pl = 1 - pw

    def shrunk(v):
        return math.sqrt(v * max(1 - (v / c**2) * pw * pl * (math.sqrt(v) / c), KAPPA))

    return (mw + vw / c * pl, shrunk(vw)), (ml - vl / c * pl, shrunk(vl))


def pair(rating):
    return rating.mu, rating.sigma


def test_two_equal_newcomers_move_apart_by_the_same_amount():
    ratings = rate([[["Ann"], ["Bob"]]])
    # Equal means: pw = pl = 1/2, so each moves by (σ² + τ²) / 2c; here 2.6354 from 25.
    v = SIGMA**2 + TAU**2
    c = math.sqrt(2 * v + 2 * BETA**2)
    assert ratings["Ann"].mu == pytest.approx(MU + v / (2 * c))
    assert ratings["Bob"].mu == pytest.approx(MU - v / (2 * c))
    assert ratings["Ann"].mu == pytest.approx(27.63539, abs=1e-5)
    sigma = math.sqrt(v * (1 - v / c**2 / 4 * math.sqrt(v) / c))
    assert ratings["Ann"].sigma == pytest.approx(sigma) == ratings["Bob"].sigma
    assert ratings["Ann"].sigma == pytest.approx(8.06590, abs=1e-5)
    ann, bob = one_on_one((MU, SIGMA), (MU, SIGMA))
    assert pair(ratings["Ann"]) == pytest.approx(ann) and pair(ratings["Bob"]) == pytest.approx(bob)


def test_a_rating_knows_its_ordinal_and_games():
    ann = rate([[["Ann"], ["Bob"]], [["Bob"], ["Ann"]]])["Ann"]
    assert ann.ordinal == pytest.approx(ann.mu - 3 * ann.sigma)
    assert ann.games == 2
    assert Rating(mu=30.0, sigma=2.0, games=4).ordinal == 24.0


def test_a_tie_shares_the_rank_so_equal_players_keep_their_mean_and_grow_surer():
    ratings = rate([[["Ann", "Bob"]]])
    # Both in the first place (A = 2): each one's ω is (1 - 1/2)/2 - (1/2)/2 = 0, δ is 2 · (1/2 · 1/2)/2 = 1/4.
    v = SIGMA**2 + TAU**2
    c = math.sqrt(2 * v + 2 * BETA**2)
    assert ratings["Ann"].mu == pytest.approx(MU) and ratings["Bob"].mu == pytest.approx(MU)
    assert ratings["Ann"].sigma == pytest.approx(math.sqrt(v * (1 - v / c**2 / 4 * math.sqrt(v) / c)))


def test_players_tied_in_a_place_share_its_rank():
    tied = rate([[["Ann"], ["Bob", "Cy"], ["Di"]]])
    apart = rate([[["Ann"], ["Bob"], ["Cy"], ["Di"]]])
    assert pair(tied["Bob"]) == pytest.approx(pair(tied["Cy"]))
    assert tied["Ann"].mu > tied["Bob"].mu > tied["Di"].mu
    assert apart["Bob"].mu > tied["Bob"].mu and tied["Di"].mu > apart["Di"].mu


def test_a_newcomer_beating_an_established_player_gains_more_than_they_lose():
    games = [[["Ann"], ["Bob"]], [["Ann"], ["Bob"]], [["Cy"], ["Ann"]]]
    ann, bob = (MU, SIGMA), (MU, SIGMA)
    ann, bob = one_on_one(ann, bob)
    ann, bob = one_on_one(ann, bob)
    ann_before = ann
    cy, ann = one_on_one((MU, SIGMA), ann)
    ratings = rate(games)
    assert pair(ratings["Ann"]) == pytest.approx(ann)
    assert pair(ratings["Bob"]) == pytest.approx(bob)
    assert pair(ratings["Cy"]) == pytest.approx(cy)
    # Cy was the less certain of the two, so the same surprise moves Cy further.
    assert cy[0] - MU > ann_before[0] - ann[0] > 0
    assert (ratings["Ann"].games, ratings["Bob"].games, ratings["Cy"].games) == (3, 2, 1)
    assert ratings["Cy"].sigma > ratings["Ann"].sigma


def test_places_order_the_changes():
    ratings = rate([[["Ann"], ["Bob"], ["Cy"], ["Di"]]])
    assert ratings["Ann"].mu > ratings["Bob"].mu > ratings["Cy"].mu > ratings["Di"].mu


def test_the_order_of_games_matters():
    games = [[["Ann"], ["Bob"]], [["Bob"], ["Cy"]], [["Cy"], ["Ann"]]]
    assert rate(games)["Ann"] != rate(games[::-1])["Ann"]


def test_the_options_go_to_the_model():
    ratings = rate([[["Ann"], ["Bob"]]], mu=1500.0, sigma=500.0, beta=250.0, tau=0.0001)
    assert 1500 < ratings["Ann"].mu < 1800
    assert ratings["Bob"].mu == pytest.approx(3000 - ratings["Ann"].mu)


def test_a_newcomer_starts_from_the_prior():
    assert initial_rating() == Rating(mu=MU, sigma=SIGMA, games=0)
    assert initial_rating().ordinal == pytest.approx(0)
    assert initial_rating(mu=1500.0, sigma=500.0) == Rating(mu=1500.0, sigma=500.0, games=0)


def test_no_games_no_ratings():
    assert rate([]) == {}


@pytest.mark.parametrize(
    ("games", "message"),
    [
        ([[["Ann"], ["Bob"]], [["Ann"], ["Ann"]]], "game 2: Ann is in it twice"),
        ([[["Ann", "Bob", "Ann"]]], "game 1: Ann is in it twice"),
        ([[["Ann"], ["Bob"]], [["Ann"], ["Bob"]], [["Cy"]]], "game 3: it has 1 player, and needs two or more"),
        ([[]], "game 1: it has 0 players, and needs two or more"),
        (
            [[["Ann"], ["Bob"]], [["Ann"], [], ["Bob"]]],
            "game 2: place 2 is empty; each place names the players tied there",
        ),
    ],
)
def test_a_bad_game_is_refused_by_its_number(games, message):
    with pytest.raises(ValueError) as refused:
        rate(games)
    assert refused.value.args == (message,)


def test_provisional_under_ten_games():
    assert PROVISIONAL_GAMES == 10
    games = [[["Ann"], ["Bob"]]] * 10
    ratings = list(rate_each_game(games))
    assert ratings[8]["Ann"].provisional and not ratings[9]["Ann"].provisional


def test_win_chances_favour_the_higher_rating_and_add_up_to_one():
    ratings = rate([[["Ann"], ["Bob"], ["Cy"]]] * 3)
    chances = win_chances(ratings, ["Cy", "Ann", "Bob"])
    assert list(chances) == ["Cy", "Ann", "Bob"]
    assert sum(chances.values()) == pytest.approx(1)
    assert chances["Ann"] > chances["Bob"] > chances["Cy"]


def test_win_chances_of_two_follow_the_normal_model():
    ratings = {"Ann": Rating(mu=30.0, sigma=3.0, games=20), "Bob": Rating(mu=25.0, sigma=4.0, games=20)}
    chances = win_chances(ratings, ["Ann", "Bob"])
    # Φ((μa - μb) / √(2β² + σa² + σb²))
    z = 5.0 / math.sqrt(2 * BETA**2 + 9.0 + 16.0)
    assert chances["Ann"] == pytest.approx(0.5 * (1 + math.erf(z / math.sqrt(2))))


def test_an_unrated_player_takes_the_default():
    default = Rating(mu=MU, sigma=SIGMA, games=0)
    strong = Rating(mu=35.0, sigma=2.0, games=30)
    assert win_chances({"Ann": strong}, ["Ann", "Newcomer"]) == pytest.approx(
        win_chances({"Ann": strong, "Newcomer": default}, ["Ann", "Newcomer"])
    )
    assert win_chances({}, ["Ann", "Bob"]) == pytest.approx({"Ann": 0.5, "Bob": 0.5})
    assert win_chances({}, ["Ann"]) == {"Ann": 1.0}


def test_win_chances_refuse_a_player_twice():
    with pytest.raises(ValueError) as refused:
        win_chances({}, ["Ann", "Ann"])
    assert refused.value.args == ("each player can be in a game only once",)


NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


@st.composite
def games(draw):
    """A game of two to six of NAMES, split into places (some tied)."""
    players = draw(st.permutations(NAMES))[: draw(st.integers(2, 6))]
    cuts = sorted(draw(st.sets(st.integers(1, len(players) - 1), max_size=len(players) - 1)))
    bounds = [0, *cuts, len(players)]
    return [players[a:b] for a, b in zip(bounds, bounds[1:])]


@given(st.lists(games(), max_size=12))
def test_every_player_is_rated_once_a_game(results):
    ratings = rate(results)
    played = [name for game in results for place in game for name in place]
    assert {name: r.games for name, r in ratings.items()} == {name: played.count(name) for name in set(played)}


@given(st.lists(games(), min_size=1, max_size=8))
def test_first_place_alone_never_loses_and_last_alone_never_gains(results):
    # Players tied for a place share it: the strongest of them may lose to the others' equal result.
    before = rate(results[:-1])
    after = rate(results)
    game = results[-1]
    prior = Rating(MU, SIGMA, 0)
    if len(game) > 1 and len(game[0]) == 1:
        assert after[game[0][0]].mu >= before.get(game[0][0], prior).mu
    if len(game) > 1 and len(game[-1]) == 1:
        assert after[game[-1][0]].mu <= before.get(game[-1][0], prior).mu


@given(st.dictionaries(st.sampled_from(NAMES), st.tuples(st.floats(0, 50), st.floats(0.5, 9)), min_size=2))
def test_win_chances_always_add_up_to_one(drawn):
    ratings = {name: Rating(mu=mu, sigma=sigma, games=1) for name, (mu, sigma) in drawn.items()}
    chances = win_chances(ratings, list(ratings))
    assert sum(chances.values()) == pytest.approx(1)


def test_win_chances_take_the_model_options_rate_took():
    options = {"mu": 1500.0, "sigma": 500.0, "beta": 250.0}
    ratings = {"Ann": Rating(mu=1800.0, sigma=100.0, games=20)}
    chances = win_chances(ratings, ["Ann", "Newcomer"], **options)
    # The newcomer has this model's prior (1500 ± 500), and beta is this model's.
    z = 300.0 / math.sqrt(2 * 250.0**2 + 100.0**2 + 500.0**2)
    assert chances["Ann"] == pytest.approx(0.5 * (1 + math.erf(z / math.sqrt(2))))
    assert chances == pytest.approx(
        win_chances({**ratings, "Newcomer": initial_rating(**options)}, ["Ann", "Newcomer"], **options)
    )
