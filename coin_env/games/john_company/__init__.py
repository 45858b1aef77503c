"""John Company, Second Edition (Wehrlegig Games, 2022) on the coin_env core engine.

Not a COIN game: it sits on coin_env/core only. 1-6 families (solo and two families add the Crown as a
family seat, RB p.43-44); families act through Company offices, one family may act many times a turn.
Registered in coin_env.core.registry as ``john_company``: ``coin_env.make_game("john_company",
options={"families": N})`` or ``coin_env.games.john_company.game.new_game("1710", seed, {"families": N},
position=..., log=..., dice=...)`` builds a game, ``coin_env.load_game(text)`` restores one; the
environments' agents are the seats of the options (``registry.game_factions``; encoding.py observes one
family's view, render.py / picture.py show public information only). "RB p.N" are the pages of the 2nd-edition Rules of Play as given in
shared/games/john_company/DIGEST.md; every rules module cites them in its docstring.

Implemented -- a whole game of 1710 plays from set-up to Final Scoring (or Company failure):
* Set-up RB p.4-5 (setup cards dealt at random by player count; the Crown's seat RB p.43; option
  ``setup_deal="draw"``: the solo and two-family deals as decisions, RB p.43-44, rules/setup_deal.py).
* Solo against the Crown (option ``crown: true`` with one family; ``crown_difficulty`` easy / normal /
  hard / expert / legendary; RB p.43-46, Crown Handbook, solo aid; rules/crown.py): the AI deck and its
  climate charts, Set Climate in the Chairman's slot, the Climate Shift at Parliament, the Crown's two
  family actions without opportunity marker and its free writers, its votes (first, against even as PM,
  free votes by treasury), promise cubes and extra setup cards by difficulty, solo Power Award and
  failure table; a Crown Commander's defending pieces are picked by the family; favours in promise cubes
  (rules/crown_favours.py: favour windows as decisions of the family, mandatory favours, bought consents,
  "you decide for the Crown") and Royal Privilege (rules/crown.py). The bot ``crown``
  (bots/crown.py, ``BOTS`` in game.py) decides the Crown's seat by the Handbook's per-phase procedures
  (climate queues and tables in data/crown.py).
* I. London Season RB p.11-12 (rules/london_season.py): attrition, retirements with spouse discounts
  (the family assigns its discounts to its retirements), prestige cards in spending order with peeks
  at facedown blackmail; skipped on turn 1.
* II. Family RB p.12-14 (rules/family_phase.py): the six actions, the opportunity marker, the
  additional writer, the latest law's extra action, spouse restrictions, New Company Shares; the buyer
  picks the shipyard it buys, and a family out of pieces picks the prize a piece comes off.
* III. Hiring RB p.14-16 (rules/hiring.py): ascending card numbers, pools, nepotism, promotions with
  fatigue, the Chairman election.
* IV. Company Operation RB p.17-26: Chairman, Director of Trade, Governor General, Manager of
  Shipping, Military Affairs, Presidencies (Trade, Commander: alliances and Deploy with loot, Governors:
  Administer), Superintendent of Trade in China (rules/operations_*.py); Board of Control and Military
  Oversight (rules/pm_interventions.py).
* V. Bonuses RB p.26, VI. Revenue RB p.27 (expenses, emergency loans, expectations, dividends).
* VII. Events in India RB p.28-33 (rules/events_india.py): storm die and storms, the seven tile types,
  Cascade, the Elephant's March, invasions, rebellions, attacks against the Company with additional
  rebellions (the defending Commander picks the pieces it exhausts; each defence is a decision frame),
  region loss, foreign invasion.
* VIII. Parliament RB p.34-36 (rules/parliament.py): law draw and dilemmas, the policy dial, voting
  rounds (cash, enterprise and prestige vote icons, opposition, coalitions), resolution, Tax / Bonus /
  Power policies with window tax (an unpaid Tax: the owner picks which shipyard, Court share or Chairman's
  piece returns; Power on the top token: the PM picks the two tokens that swap), law effects.
* IX. Upkeep and Refresh RB p.36 (a family short of upkeep picks the prize pieces it gives up); Final
  Scoring RB p.8-9 (rules/final_scoring.py) and Company failure.
* Long 1710 (scenario "Long 1710", RB p.4): the 1710 set-up, 8 turns, the Vote to Deregulate (RB p.36,
  rules/deregulation.py, voting through rules/parliament.py) and, once deregulated, private firms (RB p.36-42):
  the Firms phase (rules/firms.py: forming, investing, ships, hostile takeovers, mergers, dissolution, the
  secret strategy), firms trading
  at the start of each Presidency's operations (rules/firms_trade.py), firm revenue (rules/firms_revenue.py:
  expenses, emergency investments and mergers, dissolution to Debtor's Prison, dividends), special retirements and Final
  Scoring step 0 (rules/firms_scoring.py), firm ships in storms; the firm Value track and the Standing / Debt
  lined, star and "S" spaces are reconstructed (data/firms.py; owner data pack keys ``firm_value_track``,
  ``deregulation_spaces``, ``deregulation_support``).
* Checks RB p.17 (rules/checks.py) through ``Rng.die``: ``game.script_dice`` drives every roll.
* Consent (RB p.8, no free negotiation): every consent the rules ask for is an explicit yes/no decision
  of the consenting family (rules/consent.py ``seek_consent``). Option ``negotiation: "offers"``
  (rules/offers.py): binding offers (cash, enterprises, Company shares, facedown blackmail and promise
  cards) before each consent and each hire, and the Consent to Nepotism promise card.
* Final Scoring's printed tables the sources lack (the Power Award table, the six Company failure cards,
  rules/failure.py) are reconstructed stand-ins, said so in the result's ``caveats``; an owner data pack
  (``power_award``, ``failure_cards``) replaces them; Legendary uses *Court of Directors Blameless*.
* Hidden information (hidden.py): ``game.view(family)``, ``game.determinize(family, seed)``; option
  ``blackmail_windows: "everyone"`` (being asked at a window reveals no hand); the environments' logs
  without other families' prompts (game.py ``log_entry_seen_by``).
* Readable positions at any decision (position.py: ``game.to_position()``, ``position=``) for tests and
  research; owner data packs (data_facts.py).

Not implemented (never silently: the docstrings name each one):
* Promise cards other than Consent to Nepotism (texts not in the sources); free negotiation. (All ten
  blackmail cards are playable, rules/blackmail.py, their timings readings of the card texts; with the
  default ``blackmail_windows`` the engine asks only a card's holder at its window, which tells the table
  who holds it.)
* A few choices are still made by a stated reading instead of being offered: the window tax's returns,
  the defence of an Army without a Commander, the former Chairman's piece taken when it has none in
  the supply.
* The Crown: the two-family Crown rules (not in the sources); the favours rules/crown_favours.py lists as
  not done; the bot plans trade routes by the AI region priority (digest §9.6; ``CrownBot.fallbacks``
  counts the decisions its procedures leave open). AI cards 1-7 are BGA's encoding (reconstructed), cards
  8-10's climate charts are stand-ins (``crown_ai_cards`` in an owner data pack replaces all ten).
* 1758 / 1813 (their set-ups are not in the sources); the setup-card draft variant (RB p.5). Firms: mergers of
  more than two firms at once and share transfers inside a merger.

Layers (DESIGN.md "Layers"; checked by tests/john_company/test_jc_layers.py): data/, static.py, actions.py and
registry.py (prompts, continuations, the phases' starts, the named points) -> state.py and queries.py (what the rules
and the bot both ask) -> rules/: the procedures the phases share (common, consent, offers, checks, stops, transfers,
blackmail, failure, the firms of Deregulation) -> the phases in turn order, each importing only earlier ones
(rules/turn.py runs them; a phase that needs a later one announces a point: "game_ends", "special_session") -> the
solo Crown (rules/crown.py, rules/crown_favours.py), which answers the points the procedures announce
(``registry.announce``: a favour window is a decision frame in the state) -> bots/ on queries.py only. setup.py,
position.py, hidden.py, encoding.py, render.py, picture.py and game.py (the assembly: it imports every answering
module) sit above.

Data provenance (data/crown.py included): every datum in data/ carries "rule: RB p.N", "derived" or
"reconstructed: <reason>"; ``python -m coin_env.games.john_company.fidelity`` prints the fidelity table.
"""
