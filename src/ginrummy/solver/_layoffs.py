"""After a knock: the defender's best melds and layoffs, and the knocker's best layout."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .._masks import best_layoff_choice, deadwood_of_mask
from .._price import knocker_layout
from ..cards import Card, CardsLike, Hand
from ..cards._card import require_card
from ..cards._hand import mask_of
from ..errors import InvalidHandError, InvalidMeldError, WrongTypeError, _iterable, _shown, _whole_field
from ..melds import Meld, MeldLike, _as_melds
from ..rules import Rules, _require_rules
from ._melding import (
    MAX_MELDING_CARDS,
    Melding,
    _as_hand,
    _best_melding_of_mask,
    _check_apart,
    _check_size,
    _given_melds,
    _melding_from,
    _new,
    _set,
    _sorted_melds,
)

__all__ = ["Layoff", "LayoffPlan", "best_layoffs", "knocker_melding", "layoff_deadwood"]


@attrs.frozen
class Layoff:
    """A defender's card laid off on one of the knocker's melds."""

    card: Card
    """The card laid off."""
    target: int = attrs.field(converter=_whole_field)
    """Index of the knocker meld it extends (in the order the melds were given)."""

    def __attrs_post_init__(self) -> None:
        require_card(self.card, "Layoff.card")
        if isinstance(self.target, bool) or not isinstance(self.target, int):
            raise WrongTypeError(f"Layoff.target must be the index of a knocker meld, not {_shown(self.target)}")


def _layoff_tuple(value: Iterable[Layoff]) -> tuple[Layoff, ...]:
    if isinstance(value, (str, Layoff)) or not _iterable(value):
        raise WrongTypeError(f"LayoffPlan.layoffs must be an iterable of Layoff values, not {type(value).__name__}: {_shown(value)}")
    out = tuple(value)
    for layoff in out:
        if not isinstance(layoff, Layoff):
            raise WrongTypeError(f"LayoffPlan.layoffs must hold Layoff values, not {type(layoff).__name__}: {_shown(layoff)}")
    return out


@attrs.frozen
class LayoffPlan:
    """The defender's optimal response to a knock: own melds, layoffs and deadwood.

    Built directly, it is checked: no card in two parts, and every layoff fits its
    knocker meld when played in the order given (after the layoffs before it), or
    :class:`~ginrummy.InvalidMeldError`.
    """

    melds: tuple[Meld, ...] = attrs.field(converter=_sorted_melds)
    """The defender's own melds."""
    layoffs: tuple[Layoff, ...] = attrs.field(converter=_layoff_tuple)
    """The layoffs, in an order in which each one is legal when played."""
    deadwood_cards: Hand = attrs.field(converter=_as_hand)
    """The cards left in neither a meld nor a layoff."""
    knocker_melds: tuple[Meld, ...] = attrs.field(converter=_given_melds)
    """The knocker's melds as given, before layoffs."""

    def __attrs_post_init__(self) -> None:
        used = _check_apart("LayoffPlan", self.melds, self.deadwood_cards.mask)
        used = _check_apart("LayoffPlan", self.knocker_melds, used)
        extended = list(self.knocker_melds)
        for layoff in self.layoffs:
            if not 0 <= layoff.target < len(extended):
                expected = f"expected 0-{len(extended) - 1}" if extended else "the plan has no knocker melds"
                raise InvalidMeldError(f"layoff of {layoff.card} targets knocker meld {layoff.target}: {expected}")
            if layoff.card.mask & used:
                raise InvalidMeldError(f"layoff of {layoff.card}: the card is already in a meld, the deadwood or another layoff")
            extended[layoff.target] = extended[layoff.target].extend(layoff.card)
            used |= layoff.card.mask

    @property
    def deadwood(self) -> int:
        """The defender's deadwood after melds and layoffs."""
        return self.deadwood_cards.value

    @property
    def extended_melds(self) -> tuple[Meld, ...]:
        """The knocker's melds after the layoffs."""
        masks = [m.mask for m in self.knocker_melds]
        for layoff in self.layoffs:
            masks[layoff.target] |= layoff.card.mask
        return tuple(Meld._trusted(m) for m in masks)


def _knocker_masks(knocker_melds: Iterable[MeldLike]) -> tuple[Meld, ...]:
    out: list[Meld] = []
    used = 0
    for meld in _as_melds(knocker_melds, "knocker melds"):
        if meld.mask & used:
            raise InvalidMeldError(f"knocker meld {meld} shares a card with another knocker meld")
        used |= meld.mask
        out.append(meld)
    return tuple(out)


def layoff_deadwood(knocker_melds: Iterable[MeldLike], defender_cards: CardsLike) -> int:
    """The defender's least deadwood after own melds and layoffs (the number only)."""
    melds = _knocker_masks(knocker_melds)
    defender = mask_of(defender_cards, what="defender cards")
    _check_disjoint(melds, defender)
    return best_layoff_choice(tuple(m.mask for m in melds), defender)[0]


def _check_disjoint(melds: tuple[Meld, ...], defender: int) -> None:
    for meld in melds:
        if meld.mask & defender:
            raise InvalidHandError(
                f"the defender holds {Hand.from_mask(meld.mask & defender)}, which is in the knocker meld {meld}"
            )


def best_layoffs(knocker_melds: Iterable[MeldLike], defender_cards: CardsLike) -> LayoffPlan:
    """The defender's own melds and layoffs that leave the least deadwood.

    Layoffs chain (a laid-off card extends the meld for the next), a card that fits
    two knocker melds is tried on each, and the defender's own melds are broken
    when laying off their cards is better. Ties prefer fewer layoffs.

    >>> plan = best_layoffs(["Ks Kc Kd", "5s 6s 7s", "9c Tc Jc"], "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d")
    >>> [str(l.card) for l in plan.layoffs], plan.deadwood
    (['8s', '9s', '8c', '7c'], 9)
    """
    melds = _knocker_masks(knocker_melds)
    defender = mask_of(defender_cards, what="defender cards")
    _check_size(defender, MAX_MELDING_CARDS, "best_layoffs")
    _check_disjoint(melds, defender)
    _, laid, per_meld = best_layoff_choice(tuple(m.mask for m in melds), defender)
    own = _best_melding_of_mask(defender ^ laid)
    layoffs = tuple(
        Layoff(Card.from_index(bit.bit_length() - 1), target)
        for target, bits in enumerate(per_meld)
        for bit in bits
    )
    plan = _new(LayoffPlan)
    for name, value in (("melds", own.melds), ("layoffs", layoffs), ("deadwood_cards", own.deadwood_cards), ("knocker_melds", melds)):
        _set(plan, name, value)
    return plan


def knocker_melding(
    knocker_cards: CardsLike,
    *defender_cards: CardsLike,
    rules: Rules | None = None,
    upcard: Card | None = None,
) -> Melding:
    """The knocker's automatic arrangement (RULES.md ruling 5, generalised in section 2).

    Among the arrangements with the least deadwood, the one that gives the knocker
    the best hand result once the defenders, in turn order from the knocker's left
    (``defender_cards``), lay down their melds and lay off optimally onto the
    knocker's melds as extended by the defenders before them. The result is priced
    under ``rules`` (default: the Oklahoma preset for that many players) and
    ``upcard``: the knocker's points when it scores, minus the scorer's points when
    a defender undercuts. Ties keep the first arrangement in
    :meth:`Melding.sort_key` order. With one defender the choice is simply the one
    that leaves the defender the most deadwood, whatever the rules. With no deadwood
    (gin) nothing may be laid off and :func:`best_melding` is returned. When
    ``rules`` is given there must be ``rules.players - 1`` defenders; when ``rules``
    and ``upcard`` are given, a knocker over the knock limit raises
    :class:`~ginrummy.InvalidHandError`.

    >>> print(knocker_melding("As 5s 6s 7s 5c 6c 7c 5d 6d 7d", "3s 4s 4c 4d 8s 8c 8d 5h 6h 7h"))
    [5s 5d 5c] [6s 6d 6c] [7s 7d 7c] deadwood As (1)
    """
    mask = mask_of(knocker_cards, what="knocker cards")
    _check_size(mask, MAX_MELDING_CARDS, "knocker_melding")
    if not defender_cards:
        raise WrongTypeError(
            f"knocker_melding({_shown(knocker_cards)}) was given no defender: expected the cards of one to three"
            " defenders after the knocker's, as knocker_melding(knocker_cards, defender_cards, ...)"
        )
    if len(defender_cards) > 3:
        raise InvalidHandError(f"knocker_melding takes one to three defenders (two to four players), got {len(defender_cards)}")
    if rules is not None:
        _require_rules(rules)
        if len(defender_cards) != rules.players - 1:
            raise InvalidHandError(
                f"these rules seat {rules.players} players, so knocker_melding needs {rules.players - 1} defender"
                f" hand(s) after the knocker's, got {len(defender_cards)}"
            )
    if upcard is not None:
        require_card(upcard, "upcard")
    defenders: list[int] = []
    seen = mask
    for cards in defender_cards:
        defender = mask_of(cards, what="defender cards")
        _check_size(defender, MAX_MELDING_CARDS, "knocker_melding")
        if seen & defender:
            raise InvalidHandError(
                f"the hands share {Hand.from_mask(seen & defender)}: a card can be in one hand only"
            )
        seen |= defender
        defenders.append(defender)
    least = deadwood_of_mask(mask)
    if rules is not None and upcard is not None and least > rules.knock_limit_for(upcard):
        raise InvalidHandError(
            f"the knocker's deadwood is {least} ({_best_melding_of_mask(mask).deadwood_cards}), "
            f"over the knock limit {rules.knock_limit_for(upcard)}"
        )
    if least == 0:
        return _best_melding_of_mask(mask)
    return _melding_from(*knocker_layout(mask, least, defenders, rules, upcard))
