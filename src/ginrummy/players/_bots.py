"""The built-in computer players: random, easy, medium and hard."""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..actions import (
    Action,
    BigGin,
    DeclineWallDiscard,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    PassUpcard,
    TakeUpcard,
    TakeWallDiscard,
)
from ..cards import Card
from .._masks import (
    best_partition,
    deadwood_of_mask,
    discard_deadwood_of_mask,
    points_of,
    sequential_layoffs,
    set_choices,
    with_best_discard,
)
from .._tables import CARD_POINTS, SUIT_BITS, SUIT_DEADWOOD, SUIT_DROP_GAIN
from .._price import price_hand
from ..state import Phase, PlayerView
from ._base import check_argument, check_setting, offered, seeded_random

__all__ = ["EasyPlayer", "HardPlayer", "MediumPlayer", "RandomPlayer"]

_FULL = (1 << 52) - 1
_SUIT_BITS = 0x1FFF


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _top_mask(view: PlayerView) -> int:
    top = view.discard_top
    return 0 if top is None else top.mask


def _kept_deadwood(view: PlayerView, action: Knock) -> int:
    return deadwood_of_mask(view.hand.mask & ~action.card.mask)


def opponent_draws(view: PlayerView) -> dict[int, int]:
    """Per other seat, how many cards it has drawn this hand (stock, pile or upcard)."""
    check_argument("opponent_draws", view, PlayerView)
    draws = dict.fromkeys(view.opponents, 0)
    for seat, action in view.history:
        if seat != view.seat and isinstance(action, (DrawStock, DrawDiscard, TakeUpcard)):
            draws[seat] += 1
    return draws


def _first(legal: Sequence[Action], kind: type[Action]) -> Action | None:
    for action in legal:
        if isinstance(action, kind):
            return action
    return None


def _completes_meld(hand: int, card: Card) -> bool:
    """Whether ``card`` joins a meld of the best arrangement of ``hand`` with it (the
    pile cards that ``medium``, and the expert with ``meld_takes``, will take)."""
    _, dead = best_partition(hand | card.mask)
    return not dead & card.mask


class RandomPlayer:
    """Picks a legal action uniformly at random."""

    def __init__(self, *, seed: int | None = None) -> None:
        """``seed`` makes the choices repeatable."""
        self.rng = seeded_random(seed)

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """A uniformly random legal action."""
        check_argument("RandomPlayer.choose", view, PlayerView)
        return self.rng.choice(offered(view, legal_actions))


class EasyPlayer:
    """A beginner: always draws from the stock, throws a high deadwood card, knocks when it can."""

    def __init__(self, *, seed: int | None = None) -> None:
        """``seed`` makes the choices repeatable."""
        self.rng = seeded_random(seed)

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """The easy player's choice."""
        check_argument("EasyPlayer.choose", view, PlayerView)
        legal_actions = offered(view, legal_actions)
        big = _first(legal_actions, BigGin)
        if big is not None:
            return big
        knocks = [a for a in legal_actions if isinstance(a, Knock)]
        if knocks:
            return self.rng.choice(knocks)
        for kind in (DrawStock, PassUpcard, DeclineWallDiscard):
            found = _first(legal_actions, kind)
            if found is not None:
                return found
        discards = [a for a in legal_actions if isinstance(a, Discard)]
        dead = best_partition(view.hand.mask)[1]
        pool = [a for a in discards if a.card.mask & dead] or discards
        high = max(a.card.value for a in pool)
        return self.rng.choice([a for a in pool if a.card.value >= high - 2])


_RANKS = tuple(sum(1 << (13 * s + r) for s in range(4)) for r in range(13))


def draw_gain(mask: int, dw: int, unseen: list[int]) -> int:
    """The sum over the unseen cards ``u`` of how much drawing ``u`` (then the best
    discard) lowers the deadwood ``dw`` of ``mask``: ``max(0, dw - discard_deadwood(mask | u))``.

    A drawn card whose rank ``mask`` holds at most once cannot make a set, so for each
    choice of sets already in ``mask`` only the drawn card's suit changes: its run-only
    table values replace the old ones, a few look-ups instead of a whole evaluation. A
    draw that makes three of a rank (without other sets) adds one choice, that set. Any
    other draw takes the exact path.
    """
    a, b, c, d = mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS, mask >> 39
    paired = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    triples = (a & b & (c | d)) | (c & d & (a | b))
    table, drops = SUIT_DEADWOOD, SUIT_DROP_GAIN
    bases = []
    for sets in set_choices(triples, mask) if triples else (0,):
        m = mask ^ sets
        suits = (m & SUIT_BITS, m >> 13 & SUIT_BITS, m >> 26 & SUIT_BITS, m >> 39)
        gains = [drops[x] for x in suits]
        others = (
            min(gains[1], gains[2], gains[3]), min(gains[0], gains[2], gains[3]),
            min(gains[0], gains[1], gains[3]), min(gains[0], gains[1], gains[2]),
        )
        bases.append((suits, table[suits[0]] + table[suits[1]] + table[suits[2]] + table[suits[3]], others))
    total = 0
    for u in unseen:
        i = u.bit_length() - 1
        suit, rank = divmod(i, 13)
        if triples and paired >> rank & 1:
            after = discard_deadwood_of_mask(mask | u)
        else:
            after = 1 << 30
            for suits, runs_only, others in bases:
                old = suits[suit]
                new = old | 1 << rank
                g = drops[new]
                if others[suit] < g:
                    g = others[suit]
                value = runs_only - table[old] + table[new] + g
                if value < after:
                    after = value
            if paired >> rank & 1:  # no other set: three of this rank now, so try that set too
                with_set = with_best_discard((mask | u) & ~_RANKS[rank])
                if with_set < after:
                    after = with_set
        if after < dw:
            total += dw - after
    return total


def _potential(mask: int) -> int:
    """How many unmelded cards have a partner (a pair, or a suit neighbour within two)."""
    dead = best_partition(mask)[1]
    count = 0
    for bit in _bits(dead):
        i = bit.bit_length() - 1
        rank, base = i % 13, i - i % 13
        column = sum(1 << (13 * s + rank) for s in range(4))
        near = 0
        for d in (-2, -1, 1, 2):
            if 0 <= rank + d < 13:
                near |= 1 << (base + rank + d)
        if (column & ~bit | near) & mask:
            count += 1
    return count


class MediumPlayer:
    """The usual baseline.

    Takes the upcard or discard only when it completes or extends a meld; discards the
    highest deadwood card that keeps the most potential, never the card just taken;
    knocks as soon as the limit allows.
    """

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """The medium player's choice."""
        check_argument("MediumPlayer.choose", view, PlayerView)
        legal_actions = offered(view, legal_actions)
        big = _first(legal_actions, BigGin)
        if big is not None:
            return big
        knocks = [a for a in legal_actions if isinstance(a, Knock)]
        if knocks:
            return min(knocks, key=lambda a: (_kept_deadwood(view, a), -a.card.value, a.card.index))
        if view.phase is Phase.WALL:
            return _first(legal_actions, TakeWallDiscard) or DeclineWallDiscard()
        if view.phase in (Phase.OFFER, Phase.DRAW):
            take = _first(legal_actions, TakeUpcard) or _first(legal_actions, DrawDiscard)
            top = view.discard_top
            if take is not None and top is not None and _completes_meld(view.hand.mask, top):
                return take
            return _first(legal_actions, PassUpcard) or DrawStock()
        discards = [a for a in legal_actions if isinstance(a, Discard)]
        # Under discard_taken_card the card just taken may be thrown back, but throwing it
        # back undoes the take: two such players would pass one card to and fro for ever.
        kept = [a for a in discards if a.card != view.taken_card] or discards
        hand = view.hand.mask
        return min(
            kept,
            key=lambda a: (
                deadwood_of_mask(hand & ~a.card.mask),
                -a.card.value,
                -_potential(hand & ~a.card.mask),
                a.card.index,
            ),
        )


HARD_TIME_BUDGET = 0.05
"""The hard player's default cap on its sampling, in seconds a decision."""


class HardPlayer:
    """A strong player.

    * Tracks every card seen: its own, the discard pile, and the cards the opponent took.
    * Evaluates a hand by its deadwood minus the expected gain of the next draw from the
      unseen cards, so it keeps cards with potential.
    * Takes the upcard or a discard only when that beats the expected stock draw.
    * Avoids discarding cards that meld with what the opponent is known to hold.
    * Decides whether to knock with a Monte Carlo estimate of the defender's deadwood
      after layoffs, over hands sampled from the unseen cards and improved for the
      turns the opponent has had. It knocks at once when no sampled hand undercuts
      (risk under ``undercut_risk``), late in the hand, or with a knock limit of 2 or
      less; otherwise it plays on for gin, and punishes early knocks with undercuts.

    ``time_budget`` (seconds) caps the sampling per decision; with ``math.inf`` all
    ``samples`` are always drawn, so that a seeded player's choices do not depend on
    the machine's speed or load.
    """

    def __init__(
        self,
        *,
        seed: int | None = None,
        time_budget: float = HARD_TIME_BUDGET,
        samples: int = 24,
        undercut_risk: float = 0.05,
        danger_weight: float = 0.25,
        pile_margin: float = 0.5,
        potential_weight: float = 0.5,
    ) -> None:
        """``seed`` makes the sampling repeatable; ``samples`` opponent hands per knock decision.

        The other parameters tune the play: the undercut probability above which it plays
        on instead of knocking, how much it fears feeding the opponent, how much better
        the discard must look than the stock to take it, and the weight of a hand's
        potential to improve.
        """
        time_budget = check_setting("time_budget", time_budget, low=0, above=True, unbounded=True)
        samples = check_setting("samples", samples, low=1, whole=True)
        undercut_risk = check_setting("undercut_risk", undercut_risk, low=0, high=1)
        self.rng = seeded_random(seed)
        self.time_budget = time_budget
        self.samples = samples
        self.undercut_risk = undercut_risk
        self.danger_weight = check_setting("danger_weight", danger_weight, low=0)
        self.pile_margin = check_setting("pile_margin", pile_margin, low=0)
        self.potential_weight = check_setting("potential_weight", potential_weight, low=0)
        self._thrown = 0

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _unseen(view: PlayerView) -> list[int]:
        return _bits(view.unseen.mask)

    def _score(self, mask: int, unseen: list[int]) -> float:
        """Deadwood minus the weighted expected improvement from one stock draw."""
        dw = deadwood_of_mask(mask)
        if not unseen or dw == 0:
            return float(dw)
        return dw - self.potential_weight * draw_gain(mask, dw, unseen) / len(unseen)

    def _danger(self, card: int, view: PlayerView) -> float:
        """How likely the next player wants ``card`` (0-1), from what it took and what was thrown.

        Only the player on this one's left can take a discard, so its known cards weigh
        fully; with three or four players, the others' weigh a little (they may feed or
        lay off on the same melds later).
        """
        nxt = view.known[view.next_seat].mask
        rest = view.opponent_known.mask & ~nxt
        i = card.bit_length() - 1
        rank, base = i % 13, i - i % 13
        column = sum(1 << (13 * s + rank) for s in range(4)) & ~card
        near1 = sum(1 << (base + rank + d) for d in (-1, 1) if 0 <= rank + d < 13)
        near2 = sum(1 << (base + rank + d) for d in (-2, 2) if 0 <= rank + d < 13)
        if nxt and deadwood_of_mask(nxt | card) < points_of(nxt | card):
            return 1.0
        danger = 0.0
        if nxt & (column | near1):
            danger += 0.6
        if nxt & near2:
            danger += 0.2
        if rest & (column | near1):
            danger += 0.15
        if self._thrown & (column | near1):
            danger *= 0.5
        unseen = view.unseen.mask
        danger += 0.04 * ((column | near1) & unseen).bit_count()
        return min(danger, 1.0)

    def _discard_values(self, mask11: int, banned: int, unseen: list[int], view: PlayerView) -> list[tuple[float, int]]:
        """(value, card bit) of every allowed discard, lower values better."""
        weight = self.danger_weight * view.multiplier
        return [
            (self._score(mask11 ^ bit, unseen) + weight * CARD_POINTS[bit.bit_length() - 1] * self._danger(bit, view) / 4, bit)
            for bit in _bits(mask11 & ~banned)
        ]

    def _best_discard(self, mask11: int, banned: int, unseen: list[int], view: PlayerView) -> tuple[float, int]:
        best_value, best_card = float("inf"), 0
        for value, bit in self._discard_values(mask11, banned, unseen, view):
            if value < best_value:
                best_value, best_card = value, bit
        return best_value, best_card

    def ranked_discards(self, view: PlayerView, legal_actions: Sequence[Action]) -> list[Discard]:
        """The legal discards, best first by this player's judgement (for stronger players to search)."""
        check_argument("HardPlayer.ranked_discards", view, PlayerView)
        legal_actions = offered(view, legal_actions)
        self._note_thrown(view)
        discards = [a for a in legal_actions if isinstance(a, Discard)]
        allowed = sum(a.card.mask for a in discards)
        values = self._discard_values(view.hand.mask, view.hand.mask & ~allowed, self._unseen(view), view)
        return [Discard(Card.from_index(bit.bit_length() - 1)) for _, bit in sorted(values)]

    def _note_thrown(self, view: PlayerView) -> None:
        self._thrown = 0
        for seat, action in view.history:
            if seat != view.seat and isinstance(action, Discard):
                self._thrown |= action.card.mask

    def _knock_outcomes(self, view: PlayerView, kept: int) -> tuple[float, float]:
        """(expected points, undercut probability) of knocking with ``kept`` now.

        Every opponent's hidden cards are sampled from the unseen cards, improved for the
        turns it has had, and the defenders then lay off in turn; each outcome is priced
        under the rules in play (bonuses, spade doubling, the tie rule).
        """
        melds, dead = best_partition(kept)
        d = points_of(dead)
        opponents = view.opponents
        known = [view.known[s].mask for s in opponents]
        need = [view.card_counts[s] - k.bit_count() for s, k in zip(opponents, known)]
        draws = opponent_draws(view)
        extra = [min(draws[s], 6) for s in opponents]
        pool = _bits(view.unseen.mask & ~kept)
        if min(need) < 0 or len(pool) < sum(need):
            return 0.0, 0.0
        spare = len(pool) - sum(need)
        extra = [min(e, spare // len(opponents)) for e in extra]
        deadline = time.perf_counter() + self.time_budget * 0.8
        total, undercuts, n = 0.0, 0, 0
        for _ in range(self.samples):
            chosen = self.rng.sample(pool, sum(need) + sum(extra))
            hands, at = [], 0
            for k, count, more in zip(known, need, extra):
                sample = k | sum(chosen[at : at + count + more])
                at += count + more
                for _ in range(more):
                    sample = min((sample ^ b for b in _bits(sample & ~k)), key=deadwood_of_mask)
                hands.append(sample)
            if d == 0:
                deadwoods = [deadwood_of_mask(h) for h in hands]
            else:
                deadwoods = [choice[0] for choice in sequential_layoffs(melds, hands)]
            score = price_hand(
                view.rules, view.upcard, big_gin=False, knocker=view.seat, knocker_deadwood=d,
                defenders=list(zip(opponents, deadwoods)),
            )
            if score.scorer == view.seat:
                total += score.points
            elif score.scorer is not None:
                total -= score.points
                undercuts += 1
            n += 1
            if time.perf_counter() > deadline:
                break
        return total / n, undercuts / n

    # ------------------------------------------------------------------- choose

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """The hard player's choice."""
        check_argument("HardPlayer.choose", view, PlayerView)
        legal_actions = offered(view, legal_actions)
        big = _first(legal_actions, BigGin)
        if big is not None:
            return big
        self._note_thrown(view)
        hand = view.hand.mask
        unseen = self._unseen(view)
        knocks = [a for a in legal_actions if isinstance(a, Knock)]
        if knocks:
            best = min(knocks, key=lambda a: (_kept_deadwood(view, a), -a.card.value))
            kept = hand & ~best.card.mask
            if deadwood_of_mask(kept) == 0:
                return best
            expected, undercut = self._knock_outcomes(view, kept)
            late = view.stock_count <= view.rules.wall_size + 6
            if expected > 0 and (undercut < self.undercut_risk or late or view.knock_limit <= 2):
                return best
        if view.phase is Phase.WALL:
            take = _first(legal_actions, TakeWallDiscard)
            if take is not None:
                top = _top_mask(view)
                options = [b for b in _bits(hand) if deadwood_of_mask((hand | top) ^ b) <= view.knock_limit]
                if options:
                    kept = (hand | top) ^ min(options, key=lambda b: deadwood_of_mask((hand | top) ^ b))
                    if deadwood_of_mask(kept) == 0 or self._knock_outcomes(view, kept)[0] > 0:
                        return take
            return DeclineWallDiscard()
        if view.phase in (Phase.OFFER, Phase.DRAW):
            take = _first(legal_actions, TakeUpcard) or _first(legal_actions, DrawDiscard)
            fallback = _first(legal_actions, PassUpcard) or DrawStock()
            top = _top_mask(view)
            if take is None or not top:
                return fallback
            pile_value, _ = self._best_discard(hand | top, top, unseen, view)
            stock_value = self._stock_value(hand, unseen, view)
            return take if pile_value < stock_value - self.pile_margin else fallback
        discards = [a for a in legal_actions if isinstance(a, Discard)]
        banned = hand & ~sum(a.card.mask for a in discards)
        _, card = self._best_discard(hand, banned, unseen, view)
        return Discard(Card.from_index(card.bit_length() - 1))

    def _stock_value(self, hand: int, unseen: list[int], view: PlayerView) -> float:
        """Expected value of the position after drawing from the stock and discarding well."""
        sample = unseen if len(unseen) <= 8 else self.rng.sample(unseen, 8)
        if not sample:
            return self._score(hand, unseen)
        total = 0.0
        for u in sample:
            rest = [x for x in unseen if x != u]
            total += self._best_discard(hand | u, 0, rest, view)[0]
        return total / len(sample)
