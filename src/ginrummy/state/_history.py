"""A hand's action history: a chain of steps shared between states.

Every state of a hand points at its last step, and siblings share their parent, so
keeping every state of a hand costs one step each. Comparison, hashing, pickling
and copying walk the chain in a loop, never by recursion, so a hand of any length
works with the default recursion limit.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..actions import Action

__all__ = ["Step", "steps_of"]


class Step:
    """One step of a history: the seat, its action, and the step before (internal)."""

    __slots__ = ("parent", "seat", "action", "length", "_hash")

    parent: Step | None
    seat: int
    action: Action
    length: int
    _hash: int | None

    def __init__(self, parent: Step | None, seat: int, action: Action) -> None:
        self.parent = parent
        self.seat = seat
        self.action = action
        self.length = 1 if parent is None else parent.length + 1
        self._hash = None

    def items(self) -> list[tuple[int, Action]]:
        """Every (seat, action) from the first step to this one."""
        out: list[tuple[int, Action]] = []
        node: Step | None = self
        while node is not None:
            out.append((node.seat, node.action))
            node = node.parent
        out.reverse()
        return out

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Step):
            return NotImplemented
        if self.length != other.length:
            return False
        a: Step | None = self
        b: Step | None = other
        while a is not None and b is not None and a is not b:
            if a.seat != b.seat or a.action != b.action:
                return False
            a, b = a.parent, b.parent
        return True

    def __hash__(self) -> int:
        if self._hash is not None:
            return self._hash
        pending: list[Step] = []
        node: Step | None = self
        while node is not None and node._hash is None:
            pending.append(node)
            node = node.parent
        value = 0 if node is None else node._hash
        assert value is not None
        for step in reversed(pending):
            value = hash((value, step.seat, step.action))
            step._hash = value
        return value

    def __reduce__(self) -> tuple[object, tuple[tuple[tuple[int, Action], ...]]]:
        return (_rebuild, (tuple(self.items()),))

    def __copy__(self) -> Step:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Step:
        return self

    def __repr__(self) -> str:
        return f"<Step {self.length}: seat {self.seat} {self.action}>"


def _rebuild(items: Iterable[tuple[int, Action]]) -> Step | None:
    node: Step | None = None
    for seat, action in items:
        node = Step(node, seat, action)
    return node


def steps_of(node: Step | None) -> list[tuple[int, Action]]:
    """The (seat, action) pairs of a history, first first."""
    return [] if node is None else node.items()
