"""Flappy Families against the shared contract kit, 2-5 players."""
from tests.contract import ContractSuite


class TestFlappyFamiliesContract(ContractSuite):
    game_id = "flappy_families"
    player_counts = (2, 3, 4, 5)
    playout_games = 300


class TestFlappyFamiliesShortGameContract(ContractSuite):
    """The short-game option (one more family removed) keeps the contract too."""

    game_id = "flappy_families"
    player_counts = (2, 5)
    options = {"short_game": True}
    playout_games = 30
    deep_games = 1
