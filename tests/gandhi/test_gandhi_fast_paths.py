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


# --- list readings that replaced whole-map array tests (issue 27 part 6, second round) -----------------
MOVE_KEYS = (rules.SWEEP_KEY, rules.WAVELL_KEY, rules.TREATY_KEY, rules.GARRISON_KEY, rules.DEPLOY_KEY)


def test_movable_cubes_match_the_array_reading_3_1_2(positions):
    """3.1.2 / 3.2: the movable cubes read as lists equal the array reading (:func:`rules._leavers`)."""
    for g in positions:
        for key in MOVE_KEYS:
            assert rules.movable_cubes(g, key) == rules._leavers(g, key).tolist()


def test_movable_cubes_leave_out_moved_cubes_and_protest_spaces_3_2():
    """What the list reading must not forget: cubes already moved (3.1.2; more recorded than remain
    counts as none) and every cube of a Protest space (3.2)."""
    g = coin_env.make_game("gandhi", seed=0)
    s = g.state
    with_cubes = [sp for sp in LAND if not s.protest[sp] and not board.is_state(s, sp)][:3]
    for sp in with_cubes:
        s.pieces[sp, TROOP] = 3            # a position made for the test: not a legal set-up
        s.pieces[sp, SEPOY] = 2
    moved, gone = with_cubes[0], with_cubes[1]
    s.turn = {"faction": "raj", "kind": "op", "op": "sweep", "op_spaces": [], "sa": None, "sa_spaces": [],
              "sa_done": False, "sa_active": False,
              "flags": {rules.SWEEP_KEY: {str(moved): [1, 0], str(gone): [99, 99]}}}
    protest = with_cubes[2]
    s.protest[protest] = 1
    free = rules.movable_cubes(g, rules.SWEEP_KEY)
    assert free[moved] == [int(s.pieces[moved, TROOP]) - 1, int(s.pieces[moved, SEPOY])]
    assert free[gone] == [0, 0] and free[protest] == [0, 0]
    assert free == rules._leavers(g, rules.SWEEP_KEY).tolist()


def _old_garrison_available(game):
    """Garrison's availability before any destination as it was read with whole-map arrays (3.2.2)."""
    if rules._op_spaces(game):
        return bool(rules.Garrison(0).selectable(game))
    free = rules._leavers(game, rules.GARRISON_KEY)
    movers = free[:, 0] > 0
    if rules._garrison_sepoys_ok(game):
        movers |= free[:, 1] > 0
    return bool((movers & game.state.data.adjacent_network).any())


def test_garrison_available_matches_the_array_reading_3_2_2(positions):
    garrison = rules.Garrison(0)
    seen = set()
    for g in positions:
        ans = garrison.available(g)
        assert ans == _old_garrison_available(g)
        seen.add(ans)
    assert seen == {True, False} or seen == {True}


def test_governable_matches_the_govern_modes_4_2_2(positions):
    """4.2.2: a space may be Governed exactly when some Govern mode is possible there."""
    for g in positions:
        for sp in range(N_SPACES):
            assert rules._governable(g, sp) == bool(rules.govern_modes(g, sp))


def test_negotiate_and_persuade_spaces_match_the_array_readings_4_3(positions):
    """4.3.1 / 4.4.1 Negotiate: own Activists and no Raj Control (the whole-board mask); 4.3.3 / 4.4.3
    Persuade: only where the faction has pieces."""
    from coin_env.games.gandhi.rules import nonviolent as nv
    for g in positions:
        s = g.state
        ctrl = board.control_mask(s)
        for f in ("congress", "ml"):
            acts = {type(a).__name__: a for a in g.activities[f].values()}
            negotiate = next(a for a in acts.values() if isinstance(a, nv.NVNegotiate))
            test = negotiate.space_test(g)
            ok = (s.pieces[:N_SPACES, nv.OWN_ACTIVIST[f]] > 0) & ~ctrl
            chosen = set(s.turn["op_spaces"]) if s.turn is not None else set()
            assert [bool(test(sp)) for sp in range(N_SPACES)] == [bool(ok[sp]) and sp not in chosen
                                                                  for sp in range(N_SPACES)]
            persuade = next(a for a in acts.values() if isinstance(a, nv.NVPersuade))
            has_own = (s.pieces[:N_SPACES, list(persuade.own_pieces)] > 0).any(axis=1)
            test = persuade.space_test(g)
            for sp in range(N_SPACES):
                if not has_own[sp]:
                    assert not test(sp)


def test_sends_something_matches_the_move_priorities_8_6_3(positions):
    """8.6.3: the shortcut "does this origin send any cube" equals planning the counts, on the
    positions of play and on every small combination of the facts the column reads."""
    from coin_env.games.gandhi.bots import raj as bot
    for g in positions[::2]:
        s = g.state
        free = rules.movable_cubes(g, rules.SWEEP_KEY)
        clean = rules.clean_railways(s)
        for dest in LAND:
            facts = bot.destination_facts(s, dest)
            for use_sepoys in (True, False):
                origins = rules.sweep_origins(g, dest, rules.SWEEP_KEY, rules.troops_may_enter(s, dest), use_sepoys,
                                              free=free, clean=clean)
                for o, counts in origins.items():
                    of = origin_facts_of(s, o)
                    planned = bot.plan_origin(s, o, dest, counts, use_sepoys, facts, of)
                    assert bot._sends_something(s, dest, counts, use_sepoys, facts, of) == (sum(planned) > 0)
    s = positions[0].state
    state_dest = next(sp for sp in LAND if board.is_state(s, sp))
    other_dest = next(sp for sp in LAND if not board.is_state(s, sp))
    small = range(3)
    for dest in (state_dest, other_dest):
        for movable in [(t, q) for t in small for q in small]:
            for use_sepoys in (True, False):
                for facts in [(t, q, a, u) for t in small for q in small for a in range(4) for u in small]:
                    for of in [(True, None), (False, None), (False, 1), (False, 2), (False, 3)]:
                        planned = bot.plan_origin(s, 0, dest, movable, use_sepoys, facts, of)
                        assert bot._sends_something(s, dest, movable, use_sepoys, facts, of) == (sum(planned) > 0)


def test_bot_plan_is_kept_in_the_faction_memory():
    """Ctx.plan: the same dict on every read, stored in the faction's memory (saves carry it)."""
    g = coin_env.make_game("gandhi", seed=0, options=with_non_players({}, {f: BOT for f in FACTIONS}))
    ctx = Ctx(g, "raj")
    assert ctx.plan is ctx.plan
    ctx.plan["kind"] = "op"
    assert g.state.arjuna["memory"]["raj"]["plan"] == {"kind": "op"}
    assert Ctx(g, "raj").plan == {"kind": "op"}


def _old_march_origins(game):
    """3.4.2 March origins as read with whole-map arrays: unmoved Guerrillas; Railways only when the
    Revolutionaries cannot pay."""
    import numpy as np
    from coin_env.games.gandhi.data.pieces import ACTIVE_GUERRILLA, GUERRILLA
    from coin_env.games.gandhi.rules import revolutionaries as revs
    from coin_env.games.gandhi.static import IS_RAILWAY
    s = game.state
    left = s.pieces[:N_SPACES, GUERRILLA:ACTIVE_GUERRILLA + 1].astype(np.int32)
    for sp, (u, a) in revs._flags(game).get("march_moved", {}).items():
        left[int(sp), 0] -= u
        left[int(sp), 1] -= a
    ok = np.maximum(left, 0).sum(axis=1) > 0
    if revs._res(game) < 1:
        ok &= IS_RAILWAY
    return ok.tolist()


def test_march_origins_match_the_array_reading_3_4_2(positions):
    """3.4.2: March origins read space by space equal the array reading, with moved Guerrillas and
    with Resources short."""
    from coin_env.games.gandhi.data.pieces import ACTIVE_GUERRILLA, GUERRILLA
    from coin_env.games.gandhi.rules import revolutionaries as revs
    march = revs.March(0)
    for g in positions[::2]:
        test = march.space_test(g)
        assert [test(sp) for sp in range(N_SPACES)] == _old_march_origins(g)
    g = coin_env.make_game("gandhi", seed=1)          # a player Revolutionaries (pays Resources)
    s = g.state
    with_guerrillas = [sp for sp in range(N_SPACES) if s.pieces[sp, GUERRILLA] + s.pieces[sp, ACTIVE_GUERRILLA]]
    moved = {str(sp): [int(s.pieces[sp, GUERRILLA]), int(s.pieces[sp, ACTIVE_GUERRILLA])] for sp in with_guerrillas[:2]}
    s.turn = {"faction": "revs", "kind": "op", "op": "march", "op_spaces": [], "sa": None, "sa_spaces": [],
              "sa_done": False, "sa_active": False, "flags": {"march_moved": moved}}
    for resources in (0, 5):
        s.resources["revs"] = resources
        test = march.space_test(g)
        assert [test(sp) for sp in range(N_SPACES)] == _old_march_origins(g)
        assert not any(test(int(sp)) for sp in moved)


def test_demonstrate_can_start_matches_its_eligible_spaces_8_6_4(positions):
    from coin_env.games.gandhi.bots.nonviolent import Demonstrate
    proc = Demonstrate()
    for g in positions[::2]:
        for f in ("congress", "ml"):
            ctx = Ctx(g, f)
            spaces = list(LAND)
            assert proc.any_eligible(ctx, None, spaces) == bool(proc.eligible(ctx, None, spaces))


def test_sweep_scan_receives_exactly_where_some_origin_sends_8_6_3(positions):
    """8.6.3: the origin-by-origin reading of "some cube would move here" agrees with the origins
    listed, with and without Sepoys and with destinations already chosen."""
    checked = 0
    for g in positions[::2]:
        ctx = Ctx(g, "raj")
        for use_sepoys in (True, False):
            for done in ((), tuple(LAND[:3])):
                scan = SweepScan(ctx, rules.SWEEP_KEY, use_sepoys, done)
                for dest in LAND:
                    full = scan.origins(dest)
                    assert scan.receives(dest) == bool(full) == bool(scan.origins(dest, first_only=True))
                    checked += bool(full)
    assert checked > 0


def _old_nv_operation_spaces(game, act):
    """3.3 / 3.1.5 / 4.1.1 as the NV Operations read them with whole-map arrays: the Operation's own
    requirement, within the allowance unless the space is exempt, never the Negotiate space."""
    import numpy as np
    from coin_env.games.gandhi.data.pieces import CONGRESS_ACTIVIST, GANDHI, ML_ACTIVIST, ML_BASE
    from coin_env.games.gandhi.rules import nonviolent as nv
    s = game.state
    p = s.pieces[:N_SPACES]
    free = (s.protest > 0) | (p[:, GANDHI] > 0) if act.faction == "congress" else p[:, ML_BASE] > 0
    if isinstance(act, nv.NVRally):
        ok = free | (s.support <= 0)
    elif isinstance(act, nv.NVDemonstrate):
        ok = np.ones(N_SPACES, dtype=bool)
    elif isinstance(act, nv.NVCivilDisobedience):
        ok = free | ((p[:, CONGRESS_ACTIVIST] + p[:, ML_ACTIVIST]) > 0)
    else:
        ok = (s.protest > 0) & (p[:, nv.OWN_ACTIVIST[act.faction]] > 0)
        if act.faction == "ml" or not board.in_crisis(s):
            ok &= ~board.control_mask(s)
    if nv._flags(game).get("nv_counted", 0) >= nv.allowance(s, act.faction):
        ok = ok & free
    ok = ok.tolist()
    if s.turn is not None and s.turn["sa"] == "negotiate":
        for sp in s.turn["sa_spaces"]:
            ok[sp] = False
    return ok


def test_nv_operation_spaces_match_the_array_reading_3_3(positions):
    """3.3: the NV Operations' spaces read as lists equal the whole-map array reading, allowance used
    up or not."""
    from coin_env.games.gandhi.rules import nonviolent as nv
    checked = 0
    for g in positions[::2]:
        for f in ("congress", "ml"):
            for act in g.activities[f].values():
                if not isinstance(act, nv.NVOperation):
                    continue
                for counted in (None, 99):
                    h = g.clone()
                    if counted is not None:
                        if h.state.turn is None:
                            continue
                        h.state.turn["flags"]["nv_counted"] = counted
                    test = act.space_test(h)
                    assert [bool(test(sp)) for sp in range(N_SPACES)] == _old_nv_operation_spaces(h, act)
                    checked += 1
    assert checked > 100


def test_martial_law_and_govern_spaces_match_the_array_readings_4_2(positions):
    """4.2.2 Govern: spaces with cubes where some mode is possible; 4.2.3 Martial Law: spaces with
    cubes and Activists -- as the whole-map arrays read them."""
    from coin_env.games.gandhi.data.pieces import CONGRESS_ACTIVIST, ML_ACTIVIST
    martial_law, govern = rules.MartialLaw(0), rules.Govern(0)
    for g in positions:
        p = g.state.pieces[:N_SPACES]
        cubes = (p[:, TROOP] + p[:, SEPOY]) > 0
        ref = (cubes & ((p[:, CONGRESS_ACTIVIST] + p[:, ML_ACTIVIST]) > 0)).tolist()
        test = martial_law.space_test(g)
        assert [test(sp) for sp in range(N_SPACES)] == ref
        test = govern.space_test(g)
        assert [bool(test(sp)) for sp in range(N_SPACES)] == [bool(cubes[sp]) and bool(rules.govern_modes(g, sp))
                                                               for sp in range(N_SPACES)]


def test_revolutionary_spaces_match_the_array_readings_3_4(positions):
    """3.4.1 Rally, 3.4.3 Attack, 3.4.4 Unrest: the spaces read as lists equal the array readings."""
    from coin_env.games.gandhi.data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GUERRILLA, ML_ACTIVIST,
                                                   REV_BASE)
    from coin_env.games.gandhi.rules import revolutionaries as revs
    rally, attack, unrest = revs.Rally(0), revs.Attack(0), revs.Unrest(0)
    crisis = 0
    for g in positions:
        s = g.state
        p = s.pieces[:N_SPACES]
        refs = {rally: (s.support <= 0) | (p[:, REV_BASE] > 0),
                attack: (p[:, GUERRILLA] + p[:, ACTIVE_GUERRILLA]) > 0,
                unrest: (p[:, GUERRILLA] > 0) | (board.in_crisis(s) & (p[:, CONGRESS_ACTIVIST] > 0)
                                                 & (p[:, ML_ACTIVIST] > 0))}
        crisis += board.in_crisis(s)
        for act, ref in refs.items():
            test = act.space_test(g)
            if test is not None:
                assert [test(sp) for sp in range(N_SPACES)] == ref.tolist()


# --- the Event look-ahead probes the spaces best-ranked first (issue 27 part 6, third round) -----------
def test_preference_groups_select_as_the_whole_candidate_set_8_4_1(positions):
    """8.4.1: for any subset of the candidates, the table's selection among the subset equals its
    selection among the subset's members in the first group that meets it -- tie-break dice included
    (each selection on its own copy of the game). The groups split the candidates, best first."""
    from coin_env.games.gandhi.bots import priorities
    rng = random.Random(7)
    checked = 0
    for g in positions[::4]:
        for f in FACTIONS:
            ctx = Ctx(g, f)
            for name in ctx.data.arjuna.factions[f].columns:
                cands = rng.sample(list(range(N_SPACES)), rng.randint(1, N_SPACES))
                groups = list(priorities.preference_groups(ctx, name, cands))
                assert sorted(sp for grp in groups for sp in grp) == sorted(set(cands))
                assert all(grp == sorted(grp) and grp for grp in groups)
                for _ in range(3):
                    subset = rng.sample(cands, rng.randint(1, len(cands)))
                    first = next(grp for grp in groups if set(grp) & set(subset))
                    whole, part = g.clone(), g.clone()
                    picked = priorities.select_space(Ctx(whole, f), name, subset)
                    assert picked in first
                    assert picked == priorities.select_space(Ctx(part, f), name, [sp for sp in first if sp in subset])
                    assert whole.state.rng.state == part.state.rng.state
                    checked += 1
    assert checked > 200


def _plain_event_spaces(ctx):
    """8.8.4 the way the NP answered an Event's space prompt before probing in preference order:
    every space probed, the table's choice among the helpful ones."""
    from coin_env.games.gandhi.bots import events
    spaces = ctx.legal_spaces()
    if not spaces:
        return ctx.done
    if events._shallow(ctx):
        return ctx.space(ctx.select(events._column(ctx), spaces))
    before = events._measure(ctx.game.state)
    helpful = [sp for sp in spaces if events._probe_option(ctx, ctx.space(sp), before) > 0]
    if not helpful:
        return ctx.done if ctx.has(ctx.done) else ctx.space(ctx.select(events._column(ctx), spaces))
    return ctx.space(ctx.select(events._column(ctx), helpful))


def test_event_spaces_answer_as_when_every_space_is_probed_8_8_4():
    """8.8.4: at every Event space prompt of all-bot games (and of the look-ahead's own copies), the
    answer probing spaces best-ranked first equals the answer probing them all, and the game's dice
    are left where the plain answer leaves them."""
    from coin_env.games.gandhi.bots import events
    pol = {f: BOT for f in FACTIONS}
    asked = []
    real = events.event_spaces

    def both(ctx):
        plain_game = ctx.game.clone()
        plain = _plain_event_spaces(Ctx(plain_game, ctx.faction))
        answer = real(ctx)
        assert answer == plain
        assert ctx.game.state.rng.state == plain_game.state.rng.state
        asked.append(events._depth(ctx))
        return answer

    from coin_env.games.gandhi.bots.registry import PROMPT_HANDLERS
    key = next(k for k, fn in PROMPT_HANDLERS.items() if fn is real)
    PROMPT_HANDLERS[key] = both
    try:
        for seed in range(100, 112):
            g = coin_env.make_game("gandhi", scenario="short", seed=seed, options=with_non_players({}, pol))
            rng = random.Random(seed)
            while not g.is_over():
                a = g.current_player()
                g.apply(pol[a](g, a, rng))
    finally:
        PROMPT_HANDLERS[key] = real
    assert len(asked) > 20 and 0 in asked and 1 in asked


def test_sweep_destination_is_the_table_choice_among_receiving_spaces_8_6_3(positions):
    """8.6.3: the Sweep destination read best-ranked first equals the Sweep column's choice among all
    the receiving destinations, dice included, with Troops only or not."""
    from coin_env.games.gandhi.bots import raj as bot
    sweep = bot.Sweep()
    checked = 0
    for g in positions[::2]:
        for troops_only in (False, True):
            fast, plain = g.clone(), g.clone()
            for h in (fast, plain):
                Ctx(h, "raj").plan["an_failed"] = troops_only
            spaces = list(LAND)
            fctx, pctx = Ctx(fast, "raj"), Ctx(plain, "raj")
            dests = sweep.move_destinations(pctx, spaces)
            expected = pctx.select(sweep.column, dests) if dests else None
            assert sweep.best_destination(fctx, None, spaces) == expected
            assert fast.state.rng.state == plain.state.rng.state
            checked += expected is not None
    assert checked > 10


def test_demonstrate_destination_is_the_table_choice_among_reachable_spaces_8_6_4(positions):
    """8.6.4 / 8.6.5: the Demonstrate destination read best-ranked first equals the column's choice
    among all the eligible (reachable) destinations, dice included."""
    from coin_env.games.gandhi.bots.nonviolent import Demonstrate
    proc = Demonstrate()
    checked = 0
    for g in positions:
        if not Ctx(g, "congress").legal_spaces():
            continue
        for f in ("congress", "ml"):
            fast, plain = g.clone(), g.clone()
            pctx = Ctx(plain, f)
            cands = proc.eligible(pctx, None, pctx.legal_spaces())
            expected = pctx.select(proc.column, cands) if cands else None
            assert proc.choose(Ctx(fast, f), None) == expected
            assert fast.state.rng.state == plain.state.rng.state
            checked += expected is not None
    assert checked > 10


# --- the Operations read at the sequence-of-play choice, kept for its decision (2.3.4, 8.3) ---------------
def _fresh_operations(g, f):
    return [a for a, act in g.activities[f].items() if not act.special and act.available(g)]


def test_kept_operations_answer_as_fresh_readings_2_3_4():
    """2.3.4: in all-bot games, at every sequence-of-play choice the Operations asked one by one and
    the Operations the chosen Operation choice offers equal fresh readings of the same board."""
    pol = {f: BOT for f in FACTIONS}
    at_choice = at_op_choice = 0
    for seed in range(100, 106):
        g = coin_env.make_game("gandhi", scenario="short", seed=seed, options=with_non_players({}, pol))
        rng = random.Random(seed)
        while not g.is_over():
            top = g.state.frames[-1]
            a = g.current_player()
            if top["kind"] == "sop_choice":
                g.legal_actions()
                for action, act in g.activities[a].items():
                    if not act.special:
                        assert g.operation_available(a, action) == act.available(g)
                at_choice += 1
            g.apply(pol[a](g, a, rng))
            top = g.state.frames[-1] if g.state.frames else None
            if top is not None and top["kind"] == "choose" and top["then"] == "coin_operation_chosen":
                assert g.legal_actions() == _fresh_operations(g, top["actor"])
                at_op_choice += 1
    assert at_choice > 100 and at_op_choice > 50


def test_kept_operations_are_not_used_beyond_their_choice_2_3_4():
    """The kept answers belong to one faction's choice on one board: a clone starts without them, another
    faction, a later decision or a turn that has selected spaces reads afresh."""
    pol = {f: BOT for f in FACTIONS}
    g = coin_env.make_game("gandhi", scenario="short", seed=3, options=with_non_players({}, pol))
    rng = random.Random(3)
    while g.state.frames[-1]["kind"] != "sop_choice":
        a = g.current_player()
        g.apply(pol[a](g, a, rng))
    f = g.current_player()
    g.legal_actions()
    assert g._kept_operations(f, at_choice=True) is not None
    assert g.clone()._sop_operations is None
    other = next(x for x in FACTIONS if x != f)
    assert g._kept_operations(other, at_choice=True) is None
    assert g._kept_operations(f, at_choice=False) is None          # no Operation choice under way
    h = g.clone()
    h.legal_actions()
    h.state.turn = {"faction": f, "kind": "op", "op": None, "op_spaces": [0], "sa": None, "sa_spaces": [],
                    "sa_done": False, "sa_active": False, "flags": {}}
    h._sop_operations = None
    assert h._kept_operations(f, at_choice=True) is None            # spaces already selected: not idle
    h.state.turn = {**h.state.turn, "op_spaces": [], "free": True}
    assert h._kept_operations(f, at_choice=True) is None            # a free action (5.0): not idle
    answers = g._sop_operations[3]
    assert g._kept_operations(f, at_choice=True) is answers
    g.state.decisions += 1                                          # a later decision: new answers
    assert g._kept_operations(f, at_choice=True) is not answers


# --- Special Activities' availability read from the few spaces that can qualify (4.2-4.5) ------------------
def _with_turn(g, faction, op_spaces=(), sa_spaces=()):
    """A copy of ``g`` with ``faction``'s Operation and Special Activity having selected those spaces."""
    h = g.clone()
    h.state.turn = {"faction": faction, "kind": "op_sa", "op": None, "op_spaces": list(op_spaces), "sa": None,
                    "sa_spaces": list(sa_spaces), "sa_done": False, "sa_active": False, "flags": {}}
    h._legal = None
    return h


def test_special_activity_availability_matches_the_plain_reading_4_0(positions):
    """Every Special Activity whose ``available`` reads only the spaces that can qualify answers as the
    shared reading over every space (coin/operations.py Activity.available), with spaces already
    selected for the Operation and for the Special Activity."""
    from coin_env.coin.operations import Activity
    rng = random.Random(5)
    seen = {}
    for g in positions:
        for f in FACTIONS:
            for act in g.activities[f].values():
                if not act.special or type(act).available is Activity.available:
                    continue
                picks = [rng.sample(range(N_SPACES), k) for k in (0, 1, 2, 3)]
                games = [g] + [_with_turn(g, f, op, sa) for op in picks[:2] for sa in picks[1:3]]
                for h in games:
                    ans = act.available(h)
                    assert ans == Activity.available(act, h), (type(act).__name__, h.state.turn)
                    seen.setdefault(type(act).__name__, set()).add(ans)
    assert len(seen) >= 8
    assert sum(answers == {True, False} for answers in seen.values()) >= 5


# --- "can this box be done": the engine's space test asked only up to the first eligible space (8.3 / 8.7) --
def test_any_selectable_matches_the_selectable_list(positions):
    """Ctx.any_selectable equals asking the list of selectable spaces, for every Operation and
    Special Activity of every faction, with no condition and with conditions met by few or many spaces."""
    wheres = (None, lambda sp: sp % 3 == 0, lambda sp: sp == N_SPACES - 1, lambda sp: False)
    answers = set()
    for g in positions[::2]:
        for f in FACTIONS:
            ctx = Ctx(g, f)
            for act in g.activities[f].values():
                for where in wheres:
                    listed = ctx.selectable(f, act.key, act.special)
                    ans = ctx.any_selectable(f, act.key, act.special, where)
                    assert ans == (any(where(sp) for sp in listed) if where else bool(listed))
                    answers.add(ans)
    assert answers == {True, False}


def test_can_start_matches_the_eligible_list_8_3(positions):
    """8.3 / 8.7: every procedure's "can it start" asked space by space equals the plain reading over
    the list of selectable spaces (what the procedures read before)."""
    from coin_env.games.gandhi.bots import nonviolent as nvb, raj as rajb, revolutionaries as revb
    from coin_env.games.gandhi.bots.registry import CONDITIONS, OPS

    def plain(ctx, f, key, proc):
        if isinstance(proc, nvb.NVProcedure):
            return proc.any_eligible(ctx, None, ctx.selectable(f, proc.key, proc.special))
        if isinstance(proc, rajb.Deploy):
            return any(sum(rajb.deploy_counts(ctx, c, None)) > 0 for c in ctx.selectable(f, "deploy"))
        if isinstance(proc, rajb.Assault):
            return any(rajb.assault_eligible(ctx.state, sp, False) for sp in ctx.selectable(f, "assault"))
        if isinstance(proc, revb.Attack):
            return bool(ctx.selectable(f, "attack"))
        if isinstance(proc, revb.Unrest):
            return bool(ctx.no_railways_unless_raj_player(ctx.selectable(f, "unrest")))
        return None

    checked = set()
    for g in positions[::2]:
        for (f, key), proc in OPS.items():
            ref = plain(Ctx(g, f), f, key, proc)
            if ref is not None:
                assert proc.can_start(Ctx(g, f), None) == ref, (f, key)
                checked.add((f, key, ref))
        ctx = Ctx(g, "raj")
        assert rajb.Treaty().can_start(ctx, None) == any(
            rajb.treaty_eligible(g.state, sp) for sp in ctx.selectable("raj", "treaty", special=True))
        assert rajb.MartialLaw().can_start(ctx, None) == any(
            rajb.martial_law_eligible(ctx, sp) for sp in ctx.selectable("raj", "martial_law", special=True))
        ctx = Ctx(g, "revs")
        assert revb.Assassinate().can_start(ctx, None) == bool(ctx.selectable("revs", "assassinate", special=True))
        for f in ("congress", "ml"):
            ctx = Ctx(g, f)
            s = g.state
            refs = {
                "congress_can_noncoop": bool(nvb.noncoop_spaces(s, "congress", ctx.selectable("congress", "non_cooperation"))),
                "ml_can_noncoop": bool(nvb.noncoop_spaces(s, "ml", ctx.selectable("ml", "non_cooperation"))),
                "ml_base_ready": any(nvb.base_ready(s, sp) for sp in ctx.selectable("ml", "rally")),
                "ml_ms_negotiable": bool(nvb.negotiate_eligible(s, "place Muslim State",
                                                                ctx.selectable("ml", "negotiate", True))),
            }
            for name, ref in refs.items():
                assert getattr(nvb, name)(ctx) == ref, name
            if board.protests_available_for_ops(s):
                assert nvb.ml_protest_denies_control(ctx) == any(
                    s.pieces.item(sp, nvb.ML_ACTIVIST) > 0 and nvb.protest_ends_control(s, sp)
                    for sp in ctx.selectable("ml", "civil_disobedience"))
    assert len({(f, k) for f, k, _ in checked}) >= 10
    assert {r for _, _, r in checked} == {True, False}


def _old_sweep_test(game):
    """3.2.3 Sweep's space test as it read the Sepoy cost at every space (before reading it once)."""
    s = game.state
    nb = s.data.neighbors
    first = rules._first(game)
    free = rules.movable_cubes(game, rules.SWEEP_KEY)
    clean = rules.clean_railways(s)

    def reached(sp, slot):
        if any(free[o][slot] for o in nb[sp]):
            return True
        return any(clean[r] and any(free[o][slot] for o in nb[r] if o != sp) for r in nb[sp])

    def test(sp):
        if board.count(s, sp, TROOP) > 0:
            return True
        if rules.troops_may_enter(s, sp) and reached(sp, 0):
            return True
        sep = board.count(s, sp, SEPOY) > 0 or reached(sp, 1)
        return sep and rules._can_pay(game, rules.sepoy_cost(game, "sweep", first))

    return test


def test_sweep_spaces_match_the_plain_reading_3_2_3(positions):
    """3.2.3: Sweep's destinations, with cubes already moved and with Resources short for Sepoys."""
    sweep = rules.Sweep(0)
    rng = random.Random(11)
    checked = 0
    for g in positions:
        games = [g]
        with_cubes = [sp for sp in range(N_SPACES) if board.cubes(g.state, sp)]
        if with_cubes:
            h = _with_turn(g, "raj")
            h.state.turn["flags"][rules.SWEEP_KEY] = {str(sp): [1, 1] for sp in rng.sample(with_cubes, min(3, len(with_cubes)))}
            games.append(h)
            poor = _with_turn(g, "raj", op_spaces=[with_cubes[0]])
            poor.state.resources["raj"] = 0
            games.append(poor)
        for h in games:
            test, ref = sweep.space_test(h), _old_sweep_test(h)
            assert [bool(test(sp)) for sp in LAND] == [bool(ref(sp)) for sp in LAND]
            checked += 1
    assert checked > 100


# --- the Sweep readings kept while the board they read is unchanged (3.2.3, coin_env/core/kept.py) ----------
def test_kept_sweep_readings_equal_fresh_readings_3_2_3(positions):
    """The kept (movable cubes, clean Railways) equal fresh readings on every position, and follow every
    change of what they read: cubes, Protests, Strikes, cubes already moved; a clone starts without them."""
    for g in positions:
        for key in (rules.SWEEP_KEY, rules.WAVELL_KEY):
            assert rules.sweep_readings(g, key) == (rules.movable_cubes(g, key), rules.clean_railways(g.state))
            assert rules.sweep_readings(g, key) is rules.sweep_readings(g, key)
    g = positions[len(positions) // 2].clone()
    assert g.clone()._sweep_readings is None
    s = g.state
    before = rules.sweep_readings(g, rules.SWEEP_KEY)
    rail = RAILWAYS[0]
    with_cubes = next(sp for sp in LAND if board.cubes(s, sp) and not s.protest[sp])
    changes = [lambda: s.pieces.__setitem__((with_cubes, TROOP), s.pieces[with_cubes, TROOP] + 1),
               lambda: s.protest.__setitem__(with_cubes, 1),
               lambda: s.strike.__setitem__(rail, 1 - s.strike[rail]),
               lambda: rules._fix(g, rules.SWEEP_KEY, with_cubes, 1, 0)]
    for change in changes:
        if s.turn is None:
            s.turn = {"faction": "raj", "kind": "op", "op": "sweep", "op_spaces": [], "sa": None, "sa_spaces": [],
                      "sa_done": False, "sa_active": False, "flags": {}}
        change()
        now = rules.sweep_readings(g, rules.SWEEP_KEY)
        assert now == (rules.movable_cubes(g, rules.SWEEP_KEY), rules.clean_railways(s))
        assert now is not before
        before = now


def test_aid_spaces_match_every_space_tested_4_5_1(positions):
    """4.5.1: Aid's spaces, read only where Guerrillas are, equal every map space tested."""
    from coin_env.games.gandhi.rules import revolutionaries as revs
    aid = revs.Aid(0)
    found = 0
    for g in positions:
        for h in (g, _with_turn(g, "revs", sa_spaces=[sp for sp in range(N_SPACES) if board.guerrillas(g.state, sp)][:1])):
            chosen = h.state.turn["sa_spaces"] if h.state.turn is not None else []
            plain = [sp for sp in range(N_SPACES) if sp not in chosen and aid.can_select(h, sp)]
            assert aid.selectable(h) == plain
            found += bool(plain)
    assert found > 20


def test_more_can_start_match_the_eligible_list_8_3(positions):
    """8.3 / 8.7: Sweep, Govern and the Revolutionaries' Rally, March, Aid and Infiltrate asked space by
    space equal their plain readings over the list of selectable spaces, boxes with and without options."""
    from coin_env.games.gandhi.bots import raj as rajb, revolutionaries as revb
    from coin_env.games.gandhi.bots.registry import OPS, SAS
    sweep, rally, march = OPS[("raj", "sweep")], OPS[("revs", "rally")], OPS[("revs", "march")]
    govern, aid, infiltrate = SAS[("raj", "govern")], SAS[("revs", "aid")], SAS[("revs", "infiltrate")]
    arjuna = positions[0].state.data.arjuna

    def sa_options(faction, sa):
        return [None] + [o for face in arjuna[faction].faces.values() for n in face.nodes
                         for o in getattr(n, "options", ()) if o.sa == sa]

    govern_options, infiltrate_options = sa_options("raj", "govern"), sa_options("revs", "infiltrate")
    assert len(govern_options) > 2 and len(infiltrate_options) > 1
    answers = []
    for g in positions[::2]:
        ctx = Ctx(g.clone(), "raj")              # the plan is changed below: a copy
        for troops_only in (False, True):
            ctx.plan["an_failed"] = troops_only
            spaces = ctx.selectable("raj", "sweep")
            ref = (rajb.any_receiving(ctx, spaces, rules.SWEEP_KEY, not troops_only)
                   or any(rajb.sweep_in_place_eligible(ctx, sp) for sp in spaces))
            answers.append(ref)
            assert sweep.can_start(ctx, None) == ref
        ctx.plan.pop("an_failed")
        spaces = ctx.selectable("raj", "govern", special=True)
        for option in govern_options:
            ref = any(govern.action_spaces(ctx, spaces, a) for a in govern.sequence(option))
            assert govern.can_start(ctx, option) == ref
            answers.append(ref)
        ctx = Ctx(g, "revs")
        spaces = ctx.selectable("revs", "rally")
        assert rally.can_start(ctx, None) == bool(rally.base_spaces(ctx, spaces) or rally.guerrilla_spaces(ctx, spaces))
        assert march.can_start(ctx, None) == bool(march.origins(ctx, ctx.selectable("revs", "march")))
        assert aid.can_start(ctx, None) == bool(aid.eligible(ctx, ctx.selectable("revs", "aid", special=True)))
        spaces = ctx.selectable("revs", "infiltrate", special=True)
        for option in infiltrate_options:
            ref = bool(infiltrate.eligible(ctx, spaces, option))
            assert infiltrate.can_start(ctx, option) == ref
            answers.append(ref)
    assert set(answers) == {True, False}


# --- Redeploy: spaces with no piece left to move are skipped before their spare is read (6.4, 8.9.3) --------
def _plain_source(proc, ctx, dst, reserve):
    """RedeployProcedure.source as it read every space's spare (8.9.3)."""
    from coin_env.games.gandhi.bots import priorities
    if not proc.is_destination(ctx, dst):
        return None
    cands = {}
    for sp in range(N_SPACES):
        if sp == dst or proc.spare(ctx, sp, reserve) <= 0:
            continue
        piece = proc.movable_piece(ctx, sp, dst)
        if piece is not None:
            cands[sp] = piece
    if not cands:
        return None
    best = max(proc.source_key(ctx, sp) for sp in cands)
    tied = sorted(sp for sp in cands if proc.source_key(ctx, sp) == best)
    # 8.1.3 / 8.1.2: one candidate is taken as it is, ties go to the Random Spaces tie-break
    sp = tied[0] if len(tied) == 1 else priorities.break_tie(ctx, tied)
    return sp, cands[sp]


def test_redeploy_skips_only_spaces_that_spare_nothing_8_9_3():
    """8.9.3: a space with none of the faction's unmoved pieces never spares one, whatever the paragraph
    keeps and the step reserves -- what lets the sources skip it unread -- and the sources found equal
    those found reading every space's spare, dice included."""
    from coin_env.games.gandhi.bots import campaign as cb
    rng = random.Random(4)
    checked = 0
    for g, f, _top in _redeploy_source_choices(seeds=range(3)):
        proc = cb.REDEPLOY[f]
        ctx = Ctx(g, f)
        facts = proc.facts(ctx)
        reserve = {sp: rng.randint(0, 3) for sp in rng.sample(range(N_SPACES), 8)}
        for sp in range(N_SPACES):
            if facts.unmoved_total[sp] <= 0:
                assert proc.spare(ctx, sp, reserve) <= 0
        for dst in rng.sample(range(N_SPACES), 4):
            fast, plain = g.clone(), g.clone()
            assert proc.source(Ctx(fast, f), dst, reserve) == _plain_source(proc, Ctx(plain, f), dst, reserve)
            assert fast.state.rng.state == plain.state.rng.state
            checked += 1
    assert checked > 100


def _redeploy_source_choices(seeds):
    """Every Redeploy source choice (8.9.3) of all-bot short games on ``seeds``: (game, faction, frame), the
    game at that decision (the caller reads it, or clones it to change it; the bots then play on)."""
    pol = {f: BOT for f in FACTIONS}
    for seed in seeds:
        g = coin_env.make_game("gandhi", scenario="short", seed=seed, options=with_non_players({}, pol))
        play = random.Random(seed)
        while not g.is_over():
            top = g.state.frames[-1]
            f = g.current_player()
            if top["kind"] == "g_redeploy" and top["stage"] == "src":
                yield g, f, top
            g.apply(pol[f](g, f, play))


def _plain_removable(s, sp, actor, style):
    """rules/removal.py removable as first written: every piece type asked every rule, in one order."""
    from coin_env.games.gandhi.data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GANDHI, GUERRILLA,
                                                   ML_ACTIVIST, ML_BASE, PIECE_OWNER, REV_BASE)
    from coin_env.games.gandhi.rules.removal import STYLES
    st = STYLES[style]
    p = s.pieces[sp].tolist()
    active_nv = board.activists_active(s, sp)
    if st["activists_only"]:
        return [pc for pc in (CONGRESS_ACTIVIST, ML_ACTIVIST) if p[pc] > 0 and PIECE_OWNER[pc] != actor]
    any_time = st.get("bases_any_time", False)
    out = []
    for pc in (TROOP, SEPOY, CONGRESS_ACTIVIST, GANDHI, ML_ACTIVIST, ML_BASE, ACTIVE_GUERRILLA, REV_BASE):
        if p[pc] <= 0 or PIECE_OWNER[pc] == actor:
            continue
        if pc in (CONGRESS_ACTIVIST, ML_ACTIVIST) and not active_nv:
            continue
        if pc == GANDHI and not st["gandhi"]:
            continue
        if pc == ML_BASE and not any_time and (p[CONGRESS_ACTIVIST] + p[ML_ACTIVIST]) > 0:
            continue
        if pc == REV_BASE and not any_time and (p[GUERRILLA] + p[ACTIVE_GUERRILLA]) > 0:
            continue
        if pc == TROOP and st["troops_last"] and p[SEPOY] > 0:
            continue
        out.append(pc)
    return out


def test_removable_matches_the_plain_reading_1_4_4(positions):
    """1.4.4 and each procedure's limits: the removable piece types, read from the style's static targets,
    equal the plain reading for every style, actor and space."""
    from coin_env.games.gandhi.rules.removal import STYLES, removable
    for g in positions[::3]:
        s = g.state
        for style in STYLES:
            for actor in FACTIONS:
                for sp in range(N_SPACES):
                    assert removable(s, sp, actor, style) == _plain_removable(s, sp, actor, style)


def test_legal_spaces_of_a_context_match_the_base_reading(positions):
    """The Arjuna context reads its legal spaces once per decision; each answer equals the shared
    BotContext reading and is the caller's own list."""
    from coin_env.coin.bots import BotContext
    for g in positions:
        if g.is_over():
            continue
        ctx = Ctx(g, g.current_player() or "raj")
        spaces = ctx.legal_spaces()
        assert spaces == BotContext.legal_spaces(ctx)
        spaces.append(-1)
        assert ctx.legal_spaces() == BotContext.legal_spaces(ctx)


def _plain_redeploy_facts(ctx, faction, pieces):
    """bots/campaign.py RedeployFacts as first written: every field read from the arrays afresh."""
    import numpy as np
    from coin_env.games.gandhi.rules.campaign import destination_mask
    s = ctx.state
    margin = board.control_margin(s)
    ctrl = board.controllable_mask(s) & (margin > 0)
    counts = s.pieces[:N_SPACES]
    left = counts.astype(np.int32)
    for key, n in ctx.frame["moved"].items():
        sp, piece = key.split(":")
        left[int(sp), int(piece)] -= n
    cols = list(pieces)
    masks = [destination_mask(s, faction, p, ctrl) for p in pieces]
    any_dest = masks[0]
    for m in masks[1:]:
        any_dest = any_dest | m
    return {"counts": counts.tolist(), "left": left.tolist(), "present": counts[:, cols].sum(axis=1).tolist(),
            "unmoved_total": np.maximum(left[:, cols], 0).sum(axis=1).tolist(), "ctrl": ctrl.tolist(),
            "pinned": (ctrl & (margin <= 1)).tolist(), "dest": {p: m.tolist() for p, m in zip(pieces, masks)},
            "dest_any": any_dest.tolist()}


def test_redeploy_facts_match_the_array_reading_8_9_3():
    """8.9.3: at every Redeploy source choice of all-bot games (each faction, NP Raj's two parts) the facts
    a procedure reads -- counts, unmoved pieces, Raj Control, destinations -- equal the plain array reading."""
    from coin_env.games.gandhi.bots import campaign as cb
    checked = set()
    for g, f, top in _redeploy_source_choices(seeds=range(3)):
        proc = cb.REDEPLOY[f]
        ctx = Ctx(g, f)
        facts = vars(cb.RedeployFacts(ctx, proc.faction, proc.pieces))
        assert facts == _plain_redeploy_facts(ctx, proc.faction, proc.pieces)
        checked.add((f, bool(top["moved"])))
    assert {f for f, _ in checked} == set(FACTIONS)                 # every faction's procedure,
    assert sum(moved for _, moved in checked) >= 3                  # and with pieces already moved


def test_kept_redeploy_board_equals_fresh_readings_6_4(positions):
    """6.4 / 1.7: the Raj Control and Redeploy destinations kept on the game equal fresh readings on every
    position, are read-only, are reused on an unchanged board, and follow every change of what they read:
    the pieces, Protests, Muslim States; a clone starts without them."""
    import numpy as np
    from coin_env.games.gandhi.rules.campaign import destination_mask, kept_destination_mask, redeploy_board
    from coin_env.games.gandhi.rules.campaign import REDEPLOY_PIECES
    from coin_env.games.gandhi.data.pieces import ML_BASE

    def fresh_equal(g):
        s = g.state
        ctrl = board.control_mask(s)
        assert np.array_equal(redeploy_board(g).ctrl, ctrl)
        for f in FACTIONS:
            for p in REDEPLOY_PIECES[f]:
                assert np.array_equal(kept_destination_mask(g, f, p), destination_mask(s, f, p, ctrl))

    for g in positions[::2]:
        fresh_equal(g)
        assert redeploy_board(g) is redeploy_board(g)
        assert not kept_destination_mask(g, "raj", TROOP).flags.writeable
    g = positions[len(positions) // 2].clone()
    assert g.clone()._redeploy_board is None
    s = g.state
    sp = next(sp for sp in LAND if board.controllable(s, sp))
    changes = [lambda: s.pieces.__setitem__((sp, TROOP), s.pieces[sp, TROOP] + 3),
               lambda: s.pieces.__setitem__((sp, ML_BASE), s.pieces[sp, ML_BASE] + 1),
               lambda: s.protest.__setitem__(sp, 1 - s.protest[sp]),
               lambda: s.muslim_state.__setitem__(sp, 1 - s.muslim_state[sp])]
    for change in changes:
        before = redeploy_board(g)
        kept_destination_mask(g, "ml", ML_BASE)
        change()
        assert redeploy_board(g) is not before
        fresh_equal(g)


def test_spaces_reached_from_the_origins_match_each_space_read_3_2_3(positions):
    """3.2.3: the spaces some movable cube could sweep into, worked out once from the origins outward,
    equal each space's own origins (:func:`sweep_origins`) for Troops and for Sepoys."""
    for g in positions:
        free, clean = rules.movable_cubes(g, rules.SWEEP_KEY), rules.clean_railways(g.state)
        for slot in (0, 1):
            reached = rules._reached_spaces(g.state.data.neighbors, free, clean, slot)
            for sp in range(N_SPACES):
                origins = rules.sweep_origins(g, sp, rules.SWEEP_KEY, True, True, free=free, clean=clean)
                assert reached[sp] == any(counts[slot] for counts in origins.values())
