from django.apps import AppConfig


class RefereeConfig(AppConfig):
    """The interface: the host's pages, the hand judge and (later) the board."""

    name = "referee"
