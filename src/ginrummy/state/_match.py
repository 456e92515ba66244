"""A whole game: :class:`Match` plays hands to the target and deals the next one."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from ..actions import Action, NextHand
from ..cards import Card
from ..errors import IllegalActionError, InvalidStateError, WrongTypeError, _count, _shown
from ..rules import NextDealer, Rules, _require_rules
from ..scoring import GameScore, Hollywood
from ._deal import check_rng, check_seat, check_seed, left_of
from ._game import GameState
from ._phase import RandomSource
from ._view import PlayerView, censor_score, view_of

__all__ = ["Match"]


@attrs.frozen(repr=False)
class Match:
    # Match._with copies these fields by hand: keep it in step when they change.
    """A whole game (or Hollywood session) of hands to the target, driven by ``apply``.

    Between hands the only legal action is :class:`~ginrummy.actions.NextHand`, which
    deals the next hand: the same dealer after a void hand, otherwise by
    :attr:`Rules.next_dealer` (to the left, or the hand's winner; after a tie, which has
    no winner, the deal passes to the left under ``"alternate"`` and stays under
    ``"winner"``).

    Deals come from the ``seed``: hand ``n`` is shuffled by ``random.Random(f"{seed}:{n}")``,
    so dealing is a pure function of the match and a saved game deals the same hands. An
    injected ``rng`` (``random.SystemRandom()`` for online play) is drawn from at each
    deal instead: applying ``NextHand()`` twice to the same match then deals two
    different hands, and the generator is not saved (each hand's deck is). Checking an
    action (:meth:`check`, :meth:`is_legal`, :meth:`legal_actions`) never deals.

    :meth:`new`, ``apply`` and loading build matches. One built directly (to resume a
    game scored elsewhere, say) is checked: the hands and the score are played under
    its rules, the finished hands are over, the score holds exactly their results (and
    the current hand's, once it is over), each hand after the first is dealt by the
    seat the rules name after the hand before it, and a game that is over has no hand
    in play.
    A field of the wrong type raises :class:`~ginrummy.WrongTypeError`, the rest
    :class:`~ginrummy.InvalidStateError`. The hands themselves are not checked again:
    :meth:`GameState.validate` does that.

    >>> from ginrummy import Match, Rules
    >>> match = Match.new(Rules(), seed=1)
    >>> match.hand_number, match.is_over, match.score.points
    (1, False, (0, 0))
    """

    rules: Rules
    """The rules in play."""
    state: GameState
    """The current hand."""
    score: GameScore | Hollywood
    """The game score so far (:class:`Hollywood` when that knob is on)."""
    finished: tuple[GameState, ...] = ()
    """The hands already scored, in order."""
    seed: int | str | None = attrs.field(default=None, validator=lambda _i, _a, v: check_seed(v))
    """Seed of the deals (each hand's deck comes from ``random.Random(f"{seed}:{n}")``)."""
    rng: RandomSource | None = attrs.field(
        default=None, eq=False, repr=False, validator=lambda _i, _a, v: None if v is None else check_rng(v)
    )
    """A generator that deals instead of the seed (``shuffle`` and ``randrange``); not saved by serialisation."""

    def __attrs_post_init__(self) -> None:
        _check_match(self)

    def __repr__(self) -> str:
        over = "over" if self.is_over else f"hand {self.hand_number}"
        return f"<Match {self.rules}, seed {self.seed!r}, {over}, score {self.score!r}>"

    @classmethod
    def new(
        cls,
        rules: Rules | None = None,
        *,
        seed: int | str | None = None,
        rng: RandomSource | None = None,
        dealer: int | None = None,
    ) -> Match:
        """Start a game: the first dealer is ``dealer`` or chosen at random."""
        rules = Rules() if rules is None else rules
        _require_rules(rules)
        if rng is not None and seed is not None:
            raise WrongTypeError("give either seed or rng, not both")
        seed = check_seed(seed)
        source: RandomSource = rng if rng is not None else random.Random(f"{seed}:1") if seed is not None else random.Random()
        state = GameState.new(rules, rng=source, dealer=dealer)
        score: GameScore | Hollywood = Hollywood(rules) if rules.hollywood else GameScore(rules)
        return cls(rules=rules, state=state, score=score, seed=seed, rng=rng)

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def hand_number(self) -> int:
        """1 for the first hand, and so on (void hands count)."""
        return len(self.finished) + 1

    @property
    def is_over(self) -> bool:
        """True once the game (or every Hollywood column) is decided."""
        return self.score.is_over

    @property
    def to_play(self) -> int | None:
        """The seat to act; ``None`` between hands and after the game."""
        return self.state.to_play

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions: the hand's, or ``NextHand()`` between hands."""
        if self.state.is_over:
            return () if self.is_over else (NextHand(),)
        return self.state.legal_actions()

    def check(self, action: Action, *, seat: int | None = None) -> None:
        """Raise :class:`~ginrummy.IllegalActionError` unless ``action`` is legal (never deals)."""
        if isinstance(action, NextHand):
            self._check_next_hand(seat)
        else:
            self.state.check(action, seat=seat)

    def is_legal(self, action: Action, *, seat: int | None = None) -> bool:
        """True when ``action`` is legal; something that is not an action raises
        :class:`~ginrummy.IllegalActionTypeError` rather than answer ``False``."""
        try:
            self.check(action, seat=seat)
        except WrongTypeError:
            raise
        except IllegalActionError:
            return False
        return True

    def parse_action(self, text: str) -> Action:
        """Read an action in the context of the current hand (see :meth:`GameState.parse_action`)."""
        return self.state.parse_action(text)

    def _check_next_hand(self, seat: int | None) -> None:
        if seat is not None:
            check_seat(seat, self.rules.players)
        if not self.state.is_over:
            raise IllegalActionError("cannot deal the next hand: the current hand is not over", reason="wrong_phase")
        if self.is_over:
            raise IllegalActionError("cannot deal the next hand: the game is over", reason="game_over")

    def apply(self, action: Action, *, seat: int | None = None) -> Match:
        """The match after ``action``; this one is unchanged."""
        if isinstance(action, NextHand):
            self._check_next_hand(seat)
            return self.next_hand()
        state = self.state.apply(action, seat=seat)
        if not state.is_over:
            return self._with(state, self.score)
        assert state.result is not None
        return self._with(state, self.score.add(state.result))

    def _with(self, state: GameState, score: GameScore | Hollywood) -> Match:
        # attrs.evolve without its cost: apply() is the hot path of every front-end.
        new = _new(Match)
        _set_rules(new, self.rules)
        _set_state(new, state)
        _set_score(new, score)
        _set_finished(new, self.finished)
        _set_seed(new, self.seed)
        _set_rng(new, self.rng)
        return new

    def next_dealer(self) -> int:
        """Who deals the hand after the current one (which must be over)."""
        if self.state.result is None:
            raise IllegalActionError("the current hand is not over: nobody deals yet", reason="wrong_phase")
        return _dealer_after(self.state, self.rules)

    def next_hand(self, deck: Sequence[Card] | None = None) -> Match:
        """Deal the next hand (``deck`` gives its order, as when loading a saved game).

        Prefer ``apply(NextHand())``, which checks that the current hand is over first.
        """
        self._check_next_hand(None)
        dealer = self.next_dealer()
        if deck is not None:
            state = GameState.new(self.rules, deck=deck, dealer=dealer)
        elif self.rng is not None:
            state = GameState.new(self.rules, rng=self.rng, dealer=dealer)
        elif self.seed is not None:
            state = GameState.new(self.rules, rng=random.Random(f"{self.seed}:{self.hand_number + 1}"), dealer=dealer)
        else:
            state = GameState.new(self.rules, rng=random.Random(), dealer=dealer)
        return attrs.evolve(self, state=state, finished=self.finished + (self.state,))

    def view(self, seat: int) -> PlayerView:
        """The current hand's view for ``seat``, with the game score and match-level actions.

        Void hands in the score's results show only ``seat``'s own cards.
        """
        seat = check_seat(seat, self.rules.players)
        state = self.state
        if state.is_over:
            legal = self.legal_actions()
        else:
            legal = state.legal_actions() if state.to_play_seat == seat else ()
        return view_of(state, seat, game=censor_score(self.score, seat), legal_actions=legal)


def _dealer_after(hand: GameState, rules: Rules) -> int:
    """Who deals after ``hand`` (which is over): the same dealer after a void hand, else
    the winner or the dealer's left, as ``rules.next_dealer`` says."""
    result = hand.result
    assert result is not None
    if result.is_void:
        return hand.dealer
    if rules.next_dealer is NextDealer.WINNER:
        scorer = result.score_under(rules).scorer
        return hand.dealer if scorer is None else scorer
    return left_of(hand.dealer, rules.players)


def _check_match(match: Match) -> None:
    """Raise the library's error unless ``match``'s fields fit together (see :class:`Match`)."""
    rules = _require_rules(match.rules)
    kind = Hollywood if rules.hollywood else GameScore
    if not isinstance(match.state, GameState):
        raise WrongTypeError(f"Match.state must be a GameState, not {type(match.state).__name__}: {_shown(match.state)}")
    if not isinstance(match.score, (GameScore, Hollywood)):
        raise WrongTypeError(f"Match.score must be a GameScore or a Hollywood, not {type(match.score).__name__}: {_shown(match.score)}")
    finished = match.finished
    if not isinstance(finished, tuple) or not all(isinstance(hand, GameState) for hand in finished):
        raise WrongTypeError(f"Match.finished must be a tuple of GameState values, not {_shown(finished)}")
    if not isinstance(match.score, kind):
        raise InvalidStateError(
            f"Match.score is a {type(match.score).__name__}, but these rules ({rules}) keep a {kind.__name__}"
        )
    for name, rules_of in (("state", match.state.rules), ("score", match.score.rules)):
        if rules_of != rules:
            raise InvalidStateError(f"Match.{name} is played under {rules_of}, but the match under {rules}")
    for number, hand in enumerate(finished, start=1):
        if hand.rules != rules or not hand.is_over:
            raise InvalidStateError(
                f"Match.finished hand {number} is {'not over' if not hand.is_over else f'played under {hand.rules}'}:"
                f" expected a finished hand under {rules}"
            )
    results = [hand.result for hand in finished]
    if match.state.is_over:
        results.append(match.state.result)
    if list(match.score.results) != results:
        raise InvalidStateError(
            f"Match.score holds {_count(len(match.score.results), 'hand result')}, but the match has {len(results)}"
            f" ({_count(len(finished), 'finished hand')}{', and the current one over' if match.state.is_over else ''}):"
            " expected the same results in the same order"
        )
    if match.score.is_over and not match.state.is_over:
        raise InvalidStateError("Match.score says the game is over, but a hand is in play: a finished game deals no more hands")
    hands = (*finished, match.state)
    for number in range(1, len(hands)):
        expected = _dealer_after(hands[number - 1], rules)
        if hands[number].dealer != expected:
            raise InvalidStateError(
                f"Match hand {number + 1} is dealt by seat {hands[number].dealer}, but after hand {number} the rules"
                f" (next_dealer={rules.next_dealer.value}) make seat {expected} the dealer"
            )


assert [f.name for f in attrs.fields(Match)] == ["rules", "state", "score", "finished", "seed", "rng"], (
    "Match._with must copy every field"
)
_new = object.__new__
# Slot descriptors' setters: _with skips the frozen class's __setattr__ and the name lookup.
_set_rules, _set_state, _set_score, _set_finished, _set_seed, _set_rng = (
    Match.__dict__[f.name].__set__ for f in attrs.fields(Match)
)
