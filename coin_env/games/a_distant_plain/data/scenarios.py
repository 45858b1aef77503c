"""A Distant Plain's three scenarios (2.1 "Scenarios", "Deck Preparation", "Open Deployment Option").

Each scenario: deck preparation (Event cards removed at random, Propaganda cards left out, piles),
tracks, the Islamabad posture, the +1 Pop markers, Support, and the forces on the map. Pieces not
placed are Available. All Guerrillas set up Underground (1.4.3); every faction starts Eligible; no
Terror, Sabotage, Momentum or Casualties. Source for every number: the rulebook's scenario pages
(digest 4.2-4.5); the printed victory markers they list are kept as tests (digest 4.6).

``open_deployment`` (rulebook "Open Deployment Option"): per faction, in set-up order, the forces a
*player* faction places itself instead of its standard set-up: groups of (pieces, where).
"""

from __future__ import annotations

CT, CB, GT, PO, GB = "Coalition Troops", "Coalition Base", "Government Troops", "Police", "Government Base"
TG, TB, WG, WB = "Taliban Guerrilla", "Taliban Base", "Warlord Guerrilla", "Warlord Base"

ISLAMABAD_BOXES = ("Hostility", "Pressure", "Tolerance", "Backing", "Sponsorship")   # 6.6.1

SCENARIOS: dict[str, dict] = {
    "short": {
        "title": "2009-2013 Obama's War",
        "deck": {"remove_events": 24, "propaganda": 4, "piles": 4},
        "aid": 24, "patronage": 5,
        "resources": {"government": 30, "warlords": 20, "taliban": 15},
        "islamabad": "Backing",
        "victory_markers": {"coalition": 10, "government": 21, "taliban": 9, "warlords": 13},
        "map": {
            "Kabul": {"support": "Support", "returnees": 1, "pieces": {CB: 1, CT: 3, GT: 2, PO: 2}},
            "Herat": {"pieces": {GB: 1, GT: 2, PO: 2}},
            "Farah": {"pieces": {WB: 1, WG: 1}},
            "Balkh": {"pieces": {WB: 1, WG: 1}},
            "Helmand": {"pieces": {CB: 1, CT: 3, GT: 2, PO: 2, TB: 1, TG: 2}},
            "Kandahar": {"pieces": {CB: 1, CT: 2, GT: 2, PO: 2, TB: 1, TG: 2}},
            "Oruzgan": {"pieces": {CT: 1, GT: 1, PO: 1, TG: 2, WB: 1, WG: 1}},
            "Nuristan": {"pieces": {CT: 1, GT: 1, PO: 1, TG: 2, WB: 1, WG: 1}},
            "Ghazni": {"pieces": {CB: 1, CT: 1, GT: 2, PO: 2, TB: 1, TG: 2}},
            "Paktika": {"pieces": {CB: 1, CT: 1, GT: 2, PO: 2, TB: 1, TG: 2}},
            "Khowst": {"returnees": 1, "pieces": {CB: 1, CT: 1, GT: 2, PO: 2, TB: 1, TG: 2}},
            "Zabol": {"pieces": {CT: 1, TB: 1, TG: 2}},
            "Konduz": {"returnees": 1, "pieces": {GB: 1, GT: 2, PO: 2, WB: 1, WG: 1}},
            "Baghlan": {"returnees": 1},
            "Balochistan": {"pieces": {TB: 1, TG: 1}},
            "Waziristan": {"pieces": {TB: 1, TG: 1}},
            "Northwest Frontier": {"pieces": {TB: 1, TG: 1}},
        },
        "open_deployment": {
            "warlords": [({WB: 5, WG: 5}, "afghan")],
            "government": [({GT: 2, PO: 2}, "kabul"), ({GB: 2, GT: 16, PO: 16}, "afghan_pop_province")],
            "taliban": [({TB: 1}, "each_pakistan"), ({TB: 6, TG: 19}, "pashtun")],
            "coalition": [({CB: 1, CT: 3}, "kabul"), ({CB: 5, CT: 11}, "afghan")],
        },
    },
    "main": {
        "title": "2005-2013 Taliban Resurgent",
        "deck": {"remove_events": 12, "propaganda": 5, "piles": 5},
        "aid": 15, "patronage": 5,
        "resources": {"government": 30, "warlords": 15, "taliban": 10},
        "islamabad": "Backing",
        "victory_markers": {"coalition": 17, "government": 17, "taliban": 8, "warlords": 9},
        "map": {
            "Kabul": {"returnees": 1, "pieces": {CB: 1, CT: 2, GT: 2, PO: 2}},
            "Herat": {"pieces": {GT: 1, PO: 2, TG: 1}},
            "Farah": {"pieces": {WB: 1, WG: 1}},
            "Faryab": {"pieces": {WB: 1, WG: 1}},
            "Balkh": {"pieces": {WB: 1, WG: 1}},
            "Helmand": {"pieces": {TB: 1, TG: 2, WB: 1, WG: 1}},
            "Nuristan": {"pieces": {TB: 1, TG: 2, WB: 1, WG: 1}},
            "Kandahar": {"pieces": {CT: 1, GT: 2, PO: 2, TG: 1, WB: 1, WG: 1}},
            "Oruzgan": {"pieces": {CT: 1, TB: 1, TG: 1}},
            "Paktika": {"pieces": {CT: 1, TB: 1, TG: 1}},
            "Zabol": {"pieces": {CT: 1, TB: 1, TG: 1}},
            "Ghazni": {"pieces": {CT: 1, TB: 1, TG: 1}},
            "Khowst": {"returnees": 1, "pieces": {CT: 1, GT: 1, PO: 2}},
            "Konduz": {"pieces": {GT: 1, PO: 2, WB: 1, WG: 1}},
            "Waziristan": {"pieces": {TB: 1, TG: 2}},
            "Northwest Frontier": {"pieces": {TB: 1, TG: 2}},
        },
        "open_deployment": {
            "warlords": [({WB: 7, WG: 7}, "afghan")],
            "government": [({GT: 2, PO: 2}, "kabul"), ({GT: 5, PO: 8}, "afghan_pop_province")],
            "taliban": [({TB: 1}, "waziristan_nwfp"), ({TB: 6, TG: 14}, "pashtun")],
            "coalition": [({CB: 1, CT: 2}, "kabul"), ({CT: 6}, "afghan")],
        },
    },
    "extended": {
        "title": "2003-2013 The Afghan Insurgency",
        "deck": {"remove_events": 0, "propaganda": 6, "piles": 6},
        "aid": 9, "patronage": 5,
        "resources": {"government": 20, "warlords": 10, "taliban": 5},
        "islamabad": "Backing",
        "victory_markers": {"coalition": 20, "government": 13, "taliban": 4, "warlords": 16},
        "map": {
            "Kabul": {"pieces": {CB: 1, CT: 3, GT: 2, PO: 2}},
            "Herat": {"pieces": {GT: 1, PO: 1}},
            "Helmand": {"pieces": {WB: 1, WG: 1}},
            "Kandahar": {"pieces": {CT: 1, GT: 1, PO: 1}},
            "Paktika": {"pieces": {TB: 1, TG: 1}},
            "Zabol": {"pieces": {TB: 1, TG: 1}},
            "Khowst": {"pieces": {CT: 1}},
            "Konduz": {"pieces": {WB: 1, WG: 1}},
            "Waziristan": {"pieces": {TB: 1, TG: 2}},
            "Northwest Frontier": {"pieces": {TB: 1, TG: 2}},
        },
        "open_deployment": {
            "warlords": [({WB: 2, WG: 2}, "afghan")],
            "government": [({GT: 2, PO: 2}, "kabul"), ({GT: 2, PO: 2}, "afghan_pop_province")],
            "taliban": [({TB: 1}, "waziristan_nwfp"), ({TB: 2, TG: 6}, "pashtun")],
            "coalition": [({CB: 1, CT: 1}, "kabul"), ({CT: 4}, "afghan_pashtun")],
        },
    },
}
SCENARIO_PROVENANCE = "rulebook 2.1 Scenarios and Open Deployment Option (digest 4.2-4.7)"
# Open Deployment order of placement (rulebook "Open Deployment Option").
OPEN_DEPLOYMENT_ORDER = ("warlords", "government", "taliban", "coalition")
