"""A player's own phone (a seat of a session, opened by its private link): its page and the
form for the player's own hand (page), what the seat shows, rendered for that seat only
(render), the note after each committed change (broadcast), and its WebSocket (consumer,
routing). Nothing private to one seat is ever sent to another seat's group."""
