"""Checks (RB p.17, lowest die) and hidden information (RB p.12): views and determinized clones."""

import json
import random

import pytest

from coin_env.games.john_company.rules.checks import CATASTROPHE, FAILURE, SUCCESS, result_of
from jc_helpers import new_game, play, slot


def test_the_lowest_die_decides_rb_p17():
    assert [result_of(v) for v in range(1, 7)] == [SUCCESS, SUCCESS, FAILURE, FAILURE, CATASTROPHE, CATASTROPHE]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_check_odds_match_the_printed_table(n):
    """RB p.17 table: P(success) = 1 - (4/6)^n, P(catastrophe) = (1/3)^n (1d 33/33/33, 2d 56/33/11 ...)."""
    from coin_env.games.john_company.rules.checks import roll_check
    g = new_game(3, 0)
    trials = 6000
    results = [roll_check(g, n, "test")[1] for _ in range(trials)]
    p_s = results.count(SUCCESS) / trials
    p_c = results.count(CATASTROPHE) / trials
    assert abs(p_s - (1 - (4 / 6) ** n)) < 0.03 and abs(p_c - (1 / 3) ** n) < 0.03


def _game_with_hidden_blackmail():
    for seed in range(50):
        g = new_game(4, seed)
        holders = [f for f in g.state.seats if g.state.hands[f]["blackmail"]]
        if len(holders) >= 1 and len(holders) < 4:
            return g, holders
    raise AssertionError("no seed with a blackmail card")


def test_a_family_sees_its_own_blackmail_but_only_a_count_of_others():
    g, holders = _game_with_hidden_blackmail()
    h = holders[0]
    me = g.faction_of(h)
    other = next(g.faction_of(f) for f in g.state.seats if f != h)
    mine = g.view(me)["fields"]["hands"]
    assert mine[me]["blackmail"] == g.state.hands[h]["blackmail"]
    theirs = g.view(other)["fields"]["hands"]
    assert theirs[me]["blackmail"] == len(g.state.hands[h]["blackmail"])
    v = g.view(other)["fields"]
    assert "london_deck" not in v and "law_deck" not in v and "event_stack" not in v
    assert all(c == "facedown blackmail" or c < 61 for c in v["display"])


def test_changing_another_familys_hidden_cards_never_changes_this_familys_view():
    g, holders = _game_with_hidden_blackmail()
    h = holders[0]
    for f in g.state.seats:
        if f == h:
            continue
        me = g.faction_of(f)
        seen_changes = 0
        for seed in range(20):
            d = g.determinize(me, seed)
            if d.state.hands[h]["blackmail"] != g.state.hands[h]["blackmail"]:
                seen_changes += 1
            assert d.view(me) == g.view(me)
            assert d.state.hands[f] == g.state.hands[f]          # own cards kept
        assert seen_changes > 0, "the other family's hidden card was re-dealt"


def test_a_determinized_clone_plays_on_without_touching_the_original():
    g = new_game(4, 3)
    ref = g.to_json()
    d = g.determinize(g.current_player(), 7)
    rng = random.Random(1)
    while not d.is_over():
        d.apply(rng.choice(d.legal_actions()))
    assert g.to_json() == ref


def test_view_refuses_a_family_not_in_the_game():
    g = new_game(3, 0)
    with pytest.raises(ValueError, match="not a family"):
        g.view("walsh")


def test_a_family_that_peeked_at_the_display_keeps_seeing_it():
    """RB p.12: the family choosing a London Season card may look at the facedown blackmail cards there;
    the others still see them facedown."""
    from coin_env.games.john_company import game as jc
    from coin_env.games.john_company.hidden import BLACKMAIL_IDS
    offices = {o: None for o in ["Chairman", "Director of Trade", "Military Affairs", "President of Bombay",
                                 "President of Madras", "President of Bengal"]}
    offices["Manager of Shipping"] = "hastings"
    for seed in range(80):
        g = jc.new_game("1710", seed=seed, options={"families": 3}, dice=[6],
                        position={"phase": "london_season", "turn": 2, "offices": offices, "cash": {"hastings": 10},
                                  "chairman_title": "benyon"})
        if not any(c in BLACKMAIL_IDS for c in g.state.display):
            continue
        play(g, "prize box 1")                  # Hastings retires its pensioner: it chooses a card next
        assert g.current_player() == "hastings" and "London Season card" in g.prompt()
        mine = g.view("hastings")["fields"]["display"]
        theirs = g.view("benyon")["fields"]["display"]
        assert "facedown blackmail" not in mine and "facedown blackmail" in theirs
        d = g.determinize("benyon", 3)
        assert d.view("benyon") == g.view("benyon")
        return
    raise AssertionError("no seed with a blackmail card in the display")


def test_determinize_never_shows_a_peeked_card_in_an_unpeeked_display_slot():
    """RB p.12: Benyon peeked at Hiring Preference (now in Paxton's hand); the two facedown blackmail cards in
    the display it has not seen. A determinized game may re-deal Paxton's card, but those display slots get
    only cards Benyon never saw, so its view and observation are the same in every determinized game."""
    import numpy as np
    import coin_env
    from coin_env.core.encoding import encoder_for
    pos = coin_env.make_game("john_company", seed=5, options={"families": 4}).to_position()
    placed = {"Hiring Preference", "Man on the Inside", "Scandal on Leadenhall Street"}
    loose = [c for c in pos["display"] + [c for h in pos["blackmail"].values() for c in h] if c not in placed]
    pos["blackmail"] = {f: [] for f in pos["blackmail"]}
    pos["blackmail"]["paxton"] = ["Hiring Preference"]
    deck = [c for c in pos["london_deck"] if c not in placed] + loose
    first_faceup = next(c for c in deck if c not in _blackmail_names().values())
    deck.remove(first_faceup)
    pos["display"] = ["Man on the Inside", "Scandal on Leadenhall Street", first_faceup]
    pos["london_deck"] = deck
    pos["peeked"]["benyon"] = ["Hiring Preference"]
    g = coin_env.make_game("john_company", seed=5, options={"families": 4}, position=pos)
    enc = encoder_for("john_company")
    for family in g.factions:
        view, obs = g.view(family), enc.observe(g, family)
        for seed in range(150):
            d = g.determinize(family, seed)
            assert d.view(family) == view, (family, seed)
            assert np.array_equal(enc.observe(d, family), obs), (family, seed)


# --- the pending prompt: its text only for the family to decide -----------------------------------------------
def _blackmail_names():
    from coin_env.games.john_company.data.cards import BLACKMAIL
    return {c[0]: c[1] for c in BLACKMAIL}


def _hidden_names_seen(g, family):
    """Names of blackmail cards held facedown by other families that ``family``'s view mentions."""
    names = _blackmail_names()
    text = json.dumps(g.view(family))
    me = g.slot_of(family)
    return [names[c] for f in g.state.seats if f != me for c in g.state.hands[f]["blackmail"] if names[c] in text]


def test_only_the_family_to_decide_reads_a_blackmail_window_prompt():
    """RB p.12: a facedown blackmail card is its holder's secret; its window's prompt names it, so the
    other families see who decides and a generic kind, never the text."""
    g = new_game(3, position={"phase": "family", "blackmail": {"hastings": ["The Prime Minister's Ear"]}},
                 blackmail=True)
    assert g.current_player() == "hastings" and "The Prime Minister's Ear" in g.prompt()
    mine = g.view("hastings")["fields"]
    assert mine["prompt"] == g.prompt() and mine["to_move"] == "hastings"
    for other in ("benyon", "larkins"):
        v = g.view(other)["fields"]
        assert v["prompt"] is None and v["to_move"] == "hastings" and v["prompt_kind"] == "blackmail window"
        assert "Ear" not in json.dumps(v) and _hidden_names_seen(g, other) == []
    play(g, "no")                             # declined: still facedown, still unseen
    assert all(_hidden_names_seen(g, f) == [] for f in ("benyon", "larkins"))


def test_a_mercantile_connection_window_is_unseen_by_the_trading_president():
    """The window after a Trade check asks the holder (not the President): the President's view, and every
    other family's, never names the card."""
    offices = {"Chairman": None, "Director of Trade": None, "Manager of Shipping": None, "Military Affairs": None,
               "President of Bombay": "benyon"}
    pos = {"phase": "operations", "offices": offices, "commanders": {"Bombay": None, "Madras": None, "Bengal": None},
           "treasuries": {"President of Bombay": 6}, "blackmail": {"walsh": ["Mercantile Connection"]},
           "london_deck": [], "display": []}           # the London cards in full: no other blackmail is dealt
    g = new_game(6, position=pos, blackmail=True)
    play(g, "Trade")
    g.script_dice([1, 3, 3, 4, 4])
    play(g, "5")
    assert g.current_player() == "walsh" and "Mercantile Connection" in g.prompt()
    for other in g.factions:
        if other == "walsh":
            continue
        v = g.view(other)["fields"]
        assert v["prompt"] is None and v["prompt_kind"] == "blackmail window"
        assert "Mercantile" not in json.dumps(v)
    assert "Mercantile Connection" in g.view("walsh")["fields"]["prompt"]


def test_no_view_names_another_familys_facedown_blackmail_in_random_games():
    names = _blackmail_names()
    windows = 0
    for seed in range(12):
        g = new_game(3 + seed % 4, seed, blackmail=True)
        rng = random.Random(seed)
        n = 0
        while not g.is_over():
            window = any(name in g.prompt() for name in names.values())
            if window or n % 97 == 0:
                windows += window
                for fam in g.factions:
                    if fam != g.current_player():
                        assert _hidden_names_seen(g, fam) == [], f"seed {seed}: {fam} reads {g.prompt()!r}"
            g.apply(rng.choice(g.legal_actions()))
            n += 1
    assert windows > 0


def test_a_determinized_clone_keeps_the_card_of_a_pending_window_with_its_holder():
    """Asked only of a holder, a window shows who holds the card (hidden.py, known limitation): a clone for
    another family keeps it there, so the holder can still play it, and the view is unchanged."""
    g = new_game(3, position={"phase": "family", "blackmail": {"hastings": ["The Prime Minister's Ear"]}},
                 blackmail=True)
    ear, hastings = 61, slot("hastings")
    for seed in range(10):
        d = g.determinize("benyon", seed)
        assert ear in d.state.hands[hastings]["blackmail"] and d.view("benyon") == g.view("benyon")
        play(d, "yes")
        cards = [c for f in d.state.seats for c in d.state.hands[f]["blackmail"] + d.state.hands[f]["used"]]
        cards += list(d.state.display) + list(d.state.london_deck)
        assert cards.count(ear) == 1 and ear in d.state.hands[hastings]["used"]


def _known_cards(game, family) -> set:
    """Blackmail cards ``family`` may know by name now: its hand, the cards it peeked, every card played."""
    s = game.state
    me = game.factions.index(family)
    slot = s.seats[me]
    return set(s.hands[slot]["blackmail"]) | set(s.peeked[slot]) | {c for h in s.hands for c in h["used"]}


@pytest.mark.parametrize("options", [{"families": 4}, {"families": 1, "crown": True}, {"families": 1},
                                     {"families": 4, "blackmail_windows": "everyone"},
                                     {"families": 4, "negotiation": "offers"}])
def test_no_family_log_view_names_a_blackmail_card_it_cannot_know(options):
    """A family's log (``log_seen_by``, what the environments and ``coin-env play`` show) never names a blackmail
    card the family has not held, peeked at (RB p.12) or seen played, except in what it was asked itself: another
    family's blackmail-window prompt ("play the blackmail card ... now?") stays unread (probe N1)."""
    import random
    import coin_env
    from coin_env.games.john_company.data.cards import BLACKMAIL
    names = {c[0]: c[1] for c in BLACKMAIL}
    for seed in range(12):
        g = coin_env.make_game("john_company", seed=seed, options=options, log=True)
        rng = random.Random(seed)
        known = {f: _known_cards(g, f) for f in g.factions}
        while not g.is_over():
            n = g.log_length()
            g.apply(rng.choice(g.legal_actions()))
            for f in g.factions:
                known[f] |= _known_cards(g, f)
                hidden = [names[c] for c in names if c not in known[f]]
                for entry in g.log_seen_by(f, n):
                    if entry.get("actor") == f:         # what it was asked itself (a window on an unplayed card
                        continue                        # under "everyone", an offer it may accept) it may read
                    text = " ".join(str(v) for v in entry.values())
                    leaked = [x for x in hidden if x in text]
                    assert not leaked, (options, seed, f, leaked, entry)


def _position_with_private_cards():
    """Benyon holds Scandal in India, Hastings Man on the Inside, and Hastings has peeked at the facedown
    Mercantile Connection in the London Season display (RB p.12)."""
    import coin_env
    pos = coin_env.make_game("john_company", seed=0, options={"families": 4}).to_position()
    deck = [c for c in pos["london_deck"] if c not in ("Man on the Inside", "Mercantile Connection")]
    pos["london_deck"] = deck + [pos["display"][-1]]
    pos["display"] = pos["display"][:-1] + ["Mercantile Connection"]
    pos["blackmail"] = {"benyon": ["Scandal in India"], "hastings": ["Man on the Inside"]}
    pos["peeked"] = {"hastings": ["Mercantile Connection"]}
    return coin_env.make_game("john_company", seed=0, options={"families": 4}, position=pos)


def test_a_familys_render_names_its_own_facedown_blackmail_and_no_other_familys():
    """Issue N13: the board text for a seat shows that family's facedown blackmail and the display cards it
    peeked (hidden.py view), never another family's; the public text (no seat) names none of them."""
    from coin_env.core.encoding import renderer_for
    g = _position_with_private_cards()
    render = renderer_for(g)
    hastings, benyon, public = render(g, seat="hastings"), render(g, seat="benyon"), render(g)
    assert "Man on the Inside" in hastings and "Mercantile Connection (facedown, peeked)" in hastings
    assert "Scandal in India" not in hastings
    assert "Scandal in India" in benyon
    assert "Man on the Inside" not in benyon and "Mercantile Connection" not in benyon
    for card in ("Scandal in India", "Man on the Inside", "Mercantile Connection"):
        assert card not in public
    assert "blackmail facedown 1" in public and "blackmail facedown 1" in hastings     # the others' as counts
    with pytest.raises(ValueError, match="not a family"):
        render(g, seat="nobody")


def test_the_envs_render_is_the_viewing_seats_text():
    """The gym env's ansi render is addressed to the learner: Benyon's starting blackmail card (seed 0) appears
    in Benyon's render and not in Hastings's."""
    import coin_env
    def text(seat):
        env = coin_env.gym_env("john_company", seat=seat, opponents="random", render_mode="ansi")
        env.reset(seed=0)
        held = env.game.state.hands[env.game.slot_of("benyon")]["blackmail"]
        assert held == [65], "seed 0 no longer deals Benyon Scandal in India (card 65): pick another seed"
        return env.render()
    assert "Scandal in India" in text("benyon")
    assert "Scandal in India" not in text("hastings")
