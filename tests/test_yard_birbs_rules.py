"""Yard Birbs rules: the pure functions, setup, tricks, drafting, abilities, rounds, views.

Each ruling case of issue 6 has a test here; the shared contract kit is in
test_yard_birbs_contract.py.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from game.engine import GameOver, IllegalAction, new_game
from game.yard_birbs import rules
from game.yard_birbs.cards import (ABILITIES, ABILITY_IDS, BIRDSEED, DECK, FEEDER_SWAP,
                                   FLY_OFF, HAND_TO_FEEDER, LIFER_SWAP, MERGE, NEW_LIFER,
                                   REFLOCK, SPECIES, Card, card_from_json, species_of)
from game.yard_birbs.rules import (ABILITY, NEW_FLOCK, PLAY, TAKE, AbilitiesDealt, Flock,
                                   PickFeeder, PickFlock, PickHand, PickYard, Play,
                                   RoundScored, RoundStarted, Skip, State, Take, ToFlock,
                                   UseAbility, can_join, describe_action, flock_score,
                                   rank_trick)


def C(suit: int, number: int) -> Card:
    """The card of a suit (0 purple .. 4 red) and number."""
    return card_from_json((suit, number))


def species_absent(cards) -> int:
    return next(s for s in range(len(SPECIES)) if all(c[2] != s for c in cards))


# ======================================================================================
# The deck (ruling YB-1)
# ======================================================================================
def test_deck_has_55_cards_eleven_per_suit_every_species_once_per_suit():
    assert len(DECK) == len(set(DECK)) == 55
    for suit in range(5):
        cards = [c for c in DECK if c.suit == suit]
        assert [c.number for c in cards] == list(range(suit + 1, suit + 12))
        assert sorted(c.species for c in cards) == list(range(11))
        for rank, card in enumerate(cards):
            assert card.species == (rank + 2 * suit) % 11
    assert species_of(0, 1) == 0 and species_of(4, 15) == (10 + 8) % 11
    assert C(4, 5).species == SPECIES.index("Crow")


# ======================================================================================
# Pure functions: flocks (ruling YB-6 and the rulebook's tables)
# ======================================================================================
COLOUR_CASES = [  # purple with gaps: no run, no shared species or number
    ([C(0, 1)], 0), ([C(0, 1), C(0, 3)], 1), ([C(0, 1), C(0, 3), C(0, 5)], 2),
    ([C(0, 1), C(0, 3), C(0, 5), C(0, 7)], 3), ([C(0, 1), C(0, 3), C(0, 5), C(0, 7),
                                                 C(0, 9)], 5),
    ([C(0, 1), C(0, 3), C(0, 5), C(0, 7), C(0, 9), C(0, 11)], 7),
    ([C(0, 1), C(0, 3), C(0, 5), C(0, 7), C(0, 9), C(0, 11), C(0, 2)], 7),
]
SPECIES_CASES = [  # Nuthatches: purple 1, blue 11, green 10, yellow 9, red 8
    ([C(0, 1), C(2, 10)], 1), ([C(0, 1), C(2, 10), C(4, 8)], 4),
    ([C(0, 1), C(1, 11), C(2, 10), C(4, 8)], 6),
    ([C(0, 1), C(1, 11), C(2, 10), C(3, 9), C(4, 8)], 8),
]
EQUAL_CASES = [
    ([C(0, 9), C(1, 9)], 1), ([C(0, 9), C(1, 9), C(2, 9)], 5),
    ([C(0, 9), C(1, 9), C(2, 9), C(3, 9)], 10),
    ([C(0, 9), C(1, 9), C(2, 9), C(3, 9), C(4, 9)], 10),
]
SEQUENCE_CASES = [  # purple and blue alternating: never one suit
    ([C(0, 5), C(1, 6)], 1), ([C(0, 5), C(1, 6), C(0, 7)], 3),
    ([C(0, 5), C(1, 6), C(0, 7), C(1, 8)], 5), ([C(0, 5), C(1, 6), C(0, 7), C(1, 8),
                                                  C(0, 9)], 8),
    ([C(0, 5), C(1, 6), C(0, 7), C(1, 8), C(0, 9), C(1, 10)], 11),
    ([C(0, 5), C(1, 6), C(0, 7), C(1, 8), C(0, 9), C(1, 10), C(0, 11)], 11),
]


@pytest.mark.parametrize("kind, cases", [("colour", COLOUR_CASES),
                                         ("species", SPECIES_CASES),
                                         ("equal", EQUAL_CASES),
                                         ("sequence", SEQUENCE_CASES)])
def test_every_flock_type_at_every_size_scores_by_its_table(kind, cases):
    for cards, points in cases:
        assert flock_score(cards) == points, (kind, cards)
        assert flock_score(tuple(reversed(cards))) == points  # order does not matter
        if len(cards) > 1:
            assert Flock(cards).kind == kind
            assert kind in Flock(cards).kinds


def test_one_bird_scores_zero_and_invalid_flocks_raise():
    assert flock_score([C(2, 7)]) == 0
    assert Flock([C(2, 7)]).kind == "solo"
    with pytest.raises(ValueError):
        flock_score([C(0, 1), C(1, 5)])  # no shared suit, species, number, not a run
    with pytest.raises(ValueError):
        flock_score([C(0, 5), C(1, 6), C(2, 8)])  # a gap breaks the run
    with pytest.raises(ValueError):
        flock_score([C(0, 5), C(1, 5), C(2, 6)])  # a run needs distinct numbers
    with pytest.raises(ValueError):
        flock_score([])


def test_a_flock_of_two_types_scores_only_the_best():
    run = [C(0, 3), C(0, 4), C(0, 5), C(0, 6)]  # colour 4 = 3 points, run of 4 = 5
    flock = Flock(run)
    assert set(flock.kinds) == {"colour", "sequence"}
    assert flock_score(run) == 5 and flock.kind == "sequence"
    pair = [C(0, 3), C(0, 4)]  # both types give 1: one point, not two
    assert flock_score(pair) == 1
    # Three Kingfishers that are also a run 4-5-6: species 4 beats sequence 3.
    birds = [C(0, 6), C(1, 5), C(2, 4)]
    assert {c.species for c in birds} == {5}
    assert flock_score(birds) == 4 and Flock(birds).kind == "species"


def test_can_join():
    assert can_join([], C(3, 7))
    assert can_join([C(0, 1), C(0, 3)], C(0, 9))                # colour
    assert not can_join([C(0, 1), C(0, 3)], C(1, 9))
    assert can_join([C(0, 1), C(2, 10)], C(4, 8))               # species
    assert can_join([C(0, 9), C(1, 9)], C(4, 9))                # equal number
    assert can_join([C(0, 5), C(1, 6)], C(3, 7))                # extends a run up
    assert can_join([C(0, 5), C(1, 6)], C(3, 4))                # ... or down
    assert not can_join([C(0, 5), C(1, 6)], C(3, 8))            # a gap
    assert not can_join([C(0, 5), C(1, 6), C(0, 7)], C(2, 6))   # a repeat in a run
    assert C(2, 7).species == C(4, 5).species                   # two Crows
    assert can_join([C(2, 7)], C(4, 5))
    assert not can_join([C(2, 7)], C(4, 12))
    assert not can_join([C(0, 2)], C(3, 12))                    # nothing shared


def test_a_bird_that_fills_the_one_gap_of_a_flock_makes_it_a_run():
    """Ruling YB-6: a bird may join if the flock still qualifies as *any* type. Red 5 and
    red 7 are a colour flock; green 6 between them makes a sequential flock of three
    (3 points), so it may join: the check must not only look at the run's two ends."""
    pair = [C(4, 5), C(4, 7)]
    assert len({c.species for c in pair + [C(2, 6)]}) == 3
    assert can_join(pair, C(2, 6))
    assert flock_score(pair + [C(2, 6)]) == 3 and Flock(pair + [C(2, 6)]).kind == "sequence"
    assert not can_join(pair, C(2, 8))                          # 5, 7, 8: a gap left
    assert not can_join([C(4, 5), C(4, 8)], C(2, 6))            # two numbers missing
    # Merge: two flocks whose numbers interleave into one run (ruling YB-7 Merge).
    assert Flock(pair).merges(Flock([C(2, 6)]))
    assert Flock([C(0, 3), C(0, 5)]).merges(Flock([C(2, 4), C(2, 6)]))  # 3-4-5-6
    assert not Flock([C(0, 3), C(0, 5)]).merges(Flock([C(2, 5), C(2, 6)]))
    # A run's middle bird may leave when the rest still share a suit (Feeder Swap, Reflock).
    assert Flock(pair + [C(2, 6)]).can_lose(C(2, 6))
    assert not Flock([C(0, 5), C(1, 6), C(2, 7)]).can_lose(C(1, 6))


def test_drafting_offers_the_flock_whose_gap_the_bird_fills():
    hands = [[C(1, 3)], [C(1, 4)], [C(1, 8)], [C(1, 9)]]
    yards = [[[C(4, 5), C(4, 7)]], [[C(0, 2)]], [[C(0, 3)]], [[C(0, 4)]]]
    state = table(hands, yards, phase=rules.FLOCK, current=0, order=(0, 1, 2, 3),
                  feeder=[(0, None), (1, C(1, 5)), (2, C(1, 6)), (3, C(1, 7))],
                  pending_bird=C(2, 6))
    assert state.legal_actions() == [ToFlock(0), ToFlock(NEW_FLOCK)]
    state.apply(ToFlock(0))
    assert state.yards[0][0].kind == "sequence" and state.yards[0][0].points == 3


# ======================================================================================
# Pure functions: following (YB-3) and ranking (YB-4)
# ======================================================================================
def test_following_must_match_a_suit_in_the_feeder_if_possible():
    feeder = [C(1, 6), C(2, 9)]             # blue and green are in the feeder
    hand = [C(0, 3), C(2, 4), C(4, 13)]
    lifer = species_absent(hand + feeder)
    assert rules.may_follow(hand, feeder, lifer) == [C(2, 4)]
    # No blue or green in hand: any card.
    hand = [C(0, 3), C(3, 10), C(4, 13)]
    assert rules.may_follow(hand, feeder, species_absent(hand + feeder)) == hand
    # Leading: any card.
    assert rules.may_follow(hand, [], 0) == hand


def test_following_lifer_species_is_always_allowed():
    feeder = [C(1, 6)]
    lifer_card = C(4, 13)                    # a Kingfisher in red
    hand = [C(0, 6), C(1, 12), C(3, 11)]     # purple 6 is a Kingfisher too
    assert C(0, 6).species == lifer_card.species
    assert rules.may_follow(hand, feeder, lifer_card.species) == [C(0, 6), C(1, 12)]


def test_ranking_with_lifer_cards_first_highest_first():
    cards = [C(1, 9), C(0, 6), C(2, 12), C(4, 13)]  # purple 6 and red 13: Kingfishers
    assert rank_trick(cards, C(0, 6).species) == [3, 1, 2, 0]
    placed = rules.rank_with_reasons(cards, C(0, 6).species)
    assert [r for _, r in placed][:2] == ["lifer", "lifer"]


def test_ranking_lifer_cards_keep_their_precedence_at_every_place():
    """Ruling YB-4: while Lifer-species cards remain, the highest of them places next,
    ahead of a majority suit and ahead of higher numbers among unique suits."""
    kingfisher = C(0, 6).species                       # purple 6 and red 13
    assert C(4, 13).species == kingfisher
    # Blue is the majority, yet purple 6 takes second place after red 13.
    cards = [C(1, 9), C(0, 6), C(1, 12), C(4, 13), C(1, 4)]
    assert kingfisher not in {c.species for c in (cards[0], cards[2], cards[4])}
    assert rank_trick(cards, kingfisher) == [3, 1, 2, 0, 4]
    reasons = [r for _, r in rules.rank_with_reasons(cards, kingfisher)]
    assert reasons[:3] == ["lifer", "lifer", "majority"]
    # Every other suit unique: purple 6 still places before yellow 12 and green 10.
    cards = [C(2, 10), C(0, 6), C(4, 13), C(3, 12)]
    assert kingfisher not in {cards[0].species, cards[3].species}
    assert rank_trick(cards, kingfisher) == [2, 1, 3, 0]


def test_ranking_majority_suit_then_the_rest():
    cards = [C(0, 3), C(1, 9), C(1, 4), C(2, 12)]
    # Blue is the majority: blue 9; then purple 3, blue 4, green 12 are all unique
    # suits: by number.
    assert rank_trick(cards, species_absent(cards)) == [1, 3, 2, 0]


def test_ranking_tie_for_majority_with_the_led_suit_tied():
    cards = [C(0, 3), C(0, 8), C(1, 9), C(1, 10)]
    # Purple and blue tie at two; purple was led: purple 8, then the blue majority.
    assert rank_trick(cards, species_absent(cards)) == [1, 3, 2, 0]


def test_ranking_tie_for_majority_without_the_led_suit():
    cards = [C(2, 5), C(1, 9), C(4, 7), C(4, 14), C(1, 3)]
    # Blue and red tie, green (led) is not among them: blue was played first.
    assert rank_trick(cards, species_absent(cards)) == [1, 3, 2, 0, 4]
    reasons = [r for _, r in rules.rank_with_reasons(cards, species_absent(cards))]
    assert reasons[:2] == ["tie_first_played", "majority"]


def test_ranking_all_suits_unique_led_card_wins_then_by_number():
    cards = [C(3, 4), C(4, 15), C(0, 11)]
    assert rank_trick(cards, species_absent(cards)) == [0, 1, 2]


def test_ranking_equal_numbers_go_to_the_card_played_first():
    cards = [C(0, 2), C(2, 9), C(1, 9), C(3, 9)]
    assert rank_trick(cards, species_absent(cards)) == [0, 1, 2, 3]
    cards = [C(0, 2), C(3, 9), C(1, 9), C(2, 9)]
    assert rank_trick(cards, species_absent(cards)) == [0, 1, 2, 3]


# ======================================================================================
# Setup (rulebook setup, rulings YB-1, YB-2, YB-7)
# ======================================================================================
@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_deals_hands_yards_lifer_and_abilities(players):
    for seed in range(40):
        state = new_game("yard_birbs", players, seed=seed)
        assert all(len(h) == 7 for h in state.hands)
        assert all(len(y) == 1 and len(y[0].cards) == 1 for y in state.yards)
        assert len(state.deck) == 55 - 8 * players - 1
        everything = [c for h in state.hands for c in h] + state.deck + [state.lifer]
        everything += [f.cards[0] for y in state.yards for f in y]
        assert sorted(everything) == sorted(DECK)
        row = state.ability_row
        assert len(row) == players - 1 and len(set(row)) == players - 1
        assert not ABILITIES[row[-1]].feeder  # ⌂ never beside the last token
        assert state.current_player == state.round_lead and state.phase == PLAY
        view = state.view(0)
        assert [t for t, _ in view.abilities] == list(range(2, players + 1))


def test_a_feeder_ability_drawn_for_the_last_token_is_redrawn():
    redraws = 0
    for seed in range(300):
        state = new_game("yard_birbs", 3, seed=seed)
        assert not ABILITIES[state.ability_row[-1]].feeder
        redraws += any(ABILITIES[a].feeder for a in state.ability_discard)
    assert redraws > 0


def test_new_game_rejects_unknown_options_and_bad_counts():
    with pytest.raises(TypeError):
        new_game("yard_birbs", 4, seed=1, turbo=True)
    with pytest.raises(ValueError):
        new_game("yard_birbs", 2)


# ======================================================================================
# A hand-built table for trick, draft and ability cases
# ======================================================================================
def table(hands, yards, feeder=(), lifer=None, row=(REFLOCK, MERGE, BIRDSEED),
          phase=PLAY, current=0, order=None, draft_index=0, pending_bird=None,
          trick=1) -> State:
    """A 4-player state with exactly these cards placed; the rest form the deck."""
    n = len(hands)
    state = State(n, random.Random(11))
    state.round, state.trick = 1, trick
    state.hands = [sorted(h) for h in hands]
    state.yards = [[Flock(f) for f in y] for y in yards]
    state.feeder = [c for _, c in feeder]
    state.feeder_seats = [s for s, _ in feeder]
    used = {c for h in hands for c in h} | {c for y in yards for f in y for c in f}
    used |= {c for _, c in feeder if c is not None}
    if pending_bird is not None:
        used.add(pending_bird)
    state.lifer = lifer or next(c for c in DECK if c not in used and c.species == 10)
    used.add(state.lifer)
    state.deck = [c for c in DECK if c not in used]
    state.ability_row = list(row)
    state.ability_pile = sorted(set(ABILITY_IDS) - set(row))
    state.phase, state.current_player = phase, current
    state.lead = state.round_lead = feeder[0][0] if feeder else current
    if order is not None:
        state.draft_order = list(order)
        for place, seat in enumerate(order, 1):
            state.places[seat] = place
    state.draft_index = draft_index
    state.pending_bird = pending_bird
    state._legal_cache = None
    return state


def moves(state, kind):
    return [a for a in state.legal_actions() if isinstance(a, kind)]


def test_play_follow_rule_lifer_exception_and_ranking_in_a_real_trick():
    lifer = C(4, 13)  # Kingfisher
    hands = [[C(1, 3)], [C(1, 7), C(0, 6), C(3, 4)], [C(2, 8)], [C(1, 12)]]
    state = table(hands, [[[C(0, 1)]], [[C(0, 2)]], [[C(0, 3)]], [[C(0, 4)]]], lifer=lifer)
    state.apply(Play(C(1, 3)))
    # Seat 1 holds blue: blue 7, or the Kingfisher purple 6; never yellow 4.
    assert state.legal_actions() == [Play(C(0, 6)), Play(C(1, 7))]
    with pytest.raises(IllegalAction):
        state.apply(Play(C(3, 4)))
    state.apply(Play(C(0, 6)))
    assert state.legal_actions() == [Play(C(2, 8))]  # no blue or purple: any card
    state.apply(Play(C(2, 8)))
    events = state.apply(Play(C(1, 12)))
    ranked = next(e for e in events if isinstance(e, rules.TrickRanked))
    # Purple 6 is a Kingfisher (the Lifer); then the blue majority; then by number.
    assert [p.seat for p in ranked.placements] == [1, 3, 2, 0]
    assert [p.reason for p in ranked.placements] == ["lifer", "majority", "number",
                                                     "last"]
    assert state.places == [4, 1, 3, 2] and state.current_player == 1
    assert state.phase == TAKE
    assert state.view(None).draft_order == (1, 3, 2, 0)


def test_drafting_in_place_order_into_flocks_and_the_last_bird_is_forced():
    hands = [[C(1, 3)], [C(1, 7)], [C(2, 8)], [C(1, 12)]]
    yards = [[[C(0, 1)]], [[C(1, 6)]], [[C(2, 9)]], [[C(3, 5)]]]
    state = table(hands, yards, row=(REFLOCK, MERGE, BIRDSEED))
    for card in (C(1, 3), C(1, 7), C(2, 8), C(1, 12)):
        state.apply(Play(card))
    # Blue 12 (majority), blue 7 (still the majority), then green 8 and blue 3 by number.
    assert state.draft_order == [3, 1, 2, 0] and state.current_player == 3
    assert moves(state, Take) == [Take(C(1, 3)), Take(C(1, 7)), Take(C(1, 12)),
                                  Take(C(2, 8))]
    state.apply(Take(C(1, 12)))
    assert state.phase == rules.FLOCK
    assert state.legal_actions() == [ToFlock(NEW_FLOCK)]  # yellow 5 shares nothing
    state.apply(ToFlock(NEW_FLOCK))
    assert [f.cards for f in state.yards[3]] == [(C(3, 5),), (C(1, 12),)]
    # First place gets no ability: straight on to second place.
    assert state.current_player == 1 and state.phase == TAKE
    state.apply(Take(C(1, 3)))
    assert state.legal_actions() == [ToFlock(0), ToFlock(NEW_FLOCK)]  # blue with blue 6
    state.apply(ToFlock(NEW_FLOCK))
    assert state.phase == ABILITY  # place 2 may use the token-2 ability only
    assert state.legal_actions() == [UseAbility(REFLOCK), Skip()]
    state.apply(Skip())
    assert state.current_player == 2 and state.phase == TAKE
    state.apply(Take(C(2, 8)))
    state.apply(ToFlock(0))
    assert state.yards[2][0].cards == (C(2, 8), C(2, 9))
    assert state.yards[2][0].kind == "colour" and state.yards[2][0].points == 1
    assert state.legal_actions() == [UseAbility(REFLOCK), Skip()]  # nothing to merge
    state.apply(Skip())
    # Last place gets blue 7 without choosing, then its flock, then any usable ability.
    assert state.current_player == 0 and state.phase == rules.FLOCK
    assert state.pending_bird == C(1, 7) and state.feeder == [None] * 4
    assert state.legal_actions() == [ToFlock(NEW_FLOCK)]
    state.apply(ToFlock(NEW_FLOCK))
    assert state.legal_actions() == [UseAbility(BIRDSEED), Skip()]
    events = state.apply(Skip())
    ended = next(e for e in events if isinstance(e, rules.TrickEnded))
    assert ended.next_lead is None  # hands empty: the round is scored
    assert any(isinstance(e, RoundScored) for e in events)


def test_abilities_are_limited_to_tokens_up_to_the_place():
    yards = [[[C(0, 1)], [C(0, 2), C(0, 3)]], [[C(1, 2)]], [[C(2, 3)]], [[C(3, 4)]]]
    feeder = [(0, None), (1, C(4, 9)), (2, C(4, 10)), (3, None)]
    # Seat 0 is in place 2 after taking; the row is token 2 Merge, 3 Reflock, 4 Birdseed.
    state = table([[C(1, 5)], [C(1, 6)], [C(1, 7)], [C(1, 8)]], yards, feeder=feeder,
                  row=(MERGE, REFLOCK, BIRDSEED), phase=ABILITY, current=0,
                  order=(3, 0, 1, 2), draft_index=1)
    assert state.legal_actions() == [UseAbility(MERGE), Skip()]
    state.places[0] = 4
    state._legal_cache = None
    assert state.legal_actions() == [UseAbility(MERGE), UseAbility(REFLOCK),
                                     UseAbility(BIRDSEED), Skip()]


# ======================================================================================
# The eight abilities (ruling YB-7)
# ======================================================================================
def ability_table(row, yards0, hand0=(C(1, 5),), feeder_birds=(C(4, 9), C(4, 10))):
    """Seat 0 in place 2 right after taking its bird; two birds left in the feeder."""
    yards = [yards0, [[C(1, 2)]], [[C(2, 3)]], [[C(3, 4)]]]
    feeder = [(3, None), (0, None), (1, feeder_birds[0]), (2, feeder_birds[1])]
    hands = [list(hand0), [C(1, 6)], [C(1, 7)], [C(1, 8)]]
    return table(hands, yards, feeder=feeder, row=row, phase=ABILITY, current=0,
                 order=(3, 0, 1, 2), draft_index=1)


def test_lifer_swap_trades_a_hand_card_with_the_lifer_and_redeals_abilities():
    state = ability_table((LIFER_SWAP, REFLOCK, BIRDSEED), [[C(0, 1)]],
                          hand0=(C(1, 5), C(2, 12)))
    old = state.lifer
    state.apply(UseAbility(LIFER_SWAP))
    assert state.phase == rules.LIFER_SWAP_HAND
    assert state.legal_actions() == [PickHand(C(1, 5)), PickHand(C(2, 12))]
    events = state.apply(PickHand(C(2, 12)))
    assert state.lifer == C(2, 12)
    assert old in state.hands[0] and C(2, 12) not in state.hands[0]
    redeal = next(e for e in events if isinstance(e, AbilitiesDealt))
    assert redeal.redeal and LIFER_SWAP in redeal.discarded
    assert not ABILITIES[state.ability_row[-1]].feeder and len(state.ability_row) == 3
    # Everyone saw the old Lifer go into seat 0's hand.
    assert old in state.view(2).known_cards(0) and old in state.view(None).known_cards(0)
    assert old in state.determinize(2, random.Random(1)).hands[0]
    assert state.current_player == 1  # the next drafter


def test_new_lifer_buries_the_lifer_and_turns_up_the_top_card():
    state = ability_table((NEW_LIFER, REFLOCK, BIRDSEED), [[C(0, 1)]])
    old, top, size = state.lifer, state.deck[-1], len(state.deck)
    events = state.apply(UseAbility(NEW_LIFER))
    assert state.lifer == top and state.deck[0] == old and len(state.deck) == size
    assert any(isinstance(e, AbilitiesDealt) and e.redeal for e in events)
    # The buried Lifer is public: every seat sees it at the bottom of the deck.
    for seat in (None, 0, 1, 2, 3):
        assert state.view(seat).deck_marks == ((size - 1, 0b1111, old),)
    assert state.current_player == 1


def test_feeder_swap_gives_a_yard_bird_to_the_feeder_unflocked():
    run = [C(0, 5), C(1, 6), C(2, 7)]  # the middle bird cannot leave a run
    state = ability_table((FEEDER_SWAP, REFLOCK, BIRDSEED), [run, [C(3, 12)]])
    state.apply(UseAbility(FEEDER_SWAP))
    assert state.legal_actions() == [PickYard(C(0, 5)), PickYard(C(2, 7)),
                                     PickYard(C(3, 12))]
    state.apply(PickYard(C(3, 12)))
    assert state.legal_actions() == [PickFeeder(C(4, 9)), PickFeeder(C(4, 10))]
    state.apply(PickFeeder(C(4, 9)))
    assert state.feeder[2] == C(3, 12) and len(state.yards[0]) == 1
    assert state.phase == rules.FEEDER_SWAP_FLOCK
    assert state.legal_actions() == [ToFlock(NEW_FLOCK)]
    state.apply(ToFlock(NEW_FLOCK))
    assert [f.cards for f in state.yards[0]] == [tuple(run), (C(4, 9),)]
    # The given bird is taken by the next drafter, who chooses its flock.
    assert state.current_player == 1
    state.apply(Take(C(3, 12)))
    assert state.phase == rules.FLOCK and state.pending_bird == C(3, 12)


def test_hand_to_feeder_trades_a_hand_card_for_a_feeder_bird():
    state = ability_table((HAND_TO_FEEDER, REFLOCK, BIRDSEED), [[C(0, 1)]],
                          hand0=(C(1, 5), C(2, 12)))
    state.apply(UseAbility(HAND_TO_FEEDER))
    assert state.legal_actions() == [PickFeeder(C(4, 9)), PickFeeder(C(4, 10))]
    state.apply(PickFeeder(C(4, 10)))
    assert state.legal_actions() == [PickHand(C(1, 5)), PickHand(C(2, 12))]
    state.apply(PickHand(C(1, 5)))
    assert state.feeder[3] == C(1, 5) and C(4, 10) in state.hands[0]
    assert C(4, 10) in state.view(3).known_cards(0)
    assert state.current_player == 1


def test_reflock_moves_a_bird_keeping_both_flocks_valid():
    run = [C(0, 5), C(1, 6), C(2, 7)]
    state = ability_table((REFLOCK, MERGE, BIRDSEED), [run, [C(2, 12)]])
    state.apply(UseAbility(REFLOCK))
    # Not the run's middle; the solo green 12 may join the run? no: only green 7 could
    # go to green 12 (colour) or to a new flock; purple 5 to a new flock.
    assert state.legal_actions() == [PickYard(C(0, 5)), PickYard(C(2, 7))]
    state.apply(PickYard(C(2, 7)))
    assert state.legal_actions() == [ToFlock(1), ToFlock(NEW_FLOCK)]
    events = state.apply(ToFlock(1))
    assert [f.cards for f in state.yards[0]] == [(C(0, 5), C(1, 6)), (C(2, 7), C(2, 12))]
    assert isinstance(events[0], rules.BirdReflocked)
    assert state.current_player == 1


def test_merge_joins_two_flocks_only_if_they_still_qualify():
    yards0 = [[C(0, 1), C(0, 3)], [C(3, 9)], [C(0, 9), C(0, 11)]]
    state = ability_table((MERGE, REFLOCK, BIRDSEED), yards0)
    state.apply(UseAbility(MERGE))
    # Yellow 9 merges with neither purple flock.
    assert state.legal_actions() == [PickFlock(0), PickFlock(2)]
    state.apply(PickFlock(2))
    assert state.legal_actions() == [PickFlock(0)]
    state.apply(PickFlock(0))
    assert [f.cards for f in state.yards[0]] == [
        (C(0, 1), C(0, 3), C(0, 9), C(0, 11)), (C(3, 9),)]
    assert state.yards[0][0].points == 3


def test_birdseed_draws_then_buries_a_hand_card_known_only_to_its_owner():
    state = ability_table((BIRDSEED, REFLOCK, MERGE), [[C(0, 1)]])
    top, size = state.deck[-1], len(state.deck)
    state.apply(UseAbility(BIRDSEED))
    assert top in state.hands[0] and state.phase == rules.BIRDSEED_BURY
    state.apply(PickHand(C(1, 5)))
    assert state.deck[0] == C(1, 5) and len(state.deck) == size
    assert state.hands[0] == [top]
    assert state.view(0).deck_marks == ((size - 1, 0b0001, C(1, 5)),)
    assert state.view(1).deck_marks == ((size - 1, 0b0001, None),)
    # The owner's knowledge survives determinization; another seat's guess may differ.
    assert state.determinize(0, random.Random(3)).deck[0] == C(1, 5)
    others = {state.determinize(1, random.Random(k)).deck[0] for k in range(10)}
    assert len(others) > 1


def test_an_ability_takes_a_bird_only_from_a_flock_that_still_qualifies_without_it():
    """Ruling YB-9: purple 7, green 8, yellow 9, purple 10 is a run of mixed suits: its
    ends may leave (7-8-9 or 8-9-10 is still a run), its middle birds may not (7, 9, 10
    has a gap). In red 5, 6, 7 the middle may leave (red 5 and 7 are still a colour
    flock), and either bird of a pair may (the other is left solo)."""
    mixed = [C(0, 7), C(2, 8), C(3, 9), C(0, 10)]
    red = [C(4, 5), C(4, 6), C(4, 7)]
    pair = [C(1, 11), C(2, 12)]                         # a run of two
    yards0 = [mixed, red, pair]
    for ability in (FEEDER_SWAP, REFLOCK):
        state = ability_table((ability, MERGE, BIRDSEED), yards0)
        state.apply(UseAbility(ability))
        offered = {a.card for a in state.legal_actions()}
        assert offered == set(mixed + red + pair) - {C(2, 8), C(3, 9)}, ability
    # Fly Off takes only a solo bird: the flock it leaves is empty.
    state = ability_table((FLY_OFF, MERGE, BIRDSEED), yards0 + [[C(3, 13)]])
    state.apply(UseAbility(FLY_OFF))
    assert state.legal_actions() == [PickYard(C(3, 13))]


def test_fly_off_buries_a_solo_bird_draws_and_buries_a_hand_card():
    state = ability_table((FLY_OFF, REFLOCK, MERGE), [[C(0, 1), C(0, 3)], [C(3, 12)]])
    top, size = state.deck[-1], len(state.deck)
    state.apply(UseAbility(FLY_OFF))
    assert state.legal_actions() == [PickYard(C(3, 12))]  # only solo birds
    state.apply(PickYard(C(3, 12)))
    assert len(state.yards[0]) == 1 and top in state.hands[0]
    assert state.deck[0] == C(3, 12)
    state.apply(PickHand(top))
    assert state.deck[0] == top and state.deck[1] == C(3, 12)
    assert len(state.deck) == size + 1 and state.hands[0] == [C(1, 5)]
    marks = state.view(2).deck_marks
    assert marks == ((size - 1, 0b1111, C(3, 12)), (size, 0b0001, None))


def test_feeder_abilities_are_not_offered_once_the_feeder_is_empty():
    state = ability_table((FEEDER_SWAP, HAND_TO_FEEDER, REFLOCK), [[C(0, 1)], [C(0, 3)]],
                          feeder_birds=(None, None))
    state.places[0] = 4
    state._legal_cache = None
    assert state.legal_actions() == [UseAbility(REFLOCK), Skip()]


# ======================================================================================
# Rounds and the end (rulings YB-2, YB-8)
# ======================================================================================
def _play_out(state, seed):
    rng = random.Random(seed)
    events = []
    while not state.is_terminal():
        events.extend(state.apply(rng.choice(state.legal_actions())))
    return events


@pytest.mark.parametrize("players", [3, 5])
def test_three_rounds_scored_then_the_highest_total_wins(players):
    for seed in range(12):
        state = new_game("yard_birbs", players, seed=seed)
        events = _play_out(state, seed)
        scored = [e for e in events if isinstance(e, RoundScored)]
        assert [e.round for e in scored] == [1, 2, 3]
        totals = [sum(e.points[s] for e in scored) for s in range(players)]
        assert state.totals == totals == list(scored[-1].totals)
        for e in scored:
            for seat, flocks in enumerate(e.flocks):
                assert sum(f.points for f in flocks) == e.points[seat]
                for f in flocks:
                    assert f.points == flock_score(f.cards)
        best = max(totals)
        assert state.winners() == [s for s in range(players) if totals[s] == best]
        assert isinstance(events[-1], GameOver)
        assert state.scores() == totals and state.current_player is None
        assert state.outcome() and len(state.score_breakdown()) == players


def test_later_rounds_are_led_by_the_highest_total_ties_clockwise():
    checked = 0
    for seed in range(30):
        state = new_game("yard_birbs", 4, seed=seed)
        previous_lead = state.round_lead
        rng = random.Random(seed)
        while not state.is_terminal():
            for event in state.apply(rng.choice(state.legal_actions())):
                if isinstance(event, RoundStarted):
                    totals = state.totals
                    best = max(totals)
                    tied = [s for s in range(4) if totals[s] == best]
                    expected = min(tied, key=lambda s: (s - previous_lead) % 4)
                    assert event.lead == expected == state.current_player
                    # A fresh round: the full deck, seven cards each, one yard bird.
                    assert all(len(h) == 7 for h in state.hands)
                    assert all(len(y) == 1 for y in state.yards)
                    previous_lead = event.lead
                    checked += 1
    assert checked == 60


def test_round_lead_tie_rule_directly():
    state = new_game("yard_birbs", 5, seed=3)
    state.round_lead = 3
    state.totals = [9, 12, 4, 12, 12]
    assert state._next_round_lead() == 3  # the previous first lead itself is nearest
    state.totals = [12, 12, 4, 9, 1]
    assert state._next_round_lead() == 0  # 4 -> 0 clockwise before 1
    state.totals = [1, 2, 30, 4, 5]
    assert state._next_round_lead() == 2


def test_the_winner_of_a_trick_leads_the_next():
    state = new_game("yard_birbs", 4, seed=8)
    rng = random.Random(8)
    winner = None
    while state.round == 1 and not state.is_terminal():
        for event in state.apply(rng.choice(state.legal_actions())):
            if isinstance(event, rules.TrickRanked):
                winner = event.placements[0].seat
            if isinstance(event, rules.TrickEnded) and event.next_lead is not None:
                assert event.next_lead == winner
                assert state.current_player == winner and state.phase == PLAY


# ======================================================================================
# Views and illegal moves
# ======================================================================================
def test_view_hides_hands_and_the_deck():
    state = new_game("yard_birbs", 4, seed=21)
    view = state.view(0)
    assert view.hand == tuple(state.hands[0]) and view.hand_sizes == (7, 7, 7, 7)
    assert view.deck_size == len(state.deck) and view.deck_marks == ()
    assert state.view(None).hand == ()
    # Swap a card of seat 1's hand with a deck card: seat 0 and a spectator see nothing.
    before0, before_none, before1 = state.view(0), state.view(None), state.view(1)
    a, b = state.hands[1][0], state.deck[5]
    state.hands[1][0], state.deck[5] = b, a
    state.hands[1].sort()
    assert state.view(0) == before0 and state.view(None) == before_none
    assert state.view(1) != before1
    text = repr(state.view(0))
    for card in state.hands[1]:
        assert repr(card) not in text


def test_view_carries_what_the_table_needs():
    state = new_game("yard_birbs", 4, seed=4)
    rng = random.Random(4)
    while state.phase != TAKE:
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(2)
    assert len(view.feeder) == 4 and all(s.card is not None for s in view.feeder)
    assert sorted(view.places) == [1, 2, 3, 4] and view.current == view.draft_order[0]
    assert view.lifer == state.lifer and view.round == 1 and view.trick == 1
    assert view.prompt.startswith("Take")
    for yard in view.yards:
        for flock in yard:
            assert flock.kind and flock.points == flock_score(flock.cards)
    assert view.totals == (0, 0, 0, 0)


def test_illegal_actions_raise_and_change_nothing():
    state = new_game("yard_birbs", 4, seed=2)
    seat = state.current_player
    before = state.to_dict()
    not_held = next(c for c in DECK if c not in state.hands[seat])
    for bad in (Play(not_held), Take(state.hands[seat][0]), Skip(), ToFlock(0),
                UseAbility(REFLOCK), PickHand(state.hands[seat][0]), "play", None):
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_dict() == before


def test_describe_action_and_event_lines_never_name_hidden_cards():
    assert describe_action(Play(C(4, 12))) == "Play Red 12 Mockingbird"
    assert describe_action(Take(C(0, 1))) == "Take Purple 1 Nuthatch"
    assert describe_action(ToFlock(NEW_FLOCK)) == "Start a new flock"
    assert describe_action(UseAbility(MERGE)) == "Use Merge"
    state = new_game("yard_birbs", 4, seed=5)
    events = state.opening_events() + _play_out(state, 5)
    kinds = Counter(type(e).__name__ for e in events)
    assert kinds["HandDealt"] == 12 and kinds["GameOver"] == 1
    for event in events:
        line = event.describe(["Ana", "Ben", "Cy", "Dee"])
        if isinstance(event, (rules.HandDealt, rules.CardDrawn)):
            assert "Purple" not in line and "Red" not in line and "Blue" not in line
        if isinstance(event, rules.CardBuried) and not event.face_up:
            assert rules.card_name(event.card) not in line


# ======================================================================================
# The phase table
# ======================================================================================
ZONE_ACTIONS = {rules.HAND_ZONE: (Play, PickHand), rules.FEEDER_ZONE: (Take, PickFeeder),
                rules.FLOCK_ZONE: (ToFlock,), rules.YARD_ZONE: (PickYard,),
                rules.MERGE_ZONE: (PickFlock,), rules.ABILITY_ZONE: (UseAbility, Skip)}


def test_every_phase_is_one_entry_whose_moves_lie_in_its_zone():
    """Random games reach every phase; each offers only the actions of its zone, and no
    card is drawn on the way into a phase that is not fresh (a chain of picks may run
    into it without looking at a draw)."""
    seen = set()
    for players in (3, 4, 5):
        pick = random.Random(players)
        state = new_game("yard_birbs", players, seed=players)
        while not state.is_terminal():
            phase = rules.PHASES[state.phase]
            assert phase.name == state.phase
            assert state.view(state.current_player).prompt == phase.prompt
            legal = state.legal_actions()
            assert legal and all(isinstance(a, ZONE_ACTIONS[phase.zone]) for a in legal)
            seen.add(phase.name)
            seat, hand = state.current_player, len(state.hands[state.current_player])
            state.apply(pick.choice(legal))
            if not rules.PHASES[state.phase].fresh:
                assert len(state.hands[seat]) <= hand
    assert seen == set(rules.PHASES) - {rules.OVER}
    assert rules.PHASES[rules.OVER].fresh and not state.legal_actions()
