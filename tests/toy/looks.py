"""The toy game's one bird, drawn by the shared renderer from its own parameters: a
violet jay with a crest, a barred tail and a white throat. The toy's GameSpec names
this module (``looks``), so the bird book finds it the way it finds every game's."""
from sprites.birds import BLACK, GREY_LEG, BirdLook, rgb

LOOKS: dict[str, BirdLook] = {
    "toy_jay": BirdLook(body=rgb("#7a4fc4"), belly=rgb("#d9c8f2"), head=rgb("#6a3fb0"),
                        wing=rgb("#4d2d8a"), beak=BLACK, beak_shape="stout", beak_len=0.8,
                        crest="crest", crest_color=rgb("#5a34a0"), crest_size=1.1,
                        shape="slim", tail="long", tail_len=1.2, pattern="bars",
                        pattern_color=rgb("#2c1a52"), eye="ring", leg_color=GREY_LEG,
                        accents=(("throat", rgb("#f6f4ee")), ("wing_bar", rgb("#9fd0f4")))),
}
