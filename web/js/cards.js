// Cards: their names in words and their faces (clan cards: value and colour symbol; tactic
// cards: kind symbol, corner index, short name); a card on a stone as a screen reader says it.
import { esc } from "./dom.js";
import { has, t } from "./words.js";

// Tactic cards by kind (elite troops, combat modes, ruses), in the order a hand sorts them.
export const TACTIC_KIND = {
  Joker: "elite", Spy: "elite", ShieldBearer: "elite",
  BlindMansBluff: "mode", MudFight: "mode",
  Recruiter: "ruse", Strategist: "ruse", Banshee: "ruse", Traitor: "ruse",
};

export const isClan = (text) => /^[ROYGBP][1-9]$/.test(text);

// The tactic card's word of `part` (short, index, help), or its id if unknown.
export const tacticWord = (name, part) => (has(`tactic.${name}.${part}`) ? t(`tactic.${name}.${part}`) : name);

// A card's name: "Red 7", "Shield-Bearer".
export function cardTitle(text) {
  if (isClan(text)) return t("card.clan", { colour: t(`colour.${text[0]}`), value: text[1] });
  return has(`card.${text}`) ? t(`card.${text}`) : text;
}

// A complete side's formation (the view's {rank, total, cards}) in words.
export function formationText(f) {
  const rank = f.rank === "kind" && f.cards === 4 ? "kind4" : f.rank;
  return has(`formation.${rank}`) ? t(`formation.${rank}`, { total: f.total }) : rank;
}

export function cardEl(text, tag = "div") {
  const el = document.createElement(tag);
  el.className = "card";
  el.dataset.card = text;
  if (tag === "button") el.type = "button";
  if (isClan(text)) {
    const c = text[0], v = text[1];
    el.classList.add("clan", `c-${c}`);
    el.innerHTML =
      `<span class="idx" aria-hidden="true"><span class="v">${v}</span><svg class="sym"><use href="#s-${c}"/></svg></span>` +
      `<svg class="pip" aria-hidden="true"><use href="#s-${c}"/></svg>` +
      `<span class="idx idx2" aria-hidden="true"><span class="v">${v}</span><svg class="sym"><use href="#s-${c}"/></svg></span>`;
  } else {
    const known = text in TACTIC_KIND;
    const kind = known ? TACTIC_KIND[text] : "ruse";
    el.classList.add("tactic", `k-${kind}`, `t-${text}`);
    el.innerHTML =
      `<span class="idx" aria-hidden="true"><span class="v">${esc(known ? tacticWord(text, "index") : "")}</span><svg class="sym"><use href="#t-${kind}"/></svg></span>` +
      `<svg class="pip" aria-hidden="true"><use href="#t-${kind}"/></svg>` +
      `<span class="tname" aria-hidden="true">${esc(tacticWord(text, "short"))}</span>`;
  }
  // Named in words ("Red 7", "Shield-Bearer"); the face (corner values, symbols) is hidden
  // from screen readers. A card that is not a button is one picture with that name.
  if (tag !== "button") el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardTitle(text));
  el.title = cardTitle(text);
  return el;
}

// Clan cards by colour then value, tactic cards last; duplicates (two Jokers) kept.
export function sortHand(hand) {
  const order = Object.keys(TACTIC_KIND);
  const key = (c) => (isClan(c) ? "ROYGBP".indexOf(c[0]) * 10 + Number(c[1]) : 100 + order.indexOf(c));
  return [...hand].sort((a, b) => key(a) - key(b));
}

// A card on a stone in words: its name, and an elite troop's declared card once declared
// ("Joker as Red 7"; the view's `declared` list of a complete side).
export function cardSaid(text, declared) {
  const as = declared?.find((x) => x.card === text)?.as;
  return as ? t("stone.declared", { card: cardTitle(text), as: cardTitle(as) }) : cardTitle(text);
}
