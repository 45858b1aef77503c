"""Readings made cheaper for all-bot speed give the plain readings' answers: the Crown bot's transfer Board read
without the pieces a plan never moves plans the same transfers as the whole Board, and a new state's arrays
(copied from read-only blanks) are its own, writeable and as the set-up starts them; a family's action options, the
first free shipyard, the zones with a ship and the envoy's test read once answer as the plain readings; the bot's
action groups are ranges; a transfer end's test read once per end keeps what each Presidency's test keeps."""

import random

import numpy as np
import pytest

from coin_env.games.john_company import game as jc
from coin_env.games.john_company.actions import FAMILY_ACTION0, VOCABULARY
from coin_env.games.john_company.bots import CrownBot
from coin_env.games.john_company.bots.crown import (Board, TradeRoutes, _meeting, _meets, dot_plan,
                                                    first_transfer_entry, ma_plan, presidency_order,
                                                    reverses_of_fitting_ma_transfers)
from coin_env.games.john_company.bots.plumbing import GROUP_RANGES, Ctx
from coin_env.games.john_company.data import company
from coin_env.games.john_company.data import crown as cd
from coin_env.games.john_company.queries import has_piece, ships_in, zones_in_play, zones_with_ships
from coin_env.games.john_company.rules.family_phase import (SPOUSE_FORBIDS, can_take, family_action_options,
                                                            free_shipyard, free_shipyards, share_price,
                                                            workshop_price)
from coin_env.games.john_company.rules.operations_director_of_trade import envoy_targets, has_envoy_target
from coin_env.games.john_company.state import BLANK_ARRAYS, JohnCompanyState
from coin_env.games.john_company.static import CHINA, FAMILY_ACTION_KEYS


def _transfer_decisions(options, seed):
    """(game, deciding slot, menu) at every DoT / MA menu decision of a seeded game (the Crown bot in every seat,
    the other half of the solo decisions random)."""
    g = jc.new_game("1710", seed=seed, options=dict(options))
    bot, rng = CrownBot(), random.Random(seed)
    while not g.is_over():
        who = g.current_player()
        frame = g.prompt_frame()
        if frame.get("then") in ("dot_menu_chosen", "ma_menu_chosen"):
            yield g, Ctx(g, who).slot, frame["then"]
        g.apply(bot(g, who) if who == "crown" or len(g.factions) > 1 or rng.random() < 0.5
                else rng.choice(g.legal_actions()))


@pytest.mark.parametrize("options,seed", [({"families": 4}, 31), ({"families": 1, "crown": True}, 32),
                                          ({"families": 1, "crown": True}, 33), ({"families": 3}, 34)])
def test_a_board_without_unread_pieces_plans_as_the_whole_board(options, seed):
    seen = 0
    for g, me, menu in _transfer_decisions(options, seed):
        s, whole, order = g.state, Board(g.state), presidency_order(g.state)
        if menu == "dot_menu_chosen":
            board = Board(s, army=False)
            assert (board.writers, board.ships, board.army) == (whole.writers, whole.ships, {})
            routes = TradeRoutes(g)
            assert dot_plan(s, me, board, routes, 0, order=order) == dot_plan(s, me, whole, routes, 0, order=order)
            assert (first_transfer_entry(s, me, board, routes, order)
                    == first_transfer_entry(s, me, whole, routes, order))
        else:
            board = Board(s, writers=False)
            assert (board.writers, board.ships, board.army) == ({}, whole.ships, whole.army)
            assert ma_plan(s, me, board, order=order) == ma_plan(s, me, whole, order=order)
            assert (reverses_of_fitting_ma_transfers(s, me, board, order)
                    == reverses_of_fitting_ma_transfers(s, me, whole, order))
        seen += 1
    assert seen >= 3


def test_a_new_states_arrays_are_its_own():
    """The blanks are read-only; each new state gets writeable copies equal to them, shared with no other."""
    a, b = JohnCompanyState.empty(), JohnCompanyState.empty()
    for name, blank in BLANK_ARRAYS.items():
        assert not blank.flags.writeable
        mine = getattr(a, name)
        assert mine.flags.writeable and mine.dtype == blank.dtype and np.array_equal(mine, blank)
        assert not np.shares_memory(mine, blank) and not np.shares_memory(mine, getattr(b, name))
    assert set(BLANK_ARRAYS) == set(JohnCompanyState.ARRAYS)
    assert all(getattr(a, n).dtype == np.dtype(t) for n, t in JohnCompanyState.ARRAYS.items())


def _can_take_plainly(game, slot, action, used_marker=False):
    """rules/family_phase.can_take as first written: each test reads the state itself."""
    s = game.state
    if any(SPOUSE_FORBIDS.get(c) == action for c in s.hands[slot]["prestige"]):
        return False
    cash = int(s.cash[slot])
    if action in ("enlist_writer", "enlist_officer"):
        return bool(has_piece(s, slot))
    if action == "purchase_luxury":
        return cash >= company.ENTERPRISES["luxury"][1] and int(s.luxuries.sum()) < company.ENTERPRISES["luxury"][0]
    if action == "purchase_shipyard":
        return cash >= company.ENTERPRISES["shipyard"][1] and bool(free_shipyards(s))
    if action == "purchase_workshop":
        return (cash >= workshop_price(game, slot, used_marker)
                and int(s.workshops.sum()) < company.ENTERPRISES["workshop"][0])
    return bool(has_piece(s, slot)) and any(int(s.stock_exchange[i]) < 0 and share_price(game, slot, i) <= cash
                                            for i in range(5))


@pytest.mark.parametrize("options,seed", [({"families": 4}, 51), ({"families": 1, "crown": True}, 52),
                                          ({"families": 6}, 53), ({"families": 2}, 54)])
def test_shared_readings_answer_as_the_plain_ones(options, seed):
    """At every decision of seeded games: a family's action options (its readings made once) are can_take's, action
    by action, with and without the opportunity marker; the first free shipyard, the zones with a ship, whether an
    envoy has a target, as the lists they stand for."""
    g = jc.new_game("1710", seed=seed, options=dict(options))
    bot, seen = CrownBot(), 0
    while not g.is_over():
        s = g.state
        for slot in s.seats:
            for marker in (None, "purchase_workshop", "seek_share"):
                plain = [FAMILY_ACTION0 + j for j, a in enumerate(FAMILY_ACTION_KEYS)
                         if _can_take_plainly(g, slot, a, used_marker=(a == marker))]
                assert family_action_options(g, slot, marker) == plain
            assert [bool(can_take(g, slot, a)) for a in FAMILY_ACTION_KEYS] == [
                _can_take_plainly(g, slot, a) for a in FAMILY_ACTION_KEYS]
        assert free_shipyard(s) == (free_shipyards(s) or [-1])[0]
        assert zones_with_ships(s) == [z for z in zones_in_play(s) if ships_in(s, z)]
        assert has_envoy_target(s) == bool(envoy_targets(s))
        seen += 1
        g.apply(bot(g, g.current_player()))
    assert seen >= 50


def test_the_vocabularys_groups_are_contiguous_ranges():
    """The bot's Ctx.group reads a group's legal actions by its range: every action in a group's range is of it."""
    assert dict(GROUP_RANGES) == VOCABULARY.group_ranges
    for group, (lo, hi) in GROUP_RANGES.items():
        assert [VOCABULARY.group_of(a) for a in range(lo, hi)] == [group] * (hi - lo)


@pytest.mark.parametrize("options,seed", [({"families": 4}, 31), ({"families": 1, "crown": True}, 32)])
def test_an_ends_presidencies_meet_its_test_as_each_one_does(options, seed):
    """The Crown bot's transfer ends read once per end (crown._meeting) keep the Presidencies (and China) that meet
    the end's test one by one (crown._meets), in order, for every end of the DoT and MA lists."""
    specs = {end for entries in cd.DOT_TRANSFERS[0].values() for _, origin, dest in entries for end in (origin, dest)}
    specs |= {end for ends in cd.MA_TRANSFERS[0].values() for end in ends}
    seen = 0
    for g, me, _ in _transfer_decisions(options, seed):
        for spec in specs:
            for ps in ((0, 1, 2, CHINA), (2, 0), (CHINA, 1)):
                assert _meeting(g.state, me, spec, ps) == [p for p in ps if _meets(g.state, me, spec, p)]
        seen += 1
    assert seen >= 3
