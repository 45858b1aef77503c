"""John Company's observation: what one family may see, as a flat float32 vector of fixed size.

The size is the same for every number of families (1-6) and every option: the families are seven
absolute slots (Benyon .. Walsh, the Crown), unseated slots stay zero (``seated`` says which are in
play), and ``perspective`` marks the family the vector is for. ``JohnCompanyEncoder().layout()`` gives
the groups' offsets, ``feature_names`` one name per slot, ``describe(vec)`` the non-zero features by name.
Everything is clipped to [-2, 12].

Only what the perspective family may see (hidden.py, RB p.12 and p.28): its own facedown blackmail cards
by name, the other families' only as a count; a facedown blackmail card in the London Season display only
if the family peeked at it; the London Season deck, the law deck, the India event stack and the Crown's AI
deck as sizes (plus the public back of the top event tile and of the top AI card). The decision block is
filled only for the family that is to decide (what another family is asked can reveal its hand, e.g.
"play the blackmail card ... now?"); every other family sees who is to decide and the phase.

Groups (in vector order):

* ``families``  per slot: seated, perspective, to move, seat position, cash / 20, VP / 10, supply / 18,
  writers per Presidency, officers per Army (active, exhausted), Officers-in-Training, Court shares,
  pensioners, pieces on the five prize boxes, trophies, law tokens, workshops, luxuries, opportunity marker
  (one-hot by family action), Prime Minister, Opposition leader, Chairman's title, offices held, Army
  commands, Stock Exchange pieces, shipyards owned, orders holding its writers, prestige cards (count and
  by card: faceup, public), facedown blackmail count, used blackmail (by card: public).
* ``hand``      the perspective family's own facedown blackmail cards by card.
* ``display``   the three London Season display positions: the card (prestige by card, blackmail by card
  when it is faceup or peeked at), "facedown blackmail", empty; the London Season deck's size.
* ``offices``   per office: in play, holder (one-hot by slot, vacant), fatigue.
* ``company``   Balance, Debt, Standing, office treasuries, regiments per Army (active, exhausted), each
  Army's Commander, local alliances active, Company and extra ships per sea zone, Stock Exchange spaces,
  power track order, Court share VP, policy dial, laws in force and discarded, law deck size, turn, last
  turn, phase, regions lost this turn, Company failed.
* ``ships``     per named ship: shipyard owner (one-hot by slot, none), where it is (on its shipyard, or a
  sea zone / China), fatigued.
* ``india``     per region: tower strength, dome, control (Indian or a Presidency), empire flag (by capital),
  unrest, loot faceup, Company ship under construction, the Elephant here / facing here, the back of the
  top event tile; the event stack's size and the discarded tiles.
* ``orders``    per order: open / closed / filled, whose writer fills it, which Presidency filled it.
* ``crown``     the Crown Handbook's rules in play (option ``crown``): climate, faceup AI card, discards,
  deck size, promise cubes.
* ``decision``  the perspective is to decide; what is asked: the prompt key (one-hot over the game's
  continuations: the procedure a ``choose`` feeds, or for a number asked in digits the procedure the number
  goes to, with the digit step: tens or units, the tens chosen, the lowest and highest legal value); the
  frame's context: Presidency, region, office, family, sea zone, law, the law being voted on and its
  support, regions declared and orders filled so far, and small counts (strength still to exhaust,
  transfers made, dice, ...); the number of legal actions.
"""

from __future__ import annotations

import numpy as np

from ...core.encoding import Encoder
from .actions import MAX_COUNT
from .data import cards as carddata
from .data.crown import CLIMATES
from .hidden import BLACKMAIL_IDS, TILE_BACK
from .static import (FAMILY_ACTION_KEYS, FAMILY_ACTIONS, FAMILY_NAMES, N_ALLIANCES, N_OFFICES, N_ORDERS,
                     N_PRESIDENCIES, N_REGIONS, N_SHIPS, N_SLOTS, N_ZONES, OFFICE_NAMES, ORDER_NAMES, PHASES,
                     PRESIDENCY_NAMES, REGION, REGION_NAMES, SEA_ZONES, SHIP_NAMES, ALLIANCE_NAMES,
                     TREASURY_NAMES)

PRESTIGE = [c[0] for c in carddata.SPOUSES] + [c[0] for c in carddata.ENTERPRISE_PRESTIGE]
PRESTIGE_NAME = {c[0]: c[1] for c in carddata.SPOUSES + carddata.ENTERPRISE_PRESTIGE}
BLACKMAIL = [c[0] for c in carddata.BLACKMAIL]
BLACKMAIL_NAME = {c[0]: c[1] for c in carddata.BLACKMAIL}
PRESTIGE_INDEX = {c: i for i, c in enumerate(PRESTIGE)}
BLACKMAIL_INDEX = {c: i for i, c in enumerate(BLACKMAIL)}
LAWS = [law[0] for law in carddata.LAWS]
LAW_NAME = {law[0]: law[1] for law in carddata.LAWS}
LAW_INDEX = {c: i for i, c in enumerate(LAWS)}
TILES = [t[0] for t in carddata.EVENT_TILES]
TILE_INDEX = {t: i for i, t in enumerate(TILES)}
POWER_TOKENS = ("Workshops", "Shipyards", "Luxuries", "Company shares")
PHASE_KEYS = ["setup"] + list(PHASES) + ["final_scoring"]
N_AI_CARDS = 10
SLOT_NAMES = list(FAMILY_NAMES)
FAMILY_CONTEXT_KEYS = ("fam", "hirer", "f", "behalf", "former")       # "the family in question" of a frame
COUNT_CONTEXT_KEYS = ("need", "total", "k", "pool", "transfers", "taxes", "due", "per", "stage")
NUMBER_KEYS = ("number_units", "number_tens")


def _keys():
    """The prompt keys: every continuation of the game, in sorted order (the rules modules register them)."""
    import importlib
    import pkgutil

    from . import game as _game, rules  # noqa: F401
    from .registry import CONTINUATIONS
    for m in pkgutil.iter_modules(rules.__path__, rules.__name__ + "."):     # some register lazily (blackmail, deal)
        importlib.import_module(m.name)
    return sorted(CONTINUATIONS)


class JohnCompanyEncoder(Encoder):
    game_name = "john_company"

    def __init__(self):
        super().__init__()
        b = self.block
        # --- families -----------------------------------------------------------------------------------
        per = (["seated", "perspective", "to move", "seat position", "cash", "VP", "supply"]
               + [f"writers {p}" for p in PRESIDENCY_NAMES]
               + [f"officers {p} Army active" for p in PRESIDENCY_NAMES]
               + [f"officers {p} Army exhausted" for p in PRESIDENCY_NAMES]
               + ["Officers-in-Training", "Court shares", "pensioners"]
               + [f"prize box {i + 1}" for i in range(5)]
               + ["trophies", "law tokens", "workshops", "luxuries"]
               + [f"opportunity {label}" for _, label in FAMILY_ACTIONS]
               + ["Prime Minister", "Opposition leader", "Chairman's title", "offices held", "Army commands",
                  "Stock Exchange pieces", "shipyards owned", "orders with its writers", "prestige cards",
                  "facedown blackmail cards"]
               + [f"prestige {PRESTIGE_NAME[c]}" for c in PRESTIGE]
               + [f"used blackmail {BLACKMAIL_NAME[c]}" for c in BLACKMAIL])
        self.nf = len(per)
        self.fi = {n: i for i, n in enumerate(per)}
        self.o_fam = b("families", [f"family {s}: {n}" for s in SLOT_NAMES for n in per])
        # --- hand ---------------------------------------------------------------------------------------
        self.o_hand = b("hand", [f"own facedown blackmail {BLACKMAIL_NAME[c]}" for c in BLACKMAIL])
        # --- display ------------------------------------------------------------------------------------
        disp = ([f"prestige {PRESTIGE_NAME[c]}" for c in PRESTIGE] + [f"blackmail {BLACKMAIL_NAME[c]}" for c in BLACKMAIL]
                + ["facedown blackmail", "empty"])
        self.nd = len(disp)
        self.o_disp = b("display", [f"display {i + 1}: {n}" for i in range(3) for n in disp])
        self.o_london = b("display", ["London Season deck size"])
        # --- offices ------------------------------------------------------------------------------------
        off = ["in play"] + [f"held by {s}" for s in SLOT_NAMES] + ["vacant", "fatigue"]
        self.no = len(off)
        self.o_off = b("offices", [f"office {o}: {n}" for o in OFFICE_NAMES for n in off])
        # --- company ------------------------------------------------------------------------------------
        self.o_money = b("company", ["Balance", "Debt", "Standing"] + [f"treasury {t}" for t in TREASURY_NAMES])
        self.o_regs = b("company", [f"regiments {p} Army {st}" for p in PRESIDENCY_NAMES for st in ("active", "exhausted")])
        self.o_cmd = b("company", [f"Commander {p} Army: {s}" for p in PRESIDENCY_NAMES for s in SLOT_NAMES + ["vacant"]])
        self.o_all = b("company", [f"alliance {a} active" for a in ALLIANCE_NAMES])
        self.o_cships = b("company", [f"Company ships {z}" for z in SEA_ZONES] + [f"extra ships {z}" for z in SEA_ZONES])
        self.o_stock = b("company", [f"Stock Exchange {i + 1}: {s}" for i in range(5) for s in SLOT_NAMES + ["empty"]])
        self.o_power = b("company", [f"power track {t} at {k + 1}" for t in POWER_TOKENS for k in range(4)])
        self.o_misc = b("company", ["Court share VP", "law deck size", "last turn", "regions lost this turn",
                                    "Company failed"])
        self.o_dial = b("company", [f"policy dial {i}" for i in range(14)])
        self.o_laws = b("company", [f"law in force {LAW_NAME[c]}" for c in LAWS])
        self.o_ldisc = b("company", [f"law discarded {LAW_NAME[c]}" for c in LAWS])
        self.o_turn = b("company", [f"turn {t}" for t in range(1, 9)])
        self.o_phase = b("company", [f"phase {p}" for p in PHASE_KEYS])
        # --- ships --------------------------------------------------------------------------------------
        sh = [f"owner {s}" for s in SLOT_NAMES] + ["no owner", "on its shipyard"] + [f"in {z}" for z in SEA_ZONES] + ["fatigued"]
        self.ns = len(sh)
        self.o_ships = b("ships", [f"ship {n}: {x}" for n in SHIP_NAMES for x in sh])
        # --- india --------------------------------------------------------------------------------------
        rg = (["strength", "dome", "Indian", *[f"controlled by {p}" for p in PRESIDENCY_NAMES]]
              + [f"flag of {r}" for r in REGION_NAMES] + ["no flag", "unrest", "loot faceup", "Company ship building",
                                                          "Elephant here", "Elephant facing here", "top event tile back"])
        self.nr = len(rg)
        self.ri = {n: i for i, n in enumerate(rg)}
        self.o_reg = b("india", [f"region {r}: {x}" for r in REGION_NAMES for x in rg])
        self.o_ev = b("india", ["event stack size"] + [f"event tile {t} discarded" for t in TILES])
        # --- orders -------------------------------------------------------------------------------------
        od = ["open", "closed", "filled"] + [f"writer of {s}" for s in SLOT_NAMES] + [
            f"filled by {p}" for p in PRESIDENCY_NAMES]
        self.nod = len(od)
        self.o_ord = b("orders", [f"order {o}: {x}" for o in ORDER_NAMES for x in od])
        # --- crown --------------------------------------------------------------------------------------
        self.o_crown = b("crown", ["Crown Handbook rules", "AI deck size", "promise cubes crown", "promise cubes family"]
                         + [f"climate {c}" for c in CLIMATES] + [f"AI card {i}" for i in range(1, N_AI_CARDS + 1)]
                         + [f"AI card {i} discarded" for i in range(1, N_AI_CARDS + 1)]
                         + [f"top AI card back: {p} first" for p in PRESIDENCY_NAMES])
        # --- decision -----------------------------------------------------------------------------------
        self.keys = _keys()
        self.key_index = {k: i for i, k in enumerate(self.keys)}
        self.o_dec = b("decision", ["perspective decides", "number: tens step", "number: units step",
                                    "number: tens chosen", "number: lowest", "number: highest", "number: highest / 100",
                                    "legal actions"])
        self.o_to_move = b("decision", [f"to move: {s}" for s in SLOT_NAMES])
        self.o_key = b("decision", [f"prompt {k}" for k in self.keys])
        self.o_cp = b("decision", [f"context Presidency {p}" for p in PRESIDENCY_NAMES])
        self.o_cr = b("decision", [f"context region {r}" for r in REGION_NAMES])
        self.o_co = b("decision", [f"context office {o}" for o in OFFICE_NAMES])
        self.o_cf = b("decision", [f"context family {s}" for s in SLOT_NAMES])
        self.o_cs = b("decision", [f"context acting officeholder {s}" for s in SLOT_NAMES])
        self.o_cz = b("decision", [f"context zone {z}" for z in SEA_ZONES])
        self.o_cl = b("decision", [f"context law {LAW_NAME[c]}" for c in LAWS])
        self.o_cv = b("decision", ["vote support"])
        self.o_cdecl = b("decision", [f"declared region {r}" for r in REGION_NAMES])
        self.o_cplaced = b("decision", [f"order used {o}" for o in ORDER_NAMES])
        self.o_cn = b("decision", [f"context {k}" for k in COUNT_CONTEXT_KEYS])

    # -----------------------------------------------------------------------------------------------------
    def encode(self, game, perspective: str, out: np.ndarray) -> np.ndarray:
        s = game.state
        out[:] = 0.0
        me = game.slot_of(perspective)
        seats = s.seats
        to_move = None if s.over else game.current_player()
        mover = None if to_move is None else game.slot_of(to_move)
        nf, fi = self.nf, self.fi
        fam = out[self.o_fam:self.o_fam + N_SLOTS * nf].reshape(N_SLOTS, nf)
        # ---- families ----
        for pos, slot in enumerate(seats):
            row = fam[slot]
            row[fi["seated"]] = 1.0
            row[fi["seat position"]] = pos / 6.0
            h = s.hands[slot]
            row[fi["prestige cards"]] = len(h["prestige"]) / 4.0
            row[fi["facedown blackmail cards"]] = len(h["blackmail"]) / 2.0
            p0 = fi[f"prestige {PRESTIGE_NAME[PRESTIGE[0]]}"]
            for c in h["prestige"]:
                if c in PRESTIGE_INDEX:
                    row[p0 + PRESTIGE_INDEX[c]] += 1.0
            u0 = fi[f"used blackmail {BLACKMAIL_NAME[BLACKMAIL[0]]}"]
            for c in h["used"]:
                if c in BLACKMAIL_INDEX:
                    row[u0 + BLACKMAIL_INDEX[c]] += 1.0
            opp = s.opportunity[slot]
            if opp is not None:
                row[fi["opportunity " + FAMILY_ACTIONS[FAMILY_ACTION_KEYS.index(opp)][1]]] = 1.0
        fam[me, fi["perspective"]] = 1.0
        if mover is not None:
            fam[mover, fi["to move"]] = 1.0
        fam[:, fi["cash"]] = s.cash / 20.0
        fam[:, fi["VP"]] = s.vp / 10.0
        fam[:, fi["supply"]] = s.supply / 18.0
        w0 = fi[f"writers {PRESIDENCY_NAMES[0]}"]
        fam[:, w0:w0 + 3] = s.writers / 4.0
        a0 = fi[f"officers {PRESIDENCY_NAMES[0]} Army active"]
        fam[:, a0:a0 + 3] = s.officers[:, :, 0] / 4.0
        fam[:, a0 + 3:a0 + 6] = s.officers[:, :, 1] / 4.0
        fam[:, fi["Officers-in-Training"]] = s.officers_in_training / 4.0
        fam[:, fi["Court shares"]] = s.court / 4.0
        fam[:, fi["pensioners"]] = s.pensioners / 4.0
        fam[:, fi["prize box 1"]:fi["prize box 1"] + 5] = s.prize_pieces / 2.0
        fam[:, fi["trophies"]] = s.trophies / 4.0
        fam[:, fi["law tokens"]] = s.law_tokens / 4.0
        fam[:, fi["workshops"]] = s.workshops / 2.0
        fam[:, fi["luxuries"]] = s.luxuries / 2.0
        for slot, col in ((s.pm, "Prime Minister"), (s.opposition_leader, "Opposition leader"),
                          (s.chairman_title, "Chairman's title")):
            if slot >= 0:
                fam[slot, fi[col]] = 1.0
        held = s.office_holder[(s.office_holder >= 0)]
        fam[:, fi["offices held"]] = np.bincount(held, minlength=N_SLOTS)[:N_SLOTS] / 4.0
        cmd = s.commander[s.commander >= 0]
        fam[:, fi["Army commands"]] = np.bincount(cmd, minlength=N_SLOTS)[:N_SLOTS]
        se = s.stock_exchange[s.stock_exchange >= 0]
        fam[:, fi["Stock Exchange pieces"]] = np.bincount(se, minlength=N_SLOTS)[:N_SLOTS] / 2.0
        yards = s.shipyard_owner[s.shipyard_owner >= 0]
        fam[:, fi["shipyards owned"]] = np.bincount(yards, minlength=N_SLOTS)[:N_SLOTS] / 4.0
        ow = s.order_writer[s.order_writer >= 0]
        fam[:, fi["orders with its writers"]] = np.bincount(ow, minlength=N_SLOTS)[:N_SLOTS] / 4.0
        # ---- own hand ----
        for c in s.hands[me]["blackmail"]:
            if c in BLACKMAIL_INDEX:
                out[self.o_hand + BLACKMAIL_INDEX[c]] += 1.0
        # ---- display ----
        peeked = s.peeked[me]
        nd = self.nd
        for i in range(3):
            base = self.o_disp + i * nd
            if i >= len(s.display):
                out[base + nd - 1] = 1.0
                continue
            c = s.display[i]
            if c in PRESTIGE_INDEX:
                out[base + PRESTIGE_INDEX[c]] = 1.0
            elif c in BLACKMAIL_IDS and c not in peeked:
                out[base + nd - 2] = 1.0
            elif c in BLACKMAIL_INDEX:
                out[base + len(PRESTIGE) + BLACKMAIL_INDEX[c]] = 1.0
        out[self.o_london] = len(s.london_deck) / 30.0
        # ---- offices ----
        no = self.no
        off = out[self.o_off:self.o_off + N_OFFICES * no].reshape(N_OFFICES, no)
        off[:, 0] = s.office_exists
        holder = s.office_holder.astype(np.int64)
        rows = np.arange(N_OFFICES)
        off[rows, np.where(holder >= 0, 1 + holder, 1 + N_SLOTS)] = 1.0
        off[:, 0 + 1 + N_SLOTS] *= s.office_exists          # "vacant" only for an office in play
        off[:, -1] = s.office_fatigue / 2.0
        # ---- company ----
        o = self.o_money
        out[o] = s.balance / 20.0
        out[o + 1] = s.debt / 8.0
        out[o + 2] = s.standing / 7.0
        out[o + 3:o + 3 + len(TREASURY_NAMES)] = s.treasury / 10.0
        out[self.o_regs:self.o_regs + 2 * N_PRESIDENCIES] = s.regiments.reshape(-1) / 4.0
        cm = s.commander.astype(np.int64)
        out[self.o_cmd + np.arange(N_PRESIDENCIES) * (N_SLOTS + 1) + np.where(cm >= 0, cm, N_SLOTS)] = 1.0
        out[self.o_all:self.o_all + N_ALLIANCES] = s.alliance_active
        out[self.o_cships:self.o_cships + N_ZONES] = s.company_ships / 2.0
        out[self.o_cships + N_ZONES:self.o_cships + 2 * N_ZONES] = s.extra_ships / 2.0
        st_ = s.stock_exchange.astype(np.int64)
        out[self.o_stock + np.arange(5) * (N_SLOTS + 1) + np.where(st_ >= 0, st_, N_SLOTS)] = 1.0
        for k, token in enumerate(s.power_track):
            if token in POWER_TOKENS and k < 4:
                out[self.o_power + POWER_TOKENS.index(token) * 4 + k] = 1.0
        o = self.o_misc
        out[o] = s.share_vp / 3.0
        out[o + 1] = len(s.law_deck) / 26.0
        out[o + 2] = s.last_turn / 8.0
        out[o + 3] = s.regions_lost / 2.0
        out[o + 4] = 1.0 if s.company_failed else 0.0
        out[self.o_dial + int(s.dial)] = 1.0
        for law in s.laws_in_force:
            out[self.o_laws + LAW_INDEX[law]] = 1.0
        for law in s.law_discards:
            out[self.o_ldisc + LAW_INDEX[law]] = 1.0
        out[self.o_turn + int(s.turn) - 1] = 1.0
        out[self.o_phase + PHASE_KEYS.index(s.phase)] = 1.0
        # ---- ships ----
        ns = self.ns
        sh = out[self.o_ships:self.o_ships + N_SHIPS * ns].reshape(N_SHIPS, ns)
        so = s.shipyard_owner.astype(np.int64)
        rows = np.arange(N_SHIPS)
        sh[rows, np.where(so >= 0, so, N_SLOTS)] = 1.0
        sz = s.ship_zone.astype(np.int64)
        sh[rows, N_SLOTS + 1 + np.where(sz >= 0, 1 + sz, 0)] = 1.0
        sh[:, -1] = s.ship_fatigued
        # ---- india ----
        nr, ri = self.nr, self.ri
        rg = out[self.o_reg:self.o_reg + N_REGIONS * nr].reshape(N_REGIONS, nr)
        rows = np.arange(N_REGIONS)
        rg[:, ri["strength"]] = s.strength / 4.0
        rg[:, ri["dome"]] = s.dome
        ctl = s.control.astype(np.int64)
        rg[rows, ri["Indian"] + np.where(ctl >= 0, 1 + ctl, 0)] = 1.0
        fl = s.flag.astype(np.int64)
        f0 = ri[f"flag of {REGION_NAMES[0]}"]
        rg[rows, f0 + np.where(fl >= 0, fl, N_REGIONS)] = 1.0
        rg[:, ri["unrest"]] = s.unrest / 2.0
        rg[:, ri["loot faceup"]] = s.loot_faceup
        rg[:, ri["Company ship building"]] = s.region_company_ship
        el = s.elephant
        if el.get("region") in REGION:
            rg[REGION[el["region"]], ri["Elephant here"]] = 1.0
        if el.get("facing") in REGION:
            rg[REGION[el["facing"]], ri["Elephant facing here"]] = 1.0
        if s.event_stack:
            back = TILE_BACK[s.event_stack[-1]]
            if back in REGION:
                rg[REGION[back], ri["top event tile back"]] = 1.0
        out[self.o_ev] = len(s.event_stack) / 20.0
        for t in s.event_discards:
            out[self.o_ev + 1 + TILE_INDEX[t]] = 1.0
        # ---- orders ----
        nod = self.nod
        od = out[self.o_ord:self.o_ord + N_ORDERS * nod].reshape(N_ORDERS, nod)
        rows = np.arange(N_ORDERS)
        od[rows, s.order_state.astype(np.int64)] = 1.0
        wr = s.order_writer.astype(np.int64)
        has = wr >= 0
        od[rows[has], 3 + wr[has]] = 1.0
        pr = s.order_presidency.astype(np.int64)
        has = pr >= 0
        od[rows[has], 3 + N_SLOTS + pr[has]] = 1.0
        # ---- crown ----
        cr = s.crown
        if cr is not None:
            o = self.o_crown
            out[o] = 1.0
            deck = cr.get("deck") or []
            out[o + 1] = len(deck) / 10.0
            cubes = cr.get("cubes") or {}
            out[o + 2] = cubes.get("crown", 0) / 6.0
            out[o + 3] = cubes.get("family", 0) / 6.0
            c = cr.get("climate")
            if isinstance(c, int) and 0 <= c < len(CLIMATES):
                out[o + 4 + c] = 1.0
            o2 = o + 4 + len(CLIMATES)
            card = cr.get("card")
            if isinstance(card, int) and 1 <= card <= N_AI_CARDS:
                out[o2 + card - 1] = 1.0
            for d in cr.get("discards") or []:
                if isinstance(d, int) and 1 <= d <= N_AI_CARDS:
                    out[o2 + N_AI_CARDS + d - 1] = 1.0
            if deck:
                back = next((x["back"] for x in s.data.crown_ai_cards if x["id"] == deck[-1]), None)
                if back:
                    out[o2 + 2 * N_AI_CARDS + int(back[0])] = 1.0
        # ---- decision ----
        if mover is not None:
            out[self.o_to_move + mover] = 1.0
            if mover == me:
                self._decision(game, s.frames[-1], out)
        np.clip(out, self.low, self.high, out=out)
        return out

    def _decision(self, game, frame, out) -> None:
        o = self.o_dec
        out[o] = 1.0
        key = frame.get("then") if frame.get("kind") == "choose" else frame.get("kind")
        if key in NUMBER_KEYS:
            out[o + 1 if key == "number_tens" else o + 2] = 1.0
            if key == "number_units" and isinstance(frame.get("tens"), int):
                out[o + 3] = frame["tens"] / 10.0
            lo, hi = frame.get("lo"), frame.get("hi")
            if isinstance(lo, int) and isinstance(hi, int):
                out[o + 4] = min(lo, 100) / MAX_COUNT
                out[o + 5] = min(hi, 100) / MAX_COUNT
                out[o + 6] = hi / 100.0
            key = frame.get("next")
        out[o + 7] = len(frame.get("options") or ()) / 20.0
        i = self.key_index.get(key)
        if i is not None:
            out[self.o_key + i] = 1.0
        p = frame.get("p")
        if type(p) is int and 0 <= p < N_PRESIDENCIES:
            out[self.o_cp + p] = 1.0
        r = frame.get("r")
        if type(r) is int and 0 <= r < N_REGIONS:
            out[self.o_cr + r] = 1.0
        for k in ("office", "g"):
            v = frame.get(k)
            if type(v) is int and 0 <= v < N_OFFICES:
                out[self.o_co + v] = 1.0
        for k in FAMILY_CONTEXT_KEYS:
            v = frame.get(k)
            if type(v) is int and 0 <= v < N_SLOTS:
                out[self.o_cf + v] = 1.0
                break
        v = frame.get("slot")
        if type(v) is int and 0 <= v < N_SLOTS:
            out[self.o_cs + v] = 1.0
        z = frame.get("z")
        if type(z) is int and 0 <= z < N_ZONES:
            out[self.o_cz + z] = 1.0
        law = frame.get("law")
        vote = frame.get("vote")
        if isinstance(vote, dict):
            law = vote.get("law", law)
            sup = vote.get("support")
            if type(sup) is int:
                out[self.o_cv] = sup / 10.0
        if law in LAW_INDEX:
            out[self.o_cl + LAW_INDEX[law]] = 1.0
        for r in frame.get("declared") or ():
            if type(r) is int and 0 <= r < N_REGIONS:
                out[self.o_cdecl + r] = 1.0
        for x in frame.get("placed") or ():
            if type(x) is int and 0 <= x < N_ORDERS:
                out[self.o_cplaced + x] = 1.0
        for i, k in enumerate(COUNT_CONTEXT_KEYS):
            v = frame.get(k)
            if type(v) is int:
                out[self.o_cn + i] = v / 10.0
