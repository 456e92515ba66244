"""Check a hand typed by a user: ten distinct cards, then show its best melding.

Run it with cards as arguments, or with none to check a few sample inputs:

    python examples/validate_hand.py "As 2s 3s 7h 7d 7c Kc Qd Jh 2h"
"""

from __future__ import annotations

import sys

import ginrummy


def check(text: str) -> str:
    """Return a one-line verdict on ``text`` as a ten-card Gin hand."""
    try:
        hand = ginrummy.Hand.parse(text)
    except ginrummy.CardParseError as error:
        return f"rejected: {error}"
    if len(hand) != 10:
        return f"rejected: a Gin hand has 10 cards, {text!r} has {len(hand)}"
    melding = ginrummy.best_melding(hand)
    return f"ok: {melding}"


def main(argv: list[str]) -> int:
    """Check each argument, or the samples when there are none."""
    samples = argv or [
        "As 2s 3s 7h 7d 7c Kc Qd Jh 2h",
        "10h Jh Qh Kh 4c 4d 4s 9c 9d 2s",
        "As 2s 3s 7h 7d 7c Kc Qd Jh",
        "As 2s 3s 7h 7d 7c Kc Qd Jh As",
        "As 2s 3s 7h 7d 7c Kc Qd Jh 1h",
    ]
    for text in samples:
        print(f"{text!r}: {check(text)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
