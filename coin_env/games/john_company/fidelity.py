"""John Company's fidelity table, computed from the provenance tags in the data modules.

    python -m coin_env.games.john_company.fidelity      # prints the Markdown table on the game's docs page
"""

from __future__ import annotations

from .data import cards, company, crown, firms, map as mapdata, scenarios


def _tag(prov: str) -> str:
    for t in ("rule", "derived", "reconstructed"):
        if prov.startswith(t):
            return t
    return "reconstructed" if "reconstructed" in prov else "rule"


def _count(provs) -> dict:
    out = {"rule": 0, "derived": 0, "reconstructed": 0}
    for p in provs:
        out[_tag(p)] += 1
    return out


def markdown_table(title: str, rows: list[tuple[str, str, str, str]]) -> str:
    lines = [f"| {title} | Faithful (rulebook) | Reconstructed (marked in data) | Missing |", "|---|---|---|---|"]
    lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    return "\n".join(lines)


def rows() -> list[tuple[str, str, str, str]]:
    sc = _count(v[1] for v in scenarios.SCENARIO_1710.values())
    return [
        ("Map (RB p.6-7)", "8 regions, 3 Presidencies with home regions and sea zones, order re-fill at half value; "
         "four rulebook examples reproduce the numbers (Madras trade £22, loot £15 / £9, 4 opium icons, Peace)",
         f"{len(mapdata.ORDERS)} orders (values, links, home ports, northern order), {len(mapdata.REGIONS)} loot "
         "modifiers and opium icons, border shapes, clockwise neighbours, 7 local alliances, storm-die faces: "
         "BGA data", "the printed board"),
        ("Offices (RB p.14-26)", "17 office cards, candidate pools, who hires whom",
         "hire numbers (card backs), Governor dice pools (BGA)", "the 'Commander in Chief' card back (purpose unknown)"),
        ("Company tracks, prizes (RB p.11-13, p.27)", "Debt £5 steps, 3 free advances, expenses, loans, dividends",
         "Expectations £4-£16, Debt 0-8, Stock Exchange £2/3/3/4/5, 5 prize boxes (cost, upkeep, VP, windows), "
         "Power track start and values 2/1/0/0, policy dial", "-"),
        ("1710 set-up (RB p.4-5)", "Balance £5, setup cards by player count (12 basic, +3 / +6 extras), "
         "what each card icon means",
         f"{sc['reconstructed']} scenario-card values (BGA), 18 setup cards, which 3 extras with 5 families, "
         "final turn 4", "scenario cards 1758 and 1813 (Long 1710: the 1710 card, 8 turns, RB p.4)"),
        ("Cards", "how laws, dilemmas, extra actions, prestige and blackmail cards work (RB p.12-13, p.34-36)",
         f"{len(cards.LAWS)} law cards (names, icons, support, effects coded from BGA's card texts), 20 prestige "
         f"and 10 blackmail cards (BGA), {len(cards.EVENT_TILES)} event tiles (BGA)",
         "Becky Sharp's VP/discount, power of 2 blackmail cards, 2 of the promise-card kinds (\"Vote with my "
         "enterprises\", small loans: texts not in the sources)"),
        ("Final Scoring (RB p.8-9)", "power sources, ties, Court and workshops, final retirement, the solo "
         "first-place-only award and failure VP table", "the Power Award table (a stand-in: first place 2 x the final turn, second the final turn), the "
         f"{len(company.FAILURE_CARDS[0])} Company failure cards (one known name, five stand-ins; owner data pack "
         "keys 'power_award', 'failure_cards'; the result's caveats say when stand-ins were used)", "the printed "
         "table and card texts"),
        ("Sequence of play (RB p.10-37)", "London Season, Family, Hiring (election, nepotism), every office "
         "operation (Chairman, Director of Trade, Governor General, Shipping, Military Affairs, Presidencies: "
         "Trade, Commander, Governors; China), Bonuses, Revenue, Events in India (storms, 7 tile types, "
         "Elephant's March, crises, region loss), Parliament (laws, dial, votes, coalitions, policies), Upkeep "
         "and Refresh, Company failure, Final Scoring", "readings of unclear passages, each marked in the rules "
         "module (e.g. the defence of an Army without Commander, empty stacks refilled, window-tax returns); the "
         "10 blackmail card plays (BGA's card texts; their windows read in rules/blackmail.py)",
         "-"),
        ("Deregulation and firms (RB p.36-42; scenario Long 1710)", "the Vote to Deregulate as a special session "
         "(may on a lined space, must on a star; the PM may vote against; pass: half the Debt, Standing 'S', a law "
         "token, Industry Subsidy discarded; fail: Court value +1); the Firms phase (form, invest with the "
         "manager's consent, fit or buy back ships with the owner's consent, hostile takeover, merger, dissolution "
         "to Debtor's Prison, weak and immature shares, 10 shares); secret strategies and allocations; firm checks, "
         "initiative against the Company, ships + 1 orders, half-value re-fills, Value per £6; firm expenses, "
         "emergency investments and mergers, dividends (forgone with consent), Hobnob; special retirements; Final "
         "Scoring step 0; storms on firm ships; Calico Acts, Writer Privileges; RB-ex p.40 and p.42 as tests",
         f"the firm Value track ({len(firms.FIRM_VALUE_TRACK[0])} spaces, £ and VP per share), the Standing/Debt "
         "lined, star and 'S' spaces, the Deregulation card's support (owner data pack keys 'firm_value_track', "
         "'deregulation_spaces', 'deregulation_support'); readings: the Company fills first on an initiative tie, "
         "spouse discounts applied on special retirements", "1758 and 1813; mergers of three or more firms at once "
         "and share transfers inside a merger"),
        ("Negotiation and consent (RB p.8)", "every consent is an explicit yes/no of the consenting family "
         "(nepotism, Chairman support, Debt beyond 3, alliance purchases, coalitions, Military Oversight "
         "nepotism); option negotiation 'offers': binding transfers of cash, enterprises, Company shares, facedown "
         "blackmail and promise cards offered at every consent and hire (RB p.8 transfer rules, RB-ex p.15), the "
         "Consent to Nepotism promise card called in", "the offer catalogue and where offers are made (the rules "
         "allow talk at any time); a fulfilled promise card goes back to its guarantor",
         "free negotiation and non-binding promises; the other promise-card kinds"),
        ("Hidden information", "facedown blackmail in hands and the display (peeks recorded), deck orders, firm "
         "strategies and allocations; per-family views and determinized clones; option blackmail_windows "
         "'everyone' (being asked at a blackmail window shows nothing); the environments' logs without other "
         "families' prompts", "-", "with the default blackmail windows, who is asked shows who holds the card"),
        ("Solo / two families (RB p.43-46)", "the Crown as a family seat and its place at the table; the "
         "solo and two-family setup deals (option); solo vs the Crown (option crown): climates, Set Climate, "
         "Climate Shift, two family actions, free writers, voting first (against even as PM) with free votes, difficulty levels incl. Legendary "
         "(cubes, extra setup cards), solo Power Award; the crown bot's per-phase Handbook procedures, its Director "
         "of Trade and Military Affairs transfers and its firm decisions "
         f"({sum(1 for v in vars(crown).values() if isinstance(v, tuple) and len(v) == 2 and isinstance(v[1], str))} "
         "tables from the Handbook / solo aid)",
         f"the {len(crown.AI_CARDS)} AI cards (BGA encoding; climate charts of cards 8-10 are stand-ins), the "
         "deck refilled from its discards, the solo failure VP table (solo aid transcription); readings of the "
         "favour windows (rules/crown_favours.py)",
         "the two-family Crown rules (not in the sources); the favours rules/crown_favours.py lists as not done"),
        ("Solo favours and promise cubes (RB p.45-46, HB, solo aid)", "a favour window is an explicit decision of "
         "the family, offered when a favour is available and affordable; the Crown board's basic favours (give / "
         "take shipyards, workshops, luxuries; give enterprise cards and £3; Easy's promise cards); consent "
         "favours (nepotism, Debt beyond 3, the Chairman election, alliances: a bought consent binds); the "
         "mandatory favours and your blue boxes of the Chairman, Hiring, Shipping, Military Affairs, Governor "
         "General, Governors, Presidents, Commanders and Upkeep; the Crown's procedures changed by a favour: Seek "
         "Debt and allocations, Governor General / Governor dice, results and no Administer, the Manager of "
         "Shipping's buying, leasing and fitting, the President's order, dice and writers, the Commander's "
         "alliances, Deploy requirement and deploying again, the Superintendent's minimum, the Prime Minister's "
         "law draw and dial, dividends, the London Season, the Director of Trade's Special Envoys (amount, China) "
         "and transfers and Military Affairs' transfers (prevent one, or make it yourself), the Deploy swap; 'you "
         "decide for the Crown' (a hire, a Deploy target, a Special Envoy order, a ship's zone, an "
         "Officer-in-Training); Royal Privilege (the Crown's unpaid tax or upkeep from the Balance)",
         "readings of the favour windows (rules/crown_favours.py: 'any time' favours after New Company Shares and "
         "at the end of Revenue; a procedure's favours right after the Crown's decision)",
         "swapping an alliance in the Deploy swap; the firm favours (Long 1710)"),
    ]


def markdown() -> str:
    return markdown_table("John Company (1710)", rows())


if __name__ == "__main__":
    print(markdown())
