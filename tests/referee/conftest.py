import pytest

from scoring.services import game_start


@pytest.fixture
def bus_evening(evening):
    """The evening with a game of Stop the Bus under way between Ann and Bob, 3 tokens each."""
    game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 3})
    return evening
