"""A Distant Plain's rules, one module per part of the rulebook:

* ``turn``            2.3.3 passing, 2.3.8 the Final Event Card, 1.5.1 what is not offered
* ``removal``         removing enemy pieces: Assault 3.2.4, Attack / Ambush 3.3.3, Air Strike 4.2.3
* ``coin_ops``        3.2 COIN Operations: Train, Patrol, Sweep, Assault (Coalition and Government)
* ``insurgent_ops``   3.3 Insurgent Operations: Rally, March, Attack, Terror (Taliban and Warlords)
* ``coalition_sa``    4.2 Surge, Air Lift, Air Strike
* ``government_sa``   4.3 Govern, Transport, Eradicate
* ``taliban_sa``      4.4 Extort, Infiltrate, Ambush
* ``warlords_sa``     4.5 Cultivate, Traffic, Suborn
* ``propaganda``      6.0 Propaganda Rounds, 7.0 victory, 8.5 victory with Non-players
* ``events``          5.0 Event effects known in full (none yet: digest G1)

MODES collects every named procedure option ("mode" actions) from the rules modules, in a fixed
order, for the action vocabulary.
"""

from . import (coalition_sa, coin_ops, events, government_sa, insurgent_ops, propaganda, removal, taliban_sa,
               turn, warlords_sa)

MODES: list[tuple[str, str]] = [("yes", "yes"), ("no", "no")]
for _module in (turn, removal, coin_ops, insurgent_ops, coalition_sa, government_sa, taliban_sa, warlords_sa,
                propaganda, events):
    MODES += list(_module.MODES)
