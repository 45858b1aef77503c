"""John Company's readable positions at any decision (position.py): ``game.to_position()`` states the whole
game in the rulebook's names and ``new_game(position=...)`` rebuilds the same game at the same decision;
every entry of the state is in it (field coverage); derived entries and bad input are refused naming the key."""

import json
import random

import numpy as np
import pytest

import coin_env
from coin_env.core.encoding import encoder_for
from coin_env.games.john_company import game as jc
from coin_env.games.john_company.state import JohnCompanyState

from jc_helpers import new_game, play

JC = "john_company"
# Every seat count, the solo Crown of the Crown Handbook, and the drawn solo / two-family deals (decisions at set-up).
SETUPS = ({"families": 1}, {"families": 1, "crown": True}, {"families": 2}, {"families": 3}, {"families": 4},
          {"families": 5}, {"families": 6}, {"families": 2, "setup_deal": "draw"},
          {"families": 1, "crown": True, "crown_difficulty": "legendary", "setup_deal": "draw"},
          {"families": 4, "negotiation": "offers", "blackmail_windows": "everyone"})


def board(game) -> dict:
    """The whole state as a save holds it, without the random stream (a position takes its seed anew)."""
    data = game.state.to_dict()
    data.pop("rng")
    data.pop("dice", None)
    return data


def sampled_decisions(options, seed, every=3, scenario="1710", phase_starts=False):
    """Every ``every``-th decision of a seeded random game (the game object moves on after each yield); with
    ``phase_starts`` also the first decision of each phase (whichever decisions the seed's game samples)."""
    g = jc.new_game(scenario, seed=seed, options=options)
    rng = random.Random(seed)
    n, phase = 0, None
    while not g.is_over():
        if n % every == 0 or (phase_starts and (g.state.phase, g.state.turn) != phase):
            yield g
        phase = (g.state.phase, g.state.turn)
        g.apply(rng.choice(g.legal_actions()))
        n += 1


def rebuilt(game, seed=12345):
    """The game rebuilt from its position, with another seed (a position is not a save)."""
    return jc.new_game(seed=seed, options=game.options, position=game.to_position(), debug=True)


def same_decision(g, h) -> None:
    assert h.prompt() == g.prompt() and h.current_player() == g.current_player()
    assert h.legal_actions() == g.legal_actions()


# --- round trips ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", SETUPS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_a_position_at_random_decisions_rebuilds_the_same_game(options):
    """At sampled decisions of random games (300+ over the set-ups): the same position again, the same
    decision (prompt, player, legal actions, every seat's observation) and the same state but the rng. The first
    decision of each phase is sampled too, so that positions written without ``in_progress`` are among them."""
    enc = encoder_for(JC)
    n = starts = 0
    for seed in range(2):
        for g in sampled_decisions(options, seed, phase_starts=True):
            pos = g.to_position()
            assert json.loads(json.dumps(pos)) == pos
            h = rebuilt(g)
            assert h.to_position() == pos
            same_decision(g, h)
            assert board(h) == board(g)
            for seat in g.factions:
                np.testing.assert_array_equal(enc.observe(h, seat), enc.observe(g, seat))
            n += 1
            starts += "in_progress" not in pos
    assert n >= 35 and starts >= 1, (n, starts)


def test_the_set_ups_together_give_300_decisions():
    assert sum(1 for o in SETUPS for seed in range(2) for _ in sampled_decisions(o, seed)) >= 300


def test_every_entry_of_the_state_is_in_the_position():
    """Field coverage: a state rebuilt from the position equals the original (save minus rng) at random
    decisions, and every array and field took a value other than a fresh set-up's there -- or is set below by
    hand -- so an entry added to the state that to_position forgets fails here."""
    seen = set()
    for options in SETUPS:
        fresh = board(jc.new_game(seed=99, options=options))
        for g in sampled_decisions(options, seed=0, every=5):
            original = board(g)
            assert board(rebuilt(g)) == original
            for part in ("arrays", "fields"):
                seen |= {k for k, v in original[part].items() if v != fresh[part][k]}
    for seed in range(40):                      # Long 1710: the firms (random play forms one now and then)
        fresh = board(jc.new_game("Long 1710", seed=99, options={"families": 4}))
        for g in sampled_decisions({"families": 4}, seed, every=7, scenario="Long 1710"):
            original = board(g)
            assert board(rebuilt(g)) == original
            seen |= {k for k, v in original["fields"].items() if v != fresh["fields"][k]}
        if "firms" in seen:
            break
    # Entries random play leaves alone: set by a position, or by finishing a game.
    g = new_game(3, 0, position={"phase": "family", "scenario": "custom", "last_turn": 5, "share_vp": 2,
                                 "company_failed": True, "regions_lost": 1})
    assert board(rebuilt(g)) == board(g)
    seen |= {"scenario", "last_turn", "share_vp", "company_failed", "regions_lost"}
    finished = finished_game(3)
    h = jc.new_game(seed=1, options=finished.options, position=finished.to_position())
    assert board(h) == board(finished)
    seen |= {"over", "result"}
    every = set(JohnCompanyState.ARRAYS) | set(JohnCompanyState.FIELDS) | set(JohnCompanyState.CORE_FIELDS)
    assert every - seen == set(), "state entries no test varied: make a position set them and check the rebuild"


def test_a_procedure_under_way_carries_the_engines_record_and_a_phase_start_does_not():
    g = jc.new_game(seed=3, options={"families": 4})
    pos = g.to_position()
    assert "in_progress" not in pos and pos["phase"] == "family" and pos["phase_decisions"] == 0
    rng = random.Random(3)
    while "in_progress" not in g.to_position():
        g.apply(rng.choice(g.legal_actions()))
    pos = g.to_position()
    assert pos["in_progress"]["frames"] == g.state.frames and pos["phase_decisions"] == g.state.card_decisions
    same_decision(g, rebuilt(g))


def test_a_position_plays_on_like_the_original_when_the_dice_agree():
    g = jc.new_game(seed=5, options={"families": 3})
    rng = random.Random(5)
    for _ in range(60):
        g.apply(rng.choice(g.legal_actions()))
    h = rebuilt(g)
    for i in range(80):
        if g.is_over():
            break
        rolls = [rng.randint(1, 6) for _ in range(10)]
        g.script_dice(rolls), h.script_dice(rolls)
        action = rng.choice(g.legal_actions())
        g.apply(action), h.apply(action)
        same_decision(g, h)
        assert h.to_position() == g.to_position()


# --- finished games ---------------------------------------------------------------------------------------
def finished_game(families, seed=3):
    g = jc.new_game(seed=seed, options={"families": families})
    rng = random.Random(seed)
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("families", [1, 4])
def test_a_finished_games_position_loads_finished_with_its_winner_and_ranking(families):
    g = finished_game(families)
    pos = g.to_position()
    assert pos["result"] == g.result() and pos["decision_pending"] is None and "in_progress" not in pos
    h = jc.new_game(seed=0, options=g.options, position=pos)
    assert h.is_over() and h.legal_actions() == [] and h.winner() == g.winner() and h.ranking() == g.ranking()
    assert h.to_position() == pos


@pytest.mark.parametrize("edit, message", [
    (lambda p: p["result"].update(winner=p["result"]["ranking"][-1]), r"result.*winner"),
    (lambda p: p["result"].update(ranking=list(reversed(p["result"]["ranking"]))), r"result"),
    (lambda p: p["result"]["vp"].update({next(iter(p["result"]["vp"])): 99}), r"result.*vp"),
    (lambda p: p.update(in_progress={"frames": [{"kind": "choose"}]}), r"in_progress or result"),
])
def test_a_tampered_result_is_refused_naming_it(edit, message):
    pos = finished_game(4).to_position()
    edit(pos)
    with pytest.raises(ValueError, match=message):
        jc.new_game(seed=0, options={"families": 4}, position=pos)


# --- a rulebook example -----------------------------------------------------------------------------------
def test_a_rulebook_position_starts_at_hiring_and_round_trips_rb_p15():
    """RB-ex p.15: the Chairman is to be elected at Hiring, 5 shares in the Court (3 needed), Hastings
    holds the Chairman's title; the position written back names the same offices and needs no record."""
    offices = {"Chairman": None, "Director of Trade": "hastings", "Manager of Shipping": "larkins",
               "Military Affairs": "benyon", "President of Bombay": "hastings", "President of Madras": "larkins",
               "President of Bengal": "benyon"}
    g = new_game(3, 0, position={"phase": "hiring", "offices": offices, "chairman_title": "hastings",
                                 "court": {"benyon": 2, "hastings": 1, "larkins": 2}})
    assert g.current_player() == "hastings" and "campaign" in g.prompt()
    pos = g.to_position()
    assert pos["phase"] == "hiring" and "in_progress" not in pos
    assert {o: pos["offices"][o] for o in offices} == offices and pos["chairman_title"] == "hastings"
    assert pos["court"] == {"benyon": 2, "hastings": 1, "larkins": 2}
    same_decision(g, jc.new_game(seed=8, options=g.options, position=pos))
    play(g, "no")                                   # the former Chairman does not campaign
    mid = g.to_position()
    assert "in_progress" in mid
    h = jc.new_game(seed=8, options=g.options, position=mid)
    assert h.current_player() == "larkins" and "campaign" in h.prompt()
    play(g, "yes"), play(h, "yes")
    same_decision(g, h)


def test_an_old_style_setup_position_still_adjusts_the_setup():
    g = jc.new_game(seed=0, options={"families": 3}, position={"phase": "operations", "cash": {"benyon": 7},
                                                                "prestige": {"hastings": ["Rotten Borough"]}})
    pos = g.to_position()
    assert pos["cash"]["benyon"] == 7 and pos["phase"] == "operations"
    assert pos["prestige"]["hastings"] == ["Rotten Borough #1"]
    assert board(rebuilt(g)) == board(g)


# --- refusals ---------------------------------------------------------------------------------------------
def a_position(options=None, decisions=40, seed=2):
    g = jc.new_game(seed=seed, options=options or {"families": 4})
    rng = random.Random(seed)
    for _ in range(decisions):
        g.apply(rng.choice(g.legal_actions()))
    return g.to_position()


@pytest.mark.parametrize("edit, message", [
    (lambda p: p.update(cash={"benyon": -1}), r"cash.benyon must be an integer 0\.\."),
    (lambda p: p.update(cash={"benyon": 10 ** 9}), r"cash.benyon must be an integer"),
    (lambda p: p.update(cash={"vikings": 1}), r"unknown family 'vikings'"),
    (lambda p: p.update(cash={"walsh": 1}), r"family 'walsh' is not seated"),
    (lambda p: p.update(offices={"Lord Mayor": "benyon"}), r"unknown office 'Lord Mayor'"),
    (lambda p: p.update(fatigue={"Chairman": 5}), r"fatigue.Chairman must be an integer 0..4"),
    (lambda p: p.update(alliances={"Awadh": "asleep"}), r"alliances.Awadh state"),
    (lambda p: p.update(orders={"B3": {"filled": "Bombay", "by": "x"}}), r"orders.B3"),
    (lambda p: p.update(laws_in_force=["No Such Act"]), r"laws_in_force: unknown law"),
    (lambda p: p.update(display=p["london_deck"][:1]), r"London card is in two places"),
    (lambda p: p.update(london_deck=["Mr. Nobody"]), r"london_deck: unknown card"),
    (lambda p: p.update(event_discards=p["event_stack"][:1]), r"event_stack and event_discards"),
    (lambda p: p.update(seats=["benyon", "hastings", "larkins"]), r"seats"),
    (lambda p: p.update(phase="tea time"), r"phase"),
    (lambda p: p.update(ai_card=1), r"need the option crown"),
    (lambda p: p.update(stock_exchange=["benyon"]), r"stock_exchange is a list of 5"),
    (lambda p: p.update(supply={"benyon": 0}), r"supply = .* derived"),
    (lambda p: p.update(victory_totals={"benyon": 99}), r"victory_totals"),
    (lambda p: p.update(decision_pending="Something else entirely"), r"decision_pending"),
    (lambda p: p.update(phase_decisions=3), r"phase_decisions"),
    (lambda p: p.update(game="gandhi"), r"position is for game 'gandhi'"),
    (lambda p: p.update(writers={"benyon": {"Bombay": 30}}), r"benyon has \d+ pieces on the board"),
    (lambda p: p.update(in_progress={"frames": [{"kind": "choose", "actor": "benyon", "ask": "?", "options": [0],
                                                 "then": "no_such_step"}]}), r"in_progress cannot be restored"),
    (lambda p: p.update(in_progress={"frames": []}), r"in_progress.frames"),
    (lambda p: p.update(in_progress={"frames": [{"kind": "choose"}], "extra": 1}), r"in_progress has exactly"),
])
def test_bad_input_is_refused_with_one_error_naming_the_key(edit, message):
    pos = a_position()
    pos.pop("in_progress", None)
    pos["phase_decisions"] = 0
    edit(pos)
    with pytest.raises(ValueError, match=message):
        jc.new_game(seed=0, options={"families": 4}, position=pos)


def test_a_stale_decision_pending_is_refused():
    """A position copied at one decision, with its record, cannot claim another decision's prompt."""
    g = jc.new_game(seed=6, options={"families": 4})
    rng = random.Random(6)
    while "in_progress" not in g.to_position():
        g.apply(rng.choice(g.legal_actions()))
    pos = g.to_position()
    g.apply(rng.choice(g.legal_actions()))
    stale = dict(g.to_position(), decision_pending=pos["decision_pending"])
    if stale["decision_pending"] == g.prompt():
        pytest.skip("two decisions in a row with the same prompt at this seed")
    with pytest.raises(ValueError, match="decision_pending"):
        jc.new_game(seed=0, options=g.options, position=stale)


def test_the_crowns_record_is_stated_and_checked():
    pos = a_position({"families": 1, "crown": True})
    assert pos["climate"] in ("Bull", "Stag", "Lion", "Bear", "Peacock") and pos["promise_cubes"]
    bad = dict(pos, ai_deck=pos["ai_deck"] + [pos["ai_card"]])
    with pytest.raises(ValueError, match="ai_card, ai_deck and ai_discards hold each AI card"):
        jc.new_game(seed=0, options={"families": 1, "crown": True}, position=bad)


# --- corrupted saves: every array has a range from the rules ----------------------------------------------
def test_every_array_declares_its_range():
    assert set(JohnCompanyState.ARRAY_RANGES) == set(JohnCompanyState.ARRAYS)


@pytest.mark.parametrize("name", sorted(JohnCompanyState.ARRAYS))
def test_a_save_with_a_value_out_of_its_arrays_range_is_refused(name):
    g = jc.new_game(seed=0, options={"families": 4})
    lo, hi = JohnCompanyState.ARRAY_RANGES[name]
    info = np.iinfo(JohnCompanyState.ARRAYS[name])
    for bad in (min(hi, info.max) + 1, max(lo, info.min) - 1):
        data = json.loads(g.to_json())
        cell = data["state"]["arrays"][name]
        while isinstance(cell[-1], list):
            cell = cell[-1]
        cell[-1] = bad
        with pytest.raises(ValueError, match=rf"state.arrays.{name}: values must be in {max(lo, info.min)}"):
            coin_env.load_game(json.dumps(data))


@pytest.mark.parametrize("name, value", [("office_fatigue", 5), ("alliance_active", 3), ("company_ships", 15),
                                         ("regiments", 21), ("dome", 2), ("luxuries", 16)])
def test_rule_ranges_refuse_what_the_components_cannot_show(name, value):
    """RB p.3 (20 regiments, 14 Company ship tokens), p.11 (4 fatigue retires), p.13 (15 luxuries), p.22."""
    data = json.loads(jc.new_game(seed=0, options={"families": 4}).to_json())
    cell = data["state"]["arrays"][name]
    while isinstance(cell[0], list):
        cell = cell[0]
    cell[0] = value
    with pytest.raises(ValueError, match=rf"state.arrays.{name}"):
        coin_env.load_game(json.dumps(data))


def test_a_position_with_firms_rebuilds_the_game():
    """Long 1710 after Deregulation: the firms' share pieces and Debtor's Prison count as pieces on the board
    (the supply is recounted with them), so a position taken while firms exist rebuilds the same game."""
    checked = 0
    for seed in range(60):
        for g in sampled_decisions({"families": 4}, seed, every=2, scenario="Long 1710"):
            firms = g.state.firms
            if any(sum(x["shares"]) for x in firms["firms"]) or any(firms["prison"]):
                h = rebuilt(g)
                assert board(h) == board(g)
                same_decision(g, h)
                checked += 1
        if checked >= 10:
            return
    raise AssertionError(f"only {checked} decisions with firm shares or Debtor's Prison in 60 games")


def test_a_firms_record_of_the_wrong_size_is_refused_naming_the_entry():
    g = jc.new_game("Long 1710", seed=0, options={"families": 3})
    pos = g.to_position()
    pos["firms"] = dict(g.state.firms, prison=[1, 2])
    with pytest.raises(ValueError, match=r"firms\.prison has one entry per slot"):
        jc.new_game("Long 1710", seed=0, options={"families": 3}, position=pos)
