"""The picture caches a kiosk fills all day stay inside their byte budgets (issue 27
item 17): a count bound alone let one bird drawn at many sizes hold many big pictures."""
import pygame

from game.assets import SURFACE_CACHES, surface_cache
from sprites import birds


def test_surface_cache_drops_the_oldest_past_its_byte_budget():
    calls = []

    @surface_cache(maxsize=100, max_bytes=40 * 40 * 4 * 3)
    def square(side: int) -> pygame.Surface:
        calls.append(side)
        return pygame.Surface((side, side), pygame.SRCALPHA)

    first = square(40)
    assert square(40) is first and calls == [40]        # a hit draws nothing
    for _ in range(3):
        square(40 + _ + 1)
    info = square.cache_info()
    assert info.bytes <= info.max_bytes and info.currsize == 2   # three 40-ish squares
    assert square(40) is not first and calls[-1] == 40           # the oldest was dropped
    square.cache_clear()
    assert square.cache_info().currsize == 0 and square.cache_info().bytes == 0


def test_every_picture_cache_is_registered_and_bounded():
    """A bird at a hundred sizes stays within the bird cache's budget."""
    assert birds.bird_surface in SURFACE_CACHES
    birds.bird_surface.cache_clear()
    for w in range(60, 260, 2):
        birds.bird_surface("robin", (w, w))
    info = birds.bird_surface.cache_info()
    assert 0 < info.bytes <= info.max_bytes
    for cached in SURFACE_CACHES:
        info = cached.cache_info()
        assert info.max_bytes and info.maxsize and info.bytes <= info.max_bytes
