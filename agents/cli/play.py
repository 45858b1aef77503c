"""Play a game in the terminal against bots, random players or trained checkpoints.

    coin-env play gandhi --seat congress --opponents arjuna --seed 0
    coin-env play a_distant_plain --seat taliban --opponents flowchart --scenario short
    coin-env play gandhi --load mygame.json                 # resume a game saved with `save`
    coin-env play john_company --seat benyon --opponents crown --options '{"families": 1, "crown": true}'

At each of your decisions you see the board, the current and next card, the question in the rules'
words and numbered choices. Answer with a number or the start of a choice's label (case does not
matter: "op" is enough when only one choice starts with it). Commands:

    undo          back to your previous decision (the bots' moves since are taken back too)
    save FILE     save the game as a replay file: where it started and every decision since, which
                  `--load FILE` resumes and `coin-env replay FILE --html OUT.html` shows; an
                  existing file is never overwritten
    help          this text
    q, quit       stop (end of input stops too)

The other seats are played by --opponents: a bot of the game by name (its seats then play by the
non-player rules, as in the envs), "random", a trained checkpoint or a shipped agent (pretrained:GAME). A saved game remembers its seat
and opponents; --seat / --opponents given with --load must agree with them.
"""

from __future__ import annotations

import os
import random
import sys

from agents.common import check_game, check_setup, parse_options, standalone, UsageError, user_errors
from agents.cli.replay import read_replay, record
from agents.policies import check_bot
from coin_env import list_games
from coin_env.core.aec_env import resolve_opponents, with_non_players
from coin_env.core.encoding import renderer_for
from coin_env.core.registry import game_factions

COMMAND_HELP = ("Type a choice's number or the start of its label; or undo, save FILE, help, q. "
                "Bots' moves are shown as 'faction: choice > choice ...'.")
QUIT = {"q", "quit", "exit"}


def add_arguments(p) -> None:
    p.add_argument("game", help=f"the game: {', '.join(list_games())}")
    p.add_argument("--seat", help="the faction you play (e.g. congress); with --load, the saved one")
    p.add_argument("--opponents", help="who plays the other seats: a bot's name (arjuna, flowchart), random, "
                                       "or a checkpoint; with --load, the saved one")
    p.add_argument("--scenario", default=None, help="the scenario (default: the game's default)")
    p.add_argument("--seed", type=int, default=0, help="the game's seed (deck, dice) and the opponents' (default 0)")
    p.add_argument("--options", default=None, metavar="JSON",
                   help='game options as a JSON object, e.g. \'{"families": 5}\' for John Company (a saved game '
                        'keeps its own)')
    p.add_argument("--load", metavar="FILE", default=None,
                   help="resume a game saved with `save FILE` (a replay file), or a plain game.to_json() save")


# --- setting up ---------------------------------------------------------------------------------------

def opponents_for(game_name: str, seat: str, spec: str, options: dict | None = None) -> dict:
    """``{faction: policy}`` for every seat but ``seat`` of the set-up ``options`` gives (John Company's seats
    are its families), or a UsageError naming the bad spec."""
    factions = tuple(game_factions(game_name, options))
    if seat not in factions:
        raise UsageError(f"--seat: {seat!r} is not a faction of {game_name}; factions: {', '.join(factions)}")
    check_bot(spec, game_name, "--opponents")
    with user_errors("--opponents"):
        return resolve_opponents(spec, factions, seat=seat, game=game_name)


def setup(args):
    """The game, seat, opponents spec, policies, and the replay so far (start save, actions)."""
    check_game(args.game)
    user_options = parse_options(getattr(args, "options", None))
    if args.load:
        if user_options:
            raise UsageError(f"--options with --load: the saved game {args.load!r} keeps its own options")
        replay = read_replay(args.load)
        if replay["game"] != args.game:
            raise UsageError(f"--load {args.load!r} is a {replay['game']} game, not {args.game}")
        seat = args.seat or replay.get("seat")
        spec = args.opponents or replay.get("opponents")
        if not seat or not spec:
            raise UsageError(f"--load {args.load!r} is a plain save: give --seat and --opponents")
        game = replay["game_now"]
        policies = opponents_for(args.game, seat, spec, {k: v for k, v in game.options.items()
                                                         if k != "non_players"})
        want = sorted(with_non_players({}, policies).get("non_players", []))
        have = sorted(game.options.get("non_players") or [])
        if want != have:
            raise UsageError(f"--load {args.load!r}: the saved game's non-player seats are {have or 'none'}, but "
                             f"--opponents {spec} plays {want or 'none'} as non-players; give the saved opponents")
        return game, seat, spec, policies, replay["start"], list(replay["actions"])
    if not args.seat or not args.opponents:
        raise UsageError("give --seat FACTION and --opponents BOT|random|CHECKPOINT (or --load FILE)")
    check_setup(args.game, args.scenario, user_options, args.seed)      # the options, checked like evaluate's
    policies = opponents_for(args.game, args.seat, args.opponents, user_options)
    options = with_non_players(user_options, policies)
    game = check_setup(args.game, args.scenario, options, args.seed)
    return game, args.seat, args.opponents, policies, game.to_dict(), []


# --- the session ----------------------------------------------------------------------------------------

class Session:
    """A person at one seat, the other seats played by ``policies``; reads lines from ``inp``."""

    def __init__(self, game, seat: str, spec: str, policies: dict, start: dict, actions: list, seed: int = 0,
                 inp=None, out=None):
        self.game, self.seat, self.spec, self.policies = game, seat, spec, policies
        game.enable_log()                      # what each choice did, in the board game's words (game.log)
        self.start, self.actions = start, actions
        self.rng = random.Random(seed)
        told = set()
        for pol in policies.values():          # an opponent told of each new episode (as the envs do)
            if id(pol) not in told and hasattr(pol, "new_episode"):
                told.add(id(pol))
                pol.new_episode(self.rng)
        self.inp = inp or sys.stdin
        self.out = out or sys.stdout
        self.echo = not getattr(self.inp, "isatty", lambda: False)()
        self.snapshots: list[tuple] = []        # (game clone, len(actions), rng state, log length)
        self.log_seen = self._log_len()

    # -- output -------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def _log(self):
        return self.game.log if self.game.keeps_log else None

    def _log_len(self) -> int:
        return self.game.log_length()

    def show_log(self) -> None:
        """The game's own log entries since the person's last decision (when the game keeps a log), as the
        person's seat may read them (``game.log_seen_by``: John Company hides what another family was asked)."""
        g = self.game
        if not g.keeps_log:
            return
        for entry in g.log_seen_by(self.seat, self.log_seen):
            self.say(f"  {entry['text']}")
        self.log_seen = g.log_length()

    def card(self, card) -> str:
        if card is None:
            return "-"
        try:
            return f"#{card} {self.game.data.cards.title(card)}"
        except Exception:       # a game without card titles: the number alone
            return f"#{card}"

    def show_decision(self, labels: list[str]) -> None:
        g = self.game
        self.say()
        self.say(renderer_for(g)(g, seat=self.seat))
        s = g.state
        self.say(f"Card: {self.card(getattr(s, 'current', None))}   Next: {self.card(getattr(s, 'upcoming', None))}")
        self.say(f"--- Your decision ({self.seat}): {g.prompt()}")
        for i, label in enumerate(labels, 1):
            self.say(f"  {i:>3}. {label}")

    # -- moves ------------------------------------------------------------------------
    def apply(self, action: int) -> str:
        g = self.game
        label = g.action_label(action)
        g.apply(action)
        self.actions.append(int(action))
        return label

    def run_bots(self) -> None:
        """Play the other seats until the person decides or the game ends; show their moves."""
        g = self.game
        line_faction, labels = None, []
        show = self._log() is None
        while not g.is_over() and g.current_player() != self.seat:
            f = g.current_player()
            policy = self.policies[f]
            label = self.apply(policy(g, f, self.rng))
            if show:
                if f != line_faction and labels:
                    self.say(f"  {line_faction}: {' > '.join(labels)}")
                    labels = []
                line_faction = f
                labels.append(label)
        if show and labels:
            self.say(f"  {line_faction}: {' > '.join(labels)}")

    # -- undo / save ----------------------------------------------------------------------
    def snapshot(self) -> None:
        if not self.snapshots or self.snapshots[-1][1] != len(self.actions):
            self.snapshots.append((self.game.clone(), len(self.actions), self.rng.getstate(), self.log_seen))

    def undo(self) -> bool:
        if len(self.snapshots) < 2:
            self.say("Nothing to undo: this is your first decision of this session.")
            return False
        self.snapshots.pop()
        game, n, rng_state, log_seen = self.snapshots[-1]
        self.game = game.clone()
        del self.actions[n:]
        self.rng.setstate(rng_state)
        self.log_seen = log_seen
        self.say("Undone: back to your previous decision.")
        return True

    def save(self, path: str) -> None:
        if not path:
            self.say("save needs a file name: save FILE")
            return
        if os.path.exists(path):
            self.say(f"{path} exists; not overwritten: save to another name")
            return
        try:
            with open(path, "x") as f:
                f.write(record(self.start, self.actions, seat=self.seat, opponents=self.spec, now=self.game))
        except OSError as exc:
            self.say(f"cannot save to {path}: {exc.strerror or exc}")
            return
        self.say(f"Saved to {path} ({len(self.actions)} decisions): resume with --load {path}")

    # -- input ----------------------------------------------------------------------------
    def read(self, prompt: str):
        print(prompt, end="", file=self.out, flush=True)
        line = self.inp.readline()
        if not line:
            self.say()
            return None
        line = line.strip()
        if self.echo:
            self.say(line)
        return line

    def command(self, line: str) -> str | None:
        """Handle a command word; returns "quit", "undo", "handled", or None (not a command)."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word in QUIT and not rest:
            return "quit"
        if word in ("help", "?") and not rest:
            self.say(COMMAND_HELP)
            return "handled"
        if word == "undo" and not rest:
            return "undo" if self.undo() else "handled"
        if word == "save":
            self.save(rest.strip())
            return "handled"
        return None

    def choose(self, line: str, labels: list[str]):
        """The index into ``labels`` a line names, or None after saying (one line) why not."""
        if line.isdigit():
            n = int(line)
            if 1 <= n <= len(labels):
                return n - 1
            self.say(f"No choice {n}: choose 1-{len(labels)}, or type help.")
            return None
        low = line.lower()
        exact = [i for i, lab in enumerate(labels) if lab.lower() == low]
        if len(exact) == 1:
            return exact[0]
        hits = [i for i, lab in enumerate(labels) if lab.lower().startswith(low)]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            self.say(f"Unknown input {line!r}: type a number 1-{len(labels)}, the start of a choice, or help.")
        else:
            names = ", ".join(labels[i] for i in hits[:6]) + (", ..." if len(hits) > 6 else "")
            self.say(f"Ambiguous {line!r}: it starts {len(hits)} choices ({names}); type more or a number.")
        return None

    def loop(self) -> int:
        self.say(f"coin-env play: {self.game.name}, you are {self.seat}; opponents {self.spec}. Type help for commands.")
        self.run_bots()
        while True:
            g = self.game
            self.snapshot()
            self.show_log()
            if g.is_over():
                self.say()
                self.say(renderer_for(g)(g, seat=self.seat))
                r = g.state.result or {}
                self.say(f"Game over: {g.winner()} wins; ranking {r.get('ranking', [])}. "
                         f"(undo, save FILE or q)")
                line = self.read("> ")
                if line is None:
                    return 0
                what = self.command(line)
                if what == "quit":
                    return 0
                if what is None:
                    self.say("The game is over: undo, save FILE, or q.")
                continue
            legal = g.legal_actions()
            labels = [g.action_label(a) for a in legal]
            self.show_decision(labels)
            while True:
                line = self.read(f"{self.seat}> ")
                if line is None:
                    self.say("End of input: stopped.")
                    return 0
                if not line:
                    self.say(f"Type a number 1-{len(labels)}, the start of a choice, or help.")
                    continue
                what = self.command(line)
                if what == "quit":
                    self.say("Stopped.")
                    return 0
                if what == "undo":
                    break
                if what == "handled":
                    continue
                i = self.choose(line, labels)
                if i is None:
                    continue
                label = self.apply(legal[i])
                if self._log() is None:
                    self.say(f"  {self.seat}: {label}")
                self.run_bots()
                break


def run(args) -> int:
    game, seat, spec, policies, start, actions = setup(args)
    if seat not in game.factions:
        raise UsageError(f"--seat: {seat!r} is not a faction of {game.name}")
    return Session(game, seat, spec, policies, start, actions, seed=args.seed).loop()


def main(argv=None) -> None:
    standalone(__doc__, add_arguments, run, argv)


if __name__ == "__main__":
    main()
