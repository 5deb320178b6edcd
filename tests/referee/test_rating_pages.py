"""The ratings on the pages, through the test client as a host's browser sees them: the circle's
ratings per game, a player's rating over the evenings with its nights, head-to-head and
nemesis, and two players compared. Figures are engine.ratings.rate of the places played."""

import datetime
import re

import pytest
from django.utils import timezone

from engine.ratings import rate
from referee.templatetags.figures import ago, rating, rating_change
from scoring.services import session_start

from ..data import hands, play
from ..factories import UserFactory
from ..pages import field_error, text_of

pytestmark = pytest.mark.django_db

WINS, LOSES = "As Ks Qs", "2c 3d 5h"


def duel(session, winner, loser):
    """A finished game of Stop the Bus of two, one token each: ``winner`` first."""
    return play(session, "stop_the_bus", [hands(**{winner: WINS, loser: LOSES})], seats=[winner, loser], tokens=1)


@pytest.fixture
def evenings(host):
    """Two evenings of duels: Cy beats everyone, Ann beats Bob, and Bob once beats Ann."""
    first = session_start(host=host, title="First", played_on="2026-11-13", player_names=["Ann", "Bob", "Cy"])
    duel(first, "Ann", "Bob")
    duel(first, "Cy", "Ann")
    second = session_start(host=host, title="Second", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    duel(second, "Bob", "Ann")
    duel(second, "Cy", "Bob")
    return [[["Ann"], ["Bob"]], [["Cy"], ["Ann"]], [["Bob"], ["Ann"]], [["Cy"], ["Bob"]]]


def ratings_table(page) -> str:
    html = page.content.decode()
    found = re.search(r'<section class="ratings" aria-labelledby="ratings-stop_the_bus">(.*?)</section>', html, re.S)
    return text_of(found.group(1))


def test_the_circle_page_rates_each_game_best_first(host_client, evenings):
    expected = rate(evenings)
    after_first = rate(evenings[:2])
    page = host_client.get("/players/")
    table = ratings_table(page)
    order = sorted(expected, key=lambda name: -expected[name].ordinal)
    assert order[0] == "Cy"  # unbeaten
    lines = []
    for n, name in enumerate(order, 1):
        r = expected[name]
        change = r.ordinal - (after_first[name].ordinal if name in after_first else 0)
        lines.append(
            f"{n} {name} provisional {rating(r.ordinal)} skill {rating(r.mu)} ± {rating(r.sigma)} {r.games} "
            f"{rating_change(change)} 20 Nov, {ago(datetime.date(2026, 11, 20))}"
        )
    assert " ".join(lines) in table
    html = page.content.decode()
    assert f'title="Estimated skill {rating(expected["Cy"].mu)} ± {rating(expected["Cy"].sigma)}"' in html
    assert "A rating is the skill a player very likely has at least" in text_of(page)
    assert 'href="/rules/#the-leagues-ratings"' in html


def test_ten_games_and_a_rating_is_no_longer_provisional(host_client, host):
    session = session_start(host=host, title="Long", played_on="2026-11-20", player_names=["Ann", "Bob"])
    for _ in range(9):
        duel(session, "Ann", "Bob")
    assert ratings_table(host_client.get("/players/")).count("provisional") == 2
    duel(session, "Bob", "Ann")
    assert "provisional" not in ratings_table(host_client.get("/players/"))


def test_the_circles_ratings_follow_the_period_and_the_game(host_client, evenings):
    later = rate(evenings[2:])
    table = ratings_table(host_client.get("/players/?since=2026-11-20"))
    assert f"Ann provisional {rating(later['Ann'].ordinal)}" in table
    page = host_client.get("/players/?game=crash")
    assert "Ratings" not in text_of(page) and 'class="ratings"' not in page.content.decode()


def test_a_player_page_shows_the_rating_its_nights_and_chart(host_client, host, evenings):
    ann = host.players.get(name="Ann")
    expected = rate(evenings)["Ann"]
    first = rate(evenings[:2])["Ann"]
    page = host_client.get(f"/players/{ann.public_id}/")
    text = text_of(page)
    assert (
        f"Rating Rating {rating(expected.ordinal)} skill {rating(expected.mu)} ± {rating(expected.sigma)} "
        f"provisional Games rated 3 Last night {rating_change(expected.ordinal - first.ordinal)} 20 Nov 2026 "
        f"{ago(datetime.date(2026, 11, 20))} "
        f"Best night {rating_change(first.ordinal)} 13 Nov 2026 "
        f"Worst night {rating_change(expected.ordinal - first.ordinal)} 20 Nov 2026"
    ) in text
    html = page.content.decode()
    assert '<polygon points="' in html and 'class="band"' in html
    assert (
        f"Ann's rating after each of 2 evenings, from 13 November 2026 to 20 November 2026: 0.0 before the "
        f"first, {expected.ordinal:.1f} now (estimated skill {expected.mu:.1f} ± {expected.sigma:.1f})"
    ) in text


def test_a_player_page_has_head_to_head_and_a_nemesis(host_client, host):
    session = session_start(host=host, title="Duels", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    for _ in range(5):
        duel(session, "Bob", "Ann")
    duel(session, "Ann", "Cy")
    ann = host.players.get(name="Ann")
    text = text_of(host_client.get(f"/players/{ann.public_id}/"))
    assert "Nemesis: Bob placed above Ann in 5 of their 5 finished games together." in text
    assert "Opponent Games Ahead Behind Level Bob compare 5 0 5 0 Cy compare 1 1 0 0" in text
    cy = host.players.get(name="Cy")
    assert "No nemesis yet: that is the player who most often placed above Cy, of those with 5 finished games" in (
        text_of(host_client.get(f"/players/{cy.public_id}/"))
    )


def test_compare_two_players_side_by_side(host_client, host, evenings):
    ann, cy = host.players.get(name="Ann"), host.players.get(name="Cy")
    expected = rate(evenings)
    page = host_client.get(f"/players/compare/?first={ann.public_id}&second={cy.public_id}")
    assert page.status_code == 200
    text = text_of(page)
    assert "Ann and Cy Stop the Bus" in text
    assert (
        f"Rating {rating(expected['Ann'].ordinal)} skill {rating(expected['Ann'].mu)} ± "
        f"{rating(expected['Ann'].sigma)} provisional {rating(expected['Cy'].ordinal)}"
    ) in text
    assert "Games rated 3 2" in text
    assert "Placed higher, together 0 1 1 finished game together." in text


def test_the_compare_page_asks_for_two_players(host_client, host, evenings):
    page = host_client.get("/players/compare/")
    assert page.status_code == 200 and "Choose a player" in page.content.decode()
    ann = host.players.get(name="Ann")
    same = host_client.get(f"/players/compare/?first={ann.public_id}&second={ann.public_id}")
    assert same.status_code == 400 and "Choose two different players to compare." in text_of(same)
    stranger = session_start(host=UserFactory(), title="Elsewhere", played_on="2026-11-20", player_names=["Zed", "Yan"])
    theirs = stranger.players.get(name="Zed").public_id
    other = host_client.get(f"/players/compare/?first={ann.public_id}&second={theirs}")
    assert other.status_code == 400 and field_error(other, "second") == "Choose a player of your circle."


def test_the_compare_page_needs_a_login(client):
    assert client.get("/players/compare/")["Location"].startswith("/accounts/login/")


def test_one_evening_shows_one_night_and_the_rating_in_plain_words(host_client, host):
    """After one evening its night is the last, the best and the worst: one card, not three;
    beside the rating a sentence says what it is, in the player's own figures."""
    session = session_start(host=host, title="First", played_on="2026-11-27", player_names=["Ann", "Bob"])
    duel(session, "Ann", "Bob")
    expected = rate([[["Ann"], ["Bob"]]])["Ann"]
    text = text_of(host_client.get(f"/players/{host.players.get(name='Ann').public_id}/"))
    assert f"Last night {rating_change(expected.ordinal)} 27 Nov 2026 {ago(datetime.date(2026, 11, 27))}" in text
    assert "Best night" not in text and "Worst night" not in text
    assert (
        f"Rating {rating(expected.ordinal)} is a careful score: the app puts Ann's skill at about "
        f"{rating(expected.mu)}, give or take {rating(expected.sigma)}, and the rating counts only what is near "
        "certain (the skill less three times that give or take), so it starts at 0 and climbs as Ann plays more "
        "games and wins them."
    ) in text


def test_last_night_says_how_long_ago_it_was(host_client, host):
    """A player's latest evening weeks old says so beside its date, on the circle's page and theirs."""
    weeks_ago = timezone.localdate() - datetime.timedelta(days=22)
    session = session_start(host=host, title="Then", played_on=weeks_ago, player_names=["Ann", "Bob"])
    duel(session, "Ann", "Bob")
    assert f"{weeks_ago:%-d %b}, 3 weeks ago" in ratings_table(host_client.get("/players/"))
    change = rating_change(rate([[["Ann"], ["Bob"]]])["Ann"].ordinal)
    page = text_of(host_client.get(f"/players/{host.players.get(name='Ann').public_id}/"))
    assert f"Last night {change} {weeks_ago:%-d %b %Y} 3 weeks ago" in page


def test_ago_says_an_evening_as_people_do():
    today = datetime.date(2026, 11, 27)
    said = {days: ago(today - datetime.timedelta(days=days), today) for days in (0, 1, 2, 13, 14, 22, 59, 60, 400)}
    assert said == {
        0: "today",
        1: "yesterday",
        2: "2 days ago",
        13: "13 days ago",
        14: "2 weeks ago",
        22: "3 weeks ago",
        59: "8 weeks ago",
        60: "2 months ago",
        400: "13 months ago",
    }
