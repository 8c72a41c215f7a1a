// Boxes that scroll their own text (the move log, a review's verdict on a phone): while the
// text runs past the box it is a tab stop, so a keyboard can scroll it too (WCAG 2.1.1, axe's
// scrollable-region-focusable); while it fits it is none. Its name is in index.html, worded
// from the catalogue like every other.
export function reachableWhileScrolling(box) {
  const update = () => {
    if (box.scrollHeight > box.clientHeight + 1) box.tabIndex = 0;
    // Still a tab stop while it has the focus, or the focus would fall to the page's body.
    else if (box.getAttribute("tabindex") === "0" && document.activeElement !== box) box.removeAttribute("tabindex");
  };
  // Its size (the window's, a drawer's, a verdict's room) or its text changed.
  new ResizeObserver(update).observe(box);
  new MutationObserver(update).observe(box, { childList: true, subtree: true, characterData: true });
  box.addEventListener("blur", update);
  update();
}
