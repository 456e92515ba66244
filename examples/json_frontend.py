"""A minimal back-end that talks JSON lines over standard input and output.

This is the shape a web or mobile server would wrap: each message out is the human
player's view (from ``ginrummy.to_dict``); each line in is an action as text, such as
``"stock"`` or ``"discard 7h"``. Seat 1 is a computer player. Errors are reported as
JSON and the game goes on.

    python examples/json_frontend.py            # play by typing actions
    python examples/json_frontend.py --demo     # a random client plays itself out
"""

from __future__ import annotations

import json
import random
import sys
from typing import TextIO

import ginrummy
from ginrummy.players import make_player


def send(out: TextIO, message: dict[str, object]) -> None:
    """Write one JSON message on its own line."""
    out.write(json.dumps(message) + "\n")
    out.flush()


def serve(lines: TextIO, out: TextIO, *, demo: bool = False, seed: int = 1) -> ginrummy.Match:
    """Run one game to 50 points; return the final match."""
    match = ginrummy.Match.new(ginrummy.Rules(game_target=50), seed=seed)
    computer = make_player("medium")
    client = random.Random(seed)
    while not match.is_over:
        seat = match.to_play
        if seat is None:
            match = match.apply(ginrummy.NextHand())
            continue
        view = match.view(seat)
        if seat == 1:
            match = match.apply(computer.choose(view, view.legal_actions), seat=1)
            continue
        send(out, {"type": "view", "view": ginrummy.to_dict(view)})
        if demo:
            text = str(client.choice(view.legal_actions))
        else:
            line = lines.readline()
            if not line:
                break
            text = line.strip()
        try:
            match = match.apply(match.parse_action(text), seat=0)
        except ginrummy.GinRummyError as error:
            send(out, {"type": "error", "input": text, "message": str(error)})
    score = match.score
    assert isinstance(score, ginrummy.GameScore)
    send(out, {"type": "game_over" if match.is_over else "closed", "points": list(score.points), "saved": ginrummy.dumps(match)})
    return match


def main(argv: list[str]) -> int:
    """Serve on standard input and output."""
    final = serve(sys.stdin, sys.stdout, demo="--demo" in argv)
    return 0 if final.is_over or "--demo" not in argv else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
