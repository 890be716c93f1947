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


def test_a_picture_with_words_is_kept_per_language(monkeypatch):
    """A cache marked ``words`` never hands out a picture made in another language, even
    when nobody cleared it at the switch (the language is part of the key)."""
    from game import i18n

    shown = ["en"]
    monkeypatch.setattr(i18n, "current", lambda: shown[0])
    made = []

    @surface_cache(maxsize=8, max_bytes=1 << 20, words=True)
    def label(text: str) -> pygame.Surface:
        made.append((shown[0], text))
        return pygame.Surface((4, 4))

    english = label("Solo")
    shown[0] = "xx"
    pseudo = label("Solo")
    assert pseudo is not english and label("Solo") is pseudo
    shown[0] = "en"
    assert label("Solo") is english                  # both kept, each for its language
    assert made == [("en", "Solo"), ("xx", "Solo")]
