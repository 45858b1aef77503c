"""The heuristic bot (a stand-in, not the published Vijayanagara non-player procedure): labelled as
unofficial, answers every decision the engine asks with a legal action in any mix of seats, is
deterministic and never touches the game, and beats uniform-random play in every seat."""

import json
import random

import pytest

from coin_env.core.play import labels, play
from coin_env.core.policy_specs import import_policy
from coin_env.games.vijayanagara import game as vj
from coin_env.games.vijayanagara.bots import PROMPT_KEYS, HeuristicBot, PromptBot
from coin_env.games.vijayanagara.bots import heuristic, plumbing, priorities
from coin_env.games.vijayanagara.bots.view import View
from coin_env.games.vijayanagara.data.pieces import FACTIONS, PIECES_OF, RAJA, UNITS_OF
from coin_env.games.vijayanagara.game import VijayanagaraGame
from coin_env.games.vijayanagara.static import INDEX, N_SPACES
from vj_helpers import position_game

STAND_IN = "stand-in, not the published vijayanagara non-player procedure"


def key_of(g):
    f = g.state.frames[-1]
    return f["then"] if f["kind"] == "choose" else f["kind"]


def run(seed, seats, bot=None, debug=True, seen=None):
    """One whole game; ``seats``: faction -> "bot" / "random". Every bot action is checked legal."""
    bot = bot or HeuristicBot()
    g = vj.new_game(seed=seed, debug=debug)
    r = random.Random(seed)
    n = 0
    while not g.is_over():
        f = g.current_player()
        legal = g.legal_actions()
        if seen is not None:
            seen.add(key_of(g))
        if seats[f] == "bot":
            a = bot(g, f, r)
            assert a in legal, (seed, f, g.prompt(), g.action_label(a))
        else:
            a = r.choice(legal)
        g.apply(a)
        n += 1
        assert n < 5000
    return g


# --- labelled as unofficial ---------------------------------------------------------------------------
def test_registered_and_labelled_unofficial():
    assert vj.BOTS == {"heuristic": "coin_env.games.vijayanagara.bots.heuristic:HeuristicBot"}
    bot = import_policy(vj.BOTS["heuristic"])
    assert isinstance(bot, HeuristicBot) and isinstance(bot, PromptBot)
    assert bot.official is False and bot.name == "heuristic"
    assert "UNOFFICIAL" in bot.label and "\n" not in bot.label
    assert bot.non_player is False          # the game refuses the option non_players (1.5.1)
    for doc in (heuristic.__doc__, HeuristicBot.__doc__, priorities.__doc__):
        assert STAND_IN in " ".join(doc.split()).lower()


def test_handlers_answer_every_prompt_key():
    assert set(HeuristicBot.handlers) == set(PROMPT_KEYS)
    for method in HeuristicBot.handlers.values():
        assert callable(getattr(HeuristicBot, method))


def test_prompt_keys_list_every_decision_of_the_engine():
    seen = set()
    for seed in range(4):
        run(seed, {f: "random" for f in FACTIONS}, seen=seen)
    assert seen <= set(PROMPT_KEYS), seen - set(PROMPT_KEYS)


# --- never fails ----------------------------------------------------------------------------------------
MIXES = [{f: ("bot" if mask >> i & 1 else "random") for i, f in enumerate(FACTIONS)} for mask in range(1, 8)]


@pytest.mark.parametrize("seats", MIXES, ids=lambda s: "+".join(f for f in FACTIONS if s[f] == "bot"))
def test_whole_games_in_every_mix_of_seats(seats):
    bot = HeuristicBot()
    for seed in range(2):
        g = run(500 + seed, seats, bot)
        assert g.winner() in FACTIONS
    assert not bot.fallbacks, bot.fallbacks          # its priorities answered every decision


def test_all_bot_games_end_without_fallbacks():
    bot = HeuristicBot()
    seen = set()
    for seed in range(3):
        run(seed, {f: "bot" for f in FACTIONS}, bot, seen=seen)
    assert not bot.fallbacks
    assert len(seen) >= 25                           # most of the engine's decisions came up


@pytest.mark.parametrize("options", [{"timurs_shadow": True},
                                     {"data_pack": {"pack": {"name": "x"}, "spaces": {"Sindh": {"prosperity": 2},
                                                                                     "Gujarat": {"prosperity": 1}}}}],
                         ids=["timurs_shadow", "data_pack"])
def test_plays_under_the_game_options(options):
    """The optional rule Timur's Shadow (one space per Command) and an owner data pack's map."""
    bot = HeuristicBot()
    g = vj.new_game(seed=4, options=options, debug=True)
    while not g.is_over():
        legal = g.legal_actions()
        a = bot(g, g.current_player(), None)
        assert a in legal
        g.apply(a)
    assert g.winner() in FACTIONS and not bot.fallbacks


# --- deterministic, never touches the game ---------------------------------------------------------------
def test_deterministic_given_the_seed():
    a = run(7, {f: "bot" for f in FACTIONS}, debug=False)
    b = run(7, {f: "bot" for f in FACTIONS}, debug=False)
    assert a.to_json() == b.to_json()


def test_answer_leaves_the_game_unchanged_and_survives_a_save():
    g = vj.new_game(seed=3)
    r = random.Random(0)
    bot = HeuristicBot()
    for step in range(300):
        if g.is_over():
            break
        before = g.to_json()
        f = g.current_player()
        a = bot(g, f, r)
        assert g.to_json() == before                               # the bot never changes the game
        copy = VijayanagaraGame.from_dict(json.loads(before))
        assert bot(copy, f, random.Random(99)) == a                # same state, same answer (no hidden memory)
        g.apply(a if step % 3 else r.choice(g.legal_actions()))


def test_ties_are_broken_by_the_game_generator_and_logged():
    """Tie-breaks are die rolls of the game's Rng.die (logged with what they were for); the game's own
    generator does not move for them (only the rules' dice move it)."""
    g = vj.new_game(seed=1)
    g.enable_log()
    bot = HeuristicBot()
    for _ in range(60):
        g.apply(bot(g, g.current_player(), None))
    rolls = [e for e in g.log if e.get("kind") == "roll" and str(e.get("for", "")).startswith("heuristic")]
    assert rolls and all(1 <= e["roll"] <= e["sides"] for e in rolls)
    h = vj.new_game(seed=1)
    before = h.state.rng.state
    bot(h, h.current_player(), None)
    ctx = plumbing.Ctx(h, h.current_player())
    ctx.pick([1, 2, 3])
    assert h.state.rng.state == before


def test_scripted_die_breaks_a_tie():
    """The bot's tie-break rolls go through Rng.die: a scripted die decides them (game.script_dice)."""
    g = position_game(spaces={"Karnataka": {"pieces": {"Raja": 3}}}, eligible={"ds": False, "bk": False, "ve": True})
    ctx = plumbing.Ctx(g, "ve")
    g.script_dice([2])
    assert ctx.pick(["a", "b", "c"]) == "b"
    assert ctx.pick(["a", "b", "c"], lambda c: c == "c") == "c"      # no tie: no roll


# --- priorities at work (positions) -------------------------------------------------------------------------
def test_rebels_where_it_outnumbers_under_tughlaq_3_3_3():
    g = position_game(spaces={"Maharashtra": {"pieces": {"Amir": 4}}, "Gujarat": {"pieces": {"Amir": 2, "Troop": 1}}},
                      eligible={"ds": False, "bk": True, "ve": False}, dynasty="Tughlaq")
    bot = HeuristicBot()
    while g.current_player() == "bk":
        g.apply(bot(g, "bk", None))
    assert not g.state.tributary[INDEX["Maharashtra"]] and not g.state.tributary[INDEX["Gujarat"]]


def test_govern_removes_obedient_units_of_the_closer_faction_3_2_3():
    g = position_game(spaces={"Malwa": {"pieces": {"Governor": 1, "Amir": 2, "Raja": 1}}},
                      eligible={"ds": True, "bk": False, "ve": False})
    play(g, "command (event-or-command box)", "Govern", "select Malwa")
    bot = HeuristicBot()
    if "Govern: use the Governor there" in labels(g):
        g.apply(bot(g, "ds", None))
    assert g.action_label(bot(g, "ds", None)) == "Amir"


def test_compel_moves_an_obedient_raja_4_4_3():
    g = position_game(spaces={"Karnataka": {"tributary": False, "pieces": {"Raja": 1, "Rebelling Raja": 1, "Troop": 3}},
                              "Andhra": {"tributary": False, "pieces": {"Amir": 1}}},
                      eligible={"ds": False, "bk": False, "ve": True})
    play(g, "command & decree", "Rally", "Compel", "select Andhra", "select Karnataka")
    assert set(labels(g)) == {"Raja", "Rebelling Raja"}
    assert HeuristicBot()(g, "ve", None) == g.piece_action(RAJA)


def test_mongol_rows_amass_then_plunder_delhi_3_5():
    """MONGOL_ROWS: Amass while Mongols are Available (3.5.1), then Attack and Plunder in Delhi
    (3.5.3: 2 Troops per Mongol) when 2+ are there."""
    g = position_game(spaces={"Delhi": {"pieces": {"Mongol Invader": 3, "Troop": 1}}}, card=38)
    bot = HeuristicBot()
    assert g.current_player() == "bk" and g.action_label(bot(g, "bk", None)) == "Mongols: Amass"
    g = position_game(spaces={"Delhi": {"pieces": {"Mongol Invader": 4, "Troop": 1}},
                              "Punjab": {"pieces": {"Mongol Invader": 4}},
                              "Mountain Passes": {"pieces": {"Mongol Invader": 4}}}, card=38)
    assert "Mongols: Amass" not in labels(g)
    assert g.action_label(bot(g, "bk", None)) == "Mongols: Attack and Plunder"
    g.apply(bot(g, "bk", None))
    assert g.action_label(bot(g, "bk", None)) == "select Delhi"


# --- strength: beats uniform-random play in every seat --------------------------------------------------------
GAMES_PER_SEAT = 20
LEAST_WINS = 16            # 0.8 > 1/3 + 0.4
LEAST_DS_MARGIN = 12.0     # random Delhi wins most games too: Delhi must also win them by more


def strength(seat, player):
    """(wins, mean victory margin) of ``player`` ("bot" / "random") in ``seat``, random elsewhere."""
    seats = {f: ("random" if f != seat else player) for f in FACTIONS}
    bot = HeuristicBot()
    wins, margin = 0, 0
    for seed in range(GAMES_PER_SEAT):
        g = run(seed, seats, bot, debug=False)
        wins += g.winner() == seat
        margin += g.victory_margins()[seat]
    return wins, margin / GAMES_PER_SEAT


def strong(seat, wins, margin) -> bool:
    return wins >= LEAST_WINS and (seat != "ds" or margin >= LEAST_DS_MARGIN)


@pytest.mark.parametrize("seat", FACTIONS)
def test_beats_random_in_every_seat(seat):
    """The bot in one seat, random in the others, fixed seeds. Measured (bots/measure.py, 100 games
    per seat): Delhi 100 %, Bahmani 100 %, Vijayanagara 100 %; uniform-random play wins that seat
    95 % / 5 % / 0 %, so the Delhi seat must also beat random's victory margin (bot about +18, random
    about +7 on average)."""
    wins, margin = strength(seat, "bot")
    assert strong(seat, wins, margin), (seat, wins, margin)


@pytest.mark.parametrize("seat", FACTIONS)
def test_the_strength_test_rejects_random_play(seat):
    """The same test with uniform-random play in the seat fails (the threshold means something)."""
    wins, margin = strength(seat, "random")
    assert not strong(seat, wins, margin), (seat, wins, margin)


# --- the bot's view of the board (bots/view.py) ---------------------------------------------------------
def test_view_counts_every_space_as_the_board_says():
    """The view's per-space counts (one numpy product) equal the counts read piece by piece, through a game."""
    g = vj.new_game(seed=5)
    bot, r = HeuristicBot(), random.Random(5)
    for step in range(400):
        if g.is_over():
            break
        if step % 25 == 0:
            v, rows = View(g.state), g.state.pieces[:N_SPACES].tolist()
            for f in ("ds", "bk", "ve", "mi"):
                assert v.cnt[f] == [sum(row[p] for p in PIECES_OF[f]) for row in rows]
                assert v.units[f] == [sum(row[p] for p in UNITS_OF[f]) for row in rows]
            assert v.total == [sum(row) for row in rows]
            assert all(type(n) is int for n in v.total)
        g.apply(bot(g, g.current_player(), r))


def test_view_remembers_only_for_one_decision():
    """A Command's space worths are weighed once per view, and a new view (the next decision) weighs them again."""
    g = vj.new_game(seed=2)
    v = View(g.state)
    worths = priorities.space_worths(v, "bk", "rally")
    assert priorities.space_worths(v, "bk", "rally") is worths
    assert worths == {sp: priorities.space_worth(v, "bk", "rally", sp) for sp in worths}
    assert priorities.space_worths(View(g.state), "bk", "rally") is not worths


# --- the bot's view of an unchanged board is reused (bots/view.py View.of) ---------------------------------
def test_a_view_is_reused_only_while_the_board_it_read_is_unchanged():
    g = vj.new_game(seed=4)
    first = View.of(g)
    assert View.of(g) is first                           # same board, same state object
    assert g.clone().bot_view is None and "bot_view" not in g.to_json()   # a clone starts without it; never saved
    bot = HeuristicBot()
    while View.of(g).key == first.key:                   # play until something a view reads changes
        g.apply(bot(g, g.current_player()))
    assert View.of(g) is not first


def test_the_bot_decides_the_same_with_or_without_the_kept_view():
    """Each decision made on a fresh view equals the decision made on the kept one: board_key misses nothing
    the worths read (two seeded games, every seat the bot)."""
    bot = HeuristicBot()
    for seed in (5, 6):
        kept, fresh = vj.new_game(seed=seed), vj.new_game(seed=seed)
        while not kept.is_over():
            fresh.bot_view = None
            a, b = bot(kept, kept.current_player()), bot(fresh, fresh.current_player())
            assert a == b, (seed, kept.decisions_made(), kept.prompt())
            kept.apply(a)
            fresh.apply(b)
