"""The game-independent layer: the engine (decision stack, actions, saves, RNG), the environments (AEC, gym,
vector), encodings, pictures, play helpers and statistics. It never imports a game (docs/ENGINE.md, "The code
layout"); coin_env/__init__.py re-exports its public names."""
