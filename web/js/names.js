// Players' names: South/North at a shared device, You/Computer against the computer.
import { aiSeat, isAI, state } from "./state.js";
import { t } from "./words.js";

// The seat of the person at the device against the computer ("You").
// Against a friend's device, "You" is this device's seat.
const isYou = (p) => p !== null && p !== undefined &&
  ((isAI() && p !== aiSeat()) || (!!state.P?.duo && p === state.P.duo.seat));

export function nameOf(p) {
  if (p === null || p === undefined) return "";
  if (isAI()) return t(p === aiSeat() ? "name.computer" : "name.you");
  if (isYou(p)) return t("name.you");
  const chosen = state.P?.settings.names?.[p];   // names given in the new-game dialog
  if (chosen) return chosen;
  return t(p === 0 ? "name.south" : "name.north");
}

// The name on a claimed stone's badge (a narrow lane's room): the computer's short name where
// its language has one ("Ordi"), else the name.
export function flagOf(p) {
  return isAI() && p === aiSeat() ? t("name.computer_flag") : nameOf(p);
}

// A message about seat p: key_you when it is "You" (the verb agrees), else key with {name}.
export const aboutSeat = (key, p, params = {}) =>
  t(isYou(p) ? `${key}_you` : key, { ...params, name: nameOf(p) });
