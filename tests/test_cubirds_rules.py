"""CuBirds rules: the pure helpers and every case issue 3 lists, on hand-built tables."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game.cubirds import rules
from game.cubirds.cards import BIG, COPIES, DECK_SIZE, INDEX, SMALL, SPECIES
from game.cubirds.rules import (DRAW, FLOCK, PLACE, RESTORE, BirdsCaptured, BirdsPlaced,
                                CardsDrawn, DrawTwo, Flock, FlockCompleted, HandDealt,
                                HandDiscarded, Pass, Place, Reshuffled, Restore,
                                RestorationDrawn, RoundEnded, RoundStarted, collection_wins,
                                describe_action, flock_reward, place_in_row)
from game.engine import GameOver, IllegalAction, TurnPassed, new_game, state_from_dict



def ids(*names: str) -> list[int]:
    return [INDEX[n] for n in names]


def counts(**by_species: int) -> list[int]:
    out = [0] * len(SPECIES)
    for sid, n in by_species.items():
        out[INDEX[sid]] = n
    return out


def table(num_players: int = 3, *, rows=None, hands=None, deck=(), discard=(),
          collections=None, current: int = 0) -> rules.State:
    """A state laid out by hand; cards are species ids, the deck's top card is last."""
    state = rules.State(num_players, random.Random(7))
    state.rows = [ids(*row) for row in (rows or [("owl", "duck", "robin")] * 4)]
    state.hands = [counts(**h) for h in (hands or [{"magpie": 1}] * num_players)]
    state.known = [[0] * len(SPECIES) for _ in range(num_players)]
    state.sizes = [sum(h) for h in state.hands]
    state.collections = [counts(**c) for c in (collections or [{}] * num_players)]
    state.deck = ids(*deck)
    state.discard = ids(*discard)
    state.current_player = state.starter = current
    return state


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


# -- pure functions ----------------------------------------------------------------------


def test_place_in_row_encloses_on_the_left():
    row = ["owl", "duck", "robin", "owl", "duck"]
    new_row, captured = place_in_row(row, "robin", 2, "left")
    assert captured == ["owl", "duck"]
    assert new_row == ["robin", "robin", "robin", "owl", "duck"]
    assert row == ["owl", "duck", "robin", "owl", "duck"]  # input untouched


def test_place_in_row_encloses_on_the_right_up_to_the_nearest_bird():
    # ruling CB-2: only up to the nearest owl from the right end
    new_row, captured = place_in_row(["owl", "duck", "owl", "robin", "magpie"], "owl", 1,
                                     "right")
    assert captured == ["robin", "magpie"]
    assert new_row == ["owl", "duck", "owl", "owl"]


def test_place_in_row_without_enclosure():
    assert place_in_row(["owl", "duck"], "robin", 3, "right") == (
        ["owl", "duck", "robin", "robin", "robin"], [])
    # a bird of the species already at that end encloses nothing
    assert place_in_row(["owl", "duck"], "owl", 1, "left") == (["owl", "owl", "duck"], [])
    assert place_in_row(["owl", "duck", "owl"], "owl", 1, "right") == (
        ["owl", "duck", "owl", "owl"], [])


def test_place_in_row_rejects_bad_input():
    with pytest.raises(ValueError):
        place_in_row(["owl"], "duck", 1, "middle")
    with pytest.raises(ValueError):
        place_in_row(["owl"], "duck", 0, "left")


@pytest.mark.parametrize("species, count, reward", [
    ("flamingo", 1, 0), ("flamingo", 2, 1), ("flamingo", 3, 2), ("flamingo", 7, 2),
    ("owl", 2, 0), ("owl", 3, 1), ("owl", 4, 2),
    ("duck", 5, 1), ("duck", 6, 2), ("magpie", 6, 1), ("magpie", 7, 2),
    ("robin", 5, 0), ("robin", 8, 1), ("robin", 9, 2), ("reed_warbler", 6, 1),
])
def test_flock_reward(species, count, reward):
    assert flock_reward(species, count) == reward


def test_flock_reward_unknown_species():
    with pytest.raises(ValueError):
        flock_reward("dodo", 3)


def test_collection_wins():
    assert collection_wins({sid: 1 for sid in SPECIES[:7]})
    assert not collection_wins({sid: 1 for sid in SPECIES[:6]})
    assert not collection_wins({**{sid: 1 for sid in SPECIES[:6]}, "robin": 0})
    assert collection_wins({"owl": 3, "duck": 4})
    assert not collection_wins({"owl": 3, "duck": 2, "robin": 2})
    assert not collection_wins({"owl": 9})
    assert not collection_wins({})


# -- setup ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup(players):
    state = new_game("cubirds", players, seed=players)
    assert all(len(row) == 3 and len(set(row)) == 3 for row in state.rows)
    assert state.sizes == [8] * players and all(sum(h) == 8 for h in state.hands)
    assert state.scores() == [1] * players
    assert state.phase == PLACE and state.current_player == state.starter
    total = Counter(state.deck) + Counter(state.discard)
    for part in (*state.rows,):
        total += Counter(part)
    for hand in (*state.hands, *state.collections):
        total += Counter({s: n for s, n in enumerate(hand) if n})
    assert total == Counter({s: COPIES[s] for s in range(len(SPECIES))})
    assert sum(total.values()) == DECK_SIZE == 110
    events = state.opening_events()
    assert isinstance(events[0], RoundStarted)
    assert sum(isinstance(e, HandDealt) for e in events) == players


def test_setup_discards_repeated_species_and_starter_option():
    discards = 0
    for seed in range(30):
        state = new_game("cubirds", 3, seed=seed, starter=2)
        assert state.current_player == 2
        discards += len(state.discard)
        for card in state.discard:  # every discarded card repeats a species of some row
            assert any(card in row for row in state.rows)
    assert discards > 0
    with pytest.raises(TypeError):
        new_game("cubirds", 3, seed=1, colour="blue")


# -- placing -------------------------------------------------------------------------


def test_capture_on_the_left_goes_to_the_hand_and_is_public():
    state = table(rows=[("duck", "owl", "robin", "magpie")] * 4,
                  hands=[{"robin": 2, "owl": 1}, {"duck": 2}, {"duck": 2}])
    events = state.apply(Place("robin", 1, "left"))
    assert state.rows[1] == ids("robin", "robin", "robin", "magpie")
    assert state.hands[0] == counts(owl=2, duck=1)
    assert state.known[0] == counts(owl=1, duck=1)  # the table saw the captured cards
    placed, captured = events[0], events[1]
    assert placed == BirdsPlaced(0, "robin", 2, 1, "left")
    assert captured == BirdsCaptured(0, 1, "left", ("duck", "owl"), 0)
    assert state.view(1).known[0] == (("owl", 1), ("duck", 1))
    assert state.phase == PLACE and state.current_player == 1  # no flock possible: turn over


def test_capture_on_the_right():
    state = table(rows=[("owl", "duck", "robin", "magpie", "parrot")] * 4,
                  hands=[{"duck": 1, "owl": 1}, {"duck": 2}, {"duck": 2}])
    events = state.apply(Place("duck", 2, "right"))
    assert state.rows[2] == ids("owl", "duck", "duck")
    assert events[1] == BirdsCaptured(0, 2, "right", ("robin", "magpie", "parrot"), 2)
    assert state.hands[0] == counts(owl=1, robin=1, magpie=1, parrot=1)
    assert state.phase == PLACE and state.current_player == 1
    assert all(isinstance(e, (BirdsPlaced, BirdsCaptured, TurnPassed)) for e in events)


def test_no_capture_then_draw_two():
    state = table(rows=[("owl", "duck", "robin")] * 4, hands=[{"magpie": 2, "owl": 1}] * 3,
                  deck=("parrot", "toucan", "duck"))
    state.apply(Place("magpie", 0, "right"))
    assert state.phase == DRAW
    assert state.legal_actions() == [DrawTwo(True), DrawTwo(False)]
    events = state.apply(DrawTwo(True))
    assert events[0] == CardsDrawn(0, ("duck", "toucan"))  # the top 2 cards
    assert "duck" not in events[0].describe() and "2 cards" in events[0].describe()
    assert state.hands[0] == counts(owl=1, duck=1, toucan=1)
    assert state.known[0] == counts()  # drawn cards stay secret
    assert state.deck == ids("parrot")
    assert state.current_player == 1


def test_no_capture_without_drawing():
    state = table(hands=[{"magpie": 2, "owl": 1}] * 3, deck=("parrot", "toucan"))
    state.apply(Place("magpie", 0, "left"))
    state.apply(DrawTwo(False))
    assert state.hands[0] == counts(owl=1)
    assert len(state.deck) == 2 and state.current_player == 1


def test_no_draw_offered_when_both_piles_are_empty():
    state = table(hands=[{"magpie": 2, "owl": 1}] * 3)
    state.apply(Place("magpie", 0, "left"))
    assert state.current_player == 1 and state.phase == PLACE


def test_emptying_the_hand_without_a_capture_ends_the_round_with_no_draw_offered():
    # ruling CB-5, the rulebook's "as soon as a player has no more cards in their hand,
    # the current round ends": the last 2 magpies land beside owl, duck, robin and
    # enclose nothing; the draw pile is full, yet no draw of 2 is offered.
    deck = tuple(SPECIES[i % 8] for i in range(40))
    state = table(hands=[{"magpie": 2}, {"duck": 2}, {"owl": 1}], deck=deck)
    events = state.apply(Place("magpie", 0, "right"))
    assert kinds(events)[:4] == ["BirdsPlaced", "RoundEnded", "HandDiscarded",
                                 "HandDiscarded"]
    assert "CardsDrawn" not in kinds(events) and "DrawDeclined" not in kinds(events)
    assert events[1] == RoundEnded(1, 0)
    assert state.rows[0] == ids("owl", "duck", "robin", "magpie", "magpie")
    assert state.round == 2 and state.current_player == 0 and state.phase == PLACE
    assert state.sizes == [8, 8, 8] and state.turns_taken == 1


def test_emptying_the_hand_without_a_capture_checks_the_win_first():
    # ruling CB-5: the turn still ends with the win check, before the round end; the
    # collection already holds two species of 3+ (as a previous turn may leave it)
    state = table(hands=[{"magpie": 1}, {"duck": 2}, {"owl": 1}],
                  collections=[{"duck": 3, "owl": 3}, {}, {}], deck=("robin",) * 40)
    events = state.apply(Place("magpie", 1, "left"))
    assert state.is_terminal() and state.winners() == [0]
    assert not any(isinstance(e, RoundEnded) for e in events)


def test_a_last_placement_that_captures_leaves_a_hand_and_the_round_goes_on():
    # the other way a hand's last species can land: it encloses a robin, which is now
    # in hand, so the hand is not empty and the turn ends as usual
    state = table(rows=[("owl", "duck", "owl", "robin")] * 4,
                  hands=[{"owl": 1}, {"duck": 1}, {"duck": 1}], deck=("robin",) * 10)
    events = state.apply(Place("owl", 0, "right"))
    assert kinds(events) == ["BirdsPlaced", "BirdsCaptured", "TurnPassed"]
    assert state.hands[0] == counts(robin=1) and state.round == 1


def test_draw_two_reshuffles_the_discard_pile():
    # ruling CB-4: one card left, then the discard pile becomes the draw pile
    state = table(hands=[{"magpie": 2, "owl": 1}] * 3, deck=("parrot",),
                  discard=("toucan", "toucan", "duck"))
    state.apply(Place("magpie", 0, "left"))
    events = state.apply(DrawTwo(True))
    reshuffle = [e for e in events if isinstance(e, Reshuffled)]
    assert reshuffle == [Reshuffled(3)]
    assert state.discard == []
    assert len(state.deck) == 2 and sum(state.hands[0]) == 3
    assert state.hands[0][INDEX["parrot"]] == 1


def test_draw_two_takes_what_there_is():
    state = table(hands=[{"magpie": 2, "owl": 1}] * 3, deck=("parrot",))
    state.apply(Place("magpie", 0, "left"))
    events = state.apply(DrawTwo(True))
    assert events[0] == CardsDrawn(0, ("parrot",))
    assert state.deck == [] and sum(state.hands[0]) == 2


# -- restoration ---------------------------------------------------------------------


def test_restoration_with_a_choice_of_end():
    # ruling CB-3: the capture leaves only robins, so cards come one by one until two
    # species show; the player picks the end of each.
    state = table(rows=[("owl", "duck", "robin")] * 4, hands=[{"robin": 1, "owl": 1}] * 3,
                  deck=("parrot", "robin"))
    events = state.apply(Place("robin", 3, "left"))
    assert state.rows[3] == ids("robin", "robin")
    assert isinstance(events[-1], RestorationDrawn) and events[-1].species == "robin"
    assert state.phase == RESTORE and state.current_player == 0
    view = state.view(2)
    assert view.phase == RESTORE and view.pending == "robin" and view.pending_row == 3
    assert state.legal_actions() == [Restore("left"), Restore("right")]
    events = state.apply(Restore("left"))
    assert state.rows[3] == ids("robin", "robin", "robin")
    assert state.phase == RESTORE and state.view(None).pending == "parrot"
    state.apply(Restore("left"))
    assert state.rows[3] == ids("parrot", "robin", "robin", "robin")
    assert state.pending is None and state.pending_row is None
    assert state.deck == []
    # the hand now holds owl + owl + duck: not enough for a flock, so the turn is over
    assert state.current_player == 1


def test_restoration_at_the_right_end_then_flock():
    state = table(rows=[("owl", "duck", "robin")] * 4,
                  hands=[{"robin": 1, "owl": 2}, {"duck": 1}, {"duck": 1}], deck=("duck",))
    state.apply(Place("robin", 0, "left"))
    state.apply(Restore("right"))
    assert state.rows[0] == ids("robin", "robin", "duck")
    assert state.phase == FLOCK  # three owls in hand now
    assert state.legal_actions() == [Flock("owl"), Pass()]


def test_restoration_stops_when_the_piles_are_empty():
    state = table(rows=[("owl", "duck", "robin")] * 4, hands=[{"robin": 1, "owl": 1}] * 3)
    state.apply(Place("robin", 0, "left"))
    assert state.rows[0] == ids("robin", "robin")
    assert state.current_player == 1 and state.pending is None


def test_no_restoration_when_two_species_remain():
    state = table(rows=[("owl", "robin", "duck")] * 4, hands=[{"robin": 1, "owl": 1}] * 3,
                  deck=("parrot",))
    state.apply(Place("robin", 0, "left"))
    assert state.rows[0] == ids("robin", "robin", "duck")
    assert state.deck == ids("parrot") and state.current_player == 1


# -- flocks --------------------------------------------------------------------------


def test_small_flock_keeps_one_and_discards_the_rest():
    state = table(hands=[{"parrot": 5, "magpie": 1, "owl": 1}, {"duck": 1}, {"duck": 1}])
    state.apply(Place("magpie", 0, "right"))
    assert state.phase == FLOCK and state.legal_actions() == [Flock("parrot"), Pass()]
    events = state.apply(Flock("parrot"))
    assert events[0] == FlockCompleted(0, "parrot", 5, 1)
    assert state.collections[0] == counts(parrot=1)
    assert state.discard == ids("parrot", "parrot", "parrot", "parrot")
    assert state.hands[0] == counts(owl=1) and state.current_player == 1


def test_big_flock_keeps_two():
    state = table(hands=[{"parrot": 6, "owl": 3, "magpie": 1}, {"duck": 1}, {"duck": 1}])
    state.apply(Place("magpie", 0, "right"))
    assert state.legal_actions() == [Flock("owl"), Flock("parrot"), Pass()]
    state.apply(Flock("parrot"))
    assert state.collections[0] == counts(parrot=2)
    assert len(state.discard) == 4 and state.hands[0] == counts(owl=3)
    assert state.current_player == 1  # only one flock per turn


def test_no_flock_offered_below_the_small_number_and_pass_is_allowed():
    state = table(hands=[{"parrot": 3, "magpie": 1}, {"duck": 1}, {"duck": 1}])
    state.apply(Place("magpie", 0, "right"))
    assert state.current_player == 1  # 3 parrots < 4: no flock decision at all
    state = table(hands=[{"parrot": 4, "magpie": 1}, {"duck": 1}, {"duck": 1}])
    state.apply(Place("magpie", 0, "right"))
    state.apply(Pass())
    assert state.hands[0] == counts(parrot=4) and state.collections[0] == counts()


# -- winning and rounds ----------------------------------------------------------------


def test_win_with_seven_species():
    six = {sid: 1 for sid in SPECIES[:6]}
    state = table(hands=[{"robin": 6, "magpie": 1}, {"duck": 1}, {"duck": 1}],
                  collections=[six, {}, {}])
    state.apply(Place("magpie", 0, "right"))
    events = state.apply(Flock("robin"))
    assert state.is_terminal() and state.winners() == [0]
    assert events[-1] == GameOver((0,), "7 species")
    assert "7 species" in state.outcome()
    assert state.legal_actions() == []


def test_win_with_two_flocks_of_three():
    state = table(hands=[{"owl": 4, "magpie": 1}, {"duck": 1}, {"duck": 1}],
                  collections=[{"duck": 3, "owl": 1}, {}, {}])
    state.apply(Place("magpie", 0, "right"))
    events = state.apply(Flock("owl"))
    assert state.winners() == [0] and state.end_reason == rules.TWO_FLOCKS
    assert events[-1].reason == "two flocks of 3+"
    breakdown = state.score_breakdown()
    assert ("Owls", "3") in breakdown[0] and ("Birds", "6") in breakdown[0]


def test_win_is_checked_before_the_round_end():
    # ruling CB-5: the hand empties with the winning flock; the game ends, no new round
    state = table(hands=[{"owl": 4, "magpie": 1}, {"duck": 1}, {"duck": 1}],
                  collections=[{"duck": 3, "owl": 1}, {}, {}], deck=("robin",) * 40)
    state.apply(Place("magpie", 0, "right"))
    state.apply(DrawTwo(False))
    events = state.apply(Flock("owl"))
    assert state.is_terminal() and not any(isinstance(e, RoundEnded) for e in events)


def test_round_end_discards_other_hands_and_the_ender_deals_and_starts():
    deck = tuple(SPECIES[i % 8] for i in range(40))
    state = table(hands=[{"duck": 1}, {"magpie": 3}, {"owl": 2, "toucan": 1}],
                  current=1, deck=deck)
    events = state.apply(Place("magpie", 2, "left"))
    assert kinds(events)[:4] == ["BirdsPlaced", "RoundEnded", "HandDiscarded",
                                 "HandDiscarded"]
    assert events[1] == RoundEnded(1, 1)
    assert [e.seat for e in events if isinstance(e, HandDiscarded)] == [2, 0]
    assert RoundStarted(2, 1) in events
    assert [e.seat for e in events if isinstance(e, HandDealt)] == [1, 2, 0]
    assert state.round == 2 and state.starter == 1 and state.current_player == 1
    assert state.sizes == [8, 8, 8] and state.known == [[0] * 8] * 3
    assert sorted(state.discard) == sorted(ids("duck", "owl", "owl", "toucan"))
    assert len(state.deck) == 40 - 24


def test_round_start_reshuffles_to_deal():
    state = table(hands=[{"duck": 1}, {"magpie": 3}, {"owl": 2}], current=1,
                  deck=("robin",) * 10, discard=("parrot",) * 30)
    events = state.apply(Place("magpie", 2, "left"))
    assert any(isinstance(e, Reshuffled) for e in events)
    assert state.sizes == [8, 8, 8] and state.round == 2
    assert len(state.deck) + len(state.discard) == 10 + 30 + 3 - 24


def test_end_by_lack_of_cards_largest_collection_wins_ties_share():
    # ruling CB-4: fewer than 8 x 3 cards in both piles at the round start
    state = table(hands=[{"duck": 1}, {"magpie": 3}, {"owl": 2}], current=1,
                  deck=("robin",) * 10, discard=("parrot",) * 10,
                  collections=[{"duck": 2}, {"owl": 1, "robin": 1}, {"parrot": 1}])
    events = state.apply(Place("magpie", 2, "left"))
    assert state.is_terminal()
    assert state.winners() == [0, 1]
    assert events[-1] == GameOver((0, 1), "the deck ran out")
    assert not any(isinstance(e, RoundStarted) for e in events)
    assert "share" in state.outcome()


def test_turn_limit_safety_net(monkeypatch):
    monkeypatch.setattr(rules, "TURN_LIMIT", 5)
    state = new_game("cubirds", 3, seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.turns_taken <= 5
    if state.turns_taken == 5:
        assert state.end_reason == rules.TURN_LIMIT_REACHED


def test_random_games_end_well_before_the_turn_limit_and_conserve_cards():
    reasons = Counter()
    for seed in range(40):
        state = new_game("cubirds", 4, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        total = sum(map(len, state.rows)) + len(state.deck) + len(state.discard)
        total += sum(map(sum, state.hands)) + sum(map(sum, state.collections))
        assert total == 110
        assert state.turns_taken < rules.TURN_LIMIT // 5
        reasons[state.end_reason] += 1
    assert set(reasons) == {rules.SEVEN, rules.TWO_FLOCKS, rules.DECK_OUT}


# -- legality, views and knowledge -------------------------------------------------------


def test_legal_place_actions_in_canonical_order():
    state = table(hands=[{"robin": 2, "flamingo": 1}, {}, {}])
    actions = state.legal_actions()
    assert len(actions) == 2 * 4 * 2
    assert actions[0] == Place("flamingo", 0, "left")
    assert actions[-1] == Place("robin", 3, "right")
    assert actions == sorted(actions, key=lambda a: (INDEX[a.species], a.row, a.side))


def test_illegal_actions_raise_and_change_nothing():
    state = table(hands=[{"robin": 2}, {"duck": 1}, {"duck": 1}], deck=("owl", "owl"))
    before = state.to_dict()
    for bad in (Place("duck", 0, "left"), Place("robin", 4, "left"),
                Place("robin", 0, "middle"), DrawTwo(True), Flock("robin"), Pass(),
                Restore("left"), "place", None):
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_dict() == before
    state.apply(Place("robin", 0, "left"))
    with pytest.raises(IllegalAction):
        state.apply(Place("robin", 0, "left"))


def test_actions_built_anywhere_are_the_legal_ones():
    state = table(hands=[{"robin": 2}, {"duck": 1}, {"duck": 1}])
    action = Place(species="robin", row=2, side="right")
    assert action in state.legal_actions() and action is Place("robin", 2, "right")
    assert hash(action) == hash(Place("robin", 2, "right"))
    assert Flock("owl") != Flock("duck") and DrawTwo(True) != DrawTwo(False)
    with pytest.raises(TypeError):
        Place("robin", 2)
    assert Place("robin", 2.0, "right") not in state.legal_actions()
    assert Place("robin", 2, "right").row == 2 and type(DrawTwo(True).take) is bool
    assert DrawTwo(1) is not DrawTwo(True)


def test_view_hides_other_hands_and_the_draw_order():
    state = new_game("cubirds", 3, seed=11)
    views = [state.view(seat) for seat in (None, 0, 1, 2)]
    assert views[0].hand == () and views[1].hand != ()
    assert views[1].hand_sizes == (8, 8, 8)
    changed = state.clone()
    changed.deck.reverse()  # another draw order ...
    pool = _spread_hand(changed.hands[1]) + _spread_hand(changed.hands[2])
    random.Random(1).shuffle(pool)  # ... and other cards in the opponents' hands
    changed.hands[1] = _counts_of(pool[:8])
    changed.hands[2] = _counts_of(pool[8:])
    assert changed.view(0) == state.view(0)
    assert changed.view(None) == state.view(None)
    assert changed.view(1) != state.view(1) or changed.hands[1] == state.hands[1]
    assert state.view(0).deck_size == len(state.deck)


def test_determinize_keeps_known_captured_cards():
    state = table(rows=[("duck", "owl", "robin", "magpie")] * 4,
                  hands=[{"robin": 1, "parrot": 2}, {"toucan": 4}, {"flamingo": 1}],
                  deck=("reed_warbler",) * 6)
    state.apply(Place("robin", 0, "left"))  # seat 0 captures duck + owl in view of all
    for seed in range(5):
        det = state.determinize(1, random.Random(seed))
        hand = det.hands[0]
        assert hand[INDEX["duck"]] >= 1 and hand[INDEX["owl"]] >= 1
        assert sum(hand) == 4 and det.hands[1] == state.hands[1]
        assert det.view(1) == state.view(1)


def test_state_round_trips_through_json_mid_restoration():
    state = table(rows=[("owl", "duck", "robin")] * 4, hands=[{"robin": 1, "owl": 1}] * 3,
                  deck=("parrot", "robin"))
    state.apply(Place("robin", 3, "left"))
    data = json.loads(json.dumps(state.to_dict()))
    again = state_from_dict(data)
    assert again == state and again.view(1) == state.view(1)
    assert again.legal_actions() == [Restore("left"), Restore("right")]


def test_event_lines_never_reveal_private_cards():
    state = new_game("cubirds", 4, seed=5)
    rng = random.Random(5)
    for _ in range(300):
        if state.is_terminal():
            break
        for event in state.apply(rng.choice(state.legal_actions())):
            line = event.describe(["Ana", "Bo", "Cy", "Di"])
            assert line.strip()
            if isinstance(event, (CardsDrawn, HandDealt)):
                assert not any(rules.species_name(sid) in line for sid in SPECIES)


def test_describe_action_labels():
    assert describe_action(Place("reed_warbler", 1, "left")) == (
        "Place your Reed Warblers at the left end of row 2")
    assert describe_action(DrawTwo(True)) == "Draw 2 cards"
    assert describe_action(DrawTwo(False)) == "Don't draw"
    assert describe_action(Flock("owl")) == "Complete a flock of Owls"
    assert describe_action(Pass()) == "Complete no flock"
    assert describe_action(Restore("right")) == "Add the card at the right end"


def test_flock_numbers_match_ruling_cb1():
    assert dict(zip(SPECIES, zip(COPIES, SMALL, BIG))) == {
        "flamingo": (7, 2, 3), "owl": (10, 3, 4), "toucan": (10, 3, 4),
        "duck": (13, 4, 6), "parrot": (13, 4, 6), "magpie": (17, 5, 7),
        "reed_warbler": (20, 6, 9), "robin": (20, 6, 9)}


def _spread_hand(hand: list[int]) -> list[int]:
    return [s for s, n in enumerate(hand) for _ in range(n)]


def _counts_of(cards: list[int]) -> list[int]:
    out = [0] * len(SPECIES)
    for card in cards:
        out[card] += 1
    return out
