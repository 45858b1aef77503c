"""Owner data packs (coin_env/games/gandhi/datapack.py): the README example, card order and adjacency
changed by a pack and seen by the rules, refusals that name the offending key and value, nothing
half-applied, plugins, and the ``data_pack`` option across saves."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import coin_env
from coin_env import labels, play
from coin_env.games.gandhi import datapack, static
from coin_env.games.gandhi.data import cards
from coin_env.games.gandhi.rules import revolutionaries

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.fixture(autouse=True)
def _defaults():
    datapack.reset()
    yield
    datapack.reset()


def neighbours(name):
    return {static.SPACE_NAMES[j] for j in static.NEIGHBORS[static.INDEX[name]]}


def readme_example(tmp_path):
    """The README's complete example pack and its plugin, written to files."""
    text = README.read_text()
    section = text[text.index("### Owner data packs"):]
    toml = re.search(r"```toml\n(.*?)```", section, re.S).group(1)
    plugin = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    (tmp_path / "my_copy.toml").write_text(toml)
    (tmp_path / "my_cards.py").write_text(plugin)
    return tmp_path / "my_copy.toml"


def snapshot():
    return (static.POP.copy(), static.ECON.copy(), static.ADJACENT.copy(), list(static.NEIGHBORS),
            {n: (r.order, r.title, r.critical) for n, r in cards.CARDS.items()}, datapack.active())


def same(a, b):
    return all(np.array_equal(x, y) if isinstance(x, np.ndarray) else x == y for x, y in zip(a, b))


def test_readme_example_pack_changes_a_cards_order_and_an_adjacency(tmp_path):
    path = readme_example(tmp_path)
    assert cards.faction_order(16) != ("ml", "congress", "raj", "revs")
    assert "Jammu & Kashmir" not in neighbours("Sind")
    g = coin_env.make_game("gandhi", options={"data_pack": str(path)},
                           position={"deck": [16, 1] + list(range(2, 16)) + [73], "spaces": {}}, debug=True)
    assert datapack.active() == "my printed copy"
    # Card 16: the pack's order; the Pakistan Declaration moved here with its effect.
    assert cards.faction_order(16) == ("ml", "congress", "raj", "revs")
    assert cards.record(16).critical == ("ml",)
    assert cards.title(16) == "Pakistan Declaration Published in London"
    assert not cards.record(45).unshaded.implemented
    assert g.current_player() == "ml" and "event (unshaded)" in labels(g)
    assert cards.record(12).title == "My Card Title" and cards.record(12).halo == ("congress",)
    assert cards.record(12).order == ("congress", "raj", "revs", "ml")
    assert cards.record(12).shaded.implemented and "my printed copy" in cards.record(12).provenance["order"]
    # The adjacency as the rules see it: a March from Sind may now end in Jammu & Kashmir.
    assert "Jammu & Kashmir" in neighbours("Sind") and "Sind" in neighbours("Jammu & Kashmir")
    assert static.INDEX["Jammu & Kashmir"] in revolutionaries.chain_destinations(static.INDEX["Sind"])
    assert static.ECON[static.INDEX["Karachi-Lahore Railway"]] == 2 and int(static.ECON.sum()) == 40
    # The plugin's effect is offered and runs.
    g = coin_env.make_game("gandhi", position={"deck": [12, 1] + list(range(2, 12)) + [73], "unity": 2}, debug=True)
    assert g.current_player() == "congress"
    play(g, "event (shaded)", "select Sind")
    assert g.state.unity == 3 and g.state.unrest[static.INDEX["Sind"]] == 1
    datapack.reset()
    assert cards.faction_order(16) != ("ml", "congress", "raj", "revs") and cards.record(45).unshaded.implemented
    assert "Jammu & Kashmir" not in neighbours("Sind")
    assert static.INDEX["Jammu & Kashmir"] not in revolutionaries.chain_destinations(static.INDEX["Sind"])
    assert not cards.record(12).shaded.implemented


def test_yaml_pack(tmp_path):
    (tmp_path / "p.yaml").write_text(
        "pack: {name: yaml copy}\ncards:\n  3:\n    order: [revs, ml, congress, raj]\n"
        "spaces:\n  Assam:\n    population: 2\n")
    datapack.apply(tmp_path / "p.yaml")
    assert cards.faction_order(3) == ("revs", "ml", "congress", "raj")
    assert static.POP[static.INDEX["Assam"]] == 2


def test_encoder_and_victory_totals_see_a_new_population():
    from coin_env.core.encoding import encoder_for
    from coin_env.games.gandhi import board, encoding
    g = coin_env.make_game("gandhi", position={"spaces": {"Assam": {"support": "Active Opposition"}}})
    enc = encoder_for("gandhi")
    before = board.victory_totals(g.state)["congress"]
    datapack.apply({"spaces": {"Assam": {"population": 2}}})
    assert board.victory_totals(g.state)["congress"] == before + 2
    assert encoding.victory_totals(g.state, board.control_mask(g.state)) == board.victory_totals(g.state)
    vec = enc.describe(enc.observe(g, "congress"))
    assert vec["space Assam: Pop"] == 1.0


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
    with pytest.raises(datapack.DataPackError, match=message):
        datapack.apply(pack)
    assert same(snapshot(), before)


def test_a_refused_pack_leaves_the_previous_pack_in_force(tmp_path):
    datapack.apply({"pack": {"name": "first"}, "cards": {"7": {"order": ["revs", "ml", "congress", "raj"]}}})
    before = snapshot()
    with pytest.raises(datapack.DataPackError):
        datapack.apply({"cards": {"7": {"order": ["raj", "ml", "congress", "revs"]}},
                        "spaces": {"Assam": {"population": 9}}})
    assert same(snapshot(), before) and datapack.active() == "first"


def test_a_plugin_may_not_silently_override_a_known_effect(tmp_path):
    (tmp_path / "bad.py").write_text(
        "from coin_env.coin.events import event_effect\n"
        "@event_effect('gandhi', 6, 'unshaded')\ndef mine(game, faction):\n    pass\n")
    with pytest.raises(datapack.DataPackError, match="card 6 unshaded already has an effect"):
        datapack.apply({"plugins": [str(tmp_path / "bad.py")]})
    assert cards.record(6).unshaded.effect.__name__ == "chauri_chaura_unshaded"


def test_a_plugin_that_fails_is_refused(tmp_path):
    (tmp_path / "broken.py").write_text("raise RuntimeError('oops')\n")
    with pytest.raises(datapack.DataPackError, match=r"plugins: .*broken.py' failed to load: RuntimeError: oops"):
        datapack.apply({"plugins": [str(tmp_path / "broken.py")]})


def test_a_loaded_game_reapplies_its_pack_and_applied_scopes_a_pack(tmp_path):
    path = readme_example(tmp_path)
    g = coin_env.make_game("gandhi", seed=1, options={"data_pack": str(path)})
    text = g.to_json()
    datapack.reset()
    assert datapack.active() is None
    coin_env.load_game(text)
    assert datapack.active() == "my printed copy" and cards.faction_order(16) == ("ml", "congress", "raj", "revs")
    datapack.reset()
    with datapack.applied(path):
        assert "Sind" in neighbours("Jammu & Kashmir")
    assert "Sind" not in neighbours("Jammu & Kashmir") and datapack.active() is None


def test_unknown_extension_and_bad_syntax_are_refused(tmp_path):
    (tmp_path / "p.json").write_text("{}")
    with pytest.raises(datapack.DataPackError, match="extension"):
        datapack.apply(tmp_path / "p.json")
    (tmp_path / "p.toml").write_text("cards = [[[")
    with pytest.raises(datapack.DataPackError, match="does not parse"):
        datapack.apply(tmp_path / "p.toml")
    with pytest.raises(ValueError, match="data_pack"):
        coin_env.make_game("gandhi", options={"data_pack": 3})


def test_a_refused_save_leaves_the_data_pack_in_force_as_it_was(tmp_path):
    """Loading a save applies its pack before the invariants are checked; a refusal undoes that."""
    import json
    path = readme_example(tmp_path)
    data = json.loads(coin_env.make_game("gandhi", seed=1, options={"data_pack": str(path)}).to_json())
    data["state"]["arrays"]["pieces"][0][0] += 3                  # three pieces out of nowhere
    datapack.reset()
    before = snapshot()
    with pytest.raises(ValueError, match="invariant"):
        coin_env.load_game(json.dumps(data))
    assert same(snapshot(), before) and datapack.active() is None
