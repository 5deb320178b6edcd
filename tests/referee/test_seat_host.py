"""The host's side of the players' own phones: the seats' links and QR codes on the host's
page, new links, the codes on the TV, the host's own seat; the table panel (a tick per seat,
never a card, until the reveal), the reveal (once, for the round being entered), the form
filled with the revealed hands, and the board's ticks and showdown. Every new address
answers 404 to another host."""

import re
import uuid

import pytest
from django.urls import reverse

from referee.board.render import render_board
from referee.presenters import shown
from referee.views.seat_links import NEW_LINK, NEW_LINKS
from referee.views.table import REVEALED
from scoring import queries
from scoring.models import Game, Round, Session, SessionPlayer
from scoring.services import (
    REVEAL_NOT_NEXT,
    game_start,
    host_plays_as,
    round_record,
    round_reveal,
    seat_codes_show,
    seat_hand_send,
    seat_seen,
    session_start,
)

from ..data import hands
from ..factories import UserFactory
from ..pages import HX, sent, text_of
from .seats import without_pad

pytestmark = pytest.mark.django_db

ANN, BOB, CY = "As Ks Qs", "2c 3d 5h", "7h 7d 9c"
# Every way a card of these hands could be written on a page: as typed, as stored, as chips.
CARD_TEXTS = ("As Ks Qs", "AS KS QS", "2c 3d 5h", "2C 3D 5H", "7h 7d 9c", "7H 7D 9C", "Q♠", "5♥", "9♣")
CRASH_ANN = ["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s", "2s 2h 5d"]
CRASH_BOB = ["As Ad Ac", "Js Qs Ks", "8c 8d 4s", "6h 6d 5c"]


def send(game, name, cards, number=1):
    entry = {"hands": {name: cards}}
    player = game.session.players.get(name=name)
    return seat_hand_send(game=game, player=player, number=number, entry=entry, submission=uuid.uuid4())


def panel(client, session, game=None) -> str:
    """The table panel as the host's page shows it: the game ``game``, or the game being played."""
    query = f"?game={game.number}" if game else ""
    page = client.get(session.get_absolute_url() + query)
    assert page.status_code == 200
    return re.search(r'<section id="table-panel".*?</section>', page.content.decode(), re.S).group(0)


def reveal(client, game, number=1, **kwargs):
    url = reverse("reveal-round", args=[game.session.public_id, game.public_id])
    return client.post(url, {"number": str(number)}, **kwargs)


def cards_in(markup: str) -> list[str]:
    return [text for text in CARD_TEXTS if text.lower() in markup.lower()]


def as_seen(markup: str) -> str:
    """A page without what is made afresh each time (its CSRF token)."""
    return without_pad(markup)


def board_seats_place(session) -> str:
    """Where the board shows the seats' codes ("large", "corner"), as a board opened now reads it."""
    board = render_board(Session.objects.get(pk=session.pk)).html
    return re.search(r'id="board-seats"[^>]*class="seats-slot (\w+)"', board)[1]


def seat(session, name) -> SessionPlayer:
    return SessionPlayer.objects.get(session=session, player__name=name)


# --- The table panel: ticks only until the reveal ------------------------------------------------


def test_the_panel_ticks_each_seat_that_sent_and_shows_no_card_before_the_reveal(host_client, evening, bus):
    send(bus, "Ann", ANN)
    send(bus, "Bob", BOB)
    markup = panel(host_client, evening, bus)
    text = text_of(markup)
    assert "Round 1 from the players' phones" in text
    assert re.search(r"Ann ✓ .*Bob ✓ .*Cy …", text)
    assert "Not sent yet: Cy." in as_read(text) and "Reveal" in text
    assert cards_in(markup) == []
    page = host_client.get(evening.get_absolute_url())  # the whole page: its form is empty
    assert cards_in(page.content.decode().split('<div class="pad"')[0]) == []
    assert 'value="As Ks Qs"' not in page.content.decode()


def test_the_names_not_sent_yet_are_a_list_without_a_stray_comma(host_client, evening, bus):
    send(bus, "Bob", BOB)
    text = as_read(panel(host_client, evening, bus))
    assert "Not sent yet: Ann, Cy." in text
    send(bus, "Cy", CY)  # the last seat in, the first not: this read "Not sent yet: Ann, ."
    assert "Not sent yet: Ann." in as_read(panel(host_client, evening, bus))


def as_read(page) -> str:
    """The page's text as a browser lays it out: no space before a comma or a full stop
    where markup ends a name (each name of "Not sent yet" is an element of its own)."""
    return re.sub(r"\s+([,.])", r"\1", text_of(page))


def test_the_panel_says_a_clash_in_the_hosts_words_at_the_reveal_and_not_before(host_client, evening, bus):
    send(bus, "Ann", ANN)
    send(bus, "Bob", "As 3d 5h")
    before = panel(host_client, evening, bus)
    send(bus, "Bob", "Js 3d 5h")  # no clash: the host who plays sees the very same panel
    after = panel(host_client, evening, bus)
    assert as_seen(before) == as_seen(after)
    assert "both entered" not in text_of(before) and "clash" not in before
    send(bus, "Bob", "As 3d 5h")
    round_reveal(game=bus, number=1)
    assert "Ann and Bob both entered A♠" in text_of(panel(host_client, evening, bus))


def test_a_host_only_evening_shows_no_panel_until_a_seat_takes_part(host_client, evening, bus):
    markup = panel(host_client, evening, bus)
    assert "from the players' phones" not in text_of(markup) and "is-idle" in markup
    seat_seen(seat(evening, "Cy").seat_token)
    text = text_of(panel(host_client, evening, bus))
    assert "Cy … ● phone connected" in text and "No hand sent yet." in text


def test_enter_for_this_seat_links_each_seat_and_the_hosts_own_seat_comes_first_as_your_hand(host_client, evening, bus):
    bob = evening.players.get(name="Bob")
    host_client.post(reverse("host-plays", args=[evening.public_id]), {"player": str(bob.public_id)})
    assert Session.objects.get(pk=evening.pk).host_player == bob
    markup = panel(host_client, evening, bus)
    links = re.findall(r'<a class="(?:tick-enter|button primary)" href="([^"]+)"[^>]*>([^<]+)</a>', markup)
    assert re.search(r"Bob \(you\) …", text_of(markup))
    ids = {player.name: player.public_id for player in evening.players.all()}
    assert links == [
        (reverse("host-seat-hand", args=[evening.public_id, ids["Bob"]]), "Your hand"),
        (reverse("host-seat-hand", args=[evening.public_id, ids["Ann"]]), "Enter for this seat"),
        (reverse("host-seat-hand", args=[evening.public_id, ids["Cy"]]), "Enter for this seat"),
    ]
    host_client.post(reverse("host-plays", args=[evening.public_id]), {"player": ""})
    assert Session.objects.get(pk=evening.pk).host_player is None


# --- The reveal ---------------------------------------------------------------------------------


def test_a_double_tap_on_reveal_reveals_once(host_client, evening, bus):
    send(bus, "Ann", ANN)
    revision = Session.objects.get(pk=evening.pk).revision
    first = reveal(host_client, bus, headers=HX)
    second = reveal(host_client, bus, headers=HX)
    assert first.status_code == second.status_code == 200
    assert REVEALED.format(number=1) in text_of(first) and REVEALED.format(number=1) not in text_of(second)
    assert Game.objects.get(pk=bus.pk).revealed == 1
    assert Session.objects.get(pk=evening.pk).revision == revision + 1  # one change, one broadcast


def test_a_reveal_for_a_round_no_longer_being_entered_is_refused(host_client, evening, bus, host):
    round_record(game=bus, number=1, entry=hands(Ann=ANN, Bob=BOB, Cy=CY), by=host)
    response = reveal(host_client, bus, number=1, headers=HX)
    assert REVEAL_NOT_NEXT.format(number=1, expected=2) in text_of(response)
    assert Game.objects.get(pk=bus.pk).revealed == 0


def test_reveal_without_htmx_goes_back_to_the_game(host_client, evening, bus):
    send(bus, "Ann", ANN)
    response = reveal(host_client, bus)
    assert response.status_code == 302 and response["Location"] == bus.get_absolute_url()


def test_after_the_reveal_the_form_holds_every_hand_and_the_outcome_then_records_in_one_tap(host_client, evening, bus):
    for name, cards in (("Ann", ANN), ("Bob", BOB), ("Cy", CY)):
        send(bus, name, cards)
    response = reveal(host_client, bus, headers=HX)
    markup = response.content.decode()
    # The hands as the pad types them, whatever the seats typed.
    for field, cards in (("hand_0", "A♠ K♠ Q♠"), ("hand_1", "2♣ 3♦ 5♥"), ("hand_2", "7♥ 7♦ 9♣")):
        assert re.search(rf'name="{field}" value="{cards}"', markup), field
    assert "data-draft-revealed" in markup
    said = "If you record it: Bob's 5 high (5-3-2) is the worst hand: Bob loses a token (1 left)."
    assert REVEALED.format(number=1) + " " + said in text_of(response)  # the pad says it too
    assert "If you record these hands: Bob's 5 high (5-3-2) is the worst hand: Bob loses a token (1 left)" in (
        text_of(response)
    )
    number = re.search(r'name="number" value="(\d+)"', markup).group(1)
    submission = re.search(r'name="submission" value="([\w-]+)"', markup).group(1)
    recorded = host_client.post(
        bus.get_absolute_url(),
        {"number": number, "submission": submission, "hand_0": ANN, "hand_1": BOB, "hand_2": CY},
        headers=HX,
    )
    assert "Round 1 recorded" in text_of(recorded)
    assert Round.objects.get(game=bus).entry == {"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7H 7D 9C"}}


def test_a_revealed_round_with_a_seat_missing_says_which_in_the_engines_words(host_client, evening, bus):
    send(bus, "Ann", ANN)
    send(bus, "Bob", BOB)
    text = text_of(reveal(host_client, bus, headers=HX))
    assert "Not complete yet: Cy is still in the game but gave no hand" in text


def test_a_revealed_crash_round_fills_each_hand_of_each_seat(host_client, evening):
    crash = game_start(session=evening, kind="crash", seat_names=["Ann", "Bob"], options={"preset": "classic"})
    for name, placed in (("Ann", CRASH_ANN), ("Bob", CRASH_BOB)):
        player = evening.players.get(name=name)
        seat_hand_send(game=crash, player=player, number=1, entry={"hands": {name: placed}}, submission=uuid.uuid4())
    markup = reveal(host_client, crash, headers=HX).content.decode()
    for seat_index, placed in enumerate((CRASH_ANN, CRASH_BOB)):
        for position, cards in enumerate(placed, 1):
            assert re.search(rf'name="hand_{seat_index}_{position}" value="{shown(cards)}"', markup)


# --- The board ------------------------------------------------------------------------------------


def test_the_board_ticks_the_seats_that_sent_and_shows_no_card_until_the_reveal(evening, bus):
    assert "Round 1:" not in text_of(render_board(evening).html)  # nobody sent: no line
    send(bus, "Ann", ANN)
    send(bus, "Cy", CY)  # the last seat in, the first not: this read "Not sent yet: Ann, ."
    before = render_board(evening).html
    assert "Round 1: Ann ✓ Bob … Cy ✓" in text_of(before)
    assert cards_in(before) == [] and 'class="card' not in before
    round_reveal(game=bus, number=1)
    after = render_board(evening).html
    assert "Round 1: Ann ✓" not in text_of(after)  # the ticks give way to the showdown
    assert "Round 1: the showdown" in text_of(after) and "Not complete yet: Bob is still in the game" in text_of(after)
    assert {"Q♠", "9♣"} <= set(cards_in(after)) and after.count('class="card suit') == 6


def test_the_board_shows_the_revealed_hands_and_what_recording_them_would_do(evening, bus):
    for name, cards in (("Ann", ANN), ("Bob", BOB), ("Cy", CY)):
        send(bus, name, cards)
    round_reveal(game=bus, number=1)
    text = text_of(render_board(evening).html)
    assert "Round 1: the showdown If the host records it: Bob's 5 high (5-3-2) is the worst hand" in text
    assert render_board(evening).html.count('class="card suit') == 9


def test_the_seat_codes_show_on_the_board_on_request_and_go_again(host_client, client, evening, bus):
    assert "seat-codes-" not in render_board(evening).html
    codes_url = reverse("board-seat-codes", args=[evening.share_token])
    assert client.get(codes_url).status_code == 404  # the board's link alone never gives the seats' away
    host_client.post(reverse("seat-codes", args=[evening.public_id]), {"shown": "1"})
    board = render_board(Session.objects.get(pk=evening.pk)).html
    assert re.search(r'id="seat-codes-\w+"[^>]*hx-get="' + re.escape(codes_url), board)
    codes = client.get(codes_url)
    assert codes.status_code == 200 and text_of(codes).count("Scan to open") == 3
    assert [name.strip() for name in re.findall(r'class="code-name">([^<]+)<', codes.content.decode())] == [
        "Ann",
        "Bob",
        "Cy",
    ]
    assert seat(evening, "Ann").seat_token not in board  # the board's broadcast carries no seat link
    host_client.post(reverse("seat-codes", args=[evening.public_id]), {"shown": "0"})
    assert "seat-codes-" not in render_board(Session.objects.get(pk=evening.pk)).html
    assert client.get(codes_url).status_code == 404


def test_the_seat_codes_go_to_the_corner_once_a_round_is_in_or_every_phone_is_open(client, evening, bus, host):
    seat_codes_show(session=evening, shown=True)

    def place():
        return board_seats_place(evening)

    assert place() == "large"  # nothing else to show in the last round's place yet
    for name in ("Ann", "Bob"):
        seat_seen(seat(evening, name).seat_token)
    assert place() == "large"  # Cy's phone is not open
    seat_seen(seat(evening, "Cy").seat_token)
    assert place() == "corner"
    seat_seen(seat(evening, "Cy").seat_token, False)
    assert place() == "large"
    round_record(game=bus, number=1, entry=hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S"), by=host)
    assert place() == "corner"  # the verdict shows beside the codes


def test_new_seat_links_give_the_board_new_codes(evening, bus):
    from scoring.services import seat_links_rotate

    seat_codes_show(session=evening, shown=True)
    before = re.search(r'id="(seat-codes-\w+)"', render_board(evening).html).group(1)
    seat_links_rotate(session=evening)
    assert re.search(r'id="(seat-codes-\w+)"', render_board(evening).html).group(1) != before


def test_a_new_link_sends_the_board_the_new_links_codes_at_once(
    host_client, evening, bus, django_capture_on_commit_callbacks
):
    from scoring.services import session_changed

    seat_codes_show(session=evening, shown=True)
    before = re.search(r'id="(seat-codes-\w+)"', render_board(evening).html).group(1)
    heard = []
    session_changed.connect(lambda sender, **kwargs: heard.append(kwargs), weak=False, dispatch_uid="rotation")
    try:
        with django_capture_on_commit_callbacks(execute=True):
            host_client.post(reverse("rotate-seat-links", args=[evening.public_id]))
    finally:
        session_changed.disconnect(dispatch_uid="rotation")
    assert len(heard) == 1  # the boards are sent the board again
    after = re.search(r'id="(seat-codes-\w+)"', render_board(heard[0]["session"]).html).group(1)
    assert after != before


SIX = ["Sam", "Ann", "Bob", "Cy", "Di", "Eve"]


def code_names(client, session) -> list[str]:
    codes = client.get(reverse("board-seat-codes", args=[session.share_token])).content.decode()
    return [name.strip() for name in re.findall(r'class="code-name">([^<]+)<', codes)]


def codes_id(session) -> str:
    return re.search(r'id="(seat-codes-\w+)"', render_board(Session.objects.get(pk=session.pk)).html).group(1)


def test_the_board_codes_are_the_game_being_played_s_seats_none_for_the_host_s_own(client, host):
    session = session_start(host=host, title="Six", played_on="2026-11-28", player_names=SIX)
    host_plays_as(session=session, player=session.players.get(name="Sam"))
    seat_codes_show(session=session, shown=True)
    assert code_names(client, session) == ["Ann", "Bob", "Cy", "Di", "Eve"]  # no game yet: every seat but his
    before = codes_id(session)
    crash = game_start(session=session, kind="crash", seat_names=["Sam", "Ann", "Cy", "Eve"], options={})
    assert code_names(client, session) == ["Ann", "Cy", "Eve"]  # Bob and Di sit out, Sam plays on the host's page
    assert codes_id(session) != before  # a board showing codes fetches the new game's
    game_start(session=session, kind="stop_the_bus", seat_names=["Bob", "Di", "Sam"], options={})
    assert code_names(client, session) == ["Bob", "Di"]
    Session.objects.filter(pk=session.pk).update(current_game=crash)  # the Crash game played again
    assert code_names(client, session) == ["Ann", "Cy", "Eve"]


def test_the_board_codes_follow_who_the_host_plays(client, host, django_capture_on_commit_callbacks):
    from scoring.services import session_changed

    session = session_start(host=host, title="Six", played_on="2026-11-28", player_names=SIX)
    game_start(session=session, kind="crash", seat_names=["Sam", "Ann", "Cy", "Eve"], options={})
    seat_codes_show(session=session, shown=True)
    assert code_names(client, session) == ["Sam", "Ann", "Cy", "Eve"]  # the host plays no seat
    before = codes_id(session)
    heard = []
    session_changed.connect(lambda sender, **kwargs: heard.append(kwargs), weak=False, dispatch_uid="host-plays")
    try:
        with django_capture_on_commit_callbacks(execute=True):
            host_plays_as(session=session, player=session.players.get(name="Sam"))
    finally:
        session_changed.disconnect(dispatch_uid="host-plays")
    assert len(heard) == 1  # the boards are sent the board again: its codes, without Sam's
    assert re.search(r'id="(seat-codes-\w+)"', render_board(heard[0]["session"]).html).group(1) != before
    assert code_names(client, session) == ["Ann", "Cy", "Eve"]


def test_the_codes_go_to_the_corner_once_the_phones_of_the_game_s_seats_are_open(client, host):
    session = session_start(host=host, title="Six", played_on="2026-11-28", player_names=SIX)
    host_plays_as(session=session, player=session.players.get(name="Sam"))
    game_start(session=session, kind="crash", seat_names=["Sam", "Ann", "Cy", "Eve"], options={})
    seat_codes_show(session=session, shown=True)

    def place():
        return board_seats_place(session)

    for name in ("Ann", "Cy"):
        seat_seen(seat(session, name).seat_token)
    assert place() == "large"  # Eve's phone is not open
    seat_seen(seat(session, "Eve").seat_token)
    assert place() == "corner"  # neither Bob's nor Di's (sitting out) nor Sam's (the host's) is needed


def test_the_board_says_when_the_coach_is_on(evening, bus):
    assert "Coach while setting" not in text_of(render_board(evening).html)
    game_start(session=evening, kind="crash", seat_names=["Ann", "Bob"], options={"preset": "classic"})
    assert "Coach while setting" not in text_of(render_board(evening).html)
    game_start(session=evening, kind="crash", seat_names=["Ann", "Bob"], options={"preset": "arena", "coach": True})
    assert "Coach while setting: on" in text_of(render_board(evening).html)


# --- The seats' links on the host's page -----------------------------------------------------------


def test_the_hosts_page_gives_each_seat_its_private_link_its_code_and_whether_it_is_connected(
    host_client, evening, bus
):
    seat_seen(seat(evening, "Bob").seat_token)
    response = host_client.get(evening.get_absolute_url())
    markup = response.content.decode()
    section = markup[markup.index('<section class="seat-links"') : markup.index('<section class="board-link"')]
    for name in ("Ann", "Bob", "Cy"):
        link = "http://testserver" + reverse("seat", args=[seat(evening, name).seat_token])
        assert f'href="{link}"' in section and f"Scan to open {name}&#x27;s seat" in section.replace("'", "&#x27;")
    assert re.findall(r"<summary>(\w+)[^<]*<span id=\"phone-[^\"]+\" class=\"badge[^\"]*\">([^<]+)<", section) == [
        ("Ann", "not connected"),
        ("Bob", "connected"),
        ("Cy", "not connected"),
    ]
    assert "Show the seat codes on the TV" in text_of(section) and "New links for everyone" in text_of(section)


def test_the_hosts_page_says_who_sits_out_the_game_being_played_and_keeps_their_link(host_client, host):
    session = session_start(host=host, title="Six", played_on="2026-11-28", player_names=SIX)
    host_plays_as(session=session, player=session.players.get(name="Sam"))
    game_start(session=session, kind="crash", seat_names=["Sam", "Ann", "Cy", "Eve"], options={})
    seat_seen(seat(session, "Ann").seat_token)
    markup = host_client.get(session.get_absolute_url()).content.decode()
    section = markup[markup.index('<section class="seat-links"') : markup.index('<section class="board-link"')]
    assert [text_of(summary).strip() for summary in re.findall(r"<summary>(.*?)</summary>", section)] == [
        "Sam (you)",  # played from this page: no phone to connect
        "Ann connected",
        "Bob not in this game",
        "Cy not connected",
        "Di not in this game",
        "Eve not connected",
    ]
    for name in ("Bob", "Di"):  # the next game may seat them: their link stays at hand
        assert reverse("seat", args=[seat(session, name).seat_token]) in section


def test_a_new_link_for_one_seat_is_asked_first_then_the_old_link_opens_nothing(host_client, evening):
    ann = seat(evening, "Ann")
    bob_token = seat(evening, "Bob").seat_token
    url = reverse("rotate-seat-link", args=[evening.public_id, ann.player.public_id])
    asked = host_client.get(url)
    assert "Give Ann's seat a new link?" in text_of(asked)
    assert queries.seat_of_token(ann.seat_token) is not None  # asking changes nothing
    done = host_client.post(url, follow=True)
    assert NEW_LINK.format(name="Ann") in text_of(done)
    assert queries.seat_of_token(ann.seat_token) is None
    assert queries.seat_of_token(bob_token).player.name == "Bob"


def test_new_links_for_everyone_are_asked_first_then_every_old_link_opens_nothing(host_client, evening):
    tokens = list(SessionPlayer.objects.filter(session=evening).values_list("seat_token", flat=True))
    url = reverse("rotate-seat-links", args=[evening.public_id])
    assert "Give every seat a new link?" in text_of(host_client.get(url))
    done = host_client.post(url, follow=True)
    assert NEW_LINKS in text_of(done)
    assert all(queries.seat_of_token(token) is None for token in tokens)


# --- Only the host -----------------------------------------------------------------------------


def test_every_new_address_answers_404_to_another_host(client, evening, bus):
    send(bus, "Ann", ANN)
    client.force_login(UserFactory(username="another"))
    ann = evening.players.get(name="Ann")
    s = evening.public_id
    gets = [
        reverse("rotate-seat-links", args=[s]),
        reverse("rotate-seat-link", args=[s, ann.public_id]),
    ]
    posts = [
        (reverse("reveal-round", args=[s, bus.public_id]), {"number": "1"}),
        (reverse("rotate-seat-links", args=[s]), {}),
        (reverse("rotate-seat-link", args=[s, ann.public_id]), {}),
        (reverse("seat-codes", args=[s]), {"shown": "1"}),
        (reverse("host-plays", args=[s]), {"player": str(ann.public_id)}),
    ]
    for url in gets:
        assert client.get(url, headers=HX).status_code == 404, url
    for url, data in posts:
        assert client.post(url, sent(data), headers=HX).status_code == 404, url
    session = Session.objects.get(pk=evening.pk)
    assert not session.seat_codes_shown and session.host_player is None
    assert Game.objects.get(pk=bus.pk).revealed == 0


def test_another_sessions_player_is_not_a_seat_of_this_one(host_client, evening, host):
    other = session_start(host=host, title="Saturday", played_on="2026-11-21", player_names=["Di", "Ed"])
    di = other.players.get(name="Di")
    url = reverse("rotate-seat-link", args=[evening.public_id, di.public_id])
    assert host_client.get(url).status_code == 404
    assert host_client.post(reverse("host-plays", args=[evening.public_id]), {"player": "nope"}).status_code == 404
