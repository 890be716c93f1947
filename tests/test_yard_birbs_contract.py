"""Yard Birbs through the shared contract kit, for every player count (3-5)."""
from tests.contract import ContractSuite


class TestYardBirbsContract(ContractSuite):
    game_id = "yard_birbs"
    player_counts = (3, 4, 5)
    playout_games = 300
