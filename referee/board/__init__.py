"""The TV board of a session: its page (page), its fragments (render), the broadcast after
each committed change (broadcast), and its WebSocket (consumer, routing)."""
