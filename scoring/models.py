"""The records of an evening at the table (sessions, players, games, rounds) come here."""
