"""The Crown bot's memos (bots/crown.py kept_transfer, bots/plumbing.py Ctx) give the answers of the bot
without them: whole seeded games played with the memos equal the same games played with every memo dropped
before each decision, and a memo whose key left out something a transfer reads would answer for a stale
board (the mutation tests below). The search for the entry a second DoT transfer goes on from finds the plain
search's."""

import random

import pytest

from coin_env.games.john_company import game as jc
from coin_env.games.john_company.bots import CrownBot
from coin_env.games.john_company.bots.crown import (Board, TradeRoutes, _last_moves, dot_plan, dot_transfer,
                                                    first_transfer_entry, ma_plan, ma_transfer, plan_dot_transfer,
                                                    plan_ma_transfer, presidency_order,
                                                    reverses_of_fitting_ma_transfers, trade_routes,
                                                    transfer_board_key)
from coin_env.games.john_company.bots.plumbing import Ctx

SETUPS = [("1710", {"families": 4}, 5), ("1710", {"families": 1, "crown": True}, 6),
          ("Long 1710", {"families": 1, "crown": True}, 7), ("1710", {"families": 2}, 8),
          ("1710", {"families": 6}, 9)]


def _forget(game):
    game.crown_transfer = None
    game.crown_routes = None


@pytest.mark.parametrize("scenario,options,seed", SETUPS)
def test_games_with_memos_equal_games_without(scenario, options, seed):
    """Every seat the Crown bot; one game keeps the memos, the other drops them before each decision."""
    kept, fresh = (jc.new_game(scenario, seed=seed, options=dict(options)) for _ in range(2))
    bot_kept, bot_fresh = CrownBot(), CrownBot()
    while not kept.is_over():
        who = kept.current_player()
        _forget(fresh)
        a, b = bot_kept(kept, who), bot_fresh(fresh, who)
        assert a == b, f"decision {kept.decisions_made()}: {kept.action_label(a)!r} != {fresh.action_label(b)!r}"
        kept.apply(a)
        fresh.apply(b)
    assert kept.to_json() == fresh.to_json()


def _transfer_decisions(scenario, options, seed):
    """Games (each seat the Crown bot) stopped at each Crown decision that weighs a DoT or MA transfer."""
    g = jc.new_game(scenario, seed=seed, options=dict(options))
    bot = CrownBot()
    while not g.is_over():
        who = g.current_player()
        frame = g.prompt_frame()
        key = frame.get("then", "")
        if key.startswith(("dot_menu", "dot_writer", "dot_ship", "ma_menu", "ma_from", "ma_family", "ma_to")):
            yield g, who, key.startswith("dot")
        g.apply(bot(g, who))


def _mutations(s):
    """Changes of the board, each to one thing a transfer reads (made, then undone)."""
    def bump(array, index, by=1):
        def change():
            array[index] += by

        def undo():
            array[index] -= by
        return change, undo
    out = []
    for f in s.seats:
        for p in range(3):
            out.append(bump(s.writers, (f, p)))
            out.append(bump(s.officers, (f, p, 0)))
    for p in range(3):
        out.append(bump(s.regiments, (p, 0)))
        out.append(bump(s.company_ships, p))
    for o in range(len(s.order_state)):
        out.append(bump(s.order_state, o))
    return out


@pytest.mark.parametrize("scenario,options,seed", SETUPS[:3])
def test_a_changed_board_is_never_answered_from_the_memo(scenario, options, seed):
    """At each transfer decision the memo is primed, the board changed: the kept answer is the fresh one. Some
    change must move the answer, else the test would prove nothing."""
    moved = seen = 0
    for g, who, dot in _transfer_decisions(scenario, options, seed):
        seen += 1
        if seen % 3:                        # every third decision: enough, and the test stays quick
            continue
        kept, plan = (dot_transfer, plan_dot_transfer) if dot else (ma_transfer, plan_ma_transfer)
        before = plan(Ctx(g, who))
        for change, undo in _mutations(g.state):
            kept(Ctx(g, who))               # the memos hold the unchanged board's answer and routes
            change()
            try:
                got = kept(Ctx(g, who))
                _forget(g)
                want = plan(Ctx(g, who))
                assert got == want
                moved += want != before
            finally:
                undo()
        _forget(g)
    assert seen and moved


def test_the_key_reads_every_array_a_transfer_reads():
    """Each array behind a transfer's plan changes the key (a key without one would keep stale answers)."""
    g = jc.new_game("1710", seed=1, options={"families": 1, "crown": True})
    s = g.state
    base = transfer_board_key(s)
    for name in ("writers", "ship_zone", "company_ships", "extra_ships", "office_exists", "office_holder", "commander",
                 "shipyard_owner", "ship_fatigued", "regiments", "officers", "order_state", "order_presidency"):
        array = getattr(s, name)
        flat = array.reshape(-1)
        flat[0] += 1
        assert transfer_board_key(s) != base, name
        flat[0] -= 1
    s.firms["order_firm"][0] += 1
    assert transfer_board_key(s) != base
    s.firms["order_firm"][0] -= 1
    for field in ("card", "climate"):
        s.crown[field] += 1
        assert transfer_board_key(s) != base, field
        s.crown[field] -= 1
    s.crown["deck"].reverse()
    assert transfer_board_key(s) != base
    s.crown["deck"].reverse()
    assert transfer_board_key(s) == base


def test_a_clone_starts_without_the_memo():
    for g, who, _ in _transfer_decisions("1710", {"families": 1, "crown": True}, 6):
        CrownBot()(g, who)
        if g.crown_transfer is not None:
            break
    assert g.crown_transfer is not None
    assert g.clone().crown_transfer is None and g.clone().crown_routes is None
    assert "crown_transfer" not in g.to_json()


def _every_fitting_entry(s, me, board, routes, order):
    """The search for the first transfer's entry written plainly: every single transfer undone, the earliest
    entry whose plan makes it."""
    found = [plan[0] for t in _last_moves(s, board, army=False)
             for plan in [dot_plan(s, me, board.moved(t, back=True), routes, 0, order=order)]
             if plan is not None and plan[1] == t]
    return min(found) if found else None


def test_the_first_transfers_entry_is_the_plain_searchs():
    """first_transfer_entry weighs the candidates earliest entry first and skips those no entry can make: the
    entry it finds is the plain search's, at every second DoT transfer of solo games (every climate in turn)."""
    seen = 0
    for scenario, seed in [("1710", 11), ("Long 1710", 12), ("1710", 13), ("Long 1710", 14), ("1710", 15),
                           ("Long 1710", 16), ("1710", 17), ("Long 1710", 18)]:
        g = jc.new_game(scenario, seed=seed, options={"families": 1, "crown": True})
        bot, rng = CrownBot(), random.Random(seed)
        while not g.is_over():
            who = g.current_player()
            frame = g.prompt_frame()
            if who == "crown" and frame.get("then") == "dot_menu_chosen" and frame.get("transfers"):
                s, me = g.state, Ctx(g, who).slot
                board, routes, order = Board(s), TradeRoutes(g), presidency_order(s)
                assert (first_transfer_entry(s, me, board, routes, order)
                        == _every_fitting_entry(s, me, board, routes, order))
                seen += 1
            g.apply(bot(g, who) if who == "crown" or rng.random() < 0.5 else rng.choice(g.legal_actions()))
    assert seen >= 10


def test_the_ma_transfers_undone_are_the_plain_searchs():
    """reverses_of_fitting_ma_transfers skips the transfers whose ends fail the climate's tests: it finds the
    plain search's list (every single transfer undone and planned again), at every second MA transfer of solo
    games."""
    seen = 0
    for scenario, seed in [("1710", 21), ("Long 1710", 22), ("1710", 23), ("Long 1710", 24), ("1710", 25),
                           ("Long 1710", 26)]:
        g = jc.new_game(scenario, seed=seed, options={"families": 1, "crown": True})
        bot, rng = CrownBot(), random.Random(seed)
        while not g.is_over():
            who = g.current_player()
            frame = g.prompt_frame()
            if frame.get("then") == "ma_menu_chosen" and frame.get("transfers"):
                s, me = g.state, Ctx(g, who).slot
                board, order = Board(s), presidency_order(s)
                plain = [(t[0], t[1], t[3], t[2]) for t in _last_moves(s, board, army=True)
                         if ma_plan(s, me, board.moved(t, back=True), order=order) == t]
                assert reverses_of_fitting_ma_transfers(s, me, board, order) == plain
                seen += 1
            g.apply(bot(g, who) if who == "crown" or rng.random() < 0.5 else rng.choice(g.legal_actions()))
    assert seen >= 10


def test_kept_routes_are_the_routes_of_the_board():
    """TradeRoutes.of at every Director of Trade decision of whole games: each Presidency's route equals a fresh
    search's; an order changed after the routes were kept gives the fresh routes of the changed board."""
    seen = 0
    for options, seed in [({"families": 4}, 41), ({"families": 1, "crown": True}, 42)]:
        g = jc.new_game("1710", seed=seed, options=dict(options))
        bot = CrownBot()
        while not g.is_over():
            if "Director of Trade" in g.prompt():
                assert [TradeRoutes.of(g)[p] for p in range(3)] == trade_routes(g)
                s = g.state
                for o in range(len(s.order_state)):
                    TradeRoutes.of(g)[0]
                    s.order_state[o] += 1
                    assert [TradeRoutes.of(g)[p] for p in range(3)] == trade_routes(g)
                    s.order_state[o] -= 1
                seen += 1
            g.apply(bot(g, g.current_player()))
    assert seen
