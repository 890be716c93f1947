"""How the Hard search plays the toy game: random playouts to the end, scored by points
(the default values), with a short budget (the game is tiny)."""
from game.ai.profiles import Profile

PROFILE = Profile("toy", playout="random", budget=0.03)
