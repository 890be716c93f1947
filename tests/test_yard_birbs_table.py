"""The Yard Birbs table: AI games reach the results, a human plays with keys and mouse,
BACK steps back through a choice, every player count renders, hidden cards stay hidden."""
from __future__ import annotations

import pygame
import pytest

from game import layouts
from game.session import Match, default_seats
from game.yard_birbs import rules as R
from game.yard_birbs.cards import CARD_BY_KEY, DECK
from scenes.results import Results
from scenes.table.scene import REDUCED, SPEED
from scenes.yard_birbs.animations import PACE
from scenes.yard_birbs.table import YardBirbsTable
from tests.harness import drawing, make_app, post, press, show

GAME = "yard_birbs"


@pytest.fixture
def app(tmp_path, request):
    app = make_app(tmp_path, draw=drawing(request))
    app.ctx.settings.ai_speed = "fast"
    yield app
    pygame.quit()


def table_for(app, players: int, humans: int = 1, seed: int = 1, level: str = "normal"):
    match = Match(GAME, default_seats(players, humans, level), seed)
    return show(app, YardBirbsTable(app.ctx, match))


def human_ready(table) -> bool:
    return (table.couch.is_human(table.state.current_player) and table.turn.turn_ready
            and not table.animator.busy and table.turn.picker is not None)


def step(app, i: int, every: int = 20) -> None:
    """One frame of game time; a full frame (input, draw, present) only every ``every``
    (long AI stretches would otherwise spend the test's time presenting frames)."""
    if i % every == 0:
        app.frame(1 / 60)
    else:
        app.ctx.time += 1 / 60
        app.stack.update(1 / 60)
        app.stack.apply_pending()


def run_until(app, table, condition, limit: int = 20000) -> bool:
    for i in range(limit):
        if condition():
            app.frame(1 / 60)  # the screen as the player sees it at this moment
            return condition()
        if table.state.is_terminal() or not isinstance(app.stack.top, YardBirbsTable):
            return condition()
        step(app, i)
    return False


def play_until(app, table, condition, limit: int = 40) -> bool:
    """Let the human confirm whatever is focused until ``condition`` holds at a decision."""
    for _ in range(limit):
        if run_until(app, table, lambda: human_ready(table)) and condition():
            return True
        if not human_ready(table):
            return False
        if not table.turn.picker.focused.enabled:
            table.turn.picker.index = next(i for i, o in enumerate(
                table.turn.picker.options) if o.enabled)
        press(app, pygame.K_RETURN)
    return False


class Recorder:
    """Wraps the table's submit: every action it plays must be legal when played."""

    def __init__(self, table) -> None:
        self.table = table
        self.actions: list = []
        self.original = table.submit
        table.submit = self.submit

    def submit(self, action):
        state = self.table.state
        assert action in state.legal_actions(), f"illegal {action} in {state.phase}"
        self.actions.append((state.current_player, action))
        return self.original(action)


def public_cards(state) -> set:
    """Cards anyone may see face up: the feeder, the yards, the Lifer."""
    cards = {c for c in state.feeder if c is not None} | {state.lifer}
    for yard in state.yards:
        for flock in yard:
            cards.update(flock.cards)
    if state.pending_bird is not None:
        cards.add(state.pending_bird)
    return cards


# -- whole games -------------------------------------------------------------------------------
@pytest.mark.draw(0)
def test_an_all_ai_table_plays_three_rounds_to_the_results(app):
    table = table_for(app, 3, humans=0, seed=11, level="easy")
    for i in range(20000):
        step(app, i)
        if isinstance(app.stack.top, Results):
            break
    app.frame(1 / 60)
    assert isinstance(app.stack.top, Results)
    assert table.state.is_terminal() and table.state.round == 3
    assert any("wins the trick" in line for line in table.log_book.log_lines)
    assert any("Round 3 scores" in line for line in table.log_book.log_lines)
    rows = table.state.score_breakdown()
    assert all(len(seat_rows) <= R.BREAKDOWN_ROWS for seat_rows in rows)
    assert "Player" not in table.state.outcome()


# -- a human seat ------------------------------------------------------------------------------
@pytest.mark.draw(0)
def test_a_human_plays_three_rounds_to_the_results_with_only_a_gamepad(app):
    from game.input import Act, Input

    table = table_for(app, 4, seed=12)
    rec = Recorder(table)

    def pad(act) -> None:
        app.dispatch(Input(act, "pad0"))
        app.frame(1 / 60)

    decisions = 0
    for turn in range(400):
        run_until(app, table, lambda: human_ready(table) or table.state.is_terminal(), 20000)
        if table.state.is_terminal():
            break
        for k in range(40):  # d-pad to an allowed choice (a dimmed card is refused)
            if table.turn.picker.focused.enabled and (k or turn % 3 == 0):
                break
            pad(Act.RIGHT if k % 3 else Act.DOWN)
        pad(Act.CONFIRM)
        decisions += 1
    for i in range(3000):
        if isinstance(app.stack.top, Results):
            break
        step(app, i)
    assert isinstance(app.stack.top, Results)
    assert table.state.round == 3 and decisions > 30
    assert sum(1 for seat, _ in rec.actions if seat == 0) >= decisions



@pytest.mark.draw(0)
def test_a_human_plays_whole_turns_with_keys_and_only_legal_moves_happen(app):
    table = table_for(app, 4, seed=5)
    rec = Recorder(table)
    phases = set()
    decisions = 0
    while decisions < 14:
        assert run_until(app, table, lambda: human_ready(table)), "the human never got a turn"
        phases.add(table.game.step)
        before = table.state.to_dict()
        press(app, pygame.K_RIGHT)  # move the focus, then confirm whatever is focused
        press(app, pygame.K_LEFT)
        focused = table.turn.picker.focused
        if not focused.enabled:  # a refused option (dimmed card) stays refused
            press(app, pygame.K_RETURN)
            assert table.state.to_dict() == before
            table.turn.picker.index = next(i for i, o in enumerate(
                table.turn.picker.options) if o.enabled)
        while table.turn.picker is not None and table.game.chain is not None and human_ready(table) \
                and table.state.to_dict() == before:
            press(app, pygame.K_RETURN)  # a bird, then its flock: one chain, then submitted
        decisions += 1
        assert table.state.to_dict() != before
    assert {R.PLAY, R.TAKE} <= phases or {R.PLAY, R.FLOCK} <= phases
    humans = [a for seat, a in rec.actions if seat == 0]
    assert any(isinstance(a, R.Play) for a in humans)
    assert any(isinstance(a, R.ToFlock) for a in humans)


@pytest.mark.draw(0)
def test_the_draft_picks_a_bird_then_its_flock_and_back_steps_back(app):
    table = table_for(app, 3, seed=2)
    assert play_until(app, table, lambda: table.game.step == R.TAKE)
    before = table.state.to_dict()
    bird = table.turn.picker.focused.value.card
    press(app, pygame.K_RETURN)
    assert table.game.step == R.FLOCK and table.game.picks == (R.Take(bird),)
    assert table.state.to_dict() == before  # nothing is played until the flock is chosen
    assert table.game.cards[bird].outline is not None  # the chosen bird stays marked
    assert any(o.value == R.ToFlock(R.NEW_FLOCK) for o in table.turn.picker.options)
    for option in table.turn.picker.options:  # only flocks the bird may join are offered
        if option.value.flock != R.NEW_FLOCK:
            assert table.state.yards[0][option.value.flock].joins(bird)
    press(app, pygame.K_ESCAPE)  # back to the bird, not the pause menu
    assert isinstance(app.stack.top, YardBirbsTable)
    assert table.game.step == R.TAKE and table.game.picks == ()
    assert table.state.to_dict() == before
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    assert table.state.to_dict() != before
    assert bird in {c for f in table.state.yards[0] for c in f.cards}


@pytest.mark.draw(0)
def test_back_puts_the_focus_where_a_fresh_pick_puts_it_and_a_choice_is_one_timeline(app):
    """BACK from a bird's flock focuses the first bird on offer again (not the one just
    taken back); a bird and its flock, submitted together, play as one timeline."""
    table = table_for(app, 3, seed=2)
    assert play_until(app, table, lambda: table.game.step == R.TAKE)
    enabled = [i for i, o in enumerate(table.turn.picker.options) if o.enabled]
    if len(enabled) < 2:
        pytest.skip("only one bird to take here")
    first = table.turn.picker.index
    table.turn.picker.index = enabled[-1] if enabled[-1] != first else enabled[0]
    press(app, pygame.K_RETURN)
    assert table.game.step == R.FLOCK
    press(app, pygame.K_ESCAPE)
    assert table.game.step == R.TAKE and table.turn.picker.index == first
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    assert table.game.picks == () and table.animator.timelines == [table.motion.timeline]


@pytest.mark.draw(0)
def test_b_at_the_first_pick_offers_to_take_back_and_the_bar_says_so(app):
    """Where the last move may be taken back, B at the first pick offers it and the bar
    says 'Take back' (not 'Menu'); taken back, the same choice is offered again."""
    table = table_for(app, 3, seed=2)
    for _ in range(20):
        assert run_until(app, table, lambda: human_ready(table))
        if table.keeper.undo_target() is not None:
            break
        play_until(app, table, lambda: False, limit=1)
    else:
        pytest.skip("no move of this deal could be taken back")
    labels = [label for _, label in table.prompt_bar()]
    assert "Take back" in labels and "Menu" not in labels
    guard_state = table.keeper.guard.move_at(table.keeper.undo_target())[0].to_dict()
    press(app, pygame.K_ESCAPE, 2)
    assert type(app.stack.top).__name__ == "Confirm"
    press(app, pygame.K_LEFT)                       # "Keep it" is focused first
    press(app, pygame.K_RETURN, 3)                  # "Take back"
    assert app.stack.top is table and table.state.to_dict() == guard_state
    assert run_until(app, table, lambda: human_ready(table))
    assert table.game.picks == () and table.game.step == table.shown.phase


@pytest.mark.draw(0)
def test_back_steps_back_through_an_ability_and_its_targets(app):
    table = table_for(app, 5, seed=8)
    multi = (R.FEEDER_SWAP, R.HAND_TO_FEEDER, R.REFLOCK, R.MERGE, R.LIFER_SWAP)

    def ability_offered() -> bool:
        if not (human_ready(table) and table.game.step == R.ABILITY):
            return False
        return any(o.enabled and isinstance(o.value, R.UseAbility) and o.value.ability in multi
                   for o in table.turn.picker.options)

    for _ in range(40):  # skip abilities that need no target until a multi-step one comes
        if run_until(app, table, ability_offered, 3000):
            break
        if human_ready(table):
            press(app, pygame.K_RETURN)
            press(app, pygame.K_RETURN)
    else:
        pytest.skip("no multi-step ability came up in this game")
    option = next(o for o in table.turn.picker.options if o.enabled
                  and isinstance(o.value, R.UseAbility) and o.value.ability in multi)
    table.turn.picker.focus_value(option.value)
    before = table.state.to_dict()
    press(app, pygame.K_RETURN)
    assert table.game.picks == (option.value,) and table.game.step != R.ABILITY
    assert table.state.to_dict() == before
    press(app, pygame.K_RETURN)  # the first target
    assert len(table.game.picks) in (0, 2)  # Lifer Swap ends at its one target
    if table.game.picks:
        press(app, pygame.K_ESCAPE)
        assert len(table.game.picks) == 1
        press(app, pygame.K_ESCAPE)
        assert table.game.picks == () and table.game.step == R.ABILITY
        assert table.state.to_dict() == before
        assert isinstance(app.stack.top, YardBirbsTable)


def test_a_card_is_played_with_the_mouse(app):
    table = table_for(app, 3, seed=4)
    rec = Recorder(table)
    assert run_until(app, table, lambda: human_ready(table) and table.game.step == R.PLAY)
    enabled = [o for o in table.turn.picker.options if o.enabled]
    target = enabled[-1]
    pos = target.rect.center
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    app.frame(1 / 60)
    assert table.turn.picker.focused is target
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.frame(1 / 60)
    assert rec.actions and rec.actions[-1] == (0, target.value)


@pytest.mark.draw(0)
def test_a_dimmed_card_is_refused(app):
    table = table_for(app, 5, seed=3)
    for _ in range(30):
        ok = run_until(app, table, lambda: human_ready(table) and table.game.step == R.PLAY
                       and not all(o.enabled for o in table.turn.picker.options), 4000)
        if ok:
            break
        if human_ready(table):
            press(app, pygame.K_RETURN)
    else:
        pytest.skip("the human always could play any card")
    refused = next(o for o in table.turn.picker.options if not o.enabled)
    assert table.game.cards[refused.value.card].dimmed
    table.turn.picker.focus_value(refused.value)
    before = table.state.to_dict()
    press(app, pygame.K_RETURN)
    assert table.state.to_dict() == before


# -- drawing -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_table_renders_at_every_player_count(app, players):
    assert layouts.get(f"{GAME}_{players}").problems == []
    table = table_for(app, players, seed=players)
    for _ in range(120):  # the deal, and a little play
        app.frame(1 / 60)
    assert run_until(app, table, lambda: human_ready(table), 4000)
    assert len(table.plan.hand) == len(table.shown.hand)
    for seat in range(players):
        assert table.paint.seat_rect(seat).colliderect(table.game.geo.yard_area(seat))


@pytest.mark.draw(0)  # the sprites' faces, not pixels
def test_a_spectator_never_sees_a_hand_and_a_player_sees_only_their_own(app):
    def watch(table, frames: int, seats) -> int:
        """Every frame of round 1: no card that is in one of ``seats``' hands and was
        never face up this round (the screen lags the state, so 'was' not 'is') shows."""
        seen_public: set = set()
        checked = 0
        for i in range(frames):
            state = table.state
            if state.round > 1:
                break
            seen_public |= public_cards(state)
            hidden = set().union(*(set(state.hands[s]) for s in seats)) - seen_public
            assert not (table.game.visible_faces() & hidden), "a hidden hand card was shown"
            checked += 1
            if human_ready(table):
                press(app, pygame.K_RETURN)
            else:
                step(app, i, every=3)
        return checked

    table = table_for(app, 4, humans=0, seed=9, level="easy")
    assert table.couch.viewer is None
    assert watch(table, 1500, range(4)) > 500
    assert not table.plan.hand  # a spectator has no hand on screen
    table2 = table_for(app, 4, humans=1, seed=9)
    assert table2.couch.viewer == 0
    assert watch(table2, 900, range(1, 4)) > 300
    assert table2.plan.hand  # ... while the player sees their own


@pytest.mark.draw(0)
def test_the_log_follows_the_animation(app):
    table = table_for(app, 3, humans=0, seed=6)
    assert not table.log_book.log_lines  # the opening deal is shown, not logged
    assert run_until(app, table, lambda: any("wins the trick" in line
                                             for line in table.log_book.queued_lines), 6000)
    assert not any("wins the trick" in line for line in list(table.log_book.log_lines)[-1:])
    assert run_until(app, table, lambda: not table.animator.busy, 2000)
    assert any("wins the trick" in line for line in table.log_book.log_lines)


def test_the_card_painter_forgets_its_fonts_when_pygame_quits():
    """A Font dies with pygame.quit(): the painters' font cache (game.assets) must not
    keep one into the next run (the tests start pygame again and again in one process)."""
    from game import assets
    from sprites import yard_birbs_cards as art

    pygame.init()
    art._text("7", 44, (0, 0, 0))
    assert assets._CARD_FONTS
    pygame.quit()
    assert not assets._CARD_FONTS
    pygame.init()
    assert art._text("7", 44, (0, 0, 0)).get_width() > 0
    pygame.quit()
    assert not assets._CARD_FONTS


def wait_for_hint(app, table, limit: int = 3000):
    """H (or a hinted pick), then frames until the Hard AI's suggestion is on screen."""
    for i in range(limit):
        if table.hints.hint_action is not None:
            return table.hints.hint_action
        step(app, i, every=1)
    raise AssertionError("no hint came")


@pytest.mark.draw(0)
def test_a_hint_focuses_the_bird_then_its_flock_and_plays_as_hinted(app):
    table = table_for(app, 3, seed=2)
    rec = Recorder(table)
    assert play_until(app, table, lambda: table.game.step == R.TAKE)
    press(app, pygame.K_h)
    hint = wait_for_hint(app, table)
    assert isinstance(hint, R.Take) and table.turn.picker.focused.value == hint
    press(app, pygame.K_RETURN)                # the hinted bird: now its flock is hinted
    assert table.game.step == R.FLOCK and table.game.picks == (hint,)
    flock = wait_for_hint(app, table)
    assert isinstance(flock, R.ToFlock) and table.turn.picker.focused.value == flock
    press(app, pygame.K_RETURN)
    assert rec.actions[-2:] == [(0, hint), (0, flock)]


# -- ruling YB-9 on the table ------------------------------------------------------------------
@pytest.mark.draw(0)
def test_reflock_shows_why_a_run_s_middle_bird_may_not_leave(app):
    """Ruling YB-9: purple 5, blue 6, green 7 is a run of mixed suits; without the blue 6
    what is left is no flock, so Reflock may not take it. The table dims it and says why;
    the run's end birds may go."""
    from tests.test_yard_birbs_rules import C, ability_table

    run = [C(0, 5), C(1, 6), C(2, 7)]
    state = ability_table((R.REFLOCK, R.MERGE, R.BIRDSEED), [run, [C(2, 12)]])
    table = table_for(app, 4, seed=3)
    table.animator.finish_all()
    table.state = state
    table.shown = state.view(table.couch.viewer)
    table.game.refresh()
    table.turn.turn_ready = False
    table.turn.decision = None
    rec = Recorder(table)
    assert run_until(app, table, lambda: human_ready(table))
    table.turn.picker.focus_value(R.UseAbility(R.REFLOCK))
    press(app, pygame.K_RETURN)
    assert table.game.step == R.REFLOCK_BIRD
    enabled = {o.value.card: o.enabled for o in table.turn.picker.options}
    assert enabled == {C(0, 5): True, C(1, 6): False, C(2, 7): True, C(2, 12): False}
    table.turn.picker.focus_value(R.PickYard(C(1, 6)))
    assert table.game.tip_text().endswith("its flock would no longer qualify")
    table.turn.picker.focus_value(R.PickYard(C(2, 12)))
    assert table.game.tip_text().endswith("no other flock takes it")
    table.turn.picker.focus_value(R.PickYard(C(1, 6)))
    press(app, pygame.K_RETURN)                      # refused: nothing happens
    assert table.game.step == R.REFLOCK_BIRD and rec.actions == []
    table.turn.picker.focus_value(R.PickYard(C(2, 7)))
    press(app, pygame.K_RETURN)
    assert table.game.step == R.REFLOCK_FLOCK


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_focus_s_tip_and_every_call_out_leave_the_other_labels_alone(app, players):
    """At a stretch of the human's decisions, each choice focused in turn: no label the
    table draws (tips, call-outs, names, flock labels, counters) lies on another."""
    table = table_for(app, players, seed=players + 20)
    checked = 0
    for _ in range(12):
        if not run_until(app, table, lambda: human_ready(table), 6000):
            break
        for option in table.turn.picker.options:
            table.turn.picker.focus_value(option.value)
            app.frame(1 / 60)
            labels = [i for i in table.paint.audit_items() if i.kind == "label"]
            assert any(i.what == "focused choice's tip" for i in labels) or not table.game.tip_text()
            for n, a in enumerate(labels):
                for b in labels[n + 1:]:
                    assert not a.rect.colliderect(b.rect), (
                        f"{players}p {table.game.step}: {a.what!r} {a.rect} on {b.what!r} {b.rect}")
            checked += 1
        if not table.turn.picker.focused.enabled:
            table.turn.picker.index = next(i for i, o in enumerate(
                table.turn.picker.options) if o.enabled)
        press(app, pygame.K_RETURN)
    assert checked > 12


def _first_call_out(app, table, limit: int = 20000):
    """Run the AI game until a call-out shows; it and when it appeared."""
    for i in range(limit):
        if table.paint.notes:
            return table.paint.notes[0], table.clock
        if table.state.is_terminal():
            break
        step(app, i, every=1)
    return None, None


@pytest.mark.draw(0)  # the call-out's rect is placed, not drawn
@pytest.mark.parametrize("speed, reduced", [("slow", False), ("fast", False), ("fast", True)])
def test_a_small_action_is_called_out_in_its_seat_s_yard_at_the_ai_speed(app, speed, reduced):
    """An ability, a swap, a draw: a call-out in the acting seat's plate (or just above
    the ability row), up for reading time at the AI speed; the move waits a beat for it,
    shorter with Reduced motion."""
    app.ctx.settings.ai_speed = speed
    app.ctx.settings.reduced_motion = reduced
    table = table_for(app, 4, humans=0, seed=7)
    waits = []
    real = table.motion.call_out

    def spy(text, seat=None):
        steps = real(text, seat)
        waits.append(steps[-1].duration)
        return steps
    table.motion.call_out = spy
    note, _shown = _first_call_out(app, table)
    assert note is not None, "four AI players used no ability in a game"
    _surf, rect, _start, hold = note
    assert hold == pytest.approx(table.reading_time(1.6))
    assert waits and waits[0] == pytest.approx(
        0.4 * PACE * SPEED[speed] * (REDUCED if reduced else 1.0))
    assert hold == pytest.approx(1.6 * SPEED[speed])   # reading time: Reduced motion keeps it
    plates = [table.paint.seat_rect(s) for s in range(4)]
    above_row = table.game.geo.rect_of("abilities").y - 10
    assert any(p.contains(rect) for p in plates) or rect.bottom == above_row


# -- the ranking's words: each place says the test that decided it ------------------------
def _trick(cards, lifer_species: int):
    """A hand-set trick: seat i holds cards[i] and plays it, seat 0 leading; the
    TrickRanked event the rules give and the state it came from."""
    from tests.test_yard_birbs_rules import table as rules_table

    lifer = next(c for c in DECK if c not in cards and c.species == lifer_species)
    state = rules_table([[c] for c in cards], [[] for _ in cards], lifer=lifer)
    events = []
    for card in cards:
        events += state.apply(R.Play(card))
    return next(e for e in events if isinstance(e, R.TrickRanked)), lifer


def _c(suit: int, number: int):
    return CARD_BY_KEY[(suit, number)]


TRICKS = [  # (the cards in play order, the Lifer's species or None: one none of them shows)
    ((_c(0, 5), _c(0, 7), _c(0, 2)), None),                   # one suit: the 2 is the card left
    ((_c(0, 3), _c(0, 8), _c(1, 9), _c(1, 10)), None),        # a tie on suit, the led suit in it
    ((_c(2, 5), _c(1, 9), _c(4, 7), _c(4, 14), _c(1, 3)), None),  # a tie without the led suit
    ((_c(3, 4), _c(4, 15), _c(0, 11)), None),                 # every suit unique: the led card
    ((_c(1, 9), _c(0, 6), _c(1, 12), _c(4, 13), _c(1, 4)), 5),  # two Kingfishers (the Lifer)
    ((_c(0, 3), _c(1, 9), _c(1, 4), _c(2, 12)), None),        # a majority, then by number
]


@pytest.mark.parametrize("cards, species", TRICKS, ids=[str(len(c)) + "p" + str(i)
                                                        for i, (c, _) in enumerate(TRICKS)])
def test_each_place_of_a_trick_is_tagged_with_the_reason_that_decided_it(app, cards, species):
    """Issue 27: purple 5, 7 and 2 tagged the 2 'Highest'. Every place's call-out and tag
    now come from rank_with_reasons, and the last place is 'the card left'."""
    from game.yard_birbs.cards import SPECIES
    from scenes.yard_birbs.animations import SHORT_REASON

    if species is None:
        species = next(s for s in range(len(SPECIES)) if all(c.species != s for c in cards))
    event, lifer = _trick(list(cards), species)
    reasons = R.rank_with_reasons(cards, lifer.species)
    assert [p.slot for p in event.placements] == [i for i, _ in reasons]
    table = table_for(app, len(cards))
    said, tags = [], []
    table.motion.say = lambda text: said.append(text)
    table.paint.reason_badge = lambda text: tags.append(text) or pygame.Surface((10, 10))
    table.motion.trick_ranked(event, ())
    names = [table.names[p.seat] for p in event.placements]
    places = ("1st", "2nd", "3rd", "4th", "5th")
    assert said[1:] == [f"{places[k]}: {names[k]} \u2013 {R.REASON_TEXT[why]}"
                        for k, (_, why) in enumerate(reasons)]
    assert tags == [SHORT_REASON[why] for _, why in reasons]
    assert reasons[-1][1] == R.BY_LAST and tags[-1] == "Card left"
    assert said[-1].endswith("the card left")
    assert all(why != R.BY_LAST for _, why in reasons[:-1])


def test_purple_5_7_and_2_rank_the_2_third_as_the_card_left(app):
    event, _ = _trick([_c(0, 5), _c(0, 7), _c(0, 2)], 0)
    assert [(p.card.number, p.reason) for p in event.placements] == [
        (7, R.BY_MAJORITY), (5, R.BY_MAJORITY), (2, R.BY_LAST)]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_full_hand_of_seven_shows_every_number_and_suit_whatever_is_raised(app, players):
    """Issue 27: the hand of seven was squeezed between the bottom plates and the raised
    card hid its neighbour's number. Now each of the seven, raised in turn, leaves every
    card's index corner (number and suit) in view, and the hand clears both plates."""
    from tests.test_ui_audit import covered_corners

    table = table_for(app, players)
    assert run_until(app, table, lambda: human_ready(table) and table.game.step == R.PLAY)
    hand = list(table.plan.hand)
    assert len(hand) == 7
    plates = [table.paint.seat_rect(0), table.paint.seat_rect(players - 1)]
    for card in hand:
        table.turn.picker.focus_value(R.Play(card))
        for _ in range(12):
            app.frame(1 / 30)
        items = table.paint.audit_items()
        assert not covered_corners(items), covered_corners(items)
        shown = {i.what for i in items if i.kind == "card" and i.corner is not None}
        assert all(f"full {c}" in shown for c in hand)
        for c in hand:
            assert table.game.cards[c].rect.collidelist(plates) == -1


@pytest.mark.parametrize("players", [3, 5])
def test_the_thinking_bird_never_sits_on_a_plates_name(app, players):
    """The bottom plates are narrower now: with big counters ('+12', '104') the AI's
    thinking bird left of them would cover the end of 'Finch · AI Normal'."""
    table = table_for(app, players, humans=0)
    for box in table.game.boxes:
        box.yard, box.total = 12.0, 104.0
    app.frame(1 / 60)
    for seat in range(players):
        plate = table.paint.seat_rect(seat)
        right, y = table.paint.thinking_spot(seat, plate)
        bird = pygame.Rect(0, 0, 52, 52)
        bird.midright = (right, y)
        assert not bird.colliderect(table.paint.plate_name_rect(seat)), seat
        assert plate.contains(bird)
