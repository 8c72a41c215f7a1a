// The page side of e2e/geometry.py (read by it, run with page.evaluate).
([interactive, read]) => {
  const out = [];
  const name = (el) => {
    const id = el.id ? '#' + el.id : '';
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\s+/).join('.') : '';
    const text = (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `${el.tagName.toLowerCase()}${id}${cls}${text ? ` "${text}"` : ''}`;
  };
  const modal = [...document.querySelectorAll('dialog[open]')].filter((d) => d.matches(':modal')).pop();
  const handover = document.querySelector('#handover:not([hidden])');
  const root = modal || handover || document.body;
  const visible = (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: false })
    && !el.closest('[inert], .sr-only');
  // The part of the element's box that shows: inside the window and every clipping ancestor.
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    let box = { l: r.left, t: r.top, r: r.right, b: r.bottom };
    box = { l: Math.max(box.l, 0), t: Math.max(box.t, 0), r: Math.min(box.r, innerWidth), b: Math.min(box.b, innerHeight) };
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const ar = a.getBoundingClientRect();
      box = { l: Math.max(box.l, ar.left), t: Math.max(box.t, ar.top), r: Math.min(box.r, ar.right), b: Math.min(box.b, ar.bottom) };
    }
    return box;
  };
  // Sticky footers over a scrolled body are meant to cover what scrolls under them.
  const sticky = (el) => { for (let a = el; a; a = a.parentElement) if (getComputedStyle(a).position === 'sticky') return true; return false; };
  const coveredAt = (el, x, y) => {
    const hit = document.elementFromPoint(x, y);
    if (!hit || hit === el || el.contains(hit)) return null;
    const label = el.closest('label');
    if (label && (hit === label || label.contains(hit))) return null;
    if (hit.contains(el) && getComputedStyle(el).pointerEvents === 'none') return null;
    if (sticky(hit) && !sticky(el)) return null;
    return hit;
  };
  const check = (el, why) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return;
    const s = shown(el);
    if (s.r - s.l < r.width * 0.9 || s.b - s.t < r.height * 0.9) return;   // scrolled or cut away
    // Cards cascade on the board: the corner that shows is what a player taps.
    const pts = el.matches('#board .card') ? [[r.left + 7, r.top + 7]]
      : [[(r.left + r.right) / 2, (r.top + r.bottom) / 2]];
    for (const [x, y] of pts) {
      const hit = coveredAt(el, x, y);
      if (hit) { out.push(`${why}: ${name(el)} is under ${name(hit)}`); return; }
    }
  };
  for (const el of root.querySelectorAll(interactive)) {
    if (!visible(el) || el.disabled && el.matches('input')) continue;
    if (el.matches('input[type=file]')) continue;   // a 1 px input inside its label
    check(el, 'covered');
  }
  for (const el of root.querySelectorAll(read.join(','))) {
    if (visible(el) && el.textContent.trim()) check(el, 'text covered');
  }
  // The board: a stone's badge (its owner, a combat mode) over a card or another stone, and
  // a stone with its owner's ring touching the next stone's (1 px of air between) (the cards cascade on purpose;
  // these do not).
  const rect = (el, grow = 0) => { const r = el.getBoundingClientRect(); return { l: r.left - grow, t: r.top - grow, r: r.right + grow, b: r.bottom + grow }; };
  const meet = (a, b) => Math.min(a.r, b.r) - Math.max(a.l, b.l) > 0.5 && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 0.5;
  const ring = (el) => (el.dataset.owner ? 3 : 0);   // the owner's ring: a 3 px box-shadow (style.css)
  const stones = [...root.querySelectorAll('#board .stone')].filter(visible);
  const boardCards = [...root.querySelectorAll('#board .card')].filter(visible);
  for (const badge of root.querySelectorAll('#board .stone-sub')) {
    if (!visible(badge)) continue;
    const own = badge.closest('.stone'), b = rect(badge);
    const hit = [...boardCards, ...stones.filter((s) => s !== own)].find((o) => meet(b, rect(o, o.matches('.stone') ? ring(o) : 0)));
    if (hit) out.push(`badge overlaps: ${name(badge)} on ${name(own)} over ${name(hit)}`);
  }
  stones.forEach((s, i) => {
    const next = stones[i + 1];
    if (next && meet(rect(s, ring(s) + 0.5), rect(next, ring(next) + 0.5))) out.push(`stones touch: ${name(s)} and ${name(next)}`);
  });
  // A select's chosen text cut by its own box (the browser draws it, past the DOM's reach):
  // measured in the select's font, with 20 px for the arrow.
  const ctx = document.createElement('canvas').getContext('2d');
  for (const sel of root.querySelectorAll('select')) {
    if (!visible(sel) || !sel.selectedOptions.length) continue;
    const cs = getComputedStyle(sel);
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const need = ctx.measureText(sel.selectedOptions[0].text).width;
    const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    if (need > room + 0.5) out.push(`text cut: ${name(sel)} "${sel.selectedOptions[0].text}" ${Math.round(need)} px wide in ${Math.round(room)}`);
  }
  // Text out of its box.
  for (const el of root.querySelectorAll('*')) {
    if (el.closest('svg, script, style, template, #board .card, .pile-face')) continue;
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
    if (!text || !visible(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 && r.height <= 1) continue;
    const range = document.createRange();
    for (const n of el.childNodes) {
      if (n.nodeType !== 3 || !n.textContent.trim()) continue;
      range.selectNodeContents(n);
      const t = range.getBoundingClientRect();
      // A glyph's line box may reach past a tight box (line-height 1): vertically, only
      // more than a fifth of the font size counts.
      // A box that scrolls keeps its text: what does not show is a scroll away.
      const ecs = getComputedStyle(el), scrolls = (o) => ['auto', 'scroll'].includes(o);
      const dy = scrolls(ecs.overflowY) ? Infinity : Math.max(3, parseFloat(ecs.fontSize) * 0.2);
      const dx = scrolls(ecs.overflowX) ? Infinity : 1;
      if (t.left < r.left - dx || t.right > r.right + dx || t.top < r.top - dy || t.bottom > r.bottom + dy) {
        out.push(`text out of its box: ${name(el)} text ${Math.round(t.left)}..${Math.round(t.right)}x${Math.round(t.top)}..${Math.round(t.bottom)} in ${Math.round(r.left)}..${Math.round(r.right)}x${Math.round(r.top)}..${Math.round(r.bottom)}`);
        break;
      }
    }
    const cs = getComputedStyle(el);
    const clips = ['hidden', 'clip'].includes(cs.overflowX) || cs.textOverflow === 'ellipsis';
    if (clips && el.scrollWidth > el.clientWidth + 1) out.push(`text cut: ${name(el)} ${el.scrollWidth} px wide in ${el.clientWidth}`);
    const clamp = cs.webkitLineClamp && cs.webkitLineClamp !== 'none';
    if ((clamp || ['hidden', 'clip'].includes(cs.overflowY)) && el.scrollHeight > el.clientHeight + 1)
      out.push(`text cut: ${name(el)} ${el.scrollHeight} px tall in ${el.clientHeight}`);
  }
  return out;
}
