"""The host's session page, live: what it follows of the table (the seats' ticks, the phones
connected, the round revealed) rendered once per change for every host page of the session
(render, broadcast) and sent over its WebSocket (consumer, routing); the page itself is
referee/views/sessions.py's."""
