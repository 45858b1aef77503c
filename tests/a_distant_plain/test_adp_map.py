"""A Distant Plain's map data (data/map.py, static.py, the built-in data datapack.default()) against the
rulebook's totals and examples."""

import numpy as np
import pytest

from coin_env.games.a_distant_plain import datapack, static
from coin_env.games.a_distant_plain.data import map as mapdata

I = static.INDEX
MAP = datapack.default()                 # the built-in map facts (a game made without a data pack)


def adjacent(a, b):
    return bool(MAP.adjacent[I[a], I[b]])


def test_thirty_two_spaces_of_the_right_kinds():
    """1.3.1: Kabul, 21 Afghan Provinces, 3 Pakistan Provinces, 7 LoCs."""
    assert static.N_SPACES == 32
    assert int(static.IS_CITY.sum()) == 1 and static.IS_CITY[static.KABUL]
    assert int(static.IS_AFGHAN_PROVINCE.sum()) == 21
    assert sorted(static.SPACE_NAMES[i] for i in static.PAKISTAN) == ["Balochistan", "Northwest Frontier", "Waziristan"]
    assert len(static.LOCS) == 7


def test_afghan_population_is_25_and_kabul_is_3():
    """1.9 play note: Afghan Population 25; 1.3.3 Kabul Pop 3 and Pashtun."""
    assert int(MAP.printed_pop[static.IS_AFGHAN].sum()) == 25 == mapdata.AFGHAN_POPULATION
    assert MAP.printed_pop[static.KABUL] == 3 and MAP.is_pashtun[static.KABUL]


def test_loc_econ_totals_12_and_locs_are_never_pashtun():
    """6.3.2: 12 minus Sabotaged Econ; 1.3.4: LoCs Econ 1..4, never Pashtun, no Population."""
    assert int(MAP.econ.sum()) == 12
    assert all(1 <= MAP.econ[i] <= 4 for i in static.LOCS)
    assert not MAP.is_pashtun[static.IS_LOC].any()
    assert (MAP.printed_pop[static.IS_LOC] == 0).all()


def test_adjacency_is_symmetric_and_every_space_has_neighbours():
    assert (MAP.adjacent == MAP.adjacent.T).all()
    assert not MAP.adjacent.diagonal().any()
    assert all(MAP.neighbors[i] for i in range(static.N_SPACES))
    assert int(MAP.adjacent.sum()) // 2 == 103      # digest 3.6: 103 undirected adjacencies
    assert MAP.neighbors == tuple(tuple(int(j) for j in np.flatnonzero(MAP.adjacent[i])) for i in range(static.N_SPACES))


def test_the_built_in_map_facts_are_read_only():
    """The facts live on an immutable data object: nothing can rewrite them in place."""
    for table in (MAP.printed_pop, MAP.econ, MAP.is_pashtun, MAP.is_mountain, MAP.adjacent,
                  MAP.afghan_pop_f32, MAP.afghan_controllable_f32, static.IS_LOC, static.IS_PAKISTAN):
        with pytest.raises(ValueError):
            table[0] = table[1]
    with pytest.raises(AttributeError):
        MAP.printed_pop = MAP.printed_pop
    for name in ("PRINTED_POP", "ECON", "IS_PASHTUN", "IS_MOUNTAIN", "ADJACENT", "NEIGHBORS", "NETWORK_NEIGHBORS",
                 "POP_LIST", "PASHTUN_LIST", "RANDOM_SPACE_SLOTS", "AFGHAN_POP_F32", "AFGHAN_CONTROLLABLE_F32"):
        assert not hasattr(static, name), f"static.{name}: a pack-dependent fact must not be module-global"


def test_T1_faryab_touches_the_shibirghan_loc_and_provinces_across_it_are_adjacent():
    """1.3.6 example: Faryab is adjacent to the LoC ending at Shibirghan; the Provinces north and south
    of that LoC are adjacent to each other (Balkh / Samangan, Balkh / Sar-e-Pol)."""
    assert adjacent("Faryab", "LoC Shibirghan-Aibak")
    assert adjacent("Balkh", "Samangan") and adjacent("Balkh", "Sar-e-Pol")


@pytest.mark.parametrize("a,b,rule", mapdata.ADJACENCY_IN_RULES)
def test_adjacencies_shown_in_rulebook_examples(a, b, rule):
    assert adjacent(a, b), rule


def test_locs_meeting_at_a_town_are_adjacent_but_not_through_kabul():
    """1.3.6 (c): LoCs separated by a Town are adjacent; Kabul is a space, not a Town (digest A.9)."""
    assert adjacent("LoC Kandahar-Spin Boldak", "LoC Farah-Kandahar")
    assert adjacent("LoC Kandahar-Kabul", "LoC Farah-Kandahar")
    assert adjacent("LoC Kabul-Aibak", "LoC Shibirghan-Aibak")
    assert adjacent("LoC Farah-Kandahar", "LoC Toraghondi-Farah")
    assert not adjacent("LoC Kabul-Aibak", "LoC Kabul-Tor Kham")
    assert not adjacent("LoC Kandahar-Kabul", "LoC Kabul-Aibak")


def test_bamian_is_not_pashtun_and_pashtun_list():
    """3.3.2 example: Bamian is not Pashtun."""
    assert not MAP.is_pashtun[I["Bamian"]]
    pashtun = sorted(static.SPACE_NAMES[i] for i in np.flatnonzero(MAP.is_pashtun))
    assert len(pashtun) == 14 and "Waziristan" in pashtun and "Balochistan" not in pashtun


def test_every_space_has_provenance_and_terrain_is_marked_reconstructed():
    for name, kind, pop, pashtun, terrain, prov in mapdata.SPACES:
        assert prov
        if kind == mapdata.PROVINCE:
            assert terrain in (mapdata.MOUNTAIN, mapdata.PLAINS)
        else:
            assert terrain is None
    assert mapdata.TERRAIN.startswith("reconstructed")
