"""The seats' QR codes on the board, when the host shows them: fetched by the board page
itself (its fragment asks for them once), since only a request knows the address the TV,
and so the phones in the room, reach this server at; the board's broadcast has none."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring import queries
from scoring.models import Session

from ..links import seat_qr, seat_url

NOT_SHOWN = "The seats' codes are not shown on this board."


@require_GET
def board_seat_codes(request, token: str):
    """The QR code and player's name of each seat the game being played needs (not one
    sitting it out, nor the host's own), for the board of ``token``: 404 unless the host
    shows them (the board's link alone never gives the seats' links away)."""
    session = Session.objects.filter(share_token=token).first()
    if session is None or not session.seat_codes_shown:
        raise Http404(NOT_SHOWN)
    codes = []
    for seat in queries.seats_to_open(queries.seats_of(session), session, queries.current_game(session)):
        codes.append({"name": seat.player.name, "qr": seat_qr(seat_url(request, seat), seat.player.name)})
    return render(request, "board/board.html#seat-codes", {"codes": codes})
