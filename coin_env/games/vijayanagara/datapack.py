"""Vijayanagara's data (the game's immutable facts, ``game.data``) and owner data packs.

The built-in map is a reconstruction (data/map.py); an owner with the physical board can correct it
with a pack::

    [spaces."Gujarat"]
    prosperity = 1
    adjacent = ["Sindh", "Rajput Kingdoms", "Malwa", "Maharashtra"]

    [mongol_invasion]          # which faction each Mongol Invasion card names (2.4)
    37 = "Vijayanagara"

Checks: Prosperity 1 or 2 on Provinces only (1.3.1), totals 18 (Delhi's set-up VP, 2.1), adjacency
symmetric, and the rules' stated adjacencies and non-adjacencies still hold (1.3.5, 1.3.6); a Mongol
Invasion card (37-44) names the Bahmani Kingdom or Vijayanagara (2.4: the faction that runs the Mongols).
"""

from __future__ import annotations

import numpy as np

from ...coin.datapack import DataPackError, DataPackLoader, adjacency_row, int_in_range, read, space_entries
from ...core.data import GameData, frozen_array
from . import static
from .data import cards as carddata
from .data import map as mapdata
from .data.pieces import FACTION_ALIASES, FACTIONS

CARD_KEYS = {"title", "order"}
SPACE_KEYS = {"prosperity", "adjacent"}


class VijayanagaraData(GameData):
    """``cards`` (coin.cards.CardFacts), ``prosperity`` (int16 per space, 0 off the Provinces),
    ``adjacent`` (bool spaces x spaces), ``neighbors`` (tuple of neighbour tuples), ``mongol_names``
    ((card, faction) pairs: who runs the Mongols on each Mongol Invasion card, 2.4) and ``mongol_faction(card)``."""

    def __init__(self, cards, prosperity, adjacent, mongol_names=None, name=None, content=None, digest="builtin"):
        super().__init__("vijayanagara", name, content, digest)
        self._set("cards", cards)
        self._set("mongol_names", tuple(sorted((mongol_names or carddata.MONGOL_NAMES).items())))
        self._set("prosperity", frozen_array(prosperity, np.int16))
        self._set("prosperity_list", tuple(int(x) for x in self.prosperity))
        self._set("adjacent", frozen_array(adjacent, bool))
        self._set("neighbors", static.neighbors_of(self.adjacent))
        self._freeze()

    def mongol_faction(self, card: int) -> str:
        """2.4: the faction a Mongol Invasion card names (it runs the Mongols)."""
        return dict(self.mongol_names)[card]


MONGOL_SECTION = "mongol_invasion"


def _read_mongol_names(section, errors: list[str]) -> dict[int, str]:
    """``[mongol_invasion]`` card number -> faction (a name or alias of the Bahmani Kingdom or Vijayanagara)."""
    names = dict(carddata.MONGOL_NAMES)
    if not isinstance(section, dict):
        errors.append(f"{MONGOL_SECTION}: must be a table of card number = faction, not {section!r}")
        return names
    for key, value in section.items():
        where = f"{MONGOL_SECTION}.{key}"
        try:
            card = int(key)
        except (TypeError, ValueError):
            card = None
        if card not in carddata.MONGOL_CARDS:
            errors.append(f"{where}: not a Mongol Invasion card {list(carddata.MONGOL_CARDS)} (1.2)")
            continue
        faction = FACTION_ALIASES.get(str(value).strip().lower()) if isinstance(value, str) else None
        if faction not in ("bk", "ve"):
            errors.append(f"{where} = {value!r}: a Mongol Invasion card names the Bahmani Kingdom or Vijayanagara (2.4)")
            continue
        names[card] = faction
    return names


def check_map(prosperity, adj, errors: list[str]) -> None:
    names = static.SPACE_NAMES
    total = int(prosperity[list(static.PROVINCES)].sum())
    if total != mapdata.TOTAL_PROSPERITY:
        errors.append(f"spaces.*.prosperity: Provinces total {total}, the set-up says "
                      f"{mapdata.TOTAL_PROSPERITY} (2.1: Delhi starts at 18 VP with every Province Tributary)")
    for i in range(static.N_SPACES):
        for j in range(i + 1, static.N_SPACES):
            if adj[i, j] != adj[j, i]:
                errors.append(f"spaces.{names[i]!r}.adjacent: {names[j]!r} must be listed both ways (1.3.5)")
        if not adj[i].any():
            errors.append(f"spaces.{names[i]!r}.adjacent: the space would have no neighbours")
    for a, b, prov in mapdata.ADJACENT:
        if prov.startswith("rule") and not adj[static.INDEX[a], static.INDEX[b]]:
            errors.append(f"spaces.{a!r}.adjacent must include {b!r} ({prov})")
    for a, b, prov in mapdata.NOT_ADJACENT:
        if adj[static.INDEX[a], static.INDEX[b]]:
            errors.append(f"spaces.{a!r}.adjacent must not include {b!r} ({prov})")


def _validate_game(data: dict, base_dir, errors: list[str]) -> dict:
    prosperity = static.builtin_prosperity()
    adj = static.builtin_adjacency()
    for name, sp, entry in space_entries(data, static.INDEX, errors):
        for key, value in entry.items():
            where = f"spaces.{name!r}.{key}"
            if key == "prosperity":
                if not static.IS_PROVINCE[sp]:
                    errors.append(f"{where} = {value!r}: only Provinces have Prosperity (1.3.1)")
                elif int_in_range(value, 1, 2, where, errors, "Prosperity (1.3.1)") is not None:
                    prosperity[sp] = value
            elif key == "adjacent":
                row = adjacency_row(value, static.INDEX, name, where, errors)
                if row is not None:
                    adj[sp] = row
            else:
                errors.append(f"{where}: unknown key; known keys: {sorted(SPACE_KEYS)}")
    if not errors:
        check_map(prosperity, adj, errors)
    mongols = _read_mongol_names(data.get(MONGOL_SECTION, {}), errors)
    return {"prosperity": prosperity, "adjacent": adj, "mongol_names": mongols}


def _build_data(plan: dict, meta: dict) -> VijayanagaraData:
    game = plan["game"]
    return VijayanagaraData(plan["cards"], game["prosperity"], game["adjacent"], game["mongol_names"], **meta)


LOADER = DataPackLoader("vijayanagara", FACTIONS, FACTION_ALIASES, carddata.TABLE, CARD_KEYS, {"spaces", MONGOL_SECTION},
                        _validate_game, _build_data)
load = LOADER.load
default = LOADER.default


def validate(source) -> dict:
    data, base_dir, name = read(source)
    return LOADER.validate(data, base_dir, name)


__all__ = ["VijayanagaraData", "DataPackError", "LOADER", "default", "load", "read", "validate"]
