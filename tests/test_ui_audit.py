"""Ten-foot UI audit: every scene on the 1920x1080 canvas (whatever the window size: a
headless app draws the same canvas at every size, so each canvas check runs once; the
real-window tests in test_window.py show it letterboxed into each size).

No text is rendered below 28 px on the 1080p canvas, every focusable thing lies inside
the 5% title-safe area, and the palette's text colours keep 4.5:1 contrast or better on
every background they are used on.
"""
import random

import pygame
import pytest

from game.engine import GAMES
from game.session import Match, default_seats
from scenes.table.scene import TableScene
from scenes.table.spec import make_table, playable
from sprites import ui
from tests.harness import make_app, show
from tools.screens import menu_scenes

SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]


def focusables(scene) -> list[pygame.Rect]:
    rects = []
    group = getattr(scene, "group", None)
    if group is not None:
        rects += [w.rect for w in group.widgets if w.focusable]
    picker = getattr(scene, "picker", None)
    if picker is not None:
        rects += [o.rect for o in picker.options]
    return rects


def outside(rects) -> list[pygame.Rect]:
    return [r for r in rects if not ui.SAFE.contains(r)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_window_size_draws_the_one_canvas(tmp_path, size):
    app = make_app(tmp_path, size=size)
    try:
        name, factory = next(iter(menu_scenes(app.ctx)))
        show(app, factory(), frames=2)
        assert app.screen.get_size() == ui.CANVAS, name
    finally:
        pygame.quit()


def test_menus_and_overlays(tmp_path, font_sizes):
    app = make_app(tmp_path)
    try:
        for name, factory in menu_scenes(app.ctx):
            scene = show(app, factory(), frames=3)
            assert not outside(focusables(scene)), f"{name}: focusable outside the safe area"
            assert app.screen.get_size() == ui.CANVAS
    finally:
        pygame.quit()
    assert font_sizes and min(font_sizes) >= 28, f"text at {min(font_sizes)} px"


def test_tables_and_results(tmp_path, font_sizes):
    """Each game at its smallest and largest table: every picker the human meets over a
    stretch of play stays inside the safe area; the results screen too."""
    from scenes.results import Results

    app = make_app(tmp_path)
    rng = random.Random(7)
    try:
        for game_id in [g for g in GAMES if playable(g)]:
            info = GAMES[game_id]
            for count in (info.min_players, info.max_players):
                table = show(app, make_table(app.ctx, Match(game_id, default_seats(count), seed=3)))
                decisions = 0
                for _ in range(6000):
                    app.frame(1 / 15)
                    if not isinstance(app.stack.top, TableScene) or table.state.is_terminal():
                        break
                    if table.turn.turn_ready and not table.animator.busy and table.couch.is_human(table.state.current_player):
                        bad = outside(focusables(table))
                        assert not bad, f"{game_id} {count}p: options outside the safe area {bad[:3]}"
                        table.submit(rng.choice(table.state.legal_actions()))
                        decisions += 1
                        if decisions >= 12:
                            break
                assert decisions, f"{game_id} {count}p: the human never got a decision"
                state = table.state
                scene = show(app, Results(app.ctx, state, table.match), frames=2)
                assert not outside(focusables(scene))
                app.stack.reset(scene)
                app.stack.apply_pending()
    finally:
        pygame.quit()
    assert min(font_sizes) >= 28, f"text at {min(font_sizes)} px"


def _luminance(colour) -> float:
    def channel(v: int) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = colour[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a, b) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("text", ["TEXT", "TEXT_MUTED", "TEXT_DIM", "ACCENT", "GOOD", "BAD"])
def test_text_colours_keep_4_5_to_1_on_every_background(text):
    for background in ("BG", "BG_TOP", "PANEL", "PANEL_LIGHT", "FELT", "FELT_DARK"):
        ratio = contrast(getattr(ui, text), getattr(ui, background))
        assert ratio >= 4.5, f"{text} on {background}: {ratio:.2f}:1"


def test_seat_colours_carry_distinct_shapes():
    assert len(set(ui.SEAT_SHAPES)) == len(ui.SEAT_COLOURS) == 6


def covered_corners(items) -> list[str]:
    """Cards whose index corner (number and suit) something hides: a card drawn after
    it, or any label or cover on it (a label under a corner would be hidden itself)."""
    problems = []
    for n, card in enumerate(items):
        if card.kind != "card" or card.corner is None:
            continue
        for k, other in enumerate(items):
            if k == n or (other.kind == "card" and k < n):
                continue
            if other.kind in ("card", "label", "cover") and other.rect.colliderect(card.corner):
                problems.append(f"{other.kind} {other.what!r} covers the corner of {card.what}")
    return problems


def _sizes_and_overlaps(table) -> list[str]:
    """What a table's current frame gets wrong at ten feet: small cards or icons, labels
    on top of each other, a card's number and suit hidden, a log panel too short for six
    lines."""
    items = table.paint.audit_items()
    # cards sliding past each other hide corners for a moment: corners are checked at rest
    problems = [] if table.animator.busy else covered_corners(items)
    for item in items:
        if item.kind == "card" and item.rect.h < 120:
            problems.append(f"card {item.what} is {item.rect.h} px tall")
        if item.kind == "icon" and min(item.rect.size) < 48:
            problems.append(f"icon {item.what} is {item.rect.w}x{item.rect.h} px")
    labels = [i for i in items if i.kind == "label"]
    for n, a in enumerate(labels):
        for b in labels[n + 1:]:
            if a.rect.colliderect(b.rect):
                problems.append(f"label {a.what!r} overlaps {b.what!r}")
    if table.log_panel.log_capacity() < 6:
        problems.append(f"the log panel holds {table.log_panel.log_capacity()} lines")
    return problems


@pytest.mark.parametrize("game_id", [g for g in GAMES if playable(g)])
def test_every_table_is_big_enough_and_nothing_overlaps_or_is_cut(tmp_path, game_id, monkeypatch):
    """At 1080p, at every player count, over a stretch of play: cards ≥ 120 px tall,
    icons ≥ 48 px, no two labels overlapping, every card's index corner (number and suit)
    in view, a log of six lines, and no text ever drawn cut short with '…'."""
    from game.assets import Assets
    cut: list[str] = []
    real_fit = Assets.text_fit

    def fit(self, text, size, max_width, *args, **kwargs):
        face = args[1] if len(args) > 1 else kwargs.get("face", "body")
        if len(text) > 1 and self.font(face, size).size(text)[0] > max_width:
            cut.append(text)
        return real_fit(self, text, size, max_width, *args, **kwargs)

    monkeypatch.setattr(Assets, "text_fit", fit)
    app = make_app(tmp_path)
    rng = random.Random(11)
    info = GAMES[game_id]
    try:
        for count in info.player_counts:
            table = show(app, make_table(app.ctx, Match(game_id, default_seats(count), seed=5)))
            problems: set[str] = set()
            decisions = 0
            for _ in range(4000):
                app.frame(1 / 15)
                if not isinstance(app.stack.top, TableScene) or table.state.is_terminal():
                    break
                problems.update(_sizes_and_overlaps(table))
                if table.turn.turn_ready and not table.animator.busy and table.couch.is_human(table.state.current_player):
                    table.submit(rng.choice(table.state.legal_actions()))
                    decisions += 1
                    if decisions >= 8:
                        break
            assert decisions, f"{game_id} {count}p: the human never got a decision"
            assert not problems, f"{game_id} {count}p: " + "; ".join(sorted(problems)[:8])
            app.stack.pop()
            app.stack.apply_pending()
    finally:
        pygame.quit()
    assert not cut, f"{game_id}: drawn cut short: {sorted(set(cut))[:6]}"


@pytest.mark.parametrize("game_id", [g for g in GAMES if playable(g)])
def test_whatever_is_focused_every_cards_number_and_suit_stay_in_view(tmp_path, game_id):
    """At every player count, at the human's first decisions (a full hand), each option
    focused in turn (a hand card lifts, its tip shows): no card's index corner is covered
    by another card or a label (issue 27: Yard Birbs' raised card hid its neighbour's
    number)."""
    app = make_app(tmp_path)
    rng = random.Random(3)
    try:
        for count in GAMES[game_id].player_counts:
            table = show(app, make_table(app.ctx, Match(game_id, default_seats(count), seed=5)))
            decisions, problems = 0, set()
            for _ in range(4000):
                app.frame(1 / 15)
                if not isinstance(app.stack.top, TableScene) or table.state.is_terminal():
                    break
                if not (table.turn.turn_ready and not table.animator.busy
                        and table.couch.is_human(table.state.current_player) and table.turn.picker):
                    continue
                for option in list(table.turn.picker.options):
                    table.turn.picker.focus_value(option.value)
                    for _ in range(8):   # the lift settles
                        app.frame(1 / 15)
                    problems.update(f"{option.label or option.value}: {p}"
                                    for p in covered_corners(table.paint.audit_items()))
                table.submit(rng.choice(table.state.legal_actions()))
                decisions += 1
                if decisions >= 2:
                    break
            assert decisions, f"{game_id} {count}p: the human never got a decision"
            assert not problems, f"{game_id} {count}p: " + "; ".join(sorted(problems)[:6])
            app.stack.pop()
            app.stack.apply_pending()
    finally:
        pygame.quit()


def coach_covers(items) -> list[str]:
    """What the coach's panel and arrow hide: a name or label, an ability's text, a
    card's number and suit."""
    problems = []
    for cover in (i for i in items if i.kind == "cover"):
        for other in items:
            if other.kind == "label" and cover.rect.colliderect(other.rect):
                problems.append(f"{cover.what} covers {other.what!r}")
            if other.kind == "card" and other.corner is not None \
                    and cover.rect.colliderect(other.corner):
                problems.append(f"{cover.what} covers the corner of {other.what}")
    return problems


@pytest.mark.parametrize("game_id", [g for g in GAMES if playable(g)])
def test_the_coach_hides_no_name_card_corner_or_ability_text(tmp_path, game_id):
    """Every game's guided game, at each pick of its first coached decisions (and of any
    new kind after them, until the coach lets go): the panel and its arrow lie where
    they cover no name, label, ability text or card corner (issue 27: Yard Birbs' panel
    cut off Wren's name and its arrow covered the focused card's name)."""
    from scenes.table.coach import guide_for
    from scenes.table.coached import coached_table
    from tests.harness import press, run_until

    if guide_for(game_id) is None:
        pytest.skip("no guided game")
    app = make_app(tmp_path)
    app.ctx.settings.ai_speed = "fast"
    try:
        table = show(app, coached_table(app.ctx, game_id))
        checked = 0
        for _ in range(40):
            assert run_until(app, lambda: table.coach_done or (
                table.coach_open and table.coach_step() is not None
                and (table.hints.hint_action is not None or table.hints.hint_decision is None)), 6000)
            if table.coach_done:
                break
            for _ in range(10):   # the hint's focus and the card's lift settle
                app.frame(1 / 30)
            items = table.paint.audit_items()
            kinds = {i.what for i in items if i.kind == "cover"}
            pointing = table.coach_target() is not None
            assert kinds == {"coach's panel"} | ({"coach's arrow"} if pointing else set())
            problems = coach_covers(items)
            assert not problems, f"{game_id} at {table.game.step!r}: " + "; ".join(problems[:5])
            checked += 1
            press(app, pygame.K_RETURN, 2)
        assert checked >= guide_for(game_id).moves
    finally:
        pygame.quit()
