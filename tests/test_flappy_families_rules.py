"""Flappy Families rules: each step, predators, migration, the end, knowledge, scoring."""
from __future__ import annotations

import json
import random

import pytest

from game.engine import GameOver, IllegalAction, TurnPassed, new_game
from game.flappy_families import cards
from game.flappy_families.rules import (CHOOSE_A, CHOOSE_B, CHOOSE_C, CENTRAL_SLOTS,
                                        CardFlipped, CardPlaced, CardsDrawn, CardTaken,
                                        Choose, Flip, NoMatch, PairMatched, PickCard,
                                        PickSpace, PredatorStruck, RowMigrated, State,
                                        describe_action, family_points, hand_breakdown,
                                        new_state, score_counts, score_hand)

FOX, CAT, STOAT, SNAKE = cards.PREDATOR_CARDS
P = cards.PREDATOR


def bird(family: int, k: int = 0) -> int:
    """Card id of the k-th bird of a family."""
    return family * 5 + k


def layout(wild: dict[int, int], hands: list[list[int]], deck: list[int],
           current: int = 0) -> State:
    """A 4-player state with exactly these cards where we want them (nobody knows any)."""
    state = new_state(len(hands), seed=0)
    state.wild = [-1] * 15
    for slot, card in wild.items():
        state.wild[slot] = card
    state.known = [0] * 15
    state.placed_by = [-1] * 15
    state.hands = [list(h) for h in hands]
    state.open_cards = [[] for _ in hands]
    state.deck = list(deck)
    state.current_player = current
    state.bonus2, state.bonus1 = 8, 9
    state._flips = None
    state._legal_cache = None
    return state


def filler(n: int, avoid: set[int]) -> list[int]:
    """n harmless bird cards not in ``avoid`` (for decks)."""
    return [c for c in range(50) if c not in avoid][:n]


def standard(deck_size: int = 10) -> State:
    """A middle-of-the-game table: every row holds cards, four hands of two."""
    wild = {1: bird(0, 0), 2: bird(1, 0), 3: bird(0, 1),
            6: bird(2, 0), 7: FOX, 8: bird(3, 0),
            11: bird(4, 0), 12: bird(5, 0), 13: bird(6, 0)}
    hands = [[bird(7, 0), bird(7, 1)], [bird(8, 0), bird(8, 1)],
             [bird(9, 0), bird(9, 1)], [bird(6, 1), CAT]]
    used = set(wild.values()) | {c for h in hands for c in h}
    return layout(wild, hands, filler(deck_size, used))


# -- scoring ------------------------------------------------------------------------------

def test_rulebook_example_scores_22():
    hand = (["Forest Fliers"] * 5 + ["Swooping Singers"] * 2 + ["Bright Beauties"]
            + ["Predator"] * 2)
    assert score_hand(hand, "Swooping Singers", "Bright Beauties") == 22


def test_family_sizes_bonuses_and_predators():
    assert [family_points(n) for n in range(6)] == [0, 1, 3, 6, 10, 15]
    assert score_hand([], "Sea Soarers", "Tiny Tweeters") == 0
    assert score_hand(["Sea Soarers"] * 3, "Sea Soarers", "Tiny Tweeters") == 6 + 6
    assert score_hand(["Tiny Tweeters"] * 4, "Sea Soarers", "Tiny Tweeters") == 10 + 4
    assert score_hand(["Predator"] * 4, "Sea Soarers", "Tiny Tweeters") == -4
    assert score_hand(["Alpine Avians", "River Roamers"], "Sea Soarers",
                      "Tiny Tweeters") == 2
    with pytest.raises(KeyError):
        score_hand(["Penguins"], "Sea Soarers", "Tiny Tweeters")


def test_state_scores_and_breakdown_match_score_hand():
    state = standard()
    state.hands[0] = [bird(3, k) for k in range(5)] + [bird(6, 0), bird(6, 1),
                                                      bird(1, 0), FOX, CAT]
    state.bonus2, state.bonus1 = 6, 1
    assert state.scores()[0] == 22
    rows = dict(state.score_breakdown()[0])
    assert rows["5x Forest Fliers"] == "15" and rows["2 Predators"] == "-2"
    assert rows["+2 per Swooping Singers"] == "+4" and rows["Total"] == "22"
    counts = [0] * 11
    counts[3] = 5
    assert score_counts(counts, 3, 4) == 25
    assert hand_breakdown([], 0, 1) == [("Total", "0")]


# -- setup ----------------------------------------------------------------------------------

@pytest.mark.parametrize("players, short, removed", [
    (2, False, 2), (3, False, 1), (4, False, 0), (5, False, 0),
    (2, True, 3), (3, True, 2), (4, True, 1), (5, True, 1)])
def test_removed_families_and_bonus_tokens(players, short, removed):
    """Ruling FF-2: 2 players lose two families, 3 lose one; the short game one more."""
    seen_removed = set()
    for seed in range(12):
        state = new_game("flappy_families", players, seed=seed, short_game=short)
        assert len(state.removed) == removed
        assert len(state.families) == 10 - removed
        assert not set(state.removed) & set(state.families)
        assert state.bonus2 in state.families and state.bonus1 in state.families
        assert state.bonus2 != state.bonus1
        every = state.deck + [c for c in state.wild if c >= 0] + sum(state.hands, [])
        assert sorted(every) == cards.deck_for(state.families)
        assert len(every) == 5 * (10 - removed) + 4
        assert all(cards.CARD_FAMILY[c] not in state.removed for c in every)
        seen_removed.update(state.removed)
    if removed:
        assert len(seen_removed) > removed, "removed families should vary by seed"


def test_setup_deals_the_central_nine_and_four_each():
    state = new_game("flappy_families", 4, seed=3)
    assert [s for s in range(15) if state.wild[s] >= 0] == list(CENTRAL_SLOTS)
    assert all(state.known[s] == 0 for s in range(15)), "nobody has seen a dealt card"
    assert [len(h) for h in state.hands] == [4, 4, 4, 4]
    assert len(state.deck) == 54 - 9 - 16
    assert state.phase == "flip" and state.current_player == state.first_player
    firsts = {new_game("flappy_families", 4, seed=s).first_player for s in range(20)}
    assert len(firsts) > 1, "the starting player is chosen at random"
    events = state.opening_events()
    assert events[0].describe() and isinstance(events[-1], TurnPassed)


def test_unknown_option_and_bad_counts_are_refused():
    with pytest.raises(TypeError):
        new_game("flappy_families", 4, seed=1, turbo=True)
    with pytest.raises(ValueError):
        new_game("flappy_families", 6, seed=1)


# -- step 1 and action A ----------------------------------------------------------------

def test_step_one_offers_every_card_and_cannot_be_skipped():
    state = standard()
    assert state.legal_actions() == [Flip(s) for s in (1, 2, 3, 6, 7, 8, 11, 12, 13)]
    state.apply(Flip(1))
    assert state.legal_actions() == [CHOOSE_A, CHOOSE_B, CHOOSE_C]
    assert state.view(2).phase == "action" and state.view(2).flipped == 1


def test_action_a_match_takes_both_cards():
    state = standard()
    state.apply(Flip(1))
    state.apply(CHOOSE_A)
    assert Flip(1) not in state.legal_actions()
    events = state.apply(Flip(3))
    assert [type(e) for e in events] == [CardFlipped, PairMatched, CardTaken, CardTaken,
                                         TurnPassed]
    assert sorted(state.hands[0][-2:]) == [bird(0, 0), bird(0, 1)]
    assert state.wild[1] == state.wild[3] == -1
    assert state.current_player == 1 and state.phase == "flip"
    opens = state.view(2).open_cards[0]
    assert sorted(o.card for o in opens) == [bird(0, 0), bird(0, 1)]
    assert all(o.maybe_in == () for o in opens)


def test_action_a_mismatch_turns_both_down_and_everyone_knows_them():
    state = standard()
    state.apply(Flip(1))
    state.apply(CHOOSE_A)
    events = state.apply(Flip(2))
    assert isinstance(events[1], NoMatch)
    assert [(e.slot, e.face_up) for e in events if isinstance(e, CardFlipped)] == [
        (2, True), (1, False), (2, False)]
    assert state.face_up == [] and state.wild[1] == bird(0, 0)
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        assert view.wild[1].card == bird(0, 0) and view.wild[2].card == bird(1, 0)
        assert not view.wild[1].face_up
        assert view.wild[6].card is None
    assert state.current_player == 1


# -- predators ----------------------------------------------------------------------------

def test_predator_in_step_one_ends_the_turn():
    state = standard()
    events = state.apply(Flip(7))
    assert [type(e) for e in events] == [CardFlipped, PredatorStruck, CardTaken, TurnPassed]
    assert FOX in state.hands[0] and state.wild[7] == -1
    assert state.current_player == 1 and state.phase == "flip"
    assert state.face_up == []
    assert state.scores()[0] == 3 - 1 + 0  # two Tiny Tweeters (3) and a predator


def test_predator_in_step_two_a_ends_the_turn_and_hides_the_first_card():
    state = standard()
    state.apply(Flip(6))
    state.apply(CHOOSE_A)
    events = state.apply(Flip(7))
    kinds = [type(e) for e in events]
    assert kinds == [CardFlipped, PredatorStruck, CardTaken, CardFlipped, TurnPassed]
    assert events[3].slot == 6 and not events[3].face_up
    assert FOX in state.hands[0] and bird(2, 0) not in state.hands[0]
    assert state.wild[6] == bird(2, 0) and state.face_up == []
    assert state.current_player == 1


def test_predator_emptying_a_row_ends_the_turn_without_migration():
    """Ruling FF-3: the predator "ends your turn immediately", so step 3 does not come:
    the row it emptied stays empty, and the next player flips from the other rows."""
    state = layout({1: bird(0, 0), 7: FOX, 12: bird(1, 0)},
                   [[bird(2, 0)], [bird(3, 0)], [bird(4, 0)], [bird(5, 0)]],
                   filler(8, {bird(i, 0) for i in range(6)}))
    top_of_deck = state.deck[-5:]
    events = state.apply(Flip(7))
    assert [type(e) for e in events] == [CardFlipped, PredatorStruck, CardTaken, TurnPassed]
    assert state.wild[5:10] == [-1] * 5 and len(state.deck) == 8
    assert state.current_player == 1 and state.phase == "flip"
    assert state.legal_actions() == [Flip(1), Flip(12)]
    view = state.view(1)
    assert view.wild[5:10] == (None,) * 5
    # The next player's turn is a whole one: its migration fills the row.
    state.apply(Flip(1))
    state.apply(CHOOSE_A)
    events = state.apply(Flip(12))
    assert RowMigrated(1, (5, 6, 7, 8, 9)) in events
    assert state.wild[5:10] == top_of_deck[::-1] and len(state.deck) == 3
    assert all(state.known[s] == 0 for s in range(5, 10))
    assert state.current_player == 2


def test_predator_in_step_two_a_emptying_a_row_ends_the_turn_without_migration():
    state = layout({1: bird(0, 0), 7: FOX, 12: bird(1, 0)},
                   [[bird(2, 0)], [bird(3, 0)], [bird(4, 0)], [bird(5, 0)]],
                   filler(8, {bird(i, 0) for i in range(6)}))
    state.apply(Flip(1))
    state.apply(CHOOSE_A)
    events = state.apply(Flip(7))
    assert [type(e) for e in events] == [CardFlipped, PredatorStruck, CardTaken,
                                         CardFlipped, TurnPassed]
    assert state.wild[5:10] == [-1] * 5 and state.wild[1] == bird(0, 0)
    assert state.current_player == 1 and len(state.deck) == 8


def test_a_second_flip_needs_a_second_card():
    """Rows left empty by predators can leave one card in the Wild: flipped, it leaves
    A ("flip a second card") nothing to flip, so only B (and C) are offered."""
    state = layout({12: bird(1, 0)},
                   [[bird(2, 0), bird(2, 1)], [bird(3, 0)], [bird(4, 0)], [bird(5, 0)]],
                   filler(12, {bird(i, k) for i in range(1, 6) for k in range(2)}))
    state.apply(Flip(12))
    assert state.legal_actions() == [CHOOSE_B, CHOOSE_C]
    with pytest.raises(IllegalAction):
        state.apply(CHOOSE_A)
    state.apply(CHOOSE_B)
    state.apply(PickCard(2))
    assert state.wild[12] == bird(2, 0) and state.current_player == 1
    assert [s for s in range(15) if state.wild[s] >= 0] == list(range(10)) + [12]


def test_a_predator_taking_the_last_card_of_the_wild_lets_the_empty_rows_fill():
    """Not in the rulings: with no card left the next player could not flip (step 1
    cannot be skipped), so the empty rows fill before that turn."""
    state = layout({7: FOX}, [[bird(2, 0)], [bird(3, 0)], [bird(4, 0)], [bird(5, 0)]],
                   filler(20, {bird(i, 0) for i in range(2, 6)}))
    events = state.apply(Flip(7))
    assert [e.row for e in events if isinstance(e, RowMigrated)] == [0, 1, 2]
    assert all(card >= 0 for card in state.wild) and len(state.deck) == 5
    assert state.current_player == 1 and len(state.legal_actions()) == 15


# -- action B -----------------------------------------------------------------------------

def test_action_b_takes_the_card_and_hides_one_in_the_same_space():
    state = standard()
    state.apply(Flip(8))
    events = state.apply(CHOOSE_B)
    assert isinstance(events[-1], CardTaken) and events[-1].card == bird(3, 0)
    assert state.legal_actions() == [PickCard(3), PickCard(7)]
    events = state.apply(PickCard(7))
    placed = events[0]
    assert isinstance(placed, CardPlaced) and placed.slot == 8
    assert state.wild[8] == bird(7, 0)
    assert sorted(state.hands[0]) == [bird(3, 0), bird(7, 1)]
    assert state.current_player == 1
    # Only the placer knows the hidden card; the others know who hid it (FF-6).
    assert state.view(0).wild[8].card == bird(7, 0)
    assert state.view(0).wild[8].known_by == (0,)
    for seat in (None, 1, 2, 3):
        assert state.view(seat).wild[8].card is None
        assert state.view(seat).wild[8].placed_by == 0
    assert "Tiny" not in placed.describe() and "Wren" not in placed.describe()
    assert placed.redacted(1).card == -1 and placed.redacted(0) == placed


def test_action_b_may_put_the_taken_card_back_and_the_table_knows_it_might_be_there():
    state = standard()
    state.apply(Flip(8))
    state.apply(CHOOSE_B)
    state.apply(PickCard(3))
    assert state.wild[8] == bird(3, 0)
    open_card = state.view(1).open_cards[0][0]
    assert open_card.card == bird(3, 0) and open_card.maybe_in == (8,)
    # When the hidden card is seen again it drops out of the open cards.
    state.apply(Flip(8))
    assert state.view(2).open_cards[0] == ()


# -- action C ----------------------------------------------------------------------------

def test_action_c_hides_two_draws_two_and_turns_the_card_down():
    state = standard(deck_size=10)
    state.apply(Flip(1))
    state.apply(CHOOSE_C)
    assert state.phase == "c_card" and state.view(0).c_left == 2
    assert state.legal_actions() == [PickCard(7)]
    state.apply(PickCard(7))
    assert state.view(0).picked_card == bird(7, 0)
    assert state.view(1).picked and state.view(1).picked_card is None
    assert state.legal_actions() == [PickSpace(s) for s in (0, 4, 5, 9, 10, 14)]
    state.apply(PickSpace(0))
    state.apply(PickCard(7))
    top_two = state.deck[-2:]
    events = state.apply(PickSpace(14))
    drawn = [e for e in events if isinstance(e, CardsDrawn)][0]
    assert drawn.cards == tuple(reversed(top_two))
    assert drawn.redacted(2).cards == (-1, -1) and "2 cards" in drawn.describe()
    flips = [e for e in events if isinstance(e, CardFlipped)]
    assert [(e.slot, e.face_up) for e in flips] == [(1, False)]
    assert sorted(state.hands[0]) == sorted(top_two)
    assert state.wild[0] == bird(7, 0) and state.wild[14] == bird(7, 1)
    assert len(state.deck) == 8 and state.current_player == 1
    assert state.view(0).wild[0].card == bird(7, 0)
    assert state.view(1).wild[0].card is None and state.view(1).wild[1].card == bird(0, 0)


def test_action_c_needs_two_empty_spaces():
    wild = {s: c for s, c in zip(range(14), filler(14, set()))}  # one empty space: 14
    state = layout(wild, [[FOX, CAT], [STOAT], [SNAKE], [bird(9, 4)]],
                   filler(20, set(range(14)) | {bird(9, 4)}))
    state.apply(Flip(0))
    assert state.legal_actions() == [CHOOSE_A, CHOOSE_B]
    before = state.to_dict()
    with pytest.raises(IllegalAction):
        state.apply(CHOOSE_C)
    assert state.to_dict() == before


def test_action_c_needs_two_hand_cards():
    state = standard()
    state.hands[0] = [bird(7, 0)]
    state.apply(Flip(1))
    assert CHOOSE_C not in state.legal_actions()
    before = state.to_dict()
    with pytest.raises(IllegalAction):
        state.apply(Choose("C"))
    assert state.to_dict() == before


def test_one_card_deck_c_hides_one_draws_one_and_ends_the_game():
    """Ruling FF-4: with one card left, C is one card down and one drawn; then the end."""
    state = standard(deck_size=1)
    state.hands[0] = [bird(7, 0)]  # one hand card is enough now
    last = state.deck[0]
    state.apply(Flip(1))
    assert CHOOSE_C in state.legal_actions()
    state.apply(CHOOSE_C)
    assert state.view(0).c_left == 1
    state.apply(PickCard(7))
    events = state.apply(PickSpace(4))
    assert state.is_terminal() and state.current_player is None
    assert state.hands[0] == [last] and state.wild[4] == bird(7, 0)
    assert isinstance(events[-1], GameOver)
    assert "step 2" in state.outcome()
    assert state.legal_actions() == []


# -- migration and the end --------------------------------------------------------------

def test_migration_fills_an_empty_row_after_a_match():
    state = layout({1: bird(0, 0), 3: bird(0, 1), 7: bird(1, 0), 12: bird(2, 0)},
                   [[bird(3, 0)], [bird(3, 1)], [bird(3, 2)], [bird(3, 3)]],
                   filler(9, {bird(0, 0), bird(0, 1), bird(1, 0), bird(2, 0)}
                          | {bird(3, k) for k in range(4)}))
    state.apply(Flip(1))
    state.apply(CHOOSE_A)
    events = state.apply(Flip(3))
    assert RowMigrated(0, (0, 1, 2, 3, 4)) in events
    assert all(state.wild[s] >= 0 for s in range(5)) and len(state.deck) == 4
    assert all(state.view(p).wild[s].card is None for p in range(4) for s in range(5))
    assert state.current_player == 1 and not state.is_terminal()


def test_game_ends_in_step_two_when_c_draws_the_last_cards():
    state = standard(deck_size=2)
    state.apply(Flip(1))
    state.apply(CHOOSE_C)
    for slot in (0, 4):
        state.apply(state.legal_actions()[0])
        state.apply(PickSpace(slot))
    assert state.is_terminal() and state.deck == []
    assert "step 2" in state.outcome()
    assert state.winners() == sorted(state.winners()) and state.winners()


def test_game_ends_in_step_three_when_migration_empties_the_deck():
    """Ruling FF-5: the row is filled as far as the deck allows, then the game ends."""
    state = layout({1: bird(0, 0), 3: bird(0, 1), 7: bird(1, 0), 12: bird(2, 0)},
                   [[bird(3, 0)], [bird(3, 1)], [bird(3, 2)], [bird(3, 3)]],
                   [bird(4, 0), bird(4, 1), bird(4, 2)])
    state.apply(Flip(1))
    state.apply(CHOOSE_A)
    events = state.apply(Flip(3))
    assert RowMigrated(0, (0, 1, 2)) in events
    assert state.is_terminal() and "migration" in state.outcome()
    over = events[-1]
    assert isinstance(over, GameOver) and list(over.winners) == state.winners() == [0]
    view = state.view(2)
    assert view.final_hands == tuple(tuple(sorted(h)) for h in state.hands)
    assert view.scores == tuple(state.scores()) and view.winners == (0,)


def test_ties_share_the_win():
    state = standard(deck_size=2)       # seats 1 and 2 hold a pair each (3 points)
    state.bonus2, state.bonus1 = 5, 4
    state.apply(Flip(1))
    state.apply(CHOOSE_C)               # seat 0 hides its pair and draws an Alpine pair
    for slot in (0, 4):
        state.apply(PickCard(7))
        state.apply(PickSpace(slot))
    assert state.is_terminal()
    assert state.scores() == [3, 3, 3, 0]
    assert state.winners() == [0, 1, 2]


# -- knowledge (ruling FF-6) ----------------------------------------------------------------

def test_view_shows_a_face_down_card_only_to_those_who_saw_it():
    state = standard()
    state.apply(Flip(8))
    state.apply(CHOOSE_B)
    state.apply(PickCard(7))            # seat 0 hides a Tiny Tweeter at slot 8
    assert [state.view(p).wild[8].card for p in range(4)] == [bird(7, 0), None, None,
                                                                None]
    assert state.view(None).wild[8].card is None
    state.apply(Flip(2))                # seat 1 flips slot 2: now everyone knows it
    assert all(state.view(p).wild[2].card == bird(1, 0) for p in (None, 0, 1, 2, 3))
    assert state.view(3).wild[2].known_by == (0, 1, 2, 3)
    state.apply(CHOOSE_A)
    state.apply(Flip(8))                # ... and seat 0's hidden card is revealed too
    assert all(state.view(p).wild[8].card == bird(7, 0) for p in (None, 1, 2, 3))
    hands = [state.view(p).hand for p in range(4)]
    assert hands[1] == tuple(sorted(state.hands[1])) and state.view(None).hand == ()
    assert state.view(1).hand_sizes == tuple(len(h) for h in state.hands)
    assert state.view(1).scores[1] == state.scores()[1]
    assert state.view(1).scores[0] is None


def test_changing_what_a_seat_cannot_know_leaves_its_view_alone():
    state = standard()
    state.apply(Flip(1))
    state.apply(CHOOSE_A)
    state.apply(Flip(2))                # slots 1 and 2 now known to all
    other = state.clone()
    other.hands[2], other.hands[3] = other.hands[3], other.hands[2]
    other.wild[6], other.wild[7] = other.wild[7], other.wild[6]
    assert other.view(1) == state.view(1)
    assert other.view(2) != state.view(2)


def test_determinize_keeps_openly_taken_cards_where_they_can_be():
    """Across many random games, every determinization keeps each open card either in its
    holder's hand or in one of the slots it may have been hidden in."""
    checked = 0
    for seed in range(16):
        state = new_game("flappy_families", 2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % 11 == 4:
                for seat in (None, *range(state.num_players)):
                    det = state.determinize(seat, random.Random(step))
                    for q in range(state.num_players):
                        for open_card in det.view(None).open_cards[q]:
                            where = [s for s in open_card.maybe_in
                                     if det.wild[s] == open_card.card]
                            assert open_card.card in det.hands[q] or where
                            checked += 1
                    every = det.deck + [c for c in det.wild if c >= 0] + sum(det.hands, [])
                    assert sorted(every) == cards.deck_for(state.families)
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    assert checked > 300


# -- illegal moves, events, labels, saving --------------------------------------------------

def test_illegal_actions_raise_and_change_nothing():
    state = standard()
    before = state.to_dict()
    for bad in (Flip(0), Flip(15), CHOOSE_A, PickCard(7), PickSpace(0), "flip", None):
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_dict() == before
    state.apply(Flip(1))
    state.apply(CHOOSE_B)
    before = state.to_dict()
    for bad in (PickCard(5), Flip(2), PickSpace(1), CHOOSE_B):
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_dict() == before


def test_event_lines_never_show_hidden_cards():
    state = new_game("flappy_families", 4, seed=11)
    rng = random.Random(11)
    names = ["Ana", "Ben", "Cy", "Dee"]
    while not state.is_terminal():
        for event in state.apply(rng.choice(state.legal_actions())):
            line = event.describe(names)
            assert line.strip()
            if isinstance(event, (CardPlaced, CardsDrawn)):
                hidden = [event.card] if isinstance(event, CardPlaced) else event.cards
                for card in hidden:
                    assert cards.card_name(card) not in line
                    assert cards.card_family_name(card) not in line


def test_describe_action_labels():
    assert describe_action(Flip(7)) == "Flip the card at row 2, column 3"
    assert describe_action(CHOOSE_A) == "Flip a second card"   # named, never by letter
    assert describe_action(CHOOSE_C).startswith("Hide cards")
    assert "Forest Fliers" in describe_action(PickCard(3))
    assert "predator" in describe_action(PickCard(P))
    assert describe_action(PickSpace(14)) == "Hide it at row 3, column 5"


def test_mid_turn_save_and_load_keeps_playing_the_same():
    state = standard()
    state.apply(Flip(1))
    state.apply(CHOOSE_C)
    state.apply(PickCard(7))
    restored = State.from_dict(json.loads(json.dumps(state.to_dict())))
    assert restored.view(0) == state.view(0)
    assert restored.legal_actions() == state.legal_actions()
    assert restored.apply(PickSpace(4)) == state.apply(PickSpace(4))
    assert restored.to_dict() == state.to_dict()
