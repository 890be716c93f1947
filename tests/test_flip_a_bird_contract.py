"""Flip a Bird through the shared contract kit, 300 seeded games per player count."""
from tests.contract import ContractSuite


class TestFlipABirdContract(ContractSuite):
    game_id = "flip_a_bird"
    player_counts = (3, 4, 5, 6)
    playout_games = 300
