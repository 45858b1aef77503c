"""John Company's printed facts as data modules, every datum with its provenance.

Provenance tags (one per fact or per table row):

* ``rule: RB p.N``            stated by the 2nd-edition Rules of Play, page N (``RB-ex p.N``: a worked example)
* ``derived: <how>``          an arithmetic consequence of rulebook facts
* ``reconstructed: <reason>`` printed on a component the sources lack; taken from the public Board Game
                              Arena implementation (FransBongers/bga-john-company, "BGA") or another named
                              source, cross-checked against the rulebook's examples where it can be.
                              Replaceable by an owner data pack (``data_facts.OWNER_KEYS``).

Sources: shared/games/john_company/DIGEST.md (sections quoted as "digest §N") and
shared/reports/vj-jc-sources-2026-11-25.md (prize boxes, Governor dice). Facts only: no sentence of
the rulebook or of any implementation is reproduced.
"""
