from django.apps import AppConfig


class RefereeConfig(AppConfig):
    """The interface: the host's pages, the hand judge, the TV board and a club night's screens."""

    name = "referee"

    def ready(self):
        from scoring.services import event_changed, seat_links_rotated, session_changed, share_token_rotated

        from . import deploy_checks  # noqa: F401 (registers the checks)
        from .board.broadcast import broadcast_board, close_rotated_boards
        from .club_live import event_told, table_told
        from .host.broadcast import tell_host
        from .seats.broadcast import close_rotated_seats, tell_seats

        session_changed.connect(broadcast_board, dispatch_uid="board-broadcast")
        share_token_rotated.connect(close_rotated_boards, dispatch_uid="board-close-rotated")
        session_changed.connect(tell_seats, dispatch_uid="seats-changed")
        seat_links_rotated.connect(close_rotated_seats, dispatch_uid="seats-close-rotated")
        session_changed.connect(tell_host, dispatch_uid="host-changed")
        event_changed.connect(event_told, dispatch_uid="club-night-changed")
        session_changed.connect(table_told, dispatch_uid="club-night-table-changed")
