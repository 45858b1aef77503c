"""Battle (the procedure every Attack shares: 1.10 Cavalry, 3.2.4, 3.3.4, 3.4.4, 3.5.3).

* Dice: the attacker rolls 4 (3 when the Delhi Sultanate or Vijayanagara attack the Bahmani Kingdom
  in a space with a Fort, 3.2.4 / 3.4.4; 3 when the Mongols attack in Delhi, 3.5.3); the defender 2.
* 1.10 Cavalry: after the roll the attacker, then the defender, may spend any number of tokens, each
  a Charge (one of its own dice -1, not below 1) or a Screen (remove one opposing die not showing 1);
  spent tokens return to the pool. The Mongols have one Charge that must be used effectively: turn a
  miss into a hit if possible, else a 2 into a 1 (1.10, 3.5.3).
* Hits: each remaining die showing at most min(Units of that side involved, 5) hits (a 6 never hits).
* Each side removes its own pieces equal to the other's hits (the owner chooses which; Mongols have
  one piece type). Bahmani-Vijayanagara battles shift Deccan Influence: the side that lost fewer
  pieces +1, the other -1 (3.3.4, 3.4.4).

With ``log=True`` the game log follows the battle in "battle" notes (numbers in their fields): the
sides and their dice, each Cavalry token spent and the Mongol Charge, the hits, each casualty, the
losses.

The procedure is one frame (``vj_battle``) stepping through roll, Cavalry (decisions ``vj_cavalry``)
and casualties (decisions ``vj_casualty``); everything it holds is JSON-plain.
"""

from __future__ import annotations

from ....core.prompts import Prompt
from .. import board
from ..data.pieces import FORT, MONGOL, PIECE_NAMES, PIECES_OF, UNITS_OF
from ..registry import CONTINUATIONS, PROMPTS
from ..static import DELHI
from .common import release_used, shift_influence

MODES = ([(f"cavalry_charge_{v}", f"Cavalry: Charge own die showing {v}") for v in range(2, 7)]
         + [(f"cavalry_screen_{v}", f"Cavalry: Screen opposing die showing {v}") for v in range(2, 7)])


def units_in(s, sp: int, faction: str) -> int:
    return int(sum(int(s.pieces[sp, p]) for p in UNITS_OF[faction]))


def attack_dice(s, sp: int, attacker: str, defender: str) -> int:
    """3.2.4 / 3.4.4: 3 dice against the Bahmani Kingdom where a Fort stands; 3.5.3: Mongols roll 3 in
    Delhi; otherwise 4."""
    if attacker == "mi" and sp == DELHI:
        return 3
    if attacker in ("ds", "ve") and defender == "bk" and s.pieces[sp, FORT]:
        return 3
    return 4


def start_battle(game, sp: int, attacker: str, defender: str, att_units: int | None = None,
                 support: dict | None = None) -> None:
    """Push the battle in ``sp``; it runs to its end before the frames below it resume. ``att_units``:
    the attacking Units involved (default: all the attacker's Units there); ``support``: supporting
    Units in one adjacent space, ``{"space": sp, "pieces": [piece, ...]}`` (3.2.4 / 3.3.4 / 3.4.4)."""
    s = game.state
    game.push({"kind": "vj_battle", "step": "roll", "space": sp, "attacker": attacker, "defender": defender,
               "att_units": units_in(s, sp, attacker) if att_units is None else att_units,
               "def_units": units_in(s, sp, defender), "support": support,
               "att_dice": [], "def_dice": [], "hits": [0, 0], "losses": {attacker: 0, defender: 0}})


def threshold(units: int) -> int:
    """3.2.4: a die hits when it shows at most the number of Units involved, at most 5."""
    return min(units, 5)


def mongol_charge(dice: list[int], units: int) -> None:
    """1.10 / 3.5.3: the Mongols' single Charge, used effectively: a miss into a hit, else a 2 into a 1."""
    t = threshold(units)
    for i, d in enumerate(dice):
        if d == t + 1:
            dice[i] -= 1
            return
    for i, d in enumerate(dice):
        if d == 2:
            dice[i] = 1
            return


def cavalry_options(game, frame, faction: str) -> list[int]:
    """1.10: Charge one of its own dice (not below 1) or Screen an opposing die not showing 1."""
    s = game.state
    if s.cavalry.get(faction, 0) <= 0:
        return []
    own, other = ("att_dice", "def_dice") if faction == frame["attacker"] else ("def_dice", "att_dice")
    out = {game.mode(f"cavalry_charge_{v}") for v in frame[own] if v >= 2}
    out |= {game.mode(f"cavalry_screen_{v}") for v in frame[other] if v >= 2}
    return sorted(out)


@PROMPTS.register
class Battle(Prompt):
    """Automatic: the steps of one battle (decisions are pushed above it)."""

    kind = "vj_battle"
    auto = True

    def run(self, game, frame):
        s = game.state
        step = frame["step"]
        att, dfn = frame["attacker"], frame["defender"]
        if step == "roll":
            frame["att_dice"] = [s.rng.die() for _ in range(attack_dice(s, frame["space"], att, dfn))]
            frame["def_dice"] = [s.rng.die() for _ in range(2)]
            frame["step"] = "att_cav"
            log_roll(game, frame)
        elif step in ("att_cav", "def_cav"):
            who = att if step == "att_cav" else dfn
            frame["step"] = "def_cav" if step == "att_cav" else "hits"
            if who == "mi":
                key = "att_dice" if who == att else "def_dice"
                before = list(frame[key])
                mongol_charge(frame[key], frame["att_units" if who == att else "def_units"])
                log_mongol_charge(game, frame, before, frame[key])
            elif cavalry_options(game, frame, who):
                game.push({"kind": "vj_cavalry", "actor": who})
        elif step == "hits":
            ta, td = threshold(frame["att_units"]), threshold(frame["def_units"])
            frame["hits"] = [sum(1 for d in frame["att_dice"] if d <= ta),
                             sum(1 for d in frame["def_dice"] if d <= td)]
            frame["step"] = "att_cas"
            log_hits(game, frame, ta, td)
        elif step in ("att_cas", "def_cas"):
            who, n = (att, frame["hits"][1]) if step == "att_cas" else (dfn, frame["hits"][0])
            frame["step"] = "def_cas" if step == "att_cas" else "influence"
            sp = frame["space"]
            if who == "mi":
                k = min(n, int(s.pieces[sp, MONGOL]))
                if k:
                    board.remove(s, sp, MONGOL, k)
                    note(game, f"Mongol Invaders lose {k} Mongol Invader(s) in {game.space_names[sp]}", space=sp,
                         faction="mi", piece=MONGOL, count=k)
                frame["losses"][who] += k
            else:
                sup = frame.get("support") if who == att else None
                cas = {"kind": "vj_casualty", "actor": who, "space": sp, "left": n,
                       "support": None if sup is None else {"space": sup["space"], "pieces": list(sup["pieces"])}}
                if n > 0 and Casualty.candidates(game, cas):
                    game.push(cas)
        elif step == "influence":
            frame["step"] = "end"
            note(game, f"Battle in {game.space_names[frame['space']]} over: {game.faction_name(att)} lost "
                       f"{frame['losses'][att]} piece(s), {game.faction_name(dfn)} {frame['losses'][dfn]}",
                 space=frame["space"], losses=dict(frame["losses"]))
            if {att, dfn} == {"bk", "ve"}:
                la, ld = frame["losses"][att], frame["losses"][dfn]
                if la != ld:
                    winner, loser = (att, dfn) if la < ld else (dfn, att)
                    shift_influence(game, winner, +1)
                    shift_influence(game, loser, -1)
        else:
            game.pop()

    def describe(self, game, frame):
        return f"battle in {game.space_names[frame['space']]}"


@PROMPTS.register
class Cavalry(Prompt):
    """1.10: spend a Cavalry token (Charge or Screen) or done."""

    kind = "vj_cavalry"

    def legal(self, game, frame):
        return cavalry_options(game, game.state.frames[-2], frame["actor"]) + [game.DONE]

    def describe(self, game, frame):
        b = game.state.frames[-2]
        return (f"{game.faction_name(frame['actor'])} may use Cavalry in the battle in {game.space_names[b['space']]}: attacker dice "
                f"{b['att_dice']}, defender dice {b['def_dice']}")

    def apply(self, game, frame, action):
        s = game.state
        faction = frame["actor"]
        if action == game.DONE:
            game.pop()
            return
        battle = s.frames[-2]
        key = game.vocabulary.key_of(action)
        _, what, value = key.split("_")
        own, other = ("att_dice", "def_dice") if faction == battle["attacker"] else ("def_dice", "att_dice")
        v = int(value)
        if what == "charge":
            battle[own][battle[own].index(v)] = v - 1
            text = f"Charge: its die {v} becomes {v - 1}"
        else:
            battle[other].remove(v)
            text = f"Screen: the opposing die {v} is removed"
        s.cavalry[faction] -= 1          # back to the shared pool (1.10)
        note(game, f"{game.faction_name(faction)} spends a Cavalry token (1.10). {text}; attacker dice {battle['att_dice']}, "
                   f"defender dice {battle['def_dice']}", space=battle["space"], faction=faction, use=what, die=v,
             att_dice=list(battle["att_dice"]), def_dice=list(battle["def_dice"]))
        if not cavalry_options(game, battle, faction):
            game.pop()


@PROMPTS.register
class Casualty(Prompt):
    """3.2.4 / 3.3.4 / 3.4.4: the owner removes one of its own pieces in the space per hit suffered."""

    kind = "vj_casualty"

    @staticmethod
    def candidates(game, frame) -> list[int]:
        """The owner's pieces in the space (as piece actions) and, for supporting attackers, the
        support space ("select <space>"; 3.2.4: before or after those in the space)."""
        s = game.state
        out = [game.piece_action(p) for p in PIECES_OF[frame["actor"]] if s.pieces[frame["space"], p]]
        sup = frame.get("support")
        if sup and sup["pieces"]:
            out.append(game.space_action(sup["space"]))
        return out

    def legal(self, game, frame):
        return self.candidates(game, frame)

    def describe(self, game, frame):
        return f"{game.faction_name(frame['actor'])}: remove a piece in {game.space_names[frame['space']]} ({frame['left']} hits left)"

    def apply(self, game, frame, action):
        s = game.state
        if game.vocabulary.group_of(action) == "space":
            kinds = sorted(set(frame["support"]["pieces"]))
            if len(kinds) > 1:
                game.choose(frame["actor"], "remove which supporting Unit", [game.piece_action(p) for p in kinds],
                            "vj_support_casualty")
                return
            remove_supporter(game, frame, kinds[0])
            return
        piece = game.piece_of(action)
        board.remove(s, frame["space"], piece)
        log_casualty(game, frame, frame["space"], piece, supporting=False)
        if frame["actor"] == s.frames[-2]["attacker"]:
            release_used(game, frame["space"], piece)        # 3.1.2: it fought, and it is gone
        casualty_taken(game, frame)


def remove_supporter(game, frame, piece: int) -> None:
    """3.2.4 / 3.3.4 / 3.4.4: a supporting Unit taken as a casualty leaves its own space, and with it
    its mark as involved there (3.1.2: release_used), so that space's Units that never fought may still
    attack this Command."""
    board.remove(game.state, frame["support"]["space"], piece)
    log_casualty(game, frame, frame["support"]["space"], piece, supporting=True)
    release_used(game, frame["support"]["space"], piece)
    frame["support"]["pieces"].remove(piece)
    casualty_taken(game, frame)


def casualty_taken(game, frame) -> None:
    s = game.state
    assert s.frames[-1] is frame and s.frames[-2]["kind"] == "vj_battle"
    s.frames[-2]["losses"][frame["actor"]] += 1
    frame["left"] -= 1
    if frame["left"] <= 0 or not Casualty.candidates(game, frame):
        game.pop()


@CONTINUATIONS.register
def vj_support_casualty(game, frame, action):
    remove_supporter(game, game.state.frames[-1], game.piece_of(action))


# --- the game log (log=True): the battle in words ------------------------------------------------

def note(game, text: str, **fields) -> None:
    game.log_note("battle", text, **fields)


def log_roll(game, frame) -> None:
    att, dfn = frame["attacker"], frame["defender"]
    where = game.space_names[frame["space"]]
    sup = frame.get("support")
    joined = "" if not sup else f", {len(sup['pieces'])} of them supporting from {game.space_names[sup['space']]}"
    note(game, f"Battle in {where}: {game.faction_name(att)} ({frame['att_units']} Units{joined}) attacks "
               f"{game.faction_name(dfn)} ({frame['def_units']} Units); attacker dice {frame['att_dice']}, "
               f"defender dice {frame['def_dice']}",
         space=frame["space"], attacker=att, defender=dfn, att_units=frame["att_units"],
         def_units=frame["def_units"], att_dice=list(frame["att_dice"]), def_dice=list(frame["def_dice"]))


def log_mongol_charge(game, frame, before: list[int], after: list[int]) -> None:
    if before == after:
        return
    i = next(i for i, (a, b) in enumerate(zip(before, after)) if a != b)
    note(game, f"Mongol Charge (1.10, 3.5.3): a die {before[i]} becomes {after[i]}", space=frame["space"],
         faction="mi", use="charge", die=before[i], att_dice=list(frame["att_dice"]), def_dice=list(frame["def_dice"]))


def log_hits(game, frame, ta: int, td: int) -> None:
    att, dfn = frame["attacker"], frame["defender"]
    note(game, f"Hits: {game.faction_name(att)} {frame['hits'][0]} (dice {frame['att_dice']}, a hit on {ta} or less), "
               f"{game.faction_name(dfn)} {frame['hits'][1]} (dice {frame['def_dice']}, a hit on {td} or less)",
         space=frame["space"], hits=list(frame["hits"]), att_threshold=ta, def_threshold=td,
         att_dice=list(frame["att_dice"]), def_dice=list(frame["def_dice"]))


def log_casualty(game, frame, sp: int, piece: int, supporting: bool) -> None:
    who = "a supporting " if supporting else ""
    note(game, f"Casualty: {game.faction_name(frame['actor'])} removes {who}{PIECE_NAMES[piece]} in "
               f"{game.space_names[sp]} ({frame['left'] - 1} hit(s) left)",
         space=sp, faction=frame["actor"], piece=piece, supporting=supporting, hits_left=frame["left"] - 1)


__all__ = ["MODES", "PIECE_NAMES", "start_battle", "mongol_charge", "attack_dice", "threshold", "units_in"]
