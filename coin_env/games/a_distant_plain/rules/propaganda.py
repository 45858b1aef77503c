"""6.0 Propaganda Rounds, 7.0 victory, 8.5 victory with Non-players, 1.5 the No Non-Player option.

Interface used by the game: :func:`start_propaganda_card` is called when a Propaganda card becomes
Current (2.4) -- or, with Sudden Propaganda (2.3.7), when one is revealed as the next card and swapped
in. It either holds the round or (6.0) plays the card without a round; afterwards the next card is
played (``game.next_card()``, which also discards a swapped-in Propaganda card) or the game ends
(:func:`end_game`).

A round is one automatic frame (``adp_propaganda``) that walks the phases in rule order; a phase that
needs a decision pushes its prompt on top and the round resumes with the next step once it is done.
Every frame is JSON-plain, so a game can be saved and resumed at any decision of the round.

  6.1   Victory Phase                     -> ``_victory`` (7.1, 7.2, 8.5, 1.5)
  6.3.1 Sabotage                          -> ``_sabotage``
  6.3.2 Government Earnings               -> ``_government_earnings``
  6.3.3 Insurgent Earnings                -> ``_insurgent_earnings``
  6.3.4 Casualties and Aid                -> ``_casualties_aid``
  6.4.1 Civic Action (Coalition, Gov.)    -> :class:`CivicAction`
  6.4.2 Sharia                            -> :class:`Sharia`
  6.5   Redeploy: freeze Control          -> ``_freeze``
  6.5.1 Desertion                         -> ``_desertion`` / :class:`Desertion`
  6.5.2 Troops (Coalition may, Gov. must) -> :class:`TroopRedeploy`
  6.5.3 Police                            -> :class:`PoliceRedeploy`
  6.5.4 Taliban                           -> :class:`TalibanRedeploy`
  6.5.5 Control                           -> ``_control``
  6.5.6 Game End?                         -> ``_game_end``
  6.6   Reset                             -> ``_reset``

Interpretations (the rulebook leaves these open; each is covered by a test):
* 6.3.1: Sabotage uses the shared pool of 30 Terror/Sabotage markers (digest A.7). If too few are
  left for every qualifying LoC, the highest-Econ LoCs get them first and ties among equal Econ
  are settled by an equal-chance roll (the rulebook's own LoC order, 8.4.1). No one decides.
* 6.4.1: a space may be chosen again as long as purchases remain there; each choice buys at least
  one step, paid at once, so the loop is bounded by the Resources. Pop-0 spaces can only lose Terror.
* 6.5.1: Desertion is by space; the Government chooses how many of the removed cubes are Troops
  wherever it has both kinds to choose from.
* 6.5.2: the Government moves ALL its Troops on LoCs and in Provinces without a COIN Base (digest
  A.5); when Kabul is the only destination they go there without a decision. Destinations are judged
  on Control as at the start of the phase (6.5, digest A.6).
* 6.5.3: a Police cube moves at most once (a cube that arrived somewhere does not move again).
* 6.5.4: Guerrillas already in a Pashtun Pakistan space without a Taliban Base are already where
  the rule sends them and stay. Moved Guerrillas keep their state (Active ones move first); the
  Reset flips them all Underground anyway (and Hostility keeps Pakistan ones Active, 6.6.1).
* 6.6: Momentum ends: lasting effects named "momentum" and those that expire "campaign" (after a
  Propaganda round) are dropped.
* 7.1 vs 8.5 tie orders: option ``tie_break`` ("auto": 8.5's order with any Non-player in the game,
  7.1's otherwise; digest A.12). Non-players win every tie in both.
* 1.5 ``players`` option: a player's score is his lowest margin; the game stops at a Victory Phase
  only if all of some player's factions meet their conditions. Players tied on score are ordered by
  the best tie priority among their factions. A faction listed in no group plays for itself.
* 8.5: with any Non-player in the game, the Victory Phase of the first Propaganda card of this game
  (``state.propaganda_played`` counts cards, round or not) never ends it; a later one ends it iff some
  Non-player's margin is positive -- players' margins never end it early. Then every player loses
  equally: the result ranks the Non-players (by margin) ahead of all players.
"""

from __future__ import annotations

from .. import board
from ..data import cards as carddata
from ..data.pieces import (COALITION_BASE, COALITION_TROOPS, FACTIONS, GOV_BASE, GOV_TROOPS, POLICE, TALIBAN_BASE,
                           TALIBAN_G, TALIBAN_G_ACTIVE, TERROR_SABOTAGE_MARKERS, WARLORD_BASE, WARLORD_G,
                           WARLORD_G_ACTIVE)
from ..registry import PROMPTS
from ..static import (AVAILABLE, CASUALTIES, CONTROLLABLE, CONTROLLABLE_LIST, KABUL, LOCS, LOC_LIST, N_SPACES,
                      PAKISTAN_LIST, PROVINCE_LIST, REMOVED)
from ....core.prompts import Prompt

MODES: list[tuple[str, str]] = []

CIVIC_ACTION_COST = 3      # 6.4.1: 3 Government Resources per Terror removed or level shifted
SHARIA_COST = 1            # 6.4.2: 1 Taliban Resource per Terror removed or level shifted
AID_PER_CASUALTY = 3       # 6.3.4

TIES_7_1 = ("warlords", "government", "taliban", "coalition")
TIES_8_5 = ("warlords", "taliban", "government", "coalition")

STEPS = [
    "victory",                                                             # 6.1
    "sabotage", "government_earnings", "insurgent_earnings", "casualties_aid",   # 6.3
    "civic_coalition", "civic_government", "sharia",                       # 6.4
    "freeze", "desertion", "redeploy_coalition", "redeploy_government",    # 6.5
    "police", "taliban", "control", "game_end",
    "reset",                                                               # 6.6
]

# The first step of each phase, as the game log names it (6.0).
PHASES = {"victory": ("Victory Phase", "6.1"), "sabotage": ("Resources Phase", "6.3"),
          "civic_coalition": ("Support Phase", "6.4"), "freeze": ("Redeploy Phase", "6.5"),
          "reset": ("Reset Phase", "6.6")}


# --- 2.4 / 6.0: the Propaganda card ------------------------------------------------------------------
def final_propaganda(game) -> bool:
    """Is the Current Propaganda card the last one (no Propaganda card left to draw)?"""
    s = game.state
    return not any(carddata.is_propaganda(c) for c in s.deck) and not (
        s.upcoming is not None and carddata.is_propaganda(s.upcoming) and s.upcoming != s.current)


def start_propaganda_card(game) -> None:
    """2.4 / 6.0: hold a Propaganda Round -- unless the previous card was a Propaganda card too, in
    which case this one is played without a round (and ends the game by 7.3 if it is the final one)."""
    s = game.state
    s.propaganda_played += 1
    if s.last_was_propaganda:
        if final_propaganda(game):
            end_game(game)
        else:
            game.next_card()
        return
    s.last_was_propaganda = True
    if s.log is not None:
        s.log.append(("phase", "Propaganda Round", "6.0"))
    game.push({"kind": "adp_propaganda", "step": 0, "final": final_propaganda(game)})


# A position's ``round_phase``: the round's phases by name, each starting at its first step.
ROUND_PHASES = {name: STEPS.index(step) for step, (name, _) in PHASES.items()}


def start_propaganda_round_at(game, phase: str) -> None:
    """A position starting inside a Propaganda Round (``round_phase``): the card counts as played (6.0;
    8.5 counts Propaganda cards), then the round runs from the first step of ``phase`` (6.1 Victory,
    6.3 Resources, 6.4 Support, 6.5 Redeploy, 6.6 Reset); whether it is the final round is 2.4's test."""
    s = game.state
    s.propaganda_played += 1
    s.last_was_propaganda = True
    game.push({"kind": "adp_propaganda", "step": ROUND_PHASES[phase], "final": final_propaganda(game)})


@PROMPTS.register
class PropagandaRound(Prompt):
    """Automatic: the phases of a Propaganda Round, in order (6.1-6.6); each step may push decisions."""

    kind = "adp_propaganda"
    auto = True

    def run(self, game, frame):
        step = STEPS[frame["step"]]
        if game.state.log is not None and step in PHASES:       # the game log: a new phase
            game.state.log.append(("phase", *PHASES[step]))
        if step == "reset":
            game.pop()
            _reset(game)
            return
        frame["step"] += 1
        STEP_FUNCTIONS[step](game, frame)

    def describe(self, game, frame):
        return f"Propaganda Round: {STEPS[frame['step']]}"


# --- 7.0 victory ------------------------------------------------------------------------------------
def any_non_player(game) -> bool:
    return any(game.is_non_player(f) for f in FACTIONS)


def tie_order(game) -> tuple[str, ...]:
    """7.1 / 8.5 tie order after the Non-players (option ``tie_break``; "auto" = 8.5's order when any
    Non-player is in the game, 7.1's otherwise)."""
    choice = game.options.get("tie_break", "auto")
    if choice == "auto":
        choice = "8.5" if any_non_player(game) else "7.1"
    return TIES_8_5 if choice == "8.5" else TIES_7_1


def player_groups(game) -> list[list[str]]:
    """1.5: the factions of each player (option ``players``); a faction in no group plays alone."""
    groups = [list(g) for g in (game.options.get("players") or [])]
    listed = {f for g in groups for f in g}
    return groups + [[f] for f in FACTIONS if f not in listed]


def player_score(margins: dict[str, int], group) -> int:
    """1.5 / 7.3: a player scores the lowest victory margin among his factions."""
    return min(margins[f] for f in group)


def rank_groups(game, margins: dict[str, int], groups=None) -> list[list[str]]:
    """7.1 / 7.3 / 8.5: players (groups of factions) by score, highest first; ties go to Non-players,
    then by the tie order (:func:`tie_order`). Inside a group, its factions by margin."""
    order = tie_order(game)
    groups = player_groups(game) if groups is None else groups

    def faction_key(f):
        return (-margins[f], not game.is_non_player(f), order.index(f))

    def group_key(g):
        return (-player_score(margins, g), not any(game.is_non_player(f) for f in g), min(order.index(f) for f in g))

    return [sorted(g, key=faction_key) for g in sorted(groups, key=group_key)]


def rank(game, margins: dict[str, int]) -> list[str]:
    """7.1 / 8.5 ranking of the factions by margin (players' groups kept together, 1.5)."""
    return [f for g in rank_groups(game, margins) for f in g]


NON_PLAYER_VICTORY = "Non-player victory check"


def final_groups(game, margins: dict[str, int], reason: str) -> list[list[str]]:
    """The players' groups in the order a game ended for ``reason`` ranks them: after a Non-player victory
    (8.5) every Non-player's group ahead of every player's (7.1: the players all lose), each part by
    :func:`rank_groups`; after any other ending by :func:`rank_groups` alone. A loaded result is checked
    against it (the game's ``expected_ranking``)."""
    if reason != NON_PLAYER_VICTORY:
        return rank_groups(game, margins)
    groups = player_groups(game)
    np_groups = [g for g in groups if any(game.is_non_player(f) for f in g)]
    others = [g for g in groups if g not in np_groups]
    return rank_groups(game, margins, np_groups) + rank_groups(game, margins, others)


def _result(game, groups, margins, reason, rule) -> dict:
    ranking = [f for g in groups for f in g]
    out = {"winner": ranking[0], "winners": list(groups[0]), "ranking": ranking, "margins": dict(margins),
           "reason": reason, "rule": rule}
    if game.options.get("players"):
        out["players"] = [list(g) for g in groups]
        out["scores"] = [player_score(margins, g) for g in groups]
    return out


def _close(game, result: dict) -> None:
    s = game.state
    s.result = result
    s.over = True
    s.frames.clear()


def end_game(game) -> None:
    """7.3 (and 8.5, 1.5): after the final Propaganda the player with the highest margin wins --
    with the No Non-Player option each player scores his lowest margin; ties by :func:`rank_groups`."""
    margins = board.victory_margins(game.state)
    groups = rank_groups(game, margins)
    _close(game, _result(game, groups, margins, "final Propaganda", "8.5" if any_non_player(game) else "7.3"))


def victory_check(game) -> dict | None:
    """6.1 / 7.2: the result if the game ends in this Victory Phase, else None (the state is not changed).

    * Without Non-players: it ends if every faction of some player meets its condition (each faction
      is its own player unless option ``players`` groups them, 1.5); ranking 7.1.
    * With Non-players (8.5): never at the first Propaganda card of the game; later, iff some
      Non-player's margin is positive, whatever the players' margins. All players then lose equally
      (7.1): the Non-players are ranked ahead of every player."""
    s = game.state
    margins = board.victory_margins(s)
    if any_non_player(game):
        if s.propaganda_played < 2:
            return None
        if not any(margins[f] > 0 for f in FACTIONS if game.is_non_player(f)):
            return None
        ranked = final_groups(game, margins, NON_PLAYER_VICTORY)
        result = _result(game, ranked, margins, NON_PLAYER_VICTORY, "8.5")
        result["losers"] = [f for g in ranked for f in g if not any(game.is_non_player(x) for x in g)]
        return result
    if not any(player_score(margins, g) > 0 for g in player_groups(game)):
        return None
    return _result(game, rank_groups(game, margins), margins, "victory check", "7.2")


def _victory(game, frame) -> None:
    """6.1 Victory Phase."""
    result = victory_check(game)
    if result is not None:
        _close(game, result)


# --- 6.3 Resources Phase -----------------------------------------------------------------------------
def sabotage_candidates(s) -> list[int]:
    """6.3.1: unSabotaged LoCs where Taliban Guerrillas outnumber all other pieces."""
    out = []
    for sp in LOCS:
        if s.sabotage_list[sp]:
            continue
        tal = board.guerrillas(s, sp, "taliban")
        if tal > int(s.pieces[sp].sum()) - tal:
            out.append(sp)
    return out


def _sabotage(game, frame) -> None:
    """6.3.1: Sabotage every qualifying LoC. Markers short (3.3.4: 30 in all): highest Econ first;
    among equal Econ, an equal-chance roll."""
    s = game.state
    todo = sabotage_candidates(s)
    left = TERROR_SABOTAGE_MARKERS - board.markers_in_play(s)
    if len(todo) > left:
        chosen = []
        econs = s.data.econ
        for econ in sorted({int(econs[sp]) for sp in todo}, reverse=True):
            tier = [sp for sp in todo if econs[sp] == econ]
            room = left - len(chosen)
            if len(tier) > room:
                s.rng.shuffle(tier)
                tier = tier[:room]
            chosen += tier
        todo = chosen
    for sp in todo:
        board.place_sabotage(s, sp)


def government_earnings(s) -> int:
    """6.3.2: Aid plus the Econ of every LoC without Sabotage."""
    econ = s.data.econ_list
    return s.aid + sum(int(econ[sp]) for sp in LOCS if not s.sabotage_list[sp])


def _government_earnings(game, frame) -> None:
    s = game.state
    board.add_resources(s, "government", government_earnings(s))


def taliban_earnings(s) -> int:
    """6.3.3: Taliban Bases on the map (Pakistan included)."""
    return int(s.pieces[:N_SPACES, TALIBAN_BASE].sum())


def warlord_earnings(s) -> int:
    """6.3.3: Warlord Bases on the map plus Warlord Guerrillas on LoCs without Sabotage."""
    on_locs = sum(s.rows[sp][WARLORD_G] + s.rows[sp][WARLORD_G_ACTIVE] for sp in LOCS
                  if not s.sabotage_list[sp])
    return int(s.pieces[:N_SPACES, WARLORD_BASE].sum()) + on_locs


def _insurgent_earnings(game, frame) -> None:
    s = game.state
    board.add_resources(s, "taliban", taliban_earnings(s))
    board.add_resources(s, "warlords", warlord_earnings(s))


def _casualties_aid(game, frame) -> None:
    """6.3.4: Aid falls by 3 per piece in the Casualties box (not below 0)."""
    s = game.state
    board.add_aid(s, -AID_PER_CASUALTY * int(s.pieces[CASUALTIES].sum()))


# --- 6.4 Support Phase ---------------------------------------------------------------------------
def _steps_toward(s, sp, direction: int) -> int:
    """Terror markers to remove plus levels still to shift toward Support (+1) or Opposition (-1)."""
    shifts = 0
    if board.can_have_support(s, sp):
        shifts = 1 - s.support_list[sp] if direction > 0 else s.support_list[sp] + 1
    return s.terror_list[sp] + shifts


def civic_action_decider(s, sp) -> str:
    """6.4.1: the faction with more Troops in the space decides its Civic Action (Coalition if tied)."""
    return "coalition" if s.rows[sp][COALITION_TROOPS] >= s.rows[sp][GOV_TROOPS] else "government"


def civic_action_space_ok(s, sp) -> bool:
    """6.4.1: Kabul or a Province with COIN Control, Troops (either COIN faction's) and Police, and
    something to buy (Terror to remove or a level toward Support)."""
    r = s.rows[sp]        # the piece counts first (one cell each), then Control (the whole row)
    return (CONTROLLABLE_LIST[sp] and r[POLICE] > 0
            and r[COALITION_TROOPS] + r[GOV_TROOPS] > 0 and board.coin_control(s, sp)
            and _steps_toward(s, sp, +1) > 0)


def civic_action_max(s, sp) -> int:
    """How many Civic Action steps could be bought in a space now (Resources permitting)."""
    return min(_steps_toward(s, sp, +1), s.resources["government"] // CIVIC_ACTION_COST)


def civic_action_spaces(game, faction: str) -> list[int]:
    """6.4.1: spaces where ``faction`` (Coalition or Government) may buy Civic Action now."""
    s = game.state
    if s.resources["government"] < CIVIC_ACTION_COST:
        return []
    return [sp for sp in CONTROLLABLE if civic_action_space_ok(s, sp) and civic_action_decider(s, sp) == faction]


def sharia_space_ok(s, sp) -> bool:
    """6.4.2: a Taliban-Controlled space with Terror to remove or a level toward Opposition."""
    return CONTROLLABLE_LIST[sp] and board.taliban_control(s, sp) and _steps_toward(s, sp, -1) > 0


def sharia_max(s, sp) -> int:
    return min(_steps_toward(s, sp, -1), s.resources["taliban"] // SHARIA_COST)


def sharia_spaces(game) -> list[int]:
    """6.4.2: spaces where the Taliban may buy Sharia now."""
    s = game.state
    if s.resources["taliban"] < SHARIA_COST:
        return []
    return [sp for sp in CONTROLLABLE if sharia_space_ok(s, sp)]


def buy_support_step(s, sp, payer: str, cost: int, direction: int, n: int = 1) -> None:
    """6.4.1 / 6.4.2: each step removes a Terror marker, or once none is left shifts one level."""
    for _ in range(n):
        board.add_resources(s, payer, -cost)
        if s.terror_list[sp] > 0:
            board.set_cell(s, "terror", sp, s.terror_list[sp] - 1)
        else:
            board.shift_support(s, sp, direction)


class _SupportPurchase(Prompt):
    """Select a space, then how many steps to buy there (at least 1); "done" ends the purchases. The
    prompt ends by itself once nothing more can be bought."""

    payer = ""
    cost = 0
    direction = 0
    title = ""

    def targets(self, game, frame) -> list[int]:
        raise NotImplementedError

    def most(self, game, sp) -> int:
        raise NotImplementedError

    def legal(self, game, frame):
        if frame["sp"] >= 0:
            return game.count_actions(1, self.most(game, frame["sp"]))
        return [game.space_action(sp) for sp in self.targets(game, frame)] + [game.DONE]

    def describe(self, game, frame):
        s = game.state
        who = frame["actor"].capitalize()
        if frame["sp"] >= 0:
            return (f"{self.title}: {who} buys how many steps in {game.space_names[frame['sp']]} "
                    f"({self.cost} {self.payer.capitalize()} Resources each; {s.resources[self.payer]} left)?")
        return (f"{self.title}: {who} may select a space ({self.cost} {self.payer.capitalize()} Resources per "
                f"Terror removed or level shifted; {s.resources[self.payer]} left), or done")

    def apply(self, game, frame, action):
        s = game.state
        if action == game.DONE:
            game.pop()
            return
        if frame["sp"] < 0:
            sp = game.space_of(action)
            if self.most(game, sp) > 1:
                frame["sp"] = sp
                return
            n = 1
        else:
            sp, n = frame["sp"], game.count_of(action)
            frame["sp"] = -1
        buy_support_step(s, sp, self.payer, self.cost, self.direction, n)
        if not self.targets(game, frame):
            game.pop()


@PROMPTS.register
class CivicAction(_SupportPurchase):
    """6.4.1: the Coalition, then the Government, buy Civic Action with Government Resources in the
    spaces each decides (more Troops there; Coalition if tied)."""

    kind = "adp_civic_action"
    payer = "government"
    cost = CIVIC_ACTION_COST
    direction = +1
    title = "Civic Action"

    def targets(self, game, frame):
        return civic_action_spaces(game, frame["actor"])

    def most(self, game, sp):
        return civic_action_max(game.state, sp)


@PROMPTS.register
class Sharia(_SupportPurchase):
    """6.4.2: the Taliban buy Sharia with their Resources in Taliban-Controlled spaces."""

    kind = "adp_sharia"
    payer = "taliban"
    cost = SHARIA_COST
    direction = -1
    title = "Sharia"

    def targets(self, game, frame):
        return sharia_spaces(game)

    def most(self, game, sp):
        return sharia_max(game.state, sp)


def _civic(game, faction: str) -> None:
    if civic_action_spaces(game, faction):
        game.push({"kind": "adp_civic_action", "actor": faction, "sp": -1})


def _civic_coalition(game, frame) -> None:
    _civic(game, "coalition")


def _civic_government(game, frame) -> None:
    _civic(game, "government")


def _sharia(game, frame) -> None:
    if sharia_spaces(game):
        game.push({"kind": "adp_sharia", "actor": "taliban", "sp": -1})


# --- 6.5 Redeploy Phase ---------------------------------------------------------------------------
def _freeze(game, frame) -> None:
    """6.5: Control stays as it is now until 6.5.5."""
    board.freeze_control(game.state)


def desertion_losses(s, sp) -> int:
    """6.5.1: one in three of the Government's cubes in the space, rounded down."""
    return board.gov_cubes(s, sp) // 3


def desertion_troop_range(s, sp) -> tuple[int, int]:
    """6.5.1: how many of the deserting cubes may be Troops (the rest are Police)."""
    k = desertion_losses(s, sp)
    troops, police = s.rows[sp][GOV_TROOPS], s.rows[sp][POLICE]
    return max(0, k - police), min(k, troops)


def _desert(s, sp, troops: int) -> None:
    k = desertion_losses(s, sp)
    board.remove(s, GOV_TROOPS, sp, troops)
    board.remove(s, POLICE, sp, k - troops)


def _desertion(game, frame) -> None:
    """6.5.1: remove the deserters; where the mix of Troops and Police is open, the Government picks."""
    s = game.state
    open_spaces = []
    for sp in range(N_SPACES):
        if desertion_losses(s, sp) == 0:
            continue
        lo, hi = desertion_troop_range(s, sp)
        if lo == hi:
            _desert(s, sp, lo)
        else:
            open_spaces.append(sp)
    if open_spaces:
        game.push({"kind": "adp_desertion", "actor": "government", "spaces": open_spaces})


@PROMPTS.register
class Desertion(Prompt):
    """6.5.1: for each space in turn, how many of its deserting cubes are Troops (the rest Police)."""

    kind = "adp_desertion"

    def legal(self, game, frame):
        return game.count_actions(*desertion_troop_range(game.state, frame["spaces"][0]))

    def describe(self, game, frame):
        sp = frame["spaces"][0]
        return (f"Desertion: the Government loses {desertion_losses(game.state, sp)} of its cubes in "
                f"{game.space_names[sp]}: how many of them are Troops (the rest Police)?")

    def apply(self, game, frame, action):
        _desert(game.state, frame["spaces"].pop(0), game.count_of(action))
        if not frame["spaces"]:
            game.pop()


def troop_redeploy_sources(game, faction: str) -> list[int]:
    """6.5.2: LoCs and Provinces without a COIN Base holding the faction's Troops."""
    s = game.state
    piece = COALITION_TROOPS if faction == "coalition" else GOV_TROOPS
    rows = s.rows[:N_SPACES]
    return [sp for sp, r in enumerate(rows)
            if r[piece] > 0 and (LOC_LIST[sp] or (PROVINCE_LIST[sp] and r[COALITION_BASE] + r[GOV_BASE] == 0))]


def troop_redeploy_destinations(game) -> list[int]:
    """6.5.2: Kabul, and COIN-Controlled spaces with a COIN Base (Control as at the phase's start)."""
    s = game.state
    coin = board.coin_control_list(s)
    rows = s.rows                   # board.coin_bases and board.may_hold (no COIN piece in Pakistan), read inline
    return [sp for sp in CONTROLLABLE
            if sp == KABUL or (coin[sp] and rows[sp][COALITION_BASE] + rows[sp][GOV_BASE] > 0 and not PAKISTAN_LIST[sp])]


def police_destinations(game, src: int | None = None) -> list[int]:
    """6.5.3: any LoC, or a COIN-Controlled space (Control as at the phase's start); not ``src``."""
    s = game.state
    coin = board.coin_control_list(s)
    return [sp for sp in range(N_SPACES) if sp != src and not PAKISTAN_LIST[sp]      # board.may_hold (1.4.2)
            and (LOC_LIST[sp] or coin[sp])]


def taliban_redeploy_destinations(game) -> list[int]:
    """6.5.4: spaces with a Taliban Base and Taliban Control (as at the phase's start), and the Pashtun
    spaces of Pakistan."""
    s = game.state
    pashtun = s.data.pashtun_list
    return [sp for sp in CONTROLLABLE
            if (PAKISTAN_LIST[sp] and pashtun[sp])
            or (s.rows[sp][TALIBAN_BASE] > 0 and board.taliban_control(s, sp))]


def taliban_redeploy_sources(game) -> list[int]:
    """6.5.4: LoCs and Provinces without a Taliban Base holding Taliban Guerrillas. Kabul's stay; so do
    those already in a Pashtun Pakistan space (already a destination)."""
    s = game.state
    pashtun = s.data.pashtun_list
    rows = s.rows[:N_SPACES]
    return [sp for sp, r in enumerate(rows)
            if r[TALIBAN_G] + r[TALIBAN_G_ACTIVE] > 0 and not (PAKISTAN_LIST[sp] and pashtun[sp])
            and (LOC_LIST[sp] or (PROVINCE_LIST[sp] and r[TALIBAN_BASE] == 0))]


def redeploy_destinations(game, who: str, src: int | None = None) -> list[int]:
    """Where ``who`` may redeploy now: "coalition" / "government" Troops (6.5.2), "police" (6.5.3),
    "taliban" Guerrillas (6.5.4)."""
    if who in ("coalition", "government"):
        return troop_redeploy_destinations(game)
    if who == "police":
        return police_destinations(game, src)
    if who == "taliban":
        return taliban_redeploy_destinations(game)
    raise ValueError(f"no Redeploy for {who!r}")


def _move_taliban(s, src, dst, n: int) -> None:
    """Move n Taliban Guerrillas, Active ones first; Hostility keeps Pakistan ones Active (6.6.1)."""
    active = min(n, s.rows[src][TALIBAN_G_ACTIVE])
    if active:
        board.move(s, TALIBAN_G_ACTIVE, src, dst, active)
    if n - active:
        board.move(s, TALIBAN_G, src, dst, n - active)
    board.enforce_hostility(s)


class _Redeploy(Prompt):
    """Move pieces: a source space, a destination, then how many (when more than one could go).
    ``must``: the prompt offers no "done"; it ends by itself when nothing is left to move."""

    title = ""
    what = ""

    def sources(self, game, frame) -> list[int]:
        raise NotImplementedError

    def destinations(self, game, frame, src) -> list[int]:
        raise NotImplementedError

    def movable(self, game, frame, src) -> int:
        raise NotImplementedError

    def do_move(self, game, frame, src, dst, n) -> None:
        raise NotImplementedError

    def must(self, frame) -> bool:
        return False

    def legal(self, game, frame):
        if frame["stage"] == "count":
            return game.count_actions(1, self.movable(game, frame, frame["src"]))
        s0 = game.vocabulary.SPACE0                  # game.space_action(sp), without a call per space
        if frame["stage"] == "destination":
            return [s0 + sp for sp in self.destinations(game, frame, frame["src"])]
        srcs = [s0 + sp for sp in self.sources(game, frame)]
        return srcs if self.must(frame) else srcs + [game.DONE]

    def describe(self, game, frame):
        who = frame["actor"].capitalize()
        if frame["stage"] == "count":
            return (f"{self.title}: {who} moves how many {self.what} from {game.space_names[frame['src']]} "
                    f"to {game.space_names[frame['dst']]}?")
        if frame["stage"] == "destination":
            return f"{self.title}: {who} selects where the {self.what} from {game.space_names[frame['src']]} go"
        tail = "" if self.must(frame) else ", or done"
        return f"{self.title}: {who} selects a space to move {self.what} from{tail}"

    def apply(self, game, frame, action):
        if action == game.DONE:
            game.pop()
            return
        if frame["stage"] == "source":
            frame["src"], frame["stage"] = game.space_of(action), "destination"
            return
        if frame["stage"] == "destination":
            frame["dst"] = game.space_of(action)
            if self.movable(game, frame, frame["src"]) > 1:
                frame["stage"] = "count"
                return
            n = 1
        else:
            n = game.count_of(action)
        self.do_move(game, frame, frame["src"], frame["dst"], n)
        frame["src"], frame["dst"], frame["stage"] = -1, -1, "source"
        if not self.sources(game, frame):
            game.pop()


@PROMPTS.register
class TroopRedeploy(_Redeploy):
    """6.5.2: the Coalition may, then the Government must, move their Troops from LoCs and Provinces
    without COIN Bases to Kabul or COIN-Controlled spaces with COIN Bases."""

    kind = "adp_redeploy_troops"
    title = "Redeploy Troops"
    what = "Troops"

    def _piece(self, frame):
        return COALITION_TROOPS if frame["actor"] == "coalition" else GOV_TROOPS

    def must(self, frame):
        return frame["actor"] == "government"

    def sources(self, game, frame):
        return troop_redeploy_sources(game, frame["actor"])

    def destinations(self, game, frame, src):
        return troop_redeploy_destinations(game)

    def movable(self, game, frame, src):
        return game.state.rows[src][self._piece(frame)]

    def do_move(self, game, frame, src, dst, n):
        board.move(game.state, self._piece(frame), src, dst, n)


def _troops(game, faction: str) -> None:
    """6.5.2 for one faction. The Government's Troops must all go; with Kabul the only destination
    they go there without a decision."""
    if not troop_redeploy_sources(game, faction):
        return
    if faction == "government" and troop_redeploy_destinations(game) == [KABUL]:
        s = game.state
        for sp in troop_redeploy_sources(game, faction):
            board.move(s, GOV_TROOPS, sp, KABUL, s.rows[sp][GOV_TROOPS])
        return
    game.push({"kind": "adp_redeploy_troops", "actor": faction, "stage": "source", "src": -1, "dst": -1})


def _redeploy_coalition(game, frame) -> None:
    _troops(game, "coalition")


def _redeploy_government(game, frame) -> None:
    _troops(game, "government")


@PROMPTS.register
class PoliceRedeploy(_Redeploy):
    """6.5.3: the Government may move Police from anywhere to LoCs or COIN-Controlled spaces; each
    cube moves at most once (``arrived`` counts the cubes that came into each space)."""

    kind = "adp_redeploy_police"
    title = "Redeploy Police"
    what = "Police"

    def sources(self, game, frame):
        # [sp for sp in range(N_SPACES) if self.movable(game, frame, sp) > 0], the Police column read once
        arrived = frame["arrived"]
        police = game.state.pieces[:N_SPACES, POLICE].tolist()
        return [sp for sp, n in enumerate(police) if n > 0 and n > arrived.get(str(sp), 0)]

    def destinations(self, game, frame, src):
        return police_destinations(game, src)

    def movable(self, game, frame, src):
        return game.state.rows[src][POLICE] - frame["arrived"].get(str(src), 0)

    def do_move(self, game, frame, src, dst, n):
        board.move(game.state, POLICE, src, dst, n)
        frame["arrived"][str(dst)] = frame["arrived"].get(str(dst), 0) + n


def _police(game, frame) -> None:
    """6.5.3 (may)."""
    pf = {"kind": "adp_redeploy_police", "actor": "government", "stage": "source", "src": -1, "dst": -1,
          "arrived": {}}
    if PROMPTS["adp_redeploy_police"].sources(game, pf):
        game.push(pf)


@PROMPTS.register
class TalibanRedeploy(_Redeploy):
    """6.5.4: the Taliban must move their Guerrillas off LoCs and out of Provinces without Taliban
    Bases, to Taliban-Controlled spaces with Taliban Bases or to Pashtun Pakistan spaces."""

    kind = "adp_redeploy_taliban"
    title = "Redeploy Taliban"
    what = "Guerrillas"

    def must(self, frame):
        return True

    def sources(self, game, frame):
        return taliban_redeploy_sources(game)

    def destinations(self, game, frame, src):
        return taliban_redeploy_destinations(game)

    def movable(self, game, frame, src):
        return board.guerrillas(game.state, src, "taliban")

    def do_move(self, game, frame, src, dst, n):
        _move_taliban(game.state, src, dst, n)


def _taliban(game, frame) -> None:
    """6.5.4 (must)."""
    if taliban_redeploy_sources(game):
        game.push({"kind": "adp_redeploy_taliban", "actor": "taliban", "stage": "source", "src": -1, "dst": -1})


def _control(game, frame) -> None:
    """6.5.5: Control follows the pieces again."""
    board.unfreeze_control(game.state)


def _game_end(game, frame) -> None:
    """6.5.6 / 2.4.1: the final Round ends the game here (7.3)."""
    if frame["final"]:
        end_game(game)


# --- 6.6 Reset Phase ---------------------------------------------------------------------------------
def _reset(game) -> None:
    """6.6: Casualties (Bases and half the Troops, rounded down, leave the game; the other Troops
    return to Available), Islamabad (6.6.1), all factions Eligible, Terror and Sabotage removed,
    Momentum ends, all Guerrillas Underground, then the next card."""
    s = game.state
    board.move_pieces(s, CASUALTIES, COALITION_BASE, REMOVED, COALITION_BASE, s.rows[CASUALTIES][COALITION_BASE])
    troops = s.rows[CASUALTIES][COALITION_TROOPS]
    board.move_pieces(s, CASUALTIES, COALITION_TROOPS, REMOVED, COALITION_TROOPS, troops // 2)
    board.move_pieces(s, CASUALTIES, COALITION_TROOPS, AVAILABLE, COALITION_TROOPS, troops - troops // 2)
    board.islamabad_reset(s)
    s.eligible = {f: True for f in game.factions}
    board.clear_markers(s)
    s.lasting[:] = [e for e in s.lasting if e.get("name") != "momentum" and e.get("expires") != "campaign"]
    for sp in range(N_SPACES):
        for faction in ("taliban", "warlords"):
            board.flip_underground(s, sp, faction)
    board.enforce_hostility(s)
    game.next_card()


STEP_FUNCTIONS = {
    "victory": _victory,
    "sabotage": _sabotage,
    "government_earnings": _government_earnings,
    "insurgent_earnings": _insurgent_earnings,
    "casualties_aid": _casualties_aid,
    "civic_coalition": _civic_coalition,
    "civic_government": _civic_government,
    "sharia": _sharia,
    "freeze": _freeze,
    "desertion": _desertion,
    "redeploy_coalition": _redeploy_coalition,
    "redeploy_government": _redeploy_government,
    "police": _police,
    "taliban": _taliban,
    "control": _control,
    "game_end": _game_end,
}
assert set(STEP_FUNCTIONS) | {"reset"} == set(STEPS)
