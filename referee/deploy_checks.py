"""Checks of a deployment's settings that Django's own `check --deploy` leaves out: the
mistakes an admin following docs/hosting.md can make in the environment
file, said in its words."""

import re

from django.conf import settings
from django.core.checks import Tags, Warning, register

# A name or an address, IPv6 in brackets, then ":port": Django matches the Host header's name
# alone against ALLOWED_HOSTS, so such an entry matches no request at all.
HOST_WITH_PORT = re.compile(r"^(?P<name>\[[^\]]*\]|[^:\[\]]+):(?P<port>\d+)$")


@register(Tags.security, deploy=True)
def allowed_hosts_without_ports(app_configs, **kwargs):
    problems = []
    for host in settings.ALLOWED_HOSTS:
        if match := HOST_WITH_PORT.match(host):
            problems.append(
                Warning(
                    f"DJANGO_ALLOWED_HOSTS names {host!r} with a port: it matches no request, "
                    "and requests to that name are refused (400 Bad Request).",
                    hint=f"Name it without the port: {match['name']}; a request to {host} matches that.",
                    id="referee.W001",
                )
            )
    return problems
