// One action from the page: Python checks and applies it, the table is redrawn, and the
// computer moves if it is its turn. The seat guards against a stale click. Before Python is
// ready (a returning visit's early table, quick.js) the action waits for it instead.
import { maybeAI, thinkAhead } from "./ai.js";
import { call, setPayload } from "./bridge.js";
import { wait } from "./quick.js";
import { render } from "./render.js";
import { state } from "./state.js";
import { toast } from "./toast.js";

export function doAct(action) {
  // The table before Python (quick.js): the action waits for the engine, one at most.
  if (state.waiting) {
    if (state.pending) return false;
    wait(action);
    render();
    return true;
  }
  const seat = state.P.seat ?? state.P.view.to_move;
  const out = call("act", { action, seat });
  if (!out.ok) { toast(out.error); return false; }
  state.sel = null;
  thinkAhead(out);   // the computer's answer asked before the move is drawn
  setPayload(out);
  maybeAI();
  return true;
}
