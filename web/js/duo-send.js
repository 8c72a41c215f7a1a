// What this device sends to the friend's: each message Python says to send (duo.send) goes
// over the live channel if it is open, else waits for the next link; Send puts them all in one
// link, sent with the Web Share API where the browser has it, copied otherwise; Send again
// sends the last link once more. The link itself is written by links.js.
import { base, friend } from "./duo-dialog.js";
import { renderBar } from "./duo-bar.js";
import { duoOf, duoState, live } from "./duo-state.js";
import { firstPart, linkOf, withAddress } from "./links.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

// The message to send now goes live if the channel is open, else into the next link.
export function queue(duo) {
  const send = duo?.send;
  if (!send || send.link === duoState.queued) return;
  duoState.queued = send.link;
  if (live.send && live.send(send.text)) return;
  const part = firstPart(send.link);
  duoState.unsent.push(part);
  duoState.kinds.set(part, send.kind);
}

// The platform's share sheet, else the clipboard: whether the link went.
export async function share(url) {
  const name = duoOf() ? friend(duoOf()) : t("duo.friend");
  if (navigator.share) {
    try { await navigator.share({ url }); return true; } catch (e) {
      if (e.name === "AbortError") return false;   // the player closed the share sheet
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast(t("duo.copied", { name }), "info");
    return true;
  } catch {
    toast(t("duo.copy_failed"));
    return false;
  }
}

// Send: the messages not sent yet in one link (back in the queue if it did not go).
export async function sendUnsent() {
  if (!duoState.unsent.length) return;
  const url = linkOf(base(), duoState.unsent);
  const sent = duoState.unsent;
  duoState.unsent = [];
  duoState.lastLink = url;
  renderBar();
  if (!(await share(url))) { duoState.unsent = sent.concat(duoState.unsent); renderBar(); }
}

// Send again: the last link sent, or after a reload the last message Python sent.
export function sendAgain() {
  const duo = duoOf();
  const url = duoState.lastLink ?? (duo?.resend ? withAddress(base(), duo.resend) : null);
  if (url) share(url);
}
