"""The fast paths give the same answers as the plain rule definitions they replace (speed work, issue 8).

Each reference below is the straightforward reading of the rule (what the code did before it was made
faster); the engine's version is checked against it on many positions reached by random play and by
all-bot play (moves half done, Sabotage, Control frozen for Redeploy, ...). The golden-trajectory check
(identical games) covers the same ground end to end; these tests say which helper broke.
"""

import random

import numpy as np
import pytest

import coin_env
from coin_env.coin.operations import Activity
from coin_env.core.aec_env import with_non_players
from coin_env.games.a_distant_plain import board
from coin_env.games.a_distant_plain import static as st
from coin_env.games.a_distant_plain.bots import BOT
from coin_env.games.a_distant_plain.bots.context import Ctx, bot_rng
from coin_env.games.a_distant_plain.data.pieces import (ACTIVE_GUERRILLA, BASES, COALITION_BASE, COALITION_TROOPS,
                                                        FACTION_COLS, FACTIONS, GOV_BASE, GOV_TROOPS, GUERRILLA,
                                                        POLICE, TALIBAN_BASE, TALIBAN_G, TALIBAN_G_ACTIVE)
from coin_env.games.a_distant_plain.encoding import AdpEncoder
from coin_env.games.a_distant_plain.rules import (coalition_sa, coin_ops, government_sa, insurgent_ops, removal,
                                                  taliban_sa, warlords_sa)
from coin_env.coin.encoding import CoinEncoder

N = st.N_SPACES
COIN_COLS = [COALITION_TROOPS, COALITION_BASE, GOV_TROOPS, POLICE, GOV_BASE]


def _positions():
    """Games paused at many decisions: random play and all-bot play, two scenarios."""
    out = []
    for seed in range(3):
        for sc in ("short", "main"):
            g = coin_env.make_game("a_distant_plain", scenario=sc, seed=seed)
            rng = random.Random(seed)
            i = 0
            while not g.is_over() and i < 900:
                g.apply(rng.choice(g.legal_actions()))
                i += 1
                if i % 5 == 0:
                    out.append(g.clone())
    pol = {f: BOT for f in FACTIONS}
    for seed in range(2):
        g = coin_env.make_game("a_distant_plain", scenario="short", seed=100 + seed,
                               options=with_non_players({}, pol))
        rng = random.Random(seed)
        i = 0
        while not g.is_over() and i < 900:
            a = g.current_player()
            g.apply(pol[a](g, a, rng))
            i += 1
            if i % 4 == 0:
                out.append(g.clone())
    return out


@pytest.fixture(scope="module")
def positions():
    return _positions()


# --- references: the rules read plainly --------------------------------------------------------------------
def ref_neighbors(s, sp):
    """The spaces adjacent to ``sp`` on the game's map, read off its adjacency matrix."""
    return [int(j) for j in np.flatnonzero(s.data.adjacent[sp])]


def ref_patrol_reach(s, origin):
    def network(x):
        return bool(st.IS_LOC[x]) or x == st.KABUL
    seen = {n for n in ref_neighbors(s, origin) if network(n)}
    stack = list(seen)
    while stack:
        x = stack.pop()
        if st.IS_LOC[x] and s.sabotage[x]:
            continue
        for y in ref_neighbors(s, x):
            if network(y) and y not in seen:
                seen.add(y)
                stack.append(y)
    seen.discard(origin)
    return seen


def ref_movable(game, sp, piece):
    moved = (game.state.turn or {}).get("flags", {}).get(coin_ops.MOVED, {})
    return max(0, int(game.state.pieces[sp, piece]) - int(moved.get(str(sp), {}).get(str(piece), 0)))


def ref_patrol_origins(game, faction, dest):
    out = {}
    for o in range(N):
        if o == dest or st.IS_PAKISTAN[o]:
            continue
        counts = tuple(ref_movable(game, o, p) for p in coin_ops.patrol_cube_types(faction))
        if any(counts) and dest in ref_patrol_reach(game.state, o):
            out[o] = counts
    return out


def ref_sweep_origins(game, faction, dest):
    s = game.state
    near = set(ref_neighbors(s, dest))
    for loc in ref_neighbors(s, dest):
        if st.IS_LOC[loc] and not s.sabotage[loc]:
            near.update(ref_neighbors(s, loc))
    near.discard(dest)
    out = {}
    for o in sorted(near):
        if faction == "coalition":
            c = ref_movable(game, o, COALITION_TROOPS)
            if c:
                out[o] = (c, ref_movable(game, o, GOV_TROOPS))
        else:
            g = ref_movable(game, o, GOV_TROOPS)
            if g:
                out[o] = (g, 0)
    return out


def ref_transport_routes(s, origin):
    best = {}

    def walk(path):
        for nb in government_sa.transport_next(s, origin, path):
            p = path + [nb]
            cost = sum(1 for sp in p if board.guerrillas(s, sp, "taliban") + board.guerrillas(s, sp, "warlords") > 0)
            old = best.get(nb)
            if old is None or (cost, len(p)) < (old[0], len(old[1])):
                best[nb] = (cost, p)
            walk(p)

    walk([])
    return best


def ref_can_select(act, game, sp):
    """Each Activity's per-space test as the rules state it (before any shared facts)."""
    s = game.state
    f = act.faction
    key = act.key
    if key == "patrol":
        if not act._paid(game) and not coin_ops.can_pay(game, coin_ops.COST):
            return False
        if st.IS_LOC[sp] and sum(int(s.pieces[sp, p]) for p in coin_ops.patrol_cube_types(f)) > 0:
            return True
        return bool(ref_patrol_origins(game, f, sp))
    if key == "sweep" and not act.special:
        if f == "government" and not coin_ops.can_pay(game, coin_ops.COST):
            return False
        if ref_sweep_origins(game, f, sp):
            return True
        return bool(coin_ops.activation_splits(s, sp, coin_ops.sweep_activations(s, f, sp)))
    if key == "assault":
        possible = (not st.IS_PAKISTAN[sp] and bool(removal.targets(s, sp, f, "assault"))
                    and (s.pieces[sp, COALITION_TROOPS] > 0 if f == "coalition"
                         else coin_ops.assault_strength(game, f, sp) > 0))
        return possible if f == "coalition" else coin_ops.can_pay(game, coin_ops.COST) and possible
    if key == "train":
        if f == "coalition" and sp != st.KABUL and int(s.pieces[sp, list(FACTION_COLS["coalition"])].sum()) == 0:
            return False
        if f == "government" and not coin_ops.can_pay(game, coin_ops.COST):
            return False
        place = (coin_ops.train_places_here(s, f, sp) and (f != "coalition" or coin_ops.can_pay(game, coin_ops.COST))
                 and any(board.available(s, p) > 0 or coin_ops.train_cube_sources(s, sp, p)
                         for p in (GOV_TROOPS, POLICE)))
        return bool(place) or bool(coin_ops.train_step2_modes(game, f, sp))
    if key == "march":
        return bool(insurgent_ops.march_origins(game, f, sp))
    if key == "rally":
        return (insurgent_ops.rally_space_ok(game, f, sp)
                and insurgent_ops._can_pay(game, f, insurgent_ops.rally_cost(game, f, sp)))
    if key == "attack" and not act.special:
        ok = board.guerrillas(s, sp, f) >= 1 and board.enemy_pieces(s, sp, f) >= 1
        return ok and insurgent_ops._can_pay(game, f, insurgent_ops.attack_cost(game, f, sp))
    if key == "suborn":
        return s.resources["warlords"] >= warlords_sa.suborn_cost(game) and bool(warlords_sa.suborn_options(s, sp))
    if key == "extort":
        return board.underground(s, sp, f) > 0 and board.pieces_of(s, sp, f) > board.enemy_pieces(s, sp, f)
    if key == "air_strike":
        return sp != st.KABUL and bool(coalition_sa.air_strike_targets(s, sp))
    if key == "eradicate":
        return (bool(st.IS_AFGHAN_PROVINCE[sp]) and board.coin_control(s, sp) and board.gov_cubes(s, sp) > 0
                and board.bases(s, sp, "warlords") > 0)
    return act.can_select(game, sp)


# --- the board ----------------------------------------------------------------------------------------------
def test_board_counts_match_numpy(positions):
    for g in positions[::3]:
        s = g.state
        for sp in range(N):
            row = s.pieces[sp]
            for f in FACTIONS:
                assert board.pieces_of(s, sp, f) == int(row[list(FACTION_COLS[f])].sum())
            assert board.coin_pieces(s, sp) == int(row[COIN_COLS].sum())
            assert board.bases(s, sp) == int(row[list(BASES)].sum())
            assert board.coin_cubes(s, sp) == int(row[[COALITION_TROOPS, GOV_TROOPS, POLICE]].sum())
            for f in ("taliban", "warlords"):
                assert board.guerrillas(s, sp, f) == int(row[GUERRILLA[f]] + row[ACTIVE_GUERRILLA[f]])
                assert board.enemy_pieces(s, sp, f) == int(row.sum()) - board.pieces_of(s, sp, f)
            assert board.pop(s, sp) == int(s.data.printed_pop[sp]) + int(s.returnees[sp])
        assert board.markers_in_play(s) == int(s.terror.sum()) + int(s.sabotage.sum())


def test_control_and_victory_match_plain_numpy(positions):
    for g in positions:
        s = g.state
        coin, tal = board.control_arrays(s)
        if s.frozen_control is None:
            p = s.pieces[:N]
            total = p.sum(axis=1)
            ref_coin = st.IS_CONTROLLABLE & (2 * p[:, COIN_COLS].sum(axis=1) > total)
            ref_tal = st.IS_CONTROLLABLE & (2 * p[:, [TALIBAN_G, TALIBAN_G_ACTIVE, TALIBAN_BASE]].sum(axis=1) > total)
            assert (coin == ref_coin).all() and (tal == ref_tal).all()
            assert [board.coin_control(s, sp) for sp in range(N)] == ref_coin.tolist()
            assert [board.taliban_control(s, sp) for sp in range(N)] == ref_tal.tolist()
        popa = (s.data.printed_pop + s.returnees).astype(np.int32)
        afghan = st.IS_CONTROLLABLE & ~st.IS_PAKISTAN
        sup = s.support.astype(np.int32)
        coin_pop, tal_pop = int(popa @ (coin & afghan)), int(popa @ (tal & afghan))
        assert board.victory_totals(s) == {
            "coalition": int(popa[afghan] @ (sup[afghan] > 0)) + int(s.pieces[st.AVAILABLE, COALITION_TROOPS]
                                                                     + s.pieces[st.AVAILABLE, COALITION_BASE]),
            "government": coin_pop + s.patronage,
            "taliban": int(popa[afghan] @ (sup[afghan] < 0)) + int(s.pieces[:N, TALIBAN_BASE].sum()),
            "warlords": int(popa[afghan].sum()) - coin_pop - tal_pop,
        }


# --- movement ----------------------------------------------------------------------------------------------
def test_patrol_and_sweep_origins_match_the_plain_search(positions):
    for g in positions[::2]:
        s = g.state
        for o in range(N):
            assert coin_ops.patrol_reach(s, o) == ref_patrol_reach(s, o)
        for f in ("coalition", "government"):
            for dest in coin_ops.PATROL_SPACES:
                assert coin_ops.patrol_origins(g, f, dest) == ref_patrol_origins(g, f, dest)
            for dest in coin_ops.SWEEP_SPACES:
                got = coin_ops.sweep_origins(g, f, dest)
                ref = ref_sweep_origins(g, f, dest)
                assert got == ref and list(got) == list(ref)
            for sp in range(N):
                for p in (COALITION_TROOPS, GOV_TROOPS, POLICE):
                    assert coin_ops.movable(g, sp, p) == ref_movable(g, sp, p)


def test_march_counts_are_the_sum_of_march_movable(positions):
    for g in positions:
        for f in ("taliban", "warlords"):
            assert insurgent_ops.march_counts(g, f) == [sum(insurgent_ops.march_movable(g, f, sp)) for sp in range(N)]


def test_transport_routes_match_the_plain_walk(positions):
    for g in positions[::3]:
        s = g.state
        steps = government_sa.transport_steps(s)
        only = {sp for sp in range(N) if sp % 3 == 0}
        some = government_sa.transport_steps(s, only=only)
        for o in range(N):
            if not government_sa.transport_origin_ok(s, o):
                continue
            ref = ref_transport_routes(s, o)
            assert list(government_sa.transport_routes(s, o).items()) == list(ref.items())
            assert list(government_sa.transport_routes(s, o, steps).items()) == list(ref.items())
            wanted = [kv for kv in ref.items() if kv[0] in only]
            assert list(government_sa.transport_routes(s, o, some).items()) == wanted


# --- what the Operations and Special Activities may select ----------------------------------------------------
def test_selection_matches_the_rules_space_by_space(positions):
    for g in positions[::2]:
        for f, acts in g.activities.items():
            for act in acts.values():
                turn = g.state.turn
                chosen = () if turn is None else (turn["sa_spaces"] if act.special else turn["op_spaces"])
                cap = act.max_spaces(g)
                if cap is not None and len(chosen) >= cap:
                    ref = []
                else:
                    ref = [sp for sp in act.candidate_spaces(g) if sp not in chosen and ref_can_select(act, g, sp)]
                assert act.selectable(g) == ref, (f, act.key)
                assert act.available(g) == bool(ref), (f, act.key)
                # the framework's own loops over can_select agree with the shared-facts loops
                assert Activity.selectable(act, g) == ref, (f, act.key)


def test_cultivate_candidates_hold_every_space_cultivate_accepts(positions):
    """Cultivate asks :func:`warlords_sa.cultivate_ok` only in the accompanying Operation's spaces: no
    other space passes it."""
    seen = 0
    for g in positions:
        act = g.activities["warlords"][g.sa_action("cultivate")]
        cands = act.candidate_spaces(g)
        assert cands == sorted(set(cands))
        ok = [sp for sp in range(g.n_spaces) if warlords_sa.cultivate_ok(g, sp)]
        assert set(ok) <= set(cands)
        seen += bool(ok)
    assert seen          # some positions have a Cultivate space


def test_available_operations_are_asked_once_per_sequence_choice(positions):
    for g in positions[::4]:
        for f in FACTIONS:
            assert g.options_for(f) == g.options_for(f)
            assert g._operations_memo is None          # the memo lives only during options_for


def test_operation_choice_offers_what_the_sequence_choice_found(positions):
    """The Operation choice right after the sequence-of-play choice reuses options_for's Operations:
    the same list as asking every Operation again."""
    from coin_env.coin.sequence import OP_ONLY, OP_WITH_SA
    n = 0
    for g in positions:
        frame = g.prompt_frame()
        if frame is None or frame["kind"] != "sop_choice":
            continue
        for meta in (OP_WITH_SA, OP_ONLY):
            if meta not in g.legal_actions():
                continue
            kept, fresh = g.clone(), g.clone()
            kept._legal = None
            kept.legal_actions()                      # options_for keeps its answer ...
            assert kept._sop_operations is not None
            f = frame["actor"]
            for action, act in kept.activities[f].items():   # the bots' "is this Operation possible?"
                if not act.special:
                    assert kept.operation_available(f, action) == act.available(kept), (f, act.key)
            kept.apply(meta)                          # ... for the Operation choice
            fresh._sop_operations = None
            fresh.apply(meta)                         # (a clone keeps nothing: every Operation asked)
            assert kept.prompt_frame()["options"] == fresh.prompt_frame()["options"]
            assert kept.to_json() == fresh.to_json()
            n += 1
    assert n


# --- the observation -------------------------------------------------------------------------------------------
def test_boxes_encode_as_the_shared_encoder_does(positions):
    enc = AdpEncoder()
    a = np.zeros(enc.size, dtype=np.float32)
    b = np.zeros(enc.size, dtype=np.float32)
    for g in positions[::5]:
        enc.encode_boxes(g.state, a)
        CoinEncoder.encode_boxes(enc, g.state, b)
        assert (a == b).all()


def test_encoder_victory_totals_match_the_board(positions):
    from coin_env.games.a_distant_plain import encoding
    enc = AdpEncoder()
    for g in positions[::2]:
        s = g.state
        out = np.array(enc.template(s.data))
        sv = enc.space_view(out)
        enc.encode_board(g, out, sv)
        afghan_pop = np.add(s.data.afghan_pop_f32, s.returnees, dtype=np.float32) * s.data.afghan_controllable_f32
        assert encoding._victory_totals(s, sv, afghan_pop) == board.victory_totals(s)
        assert afghan_pop.tolist() == [float(board.pop(s, sp)) if sp in st.AFGHAN_CONTROLLABLE else 0.0
                                       for sp in range(N)]


# --- the bots' nested priorities ------------------------------------------------------------------------------
def test_order_rolls_the_same_dice_as_repeated_picks(positions):
    for i, g in enumerate(positions[::7]):
        g = g.clone()
        g.options = with_non_players(g.options, {f: BOT for f in FACTIONS})
        if g.is_over():
            continue
        s = g.state
        spaces = list(range(N)) + [st.KABUL, 3]
        keys = (lambda sp: board.pop(s, sp), lambda sp: -board.coin_pieces(s, sp))[: i % 3]
        ctx = Ctx(g, "taliban")
        before = s.np.get("rng")
        got = ctx.order(spaces, *keys)
        after = bot_rng(s).state
        s.np["rng"] = before
        if before is None:
            s.np.pop("rng")
        left, ref = list(spaces), []
        while left:
            sp = ctx.pick(left, *keys)
            ref.append(sp)
            left.remove(sp)
        assert got == ref
        assert bot_rng(s).state == after


# --- owner data packs: the derived tables are built from the pack's facts ----------------------------------------
def test_data_pack_builds_its_own_derived_tables(positions):
    from coin_env.games.a_distant_plain import datapack

    def derived_ok(data):
        assert data.neighbors == tuple(tuple(int(j) for j in np.flatnonzero(data.adjacent[sp])) for sp in range(N))
        assert data.network_neighbors == tuple(tuple(n for n in data.neighbors[sp] if st.IS_LOC[n] or n == st.KABUL)
                                               for sp in range(N))
        assert data.pashtun_list == tuple(bool(x) for x in data.is_pashtun)
        assert data.pop_list == tuple(int(x) for x in data.printed_pop)
        assert data.econ_list == tuple(int(x) for x in data.econ)
        assert data.mountain_list == tuple(bool(x) for x in data.is_mountain)
        afghan = st.IS_CONTROLLABLE & ~st.IS_PAKISTAN
        assert data.afghan_controllable_f32.tolist() == afghan.astype(np.float32).tolist()
        assert data.afghan_pop_f32.tolist() == (data.printed_pop * afghan).astype(np.float32).tolist()
        assert data.random_space_slots == tuple(st.INDEX[n] for r in data.regions for n in r)

    builtin = datapack.default()
    a, b = st.INDEX["LoC Kabul-Aibak"], st.INDEX["LoC Shibirghan-Aibak"]
    herat = st.INDEX["Herat"]
    pack = {"spaces": {st.SPACE_NAMES[a]: {"adjacent": [st.SPACE_NAMES[n] for n in builtin.neighbors[a] if n != b]},
                       st.SPACE_NAMES[b]: {"adjacent": [st.SPACE_NAMES[n] for n in builtin.neighbors[b] if n != a]},
                       "Herat": {"pashtun": not builtin.is_pashtun[herat]}}}
    derived_ok(builtin)
    data = datapack.load(pack)
    assert b not in data.network_neighbors[a] and data.pashtun_list[herat] == (not builtin.pashtun_list[herat])
    derived_ok(data)
    for g in positions[::40]:
        h = g.clone()
        h.state.data = data                         # the same position on the pack's map
        for game in (g, h):
            for o in range(N):
                assert coin_ops.patrol_reach(game.state, o) == ref_patrol_reach(game.state, o)
            for dest in coin_ops.PATROL_SPACES:
                assert coin_ops.patrol_origins(game, "government", dest) == ref_patrol_origins(game, "government", dest)
        assert g.data is builtin
    assert b in builtin.network_neighbors[a]          # the built-in data is untouched
    derived_ok(builtin)


# --- plain-list twins and per-decision rows (speed work, issue 27) --------------------------------------------
def test_static_list_twins_match_the_numpy_masks():
    for mask, twin in ((st.IS_LOC, st.LOC_LIST), (st.IS_PAKISTAN, st.PAKISTAN_LIST), (st.IS_CITY, st.CITY_LIST),
                       (st.IS_AFGHAN_PROVINCE, st.AFGHAN_PROVINCE_LIST), (st.IS_PROVINCE, st.PROVINCE_LIST),
                       (st.IS_AFGHAN, st.AFGHAN_LIST), (st.IS_CONTROLLABLE, st.CONTROLLABLE_LIST)):
        assert twin == mask.tolist() and all(type(x) is bool for x in twin)


def test_econ_list_follows_the_data_pack():
    from coin_env.games.a_distant_plain import datapack
    builtin = datapack.default()
    assert builtin.econ_list == tuple(int(x) for x in builtin.econ)
    a = st.LOCS[0]
    b = next(x for x in st.LOCS if builtin.econ_list[x] != builtin.econ_list[a])
    swapped = {st.SPACE_NAMES[a]: {"econ": builtin.econ_list[b]}, st.SPACE_NAMES[b]: {"econ": builtin.econ_list[a]}}
    data = datapack.load({"spaces": swapped})          # the same total (6.3.2), two LoCs swapped
    assert data.econ_list == tuple(int(x) for x in data.econ)
    assert (data.econ_list[a], data.econ_list[b]) == (builtin.econ_list[b], builtin.econ_list[a])


def test_march_activation_from_a_row_matches_the_board(positions):
    for g in positions[::3]:
        s = g.state
        rows = s.pieces.tolist()
        for f in ("taliban", "warlords"):
            for dest in range(N):
                for group in range(1, 5):
                    assert (insurgent_ops.march_activates_row(s.data, f, dest, rows[dest], group)
                            == insurgent_ops.march_activates(s, f, dest, group))


def test_context_rows_are_the_board_of_that_decision(positions):
    for g in positions[::25]:
        if g.is_over():
            continue
        ctx = Ctx(g, g.current_player())
        assert ctx.rows() == g.state.pieces.tolist() and ctx.rows() is ctx.rows()
    g = coin_env.make_game("a_distant_plain", scenario="short", seed=3)
    before = [row[:] for row in Ctx(g, g.current_player()).rows()]    # the state's mirror: copied to keep it
    board.move(g.state, GOV_TROOPS, st.AVAILABLE, st.KABUL, 1)          # the board changes between decisions
    after = Ctx(g, g.current_player()).rows()                               # a new decision reads it anew
    assert after == g.state.pieces.tolist() and after[st.KABUL][GOV_TROOPS] == before[st.KABUL][GOV_TROOPS] + 1


def test_bot_decisions_with_rows_read_fresh_equal_the_cached_ones(monkeypatch):
    """Every decision of seeded all-bot games is the same when Ctx.rows reads the board at every call."""
    pol = {f: BOT for f in FACTIONS}
    cached = Ctx.rows
    for seed in (100, 101):
        g = coin_env.make_game("a_distant_plain", scenario="short", seed=seed, options=with_non_players({}, pol))
        while not g.is_over():
            f = g.current_player()
            probe = g.clone()
            monkeypatch.setattr(Ctx, "rows", lambda self: self.state.pieces.tolist())
            fresh = BOT(probe, f)
            monkeypatch.setattr(Ctx, "rows", cached)
            action = BOT(g, f)
            assert action == fresh and probe.state.np == g.state.np
            g.apply(action)


def test_bot_die_takes_scripted_results_and_logs_rolls():
    """Ctx.die rolls the bots' stream directly unless a die is scripted or the game keeps a log."""
    g = coin_env.make_game("a_distant_plain", scenario="short", seed=5)
    ctx = Ctx(g, "taliban")
    stream = bot_rng(g.state).state
    g.script_dice([4])
    assert ctx.die() == 4 and bot_rng(g.state).state == stream          # a scripted die draws nothing
    expected = bot_rng(g.state).die()
    assert ctx.die() == expected and bot_rng(g.state).state != stream   # then the bots' own stream
    logged = coin_env.make_game("a_distant_plain", scenario="short", seed=5, log=True)
    plain = logged.clone()
    plain.state.rng.log = None
    n = len(logged.state.rng.log)
    assert Ctx(logged, "taliban").die("why") == Ctx(plain, "taliban").die("why")
    assert len(logged.state.rng.log) == n + 1 and logged.state.rng.log[-1][4] == "why"
    assert logged.state.np["rng"] == plain.state.np["rng"]


def test_rally_costs_are_rally_space_ok_and_rally_cost_space_by_space(positions):
    for g in positions[::3]:
        for f in ("taliban", "warlords"):
            ref = {sp: insurgent_ops.rally_cost(g, f, sp) for sp in st.CONTROLLABLE
                   if insurgent_ops.rally_space_ok(g, f, sp)}
            assert insurgent_ops.rally_costs(g, f) == ref
            assert list(insurgent_ops.rally_costs(g, f)) == list(ref)        # same order: the bots' candidates


def test_march_movable_and_taliban_control_from_a_row_match_the_board(positions):
    for g in positions[::3]:
        s = g.state
        rows = s.pieces.tolist()
        for sp in range(N):
            for f in ("taliban", "warlords"):
                assert insurgent_ops.march_movable_row(g, f, sp, rows[sp]) == insurgent_ops.march_movable(g, f, sp)
            assert board.taliban_control_row(s, sp, rows[sp]) == board.taliban_control(s, sp)


def test_random_space_walk_matches_the_plain_walk_round_the_sheet():
    """Ctx.random_space's walk (one slice of the sheet twice over) finds what walking the slots from the
    rolled one, round once, finds -- for every starting slot, also with candidates off the sheet."""
    from coin_env.games.a_distant_plain.bots.context import first_on_sheet
    g = coin_env.make_game("a_distant_plain", scenario="short", seed=0)
    slots = g.data.random_space_slots
    n = len(slots)

    def plain(at, cands):
        for part in (slots[at:], slots[:at]):
            for sp in part:
                if sp in cands:
                    return sp
        return min(cands)
    rng = random.Random(1)
    for _ in range(400):
        cands = set(rng.sample(range(st.N_SPACES), rng.randint(2, 8)))
        for at in range(n):
            assert first_on_sheet(g.data.random_space_ring, n, at, cands) == plain(at, cands)


def test_traffic_and_extort_from_a_row_match_the_board(positions):
    for g in positions[::3]:
        rows = g.state.pieces.tolist()
        for sp in range(N):
            assert warlords_sa.traffic_ok_row(rows[sp]) == warlords_sa.traffic_ok(g.state, sp)
            assert taliban_sa.extort_ok_row(rows[sp]) == taliban_sa.extort_ok(g, sp)


def test_coin_control_from_a_row_matches_the_board(positions):
    for g in positions[::3]:
        s = g.state
        rows = s.pieces.tolist()
        for sp in range(N):
            assert board.coin_control_row(s, sp, rows[sp]) == board.coin_control(s, sp)


class _Forgetful(dict):
    """A decision's scratch that keeps nothing: every per-decision memo is worked out again at each use."""

    def __setitem__(self, key, value):
        pass

    def setdefault(self, key, default=None):
        return default


def test_bot_decisions_without_the_decision_memos_equal_the_memoised_ones(monkeypatch):
    """Every decision of seeded all-bot games is the same when nothing is kept in Ctx.scratch (rows, the
    Taliban March movers and costs, Rally costs, Find Fix Finish, ...): the memos change no answer."""
    pol = {f: BOT for f in FACTIONS}
    init = Ctx.__init__

    def forgetful_init(self, game, faction, legal=None):
        init(self, game, faction, legal)
        self.scratch = _Forgetful()
    for seed in (100, 101, 102):
        g = coin_env.make_game("a_distant_plain", scenario="short", seed=seed, options=with_non_players({}, pol))
        while not g.is_over():
            f = g.current_player()
            probe = g.clone()
            monkeypatch.setattr(Ctx, "__init__", forgetful_init)
            fresh = BOT(probe, f)
            monkeypatch.setattr(Ctx, "__init__", init)
            action = BOT(g, f)
            assert action == fresh and probe.state.np == g.state.np
            g.apply(action)


def test_taliban_march_costs_read_once_match_the_rule(positions):
    from coin_env.games.a_distant_plain.bots import taliban
    for g in positions[::4]:
        if g.is_over():
            continue
        cost = taliban.march_cost_of(Ctx(g, "taliban"))
        for d in range(N):
            for o in g.state.data.neighbors[d]:
                assert cost(o, d) == (0 if insurgent_ops.march_group_free(g, "taliban", o, d) else 1)


def test_coin_control_list_matches_the_space_by_space_reading(positions):
    """Also while Control is frozen for Redeploy (6.5)."""
    for g in positions[::3]:
        s = g.clone().state                     # the positions are shared: freeze a copy
        assert board.coin_control_list(s) == [board.coin_control(s, sp) for sp in range(N)]
        board.freeze_control(s)
        assert board.coin_control_list(s) == [board.coin_control(s, sp) for sp in range(N)]


def test_sweep_near_matches_the_plain_search(positions):
    """coin_ops.sweep_near (the map's precomputed answer where no adjacent LoC is Sabotaged) against
    the rule read plainly: adjacent, or adjacent to an unSabotaged adjacent LoC."""
    seen_sabotage = False
    for g in positions[::2]:
        s = g.state
        seen_sabotage = seen_sabotage or bool(s.sabotage.any())
        for dest in range(N):
            near = set(ref_neighbors(s, dest))
            for loc in ref_neighbors(s, dest):
                if st.IS_LOC[loc] and not s.sabotage[loc]:
                    near.update(ref_neighbors(s, loc))
            near.discard(dest)
            assert coin_ops.sweep_near(s, dest) == sorted(near)
    assert seen_sabotage


def test_transport_plan_kept_on_the_game_equals_a_fresh_one(positions):
    """The Government's tied best Transports are kept on the game (core/kept.py) for the board they were found
    on: asked again on that board they are the kept ones, which equal a fresh search; once the board changes
    (Troops gone from the chosen origin, every LoC Sabotaged) the answer is searched again and equals a
    fresh search of the new board. The die for ties is rolled at every call, kept or not."""
    from coin_env.games.a_distant_plain.bots import government as gov
    found = 0
    for g in positions:
        s = g.state
        fresh = gov.transport_options(s)
        ctx = Ctx(g, "government")
        stream = bot_rng(s).state
        first = gov.plan_transport(ctx)
        assert g._transport_options is not None and g._transport_options[2] == fresh
        rolled_once = s.np.get("rng", stream)
        again = gov.plan_transport(Ctx(g, "government"))
        if not fresh:
            assert first is None and again is None
            continue
        found += 1
        assert first in [[o, n, list(path)] for o, n, path in fresh]
        if len(fresh) > 1:                     # a tie: one die per call, the kept answer as well
            assert rolled_once != stream and s.np["rng"] != rolled_once
        origin = first[0]
        h = g.clone()
        gov.plan_transport(Ctx(h, "government"))             # kept for h's board ...
        board.remove(h.state, GOV_TROOPS, origin, h.state.pieces.item(origin, GOV_TROOPS))
        gov.plan_transport(Ctx(h, "government"))             # ... which then loses the origin's Troops
        assert h._transport_options[2] == gov.transport_options(h.state)
        assert all(o[0] != origin for o in h._transport_options[2])
        k = g.clone()
        gov.plan_transport(Ctx(k, "government"))
        for loc in range(N):                                 # Sabotage on every LoC (board.py keeps the mirror)
            if st.LOC_LIST[loc]:
                board.set_cell(k.state, "sabotage", loc, 1)
        gov.plan_transport(Ctx(k, "government"))
        assert k._transport_options[2] == gov.transport_options(k.state)
    assert found >= 5


def test_transport_board_key_holds_everything_the_search_reads(positions):
    """transport_board_key changes with the pieces, the Sabotage markers, the +1 Pop markers and frozen
    Control: what transport_options reads of the board (the map itself never changes)."""
    from coin_env.games.a_distant_plain.bots import government as gov
    g = positions[len(positions) // 2]
    key = gov.transport_board_key(g.state)
    loc = next(sp for sp in range(N) if st.LOC_LIST[sp])

    changes = [lambda s: board.move(s, GOV_TROOPS, st.AVAILABLE, st.KABUL, 1),
               lambda s: board.set_cell(s, "sabotage", loc, 1 - s.sabotage_list[loc]),                # (mirrored)
               lambda s: board.set_cell(s, "returnees", st.KABUL, 1 - s.returnees_list[st.KABUL]),   # (mirrored)
               board.freeze_control]
    for change in changes:
        h = g.clone()
        change(h.state)
        assert gov.transport_board_key(h.state) != key
    assert gov.transport_board_key(g.clone().state) == key


def test_two_dice_roll_what_two_dice_roll():
    """Ctx._two_dice (8.4's region and slot) rolls what two Ctx.die calls roll, from the bots' stream, a
    scripted die or a logged game alike, and leaves the stream where they leave it."""
    plain = coin_env.make_game("a_distant_plain", scenario="short", seed=7)
    scripted = plain.clone()
    scripted.script_dice([3, 5])
    logged = coin_env.make_game("a_distant_plain", scenario="short", seed=7, log=True)
    for g in (plain, scripted, logged):
        twin = g.clone()
        ctx, ref = Ctx(g, "coalition"), Ctx(twin, "coalition")
        for _ in range(3):
            assert ctx._two_dice() == (ref.die(), ref.die())
            assert g.state.np.get("rng") == twin.state.np.get("rng")


def test_coin_move_counts_of_the_chosen_origin_match_every_origins_search(positions):
    """The Patrol / Sweep movement prompt reads the chosen origin's cubes for that space alone: the same
    counts as the search over every origin its legal actions come from."""
    checked = 0
    for g in positions:
        frame = g.prompt_frame()
        if frame is None or frame["kind"] != "adp_coin_move":
            continue
        every = coin_ops._move_origins(g, frame)
        for origin, counts in every.items():
            assert coin_ops._origin_counts(g, frame, origin) == tuple(counts), (frame, origin)
            checked += 1
    assert checked >= 10


def test_removal_and_infiltrate_targets_from_a_row_match_the_board(positions):
    """removal.targets_row / taliban_sa.infiltrate_targets_row (the bots' working copies of a space) give what
    the board-reading versions give."""
    for g in positions[::3]:
        s = g.state
        for sp in range(N):
            row = s.pieces[sp].tolist()
            for actor, style in (("coalition", "assault"), ("taliban", "attack"), ("warlords", "attack")):
                assert removal.targets_row(row, actor, style) == removal.targets(s, sp, actor, style)
            assert taliban_sa.infiltrate_targets_row(row) == taliban_sa.infiltrate_targets(s, sp)


# --- speed work of issue 27 part 6 (wall clock) -------------------------------------------------------------
def _bot_game(g):
    g = g.clone()
    g.options = with_non_players(g.options, {f: BOT for f in FACTIONS})
    return g


def test_march_movable_rows_match_march_movable(positions):
    for g in positions[::3]:
        rows = g.state.rows
        for f in ("taliban", "warlords"):
            got = insurgent_ops.march_movable_rows(g, f, rows)
            for sp in range(N):
                r = rows[sp]
                has = r[GUERRILLA[f]] or r[ACTIVE_GUERRILLA[f]]
                assert got[sp] == (insurgent_ops.march_movable(g, f, sp) if has else None)


def test_taliban_march_movers_match_the_preliminaries_space_by_space(positions):
    """8.8.5 preliminaries as first written: the Base keeps its last one (two under Find Fix Finish in
    Afghanistan), Underground first; no Taliban Control lost."""
    from coin_env.games.a_distant_plain.bots import taliban
    for g in positions[::3]:
        g = _bot_game(g)
        s = g.state
        ctx = Ctx(g, "taliban")
        got = taliban.all_march_movers(ctx)
        for o in range(N):
            u, a = insurgent_ops.march_movable(g, "taliban", o)
            total = u + a
            if total:
                keep = taliban.base_keep(s, o) if board.bases(s, o, "taliban") else 0
                total -= keep
                u = max(0, u - keep)
                if board.taliban_control(s, o):
                    own = board.pieces_of(s, o, "taliban")
                    total = min(total, own - (sum(s.rows[o]) - own) - 1)
                total = max(0, total)
            assert got[o] == (max(0, min(u, total)), max(0, min(a, total)), total), o


def test_marker_mirrors_follow_the_arrays(positions):
    """terror_list / sabotage_list (state.py MIRRORS) equal their arrays through play, Propaganda's clearing
    and clones; the arrays stay read-only, so a write that goes round board.py fails at once."""
    seen = 0
    for g in positions:
        s = g.state
        assert s.terror_list == s.terror.tolist() and s.sabotage_list == s.sabotage.tolist()
        assert not s.terror.flags.writeable and not s.sabotage.flags.writeable
        seen += sum(s.terror_list) + sum(s.sabotage_list) > 0
    assert seen > 20
    s = positions[-1].state
    with pytest.raises(ValueError):
        s.sabotage[0] = 1
