"""coin-env: reinforcement-learning environments for GMT's COIN-series board games.

    import coin_env
    coin_env.list_games()
    game = coin_env.make_game("gandhi", scenario="short", seed=0)
    env = coin_env.env("gandhi")            # PettingZoo AEC
    genv = coin_env.gym_env("gandhi", seat="congress", opponents="random")
"""

from .core.game import EngineError, IllegalActionError
from .core.play import advance_to_seat, labels, play, play_until
from .core.registry import list_games, load_game, make_game

__all__ = ["list_games", "make_game", "load_game", "play", "labels", "play_until", "advance_to_seat", "IllegalActionError", "EngineError",
           "env", "gym_env", "vector_env"]
__version__ = "0.2.0"


def env(game: str, **kwargs):
    """A PettingZoo AEC environment for ``game`` (see coin_env.core.aec_env.CoinAECEnv)."""
    from .core.aec_env import CoinAECEnv
    return CoinAECEnv(game=game, **kwargs)


def gym_env(game: str, **kwargs):
    """A single-agent gymnasium environment for one seat (see coin_env.core.gym_env.CoinGymEnv)."""
    from .core.gym_env import CoinGymEnv
    return CoinGymEnv(game=game, **kwargs)


def vector_env(game: str, num_envs: int, **kwargs):
    """A batched gymnasium VectorEnv of ``num_envs`` single-seat games (see coin_env.core.vector_env)."""
    from .core.vector_env import CoinVectorEnv
    return CoinVectorEnv(num_envs, game=game, **kwargs)
