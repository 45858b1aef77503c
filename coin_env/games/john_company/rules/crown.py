"""The Crown's rules in a solo game (option ``crown: true``; RB p.43-46, Crown Handbook, solo aid).

Where the Handbook changes *rules* (not just the Crown's choices) the engine applies them here; the
Crown's choices are made by the ``crown`` bot (bots/crown.py) like any seat's. Without the option the
Crown seat is an ordinary family (the engine's default since the first increment).

* Set-up (RB p.45, AID Setup): the ten AI cards are shuffled facedown, the top one is revealed and the
  climate is set from its chart; promise cubes by difficulty (RB p.46: Easy / Normal 6 and 6, Hard /
  Expert 10 and 2, Legendary 12 and 0); Expert deals the Crown 3 extra setup cards, Legendary 6 (AID).
* Set Climate (RB p.45, HB Chairman): once a turn in the Chairman's operation -- before the Crown acts
  when it is Chairman, after a family Chairman finishes (vacant Chairman: at the start of the slot, a
  reading: the Handbook is silent, digest §9.4). A new AI card is revealed (the deck reshuffled from
  its discards when empty: reconstructed, BGA) and its chart sets the climate.
* Climate Shift (HB Parliament): roll 6 dice -- first thing in Parliament when the Crown is PM; when the family
  is PM after the law, the dial and the initial support, just before the votes (solo aid 20); S successes (1-2), F = 6 - S;
  shift right once if S >= Standing and once more if S > Standing, then left once if F <= Standing
  and once more if F < Standing, each as far as the track allows (digest T24).
* Family (HB Family): the Crown takes two family actions and has no opportunity marker; before them,
  with at least 4 vacant offices it enlists a free writer, and then a second free writer if a
  Presidency has a vacant President and no Crown writer (both placed by the Crown's decision).
* Parliament (HB Parliament): the Crown always votes first (each round), may vote against even as Prime
  Minister, and when it casts votes adds free votes by its treasury (£0-3 +0, £4-6 +1, £7-10 +2,
  £11-14 +3, £15+ +4), once per vote (rules/parliament.py).
* Final Scoring (RB p.46; AID §22): the Power Award gives first place only and the failure table
  adjusts the family's VP (rules/final_scoring.py, already solo-aware).

* Favours and promise cubes (RB p.45-46; HB per phase): rules/crown_favours.py (the favour windows, the Crown
  board's basic favours, consent favours, the phases' mandatory favours, "you decide for the Crown").
* Royal Privilege (HB Parliament / Upkeep, AID): :func:`royal_privilege` -- the Crown's unpaid tax or upkeep
  comes from the Company Balance, with emergency loans (which may fail the Company).

Layer (DESIGN.md "Layers"): with rules/crown_favours.py the solo layer above the phases. It answers the points
the procedures announce (registry.py): "set_climate" (rules/operations.py), "climate_shift" and
"royal_privilege_tax" (rules/parliament.py), "royal_privilege" (rules/upkeep.py); the Handbook's rules for the
Crown's seat that a phase applies itself (two family actions, free writers, free votes) read queries.py
(``crown_slot``, ``free_writers_due``, ``extra_votes``). No phase imports this module.

Not implemented (named, never silent): the favours rules/crown_favours.py lists as missing; Legendary's
failure card (its text is missing, digest G9); two-family Crown rules (digest §9.8: the Handbook's 2P rules
are not in the sources).
"""

from __future__ import annotations

from ..data import company
from ..data import crown as cd
from ..data.cards import ROYAL_PROTECTION, WINDOW_TAX_REPEAL
from ..queries import active, card, owned
from ..registry import CONTINUATIONS, answers
from ..static import CHAIRMAN, CROWN
from .common import lower_standing, name

DIFFICULTIES = tuple(cd.DIFFICULTY[0])


# --- measures the climate charts read (digest Appendix E) ---------------------------------------------
def _ships_in_zone(s, z) -> int:
    return int(s.company_ships[z] + s.extra_ships[z] + (s.ship_zone == z).sum())


def _most(values_crown: int, values_other: int) -> bool:
    """RB p.46 'most': as many or more than you, at least 1."""
    return values_crown >= 1 and values_crown >= values_other


MEASURES = {
    "standing": lambda s: int(s.standing),
    "debt": lambda s: int(s.debt),
    "presidencies_with_region": lambda s: len({int(c) for c in s.control if c >= 0}),
    "zones_with_two_ships": lambda s: sum(1 for z in range(3) if _ships_in_zone(s, z) >= 2),
    "crown_shares": lambda s: int(s.court[CROWN]) + int(s.office_holder[CHAIRMAN] == CROWN),
    # all Company shares: the Court's pieces of every family plus the Chairman's piece (AI card 6's chart as
    # BGA encodes it, ``FamilyMembers::countInLocation(COURT_OF_DIRECTORS) + 1``; digest Appendix E)
    "company_shares": lambda s: int(sum(int(s.court[f]) for f in s.seats)) + int(s.office_holder[CHAIRMAN] >= 0),
    "crown_cash": lambda s: int(s.cash[CROWN]),
    "company_regions": lambda s: int((s.control >= 0).sum()),
    "unrest": lambda s: int(s.unrest[s.control >= 0].sum()),
    "crown_writers_minus_yours": lambda s: int(s.writers[CROWN].sum()) - max(
        (int(s.writers[f].sum()) for f in s.seats if f != CROWN), default=0),
}


def chart_climate(state, c: dict) -> int:
    """RB p.45 (4): read the climate chart top to bottom; the first row that holds sets the climate."""
    for measure, op, value, climate in c["chart"]:
        v = MEASURES[measure](state)
        if (op == "<=" and v <= value) or (op == ">=" and v >= value):
            return climate
    return c["default"]


# --- set-up (RB p.45-46) ---------------------------------------------------------------------------------
def new_record(difficulty: str) -> dict:
    """The favour part of the Crown's record at set-up: Easy's promise cards and the favours performed (RB p.46;
    rules/crown_favours.py keeps the record)."""
    return {"promise_cards": cd.PROMISE_CARDS_EASY[0] if difficulty == "easy" else 0,
            "favours": {"turn": 1, "done": [], "total": 0}}


def setup(state, difficulty: str) -> None:
    crown_cubes, your_cubes, _extra, _spend = cd.DIFFICULTY[0][difficulty]
    deck = [c["id"] for c in state.data.crown_ai_cards]
    state.rng.shuffle(deck)
    state.crown = {"difficulty": difficulty, "deck": deck, "card": None, "discards": [], "climate": cd.BULL,
                   "cubes": {"crown": crown_cubes, "family": your_cubes}, **new_record(difficulty)}
    _flip(state)


def _flip(state) -> None:
    cr = state.crown
    if cr["card"] is not None:
        cr["discards"] = cr["discards"] + [cr["card"]]
    if not cr["deck"]:                       # reconstructed: AI_DECK_EXHAUSTED
        deck = list(cr["discards"])
        state.rng.shuffle(deck)
        cr["deck"], cr["discards"] = deck, []
    cr["deck"] = list(cr["deck"])
    cr["card"] = cr["deck"].pop()
    cr["climate"] = chart_climate(state, card(state))


@answers("set_climate")
def set_climate(game) -> None:
    """RB p.45 Set Climate (the point "set_climate", announced by rules/operations.py as the Chairman acts):
    reveal a new AI card and set the climate from its chart."""
    s = game.state
    _flip(s)
    game.log_note("crown", f"The Crown reveals AI card {s.crown['card']}: climate {cd.CLIMATES[s.crown['climate']]}",
                  card=s.crown["card"], climate=cd.CLIMATES[s.crown["climate"]])


@CONTINUATIONS.register
def crown_set_climate(game, frame, _):
    set_climate(game)


def shift(climate: int, successes: int, standing: int) -> int:
    """HB Climate Shift: rightward shifts first, then leftward, each bounded by the track (digest T24)."""
    failures = cd.CLIMATE_SHIFT_DICE[0] - successes
    right = int(successes >= standing) + int(successes > standing)
    left = int(failures <= standing) + int(failures < standing)
    climate = min(len(cd.CLIMATES) - 1, climate + right)
    return max(0, climate - left)


@answers("climate_shift")
def climate_shift(game) -> None:
    """HB Climate Shift (the point "climate_shift", announced by rules/parliament.py): the dice against the
    Standing move the climate (:func:`shift`)."""
    s = game.state
    dice = [s.rng.die(6, "Climate Shift") for _ in range(cd.CLIMATE_SHIFT_DICE[0])]
    successes = sum(1 for d in dice if d <= 2)
    before = s.crown["climate"]
    s.crown = dict(s.crown, climate=shift(before, successes, int(s.standing)))
    game.log_note("crown", f"Climate Shift: dice {dice}, {successes} successes against Standing {int(s.standing)}: "
                  f"{cd.CLIMATES[before]} -> {cd.CLIMATES[s.crown['climate']]}", roll=dice)


def log_free_writer(game) -> None:
    game.log_note("crown", f"{name(CROWN)} enlists a free writer (4 or more vacant offices, Crown Handbook: Family)")


# --- Royal Privilege (HB Parliament / Upkeep; AID; digest §9.6.13-9.6.14) -------------------------------------
@answers("royal_privilege", solo=True)
def royal_privilege(game, slot: int, due: int) -> bool:
    """HB / AID Royal Privilege: when the Crown cannot afford a tax (or its family expenses, the prize upkeep),
    it takes the shortfall from the Company Balance, forcing emergency loans if needed (this may cause Company
    failure); a Crown Chairman discards Royal Protection first if it is available.

    Readings: the loans are Revenue's (RB p.27: +£5 and one Debt space each, none past the track's end;
    Standing -1 for 1-2 loans, -2 for 3 or more, public embarrassment; Standing 0 is Company failure).
    Discarding Royal Protection avoids the loans (as in Revenue): the Balance gives what it has and the rest
    of the shortfall is cancelled. The Crown's cash is topped up to ``due`` and the caller then charges it
    as usual. True if the Company failed (the game has gone to Final Scoring: the caller stops)."""
    s = game.state
    if not active(s) or slot != CROWN or due <= s.cash[CROWN]:
        return False
    short = due - int(s.cash[CROWN])
    from_balance = min(short, int(s.balance))
    s.balance -= from_balance
    s.cash[CROWN] += short
    loans = 0
    rest = short - from_balance
    if rest and ROYAL_PROTECTION in s.laws_in_force and s.office_holder[CHAIRMAN] == CROWN:
        s.laws_in_force = [x for x in s.laws_in_force if x != ROYAL_PROTECTION]
        s.law_discards.append(ROYAL_PROTECTION)
        game.log_note("crown", f"Royal Privilege: the Crown Chairman discards Royal Protection; £{rest} of its "
                      "shortfall is cancelled")
        rest = 0
    while rest > 0:
        loans += 1
        s.balance += company.DEBT_STEP_CASH[0]
        if s.debt < company.MAX_DEBT[0]:
            s.debt += 1
        take = min(rest, int(s.balance))
        s.balance -= take
        rest -= take
    game.log_note("crown", f"Royal Privilege: the Crown takes £{short} of its £{due} from the Company Balance"
                  + (f" ({loans} emergency loan(s), Debt {int(s.debt)})" if loans else ""))
    if loans:
        return lower_standing(game, 1 if loans <= 2 else 2, "emergency loans for Royal Privilege")
    return False


@answers("royal_privilege_tax", solo=True)
def royal_privilege_tax(game, slot: int, target: str, window: bool) -> bool:
    """Royal Privilege for a Tax policy (RB p.34; the point "royal_privilege_tax", announced by rules/parliament.py):
    £1 per target owned, plus the window tax when due."""
    s = game.state
    if not active(s) or slot != CROWN:
        return False
    due = owned(s, slot, target)
    if window and WINDOW_TAX_REPEAL not in s.laws_in_force:
        due += int(s.luxuries[slot]) + sum(int(s.prize_pieces[slot, b]) * game.data.prizes[b][3] for b in range(5))
    return royal_privilege(game, slot, due)
