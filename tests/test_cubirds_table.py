"""The CuBirds table, headless: AI games to the results, a human's turns by keys and mouse,
BACK through the two-step placement, every player count, and hidden cards staying hidden."""
from __future__ import annotations

import random
from collections import Counter

import pygame
import pytest

from game.cubirds import rules
from game.cubirds.cards import INDEX, SPECIES
from game.cubirds.rules import (DRAW, FLOCK, PLACE, RESTORE, DrawTwo, Flock, Pass, Place,
                                Restore)
from game.session import Match, default_seats
from scenes.cubirds.table import CuBirdsTable
from tests.harness import make_app, post, press, show, run_until

STEP = 1 / 20   # coarse frames: the same animations and AI pauses, a quarter of the renders


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    app.ctx.settings.ai_speed = "fast"
    yield app
    pygame.quit()


def match(players: int, humans: int = 1, seed: int = 3) -> Match:
    return Match("cubirds", default_seats(players, humans), seed)


def ready(table) -> bool:
    return (table.couch.is_human(table.state.current_player) and table.turn.turn_ready
            and not table.animator.busy)


def counts(**by_species: int) -> list[int]:
    out = [0] * len(SPECIES)
    for sid, n in by_species.items():
        out[INDEX[sid]] = n
    return out


def built(num_players: int, rows, hands, deck=(), current: int = 0) -> rules.State:
    """A hand-made state (cards are species ids; the deck's top card is last)."""
    state = rules.State(num_players, random.Random(7))
    state.rows = [[INDEX[s] for s in row] for row in rows]
    state.hands = [counts(**h) for h in hands]
    state.known = [[0] * len(SPECIES) for _ in range(num_players)]
    state.sizes = [sum(h) for h in state.hands]
    state.collections = [counts(robin=1) for _ in range(num_players)]
    state.deck = [INDEX[s] for s in deck]
    state.current_player = state.starter = current
    return state


def install(app, table, state) -> None:
    """Put ``state`` on the table as if play had just reached it."""
    table.animator.finish_all()
    table.state = state
    table.shown = state.view(table.couch.viewer)
    table.game.refresh()
    table.dirty = False
    table.turn.turn_ready = False
    table.turn.decision = None
    table.messages.banner_text = ""
    record_moves(table)
    app.frame(STEP)


def record_moves(table) -> list:
    """Wrap ``state.apply``: every move is logged with whether it was legal when made."""
    moves: list = []
    state = table.state
    real = state.apply

    def apply(action):
        moves.append((action, action in state.legal_actions()))
        return real(action)
    state.apply = apply
    table.moves = moves
    return moves


def click(app, pos) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.frame(STEP)


# -- whole games ------------------------------------------------------------------------


def test_an_all_ai_table_plays_to_the_results(app):
    from scenes.results import Results

    table = show(app, CuBirdsTable(app.ctx, match(4, humans=0, seed=5)))
    moves = record_moves(table)
    assert run_until(app, lambda: isinstance(app.stack.top, Results), 6000)
    assert table.state.is_terminal() and table.state.winners()
    assert moves and all(legal for _, legal in moves)
    assert any("places" in line for line in table.log_book.log_lines)
    assert not any(line.endswith(" is up.") for line in table.log_book.log_lines)


def test_a_human_plays_full_turns_with_the_keyboard(app):
    table = show(app, CuBirdsTable(app.ctx, match(3, seed=11)))
    moves = record_moves(table)
    turns = 0
    while turns < 3:
        assert run_until(app, lambda: ready(table))
        assert table.state.view(None).phase == PLACE and table.game.step == "species"
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_RETURN)
        assert table.game.step == "end" and table.game.preview is not None
        press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)
        # then whatever the turn asks (restore, draw 2, flock): take the focused choice
        while True:
            app.frame(STEP)
            if table.state.current_player != 0 or table.state.is_terminal():
                break
            if ready(table):
                assert table.game.step in ("restore", "draw", "flock")
                press(app, pygame.K_RETURN)
        turns += 1
    mine = [a for a, _ in moves if isinstance(a, Place)]
    assert len(mine) >= 3
    assert all(legal for _, legal in moves)
    assert sum(line.startswith("Robin places") for line in table.log_book.log_lines) == 3


def test_a_move_chosen_with_the_mouse(app):
    table = show(app, CuBirdsTable(app.ctx, match(2, seed=4)))
    assert run_until(app, lambda: ready(table))
    moves = table.moves = record_moves(table)
    option = table.turn.picker.options[-1]          # the last species group in the hand
    click(app, option.rect.center)
    assert table.game.step == "end" and table.game.chosen == option.value
    end = next(o for o in table.turn.picker.options if o.value == (2, "right"))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=end.rect.center, rel=(1, 1), buttons=(0, 0, 0)))
    app.frame(STEP)
    assert table.turn.picker.focused is end and table.game.preview is not None
    click(app, end.rect.center)
    assert moves[0] == (Place(option.value, 2, "right"), True)


def test_back_steps_back_within_the_placement_then_opens_pause(app):
    from scenes.pause import Pause

    table = show(app, CuBirdsTable(app.ctx, match(3, seed=2)))
    assert run_until(app, lambda: ready(table))
    press(app, pygame.K_RIGHT)
    species = table.turn.picker.focused.value
    press(app, pygame.K_RETURN)
    assert table.game.step == "end"
    before = table.state.to_dict()
    press(app, pygame.K_ESCAPE)
    assert table.game.step == "species" and table.turn.picker.focused.value == species
    assert table.game.preview is None and not isinstance(app.stack.top, Pause)
    assert table.state.to_dict() == before
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, Pause)


# -- each kind of decision ---------------------------------------------------------------------


def test_draw_two_can_be_declined(app):
    table = show(app, CuBirdsTable(app.ctx, match(3)))
    state = built(3, [("owl", "duck", "robin")] * 4, [{"magpie": 2, "owl": 1}] * 3,
                  deck=("parrot", "toucan", "duck"))
    install(app, table, state)
    assert run_until(app, lambda: ready(table))
    press(app, pygame.K_RETURN)            # the first group: owls
    # focus starts on the end that takes the most; its neighbour traps nothing
    assert table.status() == "Right end of row 1: you take 1 Duck, 1 Robin"
    assert [s.key for s in table.game.preview.captured] == ["duck", "robin"]
    press(app, pygame.K_LEFT)
    assert table.status() == "Left end of row 1: nothing trapped"
    assert table.game.preview.captured == [] and len(table.game.preview.ghosts) == 1
    press(app, pygame.K_RETURN)
    assert run_until(app, lambda: ready(table))
    assert state.phase == DRAW and table.game.step == "draw"
    assert table.turn.picker.focused.value == DrawTwo(True)
    press(app, pygame.K_DOWN)
    assert table.turn.picker.focused.value == DrawTwo(False)
    press(app, pygame.K_RETURN)
    assert [a for a, _ in table.moves] == [Place("owl", 0, "left"), DrawTwo(False)]


def test_emptying_the_hand_without_a_capture_goes_straight_to_the_round_end(app):
    # ruling CB-5: no "Draw 2" / "No thanks" prompt; the round ends, the others discard
    # and the ender deals round 2 and starts it
    table = show(app, CuBirdsTable(app.ctx, match(3)))
    deck = tuple(SPECIES[i % 8] for i in range(40))
    state = built(3, [("owl", "duck", "robin")] * 4,
                  [{"magpie": 2}, {"duck": 2}, {"owl": 1, "toucan": 1}], deck=deck)
    install(app, table, state)
    assert run_until(app, lambda: ready(table))
    press(app, pygame.K_RETURN)            # the only group: the two magpies
    assert table.game.step == "end"
    assert table.status() == ("Left end of row 1: nothing trapped, your hand is empty: "
                              "the round ends")
    press(app, pygame.K_RETURN)
    assert [a for a, _ in table.moves] == [Place("magpie", 0, "left")]
    steps, banners = set(), set()
    for _ in range(4000):
        steps.add(table.game.step)
        banners.add(table.messages.banner_text)
        if ready(table):
            break
        app.frame(STEP)
    assert "draw" not in steps and not table.game.buttons
    assert {"Round 1 ends", "Round 2"} <= banners
    assert table.state.round == 2 and table.state.current_player == 0
    assert table.game.step == "species" and sum(map(len, table.game.hand_spr.values())) == 8
    assert table.game.counts.hand_sizes == [8, 8, 8] and [
        len(r) for r in table.game.rows_spr] == [5, 3, 3, 3]
    assert any("hand is empty: round 1 ends" in line for line in table.log_book.log_lines)


def test_a_flock_is_offered_and_flown(app):
    table = show(app, CuBirdsTable(app.ctx, match(3)))
    state = built(3, [("owl", "duck", "robin")] * 4,
                  [{"robin": 1, "owl": 2}, {"duck": 1}, {"duck": 1}], deck=("duck",))
    state.apply(Place("robin", 0, "left"))
    state.apply(Restore("right"))
    assert state.phase == FLOCK
    install(app, table, state)
    assert run_until(app, lambda: ready(table))
    assert table.game.step == "flock"
    assert [o.value for o in table.turn.picker.options] == [Flock("owl"), Pass()]
    assert "flock of 3 Owls" in table.status()
    press(app, pygame.K_RETURN)
    assert table.moves[0] == (Flock("owl"), True)
    run_until(app, lambda: not table.animator.busy)
    app.frame(STEP)
    assert table.game.counts.collections[0] == {"owl": 1, "robin": 1}


def test_a_restoration_card_matching_the_row_is_placed_without_asking(app):
    table = show(app, CuBirdsTable(app.ctx, match(3)))
    state = built(3, [("owl", "duck", "robin")] * 4, [{"robin": 1, "owl": 1}] * 3,
                  deck=("parrot", "robin"))
    state.apply(Place("robin", 3, "left"))  # leaves robin, robin: the drawn robin matches
    assert state.phase == RESTORE and state.view(None).pending == "robin"
    install(app, table, state)
    assert run_until(app, lambda: ready(table) and table.game.step == "restore")
    assert table.moves[0] == (Restore("left"), True)
    assert table.shown.pending == "parrot" and table.game.pending_spr is not None
    assert len(table.turn.picker.options) == 2
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert table.moves[1] == (Restore("right"), True)


def for_row_labels(table) -> list[str]:
    return [item.what for item in table.paint.audit_items() if item.what.startswith("For row")]


def test_the_for_row_label_goes_when_its_card_joins_the_row(app):
    """ "For row 4" shows only while a restoration card rests on its spot (or flies from
    it to the row): once the card lands in the row the label is gone, also while the
    next restoration card is still coming from the deck."""
    table = show(app, CuBirdsTable(app.ctx, match(3)))
    state = built(3, [("owl", "duck", "robin")] * 4, [{"robin": 1, "owl": 1}] * 3,
                  deck=("parrot", "robin"))
    state.apply(Place("robin", 3, "left"))  # the drawn robin matches: a second card comes
    install(app, table, state)   # its first frame plays the forced Restore("left")
    spot = table.game.geo.rect_of("pending").center

    def in_row(spr) -> bool:
        row = table.game.rows_spr[3]
        return (spr in row and spr.z == 0
                and spr.rect.center == table.game.geo.row_centres(3, len(row))[row.index(spr)])

    first = table.game.rows_spr[3][0]
    assert first.key == "robin" and not in_row(first)      # about to fly to the row
    assert for_row_labels(table) == ["For row 4"]

    def on_spot() -> bool:
        spr = table.game.pending_spr
        return spr is not None and spr.visible and spr.z == 0 and spr.rect.center == spot

    between = 0   # frames with the robin in its row and no card on the spot yet
    while not (ready(table) and table.game.step == "restore"):
        app.frame(STEP)
        if in_row(first) and not on_spot():
            between += 1
            assert for_row_labels(table) == []
    assert between > 0 and on_spot() and for_row_labels(table) == ["For row 4"]
    parrot = table.game.pending_spr
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert table.moves[-1] == (Restore("right"), True)
    assert run_until(app, lambda: parrot.z == 1, 100)       # it flies to the row ...
    assert for_row_labels(table) == ["For row 4"]
    assert run_until(app, lambda: parrot.z == 0, 100)       # ... and lands: no label
    assert table.game.rows_spr[3][-1].key == "parrot" and for_row_labels(table) == []


# -- drawing ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_table_renders_at_every_player_count(app, players):
    table = show(app, CuBirdsTable(app.ctx, match(players, seed=players)), frames=20)
    assert table.layout.problems == []
    assert run_until(app, lambda: ready(table))
    screen = app.screen
    colours = {screen.get_at((x, y))[:3] for x in range(0, 1920, 97) for y in range(0, 1080, 89)}
    assert len(colours) > 20
    groups = {s: len(cards) for s, cards in table.game.hand_spr.items()}
    assert groups == dict(table.shown.hand)
    for seat in range(players):  # every plate inside the title-safe area
        rect = table.game.seat_rect(seat)
        assert 96 <= rect.x and rect.right <= 1824 and 54 <= rect.y and rect.bottom <= 1026


@pytest.mark.parametrize("humans", [1, 0])
def test_hidden_cards_never_reach_the_screen(app, humans):
    """Two games that differ only in what the viewer cannot know draw the same pixels."""
    table = show(app, CuBirdsTable(app.ctx, match(3, humans=humans, seed=8)))
    table.animator.finish_all()
    state = table.state
    viewer = table.couch.viewer
    other = state.determinize(viewer, random.Random(1))
    assert other.view(viewer) == state.view(viewer)
    hidden = [s for s in range(3) if s != viewer]
    assert any(other.hands[s] != state.hands[s] for s in hidden)

    def frame(s) -> bytes:
        install(app, table, s)
        table.begin_turn() if table.couch.is_human(s.current_player) else None
        surface = pygame.Surface((1920, 1080))
        table.ctx.time = 1.0
        table.draw(surface)
        return pygame.image.tobytes(surface, "RGB")

    assert frame(state) == frame(other)


def test_a_spectator_deal_shows_only_backs_for_the_hands(app):
    table = show(app, CuBirdsTable(app.ctx, match(4, humans=0, seed=6)), frames=1)
    assert table.couch.viewer is None and table.game.hand_spr == {}
    faces = Counter(s.key for s in table.game.flying if s.key is not None)
    backs = [s for s in table.game.flying if s.key is None]
    assert len(backs) == 4 * 8              # the hands travel face down
    public = Counter(table.shown.discard)   # repeated setup birds, face up
    for pairs in table.shown.collections:   # and the four first collection cards
        public.update(dict(pairs))
    assert faces == public
    run_until(app, lambda: not table.animator.busy)
    assert table.game.flying == [] and table.game.hand_spr == {}


def test_a_gamepad_alone_places_birds(app):
    from game.input import Act, Input

    table = show(app, CuBirdsTable(app.ctx, match(3, seed=11)))
    assert run_until(app, lambda: ready(table))
    moves = record_moves(table)
    for act in (Act.RIGHT, Act.CONFIRM, Act.DOWN):
        app.dispatch(Input(act, "pad0"))
        app.frame(STEP)
    assert table.game.step == "end"
    app.dispatch(Input(Act.BACK, "pad0"))     # B steps back ...
    assert table.game.step == "species"
    app.dispatch(Input(Act.CONFIRM, "pad0"))  # ... and A chooses again
    r, side = table.turn.picker.focused.value
    app.dispatch(Input(Act.CONFIRM, "pad0"))
    assert len(moves) == 1 and moves[0][1] and moves[0][0].row == r and moves[0][0].side == side


# -- hints --------------------------------------------------------------------------------------


def wait_for_hint(app, table, limit: int = 3000):
    """H, then frames until the Hard AI's suggestion is on screen."""
    press(app, pygame.K_h)
    assert run_until(app, lambda: table.hints.hint_action is not None, limit)
    return table.hints.hint_action


def test_a_hint_focuses_the_species_then_its_row_end_and_plays_as_hinted(app):
    table = show(app, CuBirdsTable(app.ctx, match(3, seed=11)))
    assert run_until(app, lambda: ready(table))
    moves = record_moves(table)
    press(app, pygame.K_RIGHT)                 # wherever the player was looking
    hint = wait_for_hint(app, table)
    assert isinstance(hint, Place) and table.game.step == "species"
    assert table.turn.picker.focused.value == hint.species
    assert table.log_book.log_lines[-1].startswith("Hint: ")
    press(app, pygame.K_RETURN)                # the hinted species: its end is in focus
    assert table.game.step == "end" and table.turn.picker.focused.value == (hint.row, hint.side)
    press(app, pygame.K_RETURN)
    assert moves[0] == (hint, True)
