"""The game's own random number generator.

SplitMix64 in pure Python: the whole generator state is one integer, so a game
clones and serializes its randomness for free and replays bit for bit on any
platform. Every die roll and shuffle in a game goes through this class.
"""

from __future__ import annotations

_MASK64 = (1 << 64) - 1


def check_seed(seed, where: str = "seed") -> int:
    """A game seed: an integer 0 <= seed < 2**64 (Python or numpy integer). Anything else is refused
    rather than truncated or wrapped (1.9 is not seed 1, 2**64 is not seed 0, True is not seed 1)."""
    import operator
    if isinstance(seed, bool) or type(seed).__name__ == "bool_":
        raise ValueError(f"{where} must be a non-negative integer below 2**64, not {seed!r}")
    try:
        value = operator.index(seed)
    except TypeError:
        raise ValueError(f"{where} must be a non-negative integer below 2**64, not {seed!r}") from None
    if not 0 <= value <= _MASK64:
        raise ValueError(f"{where} must be a non-negative integer below 2**64, not {seed!r}")
    return value


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK64

    @classmethod
    def from_state(cls, state: int) -> "Rng":
        rng = cls.__new__(cls)
        rng.state = int(state) & _MASK64
        return rng

    def next_u64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n). Rejection sampling keeps it unbiased."""
        if n <= 0:
            raise ValueError("Rng.below needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
