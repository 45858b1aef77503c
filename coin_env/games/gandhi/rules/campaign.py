"""6.0 Campaign Rounds and 7.0 victory.

A Campaign Round is one automatic frame (``g_campaign``) that walks the phases in rule
order; a phase that needs a decision pushes its own prompt on top and the round resumes
at the next step when that prompt is finished. Every frame is JSON-plain, so a game can be
saved and resumed at any decision of the round.

Phases (6.0):
  6.1   Victory Phase                    -> ``_victory``
  6.2.1 Railway Strikes                  -> ``_strikes`` / :class:`RailwayStrikes`
  6.2.2 Raj Earnings                     -> ``_raj_earnings``
  6.2.3 Revolutionaries Earnings         -> ``_revs_earnings``
  6.3.1 Imperialism                      -> :class:`Imperialism`, ``_release_activists``, ``_release_gandhi``
  6.3.2 Constructive Programme           -> :class:`ConstructiveProgramme`
  6.3.3 Pakistan Movement                -> :class:`CampaignBase` (ML)
  6.3.4 Secret Societies                 -> :class:`CampaignBase` (Revolutionaries)
  6.3.5 Game End?                        -> ``_game_end``
  6.4.1 New Colonial Administration      -> ``_viceroy``
  6.4.2 Raj Redeploy                     -> :class:`Redeploy` (Raj), ``_raj_pay``, ``_raj_remove``
  6.4.3-6.4.5 Congress / ML / Revs Redeploy -> :class:`Redeploy`
  6.5   Reset                            -> ``_reset`` (and 6.8 Crisis before the final Campaign)

Interpretations (the rulebook leaves these open; see the module's tests):
* 6.2.1 / 1.10: every Protest on a Railway converts into a Strike under both readings of
  ``strike_rule`` (both books' 1.10 say so); the readings differ in whether "more Activists
  than cubes" alone qualifies a Railway ("en") or only together with a Protest ("es").
  Gandhi is not an Activist. A Railway that already has a Strike keeps it and loses its
  Protest. When markers run short Congress picks Railways one by one until none are left;
  Protests on Railways that got no Strike stay until Reset.
* 6.2: each step is clamped to 0..50 as it happens (earnings first, then the Jail penalty).
* 6.3.1: "up to two levels per space" caps the purchases in a space at two, an Unrest
  removal counting as one (as Govern's "Imperialism for one or two levels", 4.2.2). A space
  counts as selected (and releases two Activists) only if Raj buys at least one level there.
  Raj chooses where a jailed Gandhi is released (Raj is the executing faction of the phase).
* 6.3.2: each City/Province is selected at most once in the combined total; a space already
  at Active Opposition cannot be selected (nothing to shift).
* 6.4.2: a cube moves at most once; destinations must qualify when the cube moves (a Province
  must already have Raj Control). If Raj cannot pay 2 per Troop left in Provinces and on
  Railways, it removes Troops of its choice from those spaces to Available until it can, then
  pays. Payment comes before the final removal, as the rule orders it.
* 6.4.3-6.4.5: a piece moves at most once; pieces that must leave a Railway block "done".

Non-player exceptions (8.9 / 8.10; option ``non_players``, see ``game.is_non_player``):
* 8.9.1: NP Raj and NP Revolutionaries skip their earnings (they track no Resources, 8.1); NP
  Congress still places the Railway Strikes (its bot picks the highest Econ first when short).
* 8.9.2: NP Raj does not buy Imperialism: the engine rolls a die when the step starts and NP Raj
  selects up to four spaces (``g_np_support``) spending up to twice the roll on removing Unrest and
  shifting toward Active Support; the Jail release mix is fixed (one Congress, one ML per space
  where possible). Gandhi's release space is still Raj's choice (its bot picks a random space).
* 8.9.3: NP Raj pays nothing for its Troops. Its step 2 removes Troops between its moves, so its
  Redeploy runs in two parts (steps 1-2 moves, the step-2 removal, steps 3-5 moves); each cube
  still moves at most once over both parts.
* 8.9.4: the Reset Phase shuffles the Arjuna deck; NP Congress then places one Protest
  (``g_np_reset_protest``).
* 8.10: with exactly one player (solitaire) only a non-player can end the game before the final
  Campaign Round; see :func:`_victory`. With two or more players the 7.x rules apply unchanged.
"""

from __future__ import annotations

import numpy as np

from .. import board
from ..data.cards import CAMPAIGN_CARDS
from ..data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, FACTIONS, GANDHI, GUERRILLA, ML_ACTIVIST, ML_BASE,
                           REV_BASE, SEPOY, TROOP, UNREST_STRIKE_MARKERS)
from ..registry import CONTINUATIONS, PROMPTS
from ..static import (AVAILABLE, IS_CITY, IS_LAND, IS_PRINCELY_STATE, IS_PRINTED_PROVINCE, IS_RAILWAY, JAIL,
                      N_SPACES, OUT_OF_PLAY, RAILWAYS)
from ....core.kept import kept_on_game
from ....core.prompts import Prompt

MODES: list[tuple[str, str]] = []

TIE_ORDER = ["ml", "congress", "revs", "raj"]   # 7.1: ties go to ML, then Congress, then Revolutionaries

MOUNTBATTEN = next(c for c, name in CAMPAIGN_CARDS.items() if name == "Lord Mountbatten")

# The round's steps, in rule order (6.0).
STEPS = [
    "begin", "victory",                                           # 6.1
    "strikes", "raj_earnings", "revs_earnings",                   # 6.2
    "imperialism", "release_activists", "release_gandhi",         # 6.3.1
    "constructive", "pakistan", "secret_societies", "game_end",   # 6.3.2 - 6.3.5
    "viceroy", "raj_redeploy", "raj_trim", "raj_redeploy_more",   # 6.4.1 - 6.4.2 (8.9.3 NP Raj)
    "raj_pay", "raj_remove",
    "congress_redeploy", "ml_redeploy", "revs_redeploy",          # 6.4.3 - 6.4.5
    "reset",                                                      # 6.5
]

# The first step of each phase, as the game log names it (6.0).
PHASES = {"begin": ("Campaign Round", "6.0"), "victory": ("Victory Phase", "6.1"),
          "strikes": ("Resources Phase", "6.2"), "imperialism": ("Support Phase", "6.3"),
          "viceroy": ("Redeploy Phase", "6.4"), "reset": ("Reset Phase", "6.5")}


def start_campaign_round(game) -> None:
    """2.4 / 6.0: the Campaign card is Current; run its round."""
    game.push({"kind": "g_campaign", "step": "begin", "final": False, "imperialism": 0})


# A position's ``round_phase``: the round's phases by name, each starting at its first step.
ROUND_PHASES = {name: step for step, (name, _) in PHASES.items() if step != "begin"}


def start_campaign_round_at(game, phase: str) -> None:
    """A position starting inside the Campaign Round (``round_phase``): the round's bookkeeping is done
    (the card has left the deck, 2.4.1 decides whether it is the final round), then the round runs
    from the first step of ``phase`` (6.1 Victory, 6.2 Resources, 6.3 Support, 6.4 Redeploy, 6.5 Reset)."""
    frame = {"kind": "g_campaign", "step": ROUND_PHASES[phase], "final": False, "imperialism": 0}
    _begin(game, frame)
    game.push(frame)


def _round(game) -> dict:
    """The g_campaign frame of the round in progress."""
    for frame in reversed(game.state.frames):
        if frame["kind"] == "g_campaign":
            return frame
    raise RuntimeError("no Campaign Round in progress")


# --- 7.0 victory ---------------------------------------------------------------------------
NON_PLAYER_VICTORY = "Non-player victory check"


def _rank(factions, margins) -> list[str]:
    """7.1 / 7.3: highest margin first; ties go to the Muslim League, then Congress, then the
    Revolutionaries; the Raj loses every tie."""
    return sorted(factions, key=lambda f: (-margins[f], TIE_ORDER.index(f)))


def final_ranking(game, margins: dict[str, int], reason: str) -> list[str]:
    """The ranking a game that ended for ``reason`` has: 7.1 / 7.3 by margin and the tie order; after a
    non-player's victory in a solitaire game (8.10) the lone player last whatever its margin. A loaded
    result is checked against it (the game's ``expected_ranking``)."""
    player = solitaire_player(game)
    if reason == NON_PLAYER_VICTORY and player is not None:
        return _rank([f for f in FACTIONS if f != player], margins) + [player]
    return _rank(FACTIONS, margins)


def end_game(game, reason: str = "final Campaign", rule: str = "7.3") -> None:
    """7.1 / 7.3: rank all factions by victory margin (highest first); ties go to the Muslim
    League, then Congress, then the Revolutionaries; the Raj loses every tie.

    ``reason`` / ``rule`` record how the game ended: "victory check" (7.2, a threshold exceeded in
    a Victory Phase) or "final Campaign" (7.3).

    8.10 solitaire: if the lone player comes first at the end, the result also records the degree
    of success (the player's margin minus the highest non-player margin)."""
    s = game.state
    margins = game.victory_margins()
    ranking = final_ranking(game, margins, reason)
    s.result = {"winner": ranking[0], "ranking": ranking, "margins": margins, "reason": reason, "rule": rule}
    player = solitaire_player(game)
    if player is not None:
        s.result["rule"] = "8.10"
        if ranking[0] == player:
            s.result["degree"] = margins[player] - max(m for f, m in margins.items() if f != player)
    _close_game(s)


def _non_player_victory(game) -> None:
    """8.10: a non-player exceeded its threshold in a Victory Phase of a solitaire game: the game
    ends and the non-player with the highest margin (ties 7.1) wins; the lone player loses
    whatever its own margin (it is ranked last)."""
    s = game.state
    margins = game.victory_margins()
    ranking = final_ranking(game, margins, NON_PLAYER_VICTORY)
    s.result = {"winner": ranking[0], "ranking": ranking, "margins": margins,
                "reason": NON_PLAYER_VICTORY, "rule": "8.10"}
    _close_game(s)


def _close_game(s) -> None:
    s.over = True
    s.frames = []


def solitaire_player(game) -> str | None:
    """8.10: the lone player faction when exactly one faction is not a non-player, else None."""
    players = [f for f in FACTIONS if not game.is_non_player(f)]
    return players[0] if len(players) == 1 else None


@PROMPTS.register
class CampaignRound(Prompt):
    """6.0: automatic driver of the Campaign Round; each step may push decisions."""

    kind = "g_campaign"
    auto = True

    def run(self, game, frame):
        step = frame["step"]
        i = STEPS.index(step)
        frame["step"] = STEPS[i + 1] if i + 1 < len(STEPS) else "reset"
        if game.state.log is not None and step in PHASES:       # the game log: a new phase
            game.state.log.append(("phase", *PHASES[step]))
        STEP_FUNCTIONS[step](game, frame)

    def describe(self, game, frame):
        return f"Campaign Round: {frame['step']}"


def _begin(game, frame) -> None:
    """Bookkeeping: the Campaign card has left the draw deck; the round is final if none remain
    (2.4.1)."""
    s = game.state
    s.campaigns_in_deck = max(0, s.campaigns_in_deck - 1)
    s.campaigns_played += 1
    frame["final"] = s.campaigns_in_deck == 0


# --- 6.1 Victory Phase ------------------------------------------------------------------------
def _victory(game, frame) -> None:
    """6.1 / 7.2: if any faction's total exceeds its threshold, the game ends (7.3 ranking).

    8.10 solitaire (exactly one player): a non-player exceeding its threshold in any Victory Phase
    ends the game with that non-player's win (the highest non-player margin, ties 7.1). The lone
    player never wins before the final Campaign Round: before it, the player's own total ends
    nothing; in the final round's Victory Phase it ends the game as in 7.2."""
    margins = game.victory_margins()
    player = solitaire_player(game)
    if player is not None:
        if any(m > 0 for f, m in margins.items() if f != player):
            _non_player_victory(game)
        elif frame["final"] and margins[player] > 0:
            end_game(game, "victory check", "7.2")
        return
    if any(m > 0 for m in margins.values()):
        end_game(game, "victory check", "7.2")


# --- 6.2 Resources Phase ---------------------------------------------------------------------------
def strike_qualifies(game, sp) -> bool:
    """6.2.1 (with 1.10): does this Railway call for a Strike marker?

    "en": a Protest, OR more Activists than cubes, OR adjacent to a City with no Raj Control.
    "es": a Protest AND more Activists than cubes, OR adjacent to a City with no Raj Control.
    Under both, 1.10 converts every Protest on a Railway into a Strike."""
    s = game.state
    protest = bool(s.protest.item(sp))
    crowd = board.activists(s, sp) > board.cubes(s, sp)
    free_city = any(board.is_city(s, n) and not board.raj_control(s, n) for n in s.data.neighbors[sp])
    if game.options.get("strike_rule", "en") == "es":
        rule = (protest and crowd) or free_city
    else:
        rule = protest or crowd or free_city
    return rule or protest          # 1.10: each Protest on a Railway converts


def _strike_markers_left(s) -> int:
    return UNREST_STRIKE_MARKERS - board.unrest_strike_in_play(s)


def _place_railway_strike(s, sp) -> None:
    """6.2.1 / 1.10: a Strike on the Railway; a Protest there is converted (back to its box)."""
    board.add_strike(s, sp)
    board.remove_protest(s, sp)


def _strikes(game, frame) -> None:
    """6.2.1 Railway Strikes: Congress places a Strike on each qualifying Railway; if too few
    markers are Available, Congress chooses which Railways receive them (8.9.1: NP Congress the
    highest Econ first -- its bot's answer to ``g_campaign_strikes``). 8.9.1 directs these Strikes
    whoever plays the Raj: 8.1.3's "only if Raj is a player" governs the selection of spaces for
    Operations, Special Activities and Events, not this mandatory step."""
    s = game.state
    qualifying = [sp for sp in RAILWAYS if strike_qualifies(game, sp)]
    for sp in qualifying:          # already struck: keeps its one Strike, its Protest converts
        if s.strike.item(sp):
            board.remove_protest(s, sp)
    todo = [sp for sp in qualifying if not s.strike.item(sp)]
    if not todo or _strike_markers_left(s) == 0:
        return
    if len(todo) <= _strike_markers_left(s):
        for sp in todo:
            _place_railway_strike(s, sp)
        return
    game.push({"kind": "g_campaign_strikes", "actor": "congress", "railways": todo})


@PROMPTS.register
class RailwayStrikes(Prompt):
    """6.2.1: too few Strike markers: Congress picks qualifying Railways one at a time until
    the markers run out."""

    kind = "g_campaign_strikes"

    def legal(self, game, frame):
        s = game.state
        return [game.space_action(sp) for sp in frame["railways"] if not s.strike.item(sp)]

    def describe(self, game, frame):
        return (f"Railway Strikes: Congress chooses a Railway for a Strike marker "
                f"({_strike_markers_left(game.state)} left)")

    def apply(self, game, frame, action):
        s = game.state
        _place_railway_strike(s, game.space_of(action))
        if _strike_markers_left(s) == 0 or not any(not s.strike.item(sp) for sp in frame["railways"]):
            game.pop()


def _raj_earnings(game, frame) -> None:
    """6.2.2: Raj adds the Econ of Strike-free Railways, then loses 2 per NV piece (Activists
    and Gandhi) in Jail. Resources stay within 0..50 (1.8) at each step.
    8.9.1: NP Raj skips this step (it tracks no Resources, 8.1)."""
    s = game.state
    if game.is_non_player("raj"):
        return
    econ_of = s.data.econ_list
    econ = sum(econ_of[sp] for sp in RAILWAYS if not s.strike.item(sp))
    board.add_resources(s, "raj", econ)
    jailed = int(s.pieces.item(JAIL, CONGRESS_ACTIVIST) + s.pieces.item(JAIL, ML_ACTIVIST) + s.pieces.item(JAIL, GANDHI))
    board.add_resources(s, "raj", -2 * jailed)


def _revs_earnings(game, frame) -> None:
    """6.2.3: Revolutionaries add twice the number of their Bases on the map (max 50).
    8.9.1: NP Revolutionaries skip this step (they track no Resources, 8.1)."""
    s = game.state
    if game.is_non_player("revs"):
        return
    board.add_resources(s, "revs", 2 * int(s.pieces[:N_SPACES, REV_BASE].sum()))


# --- 6.3.1 Imperialism -------------------------------------------------------------------------------
def imperialism_cost(s) -> int:
    """6.3.1: 3 Resources per Unrest removed or level shifted; 2 with Lord Mountbatten."""
    return 2 if s.viceroy == MOUNTBATTEN else 3


def _imperialism_levels(s, sp) -> int:
    """Purchases possible in a space: Unrest removals then shifts toward Active Support,
    at most two in all (6.3.1 "up to two levels per space"), limited by Resources."""
    possible = int(s.unrest.item(sp)) + (2 - int(s.support.item(sp)))
    return min(2, possible, s.resources["raj"] // imperialism_cost(s))


def _imperialism_space_ok(s, sp) -> bool:
    """6.3.1: a City or Province with Raj Control, Troops and Sepoys (States never)."""
    return (board.controllable(s, sp) and board.raj_control(s, sp) and s.pieces.item(sp, TROOP) > 0
            and s.pieces.item(sp, SEPOY) > 0 and _imperialism_levels(s, sp) > 0)


def _buy_imperialism(s, sp, n: int) -> None:
    """Remove Unrest first; once none remain, shift toward Active Support."""
    for _ in range(n):
        board.add_resources(s, "raj", -imperialism_cost(s))
        if s.unrest.item(sp) > 0:
            s.unrest[sp] -= 1
        else:
            board.shift_support(s, sp, +1)


@PROMPTS.register
class Imperialism(Prompt):
    """6.3.1: Raj selects up to four spaces, buying one or two levels in each."""

    kind = "g_imperialism"

    @staticmethod
    def targets(game, frame):
        s = game.state
        if len(frame["selected"]) >= 4:
            return []
        return [sp for sp in range(N_SPACES) if sp not in frame["selected"] and _imperialism_space_ok(s, sp)]

    def legal(self, game, frame):
        if frame["stage"] == "levels":
            return game.count_actions(1, _imperialism_levels(game.state, frame["sp"]))
        return [game.space_action(sp) for sp in self.targets(game, frame)] + [game.DONE]

    def describe(self, game, frame):
        s = game.state
        if frame["stage"] == "levels":
            return (f"Imperialism: how many levels to buy in {game.space_names[frame['sp']]} "
                    f"({imperialism_cost(s)} Resources each)")
        return (f"Imperialism: Raj may select a space to build Support ({len(frame['selected'])}/4 selected, "
                f"{imperialism_cost(s)} Resources per level), or done")

    def apply(self, game, frame, action):
        s = game.state
        if action == game.DONE:
            game.pop()
            return
        if frame["stage"] == "space":
            sp = game.space_of(action)
            frame["selected"].append(sp)
            _round(game)["imperialism"] = len(frame["selected"])
            if _imperialism_levels(s, sp) == 1:
                _buy_imperialism(s, sp, 1)
            else:
                frame["sp"], frame["stage"] = sp, "levels"
                return
        else:
            _buy_imperialism(s, frame["sp"], game.count_of(action))
            frame["sp"], frame["stage"] = -1, "space"
        if not self.targets(game, frame):
            game.pop()


def _imperialism(game, frame) -> None:
    """6.3.1 Imperialism: Raj's choice of spaces and levels (8.9.2: NP Raj's own procedure)."""
    frame["imperialism"] = 0
    if game.is_non_player("raj"):
        _np_support(game, frame)
        return
    pf = {"kind": "g_imperialism", "actor": "raj", "stage": "space", "selected": [], "sp": -1}
    if Imperialism.targets(game, pf):
        game.push(pf)


# --- 8.9.2 Support Phase, NP Raj ----------------------------------------------------------------
def np_support_space_ok(s, sp) -> bool:
    """8.9.2 with 6.3.1's requirements (NP factions follow the rules, 8.1): a City or Province with
    Raj Control, Troops and Sepoys, with Unrest to remove or a level of Support still to gain."""
    return (board.controllable(s, sp) and board.raj_control(s, sp) and s.pieces.item(sp, TROOP) > 0
            and s.pieces.item(sp, SEPOY) > 0 and (s.unrest.item(sp) > 0 or s.support.item(sp) < 2))


def _np_support(game, frame) -> None:
    """8.9.2: NP Raj pays no Resources; a die roll (rolled as the step starts) gives twice its value
    in Unrest removals and shifts toward Active Support, spent over up to four spaces."""
    s = game.state
    if not any(np_support_space_ok(s, sp) for sp in range(N_SPACES)):
        return
    roll = s.rng.die(6, "Non-player Raj Support Phase")
    frame["np_support_roll"] = roll
    game.push({"kind": "g_np_support", "actor": "raj", "roll": roll, "left": 2 * roll, "selected": []})


def _np_improve(s, sp, pf) -> None:
    """8.9.2 in one space: first remove any Unrest, then shift two levels toward Active Support,
    each removal or level using one of the rolled total. (Read literally: all the Unrest, then two
    levels -- unlike a player's 6.3.1 purchases, which stop at two in all.)"""
    while pf["left"] > 0 and s.unrest.item(sp) > 0:
        s.unrest[sp] -= 1
        pf["left"] -= 1
    shifts = min(2, pf["left"], 2 - int(s.support.item(sp)))
    if shifts > 0:
        board.shift_support(s, sp, +shifts)
        pf["left"] -= shifts


@PROMPTS.register
class NonPlayerSupport(Prompt):
    """8.9.2: NP Raj selects spaces (its bot: Shift to Support column) one at a time until the rolled
    total is used, four spaces are selected or none is eligible. No "done": the procedure goes on
    while it can."""

    kind = "g_np_support"

    @staticmethod
    def targets(game, frame) -> list[int]:
        s = game.state
        if len(frame["selected"]) >= 4 or frame["left"] <= 0:
            return []
        return [sp for sp in range(N_SPACES) if sp not in frame["selected"] and np_support_space_ok(s, sp)]

    def legal(self, game, frame):
        return [game.space_action(sp) for sp in self.targets(game, frame)]

    def describe(self, game, frame):
        return (f"Support Phase (non-player Raj): select a space to remove Unrest and shift toward Support "
                f"({frame['left']} of {2 * frame['roll']} left, {len(frame['selected'])}/4 spaces)")

    def apply(self, game, frame, action):
        sp = game.space_of(action)
        frame["selected"].append(sp)
        _round(game)["imperialism"] = len(frame["selected"])
        _np_improve(game.state, sp, frame)
        if not self.targets(game, frame):
            game.pop()


def np_release_mix(n_spaces: int, congress_jailed: int, ml_jailed: int) -> tuple[int, int]:
    """8.9.2: two Activists per space selected, one Congress and one ML per space where possible,
    the other faction's Activists making up for a shortage. Returns (Congress, ML)."""
    c, m = min(congress_jailed, n_spaces), min(ml_jailed, n_spaces)
    rest = min(2 * n_spaces, congress_jailed + ml_jailed) - c - m
    extra_c = min(rest, congress_jailed - c)
    return c + extra_c, m + rest - extra_c


def _release_activists(game, frame) -> None:
    """6.3.1: release two Activists from Jail to Available per space selected for Imperialism;
    Raj chooses the mix of Congress and Muslim League Activists (8.9.2: NP Raj's mix is fixed)."""
    s = game.state
    cj, mj = s.pieces.item(JAIL, CONGRESS_ACTIVIST), s.pieces.item(JAIL, ML_ACTIVIST)
    if game.is_non_player("raj"):
        _do_release(s, *np_release_mix(frame["imperialism"], cj, mj))
        return
    n = min(2 * frame["imperialism"], cj + mj)
    if n == 0:
        return
    lo, hi = max(0, n - mj), min(n, cj)
    if lo == hi:
        _do_release(s, lo, n - lo)
        return
    game.choose("raj", f"Imperialism: release {n} Activists from Jail: how many are Congress's "
                       f"(the rest are the Muslim League's)?",
                game.count_actions(lo, hi), "campaign_release_mix", n=n)


def _do_release(s, congress: int, ml: int) -> None:
    board.move(s, CONGRESS_ACTIVIST, JAIL, AVAILABLE, congress)
    board.move(s, ML_ACTIVIST, JAIL, AVAILABLE, ml)


@CONTINUATIONS.register
def campaign_release_mix(game, frame, action):
    c = game.count_of(action)
    _do_release(game.state, c, frame["n"] - c)


def _release_gandhi(game, frame) -> None:
    """6.3.1: if Gandhi is in Jail, release him to any space with no Raj Control (Raj chooses)."""
    s = game.state
    if s.pieces.item(JAIL, GANDHI) == 0:
        return
    options = [game.space_action(sp) for sp in range(N_SPACES) if not board.raj_control(s, sp)]
    game.choose("raj", "Imperialism: choose a space with no Raj Control for Gandhi's release",
                options, "campaign_release_gandhi")


@CONTINUATIONS.register
def campaign_release_gandhi(game, frame, action):
    board.move(game.state, GANDHI, JAIL, game.space_of(action))


# --- 6.3.2 Constructive Programme -------------------------------------------------------------------
OWN_PIECES = {"congress": (CONGRESS_ACTIVIST, GANDHI), "ml": (ML_ACTIVIST, ML_BASE)}


def _constructive_ok(s, faction, sp) -> bool:
    """A City or Province with the faction's own pieces, no Raj Control, not yet at Active
    Opposition."""
    return (board.controllable(s, sp) and not board.raj_control(s, sp) and s.support.item(sp) > -2
            and any(s.pieces.item(sp, p) > 0 for p in OWN_PIECES[faction]))


@PROMPTS.register
class ConstructiveProgramme(Prompt):
    """6.3.2: Congress, then the Muslim League, select a combined total of Cities/Provinces up
    to Unity; each selected space shifts one or two levels toward Active Opposition."""

    kind = "g_constructive"

    @staticmethod
    def targets(game, frame):
        s = game.state
        if len(frame["selected"]) >= frame["limit"]:
            return []
        return [sp for sp in range(N_SPACES)
                if sp not in frame["selected"] and _constructive_ok(s, frame["actor"], sp)]

    @classmethod
    def settle(cls, game, frame) -> None:
        """Hand over to ML when Congress has nothing left to select; end when neither has."""
        while not cls.targets(game, frame):
            if frame["actor"] == "congress" and len(frame["selected"]) < frame["limit"]:
                frame["actor"] = "ml"
                continue
            game.pop()
            return

    def legal(self, game, frame):
        if frame["stage"] == "levels":
            return game.count_actions(1, min(2, int(game.state.support[frame["sp"]]) + 2))
        return [game.space_action(sp) for sp in self.targets(game, frame)] + [game.DONE]

    def describe(self, game, frame):
        who = "Congress" if frame["actor"] == "congress" else "the Muslim League"
        if frame["stage"] == "levels":
            return f"Constructive Programme: shift {game.space_names[frame['sp']]} how many levels toward Opposition?"
        return (f"Constructive Programme: {who} may select a space to shift toward Active Opposition "
                f"({len(frame['selected'])}/{frame['limit']} selected in all), or done")

    def apply(self, game, frame, action):
        s = game.state
        if action == game.DONE:
            if frame["actor"] == "congress":
                frame["actor"] = "ml"
                self.settle(game, frame)
            else:
                game.pop()
            return
        if frame["stage"] == "space":
            sp = game.space_of(action)
            frame["selected"].append(sp)
            if int(s.support.item(sp)) + 2 == 1:
                board.shift_support(s, sp, -1)
            else:
                frame["sp"], frame["stage"] = sp, "levels"
                return
        else:
            board.shift_support(s, frame["sp"], -game.count_of(action))
            frame["sp"], frame["stage"] = -1, "space"
        self.settle(game, frame)


def _constructive(game, frame) -> None:
    s = game.state
    game.push({"kind": "g_constructive", "actor": "congress", "stage": "space", "selected": [],
               "sp": -1, "limit": int(s.unity)})
    ConstructiveProgramme.settle(game, game.top())


# --- 6.3.3 Pakistan Movement / 6.3.4 Secret Societies ----------------------------------------------------
def _base_targets(s, piece) -> list[int]:
    """Any non-railway space with no Raj Control and room for a Base (1.4.2)."""
    if s.pieces.item(AVAILABLE, piece) == 0:
        return []
    return [sp for sp in range(N_SPACES)
            if board.is_land(sp) and not board.raj_control(s, sp) and board.has_room_for_base(s, sp)]


@PROMPTS.register
class CampaignBase(Prompt):
    """6.3.3 / 6.3.4: ML (Pakistan Movement) or the Revolutionaries (Secret Societies) may place
    one Base from Available."""

    kind = "g_campaign_base"

    def legal(self, game, frame):
        return [game.space_action(sp) for sp in _base_targets(game.state, frame["piece"])] + [game.DONE]

    def describe(self, game, frame):
        phase = "Pakistan Movement" if frame["actor"] == "ml" else "Secret Societies"
        return f"{phase}: may place a Base in a non-railway space with no Raj Control, or done"

    def apply(self, game, frame, action):
        game.pop()
        if action != game.DONE:
            board.place(game.state, frame["piece"], game.space_of(action))


def _base_phase(game, faction, piece) -> None:
    if _base_targets(game.state, piece):
        game.push({"kind": "g_campaign_base", "actor": faction, "piece": piece})


def _pakistan(game, frame) -> None:
    """6.3.3 Pakistan Movement."""
    _base_phase(game, "ml", ML_BASE)


def _secret_societies(game, frame) -> None:
    """6.3.4 Secret Societies."""
    _base_phase(game, "revs", REV_BASE)


def _game_end(game, frame) -> None:
    """6.3.5 / 2.4.1 / 7.3: if and only if this is the final Campaign, the game ends now."""
    if frame["final"]:
        end_game(game)


# --- 6.4 Redeploy Phase ------------------------------------------------------------------------------------
def _viceroy(game, frame) -> None:
    """6.4.1 New Colonial Administration: the old Viceroy card is discarded; the Campaign card
    that triggered this round becomes the Viceroy, its capability in effect at once."""
    s = game.state
    if s.viceroy is not None and s.viceroy != s.current:
        s.played.append(s.viceroy)
    s.viceroy = s.current


REDEPLOY_PIECES = {
    "raj": (TROOP, SEPOY),
    "congress": (CONGRESS_ACTIVIST, GANDHI),
    "ml": (ML_ACTIVIST,),
    "revs": (GUERRILLA, ACTIVE_GUERRILLA),
}
# Pieces that must leave Railways (6.4.3-6.4.5).
MUST_LEAVE_RAILWAYS = {"raj": (), "congress": (CONGRESS_ACTIVIST,), "ml": (ML_ACTIVIST,),
                       "revs": (GUERRILLA, ACTIVE_GUERRILLA)}
REDEPLOY_NAMES = {"raj": "Raj", "congress": "Congress", "ml": "Muslim League", "revs": "Revolutionaries"}


def redeploy_destinations(s, faction, piece, src) -> list[int]:
    """Where a piece may move in Redeploy (Raj Control as it stands now, 6.4).

    6.4.2 Raj: Troops to Provinces with Raj Control, any Cities and Railways; Sepoys also to
    States. 6.4.3 Congress: non-railway spaces with no Raj Control. 6.4.4 ML / 6.4.5 Revs: the
    same, or any space with one of their Bases."""
    return [sp for sp in _destination_set(s, faction, piece, board.control_mask(s)) if sp != src]


def destination_mask(s, faction, piece, ctrl) -> np.ndarray:
    """The Redeploy destinations of :func:`redeploy_destinations` as a mask over the map spaces (any
    source), given ``ctrl`` = ``board.control_mask(s)``: one whole-board test (6.4.2-6.4.5)."""
    no_ms = s.muslim_state == 0
    if faction == "raj":
        ok = IS_CITY | IS_RAILWAY | (IS_PRINTED_PROVINCE & no_ms & ctrl)         # 6.4.2
        if piece == SEPOY:
            ok = ok | IS_PRINCELY_STATE | ~no_ms                                 # Sepoys also to States
        return ok
    ok = IS_LAND & ~ctrl                                                          # 6.4.3
    if faction == "ml":
        ok = ok | (s.pieces[:N_SPACES, ML_BASE] > 0)                             # 6.4.4
    elif faction == "revs":
        ok = ok | (s.pieces[:N_SPACES, REV_BASE] > 0)                            # 6.4.5
    return ok


def _destination_set(s, faction, piece, ctrl) -> list[int]:
    return np.flatnonzero(destination_mask(s, faction, piece, ctrl)).tolist()


class RedeployBoard:
    """Raj Control (1.7) and the Redeploy destinations (6.4) of one board, each worked out once: at every
    Redeploy move the engine's prompts (the sources, then the destinations) and an NP faction's procedure
    (bots/campaign.py RedeployFacts) read them on the same board. Kept on the game by
    :func:`redeploy_board`; the arrays are read-only, shared by every reader."""

    def __init__(self, s):
        margin = board.control_margin(s)
        ctrl = board.controllable_mask(s) & (margin > 0)       # = board.control_mask(s) (1.7)
        margin.setflags(write=False)
        ctrl.setflags(write=False)
        self.margin, self.ctrl = margin, ctrl
        self.masks = {}                 # (faction, piece) -> destination_mask, filled as asked


def redeploy_board(game) -> RedeployBoard:
    """The :class:`RedeployBoard` of the board now, kept on the game while what it reads is unchanged: the
    pieces (cubes, Active pieces, Bases), Protests (Activists Active, 1.4.3) and Muslim States
    (coin_env/core/kept.py)."""
    s = game.state
    key = (s.pieces.tobytes(), s.protest.tobytes(), s.muslim_state.tobytes())
    return kept_on_game(game, "_redeploy_board", key, lambda: RedeployBoard(s))


def kept_destination_mask(game, faction, piece) -> np.ndarray:
    """:func:`destination_mask` of the board now (read-only), worked out once per board."""
    facts = redeploy_board(game)
    mask = facts.masks.get((faction, piece))
    if mask is None:
        mask = facts.masks[faction, piece] = destination_mask(game.state, faction, piece, facts.ctrl)
        mask.setflags(write=False)
    return mask


@PROMPTS.register
class Redeploy(Prompt):
    """6.4.2-6.4.5: a faction moves pieces: source space, piece type, destination, count.
    Each piece moves at most once; pieces that must leave Railways block "done"."""

    kind = "g_redeploy"

    @staticmethod
    def unmoved(s, frame, sp, piece) -> int:
        return s.pieces.item(sp, piece) - frame["moved"].get(f"{sp}:{piece}", 0)

    @classmethod
    def _movable(cls, s, frame, game=None) -> dict[int, list[int]]:
        """{space: [piece types with unmoved pieces and somewhere to go]} (read-only: shared). ``game``
        (whose state ``s`` is), when the caller has it: Raj Control and the destinations are read from
        its :func:`redeploy_board`.

        One Redeploy move asks this up to four times of one unchanged board (is the Redeploy over,
        the sources, the source's piece types twice), so the last answer is kept with everything
        it was read from -- the pieces, Protests (Activists Active, 1.4.3: Raj Control), Muslim
        States, the faction and its moved pieces -- and reused only when all of them are equal.
        It lives on the state object, outside its fields: never saved nor copied."""
        key = (frame["actor"], tuple(frame["moved"].items()), s.pieces.tobytes(), s.protest.tobytes(),
               s.muslim_state.tobytes())
        memo = s.__dict__.get("_redeploy_movable")
        if memo is not None and memo[0] == key:
            return memo[1]
        out = cls._movable_now(s, frame, game)
        s.__dict__["_redeploy_movable"] = (key, out)
        return out

    @classmethod
    def _movable_now(cls, s, frame, game=None) -> dict[int, list[int]]:
        faction = frame["actor"]
        pieces = REDEPLOY_PIECES[faction]
        moved = frame["moved"]
        counts = s.pieces[:N_SPACES, list(pieces)]
        where, kind = np.nonzero(counts)                   # by space, then piece type
        unmoved = [(sp, pieces[k]) for sp, k, n in zip(where.tolist(), kind.tolist(), counts[where, kind].tolist())
                   if n > 0 and n - moved.get(f"{sp}:{pieces[k]}", 0) > 0]
        if not unmoved:
            return {}
        # Per piece type: how many destinations, and the only one if there is exactly one (a piece
        # has somewhere to go unless its only destination is where it stands).
        ctrl = board.control_mask(s) if game is None else None
        reach = {}
        for p in pieces:
            dests = destination_mask(s, faction, p, ctrl) if game is None else kept_destination_mask(game, faction, p)
            n_dests = int(np.count_nonzero(dests))
            reach[p] = (n_dests, int(dests.argmax()) if n_dests == 1 else -1)
        out = {}
        for sp, p in unmoved:
            n_dests, only = reach[p]
            if n_dests > 1 or (n_dests == 1 and only != sp):
                out.setdefault(sp, []).append(p)
        return out

    @classmethod
    def pieces_at(cls, s, frame, sp, game=None) -> list[int]:
        return list(cls._movable(s, frame, game).get(sp, ()))

    @classmethod
    def sources(cls, s, frame, game=None) -> list[int]:
        return list(cls._movable(s, frame, game))

    @classmethod
    def forced(cls, s, frame) -> bool:
        return any(cls.unmoved(s, frame, sp, p) > 0
                   for sp in RAILWAYS for p in MUST_LEAVE_RAILWAYS[frame["actor"]])

    def legal(self, game, frame):
        s = game.state
        stage = frame["stage"]
        if stage == "src":
            out = [game.space_action(sp) for sp in self.sources(s, frame, game)]
            return out + ([] if self.forced(s, frame) else [game.DONE])
        if stage == "piece":
            return [game.piece_action(p) for p in self.pieces_at(s, frame, frame["src"], game)]
        if stage == "dst":        # redeploy_destinations, from the board facts kept on the game
            src = frame["src"]
            dests = np.flatnonzero(kept_destination_mask(game, frame["actor"], frame["piece"])).tolist()
            return [game.space_action(sp) for sp in dests if sp != src]
        return game.count_actions(1, self.unmoved(s, frame, frame["src"], frame["piece"]))

    def describe(self, game, frame):
        who = REDEPLOY_NAMES[frame["actor"]]
        stage = frame["stage"]
        if stage == "src":
            must = " (pieces on Railways must move)" if self.forced(game.state, frame) else ", or done"
            return f"Redeploy: {who} may select a space to move pieces from{must}"
        src = game.space_names[frame["src"]]
        if stage == "piece":
            return f"Redeploy: {who} chooses which pieces to move from {src}"
        if stage == "dst":
            return f"Redeploy: {who} chooses the destination for pieces from {src}"
        return f"Redeploy: how many to move from {src} to {game.space_names[frame['dst']]}"

    def apply(self, game, frame, action):
        s = game.state
        stage = frame["stage"]
        if stage == "src":
            if action == game.DONE:
                _end_redeploy(game, frame)
                return
            frame["src"] = game.space_of(action)
            kinds = self.pieces_at(s, frame, frame["src"], game)
            if len(kinds) == 1:
                frame["piece"], frame["stage"] = kinds[0], "dst"
            else:
                frame["stage"] = "piece"
            return
        if stage == "piece":
            frame["piece"], frame["stage"] = game.piece_of(action), "dst"
            return
        if stage == "dst":
            frame["dst"] = game.space_of(action)
            if self.unmoved(s, frame, frame["src"], frame["piece"]) > 1:
                frame["stage"] = "count"
                return
            self._move(game, frame, 1)
            return
        self._move(game, frame, game.count_of(action))

    def _move(self, game, frame, n: int) -> None:
        s = game.state
        board.move(s, frame["piece"], frame["src"], frame["dst"], n)
        key = f"{frame['dst']}:{frame['piece']}"
        frame["moved"][key] = frame["moved"].get(key, 0) + n
        frame["src"] = frame["piece"] = frame["dst"] = -1
        frame["stage"] = "src"
        if not self.sources(s, frame, game):
            _end_redeploy(game, frame)


def _end_redeploy(game, frame) -> None:
    """Keep the record of moved pieces in the round (8.9.3: NP Raj's second part goes on from it)."""
    _round(game).setdefault("moved", {})[frame["actor"]] = frame["moved"]
    game.pop()


def _start_redeploy(game, faction, part: int = 0, moved: dict | None = None) -> None:
    """Push a faction's Redeploy. ``part`` 1 / 2: the two halves of NP Raj's 8.9.3 procedure."""
    frame = {"kind": "g_redeploy", "actor": faction, "stage": "src", "moved": dict(moved or {}),
             "src": -1, "piece": -1, "dst": -1}
    if part:
        frame["np_part"] = part
    if Redeploy.sources(game.state, frame, game):
        game.push(frame)


def _raj_redeploy(game, frame) -> None:
    """6.4.2 Raj Redeploy: moves (cubes may leave Protest spaces; no Troops into States).
    8.9.3: NP Raj moves for its steps 1-2 first (the step-2 removal follows, then steps 3-5)."""
    _start_redeploy(game, "raj", part=1 if game.is_non_player("raj") else 0)


def _raj_trim(game, frame) -> None:
    """8.9.3 NP Raj step 2 (after getting a Troop to each City): remove to Available the Troops not
    needed to keep Raj Control of Provinces, and all but one Troop in each City.

    A Province keeps the Troops without which it would lose Raj Control; Troops in a Province with
    no Raj Control stay for step 5 ("cubes remaining in Provinces with no Raj Control" are
    distributed there), and Troops on Railways are not in Provinces. No choice is left: removing
    Troops one at a time while Control holds leaves the same result in any order."""
    if not game.is_non_player("raj"):
        return
    s = game.state
    for sp in range(N_SPACES):
        if board.is_province(s, sp) and board.raj_control(s, sp):
            while s.pieces.item(sp, TROOP) > 0 and board.cubes(s, sp) - 1 > board.active_non_raj(s, sp):
                board.remove(s, TROOP, sp)
        elif board.is_city(s, sp) and s.pieces.item(sp, TROOP) > 1:
            board.remove(s, TROOP, sp, s.pieces.item(sp, TROOP) - 1)


def _raj_redeploy_more(game, frame) -> None:
    """8.9.3 NP Raj steps 3-5: a second Redeploy; pieces moved in the first part stay put."""
    if game.is_non_player("raj"):
        _start_redeploy(game, "raj", part=2, moved=frame.get("moved", {}).get("raj"))


def _paid_troops(s) -> int:
    """Troops left in Provinces and on Railways: 2 Resources each (6.4.2)."""
    return sum(s.pieces.item(sp, TROOP) for sp in range(N_SPACES)
               if board.is_province(s, sp) or board.is_railway(s, sp))


def _raj_pay(game, frame) -> None:
    """6.4.2: pay 2 Resources per Troop remaining in a Province or on a Railway. If Raj cannot,
    it first removes Troops of its choice from those spaces to Available until it can.
    8.9.3: NP Raj pays nothing (it tracks no Resources, 8.1)."""
    s = game.state
    if game.is_non_player("raj"):
        return
    cost = 2 * _paid_troops(s)
    if cost <= s.resources["raj"]:
        board.add_resources(s, "raj", -cost)
        return
    short = cost - s.resources["raj"]
    frame["step"] = "raj_pay"          # pay once the unpaid Troops are gone
    game.push({"kind": "g_redeploy_unpaid", "actor": "raj", "left": (short + 1) // 2})


@PROMPTS.register
class RedeployUnpaid(Prompt):
    """6.4.2: Raj cannot pay for every Troop in Provinces / on Railways; it removes the unpaid
    ones (its choice of space, one Troop at a time) to Available."""

    kind = "g_redeploy_unpaid"

    def legal(self, game, frame):
        s = game.state
        return [game.space_action(sp) for sp in range(N_SPACES)
                if s.pieces.item(sp, TROOP) > 0 and (board.is_province(s, sp) or board.is_railway(s, sp))]

    def describe(self, game, frame):
        return f"Redeploy: Raj cannot pay its Troops: remove {frame['left']} more Troop(s) from Provinces/Railways"

    def apply(self, game, frame, action):
        board.remove(game.state, TROOP, game.space_of(action))
        frame["left"] -= 1
        if frame["left"] == 0:
            game.pop()


def _raj_remove(game, frame) -> None:
    """6.4.2 finally: remove all cubes from Provinces with no Raj Control, and all but one Troop
    from each City, to Available."""
    s = game.state
    doomed = [sp for sp in range(N_SPACES) if board.is_province(s, sp) and not board.raj_control(s, sp)]
    for sp in doomed:
        for piece in (TROOP, SEPOY):
            board.remove(s, piece, sp, s.pieces.item(sp, piece))
    for sp in range(N_SPACES):
        if board.is_city(s, sp) and s.pieces.item(sp, TROOP) > 1:
            board.remove(s, TROOP, sp, s.pieces.item(sp, TROOP) - 1)


def _congress_redeploy(game, frame) -> None:
    """6.4.3 Congress Redeploy."""
    _start_redeploy(game, "congress")


def _ml_redeploy(game, frame) -> None:
    """6.4.4 Muslim League Redeploy."""
    _start_redeploy(game, "ml")


def _revs_redeploy(game, frame) -> None:
    """6.4.5 Revolutionaries Redeploy."""
    _start_redeploy(game, "revs")


# --- 6.5 Reset Phase ---------------------------------------------------------------------------------------
def _reset(game, frame) -> None:
    """6.5 in order: (1) Protests back to their boxes (Activists become Inactive with them);
    (2) one Unrest off each space without Guerrillas, then all Guerrillas Underground;
    (3) all Strikes off; (4) Restraint and Unity = Campaign cards left in the draw deck;
    (5) all factions Eligible, reveal the next card. 6.8: the Reset leading into the final
    Campaign sets both tracks to 1, a Crisis: Raj may move a die roll of cubes from Out of Play
    before anyone acts on the first card.

    8.9.4: the Arjuna deck is shuffled; if Congress is a non-player, it places one Protest in a
    space with Congress Activists at the end of the phase (before the Crisis cubes, which wait for
    the first card)."""
    s = game.state
    game.pop()
    if s.arjuna.get("deck"):
        from ..bots.deck import reshuffle      # the Arjuna deck's procedures live with the bots
        reshuffle(s)
    for sp in range(N_SPACES):
        board.remove_protest(s, sp)
    for sp in range(N_SPACES):
        if s.unrest.item(sp) > 0 and board.guerrillas(s, sp) == 0:
            s.unrest[sp] -= 1
    for sp in range(N_SPACES):
        board.guerrillas_underground(s, sp)
    s.strike[:] = 0
    level = max(1, min(5, s.campaigns_in_deck))
    s.restraint = s.unity = level
    for f in s.eligible:
        s.eligible[f] = True
    game.after_periodic_round()
    if board.in_crisis(s) and s.pieces.item(OUT_OF_PLAY, TROOP) + s.pieces.item(OUT_OF_PLAY, SEPOY) > 0:
        game.push({"kind": "g_crisis_cubes", "actor": "raj", "left": s.rng.die(6, "Crisis: Troops and Sepoys returning from Out of Play")})
    if game.is_non_player("congress") and NonPlayerResetProtest.targets(s):
        game.push({"kind": "g_np_reset_protest", "actor": "congress"})


@PROMPTS.register
class NonPlayerResetProtest(Prompt):
    """8.9.4 (and 8.1): NP Congress places one Protest in a space with Congress Activists (its bot:
    Place Protests column). All Protests are back in their boxes after the Reset, so one is always
    Available."""

    kind = "g_np_reset_protest"

    @staticmethod
    def targets(s) -> list[int]:
        if board.protests_available_for_ops(s) == 0:
            return []
        return [sp for sp in range(N_SPACES) if s.pieces.item(sp, CONGRESS_ACTIVIST) > 0 and not s.protest.item(sp)]

    def legal(self, game, frame):
        return [game.space_action(sp) for sp in self.targets(game.state)]

    def describe(self, game, frame):
        return "Reset Phase (non-player Congress): select a space with Congress Activists for a Protest"

    def apply(self, game, frame, action):
        game.pop()
        board.place_protest(game.state, game.space_of(action))


STEP_FUNCTIONS = {
    "begin": _begin,
    "victory": _victory,
    "strikes": _strikes,
    "raj_earnings": _raj_earnings,
    "revs_earnings": _revs_earnings,
    "imperialism": _imperialism,
    "release_activists": _release_activists,
    "release_gandhi": _release_gandhi,
    "constructive": _constructive,
    "pakistan": _pakistan,
    "secret_societies": _secret_societies,
    "game_end": _game_end,
    "viceroy": _viceroy,
    "raj_redeploy": _raj_redeploy,
    "raj_trim": _raj_trim,
    "raj_redeploy_more": _raj_redeploy_more,
    "raj_pay": _raj_pay,
    "raj_remove": _raj_remove,
    "congress_redeploy": _congress_redeploy,
    "ml_redeploy": _ml_redeploy,
    "revs_redeploy": _revs_redeploy,
    "reset": _reset,
}
