"""Negotiation as structured binding offers (option negotiation "offers"; rules/offers.py, RB p.8): offers at
consents and hires, transfers, the Consent to Nepotism promise card; the default has none of it."""

import json
import random

import numpy as np
import pytest

import coin_env
from coin_env.games.john_company import game as jc
from coin_env.games.john_company.encoding import JohnCompanyEncoder
from jc_helpers import decline_blackmail, labels, play, random_game, slot

ALL_OFFICES = {"Chairman": "benyon", "Director of Trade": "hastings", "Manager of Shipping": "larkins",
               "Military Affairs": "benyon", "President of Bombay": "hastings", "President of Madras": "larkins",
               "President of Bengal": "benyon"}
RB_P15 = {"Director of Trade": None, "Manager of Shipping": "hastings", "Military Affairs": "benyon",
          "President of Madras": "larkins"}


def game(offices, negotiation="offers", **pos):
    g = jc.new_game("1710", seed=0, options={"families": 3, "negotiation": negotiation}, debug=True, log=True,
                    position={"phase": "hiring", "offices": dict(ALL_OFFICES, **offices), **pos})
    decline_blackmail(g)
    return g


def cash(g):
    return {f: int(g.state.cash[slot(f)]) for f in ("benyon", "hastings", "larkins")}


def test_rb_p15_blue_buys_the_promotion_with_a_pound_and_its_consent_to_nepotism_promise():
    """RB-ex p.15 with offers: Pink (Chairman) hires the Director of Trade. Its own Military Affairs needs
    Blue's consent (nepotism); Blue refuses. Yellow offers £1 for the hire; Blue offers £1 and its Consent to
    Nepotism promise card; Pink refuses Yellow's and accepts Blue's (binding), then promotes Blue's Manager of
    Shipping -- its free choice -- whose fatigue moves along."""
    g = game(RB_P15, fatigue={"Manager of Shipping": 1}, writers={"larkins": {"Bombay": 1}}, cash={
        "benyon": 5, "hastings": 5, "larkins": 5})
    # before Pink chooses, the families with a candidate may offer: nobody does yet
    assert g.current_player() == "hastings" and "offer Benyon something for the hire of the Director of Trade" in g.prompt()
    play(g, "done")
    assert g.current_player() == "larkins"
    play(g, "done")
    play(g, "Military Affairs")                       # Pink's own: nepotism
    assert g.current_player() == "benyon" and "offer Hastings something for your consent" in g.prompt()
    play(g, "done")                                   # Pink offers nothing for Blue's consent
    play(g, "no")                                     # Blue refuses
    before = cash(g)
    assert g.current_player() == "hastings" and "for the hire of the Director of Trade" in g.prompt()
    play(g, "offer £1", "offer Hastings's Consent to Nepotism promise card", "done")
    assert g.current_player() == "benyon" and "accept Hastings's offer of £1, Hastings's Consent to Nepotism" in g.prompt()
    play(g, "yes")
    play(g, "offer £1", "done")                       # Yellow
    play(g, "no")                                     # Pink refuses Yellow's offer
    assert "Military Affairs" not in labels(g)
    play(g, "Manager of Shipping")
    s = g.state
    assert cash(g) == {"benyon": before["benyon"] + 1, "hastings": before["hastings"] - 1, "larkins": before["larkins"]}
    assert s.promises[slot("hastings")] == slot("benyon")
    assert s.office_holder[1] == slot("hastings") and s.office_fatigue[1] == 1
    assert "Hastings gives Benyon £1" in [e["text"] for e in g.log]


def test_a_promise_card_called_in_gives_the_consent_and_goes_back_to_its_guarantor():
    """RB p.8: the guarantor must fulfil a called promise; RB-ex p.15: the card lets Pink ignore Blue when
    checking for nepotism. Blue's card in hand, Pink calls it in; Yellow's consent Pink buys with £2."""
    g = game({"Director of Trade": None, "Military Affairs": "benyon"}, cash={"benyon": 5, "hastings": 5, "larkins": 5})
    play(g, "offer Hastings's Consent to Nepotism promise card", "done", "yes")    # Blue gives it to Pink first
    play(g, "done")                                                                 # Yellow offers nothing
    assert g.state.promises[slot("hastings")] == slot("benyon")
    play(g, "Military Affairs")
    assert "call in Hastings's Consent to Nepotism promise card" in g.prompt()
    play(g, "yes")
    assert g.state.promises[slot("hastings")] == slot("hastings")
    assert g.current_player() == "benyon" and "offer Larkins something for your consent" in g.prompt()
    play(g, "offer £2", "done")
    assert g.current_player() == "larkins"
    play(g, "yes")                                   # accepts the £2 ...
    play(g, "yes")                                   # ... and consents (its free choice)
    assert g.state.office_holder[1] == slot("benyon")


def test_an_accepted_offer_binds_but_the_consent_stays_free():
    g = game({"Director of Trade": None, "Military Affairs": "benyon"}, cash={"benyon": 5, "hastings": 5, "larkins": 5})
    play(g, "done", "done", "Military Affairs")
    play(g, "offer £5", "done", "yes")               # Blue takes Pink's £5 ...
    play(g, "no")                                    # ... and refuses anyway (RB p.8: only transfers bind)
    assert cash(g)["hastings"] == 10 and cash(g)["benyon"] == 0
    assert g.current_player() == "hastings" and "for the hire of the Director of Trade" in g.prompt()
    play(g, "done", "done")                          # Blue and Yellow offer nothing for the hire
    assert g.current_player() == "benyon" and "Military Affairs" not in labels(g)


def test_transfers_follow_rb_p8():
    """A luxury's 2 VP go with it; a Company share is the giver's Court piece home and the taker's in its
    place; a shipyard moves with its ship; a facedown blackmail card stays facedown (the log does not name it)."""
    from coin_env.games.john_company.static import SHIP_NAMES
    g = game({"Director of Trade": None, "Military Affairs": "benyon"}, court={"benyon": 1, "hastings": 2, "larkins": 0},
             ships={"Atlas": {"owner": "hastings", "zone": None}}, blackmail={"hastings": ["Diplomatic Connection"]})
    s = g.state
    h, b = slot("hastings"), slot("benyon")
    s_before = {"vp": (int(s.vp[h]), int(s.vp[b])), "lux": (int(s.luxuries[h]), int(s.luxuries[b])),
                "supply": (int(s.supply[h]), int(s.supply[b]))}
    items = ["offer a Company share", "offer a shipyard", "offer blackmail card Diplomatic Connection"]
    play(g, *items, "done", "yes")
    assert s.court[h] == 1 and s.court[b] == 2
    assert (int(s.supply[h]), int(s.supply[b])) == (s_before["supply"][0] + 1, s_before["supply"][1] - 1)
    assert s.shipyard_owner[SHIP_NAMES.index("Atlas")] == b
    assert 69 not in s.hands[h]["blackmail"] and 69 in s.hands[b]["blackmail"]
    texts = [e["text"] for e in g.log]
    assert "Hastings gives Benyon a facedown blackmail card" in texts
    assert not any("Diplomatic Connection" in t for t in texts if t.startswith("Hastings gives"))


def test_a_luxury_moves_its_vp():
    """RB p.8 transfers, RB p.13: a luxury's 2 VP are its owner's. Blue buys one in the Family phase and
    offers it to Pink for the hire of the Director of Trade."""
    g = jc.new_game("1710", seed=0, options={"families": 3, "negotiation": "offers"}, debug=True,
                    position={"phase": "family", "offices": dict(ALL_OFFICES, **{"Director of Trade": None}),
                              "cash": {"hastings": 10}})
    decline_blackmail(g)
    play(g, "Enlist Officer", "Purchase Luxury", "Enlist Officer")
    s = g.state
    h, b = slot("hastings"), slot("benyon")
    vp = int(s.vp[h]), int(s.vp[b])
    assert g.current_player() == "hastings" and "for the hire of the Director of Trade" in g.prompt()
    play(g, "offer a luxury", "done", "yes")
    assert (int(s.vp[h]), int(s.vp[b])) == (vp[0] - 2, vp[1] + 2)
    assert s.luxuries[h] == 0 and s.luxuries[b] >= 1


def test_without_the_option_there_is_no_offer_and_no_promise_card():
    g = game({"Director of Trade": None, "Military Affairs": "benyon"}, negotiation="none")
    assert g.current_player() == "benyon" and "choose a candidate" in g.prompt()
    play(g, "Military Affairs")
    assert "nepotism" in g.prompt() and labels(g) == ["yes", "no"]
    assert g.state.promises == []
    assert jc.new_game("1710", options={"families": 3}).options["negotiation"] == "none"


def test_the_option_is_checked():
    with pytest.raises(ValueError, match="option 'negotiation' must be one of"):
        jc.new_game("1710", options={"families": 3, "negotiation": "haggle"})
    with pytest.raises(ValueError, match="favours replace it"):
        jc.new_game("1710", options={"families": 1, "crown": True, "negotiation": "offers"})


def random_offer_game(seed, families, until=None):
    return random_game(seed, families, decisions=until, negotiation="offers")


def test_random_games_with_offers_end_replay_and_reload_at_any_decision():
    """The engine contract with the option: games end; same seed and actions, same game; a save taken while an
    offer is being made or answered reloads to the same decision."""
    mid_offer = 0
    for seed in range(12):
        families = 2 + seed % 5
        g = random_offer_game(seed, families)
        assert g.is_over() and g.winner() is not None
        assert random_offer_game(seed, families).to_json() == g.to_json()
        h = coin_env.make_game("john_company", seed=seed, options={"families": families, "negotiation": "offers"})
        rng = random.Random(seed)
        while not h.is_over():
            if h.prompt_frame().get("offerers"):
                mid_offer += 1
                k = coin_env.load_game(h.to_json())
                assert k.prompt() == h.prompt() and k.legal_actions() == h.legal_actions()
            h.apply(rng.choice(h.legal_actions()))
    assert mid_offer > 20


def test_the_observation_shows_promises_and_the_offer_to_the_family_asked_only():
    enc = JohnCompanyEncoder()
    names = enc.feature_names
    g = None
    for seed in range(40):
        g = coin_env.make_game("john_company", seed=seed, options={"families": 4, "negotiation": "offers"})
        rng = random.Random(seed)
        while not g.is_over() and g.prompt_frame().get("then") != "offer_answered":
            g.apply(rng.choice(g.legal_actions()))
        if not g.is_over():
            break
    frame = g.prompt_frame()
    assert frame.get("then") == "offer_answered"
    taker, giver = g.current_player(), frame["offerers"][0]
    vec = enc.observe(g, taker)
    on = {names[i] for i in np.flatnonzero(vec)}
    assert f"offer from {coin_env.games.john_company.static.FAMILY_NAMES[giver]}" in on
    assert any(n.startswith("offered ") for n in on)
    other = next(f for f in g.factions if f != taker)
    assert not any(n.startswith("offer") for i in np.flatnonzero(enc.observe(g, other)) for n in [names[i]])
    assert any("promise card held by" in n for n in on)


def test_a_determinized_clone_keeps_an_offered_blackmail_card_for_the_family_that_read_it():
    from coin_env.games.john_company.actions import OFFER_BLACKMAIL
    found = 0
    for seed in range(80):
        g = random_offer_game(seed, 4, until=None)
        h = coin_env.make_game("john_company", seed=seed, options={"families": 4, "negotiation": "offers"})
        rng = random.Random(seed)
        while not h.is_over():
            f = h.prompt_frame()
            if f.get("then") == "offer_answered" and any(o in OFFER_BLACKMAIL.values() for o, _ in f["bundle"]):
                giver = f["offerers"][0]
                for perspective in h.factions:
                    d = h.determinize(perspective, seed=7)
                    card = {a: c for c, a in OFFER_BLACKMAIL.items()}
                    for o, _ in d.prompt_frame()["bundle"]:
                        if o in card:
                            assert card[o] in d.state.hands[giver]["blackmail"]      # the offer stays payable
                    if perspective == h.current_player():
                        assert d.prompt() == h.prompt()
                found += 1
                break
            h.apply(rng.choice(h.legal_actions()))
        if found >= 3:
            return
    raise AssertionError(f"only {found} offers of a blackmail card in 80 games")


def test_the_environments_log_hides_what_another_family_was_asked():
    """info["log"] of the AEC env (log_in_info): another family's decisions without their prompts, and a
    blackmail card it offered unnamed; the family's own decisions whole. The game log keeps everything."""
    from coin_env.core.registry import game_module
    env = coin_env.env("john_company", options={"families": 4, "negotiation": "offers"}, log_in_info=True)
    env.reset(seed=3)
    rng = random.Random(3)
    seen_other = seen_own = 0
    for agent in env.agent_iter(max_iter=3000):
        obs, _, term, trunc, info = env.last()
        for e in info.get("log", []):
            if e["kind"] != "decision":
                continue
            if e["actor"] == agent:
                seen_own += 1
                assert e["prompt"]
            else:
                seen_other += 1
                assert e["prompt"] is None and "asked" not in e["text"] and e["action"] is None
                assert not e["choice"].startswith("offer blackmail card ")
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert seen_other > 50 and seen_own > 10
    assert any(e["kind"] == "decision" and e["prompt"] for e in env.unwrapped.game.log)


def test_long_1710_with_offers_and_every_blackmail_window_plays_to_the_end_and_replays():
    """The options together with Deregulation (firm consents take offers too): games end with a winner, replay
    from the seed, and reload from a save at random decisions."""
    options = {"families": 4, "negotiation": "offers", "blackmail_windows": "everyone"}
    for seed in range(6):
        games = []
        for _ in range(2):
            g = jc.new_game("Long 1710", seed=seed, options=options, debug=True)
            rng = random.Random(seed)
            while not g.is_over():
                if rng.random() < 0.02:
                    k = coin_env.load_game(g.to_json())
                    assert k.prompt() == g.prompt() and k.legal_actions() == g.legal_actions()
                g.apply(rng.choice(g.legal_actions()))
            games.append(g.to_json())
        assert games[0] == games[1] and json.loads(games[0])["state"]["fields"]["result"]["winner"]
