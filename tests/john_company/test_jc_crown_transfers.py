"""The Crown's transfers as Director of Trade (HB DoT 2, digest §9.6.6) and Military Affairs (HB MA 1, §9.6.9), and
its firm decisions under Deregulation (HB Firms phase, Revenue 1, London Season 3; digest §9.6.3, §9.6.11, §9.6.1).

Positions put the Crown at its office's first prompt (Chairman slot passed: the Crown's new AI card and climate
are then replaced by the test's own through ``to_position``), the bot answers, the tests read the board.
AI card 1 (arrows: positions 0, 2, 1 of the next card's back): next card 5 (back Madras, Bengal, Bombay) gives the
Presidency order Madras, Bombay, Bengal; next card 2 (Bombay, Madras, Bengal) Bombay, Bengal, Madras; next card 8
(Bengal, Bombay, Madras) Bengal, Madras, Bombay (data/crown.py AI_CARDS). The 1710 set-up's trade routes
(digest §9.2, every open order a trade could reach): Bombay 4, Madras 1, Bengal 4.
"""

import json
import random

import pytest

import coin_env
from coin_env.games.john_company.data import crown as cd

from coin_env.games.john_company import game as jc
from coin_env.games.john_company.bots import CrownBot
from coin_env.games.john_company.bots.crown import TradeRoutes, trade_routes
from jc_helpers import decline_blackmail, labels, play

SOLO = {"families": 1, "crown": True}
OFFICES = ("Chairman", "Director of Trade", "Manager of Shipping", "Military Affairs", "President of Bombay",
           "President of Madras", "President of Bengal")
WEST, SOUTH, EAST = "West Indian Ocean", "South Indian Ocean", "East Indian Ocean"     # Bombay, Madras, Bengal
MADRAS_FIRST, BOMBAY_FIRST, BENGAL_FIRST = 5, 2, 8          # the next AI card under AI card 1


def solo(position, scenario="1710", seed=0):
    g = jc.new_game(scenario, seed=seed, options=dict(SOLO), position=position, debug=True)
    decline_blackmail(g)
    return g


def at_office(office, climate, nxt=MADRAS_FIRST, offices=None, **position):
    """The Crown holding ``office`` at its first prompt of the Operations phase, the other offices as given (else
    vacant), the climate ``climate`` under AI card 1 with AI card ``nxt`` on top of the deck."""
    offs = dict({o: None for o in OFFICES}, **(offices or {}))
    offs[office] = "crown"
    g = solo(dict(position, phase="operations", offices=offs))
    # The family's favour window offers what the current climate allows; the climate is replaced below, so the
    # window is answered first and the position is taken at the Crown's own menu (its options do not hang on it).
    decline_favours(g)
    pos = g.to_position()
    pos.update(climate=climate, ai_card=1, ai_deck=[nxt] + [c for c in range(2, 11) if c != nxt], ai_discards=[])
    g = solo(pos)
    decline_favours(g)
    assert g.current_player() == "crown" and office.split()[-1] in g.prompt(), g.prompt()
    return g


def decline_favours(g, stop=None):
    """The family's transfer favour windows (rules/crown_favours.py, before the Crown's DoT / MA menu): done."""
    while (not g.is_over() and g.current_player() == "benyon" and "a favour with the Crown" in g.prompt()
           and "transfers" in g.prompt() and (stop is None or stop not in g.prompt())):
        play(g, "done")


def crown_acts(g, bot, stop):
    """Apply the bot's answers while the Crown is to act and ``stop`` (a prompt fragment) is not reached (the
    family declining its favour windows)."""
    chosen = []
    decline_favours(g, stop)
    while g.current_player() == "crown" and stop not in g.prompt():
        a = bot(g, "crown")
        chosen.append(g.action_label(a))
        g.apply(a)
        decline_favours(g, stop)
    return chosen


def writers(g, family):
    k = ("benyon", "crown").index(family)
    return [int(x) for x in g.state.writers[(0, 6)[k]]]


def zone_ships(g):
    s = g.state
    return [int((s.ship_zone == z).sum() + s.company_ships[z] + s.extra_ships[z]) for z in range(3)]


def dot_turn(g, bot=None):
    return crown_acts(g, bot or CrownBot(), "Military Affairs")


def ma_turn(g, bot=None):
    return crown_acts(g, bot or CrownBot(), "Officers-in-Training")


# --- Director of Trade: each climate's first entry (HB DoT 2; data DOT_TRANSFERS) -----------------------------------
def test_bull_moves_a_crown_writer_from_the_shortest_to_the_longest_route():
    """Bull 1: Crown writers in Madras (route 1) and Bombay (4): the one in Madras goes to the longest route (Bombay
    and Bengal tie at 4: the AI arrows, Madras-Bombay-Bengal, pick Bombay)."""
    g = at_office("Director of Trade", "Bull", treasuries={"Director of Trade": 0}, ships={}, company_ships={},
                  writers={"crown": {"Madras": 1, "Bombay": 1}})
    chosen = dot_turn(g)
    assert chosen[0] == "transfer a writer"
    assert writers(g, "crown") == [2, 0, 0]
    assert chosen[-1] == "done"           # entry 1 used once; no ship, no player writer: the list ends


def test_ties_of_destination_follow_the_ai_arrows():
    """The same position with AI card 8 next: the order Bengal-Madras-Bombay sends the writer to Bengal."""
    g = at_office("Director of Trade", "Bull", nxt=BENGAL_FIRST, treasuries={"Director of Trade": 0}, ships={},
                  company_ships={}, writers={"crown": {"Madras": 1, "Bombay": 1}})
    dot_turn(g)
    assert writers(g, "crown") == [1, 0, 1]


def test_ties_of_origin_follow_the_ai_arrows_origin_first():
    """Stag 1 with ships in all three zones, two each, every route equal (every order closed but the home ports):
    the origin is the first Presidency by the arrows (Bombay, with card 2 next), then the destination the first of the
    others (Bengal) -- the HB example of three Presidencies with two ships each."""
    closed = {o: "closed" for o in ("B1", "My1", "My2", "Bg1", "M1", "M3")}     # every route: the home port only
    g = at_office("Director of Trade", "Stag", nxt=BOMBAY_FIRST, treasuries={"Director of Trade": 0}, ships={},
                  company_ships={WEST: 2, SOUTH: 2, EAST: 2}, orders=closed, writers={"crown": {}})
    chosen = dot_turn(g)
    assert chosen[:2] == ["transfer a ship", WEST] and chosen[3] == EAST
    assert zone_ships(g) == [1, 2, 3]


def test_stag_moves_a_ship_from_the_shortest_to_the_longest_route_and_picks_the_player_ship():
    """Stag 1: the ship in Madras's zone (route 1) goes to Bombay's (tie with Bengal: arrows). HB example: with a
    player ship and a fatigued Crown ship the Crown moves the player ship."""
    g = at_office("Director of Trade", "Stag", treasuries={"Director of Trade": 0}, company_ships={},
                  ships={"Atlas": {"owner": "crown", "zone": SOUTH, "fatigued": True},
                         "Britannia": {"owner": "benyon", "zone": SOUTH, "fatigued": False}}, writers={"crown": {}})
    chosen = dot_turn(g)
    assert chosen[:3] == ["transfer a ship", SOUTH, "ship Britannia"]
    s = g.state
    assert int(s.ship_zone[1]) == 0 and int(s.ship_zone[0]) == 1          # Britannia to Bombay, Atlas stays


def test_company_ship_moves_before_player_ships():
    g = at_office("Director of Trade", "Stag", treasuries={"Director of Trade": 0}, company_ships={SOUTH: 1},
                  ships={"Britannia": {"owner": "benyon", "zone": SOUTH, "fatigued": False}}, writers={"crown": {}})
    dot_turn(g)
    s = g.state
    assert int(s.company_ships[0]) == 1 and int(s.ship_zone[1]) == 1


def test_lion_moves_a_ship_from_the_fewest_to_the_most_crown_writers():
    """Lion 1: ships in Bombay's and Madras's zones (no Crown writer: tie, arrows Madras first) -> Bengal's (2)."""
    g = at_office("Director of Trade", "Lion", treasuries={"Director of Trade": 0}, ships={},
                  company_ships={WEST: 1, SOUTH: 1}, writers={"crown": {"Bengal": 2}})
    chosen = dot_turn(g)
    assert chosen[:2] == ["transfer a ship", SOUTH] and chosen[3] == EAST


def test_lion_never_moves_against_its_measure():
    """Lion 1 with the only ships where the Crown writers are: no ship moves away from them (entry 2 moves the
    Crown writer in Madras, fewest ships, to Bengal's zone, most ships)."""
    g = at_office("Director of Trade", "Lion", treasuries={"Director of Trade": 0}, ships={},
                  company_ships={EAST: 2}, writers={"crown": {"Bengal": 2, "Madras": 1}})
    chosen = dot_turn(g)
    assert chosen[0] == "transfer a writer"          # entry 1 would move a ship away from the Crown writers
    assert writers(g, "crown") == [0, 0, 3]


def test_bear_moves_a_ship_from_a_player_presidency_to_a_crown_presidency():
    g = at_office("Director of Trade", "Bear", treasuries={"Director of Trade": 0}, ships={},
                  company_ships={WEST: 1, SOUTH: 1},
                  offices={"President of Bombay": "benyon", "President of Bengal": "crown"}, writers={"crown": {}})
    dot_turn(g)
    assert zone_ships(g) == [0, 1, 1]


def test_peacock_moves_a_crown_writer_from_a_player_presidency_to_a_crown_presidency():
    g = at_office("Director of Trade", "Peacock", treasuries={"Director of Trade": 0}, ships={}, company_ships={},
                  offices={"President of Bombay": "benyon", "President of Bengal": "crown"},
                  writers={"crown": {"Bombay": 1, "Madras": 1}})
    dot_turn(g)
    assert writers(g, "crown") == [0, 1, 1]


def test_bull_second_transfer_goes_down_the_list():
    """Bull: entry 1 (a Crown writer) then entry 2 (a ship, Madras -> Bombay), not a second Crown writer."""
    g = at_office("Director of Trade", "Bull", treasuries={"Director of Trade": 0}, ships={},
                  company_ships={SOUTH: 1}, writers={"crown": {"Madras": 2}})
    chosen = dot_turn(g)
    assert writers(g, "crown") == [1, 1, 0]
    assert zone_ships(g) == [1, 0, 0]
    assert chosen.count("transfer a writer") == 1 and chosen.count("transfer a ship") == 1


def test_special_envoy_still_comes_first():
    g = at_office("Director of Trade", "Bull", treasuries={"Director of Trade": 3}, ships={}, company_ships={},
                  writers={"crown": {"Madras": 1}})
    assert g.action_label(CrownBot()(g, "crown")) == "Special Envoy"


def test_a_favour_window_the_climate_no_longer_allows_is_refused_with_one_clear_error():
    """HB DoT 1-2: the family's favours at the Crown DoT's menu hang on the climate (a Special Envoy still due under
    Lion with £3 and a closed order: its amount is the favour on offer; under Peacock no envoy is due). A position
    whose window offers a favour its climate does not allow is refused with one ValueError naming why -- never a
    bare StopIteration from the favour's lookup."""
    offs = dict({o: None for o in OFFICES}, **{"Director of Trade": "crown"})
    g = solo(dict(phase="operations", offices=offs, treasuries={"Director of Trade": 3}, ships={}, company_ships={},
                  writers={"crown": {"Madras": 1}}, ai_card=1, ai_deck=[MADRAS_FIRST, 2, 3, 4, 6, 7, 8, 9, 10],
                  ai_discards=[]))
    assert g.current_player() == "benyon" and "Special Envoy spends" in " ".join(labels(g)), labels(g)
    pos = g.to_position()
    assert pos["climate"] == "Lion" and "in_progress" in pos
    with pytest.raises(ValueError, match="not on offer") as refused:
        solo(dict(pos, climate="Peacock"))
    assert "StopIteration" not in str(refused.value)
    save = json.loads(g.to_json())                            # the same through a save
    save["state"]["fields"]["crown"]["climate"] = cd.PEACOCK
    with pytest.raises(ValueError, match="not on offer") as refused:
        coin_env.load_game(json.dumps(save))
    assert "StopIteration" not in str(refused.value)


# --- Military Affairs (HB MA 1; data MA_TRANSFERS, MA_PIECES) ---------------------------------------------------------
def test_bull_ma_moves_a_regiment_then_a_crown_officer_from_a_player_to_a_crown_presidency():
    g = at_office("Military Affairs", "Bull", regiments={"Bombay": 1, "Madras": 1, "Bengal": 0},
                  officers={"crown": {"Bombay": 1}, "benyon": {"Bombay": 1}}, officers_in_training={},
                  offices={"President of Bombay": "benyon", "President of Bengal": "crown"})
    chosen = ma_turn(g)
    s = g.state
    assert chosen[0] == "transfer a regiment"
    assert [int(s.regiments[p].sum()) for p in range(3)] == [0, 1, 1]
    assert [int(s.officers[6, p].sum()) for p in range(3)] == [0, 0, 1]     # then the Crown officer
    assert [int(s.officers[0, p].sum()) for p in range(3)] == [1, 0, 0]


def test_lion_ma_moves_from_fewest_to_most_ships_and_never_undoes():
    """Lion, one ship each in Madras's and Bengal's zones, none in Bombay's, the only regiment in Madras: first Madras
    -> Bengal (Bombay has fewer ships: never against the measure); the second transfer would bring it back to Madras
    (a tie of ships, arrows Madras first) -- that undoes the first: no second transfer."""
    g = at_office("Military Affairs", "Lion", regiments={"Bombay": 0, "Madras": 1, "Bengal": 0}, officers={},
                  officers_in_training={}, ships={}, company_ships={SOUTH: 1, EAST: 1})
    chosen = ma_turn(g)
    assert [int(g.state.regiments[p].sum()) for p in range(3)] == [0, 0, 1]
    assert chosen.count("transfer a regiment") == 1 and chosen[-1] == "done"


def test_lion_ma_follows_the_ships():
    g = at_office("Military Affairs", "Lion", regiments={"Bombay": 1, "Madras": 0, "Bengal": 1}, officers={},
                  officers_in_training={}, ships={}, company_ships={SOUTH: 2, EAST: 1})
    ma_turn(g)
    assert [int(g.state.regiments[p].sum()) for p in range(3)] == [0, 2, 0]


def test_bear_ma_moves_from_a_player_commander_to_a_crown_commander():
    g = at_office("Military Affairs", "Bear", regiments={"Bombay": 1, "Madras": 1, "Bengal": 0},
                  officers={"benyon": {"Bombay": 1}, "crown": {"Bengal": 1}}, officers_in_training={},
                  commanders={"Bombay": "benyon", "Madras": None, "Bengal": "crown"})
    ma_turn(g)
    s = g.state
    assert [int(s.regiments[p].sum()) for p in range(3)] == [0, 1, 1]
    assert int(s.officers[0, 0].sum()) == 0 and int(s.officers[0, 2].sum()) == 1   # then the player's officer


def test_ma_makes_no_transfer_when_none_fits():
    g = at_office("Military Affairs", "Bull", regiments={"Bombay": 1, "Madras": 0, "Bengal": 0}, officers={},
                  officers_in_training={},
                  offices={"President of Bombay": "crown"})
    assert g.action_label(CrownBot()(g, "crown")) == "done"


# --- firms under Deregulation (HB Firms phase, Revenue 1, London Season 3) --------------------------------------------
def firms_game(climate, court=None, **position):
    """Long 1710, deregulated, at the Firms phase (PM Benyon: Benyon acts first, then the Crown); Benyon forms a
    firm with a Company share."""
    pos = dict(phase="hiring", laws_in_force=["Deregulation"], climate=climate, pm="benyon",
               court=court or {"crown": 4, "benyon": 2}, offices={"Chairman": None}, **position)
    g = solo(pos, scenario="Long 1710")
    play(g, "form a firm")
    return g


def test_lion_with_a_share_majority_invests_once_others_have_finished():
    g = firms_game("Lion")
    bot = CrownBot()
    play(g, "done")
    assert g.current_player() == "crown" and g.action_label(bot(g, "crown")) == "invest in the firm of Benyon"
    assert "after the families" in g.prompt()                   # the engine's one Crown step (rules/firms.py)
    g.apply(bot(g, "crown"))
    play(g, "yes")                                               # Benyon, the manager, consents
    assert g.state.firms["firms"][0]["shares"][6] == 1 and int(g.state.court[6]) == 3
    assert "firm investment" not in g.prompt()                   # once: the investment step is over


@pytest.mark.parametrize("climate", ["Bull", "Stag"])
def test_bull_and_stag_do_not_invest(climate):
    g = firms_game(climate)
    play(g, "done")
    assert g.action_label(CrownBot()(g, "crown")) == "done"


def test_no_investment_without_a_majority_of_company_shares():
    g = firms_game("Bear", court={"crown": 2, "benyon": 3})
    play(g, "done")
    assert g.action_label(CrownBot()(g, "crown")) == "done"


def test_no_investment_that_would_give_the_crown_the_firms_majority():
    """Benyon 1 share, the Crown 1 (set by a position): a second would give it 2 of 3."""
    g = crown_shareholder("Peacock")
    bot = CrownBot()
    play(g, "done")
    assert g.current_player() == "crown" and "invest in the firm of Benyon" in labels(g)
    assert g.action_label(bot(g, "crown")) == "done"


def test_pays_with_a_company_share_before_a_workshop():
    g = firms_game("Lion", workshops={"crown": 1})
    bot = CrownBot()
    play(g, "done")
    g.apply(bot(g, "crown"))
    play(g, "yes")
    assert "pay with a Company share" in labels(g) and "pay with a workshop (invested)" in labels(g)
    assert g.action_label(bot(g, "crown")) == "pay with a Company share"
    g.apply(bot(g, "crown"))
    assert "firm investment" not in g.prompt()                   # the Crown's one step ends with its payment


def crown_shareholder(climate):
    """Benyon manages a firm in which the Crown holds one share (a position), at Benyon's investment turn."""
    g = firms_game(climate)
    pos = g.to_position()
    pos["firms"]["firms"][0]["shares"][6] = 1
    pos.pop("supply")                                            # derived: recounted with the firm share
    return jc.new_game("Long 1710", seed=0, options=g.options, position=pos)


def test_consents_to_a_dissolution():
    g = crown_shareholder("Lion")
    bot = CrownBot()
    play(g, "dissolve the firm")
    assert g.current_player() == "crown" and "dissolving" in g.prompt()
    assert g.action_label(bot(g, "crown")) == "yes"


def crown_prompts(fragment, seeds=range(12)):
    """Deregulated Long 1710 games in which Benyon forms a firm, consents to everything and fits its ship (the bot
    otherwise, both seats), the Crown Lion with a share majority: each Crown prompt containing ``fragment`` with the
    bot's answer."""
    found = []
    for seed in seeds:
        g = jc.new_game("Long 1710", seed=seed, options=dict(SOLO), debug=True, position=dict(
            phase="hiring", laws_in_force=["Deregulation"], climate="Lion", pm="benyon",
            court={"crown": 4, "benyon": 3},
            cash={"benyon": 20, "crown": 30}, offices={"Chairman": None},
            ships={"Atlas": {"owner": "benyon", "zone": None, "fatigued": False}}))
        decline_blackmail(g)
        play(g, "form a firm")
        bot = CrownBot()
        for _ in range(3000):
            if g.is_over():
                break
            who = g.current_player()
            if who == "crown":
                a = bot(g, who)
                if fragment in g.prompt():
                    found.append((g, a))
                    break
            else:
                lab = labels(g)
                pick = next((x for x in ("yes", "fit a ship for the firm") if x in lab), None)
                a = g.legal_actions()[lab.index(pick)] if pick else bot(g, who)
            g.apply(a)
        if len(found) >= 2:
            break
    return found


def test_never_makes_an_emergency_investment():
    found = crown_prompts("emergency investment")
    assert found, "no emergency investment asked of the Crown in these games"
    for g, a in found:
        assert g.action_label(a) == "no"


def test_special_retirement_takes_the_highest_vp_affordable_box():
    found = crown_prompts("special retirement")
    assert found, "no special retirement offered to the Crown in these games"
    for g, a in found:
        prizes = g.state.data.prizes
        offered = [int(lab.split()[-1]) - 1 for lab in labels(g) if lab.startswith("prize box")]
        best = max(offered, key=lambda b: (prizes[b][2], prizes[b][0], b))
        assert g.action_label(a) == f"prize box {best + 1}"


# --- whole games ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario,seed", [("1710", 1), ("Long 1710", 2), ("1710", 3), ("Long 1710", 4)])
def test_whole_games_leave_no_transfer_or_firm_decision_to_the_fallback(scenario, seed):
    bot = CrownBot()
    g = jc.new_game(scenario, seed=seed * 2**32, options=dict(SOLO))
    rng = random.Random(seed)
    while not g.is_over():
        who = g.current_player()
        g.apply(bot(g, who) if who == "crown" or seed % 2 else rng.choice(g.legal_actions()))
    assert not [k for k in bot.fallbacks if k.startswith(("dot_", "ma_", "firms_", "consent"))]


def test_trade_routes_read_lazily_are_the_whole_list():
    """DoT's trade routes (digest §9.2) are computed only when an entry measures them: each equals the full list's,
    at every Director of Trade decision of a game."""
    bot = CrownBot()
    g = jc.new_game("1710", seed=3 * 2**32, options=dict(SOLO))
    rng, seen = random.Random(3), 0
    while not g.is_over():
        if "Director of Trade" in g.prompt():
            routes = TradeRoutes(g)
            assert [routes[p] for p in (2, 0, 1)] == [trade_routes(g)[p] for p in (2, 0, 1)]
            seen += 1
        who = g.current_player()
        g.apply(bot(g, who) if who == "crown" else rng.choice(g.legal_actions()))
    assert seen
