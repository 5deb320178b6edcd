"""A club night over real HTTP (issue 53): the organiser's event, a player's own link, a table's
captain hosting from their phone, the big screen's page, and each refusal (another organiser's
event, a withdrawn player's link, a phone hosting a table that is not its own)."""

import pytest
from django.test import Client
from django.urls import reverse

from scoring import club_night, services
from scoring.models import Event, EventTable, Round, Session, SessionPlayer

from ..club_nights import club_night as night
from ..club_nights import play_table
from ..factories import UserFactory
from ..pages import HX, sent, text_of

pytestmark = pytest.mark.django_db

TWELVE = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]


@pytest.fixture
def event(organiser):
    return night(organiser, TWELVE)


def started(event):
    event_round = services.event_draw(event=event)
    services.event_round_start(event_round=event_round)
    return event_round


def link_of(event, name):
    return reverse("night", kwargs={"token": event.entrants.get(player__name=name).token})


def test_the_organiser_creates_an_event_with_its_house_rules_and_players(organiser_client, organiser):
    answer = organiser_client.post(
        reverse("new-event"),
        {
            "name": "Friday club",
            "held_on": "2026-12-04",
            "kind": "stop_the_bus",
            "stop_the_bus-tokens": "2",
            "rounds": "3",
            "table_size": "4",
            "seating": "random",
            "new_players": "Ann, Bo\nCy, Di",
        },
    )
    event = Event.objects.get(organiser=organiser)
    assert answer.status_code == 302 and answer["Location"] == event.get_absolute_url()
    assert (event.name, event.options, event.rounds, event.table_size) == ("Friday club", {"tokens": 2}, 3, 4)
    assert sorted(e.player.name for e in event.entrants.all()) == ["Ann", "Bo", "Cy", "Di"]


def test_a_new_event_refused_says_why_and_keeps_nothing(organiser_client, organiser):
    answer = organiser_client.post(
        reverse("new-event"),
        {"name": "", "held_on": "2026-12-04", "kind": "crash", "rounds": "3", "table_size": "6", "seating": "random"},
    )
    assert answer.status_code == 200
    text = text_of(answer)
    assert "This field is required" in text  # the name
    assert not Event.objects.exists()
    answer = organiser_client.post(
        reverse("new-event"),
        {
            "name": "Crash",
            "held_on": "2026-12-04",
            "kind": "crash",
            "rounds": "3",
            "table_size": "6",
            "seating": "random",
        },
    )
    assert answer.status_code == 200 and "6" in text_of(answer)
    assert not Event.objects.exists()


def test_the_event_page_draws_swaps_and_starts_a_round_saying_what_each_did(organiser_client, event):
    page = reverse("event", kwargs={"event_id": event.public_id})
    answer = organiser_client.post(reverse("event-draw", kwargs={"event_id": event.public_id}), sent({}), follow=True)
    assert "Round 1 is drawn at random: repeat pairs: 0" in text_of(answer)
    first, second = club_night.round_tables(event.event_rounds.get())[:2]
    answer = organiser_client.post(
        reverse("event-swap", kwargs={"event_id": event.public_id, "number": 1}),
        sent({"first": first[0], "second": second[0]}),
        follow=True,
    )
    assert f"{first[0]} and {second[0]} swapped: no repeat pairs more or fewer" in text_of(answer)
    answer = organiser_client.post(
        reverse("event-start", kwargs={"event_id": event.public_id, "number": 1}), sent({}), follow=True
    )
    assert "Round 1 has started" in text_of(answer)
    assert Session.objects.filter(event_table__round__event=event).count() == 3
    text = text_of(organiser_client.get(page))
    assert "Round 1: the tables" in text and "Table 3 · starting" in text


def test_a_draw_changed_after_its_round_started_is_refused_over_http(organiser_client, event):
    event_round = started(event)
    first, second = club_night.round_tables(event_round)[:2]
    answer = organiser_client.post(
        reverse("event-swap", kwargs={"event_id": event.public_id, "number": 1}),
        sent({"first": first[0], "second": second[0]}),
        follow=True,
    )
    assert "Round 1 has started: its tables can no longer change." in text_of(answer)
    assert club_night.round_tables(event_round)[:2] == (first, second)


def test_another_organisers_event_is_not_found_and_nothing_changes(event):
    stranger = Client()
    stranger.force_login(UserFactory())
    for name, kwargs in [
        ("event", {}),
        ("event-draw", {}),
        ("event-check-in", {}),
        ("event-withdraw", {}),
        ("event-start", {"number": 1}),
        ("event-swap", {"number": 1}),
        ("event-confirm", {"number": 1, "table": 1}),
    ]:
        url = reverse(name, kwargs={"event_id": event.public_id, **kwargs})
        answer = (
            stranger.get(url) if name == "event" else stranger.post(url, sent({"name": "Ann", "new_players": "Zed"}))
        )
        assert answer.status_code == 404, name
    assert not event.event_rounds.exists()
    assert event.entrants.count() == 12 and not event.entrants.filter(withdrawn=True).exists()
    assert Client().get(reverse("event", kwargs={"event_id": event.public_id})).status_code == 302  # to log in


def test_a_players_link_shows_their_table_and_seat_and_opens_their_seat(event):
    event_round = started(event)
    table = club_night.round_tables(event_round)[1]
    name = table[2]
    text = text_of(Client().get(link_of(event, name)))
    assert "Round 1: table 2, seat 3" in text
    for mate in table:
        assert mate in text
    seat = SessionPlayer.objects.get(session__event_table__round=event_round, player__name=name)
    assert reverse("seat", kwargs={"token": seat.seat_token}) in Client().get(link_of(event, name)).content.decode()


def test_the_captain_hosts_their_table_from_their_link_and_no_other(event, organiser):
    event_round = started(event)
    tables = list(event_round.tables.order_by("number"))
    captain = tables[0].captain.player.name
    phone = Client()
    answer = phone.post(reverse("night-host", kwargs={"token": tables[0].captain.token}))
    own = tables[0]
    own.refresh_from_db()
    assert answer.status_code == 302 and answer["Location"] == own.session.get_absolute_url()
    assert phone.get(own.session.get_absolute_url()).status_code == 200
    tables[1].refresh_from_db()
    assert phone.get(tables[1].session.get_absolute_url()).status_code == 404  # another table
    assert phone.get(reverse("my-sessions")).status_code == 302  # the organiser's pages: log in
    assert phone.get(reverse("new-game", kwargs={"session_id": own.session.public_id})).status_code == 302
    # The captain records a round from the table's page: kept as the organiser's.
    game = own.session.games.get()
    names = [s.player.name for s in game.seats.order_by("position")]
    hands = {f"hand_{i}": hand for i, hand in enumerate(["Ah Ad Ac", "Qs Js 10s", "9h 8d 7c", "Jc 6h 4s"])}
    answer = phone.post(own.session.get_absolute_url(), sent({"number": "1", **hands}), headers=HX)
    assert answer.status_code == 200
    recorded = Round.objects.get(game=game)
    assert recorded.recorded_by == organiser
    assert captain in names


def test_another_player_at_the_table_carries_on_as_captain(event):
    event_round = started(event)
    table = event_round.tables.order_by("number").first()
    other = table.seats.order_by("position")[1].entrant
    phone = Client()
    answer = phone.post(reverse("night-host", kwargs={"token": other.token}))
    assert answer.status_code == 302
    assert EventTable.objects.get(pk=table.pk).captain == other
    dropped_out = table.captain  # as drawn
    play_table(table)
    for link in (link_of(event, dropped_out.player.name), link_of(event, other.player.name)):
        text = text_of(Client().get(link))  # both entered some of it: neither is offered to confirm
        assert "a second player at the table confirms its result" in text
        assert "Confirm table 1's result" not in text


def test_a_second_player_confirms_the_tables_result_from_their_link(event):
    event_round = started(event)
    table = event_round.tables.order_by("number").first()
    names = list(club_night.round_tables(event_round)[0])
    play_table(table, order=names)
    captain_link = link_of(event, names[0])
    text = text_of(Client().get(captain_link))
    assert "a second player at the table confirms its result" in text
    answer = Client().post(reverse("night-confirm", kwargs={"token": table.captain.token}), sent({}), follow=True)
    assert "confirmed by a second player" in text_of(answer)
    second = link_of(event, names[1])
    assert "Confirm table 1's result" in text_of(Client().get(second))
    answer = Client().post(second + "confirm/", sent({}), follow=True)
    assert "Table 1's result is confirmed" in text_of(answer)
    assert EventTable.objects.get(pk=table.pk).confirmed_by == names[1]


def test_a_withdrawn_players_link_opens_nothing_and_changes_nothing(event):
    event_round = started(event)
    table = event_round.tables.order_by("number").first()
    names = list(club_night.round_tables(event_round)[0])
    play_table(table, order=names)
    services.event_withdraw(event=event, name=names[1])
    link = link_of(event, names[1])
    answer = Client().get(link)
    assert answer.status_code == 403 and "You have withdrawn from Club night" in text_of(answer)
    for action in ("host/", "confirm/"):
        answer = Client().post(link + action, sent({}))
        assert answer.status_code == 403
    table.refresh_from_db()
    assert table.confirmed_at is None and table.captain.player.name == names[0]
    assert Client().get(reverse("night", kwargs={"token": "not-a-token-at-all"})).status_code == 404


def test_the_big_screen_shows_the_standings_the_tables_and_the_next_draw(event):
    event_round = started(event)
    for table in event_round.tables.all():
        play_table(table)
        services.event_result_confirm(table=table, entrant=None)
    services.event_draw(event=event)
    text = text_of(Client().get(reverse("screen", kwargs={"token": event.screen_token})))
    assert "Standings" in text and "Round 1: the tables" in text and "finished ✓" in text
    assert "Next: round 2" in text and "Table 3" in text
    assert Client().get(reverse("screen", kwargs={"token": "no-such-screen-token"})).status_code == 404


def test_the_swap_form_says_what_a_swap_costs_before_it_is_made(organiser_client, event):
    first = started(event)
    for table in first.tables.all():
        play_table(table)
        services.event_result_confirm(table=table, entrant=None)
    second = services.event_draw(event=event)
    met = {frozenset((a, b)) for t in club_night.round_tables(first) for a in t for b in t if a != b}

    def repeats(tables):
        return sum(1 for t in tables for i, a in enumerate(t) for b in t[i + 1 :] if frozenset((a, b)) in met)

    before = [list(t) for t in club_night.round_tables(second)]
    url = reverse("event-swap-cost", kwargs={"event_id": event.public_id, "number": 2})
    for a, b in [(before[0][0], before[1][0]), (before[0][1], before[2][3]), (before[1][2], before[2][0])]:
        after = [[b if n == a else a if n == b else n for n in t] for t in before]
        cost = repeats(after) - repeats(before)
        words = (
            "no repeat pairs more or fewer" if cost == 0 else f"{cost:+d} repeat pair{'s' if abs(cost) != 1 else ''}"
        )
        answer = organiser_client.get(url, {"first": a, "second": b}, headers=HX)
        assert text_of(answer).strip() == f"Swapping {a} and {b}: {words}, {repeats(after)} in the round."
    answer = organiser_client.get(url, {"first": before[0][0], "second": before[0][1]}, headers=HX)
    assert f"{before[0][0]} and {before[0][1]} sit at the same table already." in text_of(answer)
    assert club_night.round_tables(second) == tuple(tuple(t) for t in before)  # nothing swapped


def test_each_event_form_sent_twice_changes_once_and_says_what_it_did(organiser_client, event):
    """A double tap, or a retry after a lost answer: the same form's id answers what it did."""
    kwargs = {"event_id": event.public_id}
    form = sent({})
    said = [text_of(organiser_client.post(reverse("event-draw", kwargs=kwargs), form, follow=True)) for _ in range(2)]
    assert all("Round 1 is drawn at random: repeat pairs: 0" in text for text in said)
    assert event.event_rounds.count() == 1
    start = reverse("event-start", kwargs={**kwargs, "number": 1})
    form = sent({})
    said = [text_of(organiser_client.post(start, form, follow=True)) for _ in range(2)]
    assert all("Round 1 has started" in text for text in said)
    assert Session.objects.filter(event_table__round__event=event).count() == 3
    arrivals = sent({"new_players": "Mo"})
    url = reverse("event-check-in", kwargs=kwargs)
    said = [text_of(organiser_client.post(url, arrivals, follow=True)) for _ in range(2)]
    assert all("Checked in: Mo." in text for text in said)
    table = event.event_rounds.get().tables.get(number=1)
    play_table(table)
    confirm = reverse("event-confirm", kwargs={**kwargs, "number": 1, "table": 1})
    form = sent({})
    said = [text_of(organiser_client.post(confirm, form, follow=True)) for _ in range(2)]
    assert all("Table 1's result is confirmed" in text for text in said)
    answer = organiser_client.post(reverse("event-draw", kwargs=kwargs), {}, follow=True)  # a form with no id
    assert "This form is out of date (it has no submission id)" in text_of(answer)


def test_the_new_event_form_sent_twice_creates_one_event(organiser_client, organiser):
    form = sent(
        {
            "name": "Twice",
            "held_on": "2026-12-04",
            "kind": "stop_the_bus",
            "rounds": "2",
            "table_size": "4",
            "seating": "random",
            "new_players": "Ann, Bo, Cy, Di",
        }
    )
    answers = [organiser_client.post(reverse("new-event"), form) for _ in range(2)]
    event = Event.objects.get(organiser=organiser)
    assert [answer["Location"] for answer in answers] == [event.get_absolute_url()] * 2


def test_my_sessions_lists_the_evenings_not_a_club_nights_tables(organiser_client, organiser, event):
    started(event)
    services.session_start(host=organiser, title="Friday at home", played_on=event.held_on, player_names=["Ann", "Bo"])
    text = text_of(organiser_client.get(reverse("my-sessions")))
    assert "Friday at home" in text
    assert "round 1 · table" not in text
    assert "A club night's tables are on its own page" in text


def test_a_tables_page_says_whose_table_it_is_and_the_way_back_and_offers_no_new_game(organiser_client, event):
    event_round = started(event)
    table = event_round.tables.select_related("captain").get(number=2)
    phone = Client()
    phone.post(reverse("night-host", kwargs={"token": table.captain.token}))
    table.refresh_from_db()
    page = phone.get(table.session.get_absolute_url())
    assert "Table 2 of Club night, round 1 · Back to my link" in text_of(page)
    assert f'href="{reverse("night", kwargs={"token": table.captain.token})}"' in page.content.decode()
    assert reverse("new-game", kwargs={"session_id": table.session.public_id}) not in page.content.decode()
    page = organiser_client.get(table.session.get_absolute_url())
    assert "Table 2 of Club night, round 1 · The event" in text_of(page)


def test_a_confirmation_sent_from_the_live_page_sends_the_browser_back_to_the_event(organiser_client, event):
    event_round = started(event)
    play_table(event_round.tables.get(number=1))
    url = reverse("event-confirm", kwargs={"event_id": event.public_id, "number": 1, "table": 1})
    answer = organiser_client.post(url, sent({}), headers=HX)
    assert answer.status_code == 200 and answer["HX-Redirect"] == event.get_absolute_url()
    assert "Table 1's result is confirmed" in text_of(organiser_client.get(event.get_absolute_url()))
