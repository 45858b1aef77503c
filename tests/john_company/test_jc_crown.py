"""Solo against the Crown (option crown; RB p.43-46, Crown Handbook, solo aid) and the crown bot."""

import json
import random

import pytest

from coin_env.games.john_company import game as jc
from coin_env.games.john_company.bots import BotError, CrownBot
from coin_env.games.john_company.data import crown as cd
from coin_env.games.john_company.data_facts import DataPackError
from coin_env.games.john_company import queries
from coin_env.games.john_company.rules import crown as crown_rules
from jc_helpers import decline_blackmail, labels, play

SOLO = {"families": 1, "crown": True}


def solo(seed=0, position=None, debug=True, log=False, dice=None, **options):
    g = jc.new_game("1710", seed=seed, options=dict(SOLO, **options), position=position, debug=debug, log=log,
                    dice=dice)
    decline_blackmail(g)
    return g


def run(game, bot, family_random=None, limit=20000):
    """Play to the end: the bot plays the Crown (and the family too without ``family_random``)."""
    n = 0
    while not game.is_over():
        who = game.current_player()
        legal = game.legal_actions()
        if who == "crown" or family_random is None:
            a = bot(game, who)
            assert a in legal, (game.prompt(), a)
        else:
            a = family_random.choice(legal)
        game.apply(a)
        n += 1
        assert n < limit, "game does not end"
    return n


# --- options and set-up (RB p.45-46, AID Setup) ---------------------------------------------------------------
def test_crown_option_needs_solo_and_a_known_difficulty():
    with pytest.raises(ValueError, match="families"):
        jc.new_game("1710", 0, {"families": 2, "crown": True})
    with pytest.raises(ValueError, match="crown_difficulty"):
        jc.new_game("1710", 0, dict(SOLO, crown_difficulty="impossible"))
    with pytest.raises(ValueError, match="needs 'crown'"):
        jc.new_game("1710", 0, {"families": 1, "crown_difficulty": "hard"})
    assert jc.new_game("1710", 0, {"families": 1}).state.crown is None      # default: the Crown is a family seat


@pytest.mark.parametrize("level,cubes,cards", [("easy", (6, 6), 8), ("normal", (6, 6), 8), ("hard", (10, 2), 8),
                                               ("expert", (10, 2), 11), ("legendary", (12, 0), 14)])
def test_difficulty_cubes_and_extra_setup_cards(level, cubes, cards):
    """RB p.46 / AID Setup: promise cubes Crown / you; Expert +3 and Legendary +6 setup cards to the Crown."""
    g = solo(3, crown_difficulty=level)
    cr = g.state.crown
    assert (cr["cubes"]["crown"], cr["cubes"]["family"]) == cubes
    assert len(g.state.setup_cards[6]) == cards
    assert len(g.state.setup_cards[0]) == 4


def test_setup_reveals_an_ai_card_and_sets_the_climate_from_its_chart():
    """RB p.45: the top AI card is revealed and the climate set from its chart; the other nine stay facedown."""
    g = solo(5)
    cr = g.state.crown
    assert len(cr["deck"]) == 9 and cr["card"] not in cr["deck"]
    card = next(c for c in g.data.crown_ai_cards if c["id"] == cr["card"])
    assert cr["climate"] == crown_rules.chart_climate(g.state, card)


def test_ai_card_1_standing_first_or_second_place_is_peacock():
    """RB p.45 figure (digest T23): card 1's chart -- Standing in the first or second place -> Peacock."""
    g = solo(0, position={"standing": 2, "ai_card": 1})
    card1 = g.data.crown_ai_cards[0]
    assert crown_rules.chart_climate(g.state, card1) == cd.PEACOCK
    g = solo(0, position={"standing": 4, "ai_card": 1})
    assert crown_rules.chart_climate(g.state, card1) == cd.BULL


def test_climate_shift_table_examples():
    """HB Climate Shift (digest T24): Standing 3, 3 successes -- from Lion right 1 then left 1 (Lion); from
    Peacock right 0 (edge) then left 1 (Bear); plus the table's corners."""
    assert crown_rules.shift(cd.LION, 3, 3) == cd.LION
    assert crown_rules.shift(cd.PEACOCK, 3, 3) == cd.BEAR
    assert crown_rules.shift(cd.BULL, 6, 1) == cd.BULL            # 2/2 at Standing 1: right 2, then left 2
    assert crown_rules.shift(cd.STAG, 0, 7) == cd.BULL           # 0/2: left 2, bounded at Bull
    assert crown_rules.shift(cd.BULL, 2, 1) == cd.LION           # 2/0 at Standing 1
    assert crown_rules.shift(cd.LION, 1, 5) == cd.STAG           # 0/1 at Standing 5


def test_climate_shift_rolls_six_dice_at_parliament():
    """HB Parliament: with the Crown Prime Minister the Climate Shift comes first, with 6 dice (scripted here:
    3 successes at Standing 3)."""
    g = jc.new_game("1710", 0, SOLO, position={"phase": "parliament", "standing": 3, "climate": "Lion", "pm": "crown"},
                    log=True, dice=[1, 2, 1, 5, 6, 4])
    assert g.state.crown["climate"] == cd.LION
    assert any("Climate Shift" in e["text"] for e in g.log)
    g = jc.new_game("1710", 0, SOLO, position={"phase": "parliament", "standing": 3, "climate": "Peacock",
                                               "pm": "crown"}, dice=[1, 2, 1, 5, 6, 4])
    assert g.state.crown["climate"] == cd.BEAR


@pytest.mark.parametrize("cash,votes", [(0, 0), (3, 0), (4, 1), (6, 1), (7, 2), (9, 2), (10, 2), (11, 3), (14, 3),
                                        (15, 4), (40, 4)])
def test_free_votes_by_treasury(cash, votes):
    """HB Parliament (digest T25: £9 -> +2)."""
    g = solo(0, position={"cash": {"crown": cash}})
    assert queries.extra_votes(g.state) == votes


def test_set_climate_once_a_turn_in_the_chairman_slot():
    """RB p.45: a new AI card each turn during the Chairman's operation."""
    bot = CrownBot()
    g = solo(1, log=True)
    seen = []
    while not g.is_over() and g.state.turn == 1:
        g.apply(bot(g, g.current_player()))
        seen.append((g.state.phase, g.state.crown["card"]))
    flips = [e for e in g.log if e["kind"] == "crown" and "reveals AI card" in e["text"]]
    assert len(flips) == 1
    assert len(g.state.crown["discards"]) == 1


def test_crown_takes_two_family_actions_without_the_opportunity_marker():
    """HB Family: two actions, first viable entries of the climate queue; no opportunity marker."""
    g = solo(0, position={"phase": "family", "climate": "Peacock", "cash": {"crown": 20, "benyon": 0},
                          "offices": {"Manager of Shipping": "benyon"}, "chairman_title": "crown"})
    bot = CrownBot()
    s = g.state
    workshops, luxuries = int(s.workshops[6]), int(s.luxuries[6])
    while g.current_player() == "crown":
        g.apply(bot(g, "crown"))
    assert (int(s.workshops[6]), int(s.luxuries[6])) == (workshops + 1, luxuries + 1)   # Peacock: workshop, luxury
    assert s.opportunity[6] is None


def test_bull_seeks_the_rightmost_cheapest_share_space():
    """HB Family, Seek Share: the cheapest empty Stock Exchange space; among £3 spaces the rightmost."""
    g = solo(0, position={"phase": "family", "climate": "Bull", "cash": {"crown": 20},
                          "stock_exchange": ["benyon", None, None, None, None], "chairman_title": "crown"})
    bot = CrownBot()
    while "blackmail" in g.prompt():             # the Crown never plays its blackmail cards (HB)
        g.apply(bot(g, g.current_player()))
    assert g.prompt().startswith("Crown: choose family action 1")
    g.apply(bot(g, "crown"))                     # Seek Share (first in the Bull queue)
    assert "Stock Exchange" in g.prompt()
    assert g.action_label(bot(g, "crown")) == "Stock Exchange space 3"


def test_free_writer_with_four_vacant_offices():
    """HB Family step 1: with at least 4 vacant offices the Crown first enlists a free writer."""
    vacant = {o: None for o in ("Chairman", "Director of Trade", "Manager of Shipping", "Military Affairs",
                                "President of Bombay")}
    g = solo(0, position={"phase": "family", "offices": vacant, "chairman_title": "crown", "climate": "Bear"},
             log=True)
    assert "enlist a writer" in g.prompt() or "free writer" in g.prompt()
    assert any("free writer" in e["text"] for e in g.log)


def test_london_retirement_budget_example():
    """HB/AID London Season (digest T26): treasury £15 -> budget £8 -> the most expensive prize costing <= £8."""
    g = solo(0, position={"phase": "london_season", "turn": 2, "cash": {"crown": 15}})
    bot = CrownBot()
    while not g.is_over() and not (g.current_player() == "crown" and "retire a pensioner" in g.prompt()):
        g.apply(bot(g, g.current_player()))
        if g.state.phase != "london_season":
            pytest.skip("no Crown pensioner this seed")
    assert g.action_label(bot(g, "crown")) == "prize box 3"          # £8 prize (data: £2/£4/£8/£14/£20)


def test_crown_pm_draws_up_to_the_shaded_position_and_selects_the_last_law():
    """HB Parliament 2: the Crown PM draws laws up to the number at the AI card's shaded position (card 3:
    the third) and selects the last drawn (a dilemma stops the draw and is selected by the engine)."""
    bot = CrownBot()
    g = solo(0, position={"climate": "Peacock", "ai_card": 3, "pm": "crown", "phase": "parliament",
                          "law_deck": ["Calico Acts", "Envoy to China", "Army Spending"]}, dice=[6] * 6)
    play(g, "done")                                  # the family's favour window (HB Parliament 2: stop / skip)
    assert g.action_label(bot(g, "crown")) == "draw another law"
    g.apply(bot(g, "crown"))
    play(g, "done")
    assert g.action_label(bot(g, "crown")) == "draw another law"
    g.apply(bot(g, "crown"))                         # the third law: nothing left to stop or skip, no window
    assert g.action_label(bot(g, "crown")) == "law Army Spending"


def test_dividends_keep_the_climate_floor():
    """HB Revenue 3: one dividend if able, then more while the Balance stays at least the climate's floor."""
    from coin_env.games.john_company.rules.revenue import shares
    bot = CrownBot()
    for climate, floor in zip(cd.CLIMATES, cd.DIVIDEND_FLOOR[0]):
        g = solo(0, position={"climate": climate, "offices": {"Chairman": "crown"}, "balance": 30})
        per = shares(g.state)
        n = 1
        while 30 - (n + 1) * per >= floor:
            n += 1
        assert bot.dividends(g.state) == n


def test_voting_plan():
    """HB voting plan (digest appendix A): Debt Restructure for Bull/Stag only; Tenure Limits unless Chairman."""
    bot = CrownBot()
    g = solo(0, position={"climate": "Stag"})
    assert bot.votes_for(g.state, 35)
    g = solo(0, position={"climate": "Bear"})
    assert not bot.votes_for(g.state, 35)
    g = solo(0, position={"offices": {"Chairman": "crown"}})
    assert not bot.votes_for(g.state, 37)
    g = solo(0, position={"offices": {"Chairman": "benyon"}})
    assert bot.votes_for(g.state, 37)


def test_chairman_allocation_bull():
    """HB Chairman 3, Bull: £4 to each Presidency with an open home port, then £5 to the DoT, rest to Shipping."""
    bot = CrownBot()
    g = solo(0, position={"climate": "Bull", "orders": {"B3": "open", "Ma1": "open", "Bg2": "closed"}})
    plan = bot.allocation(g.state, 0, 20)
    assert plan[2] == 4 and plan[3] == 4 and plan[4] == 0 and plan[0] == 5 and plan[1] == 7
    assert sum(bot.allocation(g.state, 0, 6)) == 6


# --- the bot answers every decision, legally and deterministically -----------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_crown_bot_plays_whole_games_against_random(seed):
    bot = CrownBot()
    g = solo(seed)
    run(g, bot, random.Random(seed))
    assert g.result()["complete"]


@pytest.mark.parametrize("seed", range(6))
def test_crown_bot_plays_both_seats(seed):
    bot = CrownBot()
    g = solo(seed, crown_difficulty=["easy", "normal", "hard", "expert", "legendary", "normal"][seed])
    run(g, bot)
    assert g.result()["complete"]


def test_crown_bot_without_the_option_plays_the_crown_seat():
    bot = CrownBot()
    g = jc.new_game("1710", 2, {"families": 1}, debug=True)
    run(g, bot, random.Random(2))
    assert g.result()["complete"]


def test_bot_is_deterministic_and_leaves_the_game_unchanged():
    bot = CrownBot()
    results = []
    for _ in range(2):
        g = solo(7, debug=False)
        actions = []
        while not g.is_over():
            before = g.to_json()
            a = bot(g, g.current_player())
            assert g.to_json() == before              # deciding never changes the game (nor its dice)
            actions.append(a)
            g.apply(a)
        results.append((actions, json.dumps(g.result(), sort_keys=True)))
    assert results[0] == results[1]


def test_bot_refuses_other_seats_decisions():
    bot = CrownBot()
    g = solo(0)
    other = "benyon" if g.current_player() == "crown" else "crown"
    with pytest.raises(BotError, match="asked to play"):
        bot(g, other)


def test_registered_as_bot():
    assert jc.BOTS == {"crown": "coin_env.games.john_company.bots.crown:CrownBot"}
    assert CrownBot.official is False and "Crown Handbook" in CrownBot.label


# --- saves, views, data packs ---------------------------------------------------------------------------------
def test_save_load_and_determinize_keep_the_crown():
    bot = CrownBot()
    g = solo(4)
    for _ in range(40):
        g.apply(bot(g, g.current_player()))
    h = jc.load_game(g.to_json())
    assert h.state.crown == g.state.crown
    v = g.view("benyon")
    assert "deck" not in v["fields"]["crown"] and v["fields"]["crown"]["deck_size"] == len(g.state.crown["deck"])
    d = g.determinize("benyon", 11)
    assert sorted(d.state.crown["deck"]) == sorted(g.state.crown["deck"])
    back = lambda s, c: next(x for x in s.data.crown_ai_cards if x["id"] == c)["back"]   # noqa: E731
    assert back(d.state, d.state.crown["deck"][-1]) == back(g.state, g.state.crown["deck"][-1])


def test_owner_pack_replaces_the_ai_cards():
    cards = [dict(c, chart=[list(r) for r in c["chart"]], back=list(c["back"]), ranks=list(c["ranks"]),
                  regions=list(c["regions"])) for c in cd.AI_CARDS]
    cards = [{k: v for k, v in c.items() if k != "prov"} for c in cards]
    for c in cards:
        c["chart"], c["default"] = [], cd.LION
    g = jc.new_game("1710", 0, dict(SOLO, data_pack={"crown_ai_cards": cards}))
    assert g.state.crown["climate"] == cd.LION
    with pytest.raises(DataPackError, match="crown_ai_cards"):
        jc.new_game("1710", 0, dict(SOLO, data_pack={"crown_ai_cards": [{"id": 1}]}))


def test_illegal_action_in_solo_leaves_the_game_unchanged():
    g = solo(0)
    before = g.to_json()
    with pytest.raises(ValueError):
        g.apply(10**6)
    assert g.to_json() == before
    play  # noqa: B018 (helper kept for label-driven tests)


def test_crown_votes_first_and_may_vote_against_as_pm():
    """HB Parliament: the Crown always votes first, and may vote against even as Prime Minister."""
    g = solo(0, position={"phase": "parliament", "pm": "crown", "law_deck": ["Board of Control"], "dial": 8,
                          "cash": {"crown": 9, "benyon": 5}}, dice=[6] * 6)
    play(g, "done", "law Board of Control", "done", "turn the dial counter-clockwise")    # done: no law / dial favour
    assert g.current_player() == "crown" and "vote against" in labels(g)
    g = solo(0, position={"phase": "parliament", "pm": "benyon", "law_deck": ["Board of Control"], "dial": 8,
                          "cash": {"crown": 9, "benyon": 5}}, dice=[6] * 6)
    play(g, "law Board of Control", "turn the dial counter-clockwise")
    assert g.current_player() == "crown" and "vote on" in g.prompt()


def test_crown_free_votes_are_added_once():
    """HB Parliament (digest T25): treasury £9 -> 2 free votes added to the Crown's cast votes."""
    g = solo(0, position={"phase": "parliament", "pm": "benyon", "law_deck": ["Board of Control"], "dial": 8,
                          "cash": {"crown": 9, "benyon": 5}, "ships": {}}, dice=[6] * 6)
    play(g, "law Board of Control", "turn the dial counter-clockwise", "vote against", "1")
    assert g.state.cash[6] == 8
    frame = g.state.frames[-1]
    assert frame["vote"]["support"] == 0 - 1 - 2 and frame["vote"]["crown_free"]


def test_every_crown_decision_has_a_handbook_procedure_in_these_games():
    """Coverage: over 20 seeded games (the Crown against random play and against itself) no decision falls
    back to the bot's die (CrownBot.fallbacks counts those)."""
    bot = CrownBot()
    for seed in range(20):
        g = solo(seed, debug=False)
        rng = random.Random(seed)
        while not g.is_over():
            who = g.current_player()
            g.apply(bot(g, who) if who == "crown" or seed % 2 else rng.choice(g.legal_actions()))
    assert dict(bot.fallbacks) == {}


def test_ai_card_6_counts_all_company_shares():
    """AI card 6's climate chart (BGA AICard_06, digest Appendix E): 9+ Company shares (the Court of every family
    plus the Chairman's piece) -> Lion, 7+ -> Bear, else Bull. The Crown's own shares alone are not the measure:
    here the Crown has 1 share and the Company 7 (6 in the Court + the Chairman), so the climate is Bear."""
    card6 = next(c for c in cd.AI_CARDS if c["id"] == 6)
    g = solo(0, position={"ai_card": 6, "court": {"benyon": 5, "crown": 1}, "offices": {"Chairman": "benyon"}})
    assert crown_rules.chart_climate(g.state, card6) == cd.BEAR
    g = solo(0, position={"ai_card": 6, "court": {"benyon": 7, "crown": 1}, "offices": {"Chairman": "benyon"}})
    assert crown_rules.chart_climate(g.state, card6) == cd.LION
    g = solo(0, position={"ai_card": 6, "court": {"benyon": 4, "crown": 1}, "offices": {"Chairman": "benyon"}})
    assert crown_rules.chart_climate(g.state, card6) == cd.BULL


def _items_on(game, seat):
    """What the setup cards a seat holds list, counted once each (RB p.5 step 10)."""
    cards = {c[0]: c for c in game.data.setup_cards}
    items = [item for number in game.to_position()["setup_cards"][seat] for item in cards[number][2]]
    return {"cash": sum(i[1] for i in items if i[0] == "cash"),
            "court": sum(1 for i in items if i[0] == "share"),
            "officers_in_training": sum(1 for i in items if i[0] == "officer_in_training"),
            "luxuries": sum(1 for i in items if i[0] == "luxury")}


@pytest.mark.parametrize("seed", [112, 3])
def test_expert_extra_setup_cards_are_taken_once_with_the_drawn_deal(seed):
    """RB p.46 / AID Setup: Expert gives the Crown three extra setup cards; with the solo draw (RB p.43) the Crown
    takes what each of its 11 cards lists once, after the draw (seed 112 took the three extras twice)."""
    import coin_env
    g = coin_env.make_game("john_company", seed=seed, options=dict(SOLO, crown_difficulty="expert",
                                                                     setup_deal="draw"))
    while "setup card" in g.prompt():
        g.apply(g.legal_actions()[0])
    pos = g.to_position()
    assert len(pos["setup_cards"]["crown"]) == 11
    want = _items_on(g, "crown")
    got = {k: pos[k]["crown"] for k in want}
    assert got == want
    assert pos["vp"]["crown"] == want["luxuries"] * 2       # a luxury is worth 2 VP (RB p.5)


def test_climate_shift_comes_after_the_family_pm_sets_law_dial_and_support_hb():
    """Crown Handbook, Parliament when you are PM (solo aid 20): choose the law, turn the dial, set the support,
    then the Climate Shift (6 dice), then the votes: the family chooses under the old climate."""
    import coin_env
    g = coin_env.make_game("john_company", seed=0, options=SOLO, log=True, dice=[1, 2, 1, 5, 6, 4],
                           position={"phase": "parliament", "pm": "benyon", "standing": 3, "climate": "Peacock",
                                     "dial": 0, "law_deck": ["Calico Acts"], "cash": {"benyon": 0}})
    assert g.current_player() == "benyon" and g.to_position()["climate"] == "Peacock"
    play(g, "law Calico Acts")
    assert g.to_position()["climate"] == "Peacock"
    play(g, "turn the dial clockwise")
    assert g.to_position()["climate"] == "Bear"      # 3 successes at Standing 3 (digest T24)
    assert g.current_player() == "crown" and "vote on" in g.prompt()
    texts = [e["text"] for e in g.log]
    support = next(i for i, t in enumerate(texts) if "support" in t and "Calico Acts on" in t)
    shift_at = next(i for i, t in enumerate(texts) if "Climate Shift" in t)
    assert support < shift_at


def test_climate_shift_comes_first_when_the_crown_is_pm_hb():
    """Crown Handbook, Parliament when the Crown is PM: the Climate Shift opens Parliament."""
    import coin_env
    g = coin_env.make_game("john_company", seed=0, options=SOLO, dice=[1, 2, 1, 5, 6, 4],
                           position={"phase": "parliament", "pm": "crown", "standing": 3, "climate": "Peacock"})
    assert g.to_position()["climate"] == "Bear"


@pytest.mark.parametrize("policy", ["crown", "sensible"])
@pytest.mark.parametrize("first", [1, 2, 3])
def test_power_swap_second_token_is_legal_after_another_first_pick(policy, first):
    """HB Parliament (Crown policy selection): a Power policy on the top token swaps the two bottom tokens. When
    another policy picked the first token, the bot answers with the lowest other token (the bottom one, or the
    one above it when the bottom token was picked first), always a legal action."""
    import coin_env
    from coin_env.games.john_company.study import make_policy
    g = coin_env.make_game("john_company", seed=0, options={"families": 3},
                           position={"phase": "parliament", "pm": "benyon", "law_deck": ["Calico Acts"],
                                     "power_track": ["Workshops", "Shipyards", "Company shares", "Luxuries"],
                                     "dial": 13, "ships": {}, "cash": {"benyon": 0, "hastings": 0, "larkins": 0}})
    track = g.to_position()["power_track"]
    play(g, "law Calico Acts", "turn the dial clockwise")       # to Power Workshops, the top token; nobody votes
    assert "swap which two other tokens (first)" in g.prompt()
    play(g, f"the {track[first]} power token")
    pol = make_policy(policy)
    action = pol(g, g.current_player(), random.Random(0))
    assert action in g.legal_actions()
    want = track[3] if first != 3 else track[2]
    assert g.action_label(action) == f"the {want} power token"
