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
* ``firms``     (Deregulation, RB p.36-42) per slot's firm: treasuries, Value, dividend cube, ships, shares by
  owner, strategy (another manager's only once revealed; "unseen" while hidden), allocation (once the amounts
  are revealed), check / initiative / traded, this turn's additions and emergency investments; per slot the
  pieces in Debtor's Prison and invested workshops; the scenario's Deregulation tools, lined / star spaces.
* ``crown``     the Crown Handbook's rules in play (option ``crown``): climate, faceup AI card, discards,
  deck size, promise cubes.
* ``negotiation`` who holds each family's Consent to Nepotism promise card (option ``negotiation``).
* ``decision``  the perspective is to decide; what is asked: the prompt key (one-hot over the game's
  continuations: the procedure a ``choose`` feeds, or for a number asked in digits the procedure the number
  goes to, with the digit step: tens or units, the tens chosen, the lowest and highest legal value); the
  frame's context: Presidency, region, office, family, sea zone, law, the law being voted on and its
  support, regions declared and orders filled so far, and small counts (strength still to exhaust,
  transfers made, dice, ...); an offer being made or answered: who offers, the items offered so far; the
  number of legal actions.
"""

from __future__ import annotations

import numpy as np

from ...core.encoding import Encoder
from .actions import MAX_COUNT, OFFER_BLACKMAIL, OFFER_PROMISE0, OFFERS, VOCABULARY
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
PHASE_KEYS = ["setup"] + list(PHASES) + ["final_scoring"] + ["deregulation_vote", "firms"]
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
    for m in pkgutil.iter_modules(rules.__path__, rules.__name__ + "."):     # every rules module
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
        self.fi = fi = {n: i for i, n in enumerate(per)}
        self.count_scale = np.array([1 / 4, 1.0, 1 / 2, 1 / 4, 1 / 4], dtype=np.float32)
        self.count_shift = np.repeat(np.arange(5) * 8 + 1, [N_OFFICES, N_PRESIDENCIES, 5, N_SHIPS, N_ORDERS])
        self.c_prestige = fi[f"prestige {PRESTIGE_NAME[PRESTIGE[0]]}"]
        self.c_used = fi[f"used blackmail {BLACKMAIL_NAME[BLACKMAIL[0]]}"]
        self.c_opp = fi["opportunity " + FAMILY_ACTIONS[0][1]]
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
        sh = ([f"owner {s}" for s in SLOT_NAMES] + ["no owner", "on its shipyard"] + [f"in {z}" for z in SEA_ZONES]
              + ["fatigued", "on a firm charter"])
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
        # --- negotiation (option negotiation "offers", rules/offers.py) --------------------------------------
        self.o_prom = b("negotiation", [f"{SLOT_NAMES[g]}'s promise card held by {h}" for g in range(N_SLOTS)
                                        for h in SLOT_NAMES])
        # --- firms (RB p.36-42) ------------------------------------------------------------------------------
        self.firm_cols = (["manages a firm", "London treasury", "India treasury", "Value space", "Value £",
                           "dividend cube placed", "dividend cube", "ships", "shares"]
                          + [f"shares of {s}" for s in SLOT_NAMES]
                          + [f"strategy {z}" for z in SEA_ZONES[:3]] + ["strategy Hobnob", "strategy unseen",
                                                                        "allocated", "allocation unseen", "checked",
                                                                        "initiative", "may trade", "traded",
                                                                        "added this turn", "emergency investments"])
        self.nfirm = len(self.firm_cols)
        self.o_firms = b("firms", [f"firm of {s}: {c}" for s in SLOT_NAMES for c in self.firm_cols])
        self.o_firm_fam = b("firms", [f"{s}: {c}" for s in SLOT_NAMES for c in ("Debtor's Prison", "invested workshops")])
        self.o_firm_misc = b("firms", ["Deregulation tools", "lined space", "star space"])
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
        self.o_offer_from = b("decision", [f"offer from {s}" for s in SLOT_NAMES])
        self.offer_actions = ([VOCABULARY.index("offer", k) for k, _ in OFFERS] + list(OFFER_BLACKMAIL.values())
                              + [OFFER_PROMISE0 + g for g in range(N_SLOTS)])
        self.offer_index = {a: i for i, a in enumerate(self.offer_actions)}
        self.o_offered = b("decision", [f"offered {VOCABULARY.label(a)[len('offer '):]}" for a in self.offer_actions])
        self._tables()

    # -- gather tables: every state array lands in the vector with one concatenation and one assignment ------
    def _tables(self) -> None:
        """Precompute, by feature name, where each element of the state's arrays goes: ``NUMERIC`` arrays
        as scaled values, ``ONE_HOT`` arrays as a 1 at the feature their value names (or nowhere)."""
        ix = {n: i for i, n in enumerate(self.feature_names)}
        self.dummy = len(self.feature_names)            # the scratch slot past the end (a value naming nothing)
        fam = lambda slot, col: ix[f"family {SLOT_NAMES[slot]}: {col}"]      # noqa: E731
        P = PRESIDENCY_NAMES
        numeric = [   # (state array, target feature per flat element, scale)
            ("cash", [fam(i, "cash") for i in range(N_SLOTS)], 1 / 20),
            ("vp", [fam(i, "VP") for i in range(N_SLOTS)], 1 / 10),
            ("supply", [fam(i, "supply") for i in range(N_SLOTS)], 1 / 18),
            ("writers", [fam(i, f"writers {P[p]}") for i in range(N_SLOTS) for p in range(3)], 1 / 4),
            ("officers", [fam(i, f"officers {P[p]} Army {st}") for i in range(N_SLOTS) for p in range(3)
                          for st in ("active", "exhausted")], 1 / 4),
            ("officers_in_training", [fam(i, "Officers-in-Training") for i in range(N_SLOTS)], 1 / 4),
            ("court", [fam(i, "Court shares") for i in range(N_SLOTS)], 1 / 4),
            ("pensioners", [fam(i, "pensioners") for i in range(N_SLOTS)], 1 / 4),
            ("prize_pieces", [fam(i, f"prize box {k + 1}") for i in range(N_SLOTS) for k in range(5)], 1 / 2),
            ("trophies", [fam(i, "trophies") for i in range(N_SLOTS)], 1 / 4),
            ("law_tokens", [fam(i, "law tokens") for i in range(N_SLOTS)], 1 / 4),
            ("workshops", [fam(i, "workshops") for i in range(N_SLOTS)], 1 / 2),
            ("luxuries", [fam(i, "luxuries") for i in range(N_SLOTS)], 1 / 2),
            ("office_exists", [ix[f"office {o}: in play"] for o in OFFICE_NAMES], 1.0),
            ("office_fatigue", [ix[f"office {o}: fatigue"] for o in OFFICE_NAMES], 1 / 2),
            ("treasury", [ix[f"treasury {x}"] for x in TREASURY_NAMES], 1 / 10),
            ("regiments", [ix[f"regiments {P[p]} Army {st}"] for p in range(3) for st in ("active", "exhausted")], 1 / 4),
            ("alliance_active", [ix[f"alliance {a} active"] for a in ALLIANCE_NAMES], 1.0),
            ("company_ships", [ix[f"Company ships {z}"] for z in SEA_ZONES], 1 / 2),
            ("extra_ships", [ix[f"extra ships {z}"] for z in SEA_ZONES], 1 / 2),
            ("ship_fatigued", [ix[f"ship {n}: fatigued"] for n in SHIP_NAMES], 1.0),
            ("strength", [ix[f"region {r}: strength"] for r in REGION_NAMES], 1 / 4),
            ("dome", [ix[f"region {r}: dome"] for r in REGION_NAMES], 1.0),
            ("unrest", [ix[f"region {r}: unrest"] for r in REGION_NAMES], 1 / 2),
            ("loot_faceup", [ix[f"region {r}: loot faceup"] for r in REGION_NAMES], 1.0),
            ("region_company_ship", [ix[f"region {r}: Company ship building"] for r in REGION_NAMES], 1.0),
        ]
        self.numeric_names = tuple(name for name, _, _ in numeric)
        self.numeric_index = np.array([i for _, idx, _ in numeric for i in idx], dtype=np.int64)
        self.numeric_divisor = np.array([round(1 / sc) for _, idx, sc in numeric for _ in idx], dtype=np.float64)
        slot_or = lambda fmt, none: (lambda e, v: fmt(e, v) if v >= 0 else none(e))   # noqa: E731
        one_hot = [   # (state array, lowest value, highest value, feature of (element, value) or None)
            ("office_holder", -1, N_SLOTS - 1, slot_or(lambda e, v: f"office {OFFICE_NAMES[e]}: held by {SLOT_NAMES[v]}",
                                                       lambda e: f"office {OFFICE_NAMES[e]}: vacant")),
            ("commander", -1, N_SLOTS - 1, slot_or(lambda e, v: f"Commander {P[e]} Army: {SLOT_NAMES[v]}",
                                                   lambda e: f"Commander {P[e]} Army: vacant")),
            ("stock_exchange", -1, N_SLOTS - 1, slot_or(lambda e, v: f"Stock Exchange {e + 1}: {SLOT_NAMES[v]}",
                                                        lambda e: f"Stock Exchange {e + 1}: empty")),
            ("shipyard_owner", -1, N_SLOTS - 1, slot_or(lambda e, v: f"ship {SHIP_NAMES[e]}: owner {SLOT_NAMES[v]}",
                                                        lambda e: f"ship {SHIP_NAMES[e]}: no owner")),
            ("ship_zone", -1, N_ZONES, slot_or(lambda e, v: f"ship {SHIP_NAMES[e]}: in {SEA_ZONES[v]}" if v < N_ZONES
                                               else f"ship {SHIP_NAMES[e]}: on a firm charter",
                                               lambda e: f"ship {SHIP_NAMES[e]}: on its shipyard")),
            ("control", -1, N_PRESIDENCIES - 1, slot_or(lambda e, v: f"region {REGION_NAMES[e]}: controlled by {P[v]}",
                                                        lambda e: f"region {REGION_NAMES[e]}: Indian")),
            ("flag", -1, N_REGIONS - 1, slot_or(lambda e, v: f"region {REGION_NAMES[e]}: flag of {REGION_NAMES[v]}",
                                                lambda e: f"region {REGION_NAMES[e]}: no flag")),
            ("order_state", 0, 2, lambda e, v: f"order {ORDER_NAMES[e]}: {('open', 'closed', 'filled')[v]}"),
            ("order_writer", -1, N_SLOTS - 1, slot_or(lambda e, v: f"order {ORDER_NAMES[e]}: writer of {SLOT_NAMES[v]}",
                                                      lambda e: None)),
            ("order_presidency", -1, N_PRESIDENCIES - 1, slot_or(lambda e, v: f"order {ORDER_NAMES[e]}: filled by {P[v]}",
                                                                 lambda e: None)),
        ]
        sizes = {"office_holder": N_OFFICES, "commander": N_PRESIDENCIES, "stock_exchange": 5, "shipyard_owner": N_SHIPS,
                 "ship_zone": N_SHIPS, "control": N_REGIONS, "flag": N_REGIONS, "order_state": N_ORDERS,
                 "order_writer": N_ORDERS, "order_presidency": N_ORDERS}
        lut, starts = [], []
        for name, lo, hi, feature in one_hot:
            for e in range(sizes[name]):
                starts.append(len(lut) - lo)
                for v in range(lo, hi + 1):
                    f = feature(e, v)
                    lut.append(self.dummy if f is None else ix[f])
        self.one_hot_names = tuple(name for name, *_ in one_hot)
        self.one_hot_lut = np.array(lut, dtype=np.int64)
        self.one_hot_start = np.array(starts, dtype=np.int64)
        self.vacant_index = np.array([ix[f"office {o}: vacant"] for o in OFFICE_NAMES], dtype=np.int64)
        self.buffer = np.zeros(self.dummy + 1, dtype=np.float32)

    # -----------------------------------------------------------------------------------------------------
    def encode(self, game, perspective: str, out: np.ndarray) -> np.ndarray:
        s = game.state
        buf = self.buffer
        buf[:] = 0.0
        out_final = out
        out = buf                                  # one slot longer: the scratch slot for values naming nothing
        me = game.slot_of(perspective)
        seats = s.seats
        to_move = None if s.over else game.current_player()
        mover = None if to_move is None else game.slot_of(to_move)
        nf, fi = self.nf, self.fi
        fam = out[self.o_fam:self.o_fam + N_SLOTS * nf].reshape(N_SLOTS, nf)
        # ---- every state array at once (families, offices, Company, ships, India, orders) ----
        out[self.numeric_index] = np.concatenate([getattr(s, n).ravel() for n in self.numeric_names]) / self.numeric_divisor
        out[self.one_hot_lut[self.one_hot_start + np.concatenate([getattr(s, n).ravel() for n in self.one_hot_names])]] = 1.0
        out[self.vacant_index] *= s.office_exists          # "vacant" only for an office in play
        # ---- families ----
        for pos, slot in enumerate(seats):
            row = fam[slot]
            row[fi["seated"]] = 1.0
            row[fi["seat position"]] = pos / 6.0
            h = s.hands[slot]
            row[fi["prestige cards"]] = len(h["prestige"]) / 4.0
            row[fi["facedown blackmail cards"]] = len(h["blackmail"]) / 2.0
            p0 = self.c_prestige
            for c in h["prestige"]:
                if c in PRESTIGE_INDEX:
                    row[p0 + PRESTIGE_INDEX[c]] += 1.0
            u0 = self.c_used
            for c in h["used"]:
                if c in BLACKMAIL_INDEX:
                    row[u0 + BLACKMAIL_INDEX[c]] += 1.0
            opp = s.opportunity[slot]
            if opp is not None:
                row[self.c_opp + FAMILY_ACTION_KEYS.index(opp)] = 1.0
        fam[me, fi["perspective"]] = 1.0
        if mover is not None:
            fam[mover, fi["to move"]] = 1.0
        for slot, col in ((s.pm, "Prime Minister"), (s.opposition_leader, "Opposition leader"),
                          (s.chairman_title, "Chairman's title")):
            if slot >= 0:
                fam[slot, fi[col]] = 1.0
        # pieces by place: offices held, Army commands, Stock Exchange, shipyards, orders (slot -1: nobody)
        counts = np.bincount(np.concatenate((s.office_holder, s.commander, s.stock_exchange, s.shipyard_owner,
                                             s.order_writer)).astype(np.int64) + self.count_shift,
                             minlength=40).reshape(5, 8)[:, 1:]
        o = fi["offices held"]
        fam[:, o:o + 5] = counts.T * self.count_scale
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
        # ---- company ----
        o = self.o_money
        out[o] = s.balance / 20.0
        out[o + 1] = s.debt / 8.0
        out[o + 2] = s.standing / 7.0
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
        # ---- india ----
        nr, ri = self.nr, self.ri
        rg = out[self.o_reg:self.o_reg + N_REGIONS * nr].reshape(N_REGIONS, nr)
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
        # ---- negotiation ----
        for g, h in enumerate(s.promises):
            if h >= 0:
                out[self.o_prom + g * N_SLOTS + h] = 1.0
        self._firms(game, me, out)
        # ---- decision ----
        if mover is not None:
            out[self.o_to_move + mover] = 1.0
            if mover == me:
                self._decision(game, s.frames[-1], out)
        np.clip(buf[:self.dummy], self.low, self.high, out=out_final)
        return out_final

    def _firms(self, game, me, out) -> None:
        """The firms as ``me`` may see them: another manager's strategy only once revealed, its allocation
        only once the amounts are revealed (RB p.40; hidden.py)."""
        from .rules.firms import on_lined, on_star, tools
        s = game.state
        fr = s.firms
        o = self.o_firm_misc
        out[o] = 1.0 if tools(s) else 0.0
        out[o + 1] = 1.0 if on_lined(game) else 0.0
        out[o + 2] = 1.0 if on_star(game) else 0.0
        for slot in range(N_SLOTS):
            out[self.o_firm_fam + 2 * slot] = fr["prison"][slot] / 4.0
            out[self.o_firm_fam + 2 * slot + 1] = fr["invested"][slot] / 2.0
        n = self.nfirm
        track = game.data.firm_value_track
        for x in fr["firms"]:
            row = out[self.o_firms + x["manager"] * n:self.o_firms + (x["manager"] + 1) * n]
            mine = x["manager"] == me
            row[0] = 1.0
            amounts_seen = mine or fr["amounts_public"] or x["revealed"]
            # while the amounts are secret the London treasury shows what it held before the allocation
            row[1] = (x["london"] if amounts_seen else x["london"] + x["allocated"]) / 20.0
            row[2] = x["india"] / 20.0
            row[3], row[4] = x["value"] / 6.0, track[x["value"]][0] / 10.0
            row[5] = 1.0 if x["dividend"] is not None else 0.0
            row[6] = (x["dividend"] or 0) / 10.0
            row[7], row[8] = len(x["ships"]) / 2.0, sum(x["shares"]) / 5.0
            row[9:9 + N_SLOTS] = np.asarray(x["shares"], dtype=np.float32) / 2.0
            k = 9 + N_SLOTS
            if x["strategy"] >= 0:
                if mine or x["revealed"]:
                    row[k + x["strategy"]] = 1.0
                else:
                    row[k + 4] = 1.0
            if amounts_seen:
                row[k + 5] = x["allocated"] / 10.0
            elif x["strategy"] >= 0:
                row[k + 6] = 1.0
            row[k + 7] = 1.0 if x["revealed"] else 0.0
            if x["initiative"] is not None:
                row[k + 8] = x["initiative"] / 4.0
                row[k + 9] = 1.0
            row[k + 10] = 1.0 if x["traded"] else 0.0
            row[k + 11] = x["added"] / 10.0
            row[k + 12] = x["emergency"] / 2.0

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
        if frame.get("offerers"):                  # an offer being made or answered (rules/offers.py)
            out[self.o_offer_from + frame["offerers"][0]] = 1.0
            for offer, _ in frame.get("bundle") or ():
                if offer in self.offer_index:
                    out[self.o_offered + self.offer_index[offer]] += 1.0
