"""Policy specs: what configs and command lines write to name a policy ``(game, faction, rng) -> action``.

A spec is one of:

* ``"random"``: uniform over the legal actions, drawn from the caller's RNG (coin_env.core.policy_specs);
* a bot's name from the game's registry (registry.game_bots; bots.py seats one as a player);
* a trained checkpoint: ``"checkpoint:PATH"`` or any path ending in ``.zip`` (a MaskablePPO save, checkpoint.py);
* a shipped agent: ``"pretrained:GAME"`` (pretrained.py);
* an RLlib checkpoint: ``"rllib:PATH[#module_id]"`` (rllib.py);
* a search over rollouts: ``"search"`` or ``"search:SPEC?KEY=VALUE&..."`` (search.py; its docstring has the syntax);
* ``"module:attr"``: an importable callable, or a class whose instances are such callables.

Specs resolve through coin_env.core.policy_specs (core knows nothing of agents/): importing this module
registers the forms of this package there (:func:`register_policy_specs`), so every env accepts them. An
installed coin-env also registers them through the entry point ``coin_env.policies`` ->
``agents.policies:register_policy_specs``, so an env resolves a checkpoint without agents having been
imported. :func:`policy_from_spec` turns a spec into a policy for one game; :func:`check_policy` and
:func:`check_bot` do it for a command's input, turning a bad spec into a one-line UsageError.

A new spec form (a search policy, say: ``search.py`` beside this file) is a module of this package with a
``factory(spec, game)``, registered in :func:`register_policy_specs`.
"""

from __future__ import annotations

from coin_env.core.policy_specs import known_policy_names, register_policy_resolver, resolve_policy

from agents.common import UsageError, bots_text, user_errors

from .checkpoint import CheckpointPolicy, is_checkpoint_spec
from .pretrained import pretrained_factory
from .rllib import rllib_factory
from .search import search_factory

def checkpoint_factory(spec: str, game: str | None):
    return CheckpointPolicy(spec, game=game)


def register_policy_specs() -> None:
    """Teach coin_env's policy-spec registry this package's specs (idempotent; the ``coin_env.policies``
    entry point calls it, and importing this module does)."""
    register_policy_resolver("checkpoint:", checkpoint_factory)
    register_policy_resolver("*.zip", checkpoint_factory)
    register_policy_resolver("rllib:", rllib_factory)              # RLlib checkpoints (rllib.py)
    register_policy_resolver("pretrained:", pretrained_factory)    # shipped agents (pretrained.py)
    register_policy_resolver("search", search_factory)             # rollout search (search.py)
    register_policy_resolver("search:", search_factory)


register_policy_specs()


def resolve(spec, game: str | None = None):
    """A policy from a name, a checkpoint spec, a 'module:attr' path or a callable."""
    return resolve_policy(spec, game)


def policy_from_spec(spec, game: str):
    """The policy a spec names for ``game`` (see the module docstring for the spec forms)."""
    return resolve_policy(spec, game)


# --- a command's input: one line, exit code 2 (agents.common.UsageError) --------------------------------------


def spec_label(spec) -> str:
    return spec if isinstance(spec, str) else getattr(spec, "__name__", repr(spec))


def check_policy(spec, game: str, what: str | None = None):
    """Resolve ``spec`` for ``game`` here, in this process; returns the policy or raises UsageError naming
    ``what`` (e.g. "--policy ppo=x.zip"). The checks are the policy-spec registry's
    (coin_env.core.policy_specs and agents.policies): a name of the game, a 'module:attr' that imports and
    can be called as policy(game, faction, rng), a readable checkpoint that fits the game."""
    what = what or f"policy {spec_label(spec)!r}"
    with user_errors(what):
        return policy_from_spec(spec, game)


def check_bot(bot, game: str, what: str = "--bot"):
    """A bot of the game (or any other policy spec that resolves); an unknown name is refused naming the
    game's bots."""
    if isinstance(bot, str) and ":" not in bot and not is_checkpoint_spec(bot) \
            and bot not in known_policy_names(game):       # "random", the game's bots, registered names ("search")
        raise UsageError(f"{what}: unknown bot {bot!r} for {game}; known bots: {bots_text(game)}")
    return check_policy(bot, game, what)
