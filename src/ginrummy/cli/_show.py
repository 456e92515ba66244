"""What the command line prints: the table, the showdown, the score sheet, the settlement."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from ginrummy import (
    Action,
    BigGin,
    Card,
    DeclineWallDiscard,
    Discard,
    DrawDiscard,
    DrawStock,
    GameScore,
    Hand,
    HandResult,
    Hollywood,
    Knock,
    Match,
    Melding,
    PassUpcard,
    PlayerView,
    TakeUpcard,
    TakeWallDiscard,
    best_melding,
)

from ._style import Style, possessive, verb

__all__ = ["describe_action", "show_result", "show_score", "show_settlement", "show_table"]


def describe_action(who: str, action: Action, view: PlayerView, style: Style) -> str:
    """One line saying what ``who`` did (``view`` is the state before the action)."""
    if isinstance(action, TakeUpcard):
        return f"{verb(who, 'take')} the upcard {style.card(view.upcard)}."
    if isinstance(action, PassUpcard):
        return f"{verb(who, 'pass')} the upcard."
    if isinstance(action, DrawStock):
        return f"{verb(who, 'draw')} from the stock."
    if isinstance(action, DrawDiscard):
        top = view.discard_top
        return f"{verb(who, 'take')} {style.card(top) if top else 'the discard'} from the pile."
    if isinstance(action, Discard):
        return f"{verb(who, 'discard')} {style.card(action.card)}."
    if isinstance(action, Knock):
        return f"{verb(who, 'knock')}!"
    if isinstance(action, BigGin):
        return f"{verb(who, 'go')} BIG GIN!"
    if isinstance(action, TakeWallDiscard):
        return f"{verb(who, 'take')} the last discard to knock."
    if isinstance(action, DeclineWallDiscard):
        return f"{verb(who, 'leave')} the last discard."
    return f"{who}: {action}"


def points_line(game: GameScore | Hollywood, names: Sequence[str], target: int) -> str:
    """The running score in one line."""
    if isinstance(game, GameScore):
        scores = ", ".join(f"{names[s]} {p}" for s, p in enumerate(game.points))
        return f"Score: {scores} (game to {target})"
    columns = "; ".join(f"game {n}: {c.points[0]}-{c.points[1]}" for n, c in enumerate(game.columns, start=1))
    return f"Score ({names[0]} first): {columns} (each to {target})"


def show_table(view: PlayerView, style: Style, out: TextIO, names: Sequence[str], *, drawn: Card | None = None) -> None:
    """The table as the player at ``view.seat`` sees it before acting."""
    rules = view.rules
    limit = "gin only" if view.knock_limit == 0 else f"knock with {view.knock_limit} or less"
    extras = " Spades double this hand!" if view.multiplier == 2 else ""
    top = view.discard_top
    print("", file=out)
    print(
        f"Upcard {style.card(view.upcard)}: {limit}.{extras}  Stock: {view.stock_count} "
        f"(wall {rules.wall_size}).  Discard pile: {style.card(top) if top else 'empty'}",
        file=out,
    )
    if view.game is not None:
        print(points_line(view.game, names, rules.game_target), file=out)
    for seat in view.opponents:
        known = view.known[seat]
        if view.players == 2:
            if known:
                print(f"{verb(names[seat], 'hold')} (taken from the pile): {style.cards(known)}", file=out)
            continue
        held = f"; holds from the pile: {style.cards(known)}" if known else ""
        print(f"{names[seat]}: {view.card_counts[seat]} cards{held}", file=out)
    if drawn is not None:
        print(f"You drew {style.card(drawn)}.", file=out)
    print(f"Your hand: {style.melding(best_melding(view.hand), mark=drawn)}", file=out)


def show_result(result: HandResult, style: Style, out: TextIO, names: Sequence[str]) -> None:
    """The showdown: the knocker's layout, then each defender's melds and layoffs in turn, and the points."""
    print("", file=out)
    if result.knocker is None:
        print(style.bold("The hand is void: the wall was reached without a knock. Nobody scores."), file=out)
        return
    k = result.knocker
    knocker_melding = Melding.from_melds(result.hands[k], result.knocker_melds)
    print(f"{possessive(names[k])} layout: {style.melding(knocker_melding)}", file=out)
    extended = [Hand(m.cards) for m in result.knocker_melds]  # as laid off on so far
    for seat in result.order:
        layoffs = result.layoffs_of(seat)
        if layoffs:
            laid = []
            for l in layoffs:
                laid.append(f"{style.card(l.card)} on [{style.cards(extended[l.target])}]")
                extended[l.target] = extended[l.target].add(l.card)
            print(f"{possessive(names[seat])} layoffs: {', '.join(laid)}", file=out)
        rest = result.hands[seat]
        for layoff in layoffs:
            rest = rest.remove(layoff.card)
        print(f"{possessive(names[seat])} melds and deadwood: {style.melding(Melding.from_melds(rest, result.melds_of(seat)))}", file=out)
    score = result.score
    reason = score.reason.value.replace("_", " ")
    if score.scorer is None:
        print(style.bold(f"Equal deadwood ({reason}): nobody scores."), file=out)
        return
    detail = f"{score.base} + bonus {score.bonus}"
    if score.doubled == "everything":
        detail += ", doubled (spade upcard)"
    elif score.doubled == "the bonus":
        detail = f"{score.base} + bonus {score.bonus} doubled (spade upcard)"
    print(style.bold(f"{reason.capitalize()}! {verb(names[score.scorer], 'score')} {score.points} ({detail})."), file=out)


def _boxes(count: int) -> str:
    return "1 box" if count == 1 else f"{count} boxes"


def show_score(match: Match, out: TextIO, names: Sequence[str]) -> None:
    """The score sheet: every player's points and boxes, or the Hollywood columns."""
    score = match.score
    if isinstance(score, GameScore):
        parts = ", ".join(f"{names[s]} {score.points[s]} ({_boxes(score.boxes[s])})" for s in range(len(names)))
        print(f"Score: {parts}; target {match.rules.game_target}.", file=out)
    else:
        for number, column in enumerate(score.columns, start=1):
            state = "closed" if column.closed else "open"
            print(f"Game {number} ({state}): {names[0]} {column.points[0]}, {names[1]} {column.points[1]}", file=out)


def show_settlement(match: Match, out: TextIO, names: Sequence[str]) -> None:
    """The end of the game: the winner, the totals, and what each loser pays."""
    score = match.score
    if isinstance(score, GameScore):
        labelled = [("", score.settlement())]
    else:
        labelled = [(f"Game {n}: ", s) for n, s in enumerate(score.settlements(), start=1) if s is not None]
    for label, s in labelled:
        w = s.winner
        losers = [seat for seat in range(len(names)) if seat != w]
        shut = " Shutout!" if s.shutout else ""
        if len(names) == 2:
            l = losers[0]
            print(
                f"{label}{verb(names[w], 'win')} the game.{shut} Totals: {names[w]} {s.totals[w]}, {names[l]} {s.totals[l]} "
                f"(game bonus {s.game_bonus}, boxes {s.box_points[w]} and {s.box_points[l]}): worth {s.worth}.",
                file=out,
            )
            continue
        print(
            f"{label}{verb(names[w], 'win')} the game.{shut} {possessive(names[w])} total {s.totals[w]} "
            f"(hand points {s.hand_points[w]}, boxes {s.box_points[w]}, game bonus {s.game_bonus}).",
            file=out,
        )
        for seat in losers:
            shutout = " (shut out)" if s.shutouts[seat] else ""
            print(f"  against {names[seat]}{shutout}: total {s.totals[seat]}, pays {s.amounts[seat]}", file=out)
        print(f"  the game is worth {s.worth}.", file=out)
    if isinstance(score, Hollywood) and score.winner is not None:
        w = score.winner
        print(f"{verb(names[w], 'win')} the session: net worth {score.net_worths[w]} over the three games.", file=out)
