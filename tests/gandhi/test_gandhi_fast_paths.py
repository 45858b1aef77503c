"""The Raj bot's Sweep fast paths give the same answers as the plain readings they replace (issue 27 part 6).

The references are what the code did before: clean Railways asked one Railway at a time, a destination's
origins planned with every fact re-read per origin, Active adversaries summed faction by faction. They are
checked on many positions reached by random and all-bot play. tests/test_seeded_games_unchanged.py covers
the same ground end to end; these tests say which helper broke.
"""

import random

import pytest

import coin_env
from coin_env.core.aec_env import with_non_players
from coin_env.games.gandhi import board
from coin_env.games.gandhi.bots.arjuna import BOT
from coin_env.games.gandhi.bots.context import Ctx
from coin_env.games.gandhi.bots.raj import SweepScan, origin_facts_of
from coin_env.games.gandhi.data.pieces import SEPOY, TROOP
from coin_env.games.gandhi.rules import raj as rules
from coin_env.games.gandhi.rules.campaign import Redeploy
from coin_env.games.gandhi.static import LAND, N_SPACES, RAILWAYS

FACTIONS = ("raj", "congress", "ml", "revs")


def _positions():
    """Games paused at many decisions: random play and all-bot play."""
    out = []
    for seed in range(2):
        g = coin_env.make_game("gandhi", seed=seed)
        rng = random.Random(seed)
        i = 0
        while not g.is_over():
            g.apply(rng.choice(g.legal_actions()))
            i += 1
            if i % 6 == 0:
                out.append(g.clone())
    pol = {f: BOT for f in FACTIONS}
    for seed in range(2):
        g = coin_env.make_game("gandhi", seed=50 + seed, options=with_non_players({}, pol))
        rng = random.Random(seed)
        i = 0
        while not g.is_over():
            a = g.current_player()
            g.apply(pol[a](g, a, rng))
            i += 1
            if i % 5 == 0:
                out.append(g.clone())
    return out


@pytest.fixture(scope="module")
def positions():
    return _positions()


def test_clean_railways_match_the_one_railway_test_3_2_3(positions):
    for g in positions:
        ref = [rules._clean_railway(g.state, sp) if sp in RAILWAYS else False for sp in range(N_SPACES)]
        assert rules.clean_railways(g.state) == ref


def test_active_adversaries_match_the_sum_over_factions(positions):
    for g in positions[::3]:
        s = g.state
        for sp in range(N_SPACES):
            for f in FACTIONS:
                ref = sum(board.active_pieces_of(s, sp, o) for o in FACTIONS if o != f)
                assert board.active_adversaries(s, sp, f) == ref


def test_origin_facts_match_the_plain_reading_8_6_3(positions):
    for g in positions[::3]:
        s = g.state
        for sp in range(N_SPACES):
            margin = board.cubes(s, sp) - board.active_non_raj(s, sp) if board.raj_control(s, sp) else None
            assert origin_facts_of(s, sp) == (bool(s.protest[sp]), margin)


def test_sweep_scan_matches_origins_read_one_destination_at_a_time(positions):
    """Shared facts read once give the same origins as a fresh read per destination; ``first_only``
    finds an origin exactly when there is one."""
    checked = 0
    for g in positions[::2]:
        ctx = Ctx(g, "raj")
        for use_sepoys in (True, False):
            scan = SweepScan(ctx, rules.SWEEP_KEY, use_sepoys)
            for dest in LAND:
                fresh = SweepScan(ctx, rules.SWEEP_KEY, use_sepoys)
                fresh_free = rules.movable_cubes(g, rules.SWEEP_KEY)
                plain = rules.sweep_origins(g, dest, rules.SWEEP_KEY, rules.troops_may_enter(g.state, dest), use_sepoys)
                assert plain == rules.sweep_origins(g, dest, rules.SWEEP_KEY, rules.troops_may_enter(g.state, dest),
                                                    use_sepoys, free=fresh_free, clean=rules.clean_railways(g.state))
                full = scan.origins(dest)
                assert full == fresh.origins(dest)
                assert bool(scan.origins(dest, first_only=True)) == bool(full)
                checked += bool(full)
    assert checked > 0


def _victory_totals_by_tracks(s):
    """1.9 / 7.2 the way board.victory_totals read them before its one-pass form: track by track."""
    pop = s.data.pop
    ctrl = board.control_mask(s)
    return {"raj": board.total_support(s) + int((pop * ctrl).sum()),
            "congress": board.total_opposition(s),
            "ml": board.total_muslim_opposition(s) + 2 * int((pop * (s.muslim_state > 0)).sum()),
            "revs": int((pop * (s.unrest > 0)).sum()) + int(s.pieces[:N_SPACES, board.REV_BASE].sum())}


def test_victory_totals_match_the_track_by_track_sums_1_9(positions):
    for g in positions:
        assert board.victory_totals(g.state) == _victory_totals_by_tracks(g.state)


def test_redeploy_offers_what_a_fresh_load_offers_6_4():
    """6.4: the Redeploy prompts reuse their last reading of an unchanged board; at every Redeploy
    decision of all-bot games the offer equals that of the same game freshly loaded from its save."""
    pol = {f: BOT for f in FACTIONS}
    checked = 0
    for seed in range(3):
        g = coin_env.make_game("gandhi", scenario="short", seed=seed, options=with_non_players({}, pol))
        rng = random.Random(seed)
        while not g.is_over():
            if g.state.frames[-1]["kind"] == "g_redeploy":
                assert g.legal_actions() == coin_env.load_game(g.to_json()).legal_actions()
                checked += 1
            a = g.current_player()
            g.apply(pol[a](g, a, rng))
    assert checked > 100


def test_redeploy_sources_follow_the_moved_record_on_one_board_6_4():
    """6.4 / 3.1.2: pieces that already moved this Redeploy do not move again, even when the board is
    the same as at the last reading (NP Raj's second part starts from the first part's record)."""
    s = coin_env.make_game("gandhi", scenario="short", seed=0).state
    first = Redeploy.sources(s, {"actor": "raj", "moved": {}})
    sp = first[0]
    moved = {f"{sp}:{pc}": int(s.pieces[sp, pc]) for pc in (TROOP, SEPOY) if s.pieces[sp, pc]}
    after = Redeploy.sources(s, {"actor": "raj", "moved": moved})
    assert sp not in after
    assert after == Redeploy.sources(s.copy(), {"actor": "raj", "moved": moved})


def test_one_operation_available_matches_the_list_2_3_4(positions):
    """2.3.4: asking for one Operation gives what the list of available Operations says."""
    for g in positions:
        for f in FACTIONS:
            listed = set(g.available_operations(f, limited=False))
            for action in [*g.activities[f], None, -1]:
                assert g.operation_available(f, action) == (action in listed)


def test_raj_control_of_one_space_matches_the_whole_board_mask_1_7(positions):
    """1.7: the one-space reading of Raj Control agrees with the whole-board mask everywhere."""
    for g in positions:
        mask = board.control_mask(g.state).tolist()
        assert [board.raj_control(g.state, sp) for sp in range(N_SPACES)] == mask
