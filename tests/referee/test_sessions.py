"""The host's screens through real HTTP: sessions, games, rounds, with and without htmx."""

import re

import pytest
from django.test import Client

from referee.forms.sessions import NAME_SEPARATOR
from scoring.models import Game, Round, Session
from scoring.services import (
    ROUND_ALREADY_RECORDED,
    game_start,
    round_record,
    session_start,
)

from ..factories import PASSWORD, SessionFactory, UserFactory
from ..pages import HX, field_error, field_errors, pad_of, said, sent, text_of, without_pad
from ..threads import before_first_write

pytestmark = pytest.mark.django_db


@pytest.fixture
def bus_options():
    return {"tokens": 1, "rules": "brag"}


def bus_round(number, **hands):
    """The entry form's fields: one hand a player still in, in seat order."""
    data = sent({"number": str(number)})
    for seat, name in enumerate(hands):
        data[f"hand_{seat}"] = hands[name]
    return data


# --- Login and ownership ------------------------------------------------------------------------


@pytest.mark.parametrize("url", ["/sessions/", "/sessions/new/"])
def test_the_host_pages_need_login(client, url):
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=")


def test_another_hosts_session_answers_404(client, evening, bus):
    client.force_login(UserFactory(username="stranger"))
    for url in [
        evening.get_absolute_url(),
        f"/sessions/{evening.public_id}/games/new/",
        f"/sessions/{evening.public_id}/games/{bus.public_id}/delete-last/",
    ]:
        assert client.get(url).status_code == 404
    assert (
        client.post(evening.get_absolute_url(), bus_round(1, Ann="As Ks Qs", Bob="2c 3d 5h", Cy="7c 7d 9s")).status_code
        == 404
    )
    assert not Round.objects.exists()


def test_a_post_without_a_csrf_token_is_refused(host, evening, bus):
    client = Client(enforce_csrf_checks=True)
    client.force_login(host)
    response = client.post(evening.get_absolute_url(), bus_round(1, Ann="As Ks Qs", Bob="2c 3d 5h", Cy="7c 7d 9s"))
    assert response.status_code == 403 and not Round.objects.exists()


def test_sign_up_logs_the_new_host_in(client):
    response = client.post("/accounts/signup/", {"username": "newhost", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/sessions/"
    assert "My sessions" in text_of(client.get("/sessions/"))


def test_log_in_and_log_out(client):
    UserFactory(username="ann")
    response = client.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/sessions/"
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/sessions/").status_code == 302


def test_logins_are_throttled_after_five_failures_with_a_clear_message(client):
    UserFactory(username="ann")
    for _ in range(4):
        response = client.post("/accounts/login/", {"username": "ann", "password": "wrong"})
        assert response.status_code == 200 and "Please enter a correct username and password" in text_of(response)
    assert client.post("/accounts/login/", {"username": "ann", "password": "wrong"}).status_code == 429
    response = client.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many failed log-ins" in text_of(response) and "locked for 15 minutes" in text_of(response)


# --- Sessions -----------------------------------------------------------------------------------


def test_my_sessions_newest_first_in_a_constant_number_of_queries(host_client, host, django_assert_max_num_queries):
    for day in range(1, 13):
        SessionFactory(host=host, title=f"Evening {day}", played_on=f"2026-10-{day:02d}", players=["Ann", "Bob"])
    SessionFactory(title="Not mine")
    with django_assert_max_num_queries(4):
        response = host_client.get("/sessions/")
    titles = re.findall(r"<strong>(Evening \d+)</strong>", response.content.decode())
    assert titles == [f"Evening {day}" for day in range(12, 0, -1)]
    assert "Not mine" not in response.content.decode()


def test_a_new_session_with_players_from_the_circle_and_new_names(host_client, host):
    session_start(host=host, title="Before", played_on="2026-11-01", player_names=["Ann", "Bob"])
    response = host_client.post(
        "/sessions/new/",
        {"title": "Tonight", "played_on": "2026-11-22", "players": ["Ann"], "new_players": "cy, Bob\nDi"},
    )
    session = Session.objects.get(title="Tonight")
    assert response.status_code == 302 and response["Location"] == session.get_absolute_url()
    assert sorted(p.name for p in session.players.all()) == ["Ann", "Bob", "Cy", "Di"]
    assert host.players.count() == 4


def test_a_new_session_needs_two_players_and_keeps_what_was_typed(host_client):
    response = host_client.post("/sessions/new/", {"title": "Tonight", "played_on": "2026-11-22", "new_players": "Ann"})
    assert response.status_code == 200 and not Session.objects.exists()
    assert field_error(response, "new_players") == "A session needs at least two players."
    assert 'value="Tonight"' in response.content.decode()


def test_a_name_entered_twice_is_named_and_what_was_typed_is_kept(host_client):
    response = host_client.post(
        "/sessions/new/", {"title": "Tonight", "played_on": "2026-11-22", "new_players": "ann, Ann"}
    )
    assert response.status_code == 200 and not Session.objects.exists()
    assert field_errors(response) == [("new_players", "Ann is entered twice: each player once.")]
    assert ">\nann, Ann</textarea>" in response.content.decode()


def test_a_name_ticked_in_the_circle_and_typed_again_is_entered_twice(host_client, host):
    session_start(host=host, title="Before", played_on="2026-11-01", player_names=["Ann", "Bob"])
    response = host_client.post(
        "/sessions/new/",
        {"title": "Tonight", "played_on": "2026-11-22", "players": ["Ann", "Bob"], "new_players": "bob"},
    )
    assert field_errors(response) == [("new_players", "Bob is entered twice: each player once.")]
    assert Session.objects.count() == 1


def test_a_semicolon_is_not_a_separator_and_a_name_holding_one_is_refused(host_client):
    response = host_client.post(
        "/sessions/new/", {"title": "Tonight", "played_on": "2026-11-22", "new_players": "Ann; Bob\nCy"}
    )
    assert response.status_code == 200 and not Session.objects.exists()
    assert field_errors(response) == [("new_players", NAME_SEPARATOR.format(name="Ann; Bob"))]
    assert NAME_SEPARATOR.format(name="Ann; Bob") == (
        "“Ann; Bob”: a name cannot hold “;”. Put each player on a line of their own, or separate them with commas."
    )
    assert ">\nAnn; Bob\nCy</textarea>" in response.content.decode()


# --- Games and rounds ------------------------------------------------------------------------------


def new_game(client, session, kind: str, seats: tuple[str, ...], first_dealer: str, **options: str):
    """The new game form posted: its kind, each player's seat ("" for none), the first dealer,
    and the kind's ``options`` (each named as the form names it after the kind)."""
    data = {
        "kind": kind,
        **{f"{kind}-{name}": value for name, value in options.items()},
        **{f"seat_{index}": seat for index, seat in enumerate(seats)},
        "first_dealer": first_dealer,
    }
    return client.post(f"/sessions/{session.public_id}/games/new/", data)


def test_a_new_game_with_its_options_seats_and_first_dealer(host_client, evening):
    response = new_game(
        host_client, evening, "crash", ("2", "1", ""), "Bob", preset="arena", target="10", cards="9", ignore="pair"
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.options == {"first_dealer": 0, "preset": "arena", "target": 10, "cards": 9, "ignore": "pair"}
    assert [s.player.name for s in game.seats.order_by("position")] == ["Bob", "Ann"]


def test_a_new_game_refuses_seats_shared_or_a_first_dealer_not_seated(host_client, evening):
    response = new_game(host_client, evening, "stop_the_bus", ("1", "1", ""), "Cy", tokens="3", rules="brag")
    assert field_error(response, "seat_1") == "Two players cannot share seat 1."
    assert not Game.objects.exists()


def test_the_session_page_shows_standings_the_dealer_and_the_entry_form(host_client, evening, bus):
    response = host_client.get(evening.get_absolute_url())
    text = text_of(response)
    assert "Stop the Bus · game 1" in text and "Next to deal: Ann" in text
    assert "Round 1: enter the hands" in text
    assert 'name="hand_2"' in response.content.decode()


def test_recording_a_round_shows_its_outcome_at_once_through_htmx(host_client, evening, bus):
    response = host_client.post(
        evening.get_absolute_url(), bus_round(1, Ann="As Ks Qs", Bob="2c 3d 5h", Cy="7c 7d 9s"), headers=HX
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="game"') and "<html" not in html
    text = text_of(response)
    assert "Round 1 recorded" in text
    assert "Bob's 5 high (5-3-2) is the worst hand: Bob loses a token (none left)" in text
    assert "Bob has no tokens left: Bob is out" in text
    assert "Next to deal: Cy" in text and "Round 2: enter the hands" in text
    assert Round.objects.get().entry == {"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}


def test_without_javascript_recording_redirects_to_the_session_page(host_client, evening, bus):
    response = host_client.post(evening.get_absolute_url(), bus_round(1, Ann="As Ks Qs", Bob="2c 3d 5h", Cy="7c 7d 9s"))
    assert response.status_code == 302 and response["Location"] == evening.get_absolute_url()
    assert "Bob is out" in text_of(host_client.get(evening.get_absolute_url()))


def test_an_entry_error_is_shown_next_to_its_field_and_nothing_is_saved(host_client, evening, bus):
    response = host_client.post(
        evening.get_absolute_url(), bus_round(1, Ann="As Ks Qs", Bob="Qs 3d 5h", Cy="7c 7d"), headers=HX
    )
    assert field_error(response, "hand_2") == "expected three cards, got 2: 7♣ 7♦"
    assert 'value="Qs 3d 5h"' in response.content.decode()
    response = host_client.post(
        evening.get_absolute_url(), bus_round(1, Ann="As Ks Qs", Bob="Qs 3d 5h", Cy="7c 7d 9h"), headers=HX
    )
    assert field_error(response, "hand_1") == "Q♠ is in Ann's hand and in Bob's hand"
    assert not Round.objects.exists()


def test_the_same_form_sent_twice_records_one_round_and_answers_what_the_first_did(host_client, evening, bus):
    data = bus_round(1, Ann="As Ks Qs", Bob="2c 3d 5h", Cy="7c 7d 9s")
    first = host_client.post(evening.get_absolute_url(), data, headers=HX)
    again = host_client.post(evening.get_absolute_url(), data, headers=HX)
    assert Round.objects.count() == 1
    assert said(first) == said(again) | {"status": "recorded"}
    assert said(again) == {
        "id": data["submission"],
        "status": "repeated",
        "number": 1,
        "message": (
            "Round 1 recorded: Bob's 5 high (5-3-2) is the worst hand: Bob loses a token (none left); "
            "Bob has no tokens left: Bob is out"
        ),
    }
    text = text_of(without_pad(again))
    assert "Round 1 recorded" in text and "Round 2: enter the hands" in text and "already" not in text
    assert "Round 1 recorded: Bob" in text_of(pad_of(again))


def test_another_form_for_a_round_already_recorded_is_refused_and_says_so(host_client, evening, bus):
    """Two phones entered round 1: the second one's form records nothing."""
    host_client.post(
        evening.get_absolute_url(), bus_round(1, Ann="As Ks Qs", Bob="2c 3d 5h", Cy="7c 7d 9s"), headers=HX
    )
    other = host_client.post(
        evening.get_absolute_url(), bus_round(1, Ann="As Ks Qs", Bob="2c 3d 5h", Cy="7c 7d 9s"), headers=HX
    )
    text = text_of(without_pad(other))
    assert Round.objects.count() == 1 and said(other)["status"] == "refused"
    assert text.count(ROUND_ALREADY_RECORDED.format(number=1)) == 1
    assert "Round 1 recorded" not in text and "Round 2: enter the hands" in text


@pytest.mark.django_db(transaction=True)
def test_the_loser_of_two_submits_at_once_sees_the_winners_round_not_a_claim_it_recorded_it(
    host_client, evening, bus, host
):
    """The other phone's submit commits between this one's read of the game and its write."""
    entry = {"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}
    data = bus_round(1, Ann="As Ks Qs", Bob="2c 3d 5h", Cy="7c 7d 9s")
    with before_first_write(lambda: round_record(game=bus, number=1, entry=entry, by=host)):
        response = host_client.post(evening.get_absolute_url(), data, headers=HX)
    text = text_of(without_pad(response))  # the pad repeats it
    assert Round.objects.count() == 1
    assert text.count(ROUND_ALREADY_RECORDED.format(number=1)) == 1
    assert "Round 1 recorded" not in text and 'class="last-round just-recorded"' not in response.content.decode()
    assert "Bob loses a token (none left)" in text and "Round 2: enter the hands" in text


def test_the_game_ends_with_a_winner_and_offers_another_game(host_client, evening, bus, host):
    round_record(game=bus, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}, by=host)
    response = host_client.post(evening.get_absolute_url(), bus_round(2, Ann="As Ks Qs", Cy="2c 3d 5h"), headers=HX)
    text = text_of(response)
    assert "Winner: Ann" in text and "Ann is the last player with tokens: Ann wins" in text
    assert "Start another game" in text and "enter the hands" not in text


def standings_of(response) -> list[str]:
    """The session page's standings, a row's words each (its badges included)."""
    table = re.search(r'<table class="standings">.*?</table>', response.content.decode(), re.S).group(0)
    return [text_of(row).strip() for row in re.findall(r"<tr class=.*?</tr>", table, re.S)]


def test_the_standings_mark_who_deals_next_who_is_out_and_who_won(host_client, evening, bus, host):
    assert standings_of(host_client.get(evening.get_absolute_url())) == ["Ann deals next 1", "Bob 1", "Cy 1"]
    response = host_client.post(evening.get_absolute_url(), bus_round(1, Ann="As Ks Qs", Bob="2c 3d 5h", Cy="7c 7d 9s"))
    assert standings_of(host_client.get(evening.get_absolute_url())) == ["Ann 1", "Bob out 0", "Cy deals next 1"]
    response = host_client.post(evening.get_absolute_url(), bus_round(2, Ann="As Ks Qs", Cy="2c 3d 5h"), headers=HX)
    assert standings_of(response) == ["Ann won 1", "Bob out 0", "Cy out 0"]


def test_the_session_page_runs_a_constant_number_of_queries(
    host_client, evening, bus, host, django_assert_max_num_queries
):
    game = game_start(session=evening, kind="commerce", seat_names=["Ann", "Bob", "Cy"], options={"stake": 2})
    for number in range(1, 31):
        round_record(
            game=game, number=number, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}
        )
    # the seats and their phones, the seats' hands of the round being entered: three of them
    with django_assert_max_num_queries(13) as captured:
        host_client.get(evening.get_absolute_url())
    few = len(captured.captured_queries)
    game_start(session=evening, kind="crash", seat_names=["Ann", "Bob"], options={})
    with django_assert_max_num_queries(few):
        host_client.get(evening.get_absolute_url())


def test_recording_a_round_reads_and_writes_in_a_bounded_number_of_queries(
    host_client, evening, bus, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    """The page shows what the service committed; what is rendered after the commit, once
    for every board and once for every seat (their shared part, then each seat's own), reads
    no more than the tally, the last round's cards and the seats' hands, the game's seats and
    rounds, and the seats' links: never a replay."""
    with django_capture_on_commit_callbacks() as hooks, django_assert_max_num_queries(25):
        response = host_client.post(
            evening.get_absolute_url(), bus_round(1, Ann="As Ks Qs", Bob="Jh Jd 4c", Cy="7c 7d 9s"), headers=HX
        )
    assert "Round 1 recorded" in text_of(response)
    with django_assert_max_num_queries(8):
        for hook in hooks:
            hook()
    assert Round.objects.count() == 1 and bus.performances.count() == 3


def test_the_card_picker_offers_the_52_cards_on_the_round_form_and_the_hand_judge(host_client, evening, bus):
    for url in (evening.get_absolute_url(), "/"):
        html = host_client.get(url).content.decode()
        assert html.count('class="pick ') == 52 and 'data-card="AS"' in html and 'data-card="2C"' in html


def test_correcting_a_past_round_asks_for_confirmation_then_re_derives(host_client, evening, bus, host):
    round_record(game=bus, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}, by=host)
    url = f"/sessions/{evening.public_id}/games/{bus.public_id}/rounds/1/"
    assert 'value="2C 3D 5H"' in host_client.get(url).content.decode()
    data = bus_round(1, Ann="2c 3d 5h", Bob="As Ks Qs", Cy="7c 7d 9s")
    review = host_client.post(url, {**data, "action": "review"})
    assert "Ann's 5 high (5-3-2) is the worst hand" in text_of(review) and "Save the correction" in text_of(review)
    assert Round.objects.get().entry["hands"]["Ann"] == "AS KS QS"
    response = host_client.post(url, {**data, "action": "confirm"})
    assert response.status_code == 302
    round_ = Round.objects.get()
    assert round_.entry["hands"]["Ann"] == "2C 3D 5H" and round_.corrected_at
    assert round_.revisions.get().entry["hands"]["Ann"] == "AS KS QS"
    text = text_of(host_client.get(evening.get_absolute_url()))
    assert "Ann has no tokens left: Ann is out" in text and "corrected" in text
    assert "First recorded as: Ann: Q♠ K♠ A♠; Bob: 5♥ 3♦ 2♣; Cy: 7♦ 7♣ 9♠" in text


def test_deleting_the_last_round_asks_first(host_client, evening, bus, host):
    round_record(game=bus, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}, by=host)
    url = f"/sessions/{evening.public_id}/games/{bus.public_id}/delete-last/"
    assert "Delete round 1 of Stop the Bus · game 1?" in text_of(host_client.get(url))
    assert host_client.post(url, sent({"number": "1"})).status_code == 302
    assert not Round.objects.exists()


def test_the_new_session_form_offers_todays_date_as_a_date_input_can_read_it(host_client):
    html = host_client.get("/sessions/new/").content.decode()
    assert re.search(r'type="date" name="played_on" value="\d{4}-\d{2}-\d{2}"', html)


def test_the_admin_shows_every_model(client, evening, bus, host):
    from django.contrib.auth import get_user_model

    admin = get_user_model().objects.create_superuser("boss", "boss@example.org", PASSWORD)
    client.force_login(admin)
    round_record(game=bus, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}, by=host)
    for model in ["player", "session", "game", "seat", "round", "roundrevision", "performance"]:
        assert client.get(f"/admin/scoring/{model}/").status_code == 200, model
    assert client.get(f"/admin/scoring/game/{bus.pk}/change/").status_code == 200
    assert client.get("/admin/scoring/performance/add/").status_code == 403  # derived: not entered by hand


def test_the_crash_setting_check_answers_as_the_host_types(host_client, evening):
    game = game_start(session=evening, kind="crash", seat_names=["Ann", "Bob"], options={})
    url = f"/sessions/{evening.public_id}/games/{game.public_id}/setting-check/"
    response = host_client.get(url, {"seat": "1", "hand_1_1": "7c 7d 9s", "hand_1_2": "Ah Kh Qh"}, headers=HX)
    assert text_of(response).strip() == (
        "Hand 2 (Q♥ K♥ A♥, a running flush) is stronger than hand 1 (7♦ 7♣ 9♠, a pair of 7s): "
        "foul if left like this, out of the game; legal order: Q♥ K♥ A♥, 7♦ 7♣ 9♠ Use this order"
    )
    response = host_client.get(url, {"seat": "1", "hand_1_1": "Ah Kh Qh", "hand_1_2": "7c 7d 9s"}, headers=HX)
    assert text_of(response).strip() == "In order."
    response = host_client.get(url, {"seat": "1", "hand_1_1": "Ah Kh"}, headers=HX)
    assert text_of(response).strip() == ""


def test_a_crash_round_with_a_declaration_through_the_form(host_client, evening):
    game = game_start(session=evening, kind="crash", seat_names=["Ann", "Bob"], options={})
    response = host_client.post(
        evening.get_absolute_url(),
        sent(
            {
                "number": "1",
                "hand_0_1": "Ks Kh 2c",
                "declare_1": "six_pairs",
                "declared_1": "2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h 8s",
            }
        ),
        headers=HX,
    )
    assert "Bob declares six pairs: the deal is void, nobody scores, and Ann deals again" in text_of(response)
    assert game.rounds.get().entry["declarations"] == {"Bob": ["six_pairs", "2S 2H 3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S"]}


def test_ending_a_commerce_game_asks_first_and_names_the_winner(host_client, evening, host):
    game = game_start(session=evening, kind="commerce", seat_names=["Ann", "Bob"], options={"stake": 5})
    round_record(game=game, number=1, entry={"hands": {"Ann": "AS KS 6S", "Bob": "QH QD 2C"}}, by=host)
    url = f"/sessions/{evening.public_id}/games/{game.public_id}/end/"
    assert "End Commerce · game 1 after round 1?" in text_of(host_client.get(url))
    assert host_client.post(url, sent({})).status_code == 302
    text = text_of(host_client.get(evening.get_absolute_url()))
    assert "Winner: Ann" in text and "enter the hands" not in text


def test_a_correction_that_breaks_a_later_round_is_refused_with_the_round_named(host_client, evening, host):
    game = game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 1})
    round_record(
        game=game, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "2C 3D 5H"}}, by=host
    )
    round_record(game=game, number=2, entry={"hands": {"Ann": "2C 3D 5H", "Bob": "AS KS QS"}}, by=host)
    url = f"/sessions/{evening.public_id}/games/{game.public_id}/rounds/1/"
    response = host_client.post(
        url, {**bus_round(1, Ann="As Ks Qs", Bob="2c 3d 5h", Cy="7c 7d 9s"), "action": "confirm"}
    )
    assert "Round 2: Bob is out of the game (no tokens left) and gives nothing" in text_of(response)
    assert game.rounds.get(number=1).entry["hands"]["Bob"] == "7C 7D 9S"


def test_export_and_import_from_the_web(host_client, evening, bus, host, client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    round_record(game=bus, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}, by=host)
    one = host_client.get(f"/sessions/{evening.public_id}/export/")
    assert one["Content-Disposition"] == 'attachment; filename="brag-referee-2026-11-20.json"'
    everything = host_client.get("/sessions/export/")
    assert everything.content == one.content  # one session is all this host has
    friend = UserFactory(username="friend")
    client.force_login(friend)
    response = client.post("/sessions/import/", {"file": SimpleUploadedFile("friday.json", one.content)})
    assert response.status_code == 302
    assert client.get("/sessions/export/").content == one.content
    bad = client.post("/sessions/import/", {"file": SimpleUploadedFile("bad.json", one.content[:40])})
    assert field_error(bad, "file").startswith("Nothing was imported: the file is not JSON (it may be truncated)")
    nested = client.post(
        "/sessions/import/", {"file": SimpleUploadedFile("deep.json", b"[" * 100_000 + b"]" * 100_000)}
    )
    assert nested.status_code == 200
    assert (
        field_error(nested, "file")
        == "Nothing was imported: the file is nested too deeply: it is not a Brag referee export"
    )
    assert Session.objects.filter(host=friend).count() == 1


def test_importing_the_same_file_twice_from_the_web_skips_and_says_so(host_client, evening, bus, host):
    from django.core.files.uploadedfile import SimpleUploadedFile

    round_record(game=bus, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}, by=host)
    session_start(host=host, title="Saturday", played_on="2026-11-21", player_names=["Ann", "Bob"])
    file = host_client.get("/sessions/export/").content
    evening.delete()
    first = host_client.post("/sessions/import/", {"file": SimpleUploadedFile("all.json", file)}, follow=True)
    assert "1 session imported, 1 already here was skipped." in text_of(first)
    again = host_client.post("/sessions/import/", {"file": SimpleUploadedFile("all.json", file)}, follow=True)
    assert "0 sessions imported, 2 already here were skipped." in text_of(again)
    assert Session.objects.filter(host=host).count() == 2


def test_another_hosts_session_cannot_be_exported(client, evening):
    client.force_login(UserFactory(username="stranger"))
    assert client.get(f"/sessions/{evening.public_id}/export/").status_code == 404


def test_the_session_page_shows_the_latest_rounds_and_earlier_ones_a_tap_away(host_client, evening, host):
    game = game_start(session=evening, kind="commerce", seat_names=["Ann", "Bob"], options={})
    for number in range(1, 26):
        round_record(game=game, number=number, by=host, entry={"hands": {"Ann": "AS KS 6S", "Bob": "QH QD 2C"}})
    shown = re.compile(r"<strong>Round (\d+)</strong>")
    latest = host_client.get(evening.get_absolute_url())
    assert [int(n) for n in shown.findall(latest.content.decode())] == list(range(25, 15, -1))
    assert "Earlier rounds" in text_of(latest) and "Rounds: page 1 of 3" in text_of(latest)
    earliest = host_client.get(evening.get_absolute_url(), {"page": 3})
    assert [int(n) for n in shown.findall(earliest.content.decode())] == list(range(5, 0, -1))
    assert "Newer rounds" in text_of(earliest) and "Earlier rounds" not in text_of(earliest)


def test_a_round_opened_for_correction_shows_the_players_who_were_in_when_it_was_dealt(host_client, evening, bus, host):
    """Bob goes out in round 1 (one token each): round 1's correction has his hand, round 2's
    has not."""
    round_record(game=bus, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}, by=host)
    round_record(game=bus, number=2, entry={"hands": {"Ann": "AH KH QH", "Cy": "2D 3C 5S"}}, by=host)
    url = f"/sessions/{evening.public_id}/games/{bus.public_id}/rounds/{{}}/"
    first, second = (host_client.get(url.format(number)) for number in (1, 2))
    assert "Bob's hand" in text_of(first) and 'value="2C 3D 5H"' in first.content.decode()
    assert "Bob's hand" not in text_of(second) and "Cy's hand" in text_of(second)
    assert host_client.get(url.format(3)).status_code == 404


def test_the_setting_check_opened_as_a_page_is_the_games_page(host_client, evening):
    game = game_start(session=evening, kind="crash", seat_names=["Ann", "Bob"], options={})
    response = host_client.get(f"/sessions/{evening.public_id}/games/{game.public_id}/setting-check/", {"seat": "0"})
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
