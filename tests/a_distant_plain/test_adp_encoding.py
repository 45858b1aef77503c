"""A Distant Plain's observation encoder and text renderer: layout, values read from a known position,
decision context, bounds along random games, the renderer."""

from __future__ import annotations

import random

import numpy as np
import pytest

import coin_env
from coin_env import play
from coin_env.coin.encoding import CONTEXT_FEATURES
from coin_env.coin.sequence import new_turn
from coin_env.core.encoding import encoder_for, renderer_for
from coin_env.games.a_distant_plain import board, static
from coin_env.games.a_distant_plain import encoding as aenc
from coin_env.games.a_distant_plain.data import cards as carddata
from coin_env.games.a_distant_plain.data.pieces import PIECE_NAMES, TALIBAN_G

GAME = "a_distant_plain"
FACTIONS = ("coalition", "government", "taliban", "warlords")
I = static.INDEX
ONLY_COALITION = {f: f == "coalition" for f in FACTIONS}


def make(spaces=None, options=None, **extra):
    pos = {"resources": {"government": 20, "taliban": 5, "warlords": 3}, "eligible": dict(ONLY_COALITION),
           "spaces": spaces or {}}
    pos.update(extra)
    return coin_env.make_game(GAME, position=pos, options=options, debug=True)


def known_position():
    return make({
        "Kabul": {"support": "Support", "returnees": 1,
                  "pieces": {"Coalition Troops": 2, "Coalition Base": 1, "Police": 3}},
        "Kandahar": {"support": "Opposition", "terror": 3,
                     "pieces": {"Taliban Guerrilla": 2, "Taliban Guerrilla (Active)": 1, "Taliban Base": 1,
                                "Government Troops": 1}},
        "Balkh": {"pieces": {"Warlord Guerrilla": 1, "Warlord Guerrilla (Active)": 2, "Warlord Base": 1}},
        "Zabol": {"returnees": 1},                                  # printed Pop 0: +1 Pop allows Support
        "Waziristan": {"pieces": {"Taliban Guerrilla": 4}},
        "LoC Kandahar-Kabul": {"sabotage": 1, "pieces": {"Taliban Guerrilla": 1}},
    }, aid=12, patronage=8, islamabad="Pressure", islamabad_hard=True,
        boxes={"Casualties": {"Coalition Troops": 4}, "Out of Play": {"Coalition Base": 1}},
        capabilities=[{"card": 1, "side": "shaded"}, {"card": 23, "side": "shaded"}])


def vec(game, perspective="coalition"):
    return encoder_for(game).observe(game, perspective)


def feat(game, name, perspective="coalition"):
    enc = encoder_for(game)
    return float(vec(game, perspective)[enc.feature_names.index(name)])


def space_feats(game, space, perspective="coalition"):
    enc = encoder_for(game)
    v = vec(game, perspective)
    prefix = f"space {space}: "
    return {n[len(prefix):]: float(v[i]) for i, n in enumerate(enc.feature_names) if n.startswith(prefix)}


# --- layout -------------------------------------------------------------------------------------------
def test_registered_and_feature_names_cover_the_vector_in_group_order():
    enc = encoder_for(GAME)
    assert isinstance(enc, aenc.AdpEncoder)
    assert len(enc.feature_names) == enc.size and len(set(enc.feature_names)) == enc.size
    pos = 0
    for group, start, size in enc.layout():
        assert start == pos and size > 0, group
        pos += size
    assert pos == enc.size
    assert [g for g, _, _ in enc.layout()] == ["spaces", "boxes", "tracks", "cards", "sequence", "turn", "decision"]


def test_spaces_block_is_one_row_per_space_in_map_order():
    enc = encoder_for(GAME)
    names = enc.feature_names[enc.groups["spaces"]]
    assert len(names) == static.N_SPACES * len(aenc.SPACE_FEATURES)
    assert names[0] == "space Kabul: Coalition Troops"
    assert names[-1] == f"space {static.SPACE_NAMES[-1]}: decision space"
    assert aenc.SPACE_FEATURES[-3:] == CONTEXT_FEATURES
    # the piece columns follow the state's piece columns; Guerrillas by state (1.4.3)
    assert aenc.SPACE_FEATURES[:11] == [
        "Coalition Troops", "Coalition Base", "Government Troops", "Police", "Government Base",
        "Taliban Guerrilla (Underground)", "Taliban Guerrilla (Active)", "Taliban Base",
        "Warlord Guerrilla (Underground)", "Warlord Guerrilla (Active)", "Warlord Base"]


def test_tracks_cards_and_boxes_name_the_adp_components():
    enc = encoder_for(GAME)
    names = set(enc.feature_names)
    for name in ("Resources government", "Resources taliban", "Resources warlords", "Aid", "Patronage",
                 "Islamabad Hostility", "Islamabad Sponsorship", "Islamabad Hard", "+1 Pop markers unused",
                 "Terror/Sabotage markers in play", "Propaganda cards left", "Propaganda cards played",
                 "draw deck", "cards played", "victory total warlords", "victory margin coalition",
                 "current card Propaganda", "current card #78", "upcoming card #1", "Casualties: Coalition Base",
                 "Removed: Coalition Troops", "Out of Play: Coalition Base", "Available: Warlord Base",
                 "Capability #46 ID Cards unshaded", "Momentum #10 Partnering Policy shaded"):
        assert name in names, name
    assert "Resources coalition" not in names                          # 1.8: the Coalition has no Resources
    caps = [n for n in enc.feature_names if n.startswith("Capability #")]
    assert len(caps) == 2 * len(carddata.CAPABILITIES)               # 5.3: unshaded and shaded per card
    moms = [n for n in enc.feature_names if n.startswith("Momentum #")]
    assert len(moms) == sum(len(carddata.momentum_sides(c)) for c in carddata.MOMENTUM)
    assert "current card #79" not in names


def test_encode_writes_float32_into_the_given_buffer_and_overwrites_it():
    g = coin_env.make_game(GAME, seed=0)
    enc = encoder_for(g)
    buf = np.full(enc.size, 99.0, dtype=np.float32)
    ret = enc.encode(g, "taliban", buf)
    assert ret is buf and buf.dtype == np.float32
    assert np.array_equal(buf, enc.observe(g, "taliban"))
    assert enc.low <= buf.min() and buf.max() <= enc.high


def test_prompt_kinds_and_continuations_come_from_the_registry():
    enc = encoder_for(GAME)
    g = coin_env.make_game(GAME, seed=0)
    assert set(enc.prompt_kinds) == {k for k, p in g.prompts.items() if not p.auto}
    assert set(enc.continuations) == set(g.continuations)
    assert "adp_open_deployment" in enc.prompt_kinds                  # setup.py's prompt is registered too


# --- values read from a known position ------------------------------------------------------------------
def test_pieces_are_counted_by_type_and_guerrilla_state_over_four():
    g = known_position()
    k = space_feats(g, "Kandahar")
    assert k["Taliban Guerrilla (Underground)"] == pytest.approx(0.5)
    assert k["Taliban Guerrilla (Active)"] == pytest.approx(0.25)
    assert k["Taliban Base"] == pytest.approx(0.25)
    assert k["Government Troops"] == pytest.approx(0.25)
    assert k["Police"] == 0.0
    b = space_feats(g, "Balkh")
    assert (b["Warlord Guerrilla (Underground)"], b["Warlord Guerrilla (Active)"], b["Warlord Base"]) == \
        pytest.approx((0.25, 0.5, 0.25))
    kab = space_feats(g, "Kabul")
    assert (kab["Coalition Troops"], kab["Coalition Base"], kab["Police"]) == pytest.approx((0.5, 0.25, 0.75))
    assert space_feats(g, "Waziristan")["Taliban Guerrilla (Underground)"] == pytest.approx(1.0)
    assert space_feats(g, "LoC Kandahar-Kabul")["Taliban Guerrilla (Underground)"] == pytest.approx(0.25)


def test_support_one_hot_and_zero_where_support_cannot_exist_1_6_2():
    g = known_position()
    one_hot = lambda f: (f["Opposition"], f["Neutral"], f["Support"])  # noqa: E731
    assert one_hot(space_feats(g, "Kabul")) == (0.0, 0.0, 1.0)
    assert one_hot(space_feats(g, "Kandahar")) == (1.0, 0.0, 0.0)
    assert one_hot(space_feats(g, "Balkh")) == (0.0, 1.0, 0.0)
    assert one_hot(space_feats(g, "Zabol")) == (0.0, 1.0, 0.0)        # Pop 0 + a +1 Pop marker: may have Support
    assert one_hot(space_feats(g, "Nimruz")) == (0.0, 0.0, 0.0)       # Pop 0: never
    assert one_hot(space_feats(g, "Waziristan")) == (0.0, 0.0, 0.0)   # Pakistan: never
    assert one_hot(space_feats(g, "LoC Kandahar-Kabul")) == (0.0, 0.0, 0.0)
    enc = encoder_for(g)
    v = vec(g)
    for sp, name in enumerate(static.SPACE_NAMES):
        row = [v[enc.feature_names.index(f"space {name}: {lvl}")] for lvl in aenc.SUPPORT_LEVELS]
        assert sum(row) == (1.0 if board.can_have_support(g.state, sp) else 0.0), name


def test_markers_and_control_1_7():
    g = known_position()
    kab, kan = space_feats(g, "Kabul"), space_feats(g, "Kandahar")
    assert kab["+1 Pop"] == 1.0 and kan["+1 Pop"] == 0.0
    assert kan["Terror"] == pytest.approx(1.5)                        # 3 Terror markers / 2
    assert space_feats(g, "LoC Kandahar-Kabul")["Sabotage"] == 1.0
    assert (kab["COIN Control"], kab["Taliban Control"]) == (1.0, 0.0)   # 6 COIN pieces alone
    assert (kan["COIN Control"], kan["Taliban Control"]) == (0.0, 1.0)   # 4 Taliban vs 1 cube
    bal = space_feats(g, "Balkh")
    assert (bal["COIN Control"], bal["Taliban Control"]) == (0.0, 0.0)   # Warlords never control
    loc = space_feats(g, "LoC Kandahar-Kabul")
    assert (loc["COIN Control"], loc["Taliban Control"]) == (0.0, 0.0)   # no Control on LoCs


def test_control_is_read_frozen_during_redeploy_6_5():
    g = known_position()
    board.freeze_control(g.state)
    board.remove(g.state, TALIBAN_G, I["Kandahar"], 2)       # Kandahar: 1 Taliban Base against 1 cube left
    board.remove(g.state, TALIBAN_G + 1, I["Kandahar"], 1)
    assert feat(g, "space Kandahar: Taliban Control") == 1.0
    assert feat(g, "Control frozen (Redeploy)") == 1.0
    board.unfreeze_control(g.state)
    assert feat(g, "space Kandahar: Taliban Control") == 0.0
    assert feat(g, "Control frozen (Redeploy)") == 0.0


def test_static_facts_of_the_map_1_3():
    g = known_position()
    kab = space_feats(g, "Kabul")
    assert (kab["City"], kab["Afghan Province"], kab["Pakistan"], kab["LoC"]) == (1.0, 0.0, 0.0, 0.0)
    assert kab["Pop"] == pytest.approx(1.0) and kab["Pashtun"] == 1.0     # printed Pop 3 / 3
    kan = space_feats(g, "Kandahar")
    assert kan["Afghan Province"] == 1.0 and kan["Pop"] == pytest.approx(2 / 3) and kan["Econ"] == 0.0
    assert kan["Mountain"] == float(g.data.is_mountain[I["Kandahar"]])
    assert space_feats(g, "Waziristan")["Pakistan"] == 1.0
    loc = space_feats(g, "LoC Kabul-Tor Kham")
    assert loc["LoC"] == 1.0 and loc["Econ"] == pytest.approx(1.0) and loc["Pop"] == 0.0
    mountain = next(static.SPACE_NAMES[sp] for sp in static.AFGHAN_PROVINCES if g.data.is_mountain[sp])
    assert space_feats(g, mountain)["Mountain"] == 1.0


def test_tracks_1_8_and_islamabad_6_6_1():
    g = known_position()
    assert feat(g, "Resources government") == pytest.approx(20 / 25)
    assert feat(g, "Resources taliban") == pytest.approx(5 / 25)
    assert feat(g, "Resources warlords") == pytest.approx(3 / 25)
    assert feat(g, "Aid") == pytest.approx(12 / 25)
    assert feat(g, "Patronage") == pytest.approx(8 / 20)
    assert [feat(g, f"Islamabad {b}") for b in board.ISLAMABAD_BOXES] == [0, 1, 0, 0, 0]
    assert feat(g, "Islamabad Hard") == 1.0
    assert feat(g, "+1 Pop markers unused") == pytest.approx(4 / 6)     # two of six on the map
    assert feat(g, "Terror/Sabotage markers in play") == pytest.approx(4 / 30)
    assert feat(g, "previous card was Propaganda") == 0.0
    pos = {k: v for k, v in g.to_position().items() if k not in ("deck", "faction_order", "decision_pending")}
    in_round = coin_env.make_game(GAME, position=dict(pos, current_card=73, upcoming_card=5, deck=[6, 74],
                                                      round_phase="Support Phase"))
    assert in_round.prompt_frame()["kind"] != "sop_choice"           # a decision of the round (6.4)
    assert feat(in_round, "previous card was Propaganda") == 1.0
    board.shift_islamabad(g.state, 3)
    assert feat(g, "Islamabad Sponsorship") == 1.0 and feat(g, "Islamabad Pressure") == 0.0


def test_boxes_are_counts_over_the_force_pool():
    g = known_position()
    assert feat(g, "Casualties: Coalition Troops") == pytest.approx(4 / 20)
    assert feat(g, "Out of Play: Coalition Base") == pytest.approx(1 / 6)
    assert feat(g, "Available: Coalition Troops") == pytest.approx((20 - 2 - 4) / 20)
    assert feat(g, "Available: Taliban Guerrilla") == pytest.approx((30 - 8) / 30)
    assert feat(g, "Available: Warlord Guerrilla") == pytest.approx((15 - 3) / 15)
    assert feat(g, "Removed: Coalition Troops") == 0.0


def test_victory_totals_and_margins_1_9_7_3():
    g = known_position()
    totals, margins = board.victory_totals(g.state), board.victory_margins(g.state)
    for f in FACTIONS:
        assert feat(g, f"victory total {f}") == pytest.approx(totals[f] / 20)
        assert feat(g, f"victory margin {f}") == pytest.approx(max(-2, min(2, margins[f] / 20)))
    # Warlords: the Resources margin (3 - 40) is the lower one (7.2), clipped at -2
    assert feat(g, "victory margin warlords") == pytest.approx(-37 / 20)


def test_capabilities_and_momentum_in_effect_5_3_5_4():
    g = known_position()
    assert feat(g, "Capability #1 ISR shaded") == 1.0
    assert feat(g, "Capability #1 ISR unshaded") == 0.0
    assert feat(g, "Capability #23 Roadside IEDs shaded") == 1.0
    assert feat(g, "Momentum #10 Partnering Policy shaded") == 0.0
    pos = g.to_position()
    lasting = [{"card": 10, "side": "shaded", "name": "momentum", "expires": "campaign"}]
    g = coin_env.make_game(GAME, position=dict(pos, lasting=lasting))
    assert feat(g, "Momentum #10 Partnering Policy shaded") == 1.0
    assert feat(g, "other lasting Event effects") == 0.0
    lasting.append({"card": 40, "side": "unshaded", "name": "something", "expires": "card"})
    g = coin_env.make_game(GAME, position=dict(pos, lasting=lasting))
    assert feat(g, "other lasting Event effects") == pytest.approx(0.25)
    # only the Capability marker itself fills a Capability slot (5.3), not another effect of the same card
    lasting.append({"card": 1, "side": "unshaded", "name": "isr_this_card", "expires": "card"})
    g = coin_env.make_game(GAME, position=dict(pos, lasting=lasting))
    assert feat(g, "Capability #1 ISR unshaded") == 0.0
    assert feat(g, "other lasting Event effects") == pytest.approx(0.5)


def test_cards_and_deck():
    g = make(deck=[5, 73, 6, 7, 74, 8])
    assert feat(g, "current card present") == 1.0 and feat(g, "current card #5") == 1.0
    assert feat(g, "current card Propaganda") == 0.0
    order = g.data.cards.faction_order(5)
    for pos, f in enumerate(order):
        assert feat(g, f"current card order {pos + 1}: {f}") == 1.0
    assert feat(g, "upcoming card #73") == 1.0 and feat(g, "upcoming card Propaganda") == 1.0
    assert all(feat(g, f"upcoming card order 1: {f}") == 0.0 for f in FACTIONS)   # a Propaganda card has none
    assert feat(g, "Propaganda cards left") == pytest.approx(2 / 6)
    assert feat(g, "Propaganda cards played") == 0.0
    assert feat(g, "draw deck") == pytest.approx(4 / 78)
    assert feat(g, "Final Event Card") == 0.0                           # another Propaganda card follows


def test_final_event_card_flag_2_3_8():
    g = make(deck=[5, 73, 6, 7])
    assert feat(g, "Final Event Card") == 1.0
    g.options["sudden_propaganda"] = True                  # 2.3.7: no Final Event Card limits then
    assert feat(g, "Final Event Card") == 0.0


# --- perspective and decision context --------------------------------------------------------------------
def test_perspective_acting_faction_and_sequence():
    g = known_position()
    assert feat(g, "perspective taliban", "taliban") == 1.0
    assert feat(g, "perspective coalition", "taliban") == 0.0
    assert feat(g, "acting faction coalition", "taliban") == 1.0
    assert feat(g, "perspective is acting", "taliban") == 0.0
    assert feat(g, "perspective is acting", "coalition") == 1.0
    assert feat(g, "deciding as 1st Eligible") == 1.0
    assert feat(g, "eligible coalition") == 1.0 and feat(g, "eligible government") == 0.0
    assert feat(g, "prompt sop_choice") == 1.0
    assert feat(g, "action in progress") == 0.0


def test_decision_context_of_an_operation_in_progress():
    g = known_position()
    before = vec(g)
    play(g, "operation only", "Train")
    assert feat(g, "prompt op_select") == 1.0
    assert feat(g, "operation Train") == 1.0 and feat(g, "operation Patrol") == 0.0
    assert feat(g, "turn kind op") == 1.0 and feat(g, "action in progress") == 1.0
    assert feat(g, "acting faction of the turn coalition") == 1.0
    assert feat(g, "space Kabul: selected for Operation") == 0.0
    assert not np.array_equal(before, vec(g))
    play(g, "select Kabul")
    frame = g.prompt_frame()
    assert feat(g, f"prompt {frame['kind']}") == 1.0
    assert feat(g, "space Kabul: selected for Operation") == 1.0
    assert feat(g, "space Kandahar: selected for Operation") == 0.0
    assert feat(g, "operation spaces selected") == pytest.approx(0.25)
    assert feat(g, "space Kabul: decision space") == float(frame.get("space") == I["Kabul"])
    rng = random.Random(0)
    while g.state.turn is not None and g.current_player() == "coalition":
        g.apply(rng.choice(g.legal_actions()))
    assert feat(g, "space Kabul: selected for Operation") == 0.0
    assert feat(g, "action in progress") == 0.0


def test_turn_block_reads_the_turn_record():
    g = known_position()
    turn = new_turn("taliban", "op_sa")
    turn.update(op="rally", op_spaces=[I["Kandahar"], I["Waziristan"]], sa="extort", sa_spaces=[I["Kandahar"]],
                sa_active=True)
    g.state.turn = turn
    assert feat(g, "acting faction of the turn taliban") == 1.0
    assert feat(g, "turn kind op_sa") == 1.0
    assert feat(g, "operation Rally") == 1.0 and feat(g, "special activity Extort") == 1.0
    assert feat(g, "special activity in progress") == 1.0 and feat(g, "special activity done") == 0.0
    assert feat(g, "operation spaces selected") == pytest.approx(0.5)
    assert feat(g, "special activity spaces selected") == pytest.approx(0.25)
    assert feat(g, "space Waziristan: selected for Operation") == 1.0
    assert feat(g, "space Waziristan: selected for Special Activity") == 0.0
    assert feat(g, "space Kandahar: selected for Special Activity") == 1.0


def test_decision_frame_space_origin_destination_budget_and_piece():
    g = known_position()
    g.push({"kind": "adp_remove", "actor": "coalition", "space": I["Kandahar"], "left": 3, "piece": TALIBAN_G,
            "origin": I["Kabul"], "dest": I["LoC Kandahar-Kabul"]})
    g._legal = None
    assert feat(g, "prompt adp_remove") == 1.0
    assert feat(g, "space Kandahar: decision space") == 1.0
    assert feat(g, "space Kabul: decision space") == 0.0
    assert feat(g, "space Kabul: decision origin") == 1.0
    assert feat(g, "space LoC Kandahar-Kabul: decision destination") == 1.0
    assert feat(g, "space Kandahar: decision origin") == 0.0
    assert feat(g, "budget given") == 1.0 and feat(g, "budget left") == pytest.approx(0.5)
    assert feat(g, f"decision piece {PIECE_NAMES[TALIBAN_G]}") == 1.0
    # off-map locations (e.g. the Available box as a Surge/Air Lift source) and -1 sentinels mark nothing
    g.state.frames[-1].update(space=-1, origin=static.AVAILABLE, dest=-1, sp=I["Balkh"])
    enc = encoder_for(g)
    v = vec(g)
    sv = v[enc.groups["spaces"]].reshape(static.N_SPACES, len(aenc.SPACE_FEATURES))
    assert sv[:, aenc.F["decision origin"]].sum() == 0 and sv[:, aenc.F["decision destination"]].sum() == 0
    assert np.flatnonzero(sv[:, aenc.F["decision space"]]).tolist() == [I["Balkh"]]   # "sp" names it too


def test_a_choose_decision_encodes_its_continuation():
    g = known_position()
    cont = sorted(g.continuations)[0]
    g.choose("coalition", "test question", [g.DONE], cont)
    g._legal = None
    assert feat(g, "prompt choose") == 1.0
    assert feat(g, f"choice for {cont}") == 1.0
    assert feat(g, "choice for other") == 0.0


def test_the_encoding_changes_with_the_state():
    g = known_position()
    v0 = vec(g)
    board.place(g.state, 0, I["Herat"], 1)
    v1 = vec(g)
    changed = {encoder_for(g).feature_names[i] for i in np.flatnonzero(v0 != v1)}
    assert "space Herat: Coalition Troops" in changed and "Available: Coalition Troops" in changed
    assert "victory total coalition" in changed                        # one fewer Available Coalition piece
    board.shift_support(g.state, I["Balkh"], 1)
    assert feat(g, "space Balkh: Support") == 1.0 and feat(g, "space Balkh: Neutral") == 0.0


def test_victory_margins_helper_matches_the_board():
    s = known_position().state
    assert aenc.victory_margins(s, board.victory_totals(s)) == board.victory_margins(s)


def test_the_map_template_is_each_games_own():
    """The fixed map facts come from the game's data: a game with a data pack that changes the terrain
    sees its terrain, a game without one the built-in terrain, whatever order they are encoded in; the
    shared encoder keeps no template of its own (it is built once per data object)."""
    enc = encoder_for(GAME)
    g = known_position()
    sp = I["Kandahar"]
    old = bool(g.data.is_mountain[sp])
    packed = make({}, options={"data_pack": {"spaces": {"Kandahar": {"terrain": "Plains" if old else "Mountain"}}}})
    for _ in range(2):
        assert feat(packed, "space Kandahar: Mountain") == float(not old)
        assert feat(g, "space Kandahar: Mountain") == float(old)
    assert not hasattr(enc, "_template")
    template = enc.template(g.data)
    assert template is enc.template(g.data) and template is not enc.template(packed.data)
    assert not template.flags.writeable
    assert np.array_equal(enc.space_view(template.copy()), enc.static_spaces(g.data))


# --- random play ---------------------------------------------------------------------------------------------
def test_encoding_stays_in_bounds_and_consistent_in_random_play():
    enc = encoder_for(GAME)
    buf = enc.new_buffer()
    ctrl_cols = [aenc.F["COIN Control"], aenc.F["Taliban Control"]]
    seen_kinds = set()
    index = {name: i for i, name in enumerate(enc.feature_names)}
    for seed in range(30):
        options = {"sudden_propaganda": True} if seed % 5 == 4 else {}
        g = coin_env.make_game(GAME, scenario=("short", "main", "extended")[seed % 3], seed=seed, options=options)
        rng = random.Random(seed)
        steps = 0
        while True:
            s = g.state
            enc.encode(g, (*FACTIONS, None)[steps % 5], buf)         # every perspective in turn
            assert np.isfinite(buf).all()
            assert enc.low <= buf.min() and buf.max() <= enc.high
            sv = buf[enc.groups["spaces"]].reshape(static.N_SPACES, len(aenc.SPACE_FEATURES))
            coin, tal = board.control_arrays(s)
            assert np.array_equal(sv[:, ctrl_cols], np.stack([coin, tal], axis=1).astype(np.float32))
            assert aenc.victory_margins(s, board.victory_totals(s)) == board.victory_margins(s)
            not_yet_current = sum(map(carddata.is_propaganda, s.deck)) + (
                s.upcoming is not None and carddata.is_propaganda(s.upcoming))
            assert buf[index["Propaganda cards left"]] == np.float32(not_yet_current / 6)
            if g.is_over() or steps >= 3000:
                break
            kind = s.frames[-1]["kind"]
            seen_kinds.add(kind)
            assert buf[index[f"prompt {kind}"]] == 1.0
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
    assert len(seen_kinds) > 1


# --- renderer ---------------------------------------------------------------------------------------------------
def test_render_names_every_space_the_tracks_and_the_prompt():
    g = known_position()
    text = renderer_for(g)(g)
    for name in static.SPACE_NAMES:
        assert name in text
    for bit in ("Islamabad Pressure (Hard)", "Aid 12", "Patronage 8", "Terror x3", "Sabotage", "+1 Pop",
                "COIN Control", "Taliban Control", "Opposition", "Casualties: 4 Coalition Troops",
                "Capability #1 ISR (shaded)", "Prompt (coalition)", "Legal: pass", "Eligible: coalition"):
        assert bit in text, bit


def test_render_during_an_operation_and_at_game_over():
    g = known_position()
    play(g, "operation only", "Train", "select Kabul")
    text = renderer_for(g)(g)
    assert "Turn: Coalition, Operation: Train [Kabul]" in text          # the rules' words, not ids
    g = coin_env.make_game(GAME, seed=3)
    rng = random.Random(3)
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    text = renderer_for(g)(g)
    assert "GAME OVER: winner" in text and "Prompt (" not in text
