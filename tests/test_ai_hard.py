"""The Hard AI (game/ai/ismcts.py) and the arena (tools/arena.py).

Timing is never asserted here (shared machines); budgets are measured by the arena.
"""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import BaseBot, make_bot
from game.ai.explain import describe, hint_line
from game.ai.ismcts import (HardBot, Node, Search, SearchDecision, make_hard_bot,
                             terminal_rewards)
from game.ai.profiles import hard_module, profile_for, softmax
from game.engine import GAMES, new_game

ROOT = Path(__file__).resolve().parent.parent
AVAILABLE = [g for g, info in GAMES.items() if info.available]


def _players(game_id: str) -> int:
    return max(GAMES[game_id].min_players, 4)


def _midgame(game_id: str, seed: int, moves: int = 12):
    """A seeded state a few random moves in, with a real choice for its current seat."""
    state = new_game(game_id, _players(game_id), seed=seed)
    rng = random.Random(seed)
    done = 0
    while done < moves or len(state.legal_actions()) < 2:
        state.apply(rng.choice(state.legal_actions()))
        done += 1
    return state


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_every_game_has_a_profile(game_id: str) -> None:
    profile = profile_for(game_id)
    assert profile is hard_module(game_id).PROFILE   # declared in the game's package
    assert profile.playout in ("random", "easy", "normal")
    state = _midgame(game_id, 3)
    rewards = profile.evaluate(state)
    assert len(rewards) == state.num_players
    assert abs(sum(rewards) - 1.0) < 1e-9 and min(rewards) >= 0.0


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_make_bot_hard_is_the_search(game_id: str) -> None:
    bot = make_bot(game_id, "hard", 1, iterations=5)
    assert isinstance(bot, HardBot) and bot.level == "hard" and bot.iterations == 5


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_same_seed_same_decisions(game_id: str) -> None:
    state = _midgame(game_id, 11)
    seat = state.current_player
    first = [make_hard_bot(game_id, 5, iterations=30).choose(state, seat) for _ in range(2)]
    assert first[0] == first[1]
    assert first[0] in state.legal_actions()


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_step_api_resumes_across_many_small_steps(game_id: str) -> None:
    iterations = 60
    for seed in (21, 22):
        state = _midgame(game_id, seed)
        seat = state.current_player
        before = state.to_dict()
        expected = make_hard_bot(game_id, seed, iterations=iterations).choose(state, seat)
        decision = make_hard_bot(game_id, seed, iterations=iterations).begin(state, seat)
        assert isinstance(decision, SearchDecision) and not decision.done
        steps, progress = 0, []
        while not decision.step(0.0001):   # about one iteration per step
            steps += 1
            progress.append(decision.progress)
            assert decision.action is None
        assert steps > 5, "a tiny slice should not finish the whole search"
        assert progress == sorted(progress) and decision.progress == 1.0
        assert decision.search.done_iterations == iterations
        assert decision.action == expected
        assert decision.step(0.01) and decision.action == expected  # done stays done
        assert state.to_dict() == before, "the search changed the real state"


def test_wall_clock_budget_stops_the_search(monkeypatch) -> None:
    """A fake clock (10 microseconds per reading): the search stops on its budget however
    busy the machine is (a real clock made this fail under load with 0 iterations)."""
    import game.ai.ismcts as search_module

    ticks = iter(range(10**9))
    monkeypatch.setattr(search_module.time, "perf_counter", lambda: next(ticks) / 100_000)
    state = _midgame("cubirds", 5)
    bot = make_hard_bot("cubirds", 1, budget=0.25)
    action = bot.choose(state, state.current_player)
    assert action in state.legal_actions()
    search = bot.last_search
    assert search.iterations is None and search.done_iterations >= 1
    assert search.spent < 0.25 + 0.05   # it stopped at its budget


@pytest.mark.parametrize("paired", [False, True])
def test_an_iteration_cut_short_by_the_budget_leaves_no_trace(monkeypatch,
                                                              paired: bool) -> None:
    """Flip a Bird's Normal playouts span several slices; the budget ends mid-playout.
    A fake clock (a millisecond per reading) makes the cut land the same way every run."""
    import game.ai.ismcts as search_module

    ticks = iter(range(10**9))
    monkeypatch.setattr(search_module.time, "perf_counter", lambda: next(ticks) / 1000)
    state = _midgame("flip_a_bird", 7)
    bot = make_hard_bot("flip_a_bird", 3, budget=0.4, paired=paired)
    decision = bot.begin(state, state.current_player)
    while not decision.step(0.004):
        pass
    search = decision.search
    root = search.root
    assert search.done_iterations >= 1
    assert root.visits == search.done_iterations
    assert all(child.visits > 0 for child in root.children.values())
    if paired:  # every deal played out for every action then racing, or for none
        for action, node in root.children.items():
            assert node.visits == len(search.samples[action])
        assert all(len(search.samples[a]) == root.visits for a in search.alive)
    else:
        assert sum(child.visits for child in root.children.values()) == root.visits


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_one_legal_action_answers_without_searching(game_id: str, monkeypatch) -> None:
    state = new_game(game_id, _players(game_id), seed=8)
    rng = random.Random(8)
    while len(state.legal_actions()) != 1 and not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal():  # some games never force a move: narrow one down by hand
        state = _midgame(game_id, 8)
        forced = state.legal_actions()[:1]
        monkeypatch.setattr(state, "legal_actions", lambda: list(forced))
    only = state.legal_actions()[0]
    seat = state.current_player

    def no_search(*args, **kwargs):
        raise AssertionError("searched a forced move")

    monkeypatch.setattr(Search, "_iteration", no_search)
    monkeypatch.setattr(type(state), "determinize", no_search)
    bot = make_hard_bot(game_id, 1)           # wall-clock budget: would take 150 ms
    decision = bot.begin(state, seat)
    assert decision.done and decision.action == only
    assert bot.choose(state, seat) == only
    assert bot.suggest(state, seat)[0] == only


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_a_hard_seat_finishes_a_seeded_game(game_id: str) -> None:
    n = _players(game_id)
    state = new_game(game_id, n, seed=77)
    # a few iterations a decision: this proves a Hard seat plays a whole game through
    # (its strength is the arena's to measure)
    bots = [make_bot(game_id, "hard" if s == 0 else "random", 77 + s, iterations=4)
            for s in range(n)]
    steps = 0
    while not state.is_terminal():
        seat = state.current_player
        state.apply(bots[seat].choose(state, seat))
        steps += 1
        assert steps < 20_000
    assert state.winners()


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_suggest_gives_a_legal_move_and_a_reason(game_id: str) -> None:
    state = _midgame(game_id, 31)
    seat = state.current_player
    action, reason = make_hard_bot(game_id, 3, iterations=40).suggest(state, seat)
    assert action == make_hard_bot(game_id, 3, iterations=40).choose(state, seat)
    assert action in state.legal_actions()
    assert isinstance(reason, str) and "\n" not in reason
    # the move in words, then what it does (game/ai/explain.py), not how it was searched
    assert reason.startswith(describe(game_id, action).rstrip("."))
    assert reason == hint_line(state, seat, action) and "compared" not in reason


def test_terminal_rewards_share_ties() -> None:
    class Done:
        num_players = 4

        @staticmethod
        def winners():
            return [1, 3]

    assert terminal_rewards(Done()) == [0.0, 0.5, 0.0, 0.5]
    assert softmax([1.0, 1.0], 2.0) == [0.5, 0.5]


def test_arena_plays_seeded_games_alike_whatever_jobs() -> None:
    from tools.arena import run, summarize

    lineup = ["hard", "easy", "random"]
    kwargs = dict(game_id="flip_a_bird", players=3, lineup=lineup, games=3, seed=9,
                  hard={"iterations": 6})
    one = run(jobs=1, **kwargs)
    two = run(jobs=2, **kwargs)
    strip = lambda results: [(r.index, r.shares, r.scores, r.steps) for r in results]
    assert strip(one) == strip(two)
    rows = summarize(lineup, one)
    assert [r["level"] for r in rows] == lineup
    assert abs(sum(r["win"] * r["seats"] for r in rows) - 1.0) < 1e-9


def test_arena_command_line_without_pygame() -> None:
    code = ("import sys, runpy; sys.modules['pygame'] = None\n"
            "sys.argv = ['arena', '--game', 'cubirds', '--players', '2', '--seats',"
            " 'normal,random', '--games', '2', '--seed', '3']\n"
            "runpy.run_module('tools.arena', run_name='__main__')\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "normal" in result.stdout and "95% interval" in result.stdout
    bad = subprocess.run([sys.executable, "-m", "tools.arena", "--game", "cubirds",
                          "--players", "3", "--seats", "hard,normal"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--seats" in bad.stderr


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_heuristic_pick_is_tried_first_and_explained(game_id: str) -> None:
    state = _midgame(game_id, 41)
    seat = state.current_player
    bot = make_hard_bot(game_id, 2, iterations=25, prior=1.0)
    decision = bot.begin(state, seat)
    with pytest.raises(ValueError):
        decision.explain()
    assert not decision.step(0.0)            # the first slice only sets up
    search = decision.search
    assert search.prior in state.legal_actions() and not search.root.children
    while search.done_iterations == 0:      # an iteration may take several slices
        decision.step(0.0)
    assert next(iter(search.root.children)) == search.prior
    while not decision.step(1.0):
        pass
    line = decision.explain()
    assert line and "\n" not in line


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_paired_race_plays_every_racer_on_every_deal(game_id: str) -> None:
    """Racing actions share every deal; dropped ones stop where they left; the
    heuristic's pick is never dropped; the answer is a racer."""
    state = _midgame(game_id, 51)
    seat = state.current_player
    bot = make_hard_bot(game_id, 4, iterations=40, paired=True)
    action = bot.choose(state, seat)
    search = bot.last_search
    assert search.prior in search.alive and action in search.alive
    for a in search.alive:
        assert len(search.samples[a]) == 40
    for a, rewards in search.samples.items():
        assert 3 <= len(rewards) <= 40 and all(0.0 <= r <= 1.0 for r in rewards)
    assert set(search.samples) == set(state.legal_actions())  # all raced at first


def test_paired_race_drops_the_clearly_worse_and_keeps_a_close_call() -> None:
    """The race and the final choice judge paired differences, not raw means: an action
    that trails on every deal by a little goes; a noisy lead does not overrule the
    heuristic's pick, a steady one does."""
    state = _midgame("cubirds", 3)         # a placing turn: 32 choices
    prior, other, third = state.legal_actions()[:3]
    search = Search(state, state.current_player, profile_for("cubirds"),
                    random.Random(1), iterations=10, budget=None)
    search.prior = prior
    search.alive = [prior, other, third]
    swing = [0.9, 0.1, 0.8, 0.2, 0.7, 0.3]  # the deal matters far more than the move

    def record(action, rewards) -> None:
        search.samples[action] = rewards
        node = search.root.children[action] = Node(search.seat)
        node.visits, node.total = len(rewards), sum(rewards)

    record(prior, swing)
    record(third, [r - 0.05 for r in swing])
    search.root.visits = search.done_iterations = len(swing)
    # a lead of ``other`` over the pick that is all noise is no reason to leave it
    record(other, [r + d for r, d in zip(swing, (0.5, -0.3, 0.4, -0.2, 0.3, -0.1))])
    assert search.root.children[other].mean > search.root.children[prior].mean
    assert search.best() == prior
    # a small lead on every deal is
    record(other, [r + 0.05 for r in swing])
    assert search.best() == other
    # the race drops the steady loser, never the heuristic's pick
    search._race()
    assert search.alive == [prior, other]


def test_sequential_halving_narrows_a_large_field_on_schedule() -> None:
    """With ``halving`` set, a field larger than it is halved after deals 1, 2, 4, 8...
    to the best means (never fewer than the cap), and the heuristic's pick stays."""
    state = _midgame("cubirds", 3)         # a placing turn: 32 choices
    actions = state.legal_actions()[:9]
    search = Search(state, state.current_player,
                    profile_for("cubirds", halving=3, race_z=1e9),  # no z-rule drops
                    random.Random(1), iterations=10, budget=None)
    search.prior = actions[8]
    search.alive = list(actions)
    worth = [i / 10 for i in range(8)] + [0.0]  # the pick is rated worst

    def deal(n: int, wobble: float = 0.01) -> None:  # each action's worth, give or take
        search.done_iterations = n
        for i, (action, value) in enumerate(zip(actions, worth)):
            rewards = [value + wobble * (i + 1) * (-1) ** k for k in range(n)]
            search.samples[action] = rewards
            node = search.root.children[action] = Node(search.seat)
            node.visits, node.total = n, sum(rewards)

    def alive() -> list[int]:
        return [actions.index(a) for a in search.alive]

    deal(3)                                # not a power of two: no halving
    search._race()
    assert alive() == list(range(9))
    deal(4)
    search._race()                         # 9 -> the best 5, and the pick
    assert alive() == [3, 4, 5, 6, 7, 8]
    deal(8)
    search._race()                         # 5 -> the best 3 (the cap), and the pick
    assert alive() == [5, 6, 7, 8]
    deal(16)
    search._race()
    assert alive() == [5, 6, 7, 8]
    # the z-rule on its own: a steady gap has no error, so every trailer goes
    search.profile = profile_for("cubirds")
    deal(5, wobble=0.0)
    search._race()
    assert alive() == [7, 8]


def test_playout_samples_sets_the_playout_bots_belief_samples() -> None:
    """Flip a Bird's playouts may sample fewer rows than its Normal bot does; a game
    whose playout bot judges no sampled worlds refuses the setting."""
    state = _midgame("flip_a_bird", 5)
    bot = make_hard_bot("flip_a_bird", 2, iterations=2, playout_samples=12)
    assert bot.choose(state, state.current_player) in state.legal_actions()
    assert bot.last_search.playout_bot.samples == 12
    assert make_bot("flip_a_bird", "normal", 2).samples == 160  # Normal keeps its own
    state = _midgame("cubirds", 5)
    with pytest.raises(ValueError, match="does not sample"):
        make_hard_bot("cubirds", 2, iterations=2, playout_samples=12).choose(
            state, state.current_player)


def test_forced_move_explains_itself() -> None:
    state = new_game("flip_a_bird", 4, seed=1)
    while len(state.legal_actions()) != 1:
        state.apply(state.legal_actions()[0])
    decision = make_hard_bot("flip_a_bird", 1).begin(state, state.current_player)
    assert decision.done and "only legal move" in decision.explain()


def test_cubirds_evaluation_builds_on_the_normal_bots_progress() -> None:
    from game.cubirds.ai import progress
    from game.cubirds.hard import values as cubirds_values

    state = _midgame("cubirds", 12, moves=60)
    values = cubirds_values(state)
    bare = state.clone()
    bare.hands = [[0] * len(hand) for hand in bare.hands]
    assert cubirds_values(bare) == [progress(c) for c in bare.collections]
    assert all(v >= b for v, b in zip(values, cubirds_values(bare)))  # hands only add


def test_flappy_evaluation_credits_what_a_seat_remembers() -> None:
    """A seat that alone knows where two birds of one family lie is rated above the
    same table where nobody knows them; the others are rated as before, and a finished
    game is rated by its scores."""
    from game.flappy_families.hard import values as flappy_families_values
    from tests.test_flappy_families_rules import standard

    state = standard()                     # slots 1 and 3 hold two birds of family 0
    before = flappy_families_values(state)
    assert before[1] > state.scores()[1] - 2  # nothing known: about a blind flip's worth
    state.known[1] = state.known[3] = 1 << 1  # seat 1 saw them both
    after = flappy_families_values(state)
    assert after[1] >= before[1] + 2
    assert [after[s] for s in (0, 2, 3)] == [before[s] for s in (0, 2, 3)]
    finished, rng = new_game("flappy_families", 4, seed=4), random.Random(4)
    while not finished.is_terminal():
        finished.apply(rng.choice(finished.legal_actions()))
    assert flappy_families_values(finished) == [float(s) for s in finished.scores()]



def test_flappy_evaluation_discounts_a_turn_further_off() -> None:
    """What a seat knows counts in full when its turn is next and SOONER less for
    every turn another seat takes first; mid-turn, the seat to move comes last."""
    from game.flappy_families.hard import SOONER
    from game.flappy_families.hard import values as flappy_families_values
    from game.flappy_families.rules import ACTION
    from tests.test_flappy_families_rules import standard

    def credit(current: int, phase: str) -> float:
        state = standard()
        state.current_player = current
        state.phase = phase
        without = flappy_families_values(state)[1] - state.scores()[1]
        state.known[1] = state.known[3] = 1 << 1  # seat 1 saw both birds of family 0
        return flappy_families_values(state)[1] - state.scores()[1], without

    (now, now_blind), (later, later_blind) = credit(1, "flip"), credit(2, "flip")
    assert later == pytest.approx(now * SOONER ** 3)
    assert later_blind == pytest.approx(now_blind * SOONER ** 3)
    assert credit(1, ACTION)[0] == pytest.approx(later)    # 1 moves after 2, 3 and 0
    assert credit(0, ACTION)[0] == pytest.approx(now)      # 0 is finishing: 1 is next

@pytest.mark.parametrize("game_id", ["cubirds", "flappy_families"])
def test_depth_cap_waits_for_a_turns_start(game_id: str) -> None:
    """With ``turn_start`` a capped playout plays on past its cap to the next turn's
    start and is judged there; without it, it stops at the cap itself."""
    judged: list[bool] = []
    starts = hard_module(game_id).turn_start

    def record(state):
        judged.append(starts(state))
        return [0.0] * state.num_players

    for waits in (True, False):
        judged.clear()
        for depth in (1, 2, 3):
            state = _midgame(game_id, 3, moves=20)
            bot = make_hard_bot(game_id, 4, iterations=6, depth=depth, values=record,
                                turn_start=starts if waits else None)
            bot.choose(state, state.current_player)
        assert judged
        assert all(judged) if waits else not all(judged)  # some caps land mid-turn


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_a_hint_is_said_in_plain_words_and_tells_nothing_unseen(game_id: str) -> None:
    """No percentages or 'simulated futures'; the line is read from the player's view
    alone, so every deal of the cards they cannot see gives the same words
    (tests/test_hint_reasons.py checks that what it says is true)."""
    state = _midgame(game_id, 43)
    seat = state.current_player
    names = [f"P{i}" for i in range(state.num_players)]
    _, line = make_hard_bot(game_id, 3, iterations=30).suggest(state, seat, names)
    assert "%" not in line and "simulat" not in line and line.endswith(".")
    for action in state.legal_actions()[:12]:
        said = hint_line(state, seat, action, names)
        for deal in range(3, 8):              # other deals of the unseen cards agree
            assert hint_line(state.determinize(seat, random.Random(deal)), seat, action,
                             names) == said


@pytest.mark.parametrize("game_id", ["cubirds", "flappy_families"])
def test_the_normal_bots_ranking_puts_their_own_pick_first(game_id: str) -> None:
    """``rank`` (the shortlist's order) reads the table as ``pick`` does: over many wide
    decisions its first action is always the Normal bot's choice."""
    checked = 0
    for seed in range(40):
        state = _midgame(game_id, seed, moves=seed % 9 + 4)
        seat = state.current_player
        actions = state.legal_actions()
        order = make_bot(game_id, "normal", seed).rank(state, seat, list(actions))
        if order is None:
            continue
        assert sorted(map(repr, order)) == sorted(map(repr, actions))
        assert order[0] == make_bot(game_id, "normal", seed).choose(state, seat)
        checked += 1
    assert checked >= 10


def test_a_shortlist_races_only_the_heuristics_best() -> None:
    """With ``shortlist=4`` a 32-way CuBirds placement races four actions, Normal's pick
    first, and every deal is played on those four alone."""
    state = _midgame("cubirds", 3)
    seat = state.current_player
    assert len(state.legal_actions()) > 4
    normal = make_bot("cubirds", "normal", 0)
    best4 = normal.rank(state, seat, state.legal_actions())[:4]
    search = Search(state, seat, profile_for("cubirds", shortlist=4), random.Random(5),
                    iterations=3, budget=None)
    while not search.step(1.0):
        pass
    assert search.alive[0] == best4[0]
    assert set(search.samples) <= set(best4) and len(search.samples) == 4
    assert all(len(rewards) == 3 for rewards in search.samples.values())


class _LastMove(BaseBot):
    """An adviser with a plain, checkable taste: the last legal move, ranked backwards."""

    def pick(self, state, seat, actions):
        return actions[-1]

    def rank(self, state, seat, actions):
        return list(reversed(actions))


def test_a_profiles_adviser_names_the_pick_and_the_shortlist() -> None:
    """``Profile.adviser`` replaces Normal as the search's starting point: its pick runs
    first and stays unless beaten, and its ranking makes the shortlist. Flappy Families'
    Hard starts from its sharper heuristic."""
    from game.flappy_families.ai import SharpBot
    assert profile_for("flappy_families").adviser is SharpBot
    state = _midgame("cubirds", 3)
    seat = state.current_player
    actions = state.legal_actions()
    assert len(actions) > 4
    search = Search(state, seat, profile_for("cubirds", shortlist=3, adviser=_LastMove),
                    random.Random(5), iterations=2, budget=None)
    while not search.step(1.0):
        pass
    assert search.prior == actions[-1]
    assert search.alive[0] == actions[-1]
    assert set(search.samples) == set(actions[-3:])
