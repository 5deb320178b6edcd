"""`manage.py room_addresses PORT`: where the phones and the TV open the server that
`make run` starts on PORT, on every address of this machine."""

from django.conf import settings
from django.core.management.base import BaseCommand

NO_ROOM_ADDRESS = (
    "No other device can reach this machine: connect it to the room's Wi-Fi, then start it again. "
    "Until then it opens here only."
)
BEHIND_TLS = "Behind TLS (DJANGO_BEHIND_TLS): the phones and the TV open it by the proxy's name, over HTTPS."


class Command(BaseCommand):
    help = "Prints the addresses the phones and the TV open, on this machine's network."

    def add_arguments(self, parser):
        parser.add_argument("port", type=int, help="the port the server listens on")

    def handle(self, *args, port: int, **options):
        urls = [f"http://{address}:{port}/" for address in settings.ROOM_ADDRESSES]
        if urls:
            first, *others = urls
            self.stdout.write(self.style.SUCCESS(f"Open {first} on the phones and the TV (on this machine's Wi-Fi)."))
            for other in others:
                self.stdout.write(f"  or {other} (another of this machine's networks)")
        else:
            self.stdout.write(self.style.WARNING(BEHIND_TLS if settings.BEHIND_TLS else NO_ROOM_ADDRESS))
        self.stdout.write(f"On this machine: http://127.0.0.1:{port}/")
