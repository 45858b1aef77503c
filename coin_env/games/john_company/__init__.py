"""John Company, Second Edition (Wehrlegig Games, 2022) on the coin_env core engine.

Not a COIN game: it sits on coin_env/core only. 1-6 families (solo and two families add the Crown as a
family seat, RB p.43-44); families act through Company offices, one family may act many times a turn.
Not registered in coin_env.core.registry yet: ``coin_env.games.john_company.game.new_game("1710", seed,
{"families": N}, position=..., log=..., script=...)`` builds a game, ``game.load_game(text)`` restores
one. "RB p.N" are the pages of the 2nd-edition Rules of Play as given in
shared/games/john_company/DIGEST.md; every rules module cites them in its docstring.

Implemented -- a whole game of 1710 plays from set-up to Final Scoring (or Company failure):
* Set-up RB p.4-5 (setup cards dealt at random by player count; the Crown's seat RB p.43; option
  ``setup_deal="draw"``: the solo and two-family deals as decisions, RB p.43-44, rules/setup_deal.py).
* I. London Season RB p.11-12 (rules/london_season.py): attrition, retirements with spouse discounts,
  prestige cards in spending order with peeks at facedown blackmail; skipped on turn 1.
* II. Family RB p.12-14 (rules/family_phase.py): the six actions, the opportunity marker, the
  additional writer, the latest law's extra action, spouse restrictions, New Company Shares.
* III. Hiring RB p.14-16 (rules/hiring.py): ascending card numbers, pools, nepotism, promotions with
  fatigue, the Chairman election.
* IV. Company Operation RB p.17-26: Chairman, Director of Trade, Governor General, Manager of
  Shipping, Military Affairs, Presidencies (Trade, Commander: alliances and Deploy with loot, Governors:
  Administer), Superintendent of Trade in China (rules/operations_*.py); Board of Control and Military
  Oversight (rules/pm_interventions.py).
* V. Bonuses RB p.26, VI. Revenue RB p.27 (expenses, emergency loans, expectations, dividends).
* VII. Events in India RB p.28-33 (rules/events_india.py): storm die and storms, the seven tile types,
  Cascade, the Elephant's March, invasions, rebellions, attacks against the Company with additional
  rebellions, region loss, foreign invasion.
* VIII. Parliament RB p.34-36 (rules/parliament.py): law draw and dilemmas, the policy dial, voting
  rounds (cash, enterprise and prestige vote icons, opposition, coalitions), resolution, Tax / Bonus /
  Power policies with window tax, law effects.
* IX. Upkeep and Refresh RB p.36; Final Scoring RB p.8-9 (rules/final_scoring.py) and Company failure.
* Checks RB p.17 (rules/checks.py) through ``Rng.die``: ``game.script_dice`` drives every roll.
* Consent (RB p.8, no free negotiation): every consent the rules ask for is an explicit yes/no decision
  of the consenting family (rules/common.py ``seek_consent``).
* Hidden information (hidden.py): ``game.view(family)``, ``game.determinize(family, seed)``.
* Readable set-ups (position.py) for tests and research; owner data packs (data_facts.py).

Not implemented (never silently: the docstrings name each one):
* Blackmail cards are dealt, held hidden and count for power, but are never played; promise cards.
* Final Scoring's Power Award needs its board table (missing from the sources: an owner data pack key
  ``power_award``; without it the result lists it in ``caveats``); Company failure cards (texts missing).
* A few choices are made by a stated reading instead of being offered (the defending Commander's pieces,
  which targets an unpaid tax returns, the Power policy on the top token, the assignment of spouse
  discounts, which prize a family out of pieces gives up, which shipyard is bought).
* The Crown bot (``crown``): in solo and two-family games the Crown seat is decided like any seat.
* Deregulation, firms, 1758 / 1813 / Long 1710; the setup-card draft variant (RB p.5).
* Observation encoding and environments (the game is not in the registry).

Data provenance: every datum in data/ carries "rule: RB p.N", "derived" or "reconstructed: <reason>";
``python -m coin_env.games.john_company.fidelity`` prints the fidelity table.
"""
