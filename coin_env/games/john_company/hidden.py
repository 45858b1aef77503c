"""Hidden information (RB p.12, p.43-46): what each family may see, and a determinized clone for search.

Private to one family: its facedown blackmail cards (dealt by setup cards, or taken from the London
Season display, RB p.12). Private to a firm's manager (Deregulation, RB p.40): its facedown strategy card until the firm trades, and the
cash placed on it until the amounts are revealed. Hidden from everybody: the order of the London Season deck, the law deck
and the India event stack (only the region pictured on the back of the top event tile is public,
RB p.28), and the facedown blackmail cards in the display (a family that peeked at one while
choosing knows it, RB p.12: ``state.peeked``). Everything else -- the board, cash, VP, offices,
faceup prestige cards, used blackmail cards -- is public.

:func:`view` gives one family's observation as plain data; :func:`determinize` gives a clone in which
every card that family cannot see is re-dealt at random among the places it could be (for ISMCTS-style
search), keeping everything the family knows.

The pending decision: every view names the family to decide (``to_move``) and the kind of decision
(``prompt_kind``, the prompt's continuation key); only the family to decide gets the prompt's text
(``prompt``; None for the others), since a prompt may name a card only its holder can see ("play the
blackmail card X now?"). A window asking whether to play a facedown blackmail card (its holder's
choice, RB p.12) shows the others only the kind ``"blackmail window"``, not which card's window it is.

Known limitation (rules/blackmail.py, london_season.py): a blackmail window is put only to the holders
of the card, so *that* a family is asked -- ``to_move`` at the card's moment (the start of the Family
phase, after a Trade or Deploy check, ...) -- tells the others it holds a facedown card, and which one
the timing usually shows, even when the holder declines. At the table a holder plays a card or stays
silent; asking every family (a dummy yes/no to non-holders) would close this, at the cost of extra
decisions; it is not done. Likewise a firm's strategy and allocation (RB p.40) are out of every other family's
view and observation. The game log (``game.log``, ``log=True``) keeps every prompt's text; what an
environment hands an agent (``info["log"]``, ``game.log_seen_by``) drops the prompts of the other families'
decisions and the name of a blackmail card one offers (game.py ``log_entry_seen_by``).
"""

from __future__ import annotations

from .actions import OFFER_BLACKMAIL
from .data.cards import BLACKMAIL, EVENT_TILES
from .rules.blackmail import DIPLOMATIC_CONNECTION, LETTERS_OF_INTRODUCTION, MAN_ON_THE_INSIDE, MERCANTILE_CONNECTION
from .static import FAMILY_KEYS

BLACKMAIL_IDS = frozenset(c[0] for c in BLACKMAIL)
TILE_BACK = {t[0]: t[2] for t in EVENT_TILES}
FACEDOWN = "facedown blackmail"
BLACKMAIL_WINDOW = "blackmail window"
# the decisions whether to play a facedown blackmail card (rules/blackmail.py, london_season.py): continuation
# -> the card it asks about (None: the frame's ``card``)
WINDOW_CARD = {"blackmail_play": None, "blackmail_cancel_answer": MAN_ON_THE_INSIDE,
               "trade_mercantile_answer": MERCANTILE_CONNECTION, "deploy_diplomatic_answer": DIPLOMATIC_CONNECTION,
               "london_letters_answer": LETTERS_OF_INTRODUCTION}
BLACKMAIL_WINDOW_KINDS = frozenset(WINDOW_CARD)


def _slot(game, family) -> int:
    if family not in game.factions:
        raise ValueError(f"{family!r} is not a family of this game; families: {list(game.factions)}")
    return FAMILY_KEYS.index(family)


def _ai_back(s, card_id) -> tuple:
    return tuple(next(c for c in s.data.crown_ai_cards if c["id"] == card_id)["back"])


def prompt_kind(game) -> str | None:
    """The kind of the pending decision as every family may see it (None when the game is over)."""
    frame = game.prompt_frame()
    if frame is None:
        return None
    kind = frame.get("then") if frame.get("kind") == "choose" else frame.get("kind")
    return BLACKMAIL_WINDOW if kind in BLACKMAIL_WINDOW_KINDS else kind


def view(game, family: str) -> dict:
    """Family ``family``'s view of the game: the public state plus its own hand; the prompt's text only
    when ``family`` is to decide (see the module docstring)."""
    s = game.state
    me = _slot(game, family)
    public = s.to_dict()
    fields = public["fields"]
    for hidden_field in ("london_deck", "law_deck", "event_stack", "hands", "peeked", "frames"):
        fields.pop(hidden_field)
    public.pop("rng")
    public.pop("dice", None)
    fields["london_deck_size"] = len(s.london_deck)
    fields["law_deck_size"] = len(s.law_deck)
    fields["event_stack_size"] = len(s.event_stack)
    fields["event_stack_top_back"] = TILE_BACK[s.event_stack[-1]] if s.event_stack else None
    if s.crown is not None:            # the facedown AI deck: its size and the top card's back (RB p.45)
        cr = dict(fields["crown"])
        deck = cr.pop("deck")
        cr["deck_size"] = len(deck)
        cr["deck_top_back"] = _ai_back(s, deck[-1]) if deck else None
        fields["crown"] = cr
    fields["display"] = [c if c not in BLACKMAIL_IDS or c in s.peeked[me] else FACEDOWN for c in s.display]
    hands = {}
    for slot in s.seats:
        h = s.hands[slot]
        if slot == me:
            hands[FAMILY_KEYS[slot]] = {"prestige": list(h["prestige"]), "blackmail": list(h["blackmail"]),
                                        "used": list(h["used"])}
        else:
            hands[FAMILY_KEYS[slot]] = {"prestige": list(h["prestige"]), "blackmail": len(h["blackmail"]),
                                        "used": list(h["used"])}
    fields["hands"] = hands
    fields["firms"] = firms_view(s, me)
    to_move = game.current_player()
    fields["prompt"] = game.prompt() if to_move == family or s.over else None
    fields["prompt_kind"] = prompt_kind(game)
    fields["to_move"] = to_move
    return public


def _reoffer(s, before: dict) -> None:
    """Rewrite a pending offer's blackmail items after a re-deal: each names the card that took the offered
    card's place in the giver's hand."""
    frame = s.frames[-1]
    giver = frame["offerers"][0]
    card_of = {a: c for c, a in OFFER_BLACKMAIL.items()}
    now = s.hands[giver]["blackmail"]
    bundle = []
    for offer, item in frame["bundle"]:
        if offer in card_of:
            offer = item = OFFER_BLACKMAIL[now[before[giver].index(card_of[offer])]]
        bundle.append([offer, item])
    s.frames[-1] = dict(frame, bundle=bundle)


def _offered_cards(game) -> set:
    """{(giver, card)} for the facedown blackmail cards in a pending offer (rules/offers.py)."""
    frame = game.prompt_frame()
    if frame is None or not frame.get("offerers"):
        return set()
    card_of = {a: c for c, a in OFFER_BLACKMAIL.items()}
    return {(frame["offerers"][0], card_of[o]) for o, _ in frame.get("bundle") or () if o in card_of}


def firms_view(s, me: int) -> dict:
    """The firms as family ``me`` sees them (RB p.40): another manager's strategy card stays facedown until its
    firm trades ("hidden"), and its allocation is unknown until the amounts are revealed ("hidden"; its London
    treasury then shows what it held before the allocation)."""
    fr = dict(s.firms, firms=[dict(x, shares=list(x["shares"]), ships=list(x["ships"])) for x in s.firms["firms"]])
    for x in fr["firms"]:
        if x["manager"] == me or x["revealed"]:
            continue
        if x["strategy"] >= 0:
            x["strategy"] = "hidden"
        if not fr["amounts_public"]:
            x["london"] += x["allocated"]
            x["allocated"] = "hidden"
    return fr


def _redeal_strategies(s, me: int, rng) -> None:
    """Another manager's facedown strategy (and, before the reveal, its allocation) re-dealt among what it could
    be: a sea zone (the firm has ships) or Hobnob (nothing placed on it), RB p.40."""
    for x in s.firms["firms"]:
        if x["manager"] == me or x["revealed"] or x["strategy"] < 0:
            continue
        total = x["london"] + x["allocated"]
        zones = [0, 1, 2] if x["ships"] else []
        options = zones if (s.firms["amounts_public"] and x["allocated"] > 0) else zones + [3]
        x["strategy"] = rng.choice(options)
        if not s.firms["amounts_public"]:
            x["allocated"] = 0 if x["strategy"] == 3 else rng.below(total + 1)
            x["london"] = total - x["allocated"]


def _window_card(game) -> tuple[int, int] | None:
    """(holder, card) when the pending decision is a blackmail window: asked only of a holder, it shows
    who holds that card (the known limitation above), and the holder must keep it in a clone."""
    frame = game.prompt_frame()
    if frame is None or frame.get("kind") != "choose" or frame.get("then") not in WINDOW_CARD:
        return None
    card = WINDOW_CARD[frame["then"]] or frame.get("card")
    holder = game.slot_of(game.current_player())
    return (holder, card) if card in game.state.hands[holder]["blackmail"] else None


def _canonical(cards) -> list:
    """The cards in a fixed order (by id), so that a re-deal depends on which cards are unseen, never on the
    hidden order they lie in: two games the family cannot tell apart determinize alike for one seed."""
    return sorted(cards, key=lambda c: (type(c).__name__, c))


def determinize(game, family: str, seed: int):
    """A clone where the cards ``family`` cannot see are re-dealt at random (seeded, own RNG); the card of
    a pending blackmail window stays with the family asked about it, and a blackmail card in an offer being
    made or answered with its giver (the family asked to accept has read its name)."""
    from ...core.rng import Rng
    me = _slot(game, family)
    g = game.clone()
    s = g.state
    rng = Rng(seed)
    offered = _offered_cards(game)
    knows_offer = any(me in (giver, game.slot_of(game.current_player())) for giver, _ in offered)
    pinned = {_window_card(game)} | (offered if knows_offer else set())
    before = {slot: list(s.hands[slot]["blackmail"]) for slot in s.seats}
    # Blackmail slots the family cannot see: others' facedown hands, unpeeked facedown display cards.
    hidden_bm = [(slot, i) for slot in s.seats if slot != me for i in range(len(s.hands[slot]["blackmail"]))
                 if (slot, s.hands[slot]["blackmail"][i]) not in pinned]
    display_bm = [i for i, c in enumerate(s.display) if c in BLACKMAIL_IDS and c not in s.peeked[me]]
    pool = [s.hands[slot]["blackmail"][i] for slot, i in hidden_bm] + [s.display[i] for i in display_bm] \
        + list(s.london_deck)
    blackmail_pool = _canonical(c for c in pool if c in BLACKMAIL_IDS)
    other_pool = _canonical(c for c in pool if c not in BLACKMAIL_IDS)
    rng.shuffle(blackmail_pool)
    # The facedown display cards the family did not peek get only cards it never saw (RB p.12): a card it peeked
    # (since taken into a hand or back into the deck) would show faceup to it in that slot. The slot's own card
    # is unpeeked, so there are always enough.
    unseen = [c for c in blackmail_pool if c not in s.peeked[me]]
    for i in display_bm:
        s.display[i] = unseen.pop()
        blackmail_pool.remove(s.display[i])
    for slot, i in hidden_bm:
        s.hands[slot]["blackmail"][i] = blackmail_pool.pop()
    if offered and not knows_offer:         # the offer names the card now in the giver's hand at that place
        _reoffer(s, before)
    deck = blackmail_pool + other_pool
    rng.shuffle(deck)
    s.london_deck = deck
    s.law_deck = _canonical(s.law_deck)
    rng.shuffle(s.law_deck)
    if s.event_stack:                       # keep the public back of the top tile
        top_back = TILE_BACK[s.event_stack[-1]]
        rest = _canonical(s.event_stack)
        rng.shuffle(rest)
        j = next(k for k in range(len(rest) - 1, -1, -1) if TILE_BACK[rest[k]] == top_back)
        rest.append(rest.pop(j))
        s.event_stack = rest
    if s.crown is not None and s.crown["deck"]:     # the AI deck: keep the public back of its top card
        top_back = _ai_back(s, s.crown["deck"][-1])
        rest = _canonical(s.crown["deck"])
        rng.shuffle(rest)
        j = next(k for k in range(len(rest) - 1, -1, -1) if _ai_back(s, rest[k]) == top_back)
        rest.append(rest.pop(j))
        s.crown = dict(s.crown, deck=rest)
    _redeal_strategies(s, me, rng)          # firms' facedown strategy cards (RB p.40)
    s.rng = Rng(rng.next_u64())             # dice the family cannot foresee
    g._legal = None
    return g
