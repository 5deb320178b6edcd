"""A club night's live path through Channels' communicator (issue 53, points 3 to 5): the big
screen and each player's own page, sent as they are on connect, then each change as it is
committed (a draw, a round started, a table's round recorded, a result confirmed), rendered
once; a withdrawn player's page closed; a captain's phone let onto its table's host page alone."""

import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.urls import reverse

from referee.asgi import application
from referee.sockets.live import LINK_REPLACED
from scoring import club_night, services

from ..club_nights import HANDS_BEST_FIRST, play_table
from ..club_nights import club_night as night
from ..factories import UserFactory
from ..pages import text_of
from .boards import ORIGIN

WITHIN = 3  # seconds
TWELVE = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]


async def socket(path, headers=ORIGIN):
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@database_sync_to_async
def a_night():
    return night(UserFactory(), TWELVE)


@database_sync_to_async
def token_of(event, name):
    return event.entrants.get(player__name=name).token


async def whole_screen(screen) -> str:
    """What a change to the event sent a big screen (the tables, the rest) or an organiser's
    page (the tables, the standings): its two parts."""
    return await screen.receive_from(WITHIN) + await screen.receive_from(WITHIN)


def part(html: str, element_id: str) -> str:
    found = re.search(rf'<section id="{element_id}".*?</section>', html, re.S)
    return found.group(0) if found else ""


@pytest.mark.django_db(transaction=True)
async def test_the_big_screen_follows_the_night_as_it_is_played():
    event = await a_night()
    screen = await socket(f"/ws/screen/{event.screen_token}/")
    opened = await whole_screen(screen)
    assert "Waiting for the first round" in text_of(part(opened, "screen-tables"))
    event_round = await database_sync_to_async(services.event_draw)(event=event)
    drawn = await whole_screen(screen)
    assert "Next: round 1" in text_of(part(drawn, "screen-draw"))
    tables = await database_sync_to_async(club_night.round_tables)(event_round)
    assert " · ".join(tables[0]) in text_of(part(drawn, "screen-draw"))
    await database_sync_to_async(services.event_round_start)(event_round=event_round)
    started = await whole_screen(screen)
    assert f"Table 1 {' · '.join(tables[0])} starting" in text_of(part(started, "screen-tables"))
    assert "Next:" not in text_of(part(started, "screen-draw"))
    assert await screen.receive_nothing(0.1)  # one message a part a change
    table = await database_sync_to_async(lambda: event_round.tables.get(number=2))()
    await database_sync_to_async(play_table)(table, list(tables[1]))
    # Each round recorded at the table, then its end: the screen says where the table stands.
    said = []
    while not await screen.receive_nothing(0.5):
        said.append(text_of(part(await screen.receive_from(WITHIN), "screen-tables")))
    at_two = f"Table 2 {' · '.join(tables[1])}"
    assert any(f"{at_two} round 2 leading: {tables[1][0]}" in text for text in said)
    assert f"{at_two} finished, to confirm won by {tables[1][0]}" in said[-1]
    await database_sync_to_async(services.event_result_confirm)(table=table, entrant=None)
    confirmed = await whole_screen(screen)
    assert f"{at_two} finished ✓" in text_of(part(confirmed, "screen-tables"))
    standings = text_of(part(confirmed, "screen-standings"))
    assert re.search(rf"1 {tables[1][0]} 3 1 1", standings)
    await screen.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_players_page_shows_their_table_as_soon_as_it_is_drawn_and_the_standings_as_they_move():
    event = await a_night()
    ann = await socket(f"/ws/night/{await token_of(event, 'Ann')}/")
    first = await ann.receive_from(WITHIN)
    first += await ann.receive_from(WITHIN)  # the shared part and Ann's own
    assert "Waiting for the draw" in text_of(part(first, "night-own"))
    assert "Standings" in text_of(part(first, "night-shared"))
    event_round = await database_sync_to_async(services.event_draw)(event=event)
    drawn = await ann.receive_from(WITHIN) + await ann.receive_from(WITHIN)
    tables = await database_sync_to_async(club_night.round_tables)(event_round)
    number = next(i for i, t in enumerate(tables, start=1) if "Ann" in t)
    assert f"Next: round 1, table {number}, seat {tables[number - 1].index('Ann') + 1}" in text_of(
        part(drawn, "night-own")
    )
    await database_sync_to_async(services.event_round_start)(event_round=event_round)
    started = await ann.receive_from(WITHIN) + await ann.receive_from(WITHIN)
    assert f"Round 1: table {number}" in text_of(part(started, "night-own")) and "Open my seat" in started
    await ann.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_confirmation_tells_only_that_tables_players_their_own_part():
    event = await a_night()
    event_round = await database_sync_to_async(services.event_draw)(event=event)
    await database_sync_to_async(services.event_round_start)(event_round=event_round)
    tables = await database_sync_to_async(club_night.round_tables)(event_round)
    here, elsewhere = tables[0][1], tables[1][0]
    mine = await socket(f"/ws/night/{await token_of(event, here)}/")
    other = await socket(f"/ws/night/{await token_of(event, elsewhere)}/")
    for page in (mine, other):
        await page.receive_from(WITHIN)
        await page.receive_from(WITHIN)
    table = await database_sync_to_async(lambda: event_round.tables.get(number=1))()
    await database_sync_to_async(play_table)(table, list(tables[0]))
    over = ""
    while not await mine.receive_nothing(0.5):
        over = await mine.receive_from(WITHIN)
    assert "Confirm table 1's result" in text_of(over)
    while not await other.receive_nothing(0.2):
        assert "night-own" not in await other.receive_from(WITHIN)  # another table's end: not their part
    await database_sync_to_async(services.event_result_confirm)(table=table, entrant=None)
    told = [await mine.receive_from(WITHIN), await mine.receive_from(WITHIN)]
    assert any("result is confirmed" in text_of(part(html, "night-own")) for html in told)
    told_other = await other.receive_from(WITHIN)
    assert 'id="night-shared"' in told_other  # the standings moved for everyone
    assert await other.receive_nothing(0.2)
    await mine.disconnect()
    await other.disconnect()


@database_sync_to_async
def a_round_recorded(table):
    """Round 1 of the table's game: the last seat shows the worst hand."""
    game = table.session.games.get()
    names = [seat.player.name for seat in game.seats.select_related("player").order_by("position")]
    hands = {name: HANDS_BEST_FIRST[n] for n, name in enumerate(names)}
    hands[names[-1]] = HANDS_BEST_FIRST[-1]
    services.round_record(game=game, number=1, entry={"hands": hands}, by=table.session.host)


@pytest.mark.django_db(transaction=True)
async def test_a_tables_round_tells_its_players_their_own_part_and_nobody_else_anything():
    # A round changes no standings (only a confirmed result does): the players' shared part,
    # the same for everyone, is not rendered and sent to every page of the night again.
    event = await a_night()
    event_round = await database_sync_to_async(services.event_draw)(event=event)
    await database_sync_to_async(services.event_round_start)(event_round=event_round)
    tables = await database_sync_to_async(club_night.round_tables)(event_round)
    mine = await socket(f"/ws/night/{await token_of(event, tables[0][1])}/")
    other = await socket(f"/ws/night/{await token_of(event, tables[1][0])}/")
    for page in (mine, other):
        await page.receive_from(WITHIN)
        await page.receive_from(WITHIN)
    table = await database_sync_to_async(lambda: event_round.tables.select_related("session").get(number=1))()
    await a_round_recorded(table)
    told = await mine.receive_from(WITHIN)
    assert 'id="night-own"' in told and 'id="night-shared"' not in told
    assert await mine.receive_nothing(0.2)
    assert await other.receive_nothing(0.2)
    await mine.disconnect()
    await other.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_withdrawn_players_page_is_closed_and_their_link_opens_no_socket():
    event = await a_night()
    token = await token_of(event, "Lu")
    page = await socket(f"/ws/night/{token}/")
    await page.receive_from(WITHIN)
    await page.receive_from(WITHIN)
    await database_sync_to_async(services.event_withdraw)(event=event, name="Lu")
    while True:
        message = await page.receive_output(WITHIN)
        if message["type"] == "websocket.close":
            break
    assert message["code"] == LINK_REPLACED
    again = await socket(f"/ws/night/{token}/")
    assert (await again.receive_output(WITHIN))["code"] == LINK_REPLACED


@database_sync_to_async
def captains_cookie(event_round):
    table = event_round.tables.get(number=1)
    phone = Client()
    phone.post(reverse("night-host", kwargs={"token": table.captain.token}))
    table.refresh_from_db()
    other = event_round.tables.select_related("session").get(number=2).session
    cookie = f"{settings.SESSION_COOKIE_NAME}={phone.cookies[settings.SESSION_COOKIE_NAME].value}".encode()
    return cookie, table.session, other


@pytest.mark.django_db(transaction=True)
async def test_the_captains_phone_opens_its_tables_host_socket_and_no_other():
    event = await a_night()
    event_round = await database_sync_to_async(services.event_draw)(event=event)
    await database_sync_to_async(services.event_round_start)(event_round=event_round)
    cookie, own, other = await captains_cookie(event_round)
    headers = ORIGIN + [(b"cookie", cookie)]
    host = await socket(f"/ws/host/{own.public_id}/", headers)
    assert "table-panel" in await host.receive_from(WITHIN)
    stranger = await socket(f"/ws/host/{other.public_id}/", headers)
    assert (await stranger.receive_output(WITHIN))["code"] == LINK_REPLACED
    await host.disconnect()


@database_sync_to_async
def login_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}".encode()


@pytest.mark.django_db(transaction=True)
async def test_the_organisers_page_follows_the_tables_and_no_one_else_opens_it():
    event = await a_night()
    event_round = await database_sync_to_async(services.event_draw)(event=event)
    await database_sync_to_async(services.event_round_start)(event_round=event_round)
    organiser = await database_sync_to_async(lambda: event.organiser)()
    page = await socket(f"/ws/event/{event.public_id}/", ORIGIN + [(b"cookie", await login_cookie(organiser))])
    opened = await whole_screen(page)  # its two parts: the tables, the standings
    assert "Table 1 · starting" in text_of(opened) and 'id="event-standings"' in opened
    tables = await database_sync_to_async(club_night.round_tables)(event_round)
    table = await database_sync_to_async(lambda: event_round.tables.get(number=3))()
    await database_sync_to_async(play_table)(table, list(tables[2]))
    last = ""
    while not await page.receive_nothing(0.5):
        last = await page.receive_from(WITHIN)
    assert "Table 3 · to confirm" in text_of(last) and "Confirm the result" in last
    assert 'name="submission"' in last  # the form swapped in keeps its id
    await page.disconnect()
    stranger = await socket(
        f"/ws/event/{event.public_id}/",
        ORIGIN + [(b"cookie", await login_cookie(await database_sync_to_async(UserFactory)()))],
    )
    assert (await stranger.receive_output(WITHIN))["code"] == LINK_REPLACED
    nobody = await socket(f"/ws/event/{event.public_id}/")
    assert (await nobody.receive_output(WITHIN))["code"] == LINK_REPLACED


@database_sync_to_async
def correct_the_last_round(table, first: str, second: str):
    """The last round of the table's game corrected: ``first`` shows ``second``'s hand and loses
    the token instead (the places of the two change)."""
    game = table.session.games.get()
    last = game.rounds.order_by("number").last()
    hands = dict(last.entry["hands"])
    hands[first], hands[second] = hands[second], hands[first]
    services.round_correct(round=last, entry={"hands": hands}, by=table.session.host)


@pytest.mark.django_db(transaction=True)
async def test_a_correction_at_a_confirmed_table_moves_the_standings_on_every_screen_and_a_round_elsewhere_does_not():
    event = await a_night()
    event_round = await database_sync_to_async(services.event_draw)(event=event)
    await database_sync_to_async(services.event_round_start)(event_round=event_round)
    tables = await database_sync_to_async(club_night.round_tables)(event_round)
    one, two = await database_sync_to_async(lambda: list(event_round.tables.order_by("number")[:2]))()
    await database_sync_to_async(play_table)(one, list(tables[0]))
    await database_sync_to_async(services.event_result_confirm)(table=one, entrant=None)
    elsewhere = await socket(f"/ws/night/{await token_of(event, tables[2][0])}/")
    screen = await socket(f"/ws/screen/{event.screen_token}/")
    organiser = await database_sync_to_async(lambda: event.organiser)()
    desk = await socket(f"/ws/event/{event.public_id}/", ORIGIN + [(b"cookie", await login_cookie(organiser))])
    for page in (elsewhere, elsewhere, screen, screen, desk, desk):
        await page.receive_from(WITHIN)
    # A round at an unconfirmed table: the screen's tables move, nobody's standings.
    await database_sync_to_async(services.round_record)(
        game=await database_sync_to_async(lambda: two.session.games.get())(),
        number=1,
        entry={
            "hands": {name: hand for name, hand in zip(tables[1], ["Ah Ad Ac", "Qs Js 10s", "9h 8d 7c", "Jc 6h 4s"])}
        },
        by=await database_sync_to_async(lambda: event.organiser)(),
    )
    moved = await screen.receive_from(WITHIN)
    assert 'id="screen-tables"' in moved and 'id="screen-standings"' not in moved
    moved = await desk.receive_from(WITHIN)  # the organiser's page: its tables alone too
    assert 'id="event-tables"' in moved and 'id="event-standings"' not in moved
    assert await desk.receive_nothing(0.3)
    assert await elsewhere.receive_nothing(0.3)
    # The confirmed table's last round corrected: its first two change places, everywhere.
    await correct_the_last_round(one, tables[0][0], tables[0][1])
    told = await whole_screen(screen)
    assert re.search(rf"1 {tables[0][1]} 3 ", text_of(part(told, "screen-standings")))
    shared = await elsewhere.receive_from(WITHIN)
    assert re.search(rf"1 {tables[0][1]} 3 ", text_of(part(shared, "night-shared")))
    told = await whole_screen(desk)
    assert re.search(rf"1 {tables[0][1]} 3 ", text_of(part(told, "event-standings")))
    for page in (elsewhere, screen, desk):
        await page.disconnect()
