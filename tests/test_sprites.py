"""Tweens, timelines, the card flip and the card move."""
import pygame
import pytest

from sprites.card import CardSprite, deal_timeline
from sprites.tween import (Animator, Call, Timeline, Together, Tween, Wait, ease_in_out_cubic,
                           ease_out_back, ease_out_bounce, ease_out_cubic, linear)


class Thing:
    def __init__(self):
        self.x = 0.0
        self.y = 0.0


@pytest.mark.parametrize("ease", [linear, ease_out_cubic, ease_in_out_cubic, ease_out_back,
                                  ease_out_bounce])
def test_easings_start_at_0_and_end_at_1(ease):
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


def test_a_tween_reaches_its_target_exactly():
    t = Thing()
    tl = Timeline([Tween(t, 0.5, linear, x=10.0)])
    tl.update(0.25)
    assert t.x == pytest.approx(5.0)
    assert tl.update(0.5) == pytest.approx(0.25)  # finished, with time left over
    assert t.x == 10.0


def test_steps_run_in_order_and_chained_tweens_continue_from_where_the_last_stopped():
    t, log = Thing(), []
    tl = Timeline([Tween(t, 0.1, linear, x=4.0), Call(lambda: log.append(t.x)), Wait(0.2),
                   Tween(t, 0.1, linear, x=0.0)])
    tl.update(0.1)
    assert log == [4.0]
    tl.update(0.15)
    assert t.x == 4.0            # still waiting
    tl.update(0.1)
    assert 0.0 < t.x < 4.0       # moving back from 4, not from 0
    tl.update(1.0)
    assert t.x == 0.0 and tl.done


def test_together_waits_for_the_longest():
    a, b = Thing(), Thing()
    tl = Timeline([Together(Tween(a, 0.1, linear, x=1.0), Tween(b, 0.3, linear, x=1.0))])
    assert tl.update(0.2) < 0
    assert a.x == 1.0 and b.x < 1.0
    assert tl.update(0.2) >= 0


def test_animator_runs_timelines_side_by_side_and_can_skip_to_the_end():
    a, b = Thing(), Thing()
    anim = Animator()
    anim.play(Timeline([Tween(a, 1.0, linear, x=1.0)]))
    anim.play(Timeline([Tween(b, 2.0, linear, x=1.0)]))
    anim.update(1.0)
    assert anim.busy and a.x == 1.0 and b.x == pytest.approx(0.5)
    anim.finish_all()
    assert not anim.busy and b.x == 1.0


@pytest.fixture
def faces():
    pygame.display.init()
    pygame.display.set_mode((10, 10))
    face = pygame.Surface((100, 140))
    face.fill((250, 250, 250))
    back = pygame.Surface((100, 140))
    back.fill((20, 40, 120))
    yield face, back
    pygame.quit()


def test_the_flip_squashes_swaps_at_zero_width_and_unsquashes(faces):
    face, back = faces
    card = CardSprite(face, back, (500, 500), face_up=False)
    flip = card.flip(duration=0.4)
    flip.update(0.1)
    assert 0 < card.squash < 1 and card.lift > 0 and card.face_up is False
    flip.update(0.1)             # the midpoint: edge-on, face swapped
    assert card.squash == pytest.approx(0.0) and card.face_up is True
    flip.update(0.2)
    assert card.squash == pytest.approx(1.0) and card.lift == pytest.approx(0.0) and flip.done
    surface = pygame.Surface((1000, 1000))
    card.draw(surface)
    assert surface.get_at((500, 500))[:3] == (250, 250, 250)


def test_a_move_lifts_off_the_table_and_lands_on_target(faces):
    face, back = faces
    card = CardSprite(face, back, (0, 0))
    tl = Timeline([card.move_to((300, 100), duration=0.5, lift=1.0)])
    tl.update(0.25)
    assert card.lift == pytest.approx(1.0, abs=0.05) and 0 < card.x < 300
    tl.update(0.5)
    assert (card.x, card.y) == (300, 100) and card.lift == pytest.approx(0.0, abs=1e-9)


def test_a_deal_staggers_cards(faces):
    face, back = faces
    cards = [CardSprite(face, back, (0, 0)) for _ in range(3)]
    tl = deal_timeline(cards, [(100, 0), (200, 0), (300, 0)], gap=0.1, duration=0.2)
    tl.update(0.15)
    assert cards[0].x > cards[1].x > cards[2].x == 0
    tl.update(1.0)
    assert [c.x for c in cards] == [100, 200, 300]
