"""The game's own random number generator.

SplitMix64 in pure Python: the whole generator state is one integer, so a game
clones and serializes its randomness for free and replays bit for bit on any
platform. Every die roll and shuffle in a game goes through this class.

Scripted dice (``game.script_dice``): ``dice`` is a queue of die results that :meth:`Rng.die` takes
before it draws from the generator; only dice are scripted (``die()``), never ``below``, ``choice`` or
``shuffle``. ``log``: where the game's log records each roll (None: no log).
"""

from __future__ import annotations

from .schema import whole_number

_MASK64 = (1 << 64) - 1


def check_seed(seed, where: str = "seed") -> int:
    """A game seed: an integer 0 <= seed < 2**64 (Python or numpy integer). Anything else is refused
    rather than truncated or wrapped (1.9 is not seed 1, 2**64 is not seed 0, True is not seed 1)."""
    value = whole_number(seed)
    if value is None or not 0 <= value <= _MASK64:
        raise ValueError(f"{where} must be a non-negative integer below 2**64, not {seed!r}")
    return value


def check_die_value(value, where: str = "scripted die") -> int:
    """A die result to queue: a Python or numpy integer >= 1 (bools, floats and strings refused)."""
    number = whole_number(value)
    if number is None or number < 1:
        raise ValueError(f"{where} must be an integer 1..sides, not {value!r}")
    return number


_GOLDEN = 0x9E3779B97F4A7C15     # SplitMix64's increment (2**64 / the golden ratio, odd)


def _mix64(z: int) -> int:
    """SplitMix64's output function: a bijection of 64-bit integers whose every output bit depends on
    every input bit."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """The generator state a seed starts from: the seed hashed (two rounds of the mix), so that nearby
    seeds start at unrelated points of the stream. (Before 0.2.0 the state was a linear function of the
    seed, and seed k+1 replayed seed k's draws shifted by one: consecutive seeds played correlated games.)
    Distinct seeds still give distinct states, as the mix is a bijection."""
    return _mix64((_mix64((int(seed) + _GOLDEN) & _MASK64) + 0x632BE59BD9B4E019) & _MASK64)


class Rng:
    __slots__ = ("state", "dice", "log")

    def __init__(self, seed: int = 0):
        self.state = seed_state(seed)
        self.dice = None        # scripted die results still to come (None or a list; empty: none)
        self.log = None         # the game's log entries (a list) when the game keeps a log

    @classmethod
    def from_state(cls, state: int, dice=None) -> "Rng":
        rng = cls.__new__(cls)
        rng.state = int(state) & _MASK64
        rng.dice = list(dice) if dice else None
        rng.log = None
        return rng

    def next_u64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64      # _mix64, inlined: the hottest call
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

    def die(self, sides: int = 6, why: str | None = None, draw=None) -> int:
        """One die roll, 1..sides: the next scripted result if any (game.script_dice), else the
        generator's. ``why``: what the roll is for, in the rulebook's words (for the game log).
        ``draw``: another source of ``below(n)`` for the unscripted roll (a bot's own stream)."""
        dice = self.dice
        if dice:
            value = dice[0]
            if not 1 <= value <= sides:
                raise ValueError(f"scripted die result {value} is out of range for this roll of a "
                                 f"{sides}-sided die (1..{sides})" + (f" for {why}" if why else ""))
            del dice[0]
            scripted = True
        else:
            value = (draw or self.below)(sides) + 1
            scripted = False
        log = self.log
        if log is not None:
            log.append(("roll", sides, value, scripted, why))
        return value

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
