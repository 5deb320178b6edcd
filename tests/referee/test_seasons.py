"""The host's seasons, through the test client: added, changed, refused in the form's words,
deleted; and the circle's league shown for the current season, another one, or all time."""

import datetime
import re

import pytest
from django.utils import timezone

from scoring.models import Game, Season, Session
from scoring.services import (
    SEASON_BACKWARDS,
    SEASON_NAME_NEEDED,
    SEASON_NAME_TAKEN,
    SEASON_OVERLAPS,
    season_add,
)

from ..data import hands, play
from ..factories import UserFactory
from ..pages import field_error, text_of

pytestmark = pytest.mark.django_db
BEST, WORST = "AS KS QS", "2C 3D 5H"


def won_by(host, day: datetime.date, winner: str, loser: str) -> Game:
    """An evening of one game of Stop the Bus that ``winner`` wins over ``loser``."""
    from scoring.services import session_start

    session = session_start(host=host, title=f"Evening {day}", played_on=day, player_names=[winner, loser])
    return play(session, "stop_the_bus", [hands(**{winner: BEST, loser: WORST})], seats=[winner, loser], tokens=1)


def add(client, **fields):
    return client.post("/players/seasons/", fields)


def test_a_host_adds_a_season_and_it_is_listed_with_its_days(host_client, host):
    response = add(host_client, name=" Autumn   2025 ", first_day="2025-09-01", last_day="2025-11-30")
    assert response.status_code == 302 and response["Location"] == "/players/seasons/"
    page = host_client.get("/players/seasons/")
    assert "Autumn 2025 added." in text_of(page)
    assert "Autumn 2025 1 September to 30 November 2025" in text_of(page)
    season = Season.objects.get(host=host)
    assert (season.name, season.first_day, season.last_day) == (
        "Autumn 2025",
        datetime.date(2025, 9, 1),
        datetime.date(2025, 11, 30),
    )


def test_a_season_across_new_year_says_both_years(host_client, host):
    add(host_client, name="Winter", first_day="2025-12-01", last_day="2026-02-28")
    assert "Winter 1 December 2025 to 28 February 2026" in text_of(host_client.get("/players/seasons/"))


def test_a_season_overlapping_another_is_refused_naming_it_and_nothing_is_saved(host_client, host):
    add(host_client, name="Autumn 2025", first_day="2025-09-01", last_day="2025-11-30")
    response = add(host_client, name="Winter", first_day="2025-11-30", last_day="2026-02-28")
    assert response.status_code == 200
    message = SEASON_OVERLAPS.format(name="Autumn 2025", days="1 September to 30 November 2025")
    assert message == (
        "Autumn 2025 already runs 1 September to 30 November 2025: a day belongs to one season at most. "
        "Change the dates of one of them."
    )
    assert f'<p class="error" role="alert">{message}</p>' in response.content.decode()
    assert list(Season.objects.values_list("name", flat=True)) == ["Autumn 2025"]


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"name": "autumn 2025", "first_day": "2026-09-01", "last_day": "2026-11-30"}, "name", None),
        ({"name": "   ", "first_day": "2026-01-01", "last_day": "2026-02-01"}, "name", SEASON_NAME_NEEDED),
        (
            {"name": "x" * 41, "first_day": "2026-01-01", "last_day": "2026-02-01"},
            "name",
            f"“{'x' * 41}” is too long: at most 40 characters.",
        ),
        ({"name": "Spring", "first_day": "2026-05-31", "last_day": "2026-03-01"}, "last_day", SEASON_BACKWARDS),
        (
            {"name": "Spring", "first_day": "1st March", "last_day": "2026-05-31"},
            "first_day",
            "Enter a date as year-month-day, like 2026-09-01.",
        ),
        ({"name": "Spring", "first_day": "2026-03-01", "last_day": ""}, "last_day", "Give the season's last day."),
    ],
)
def test_a_wrong_season_is_refused_in_the_forms_words_next_to_its_field(host_client, host, fields, field, message):
    add(host_client, name="Autumn 2025", first_day="2025-09-01", last_day="2025-11-30")
    response = add(host_client, **fields)
    assert response.status_code == 200
    expected = message or SEASON_NAME_TAKEN.format(name="autumn 2025")
    assert field_error(response, field) == expected
    assert Season.objects.count() == 1


def test_the_season_name_taken_says_what_to_do(host_client):
    assert SEASON_NAME_TAKEN.format(name="Autumn") == (
        "You already have a season named Autumn: give this one another name."
    )


def test_a_season_is_changed_on_its_page_and_may_keep_its_own_days(host_client, host):
    season = season_add(
        host=host, name="Autumn", first_day=datetime.date(2025, 9, 1), last_day=datetime.date(2025, 11, 30)
    )
    page = host_client.get(f"/players/seasons/{season.public_id}/")
    assert 'value="2025-09-01"' in page.content.decode() and 'value="Autumn"' in page.content.decode()
    response = host_client.post(
        f"/players/seasons/{season.public_id}/",
        {"name": "Autumn 2025", "first_day": "2025-09-15", "last_day": "2025-12-15"},
    )
    assert response.status_code == 302
    season.refresh_from_db()
    assert (season.name, season.days) == ("Autumn 2025", "15 September to 15 December 2025")
    assert "Autumn 2025 saved." in text_of(host_client.get("/players/seasons/"))


def test_a_change_overlapping_another_season_is_refused_and_changes_nothing(host_client, host):
    autumn = season_add(
        host=host, name="Autumn", first_day=datetime.date(2025, 9, 1), last_day=datetime.date(2025, 11, 30)
    )
    season_add(host=host, name="Summer", first_day=datetime.date(2025, 6, 1), last_day=datetime.date(2025, 8, 31))
    response = host_client.post(
        f"/players/seasons/{autumn.public_id}/", {"name": "Summer", "first_day": "2025-08-31", "last_day": "2025-11-30"}
    )
    assert response.status_code == 200
    assert field_error(response, "name") == SEASON_NAME_TAKEN.format(name="Summer")
    assert SEASON_OVERLAPS.format(name="Summer", days="1 June to 31 August 2025") in text_of(response)
    assert "<h1>Autumn</h1>" in response.content.decode()
    autumn.refresh_from_db()
    assert (autumn.name, autumn.first_day) == ("Autumn", datetime.date(2025, 9, 1))


def test_deleting_a_season_keeps_its_evenings(host_client, host):
    season = season_add(
        host=host, name="Autumn", first_day=datetime.date(2025, 9, 1), last_day=datetime.date(2025, 11, 30)
    )
    won_by(host, datetime.date(2025, 10, 1), "Ann", "Bob")
    response = host_client.post(f"/players/seasons/{season.public_id}/", {"action": "delete"})
    assert response.status_code == 302 and response["Location"] == "/players/seasons/"
    assert not Season.objects.exists() and Session.objects.count() == 1
    assert "Autumn deleted: its evenings and games stay." in text_of(host_client.get("/players/seasons/"))


def test_another_hosts_season_is_a_404_and_seasons_need_a_login(client, host):
    season = season_add(
        host=host, name="Autumn", first_day=datetime.date(2025, 9, 1), last_day=datetime.date(2025, 11, 30)
    )
    assert client.get("/players/seasons/")["Location"].startswith("/accounts/login/")
    client.force_login(UserFactory(username="stranger"))
    assert client.get(f"/players/seasons/{season.public_id}/").status_code == 404
    assert client.post(f"/players/seasons/{season.public_id}/", {"action": "delete"}).status_code == 404
    assert "Autumn" not in text_of(client.get("/players/seasons/"))
    assert Season.objects.filter(pk=season.pk).exists()


def test_two_hosts_may_name_their_seasons_alike_and_share_days(host):
    days = dict(first_day=datetime.date(2025, 9, 1), last_day=datetime.date(2025, 11, 30))
    season_add(host=host, name="Autumn", **days)
    season_add(host=UserFactory(username="friend"), name="Autumn", **days)
    assert Season.objects.count() == 2


# --- The league by season ------------------------------------------------------------------------


def season_back(host, name: str, first: int, last: int) -> Season:
    """A season from ``first`` days ago to ``last`` days ago."""
    today = timezone.localdate()
    return season_add(
        host=host,
        name=name,
        first_day=today - datetime.timedelta(days=first),
        last_day=today - datetime.timedelta(days=last),
    )


@pytest.fixture
def two_seasons(host):
    """Last season Bob won twice; this season (holding today) Ann has won once."""
    today = timezone.localdate()
    now = season_add(host=host, name="This one", first_day=today - datetime.timedelta(days=10), last_day=today)
    before = season_back(host, "The last one", 40, 11)
    won_by(host, today - datetime.timedelta(days=20), "Bob", "Ann")
    won_by(host, today - datetime.timedelta(days=12), "Bob", "Ann")
    won_by(host, today - datetime.timedelta(days=1), "Ann", "Bob")
    return now, before


def league(response) -> str:
    text = text_of(response)
    return text[text.index("League table") : text.index("Head to head")]


def assert_opened_on(response, season, note: str) -> None:
    """The league as first opened shows ``season``, named with its days and ``note``, and
    marked as the one shown among the seasons."""
    assert f"{season.name}: {season.days} {note}." in text_of(response)
    link = rf'<a href="\?season={season.public_id}&amp;game=" aria-current="page">{season.name}</a>'
    assert re.search(link, response.content.decode())


def test_the_league_shows_the_current_season_when_first_opened(host_client, two_seasons):
    now, _ = two_seasons
    response = host_client.get("/players/")
    assert "1 Ann 1 1 100.0% 1.0 2 Bob 1 0 0.0% 2.0" in league(response)
    assert_opened_on(response, now, "(the current season)")


def test_the_league_of_another_season_or_of_all_time(host_client, two_seasons):
    _, before = two_seasons
    response = host_client.get(f"/players/?season={before.public_id}")
    assert "1 Bob 2 2 100.0% 1.0 2 Ann 2 0 0.0% 2.0" in league(response)
    assert f"The last one: {before.days}." in text_of(response)
    assert "(the current season)" not in text_of(response)
    assert "1 Bob 3 2 66.7%" in league(host_client.get("/players/?season=all"))
    assert "1 Bob 3 2 66.7%" in league(host_client.get("/players/?since=&until=&game="))  # the periods' "All time"


def test_a_season_chosen_stays_when_the_game_is_chosen(host_client, two_seasons):
    """The form holds the season's days: sent again with a game, the season is still shown."""
    _, before = two_seasons
    page = host_client.get(f"/players/?season={before.public_id}").content.decode()
    since = re.search(r'name="since" value="([\d-]+)"', page).group(1)
    until = re.search(r'name="until" value="([\d-]+)"', page).group(1)
    assert (since, until) == (before.first_day.isoformat(), before.last_day.isoformat())
    response = host_client.get(f"/players/?since={since}&until={until}&game=stop_the_bus")
    assert "1 Bob 2 2 100.0%" in league(response) and f"The last one: {before.days}." in text_of(response)


def test_without_a_current_season_the_league_is_all_time(host_client, host):
    today = timezone.localdate()
    season_add(host=host, name="Long ago", first_day=datetime.date(2020, 1, 1), last_day=datetime.date(2020, 12, 31))
    won_by(host, today, "Ann", "Bob")
    response = host_client.get("/players/")
    assert "1 Ann 1 1 100.0%" in league(response)
    assert "(the current season)" not in text_of(response) and "Long ago" in text_of(response)


def test_an_unknown_season_is_refused_saying_what_it_expects(host_client, two_seasons):
    stranger_season = season_add(
        host=UserFactory(username="stranger"),
        name="Theirs",
        first_day=datetime.date(2025, 1, 1),
        last_day=datetime.date(2025, 1, 31),
    )
    for asked in ("spring", str(stranger_season.public_id)):
        response = host_client.get(f"/players/?season={asked}")
        assert response.status_code == 400
        text = text_of(response)
        assert "There is no such season: choose one of your seasons, or all time." in text
        assert "League table" not in text


def test_the_league_page_links_to_the_seasons(host_client, host):
    assert '<a href="/players/seasons/">Name your seasons</a>' in host_client.get("/players/").content.decode()


def test_seasons_go_out_and_come_back_through_the_web(host_client, host, client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    season_add(host=host, name="Autumn", first_day=datetime.date(2025, 9, 1), last_day=datetime.date(2025, 11, 30))
    won_by(host, datetime.date(2025, 10, 1), "Ann", "Bob")
    file = host_client.get("/sessions/export/").content
    assert b'"seasons": [\n    {\n      "first_day": "2025-09-01"' in file
    client.force_login(UserFactory(username="friend"))
    clash = file.replace(b'"last_day": "2025-11-30"', b'"last_day": "2025-08-31"')
    refused = client.post("/sessions/import/", {"file": SimpleUploadedFile("all.json", clash)})
    assert "Nothing was imported: seasons[0].last_day: expected a day on or after its first_day" in text_of(refused)
    assert not Season.objects.exclude(host=host).exists() and Session.objects.count() == 1
    client.post("/sessions/import/", {"file": SimpleUploadedFile("all.json", file)})
    assert "Autumn 1 September to 30 November 2025" in text_of(client.get("/players/seasons/"))


def ratings_of(response) -> list[tuple[str, str]]:
    """The Stop the Bus ratings table's (name, games) rows, best first."""
    table = re.search(r'<table class="standings rated ratings-table">.*?</table>', response.content.decode(), re.S)
    rows = re.findall(r'<th scope="row"><a [^>]*>([^<]*)</a>.*?</td><td class="num">(\d+)</td>', table.group(0), re.S)
    return rows


def test_the_ratings_are_of_the_seasons_games_only(host_client, two_seasons):
    """The season's days go to the ratings as they do to the league table: rated afresh from
    its first day."""
    _, before = two_seasons
    assert ratings_of(host_client.get("/players/")) == [("Ann", "1"), ("Bob", "1")]
    assert ratings_of(host_client.get(f"/players/?season={before.public_id}")) == [("Bob", "2"), ("Ann", "2")]
    assert ratings_of(host_client.get("/players/?season=all")) == [("Bob", "3"), ("Ann", "3")]


def ended_season(host):
    """A season that ended yesterday, which Bob won; no season holds today."""
    ended = season_back(host, "Autumn", 30, 1)
    won_by(host, timezone.localdate() - datetime.timedelta(days=5), "Bob", "Ann")
    return ended


def test_a_season_just_ended_shows_its_final_table_and_says_so(host_client, host):
    ended = ended_season(host)
    won_by(host, datetime.date(2020, 5, 1), "Ann", "Bob")  # long before: not in the season
    response = host_client.get("/players/")
    assert "1 Bob 1 1 100.0% 1.0 2 Ann 1 0 0.0% 2.0" in league(response)
    assert_opened_on(response, ended, "(ended: its final table, until the next season starts)")


def test_an_evening_after_the_season_ended_opens_all_time_saying_why(host_client, host):
    ended = ended_season(host)
    won_by(host, timezone.localdate(), "Ann", "Bob")
    response = host_client.get("/players/")
    assert "1 Ann 2 1 50.0%" in league(response) or "1 Bob 2 1 50.0%" in league(response)
    last_day = f"{ended.last_day.day} {ended.last_day:%B %Y}"
    assert f"All time: no season holds today; Autumn ended on {last_day}." in text_of(response)
