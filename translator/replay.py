"""The outcome of replaying moves with a puzzle's rules."""

from __future__ import annotations

from typing import Any


class Replay:
    """The outcome of replaying moves: valid, the states visited, and where and why it failed."""

    def __init__(self, valid: bool, states: list[Any], failed_at: int | None, reason: str) -> None:
        self.valid = valid
        self.states = states
        self.failed_at = failed_at
        self.reason = reason
