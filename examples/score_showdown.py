"""Score the end of a knocked hand from the two hands, under several rule sets.

    python examples/score_showdown.py
"""

from __future__ import annotations

import ginrummy
from ginrummy import Card


def main() -> None:
    """Score the rule book's case S12 under every preset."""
    knocker = "Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd"
    defender = "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d"
    result = ginrummy.showdown(knocker, defender, rules=ginrummy.Rules(), upcard=Card.parse("Th"))
    print("knocker melds:", " | ".join(str(m) for m in result.knocker_melds), f"(deadwood {result.knocker_deadwood})")
    print("defender melds:", " | ".join(str(m) for m in result.defender_melds))
    print("layoffs:", ", ".join(f"{l.card} on {result.knocker_melds[l.target]}" for l in result.layoffs))
    print(result.describe())
    for name, rules in ginrummy.PRESETS.items():
        score = result.score_under(rules)
        print(f"  under {name:10s}: {score.reason.value:8s} seat {score.scorer} scores {score.points}")


if __name__ == "__main__":
    main()
