"""Stand-ins for helper A's seat pages (issue 29), so that this branch's pages can link to
them by name: "seat" (a player's own phone) and "host-seat-hand" (the host enters one seat's
hand). Both answer 404 here. On merging, A's views replace this module and its two routes in
referee/urls.py."""

from django.http import Http404


def seat_page(request, token: str):
    raise Http404("The seat's page is not on this branch.")


def host_seat_hand(request, session_id, player_id):
    raise Http404("The host's page for one seat's hand is not on this branch.")
