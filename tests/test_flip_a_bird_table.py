"""Flip a Bird's table scene, driven headless through the real App: AI games to the
results, a human seat with keys and the mouse, BACK out of a claim, every player count,
and no card face drawn that the viewer may not see."""
import pygame
import pytest

from game.flip_a_bird import rules as R
from game.session import Match, Seat, default_seats, quick_match
from scenes.table import scene as table_module
from scenes.flip_a_bird.table import FlipABirdTable
from scenes.results import Results
from tests.harness import make_app, post, press, show, run_until as frames_until


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setitem(table_module.THINK, "fast", 0.0)   # AIs move at once and
    monkeypatch.setitem(table_module.SPEED, "fast", 0.15)  # animations run short: quick tests
    app = make_app(tmp_path)
    app.ctx.settings.ai_speed = "fast"
    yield app
    pygame.quit()


def run_until(app, test, limit: int = 6000) -> bool:
    return frames_until(app, test, limit, 1 / 60)


def human_ready(table):
    return (table.turn.turn_ready and not table.animator.busy
            and table.couch.is_human(table.state.current_player))


def guard_legality(table):
    """Every move that reaches the rules must be legal at that moment."""
    applied = []
    state = table.state
    original = state.apply

    def apply(action):
        assert action in state.legal_actions(), f"illegal move submitted: {action}"
        applied.append(action)
        return original(action)
    state.apply = apply
    return applied


def one_human(seat, count=4, seed=11):
    seats = list(default_seats(count, humans=0, level="easy"))
    seats[seat] = Seat("Me", human=True, colour=seat)
    return Match("flip_a_bird", tuple(seats), seed)


def public_ids(state, seat):
    """Card ids ``seat`` may see a face of right now (from its view only)."""
    v = state.view(seat)
    ids = {c.id for c in v.hand} | {c.id for c in v.share} | {c.id for c in v.discarded}
    ids |= {c.id for pile in v.won for c in pile}
    ids |= {slot.card.id for slot in v.row if slot.card is not None}
    if v.last_claim is not None:
        ids |= {c.id for c in v.last_claim.cards}
    return ids


def test_an_all_ai_table_reaches_the_results_showing_no_hidden_face(app):
    table = show(app, FlipABirdTable(app.ctx, quick_match("flip_a_bird", 3, seed=5, autoplay=True)))
    assert table.couch.viewer is None and table.game.hand_cards == []
    saw_face_down = False
    for _ in range(4000):
        app.frame(1 / 60)
        if isinstance(app.stack.top, Results):
            break
        _faces_ok(table, None)   # a spectator sees no hand and no face-down card's face
        saw_face_down |= any(not rc.sprite.face_up for rc in table.game.row_cards)
        assert not any(rc.mine for rc in table.game.row_cards)
    assert isinstance(app.stack.top, Results) and table.state.is_terminal()
    assert saw_face_down
    assert any("claims" in line for line in table.log_book.log_lines)


def test_a_human_plays_whole_turns_with_keys_only_legally(app):
    table = show(app, FlipABirdTable(app.ctx, one_human(0)))
    applied = guard_legality(table)
    for turn in range(3):
        assert run_until(app, lambda: human_ready(table) and table.game.step == "turn")
        row_before = len(table.state.row)
        press(app, pygame.K_RETURN)            # the pile is focused: draw
        assert table.state.phase == R.PHASE_PLAY and table.state.current_player == 0
        assert run_until(app, lambda: human_ready(table) and table.game.step == "play")
        first = table.game.focused
        press(app, pygame.K_RIGHT)
        assert table.game.focused != first          # the d-pad moves along the hand
        press(app, pygame.K_RETURN)
        assert table.state.current_player != 0 or table.state.phase != R.PHASE_PLAY
        assert len(table.state.row) in (row_before + 1, 1)   # landed (or began a row)
        # the AIs move on; answer any tip or draft with the keys too
        while not run_until(app, lambda: human_ready(table) and table.game.step == "turn", 400):
            if human_ready(table):
                press(app, pygame.K_RETURN)
    kinds = {type(a) for a in applied}
    assert {R.Draw, R.Play} <= kinds


def test_one_decision_with_the_mouse(app):
    table = show(app, FlipABirdTable(app.ctx, one_human(0)))
    assert run_until(app, lambda: human_ready(table) and table.game.step == "turn")
    pile = table.game.geo.pile_rect().center
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pile, rel=(1, 1), buttons=(0, 0, 0)))
    app.frame(1 / 60)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pile, button=1))
    app.frame(1 / 60)
    assert table.state.phase == R.PHASE_PLAY
    assert run_until(app, lambda: human_ready(table) and table.game.step == "play")
    target = table.game.hand_cards[-1]
    spot = target.rect.center
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(1, 1), buttons=(0, 0, 0)))
    app.frame(1 / 60)
    assert table.game.focused == R.Play(target.key)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
    app.frame(1 / 60)
    assert table.state.row[-1] == target.key


def test_back_steps_out_of_a_claim_and_alt_claims(app):
    from scenes.pause import Pause

    table = show(app, FlipABirdTable(app.ctx, one_human(1)))   # seat 0 plays first
    assert run_until(app, lambda: human_ready(table) and table.game.step == "turn")
    assert R.CLAIM in table.state.legal_actions()
    before = table.state.to_dict()
    press(app, pygame.K_TAB)                       # ALT: claim ...
    assert table.game.step == "confirm"
    press(app, pygame.K_ESCAPE)                    # ... BACK: no, not yet
    assert table.game.step == "turn" and not isinstance(app.stack.top, Pause)
    assert table.state.to_dict() == before
    assert table.game.focused == R.CLAIM                # back where the claim was chosen
    press(app, pygame.K_RETURN)                    # the claim button asks again
    assert table.game.step == "confirm" and table.game.focused == "claim"
    press(app, pygame.K_RETURN)
    assert table.state.phase == R.PHASE_TIP and table.state.claimant == 1
    assert run_until(app, lambda: table.game.counts.mode is not None)


def test_a_new_game_is_dealt_but_a_continued_one_is_not(app):
    """The deal is played from the view (the rules describe none), so a continued game,
    whose row may be empty after a claim, must not show one."""
    from types import SimpleNamespace
    from scenes.table.keeping import Resume
    table = show(app, FlipABirdTable(app.ctx, one_human(0)), frames=1)
    assert table.animator.busy and table.shown.row == ()
    saved = SimpleNamespace(id=table.keeper.match_id, moves=[], log=[])
    again = show(app, FlipABirdTable(app.ctx, one_human(0), Resume(saved, table.state.clone())),
                 frames=1)
    assert again.resumed and again.shown.row == () and not again.animator.busy


def test_back_with_nothing_to_step_back_opens_the_pause_menu(app):
    from scenes.pause import Pause

    table = show(app, FlipABirdTable(app.ctx, one_human(0)))
    assert run_until(app, lambda: human_ready(table))
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, Pause)


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_the_table_renders_at_every_player_count(app, count):
    table = show(app, FlipABirdTable(app.ctx, quick_match(
        "flip_a_bird", count, seed=count)), frames=3)
    assert table.layout.problems == []
    for seat in range(count):
        assert app.screen.get_rect().contains(table.paint.seat_rect(seat))
    positions, size, _ = table.game.geo.row_layout(40)   # a very long row still fits its box
    row = pygame.Rect(table.layout.get("row").rect)
    for x, y in positions:
        card = pygame.Rect((0, 0), size)
        card.center = (int(x), int(y))
        assert row.contains(card)


def _faces_ok(table, seat):
    allowed = public_ids(table.state, seat)
    for sprite in table.game.all_sprites():
        if sprite.key is None:
            assert sprite.face is sprite.back or not sprite.face_up
        else:
            assert sprite.key in allowed, f"the face of card {sprite.key} is on screen"
    tips = table.state.view(seat).tips
    for other, sprite in table.game.tip_sprites.items():   # a tip shows its colour only once known
        if sprite.face_up and sprite.squash > 0.99 and not table.animator.busy:
            assert tips[other] in ("red", "green")


def test_a_human_sees_only_their_own_hidden_cards(app):
    table = show(app, FlipABirdTable(app.ctx, one_human(0, seed=4)))
    mine_seen = claim_seen = False
    for _ in range(3000):
        app.frame(1 / 60)
        _faces_ok(table, 0)
        claim_seen |= mine_seen and table.game.counts.mode in ("over", "ok")
        if claim_seen and not table.animator.busy:
            break
        for rc in table.game.row_cards:
            if rc.mine:      # the marker only the player sees sits on their own cards
                assert rc.played_by == 0 and rc.card is not None
                mine_seen = True
            elif not rc.sprite.face_up and rc.card is not None:   # turning up in a claim
                assert rc.played_by == 0 or rc.card.id in public_ids(table.state, 0)
        if human_ready(table):
            press(app, pygame.K_RETURN)
    assert mine_seen and claim_seen


def test_the_painter_caches_cards_and_the_two_backs_differ(app):
    from sprites.flip_a_bird_cards import CARD, MINI, FabCards

    cards = FabCards(app.ctx.assets, patterns=True)
    face = cards.face(("bird", "blue", 2))
    assert cards.face(("bird", "blue", 2)) is face and face.get_size() == CARD
    for size in (CARD, MINI):   # open vs covered: far apart in brightness, not just hue
        light = pygame.transform.average_color(cards.back(True, size))
        dark = pygame.transform.average_color(cards.back(False, size))
        assert sum(light[:3]) - sum(dark[:3]) > 150


def test_a_gamepad_alone_plays_draw_play_claim_and_tip(app):
    """The same turn through a controller's actions (A, X, B, d-pad), as a pad sends them."""
    from game.input import Act, Input

    def pad(act):
        app.dispatch(Input(act, "pad0"))
        app.frame(1 / 60)

    table = show(app, FlipABirdTable(app.ctx, one_human(1, seed=12)))
    assert run_until(app, lambda: human_ready(table) and table.game.step == "turn")
    assert R.CLAIM in table.state.legal_actions()
    pad(Act.ALT)
    assert table.game.step == "confirm"
    pad(Act.BACK)
    assert table.game.step == "turn"
    assert table.game.focused == R.CLAIM
    pad(Act.UP)                      # d-pad: from the claim button up to the pile
    assert table.game.focused == R.DRAW
    pad(Act.CONFIRM)
    assert run_until(app, lambda: human_ready(table) and table.game.step == "play")
    pad(Act.CONFIRM)
    assert table.state.current_player != 1
    while not (human_ready(table) and table.game.step == "tip"):   # wait for someone to claim
        assert run_until(app, lambda: human_ready(table), 3000)
        if table.game.step == "tip":
            break
        pad(Act.CONFIRM)
        if table.state.is_terminal():
            pytest.skip("no claim came up in this game")
    pad(Act.RIGHT)
    assert table.game.focused == R.TIP_GREEN
    pad(Act.CONFIRM)
    assert table.state.tips[1] is False or table.state.phase != R.PHASE_TIP


def wait_for_hint(app, table, limit=3000):
    """H, then frames until the Hard AI's suggestion is on screen."""
    press(app, pygame.K_h)
    assert run_until(app, lambda: table.hints.hint_action is not None, limit)
    return table.hints.hint_action


def test_a_hint_focuses_its_option_and_plays_as_hinted(app):
    table = show(app, FlipABirdTable(app.ctx, one_human(0)))
    applied = guard_legality(table)
    for step in ("turn", "play"):
        assert run_until(app, lambda: human_ready(table) and table.game.step == step)
        hint = wait_for_hint(app, table)
        assert hint in table.state.legal_actions()
        assert table.game.focused == hint
        press(app, pygame.K_RETURN)
        if hint == R.CLAIM:                    # a claim asks once more, Claim! in focus
            assert table.game.focused == "claim"
            press(app, pygame.K_RETURN)
        assert applied[-1] == hint
        if hint == R.CLAIM:
            break


# -- couch play: tips in secret ------------------------------------------------------------------
from game.input import KBM  # noqa: E402
from scenes.overlays import PrivacyScreen  # noqa: E402


def plug(app, *indexes):
    app.input.opener = lambda index: (200 + index, f"Pad {index}", None)
    post(*[pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=i) for i in indexes])
    app.frame(1 / 60)


def pad(app, instance, button):
    post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=instance, button=button),
         pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=instance, button=button))
    app.frame(1 / 60)


def claim_by_an_ai(app, table):
    """Play the table's state (not through the screen) until an AI claims against an AI,
    so every human seat has to tip; then show that table."""
    st = table.state
    human = table.couch.is_human
    while not (st.phase == R.PHASE_TURN and not human(st.current_player)
               and R.CLAIM in st.legal_actions() and not human(st.last_player)):
        legal = [a for a in st.legal_actions() if a != R.CLAIM]
        st.apply(legal[0])
    st.apply(R.CLAIM)
    table.animator.finish_all()
    table.shown = st.view(table.couch.viewer)
    table.game.refresh()
    table.dirty = False


def couch(app, devices, seed=21):
    """An AI, then a human seat per device, then an AI."""
    plug(app, 0, 1, 2)
    seats = [Seat("Cat", colour=0)]
    seats += [Seat(f"P{k}", human=True, device=d, colour=k + 1) for k, d in enumerate(devices)]
    seats.append(Seat("Dot", colour=len(devices) + 1))
    table = FlipABirdTable(app.ctx, Match("flip_a_bird", tuple(seats), seed))
    claim_by_an_ai(app, table)
    return show(app, table, frames=1), [1 + k for k in range(len(devices))]


def tips_of(table, seats):
    return [table.state.tips[s] for s in seats]


@pytest.mark.parametrize("devices", [("pad200", "pad201"), ("pad200", "pad201", KBM)])
def test_people_tip_at_once_on_their_own_devices_and_only_tipped_shows(app, devices):
    table, humans = couch(app, devices)
    assert table.game.secret_tipping and set(table.game.tipping_humans()) == set(humans)
    seen_focus = []
    presses = {"pad200": lambda: pad(app, 200, pygame.CONTROLLER_BUTTON_LEFTSHOULDER),   # red
               "pad201": lambda: pad(app, 201, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER),  # green
               KBM: lambda: press(app, pygame.K_q)}                                       # red
    wanted = {"pad200": True, "pad201": False, KBM: True}
    # everyone tips right away, in reverse seat order, whoever the rules are asking
    for device in reversed(devices):
        presses[device]()
        seen_focus.append(table.turn.picker)
        assert not isinstance(app.stack.top, PrivacyScreen)
    pad(app, 202, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)   # a device without a tipper: nothing
    pad(app, 200, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)  # a second tip: refused
    assert all(table.game.has_tipped(s) for s in humans)
    assert seen_focus == [None] * len(devices)             # no picker, so no focus ring
    for _ in range(3000):
        if table.state.phase != R.PHASE_TIP:
            break
        assert not isinstance(app.stack.top, PrivacyScreen)
        for s in humans:   # a tip shows as a face-down card until the reveal
            sprite = table.game.tip_sprites.get(s)
            assert sprite is None or not sprite.face_up or table.state.phase != R.PHASE_TIP
        app.frame(1 / 60)
    assert table.state.phase != R.PHASE_TIP
    assert tips_of(table, humans) == [wanted[d] for d in devices]


def test_one_shared_device_gives_each_tipper_a_privacy_screen(app):
    table, humans = couch(app, (None, None))
    assert not table.game.secret_tipping
    played = []
    submit = table.submit
    table.submit = lambda action: (played.append((table.state.current_player, action))
                                   or True) and submit(action)
    for seat in humans:
        assert run_until(app, lambda: isinstance(app.stack.top, PrivacyScreen), 3000)
        assert app.stack.top.seat == seat and table.couch.viewer is None
        press(app, pygame.K_RETURN)                      # this tipper alone looks
        app.frame(1 / 60)
        assert run_until(app, lambda: human_ready(table) and table.game.step == "tip")
        assert table.couch.viewer == seat
        press(app, pygame.K_RETURN)                      # the focused tip: red
        assert table.couch.viewer is None                       # hidden again at once
    assert [(s, a) for s, a in played if isinstance(a, R.Tip)] == [(s, R.TIP_RED) for s in humans]


@pytest.mark.parametrize("patterns", [True, False])
def test_your_face_down_card_marker_carries_its_colour_shape_with_patterns(app, monkeypatch,
                                                                           patterns):
    """The marker on your own face-down card tells its colour by fill; with Colour
    patterns on it carries that colour's shape as well."""
    from game.flip_a_bird.cards import CARDS
    from scenes.flip_a_bird import draw as fab_draw
    from scenes.flip_a_bird.animations import RowCard
    from sprites.card import CardSprite
    from sprites.flip_a_bird_cards import CARD

    app.ctx.settings.colour_patterns = patterns
    table = show(app, FlipABirdTable(app.ctx, one_human(0)))
    card = next(c for c in CARDS if c.is_bird and c.colour == "green")
    back = table.game.cards.back(card.open_back)
    rc = RowCard(CardSprite(back, back, (900, 480), False), card, card.open_back, 0, True, CARD)
    drawn = []
    real = fab_draw.draw_colour_shape
    monkeypatch.setattr(fab_draw, "draw_colour_shape",
                        lambda surface, colour, *a, **k: drawn.append(colour)
                        or real(surface, colour, *a, **k))
    table.paint.mine_marker(app.screen, rc, rc.sprite.rect, CARD[0])
    assert drawn == (["green"] if patterns else [])
