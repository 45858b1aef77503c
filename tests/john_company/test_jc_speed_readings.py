"""Readings made cheaper for all-bot speed give the plain readings' answers: the Crown bot's transfer Board read
without the pieces a plan never moves plans the same transfers as the whole Board, and a new state's arrays
(copied from read-only blanks) are its own, writeable and as the set-up starts them."""

import random

import numpy as np
import pytest

from coin_env.games.john_company import game as jc
from coin_env.games.john_company.bots import CrownBot
from coin_env.games.john_company.bots.crown import (Board, TradeRoutes, dot_plan, first_transfer_entry, ma_plan,
                                                    presidency_order, reverses_of_fitting_ma_transfers)
from coin_env.games.john_company.bots.plumbing import Ctx
from coin_env.games.john_company.state import BLANK_ARRAYS, JohnCompanyState


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
