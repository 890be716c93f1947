"""The bird drawings: every preset renders, mirrors, stays distinct, and caches are bounded."""
from __future__ import annotations

import itertools

import pygame
import pytest

from sprites import birds
from sprites.birds import (BODY_SHAPES, KINDS, LOOKS, animated_bird, bird_surface,
                           draw_bird, thinking_bird)

REQUIRED = {
    # CuBirds
    "flamingo", "owl", "toucan", "duck", "parrot", "magpie", "reed_warbler", "robin",
    # Flappy Families
    "alpine_avians", "bright_beauties", "eerily_extinct", "forest_fliers", "river_roamers",
    "sea_soarers", "swooping_singers", "tiny_tweeters", "wetland_waders", "winged_walkers",
    "fox", "cat", "stoat", "snake",
    # Yard Birbs
    "nuthatch", "starling", "goose", "hawk", "mockingbird", "kingfisher", "woodpecker",
    "waxwing", "crow", "towhee", "yb_magpie",
    # Flip a Bird
    "fab_blue", "fab_green", "fab_red", "fab_yellow",
}
CARD_BIRD = (130, 130)


@pytest.fixture(autouse=True, scope="module")
def display():
    """Surfaces need pygame's video subsystem (the dummy driver in tests)."""
    pygame.display.init()
    yield


def _opaque_fraction(surf: pygame.Surface) -> float:
    w, h = surf.get_size()
    return pygame.mask.from_surface(surf, 127).count() / (w * h)


def _same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_every_required_look_is_present():
    assert REQUIRED <= set(LOOKS)


def test_every_game_declares_its_own_looks_and_none_is_shared_code():
    """Each registered game's looks come from its own package; sprites.birds keeps only
    the house's own (no game's key)."""
    import importlib

    from game.engine import GAMES

    owners: dict[str, str] = {}
    for game_id, spec in GAMES.items():
        assert spec.looks, game_id
        looks = importlib.import_module(spec.looks).LOOKS
        assert looks and all(LOOKS[key] is look for key, look in looks.items())
        for key in looks:
            assert key not in owners, (key, owners.get(key), game_id)
            owners[key] = game_id
    assert set(LOOKS) - set(owners) == {"chick"}


@pytest.mark.parametrize("key", sorted(LOOKS))
def test_each_look_renders_a_non_empty_surface_of_the_requested_size(key):
    look = LOOKS[key]
    assert look.shape in BODY_SHAPES and look.kind in KINDS
    for size in (CARD_BIRD, (150, 210), (48, 40)):
        surf = draw_bird(look, size)
        assert surf.get_size() == size
        assert surf.get_flags() & pygame.SRCALPHA
        # Something is drawn, the corners are see-through, and it fills a fair share.
        assert 0.12 < _opaque_fraction(surf) < 0.9, (key, size)
        assert surf.get_at((0, 0)).a == 0


@pytest.mark.parametrize("key", sorted(LOOKS))
def test_facing_left_mirrors_facing_right(key):
    right = draw_bird(LOOKS[key], CARD_BIRD, "right")
    left = draw_bird(LOOKS[key], CARD_BIRD, "left")
    assert _same_pixels(pygame.transform.flip(right, True, False), left)
    assert not _same_pixels(right, left)


def test_bad_facing_is_refused():
    with pytest.raises(ValueError):
        draw_bird(LOOKS["robin"], CARD_BIRD, "up")


def test_drawing_is_deterministic_and_survives_tiny_sizes():
    assert _same_pixels(draw_bird(LOOKS["starling"], CARD_BIRD),
                        draw_bird(LOOKS["starling"], CARD_BIRD))
    for size in ((1, 1), (5, 9), (0, 0)):
        assert draw_bird(LOOKS["owl"], size).get_size() == (max(1, size[0]), max(1, size[1]))


def test_no_two_looks_are_the_same_picture():
    masks = {k: pygame.mask.from_surface(draw_bird(v, (64, 64)), 127)
             for k, v in LOOKS.items()}
    for a, b in itertools.combinations(LOOKS, 2):
        if {a, b} == {"magpie", "yb_magpie"}:   # the same species in two games
            continue
        if LOOKS[a] is LOOKS[b]:   # one look under two names: a house look a game wears
            continue
        same = _same_pixels(draw_bird(LOOKS[a], (64, 64)), draw_bird(LOOKS[b], (64, 64)))
        assert not same, (a, b)
        assert masks[a].overlap_area(masks[b], (0, 0)) < masks[a].count(), (a, b)


def test_flip_a_bird_colours_also_differ_by_silhouette():
    """Colour carries meaning in Flip a Bird, so each colour needs its own shape too."""
    keys = ["fab_blue", "fab_green", "fab_red", "fab_yellow"]
    masks = {k: pygame.mask.from_surface(draw_bird(LOOKS[k], (96, 96)), 127) for k in keys}
    for a, b in itertools.combinations(keys, 2):
        union = masks[a].count() + masks[b].count() - masks[a].overlap_area(masks[b], (0, 0))
        differing = union - masks[a].overlap_area(masks[b], (0, 0))
        assert differing / union > 0.12, (a, b)


def test_bird_surface_is_cached_and_bounded():
    bird_surface.cache_clear()
    first = bird_surface("robin", CARD_BIRD)
    assert bird_surface("robin", CARD_BIRD) is first
    maxsize = bird_surface.cache_info().maxsize
    assert maxsize is not None and maxsize <= 1024
    for w in range(20, 20 + maxsize + 40):
        bird_surface("fab_red", (w, 40))
    assert bird_surface.cache_info().currsize <= maxsize


def test_animation_and_thinking_caches_are_bounded():
    for fn in (birds._hop_frame, birds._thinking_frame, birds._disc):
        assert fn.cache_info().maxsize is not None
    for i in range(400):
        animated_bird(i * 0.037, (100, 110), "fab_blue")
        thinking_bird(i * 0.051, (64, 56))
    assert birds._hop_frame.cache_info().currsize <= birds._hop_frame.cache_info().maxsize
    assert birds._thinking_frame.cache_info().currsize <= 64


def test_animated_bird_flaps_and_keeps_its_size():
    frames = [animated_bird(t, (120, 130), "robin") for t in (0.0, 0.13, 0.26, 0.38)]
    assert all(f.get_size() == (120, 130) for f in frames)
    assert len({pygame.image.tobytes(f, "RGBA") for f in frames}) >= 3
    assert thinking_bird(0.5, (64, 56)).get_size() == (64, 56)


def test_all_flap_poses_share_one_fit():
    """A flapping bird must not grow and shrink: frames 1-3 use the same bounds."""
    look = LOOKS["fab_blue"]
    feet = []
    for flap in (1, 2, 3):
        surf = draw_bird(look, CARD_BIRD, flap=flap)
        rects = pygame.mask.from_surface(surf, 127).get_bounding_rects()
        feet.append(max(r.bottom for r in rects))
    assert max(feet) - min(feet) <= 1




def test_a_game_registered_later_brings_its_looks_and_takes_them_away(toy):
    """The bird book follows the registry: the toy's own look (named by its GameSpec)
    is there while the toy is registered, and gone once it is not."""
    from game.engine import GAMES

    assert "toy_jay" in LOOKS and LOOKS["toy_jay"].crest == "crest"
    assert draw_bird(LOOKS["toy_jay"], CARD_BIRD).get_size() == CARD_BIRD
    GAMES.unregister("toy")
    assert "toy_jay" not in LOOKS and "toy_jay" not in set(LOOKS)
    with pytest.raises(KeyError):
        LOOKS["toy_jay"]
