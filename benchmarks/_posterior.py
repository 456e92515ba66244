"""A research player: the expert dealing the opponent's hidden cards from a posterior
over its whole hand's history, sampled by Markov chain Monte Carlo (two players only).

The shipped expert deals hidden cards by per-card evidence weights and redeals a deal
whose opponent's *latest* discard was not a least-deadwood one. This player instead
asks of each hypothesis (the opponent's ten dealt cards and the card each of its stock
draws brought) how likely the opponent's *every* play in this hand was under a model
of a plain least-deadwood player:

* a discard that does not leave the least deadwood has probability ``bad_discard``
  (the least over every card, the one just taken from the pile included: the rare
  hand whose best discard is that card is priced as if it threw a worse one);
* a discard after which it could have knocked but did not, ``no_knock``;
* it takes a pile card that lies in a meld of its best melding with probability
  ``take_meld``, any other with ``take_other`` (declines are the complements).

Hypotheses that hold a discarded card only after it was thrown are impossible. A chain
moves by swapping the cards of two slots (which of them was dealt and which drawn, and
when) or by replacing a slot's card with an unused unseen one, accepting by the
Metropolis rule. Chains live for a hand and move on with each decision. The model is
close to exact for ``medium`` (which takes only melding cards, throws a least-deadwood
card and knocks as soon as it can), and near for ``hard`` (whose discards leave the
least deadwood 99.9% of the time). ``improve`` then deals the opponent that many extra
cards and throws back those it needs least, as the shipped expert's deals do.

Used by ``benchmarks/expert_information.py`` (players ``posterior``,
``posterior-2``, ``posterior-truth``, ``posterior-walk-N``) and
``benchmarks/posterior_cards.py``; the research log gives the figures.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import attrs
from ceilings import FairExpert

from ginrummy._masks import best_partition, deadwood_of_mask, discard_deadwood_of_mask
from ginrummy.actions import Action, Discard, DrawDiscard, DrawStock, Knock, PassUpcard, TakeUpcard, TakeWallDiscard
from ginrummy.players import Analysis
from ginrummy.players._bots import _bits
from ginrummy.players._deals import _deal_once, _least_loss
from ginrummy.state import GameState, PlayerView
from ginrummy.state._deal import deal_hands

STOCK, DECLINE, TAKE, THROW = range(4)
Event = tuple[int, int]
"""(kind, card bit or stock-draw number): one of the opponent's plays."""


@attrs.frozen
class Model:
    """The play model the likelihood prices the opponent's plays by."""

    bad_discard: float = 0.01
    no_knock: float = 0.05
    take_meld: float = 0.95
    take_other: float = 0.03


def opponent_events(view: PlayerView, opponent: int) -> tuple[list[Event], int]:
    """The opponent's plays in this hand, oldest first, and how many stock draws it made."""
    events: list[Event] = []
    pile = [view.upcard.index]
    passes = draws = 0
    for seat, action in view.history:
        mine = seat == opponent
        if isinstance(action, PassUpcard):
            if mine:
                events.append((DECLINE, 1 << pile[-1]))
            passes += 1
        elif isinstance(action, (TakeUpcard, DrawDiscard, TakeWallDiscard)):
            card = pile.pop()
            if mine:
                events.append((TAKE, 1 << card))
        elif isinstance(action, DrawStock):
            if mine:
                if pile and passes != view.players:
                    events.append((DECLINE, 1 << pile[-1]))
                events.append((STOCK, draws))
                draws += 1
            passes = 0
        elif isinstance(action, (Discard, Knock)):
            pile.append(action.card.index)
            if mine:
                events.append((THROW, action.card.mask))
    return events, draws


def chain_inputs(view: PlayerView, opponent: int) -> tuple[list[Event], int, int, list[int]]:
    """What :meth:`Chain.update` takes from ``view``: the opponent's plays, its stock
    draws, the cards it threw from its own (not taken from the pile), and the cards its
    hypotheses may hold (the unseen ones and those)."""
    events, draws = opponent_events(view, opponent)
    taken = sum(card for kind, card in events if kind == TAKE)
    thrown = sum(card for kind, card in events if kind == THROW) & ~taken
    return events, draws, thrown, _bits(view.unseen.mask | thrown)


class Likelihood:
    """The log-likelihood of a hypothesis under a :class:`Model`."""

    def __init__(self, model: Model) -> None:
        self.bad = math.log(model.bad_discard)
        self.no_knock = math.log(model.no_knock)
        self.take = (math.log(model.take_other), math.log(model.take_meld))
        self.decline = (math.log(1 - model.take_other), math.log(1 - model.take_meld))

    def __call__(self, hand: int, stock: Sequence[int], events: Sequence[Event], limit: int) -> float:
        """``hand``: the dealt cards (a mask); ``stock``: the card bit of each stock draw."""
        total = 0.0
        for kind, card in events:
            if kind == STOCK:
                hand |= stock[card]
            elif kind == THROW:
                if not hand & card:
                    return -math.inf
                best = discard_deadwood_of_mask(hand)
                if deadwood_of_mask(hand ^ card) != best:
                    total += self.bad
                if best <= limit:
                    total += self.no_knock
                hand ^= card
            else:
                melds = best_partition(hand | card)[0]
                melded = any(meld & card for meld in melds)
                if kind == TAKE:
                    total += self.take[melded]
                    hand |= card
                else:
                    total += self.decline[melded]
        return total


class Chain:
    """One Markov chain over hypotheses: ``slots`` holds the dealt cards, then each stock
    draw's card, as bits."""

    def __init__(self, rng: random.Random, hand_size: int, likelihood: Likelihood) -> None:
        self.rng = rng
        self.hand_size = hand_size
        self.likelihood = likelihood
        self.slots: list[int] = []
        self.events: list[Event] = []
        self.thrown = 0
        self.domain: list[int] = []
        self.limit = 0
        self.log_p = -math.inf

    def update(self, events: list[Event], draws: int, thrown: int, domain: list[int], limit: int) -> None:
        """Move on to a later view: new stock draws get unused cards, cards seen since
        leave, and every card the opponent threw from its own cards gets a slot."""
        self.events, self.thrown, self.domain, self.limit = events, thrown, domain, limit
        possible = sum(domain)
        self.slots.extend([0] * (self.hand_size + draws - len(self.slots)))
        self.slots = [s if s & possible else 0 for s in self.slots]
        used = sum(self.slots)
        for bit in _bits(thrown & ~used):
            empty = [i for i, s in enumerate(self.slots) if not s]
            spot = self.rng.choice(empty or [i for i, s in enumerate(self.slots) if not s & thrown])
            self.slots[spot] = bit
            used = sum(self.slots)
        free = [b for b in domain if not b & used]
        self.rng.shuffle(free)
        self.slots = [s or free.pop() for s in self.slots]
        self.log_p = self._log_p()

    def _log_p(self) -> float:
        return self.likelihood(sum(self.slots[: self.hand_size]), self.slots[self.hand_size :], self.events, self.limit)

    def _accept(self, log_p: float) -> bool:
        if log_p >= self.log_p or self.rng.random() < math.exp(log_p - self.log_p):
            self.log_p = log_p
            return True
        return False

    def step(self) -> None:
        """One Metropolis step."""
        rng, slots = self.rng, self.slots
        if len(slots) > self.hand_size and rng.random() < 0.5:
            i, j = rng.randrange(len(slots)), rng.randrange(self.hand_size, len(slots))
            if i == j:
                return
            slots[i], slots[j] = slots[j], slots[i]
            if not self._accept(self._log_p()):
                slots[i], slots[j] = slots[j], slots[i]
            return
        i = rng.randrange(len(slots))
        new = self.domain[rng.randrange(len(self.domain))]
        if slots[i] & self.thrown or new & sum(slots):
            return
        old, slots[i] = slots[i], new
        if not self._accept(self._log_p()):
            slots[i] = old

    def hidden(self) -> int:
        """The cards the hypothesis has the opponent hold now, outside those it took."""
        return sum(self.slots) & ~self.thrown


def _true_slots(truth: GameState | None, view: PlayerView, opponent: int) -> list[int]:
    """The true hypothesis: the opponent's dealt cards and each of its stock draws' cards."""
    assert truth is not None, "the driver sets truth before each decision"
    rules = truth.rules
    slots = _bits(deal_hands(rules, truth.deck, truth.dealer)[opponent])
    at = rules.players * rules.hand_size + 1
    for seat, action in view.history:
        if isinstance(action, DrawStock):
            if seat == opponent:
                slots.append(1 << truth.deck[at])
            at += 1
    return slots


class PosteriorExpert(FairExpert):
    """The shipped expert whose two-player deals come from the chains (see the module).

    With ``from_truth`` (which no fair player can have) every chain restarts from the
    true hypothesis at each decision and moves ``burn_in`` steps from there: deals of a
    posterior near the truth, the most a better-mixing sampler could give."""

    def __init__(
        self, *, seed: int, improve: int = 0, chains: int = 20, steps: int = 30, burn_in: int = 200,
        model: Model = Model(), from_truth: bool = False,
    ) -> None:
        super().__init__(seed=seed)
        self.improve, self.chains, self.steps, self.burn_in = improve, chains, steps, burn_in
        self.from_truth = from_truth
        self.likelihood = Likelihood(model)
        self._history: tuple[object, ...] | None = None
        self._chains: list[Chain] = []
        self._hidden: list[int] = []

    def analyse(self, view: PlayerView, legal_actions: Sequence[Action] | None = None) -> Analysis:
        if view.players == 2:
            self._sample(view)
        return super().analyse(view, legal_actions)

    def _sample(self, view: PlayerView) -> None:
        """Move the chains on to ``view`` and draw this decision's hidden hands."""
        (opponent,) = view.opponents
        history = (view.dealer, view.upcard, *view.history)
        fresh = self._history is None or history[: len(self._history)] != self._history or len(history) == 2
        if fresh:
            self._chains = [
                Chain(random.Random(self.rng.getrandbits(64)), view.rules.hand_size, self.likelihood)
                for _ in range(self.chains)
            ]
        self._history = history
        events, draws, thrown, domain = chain_inputs(view, opponent)
        self._hidden = []
        per_chain = max(1, self.simulations // self.chains)
        for chain in self._chains:
            chain.update(events, draws, thrown, domain, view.knock_limit)
            if self.from_truth:
                chain.slots = _true_slots(self.truth, view, opponent)
                chain.log_p = chain._log_p()
            for _ in range(self.burn_in if fresh or self.from_truth else 0):
                chain.step()
            for _ in range(per_chain):
                for _ in range(max(1, self.steps // per_chain)):
                    chain.step()
                self._hidden.append(chain.hidden())

    def _world(
        self,
        view: PlayerView,
        rng: random.Random,
        draws: dict[int, int],
        weights: dict[int, tuple[float, ...]] | None,
        checks: tuple[tuple[int, int, int], ...],
    ) -> GameState:
        if view.players != 2 or not self._hidden:
            return super()._world(view, rng, draws, weights, checks)
        (opponent,) = view.opponents
        known = view.known[opponent].mask
        hand = known | self._hidden.pop(rng.randrange(len(self._hidden)))
        pool = [b.bit_length() - 1 for b in _bits(view.unseen.mask & ~hand)]
        rng.shuffle(pool)
        for _ in range(min(self.improve, len(pool))):
            hand |= 1 << pool.pop()
        while hand.bit_count() > view.card_counts[opponent]:
            drop = _least_loss(hand, hand & ~known)
            hand ^= drop
            pool.append(drop.bit_length() - 1)
        rng.shuffle(pool)
        base = _deal_once(view, rng, 0, draws, None)
        hands = list(base.hands)
        hands[opponent] = hand
        used = {view.upcard.index, *pool}
        others = [i for i in range(52) if i not in used]
        dealt = view.players * view.rules.hand_size
        deck = (*others[:dealt], view.upcard.index, *others[dealt:], *pool)
        return attrs.evolve(base, hands=tuple(hands), deck=deck, stock_next=52 - len(pool))
