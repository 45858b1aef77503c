"""The Mongol Invaders: Mongol Invasion cards (2.4), their Commands (3.5) and the Timurid Empire
cards (2.6).

* 2.4: the faction a Mongol Invasion card names carries out two Mongol Commands (the same one may be
  repeated), then may take Compromising Gifts: Deccan Influence -1 for 2 Resources and 2 Cavalry.
  Reading (digest §5.4 ambiguity): Gifts need Influence >= 1 (a move off the track is ignored, 1.9).
* 3.5.1 Amass: 3 Mongols from Available into the Mountain Passes (all if fewer); then those beyond 4
  in the Mountain Passes go on to Punjab, and those beyond 4 in Punjab on to Delhi.
* 3.5.2 Advance: one or more Mongols from the Mountain Passes into Punjab, or from Punjab into Delhi.
* 3.5.3 Attack and Plunder: in one space with Mongols, battle any Delhi Sultanate pieces there (4
  dice, 3 in Delhi); then per Mongol remaining: Delhi Resources -1 (never pushed below 3), in Punjab
  also 1 Troop removed from the Provinces, in Delhi 2; then Mongols beyond 3 return to their box.
* 2.6: the first Timurid Empire card puts half the Available Mongols (rounded down) in the Mountain
  Passes. The second is Timur's invasion: battles in the Mountain Passes, Punjab and Delhi (without
  the Plunder consequences the rule excludes; the excess-return clause is not applied, digest §5.6),
  every Unit moving on between them, repeated in Delhi until Mongols or Delhi Units are gone; then
  the final score (5.0) and the game ends.
"""

from __future__ import annotations

from ....core.prompts import Prompt
from .. import board
from ..data.pieces import GOVERNOR, MONGOL, TROOP
from ..registry import CONTINUATIONS, PROMPTS
from ..static import AVAILABLE, DELHI, MOUNTAIN_PASSES, PROVINCES, PUNJAB
from .battle import start_battle, units_in
from .common import gain_cavalry, shift_influence

MODES = [("mongol_amass", "Mongols: Amass"), ("mongol_advance", "Mongols: Advance"),
         ("mongol_attack", "Mongols: Attack and Plunder")]
MONGOL_SPACES = (MOUNTAIN_PASSES, PUNJAB, DELHI)
ADVANCE = {MOUNTAIN_PASSES: PUNJAB, PUNJAB: DELHI}
MONGOL_CAP = 4          # 3.5.1
PLUNDER_KEEP = 3        # 3.5.3
RESOURCE_FLOOR = 3      # 3.5.3


def start_mongol_invasion(game, faction: str) -> None:
    """2.4: push the two Mongol Commands, then Compromising Gifts."""
    s = game.state
    s.mongol_controller = faction
    game.push({"kind": "vj_gifts", "actor": faction})
    game.push({"kind": "vj_mongol_command", "actor": faction, "left": 2})


def _dsc(s, sp: int) -> int:
    return board.count(s, sp, "ds")


def amass(s) -> None:
    """3.5.1 (its overflow: Mountain Passes beyond 4 to Punjab, Punjab beyond 4 to Delhi)."""
    board.place(s, MOUNTAIN_PASSES, MONGOL, 3)
    for sp, nxt in ((MOUNTAIN_PASSES, PUNJAB), (PUNJAB, DELHI)):
        extra = int(s.pieces[sp, MONGOL]) - MONGOL_CAP
        if extra > 0:
            board.transfer(s, MONGOL, sp, nxt, extra)


@PROMPTS.register
class MongolCommand(Prompt):
    """2.4: the named faction chooses the next of its two Mongol Commands."""

    kind = "vj_mongol_command"

    def legal(self, game, frame):
        s = game.state
        out = []
        if s.pieces[AVAILABLE, MONGOL]:
            out.append(game.mode("mongol_amass"))
        if s.pieces[MOUNTAIN_PASSES, MONGOL] or s.pieces[PUNJAB, MONGOL]:
            out.append(game.mode("mongol_advance"))
        if any(s.pieces[sp, MONGOL] for sp in MONGOL_SPACES):
            out.append(game.mode("mongol_attack"))
        return out

    def describe(self, game, frame):
        return f"{game.faction_name(frame['actor'])} runs the Mongols: choose a Command ({frame['left']} left)"

    def apply(self, game, frame, action):
        s = game.state
        faction = frame["actor"]
        frame["left"] -= 1
        if frame["left"] <= 0:
            game.pop()
        key = game.vocabulary.key_of(action)
        if key == "mongol_amass":
            amass(s)
        elif key == "mongol_advance":
            froms = [sp for sp in ADVANCE if s.pieces[sp, MONGOL]]
            game.choose(faction, "Advance: from where", [game.space_action(sp) for sp in froms], "vj_advance_from")
        else:
            spaces = [sp for sp in MONGOL_SPACES if s.pieces[sp, MONGOL]]
            game.choose(faction, "Attack and Plunder: where", [game.space_action(sp) for sp in spaces],
                        "vj_plunder_where")


@CONTINUATIONS.register
def vj_advance_from(game, frame, action):
    sp = game.space_of(action)
    n = int(game.state.pieces[sp, MONGOL])
    if n == 1:
        _advance(game.state, sp, 1)
    else:
        game.choose(frame["actor"], f"Advance: how many Mongols from {game.space_names[sp]}",
                    game.count_actions(1, n), "vj_advance_count", space=sp)


@CONTINUATIONS.register
def vj_advance_count(game, frame, action):
    _advance(game.state, frame["space"], game.count_of(action))


def _advance(s, sp: int, n: int) -> None:
    board.transfer(s, MONGOL, sp, ADVANCE[sp], n)


@CONTINUATIONS.register
def vj_plunder_where(game, frame, action):
    attack_and_plunder(game, game.space_of(action))


def attack_and_plunder(game, sp: int, timur: bool = False) -> None:
    """3.5.3: battle Delhi's pieces if any are there, then plunder (the frame below the battle)."""
    s = game.state
    game.push({"kind": "vj_plunder", "space": sp, "timur": timur})
    if _dsc(s, sp):
        start_battle(game, sp, "mi", "ds")


@PROMPTS.register
class Plunder(Prompt):
    """Automatic, after the battle of 3.5.3: the consequences per Mongol remaining. In Timur's
    invasion (2.6) the Resource loss counts only in Delhi, no Troops go from the Provinces and no
    Mongols return to their box."""

    kind = "vj_plunder"
    auto = True

    def run(self, game, frame):
        s = game.state
        game.pop()
        sp, timur = frame["space"], frame["timur"]
        n = int(s.pieces[sp, MONGOL])
        if not timur or sp == DELHI:
            if s.resources["ds"] > RESOURCE_FLOOR:
                s.resources["ds"] = max(RESOURCE_FLOOR, s.resources["ds"] - n)
        if timur:
            return
        extra = n - PLUNDER_KEEP
        if extra > 0:
            board.remove(s, sp, MONGOL, extra)
        troops = n * (1 if sp == PUNJAB else 2 if sp == DELHI else 0)
        if troops and any(s.pieces[p, TROOP] for p in PROVINCES):
            game.push({"kind": "vj_troop_loss", "actor": "ds", "left": troops})


@PROMPTS.register
class TroopLoss(Prompt):
    """3.5.3: the Delhi Sultanate removes Troops from Provinces of its choice, one at a time."""

    kind = "vj_troop_loss"

    def legal(self, game, frame):
        s = game.state
        return [game.space_action(sp) for sp in PROVINCES if s.pieces[sp, TROOP]]

    def describe(self, game, frame):
        return f"Delhi Sultanate: remove a Troop from a Province ({frame['left']} left)"

    def apply(self, game, frame, action):
        s = game.state
        board.remove(s, game.space_of(action), TROOP)
        frame["left"] -= 1
        if frame["left"] <= 0 or not any(s.pieces[sp, TROOP] for sp in PROVINCES):
            game.pop()


@PROMPTS.register
class Gifts(Prompt):
    """2.4.2 Compromising Gifts: Influence -1 for 2 Resources and 2 Cavalry, or decline (asked only
    when the faction has Influence to give)."""

    kind = "vj_gifts"
    auto = True

    def run(self, game, frame):
        s = game.state
        game.pop()
        s.mongol_controller = None
        if s.influence[frame["actor"]] >= 1:
            game.choose(frame["actor"], "accept Compromising Gifts (Influence -1 for 2 Resources and 2 Cavalry)?",
                        [game.mode("yes"), game.mode("no")], "vj_gifts_answer")


@CONTINUATIONS.register
def vj_gifts_answer(game, frame, action):
    s = game.state
    f = frame["actor"]
    if action == game.mode("yes"):
        board.add_resources(s, f, 2)
        gain_cavalry(game, f, 2)
        shift_influence(game, f, -1)


def first_timurid(s) -> None:
    """2.6: half the Available Mongols, rounded down, into the Mountain Passes."""
    board.place(s, MOUNTAIN_PASSES, MONGOL, int(s.pieces[AVAILABLE, MONGOL]) // 2)


def _move_units(s, src: int, dst: int) -> None:
    for p in (MONGOL, TROOP, GOVERNOR):
        board.transfer(s, p, src, dst, int(s.pieces[src, p]))


@PROMPTS.register
class TimurInvades(Prompt):
    """Automatic: 2.6 Timur Invades Delhi, step by step, then the end of the game (5.0)."""

    kind = "vj_timur"
    auto = True

    def run(self, game, frame):
        s = game.state
        step = frame["step"]
        if step == 0:
            frame["step"] = 1
            attack_and_plunder(game, MOUNTAIN_PASSES, timur=True)
        elif step == 1:
            _move_units(s, MOUNTAIN_PASSES, PUNJAB)
            frame["step"] = 2
            attack_and_plunder(game, PUNJAB, timur=True)
        elif step == 2:
            _move_units(s, PUNJAB, DELHI)
            frame["step"] = 3
        elif step == 3:
            if s.pieces[DELHI, MONGOL] and units_in(s, DELHI, "ds"):
                attack_and_plunder(game, DELHI, timur=True)
            else:
                game.pop()
                game.end_game()
