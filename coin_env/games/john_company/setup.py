"""Set-up (RB p.4-5) of the 1710 scenario for 1-6 families, and the game's options.

Options:
* ``families``: 1-6 player families (default 4). 1: solo against the Crown (RB p.43); 2: two families
  and the Crown as a third (RB p.44); 3-6: no Crown.
* ``data_pack``: an owner data pack (data_facts.OWNER_KEYS) replacing reconstructed printed values.
* ``crown``: true (solo only) -- the Crown plays by the Crown Handbook's rules (rules/crown.py: AI deck,
  climate, two family actions, free writers and votes); false (default) -- the Crown seat is an ordinary
  family seat. ``crown_difficulty``: easy, normal (default), hard, expert, legendary (RB p.46, AID).
* ``setup_deal``: "random" (default: setup cards dealt at random, RB p.5 step 10 and the solo variant)
  or "draw" (one or two families only, refused with 3-6: the solo deal -- draw 3, keep 1, give 2 to the Crown, until 4 / 8,
  RB p.43 -- or the two-family deal -- each draws 3, keeps 2, gives 1 to the Crown, twice, RB p.44 --
  as decisions of the families). The draft variant (RB p.5) is not offered.
* ``negotiation``: "none" (default: no transfers between families, no promise cards; every consent is
  a plain yes / no) or "offers" (structured binding offers at consents and the Consent to Nepotism
  promise card, rules/offers.py; not with ``crown``).
* ``blackmail_windows``: "holders" (default: a blackmail card's window asks its holders only, which shows
  who holds it) or "everyone" (every family it could concern is asked, a family without the card can only
  decline: being asked reveals nothing; rules/blackmail.py ``askees``).
"""

from __future__ import annotations

from .data import company, scenarios
from .data.cards import BLACKMAIL, ENTERPRISE_PRESTIGE, LAWS_NOT_IN_1710, SPOUSES
from .data.crown import DIFFICULTY
from .data_facts import load_data
from .rules.crown import DIFFICULTIES, setup as crown_setup
from .rules.offers import MODES
from .state import JohnCompanyState
from .static import (BASE_OFFICES, CHAIRMAN, CLOSED, CROWN, HIRE_NUMBER, N_SHIPS, OFFICE, ORDER, PRESIDENCY_NAMES,
                     REGION, SEA_ZONES)

SCENARIOS = ("1710", "Long 1710")
OPTION_KEYS = ("families", "data_pack", "setup_deal", "crown", "crown_difficulty", "negotiation", "blackmail_windows")


def validate_options(options: dict) -> dict:
    out = dict(options or {})
    for k in out:
        if k not in OPTION_KEYS:
            raise ValueError(f"unknown option {k!r}; known: {list(OPTION_KEYS)}")
    n = out.setdefault("families", 4)
    if type(n) is not int or not 1 <= n <= 6:
        raise ValueError(f"option 'families' must be an integer 1..6, not {n!r}")
    out.setdefault("data_pack", None)
    deal = out.setdefault("setup_deal", "random")
    if deal not in ("random", "draw"):
        raise ValueError(f"option 'setup_deal' must be 'random' or 'draw', not {deal!r}")
    if deal == "draw" and n > 2:        # the drawn deals are the solo and two-family set-ups (RB p.43-44)
        raise ValueError(f"option 'setup_deal': 'draw' is the set-up for one or two families (RB p.43-44), not "
                         f"{n}; with 3-6 families the setup cards are dealt at random (RB p.5)")
    crown = out.setdefault("crown", False)
    if type(crown) is not bool:
        raise ValueError(f"option 'crown' must be true or false, not {crown!r}")
    if crown and n != 1:
        raise ValueError("option 'crown' (the Crown Handbook's rules) needs 'families': 1 (solo); the two-family "
                         "Crown rules are not in the sources (digest §9.8)")
    level = out.setdefault("crown_difficulty", "normal")
    if level not in DIFFICULTIES:
        raise ValueError(f"option 'crown_difficulty' must be one of {list(DIFFICULTIES)}, not {level!r}")
    if level != "normal" and not crown:
        raise ValueError("option 'crown_difficulty' needs 'crown': true")
    mode = out.setdefault("negotiation", "none")
    if mode not in MODES:
        raise ValueError(f"option 'negotiation' must be one of {list(MODES)}, not {mode!r}")
    if mode != "none" and crown:
        raise ValueError("option 'negotiation' is for families: against the Crown, favours replace it (RB p.45)")
    windows = out.setdefault("blackmail_windows", "holders")
    if windows not in ("holders", "everyone"):
        raise ValueError(f"option 'blackmail_windows' must be 'holders' or 'everyone', not {windows!r}")
    return out


def seats_for(n_families: int) -> list[int]:
    """Family slots in play: the first n family sets, plus the Crown with one or two families."""
    seats = list(range(n_families))
    if n_families <= 2:
        seats.append(CROWN)
    return seats


def deal_sizes(n_families: int) -> tuple[int, dict]:
    """(extra setup cards, cards per seat) -- RB p.5 step 10; solo RB p.43 (4 / Crown 8); 2P RB p.44."""
    extras = scenarios.EXTRA_SETUP_CARDS[0].get(n_families, 0)
    if n_families == 1:
        return 0, {0: 4, CROWN: 8}
    if n_families == 2:
        return 0, {0: 4, 1: 4, CROWN: 4}
    per = 4 if n_families == 3 else 3
    return extras, {i: per for i in range(n_families)}


def build_state(seed: int, options: dict, scenario: str = "1710") -> JohnCompanyState:
    from ...core.rng import Rng
    data = load_data(options.get("data_pack"))
    n = options["families"]
    s = JohnCompanyState.empty()
    s.data = data
    s.rng = Rng(seed)
    rng = s.rng
    sc = scenarios.SCENARIO_1710
    s.scenario = scenario
    s.seats = seats_for(n)
    s.turn = sc["first_turn"][0]
    # Long 1710 (RB p.4): the 1710 set-up, up to 8 turns, with the Vote to Deregulate (rules/deregulation.py)
    s.last_turn = data.last_turn_1710 if scenario == "1710" else scenarios.SCENARIO_LONG_1710["last_turn"][0]
    # step 2: India event tiles, facedown (RB p.4)
    s.event_stack = [t[0] for t in data.event_tiles]
    rng.shuffle(s.event_stack)
    # step 3: local alliances in their Armies, exhausted (BGA); step 4: Balance
    s.alliance_active[:] = 0
    s.balance = sc["balance"][0]
    # step 5: power tokens
    s.power_track = list(company.POWER_TRACK_1710[0])
    # step 6: families
    for slot in s.seats:
        s.supply[slot] = company.CROWN_PIECES[0] if slot == CROWN else company.FAMILY_PIECES[0]
    # step 9: the scenario card
    s.debt = sc["debt"][0]
    s.standing = sc["standing"][0]
    s.treasury[:] = sc["office_treasury"][0]
    s.regiments[:, 0] = sc["regiments_per_army"][0]
    for region, towers in sc["strength"][0].items():
        s.strength[REGION[region]] = towers
    s.dome[:] = 1
    for capital, dominated in sc["empires"][0].items():
        s.flag[REGION[capital]] = REGION[capital]
        for r in dominated:
            s.flag[REGION[r]] = REGION[capital]
    for o in sc["closed_orders"][0]:
        s.order_state[ORDER[o]] = CLOSED
    s.elephant = dict(sc["elephant"][0])
    s.dial = company.DIAL_START[0]["1710"]
    for o in BASE_OFFICES:
        s.office_exists[o] = 1
    # step 12 (before dealing, so that setup cards can draw a random blackmail card): the decks
    blackmail = [c[0] for c in BLACKMAIL]
    rng.shuffle(blackmail)
    # step 10: setup cards
    extras, per_seat = deal_sizes(n)
    basic = [c for c in data.setup_cards if not c[1]]
    extra = [c for c in data.setup_cards if c[1]]
    rng.shuffle(extra)
    deck = basic + extra[:extras]
    rng.shuffle(deck)
    ships = list(range(N_SHIPS))
    rng.shuffle(ships)       # which named shipyard a setup card gives (reconstructed: not printed)
    drawn_deal = options.get("setup_deal") == "draw" and n <= 2
    if options.get("crown"):
        # Expert / Legendary (RB p.46, AID Setup): extra setup cards to the Crown, from the unused extras; with the
        # drawn deal (RB p.43) every card is taken once the draw is over (finish_drawn_deal), these included
        for card in extra[extras:extras + DIFFICULTY[0][options["crown_difficulty"]][2]]:
            s.setup_cards[CROWN].append(card[0])
            for item in (() if drawn_deal else card[2]):
                _take_item(s, CROWN, item, ships, blackmail)
    if drawn_deal:
        s.setup_deck = [c[0] for c in deck]
    else:
        for slot in s.seats:
            for _ in range(per_seat[slot]):
                card = deck.pop()
                s.setup_cards[slot].append(card[0])
                for item in card[2]:
                    _take_item(s, slot, item, ships, blackmail)
        s.chairman_title = int(s.office_holder[CHAIRMAN])
        if n == 2:
            s.seats = _seat_the_crown(s)
    # step 12: the London Season display (prestige faceup, blackmail facedown)
    s.london_deck = [c[0] for c in SPOUSES] + [c[0] for c in ENTERPRISE_PRESTIGE] + blackmail
    rng.shuffle(s.london_deck)
    s.display = [s.london_deck.pop() for _ in range(3)]
    # step 13: the law deck (no Deregulation card in 1710)
    s.law_deck = [law[0] for law in data.laws if law[0] not in LAWS_NOT_IN_1710[0]]
    rng.shuffle(s.law_deck)
    if options.get("crown"):        # RB p.45: the AI deck and the first climate
        crown_setup(s, options["crown_difficulty"])
    if options["negotiation"] == "offers":     # RB p.8: each family's promise cards start in its hand
        s.promises = [slot if slot in s.seats else -1 for slot in range(len(s.supply))]
    return s


def _take_item(s, slot, item, ships, blackmail) -> None:
    kind = item[0]
    if kind == "office":
        s.office_holder[OFFICE[item[1]]] = slot
        s.supply[slot] -= 1
    elif kind == "share":
        s.court[slot] += 1
        s.supply[slot] -= 1
    elif kind == "cash":
        s.cash[slot] += item[1]
    elif kind == "pm":
        s.pm = slot
    elif kind == "blackmail":
        s.hands[slot]["blackmail"].append(blackmail.pop())
    elif kind == "shipyard":
        ship = ships.pop()
        s.shipyard_owner[ship] = slot
        s.ship_zone[ship] = -1 if item[1] is None else SEA_ZONES.index(item[1])
    elif kind == "commander":
        s.commander[PRESIDENCY_NAMES.index(item[1])] = slot
        s.supply[slot] -= 1
    elif kind == "writer":
        s.writers[slot, PRESIDENCY_NAMES.index(item[1])] += 1
        s.supply[slot] -= 1
    elif kind == "officer_in_training":
        s.officers_in_training[slot] += 1
        s.supply[slot] -= 1
    elif kind == "luxury":
        s.luxuries[slot] += 1
        s.vp[slot] += company.LUXURY_VP[0]
    else:
        raise ValueError(f"unknown setup item {item!r}")


def _seat_the_crown(s) -> list[int]:
    """RB p.43: the Crown sits last counting from the setup Chairman; if the Crown is Chairman, it
    sits just before the player holding the lowest-numbered office (the next in the order of offices)."""
    humans = [x for x in s.seats if x != CROWN]
    chairman = int(s.office_holder[CHAIRMAN])
    if chairman != CROWN:
        order = [chairman] + [h for h in humans if h != chairman] + [CROWN]
    else:
        held = sorted((HIRE_NUMBER[o], o) for o in range(len(HIRE_NUMBER))
                      if s.office_holder[o] >= 0 and s.office_holder[o] != CROWN)
        nxt = int(s.office_holder[held[0][1]]) if held else humans[0]
        order = [CROWN, nxt] + [h for h in humans if h != nxt]
    return order


def finish_drawn_deal(game) -> None:
    """After a solo / two-family draw (rules/setup_deal.py): everyone takes what its cards list."""
    s = game.state
    rng = s.rng
    ships = [i for i in range(N_SHIPS) if s.shipyard_owner[i] < 0]
    rng.shuffle(ships)
    blackmail = [c for c in s.london_deck if c in {b[0] for b in BLACKMAIL}]
    rng.shuffle(blackmail)
    taken = set(blackmail)
    cards = {c[0]: c for c in s.data.setup_cards}
    for slot in s.seats:
        for number in s.setup_cards[slot]:
            for item in cards[number][2]:
                _take_item(s, slot, item, ships, blackmail)
    taken -= set(blackmail)
    s.london_deck = [c for c in s.london_deck if c not in taken]
    s.chairman_title = int(s.office_holder[CHAIRMAN])
    if len([x for x in s.seats if x != CROWN]) == 2:
        s.seats = _seat_the_crown(s)
        game.factions = tuple(game.faction_of(x) for x in s.seats)
