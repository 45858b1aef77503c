"""Decision points ("prompts") and the frames that carry them.

A *frame* is a plain dict on the game's decision stack: ``{"kind": ..., "actor": ...,
...data}``. Its *kind* names a :class:`Prompt`, a stateless object that knows who
acts, which actions are legal (computed from the state, never by trying actions)
and what an action does. Automatic prompts (``auto = True``) have no actor and
run as soon as they reach the top of the stack: they are how multi-step
procedures continue after a nested decision finishes, without generators or
closures, so the whole stack survives ``to_json()`` at any point.
"""

from __future__ import annotations


class Prompt:
    kind: str = ""
    auto: bool = False

    def actor(self, game, frame) -> str | None:
        return frame.get("actor")

    def legal(self, game, frame) -> list[int]:
        raise NotImplementedError

    def apply(self, game, frame, action: int) -> None:
        raise NotImplementedError

    def run(self, game, frame) -> None:
        raise NotImplementedError

    def describe(self, game, frame) -> str:
        return frame.get("ask") or self.kind


class PromptRegistry(dict):
    """kind -> Prompt instance. Games build one and register their prompts into it."""

    def register(self, cls):
        if not cls.kind:
            raise ValueError(f"{cls.__name__} has no kind")
        if cls.kind in self:
            raise ValueError(f"prompt kind {cls.kind!r} registered twice")
        self[cls.kind] = cls()
        return cls

    def merge(self, other: "PromptRegistry") -> "PromptRegistry":
        for kind, prompt in other.items():
            if kind in self:
                raise ValueError(f"prompt kind {kind!r} registered twice")
            self[kind] = prompt
        return self
