"""The nginx site of a club's server (docs/hosting.md), written from
deploy/nginx/brag-referee.conf for this server: its name, the ports nginx answers on, one
upstream line for each of the PROCESSES app processes `make serve` (or the systemd units)
runs, its certificate and static files. Nothing to edit by hand afterwards:

    manage.py nginx_site --name brag.example.org --processes 3 > /etc/nginx/sites-available/brag-referee

On a trial port (`--https-port 8443`) the plain HTTP server sends people to that port."""

from __future__ import annotations

import re
import shlex
from inspect import signature
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from referee.management.commands.serve import ADDRESS

SITE = settings.BASE_DIR / "deploy" / "nginx" / "brag-referee.conf"
EXAMPLE_NAME = "brag.example.org"
STATIC_ROOT = "/var/lib/brag-referee/static"
UPSTREAM_LINES = re.compile(rf"(?:    server {re.escape(ADDRESS)}:\d+ (.+);\n)+")


def listen_lines(port: int, address: str | None, tls: bool) -> str:
    """Every address, IPv4 and IPv6, as Debian's own site does; or the one given."""
    suffix = " ssl" if tls else ""
    if address:
        return f"    listen {address}:{port}{suffix};\n"
    return f"    listen {port}{suffix};\n    listen [::]:{port}{suffix};\n"


def replace_once(site: str, old: str, new: str) -> str:
    if site.count(old) != 1:
        raise CommandError(f"{SITE} no longer has {old!r} once: this command and the file must change together.")
    return site.replace(old, new)


def site(
    *,
    name: str,
    processes: int = 2,
    port: int = 8000,
    https_port: int = 443,
    http_port: int = 80,
    listen: str | None = None,
    certificate: str | None = None,
    key: str | None = None,
    static_root: str = STATIC_ROOT,
) -> str:
    """deploy/nginx/brag-referee.conf for this server: the text nginx reads."""
    if processes < 1:
        raise CommandError("--processes must be at least 1, as for make serve.")
    static = Path(static_root)
    if static.name != "static" or not static.is_absolute():
        raise CommandError(
            f"--static-root {static_root!r} must be a full path ending in /static (nginx serves "
            "/static/ from the folder above it): the same as DJANGO_STATIC_ROOT."
        )
    text = SITE.read_text()
    upstream = UPSTREAM_LINES.search(text)
    if not upstream:
        raise CommandError(f"{SITE} has no upstream server lines on {ADDRESS}.")
    options = upstream.group(1)
    servers = "".join(f"    server {ADDRESS}:{each} {options};\n" for each in range(port, port + processes))
    text = text[: upstream.start()] + servers + text[upstream.end() :]
    # The port goes into the redirect only when it is not HTTPS's own: $host never has one.
    https = "https://$host" if https_port == 443 else f"https://$host:{https_port}"
    changes = [
        ("    listen 80;\n    listen [::]:80;\n", listen_lines(http_port, listen, tls=False)),
        ("    listen 443 ssl;\n    listen [::]:443 ssl;\n", listen_lines(https_port, listen, tls=True)),
        ("return 301 https://$host$request_uri;", f"return 301 {https}$request_uri;"),
        (
            f"/etc/letsencrypt/live/{EXAMPLE_NAME}/fullchain.pem",
            certificate or f"/etc/letsencrypt/live/{name}/fullchain.pem",
        ),
        (f"/etc/letsencrypt/live/{EXAMPLE_NAME}/privkey.pem", key or f"/etc/letsencrypt/live/{name}/privkey.pem"),
        (f"root {Path(STATIC_ROOT).parent};", f"root {static.parent};"),
    ]
    for old, new in changes:
        text = replace_once(text, old, new)
    text = text.replace(f"DJANGO_STATIC_ROOT={STATIC_ROOT}", f"DJANGO_STATIC_ROOT={static}")
    return text.replace(f"server_name {EXAMPLE_NAME};", f"server_name {name};")


# The command's options are site()'s arguments, with its defaults (the site docs/hosting.md sets up).
DEFAULTS = {
    key: None if each.default is each.empty else each.default for key, each in signature(site).parameters.items()
}


class Command(BaseCommand):
    help = (
        "Print the nginx site for this server (deploy/nginx/brag-referee.conf with its name, ports, "
        "certificate and one upstream line for each app process)."
    )
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--name", required=True, help="the server's name, as in its certificate")
        parser.add_argument(
            "--processes",
            type=int,
            default=DEFAULTS["processes"],
            help="app processes, as make serve's PROCESSES (%(default)s)",
        )
        parser.add_argument(
            "--port",
            type=int,
            default=DEFAULTS["port"],
            help="the first app process's port, as make serve's PORT (%(default)s)",
        )
        parser.add_argument(
            "--https-port", type=int, default=DEFAULTS["https_port"], help="where nginx answers HTTPS (%(default)s)"
        )
        parser.add_argument(
            "--http-port",
            type=int,
            default=DEFAULTS["http_port"],
            help="where nginx sends plain HTTP on to HTTPS (%(default)s)",
        )
        parser.add_argument("--listen", help="one address to listen on (every address by default)")
        parser.add_argument("--certificate", help="the certificate chain (Let's Encrypt's for the name by default)")
        parser.add_argument("--key", help="its private key (Let's Encrypt's for the name by default)")
        parser.add_argument("--static-root", default=DEFAULTS["static_root"], help="DJANGO_STATIC_ROOT (%(default)s)")

    def handle(self, *args, **options):
        written = site(**{key: options[key] for key in DEFAULTS})
        given = [f"--{key.replace('_', '-')}={options[key]}" for key in DEFAULTS if options[key] != DEFAULTS[key]]
        command = shlex.join(["manage.py", "nginx_site", *given])
        self.stdout.write(f"# Written by `{command}`: run it again rather than editing.\n{written}", ending="")
        # On standard error, so that standard output stays the site alone.
        ports = range(options["port"], options["port"] + options["processes"])
        self.stderr.write(
            "One app process for each upstream line: "
            f"systemctl enable --now {' '.join(f'brag-referee@{each}' for each in ports)} "
            f"(or make serve PORT={options['port']} PROCESSES={options['processes']})."
        )
