"""The economy study (coin_env.games.john_company.study): it plays whole games with each policy and books the
Company's money; a smoke test on two games per policy."""

import pytest

from coin_env.games.john_company import study


@pytest.mark.parametrize("policy,families", [("random", 4), ("crown", 2), ("sensible", 4), ("solo-sensible", 1),
                                             ("random+chairman+trade", 3)])
def test_study_plays_games_and_books_the_company_money(policy, families):
    games = study.run(families, [i * study.STRIDE for i in range(2)], policy, crown=policy.startswith("solo"))
    sm = study.summary(games)
    assert sm["games"] == 2 and sm["incomplete"] == 0 and 0 <= sm["failed"] <= 2
    assert all(g["result"]["complete"] for g in games)
    first = games[0]["ledger"][1]
    assert first["expenses due"] > 0                       # Revenue of turn 1 was booked
    assert games[0]["snaps"][(1, "operations")]["balance"] == 5       # RB p.4 step 4: Balance £5

