"""Evaluation: policies playing seeded games against each other. Above agents.policies; never imports
agents.training or agents.cli.

* ``simulate.py``   -- one seeded game with a policy per seat (:func:`simulate.play_game`); ``coin-env simulate``;
* ``tournament.py`` -- many games in worker processes, each policy resolved once per process;
* ``evaluate.py``   -- ``coin-env evaluate``: policies per seat against the bots, win rates with 95 % CIs;
* ``balance.py``    -- ``coin-env balance``: per-faction win rates, margins, game lengths, plots;
* ``strength.py``   -- ``coin-env strength``: a game's bots against random players.
"""
