"""At the table: the session page gives the phones and the TV addresses they can open, the
host's forms pass the CSRF check from the machine's own addresses and names, and `make run`
serves them all. Every request goes to a loopback address: 127.0.0.2 stands in for the room's
address, or the Host header names the machine's real one."""

import re
import socket
import urllib.error

import pytest
from django.test import Client, override_settings
from websockets.sync.client import connect

from referee.links import qr_svg
from referee.management.commands.room_addresses import NO_ROOM_ADDRESS
from referee.network import machine_addresses, machine_names
from scoring.models import Round
from scoring.services import game_start

from ..factories import PASSWORD, UserFactory
from ..pages import sent, text_of
from ..servers import Browser, MakeRun


def board_address(host: str, session) -> str:
    return f"http://{host}/board/{session.share_token}/"


def host_address(host: str, session) -> str:
    return f"http://{host}{session.get_absolute_url()}"


# --- The session page's links -----------------------------------------------------------------------


@pytest.fixture
def room_port():
    """A port the server (a socket here) listens on at the room's address, 127.0.0.2, as
    `make run` listens on every address."""
    with socket.create_server(("127.0.0.2", 0)) as server:
        yield server.getsockname()[1]


@pytest.mark.django_db
@override_settings(ROOM_ADDRESSES=["127.0.0.2", "10.8.0.2"])
@pytest.mark.parametrize("opened_at", ["127.0.0.1", "localhost", "[::1]"])
def test_opened_as_localhost_the_board_link_and_its_qr_code_give_the_room_address(
    host_client, evening, opened_at, room_port
):
    html = host_client.get(evening.get_absolute_url(), HTTP_HOST=f"{opened_at}:{room_port}").content.decode()
    board = board_address(f"127.0.0.2:{room_port}", evening)
    assert f'<a href="{board}" target="_blank" rel="noopener">{board}</a>' in html
    assert qr_svg(board, "Scan to open the board") in html
    assert f"{opened_at}:{room_port}" not in html
    assert "room-unreachable" not in html


@pytest.mark.django_db
@override_settings(ROOM_ADDRESSES=["127.0.0.2"])
def test_on_a_server_listening_on_loopback_only_the_links_stay_loopback_and_say_why(host_client, evening):
    """Started as `manage.py runserver` (127.0.0.1 only), the room's address refuses the phones:
    the page gives no address that refuses them, and says how to start the server for them."""
    with socket.create_server(("127.0.0.1", 0)) as here_only:  # the server: loopback only
        port = here_only.getsockname()[1]
        html = host_client.get(evening.get_absolute_url(), HTTP_HOST=f"127.0.0.1:{port}").content.decode()
    board = board_address(f"127.0.0.1:{port}", evening)
    assert f'<a href="{board}" target="_blank" rel="noopener">{board}</a>' in html
    assert qr_svg(board, "Scan to open the board") in html
    assert "127.0.0.2" not in html
    said = "The server listens on this machine only: start it with “make run” to reach it from the phones and the TV."
    assert text_of(html).count(said) == 2  # by the board's link and by the seats' links


@pytest.mark.django_db
@override_settings(ROOM_ADDRESSES=["127.0.0.2"])
def test_opened_as_localhost_host_from_your_phone_gives_the_room_address(host_client, evening, room_port):
    html = host_client.get(evening.get_absolute_url(), HTTP_HOST=f"localhost:{room_port}").content.decode()
    page = host_address(f"127.0.0.2:{room_port}", evening)
    assert "<summary>Host from your phone</summary>" in html
    assert f'<a href="{page}">{page}</a>' in html and qr_svg(page, "Scan to host from your phone") in html


@pytest.mark.django_db
@override_settings(ROOM_ADDRESSES=["127.0.0.2"], ALLOWED_HOSTS=["kitchen.local"])
def test_opened_at_a_name_the_room_knows_the_links_keep_it(host_client, evening):
    html = host_client.get(evening.get_absolute_url(), HTTP_HOST="kitchen.local:8000").content.decode()
    board, page = board_address("kitchen.local:8000", evening), host_address("kitchen.local:8000", evening)
    assert qr_svg(board, "Scan to open the board") in html and qr_svg(page, "Scan to host from your phone") in html
    assert "127.0.0.2" not in html


# --- CSRF from the room ---------------------------------------------------------------------------------


def room_hosts() -> list[str]:
    """The machine's own name and addresses, as a phone in the room opens them on port 8000."""
    return [f"{host}:8000" for host in [*machine_names()[-1:], *machine_addresses()[:1]]]


def csrf_token(response) -> str:
    """The form's CSRF token, from a page that was served."""
    assert response.status_code == 200
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', response.content.decode()).group(1)


@pytest.mark.django_db
@pytest.mark.parametrize("room_host", room_hosts())
def test_from_the_machines_name_or_address_a_login_and_a_round_pass_the_csrf_check(evening, room_host):
    game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 3})
    phone = Client(enforce_csrf_checks=True, HTTP_HOST=room_host, HTTP_ORIGIN=f"http://{room_host}")
    token = csrf_token(phone.get("/accounts/login/"))
    response = phone.post(
        "/accounts/login/", {"username": "hostess", "password": PASSWORD, "csrfmiddlewaretoken": token}
    )
    assert (response.status_code, response["Location"]) == (302, "/sessions/")
    token = csrf_token(phone.get(evening.get_absolute_url()))
    response = phone.post(
        evening.get_absolute_url(),
        sent({"number": "1", "hand_0": "As Ks Qs", "hand_1": "2c 3d 5h", "csrfmiddlewaretoken": token}),
    )
    assert response.status_code == 302 and Round.objects.filter(game__session=evening).count() == 1


@pytest.mark.django_db
def test_a_post_from_another_sites_page_is_still_refused(evening):
    """The check above is a real one: the same post from a page on another origin fails."""
    room_host = room_hosts()[0]
    phone = Client(enforce_csrf_checks=True, HTTP_HOST=room_host, HTTP_ORIGIN="http://evil.example")
    token = csrf_token(phone.get("/accounts/login/"))
    response = phone.post(
        "/accounts/login/", {"username": "hostess", "password": PASSWORD, "csrfmiddlewaretoken": token}
    )
    assert response.status_code == 403


def test_a_longer_address_gives_a_denser_qr_code_that_scales_into_the_same_box():
    """The host's page has a longer address than the board: its code has more modules, and
    both are drawn to the box the page gives them (a square viewBox, no fixed size) instead
    of being cut off."""
    shape = r'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 (\d+) \1" class="qr">'
    board = re.match(shape, qr_svg("http://192.168.1.23:8000/board/abc123/", "Scan"))
    host_page = re.match(
        shape, qr_svg("http://192.168.1.23:8000/sessions/6b8d230f-ee5d-4361-8e56-38d42facac81/", "Scan")
    )
    assert board and host_page and int(host_page[1]) > int(board[1])


# --- make run, for real ---------------------------------------------------------------------------------


@pytest.mark.server
@pytest.mark.django_db(transaction=True)
def test_make_run_serves_the_phones_and_the_tv_at_the_address_it_prints():
    """The README's steps: at the address printed, the phone logs in and starts a session,
    whose page links to itself and to the board at that address, and the TV opens the board
    and its live updates. A machine on no network says so, and is opened by its name."""
    UserFactory(username="host")
    with MakeRun() as server:
        if machine_addresses():
            room = f"{machine_addresses()[0]}:{server.port}"
            assert f"Open http://{room}/ on the phones and the TV" in server.printed()
        else:
            room = f"{machine_names()[0]}:{server.port}"
            assert NO_ROOM_ADDRESS in server.printed()
        phone = Browser(f"http://127.0.0.2:{server.port}", host=room)  # not 127.0.0.1: another address
        assert "<h1>My sessions</h1>" in phone.post("/accounts/login/", {"username": "host", "password": PASSWORD})
        phone.post("/sessions/new/", {"title": "At the table", "played_on": "2026-11-21", "new_players": "Ann, Bob"})
        [page] = re.findall(r'<a class="tile" href="([^"]+)"', phone.get("/sessions/"))
        links = text_of(phone.get(page))
        assert f"http://{room}{page}" in links
        [board] = re.findall(rf"http://{re.escape(room)}(/board/[\w-]+/)", links)
        tv = Browser(f"http://127.0.0.2:{server.port}", host=room)
        assert "<h1>At the table</h1>" in tv.get(board)
        to_the_server = socket.create_connection(("127.0.0.2", server.port), timeout=10)
        with connect(f"ws://{room}/ws{board}", sock=to_the_server, origin=f"http://{room}", open_timeout=10) as live:
            assert "At the table Waiting for the first game" in text_of(live.recv(timeout=10))
        with pytest.raises(urllib.error.HTTPError) as refused:  # a name that is not this machine's
            Browser(f"http://127.0.0.2:{server.port}", host=f"evil.example:{server.port}").get("/")
        assert refused.value.code == 400
        with pytest.raises(urllib.error.HTTPError) as missing:
            phone.get("/no-such-page/")
        assert missing.value.code == 404
        phone.get("/")  # the server has said all it says of the 404 by the next request
        assert server.printed().count("/no-such-page/") == 1, server.printed()  # one line a request, 4xx too
