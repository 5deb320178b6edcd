"""A club night in real browsers (issue 53's acceptance): twelve players over two rounds at three
tables of four. The organiser (Chromium, a phone) creates the event through its form, draws and
starts each round; the big screen (Chromium, 1280x720) follows it live; each table's captain
hosts it from their own link (table 1's in WebKit, the others in Chromium) and records its game
to its end; a second player at the table confirms the result from theirs; a player's phone shows
their next table as soon as it is drawn. The draw's rules and the standings are checked against
a computation written here, apart from the code's."""

import os
import re
from collections import defaultdict
from fractions import Fraction
from itertools import combinations

import pytest
from playwright.sync_api import expect

from scoring import club_night
from scoring.models import Event, EventRound

from ..club_nights import HANDS_BEST_FIRST, play_table
from ..factories import UserFactory
from .conftest import PHONE, opened

pytestmark = [pytest.mark.browser, pytest.mark.webkit, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the screen and a phone show, to look at
PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
SCREEN = {"viewport": {"width": 1280, "height": 720}}


# --- The computation the standings are checked against, apart from the code's ---------------


def expected_standings(tables: list[list[str]]) -> dict[str, tuple[str, str]]:
    """Each player's rank (with "=" when shared) and points as the screen says them, from each
    table's finishing order (best first, no ties: one token each, one out a round): a place p of
    n scores 3(n-p)/(n-1); then games won, tokens left (the winner's one), the table-mates'
    points, then a shared rank."""
    points, won, left = defaultdict(Fraction), defaultdict(int), defaultdict(int)
    mates = defaultdict(list)
    for order in tables:
        size = len(order)
        for place, name in enumerate(order, start=1):
            points[name] += Fraction(3 * (size - place), size - 1)
            won[name] += place == 1
            left[name] += place == 1
            mates[name] += [mate for mate in order if mate != name]
    strength = {name: sum((points[mate] for mate in mates[name]), Fraction()) for name in points}
    key = {name: (points[name], won[name], left[name], strength[name]) for name in points}
    said = {}
    for name in points:
        rank = 1 + sum(1 for other in points if key[other] > key[name])
        shared = sum(1 for other in points if key[other] == key[name]) > 1
        decimals = f"{float(points[name]):.2f}".rstrip("0").rstrip(".")
        said[name] = (("=" if shared else "") + str(rank), decimals)
    return said


def screen_standings(text_rows: list[list[str]]) -> dict[str, tuple[str, str]]:
    return {row[1]: (row[0], row[2]) for row in text_rows}


def repeat_pairs(before: list[list[str]], now: list[list[str]]) -> int:
    met = {frozenset(pair) for table in before for pair in combinations(table, 2)}
    return sum(1 for table in now for pair in combinations(table, 2) if frozenset(pair) in met)


# --- What the people do -----------------------------------------------------------------------


def chromium_url(lan_server) -> str:
    """The server as Chromium opens it here (on loopback: the LAN name is WebKit's, by its proxy)."""
    return f"http://127.0.0.1:{lan_server.daphne.port}"


def log_in(page, base):
    from ..factories import PASSWORD

    page.goto(base + "/accounts/login/")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My sessions")).to_be_visible()


def out_in_order(seated: list[str], order: list[str]) -> list[dict[str, str]]:
    """The rounds of a table's game (one token each) that finish it in ``order`` (best first):
    each round the last of those still in shows the worst hand, and goes out. Each round's hands
    by field, in seat order among those still in."""
    still_in, rounds = list(seated), []
    for loser in reversed(order[1:]):
        better = iter(HANDS_BEST_FIRST)
        hands = [HANDS_BEST_FIRST[-1] if name == loser else next(better) for name in still_in]
        rounds.append({f"hand_{i}": hand for i, hand in enumerate(hands)})
        still_in.remove(loser)
    return rounds


def captain_records_in_chromium(page, rounds):
    for number, fields in enumerate(rounds, start=1):
        expect(page.get_by_role("heading", name=f"Round {number}: enter the hands")).to_be_visible()
        for field, hand in fields.items():
            page.fill(f"#id_{field}", hand)
        page.locator(".pad").get_by_role("button", name="Record round").tap()
    expect(page.locator(".winner")).to_be_visible()


def captain_records_in_webkit(window, rounds):
    for number, fields in enumerate(rounds, start=1):
        window.wait_text("#entry-title", f"Round {number}: enter the hands")
        for field, hand in fields.items():
            window.type(f"#id_{field}", hand)
        window.click_button("Record round")
    window.wait("return document.querySelector('.winner') !== null", what="the winner said")


def tables_of(event_round) -> list[list[str]]:
    return [list(table) for table in club_night.round_tables(event_round)]


def test_a_twelve_player_club_night_over_two_rounds(browser, lan_server, webkit_window):
    UserFactory(username="organiser")
    base = chromium_url(lan_server)
    contexts = []

    def context_page(device):
        context, page = opened(browser, device)
        contexts.append(context)
        return page

    try:
        # The organiser creates the night through the form: one token each, tables of four.
        organiser = context_page(PHONE)
        log_in(organiser, base)
        organiser.get_by_role("link", name="Club nights").tap()
        organiser.get_by_role("link", name="New event", exact=True).tap()
        organiser.fill("#id_name", "Sunday club")
        organiser.fill("#id_stop_the_bus-tokens", "1")
        organiser.select_option("#id_rounds", "2")
        organiser.select_option("#id_table_size", "4")
        organiser.fill("#id_new_players", ", ".join(PLAYERS))
        organiser.get_by_role("button", name="Create the event").tap()
        expect(organiser.get_by_role("heading", name="Sunday club")).to_be_visible()
        event = Event.objects.get(name="Sunday club")

        screen = context_page(SCREEN)
        screen.goto(f"{base}/screen/{event.screen_token}/")
        expect(screen.locator("main.screen")).to_have_attribute("data-live", "open")
        expect(screen.locator("#screen-tables")).to_contain_text("Waiting for the first round")

        # Round 1: drawn (the screen shows it live), then started.
        organiser.get_by_role("button", name="Draw round 1").tap()
        expect(organiser.locator(".messages")).to_contain_text("Round 1 is drawn at random: repeat pairs: 0")
        first = tables_of(EventRound.objects.get(event=event, number=1))
        assert sorted(len(table) for table in first) == [4, 4, 4]
        assert sorted(name for table in first for name in table) == sorted(PLAYERS)
        expect(screen.locator("#screen-draw")).to_contain_text(" · ".join(first[0]))
        organiser.get_by_role("button", name="Start round 1").tap()
        expect(screen.locator("#screen-tables")).to_contain_text(f"Table 3 {' · '.join(first[2])} starting")

        # A player of table 2 keeps their own link open all night.
        watcher_name = first[1][3]
        watcher = context_page(PHONE)
        watcher.goto(f"{base}/night/{event.entrants.get(player__name=watcher_name).token}/")
        expect(watcher.locator("#night-own")).to_contain_text("Round 1: table 2, seat 4")

        # Each table's captain hosts it from their own link and plays it to its end: table 1's
        # in WebKit (an iPhone's engine), the others in Chromium. Each finishes in its own order.
        orders = [first[0][::-1], first[1], [first[2][i] for i in (2, 0, 3, 1)]]
        tokens = {e.player.name: e.token for e in event.entrants.select_related("player")}
        phone = webkit_window()
        phone.goto(f"{lan_server.url}/night/{tokens[first[0][0]]}/")
        phone.wait_text("#night-own h2", "Round 1: table 1, seat 1")
        phone.click_button("Host the table")
        captain_records_in_webkit(phone, out_in_order(first[0], orders[0]))
        for number in (2, 3):
            captain = context_page(PHONE)
            captain.goto(f"{base}/night/{tokens[first[number - 1][0]]}/")
            captain.get_by_role("button", name="Host the table").tap()
            captain_records_in_chromium(captain, out_in_order(first[number - 1], orders[number - 1]))
        expect(screen.locator("#screen-tables")).to_contain_text(f"finished, to confirm won by {orders[2][0]}")

        # A second player at each table confirms its result; the screen's standings move.
        for number in (1, 2, 3):
            second = context_page(PHONE)
            second.goto(f"{base}/night/{tokens[first[number - 1][1]]}/")
            second.get_by_role("button", name=f"Confirm table {number}'s result").tap()
            expect(second.locator(".messages")).to_contain_text(f"Table {number}'s result is confirmed")
        expect(screen.locator("#screen-tables .table-state.finished")).to_have_count(3)
        expect(screen.locator("#screen-standings tbody tr").first).to_contain_text("=1")  # three winners level
        assert screen_standings(rows_of(screen)) == expected_standings(orders)

        # Round 2's draw: the fewest repeats three tables of four allow after round 1 (3), said so;
        # the watching player's phone shows their next table at once, between rounds.
        organiser.reload()
        organiser.get_by_role("button", name="Draw round 2").tap()
        expect(organiser.locator(".draw-repeats")).to_have_text("Repeat pairs: 3 (fewest possible: 3)")
        second_round = EventRound.objects.get(event=event, number=2)
        second = tables_of(second_round)
        assert sorted(name for table in second for name in table) == sorted(PLAYERS)
        assert repeat_pairs(first, second) == 3
        where = next(i for i, table in enumerate(second, start=1) if watcher_name in table)
        seat = second[where - 1].index(watcher_name) + 1
        expect(watcher.locator("#night-own")).to_contain_text(f"Next: round 2, table {where}, seat {seat}")
        expect(screen.locator("#screen-draw")).to_contain_text("Next: round 2")
        if SHOTS:
            screen.screenshot(path=os.path.join(SHOTS, "club-night-screen-between-rounds.png"))
            watcher.screenshot(path=os.path.join(SHOTS, "club-night-phone-between-rounds.png"), full_page=True)

        # Round 2, played at the tables (each game as any other) and confirmed by the organiser.
        organiser.get_by_role("button", name="Start round 2").tap()
        expect(watcher.locator("#night-own")).to_contain_text(f"Round 2: table {where}, seat {seat}")
        later = [second[0], second[1][::-1], [second[2][i] for i in (1, 3, 0, 2)]]
        for number, order in enumerate(later, start=1):
            play_table(second_round.tables.get(number=number), order)
        organiser.reload()
        confirm = organiser.get_by_role("button", name="Confirm the result")
        expect(confirm).to_have_count(3)  # the page followed the tables live
        for left in (2, 1, 0):  # each tap answered (the event's page again, a new load) before the next
            organiser.evaluate("window.tapped = true")
            confirm.first.tap()
            organiser.wait_for_function("window.tapped === undefined")
            expect(organiser.locator(".messages")).to_contain_text("result is confirmed")
            expect(confirm).to_have_count(left)
        expect(screen.locator("#screen-standings h2")).to_have_text("Final standings")
        assert screen_standings(rows_of(screen)) == expected_standings(orders + later)
        assert phone.errors() == []
    finally:
        for context in contexts:
            context.close()


def rows_of(screen) -> list[list[str]]:
    return [
        [re.sub(r"\s+", " ", cell).strip() for cell in row.locator("td, th").all_inner_texts()]
        for row in screen.locator("#screen-standings tbody tr").all()
    ]
