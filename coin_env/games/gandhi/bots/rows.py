"""Space Selection Priorities rows and Arjuna conditions shared by several factions.

A row's name is what the data files (data/arjuna/<faction>.py) write in a column; the function
says what it means. Faction-only rows and conditions live in the faction modules. The row texts are
our own short names for the printed conditions; rulebook-quoted ones keep their wording
("2-Pop", "not at Active Opposition", "non-Muslim space", "most Opposition", ...).
"""

from __future__ import annotations

from .. import board
from ..data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GANDHI, GUERRILLA, ML_ACTIVIST, ML_BASE, PIECE_OWNER,
                           REV_BASE, SEPOY, TROOP)
from ..static import IS_CITY, IS_MUSLIM, IS_PRINCELY_STATE, IS_PRINTED_PROVINCE, IS_RAILWAY, JAIL
from .registry import condition, row_fewest, row_filter, row_most


def _p(ctx, sp, pc) -> int:
    return ctx.state.pieces.item(sp, pc)


# --- space types -----------------------------------------------------------------------------------
@row_filter("2-Pop")
def two_pop(ctx, sp):
    return ctx.data.pop_list[sp] == 2


@row_filter("1-Pop")
def one_pop(ctx, sp):
    return ctx.data.pop_list[sp] == 1


@row_filter("Muslim space")
def muslim(ctx, sp):
    return bool(IS_MUSLIM[sp]) or bool(ctx.state.muslim_state.item(sp))


@row_filter("non-Muslim space")
def non_muslim(ctx, sp):
    return not muslim(ctx, sp)


@row_filter("City")
def city(ctx, sp):
    return bool(IS_CITY[sp])


@row_filter("Province")
def province(ctx, sp):
    return bool(IS_PRINTED_PROVINCE[sp]) and not ctx.state.muslim_state.item(sp)


@row_filter("State")
def state_(ctx, sp):
    return bool(IS_PRINCELY_STATE[sp]) or bool(ctx.state.muslim_state.item(sp))


@row_filter("not a Railway")
def not_railway(ctx, sp):
    return not IS_RAILWAY[sp]


@row_most("highest Econ")
def econ(ctx, sp):
    return ctx.data.econ_list[sp]


# --- markers and levels --------------------------------------------------------------------------------
@row_filter("Protest")
def protest(ctx, sp):
    return bool(ctx.state.protest.item(sp))


@row_filter("no Protest")
def no_protest(ctx, sp):
    return not ctx.state.protest.item(sp)


@row_filter("with Unrest")
def with_unrest(ctx, sp):
    return ctx.state.unrest.item(sp) > 0


@row_filter("no Unrest")
def no_unrest(ctx, sp):
    return ctx.state.unrest.item(sp) == 0


@row_filter("Raj Control")
def raj_control(ctx, sp):
    return board.raj_control(ctx.state, sp)


@row_filter("no Raj Control")
def no_raj_control(ctx, sp):
    return not board.raj_control(ctx.state, sp)


@row_filter("not at Active Opposition")
def not_active_opposition(ctx, sp):
    return ctx.state.support.item(sp) > -2


@row_filter("not at Active Support")
def not_active_support(ctx, sp):
    return ctx.state.support.item(sp) < 2


@row_filter("Support")
def has_support(ctx, sp):
    return ctx.state.support.item(sp) > 0


@row_filter("Opposition")
def has_opposition(ctx, sp):
    return ctx.state.support.item(sp) < 0


@row_filter("Neutral")
def neutral(ctx, sp):
    return ctx.state.support.item(sp) == 0 and not IS_RAILWAY[sp]


@row_most("most Support")
def most_support(ctx, sp):
    # Level x Population: a 2-Pop space at Passive Support has more Support (1.6, 7.2) than a 1-Pop one.
    return max(0, int(ctx.state.support.item(sp))) * ctx.data.pop_list[sp]


@row_most("most Opposition")
def most_opposition(ctx, sp):
    return max(0, -int(ctx.state.support.item(sp))) * ctx.data.pop_list[sp]


@row_fewest("least Support")
def least_support(ctx, sp):
    return int(ctx.state.support.item(sp))


# --- pieces ------------------------------------------------------------------------------------------------
@row_most("most cubes")
def most_cubes(ctx, sp):
    return _p(ctx, sp, TROOP) + _p(ctx, sp, SEPOY)


@row_fewest("fewest cubes")
def fewest_cubes(ctx, sp):
    return _p(ctx, sp, TROOP) + _p(ctx, sp, SEPOY)


@row_most("most Troops")
def most_troops(ctx, sp):
    return _p(ctx, sp, TROOP)


@row_most("most Sepoys")
def most_sepoys(ctx, sp):
    return _p(ctx, sp, SEPOY)


@row_most("most Guerrillas")
def most_guerrillas(ctx, sp):
    return _p(ctx, sp, GUERRILLA) + _p(ctx, sp, ACTIVE_GUERRILLA)


@row_most("most Underground Guerrillas")
def most_underground(ctx, sp):
    return _p(ctx, sp, GUERRILLA)


@row_most("most Active Guerrillas")
def most_active_guerrillas(ctx, sp):
    return _p(ctx, sp, ACTIVE_GUERRILLA)


@row_most("most Congress Activists")
def most_congress(ctx, sp):
    return _p(ctx, sp, CONGRESS_ACTIVIST)


@row_most("most ML Activists")
def most_ml(ctx, sp):
    return _p(ctx, sp, ML_ACTIVIST)


@row_most("most Activists")
def most_activists(ctx, sp):
    return _p(ctx, sp, CONGRESS_ACTIVIST) + _p(ctx, sp, ML_ACTIVIST)


@row_filter("Gandhi")
def gandhi_here(ctx, sp):
    return _p(ctx, sp, GANDHI) > 0


@row_filter("no Gandhi")
def no_gandhi(ctx, sp):
    return _p(ctx, sp, GANDHI) == 0


@row_filter("ML Base")
def ml_base(ctx, sp):
    return _p(ctx, sp, ML_BASE) > 0


@row_filter("Rev Base")
def rev_base(ctx, sp):
    return _p(ctx, sp, REV_BASE) > 0


@row_filter("no Base")
def no_base(ctx, sp):
    return _p(ctx, sp, ML_BASE) + _p(ctx, sp, REV_BASE) == 0


@row_most("most Active adversaries")
def most_active_adversaries(ctx, sp):
    return board.active_adversaries(ctx.state, sp, ctx.faction)


@row_most("most adversary pieces")
def most_adversary_pieces(ctx, sp):
    return sum(ctx.state.pieces.item(sp, pc) for pc, o in enumerate(PIECE_OWNER) if o != ctx.faction)


@row_filter("Underground Guerrilla")
def underground_guerrilla(ctx, sp):
    return _p(ctx, sp, GUERRILLA) > 0


# --- conditions shared by several factions' cards -------------------------------------------------------------
@condition("Crisis")
def crisis(ctx):
    return board.in_crisis(ctx.state)


@condition("not Crisis")
def not_crisis(ctx):
    return not board.in_crisis(ctx.state)


@condition("Gandhi in Jail")
def gandhi_in_jail(ctx):
    return ctx.state.pieces.item(JAIL, GANDHI) > 0


@condition("die roll <= Restraint")
def die_le_restraint(ctx):
    return ctx.die() <= ctx.state.restraint


@condition("die roll <= Unity")
def die_le_unity(ctx):
    return ctx.die() <= ctx.state.unity


@condition("always")
def always(ctx):
    return True
