// Players' names: South/North at a shared device, You/Computer against the computer.
import { aiSeat, isAI } from "./state.js";
import { t } from "./words.js";

// The seat of the person at the device against the computer ("You").
const isYou = (p) => isAI() && p !== null && p !== undefined && p !== aiSeat();

export function nameOf(p) {
  if (p === null || p === undefined) return "";
  if (isAI()) return t(p === aiSeat() ? "name.computer" : "name.you");
  return t(p === 0 ? "name.south" : "name.north");
}

// A message about seat p: key_you when it is "You" (the verb agrees), else key with {name}.
export const aboutSeat = (key, p, params = {}) =>
  t(isYou(p) ? `${key}_you` : key, { ...params, name: nameOf(p) });

// Log lines carry name tokens from Python: {N0} at the start of a sentence, {n0} inside
// one, {s0} possessive, {start0} the verb "start(s)". Against the computer: you/the computer.
export function localise(text) {
  return text.replace(/\{(N|n|s|start)([01])\}/g, (m, k, d) => {
    const p = Number(d);
    const me = isAI() && p !== aiSeat();
    const comp = isAI() && p === aiSeat();
    const name = me ? t("log.you") : comp ? t("log.the_computer") : t(p === 0 ? "name.south" : "name.north");
    if (k === "N") return name[0].toUpperCase() + name.slice(1);
    if (k === "n") return name;
    if (k === "s") return me ? t("log.your") : t("log.possessive", { name });
    return t(me ? "log.start_you" : "log.start");
  });
}
