"""The board's page (no login: its share token is the key)."""

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring import queries
from scoring.models import Session

from ..sockets.live import page_terms
from .render import board_context

BOARD_REPLACED = "This board's link was replaced. Open the board again from the new QR code on the host's page."


@require_GET
def board_page(request, token: str):
    """The board: an unknown or replaced token is a 404."""
    try:
        session = Session.objects.get(share_token=token)
    except Session.DoesNotExist:
        raise Http404("No board here: the link may have been replaced.") from None
    context = board_context(queries.SessionNow(session))
    return render(
        request, "board/board.html", {**context, "token": token, "replaced": BOARD_REPLACED, "live": page_terms()}
    )
