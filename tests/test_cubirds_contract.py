"""CuBirds against the shared contract kit, 2-5 players, 300 seeded games per count."""
from tests.contract import ContractSuite


class TestCuBirdsContract(ContractSuite):
    game_id = "cubirds"
    player_counts = (2, 3, 4, 5)
    playout_games = 300
