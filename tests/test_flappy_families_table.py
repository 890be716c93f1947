"""Flappy Families' table scene, driven headless through the real App: an all-AI game to
the results, a human seat playing A, B and C with keys only, a flip with the mouse, BACK
through step 2, every player count, and no card face shown that the viewer may not know."""
from dataclasses import replace

import pygame
import pytest

from game.flappy_families import rules as R
from game.flappy_families.cards import PREDATOR_CARDS
from game.session import Match, Seat, default_seats, quick_match
from scenes.table import scene as table_module
from scenes.flappy_families.table import FlappyFamiliesTable
from scenes.results import Results
from sprites import ui
from tests.harness import make_app, post, press, show, run_until as frames_until


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setitem(table_module.THINK, "fast", 0.0)   # AIs move at once and
    monkeypatch.setitem(table_module.SPEED, "fast", 0.12)  # animations run short: quick tests
    app = make_app(tmp_path)
    app.ctx.settings.ai_speed = "fast"
    yield app
    pygame.quit()


def run_until(app, test, limit: int = 4000) -> bool:
    return frames_until(app, test, limit, 1 / 60)


def human_ready(table, step=None):
    ready = (table.turn.turn_ready and not table.animator.busy and not table.game.follow_ups
             and table.couch.is_human(table.state.current_player))
    return ready and (step is None or table.game.step == step)


def guard_legality(table):
    """Every move that reaches the rules must be legal at that moment."""
    applied = []
    state = table.state
    base = type(state)

    class Guarded(base):
        """The table's own state only: its copies (the undo guard's) are plain states,
        where an instance attribute would have been copied along and applied to this one."""

        def apply(self, action):
            assert action in self.legal_actions(), f"illegal move submitted: {action}"
            applied.append(action)
            return base.apply(self, action)
    state.__class__ = Guarded
    return applied


def one_human(seat, count=4, seed=11):
    seats = list(default_seats(count, humans=0, level="easy"))
    seats[seat] = Seat("Me", human=True, colour=seat)
    return Match("flappy_families", tuple(seats), seed)


def known_cards(state, seat):
    """Card ids ``seat`` may know right now, from its view only."""
    v = state.view(seat)
    ids = set(v.hand)
    ids |= {slot.card for slot in v.wild if slot is not None and slot.card is not None}
    ids |= {o.card for opens in v.open_cards for o in opens}
    if v.final_hands is not None:
        ids |= {c for hand in v.final_hands for c in hand}
    return ids


def faces_ok(table, seat):
    allowed = known_cards(table.state, seat)
    for sprite in table.game.all_sprites():
        if sprite.key is None:
            assert sprite.face is sprite.back or not sprite.face_up
        else:
            assert sprite.key in allowed, f"the face of card {sprite.key} is on screen"
    for sc in table.game.slots:
        if sc is not None and sc.memory is not None:
            assert sc.card in allowed
    assert set(table.game.board.hand) <= allowed


def test_an_all_ai_table_reaches_the_results_showing_no_hidden_face(app):
    table = show(app, FlappyFamiliesTable(app.ctx, quick_match("flappy_families", 2, seed=5,
                                                               autoplay=True)))
    assert table.couch.viewer is None and table.game.board.hand == []
    kinds = set()
    for _ in range(9000):
        app.frame(1 / 60)
        if isinstance(app.stack.top, Results):
            break
        faces_ok(table, None)
        kinds |= {sc.memory[1]
            for sc in table.game.slots if sc is not None and sc.memory is not None}
    assert isinstance(app.stack.top, Results) and table.state.is_terminal()
    assert "yours" not in kinds            # a spectator has hidden nothing
    assert any("flips" in line for line in table.log_book.log_lines)


def _turn_with(app, table, option):
    """Play one whole turn with the keys: flip, then A, B or C as far as the rules allow."""
    assert run_until(app, lambda: human_ready(table, "flip"))
    press(app, pygame.K_RETURN)                          # step 1: flip the focused card
    if table.state.current_player != 0:                  # a predator ended the turn
        return "predator"
    assert run_until(app, lambda: human_ready(table, "action"))
    allowed = table.game.allowed()
    if not allowed[option]:
        option = "A"
    for _ in range("ABC".index(option)):
        press(app, pygame.K_DOWN)
    assert table.game.focused == option
    press(app, pygame.K_RETURN)
    if option == "A":
        assert table.game.step == "second" and table.state.phase == R.ACTION   # nothing sent yet
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_RETURN)
    elif option == "B":
        assert table.game.step == "b_card"
        press(app, pygame.K_RETURN)
    else:
        for _ in range(table.game.c_needed()):
            assert table.game.step == "c_card"
            press(app, pygame.K_RETURN)
            assert table.game.step == "c_space"
            press(app, pygame.K_RETURN)
    assert table.game.follow_ups or table.state.phase != R.ACTION
    run_until(app, lambda: table.state.current_player != 0 or table.state.is_terminal(), 2000)
    return option


def test_a_human_plays_whole_turns_with_keys_only_legally(app):
    table = show(app, FlappyFamiliesTable(app.ctx, one_human(0, count=3, seed=4)))
    applied = guard_legality(table)
    played = []
    for option in ("A", "B", "C", "C", "B", "A"):
        if table.state.is_terminal():
            break
        played.append(_turn_with(app, table, option))
        assert table.state.current_player != 0 or table.state.is_terminal()
        faces_ok(table, 0)
    chosen = {a.option for a in applied if isinstance(a, R.Choose)}
    assert {"A", "B", "C"} <= chosen, played
    assert any(isinstance(a, R.PickSpace) for a in applied)


def test_one_flip_with_the_mouse(app):
    table = show(app, FlappyFamiliesTable(app.ctx, one_human(0, seed=8)))
    assert run_until(app, lambda: human_ready(table, "flip"))
    before = sum(1 for s in table.state.view(0).wild if s is not None and s.face_up)
    slot = next(s for s, sc in enumerate(table.game.slots) if sc is not None)
    spot = table.game.geo.slot_rect(slot).center
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(1, 1), buttons=(0, 0, 0)))
    app.frame(1 / 60)
    assert table.game.focused == ("slot", slot)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
    app.frame(1 / 60)
    after = table.state.view(0)
    assert after.phase == R.ACTION or after.current != 0           # flipped (or a predator)
    if after.phase == R.ACTION:
        assert after.flipped == slot and after.wild[slot].face_up
    assert before == 0


def test_back_steps_back_through_step_two(app):
    from scenes.pause import Pause

    table = show(app, FlappyFamiliesTable(app.ctx, one_human(0, count=2, seed=3)))
    for _ in range(12):   # find a turn whose first flip is not a predator
        assert run_until(app, lambda: human_ready(table))
        if table.game.step == "flip":
            press(app, pygame.K_RETURN)
        elif table.game.step == "action":
            break
    assert run_until(app, lambda: human_ready(table, "action"))
    before = table.state.to_dict()
    press(app, pygame.K_RETURN)                    # A ...
    assert table.game.step == "second"
    press(app, pygame.K_ESCAPE)                    # ... no: back to the choice, A in focus
    assert table.game.step == "action" and table.game.focused == "A"
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)                    # B ...
    assert table.game.step == "b_card"
    press(app, pygame.K_ESCAPE)
    assert table.game.step == "action" and table.game.focused == "B"
    if table.game.allowed()["C"]:
        press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)                # C: a card, a space, then back twice
        assert table.game.step == "c_card"
        press(app, pygame.K_RETURN)
        assert table.game.step == "c_space" and len(table.game.plan_c) == 1
        press(app, pygame.K_ESCAPE)
        assert table.game.step == "c_card" and table.game.plan_c == []
        press(app, pygame.K_ESCAPE)
        assert table.game.step == "action" and table.game.focused == "C"
    assert table.state.to_dict() == before         # nothing reached the rules
    assert not isinstance(app.stack.top, Pause)
    press(app, pygame.K_ESCAPE)                    # nothing left to step back: the pause menu
    assert isinstance(app.stack.top, Pause)


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_the_table_renders_at_every_player_count(app, count):
    table = show(app, FlappyFamiliesTable(app.ctx, quick_match("flappy_families", count, seed=count)),
                 frames=3)
    assert table.layout.problems == []
    for seat in range(count):
        assert ui.SAFE.contains(table.paint.seat_rect(seat))
    for slot in range(R.SLOTS):
        assert ui.SAFE.contains(table.game.geo.slot_rect(slot))
    for rect in table.game.geo.action_rects().values():
        assert ui.SAFE.contains(rect)
    hand = table.game.geo.hand_area()
    eleven = [(f, 5) for f in range(11)]          # even a hand of every family fits its strip
    for rect in table.game.geo.group_layout(eleven):
        assert hand.contains(rect.inflate(0, -8)) and ui.SAFE.contains(rect)


def test_a_human_sees_only_what_their_seat_knows(app):
    table = show(app, FlappyFamiliesTable(app.ctx, one_human(1, count=3, seed=6)))
    applied = guard_legality(table)
    mine_seen = False
    for _ in range(2500):
        app.frame(1 / 60)
        faces_ok(table, 1)
        mine_seen |= any(sc is not None and sc.memory is not None and sc.memory[1] == "yours"
                         for sc in table.game.slots)
        if mine_seen and len(applied) > 12:
            break
        if human_ready(table):
            if table.game.step == "action":        # hide cards with B or C where allowed
                for _ in range(2 if table.game.allowed()["C"] else 1):
                    press(app, pygame.K_DOWN)
            press(app, pygame.K_RETURN)
    assert mine_seen
    others = {sc.card for sc in table.game.slots if sc is not None and sc.card is not None}
    assert others <= known_cards(table.state, 1)


def until_a_known_back(app, table) -> int:
    """Play (flip, take the card with B, hide one) until the viewer is to flip with a
    face-down card it knows in the Wild; that card's slot."""
    for _ in range(12):
        assert run_until(app, lambda: human_ready(table))
        if table.game.step == "flip":
            offered = {o.value for o in table.turn.picker.options}
            known = [s for s, sc in enumerate(table.game.slots) if sc is not None
                     and sc.memory is not None and ("slot", s) in offered]
            if known:
                return known[0]
        if table.game.step == "action":
            press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)
    raise AssertionError("the viewer never came to know a face-down card")


@pytest.mark.parametrize("aid", [True, False])
def test_the_memory_aid_is_the_matchs_option(app, aid):
    """Seat setup's "Memory marks" (the match's option, on by default): on, a face-down
    card the viewer knows carries its mark and focusing it names it; off, the same game
    shows a plain back and no note."""
    match = one_human(0, count=2, seed=7)
    if not aid:
        match = replace(match, options=(("memory_aid", False),))
    table = show(app, FlappyFamiliesTable(app.ctx, match))
    slot = until_a_known_back(app, table)
    table.turn.picker.index = next(i for i, o in enumerate(table.turn.picker.options)
                              if o.value == ("slot", slot))
    app.frame(1 / 60)
    assert (table.game.slots[slot].sprite.back is table.game.cards.back()) is not aid
    assert bool(table.game.memory_note()) is aid   # "you hid ... here" beside the status line


class Scripted:
    """A stand-in AI seat that plays the given moves, in order, then its first legal one."""

    level = "normal"

    def __init__(self, *actions) -> None:
        self.actions = list(actions)

    def begin(self, state, seat):
        from game.ai import Decision
        return Decision(self.actions.pop(0) if self.actions else state.legal_actions()[0])


def hand_made(wild: dict, hands: list, deck: list, current: int) -> R.State:
    """A state with exactly these cards in the Wild, hands and deck (nobody knows any)."""
    state = R.new_state(len(hands), seed=0)
    state.wild = [wild.get(s, -1) for s in range(R.SLOTS)]
    state.known = [0] * R.SLOTS
    state.placed_by = [-1] * R.SLOTS
    state.hands = [list(h) for h in hands]
    state.open_cards = [[] for _ in hands]
    state.deck = list(deck)
    state.current_player = current
    state._flips = state._legal_cache = None
    return state


def install(app, table, state) -> None:
    """Put ``state`` on the table as if play had just reached it. Taking back is off: the
    made-up position has no history, and its missing cards cannot be dealt again."""
    table.animator.finish_all()
    table.state = state
    table.keeper.guard = None
    table.shown = state.view(table.couch.viewer)
    table.game.refresh()
    table.turn.turn_ready = False
    table.turn.decision = None


def row_of(option) -> int:
    return option.value[1] // R.COLS


def test_a_row_a_predator_emptied_stays_empty_and_the_next_player_plays_around_it(app):
    """Ruling FF-3: the fox, alone in the middle row, ends its finder's turn at once, so
    no migration comes; the next player (the human) sees nests there, the d-pad crosses
    the empty row, and that player's own turn ends with the migration that fills it."""
    fox = PREDATOR_CARDS[0]
    wild = {1: 0, 2: 5, 3: 1, 7: fox, 11: 10, 12: 15, 13: 20}
    hands = [[25, 26, 27, 28], [30, 31, 32, 33], [35, 36, 37, 38]]
    state = hand_made(wild, hands, deck=list(range(40, 50)), current=0)
    table = show(app, FlappyFamiliesTable(app.ctx, one_human(1, count=3)))
    table.bots[0] = Scripted(R.Flip(7))
    install(app, table, state)
    applied = guard_legality(table)
    assert run_until(app, lambda: human_ready(table, "flip"))
    assert applied == [R.Flip(7)] and fox in table.state.hands[0]
    assert table.game.slots[5:10] == [None] * 5 and table.state.wild[5:10] == [-1] * 5
    assert sorted(o.value[1] for o in table.turn.picker.options) == [1, 2, 3, 11, 12, 13]
    start = table.turn.picker.focused
    assert row_of(start) == 0
    press(app, pygame.K_DOWN)                       # over the empty row to the bottom one
    assert row_of(table.turn.picker.focused) == 2
    press(app, pygame.K_UP)
    assert row_of(table.turn.picker.focused) == 0
    press(app, pygame.K_RETURN)                     # flip a top-row card ...
    assert run_until(app, lambda: human_ready(table, "action"))
    assert table.game.allowed() == {"A": True, "B": True, "C": True}
    press(app, pygame.K_RETURN)                     # ... A: a second card, in row 3
    assert table.game.step == "second"
    assert all(row_of(o) != 1 for o in table.turn.picker.options)
    press(app, pygame.K_DOWN)
    assert row_of(table.turn.picker.focused) == 2
    press(app, pygame.K_RETURN)
    assert run_until(app, lambda: len(applied) >= 4)
    assert applied[1:4] == [R.Flip(1), R.CHOOSE_A, R.Flip(12)]
    assert table.state.wild[5:10] == list(range(49, 44, -1))  # the migration came at last
    assert run_until(app, lambda: all(sc is not None for sc in table.game.slots[5:10]))
    assert any(line.startswith("Migration!") for line in table.log_book.log_lines)


def test_a_lone_card_in_the_wild_greys_out_a(app):
    """With two rows emptied by predators, the one flipped card leaves A nothing to
    flip: the table shows A refused, with the reason, and B still works."""
    state = hand_made({12: 15}, [[25, 26, 27, 28], [30, 31, 32, 33]],
                      deck=list(range(40, 52)), current=0)
    table = show(app, FlappyFamiliesTable(app.ctx, one_human(0, count=2)))
    install(app, table, state)
    applied = guard_legality(table)
    assert run_until(app, lambda: human_ready(table, "flip"))
    assert [o.value for o in table.turn.picker.options] == [("slot", 12)]
    press(app, pygame.K_RETURN)
    assert run_until(app, lambda: human_ready(table, "action"))
    assert table.game.allowed() == {"A": False, "B": True, "C": True}
    assert table.paint.why_not("A") == "No other card to flip"
    assert table.game.focused == "B"
    press(app, pygame.K_RETURN)
    assert table.game.step == "b_card"
    press(app, pygame.K_RETURN)
    assert applied[:2] == [R.Flip(12), R.CHOOSE_B]


def test_a_c_resumed_mid_way_asks_for_what_the_rules_ask_next(app):
    """A game reopened in the middle of C (a saved game): the table asks for the cards
    still to hide. BACK on the first card has nothing to undo and stays (no pause menu);
    BACK from the second card frees the first one's space and offers the spaces afresh,
    the first free one in focus; the plan is then sent one action at a time."""
    from scenes.pause import Pause

    wild = {1: 0, 2: 5, 3: 1, 11: 10, 12: 15, 13: 20}
    state = hand_made(wild, [[25, 26, 27, 28], [30, 31, 32, 33]], deck=list(range(40, 50)),
                      current=0)
    state.apply(R.Flip(1))
    state.apply(R.CHOOSE_C)
    assert state.phase == R.C_CARD and state.c_left == 2
    table = show(app, FlappyFamiliesTable(app.ctx, one_human(0, count=2)))
    install(app, table, state)
    applied = guard_legality(table)
    assert run_until(app, lambda: human_ready(table, "c_card"))
    assert table.status() == "Hide 2, draw 2: choose a card to hide (1 of 2)"
    press(app, pygame.K_ESCAPE)
    assert table.game.step == "c_card" and not isinstance(app.stack.top, Pause)
    press(app, pygame.K_RETURN)                      # a card ...
    assert table.game.step == "c_space"
    first = table.game.focused
    press(app, pygame.K_RIGHT)
    chosen = table.game.focused
    assert chosen != first
    press(app, pygame.K_RETURN)                      # ... into another space than the first
    assert table.game.step == "c_card" and table.game.plan_c[0][1] == chosen[1]
    assert table.status() == "Hide 2, draw 2: choose a card to hide (2 of 2)"
    press(app, pygame.K_ESCAPE)                      # back: that space is free again
    assert table.game.step == "c_space" and table.game.focused == first and table.game.plan_c[
        0][1] is None
    for step in ("c_space", "c_card", "c_space"):
        assert table.game.step == step
        press(app, pygame.K_RETURN)
    assert run_until(app, lambda: len(applied) == 4)
    assert [type(a) for a in applied] == [R.PickCard, R.PickSpace, R.PickCard, R.PickSpace]
    assert applied[1] == R.PickSpace(first[1])


def wait_for_hint(app, table, limit=3000):
    """H, then frames until the Hard AI's suggestion is on screen."""
    press(app, pygame.K_h)
    assert run_until(app, lambda: table.hints.hint_action is not None, limit)
    return table.hints.hint_action


def test_a_hint_focuses_its_option_and_plays_as_hinted(app):
    table = show(app, FlappyFamiliesTable(app.ctx, one_human(0, count=2, seed=3)))
    applied = []          # what the table submits (state.apply is wrapped by clones too)
    submit = table.submit
    table.submit = lambda action: (applied.append(action) or True) and submit(action)
    for _ in range(12):   # a turn whose flip is not a predator
        assert run_until(app, lambda: human_ready(table, "flip"))
        hint = wait_for_hint(app, table)
        assert isinstance(hint, R.Flip) and table.game.focused == ("slot", hint.slot)
        press(app, pygame.K_RETURN)
        assert applied[-1] == hint
        if table.state.current_player == 0:
            break
    assert run_until(app, lambda: human_ready(table, "action"))
    press(app, pygame.K_DOWN)
    hint = wait_for_hint(app, table)
    assert isinstance(hint, R.Choose) and table.game.focused == hint.option
    done = len(applied)
    while len(applied) == done:                # the plan's steps, then it is sent
        assert human_ready(table)
        press(app, pygame.K_RETURN)
    assert applied[done] == hint


def test_left_and_right_stay_in_the_wild_row_over_its_nests(app):
    """The d-pad moves along a row of the Wild: right from a card beside a nest goes on
    to the next card of that row, or round to the row's first card, never into the row
    above or below (where a card lies nearer on the diagonal)."""
    wild = {2: 0, 4: 5, 6: 1, 8: 10, 14: 15}       # row 2: cards in columns 2 and 4 only
    state = hand_made(wild, [[25, 26, 27, 28], [30, 31, 32, 33]],
                      deck=list(range(40, 52)), current=0)
    table = show(app, FlappyFamiliesTable(app.ctx, one_human(0, count=2)))
    install(app, table, state)
    assert run_until(app, lambda: human_ready(table, "flip"))
    table.turn.picker.focus_value(("slot", 6))
    press(app, pygame.K_RIGHT)                      # over the nest at column 3
    assert table.game.focused == ("slot", 8)
    press(app, pygame.K_RIGHT)                      # nothing further right in the row:
    assert table.game.focused == ("slot", 6)             # round to its start, not to 4 or 14
    press(app, pygame.K_LEFT)
    assert table.game.focused == ("slot", 8)
    press(app, pygame.K_DOWN)                       # up and down still change rows
    assert table.game.focused == ("slot", 14)
    press(app, pygame.K_RIGHT)                      # a card alone in its row stays put
    assert table.game.focused == ("slot", 14)


@pytest.mark.parametrize("patterns", [True, False])
def test_the_flipped_card_outline_carries_the_flippers_shape_with_patterns(app, monkeypatch,
                                                                           patterns):
    """The card flipped this turn is outlined in the flipper's colour; with Colour
    patterns on the flipper's shape sits on the outline too."""
    app.ctx.settings.colour_patterns = patterns
    state = hand_made({7: 15, 12: 20}, [[25, 26, 27, 28], [30, 31, 32, 33]],
                      deck=list(range(40, 52)), current=0)
    table = show(app, FlappyFamiliesTable(app.ctx, one_human(0, count=2)))
    install(app, table, state)
    assert run_until(app, lambda: human_ready(table, "flip"))
    press(app, pygame.K_RETURN)                     # flip: the card is outlined as mine
    assert run_until(app, lambda: human_ready(table, "action"))
    marks = []
    monkeypatch.setattr(table.paint, "draw_seat_mark", lambda surface, seat, *a: marks.append(seat))
    table.draw(app.screen)
    assert marks == ([0] if patterns else [])
