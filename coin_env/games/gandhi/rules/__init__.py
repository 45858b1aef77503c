"""Gandhi's rules, one module per part of the rulebook:

* ``turn``            2.3.3 pass effects, end-of-turn effects (Gandhi arrested, Crisis 6.8)
* ``removal``         1.4.4 targeting, removing and arresting adversary pieces (shared by many procedures)
* ``raj``             3.2 Raj Operations, 4.2 Raj Special Activities
* ``nonviolent``      3.3 Congress / Muslim League Operations, 4.3 / 4.4 their Special Activities
* ``revolutionaries`` 3.4 Revolutionaries Operations, 4.5 their Special Activities
* ``campaign``        6.0 Campaign Rounds, 7.0 victory

MODES collects every named procedure option ("mode" actions) from the rules modules,
in a fixed order, for the action vocabulary.
"""

from . import campaign, nonviolent, raj, removal, revolutionaries, turn

MODES: list[tuple[str, str]] = [("yes", "yes"), ("no", "no")]
for _module in (turn, removal, raj, nonviolent, revolutionaries, campaign):
    MODES += list(_module.MODES)
