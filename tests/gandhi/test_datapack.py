"""Owner data packs (coin_env/games/gandhi/datapack.py): the documented example, card order and adjacency
changed by a pack and seen by the rules of the game made with it (``g.data``), refusals that name the
offending key and value, nothing half-built, plugins, and the ``data_pack`` option across saves.
A pack never changes anything process-wide: games made without it keep the built-in facts."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import coin_env
from coin_env import labels, play
from coin_env.games.gandhi import datapack, static
from coin_env.games.gandhi.rules import revolutionaries

PAGE = Path(__file__).resolve().parents[2] / "docs" / "data-packs.md"     # the owner data pack documentation


def neighbours(data, name):
    return {static.SPACE_NAMES[j] for j in data.neighbors[static.INDEX[name]]}


def readme_example(tmp_path):
    """The documentation's complete example pack and its plugin, written to files."""
    text = PAGE.read_text()
    section = text[text.index("## Owner data packs"):]
    toml = re.search(r"```toml\n(.*?)```", section, re.S).group(1)
    plugin = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    (tmp_path / "my_copy.toml").write_text(toml)
    (tmp_path / "my_cards.py").write_text(plugin)
    return tmp_path / "my_copy.toml"


def snapshot(data=None):
    """Every fact of a data object (the built-in data by default), to show nothing changed."""
    data = data if data is not None else datapack.default()
    return (data.pop.copy(), data.econ.copy(), data.adjacent.copy(), list(data.neighbors),
            {n: (r.order, r.title, r.critical, r.halo, r.unshaded.effect, r.shaded.effect)
             for n, r in data.cards.records.items()},
            data.arjuna.random_spaces, data.arjuna.adversary, data.name)


def same(a, b):
    return all(np.array_equal(x, y) if isinstance(x, np.ndarray) else x == y for x, y in zip(a, b))


def builtin_game(**kw):
    return coin_env.make_game("gandhi", **kw)


def test_readme_example_pack_changes_a_cards_order_and_an_adjacency(tmp_path):
    path = readme_example(tmp_path)
    base = builtin_game().data
    assert base.cards.faction_order(16) != ("ml", "congress", "raj", "revs")
    assert "Jammu & Kashmir" not in neighbours(base, "Sind")
    g = coin_env.make_game("gandhi", options={"data_pack": str(path)},
                           position={"deck": [16, 1] + list(range(2, 16)) + [73], "spaces": {}}, debug=True)
    data = g.data
    assert data.name == "my printed copy" and data is not base
    cards = data.cards
    # Card 16: the pack's order; the Pakistan Declaration moved here with its effect.
    assert cards.faction_order(16) == ("ml", "congress", "raj", "revs")
    assert g.card_faction_order(16) == ("ml", "congress", "raj", "revs")
    assert cards.record(16).critical == ("ml",)
    assert cards.title(16) == "Pakistan Declaration Published in London"
    assert not cards.record(45).unshaded.implemented
    assert g.current_player() == "ml" and "event (unshaded)" in labels(g)
    assert cards.record(12).title == "My Card Title" and cards.record(12).halo == ("congress",)
    assert cards.record(12).order == ("congress", "raj", "revs", "ml")
    assert cards.record(12).shaded.implemented and "my printed copy" in cards.record(12).provenance["order"]
    # The adjacency as the rules see it: a March from Sind may now end in Jammu & Kashmir.
    assert "Jammu & Kashmir" in neighbours(data, "Sind") and "Sind" in neighbours(data, "Jammu & Kashmir")
    assert static.INDEX["Jammu & Kashmir"] in revolutionaries.chain_destinations(data, static.INDEX["Sind"])
    assert data.econ[static.INDEX["Karachi-Lahore Railway"]] == 2 and int(data.econ.sum()) == 40
    # The plugin's effect is offered and runs in a game made with the pack.
    g = coin_env.make_game("gandhi", position={"deck": [12, 1] + list(range(2, 12)) + [73], "unity": 2},
                           options={"data_pack": str(path)}, debug=True)
    assert g.data is data                                   # the same content: the same immutable data
    assert g.current_player() == "congress"
    play(g, "event (shaded)", "select Sind")
    assert g.state.unity == 3 and g.state.unrest[static.INDEX["Sind"]] == 1
    # A game made without the pack, after all that, plays with the built-in facts.
    b = builtin_game(position={"deck": [12, 1] + list(range(2, 12)) + [73], "unity": 2}, debug=True)
    assert b.data is base and b.data.name is None
    assert b.data.cards.faction_order(16) != ("ml", "congress", "raj", "revs")
    assert b.data.cards.record(45).unshaded.implemented and not b.data.cards.record(12).shaded.implemented
    assert "Jammu & Kashmir" not in neighbours(b.data, "Sind")
    assert static.INDEX["Jammu & Kashmir"] not in revolutionaries.chain_destinations(b.data, static.INDEX["Sind"])
    assert b.card_faction_order(12) != ("congress", "raj", "revs", "ml") and b.current_player() != "congress"


def test_yaml_pack(tmp_path):
    (tmp_path / "p.yaml").write_text(
        "pack: {name: yaml copy}\ncards:\n  3:\n    order: [revs, ml, congress, raj]\n"
        "spaces:\n  Assam:\n    population: 2\n")
    data = datapack.load(tmp_path / "p.yaml")
    assert data.name == "yaml copy"
    assert data.cards.faction_order(3) == ("revs", "ml", "congress", "raj")
    assert data.pop[static.INDEX["Assam"]] == 2 and data.pop_list[static.INDEX["Assam"]] == 2
    g = coin_env.make_game("gandhi", options={"data_pack": str(tmp_path / "p.yaml")})
    assert g.data.pop[static.INDEX["Assam"]] == 2 and g.card_faction_order(3) == ("revs", "ml", "congress", "raj")
    assert datapack.default().pop[static.INDEX["Assam"]] == 1


def test_encoder_and_victory_totals_see_a_new_population():
    from coin_env.core.encoding import encoder_for
    from coin_env.games.gandhi import board, encoding
    pos = {"spaces": {"Assam": {"support": "Active Opposition"}}}
    b = builtin_game(position=pos)
    g = coin_env.make_game("gandhi", position=pos, options={"data_pack": {"spaces": {"Assam": {"population": 2}}}})
    enc = encoder_for("gandhi")
    assert board.victory_totals(g.state)["congress"] == board.victory_totals(b.state)["congress"] + 2
    assert encoding.victory_totals(g.state, board.control_mask(g.state)) == board.victory_totals(g.state)
    assert encoding.victory_totals(b.state, board.control_mask(b.state)) == board.victory_totals(b.state)
    assert enc.describe(enc.observe(g, "congress"))["space Assam: Pop"] == 1.0
    assert enc.describe(enc.observe(b, "congress"))["space Assam: Pop"] == 0.5
    assert enc.describe(enc.observe(g, "congress"))["space Assam: Pop"] == 1.0


@pytest.mark.parametrize("pack, message", [
    ({"spaces": {"Sind": {"adjacent": ["Karachi", "Baluchistan", "Punjab", "Gujarat", "Rajputana",
                                        "Karachi-Lahore Railway", "Jammu & Kashmir"]}}},
     r"spaces.'Sind'.adjacent: lists 'Jammu & Kashmir' but 'Jammu & Kashmir' is not adjacent to 'Sind'"),
    ({"spaces": {"Atlantis": {"population": 1}}}, r"spaces: unknown space 'Atlantis'"),
    ({"spaces": {"Sind": {"adjacent": ["Karachi", "El Dorado"]}}}, r"spaces.'Sind'.adjacent: unknown space 'El Dorado'"),
    ({"spaces": {"Delhi": {"population": 2}}}, r"spaces.'Delhi'.population = 2: every City has Population 1"),
    ({"spaces": {"Sind": {"econ": 3}}}, r"spaces.'Sind'.econ = 3: only Railways have Econ"),
    ({"spaces": {"Karachi-Lahore Railway": {"econ": 5}}}, r"railway Econ totals 42"),
    ({"spaces": {"Jammu & Kashmir": {"adjacent": []}, "Northwest Frontier": {"adjacent": [
        "Baluchistan", "Punjab", "Peshawar-Lahore Railway"]}, "Punjab": {"adjacent": ["Delhi"]}}},
     r"no neighbours"),
    ({"cards": {"5": {"order": ["raj", "raj", "ml", "revs"]}}}, r"cards.5.order: faction 'raj' listed twice"),
    ({"cards": {"5": {"order": ["raj", "ml", "revs"]}}}, r"cards.5.order = \['raj', 'ml', 'revs'\]: must list each"),
    ({"cards": {"5": {"critical": ["Nizam"]}}}, r"cards.5.critical: 'Nizam' is not a faction"),
    ({"cards": {"80": {"title": "x"}}}, r"cards: '80' is not an Event card number"),
    ({"cards": {"5": {"colour": "red"}}}, r"cards.5.colour: unknown key"),
    ({"renumber": {"45": 16, "16": 3}}, r"renumber.16 = 3: card 16 is moved twice"),
    ({"maps": {}}, r"unknown top-level key 'maps'"),
    ({"plugins": ["nowhere.py"]}, r"plugins: 'nowhere.py' not found"),
])
def test_invalid_packs_are_refused_with_the_key_and_value_and_nothing_applied(pack, message):
    before = snapshot()
    running = builtin_game(seed=3)
    with pytest.raises(datapack.DataPackError, match=message):
        datapack.load(pack)
    with pytest.raises(datapack.DataPackError, match=message):
        coin_env.make_game("gandhi", options={"data_pack": pack})
    assert same(snapshot(), before) and same(snapshot(running.data), before)
    assert same(snapshot(builtin_game().data), before)


def test_a_refused_pack_leaves_the_previous_pack_in_force(tmp_path):
    first = {"pack": {"name": "first"}, "cards": {"7": {"order": ["revs", "ml", "congress", "raj"]}}}
    g = coin_env.make_game("gandhi", options={"data_pack": first})
    before, defaults = snapshot(g.data), snapshot()
    with pytest.raises(datapack.DataPackError):
        coin_env.make_game("gandhi", options={"data_pack": {"cards": {"7": {"order": ["raj", "ml", "congress", "revs"]}},
                                                            "spaces": {"Assam": {"population": 9}}}})
    assert same(snapshot(g.data), before) and g.data.name == "first"
    assert g.card_faction_order(7) == ("revs", "ml", "congress", "raj")
    assert same(snapshot(), defaults) and same(snapshot(datapack.load(first)), before)


def test_a_plugin_may_not_silently_override_a_known_effect(tmp_path):
    (tmp_path / "bad.py").write_text(
        "from coin_env.coin.events import event_effect\n"
        "@event_effect('gandhi', 6, 'unshaded')\ndef mine(game, faction):\n    pass\n")
    with pytest.raises(datapack.DataPackError, match="card 6 unshaded already has an effect"):
        datapack.load({"plugins": [str(tmp_path / "bad.py")]})
    assert datapack.default().cards.record(6).unshaded.effect.__name__ == "chauri_chaura_unshaded"
    assert builtin_game().data.cards.record(6).unshaded.effect.__name__ == "chauri_chaura_unshaded"


def test_a_plugin_that_fails_is_refused(tmp_path):
    (tmp_path / "broken.py").write_text("raise RuntimeError('oops')\n")
    with pytest.raises(datapack.DataPackError, match=r"plugins: .*broken.py' failed to load: RuntimeError: oops"):
        datapack.load({"plugins": [str(tmp_path / "broken.py")]})


def test_a_loaded_game_plays_with_its_pack_and_other_games_do_not(tmp_path):
    path = readme_example(tmp_path)
    g = coin_env.make_game("gandhi", seed=1, options={"data_pack": str(path)})
    text = g.to_json()
    b = builtin_game(seed=1)
    loaded = coin_env.load_game(text)
    assert loaded.data.name == "my printed copy" and loaded.card_faction_order(16) == ("ml", "congress", "raj", "revs")
    assert "Sind" in neighbours(loaded.data, "Jammu & Kashmir")
    # The game made without a pack, before and after, keeps the built-in facts.
    assert b.data.name is None and "Sind" not in neighbours(b.data, "Jammu & Kashmir")
    assert "Sind" not in neighbours(builtin_game().data, "Jammu & Kashmir")
    assert b.card_faction_order(16) != ("ml", "congress", "raj", "revs")


def test_unknown_extension_and_bad_syntax_are_refused(tmp_path):
    (tmp_path / "p.json").write_text("{}")
    with pytest.raises(datapack.DataPackError, match="extension"):
        datapack.load(tmp_path / "p.json")
    (tmp_path / "p.toml").write_text("cards = [[[")
    with pytest.raises(datapack.DataPackError, match="does not parse"):
        datapack.load(tmp_path / "p.toml")
    with pytest.raises(ValueError, match="data_pack"):
        coin_env.make_game("gandhi", options={"data_pack": 3})


def test_a_refused_save_changes_nothing(tmp_path):
    """Loading a save builds its data before the invariants are checked; a refusal leaves no trace."""
    import json
    path = readme_example(tmp_path)
    g = coin_env.make_game("gandhi", seed=1, options={"data_pack": str(path)})
    data = json.loads(g.to_json())
    data["state"]["arrays"]["pieces"][0][0] += 3                  # three pieces out of nowhere
    before, pack_before = snapshot(), snapshot(g.data)
    with pytest.raises(ValueError, match="invariant"):
        coin_env.load_game(json.dumps(data))
    assert same(snapshot(), before) and same(snapshot(g.data), pack_before)
    assert builtin_game().data.name is None


def test_malformed_sources_are_refused_as_data_pack_errors(tmp_path):
    """Probe finding 19: duplicate YAML keys, non-path / non-table sources and empty files are refused with
    DataPackError (a ValueError), never a TypeError or a silently empty pack; None is the built-in data."""
    assert datapack.load(None) is datapack.default()
    for source in (5, [1], True):
        with pytest.raises(datapack.DataPackError, match="file path or a table"):
            datapack.load(source)
    (tmp_path / "dup.yaml").write_text("cards:\n  3:\n    order: [revs, ml, congress, raj]\n"
                                       "  3:\n    order: [raj, ml, congress, revs]\n")
    with pytest.raises(datapack.DataPackError, match="given twice"):
        datapack.load(tmp_path / "dup.yaml")
    (tmp_path / "empty.toml").write_text("")
    with pytest.raises(datapack.DataPackError, match="empty"):
        datapack.load(tmp_path / "empty.toml")
    with pytest.raises(datapack.DataPackError, match="empty"):
        coin_env.make_game("gandhi", options={"data_pack": str(tmp_path / "empty.toml")})
