import pytest

from coin_env.core.actions import ActionVocabulary


def test_lookup_by_key_label_and_index():
    v = ActionVocabulary([("meta", "pass", "pass"), ("space", "Bihar", "select Bihar"), ("done", "done", "done")])
    assert len(v) == 3
    assert v.index("space", "Bihar") == 1
    assert v.by_label("SELECT BIHAR") == 1
    assert v.label(2) == "done" and v.group_of(1) == "space" and v.base("space") == 1


def test_duplicate_labels_are_refused():
    with pytest.raises(ValueError, match="duplicate action label"):
        ActionVocabulary([("a", "x", "same"), ("b", "y", "same")])


def test_unknown_key_names_it():
    v = ActionVocabulary([("meta", "pass", "pass")])
    with pytest.raises(KeyError, match="nowhere"):
        v.index("space", "nowhere")
