"""This machine on the room's network: its addresses and names, the hosts the settings allow
with and without TLS, and `make run`, which listens on all of them and says where to open it."""

import fcntl
import io
import json
import os
import re
import socket
import struct
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from referee.management.commands.room_addresses import BEHIND_TLS, NO_ROOM_ADDRESS
from referee.network import (
    NO_NETWORK,
    for_the_room,
    is_loopback,
    listens_at,
    machine_addresses,
    machine_names,
    reachable_first,
    unreachable_why,
)

SIOCGIFADDR = 0x8915  # Linux: an interface's (first) IPv4 address


def interface_addresses_from_the_kernel() -> set[str]:
    """Each interface's IPv4 address, asked of Linux directly: a second way to the answer."""
    found = set()
    for _, name in socket.if_nameindex():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            try:
                reply = fcntl.ioctl(sock.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:  # an interface without an IPv4 address
                continue
        found.add(socket.inet_ntoa(reply[20:24]))
    return found


# --- The machine's addresses and names ----------------------------------------------------------


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="asks Linux's interfaces directly")
def test_the_machine_addresses_are_its_interfaces_ipv4_addresses_but_loopback():
    addresses = machine_addresses()
    assert {address for address in interface_addresses_from_the_kernel() if not address.startswith("127.")} <= set(
        addresses
    )
    assert not [address for address in addresses if is_loopback(address)]


def test_a_home_network_comes_first_and_bridges_and_vpns_last():
    found = [
        ("docker0", "172.17.0.1"),
        ("tun0", "10.8.0.2"),
        ("eth1", "203.0.113.5"),
        ("wlan0", "192.168.1.23"),
        ("eth0", "10.0.0.5"),
    ]
    assert reachable_first(found) == ["192.168.1.23", "10.0.0.5", "203.0.113.5", "10.8.0.2", "172.17.0.1"]


def test_loopback_link_local_and_unspecified_addresses_are_left_out():
    found = [
        ("lo", "127.0.0.1"),
        ("lo", "127.0.1.1"),
        ("eth0", "169.254.3.4"),
        ("eth0", "0.0.0.0"),
        ("wlan0", "192.168.1.23"),
        ("wlan1", "192.168.1.23"),
    ]
    assert reachable_first(found) == ["192.168.1.23"]


@pytest.mark.parametrize(
    ("host_name", "names"),
    [
        ("Annes-Laptop", ["annes-laptop", "annes-laptop.local"]),
        ("kitchen.local", ["kitchen.local"]),
        ("box.lan", ["box.lan", "box.local"]),
        ("localhost", []),
    ],
)
def test_the_machine_is_named_by_its_host_name_and_its_local_name(monkeypatch, host_name, names):
    monkeypatch.setattr(socket, "gethostname", lambda: host_name)
    assert machine_names() == names


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("http://127.0.0.1:8000/board/tok/", "http://192.168.1.23:8000/board/tok/"),
        ("http://localhost:8080/sessions/abc/?game=2", "http://192.168.1.23:8080/sessions/abc/?game=2"),
        ("http://[::1]:8000/board/tok/", "http://192.168.1.23:8000/board/tok/"),
        ("http://0.0.0.0:8000/board/tok/", "http://192.168.1.23:8000/board/tok/"),
        ("http://127.0.1.1/board/tok/", "http://192.168.1.23/board/tok/"),
        ("http://10.0.0.5:8000/board/tok/", "http://10.0.0.5:8000/board/tok/"),
        ("http://kitchen.local:8000/board/tok/", "http://kitchen.local:8000/board/tok/"),
        ("https://brag.example.org/board/tok/", "https://brag.example.org/board/tok/"),
    ],
)
def test_an_address_opened_as_localhost_is_given_the_room_address_on_the_same_port(url, expected):
    asked = []
    assert for_the_room(url, ["192.168.1.23", "10.0.0.5"], listens=lambda *at: asked.append(at) or True) == expected
    assert asked in ([], [("192.168.1.23", int(re.search(r":(\d+)/", url + ":80/").group(1)))])


def test_without_a_room_address_a_loopback_address_stays():
    assert for_the_room("http://127.0.0.1:8000/board/tok/", []) == "http://127.0.0.1:8000/board/tok/"
    assert unreachable_why("http://127.0.0.1:8000/board/tok/", []) == NO_NETWORK


def test_a_server_listening_on_loopback_only_keeps_the_loopback_address_and_says_why():
    """`manage.py runserver` listens on 127.0.0.1: its room address refuses the phones."""
    url = for_the_room("http://127.0.0.1:8000/board/tok/", ["192.168.1.23"], listens=lambda *at: False)
    assert url == "http://127.0.0.1:8000/board/tok/"
    assert unreachable_why(url, ["192.168.1.23"]) == (
        "The server listens on this machine only: start it with “make run” to reach it from the phones and the TV."
    )
    assert unreachable_why("http://192.168.1.23:8000/board/tok/", ["192.168.1.23"]) == ""


def test_listens_at_asks_the_address_itself():
    with socket.create_server(("127.0.0.2", 0)) as server:
        port = server.getsockname()[1]
        assert listens_at("127.0.0.2", port)
        assert not listens_at("127.0.0.3", port)  # the same port, an address the server does not listen on


# --- The hosts allowed ----------------------------------------------------------------------------


def settings_in_a_new_process(**env: str) -> dict:
    """ALLOWED_HOSTS and ROOM_ADDRESSES as a server started with ``env`` (and no other
    DJANGO_ variable) has them: settings are read once, at import."""
    code = (
        "import json; from referee import settings; "
        "print(json.dumps({'hosts': settings.ALLOWED_HOSTS, 'room': settings.ROOM_ADDRESSES}))"
    )
    base = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=base | env, cwd=settings.BASE_DIR, check=True
    )
    return json.loads(result.stdout)


def test_over_plain_http_the_machines_addresses_and_names_are_allowed_and_given_to_the_room():
    found = settings_in_a_new_process()
    assert found["room"] == machine_addresses()
    assert found["hosts"] == ["localhost", "127.0.0.1", "[::1]", *machine_addresses(), *machine_names()]
    assert machine_names(), "this machine has a host name, so the check above is not empty"


def test_hosts_named_in_the_environment_are_allowed_beside_the_machines_own():
    found = settings_in_a_new_process(DJANGO_ALLOWED_HOSTS="brag.example.org")
    assert found["hosts"] == ["brag.example.org", *machine_addresses(), *machine_names()]


def test_behind_tls_only_the_hosts_named_are_allowed_and_the_room_has_no_address():
    found = settings_in_a_new_process(DJANGO_BEHIND_TLS="1", DJANGO_ALLOWED_HOSTS="brag.example.org")
    assert found == {"hosts": ["brag.example.org"], "room": []}


# --- make run -------------------------------------------------------------------------------------


def make_dry_run(target: str, *args: str, **env: str) -> str:
    """The commands ``make`` would run for a target, without running them."""
    base = {key: value for key, value in os.environ.items() if key != "PORT"}
    return subprocess.run(
        ["make", "-n", target, *args], capture_output=True, text=True, check=True, cwd=settings.BASE_DIR, env=base | env
    ).stdout


@pytest.mark.parametrize("target", ["run", "demo"])
def test_make_run_listens_on_every_address_on_port_8000_and_says_where_to_open_it(target):
    commands = make_dry_run(target)
    assert "manage.py room_addresses 8000 && .venv/bin/python manage.py runserver 0.0.0.0:8000" in commands
    assert "127.0.0.1:8000" not in commands


@pytest.mark.parametrize("target", ["run", "demo"])
def test_port_chooses_another_port_on_the_command_line_or_in_the_environment(target):
    assert "room_addresses 8123 && .venv/bin/python manage.py runserver 0.0.0.0:8123" in make_dry_run(
        target, "PORT=8123"
    )
    assert "room_addresses 8080 && .venv/bin/python manage.py runserver 0.0.0.0:8080" in make_dry_run(
        target, PORT="8080"
    )


def printed_addresses(port: str) -> list[str]:
    out = io.StringIO()
    call_command("room_addresses", port, stdout=out)
    return out.getvalue().splitlines()


@override_settings(ROOM_ADDRESSES=["192.168.1.23", "10.8.0.2"])
def test_the_addresses_printed_are_the_rooms_on_the_port_given():
    assert printed_addresses("8123") == [
        "Open http://192.168.1.23:8123/ on the phones and the TV (on this machine's Wi-Fi).",
        "  or http://10.8.0.2:8123/ (another of this machine's networks)",
        "On this machine: http://127.0.0.1:8123/",
    ]


@override_settings(ROOM_ADDRESSES=[])
def test_a_machine_on_no_network_is_told_to_join_the_wifi():
    assert printed_addresses("8000") == [NO_ROOM_ADDRESS, "On this machine: http://127.0.0.1:8000/"]


@override_settings(ROOM_ADDRESSES=[], BEHIND_TLS=True)
def test_behind_tls_the_room_opens_it_by_the_proxys_name():
    assert printed_addresses("8000") == [BEHIND_TLS, "On this machine: http://127.0.0.1:8000/"]
