// Games as links (web/shared.py, docs/formats.md "Game links"): "Copy link" on the end
// screen and in the replay, a link opened (index.html#game=…, embed.html?game=…) in the
// replay viewer, and "Play from here" on a shared position.
import { maybeAI } from "./ai.js";
import { call, setPayload } from "./bridge.js";
import { $ } from "./dom.js";
import { closeReplay, openReplay } from "./games.js";
import { state } from "./state.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

// The full page's address with the game in its fragment (an embed's link opens the full
// page): nothing of the game goes to a server.
export const linkUrl = (link) => new URL(`./#game=${link}`, location.href).href;

export async function copyLink(source) {
  const out = call("share_link", { source });
  if (!out.ok) { toast(out.error); return; }
  const url = linkUrl(out.link);
  try {
    await navigator.clipboard.writeText(url);
    toast(t(out.kind === "position" ? "share.copied_position" : "share.copied"), "info");
  } catch {
    // The clipboard refused (no permission, a page not served securely, a frame): the link
    // in a field, selected, for the reader to copy.
    const d = $("#dlg-share"), field = $("#share-field");
    field.value = url;
    if (!d.open) d.showModal();
    field.focus();
    field.select();
  }
}

// A link opened: a whole game's replay, or a shared position with "Play from here".
export function openGameLink(text) {
  const out = call("open_link", { text });
  if (!out.ok) { toast(out.error); return; }
  for (const d of document.querySelectorAll("dialog[open]")) d.close();
  openReplay("opened", out);
}

// The link this page was opened with: #game=… (the full page) or ?game=… (an embed).
export function openLinkedGame() {
  let text = window.stEmbed?.game;
  const m = location.hash.match(/^#game=(.*)$/s);
  if (m) {
    try { text = decodeURIComponent(m[1]); } catch { text = m[1]; }   // refused by the engine
  }
  if (text !== undefined && text !== null) openGameLink(text);
}

export function playFromHere() {
  const out = call("play_link");
  if (!out.ok) { toast(out.error); return; }
  closeReplay();
  state.sel = null;
  setPayload(out);
  maybeAI();
}
