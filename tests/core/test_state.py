from coin_env.core.state import plain_copy


def test_plain_copy_is_equal_and_shares_no_nested_container():
    a = {"deck": [1, 2, 3], "frames": [{"kind": "x", "chosen": [4, [5]]}], "sop": {"acted": ["raj"]}}
    b = plain_copy(a)
    assert a == b
    b["deck"].append(9)
    b["frames"][0]["chosen"][1].append(6)
    b["frames"][0]["chosen"].append(7)
    b["sop"]["acted"].append("ml")
    assert a == {"deck": [1, 2, 3], "frames": [{"kind": "x", "chosen": [4, [5]]}], "sop": {"acted": ["raj"]}}
