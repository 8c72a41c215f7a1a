// Players' names: South/North at a shared device, You/Computer against the computer.
import { aiSeat, isAI, state } from "./state.js";
import { t } from "./words.js";

// The seat of the person at the device against the computer ("You").
const isYou = (p) => isAI() && p !== null && p !== undefined && p !== aiSeat();

export function nameOf(p) {
  if (p === null || p === undefined) return "";
  if (isAI()) return t(p === aiSeat() ? "name.computer" : "name.you");
  const chosen = state.P?.settings.names?.[p];   // names given in the new-game dialog
  if (chosen) return chosen;
  return t(p === 0 ? "name.south" : "name.north");
}

// A message about seat p: key_you when it is "You" (the verb agrees), else key with {name}.
export const aboutSeat = (key, p, params = {}) =>
  t(isYou(p) ? `${key}_you` : key, { ...params, name: nameOf(p) });
