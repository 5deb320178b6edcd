"""A club night's writes: the event, its players, the draw, a round started, a captain, a
result confirmed, and each refusal, which keeps nothing."""

import uuid

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from engine import EntryError
from scoring import club_night, services
from scoring.models import Entrant, EventRound, EventSeat, EventTable, Game, Session
from scoring.services import EventAlreadySubmitted, SubmissionReused
from scoring.services import events as event_services

from ..club_nights import club_night as night
from ..club_nights import play_table

pytestmark = pytest.mark.django_db

TWELVE = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]


def seated(event_round):
    return sorted(name for table in club_night.round_tables(event_round) for name in table)


def test_an_event_checks_its_players_in_from_the_circle_by_name(organiser):
    services.session_start(
        host=organiser, title="Before", played_on=night(organiser, ["X1", "X2"]).held_on, player_names=["ann", "Zed"]
    )
    event = night(organiser, ["Ann", "Bo", "Cy"])
    assert sorted(e.player.name for e in event.entrants.all()) == ["Ann", "Bo", "Cy"]
    assert organiser.players.filter(name__iexact="ann").count() == 1  # the circle's Ann, not a new one


def test_an_event_refuses_a_table_size_its_game_cannot_seat_and_keeps_nothing(organiser):
    with pytest.raises(ValidationError) as refused:
        services.event_start(
            organiser=organiser,
            name="Crash night",
            held_on=night(organiser, ["A1", "A2"]).held_on,
            kind="crash",
            options={},
            rounds=2,
            table_size=6,
            player_names=TWELVE,
        )
    assert "6" in str(refused.value)
    assert organiser.events.count() == 1  # the first night only


def test_the_draw_seats_every_player_once_at_tables_as_even_as_possible(organiser):
    event = night(organiser, TWELVE[:11], table_size=4)
    event_round = services.event_draw(event=event)
    tables = club_night.round_tables(event_round)
    assert sorted(len(t) for t in tables) == [3, 4, 4]
    assert seated(event_round) == sorted(TWELVE[:11])
    assert event_round.explained.startswith("repeat pairs: 0")


def test_a_round_drawn_and_not_started_is_not_drawn_again(organiser):
    event = night(organiser, TWELVE)
    services.event_draw(event=event)
    with pytest.raises(EntryError, match="Round 1 is drawn but has not started"):
        services.event_draw(event=event)
    assert EventRound.objects.filter(event=event).count() == 1


def test_starting_a_round_opens_each_tables_game_with_its_captain(organiser):
    event = night(organiser, TWELVE)
    event_round = services.event_draw(event=event)
    tables = services.event_round_start(event_round=event_round)
    assert len(tables) == 3
    for table, names in zip(tables, club_night.round_tables(event_round), strict=True):
        table.refresh_from_db()
        game = table.session.games.get()
        assert [s.player.name for s in game.seats.order_by("position")] == list(names)
        assert table.session.host == organiser
        assert table.captain.player.name == names[0]
        assert game.kind == "stop_the_bus" and game.options["tokens"] == 3


def test_a_draw_cannot_change_once_its_round_has_started(organiser):
    event = night(organiser, TWELVE)
    event_round = services.event_draw(event=event)
    first, second = club_night.round_tables(event_round)[:2]
    services.event_round_start(event_round=event_round)
    with pytest.raises(EntryError, match="Round 1 has started: its tables can no longer change"):
        services.event_swap(event_round=event_round, first=first[0], second=second[0])
    assert club_night.round_tables(event_round)[0] == first
    with pytest.raises(EntryError, match="Round 1 has started"):
        services.event_round_start(event_round=event_round)
    assert Session.objects.filter(host=organiser).count() == 3  # no table opened twice


def test_a_swap_before_the_round_says_its_cost_in_repeats(organiser):
    event = night(organiser, TWELVE, table_size=4)
    first = services.event_draw(event=event)
    services.event_round_start(event_round=first)
    for table in first.tables.all():
        play_table(table)
        services.event_result_confirm(table=table, entrant=None)
    second = services.event_draw(event=event)
    assert (second.repeats, second.fewest) == (3, 3)
    met = {frozenset((a, b)) for table in club_night.round_tables(first) for a in table for b in table if a != b}

    def repeats(tables):
        return sum(1 for t in tables for i, a in enumerate(t) for b in t[i + 1 :] if frozenset((a, b)) in met)

    before = club_night.round_tables(second)
    a, b = before[0][0], before[1][0]
    after = [list(t) for t in before]
    after[0][0], after[1][0] = b, a
    cost = services.event_swap(event_round=second, first=a, second=b)
    assert cost == repeats(after) - repeats(before)
    assert [sorted(t) for t in club_night.round_tables(second)] == [sorted(t) for t in after]
    second.refresh_from_db()
    assert second.repeats == repeats(after)
    assert second.explained.startswith(f"repeat pairs: {repeats(after)}")


def test_a_swap_of_two_players_at_one_table_is_refused(organiser):
    event = night(organiser, TWELVE)
    event_round = services.event_draw(event=event)
    table = club_night.round_tables(event_round)[0]
    with pytest.raises(EntryError, match="sit at the same table already"):
        services.event_swap(event_round=event_round, first=table[0], second=table[1])


def test_a_player_cannot_sit_at_two_tables_of_a_round(organiser):
    event = night(organiser, TWELVE)
    event_round = services.event_draw(event=event)
    seat = EventSeat.objects.filter(round=event_round).select_related("table").first()
    other = EventTable.objects.filter(round=event_round).exclude(pk=seat.table_id).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        EventSeat.objects.create(round=event_round, table=other, entrant=seat.entrant, position=9)
    assert EventSeat.objects.filter(round=event_round, entrant=seat.entrant).count() == 1


def test_a_player_checked_in_twice_is_refused_and_nothing_is_kept(organiser):
    event = night(organiser, TWELVE)
    with pytest.raises(ValidationError, match="Ann is checked in already"):
        services.event_check_in(event=event, player_names=["Mo", "ann"])
    assert not Entrant.objects.filter(event=event, player__name="Mo").exists()


def test_a_withdrawal_redraws_the_round_not_started_without_them(organiser):
    event = night(organiser, TWELVE + ["Mo"])
    services.event_draw(event=event)
    services.event_withdraw(event=event, name="Mo")
    event_round = event.event_rounds.get()
    assert seated(event_round) == sorted(TWELVE)
    assert [len(t) for t in club_night.round_tables(event_round)] == [4, 4, 4]


def test_a_late_arrival_is_drawn_from_the_next_round(organiser):
    event = night(organiser, TWELVE, rounds=3)
    first = services.event_draw(event=event)
    services.event_round_start(event_round=first)
    services.event_check_in(event=event, player_names=["Mo"])
    assert "Mo" not in seated(first)
    for table in first.tables.all():
        play_table(table)
        services.event_result_confirm(table=table, entrant=None)
    second = services.event_draw(event=event)
    assert "Mo" in seated(second)


def test_the_next_round_starts_only_once_every_result_is_confirmed(organiser):
    event = night(organiser, TWELVE)
    first = services.event_draw(event=event)
    services.event_round_start(event_round=first)
    second = services.event_draw(event=event)  # drawn at random while round 1 is played
    with pytest.raises(EntryError, match="Round 1 is still being played"):
        services.event_round_start(event_round=second)
    assert EventRound.objects.get(pk=second.pk).started is None


def test_a_standings_draw_waits_for_the_results(organiser):
    event = night(organiser, TWELVE, seating="standings")
    first = services.event_draw(event=event)
    services.event_round_start(event_round=first)
    with pytest.raises(EntryError, match="the standings draw waits"):
        services.event_draw(event=event)


def test_a_result_is_confirmed_by_a_second_player_not_the_captain(organiser):
    event = night(organiser, TWELVE)
    first = services.event_draw(event=event)
    services.event_round_start(event_round=first)
    table = first.tables.select_related("captain__player").first()
    with pytest.raises(EntryError, match="its result can be confirmed once it ends"):
        services.event_result_confirm(table=table, entrant=None)
    play_table(table)
    with pytest.raises(EntryError, match="confirmed by a second player"):
        services.event_result_confirm(table=table, entrant=table.captain)
    stranger = Entrant.objects.filter(event=event).exclude(seats__table=table).first()
    with pytest.raises(EntryError, match="is not at table"):
        services.event_result_confirm(table=table, entrant=stranger)
    assert not club_night.standings(event)[0].points  # nothing counts yet
    second = table.seats.exclude(entrant=table.captain).first().entrant
    services.event_result_confirm(table=table, entrant=second)
    table.refresh_from_db()
    assert table.confirmed_by == second.player.name
    assert club_night.standings(event)[0].points == 3
    with pytest.raises(EntryError, match="confirmed already"):
        services.event_result_confirm(table=table, entrant=None)


def test_a_correction_after_confirming_moves_the_standings(organiser):
    event = night(organiser, TWELVE)
    first = services.event_draw(event=event)
    services.event_round_start(event_round=first)
    table = first.tables.first()
    names = list(club_night.round_tables(first)[0])
    game = play_table(table, order=names)
    services.event_result_confirm(table=table, entrant=None)
    assert club_night.standings(event)[0].name == names[0]
    # Round 6 (the last, where the second lost a token) corrected: the first loses it instead.
    last = game.rounds.order_by("number").last()
    hands = dict(last.entry["hands"])
    hands[names[0]], hands[names[1]] = hands[names[1]], hands[names[0]]
    services.round_correct(round=last, entry={"hands": hands}, by=organiser)
    top = club_night.standings(event)[0]
    assert top.name == names[1]


def test_a_captain_is_taken_over_by_another_player_at_the_table_only(organiser):
    event = night(organiser, TWELVE)
    first = services.event_draw(event=event)
    services.event_round_start(event_round=first)
    table = first.tables.first()
    other = table.seats.order_by("position")[1].entrant
    services.event_captain_take(table=table, entrant=other)
    assert EventTable.objects.get(pk=table.pk).captain == other
    stranger = Entrant.objects.filter(event=event).exclude(seats__table=table).first()
    with pytest.raises(EntryError, match="is not at table"):
        services.event_captain_take(table=table, entrant=stranger)


def test_every_change_is_announced_once_committed_with_the_events_revision(
    organiser, django_capture_on_commit_callbacks
):
    told = []

    def listen(sender, event, revision, **kwargs):
        told.append(revision)

    event_services.event_changed.connect(listen)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            event = night(organiser, TWELVE)
        with django_capture_on_commit_callbacks(execute=True):
            services.event_draw(event=event)
        with django_capture_on_commit_callbacks(execute=True), pytest.raises(EntryError):
            services.event_draw(event=event)
    finally:
        event_services.event_changed.disconnect(listen)
    assert told == [0, 1]
    assert Game.objects.count() == 0


def test_the_organiser_chooses_each_rounds_seating_and_a_first_round_by_the_standings_is_random(organiser):
    event = night(organiser, TWELVE, rounds=3, seating="standings")
    first = services.event_draw(event=event)
    in_order = (tuple(TWELVE[0:4]), tuple(TWELVE[4:8]), tuple(TWELVE[8:12]))
    assert club_night.round_tables(first) != in_order  # no standings yet: not the order checked in
    services.event_round_start(event_round=first)
    tables = club_night.round_tables(first)
    for table in first.tables.order_by("number"):
        play_table(table, order=list(tables[table.number - 1]))
        services.event_result_confirm(table=table, entrant=None)
    second = services.event_draw(event=event)
    assert second.seating == "standings"
    winners = {t[0] for t in tables}  # three players level on top: they meet at one table
    assert any(winners <= set(t) for t in club_night.round_tables(second))
    services.event_round_start(event_round=second)
    for table in second.tables.all():
        play_table(table)
        services.event_result_confirm(table=table, entrant=None)
    third = services.event_draw(event=event, seating="random")
    assert third.seating == "random"


def test_no_player_who_hosted_the_table_confirms_its_result(organiser):
    """The captain's phone dropped out and a second player carried on: both entered some of the
    game, so neither confirms it; a third player at the table does."""
    event = night(organiser, TWELVE)
    first = services.event_draw(event=event)
    services.event_round_start(event_round=first)
    table = first.tables.select_related("captain__player").first()
    captain = table.captain
    seated = [seat.entrant for seat in table.seats.select_related("entrant__player").order_by("position")]
    carried_on, third = [entrant for entrant in seated if entrant != captain][:2]
    services.event_captain_take(table=table, entrant=carried_on)
    play_table(table)
    for hosted in (captain, carried_on):
        with pytest.raises(EntryError, match=f"{hosted.player.name} hosted the table"):
            services.event_result_confirm(table=table, entrant=hosted)
    assert EventTable.objects.get(pk=table.pk).confirmed_at is None
    services.event_result_confirm(table=table, entrant=third)
    assert EventTable.objects.get(pk=table.pk).confirmed_by == third.player.name


def test_a_form_sent_twice_changes_once_and_its_id_used_for_another_change_is_refused(organiser):
    event = night(organiser, TWELVE)
    form = uuid.uuid4()
    services.event_draw(event=event, submission=form)
    with pytest.raises(EventAlreadySubmitted) as twin:
        services.event_draw(event=event, submission=form)
    assert twin.value.result == {"round": 1} and event.event_rounds.count() == 1
    with pytest.raises(SubmissionReused, match="drawn"):
        services.event_round_start(event_round=event.event_rounds.get(), submission=form)
    assert event.event_rounds.get().started is None
