// One action from the page: Python checks and applies it, the table is redrawn, and the
// computer moves if it is its turn. The seat guards against a stale click.
import { maybeAI } from "./ai.js";
import { call, setPayload } from "./bridge.js";
import { state } from "./state.js";
import { toast } from "./toast.js";

export function doAct(action) {
  const seat = state.P.seat ?? state.P.view.to_move;
  const out = call("act", { action, seat });
  if (!out.ok) { toast(out.error); return false; }
  state.sel = null;
  setPayload(out);
  maybeAI();
  return true;
}
