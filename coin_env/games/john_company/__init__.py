"""John Company, Second Edition (Wehrlegig Games, 2022) on the coin_env core engine.

Not a COIN game: it sits on coin_env/core only. 1-6 families (solo and two families add the Crown as a
family seat, RB p.43-44), families act through Company offices, one family may act many times a turn.
Not registered in coin_env.core.registry yet (registration comes once a whole game plays):
``coin_env.games.john_company.game.new_game("1710", seed, {"families": N})`` builds a game and
``game.load_game(text)`` restores one. Page numbers "RB p.N" are those of the 2nd-edition Rules of
Play as given in shared/games/john_company/DIGEST.md.

Implemented (the 1710 scenario, in turn order, as far as it goes):
* Set-up RB p.4-5 (1710 card values reconstructed from BGA; setup cards dealt at random by player
  count: 12 basic cards, +3 extras with 5 families, +6 with 6; solo 4 + Crown 8, RB p.43; two families
  4 each + Crown 4, RB p.44), the Crown's seat (RB p.43).
* I. London Season: skipped on the first turn (RB p.11); later turns are not reached yet.
* II. Family phase RB p.12-14: the six family actions, the opportunity marker (action taken twice),
  the additional writer with 4+ vacant offices, the extra action of the latest extra-action law,
  spouse restrictions, "out of pieces", New Company Shares.
* III. Hiring RB p.14-16: ascending card numbers, every office's candidate pool, nepotism (explicit
  consent of each other family in the pool), promotions with fatigue, vacant hirer / no candidate;
  the Chairman election (campaigns, explicit weighted support by shareholders, the former Chairman's
  pick, the empty Court).
* IV. Company Operation RB p.17-19 for the Chairman (Debt up to 3, each further advance with the
  explicit consent of a share majority; allocation of the whole Balance), the Director of Trade
  (Special Envoy checks: open China and hire its Superintendent at once, or open an order outside
  Company regions; two writer/ship transfers), the Manager of Shipping (fit / buy Company / lease
  extra ships down to £2), Military Affairs (two Army transfers, Officers-in-Training, Commanders).
* Checks RB p.17 (lowest die; success / failure / catastrophic failure vacating the office) through
  the game's RNG (``game.script_dice`` drives them).
* Hidden information (hidden.py): ``game.view(family)``, ``game.determinize(family, seed)``.

Not implemented yet (the game ends with ``result["complete"] = False`` and ``result["reason"] =
"<what> not implemented"`` when play reaches it -- never a silent skip):
* IV. Presidency operations (Trade, Commander: alliances and Deploy, Governors' Administer; RB
  p.20-24), the Superintendent of Trade in China (RB p.25), the Governor General (RB p.26): a game
  currently ends on reaching the Presidency of Bombay.
* V. Bonuses, VI. Revenue, VII. Events in India, VIII. Parliament, IX. Upkeep and Refresh, the
  London Season of later turns (attrition, retirements, prestige cards), final scoring, Company
  failure, deregulation and firms, scenarios other than 1710.
* Cards in play: blackmail cards are dealt and held (hidden) but never played; law effects other than
  the extra family actions, Industry Subsidy and Ship Subsidy; Board of Control and Military
  Oversight (PM interventions); Stock Broker for other families (needs its owner's consent).
* The Crown's bot (``crown``): in solo and two-family games the Crown seat is decided like any seat.
* Negotiation: by design none (every consent the rules ask for is an explicit yes/no decision of the
  consenting family); promise cards are not modelled. The setup-card draft variant (RB p.5).
* Observation encoding and environments (the game is not in the registry).

Data provenance: every datum in data/ carries "rule: RB p.N", "derived" or "reconstructed: <reason>";
an owner data pack (data_facts.OWNER_KEYS) replaces the reconstructed printed values.
"""
