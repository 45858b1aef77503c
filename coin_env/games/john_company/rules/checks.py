"""Success checks (RB p.17): roll N dice, read the lowest.

1-2 success; 3-4 failure (may try again with fresh resources); 5-6 catastrophic failure (the office
takes no further action; the officeholder returns to its supply; the card goes to Vacant Offices).
Dice come from the game's RNG (``Rng.die``), so ``game.script_dice`` drives them.
"""

from __future__ import annotations


SUCCESS, FAILURE, CATASTROPHE = "success", "failure", "catastrophic failure"


def result_of(lowest: int) -> str:
    if lowest <= 2:
        return SUCCESS
    if lowest <= 4:
        return FAILURE
    return CATASTROPHE


def roll_check(game, n_dice: int, why: str) -> tuple[int, str, list[int]]:
    """Roll ``n_dice`` (>= 1) for a check; returns (lowest die, result, all dice)."""
    if n_dice < 1:
        raise ValueError("a check needs at least one die (RB p.17: no dead actions)")
    rng = game.state.rng
    dice = [rng.die(6, why) for _ in range(n_dice)]
    lowest = min(dice)
    result = result_of(lowest)
    if game.keeps_log:
        game.log_note("check", f"{why}: {n_dice} dice {dice}, lowest {lowest}: {result}", roll=dice, result=result)
    return lowest, result, dice
