"""The official non-player bots in player seats, and the two seat-rules settings.

A policy is ``(game, faction, rng) -> action``; a game's bots (registry.game_bots, resolved by name in
coin_env.core.policy_specs) are such policies for the seats that are *non-players* of the game. Here:

* :data:`SEAT_RULES`: ``player`` (the learner's seats are players, the bots' seats non-players) or
  ``non_player`` (every seat plays by the bots' rules); :func:`rules_options` gives a game's options for one;
* :class:`BotAsPlayer` / :func:`as_player`: a bot answering the decisions of a player seat.
"""

from __future__ import annotations

from coin_env.coin.bots import BotError


SEAT_RULES = ("player", "non_player")


class BotAsPlayer:
    """A non-player bot (a :class:`coin_env.coin.bots.NonPlayerBot`) playing a seat that is a *player* of the
    game (not in ``options.non_players``): the bot's section-8 procedure answers the same decisions, but the
    game applies the player rules to the seat (it pays for Operations, 7.x / 8.10 victory ...). Used where a
    bot must sit in exactly the setting a learner plays (``seat_rules: player``); the procedures assume the
    non-player rules, so read the result as the bot's level under those rules, not as a competent player's.

    A game whose bot needs more than the flag to play a player seat (say, a deck that holds only the
    non-players' cards) gives the bot a method ``prepare_as_player(game, faction, rng)``, called before each
    decision; the rule lives with the game's bot, not here.

    The bot decides with its seat flagged a non-player for the length of the decision (its procedure and its
    probes read that flag), and the game's options are restored before the action is applied; the answer must
    be legal under the player rules (else ``BotError``)."""

    non_player = False

    def __init__(self, bot):
        if not callable(getattr(bot, "decide_for", None)):
            raise ValueError(f"{bot!r} is not a non-player bot (no decide_for): only a game's bots "
                             f"can be made to play a player seat")
        self.bot = bot

    def __repr__(self):
        return f"BotAsPlayer({getattr(self.bot, 'name', None) or type(self.bot).__name__})"

    def __call__(self, game, faction, rng=None) -> int:
        legal = game.legal_actions()        # the player-rules decision, computed before anything below
        prepare = getattr(self.bot, "prepare_as_player", None)
        if prepare is not None:             # the game's own rule for its bot in a player seat (e.g. a deck)
            prepare(game, faction, rng)
        options = game.options
        # The procedure (and its "is this Event effective?" probes on clones) runs with the seat flagged a
        # non-player, as it is written for; the answer must be legal in the real game (the cached legal set
        # above is the player rules' one, and decide_for checks against it). The game's options are restored
        # before returning, whatever happens.
        game.options = dict(options, non_players=sorted(set(options.get("non_players") or ()) | {faction}))
        try:
            action = self.bot.decide_for(game, faction)
        finally:
            game.options = options
        if action not in legal:             # decide_for checks it already; a second look costs nothing
            raise BotError(f"{self!r} {faction} chose illegal action {action} at {game.prompt()!r}")
        return action


def as_player(policy):
    """``policy`` able to play a seat under the player rules: a non-player bot is wrapped in
    :class:`BotAsPlayer`; any other policy (random, checkpoints, ``module:attr``) is returned as it is."""
    return BotAsPlayer(policy) if getattr(policy, "non_player", False) else policy


def rules_options(options: dict, factions, seat_rules: str) -> dict:
    """``options`` for a seat-rules setting: ``non_player`` adds every one of ``factions`` to the game's
    ``non_players`` option; ``player`` leaves the options as they are."""
    out = dict(options)
    if seat_rules == "non_player":
        out["non_players"] = sorted(set(out.get("non_players") or ()) | set(factions))
    return out
