"""A seat's hand sent as the seat's own phone sends it: its page read, then its form posted the
way htmx posts it, over HTTP to the server the browsers use. Never the service called in the
test's own process: the server runs in a process of its own, whose in-memory marks and channel
layer a call made here would not reach (the host's panel would answer "unchanged" without Redis)."""

import http.cookiejar
import re
import urllib.parse
import urllib.request

FIELDS = ("number", "submission", "game")


def send_hand(base_url: str, token: str, cards, number: int | None = None) -> None:
    """``cards``: a three-card hand as text, or a Crash hand's positions (a list, first to last)."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    url = f"{base_url}/seat/{token}/"
    with opener.open(url, timeout=10) as answer:
        page = answer.read().decode()
    form = {name: re.search(rf'name="{name}" value="([^"]*)"', page).group(1) for name in FIELDS}
    if number is not None:
        form["number"] = str(number)
    if isinstance(cards, str):
        form["hand_0"] = cards
    else:
        form.update({f"hand_0_{position}": hand for position, hand in enumerate(cards, 1)})
    csrf = re.search(r'"x-csrftoken": "([^"]*)"', page).group(1)
    request = urllib.request.Request(
        url, data=urllib.parse.urlencode(form).encode(), headers={"HX-Request": "true", "X-CSRFToken": csrf}
    )
    with opener.open(request, timeout=10) as answer:
        said = answer.read().decode()
    assert "Sent ✓" in said, said
