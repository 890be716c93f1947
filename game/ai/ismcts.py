"""Hard AI: multi-player Information Set MCTS (SO-ISMCTS) over the engine contract.

Cowling, Powley & Whitehouse (2012), single-observer ISMCTS with availability counts:

* one tree over the searching seat's information sets, its edges keyed by actions;
* every iteration starts from a fresh ``state.determinize(seat, rng)``, so the search
  only ever sees what ``view(seat)`` allows (the contract makes ``determinize`` a
  function of that view and the rng);
* selection walks the actions legal in *this* determinization and scores each child by
  UCB1 with its availability count (how often it was legal when its parent was visited)
  instead of the parent's visits, since opponents' options differ between deals;
* a playout (the game's profile picks the policy and a depth cap) ends in a reward
  vector with one entry per seat; each node keeps the entry of the seat that chose it;
* the game's Normal heuristic, or the profile's sharper ``adviser`` (view-only either
  way), names a move first: the search tries it first, gives it a fading bonus
  (progressive bias) and, where the profile asks, overrules it only when its estimate
  is clearly better. A few hundred simulations are noisy; without this the search
  loses to the heuristic it could build on.

With ``Profile.paired`` (every game's profile, measured to be stronger in the arena)
the root is a flat race instead of a tree: each iteration deals one determinization and
plays every root action still in the race on it with the same dice (common random
numbers), so moves are compared on the same cards; an action the leader beats on those
shared deals by ``race_z`` standard errors leaves the race (a large field is also
halved on a schedule, ``halving``), and the heuristic's pick stays unless another action
beats it by ``prior_z``. In four-player games dominated by the deal, a tree's
independent samples could not tell moves apart within 150 ms; the paired differences
can.

The search is resumable (:class:`Search`): the table scene gives it a few milliseconds a
frame through :meth:`SearchDecision.step`, and ``choose`` simply runs it to the end.
With ``iterations`` fixed the result depends only on the seed and ``view(seat)``.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any, Generator, Iterator, Sequence

from game.ai.base import BaseBot, Decision, heuristic_bot, legal_choices
from game.ai.profiles import Profile, profile_for
from game.ai.explain import describe, line
from game.engine import Action, State

_INF = float("inf")


class Node:
    """One information-set node: reached by ``player`` choosing the edge into it."""

    __slots__ = ("player", "children", "visits", "avail", "total", "squares")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.squares = 0.0

    def add(self, reward: float) -> None:
        """Count one simulation's reward for the player who chose this node."""
        self.visits += 1
        self.total += reward
        self.squares += reward * reward

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    @property
    def error(self) -> float:
        """Standard error of ``mean`` (squared), for comparing two moves' estimates."""
        n = self.visits
        if n < 2:
            return 1.0
        return max(0.0, self.squares / n - (self.total / n) ** 2) / (n - 1)


def terminal_rewards(state: State) -> list[float]:
    """Win shares: 1 for a sole winner, 1/k each for k tied winners, 0 for the rest."""
    rewards = [0.0] * state.num_players
    winners = state.winners()
    if winners:
        share = 1.0 / len(winners)
        for seat in winners:
            rewards[seat] = share
    return rewards


class Search:
    """The state of one decision's search, so it can be resumed frame after frame.

    Reads ``state`` only through ``legal_actions()``, ``determinize(seat, rng)`` and
    the game's view-only heuristic bot.
    """

    def __init__(self, state: State, seat: int, profile: Profile, rng: random.Random,
                 iterations: int | None, budget: float | None) -> None:
        self.state = state
        self.seat = seat
        self.profile = profile
        self.rng = rng
        self.iterations = iterations
        self.budget = profile.budget if budget is None else budget
        self.actions = state.legal_actions()
        self.root = Node(seat)
        self.done_iterations = 0
        self.spent = 0.0          # seconds of work so far (wall clock inside step)
        self._mean_cost = 0.0     # seconds per iteration, running mean
        self._mean_unit = 0.0     # seconds per unit of work (see step), running mean
        self._current: Iterator[None] | None = None  # the iteration under way
        self._iteration_spent = 0.0
        self.playout_bot: Any = None
        self.prior: Action | None = None
        self._ready = False
        # Paired mode (Profile.paired): the root actions still in the race, and each
        # one's reward on every shared deal so far (same deal, same dice for all).
        self.alive: list[Action] = list(self.actions)
        self.samples: dict[Any, list[float]] = {}

    def _prepare(self) -> None:
        """Set up the playout bot and the heuristic's pick: real work, so it runs inside
        the first ``step`` and counts against the budget."""
        profile, state, rng = self.profile, self.state, self.rng
        if profile.playout != "random":
            self.playout_bot = heuristic_bot(state.game_id, profile.playout,
                                             rng.getrandbits(32))
            if profile.playout_samples is not None:
                # A bot that judges by sampled worlds (Flip a Bird's row beliefs) can
                # sample fewer in a playout: a rougher policy, but more deals per move.
                if not hasattr(self.playout_bot, "samples"):
                    raise ValueError(f"the {state.game_id} playout bot does not sample")
                self.playout_bot.samples = profile.playout_samples
        # Progressive bias toward the game's heuristic pick at the root: with a few
        # hundred iterations the search leaves it only when the simulations disagree.
        if profile.prior > 0 or profile.prior_z > 0 or profile.paired:
            seed = rng.getrandbits(32)
            adviser = (profile.adviser(seed) if profile.adviser is not None
                       else heuristic_bot(state.game_id, "normal", seed))
            self.prior = adviser.choose(state, self.seat)
            if profile.shortlist and len(self.alive) > profile.shortlist:
                # A wide field costs a playout per action a deal, and a budget that
                # affords only two or three deals judges nothing: race only the moves
                # the heuristic rates best (its pick first among them).
                order = adviser.rank(state, self.seat, list(self.actions))
                if order:
                    self.alive = order[:profile.shortlist]
            if profile.paired:  # the heuristic's pick runs first in every race
                if self.prior in self.alive:
                    self.alive.remove(self.prior)
                self.alive.insert(0, self.prior)
        self._ready = True

    # -- driving ---------------------------------------------------------------------
    def _finished(self, spent: float) -> bool:
        if self.iterations is not None:
            return self._ready and self.done_iterations >= self.iterations
        return spent >= self.budget or (
            self._current is None and self.done_iterations > 0
            and spent + self._mean_cost > self.budget)

    def step(self, seconds: float) -> bool:
        """Work for at most about ``seconds`` (at least one unit); True when done.

        A unit is the set-up, an iteration's walk down the tree, or one move of its
        playout: a playout by the Normal policy can cost more than a frame's slice, so
        an iteration is resumed across frames rather than run whole. All wall time
        inside ``step`` counts against the budget. With a wall-clock budget, an
        iteration the budget cuts short is dropped, never half backed up; the running
        mean cost of an iteration keeps the search from starting one it would likely
        not finish.
        """
        clock = time.perf_counter
        start = clock()
        spent = self.spent
        try:
            if not self._ready:
                self._prepare()
                if clock() - start > seconds:
                    return self._finished(spent + clock() - start)
            while not self._finished(spent + clock() - start):
                began = clock()
                if self._current is None:
                    self._current = (self._paired_iteration() if self.profile.paired
                                     else self._iteration())
                    self._iteration_spent = 0.0
                try:
                    next(self._current)
                except StopIteration:
                    self._current = None
                now = clock()
                unit = now - began
                self._iteration_spent += unit
                self._mean_unit += (unit - self._mean_unit) / 8
                if self._current is None:
                    n = self.done_iterations
                    self._mean_cost += (self._iteration_spent - self._mean_cost) / min(n, 20)
                if now - start + self._mean_unit > seconds:
                    break
            if self._finished(spent + clock() - start):
                self._current = None  # a cut-short iteration leaves no trace in the tree
                return True
            return False
        finally:
            self.spent = spent + clock() - start

    # -- one iteration ---------------------------------------------------------------
    def _iteration(self) -> Iterator[None]:
        """Select and expand in the tree on a fresh deal, play out, back up; yields
        after the walk down the tree and after each playout move, and changes the tree
        only in its last, unbroken stretch."""
        rng = self.rng
        state = self.state.determinize(self.seat, rng)
        root = node = self.root
        path = [node]
        seen: list[Node] = []        # children legal here: their availability grows
        grown: tuple[Node, Any, Node] | None = None  # (parent, action, new child)
        c = self.profile.exploration
        bias = self.profile.prior
        while not state.is_terminal():
            actions = state.legal_actions()
            children = node.children
            untried = [a for a in actions if a not in children]
            seen.extend(child for a in actions if (child := children.get(a)) is not None)
            if untried:
                if node is root and self.prior in untried:
                    action = self.prior
                elif len(untried) == 1:
                    action = untried[0]
                else:
                    action = rng.choice(untried)
                child = Node(state.current_player)
                grown = (node, action, child)
                state.apply(action)
                path.append(child)
                break
            favoured = self.prior if node is root else None
            best, best_value = None, -_INF
            for a in actions:
                child = children[a]
                avail = child.avail + 1  # with this walk's, added at the back-up
                value = child.total / child.visits + c * math.sqrt(
                    math.log(avail) / child.visits)
                if a == favoured:  # progressive bias, fading as the pick gets visits
                    value += bias / (1 + child.visits)
                if value > best_value:
                    best, best_value = a, value
            node = children[best]
            state.apply(best)
            path.append(node)
        yield
        rewards = yield from self._playout(state, self.rng)
        for child in seen:
            child.avail += 1
        if grown is not None:
            parent, action, child = grown
            parent.children[action] = child
        for node in path:
            node.add(rewards[node.player])
        self.done_iterations += 1

    def _paired_iteration(self) -> Iterator[None]:
        """One deal, every root action still in the race played on it with the same
        dice: the differences between actions are then measured on the same cards, so
        a few dozen deals tell moves apart that hundreds of independent ones could not
        (common random numbers). Actions clearly behind the leader leave the race."""
        rng = self.rng
        deal = self.state.determinize(self.seat, rng)
        dice = rng.getrandbits(64)
        bot = self.playout_bot
        rewards = []
        for action in self.alive:
            state = deal.clone()
            state.apply(action)
            if bot is not None:
                bot.rng.seed(dice)
            result = yield from self._playout(state, random.Random(dice))
            rewards.append(result[self.seat])
        children = self.root.children
        for action, reward in zip(self.alive, rewards):
            node = children.get(action)
            if node is None:
                node = children[action] = Node(self.seat)
            node.add(reward)
            self.samples.setdefault(action, []).append(reward)
        self.root.visits += 1
        self.done_iterations += 1
        self._race()

    def _paired_gap(self, better: Action, worse: Action) -> tuple[float, float]:
        """Mean paired difference of two actions over the deals both were played on
        (every racer from the first deal on) and its standard error."""
        diffs = [x - y for x, y in zip(self.samples[better], self.samples[worse])]
        n = len(diffs)
        mean = sum(diffs) / n
        if n < 2:
            return mean, _INF
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, math.sqrt(var / n)

    def _race(self) -> None:
        """Narrow the field after each deal (never dropping the heuristic's pick:
        ``best`` compares against it at the end).

        * A large field is halved after deals 1, 2, 4, 8, ... down to
          ``Profile.halving`` actions, keeping the best means (sequential halving):
          with thirty-odd placements a deal costs thirty-odd playouts, and without
          this a decision could afford only two or three deals.
        * From the third deal on, an action the leader beats by ``race_z`` standard
          errors of the paired difference leaves.
        """
        n = self.done_iterations
        if len(self.alive) < 2:
            return
        nodes = self.root.children
        ranked = sorted(self.alive, key=lambda a: -nodes[a].mean)
        leader = ranked[0]
        kept = set(self.alive)
        cap = self.profile.halving
        if cap and len(ranked) > cap and n & (n - 1) == 0:  # n is a power of two
            kept = set(ranked[:max(cap, (len(ranked) + 1) // 2)])
        if n >= 3:
            z = self.profile.race_z
            for action in list(kept):
                if action != leader:
                    gap, error = self._paired_gap(leader, action)
                    if gap > 0 and gap > z * error:
                        kept.discard(action)
        kept.add(self.prior)
        self.alive = [a for a in self.alive if a in kept]

    def _playout(self, state: State, rng: random.Random
                 ) -> Generator[None, None, list[float]]:
        """Play on with the profile's policy up to its depth cap (and on to the next
        turn's start, if the profile says where turns start), then score the state;
        yields after each move."""
        profile = self.profile
        depth = profile.depth
        steps = 0
        bot = self.playout_bot
        while not state.is_terminal():
            if depth is not None and steps >= depth and (
                    profile.turn_start is None or profile.turn_start(state)):
                return profile.evaluate(state)
            if bot is None:
                state.apply(rng.choice(state.legal_actions()))
            else:
                seat = state.current_player
                state.apply(bot.choose(state, seat))
            steps += 1
            yield
        return terminal_rewards(state)

    # -- the answer ------------------------------------------------------------------
    def ranked(self) -> list[tuple[Action, Node]]:
        """Root actions, most simulated first (ties: better mean, then legal order)."""
        children = self.root.children
        rows = [(a, children.get(a) or Node(self.seat)) for a in self.actions]
        order = sorted(range(len(rows)),
                       key=lambda i: (-rows[i][1].visits, -rows[i][1].mean, i))
        return [rows[i] for i in order]

    def best(self) -> Action:
        """The most simulated action, unless the heuristic's pick is about as good.

        A few hundred noisy simulations give estimates with wide error bars, and the
        game's own heuristic is then the better judge: the search overrules its pick
        only when its estimate is higher by ``Profile.prior_z`` standard errors.
        """
        prior = self.prior
        z = self.profile.prior_z
        if self.profile.paired and self.samples:
            nodes = self.root.children
            action = max(self.alive, key=lambda a: nodes[a].mean)
            if prior is None or action == prior:
                return action
            gap, error = self._paired_gap(action, prior)
            return action if gap > z * error else prior
        action, node = self.ranked()[0]
        if prior is None or action == prior:
            return action
        held = self.root.children.get(prior)
        if held is None or not held.visits or not node.visits:
            return prior  # the budget ran out before the search could judge it
        if z > 0 and node.mean - held.mean < z * math.sqrt(node.error + held.error):
            return prior
        return action


class SearchDecision(Decision):
    """A Hard decision the table scene advances a slice at a time (see ``step``).

    The same object serves a hint: step it like a move, then show ``explain()``, which
    says the move and what it surely does for the mover (game/ai/explain.py). The
    mover's view and legal moves are kept from the start, so the words describe the
    position the decision was asked about, whatever happened since.
    """

    def __init__(self, state: State, seat: int, search: Search | None = None,
                 action: Action | None = None) -> None:
        super().__init__(action)
        self.game_id = state.game_id
        self.seat = seat
        self.search = search
        self.view = state.view(seat)
        self.legal = state.legal_actions()

    def step(self, seconds: float) -> bool:
        """Spend at most about ``seconds`` thinking; True once the action is known."""
        if self.action is not None:
            return True
        assert self.search is not None
        if self.search.step(seconds):
            self.action = self.search.best()
        return self.action is not None

    @property
    def progress(self) -> float:
        """0..1, how far the thinking is (for a thinking-bird animation or a bar)."""
        if self.action is not None or self.search is None:
            return 1.0
        search = self.search
        if search.iterations:
            return min(1.0, search.done_iterations / search.iterations)
        return min(1.0, search.spent / search.budget) if search.budget else 1.0

    def explain(self, names: Sequence[str] | None = None) -> str:
        """One line for the game log: the move in words and what it does for the mover
        (never how long the search ran, nor what other seats may do next)."""
        if self.action is None:
            raise ValueError("the decision is not made yet: step it until done")
        return line(self.game_id, self.view, self.action, self.legal, names)


class HardBot(BaseBot):
    """ISMCTS with a per-game profile; ``iterations`` fixes the work for tests."""

    level = "hard"

    def __init__(self, game_id: str, seed: int | None = None,
                 iterations: int | None = None, budget: float | None = None,
                 profile: Profile | None = None) -> None:
        super().__init__(seed)
        self.game_id = game_id
        self.iterations = iterations
        self.profile = profile or profile_for(game_id)
        self.budget = self.profile.budget if budget is None else budget
        self.last_search: Search | None = None

    def begin(self, state: State, seat: int) -> SearchDecision:
        """Start deciding; the one-legal-move case is answered at once."""
        actions = legal_choices(state, seat)
        if len(actions) == 1:
            return SearchDecision(state, seat, None, actions[0])
        # Each decision gets its own rng drawn from the bot's, so a wall-clock budget
        # that varies the work of one decision leaves the next decisions' dice alone.
        rng = random.Random(self.rng.getrandbits(64))
        search = Search(state, seat, self.profile, rng, self.iterations, self.budget)
        self.last_search = search
        return SearchDecision(state, seat, search)

    def choose(self, state: State, seat: int) -> Action:
        decision = self.begin(state, seat)
        while not decision.step(_INF):
            pass
        return decision.action

    def suggest(self, state: State, seat: int,
                names: Sequence[str] | None = None) -> tuple[Action, str]:
        """A hint for a human seat: the move and one line saying why.

        This runs the whole search at once; a table scene that must keep its frame rate
        steps ``begin(state, seat)`` instead and then calls its ``explain(names)``.
        """
        decision = self.begin(state, seat)
        while not decision.step(_INF):
            pass
        return decision.action, decision.explain(names)


def make_hard_bot(game_id: str, seed: int | None = None, iterations: int | None = None,
                  budget: float | None = None, **overrides: Any) -> HardBot:
    """The Hard bot of ``game_id`` (reached through ``game.ai.make_bot``).

    ``budget`` is seconds of thinking per decision (the game's profile default
    otherwise); ``iterations`` replaces it by a fixed count (tests, fairness, arena
    replays). ``overrides`` change profile fields (``playout``, ``depth``,
    ``exploration``, ``temperature``, ``prior``, ``prior_z``, ``values``) for
    measurements such as ``python -m tools.arena --hard depth=4``.
    """
    profile = profile_for(game_id, **overrides)
    return HardBot(game_id, seed, iterations=iterations, budget=budget, profile=profile)


__all__ = ["HardBot", "Node", "Search", "SearchDecision", "describe",
           "make_hard_bot", "terminal_rewards"]
