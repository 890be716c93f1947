"""Flip a Bird rules: every case of issue 4's Tests section, and the pure functions."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import GameOver, IllegalAction, new_game
from game.flip_a_bird import rules
from game.flip_a_bird.cards import CARDS, COLOURS, OPEN_BACK_IDS
from game.flip_a_bird.rules import (CLAIM, DRAW, TIP_GREEN, TIP_RED, BirdsCounted,
                                    CardDrawn, CardFlipped, CardPlayed, CardTaken,
                                    ClaimResolved, ColourDoubled, ColourZeroed,
                                    NeighboursRemoved, Pick, Play, RowDiscarded,
                                    SpecialsCancelled, TipsRevealed, count_birds, count_ids,
                                    evaluate_row, row_limit, score_pile)

# -- building blocks -------------------------------------------------------------------


def b(colour: str, birds: int) -> tuple:
    return ("bird", colour, birds)


def sp(kind: str, colour: str | None = None) -> tuple:
    return ("special", kind, colour)


class Box:
    """Hands out distinct card ids by face and back, for hand-built positions."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, face: tuple, open_back: bool | None = None) -> int:
        for card in CARDS:
            if (card.id not in self.used and card.face == face
                    and (open_back is None or card.open_back == open_back)):
                self.used.add(card.id)
                return card.id
        raise LookupError(face)

    def spare(self) -> int:
        """Any unused card, specials first: filler for hands that are never played."""
        card = max(c for c in range(len(CARDS)) if c not in self.used)
        self.used.add(card)
        return card


def position(n: int, hands: list[list[int]], box: Box, top: list[int] = (),
             row: list[tuple[int, bool, int]] = (), current: int = 0,
             last: int | None = None, fill_pile: bool = True) -> rules.State:
    """A state with the given hands, row and pile top (top card last); the rest of
    the cards lie below the top in id order, so the pile never runs out by accident."""
    state = rules.new_state(n, seed=0)
    used = set(box.used)
    state.hands = [sorted(h) for h in hands]
    rest = [c for c in range(len(CARDS)) if c not in used] if fill_pile else []
    state.pile = rest + list(top)
    state.row = [c for c, _, _ in row]
    state.row_up = [up for _, up, _ in row]
    state.row_by = [by for _, _, by in row]
    state.current_player = current
    state.last_player = last if last is not None else (row[-1][2] if row else None)
    state._legal_cache = None
    return state


def kinds(events) -> list[type]:
    return [type(e) for e in events]


# -- card data and pure functions --------------------------------------------------------


def test_deck_follows_fb1_and_fb2():
    birds = [c for c in CARDS if c.is_bird]
    specials = [c for c in CARDS if not c.is_bird]
    assert len(CARDS) == 60 and len(birds) == 48 and len(specials) == 12
    for colour in COLOURS:
        mine = [c for c in birds if c.colour == colour]
        assert sorted(c.birds for c in mine) == [1] * 5 + [2] * 4 + [3] * 3  # FB-1
        assert sum(c.birds for c in mine) == 22
        opened = sorted(c.birds for c in mine if c.open_back)
        assert opened == [1, 1, 1, 2, 2, 3]                                  # FB-2
    open_specials = sorted((c.special, c.colour or "") for c in specials if c.open_back)
    assert open_specials == [("colour_double", "red"), ("colour_double", "yellow"),
                             ("colour_zero", "blue"), ("colour_zero", "green"),
                             ("no_neighbours", ""), ("no_specials", "")]
    assert len(OPEN_BACK_IDS) == 30
    assert [c.id for c in CARDS] == list(range(60))


def test_row_limit_by_player_count():
    assert [row_limit(n) for n in (3, 4, 5, 6)] == [8, 10, 12, 14]
    for bad in (2, 7):
        with pytest.raises(ValueError):
            row_limit(bad)


def test_count_birds_plain_row_ignores_colour():
    assert count_birds([]) == 0
    assert count_birds([b("blue", 1), b("red", 3), b("yellow", 2)]) == 6


def test_no_specials_alone_and_beating_everything():
    assert count_birds([sp("no_specials"), b("red", 2)]) == 2
    row = [b("blue", 3), sp("no_neighbours"), b("green", 2), sp("colour_double", "blue"),
           sp("colour_zero", "green"), sp("no_specials"), b("red", 1)]
    assert count_birds(row) == 6  # no neighbour removal, no double, no zero
    ev = evaluate_row(row)
    assert ev.cancelled_by == (5,) and ev.removed == (1, 3, 4, 5)
    assert ev.neighbour_removals == () and ev.zeroed == () and ev.doubled == ()


def test_neighbour_card_in_the_middle_and_at_each_end():
    assert count_birds([b("blue", 3), sp("no_neighbours"), b("red", 2), b("red", 1)]) == 1
    assert count_birds([sp("no_neighbours"), b("red", 2), b("red", 3)]) == 3
    assert count_birds([b("red", 2), b("red", 3), sp("no_neighbours")]) == 2
    ev = evaluate_row([sp("no_neighbours")])
    assert ev.neighbour_removals == ((0, ()),) and ev.total == 0


def test_two_neighbour_cards_side_by_side_act_at_once():
    row = [b("blue", 3), sp("no_neighbours"), sp("no_neighbours"), b("green", 2),
           b("red", 1)]
    ev = evaluate_row(row)
    # each removes the other too, but both still act on the row as it lay (FB-5)
    assert ev.neighbour_removals == ((1, (0, 2)), (2, (1, 3)))
    assert ev.removed == (0, 1, 2, 3) and ev.total == 1


def test_neighbour_card_removes_a_colour_card_before_it_acts():
    row = [b("blue", 3), sp("colour_double", "blue"), sp("no_neighbours"), b("blue", 2)]
    assert count_birds(row) == 3  # the double is gone, and so is the blue 2
    row = [b("blue", 3), sp("colour_zero", "blue"), sp("no_neighbours"), b("green", 1),
           b("blue", 2)]
    assert count_birds(row) == 5


def test_colour_cards_zero_double_and_zero_beats_double():
    assert count_birds([b("red", 3), sp("colour_double", "red"), b("blue", 1)]) == 7
    assert count_birds([b("red", 3), sp("colour_zero", "red"), b("blue", 1)]) == 1
    for row in ([sp("colour_double", "red"), b("red", 3), sp("colour_zero", "red")],
                [sp("colour_zero", "red"), b("red", 3), sp("colour_double", "red")]):
        ev = evaluate_row(row)
        assert ev.total == 0
        assert [c for c, _ in ev.zeroed] == ["red"] and ev.doubled == ()
        assert [c for c, _ in ev.beaten] == ["red"]
    # different colours do not interfere
    row = [b("red", 3), b("blue", 2), sp("colour_zero", "red"), sp("colour_double", "blue")]
    assert count_birds(row) == 4


def test_rulebook_example_arithmetic():
    """Blue doubled (2 x 2), 2 green, 3 red, yellow zeroed, two cards removed: 9 <= 10."""
    row = [sp("no_neighbours"), b("green", 3), b("blue", 2), sp("colour_double", "blue"),
           b("green", 2), b("red", 3), sp("colour_zero", "yellow"), b("yellow", 3),
           sp("no_neighbours"), b("red", 1)]
    assert count_birds(row) == 9
    assert count_birds(row) <= row_limit(4)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 59), max_size=14, unique=True))
def test_fast_count_agrees_with_the_reference(ids):
    faces = [CARDS[c].face for c in ids]
    assert count_ids(ids) == count_birds(faces)
    assert rules.score_ids(ids) == score_pile(faces)


def test_score_pile_sets_specials_singles():
    assert score_pile([]) == 0
    one_set = [b(c, 1) for c in COLOURS]
    assert score_pile(one_set) == 10
    assert score_pile(one_set + [b("red", 3)]) == 11
    assert score_pile(one_set * 2 + [b("red", 2)]) == 21
    assert score_pile([b("red", 3), b("blue", 2), b("green", 1)]) == 3
    assert score_pile([sp("no_specials"), sp("colour_zero", "red")] + one_set) == 14
    assert score_pile([b("red", 1)] * 5) == 5  # no set without every colour


# -- playing cards ---------------------------------------------------------------------


def test_face_up_or_down_is_decided_by_the_new_top_back():
    for new_top_open in (True, False):
        box = Box()
        hands = [[box.take(b("red", 1))], [box.take(b("blue", 1))],
                 [box.take(b("green", 1))], [box.take(b("yellow", 1))]]
        below = box.take(b("red", 2), new_top_open)
        drawn = box.take(b("red", 3), not new_top_open)  # its own back does not matter
        state = position(4, hands, box, top=[below, drawn])
        assert state.view(None).pile_top_open is (not new_top_open)
        events = state.apply(DRAW)
        assert isinstance(events[0], CardDrawn) and events[0].card == drawn
        assert events[0].next_open is new_top_open
        assert state.view(0).play_face_up is new_top_open
        assert {a.card for a in state.legal_actions()} == {hands[0][0], drawn}
        events = state.apply(Play(hands[0][0]))
        played = events[0]
        assert isinstance(played, CardPlayed) and played.face_up is new_top_open
        assert state.row_up == [new_top_open]
        assert state.current_player == 1 and state.view(1).phase == "turn"
        if not new_top_open:
            assert CARDS[hands[0][0]].label not in played.describe()


def test_a_claim_needs_a_row_and_never_targets_oneself():
    state = new_game("flip_a_bird", 4, seed=3)
    assert state.legal_actions() == [DRAW]
    before = state.to_dict()
    with pytest.raises(IllegalAction):
        state.apply(CLAIM)
    assert state.to_dict() == before
    state.apply(DRAW)
    state.apply(state.legal_actions()[0])
    assert state.legal_actions() == [DRAW, CLAIM]


def test_illegal_actions_raise_and_change_nothing():
    state = new_game("flip_a_bird", 3, seed=8)
    foreign = next(c for c in range(60) if c not in state.hands[0])
    before = state.to_dict()
    for bad in (Play(foreign), Play(state.hands[0][0]), TIP_RED, Pick(foreign), CLAIM,
                "draw", None):
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_dict() == before
    state.apply(DRAW)
    with pytest.raises(IllegalAction):
        state.apply(DRAW)  # one draw per turn
    with pytest.raises(IllegalAction):
        state.apply(Play(foreign))


# -- claims ------------------------------------------------------------------------------


def claim_position(row_faces, tips_by_seat, n=5, claimant=2):
    """Row played in seat order ending with the claimant's right-hand neighbour, then a
    claim and the given secret tips; returns the state and the events of the last tip."""
    box = Box()
    accused = (claimant - 1) % n
    row = []
    for i, (face, up) in enumerate(row_faces):
        row.append((box.take(face), up, (accused - len(row_faces) + 1 + i) % n))
    hands = [[box.spare(), box.spare()] for _ in range(n)]
    state = position(n, hands, box, row=row, current=claimant)
    state.apply(CLAIM)
    events = []
    for seat in range(1, n):
        tipper = (claimant + seat) % n
        if tipper == accused:
            continue
        assert state.current_player == tipper and state.view(tipper).phase == "tip"
        events = state.apply(TIP_RED if tips_by_seat[tipper] else TIP_GREEN)
    return state, events


def test_claim_tips_are_secret_until_revealed_together():
    box = Box()
    row = [(box.take(b("red", 3)), True, 0), (box.take(b("blue", 2), False), False, 1)]
    hands = [[box.take(b("yellow", 1)), box.take(b("green", 1))] for _ in range(4)]
    state = position(4, hands, box, row=row, current=2)
    events = state.apply(CLAIM)
    assert events[0].claimant == 2 and events[0].accused == 1
    view = state.view(None)
    assert view.tips == (None, "green", "red", None)
    assert view.waiting_tips == (3, 0) and state.current_player == 3
    state.apply(TIP_RED)
    assert state.current_player == 0
    assert state.view(0).tips == (None, "green", "red", "down")  # 3's tip stays hidden
    assert state.view(3).tips[3] == "red"                       # known to its owner
    flipped = state.clone()
    flipped.tips[3] = False
    assert flipped.view(0) == state.view(0)
    events = state.apply(TIP_GREEN)
    order = kinds(events)
    assert order.index(TipsRevealed) < order.index(CardFlipped) < order.index(BirdsCounted)
    assert order.index(BirdsCounted) < order.index(ClaimResolved)
    reveal = next(e for e in events if isinstance(e, TipsRevealed))
    assert reveal.tips == (False, False, True, True)
    flips = [e for e in events if isinstance(e, CardFlipped)]
    assert [(f.index, f.card, f.played_by) for f in flips] == [(1, row[1][0], 1)]
    counts = [e for e in events if isinstance(e, BirdsCounted)]
    assert [(c.birds, c.running, c.limit) for c in counts] == [(3, 3, 10), (2, 5, 10)]


def test_red_right_claimant_drafts_first_then_counter_clockwise():
    tips = {3: True, 4: False, 0: True}
    row = [(b("red", 3), True), (b("blue", 3), False), (b("green", 3), True),
           (sp("no_specials"), False), (b("yellow", 3), False), (b("red", 2), True)]
    state, events = claim_position(row, tips)   # 14 birds > 12 for five players
    verdict = next(e for e in events if isinstance(e, ClaimResolved))
    assert verdict.too_many and verdict.total == 14 and verdict.limit == 12
    assert verdict.winners == (2, 0, 3)
    assert state.view(0).tips == ("red", "green", "red", "red", "green")
    takers = []
    while state.phase == "pick":
        takers.append(state.current_player)
        options = state.legal_actions()
        assert options == sorted(options, key=lambda a: a.card)
        events = state.apply(options[-1])
    assert takers == [2, 0, 3, 2, 0]   # the sixth card goes to 3 with no choice left
    assert [(e.seat, e.automatic) for e in events if isinstance(e, CardTaken)] == [
        (0, False), (3, True)]
    assert rules.RowStarted(2, 2) in events
    assert [len(w) for w in state.won] == [2, 0, 2, 2, 0]
    # the row is gone and the claimant starts the new one
    assert state.row == [] and state.current_player == 2
    assert state.legal_actions() == [DRAW] and state.row_number == 2


def test_green_right_last_player_drafts_first_and_removed_cards_are_shared():
    tips = {3: True, 4: False, 0: True}
    row = [(b("red", 3), True), (sp("no_neighbours"), False), (b("blue", 3), True),
           (b("green", 1), True)]
    state, events = claim_position(row, tips)   # only green 1 counts
    verdict = next(e for e in events if isinstance(e, ClaimResolved))
    assert not verdict.too_many and verdict.total == 1
    assert verdict.winners == (1, 4)
    removal = next(e for e in events if isinstance(e, NeighboursRemoved))
    assert removal.index == 1 and removal.removed == (0, 2)
    first = state.current_player
    assert first == 1
    taken = []
    while state.phase == "pick":
        seat = state.current_player
        action = state.legal_actions()[0]
        taken.append((seat, action.card))
        state.apply(action)
    assert [s for s, _ in taken] == [1, 4, 1]
    assert sorted(len(w) for w in state.won) == [0, 0, 0, 2, 2]
    assert sum(len(w) for w in state.won) == 4  # removed cards were shared too


def test_a_lone_winner_takes_the_whole_row_at_once():
    tips = {3: True, 4: True, 0: True}   # wrong: only the accused's green wins
    state, events = claim_position([(b("red", 3), True), (b("blue", 1), False)], tips)
    taken = [e for e in events if isinstance(e, CardTaken)]
    assert [(e.seat, e.automatic) for e in taken] == [(1, True), (1, True)]
    assert state.phase == "turn" and state.current_player == 2  # claimant, new row


def test_special_events_for_the_show():
    tips = {3: True, 4: True, 0: True}
    row = [(b("red", 3), True), (sp("colour_double", "red"), False),
           (sp("colour_zero", "red"), True), (b("blue", 3), True),
           (sp("colour_double", "blue"), False), (b("green", 2), True)]
    _, events = claim_position(row, tips)
    zero = next(e for e in events if isinstance(e, ColourZeroed))
    assert (zero.colour, zero.index, zero.beats_double) == ("red", 2, True)
    doubles = [(e.colour, e.index) for e in events if isinstance(e, ColourDoubled)]
    assert doubles == [("blue", 4)]
    counted = [(e.index, e.birds) for e in events if isinstance(e, BirdsCounted)]
    assert counted == [(0, 0), (3, 6), (5, 2)]
    _, events = claim_position([(sp("no_specials"), False), (b("red", 1), True),
                                (sp("colour_zero", "red"), True)], tips)
    cancel = next(e for e in events if isinstance(e, SpecialsCancelled))
    assert cancel.by == (0,) and cancel.removed == (0, 2)


# -- FB-7 and the end --------------------------------------------------------------------


def fb7_position(row_faces, played_face, up_flags=None):
    box = Box()
    row_ids = [box.take(face) for face in row_faces]
    flags = up_flags or [True] * len(row_ids)
    row = [(c, up, i % 4) for i, (c, up) in enumerate(zip(row_ids, flags))]
    played = box.take(played_face)
    hands = [[played, box.take(b("yellow", 1))]] + [
        [box.take(b("green", 1)), box.take(b("blue", 1))] for _ in range(3)]
    top = [box.take(b("blue", 2), True), box.take(b("red", 1))]  # next top: open cage
    state = position(4, hands, box, top=top, row=row, current=0, last=3)
    state.apply(DRAW)
    return state, row_ids, played


def test_all_face_up_row_over_the_limit_leaves_the_game():
    state, row_ids, played = fb7_position([b("red", 3), b("blue", 3), b("green", 3)],
                                          b("yellow", 2))
    events = state.apply(Play(played))
    gone = next(e for e in events if isinstance(e, RowDiscarded))
    assert gone.cards == tuple(row_ids) and gone.total == 11 and gone.kept == played
    assert state.row == [played] and state.row_up == [True]
    assert set(row_ids) <= set(state.discarded)
    assert state.row_number == 2 and state.current_player == 1
    assert rules.RowStarted(2, 0) in events
    # a special can push it over too: the double makes 3+3+(3x2) = 12 > 10
    state, _, played = fb7_position([b("red", 3), b("blue", 3), b("green", 3)],
                                    sp("colour_double", "green"))
    state.apply(Play(played))
    assert state.row == [played]


def test_all_face_up_rule_needs_every_card_up_and_the_limit_exceeded():
    state, row_ids, played = fb7_position([b("red", 3), b("blue", 3), b("green", 3)],
                                          b("yellow", 1))
    state.apply(Play(played))   # exactly 10: not over
    assert state.row == row_ids + [played]
    state, row_ids, played = fb7_position([b("red", 3), b("blue", 3), b("green", 3)],
                                          b("yellow", 3), [True, False, True])
    state.apply(Play(played))   # one card face down: the row stays
    assert state.row == row_ids + [played] and state.discarded == []


def test_end_with_a_claim_after_the_pile_runs_out():
    box = Box()
    hands = [[box.take(b(c, 1)) for c in ("red", "blue")] for _ in range(3)]
    last = box.take(b("green", 3), True)
    state = position(3, hands, box, top=[last], fill_pile=False)
    events = state.apply(DRAW)
    assert kinds(events) == [CardDrawn, rules.PileEmptied]
    assert state.view(0).play_face_up is False
    state.apply(Play(last))
    assert state.row_up == [False]
    # no more drawing: play (face down) or claim
    assert DRAW not in state.legal_actions() and CLAIM in state.legal_actions()
    state.apply(state.legal_actions()[0])
    assert state.row_up == [False, False]
    state.apply(CLAIM)                       # seat 2 claims against seat 1
    events = state.apply(TIP_RED)            # seat 0 joins red: seat 1 alone is right
    assert state.is_terminal() and state.current_player is None
    over = events[-1]
    assert isinstance(over, GameOver)
    assert over.winners == tuple(state.winners())
    assert any(isinstance(e, ClaimResolved) for e in events)
    assert all(not h for h in state.hands) and len(state.discarded) == 5
    assert "claim" in state.outcome()


def test_end_when_every_hand_runs_out_leaves_the_row_uncounted():
    box = Box()
    hands = [[box.take(b("red", 1))], [box.take(b("blue", 1))], [box.take(b("green", 1))]]
    state = position(3, hands, box, fill_pile=False)
    state.won[1] = [box.take(b(c, 2)) for c in COLOURS]
    for seat in range(3):
        assert state.current_player == seat
        assert (CLAIM in state.legal_actions()) is (seat > 0)
        events = state.apply(Play(hands[seat][0]))
    assert state.is_terminal()
    assert not any(isinstance(e, ClaimResolved) for e in events)
    assert isinstance(events[-1], GameOver) and events[-1].winners == (1,)
    assert len(state.row) == 3 and state.scores() == [0, 10, 0]
    assert "ran out" in state.outcome()


def test_scores_breakdown_and_shared_wins():
    box = Box()
    state = position(3, [[], [], []], box, fill_pile=False)
    state.won[0] = [box.take(b(c, 1)) for c in COLOURS] + [box.take(sp("no_specials"))]
    state.won[1] = [box.take(b("red", 2)) for _ in range(4)] + [
        box.take(sp("colour_zero", c)) for c in COLOURS]
    state.won[2] = [box.take(b("blue", 1))]
    assert state.scores() == [12, 12, 1]
    rows = dict(state.score_breakdown()[0])
    assert rows["Colour sets"] == "1 x 10 = 10" and rows["Total"] == "12"
    assert rows["Special cards"] == "1 x 2 = 2" and rows["Single birds"] == "0 x 1 = 0"
    state._end([], rules.END_BY_HANDS)
    assert state.winners() == [0, 1]


# -- what a seat may see ----------------------------------------------------------------


def test_view_hides_hands_foreign_face_down_cards_and_shows_backs():
    box = Box()
    mine = box.take(b("red", 3), False)
    theirs = box.take(b("blue", 3), False)
    row = [(mine, False, 0), (theirs, False, 1), (box.take(b("green", 1)), True, 2)]
    hands = [[box.take(b(colour, 1), True), box.take(b(colour, 2), False)]
             for colour in COLOURS]
    state = position(4, hands, box, row=row, current=3)
    view = state.view(0)
    assert view.row[0].card == CARDS[mine] and not view.row[0].face_up  # own card known
    assert view.row[1].card is None and view.row[1].open_back is False
    assert view.row[2].card == CARDS[row[2][0]]
    assert view.hand == tuple(CARDS[c] for c in sorted(hands[0]))
    assert view.hand_sizes == (2, 2, 2, 2) and view.hand_open_backs == (1, 1, 1, 1)
    assert state.view(1).row[0].card is None and state.view(1).row[1].card is not None
    spectator = state.view(None)
    assert spectator.hand == () and spectator.row[0].card is None
    # another seat's hidden cards swapped for unseen cards of the same back: same view
    other = state.clone()
    spare_cov = next(c for c in other.pile if not CARDS[c].open_back)
    spare_open = next(c for c in other.pile if CARDS[c].open_back)
    other.pile.remove(spare_cov)
    other.pile.insert(0, other.row[1])
    other.row[1] = spare_cov
    old = other.hands[2][0]          # the open-backed yellow 1
    other.pile.remove(spare_open)
    other.pile.insert(0, old)
    other.hands[2] = sorted([spare_open, other.hands[2][1]])
    assert other.view(0) == view
    assert other.view(2) != state.view(2)
    # but a different back is visible to the table (FB-2)
    another_cov = next(c for c in other.pile[1:] if not CARDS[c].open_back)
    other.hands[2] = sorted([another_cov, other.hands[2][1]])
    assert other.view(0).hand_open_backs[2] == 0


def test_determinize_keeps_backs_and_samples_unrevealed_tips():
    box = Box()
    row = [(box.take(b("red", 3), False), False, 0), (box.take(b("blue", 1)), True, 1),
           (box.take(sp("colour_zero", "red")), False, 2),
           (box.take(b("green", 2), True), False, 3), (box.take(b("red", 1)), False, 4),
           (box.take(b("yellow", 2), False), False, 0)]
    hands = [[box.spare(), box.spare()] for _ in range(5)]
    state = position(5, hands, box, top=[box.take(b("blue", 3), True)], row=row,
                     current=1)
    state.apply(CLAIM)          # seat 1 claims against seat 0
    state.apply(TIP_RED)        # seat 2 tips in secret; seat 3 is up
    seen = state.view(3)
    assert seen.tips == ("green", "red", "down", None, None)
    sampled_tips = set()
    for k in range(20):
        det = state.determinize(3, random.Random(k))
        assert det.view(3) == seen
        for real, dealt in zip(state.row, det.row):
            assert CARDS[real].open_back == CARDS[dealt].open_back
        assert det.row[3] == state.row[3]   # seat 3 knows its own face-down card
        assert CARDS[det.pile[-1]].open_back is True
        assert det.tips[1] is True and det.tips[0] is False
        sampled_tips.add(det.tips[2])
        assert sorted(det.pile + det.row + [c for h in det.hands for c in h]
                      + det.discarded + det.won_ids()) == list(range(60))
    assert sampled_tips == {True, False}


def test_describe_action_labels():
    assert rules.describe_action(DRAW) == "Draw a card"
    assert "Claim" in rules.describe_action(CLAIM)
    assert rules.describe_action(TIP_RED).startswith("Tip red")
    blue2 = next(c.id for c in CARDS if c.face == b("blue", 2))
    assert rules.describe_action(Play(blue2)) == "Play the blue 2-bird card"
    double = next(c.id for c in CARDS if c.face == sp("colour_double", "red"))
    assert rules.describe_action(Pick(double)) == "Take the 'red counts double'"


def test_new_state_options():
    state = new_game("flip_a_bird", 6, seed=4, first_player=3)
    assert state.current_player == 3 and len(state.pile) == 48
    assert all(len(h) == 2 for h in state.hands)
    with pytest.raises(TypeError):
        new_game("flip_a_bird", 4, seed=1, colours=5)
    with pytest.raises(ValueError):
        new_game("flip_a_bird", 7)
