"""3.3 Nonviolent Operations (Congress and Muslim League) and their Special Activities (4.3, 4.4).

Operations, one class per faction: Rally (3.3.1), Demonstrate (3.3.2), Civil Disobedience (3.3.3),
Non-Cooperation (3.3.4). Special Activities: Congress Negotiate (4.3.1), Satyagraha (4.3.2),
Persuade (4.3.3); Muslim League Negotiate (4.4.1), Infiltrate (4.4.2), Persuade (4.4.3).

Space allowance (3.3, 3.1.5). NV factions pay nothing; instead Congress may select up to Restraint
spaces plus any spaces with a Protest and/or Gandhi, the Muslim League up to Unity spaces plus any
with an ML Base. A space is "free" (does not use up the allowance) if it has the exempting feature
*at the moment it is selected*; the turn's ``flags["nv_counted"]`` counts the others, and a further
non-free space may be selected while that count is below the *current* Restraint / Unity (so a
Negotiate that raises Restraint mid-Operation widens the allowance, 3.1.5 example 1).

Pieces move once (3.1.2): ``flags["nv_moved"]`` maps "space:piece" to how many pieces of that type
arrived there during this Operation; they may not move again.

Negotiate exclusivity (4.1.1): Negotiate may not select a space selected for the Operation, and
the Operation may not select the Negotiate space afterwards.

Special Activities after the Operation (4.1): the framework (coin/operations.py ``op_after``)
offers the SA once more after the Operation's finishing steps (Non-Cooperation's Restraint -1,
Rally's Out-of-Play / Jail step), as 3.1.5 example 2 needs (Non-Cooperation brings Crisis, then
Infiltrate places a Muslim State).

Not implemented: voluntary removal of own pieces (1.4.1) is not offered.
"""

from __future__ import annotations

import numpy as np

from ....coin.operations import Activity
from .. import board
from ..data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GANDHI, GUERRILLA, ML_ACTIVIST, ML_BASE,
                           N_PIECE_TYPES, REV_BASE, SEPOY, TROOP)
from ..registry import CONTINUATIONS
from ..static import (AVAILABLE, CITIES, IS_RAILWAY, JAIL, LAND, N_SPACES, OUT_OF_PLAY)
from .turn import move_activist_out_of_play

MODES: list[tuple[str, str]] = [
    ("nv_rally_ml_activists", "Rally: place ML Activists"),
    ("nv_rally_ml_base", "Rally: replace ML Activists with an ML Base"),
    ("nv_rally_release", "Rally: release a die roll of Activists from Jail"),
    ("nv_negotiate_gandhi", "Negotiate: roll to release Gandhi"),
    ("nv_negotiate_remove_ms", "Negotiate: remove the Muslim State"),
    ("nv_negotiate_unrest", "Negotiate: shift toward Support and remove an Unrest"),
    ("nv_negotiate_place_ms", "Negotiate: place a Muslim State"),
    ("nv_satyagraha_agree", "Satyagraha: Raj releases Gandhi from Jail"),
    ("nv_satyagraha_refuse", "Satyagraha: Raj refuses to release Gandhi"),
    ("nv_satyagraha_remove", "Satyagraha: remove a Protest and an Unrest"),
    ("nv_satyagraha_activist", "Satyagraha: place a Congress Activist"),
    ("nv_persuade_activate", "Persuade: Activate Guerrillas"),
    ("nv_infiltrate_muslim_state", "Infiltrate: place a Muslim State"),
]

OWN_ACTIVIST = {"congress": CONGRESS_ACTIVIST, "ml": ML_ACTIVIST}
OTHER = {"congress": "ml", "ml": "congress"}
NEGOTIATE_OPS = ("rally", "demonstrate", "civil_disobedience")   # 4.1.2, 4.3.1, 4.4.1


def _protest_marker(game) -> int:
    return game.vocabulary.index("piece", "Protest")


def _flags(game) -> dict:
    turn = game.state.turn
    return {} if turn is None else turn["flags"]     # {} when asked before any action starts


def _name(game, sp) -> str:
    return game.space_names[sp]


# --- allowance (3.3, 3.1.5) ---------------------------------------------------------------------------
def free_space(s, faction: str, sp: int) -> bool:
    """3.3: spaces that do not count against the allowance: Congress -- a Protest and/or Gandhi;
    Muslim League -- an ML Base."""
    if faction == "congress":
        return bool(s.protest.item(sp)) or s.pieces.item(sp, GANDHI) > 0
    return s.pieces.item(sp, ML_BASE) > 0


def free_spaces(s, faction: str) -> np.ndarray:
    """:func:`free_space` for every map space at once (3.3)."""
    if faction == "congress":
        return (s.protest > 0) | (s.pieces[:N_SPACES, GANDHI] > 0)
    return s.pieces[:N_SPACES, ML_BASE] > 0


def allowance(s, faction: str) -> int:
    """3.3: Congress up to Restraint, Muslim League up to Unity (read at each selection, 3.1.5)."""
    return s.restraint if faction == "congress" else s.unity


def negotiate_space(game, sp) -> bool:
    """4.1.1: a space selected for NV Negotiate may not be selected for the Operation."""
    turn = game.state.turn
    return turn is not None and turn["sa"] == "negotiate" and sp in turn["sa_spaces"]


# --- pieces move once (3.1.2) -----------------------------------------------------------------------------
def movable(game, sp, piece) -> int:
    """Pieces of this type in ``sp`` that have not moved during this Operation (3.1.2)."""
    moved = _flags(game).get("nv_moved", {}).get(f"{sp}:{piece}", 0)
    return max(0, game.state.pieces.item(sp, piece) - moved)


def move_activists(game, piece, src, dst, n) -> None:
    if n <= 0:
        return
    board.move(game.state, piece, src, dst, n)
    moved = _flags(game).setdefault("nv_moved", {})
    key = f"{dst}:{piece}"
    moved[key] = moved.get(key, 0) + n


# --- Muslim State creation with Troops (4.4.1, 4.4.2, 1.3.5) --------------------------------------------------
def create_muslim_state(game, sp) -> None:
    """Place a Muslim State; Raj must first move any Troops there to Cities of its choice (1.3.5:
    no Troops in States). The marker is placed once the last Troop has left, so the board never
    holds Troops in a State."""
    s = game.state
    if s.pieces.item(sp, TROOP) > 0:
        game.choose("raj", f"{_name(game, sp)} becomes a Muslim State: move a Troop to which City",
                    [game.space_action(c) for c in CITIES], "nv_troop_to_city", space=sp)
    else:
        s.muslim_state[sp] = 1


@CONTINUATIONS.register
def nv_troop_to_city(game, frame, action):
    s = game.state
    sp = frame["space"]
    board.move(s, TROOP, sp, game.space_of(action))
    create_muslim_state(game, sp)


# =================================================================================================
# Operations
# =================================================================================================
class NVOperation(Activity):
    """Shared allowance logic for the NV Operations (3.3, 3.1.5)."""

    def eligible_mask(self, game, free: np.ndarray) -> np.ndarray:
        """The Operation's own space requirement for every map space (a bool array), given which
        spaces are exempt from the allowance (``free``, :func:`free_spaces`)."""
        raise NotImplementedError

    def space_test(self, game):
        """:meth:`can_select` for every space at once: the Operation's requirement, and a free space
        or room left in the allowance (3.3, 3.1.5); never the Negotiate space (4.1.1,
        :func:`negotiate_space`)."""
        s = game.state
        turn = s.turn
        free = free_spaces(s, self.faction)
        ok = self.eligible_mask(game, free)
        if _flags(game).get("nv_counted", 0) >= allowance(s, self.faction):
            ok = ok & free
        ok = ok.tolist()
        if turn is not None and turn["sa"] == "negotiate":
            for sp in turn["sa_spaces"]:
                ok[sp] = False
        return ok.__getitem__

    def select(self, game, sp):
        # The Op framework has already recorded the space; the state is unchanged, so the
        # exemption is read as it stands at selection (3.1.5).
        if not free_space(game.state, self.faction, sp):
            flags = _flags(game)
            flags["nv_counted"] = flags.get("nv_counted", 0) + 1
        self.procedure(game, sp)

    def procedure(self, game, sp):
        raise NotImplementedError

    def finish(self, game):
        self.last_steps(game)

    def last_steps(self, game):
        """Steps after all spaces (pushed above the after-op SA offer)."""


# --- 3.3.1 Rally --------------------------------------------------------------------------------------
class NVRally(NVOperation):
    """3.3.1 Rally: Cities, Provinces and States without Support (within the allowance), plus
    (Congress) any with a Protest or Gandhi / (ML) any with an ML Base, regardless of Support.
    Afterwards the faction may move one Activist (either NV faction's) from Out of Play to
    Available, or release a die roll of Activists from Jail."""

    key = name = "rally"

    def candidate_spaces(self, game):
        return LAND

    def eligible_mask(self, game, free):
        return free | (game.state.support <= 0)

    def last_steps(self, game):
        s = game.state
        options = [game.piece_action(p) for p in (CONGRESS_ACTIVIST, ML_ACTIVIST) if s.pieces.item(OUT_OF_PLAY, p) > 0]
        if s.pieces.item(JAIL, CONGRESS_ACTIVIST) + s.pieces.item(JAIL, ML_ACTIVIST) > 0:
            options.append(game.mode("nv_rally_release"))
        if options:
            game.choose(self.faction, "Rally: move an Activist from Out of Play to Available, "
                        "release Activists from Jail, or done", options + [game.DONE], "nv_rally_after")


@CONTINUATIONS.register
def nv_rally_after(game, frame, action):
    """3.3.1 last step. Out of Play: Unity +1 if the other faction's Activist (6.7). Jail: roll a
    die and release that many Activists to Available -- the faction's own first, then the other
    faction's as needed to reach the roll (Gandhi is not an Activist)."""
    s = game.state
    faction = frame["actor"]
    if action == game.DONE:
        return
    if action == game.mode("nv_rally_release"):
        roll = s.rng.die(6, "Rally: release Activists from Jail")
        _flags(game)["nv_rally_roll"] = roll
        left = roll
        for piece in (OWN_ACTIVIST[faction], OWN_ACTIVIST[OTHER[faction]]):
            n = min(left, s.pieces.item(JAIL, piece))
            board.move(s, piece, JAIL, AVAILABLE, n)
            left -= n
        return
    move_activist_out_of_play(game, faction, game.piece_of(action))


class CongressRally(NVRally):
    """3.3.1: Congress places Activists up to the space's Population."""

    faction = "congress"

    def procedure(self, game, sp):
        s = game.state
        n = min(board.pop(s, sp), board.available(s, CONGRESS_ACTIVIST))
        if n > 0:
            game.choose("congress", f"Rally in {_name(game, sp)}: how many Congress Activists",
                        game.count_actions(0, n), "nv_rally_congress_count", space=sp)


@CONTINUATIONS.register
def nv_rally_congress_count(game, frame, action):
    board.place(game.state, CONGRESS_ACTIVIST, frame["space"], game.count_of(action))


def ml_base_possible(s, sp) -> bool:
    """3.3.1 / 1.4.2: replace Unity ML Activists with an ML Base, room permitting. Only offered
    with an ML Base Available (1.4.1: a replacement that cannot be placed would only remove)."""
    return (s.pieces.item(sp, ML_ACTIVIST) >= s.unity and board.has_room_for_base(s, sp)
            and board.available(s, ML_BASE) > 0)


class MLRally(NVRally):
    """3.3.1: the Muslim League places 1 + (ML Bases there) Activists, or replaces Unity ML
    Activists with an ML Base."""

    faction = "ml"

    def procedure(self, game, sp):
        s = game.state
        if ml_base_possible(s, sp):
            game.choose("ml", f"Rally in {_name(game, sp)}: place Activists or build a Base",
                        [game.mode("nv_rally_ml_activists"), game.mode("nv_rally_ml_base")],
                        "nv_rally_ml_mode", space=sp)
        else:
            _ml_rally_place(game, sp)


def _ml_rally_place(game, sp):
    s = game.state
    board.place(s, ML_ACTIVIST, sp, 1 + s.pieces.item(sp, ML_BASE))


@CONTINUATIONS.register
def nv_rally_ml_mode(game, frame, action):
    s = game.state
    sp = frame["space"]
    if action == game.mode("nv_rally_ml_base"):
        board.remove(s, ML_ACTIVIST, sp, s.unity)
        board.place(s, ML_BASE, sp, 1)
    else:
        _ml_rally_place(game, sp)


# --- 3.3.2 Demonstrate ----------------------------------------------------------------------------------
class NVDemonstrate(NVOperation):
    """3.3.2 Demonstrate: non-railway destinations. Friendly Activists move in from adjacent
    spaces (Railways included), each once; Congress may bring ML Activists, in all up to Unity, one
    for one with moving Congress Activists from the same origin. Then, if the destination has no
    Raj Control, the faction may place an Available Protest there if it has none. A Limited
    Operation has one destination (the framework allows one space)."""

    key = name = "demonstrate"

    def candidate_spaces(self, game):
        return LAND

    def eligible_mask(self, game, free):
        return np.ones(N_SPACES, dtype=bool)

    def procedure(self, game, sp):
        _demo_origins(game, self.faction, sp, [])


def _ml_quota(game) -> int:
    """3.3.2: Congress may move ML Activists up to Unity in all during the Operation."""
    return max(0, game.state.unity - _flags(game).get("nv_demo_ml", 0))


def _demo_origins(game, faction, dest, used):
    own = OWN_ACTIVIST[faction]
    origins = [o for o in game.state.data.neighbors[dest] if o not in used and movable(game, o, own) > 0]
    if not origins:
        _demo_protest(game, faction, dest)
        return
    game.choose(faction, f"Demonstrate into {_name(game, dest)}: select an origin, or done",
                [game.space_action(o) for o in origins] + [game.DONE], "nv_demo_origin",
                dest=dest, used=used)


@CONTINUATIONS.register
def nv_demo_origin(game, frame, action):
    faction, dest = frame["actor"], frame["dest"]
    if action == game.DONE:
        _demo_protest(game, faction, dest)
        return
    origin = game.space_of(action)
    n = movable(game, origin, OWN_ACTIVIST[faction])
    game.choose(faction, f"Demonstrate: how many Activists move from {_name(game, origin)} to {_name(game, dest)}",
                game.count_actions(1, n), "nv_demo_count", dest=dest, origin=origin,
                used=frame["used"] + [origin])


@CONTINUATIONS.register
def nv_demo_count(game, frame, action):
    faction, dest, origin = frame["actor"], frame["dest"], frame["origin"]
    n = game.count_of(action)
    move_activists(game, OWN_ACTIVIST[faction], origin, dest, n)
    if faction == "congress":
        ml = min(n, _ml_quota(game), movable(game, origin, ML_ACTIVIST))
        if ml > 0:
            game.choose(faction, "Demonstrate: how many ML Activists accompany them (one for one, up to Unity)",
                        game.count_actions(0, ml), "nv_demo_ml_count", dest=dest, origin=origin, used=frame["used"])
            return
    _demo_origins(game, faction, dest, frame["used"])


@CONTINUATIONS.register
def nv_demo_ml_count(game, frame, action):
    n = game.count_of(action)
    move_activists(game, ML_ACTIVIST, frame["origin"], frame["dest"], n)
    flags = _flags(game)
    flags["nv_demo_ml"] = flags.get("nv_demo_ml", 0) + n
    _demo_origins(game, frame["actor"], frame["dest"], frame["used"])


def _demo_protest(game, faction, dest):
    s = game.state
    if not board.raj_control(s, dest) and not s.protest.item(dest) and board.protests_available_for_ops(s) > 0:
        game.choose(faction, f"Demonstrate: place a Protest in {_name(game, dest)}, or done",
                    [_protest_marker(game), game.DONE], "nv_demo_protest", dest=dest)


@CONTINUATIONS.register
def nv_demo_protest(game, frame, action):
    if action != game.DONE:
        board.place_protest(game.state, frame["dest"])


class CongressDemonstrate(NVDemonstrate):
    faction = "congress"


class MLDemonstrate(NVDemonstrate):
    faction = "ml"


# --- 3.3.3 Civil Disobedience -----------------------------------------------------------------------------
class NVCivilDisobedience(NVOperation):
    """3.3.3 Civil Disobedience: spaces with Activists (either faction's) within the allowance,
    plus the exempt spaces. Place an Available Protest if none; the Activists there become Active
    (a Protest space, 1.4.3 -- derived by the board); then the faction may move its own Activists
    from the space onto adjacent Railways (each piece moves once)."""

    key = name = "civil_disobedience"

    def eligible_mask(self, game, free):
        p = game.state.pieces
        return free | ((p[:N_SPACES, CONGRESS_ACTIVIST] + p[:N_SPACES, ML_ACTIVIST]) > 0)

    def procedure(self, game, sp):
        s = game.state
        if not s.protest.item(sp):
            board.place_protest(s, sp)      # no effect if no Protest is Available for Operations (1.10)
        _cd_rails(game, self.faction, sp, [])


def _cd_rails(game, faction, sp, used):
    own = OWN_ACTIVIST[faction]
    if movable(game, sp, own) <= 0:
        return
    rails = [r for r in game.state.data.neighbors[sp] if IS_RAILWAY[r] and r not in used]
    if rails:
        game.choose(faction, f"Civil Disobedience: move Activists from {_name(game, sp)} onto a Railway, or done",
                    [game.space_action(r) for r in rails] + [game.DONE], "nv_cd_rail", space=sp, used=used)


@CONTINUATIONS.register
def nv_cd_rail(game, frame, action):
    if action == game.DONE:
        return
    faction, sp = frame["actor"], frame["space"]
    rail = game.space_of(action)
    game.choose(faction, f"Civil Disobedience: how many Activists move onto {_name(game, rail)}",
                game.count_actions(1, movable(game, sp, OWN_ACTIVIST[faction])), "nv_cd_count",
                space=sp, rail=rail, used=frame["used"] + [rail])


@CONTINUATIONS.register
def nv_cd_count(game, frame, action):
    faction = frame["actor"]
    move_activists(game, OWN_ACTIVIST[faction], frame["space"], frame["rail"], game.count_of(action))
    _cd_rails(game, faction, frame["space"], frame["used"])


class CongressCivilDisobedience(NVCivilDisobedience):
    faction = "congress"


class MLCivilDisobedience(NVCivilDisobedience):
    faction = "ml"


# --- 3.3.4 Non-Cooperation --------------------------------------------------------------------------------
class NVNonCooperation(NVOperation):
    """3.3.4 Non-Cooperation: shift each selected space one level toward Active Opposition; then
    Restraint -1, once. Railways have no Support/Opposition and are not offered."""

    key = name = "non_cooperation"

    def candidate_spaces(self, game):
        return LAND

    def protest_with_activists(self, s) -> np.ndarray:
        """Spaces with a Protest and the faction's Activists, which both factions need (a bool array)."""
        return (s.protest > 0) & (s.pieces[:N_SPACES, OWN_ACTIVIST[self.faction]] > 0)

    @staticmethod
    def without_raj_control(s, ok: np.ndarray) -> np.ndarray:
        """``ok`` less the Raj-Controlled spaces (1.7), testing only the spaces ``ok`` holds (few)."""
        for sp in ok.nonzero()[0].tolist():
            if board.raj_control(s, sp):
                ok[sp] = False
        return ok

    def procedure(self, game, sp):
        board.shift_support(game.state, sp, -1)

    def last_steps(self, game):
        board.shift_restraint(game.state, -1)


class CongressNonCooperation(NVNonCooperation):
    """Congress: Protest spaces with Congress Activists and no Raj Control; during Crisis (6.8)
    Raj-Controlled spaces too. (Every such space has a Protest, so none uses the allowance.)"""

    faction = "congress"

    def eligible_mask(self, game, free):
        s = game.state
        ok = self.protest_with_activists(s)
        return ok if board.in_crisis(s) else self.without_raj_control(s, ok)


class MLNonCooperation(NVNonCooperation):
    """ML: Protest + ML Activists + ML Base, plus Protest + ML Activists up to Unity; never with
    Raj Control (no Crisis exception for the Muslim League)."""

    faction = "ml"

    def eligible_mask(self, game, free):
        s = game.state
        return self.without_raj_control(s, self.protest_with_activists(s))


# =================================================================================================
# Special Activities
# =================================================================================================
class NVSpecial(Activity):
    special = True

    def candidate_spaces(self, game):
        return range(N_SPACES)


# --- 4.3.1 / 4.4.1 Negotiate ---------------------------------------------------------------------------------
class NVNegotiate(NVSpecial):
    """4.3.1 / 4.4.1 Negotiate (with Rally, Demonstrate or Civil Disobedience only): one space with
    the faction's Activists and no Raj Control, not selected for the Operation. Remove any Protest
    there (off a Railway its Activists thereby become Inactive), Restraint +1, then one option."""

    key = name = "negotiate"
    accompanies = NEGOTIATE_OPS

    def max_spaces(self, game):
        return 1

    def space_test(self, game):
        s = game.state
        ok = [False] * N_SPACES
        # Raj Control (1.7) read only where the faction has Activists (a few spaces, not the whole map)
        for sp in s.pieces[:N_SPACES, OWN_ACTIVIST[self.faction]].nonzero()[0].tolist():
            ok[sp] = not board.raj_control(s, sp)
        if s.turn is not None:
            for sp in s.turn["op_spaces"]:
                ok[sp] = False
        return ok.__getitem__

    def available(self, game) -> bool:
        """:meth:`Activity.available` reading Raj Control only where the faction has Activists, up to
        the first space without it."""
        chosen = self._chosen(game)
        if chosen is None:
            return False
        s = game.state
        op_spaces = s.turn["op_spaces"] if s.turn is not None else ()
        for sp in s.pieces[:N_SPACES, OWN_ACTIVIST[self.faction]].nonzero()[0].tolist():
            if sp not in op_spaces and sp not in chosen and not board.raj_control(s, sp):
                return True
        return False

    def select(self, game, sp):
        s = game.state
        board.remove_protest(s, sp)
        board.shift_restraint(s, +1)
        options = self.options(game, sp)
        if options:
            game.choose(self.faction, f"Negotiate in {_name(game, sp)}: choose an option, or done",
                        options + [game.DONE], "nv_negotiate_option", space=sp)

    def options(self, game, sp) -> list[int]:
        raise NotImplementedError


def congress_pieces(s, sp) -> int:
    return int(s.pieces.item(sp, CONGRESS_ACTIVIST) + s.pieces.item(sp, GANDHI))


def ml_pieces(s, sp) -> int:
    return int(s.pieces.item(sp, ML_ACTIVIST) + s.pieces.item(sp, ML_BASE))


class CongressNegotiate(NVNegotiate):
    """4.3.1 options: roll a die -- if it exceeds the Protests in India, Gandhi leaves Jail for the
    space, which shifts one level toward Active Support (offered only with Gandhi in Jail); or, in
    a Muslim State where Congress pieces exceed ML pieces, remove the marker and set Neutral."""

    faction = "congress"

    def options(self, game, sp):
        s = game.state
        out = []
        if s.pieces.item(JAIL, GANDHI) > 0:
            out.append(game.mode("nv_negotiate_gandhi"))
        if s.muslim_state.item(sp) and congress_pieces(s, sp) > ml_pieces(s, sp):
            out.append(game.mode("nv_negotiate_remove_ms"))
        return out


class MLNegotiate(NVNegotiate):
    """4.4.1 options: with Unrest there, shift one level toward Active Support and remove one
    Unrest; or, in a Muslim Province at Opposition where ML pieces exceed Congress pieces, set
    Passive Support and place a Muslim State (Raj moves any Troops there to Cities)."""

    faction = "ml"

    def options(self, game, sp):
        s = game.state
        out = []
        if s.unrest.item(sp) > 0:
            out.append(game.mode("nv_negotiate_unrest"))
        if (board.is_muslim_space(sp) and board.is_province(s, sp) and s.support.item(sp) < 0
                and ml_pieces(s, sp) > congress_pieces(s, sp)):
            out.append(game.mode("nv_negotiate_place_ms"))
        return out


@CONTINUATIONS.register
def nv_negotiate_option(game, frame, action):
    s = game.state
    sp = frame["space"]
    if action == game.DONE:
        return
    if action == game.mode("nv_negotiate_gandhi"):
        roll = s.rng.die(6, "Negotiate with Gandhi")
        _flags(game)["nv_negotiate_roll"] = roll
        if roll > int(s.protest.sum()):
            board.move(s, GANDHI, JAIL, sp)
            board.shift_support(s, sp, +1)
    elif action == game.mode("nv_negotiate_remove_ms"):
        s.muslim_state[sp] = 0
        s.support[sp] = 0
    elif action == game.mode("nv_negotiate_unrest"):
        board.shift_support(s, sp, +1)
        s.unrest[sp] -= 1
    elif action == game.mode("nv_negotiate_place_ms"):
        s.support[sp] = 1
        create_muslim_state(game, sp)


# --- 4.3.2 Satyagraha ------------------------------------------------------------------------------------
def gandhi_location(s) -> int:
    return int(s.pieces[:, GANDHI].argmax())


class Satyagraha(NVSpecial):
    """4.3.2 Satyagraha: any one space. First Gandhi moves there (from the map, a box, or from Jail
    if the Raj agrees); then either remove a Protest plus one Unrest there, or place one Available
    Congress Activist.

    Raj's refusal (play note of 4.3.2): the Satyagraha is not executed -- the selection is undone
    and Congress may choose another Special Activity (or none). Satyagraha is not offered again in
    that turn while Gandhi stays in Jail, so the question cannot repeat."""

    key = name = "satyagraha"
    faction = "congress"

    def max_spaces(self, game):
        return 1

    def space_test(self, game):
        """Any space -- unless Gandhi is in Jail and the Raj has refused to release him this turn."""
        if gandhi_location(game.state) == JAIL and _flags(game).get("nv_satyagraha_refused"):
            return None
        return lambda sp: True

    def select(self, game, sp):
        s = game.state
        if gandhi_location(s) == JAIL:
            game.choose("raj", f"Satyagraha: Congress asks to release Gandhi from Jail to {_name(game, sp)}",
                        [game.mode("nv_satyagraha_agree"), game.mode("nv_satyagraha_refuse")],
                        "nv_satyagraha_raj", space=sp)
        else:
            _satyagraha_do(game, sp)


@CONTINUATIONS.register
def nv_satyagraha_raj(game, frame, action):
    s = game.state
    if action == game.mode("nv_satyagraha_agree"):
        _satyagraha_do(game, frame["space"])
        return
    # Refused: back out of the Special Activity (its sa_select frame is on top).
    top = game.pop()
    assert top["kind"] == "sa_select", top
    turn = s.turn
    turn["sa"] = None
    turn["sa_spaces"] = []
    turn["sa_active"] = False
    turn["flags"]["nv_satyagraha_refused"] = True
    if game.top() is None or game.top()["kind"] != "op_select":
        game.push({"kind": "op_after"})         # the Operation was already over: offer another SA


def _satyagraha_do(game, sp):
    s = game.state
    src = gandhi_location(s)
    if src != sp:
        board.move(s, GANDHI, src, sp)
    remove = bool(s.protest.item(sp)) or s.unrest.item(sp) > 0
    place = board.available(s, CONGRESS_ACTIVIST) > 0
    if remove:
        game.choose("congress", f"Satyagraha in {_name(game, sp)}: remove Protest and Unrest, or place an Activist",
                    [game.mode("nv_satyagraha_remove"), game.mode("nv_satyagraha_activist")],
                    "nv_satyagraha_option", space=sp)
    elif place:
        board.place(s, CONGRESS_ACTIVIST, sp, 1)


@CONTINUATIONS.register
def nv_satyagraha_option(game, frame, action):
    s = game.state
    sp = frame["space"]
    if action == game.mode("nv_satyagraha_remove"):
        board.remove_protest(s, sp)
        if s.unrest.item(sp) > 0:
            s.unrest[sp] -= 1
    else:
        board.place(s, CONGRESS_ACTIVIST, sp, 1)     # ignored if none Available (1.4.1)


# --- 4.3.3 / 4.4.3 Persuade ------------------------------------------------------------------------------
def persuade_targets(s, sp, faction) -> list[int]:
    """Active adversary pieces one Persuade may remove (4.3.3 / 4.4.3): no Troop while Sepoys
    remain; (Congress) no ML Base while ML Activists remain; no Rev Base while Guerrillas remain.
    Gandhi is not a target (the Muslim League's Unity penalty names only Congress Activists)."""
    p = s.pieces[sp].tolist()
    active = board.activists_active(s, sp)
    out = []
    if p[SEPOY] > 0:
        out.append(SEPOY)
    if p[TROOP] > 0 and p[SEPOY] == 0:
        out.append(TROOP)
    other = OWN_ACTIVIST[OTHER[faction]]
    if active and p[other] > 0:
        out.append(other)
    if faction == "congress" and p[ML_BASE] > 0 and p[ML_ACTIVIST] == 0:
        out.append(ML_BASE)
    if p[ACTIVE_GUERRILLA] > 0:
        out.append(ACTIVE_GUERRILLA)
    if p[REV_BASE] > 0 and p[GUERRILLA] + p[ACTIVE_GUERRILLA] == 0:
        out.append(REV_BASE)
    return sorted(out)


def active_nv(s, sp) -> int:
    return board.active_pieces_of(s, sp, "congress") + board.active_pieces_of(s, sp, "ml")


def piece_weights(pieces) -> np.ndarray:
    """1 for each piece type of ``pieces``, 0 elsewhere (read-only): the map's pieces times it count
    those pieces in every space at once."""
    w = np.zeros(N_PIECE_TYPES, dtype=np.int16)
    w[list(pieces)] = 1
    w.setflags(write=False)
    return w


class NVPersuade(NVSpecial):
    """4.3.3 / 4.4.3 Persuade: up to two spaces with the faction's pieces. In each, remove one
    Active adversary piece to Available, or Activate one Guerrilla per Active NV piece there
    (both factions'). Lastly Unity -1 if (Congress) any ML piece / (ML) any Congress Activist was
    removed. Only spaces where one of the options has an effect are offered."""

    key = name = "persuade"
    own_pieces: tuple[int, ...] = ()

    def max_spaces(self, game):
        return 2

    def space_test(self, game):
        s = game.state
        faction = self.faction
        has_own = ((s.pieces[:N_SPACES] @ self.own_weights) > 0).tolist()      # one product, not a gather

        def test(sp) -> bool:
            if not has_own[sp]:
                return False
            return bool(persuade_targets(s, sp, faction)) or (
                s.pieces.item(sp, GUERRILLA) > 0 and active_nv(s, sp) > 0)

        return test

    def available(self, game) -> bool:
        """:meth:`Activity.available` reading only the spaces with the faction's pieces (stops at the
        first where Persuade does something)."""
        chosen = self._chosen(game)
        if chosen is None:
            return False
        s = game.state
        faction = self.faction
        for sp in (s.pieces[:N_SPACES] @ self.own_weights).nonzero()[0].tolist():
            if sp not in chosen and (persuade_targets(s, sp, faction) or (
                    s.pieces.item(sp, GUERRILLA) > 0 and active_nv(s, sp) > 0)):
                return True
        return False

    def select(self, game, sp):
        s = game.state
        options = [game.piece_action(p) for p in persuade_targets(s, sp, self.faction)]
        if s.pieces.item(sp, GUERRILLA) > 0 and active_nv(s, sp) > 0:
            options.append(game.mode("nv_persuade_activate"))
        game.choose(self.faction, f"Persuade in {_name(game, sp)}: remove an Active adversary piece, "
                    "or Activate Guerrillas", options, "nv_persuade_option", space=sp)

    def finish(self, game):
        if _flags(game).get("nv_persuade_unity"):
            board.shift_unity(game.state, -1)


@CONTINUATIONS.register
def nv_persuade_option(game, frame, action):
    s = game.state
    sp, faction = frame["space"], frame["actor"]
    if action == game.mode("nv_persuade_activate"):
        board.activate_guerrillas(s, sp, active_nv(s, sp))
        return
    piece = game.piece_of(action)
    board.remove(s, piece, sp)
    if (faction == "congress" and piece in (ML_ACTIVIST, ML_BASE)) or \
            (faction == "ml" and piece == CONGRESS_ACTIVIST):
        _flags(game)["nv_persuade_unity"] = True


class CongressPersuade(NVPersuade):
    faction = "congress"
    own_pieces = (CONGRESS_ACTIVIST, GANDHI)
    own_weights = piece_weights(own_pieces)


class MLPersuade(NVPersuade):
    faction = "ml"
    own_pieces = (ML_ACTIVIST, ML_BASE)
    own_weights = piece_weights(own_pieces)


# --- 4.4.2 Infiltrate ------------------------------------------------------------------------------------
def infiltrate_options(game, sp) -> list[int]:
    """4.4.2: replace one Sepoy, one Guerrilla (Underground or Active) or the Protest with an ML
    Activist; or, during Crisis, in a Province with an ML Base and no Raj Control, place a Muslim
    State."""
    s = game.state
    out = [game.piece_action(p) for p in (SEPOY, GUERRILLA, ACTIVE_GUERRILLA) if s.pieces.item(sp, p) > 0]
    if s.protest.item(sp):
        out.append(_protest_marker(game))
    if (board.in_crisis(s) and board.is_province(s, sp) and s.pieces.item(sp, ML_BASE) > 0
            and not board.raj_control(s, sp)):
        out.append(game.mode("nv_infiltrate_muslim_state"))
    return out


class MLInfiltrate(NVSpecial):
    """4.4.2 Infiltrate: one space with an ML Activist (only where an option applies)."""

    key = name = "infiltrate"
    faction = "ml"

    def max_spaces(self, game):
        return 1

    def space_test(self, game):
        s = game.state
        return lambda sp: s.pieces.item(sp, ML_ACTIVIST) > 0 and bool(infiltrate_options(game, sp))

    def available(self, game) -> bool:
        """:meth:`Activity.available` reading only the spaces with ML Activists (stops at the first)."""
        chosen = self._chosen(game)
        if chosen is None:
            return False
        with_ml = game.state.pieces[:N_SPACES, ML_ACTIVIST].nonzero()[0].tolist()
        return any(infiltrate_options(game, sp) for sp in with_ml if sp not in chosen)

    def select(self, game, sp):
        game.choose("ml", f"Infiltrate in {_name(game, sp)}: replace a piece or the Protest with an ML Activist"
                    + (", or place a Muslim State" if board.in_crisis(game.state) else ""),
                    infiltrate_options(game, sp), "nv_infiltrate_option", space=sp)


@CONTINUATIONS.register
def nv_infiltrate_option(game, frame, action):
    s = game.state
    sp = frame["space"]
    if action == game.mode("nv_infiltrate_muslim_state"):
        create_muslim_state(game, sp)
        return
    if action == _protest_marker(game):
        board.remove_protest(s, sp)
    else:
        board.remove(s, game.piece_of(action), sp)
    board.place(s, ML_ACTIVIST, sp, 1)        # 1.4.1: if none is Available the piece is just removed


ACTIVITIES = [
    CongressRally, CongressDemonstrate, CongressCivilDisobedience, CongressNonCooperation,
    MLRally, MLDemonstrate, MLCivilDisobedience, MLNonCooperation,
    CongressNegotiate, Satyagraha, CongressPersuade,
    MLNegotiate, MLInfiltrate, MLPersuade,
]
