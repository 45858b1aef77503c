"""The shared COIN-series layer: card-driven sequence of play with eligibility,
the operation / special-activity framework, and board helpers.

Games that are not COIN (John Company) use ``coin_env.core`` only.
"""
