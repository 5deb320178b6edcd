"""WebSocket routes (the board's consumer joins them in its own issue)."""

websocket_urlpatterns: list = []
