"""Flip a Bird's birds: each colour also has its own silhouette (crest, tuft, beak, shape)."""
from sprites.birds import BirdLook, BLACK, CHICK, GREY_LEG, ORANGE, rgb

LOOKS: dict[str, BirdLook] = {
    "fab_blue": BirdLook(body=rgb("#3a7fe0"), belly=rgb("#bcd8fa"), head=rgb("#3a7fe0"),
                         wing=rgb("#2a60b8"), beak=rgb("#f3b33c"), beak_len=0.7,
                         crest="tuft", shape="round", tail="long", tail_len=1.1,
                         eye="big", leg_color=ORANGE),
    "fab_green": BirdLook(body=rgb("#3fb44e"), belly=rgb("#a8e07a"), head=rgb("#3fb44e"),
                          wing=rgb("#2a8c3a"), beak=rgb("#f3b33c"), beak_shape="hook",
                          beak_len=1.0, shape="slim", head_size=1.2, tail="long",
                          tail_len=1.3, eye="big", leg_color=GREY_LEG,
                          accents=(("face", rgb("#f4e05a")),)),
    "fab_red": BirdLook(body=rgb("#e0353a"), belly=rgb("#f0706a"), head=rgb("#e0353a"),
                        wing=rgb("#b8242c"), beak=rgb("#f3b33c"), beak_shape="stout",
                        beak_len=0.8, crest="crest", crest_size=1.2, shape="round",
                        tail="wedge", tail_len=0.8, eye="big", leg_color=ORANGE,
                        accents=(("mask", BLACK),)),
    "fab_yellow": CHICK,   # the house's thinking bird
}
