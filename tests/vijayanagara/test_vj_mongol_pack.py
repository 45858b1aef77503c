"""2.4 with an owner data pack: which faction each Mongol Invasion card names is reconstructed data
(4 and 4), and a pack replaces it, held by the game."""

import pytest

import coin_env


def invasion(pack=None):
    options = {"data_pack": pack} if pack else {}
    return coin_env.make_game("vijayanagara", position={"current_card": 37, "resources": {"bk": 5, "ve": 5}},
                              options=options, seed=1)


def test_the_faction_a_mongol_card_names_runs_the_mongols_and_a_pack_changes_it_2_4():
    g = invasion()
    assert g.current_player() == "bk" and g.prompt().startswith("Bahmani Kingdom runs the Mongols")
    h = invasion({"mongol_invasion": {"37": "Vijayanagara"}})
    assert h.current_player() == "ve" and h.data.mongol_faction(37) == "ve"
    assert invasion().data.mongol_faction(37) == "bk"          # the pack stayed with its own game


def test_a_bad_mongol_assignment_is_refused_naming_every_problem():
    with pytest.raises(ValueError) as err:
        invasion({"mongol_invasion": {"12": "ve", "38": "ds"}})
    assert "mongol_invasion.12: not a Mongol Invasion card" in str(err.value)
    assert "mongol_invasion.38 = 'ds': a Mongol Invasion card names the Bahmani Kingdom or Vijayanagara" in str(err.value)
