from coin_env.core.rng import Rng


def test_same_seed_same_sequence():
    a, b = Rng(7), Rng(7)
    assert [a.die() for _ in range(50)] == [b.die() for _ in range(50)]


def test_state_round_trip_continues_identically():
    a = Rng(3)
    for _ in range(10):
        a.next_u64()
    b = Rng.from_state(a.state)
    assert [a.below(1000) for _ in range(20)] == [b.below(1000) for _ in range(20)]


def test_die_is_roughly_uniform():
    r = Rng(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.die() - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_shuffle_is_a_permutation():
    r = Rng(5)
    items = list(range(30))
    r.shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))


# --- independent seeds: nearby seeds play unrelated games ----------------------------------------------
# Before 0.2.0 the state was linear in the seed: seed k+1's draws were seed k's shifted by one, so every
# study over consecutive seeds drew correlated games. The first two tests fail on that generator; the last
# two check the same independence where studies see it (shuffles, the games' decks).
N_SEEDS = 10_000


def _uniforms(seed: int, n: int) -> list[float]:
    rng = Rng(seed)
    return [rng.next_u64() / 2**64 for _ in range(n)]


def _correlation(xs, ys) -> float:
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    vx = sum((x - mx) ** 2 for x in xs)
    vy = sum((y - my) ** 2 for y in ys)
    return cov / (vx * vy) ** 0.5


def test_no_seed_replays_another_seeds_stream_shifted():
    """No draw of seed k+1 among its first 8 equals one of seed k's first 9 (a shifted stream would)."""
    for seed in range(N_SEEDS // 10):
        later = set(_uniforms(seed, 9))
        assert not later & set(_uniforms(seed + 1, 8)), seed


def test_first_draws_of_consecutive_seeds_are_uncorrelated():
    """The first and second draws of seeds 0..9999 against those of seeds 1..10000: correlations within
    5 standard errors of zero (1/sqrt(n) = 0.01), for every pair of draw positions."""
    draws = [_uniforms(seed, 2) for seed in range(N_SEEDS + 1)]
    for i in range(2):
        for j in range(2):
            r = _correlation([d[i] for d in draws[:-1]], [d[j] for d in draws[1:]])
            assert abs(r) < 0.05, (i, j, r)


def test_shuffled_decks_of_consecutive_seeds_share_chance_positions_only():
    """A 72-card deck shuffled with seeds k and k+1: the cards in the same position number about one on
    average (a permutation's expected fixed points)."""
    overlaps = []
    for seed in range(2_000):
        a, b = list(range(72)), list(range(72))
        Rng(seed).shuffle(a)
        Rng(seed + 1).shuffle(b)
        overlaps.append(sum(x == y for x, y in zip(a, b)))
    mean = sum(overlaps) / len(overlaps)
    assert 0.85 < mean < 1.15, mean


def test_games_of_consecutive_seeds_have_unrelated_decks():
    """Every registered game: the first cards of the decks of seeds k and k+1 are no more alike than chance."""
    import coin_env

    for name in ("gandhi", "a_distant_plain", "vijayanagara"):
        same = 0
        for seed in range(200):
            d1 = coin_env.make_game(name, seed=seed).to_position()["deck"][:5]
            d2 = coin_env.make_game(name, seed=seed + 1).to_position()["deck"][:5]
            same += sum(x == y for x, y in zip(d1, d2))
        assert same < 200 * 5 * 0.2, (name, same)
