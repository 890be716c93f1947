"""A hint names its move and one consequence of that move that is true in the position
(issue 27, item 6): "Complete a flock of Flamingos: Wren is up" explained nothing.

For every game in the registry, seeded random games at 2-4 players are stopped at many
positions covering every decision the game asks (its phases). There the Hard hint bot
(at one iteration: a reason must not depend on the search's size) and a sample of the
other legal moves are explained, and each reason is checked:

* it mentions the move's own objects (species, card, row, slot, flock, ability...);
* what it says the move does is what applying the move to the real state does (the
  birds taken, the flock's points, the score after, the face a card lands with...),
  checked here by each game's own oracle from the real state, hidden cards and all;
* it never gives another seat's move as the reason ("Wren is up", "Finch takes..."):
  another seat is named only as the one a move denies;
* it reads the same on any deal of the cards the mover cannot see.

Hand-set positions then pin one good reason per game.
"""
from __future__ import annotations

import random
import re
from typing import Callable

import pytest

from game.ai import make_bot
from game.ai.explain import describe, hint_line, line, reason
from game.engine import GAMES, new_game, rules_module

NAMES = ("Aster", "Basil", "Cedar", "Dahlia", "Elder")
SAMPLE = 8          # legal moves explained per position, besides the hint's
PER_GAME = 60       # positions checked per seeded game (and every new kind of decision)
HINTS = 30          # hints asked for per game in the registry (and at each new decision)


def counts(game_id: str) -> list[int]:
    """The player counts from 2 to 4 the game takes (its smallest if none)."""
    spec = GAMES[game_id]
    return [n for n in spec.player_counts if 2 <= n <= 4] or [spec.min_players]


def positions(game_id: str, players: int, seed: int):
    """Every decision of a seeded random game, as the state before it."""
    state = new_game(game_id, players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        state.apply(rng.choice(state.legal_actions()))


def words(text: str) -> str:
    return text.casefold()


def has(text: str, *options: str) -> bool:
    """Does ``text`` mention one of ``options`` (case-insensitive)?"""
    return any(words(o) in words(text) for o in options)


def after(state, action):
    clone = state.clone()
    return clone, clone.apply(action)


# ======================================================================================
# The games' oracles: (state, seat, action, why) -> None, asserting what ``why`` claims
# ======================================================================================
def cubirds(state, seat, action, why):
    from game.cubirds import rules as R
    from game.cubirds.cards import BIG, INDEX, SMALL, SPECIES, species_name

    hand = {SPECIES[s]: n for s, n in enumerate(state.hands[seat]) if n}
    clone, events = after(state, action)
    if isinstance(action, R.Place):
        count = hand[action.species]
        assert has(why, f"{count} {species_name(action.species, count)}", f"row {action.row + 1}")
        assert f"row {action.row + 1}" in why
        taken = [e for e in events if isinstance(e, R.BirdsCaptured)]
        if taken:
            for species, n in R.counts_of(taken[0].cards).items():
                assert f"{n} {species_name(species, n)}" in why
        else:
            assert "nothing" in why
            assert ("draw 2" in why) == (clone.phase == R.DRAW)
            assert ("round ends" in why) == any(isinstance(e, R.RoundEnded) for e in events)
    elif isinstance(action, R.Restore):
        species = species_name(SPECIES[state.pending])
        assert species in why and f"row {state.pending_row + 1}" in why
        again = any(isinstance(e, R.RestorationDrawn) for e in events)
        assert ("another card" in why) == again
    elif isinstance(action, R.DrawTwo):
        size = sum(clone.hands[seat])
        assert "hand" in why
        assert (f"to {size} cards" if action.take else f"at {size} card") in why
    elif isinstance(action, R.Flock):
        done = next(e for e in events if isinstance(e, R.FlockCompleted))
        assert f"gains {done.kept} {species_name(action.species, done.kept)}" in why
        won = any(isinstance(e, R.GameOver) and seat in e.winners for e in events)
        assert ("wins the game" in why) == won
        if not won:
            present = sum(1 for n in clone.collections[seat] if n)
            assert f"holds {present} species" in why
    elif isinstance(action, R.Pass):
        ready = [f"your {n} {species_name(s, n)}" for s, n in hand.items()
                 if n >= SMALL[INDEX[s]]]
        assert has(why, *ready), (why, ready)
        named = next(r for r in ready if r in why)
        count = int(named.split()[1])
        species = next(s for s in hand if named.endswith(species_name(s, count)))
        short = BIG[INDEX[species]] - count
        assert (f"{short} short" in why) == (short > 0)


def flip_a_bird(state, seat, action, why):
    from game.engine import plural
    from game.flip_a_bird import rules as R
    from game.flip_a_bird.cards import CARDS

    row = state.row
    known = [c for c, up, by in zip(row, state.row_up, state.row_by) if up or by == seat]
    shown = sum(CARDS[c].birds for c in known)
    unseen = len(row) - len(known)
    limit = state.limit
    clone, events = after(state, action)
    if isinstance(action, R.Draw):
        if not row:
            assert f"start row {state.row_number}" in why
        elif unseen:
            assert f"show {shown} of the {limit} birds allowed" in why
            assert plural(unseen, "card") + " face down" in why
        else:
            assert f"counts {R.count_ids(row)} of the {limit} birds" in why
    elif isinstance(action, R.Claim):
        assert "row" in why and str(limit) in why
        if unseen:
            assert f"show {plural(shown, 'bird')}, with {plural(unseen, 'card')}" in why
            assert f"from the row's {plural(len(row), 'card')}" in why
        else:
            total = R.count_ids(row)
            assert f"counts {plural(total, 'bird')}" in why
            assert ("not over" in why) == (total <= limit)
        assert ("ends the game" in why) == (not state.pile)
    elif isinstance(action, R.Play):
        played = next(e for e in events if isinstance(e, R.CardPlayed))
        assert CARDS[action.card].label in why
        assert ("face up" in why) == played.face_up
        assert ("leaves the game" in why) == any(isinstance(e, R.RowDiscarded)
                                                 for e in events)
        if "leaves the game" not in why:
            birds = shown + CARDS[action.card].birds
            assert f"show {birds} of the {limit} birds allowed" in why
    elif isinstance(action, R.Tip):
        assert str(limit) in why and plural(len(row), "card") in why
        if unseen:
            side = f"more than {limit}" if action.red else f"{limit} birds or fewer"
            assert side in why
        else:
            right = (R.count_ids(row) > limit) == action.red
            assert ("is right and you share" in why) == right
            assert ("no share" in why) == (not right)
    elif isinstance(action, R.Pick):
        assert CARDS[action.card].label in why
        before, now = state.scores()[seat], clone.scores()[seat]
        assert f"from {before} to {now} points" in why
        sets = lambda s: R.score_parts(s.won[seat])[0]
        assert ("completes a set" in why) == (sets(clone) > sets(state))


PAIR_CLAIM = r"(?:and|know) the ([^,:]+?) at (row \d, column \d) is a bird of"


def flappy_families(state, seat, action, why):
    from game.flappy_families import rules as R
    from game.flappy_families.cards import CARD_FAMILY, CARD_NAMES, PREDATOR, family_name

    view = state.view(seat)
    hand = state.hands[seat]
    held = lambda s, family: sum(1 for c in s.hands[seat] if CARD_FAMILY[c] == family)
    clone, events = after(state, action)
    if isinstance(action, R.Flip):
        slot = action.slot
        card = state.wild[slot]
        assert R.slot_label(slot) in why
        if view.wild[slot].card is None:
            assert "not seen" in why and CARD_NAMES[card] not in why
            if "cannot be a predator" in why:
                assert CARD_FAMILY[card] != PREDATOR
                for deal in range(12):   # nor on any deal of what this seat has not seen
                    other = state.determinize(seat, random.Random(deal))
                    assert CARD_FAMILY[other.wild[slot]] != PREDATOR
        else:
            assert f"is the {CARD_NAMES[card]}" in why
        known_predator = view.wild[slot].card is not None and CARD_FAMILY[card] == PREDATOR
        if known_predator:
            assert "predator" in why and "turn ends" in why
        if state.phase == R.FLIP_SECOND and not known_predator:
            first = CARD_FAMILY[state.wild[state.first]]
            assert family_name(first) in why
            matched = any(isinstance(e, R.PairMatched) for e in events)
            if "you take both" in why and "if it is" not in why:
                assert matched
            if "cannot be a bird" in why or "not a bird" in why:
                assert not matched
            if "lifting" in why:
                before = held(state, first)
                assert f"from {before} to {before + 2}" in why
        found = re.search(PAIR_CLAIM, why)
        if found:   # a pair the seat knows of
            there = next(s for s in range(R.SLOTS) if R.slot_label(s) == found[2])
            assert CARD_NAMES[state.wild[there]] == found[1]
            assert CARD_FAMILY[state.wild[there]] == CARD_FAMILY[card]
    elif isinstance(action, R.Choose):
        first = state.wild[state.first]
        family = CARD_FAMILY[first]
        if action.option in "AB":
            assert CARD_NAMES[first] in why
        if action.option == "B":
            before = held(state, family)
            assert held(clone, family) == before + 1
            assert f"from {before} to {before + 1}" in why
        elif action.option == "C":
            hidden = clone.c_left
            assert f"hide {hidden} card" in why and "draw" in why
            left = len(state.deck) - hidden
            assert ("game ends" in why) == (left == 0)
            if left:
                assert f"holds {left} card" in why
        else:
            found = re.search(PAIR_CLAIM, why)
            if found:
                there = next(s for s in range(R.SLOTS) if R.slot_label(s) == found[2])
                assert CARD_FAMILY[state.wild[there]] == family
    elif isinstance(action, R.PickCard):
        card = min(c for c in hand if CARD_FAMILY[c] == action.family)
        assert CARD_NAMES[card] in why
        assert has(why, family_name(action.family), "predator")
        before = state.scores()[seat]
        rest = list(hand)
        rest.remove(card)
        counts = [0] * (PREDATOR + 1)
        for c in rest:
            counts[CARD_FAMILY[c]] += 1
        now = R.score_counts(counts, state.bonus2, state.bonus1)
        assert f"from {before} to {now}" in why
        if state.phase == R.B_CARD:
            placed = next(e for e in events if isinstance(e, R.CardPlaced))
            assert placed.card == card and R.slot_label(placed.slot) in why
    elif isinstance(action, R.PickSpace):
        assert R.slot_label(action.slot) in why
        placed = next(e for e in events if isinstance(e, R.CardPlaced))
        assert CARD_NAMES[placed.card] in why and "only you know" in why
        row = R.slot_row(action.slot)
        empty = all(state.wild[s] < 0 for s in range(row * 5, row * 5 + 5))
        assert ("not refilled" in why) == empty


def yard_birbs(state, seat, action, why):
    from game.yard_birbs import rules as R
    from game.yard_birbs.cards import ABILITIES, SUITS, card_name

    yard = state.yards[seat]
    phase = state.phase
    clone, events = after(state, action)
    card = getattr(action, "card", None)
    if card is not None:
        assert card_name(card) in why
    if isinstance(action, R.Play):
        ranked = next((e for e in events if isinstance(e, R.TrickRanked)), None)
        if not state.feeder:
            assert SUITS[card.suit] in why or "Lifer" in why
        elif ranked is not None:
            place = next(p.place for p in ranked.placements if p.seat == seat)
            assert ("wins the trick" in why) if place == 1 else (f"places {ordinal(place)}"
                                                                  in why)
        else:
            assert "so far" in why
    elif isinstance(action, R.Take) or phase == R.FEEDER_SWAP_TAKE:
        best = _best_flock(clone, seat)
        claim = re.search(r"join your flock (\d+): \d+ birds [a-z ]+, worth (\d+) point", why)
        if best is None:
            assert "fits none of your flocks" in why
        else:
            assert claim, why
            flock, worth = int(claim[1]) - 1, int(claim[2])
            assert (flock, worth) in best
        denied = re.search(r"denies (\w+) the (\d+) point", why)
        if denied:
            rival = NAMES.index(denied[1])
            gains = [f.plus(card).points - f.points for f in state.yards[rival]
                     if f.joins(card)]
            assert max(gains, default=0) == int(denied[2]) > 0
            order = state.draft_order
            assert order.index(rival) == order.index(seat) + 1
    elif isinstance(action, R.ToFlock):
        where = "a new flock" if action.flock == R.NEW_FLOCK else f"flock {action.flock + 1}"
        if phase != R.REFLOCK_FLOCK:
            flocked = next(e for e in events if isinstance(e, R.BirdFlocked))
            if action.flock == R.NEW_FLOCK:
                assert f"flock {flocked.flock + 1}" in why and "scores nothing" in why
            else:
                assert where in why and f"worth {flocked.points} point" in why
        else:
            assert where in why
    elif isinstance(action, R.UseAbility):
        assert ABILITIES[action.ability].name in why
    elif isinstance(action, R.Skip):
        assert "abilit" in why or "yard" in why
    elif isinstance(action, R.PickFlock):
        assert f"flock {action.flock + 1}" in why
    if phase == R.LIFER_SWAP_HAND:
        assert clone.lifer == card and card_name(state.lifer) in why
    if phase in (R.BIRDSEED_BURY, R.FLY_OFF_BURY):
        new_round = any(isinstance(e, R.RoundStarted) for e in events)  # hands were empty
        assert f"keeps {0 if new_round else len(clone.hands[seat])} card" in why
        others = [c.number for c in state.hands[seat] if c != card]
        assert ("lowest number" in why) == (bool(others) and min(others) > card.number)
    if phase == R.FLY_OFF_BIRD:
        assert any(f.cards == (card,) for f in yard) and "solo" in why
    # What the move does to the yard's points: from the points now to the best the
    # move's remaining picks can reach on the real state.
    change = re.search(r"(?:from (\d+) to (\d+) point|at (\d+) point)", why)
    if change and isinstance(action, (R.UseAbility, R.PickYard, R.PickFlock, R.ToFlock)):
        start = int(change[1] or change[3])
        end = int(change[2] or change[3])
        assert start == state.yard_points()[seat]
        assert end == max(_finishes(state, seat, action)), (why, _finishes(state, seat, action))
    if isinstance(action, R.Skip) and "would add points" in why:
        offered = [a for a in state.legal_actions() if isinstance(a, R.UseAbility)]
        for use in offered:
            assert max(_finishes(state, seat, use)) <= state.yard_points()[seat]


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _best_flock(state, seat):
    """The (flock, points) pairs that add the most points for the bird being flocked,
    found by flocking it everywhere on the real state (None: it fits no flock)."""
    from game.yard_birbs import rules as R

    options = {}
    for move in state.legal_actions():
        if move.flock == R.NEW_FLOCK:
            continue
        before = state.yards[seat][move.flock].points
        flocked = next(e for e in after(state, move)[1] if isinstance(e, R.BirdFlocked))
        options[(move.flock, flocked.points)] = flocked.points - before
    if not options:
        return None
    top = max(options.values())
    return [key for key, gain in options.items() if gain == top]


def _finishes(state, seat, action) -> list[int]:
    """The seat's yard points at the end of every way of finishing the decision
    ``action`` begins (an ability and its picks), on the real state."""
    from game.yard_birbs import rules as R

    clone, events = after(state, action)
    scored = next((e for e in events if isinstance(e, R.RoundScored)), None)
    if scored is not None:
        return [scored.points[seat]]
    if clone.current_player != seat or clone.phase in (R.PLAY, R.TAKE, R.ABILITY):
        return [clone.yard_points()[seat]]
    out = []
    for move in clone.legal_actions():
        out += _finishes(clone, seat, move)
    return out


ORACLES: dict[str, Callable] = {"cubirds": cubirds, "flip_a_bird": flip_a_bird,
                                "flappy_families": flappy_families, "yard_birbs": yard_birbs}


# Every decision each game asks, by the names of its rules' phases.
PHASES: dict[str, Callable] = {
    "cubirds": lambda R: {R.PLACE, R.RESTORE, R.DRAW, R.FLOCK},
    "flip_a_bird": lambda R: {R.PHASE_TURN, R.PHASE_PLAY, R.PHASE_TIP, R.PHASE_PICK},
    "flappy_families": lambda R: set(R.PHASES) - {R.OVER},
    "yard_birbs": lambda R: set(R.PHASE_PROMPTS) - {R.OVER},
}


def phases(game_id: str) -> set[str]:
    return PHASES[game_id](rules_module(game_id))


# ======================================================================================
# The checks every reason passes
# ======================================================================================
def check_reason(state, seat, action, why: str, names) -> None:
    game_id = state.game_id
    assert why, f"{describe(game_id, action)}: no reason given"
    assert "is up" not in why and "\n" not in why
    for other, name in enumerate(names):
        if other != seat:    # another seat only as the one a move denies, never its move
            for found in re.finditer(rf"\b{name}\b", why):
                assert why[:found.start()].endswith("denies "), why
    ORACLES[game_id](state, seat, action, why)


def test_every_game_explains_its_hints():
    for game_id, spec in GAMES.items():
        assert spec.explain, f"{game_id}'s GameSpec names no explain module"
        assert game_id in ORACLES and game_id in PHASES, f"{game_id} needs an oracle here"
        assert phases(game_id)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_hints_name_their_move_and_a_true_consequence(game_id: str) -> None:
    wanted = phases(game_id)
    covered: set[str] = set()
    hints = 0
    rng = random.Random(27)
    games = [(players, seed) for players in counts(game_id) for seed in (1, 2)]
    games += [(counts(game_id)[-1], seed) for seed in range(3, 9)]  # for rare decisions
    for players, seed in games:
        if seed > 2 and wanted <= covered:
            break
        names = NAMES[:players]
        bot = make_bot(game_id, "hard", seed, iterations=1)
        checked = 0
        for step, state in enumerate(positions(game_id, players, seed)):
            seat = state.current_player
            phase = state.view(seat).phase
            new = phase not in covered
            if not new and (step % 3 or checked >= PER_GAME):
                continue
            covered.add(phase)
            checked += 1
            legal = state.legal_actions()
            view = state.view(seat)
            for action in rng.sample(legal, min(SAMPLE, len(legal))):
                why = reason(game_id, view, action, legal, names)
                check_reason(state, seat, action, why, names)
            if new or (step % 5 == 0 and hints < HINTS):
                decision = bot.begin(state, seat)
                while not decision.step(1.0):
                    pass
                said = decision.explain(names)
                move = describe(game_id, decision.action, names).rstrip(".")
                assert said.startswith(move)
                assert said == hint_line(state, seat, decision.action, names)
                deal = state.determinize(seat, random.Random(step))
                assert said == line(game_id, deal.view(seat), decision.action,
                                    deal.legal_actions(), names)  # tells nothing unseen
                why = reason(game_id, view, decision.action, legal, names)
                assert why[:1].upper() + why[1:] in said
                check_reason(state, seat, decision.action, why, names)
                hints += 1
    assert wanted <= covered, wanted - covered
    assert hints >= HINTS


# ======================================================================================
# Hand-set positions: one good reason pinned per game
# ======================================================================================
def reached(game_id: str, players: int, phase: str, seed: int = 1):
    """The first position of a seeded random game that asks for ``phase``."""
    for state in positions(game_id, players, seed):
        if state.view(state.current_player).phase == phase:
            return state
    raise AssertionError(f"no {phase} in seed {seed}")


def pinned(state, action, names, expected: str) -> None:
    state._legal_cache = None          # the position was set by hand
    seat = state.current_player
    said = hint_line(state, seat, action, names)
    assert said == expected
    why = reason(state.game_id, state.view(seat), action, state.legal_actions(), names)
    check_reason(state, seat, action, why, names)


def test_cubirds_a_flock_says_what_it_adds_and_a_capture_what_it_takes():
    from game.cubirds import rules as R
    from game.cubirds.cards import INDEX, SPECIES

    names = ("Finch", "Wren")
    state = new_game("cubirds", 2, seed=4)
    seat = state.current_player

    def counts(**held: int) -> list[int]:
        return [held.get(species, 0) for species in SPECIES]

    state.hands[seat] = counts(flamingo=3, robin=2)
    state.known[seat] = counts()
    state.sizes[seat] = 5
    state.collections[seat] = counts(owl=1)
    state.phase = R.FLOCK
    pinned(state, R.Flock("flamingo"), names,
           "Complete a flock of Flamingos. A big flock: your collection gains 2 Flamingos "
           "and then holds 2 species.")
    state.hands[seat] = counts(owl=2, duck=2)
    state.sizes[seat] = 4
    state.rows[0] = [INDEX["owl"], INDEX["duck"], INDEX["duck"], INDEX["parrot"]]
    state.phase = R.PLACE
    pinned(state, R.Place("owl", 0, "right"), names,
           "Place your Owls at the right end of row 1. Your 2 Owls trap 2 Ducks and 1 Parrot "
           "in row 1, and you then hold 4 Ducks, enough for a small flock.")


def test_flip_a_bird_a_pick_says_what_it_scores():
    from game.flip_a_bird import rules as R

    names = NAMES[:3]
    state = reached("flip_a_bird", 3, R.PHASE_PICK)
    seat = state.current_player
    blue, green, red, yellow = 0, 12, 24, 36        # a 1-bird card of each colour
    used = {blue, green, red, yellow}
    for cards in [state.pile, *state.hands, *state.won, state.share, state.discarded]:
        cards[:] = [c for c in cards if c not in used]
    state.won[seat] = [blue, green, red]
    state.share = [yellow] + state.share
    pinned(state, R.Pick(yellow), names,
           "Take the yellow 1-bird card. The yellow 1-bird card completes a set of four "
           "colours: your won cards go from 3 to 10 points.")


def test_flappy_families_a_second_flip_says_the_pair_it_knows():
    from game.flappy_families import rules as R
    from game.flappy_families.cards import CARD_FAMILY, family_cards

    names = NAMES[:2]
    state = next(s for seed in range(40)
                 for s in [new_game("flappy_families", 2, seed=seed)] if 5 in s.families)
    seat = state.current_player
    albatross, puffin, gannet, *rest = family_cards(5)       # the Sea Soarers
    others = [f for f in state.families if f != 5]
    state.bonus2, state.bonus1 = others[0], others[1]
    zones = [state.wild, state.deck, *state.hands]

    def put(card: int, zone: list, index: int) -> None:
        """Swap ``card`` into ``zone[index]`` from wherever it is."""
        home = next(z for z in zones if card in z)
        there = home.index(card)
        home[there], zone[index] = zone[index], card

    for card in rest:   # no other Sea Soarer in the seat's hand
        if card in state.hands[seat]:
            put(card, state.deck, 0)
    put(albatross, state.hands[seat], 0)
    put(puffin, state.wild, 6)
    put(gannet, state.wild, 8)
    state.known[6] = state.known[8] = state.all_mask     # both were seen face up
    state.phase, state.first, state.face_up = R.FLIP_SECOND, 6, [6]
    state._flips = None
    assert sum(CARD_FAMILY[c] == 5 for c in state.hands[seat]) == 1
    pinned(state, R.Flip(8), names,
           "Flip the card at row 2, column 4. You know the card at row 2, column 4 is the "
           "Gannet, a bird of the Sea Soarers like the Puffin: you take both, lifting your "
           "Sea Soarers from 1 to 3 (1 to 6 points).")


def test_yard_birbs_choosing_a_hand_card_says_what_it_becomes():
    """The issue's 'Choose Yellow 7 Towhee…: Finch takes Purple 2 Starling'."""
    from game.yard_birbs import rules as R
    from game.yard_birbs.cards import CARD_BY_KEY

    names = ("Finch", "Wren", "Robin")
    state = next(s for seed in range(1, 60) for s in [_lifer_swap(seed)] if s is not None)
    seat = state.current_player
    towhee, mockingbird = CARD_BY_KEY[(3, 7)], CARD_BY_KEY[(4, 12)]
    for card, zone, index in ((towhee, state.hands[seat], 0), (mockingbird, None, 0)):
        places = [state.deck, state.feeder, *state.hands]
        home = next((z for z in places if card in z), None)
        if zone is None:                       # the Lifer
            if card != state.lifer:
                home[home.index(card)], state.lifer = state.lifer, card
        elif card not in zone:
            home[home.index(card)], zone[index] = zone[index], card
        state.known.pop(card, None)
    state.hands[seat].sort()
    pinned(state, R.PickHand(towhee), names,
           "Choose Yellow 7 Towhee from your hand. The Yellow 7 Towhee becomes the Lifer, "
           "so Towhee cards place above all others, and the Red 12 Mockingbird joins your "
           "hand.")


def _lifer_swap(seed: int):
    """A Lifer Swap position whose Towhee and Mockingbird are not in a yard (or None)."""
    from game.yard_birbs import rules as R
    from game.yard_birbs.cards import CARD_BY_KEY

    for state in positions("yard_birbs", 3, seed):
        if state.phase == R.LIFER_SWAP_HAND:
            yards = {c for yard in state.yards for f in yard for c in f.cards}
            if {CARD_BY_KEY[(3, 7)], CARD_BY_KEY[(4, 12)]} & yards:
                return None
            return state
    return None
