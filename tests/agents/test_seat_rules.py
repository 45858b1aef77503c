"""The fair yardstick (issue 18.1): ``seat_rules`` in configs and ``coin-env evaluate --seat-rules``.

The bot row and the policy row of an evaluation are played in the same setting (same game options, same seats'
rule status, same seeds), and the setting decides which seats are the game's non-players."""

import random

import pytest

from agents import cli
from agents.training.config import ConfigError, parse_config
from agents.evaluation.evaluate import evaluate, format_table
from agents.policies import BotAsPlayer, as_player, policy_from_spec
from agents.training.backends.sb3 import env_configs, make_env

FACTIONS = ["raj", "congress", "ml", "revs"]
BASE = {"game": "gandhi", "seats": "congress", "opponents": "arjuna"}


def test_seat_rules_default_and_values():
    assert parse_config(BASE)["seat_rules"] == "player"
    assert parse_config(dict(BASE, seat_rules="non_player"))["seat_rules"] == "non_player"


def test_a_bad_seat_rules_value_is_one_line_naming_key_and_choices():
    with pytest.raises(ConfigError) as e:
        parse_config(dict(BASE, seat_rules="np"), source="x.yaml")
    msg = str(e.value)
    assert "\n" not in msg and "seat_rules" in msg and "'player'" in msg and "'non_player'" in msg
    with pytest.raises(ConfigError, match="seat_rules"):
        parse_config(BASE, overrides=["seat_rules=bots"])


def test_player_rules_refuse_a_trained_seat_listed_as_non_player():
    with pytest.raises(ConfigError, match="options.non_players lists the trained seat"):
        parse_config(dict(BASE, options={"non_players": ["congress"]}))
    parse_config(dict(BASE, options={"non_players": ["congress"]}, seat_rules="non_player"))


@pytest.mark.parametrize("rules", ["player", "non_player"])
def test_the_setting_decides_the_training_games_non_players(rules, tmp_path):
    cfg = parse_config(dict(BASE, seat_rules=rules, output_dir=str(tmp_path / "run")))
    env = make_env(env_configs(cfg)[0])
    env.reset(seed=3)
    nps = set(env.game.options["non_players"])
    assert nps - {"congress"} == {"raj", "ml", "revs"}
    assert ("congress" in nps) == (rules == "non_player")


def test_all_seats_under_non_player_rules_with_a_shared_policy(tmp_path):
    cfg = parse_config(dict(BASE, seats="all", seat_rules="non_player", output_dir=str(tmp_path / "r")))
    env = make_env(env_configs(cfg)[0])
    for seed in range(4):
        env.reset(seed=seed)
        assert sorted(env.game.options["non_players"]) == sorted(FACTIONS)


@pytest.mark.parametrize("rules", ["player", "non_player"])
def test_bot_row_and_policy_row_play_the_same_setting_and_seeds(rules):
    out = evaluate("gandhi", {"rnd": "random"}, games=2, seed=11, workers=1, seat_rules=rules)
    assert out["seat_rules"] == rules and f"seat rules: {rules}" in format_table(out)
    for seat in FACTIONS:
        rows = {r["policy"]: r for r in out["rows"] if r["seat"] == seat}
        policy, bot = (out["pairings"][rows[name]["pairing"]] for name in ("rnd", "arjuna"))
        assert [r["seed"] for r in policy["records"]] == [r["seed"] for r in bot["records"]] == [11, 12]
        expected = sorted(FACTIONS) if rules == "non_player" else sorted(f for f in FACTIONS if f != seat)
        for record in policy["records"] + bot["records"]:
            assert record["non_players"] == expected
        assert policy["players"] == bot["players"] == ([seat] if rules == "player" else [])


def test_evaluate_cli_prints_the_setting(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["evaluate", "--game", "gandhi", "--games", "1", "--workers", "1", "--no-baselines",
                  "--policy", "random", "--seats", "raj", "--seat-rules", "non_player"])
    assert e.value.code == 0
    assert "seat rules: non_player" in capsys.readouterr().out


def test_evaluate_cli_refuses_an_unknown_setting(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["evaluate", "--game", "gandhi", "--seat-rules", "bots"])
    assert e.value.code == 2
    assert "--seat-rules" in capsys.readouterr().err


@pytest.mark.parametrize("game,bot", [("gandhi", "arjuna"), ("a_distant_plain", "flowchart")])
def test_a_bot_plays_a_player_seat_legally_and_leaves_the_options_as_they_were(game, bot):
    import coin_env
    policy = policy_from_spec(bot, game)
    seat = coin_env.make_game(game, seed=0).factions[0]
    others = [f for f in coin_env.make_game(game, seed=0).factions if f != seat]
    g = coin_env.make_game(game, seed=4, options={"non_players": others})
    player = as_player(policy)
    assert isinstance(player, BotAsPlayer) and not player.non_player
    rng = random.Random(0)
    for _ in range(400):
        if g.is_over():
            break
        f = g.current_player()
        before = dict(g.options)
        action = (player if f == seat else policy)(g, f, rng)
        assert action in g.legal_actions()
        assert g.options == before
        g.apply(action)
    assert seat not in g.options["non_players"]
    assert as_player(policy_from_spec("random", game)) is policy_from_spec("random", game)


def test_arjuna_as_a_player_gets_its_seat_cards_into_the_deck_once_through_the_bots_own_hook():
    """Gandhi 8.3: the Arjuna deck holds the non-players' cards only; a seat Arjuna plays as a player gets its six
    cards shuffled in the first time it decides. The rule is the Gandhi bot's (prepare_as_player), which
    BotAsPlayer calls for any game's bot; agents/ names no game."""
    import coin_env
    from coin_env.core.registry import game_bots
    g = coin_env.make_game("gandhi", seed=4, options={"non_players": ["raj", "ml", "revs"]})
    deck = g.state.arjuna["deck"]
    assert len(deck) == 18
    player = as_player(policy_from_spec("arjuna", "gandhi"))
    assert callable(getattr(player.bot, "prepare_as_player", None))
    player.bot.prepare_as_player(g, "congress", random.Random(0))
    assert len(deck) == 24 and sorted(deck) == sorted("ABCDEFGHIJKLMNOPQRSTUVWX")
    player.bot.prepare_as_player(g, "congress", random.Random(1))      # once: the cards are there already
    assert len(deck) == 24
    assert all(not hasattr(policy_from_spec(b, "a_distant_plain"), "prepare_as_player")
               for b in game_bots("a_distant_plain"))


# --- variants: one run over several settings ------------------------------------------------------------------------
JC_SOLO_AND_FAMILIES = {"game": "john_company", "scenario": "1710", "options": {"families": 3}, "seats": "all",
                        "opponents": "crown", "algorithm": {"policy": "mlp"},
                        "variants": [{"options": {"families": 3}},
                                     {"options": {"families": 1, "crown": True}, "seats": "benyon"}]}


@pytest.mark.parametrize("variants, message", [
    ("both", "variants must be a list of mappings"),
    ([{}], "variants[0] must be a non-empty mapping"),
    ([{"seat_rules": "player"}, {"seat_rule": "non_player"}], "unknown key 'variants[1].seat_rule'"),
    ([{"seat_rules": "bots"}], "variants[0].seat_rules must be one of"),
    ([{"options": [1]}], "variants[0].options must be"),
    ([{"seats": "viceroy"}], "(variants[0]): seats: 'viceroy' is not a faction of gandhi"),
    ([{"options": {"strike_rule": "xx"}}], "(variants[0]): scenario/options not accepted by gandhi"),
])
def test_a_bad_variant_is_one_line_naming_it(variants, message):
    with pytest.raises(ConfigError) as e:
        parse_config(dict(BASE, variants=variants), source="x.yaml")
    assert message in str(e.value) and "\n" not in str(e.value)


def test_variants_train_with_sb3_only():
    with pytest.raises(ConfigError, match="variants: the rllib backend trains in one setting"):
        parse_config(dict(BASE, backend="rllib", variants=[{"seat_rules": "non_player"}]))


def test_env_i_plays_variant_i_mod_n_and_the_seat_rules_apply(tmp_path):
    cfg = parse_config(dict(BASE, seats="all", envs={"count": 4}, output_dir=str(tmp_path / "r"),
                            variants=[{"seat_rules": "player"}, {"seat_rules": "non_player"}]))
    for rank, config in enumerate(env_configs(cfg)):
        env = make_env(config)
        env.reset(seed=rank)
        nps = set(env.game.options.get("non_players") or ())
        if rank % 2:
            assert nps == set(FACTIONS)
        else:
            assert env.seat not in nps and nps == set(FACTIONS) - {env.seat}


def test_one_run_over_john_companys_families_game_and_solo(tmp_path):
    """Env 0 plays three families (every family seat trained), env 1 solo against the Crown (Benyon trained,
    the Crown's seat the crown bot's); the observation and action spaces are the same."""
    cfg = parse_config(dict(JC_SOLO_AND_FAMILIES, envs={"count": 2}, output_dir=str(tmp_path / "r")))
    families, solo = (make_env(c) for c in env_configs(cfg))
    families.reset(seed=1)
    solo.reset(seed=1)
    assert families.game.factions == ("benyon", "hastings", "larkins")
    assert solo.game.factions == ("benyon", "crown") and solo.seat == "benyon"
    assert families.observation_space == solo.observation_space and families.action_space == solo.action_space
