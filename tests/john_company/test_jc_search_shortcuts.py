"""The rules' shortcuts in searches give the plain searches' answers: the regions a President may declare
(rules/operations_presidency.py _declarable: with the home region declared, one search of the declared regions and
the orders they link to, nearest_new_orders) equal the region-by-region search's, at every trade declaration of whole
seeded games."""

from coin_env.games.john_company import game as jc
from coin_env.games.john_company.bots import CrownBot
from coin_env.games.john_company.queries import reach
from coin_env.games.john_company.rules.operations_presidency import _declarable, ships_in_zone
from coin_env.games.john_company.static import (N_REGIONS, PRESIDENCY_HOME_REGION, PRESIDENCY_ZONE, PRESIDENT_TREASURY,
                                               REGION_ORDERS)


def _every_region(game, p, declared):
    """_declarable written plainly: every undeclared region searched."""
    s = game.state
    k = ships_in_zone(s, PRESIDENCY_ZONE[p])
    if int(s.treasury[PRESIDENT_TREASURY[p]]) < len(declared) + 1:
        return []
    return [r for r in range(N_REGIONS) if r not in declared
            and any(reach(game, p, set(declared) | {r}).get(o, 99) <= k for o in REGION_ORDERS[r])]


def test_declarable_regions_equal_the_plain_search():
    """At each trade decision: the regions declared so far, and (the shortcut's guard) lists without the home region."""
    seen = 0
    for options, seed in [({"families": 4}, 31), ({"families": 1, "crown": True}, 32), ({"families": 3}, 33),
                          ({"families": 5}, 34), ({"families": 2}, 35)]:
        g = jc.new_game("1710", seed=seed, options=options)
        bot = CrownBot()
        while not g.is_over():
            frame = g.prompt_frame()
            if frame.get("then") in ("trade_chosen", "trade_declared"):
                p = frame["p"]
                declared = frame.get("declared") or [PRESIDENCY_HOME_REGION[p]]
                for regions in (declared, [r for r in declared if r != PRESIDENCY_HOME_REGION[p]]):
                    assert _declarable(g, p, regions) == _every_region(g, p, regions)
                seen += 1
            g.apply(bot(g, g.current_player()))
    assert seen >= 20
