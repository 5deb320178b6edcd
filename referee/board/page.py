"""The board's page (no login: its share token is the key) and its address as a QR code."""

import io

import segno
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring import queries
from scoring.models import Session

from .render import board_context

BOARD_REPLACED = "This board's link was replaced. Open the board again from the new QR code on the host's page."


def qr_svg(url: str, title: str) -> str:
    """An address as a QR code, server-rendered SVG; ``title`` says what scanning it opens.
    Sized by its viewBox, so the page's CSS scales a longer address's denser code to fit."""
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out,
        kind="svg",
        scale=5,
        border=2,
        xmldecl=False,
        svgclass="qr",
        title=title,
        dark="#000",
        light="#fff",
        omitsize=True,
    )
    return out.getvalue().decode()


@require_GET
def board_page(request, token: str):
    """The board: an unknown or replaced token is a 404."""
    try:
        session = Session.objects.get(share_token=token)
    except Session.DoesNotExist:
        raise Http404("No board here: the link may have been replaced.") from None
    context = board_context(queries.SessionNow(session))
    return render(request, "board/board.html", {**context, "token": token, "replaced": BOARD_REPLACED})
