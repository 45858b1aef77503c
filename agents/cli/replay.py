"""Write a saved game as one self-contained HTML page to step through, decision by decision.

    coin-env replay mygame.json --html mygame.html

The input is a *replay file* -- what ``save FILE`` in ``coin-env play`` writes, or :func:`record` --
``{"format": "coin-env replay", "start": <a save>, "actions": [...], ...}``: the game as it started
(``game.to_json()``) and every decision since, bots' included. Replaying the actions from the start
rebuilds every position. A plain save (``game.to_json()``, the current position only, no history) is
accepted too: the page then shows that one position and says so.

The page needs no network and no files beside it (inline CSS and JavaScript; the board is drawn as
inline SVG from the positions written into the page): open it in any browser, offline. It shows, for
each decision, the board picture (the same schematic map as ``render_mode="rgb_array"``), the question
asked and the choice made, and the decisions so far (or the game's own log, when it keeps one), with
Prev / Next buttons, a slider and the arrow keys (Home / End for the first and last position).
"""

from __future__ import annotations

import html
import json
import os

from agents.common import output_file, released_if_stopped, standalone, UsageError
from coin_env.core import pictures as P
from coin_env.core.pictures import describe
from coin_env.core.policy_specs import resolve_policy
from coin_env.core.registry import game_bots
import coin_env

REPLAY_FORMAT = "coin-env replay"


# --- replay files -----------------------------------------------------------------------------------------

def _save_dict(start) -> dict:
    if hasattr(start, "to_dict"):
        return start.to_dict()
    if isinstance(start, (str, bytes, bytearray)):
        return json.loads(start)
    if isinstance(start, dict):
        return start
    raise ValueError(f"a replay starts from a save (game.to_json() text, its dict or a game), not {type(start).__name__}")


def record(start, actions, path: str | None = None, *, seat=None, opponents=None, now=None) -> str:
    """A replay file's JSON text: ``{"format", "game", "start": <save>, "actions": [...]}`` from the game as
    it started (``game.to_json()`` text, its dict, or the game) and the actions applied since. ``seat`` and
    ``opponents`` (what ``coin-env play`` resumes with) and ``now`` (the current game: its save is kept as
    ``"save"``, checked when the file is read) are optional. With ``path``, also written there (never over
    an existing file: FileExistsError)."""
    start = _save_dict(start)
    out = {"format": REPLAY_FORMAT, "version": 1, "game": start.get("game"), "start": start,
           "actions": [int(a) for a in actions]}
    if seat is not None:
        out["seat"] = seat
    if opponents is not None:
        out["opponents"] = opponents if isinstance(opponents, str) else str(opponents)
    if now is not None:
        out["save"] = _save_dict(now)
    text = json.dumps(out, separators=(",", ":"))
    if path is not None:
        with open(path, "x") as f:
            f.write(text)
    return text


def _bot_for(game, opponents=None):
    """The policy that re-decides the non-player seats of ``game`` during a replay: the replay's opponents
    when they name a bot of the game, else the game's bot when it has exactly one; None without non-players."""
    if not (game.options.get("non_players") or ()):
        return None
    bots = game_bots(game.name)
    if isinstance(opponents, str) and opponents in bots:
        return resolve_policy(opponents, game.name)
    if len(bots) == 1:
        return resolve_policy(next(iter(bots)), game.name)
    raise ValueError(f"the game has non-player seats but the replay names none of its bots {sorted(bots)}")


def replay_game(start, actions, opponents=None, each=None, log: bool = False):
    """The game after ``actions`` from the save ``start`` (keeping the game log with ``log=True``);
    ``each(k, game)`` is called before decision k and once more at the end (k = len(actions)).

    A non-player bot keeps its working memory and dice in the game state and updates them while it
    decides, so the actions alone do not rebuild its seats' decisions: at each decision of a non-player
    seat (option ``non_players``) the bot is asked again (the replay's ``opponents`` when they name one,
    else the game's bot), and its answer must be the recorded action. A ValueError names a decision that
    does not replay."""
    import random
    game = coin_env.load_game(json.dumps(_save_dict(start)))
    if log:
        game.enable_log()               # what happened, in the board game's words (the HTML page shows it)
    bot = _bot_for(game, opponents)
    non_players = set(game.options.get("non_players") or ())
    rng = random.Random(0)          # the bots roll the game's dice; this generator is never read by them
    for k, a in enumerate(actions):
        if each is not None:
            each(k, game)
        actor = game.current_player()
        if actor in non_players:
            asked = bot(game, actor, rng)
            if int(asked) != a:
                raise ValueError(f"decision {k + 1}: the non-player {actor} now answers "
                                 f"{game.action_label(asked)!r}, not the recorded {game.action_label(a)!r}")
        game.apply(a)
    if each is not None:
        each(len(actions), game)
    return game


def _position_of(save: dict) -> str:
    """A save without its game log (a replayed game keeps a log whether or not the recorded one did)."""
    return json.dumps({k: v for k, v in save.items() if k != "log"}, sort_keys=True, separators=(",", ":"))


def read_replay(path: str) -> dict:
    """Read a replay file or a plain save: ``{"game", "start" (save dict), "actions", "seat", "opponents",
    "plain" (a plain save), "game_now" (the game after the actions)}``; a UsageError names what is wrong."""
    try:
        with open(path, "rb") as f:
            text = f.read()
    except OSError as exc:
        raise UsageError(f"{path!r}: cannot read: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise UsageError(f"{path!r} is not JSON: neither a replay file nor a save") from None
    if isinstance(data, dict) and data.get("format") == REPLAY_FORMAT:
        start, actions = data.get("start"), data.get("actions")
        if not isinstance(start, dict) or not isinstance(actions, list) \
                or not all(type(a) is int for a in actions):
            raise UsageError(f"{path!r}: a replay file needs 'start' (a save) and 'actions' (a list of integers)")
        try:
            coin_env.load_game(json.dumps(start))
        except ValueError as exc:
            raise UsageError(f"{path!r}: its start is not a valid save: {' '.join(str(exc).split())}") from None
        try:
            game = replay_game(start, actions, data.get("opponents"))
        except ValueError as exc:
            raise UsageError(f"{path!r}: does not replay: {' '.join(str(exc).split())[:200]}") from None
        saved = data.get("save")
        if saved is not None and not isinstance(saved, dict):
            raise UsageError(f"{path!r}: a replay file's 'save' must be a save (a JSON object), not "
                             f"{type(saved).__name__}")
        if saved is not None and _position_of(saved) != _position_of(game.to_dict()):
            raise UsageError(f"{path!r}: its actions do not lead to its saved position (edited file?)")
        return {"game": game.name, "start": start, "actions": actions, "seat": data.get("seat"),
                "opponents": data.get("opponents"), "plain": False, "game_now": game}
    try:
        game = coin_env.load_game(text)
    except ValueError as exc:
        raise UsageError(f"{path!r} is neither a replay file nor a valid save: {' '.join(str(exc).split())[:200]}") \
            from None
    return {"game": game.name, "start": game.to_dict(), "actions": [], "seat": None, "opponents": None,
            "plain": True, "game_now": game}


# --- the page -------------------------------------------------------------------------------------------

def _hex(rgb) -> str:
    return "#%02x%02x%02x" % tuple(rgb)


def _static(board) -> dict:
    return {"w": P.WIDTH, "h": P.HEIGHT, "mapw": P.MAP_W, "maph": P.MAP_H,
            "spaces": [[sp.label, round(sp.x, 4), round(sp.y, 4), sp.shape] for sp in board.spaces],
            "edges": board.edges, "legend": [[_hex(c), t] for c, t in board.legend]}


def _frame(board) -> dict:
    return {"title": board.title,
            "s": [[_hex(sp.fill), _hex(sp.outline), sp.outline_width, sp.marks,
                   [[_hex(c), n, t] for c, n, t in sp.pieces if n]] for sp in board.spaces],
            "lines": board.lines,
            "tracks": [[label, value, maximum, _hex(rgb), thr] for label, value, maximum, rgb, thr in board.tracks],
            "footer": board.footer}


def frames(start, actions, opponents=None) -> tuple[dict, list[dict], list[str]]:
    """The page's data: the static map, one frame per decision (the position, the question, who decides and
    the choice made) plus the final position, and the decisions as "faction: label" lines."""
    static, out, done = {}, [], []

    def each(k, game):
        board = describe(game)
        if not static:
            static.update(_static(board))
        fr = _frame(board)
        fr["n"] = k
        fr["actor"] = game.current_player()
        fr["prompt"] = game.prompt()
        if game.keeps_log:
            fr["log"] = game.log_length()
        if k < len(actions):
            label = game.action_label(actions[k])
            fr["choice"] = label
            done.append(f"{game.current_player()}: {label}")
        out.append(fr)

    game = replay_game(start, actions, opponents, each, log=True)
    if game.keeps_log:
        static["log"] = [e["text"] for e in game.log]
    return static, out, done


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>__TITLE__</title>
<style>
body{font-family:sans-serif;margin:0;background:#f4f2ec;color:#222}
header{padding:8px 14px;background:#283040;color:#fff}
header h1{font-size:18px;margin:0}
#bar{display:flex;gap:8px;align-items:center;padding:8px 14px;background:#e4e0d6}
#bar button{font-size:15px;padding:3px 12px}
#slider{flex:1}
main{display:flex;gap:12px;padding:10px 14px}
#board{flex:0 0 auto;width:1000px;max-width:70vw}
#board svg{width:100%;height:auto;background:#faf8f0;border:1px solid #bbb}
aside{flex:1;min-width:260px}
#ask{background:#fff;border:1px solid #ccc;padding:8px;margin-bottom:8px}
#ask .choice{font-weight:bold;color:#a02020}
#history{background:#fff;border:1px solid #ccc;height:560px;overflow:auto;font-size:13px;padding:4px 8px}
#history div.now{background:#ffe9a8}
.note{background:#fff6d8;border:1px solid #d8c070;padding:6px 14px;margin:8px 14px}
</style></head><body>
<header><h1>__TITLE__</h1></header>
__NOTE__
<div id="bar"><button id="first" title="Home">|&lt;</button><button id="prev" title="Left arrow">&lt; Prev</button>
<input id="slider" type="range" min="0" max="0" value="0"><button id="next" title="Right arrow">Next &gt;</button>
<button id="last" title="End">&gt;|</button><span id="pos"></span></div>
<main><div id="board"></div><aside><div id="ask"></div><div id="history"></div></aside></main>
<script>
const S = __STATIC__;
const F = __FRAMES__;
const D = __DONE__;
let cur = 0;
function esc(t){return String(t).replace(/&/g,"&amp;").replace(/</g,"&lt;").replace(/>/g,"&gt;").replace(/"/g,"&quot;");}
function dark(hex){const v=parseInt(hex.slice(1),16);return ((v>>16)&255)+((v>>8)&255)+(v&255)<=380;}
function at(sp){const m=60;return [m+sp[1]*(S.mapw-2*m), 66+sp[2]*(S.maph-200)];}
function svg(fr){
  const o=[`<svg viewBox="0 0 ${S.w} ${S.h}" font-family="sans-serif">`];
  o.push(`<rect x="0" y="0" width="${S.mapw}" height="${S.h}" fill="#dee8f0"/>`);
  o.push(`<text x="10" y="24" font-size="18">${esc(fr.title)}</text>`);
  for(const [i,j] of S.edges){const a=at(S.spaces[i]),b=at(S.spaces[j]);
    o.push(`<line x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}" stroke="#96a0aa" stroke-width="2"/>`);}
  S.spaces.forEach((sp,k)=>{const [x,y]=at(sp);const st=fr.s[k];const fill=st[0],line=st[1],w=st[2];
    let r=sp[3]==="circle"?17:15;
    if(sp[3]==="circle") o.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="${line}" stroke-width="${w}"/>`);
    else if(sp[3]==="diamond"){r=10;o.push(`<polygon points="${x},${y-r} ${x+r},${y} ${x},${y+r} ${x-r},${y}" fill="${fill}" stroke="${line}" stroke-width="${w}"/>`);}
    else o.push(`<rect x="${x-22}" y="${y-r}" width="44" height="${2*r}" rx="5" fill="${fill}" stroke="${line}" stroke-width="${w}"/>`);
    o.push(`<text x="${x}" y="${y-r-3}" font-size="11" text-anchor="middle">${esc(sp[0])}</text>`);
    if(st[3]) o.push(`<text x="${x}" y="${y+4}" font-size="10" text-anchor="middle" fill="${dark(fill)?"#fff":"#000"}">${esc(st[3])}</text>`);
    const chips=st[4];const cw=17;let left=x-chips.length*cw/2;const top=y+r+2;
    chips.forEach((c,n)=>{const cx=left+n*cw;
      o.push(`<rect x="${cx}" y="${top}" width="${cw-2}" height="13" fill="${c[0]}" stroke="#282828"/>`);
      o.push(`<text x="${cx+(cw-2)/2}" y="${top+10}" font-size="10" text-anchor="middle" fill="${dark(c[0])?"#fff":"#000"}">${c[1]}${esc(c[2])}</text>`);});
  });
  let lx=10,ly=S.maph-82;
  for(const [c,t] of S.legend){const w=t.length*6.2;if(lx+16+w>S.mapw-10){lx=10;ly+=18;}
    o.push(`<rect x="${lx}" y="${ly}" width="12" height="12" fill="${c}" stroke="#282828"/><text x="${lx+16}" y="${ly+11}" font-size="11">${esc(t)}</text>`);lx+=16+w+14;}
  const px=S.mapw+14,pw=S.w-px-12;let py=12;
  for(const line of fr.lines){const big=line.startsWith("#");const size=big?15:13;
    o.push(`<text x="${px}" y="${py+size}" font-size="${size}">${esc(line.replace(/^#\\s*/,""))}</text>`);py+=size+6;}
  py+=6;
  for(const [label,value,max,c,thr] of fr.tracks){
    o.push(`<text x="${px}" y="${py+11}" font-size="11">${esc(label)}: ${value}${thr===null?"":" / "+thr}</text>`);py+=15;
    o.push(`<rect x="${px}" y="${py}" width="${pw}" height="10" fill="#fff" stroke="#787878"/>`);
    const f=max?Math.max(0,Math.min(1,value/max)):0;if(f>0)o.push(`<rect x="${px}" y="${py}" width="${pw*f}" height="10" fill="${c}"/>`);
    if(thr!==null&&max){const tx=px+pw*Math.max(0,Math.min(1,thr/max));o.push(`<line x1="${tx}" y1="${py-3}" x2="${tx}" y2="${py+13}" stroke="#000" stroke-width="2"/>`);}
    py+=18;}
  o.push(`<rect x="0" y="${S.h-30}" width="${S.w}" height="30" fill="#282c34"/><text x="10" y="${S.h-10}" font-size="13" fill="#fff">${esc(fr.footer)}</text>`);
  o.push("</svg>");return o.join("");
}
function show(k){
  cur=Math.max(0,Math.min(F.length-1,k));const fr=F[cur];
  document.getElementById("board").innerHTML=svg(fr);
  document.getElementById("slider").value=cur;
  document.getElementById("pos").textContent=(F.length>1?`decision ${cur+1} of ${F.length-1}`:"one position")+(cur===F.length-1&&F.length>1?" (final position)":"");
  let ask=fr.actor?`<div><b>${esc(fr.actor)}</b>: ${esc(fr.prompt)}</div>`:`<div>${esc(fr.prompt)}</div>`;
  if(fr.choice!==undefined) ask+=`<div>chose: <span class="choice">${esc(fr.choice)}</span></div>`;
  document.getElementById("ask").innerHTML=ask;
  const h=document.getElementById("history");let rows=[];
  if(S.log){const n=fr.log||0;for(let i=0;i<n;i++)rows.push(`<div>${esc(S.log[i])}</div>`);}
  else{for(let i=0;i<=cur&&i<D.length;i++)rows.push(`<div${i===cur?' class="now"':""}>${i+1}. ${esc(D[i])}</div>`);}
  h.innerHTML=rows.join("")||"<div>(no decisions yet)</div>";h.scrollTop=h.scrollHeight;
}
document.getElementById("slider").max=F.length-1;
document.getElementById("slider").addEventListener("input",e=>show(+e.target.value));
document.getElementById("prev").onclick=()=>show(cur-1);
document.getElementById("next").onclick=()=>show(cur+1);
document.getElementById("first").onclick=()=>show(0);
document.getElementById("last").onclick=()=>show(F.length-1);
document.addEventListener("keydown",e=>{if(e.key==="ArrowRight")show(cur+1);else if(e.key==="ArrowLeft")show(cur-1);
  else if(e.key==="Home")show(0);else if(e.key==="End")show(F.length-1);});
show(0);
</script></body></html>
"""


def _js(value) -> str:
    """JSON safe inside a <script> element."""
    return json.dumps(value, separators=(",", ":")).replace("</", "<\\/").replace("<!--", "<\\!--")


def page(start, actions, plain: bool = False, title: str | None = None, opponents=None) -> str:
    """The self-contained HTML page of a replay (``start``: a save; ``actions``: the decisions since;
    ``opponents``: the bot that played the non-player seats, see :func:`replay_game`)."""
    static, fr, done = frames(start, actions, opponents)
    name = _save_dict(start).get("game", "")
    title = title or f"coin-env replay: {name}, {len(actions)} decisions"
    note = ""
    if plain:
        note = ('<div class="note">This file is a plain save: it holds one position and no history, so this '
                'page shows just that position. Save with <code>save FILE</code> in <code>coin-env play</code> '
                '(a replay file) to step through every decision.</div>')
    return (PAGE.replace("__TITLE__", html.escape(title)).replace("__NOTE__", note)
            .replace("__STATIC__", _js(static)).replace("__FRAMES__", _js(fr)).replace("__DONE__", _js(done)))


def write_html(source: str, out: str, replay: dict | None = None) -> str:
    """Write the page of the replay file or plain save ``source`` (``replay``: it already read with
    :func:`read_replay`) to ``out``; returns the path written."""
    replay = replay or read_replay(source)
    text = page(replay["start"], replay["actions"], plain=replay["plain"], opponents=replay["opponents"],
                title=f"coin-env replay: {os.path.basename(source)} ({replay['game']}, "
                      f"{len(replay['actions'])} decisions)")
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    return out


# --- the command ----------------------------------------------------------------------------------------

def add_arguments(p) -> None:
    p.add_argument("file", help="a replay file (coin-env play's `save FILE`, agents.cli.replay.record) or a plain save")
    p.add_argument("--html", required=True, metavar="OUT.html", help="the page to write (an existing file is "
                                                                      "kept: the first free OUT-2.html... is used)")


def run(args) -> int:
    if not os.path.isfile(args.file):
        raise UsageError(f"{args.file!r}: no such file")
    replay = read_replay(args.file)            # refuse a bad file before claiming the output
    out = output_file(args.html, "--html")
    with released_if_stopped(out):
        write_html(args.file, out, replay)
    print(f"wrote {out}: open it in any browser (it works offline)")
    return 0


def main(argv=None) -> None:
    standalone(__doc__, add_arguments, run, argv)


if __name__ == "__main__":
    main()
