"""Vijayanagara's rules, one module per part of the rulebook:

* ``common``      3.1 / 4.1 costs, free Commands, the Command & Decree timing
* ``commands``    3.2-3.4 Commands (Conscript, Rally, Rebel so far)
* ``decrees``     4.2-4.4 Decrees (Collect Tribute, Trade, Tax, Build so far)
* ``movement``    3.2.2 March, 3.3.2 / 3.4.2 Migrate
* ``attack``      3.2.4 / 3.3.4 / 3.4.4 the Attack Commands
* ``campaign``    4.2.2 Campaign (also on Zenith and Rise, 2.5.1 / 2.5.2)
* ``battle``      1.10 Cavalry and the battle every Attack shares (3.2.4, 3.3.4, 3.4.4, 3.5.3)
* ``mongols``     2.4 Mongol Invasion cards, 3.5 Mongol Commands, 2.6 Timurid Empire cards
* ``succession``  2.5 Succession cards
* ``events``      2.3.4 Event effects (none known)
* ``transfers``   1.5.2 Resources and Cavalry given between factions (option ``transfers``)

MODES collects every named procedure option from the rules modules, in a fixed order.
"""

from . import attack, battle, campaign, commands, decrees, events, mongols, movement, succession, transfers

MODES: list[tuple[str, str]] = [("yes", "yes"), ("no", "no"),
                                ("refill_available", "Influence slot: refill from Available")]
for _module in (commands, movement, attack, decrees, campaign, battle, mongols, succession, events, transfers):
    MODES += list(_module.MODES)
