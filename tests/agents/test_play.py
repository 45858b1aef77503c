"""coin-env play: a person plays one seat in the terminal through piped standard input (numbers, label
prefixes, undo, save, --load, q, end of input, bad lines), the other seats by bots or random players."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys

import pytest

from agents.cli import play as playmod
from agent_runs import ROOT

GANDHI = ["gandhi", "--seat", "congress", "--opponents", "arjuna", "--seed", "0"]
# A seed whose game opens with the Muslim League bot's Rally (with a Special Activity) before the person's
# first decision, which is then a 1st Eligible choice of exactly pass / operation only / operation with
# special activity (no Event offered). Found by search with the 0.2.0 generator; the tests assert it.
OPENING_SEED = "139"
GANDHI_OPENING = GANDHI[:-1] + [OPENING_SEED]
FIRST_CHOICES = ["pass", "operation only", "operation with special activity"]
PICK_ANOTHER_SEED = (f"precondition: seed {OPENING_SEED} no longer opens with the Muslim League's Rally and then "
                     f"Congress choosing among {FIRST_CHOICES}; pick another seed for OPENING_SEED")


def play(lines, *argv, cwd=ROOT):
    """``python -m agents.cli play ARGV`` with ``lines`` piped to its standard input."""
    text = "".join(f"{line}\n" for line in lines)
    return subprocess.run([sys.executable, "-m", "agents.cli", "play", *argv], input=text, cwd=cwd,
                          capture_output=True, text=True, timeout=180, env=dict(os.environ, PYTHONPATH=ROOT))


def decisions(out: str, seat: str = "congress"):
    """Every decision shown: (prompt, [choice labels])."""
    found = []
    for m in re.finditer(rf"^--- Your decision \({seat}\): (.*)\n((?:\s+\d+\. .*\n)+)", out, re.M):
        found.append((m.group(1), re.findall(r"^\s+\d+\. (.*)$", m.group(2), re.M)))
    return found


def test_a_person_plays_by_number_and_by_label_prefix():
    r = play(["3", "rall", "q"], *GANDHI_OPENING)
    assert r.returncode == 0, r.stderr
    shown = decisions(r.stdout)
    assert shown[0][1] == FIRST_CHOICES, PICK_ANOTHER_SEED
    assert re.search(r"^  Muslim League: operation with special activity", r.stdout, re.M), PICK_ANOTHER_SEED
    assert "  Congress: operation with special activity" in r.stdout      # the game log's words
    assert shown[1][0] == "Congress: choose the Operation" and "Rally" in shown[1][1]
    assert "  Congress: Rally" in r.stdout                       # "rall": a unique prefix, any case
    assert "Card: #" in r.stdout and "Next: #" in r.stdout       # the current and upcoming card
    assert "=== Gandhi (short)" in r.stdout                      # the board
    assert re.search(r"^  Muslim League: Rally", r.stdout, re.M), PICK_ANOTHER_SEED            # a bot's turn
    assert r.stdout.rstrip().endswith("Stopped.")


def test_bad_input_is_one_line_and_the_same_question_is_asked_again():
    r = play(["xyz", "99", "operation", "", "operation only", "q"], *GANDHI_OPENING)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert decisions(out)[0][1] == FIRST_CHOICES, PICK_ANOTHER_SEED
    assert len(decisions(out)) == 2                       # the bad lines redraw nothing
    answers = re.findall(r"^congress> (.*)\n(.*)$", out, re.M)
    replies = dict(answers[:4])
    assert replies["xyz"].startswith("Unknown input 'xyz'")
    assert replies["99"].startswith("No choice 99: choose 1-3")
    assert replies["operation"].startswith("Ambiguous 'operation'")
    assert "operation only" in replies["operation"] and "operation with special activity" in replies["operation"]
    assert replies[""].startswith("Type a number")
    assert "  Congress: operation only" in out           # an exact label wins over longer ones
    assert "Traceback" not in r.stderr


def test_undo_returns_to_the_previous_decision():
    r = play(["1", "done", "undo", "undo", "undo", "q"], *GANDHI)
    assert r.returncode == 0, r.stderr
    shown = decisions(r.stdout)
    # first decision, passing choice, (bots play) the next card's decision, undo -> passing choice, undo -> first
    assert shown[2] != shown[1]
    assert shown[3] == shown[1] and shown[4] == shown[0]
    assert "Nothing to undo" in r.stdout                 # the first decision of the session


def test_undo_gives_the_same_game_as_before(monkeypatch):
    import io

    import coin_env
    args = argparse.Namespace(game="gandhi", seat="congress", opponents="arjuna", scenario=None, seed=0, load=None)
    game, seat, spec, policies, start, actions = playmod.setup(args)
    out = io.StringIO()
    session = playmod.Session(game, seat, spec, policies, start, actions, inp=io.StringIO("2\nundo\nq\n"), out=out)
    before = []
    orig = session.show_decision

    def spy(labels):
        before.append((session.game.to_json(), session.game.legal_actions(), list(session.actions)))
        orig(labels)
    monkeypatch.setattr(session, "show_decision", spy)
    assert session.loop() == 0
    assert before[2] == before[0]
    assert coin_env.load_game(before[2][0]).prompt() == coin_env.load_game(before[0][0]).prompt()


def test_save_and_load_resume_the_same_decision(tmp_path):
    path = tmp_path / "game.json"
    r = play(["1", "save " + str(path), "save " + str(path), "q"], *GANDHI)
    assert r.returncode == 0, r.stderr
    assert f"Saved to {path}" in r.stdout
    assert f"{path} exists; not overwritten" in r.stdout
    saved_at = decisions(r.stdout)[-1]
    data = json.loads(path.read_text())
    assert data["format"] == "coin-env replay" and data["seat"] == "congress" and data["opponents"] == "arjuna"
    assert data["start"]["game"] == "gandhi" and len(data["actions"]) > 1
    r2 = play(["q"], "gandhi", "--load", str(path))           # seat and opponents come from the file
    assert r2.returncode == 0, r2.stderr
    assert decisions(r2.stdout)[0] == saved_at
    r3 = play(["done", "q"], "gandhi", "--load", str(path), "--seat", "congress", "--opponents", "arjuna")
    assert r3.returncode == 0 and "  Congress: done" in r3.stdout


def test_load_a_plain_save(tmp_path):
    import coin_env
    from coin_env.core.aec_env import with_non_players
    game = coin_env.make_game("gandhi", seed=3, options={"non_players": ["raj", "ml", "revs"]})
    path = tmp_path / "plain.json"
    path.write_text(game.to_json())
    r = play(["q"], "gandhi", "--load", str(path), "--seat", "congress", "--opponents", "arjuna")
    assert r.returncode == 0, r.stderr
    assert decisions(r.stdout)
    refused = play(["q"], "gandhi", "--load", str(path))
    assert refused.returncode == 2 and "plain save: give --seat and --opponents" in refused.stderr
    mismatch = play(["q"], "gandhi", "--load", str(path), "--seat", "congress", "--opponents", "random")
    assert mismatch.returncode == 2 and len(mismatch.stderr.strip().splitlines()) == 1
    assert with_non_players({}, {}) == {}


def test_quit_and_end_of_input_exit_zero():
    for lines in (["q"], ["quit"], []):
        r = play(lines, *GANDHI)
        assert r.returncode == 0, r.stderr
        assert "Traceback" not in r.stderr
    assert "End of input" in play([], *GANDHI).stdout
    helped = play(["help", "q"], *GANDHI)
    assert "undo" in helped.stdout and "save FILE" in helped.stdout


@pytest.mark.parametrize("argv,words", [
    (["gandhi", "--seat", "nobody", "--opponents", "arjuna"], ["--seat", "'nobody'", "raj, congress"]),
    (["gandhi", "--seat", "raj", "--opponents", "nobot"], ["--opponents", "unknown bot", "arjuna"]),
    (["gandhi", "--seat", "raj"], ["--opponents"]),
    (["chess", "--seat", "raj", "--opponents", "random"], ["unknown game"]),
    (["gandhi", "--seat", "raj", "--opponents", "random", "--scenario", "nope"], ["nope"]),
    (["gandhi", "--load", "/nonexistent/x.json"], ["cannot read"]),
])
def test_user_errors_are_one_line(argv, words):
    r = play([], *argv)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("coin-env play: error: "), r.stderr
    for w in words:
        assert w in lines[0]


def test_non_player_bots_play_by_their_rules_and_random_opponents_work():
    args = argparse.Namespace(game="a_distant_plain", seat="taliban", opponents="flowchart", scenario=None, seed=0,
                              load=None)
    game = playmod.setup(args)[0]
    assert sorted(game.options["non_players"]) == ["coalition", "government", "warlords"]
    args.opponents = "random"
    assert not playmod.setup(args)[0].options.get("non_players")
    r = play(["1", "1", "q"], "a_distant_plain", "--seat", "taliban", "--opponents", "flowchart", "--seed", "1")
    assert r.returncode == 0, r.stderr
    assert decisions(r.stdout, "taliban")
    r = play(["1", "q"], "gandhi", "--seat", "raj", "--opponents", "random")
    assert r.returncode == 0, r.stderr
    assert decisions(r.stdout, "raj")


def test_the_games_own_log_is_shown_when_it_has_one():
    """coin-env play keeps the game log and prints its entries since the person's last decision: what the
    person's choice did and the bots' moves, in the board game's words."""
    import io
    args = argparse.Namespace(game="gandhi", seat="congress", opponents="random", scenario=None, seed=0, load=None)
    game, seat, spec, policies, start, actions = playmod.setup(args)
    out = io.StringIO()
    session = playmod.Session(game, seat, spec, policies, start, actions, inp=io.StringIO("1\nq\n"), out=out)
    assert session.game.keeps_log
    assert session.loop() == 0
    text = out.getvalue()
    assert "  Congress: pass" in text                            # the log's entry for the person's choice
    assert "  congress: pass" not in text                        # the log tells the moves instead
    logged = [e["text"] for e in session.game.log]
    assert any(line.startswith("  ") and line.strip() in logged for line in text.splitlines())


def hidden_names(game, seat):
    """Blackmail cards facedown in another family's hand that ``seat`` has not peeked at."""
    position = game.to_position()
    peeked = set(position["peeked"].get(seat, []))
    return {card for family, hand in position["blackmail"].items() if family != seat for card in hand
            if card not in peeked}


@pytest.mark.parametrize("seed", range(8))
def test_john_company_shows_the_person_only_the_log_their_family_may_read(seed):
    """N2: play printed game.log unfiltered, so the person read which blackmail card a bot family was asked
    about and kept facedown; it shows game.log_seen_by(seat, ...) as the envs do."""
    import io
    args = argparse.Namespace(game="john_company", seat="benyon", opponents="random", scenario=None, seed=seed,
                              load=None, options=None)
    game, seat, spec, policies, start, actions = playmod.setup(args)
    out = io.StringIO()
    session = playmod.Session(game, seat, spec, policies, start, actions, seed=seed, inp=io.StringIO("q\n"),
                              out=out)
    assert session.loop() == 0
    text = out.getvalue()
    leaked = [name for name in hidden_names(session.game, seat) if name in text]
    assert not leaked, text[:3000]
    shown = [line.strip() for line in text.splitlines() if line.startswith("  ")]
    seen = session.game.log_seen_by(seat, 0)
    # When the person decides first there is nothing to show yet; else what the family may read is shown.
    assert not seen or any(e["text"] in shown for e in seen)


def test_some_john_company_openings_show_the_person_the_other_families_moves():
    """The test above is not vacuous: in several of its seeds other families move before the person."""
    import io
    shown = 0
    for seed in range(8):
        args = argparse.Namespace(game="john_company", seat="benyon", opponents="random", scenario=None, seed=seed,
                                  load=None, options=None)
        game, seat, spec, policies, start, actions = playmod.setup(args)
        session = playmod.Session(game, seat, spec, policies, start, actions, seed=seed, inp=io.StringIO("q\n"),
                                  out=io.StringIO())
        session.loop()
        shown += bool(session.game.log_seen_by(seat, 0))
    assert shown >= 3, shown


def test_play_options_start_john_company_with_another_number_of_families():
    """N13: --options JSON (as evaluate has): a solo game against the Crown, and 2 or 5 families."""
    r = play(["q"], "john_company", "--seat", "benyon", "--opponents", "random",
             "--options", '{"families": 1, "crown": true}')
    assert r.returncode == 0, r.stderr
    assert "Crown" in r.stdout
    r = play(["q"], "john_company", "--seat", "sykes", "--opponents", "random", "--options", '{"families": 5}')
    assert r.returncode == 0, r.stderr
    assert "--- Your decision (sykes)" in r.stdout


@pytest.mark.parametrize("options,words", [
    ('{"families": 7}', ["families"]),
    ("[1]", ["--options", "JSON object"]),
    ("{bad", ["--options", "JSON object"]),
])
def test_play_bad_options_are_one_line(options, words):
    r = play([], "john_company", "--seat", "benyon", "--opponents", "random", "--options", options)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("coin-env play: error: "), r.stderr
    for w in words:
        assert w in lines[0]


def test_play_a_seat_of_another_family_count_is_refused_naming_the_seats():
    r = play([], "john_company", "--seat", "sykes", "--opponents", "random", "--options", '{"families": 3}')
    assert r.returncode == 2 and "'sykes'" in r.stderr and "benyon, hastings, larkins" in r.stderr, r.stderr


def test_john_company_board_names_the_persons_own_facedown_blackmail():
    """N13: at the person's decisions the board names their own facedown blackmail cards (render for a seat)."""
    import io
    for seed in range(30):
        args = argparse.Namespace(game="john_company", seat="benyon", opponents="random", scenario=None, seed=seed,
                                  load=None, options=None)
        game, seat, spec, policies, start, actions = playmod.setup(args)
        own = game.to_position()["blackmail"].get(seat, [])
        if not own:
            continue
        out = io.StringIO()
        playmod.Session(game, seat, spec, policies, start, actions, seed=seed, inp=io.StringIO("q\n"), out=out).loop()
        assert all(card in out.getvalue() for card in own), (seed, own)
        return
    pytest.fail("no seed in 0..29 deals Benyon a blackmail card: widen the range")


# --- the day-two games: John Company's set-ups and Vijayanagara, driven through standard input ---------------

def saved_start(path) -> dict:
    """The game a saved replay starts from (a ``to_json`` text inside the replay file)."""
    start = json.load(open(path))["start"]
    return json.loads(start) if isinstance(start, str) else start


@pytest.mark.parametrize("families", [1, 2, 3, 4, 5, 6])
def test_play_john_company_with_each_number_of_families(families, tmp_path):
    import coin_env
    options = {"families": families, "crown": families == 1}       # solo: the Crown is the opponent (RB p.43)
    seats = coin_env.make_game("john_company", seed=0, options=options).factions
    save = tmp_path / "game.json"
    r = play(["1", f"save {save}", "q"], "john_company", "--seat", "benyon", "--opponents", "crown" if families < 3
             else "random", "--options", json.dumps(options), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "--- Your decision (benyon)" in r.stdout
    start = saved_start(save)
    assert start["options"]["families"] == families and start["options"]["crown"] is (families == 1)
    for seat in seats:                                              # every seat of that set-up is on the board
        assert f"  {seat.capitalize()}: £" in r.stdout, seat
    assert ("Crown: £" in r.stdout) is (families <= 2)              # 1-2 families add the Crown's seat (RB p.43-44)


def test_play_john_company_long_1710(tmp_path):
    save = tmp_path / "game.json"
    r = play(["1", f"save {save}", "q"], "john_company", "--seat", "hastings", "--opponents", "random",
             "--scenario", "Long 1710", "--options", '{"families": 3}', cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "=== John Company Long 1710, turn 1 of 8" in r.stdout        # the long game's eight turns (RB p.4)
    assert "--- Your decision (hastings)" in r.stdout
    assert saved_start(save)["options"]["families"] == 3


def test_play_vijayanagara_with_options(tmp_path):
    """Vijayanagara against its stand-in bot with the 1.5.2 transfers and a drawn Prosperity: the person is asked
    about gifts at the end of a turn (only the option offers that), and the save keeps both options."""
    save = tmp_path / "game.json"
    r = play(["1", "1", "1", f"save {save}", "q"], "vijayanagara", "--seat", "ve", "--opponents", "heuristic",
             "--options", '{"transfers": true, "prosperity": "random"}', cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "=== Vijayanagara" in r.stdout and "--- Your decision (ve)" in r.stdout
    assert re.search(r"--- Your decision \(ve\): .*give Resources or Cavalry", r.stdout)
    options = saved_start(save)["options"]
    assert options["transfers"] is True and options["prosperity"] == "random"
    assert options["data_pack"]["pack"]["name"].startswith("built-in map, Prosperity drawn")
