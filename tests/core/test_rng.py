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
