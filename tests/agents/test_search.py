"""The search policy (agents/policies/search.py, issue 27 part 2): spec syntax and its one-line errors, the
choice rule, determinism, never reading what the seat cannot see, forced moves, and every game in evaluate.
Tiny budgets throughout (rollouts=2, horizon=1, keep=3): these tests check behaviour, not strength."""

import pickle
import random
from dataclasses import replace

import pytest

import coin_env
from agents import cli
from agents.cli.play import opponents_for
from agents.common import UsageError
from agents.evaluation.evaluate import evaluate
from agents.policies import check_policy, policy_from_spec
from agents.policies.search import (
    GAME_DEFAULTS,
    SearchOptions,
    SearchPolicy,
    parse_spec,
    pick,
    seat_score,
)
from coin_env.core.aec_env import with_non_players
from coin_env.core.policy_specs import register_policy_resolver, unregister_policy_resolver
from coin_env.core.registry import game_bots


def tiny(rollouts, horizon, keep, rollout=""):
    """A search spec with the same small budget at turn choices and at the other decisions."""
    return (f"search:{rollout}?rollouts={rollouts}&horizon={horizon}&keep={keep}"
            f"&turn_rollouts={rollouts}&turn_horizon={horizon}&turn_keep={keep}")


TINY = tiny(2, 1, 3)
GAMES = [("gandhi", {}), ("a_distant_plain", {}), ("vijayanagara", {}), ("john_company", {}),
         ("john_company", {"families": 1, "crown": True})]
GAME_IDS = ["gandhi", "adp", "vijayanagara", "jc", "jc_solo"]


def bot_game(name, options, seed=3):
    """A game whose seats are all the game's bot (non-players where the game has them), and those bots."""
    bot = policy_from_spec(next(iter(game_bots(name))), name)
    game = coin_env.make_game(name, seed=seed, options=options)
    policies = {f: bot for f in game.factions}
    game = coin_env.make_game(name, seed=seed, options=with_non_players(options, policies))
    return game, policies


def decisions_with_a_choice(name, options, skip=20, count=3):
    """Copies of a bot-played game at the first ``count`` decisions after ``skip`` that offer a real choice."""
    game, policies = bot_game(name, options)
    out, n, rng = [], 0, random.Random(0)
    while not game.is_over() and len(out) < count:
        if n >= skip and len(game.legal_actions()) > 1:
            out.append(game.clone())
        faction = game.current_player()
        game.apply(policies[faction](game, faction, rng))
        n += 1
    return out


# --- the spec --------------------------------------------------------------------------------------------------

def test_spec_defaults_and_options():
    assert parse_spec("search") == (None, SearchOptions())
    assert parse_spec("search:arjuna") == ("arjuna", SearchOptions())
    rollout, opts = parse_spec("search:heuristic?rollouts=12&horizon=end&keep=6&k=2.5&win=0&seed=-4&workers=2")
    assert rollout == "heuristic"
    assert opts == SearchOptions(rollouts=12, horizon=None, keep=6, k=2.5, win=0.0, seed=-4, workers=2)
    assert parse_spec("search:?horizon=3") == (None, SearchOptions(horizon=3))
    assert parse_spec("search:?turn_rollouts=4&turn_horizon=2&turn_keep=5")[1] == SearchOptions(
        turn_rollouts=4, turn_horizon=2, turn_keep=5)
    assert parse_spec("search:?turn_horizon=end")[1].turn_horizon is None
    # a "module:attr" rollout policy keeps its colon; the options are after the last "?"
    assert parse_spec("search:pkg.mod:Bot?seed=1")[0] == "pkg.mod:Bot"


def test_a_games_own_default_budget_holds_unless_the_spec_writes_the_option():
    adp = GAME_DEFAULTS["a_distant_plain"]
    assert parse_spec("search", "a_distant_plain")[1] == replace(SearchOptions(), **adp)
    assert parse_spec("search", "gandhi")[1] == SearchOptions()
    assert parse_spec("search:?keep=5", "a_distant_plain")[1] == replace(SearchOptions(), **dict(adp, keep=5))
    assert policy_from_spec("search", "a_distant_plain").options.turn_rollouts == adp["turn_rollouts"]


@pytest.mark.parametrize("spec,words", [
    ("search:?rollouts=0", ["rollouts", "'0'", ">= 1"]),
    ("search:?horizon=soon", ["horizon", "end"]),
    ("search:?depth=3", ["unknown option 'depth'", "rollouts=N"]),
    ("search:?keep", ["'keep'", "KEY=VALUE"]),
    ("search:?k=-1", ["k must be a number >= 0"]),
    ("search:?seed=1&seed=2", ["'seed' given twice"]),
    ("search:search", ["cannot be a search"]),
    ("search:nobot", ["rollout policy", "nobot"]),
])
def test_a_bad_spec_is_one_line_naming_the_problem(spec, words):
    with pytest.raises(ValueError) as e:
        policy_from_spec(spec, "gandhi")
    text = str(e.value)
    assert "\n" not in text and spec in text
    for w in words:
        assert w in text
    with pytest.raises(UsageError):         # a command's check gives the same line as a usage error
        check_policy(spec, "gandhi")


def test_search_is_not_a_non_player_bot():
    """evaluate / imitation wrap only ``non_player`` policies in BotAsPlayer; the search reads the seat rules
    from game.options itself."""
    assert policy_from_spec("search", "gandhi").non_player is False


# --- the choice rule -------------------------------------------------------------------------------------------

def test_another_candidate_must_beat_the_rollout_policys_choice_by_k_standard_errors():
    base = [0.0, 0.0, 0.0, 0.0]
    noisy = [4.0, -2.0, 3.0, -1.0]          # mean +1, SE 1.47: not beyond 1 SE
    clear = [2.0, 2.0, 3.0, 1.0]            # mean +2, SE 0.41
    assert pick([10, 11], [base, noisy], k=1.0) == 10
    assert pick([10, 11, 12], [base, noisy, clear], k=1.0) == 12
    assert pick([10, 12], [base, clear], k=10.0) == 10
    assert pick([10, 11], [base, [-1.0] * 4], k=0.0) == 10      # never a worse one


def test_with_an_unreachable_k_the_rollout_policys_choice_is_always_kept():
    policy = policy_from_spec(tiny(2, 1, 3) + "&k=1000000", "vijayanagara")
    for game in decisions_with_a_choice("vijayanagara", {}, count=4):
        policy(game, game.current_player())
    assert policy.stats["searched"] == 4 and policy.stats["overrides"] == 0


def test_a_forced_move_is_played_without_a_rollout():
    game, policies = bot_game("gandhi", {})
    rng = random.Random(0)
    while len(game.legal_actions()) != 1:
        faction = game.current_player()
        game.apply(policies[faction](game, faction, rng))
    policy = policy_from_spec(TINY, "gandhi")
    assert policy(game, game.current_player()) == game.legal_actions()[0]
    assert policy.stats == {"decisions": 1, "searched": 0, "rollouts": 0, "overrides": 0}


# --- the turn budget -------------------------------------------------------------------------------------------

def first_decisions(name, options, count=60):
    """Copies of a bot-played game at its first ``count`` decisions with a real choice."""
    return decisions_with_a_choice(name, options, skip=0, count=count)


@pytest.mark.parametrize("name,options", GAMES, ids=GAME_IDS)
def test_every_game_marks_the_choices_that_shape_a_turn(name, options):
    """COIN: the card-turn choice (pass, Event, Operation) and the Operation after it; John Company: the family
    action. The spaces, pieces and amounts that carry a turn out are not turn choices."""
    decisions = first_decisions(name, options)
    marked = [g.prompt() for g in decisions if g.is_turn_choice()]
    unmarked = [g.prompt() for g in decisions if not g.is_turn_choice()]
    assert marked and unmarked
    turn_words = ("family action",) if name == "john_company" else (
        "choose Pass, Event or", "choose the Operation", "choose the Command")
    assert all(any(w in p for w in turn_words) for p in marked), marked
    assert not any(any(w in p for w in turn_words) for p in unmarked), unmarked


def test_a_turn_choice_gets_the_turn_budget_and_other_decisions_the_other():
    """turn_keep=1: a turn choice is the rollout policy's own, with no rollout; keep=2: the others are searched."""
    spec = "search:?rollouts=1&horizon=1&keep=2&turn_rollouts=1&turn_keep=1"
    decisions = first_decisions("gandhi", {}, count=40)
    turn = next(g for g in decisions if g.is_turn_choice())
    other = next(g for g in decisions if not g.is_turn_choice())
    policy = policy_from_spec(spec, "gandhi")
    policy(turn, turn.current_player())
    assert policy.stats["rollouts"] == 0
    policy(other, other.current_player())
    assert policy.stats["rollouts"] == 2
    reversed_budget = policy_from_spec("search:?rollouts=1&keep=1&turn_rollouts=1&turn_horizon=1&turn_keep=2",
                                       "gandhi")
    reversed_budget(other, other.current_player())
    assert reversed_budget.stats["rollouts"] == 0
    reversed_budget(turn, turn.current_player())
    assert reversed_budget.stats["rollouts"] == 2


def test_only_candidates_ahead_after_the_first_half_of_the_worlds_go_on_to_the_second():
    """Two rounds: every candidate in half the worlds, then the rollout policy's choice and the candidates ahead
    of it (positive mean paired advantage) in the other half; a candidate behind cannot be picked anyway."""
    policy = policy_from_spec(tiny(4, 1, 4), "gandhi")
    rounds = {"dropped": 0, "second": 0}
    for game in decisions_with_a_choice("gandhi", {}, count=12):
        policy(game, game.current_player())
        last = policy.last
        if last is None:                # one candidate: no rollout
            continue
        first, base = last["first_round"], last["first_round"]["scores"][0]
        ahead = [c for c, row in zip(first["candidates"][1:], first["scores"][1:])
                 if sum(a - b for a, b in zip(row, base)) > 0]
        if not ahead:
            assert last["candidates"] == first["candidates"] and all(len(r) == 2 for r in last["scores"])
            continue
        assert last["candidates"] == [first["candidates"][0]] + ahead
        for c, row in zip(last["candidates"], last["scores"]):
            assert len(row) == 4 and row[:2] == first["scores"][first["candidates"].index(c)]
        rounds["second"] += 1
        rounds["dropped"] += len(first["candidates"]) > len(last["candidates"])
    assert rounds["second"] and rounds["dropped"]       # both happen in these twelve decisions


# --- determinism and hidden information ------------------------------------------------------------------------

@pytest.mark.parametrize("name,options", GAMES, ids=GAME_IDS)
def test_the_decision_ignores_what_the_seat_cannot_see(name, options):
    """The same view (g and a determinization of it: the same board, another deck order, other dice) gives the
    same decision and the same rollout scores for the same search seed."""
    for game in decisions_with_a_choice(name, options, count=2):
        seat = game.current_player()
        twin = game.determinize(seat, 7)
        spec = tiny(2, 3, 3)    # far enough to play a card nobody has seen yet
        policy, policy_twin = policy_from_spec(spec, name), policy_from_spec(spec, name)
        mine = policy(game, seat)
        assert policy_twin(twin, seat) == mine and mine in game.legal_actions()
        assert policy_twin.last == policy.last          # every rollout's score, not only the choice


def test_the_same_seed_gives_the_same_game():
    def play(spec):
        game, policies = bot_game("vijayanagara", {}, seed=5)
        policies = dict(policies, ds=policy_from_spec(spec, "vijayanagara"))
        rng = random.Random(0)
        while not game.is_over():
            faction = game.current_player()
            game.apply(policies[faction](game, faction, rng))
        return game.to_json(), policies["ds"].stats
    first, stats = play(TINY + "&seed=1")
    assert stats["searched"] > 0
    assert play(TINY + "&seed=1")[0] == first


def test_the_policy_survives_a_round_trip_through_pickle():
    """Worker processes (evaluate --workers N) receive resolved policies by pickling."""
    policy = policy_from_spec(TINY, "gandhi")
    copy = pickle.loads(pickle.dumps(policy))
    assert isinstance(copy, SearchPolicy) and copy.options == policy.options


# --- every game, through the evaluation API and the command line -----------------------------------------------

@pytest.mark.parametrize("name,options", GAMES, ids=GAME_IDS)
def test_every_game_evaluates_the_search_in_a_seat(name, options):
    seat = coin_env.make_game(name, seed=0, options=options).factions[0]
    rules = ["player", "non_player"] if name in ("gandhi", "a_distant_plain") else ["player"]
    for seat_rules in rules:
        result = evaluate(name, {"s": tiny(1, 1, 2)}, games=1, seed=2, options=options,
                          seats=[seat], baselines=False, seat_rules=seat_rules)
        (row,) = result["rows"]
        assert row["seat"] == seat and row["games"] == 1


def test_the_command_line_takes_a_search_spec_with_options(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["evaluate", "--game", "john_company", "--options", '{"families": 1, "crown": true}',
                  "--policy", tiny(1, 1, 2, rollout="crown"), "--seats", "benyon", "--games", "1",
                  "--workers", "1", "--no-baselines"])
    assert e.value.code == 0
    assert "benyon" in capsys.readouterr().out


def test_rollouts_in_worker_processes_score_exactly_as_inline():
    (game,) = decisions_with_a_choice("gandhi", {}, count=1)
    seat = game.current_player()
    inline = policy_from_spec(tiny(2, 1, 2), "gandhi")
    pooled = policy_from_spec(tiny(2, 1, 2) + "&workers=2", "gandhi")
    try:
        assert pooled(game, seat) == inline(game, seat)
    finally:
        pooled.close()
    assert pooled.last == inline.last and len(inline.last["scores"]) == 2


def test_play_and_the_bot_checks_accept_search_as_opponents():
    """``coin-env play --opponents search`` (check_bot lets registered names through, still refusing others)."""
    opponents = opponents_for("gandhi", "congress", "search")
    assert sorted(opponents) == ["ml", "raj", "revs"]
    assert all(isinstance(p, SearchPolicy) for p in opponents.values())
    with pytest.raises(UsageError, match="unknown bot 'nobot'"):
        opponents_for("gandhi", "congress", "nobot")


def test_an_env_takes_search_opponents():
    env = coin_env.gym_env("vijayanagara", seat="ds", opponents=tiny(1, 1, 2))
    env.reset(seed=0)
    for _ in range(10):
        legal = [i for i, ok in enumerate(env.action_masks()) if ok]
        _, _, terminated, truncated, _ = env.step(legal[0])
        if terminated or truncated:
            break
    assert {f: type(p) for f, p in env.unwrapped.opponents.items()} == {"bk": SearchPolicy, "ve": SearchPolicy}


def test_a_bot_rollout_policy_keeps_its_plan_in_the_real_game():
    """The bot writes its plan into the game state when it decides (A Distant Plain: the non-player memory);
    the search asks it on the real game too, so the state after the search's decision holds the same plan as
    after the bot's own decision (here the search keeps the bot's choice: one candidate)."""
    written = 0
    for game in decisions_with_a_choice("a_distant_plain", {}, skip=5, count=12):
        seat = game.current_player()
        by_bot, by_search = game.clone(), game.clone()
        policy_from_spec("flowchart", "a_distant_plain")(by_bot, seat)
        policy_from_spec("search:?rollouts=1&keep=1&turn_rollouts=1&turn_keep=1", "a_distant_plain")(by_search, seat)
        assert by_search.to_json() == by_bot.to_json()
        written += by_bot.to_json() != game.to_json()
    assert written                  # some of these decisions do write a plan


def test_score_own_leaves_out_the_other_seats_margins():
    """score=own scores a rollout by the seat's margin alone; the default subtracts the best other seat's."""
    game = coin_env.make_game("gandhi", seed=5)
    margins = game.victory_margins()
    seat = next(iter(margins))
    best_other = max(m for f, m in margins.items() if f != seat)
    assert seat_score(game, seat, 5.0, relative=False) == margins[seat]
    assert seat_score(game, seat, 5.0) == margins[seat] - best_other
    assert parse_spec("search:?score=own", "gandhi")[1].score == "own"
    with pytest.raises(ValueError, match="score must be relative or own"):
        parse_spec("search:?score=best", "gandhi")


def test_seat_defaults_apply_to_their_seat_unless_the_spec_writes_the_option():
    """A Distant Plain's Government searches with its own defaults (SEAT_DEFAULTS), the other seats with the
    game's; an option written in the spec wins over both; options given directly are taken as they are."""
    from agents.policies.search import SEAT_DEFAULTS
    government = SEAT_DEFAULTS["a_distant_plain"]["government"]
    policy = policy_from_spec("search", "a_distant_plain")
    assert policy.options_for("a_distant_plain", "government") == replace(policy.options, **government)
    assert policy.options_for("a_distant_plain", "taliban") == policy.options == parse_spec("search",
                                                                                            "a_distant_plain")[1]
    written = policy_from_spec("search:?turn_rollouts=2&seed=4", "a_distant_plain")
    mine = written.options_for("a_distant_plain", "government")
    assert mine.turn_rollouts == 2 and mine.seed == 4 and mine.score == government["score"]
    direct = SearchPolicy(None, SearchOptions(turn_rollouts=2))
    assert direct.options_for("a_distant_plain", "government") == SearchOptions(turn_rollouts=2)
    assert pickle.loads(pickle.dumps(written)).options_for("a_distant_plain", "government") == mine


def test_others_bot_plays_the_other_seats_by_the_games_bot_and_the_seat_by_the_rollout_policy():
    """others=bot: in the rollouts the searching seat plays the rollout policy and every other seat the game's bot;
    the default plays every seat by the rollout policy. A recording rollout policy shows who it was asked for."""
    (game,) = decisions_with_a_choice("gandhi", {}, count=1)
    seat = game.current_player()
    asked = []

    def recording(g, faction, rng):
        asked.append(faction)
        legal = g.legal_actions()
        return legal[rng.randrange(len(legal))]

    def search_with(others):
        asked.clear()
        policy = policy_from_spec(f"search:recording-for-test?rollouts=2&horizon=1&keep=2&turn_rollouts=2"
                                  f"&turn_horizon=1&turn_keep=2&others={others}", "gandhi")
        policy(game.clone(), seat)
        assert policy.stats["rollouts"] > 0
        return set(asked)

    register_policy_resolver("recording-for-test", lambda spec, game_name: recording)
    try:
        assert search_with("bot") == {seat}
        assert search_with("rollout") > {seat}
    finally:
        unregister_policy_resolver("recording-for-test")
    assert parse_spec("search:random?others=bot", "gandhi")[1].others == "bot"
    with pytest.raises(ValueError, match="others must be rollout or bot"):
        parse_spec("search:?others=me", "gandhi")


def test_others_bot_scores_in_worker_processes_exactly_as_inline():
    (game,) = decisions_with_a_choice("gandhi", {}, count=1)
    seat = game.current_player()
    spec = "search:random?rollouts=2&horizon=1&keep=2&turn_rollouts=2&turn_horizon=1&turn_keep=2&others=bot"
    inline = policy_from_spec(spec, "gandhi")
    pooled = policy_from_spec(spec + "&workers=2", "gandhi")
    try:
        assert pooled(game, seat) == inline(game, seat)
    finally:
        pooled.close()
    assert pooled.last == inline.last and len(inline.last["scores"]) == 2
    alike = policy_from_spec(spec.replace("others=bot", "others=rollout"), "gandhi")
    alike(game, seat)
    assert alike.last["scores"] != inline.last["scores"]      # the bots around the seat play differently
