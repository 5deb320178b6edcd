"""The Cross-Origin-Opener-Policy header ("same-origin") only where the browser will heed it: a
page over HTTPS, or at a loopback name (localhost, 127.x, ::1), which browsers count as secure
too. Over plain HTTP at the room's address (a laptop's `make run`, as the phones and the TV
open it) a browser ignores the header and logs an error to the console for every page, which
drowned the real ones; so it is not sent there (Django's own, SECURE_CROSS_ORIGIN_OPENER_POLICY,
is off in the settings: it sends it everywhere)."""

from asgiref.sync import iscoroutinefunction
from django.core.exceptions import DisallowedHost
from django.http.request import split_domain_port
from django.utils.decorators import sync_and_async_middleware

from .network import is_trustworthy

POLICY = "same-origin"


def in_secure_context(request) -> bool:
    """Whether the page answering ``request`` is a secure context in the browser that asked."""
    if request.is_secure():
        return True
    try:
        host = request.get_host()
    except DisallowedHost:  # answered 400 anyway: not a page of ours
        return False
    return is_trustworthy(split_domain_port(host)[0])


def with_policy(request, response):
    if in_secure_context(request):
        response.headers.setdefault("Cross-Origin-Opener-Policy", POLICY)
    return response


@sync_and_async_middleware
def opener_policy(get_response):
    if iscoroutinefunction(get_response):

        async def middleware(request):
            return with_policy(request, await get_response(request))
    else:

        def middleware(request):
            return with_policy(request, get_response(request))

    return middleware
