// What the view's `legal` list offers the seat whose hand shows, and what the selection in
// progress allows. Only ever a filter of that list: the rules stay in Python.
import { state } from "./state.js";

export function myTurn() {
  const P = state.P, v = P.view;
  return P.seat !== null && P.seat !== undefined && v.to_move === P.seat && v.legal.length > 0;
}

export const legal = () => (myTurn() ? state.P.view.legal : []);

export const playsFor = (card) => legal().filter((a) => a.kind === "play" && a.card === card);

export const needsTarget = (card) => playsFor(card).some((a) => a.target !== undefined);

// Placement stones, table cards to pick, destinations, discard, or a play with no stone.
export function selectionOptions() {
  const out = { stones: new Set(), picks: new Set(), dests: new Set(), discard: false, bare: null };
  const sel = state.sel;
  if (!sel) return out;
  const plays = playsFor(sel.card);
  if (!sel.target) {
    for (const a of plays) {
      if (a.target !== undefined) out.picks.add(`${a.stone}|${a.target}`);
      else if (a.stone !== undefined) out.stones.add(a.stone);
      else out.bare = a;   // Recruiter: no stone at all
    }
  } else {
    for (const a of plays) {
      if (a.stone !== sel.target.stone || a.target !== sel.target.card) continue;
      if (a.to === "discard") out.discard = true;
      else if (a.to !== undefined) out.dests.add(a.to);
    }
  }
  return out;
}

// A hint is only for the human seat whose hand shows and whose turn it is.
// Hints help against the computer and on a shared screen; in a game against a friend's device
// the friend could not see one used, so none is offered there (state.P.duo).
export function canHint() {
  return !!state.P && !state.P.duo && myTurn() && !state.aiBusy && !["round_over", "over"].includes(state.P.view.step);
}
