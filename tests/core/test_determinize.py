"""Issue 27 (DESIGN "Hidden information and search"): ``game.determinize(seat, seed)`` is a copy identical in
everything ``seat`` sees, the rest drawn again consistently with the set-up, as a function of the seat's
view and the seed only. Shared checks over every game that has it; the pile structure of the COIN decks
is checked against the set-up as the rulebooks describe it (Gandhi 2.1, A Distant Plain 2.1, Vijayanagara 2.1)."""

import math
import random

import pytest

import coin_env
from coin_env.coin.hidden import Pile, remaining_piles
from coin_env.core.aec_env import with_non_players
from coin_env.core.encoding import encoder_for
from coin_env.core.policy_specs import resolve_policy
from coin_env.core.registry import game_bots
from coin_env.games.a_distant_plain import hidden as adp_hidden
from coin_env.games.gandhi import hidden as gandhi_hidden

GAMES = ["gandhi", "a_distant_plain", "john_company", "vijayanagara"]
COIN = ["gandhi", "a_distant_plain"]
VJ = "vijayanagara"


def _random_play(game, rng, steps):
    for _ in range(steps):
        if game.is_over():
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def _decisions(name, seed, every=7, limit=400):
    """Games at many decisions (mid-operation too) of a seeded random game."""
    g = coin_env.make_game(name, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not g.is_over() and n < limit:
        if n % every == 0:
            yield g
        g.apply(rng.choice(g.legal_actions()))
        n += 1


def _same_view(game, det, seat):
    enc = encoder_for(game)
    assert (enc.observe(game, seat) == enc.observe(det, seat)).all()
    assert det.current_player() == game.current_player()
    if game.current_player() == seat:
        assert det.prompt() == game.prompt()
        assert det.legal_actions() == game.legal_actions()
        loaded = coin_env.load_game(det.to_json())        # no stale cache: the same after a reload
        assert loaded.legal_actions() == game.legal_actions()


@pytest.mark.parametrize("name", GAMES)
def test_the_seat_sees_the_same_game_at_every_decision(name):
    for k, g in enumerate(_decisions(name, seed=11)):
        for seat in g.factions:
            before = g.to_json()
            det = g.determinize(seat, 1000 + k)
            assert g.to_json() == before, "determinize changed the game itself"
            _same_view(g, det, seat)


@pytest.mark.parametrize("name", GAMES)
def test_same_seat_and_seed_give_the_same_game_and_other_seeds_other_hidden_parts(name):
    g = _random_play(coin_env.make_game(name, seed=4), random.Random(4), 60)
    seat = g.current_player()
    assert g.determinize(seat, 7).to_json() == g.determinize(seat, 7).to_json()
    assert len({g.determinize(seat, s).to_json() for s in range(8)}) == 8


@pytest.mark.parametrize("name", GAMES)
def test_bad_seat_is_refused_naming_the_seats(name):
    g = coin_env.make_game(name, seed=0)
    with pytest.raises(ValueError) as err:
        g.determinize("nobody", 0)
    assert all(f in str(err.value) for f in g.factions)


@pytest.mark.parametrize("name", COIN + [VJ])
@pytest.mark.parametrize("seed", [-1, 2 ** 64, 1.5, "3", True, None])
def test_bad_seed_is_refused(name, seed):
    g = coin_env.make_game(name, seed=0)
    before = g.to_json()
    with pytest.raises(ValueError, match="seed"):
        g.determinize(g.factions[0], seed)
    assert g.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_determinized_games_round_trip_and_play_on_to_the_end(name):
    for k, g in enumerate(_decisions(name, seed=5, every=97, limit=400)):
        det = g.determinize(g.current_player(), 50 + k)
        loaded = coin_env.load_game(det.to_json())
        assert loaded.to_json() == det.to_json()
        rng_a, rng_b = random.Random(k), random.Random(k)
        _random_play(det, rng_a, 20_000)
        _random_play(loaded, rng_b, 20_000)
        assert det.is_over() and loaded.is_over()
        assert det.to_json() == loaded.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_a_determinized_all_bot_game_plays_on_to_the_end_with_the_bots(name):
    """Half-way through a game of the game's bot in every seat (non-players where the bot is one), the
    determinized copy is a game the same bots play to its end: what was drawn again (decks, the bots' own
    decks and dice) is something the bots can play from."""
    bot = resolve_policy(next(iter(game_bots(name))), name)
    factions = coin_env.make_game(name, seed=0).factions
    g = coin_env.make_game(name, seed=4, options=with_non_players({}, {f: bot for f in factions}))
    rng = random.Random(4)
    for _ in range(150):
        g.apply(bot(g, g.current_player(), rng))
    assert not g.is_over(), "the test needs a game still going after 150 decisions"
    det = g.determinize(g.current_player(), 1)
    for _ in range(20_000):
        if det.is_over():
            break
        det.apply(bot(det, det.current_player(), rng))
    assert det.is_over()


# --- no leak: the result depends only on the seat's view and the seed ----------------------------------------
def _events_swapped(deck, is_periodic):
    """The deck with its first and last Event cards exchanged: a hidden difference the set-up allows
    (an Event card may lie in any pile)."""
    events = [i for i, c in enumerate(deck) if not is_periodic(c)]
    out = list(deck)
    out[events[0]], out[events[-1]] = out[events[-1]], out[events[0]]
    return out


PERIODIC = {"gandhi": lambda c: c > 72, "a_distant_plain": lambda c: c > 72, VJ: lambda c: c > 36}


@pytest.mark.parametrize("name", COIN + [VJ])
@pytest.mark.parametrize("steps", [0, 45, 130])
def test_games_differing_only_in_hidden_deck_order_determinize_alike(name, steps):
    g = _random_play(coin_env.make_game(name, seed=8), random.Random(8), steps)
    pos = g.to_position()
    other = dict(pos, deck=_events_swapped(pos["deck"], PERIODIC[name]))
    assert other["deck"] != pos["deck"]
    a = coin_env.make_game(name, position=pos, seed=1)
    b = coin_env.make_game(name, position=other, seed=2)          # other dice too
    assert a.state.deck != b.state.deck
    for seat in a.factions:
        for seed in (0, 3):
            assert a.determinize(seat, seed).to_json() == b.determinize(seat, seed).to_json()


@pytest.mark.parametrize("name", GAMES)
def test_a_determinized_game_determinizes_like_the_game_it_came_from(name):
    """A determinized game is the same view with other hidden parts: it must give the same answer."""
    g = _random_play(coin_env.make_game(name, seed=9), random.Random(9), 80)
    seat = g.current_player()
    other = g.determinize(seat, 123)
    assert other.to_json() != g.to_json()
    assert other.determinize(seat, 5).to_json() == g.determinize(seat, 5).to_json()


# --- the set-up's distribution -------------------------------------------------------------------------------
# The draw deck at the first card, from the rulebooks (top pile first): (cards in the pile, the bottom cards of
# the pile that may hold its periodic card; 0: none). Gandhi Short: six piles of 6, a Campaign card shuffled
# into the 2nd, 4th and 6th. Gandhi Main: four piles of 12, a Campaign card in the bottom 6 of each (so among the
# bottom 7 of 13). A Distant Plain Short: 48 Event cards in four piles, one Propaganda card shuffled into each.
SETUP_PILES = {
    ("gandhi", "short"): [(6, 0), (7, 7)] * 3,
    ("gandhi", "main"): [(13, 7)] * 4,
    ("a_distant_plain", "short"): [(13, 13)] * 4,
}


def _windows(piles, drawn):
    """(first, last) deck index of each periodic card's window in the deck left after ``drawn`` cards."""
    out, start = [], 0
    for size, window in piles:
        if window:
            out.append((max(0, start + size - window - drawn), start + size - 1 - drawn))
        start += size
    return out


def _start(name, scenario):
    g = coin_env.make_game(name, scenario=scenario, seed=2)
    if g.state.current is None:                 # Gandhi Main: Congress places Gandhi first
        g.apply(g.legal_actions()[0])
    return g


@pytest.mark.parametrize("name,scenario", list(SETUP_PILES))
def test_periodic_cards_stay_in_their_piles_uniformly(name, scenario):
    g = _start(name, scenario)
    piles = SETUP_PILES[(name, scenario)]
    drawn = sum(size for size, _ in piles) - len(g.state.deck)
    windows = _windows(piles, drawn)
    periodic = PERIODIC[name]
    n = 700
    counts = [[0] * (last - first + 1) for first, last in windows]
    for seed in range(n):
        deck = g.determinize(g.factions[0], seed).state.deck
        where = [i for i, c in enumerate(deck) if periodic(c)]
        assert len(where) == len(windows)
        for k, ((first, last), i) in enumerate(zip(windows, where)):
            assert first <= i <= last, f"periodic card at {i}, outside its pile's window {first}..{last}"
            counts[k][i - first] += 1
    for cells in counts:
        # chi-square with len-1 degrees of freedom; the bound is far above its 1e-6 quantile for <= 12 d.o.f.
        expected = n / len(cells)
        chi2 = sum((c - expected) ** 2 / expected for c in cells)
        assert chi2 < 45, cells


@pytest.mark.parametrize("name,scenario", list(SETUP_PILES) + [(VJ, "standard")])
def test_unseen_event_cards_are_equally_likely_anywhere_unseen(name, scenario):
    """An unseen Event card is as likely in any unseen Event place: in Gandhi the cards set aside unseen at
    the set-up (2.1), in Vijayanagara the 12 left unused (2.1 step 2), mix with the deck's; in every game a
    card of the last pile may come first."""
    g = _start(name, scenario)
    s = g.state
    periodic = PERIODIC[name]
    deck_events = [c for c in s.deck if not periodic(c)]
    aside_events = {"gandhi": [c for c in s.set_aside if not periodic(c)],
                    VJ: [c for c in range(1, 37) if c not in s.deck + s.played + [s.current]]}.get(name, [])
    last_pile = set(deck_events[-12:])
    unseen = len(deck_events) + len(aside_events)
    n = 1500
    top_from_last_pile = top_from_aside = 0
    for seed in range(n):
        top = next(c for c in g.determinize(g.factions[0], seed).state.deck if not periodic(c))
        top_from_last_pile += top in last_pile
        top_from_aside += top in aside_events
    for hits, share in ((top_from_last_pile, 12 / unseen), (top_from_aside, len(aside_events) / unseen)):
        sd = math.sqrt(n * share * (1 - share)) or 1
        assert abs(hits - n * share) < 4.5 * sd, (hits, n * share)


# Vijayanagara 2.1, top first: stack 1, Zenith (45), stack 2, Rise (46), stack 3, Lords (47), stack 4; stacks 1-3
# hold 6 Event cards and 2 of the 8 Mongol Invasion cards (37-44), stack 4 six Event cards and both Timurid Empire
# cards (48, 49), each stack shuffled; 2 Mongol Invasion cards are left unused, unseen.
VJ_STACKS = [(8, range(37, 45)), (1, [45]), (8, range(37, 45)), (1, [46]), (8, range(37, 45)), (1, [47]),
             (8, [48, 49])]


def _vj_stacks_left(deck):
    """(first, last deck index, the cards its special places may hold, how many) of each stack left."""
    drawn, out, start = sum(size for size, _ in VJ_STACKS) - len(deck), [], 0
    for size, kind in VJ_STACKS:
        first, last = max(0, start - drawn), start + size - 1 - drawn
        if last >= 0:
            out.append((first, last, set(kind), sum(1 for c in deck[first:last + 1] if c in kind)))
        start += size
    return out


@pytest.mark.parametrize("steps", [0, 3, 40])
def test_vijayanagara_special_cards_stay_in_their_stacks_uniformly(steps):
    g = _random_play(_start(VJ, "standard"), random.Random(2), steps)
    stacks = _vj_stacks_left(g.state.deck)
    unseen_mongols = {c for c in range(37, 45) if c not in g.state.played + [g.state.current]}
    n, mongols_in_deck = 700, set()
    counts = [[0] * (last - first + 1) for first, last, _, _ in stacks]
    for seed in range(n):
        deck = g.determinize(g.factions[seed % 3], seed).state.deck
        assert len(deck) == len(g.state.deck)
        mongols_in_deck |= {c for c in deck if c in unseen_mongols}
        for k, (first, last, kind, count) in enumerate(stacks):
            specials = [i for i in range(first, last + 1) if deck[i] > 36]
            assert len(specials) == count and all(deck[i] in kind for i in specials), (first, deck)
            for i in specials:
                counts[k][i - first] += 1
    assert mongols_in_deck == unseen_mongols       # the unused ones are not known: any may be in the deck
    for (first, last, kind, count), cells in zip(stacks, counts):
        if len(cells) > 1 and 0 < count < len(cells):
            expected = n * count / len(cells)
            chi2 = sum((c - expected) ** 2 / expected for c in cells)
            assert chi2 < 45, cells


def test_gandhi_campaign_cards_are_drawn_again_among_the_unseen_ones():
    """Gandhi 2.1: which Campaign cards went into the deck and which were set aside unseen is not known:
    the unseen Campaign cards (not the Viceroy, not Current/Upcoming/played) are dealt again."""
    g = _start("gandhi", "short")
    s = g.state
    unseen = sorted(c for c in s.deck + s.set_aside if c > 72)
    assert s.viceroy not in unseen
    seen_in_deck = set()
    for seed in range(60):
        d = g.determinize("raj", seed).state
        assert sorted(c for c in d.deck + d.set_aside if c > 72) == unseen
        seen_in_deck |= {c for c in d.deck if c > 72}
    assert seen_in_deck == set(unseen)


def test_a_distant_plain_propaganda_cards_keep_their_piles_order_and_removed_cards_stay():
    """A Distant Plain 2.1: the removed Event cards are revealed and the leftover Propaganda cards set aside
    known: they stay; pile i holds the i-th Propaganda card, as the set-up deals them."""
    g = _start("a_distant_plain", "short")
    for seed in range(20):
        d = g.determinize("taliban", seed).state
        assert d.set_aside == g.state.set_aside
        assert [c for c in d.deck if c > 72] == [c for c in g.state.deck if c > 72]


# --- the piles left in a deck (coin_env/coin/hidden.py) --------------------------------------------------------
def test_remaining_piles_follow_the_draws():
    short = [Pile(6), Pile(7, 7)] * 3                           # Gandhi Short's layout
    assert remaining_piles(short, 39, 3) == [[6, 0], [7, 7], [6, 0], [7, 7], [6, 0], [7, 7]]
    assert remaining_piles(short, 37, 3) == [[4, 0], [7, 7], [6, 0], [7, 7], [6, 0], [7, 7]]
    assert remaining_piles(short, 30, 3) == [[4, 4], [6, 0], [7, 7], [6, 0], [7, 7]]      # its Campaign unseen
    assert remaining_piles(short, 30, 2) == [[4, 0], [6, 0], [7, 7], [6, 0], [7, 7]]      # its Campaign drawn
    assert remaining_piles(short, 40, 3) is None                 # more cards than the set-up deals
    assert remaining_piles(short, 37, 2) is None                 # a full Campaign pile without its card
    main = [Pile(13, 7)] * 2
    assert remaining_piles(main, 22, 2) == [[9, 7], [13, 7]]     # window still whole: the card is there
    assert remaining_piles(main, 22, 1) is None
    assert remaining_piles(main, 18, 1) == [[5, 0], [13, 7]]     # 2 of its window drawn, its card among them
    assert remaining_piles(main, 18, 2) == [[5, 5], [13, 7]]


@pytest.mark.parametrize("name", COIN)
@pytest.mark.parametrize("scenario", ["short", "main"])
def test_seeded_games_keep_a_deck_the_set_up_could_make(name, scenario):
    """Every deck of a seeded game is read with the set-up's piles (never the fallback for positions)."""
    layout = {"gandhi": gandhi_hidden, "a_distant_plain": adp_hidden}[name].deck_layout(scenario)
    g = coin_env.make_game(name, scenario=scenario, seed=12)
    rng = random.Random(12)
    while not g.is_over():
        deck = g.state.deck
        assert remaining_piles(layout, len(deck), sum(1 for c in deck if PERIODIC[name](c))) is not None
        g.apply(rng.choice(g.legal_actions()))
