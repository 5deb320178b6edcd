"""Games written out by hand, shared by the engine's, the services' and the pages' tests: the
rounds with the figures they lead to, and an evening of them in the database."""

from scoring.services import game_end, game_start, round_record, session_start


def hands(**by_player):
    """A round of hands only: hands(Ann="As Ks Qs", Bob=...)."""
    return {"hands": by_player}


PLAYERS = ["Ann", "Bob", "Cy"]

# Played with tokens=2.
BUS_ROUNDS = [
    hands(Ann="As Ks Qs", Bob="2c 3d 5h", Cy="7h 7d 9c"),  # Bob worst
    hands(Ann="2h 4d 6c", Bob="Kc Kd 2s", Cy="Jh Jd 3c"),  # Ann worst
    hands(Ann="3s 3h 3d", Bob="4c 6d 8h", Cy="4d 6c 8s"),  # Bob and Cy tie: Bob out
    hands(Ann="5c 7d 9h", Cy="5d 7c 9s"),  # tie on last tokens: stand-off
    hands(Ann="Ah Ad 2c", Cy="Qc Jd 9h"),  # Cy out: Ann wins
]

# Played classic, target=15.
CRASH_ROUNDS = [
    {
        "hands": {  # Cy fouls; Ann scores 1 and 2, Bob 3 and 4
            "Ann": ["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s", "2s 2h 5d"],
            "Bob": ["As Ad Ac", "Js Qs Ks", "8c 8d 4s", "6h 6d 5c"],
            "Cy": ["9h 9c 4d", "10c 10d 10h"],
        }
    },
    {
        "hands": {  # a stick-up at 1; Ann scores 2, 3, 4 and the bonus for four queens
            "Ann": ["As Ks Js", "Qh Qs 3d", "Qc Qd 2s", "6s 6c 2d"],
            "Bob": ["Ah Kh Jh", "7c 7h 4d", "5c 5d 9s", "10c Jd 3h"],
        }
    },
    {
        "hands": {"Ann": ["As Ks Qs", "Ah Kh Qh", "10s 10h 3h", "9s 9h 2h"]},  # void
        "declarations": {"Bob": ["six_pairs", "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 8c"]},
    },
    {
        "hands": {  # Ann takes every position: a crash wins at once
            "Ann": ["3s 3h 3d", "2s 2h 2d", "As Ad 4c", "Ks Kd 5c"],
            "Bob": ["Ah Kh Qh", "Jh 10h 9h", "Qs Qd 6c", "9c 9d 7h"],
        }
    },
]

# Played at stake=2, ended by the host.
COMMERCE_ROUNDS = [
    hands(Ann="As Ks Qs", Bob="2c 3d 5h", Cy="7h 7d 9c"),  # Ann wins the pot of 6
    hands(Ann="Ah Kd 9c", Bob="As Kc 9d", Cy="2h 3h 5c"),  # Ann and Bob split 6
    hands(Ann="4c 6d 8h", Bob="4d 6c 8s", Cy="5s 5h 5d"),  # Cy wins the pot of 6
]

# A round of Crash with hindsight to tell:
# Ann scores 2 of 4 positions and Bob 1; each could have scored 3 with the same cards.
HINDSIGHT_ROUND = {
    "Ann": ["2S 2H 2D", "KC QC JC", "AS AH 9D", "3S 4H 6D"],
    "Bob": ["7H 7D 7C", "TS 9S 8S", "5C 5D 3H", "JD 4C 2C"],
}
ANN_COULD = "Ann could have scored 3 instead of 2 with A♠ 2♠ 3♠ · J♣ Q♣ K♣ · A♥ 4♥ 2♥ · 9♦ 6♦ 2♦ (by moving 6 cards)"
BOB_COULD = "Bob could have scored 3 instead of 1 with 7♥ 7♦ 7♣ · 8♠ 9♠ 10♠ · 2♣ 3♥ 4♣ · 5♦ 5♣ J♦ (by moving 2 cards)"

# A Crash round's entry form fields (two hands a player) in which Cy fouls and is out of a
# classic game: hand 2 (Q♣ 8♣ 2♣, a flush) is stronger than hand 1 (5♠ 5♥ 9♥, a pair of 5s).
CY_FOULS_FIELDS = {
    "hand_0_1": "3s 3h 3d",
    "hand_0_2": "Ks Kh 9d",
    "hand_1_1": "As Ac 4d",
    "hand_1_2": "Kc Kd 9c",
    "hand_2_1": "5s 5h 9h",
    "hand_2_2": "Qc 8c 2c",
}


def play(session, kind, rounds, seats=PLAYERS, by=None, **options):
    game = game_start(session=session, kind=kind, seat_names=list(seats), options=options)
    for number, entry in enumerate(rounds, 1):
        round_record(game=game, number=number, entry=entry, by=by or session.host)
    return game


def an_evening(host, played_on="2026-11-20"):
    """The three games written out by hand in the engine's statistics tests."""
    session = session_start(host=host, title="Friday", played_on=played_on, player_names=PLAYERS)
    play(session, "stop_the_bus", BUS_ROUNDS, tokens=2)
    play(session, "crash", CRASH_ROUNDS, preset="classic", target=15)
    game_end(game=play(session, "commerce", COMMERCE_ROUNDS, stake=2))
    return session
